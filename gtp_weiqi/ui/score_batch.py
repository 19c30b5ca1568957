"""`gtp-weiqi score PATH ...` over many games: files, directories (every *.sgf below them),
globs and `-` (an SGF on stdin), counted in worker processes or on a Dask cluster, one row
per game to JSON lines and / or CSV, then a summary.

The rows come back in any order and are written in the order of the inputs, by this
process alone, each output file replaced atomically (every two seconds or more, and at the
end), so an interrupted run leaves a whole file that `--resume` continues.  A row is turned
into its line once; as a file grows, its snapshots come less often, so that writing it stays
a small share of the run however large the collection.
"""

from __future__ import annotations

import csv
import glob
import io
import json
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ..core.files import atomic_write
from ..core.lang import ZH, lines, sentence, word
from ..core.sgf import SgfError, read_sgf_file
from ..scoring.batch import (
    FIELDS,
    OLDER_FIELDS,
    BatchOptions,
    csv_cells,
    csv_header,
    error_row,
    row_from_csv,
    score_game,
    score_row,
    summarise,
)
from ..scoring.pool import WorkerDied, in_workers, runs_here
from ..scoring.record import MAX_SGF_BYTES
from ..scoring.result import FirstMoveString

if TYPE_CHECKING:
    from ..judgement.second_opinion import OpinionJudge
    from ..scoring import Record, ScoreResult

SNAPSHOT_SECONDS = 2.0  # the shortest time between two snapshots of the output files
SNAPSHOT_SHARE = 0.05  # at most this share of the run's time goes into writing snapshots
STDIN = "-"


@dataclass(frozen=True)
class Source:
    """One game to count: its name in the rows, and its path or its data (stdin, or data
    read by the client to send to a cluster)."""

    name: str
    path: str | None = None
    data: bytes | None = None
    problem: str | None = None  # why there is nothing to read (no such file, no match)


def gather(paths: list[str], stdin: io.BufferedIOBase | None = None) -> list[Source]:
    """The games named by files, directories (*.sgf below, sorted), globs and `-`, each
    once, in the order given."""
    out: list[Source] = []
    seen: set[str] = set()

    def add(source: Source) -> None:
        if source.name not in seen:
            seen.add(source.name)
            out.append(source)

    for text in paths:
        if text == STDIN:
            reader = stdin if stdin is not None else sys.stdin.buffer
            add(Source("<stdin>", data=reader.read(MAX_SGF_BYTES + 1)))
        elif os.path.isdir(text):
            # every .sgf entry that is not a folder: a pipe, a device, a dangling link or a
            # loop of links is read by read_data, which refuses it with the reason (never
            # blocking on a pipe), so that the batch says what it left out
            entries = [found for found in sorted(Path(text).rglob("*"),
                                                 key=lambda p: p.as_posix())
                       if found.suffix.lower() == ".sgf" and not found.is_dir()]
            for found in entries:
                add(Source(str(found), path=str(found)))
            if not entries:
                add(Source(text, problem="no .sgf file in this folder"))
        elif os.path.exists(text):
            add(Source(text, path=text))
        elif glob.has_magic(text):
            matches = sorted(glob.glob(text, recursive=True))
            if not matches:
                add(Source(text, problem="no file matches this pattern"))
            for match in matches:
                if not os.path.isdir(match):
                    add(Source(match, path=match))
        else:
            add(Source(text, problem="no such file or directory"))
    return out


def read_data(source: Source) -> tuple[bytes | None, str | None]:
    """The source's bytes, or why they cannot be read."""
    if source.problem is not None:
        return None, source.problem
    if source.data is not None:
        return source.data, None
    assert source.path is not None
    try:
        return read_sgf_file(source.path, MAX_SGF_BYTES), None
    except SgfError as exc:
        return None, str(exc)


@dataclass(frozen=True)
class GameFiles:
    """What a batch writes for each game besides its row (--svg / --png / --json DIR):
    DIR/<name>-<slug>.svg / .png per method, DIR/<name>.json (the count), <name> made of
    the game's path."""

    svg: str | None = None
    png: str | None = None
    json: str | None = None
    scale: float = 2.0
    lang: str = "en"

    def __bool__(self) -> bool:
        return bool(self.svg or self.png or self.json)


def file_stem(name: str) -> str:
    """A file name for the game `name` (its path): 'games/kgs/a.sgf' -> 'games_kgs_a'."""
    base = name[:-4] if name.lower().endswith(".sgf") else name
    return re.sub(r"[^\w.-]+", "_", base).strip("._") or "game"


@dataclass(frozen=True)
class JudgeEngine:
    """A batch's `--judge-engine CMD` and `--judge-visits N`: each process that counts
    starts the engine once, for all its games (`judge_in_process`)."""

    command: str
    visits: int = 0


# This process's judge engines, started for the first game that needs one: the judge
# that asks it, or why it could not start (then the games are counted without it).
_judges: dict[tuple[JudgeEngine, int], tuple[OpinionJudge | None, str | None]] = {}


def judge_in_process(engine: JudgeEngine, seed: int) -> tuple[OpinionJudge | None, str | None]:
    """This process's OpinionJudge for `engine` (None and why, when it cannot start),
    started once; stopped when the process ends (`close_judges`).  A worker process says
    nothing itself: what goes wrong is in its rows."""
    key = (engine, seed)
    if key not in _judges:
        from ..scoring import ScoringError
        from .gtp.judge_engine import counting_judge

        try:
            judge, source = counting_judge(engine.command, engine.visits, seed,
                                           report=lambda message: None)
        except ScoringError as exc:
            _judges[key] = (None, str(exc))
        else:
            _judges[key] = (judge, None)
            import multiprocessing.util

            # a worker's last act: quit the engine (killed with the worker, if stopped)
            multiprocessing.util.Finalize(None, source.close, exitpriority=10)
    return _judges[key]


def close_judges() -> None:
    """Stop this process's judge engines (the batch's own, when it counted in-process)."""
    for judge, _failure in _judges.values():
        if judge is not None:
            judge.source.close()  # type: ignore[attr-defined]  # an EngineOwnership
    _judges.clear()


def count_source(source: Source, options: BatchOptions, files: GameFiles | None = None,
                 engine: JudgeEngine | None = None) -> dict[str, Any]:
    """The row of one source (run in a worker process or on a cluster worker); with
    `files`, its pictures and JSON written too (a file that cannot be written makes the
    row an error with the reason); with `engine`, counted with its second opinion, which
    the row's `second_opinion` says."""
    data, problem = read_data(source)
    if data is None:
        return error_row(source.name, None, problem or "nothing to read")
    if not files and engine is None:
        return score_row(source.name, data, options)
    if engine is None:
        row, record, result = score_game(source.name, data, options)
    else:
        row, record, result = _score_with_opinion(source.name, data, options, engine)
    if record is None or result is None or not files:
        return row
    from .score_cli import ScoreError, write_game_files

    try:
        write_game_files(files, file_stem(source.name), record, result)
    except ScoreError as exc:
        return error_row(source.name, len(data), str(exc))
    return row


def _score_with_opinion(name: str, data: bytes, options: BatchOptions, engine: JudgeEngine
                        ) -> tuple[dict[str, Any], Record | None, ScoreResult | None]:
    """`score_game` with the judge engine's second opinion, and the row's `second_opinion`:
    what the engine said, or why it said nothing."""
    from ..scoring import Scorer
    from .gtp.judge_engine import opinion_fields

    judge, failure = judge_in_process(engine, options.seed)
    if judge is not None:
        judge.last = None  # what it says of this game only
    row, record, result = score_game(name, data, options,
                                     Scorer(judge=judge) if judge is not None else None)
    if record is not None:
        row["second_opinion"] = (
            opinion_fields(judge.last, judge.source.name, record.game) if judge is not None
            else {"engine": engine.command, "failure": failure, "strings": []})
    return row, record, result


def _count_task(task: tuple[Source, BatchOptions]) -> dict[str, Any]:
    return count_source(*task)


def _count_indexed(task: tuple[int, Source, BatchOptions, GameFiles | None,
                               JudgeEngine | None]) -> tuple[int, dict[str, Any]]:
    index, source, options, files, engine = task
    return index, count_source(source, options, files, engine)


class Stopped(Exception):
    """The batch was told to stop by a signal (SIGTERM, SIGHUP); `signum` says which."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _raise_stopped(signum: int, frame: Any) -> None:
    raise Stopped(signum)


def with_data(source: Source) -> Source:
    """The source with its bytes read here (a cluster's workers may not see our files)."""
    data, problem = read_data(source)
    return Source(source.name, None, data, problem)


# -- where the rows are counted -----------------------------------------------------------------


Rows = Generator[tuple[int, dict[str, Any]], None, None]  # (input index, row) as done


def count_locally(sources: list[Source], options: BatchOptions, workers: int,
                  files: GameFiles | None = None, engine: JudgeEngine | None = None) -> Rows:
    """(input index, row) as the rows are done, in `workers` processes (here for one),
    each with its own judge engine when `engine` is given."""
    tasks = [(i, s, options, files, engine) for i, s in enumerate(sources)]
    if not runs_here(workers, len(tasks)):
        close_judges()  # each worker starts its own: none is shared across a fork
    try:
        yield from in_workers(_count_indexed, tasks, workers)
    finally:
        close_judges()  # the one the games were counted with here, if any


def count_on_cluster(sources: list[Source], options: BatchOptions, address: str,
                     workers: int) -> Rows:
    """(input index, row) as a Dask cluster finishes them: one task per game, the SGF data
    sent with it."""
    from .cluster import run_tasks

    tasks = [(with_data(s), options) for s in sources]
    for index, row, error in run_tasks(address, _count_task, tasks, "score", workers):
        if row is None:  # the cluster gave up on the task: `error` says why
            row = error_row(sources[index].name, None, f"lost on the cluster: {error}")
        yield index, row


# -- where the rows go --------------------------------------------------------------------------


class Output:
    """One output (JSON lines or CSV, a file or stdout): the rows it already had (resume),
    then the new rows in input order.  A CSV resumed keeps its own columns: one written
    before the `first_move` column goes on without it."""

    def __init__(self, kind: str, target: str, methods: list[str], resume: bool) -> None:
        self.kind = kind
        self.target = target
        self.methods = methods
        self.fields: tuple[str, ...] = FIELDS
        self.old: list[dict[str, Any]] = []
        self.old_lines: list[str] = []
        if resume and target != STDIN and os.path.exists(target):
            self._read_existing()
        self.have = {row["file"] for row in self.old}
        self.new: dict[int, dict[str, Any]] = {}
        self.new_lines: dict[int, str] = {}  # the same rows as lines, made once each
        self.streamed = 0

    def _read_existing(self) -> None:
        with open(self.target, encoding="utf-8", newline="") as f:
            text = f.read()
        if self.kind == "jsonl":
            for line in text.splitlines():
                try:
                    row = json.loads(line)
                except ValueError:
                    continue  # not one of ours: left out
                if isinstance(row, dict) and isinstance(row.get("file"), str):
                    self.old.append(row)
                    self.old_lines.append(line)
            return
        reader = csv.reader(io.StringIO(text))
        header = next(reader, None)
        if header is None:
            return
        older = [f for f in OLDER_FIELDS if header == csv_header(self.methods, f)]
        if older:
            self.fields = older[0]
        elif header != csv_header(self.methods):
            raise BatchError(f"{self.target} has other columns than this run's (other "
                             "methods?); use another file or the same --method")
        for cells in reader:
            if len(cells) == len(header):
                self.old.append(row_from_csv(dict(zip(header, cells, strict=True))))
                self.old_lines.append(_csv_line(cells))

    def line(self, row: dict[str, Any]) -> str:
        if self.kind == "jsonl":
            return json.dumps(row, ensure_ascii=False, separators=(",", ":"))
        return _csv_line(csv_cells(row, self.methods, self.fields))

    def text(self) -> str:
        lines = list(self.old_lines)
        if self.kind == "csv":
            lines.insert(0, _csv_line(csv_header(self.methods, self.fields)))
        lines += [self.new_lines[i] for i in sorted(self.new_lines)]
        return "".join(line + "\n" for line in lines)

    def add(self, index: int, row: dict[str, Any]) -> None:
        if row["file"] not in self.have:
            self.new[index] = row
            self.new_lines[index] = self.line(row)

    def stream(self, stream: TextIO, ready: int) -> None:
        """Write the rows of inputs before `ready` that are not written yet (stdout)."""
        if self.streamed == 0 and self.kind == "csv":
            stream.write(_csv_line(csv_header(self.methods, self.fields)) + "\n")
        for i in sorted(i for i in self.new_lines if self.streamed <= i < ready):
            stream.write(self.new_lines[i] + "\n")
        self.streamed = max(self.streamed, ready)
        stream.flush()

    def save(self) -> None:
        atomic_write(self.target, self.text().encode("utf-8"))

    def rows(self) -> list[dict[str, Any]]:
        return self.old + [self.new[i] for i in sorted(self.new)]


def _csv_line(cells: list[str]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="").writerow(cells)
    return buffer.getvalue()


class BatchError(Exception):
    """Settings or files the batch cannot use; the message says why."""


# -- the run ------------------------------------------------------------------------------------


@dataclass
class BatchSettings:
    paths: list[str]
    options: BatchOptions
    methods: list[str]  # the margin columns of the CSV
    jsonl: str | None = None
    csv: str | None = None
    workers: int = 1
    resume: bool = False
    dask: str | None = None
    lang: str = "en"  # the language of the summary (zh, en or both)
    finished_only: bool = False  # leave the unfinished games out of the summary
    files: GameFiles | None = None  # pictures and JSON per game (--svg / --png / --json DIR)
    engine: JudgeEngine | None = None  # a second opinion (--judge-engine), not on a cluster


def run_batch(settings: BatchSettings, stdout: TextIO | None = None,
              stderr: TextIO | None = None) -> int:
    """Count every game, write the rows, print the summary; 0 when every game was
    counted, 1 when some rows are errors."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    outputs = [Output(kind, target, settings.methods, settings.resume)
               for kind, target in (("jsonl", settings.jsonl), ("csv", settings.csv))
               if target is not None]
    if settings.resume and not any(o.target != STDIN for o in outputs):
        raise BatchError("--resume needs an output file (--jsonl FILE or --csv FILE)")
    sources = gather(settings.paths)
    done = set.intersection(*(o.have for o in outputs)) if outputs else set()
    todo = [s for s in sources if s.name not in done]
    lines_out = not outputs  # no output asked: one line per game on stdout
    summary_to = stderr if any(o.target == STDIN for o in outputs) else stdout
    if settings.dask is not None:
        results = count_on_cluster(todo, settings.options, settings.dask, settings.workers)
    else:
        results = count_locally(todo, settings.options, settings.workers, settings.files,
                                settings.engine)
    progress = _progress(len(todo), stderr)
    finished: dict[int, dict[str, Any]] = {}
    ready = 0
    last_save = started = time.monotonic()
    snapshot_every = SNAPSHOT_SECONDS
    # SIGTERM (and SIGHUP) stop the batch as Ctrl-C does: the files saved, one line said
    stop_signals = [s for s in (signal.SIGTERM, getattr(signal, "SIGHUP", None))
                    if s is not None]
    before = ({s: signal.signal(s, _raise_stopped) for s in stop_signals}
              if threading.current_thread() is threading.main_thread() else {})
    try:
        for index, row in results:
            finished[index] = row
            for output in outputs:
                output.add(index, row)
            while ready in finished:
                if lines_out:
                    for line in _line(finished[ready], settings.lang):
                        print(line, file=stdout, flush=True)
                ready += 1
            for output in outputs:
                if output.target == STDIN:
                    output.stream(stdout, ready)
            if time.monotonic() - last_save > snapshot_every:
                began = time.monotonic()
                _save(outputs)
                last_save = time.monotonic()
                # a larger file takes longer to write: wait longer before the next one
                snapshot_every = max(SNAPSHOT_SECONDS, (last_save - began) / SNAPSHOT_SHARE)
            progress(row)
    except (KeyboardInterrupt, Stopped) as exc:
        results.close()  # the workers stopped before anything else is said
        _save(outputs)
        print(file=stderr)
        for line in sentence(settings.lang, "gtp-weiqi score: interrupted; {done} of {total} "
                             "games written; run the same command with --resume to count the "
                             "rest", done=len(finished), total=len(todo)):
            print(line, file=stderr)
        return 128 + (exc.signum if isinstance(exc, Stopped) else signal.SIGINT)
    except WorkerDied as exc:  # the rows done are kept; --resume counts the rest
        _save(outputs)
        raise BatchError(f"{exc}; {len(finished)} of {len(todo)} games written") from None
    except BrokenPipeError:  # stdout closed by the reader (| head): keep the files whole
        _save(outputs)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
        return 1
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
        progress(None)
        results.close()  # an error here must not leave the workers counting on
    _save(outputs)
    elapsed = time.monotonic() - started
    rows = outputs[0].rows() if outputs else [finished[i] for i in sorted(finished)]
    summary = summarise(rows, settings.finished_only)
    skipped = len(sources) - len(todo)
    said = []
    for one in ("zh", "en"):
        said.append(word(one, "{files} files in {seconds} s", files=len(todo),
                         seconds=f"{elapsed:.1f}")
                    + (" " + word(one, "({rate} per second)", rate=f"{len(todo) / elapsed:.1f}")
                       if elapsed > 0 and todo else "")
                    + (word(one, "; {skipped} already in the output, skipped", skipped=skipped)
                       if skipped else ""))
    for line in lines(settings.lang, *said) + summary.lines(settings.lang):
        print(line, file=summary_to)
    for line in _opinion_lines(rows, settings.lang):
        print(line, file=summary_to)
    errors = [row for row in rows if row.get("error")]
    if errors:  # which files, and why: listed last, where a reader looks
        for line in sentence(settings.lang, "not counted ({n}):", n=len(errors)):
            print(line, file=summary_to)
        for row in errors:
            print(f"  {row['file']}: {row['error']}", file=summary_to)
    return 1 if summary.errors else 0


def _opinion_lines(rows: list[dict[str, Any]], lang: str) -> list[str]:
    """What the judge engine did over the batch: on how many games it changed a verdict
    or left a string unclear, and on how many it gave no opinion, with the first reason."""
    asked = [row["second_opinion"] for row in rows if row.get("second_opinion")]
    if not asked:
        return []
    failed = [o["failure"] for o in asked if o.get("failure")]
    disputed = sum(1 for o in asked if o.get("strings"))
    said = sentence(lang, "second opinion ({engine}): {games} games, strings to decide in "
                    "{disputed}", engine=asked[0]["engine"], games=len(asked),
                    disputed=disputed)
    if failed:
        said += sentence(lang, "second opinion unavailable for {n} games: {why}",
                         n=len(failed), why=failed[0])
    return said


def _save(outputs: list[Output]) -> None:
    for output in outputs:
        if output.target != STDIN:
            output.save()


GAME_LINE = ("{file}: {result} ({method}, {rules}, komi {komi}), RE {recorded}, dead stones "
             "from {source}")


def _line(row: dict[str, Any], lang: str = "en") -> list[str]:
    """The line(s) of one counted game on stdout, in `lang` (both: Chinese, then English);
    the result (B+3.5), the method's slug, the rules' name, the record's RE and the error's
    reason stay as the rows hold them."""
    if row.get("error"):
        return sentence(lang, "{file}: error: {error}", file=row["file"], error=row["error"])
    rules = row["rules"]
    values = dict(file=row["file"], result=row["result"], method=row["method"],
                  rules=rules if isinstance(rules, str) else json.dumps(rules, sort_keys=True),
                  komi=f"{float(row['komi']):g}")
    # why a string is unclear, when who moves first decides it (rows of older runs: none)
    why = {tuple(f["string"]): FirstMoveString.from_dict(f)
           for f in row.get("first_move") or [] if f.get("string")}
    said = []
    for zh in (True, False):
        def tr(text: str, zh: bool = zh) -> str:
            return ZH.get(text, text) if zh else text

        points = " ".join(
            s[0] + (f" ({why[tuple(s)].describe_zh() if zh else why[tuple(s)].describe()})"
                    if tuple(s) in why else "")
            for s in row["unclear"])
        said.append(tr(GAME_LINE).format(**values, recorded=row.get("recorded_result")
                                         or tr("none"), source=tr(row["dead_source"]))
                    + (tr(", unclear {points}").format(points=points) if points else "")
                    + (tr(", not finished") if row.get("finished") is False else ""))
    return lines(lang, *said)


def _progress(total: int, stream: TextIO) -> Callable[[dict[str, Any] | None], None]:
    """A tqdm bar on stderr when it is a terminal (None closes it); silent otherwise."""
    if not stream.isatty() or total == 0:
        return lambda row: None
    from tqdm import tqdm

    bar = tqdm(total=total, file=stream, unit="game", dynamic_ncols=True)
    errors = 0

    def update(row: dict[str, Any] | None) -> None:
        nonlocal errors
        if row is None:
            bar.close()
            return
        if row.get("error"):
            errors += 1
            bar.set_postfix(errors=errors, refresh=False)
        bar.update(1)
    return update


__all__ = ["BatchError", "BatchSettings", "GameFiles", "JudgeEngine", "Output", "Source",
           "Stopped", "close_judges", "count_source", "file_stem", "gather",
           "judge_in_process", "run_batch"]

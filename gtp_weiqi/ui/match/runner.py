"""`gtp-weiqi match`: play a match between two GTP engines and write its records.

    gtp-weiqi match --black CMD --white CMD --games N --size S --rules PRESET [--komi K]
                    [--alternate] [--workers N] [--out DIR] [--max-moves M]
                    [--time MAIN[+BYO/STONES] | --time-per-move T] [--timeout S]
                    [--openings DIR] [--gtp-log] [-v] [--dask ADDRESS|local]

Each game gets fresh engine processes.  Games run in `--workers` processes at once, or as
one task each on a Dask cluster (`--dask`), whose results this process writes.  A game's
records are written when it ends, atomically; after an interruption (Ctrl-C, a crash)
the same command plays only the games that have no record yet.  Progress goes to stderr:
a bar on a terminal, one line per game otherwise.

Exit status: 0 when the match is complete, 2 for bad settings or an engine that cannot
start, 130 when interrupted, 1 when the records cannot be written (a full disk, a file size
limit): each with one line saying what happened and that the same command resumes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import shlex
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from ...base.sizes import MAX_SIZE, MIN_SIZE
from ...core.files import atomic_write
from ...core.lang import add_lang_argument, resolve, sentence
from ...core.rules import DEFAULT_PRESET, RulesError, komi_argument, parse_rules
from ...scoring.pool import WorkerDied, in_workers
from ..cluster import ClusterError
from ..gtp.controller import Controller, ControllerError
from ..judge_options import add_judge_arguments, refused_judge_option
from . import records
from .clock import TimeControl, TimeSpecError
from .config import ENGINES, GameSpec, MatchConfig, engine_labels
from .openings import OpeningError, load_openings
from .players import deferring_handler
from .progress import Progress, report
from .referee import play_game
from .stats import report_text, summarise

SETTINGS = "match.json"
REPORT = "report.txt"  # the plain-text report, as gomill ringmaster writes one


class MatchError(Exception):
    """Settings that cannot be used; the message says why."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `gtp-weiqi match`."""
    p.description = ("Referee games between two GTP engines under one of gtp_weiqi's rule "
                     "sets: every move checked, games ended and counted as the rules say, "
                     "SGF records, a gogui-twogtp .dat table and a JSON summary.")
    p.add_argument("--black", required=True, metavar="CMD", help="command line of the first "
                   "engine (Black, or White in odd games with --alternate)")
    p.add_argument("--white", required=True, metavar="CMD", help="command line of the second "
                   "engine")
    p.add_argument("--games", type=int, default=1, metavar="N", help="games to play (default 1)")
    p.add_argument("--size", type=int, default=19, metavar="S", help="board size (default 19)")
    p.add_argument("--rules", default=DEFAULT_PRESET, metavar="PRESET",
                   help=f"rules preset or KataGo-style JSON (default {DEFAULT_PRESET})")
    p.add_argument("--komi", type=komi_argument, default=None, metavar="K",
                   help="komi (default: the preset's)")
    p.add_argument("--alternate", action="store_true",
                   help="swap colours in odd-numbered games")
    p.add_argument("--workers", "--jobs", type=int, default=1, metavar="N", dest="jobs",
                   action=DeprecatedSpelling,
                   help="games played at once, each in its own process (default 1; "
                        "--jobs, its old name, still works)")
    p.add_argument("--out", default="match", metavar="DIR",
                   help="directory for the records (default ./match)")
    p.add_argument("--max-moves", type=int, default=1000, metavar="M",
                   help="count a game as it stands after M moves (default 1000)")
    p.add_argument("--time", metavar="MAIN[+BYO/STONES]",
                   help="main time and Canadian byo-yomi per side, as gogui-twogtp's -time: "
                        "10m+30s/5 (ten minutes, then 30 s per 5 stones), 5m (absolute), "
                        "90s+10s/1; units m, min, s, sec (minutes when none); sent with "
                        "time_settings and time_left, kept on a clock from wall time; a "
                        "side whose clock runs out loses on time (B+Time / W+Time)")
    p.add_argument("--time-per-move", type=float, default=None, metavar="T",
                   help="seconds per move: sent as time_settings 0 T 1; an answer later "
                        "than 1.5 T + 1 s forfeits")
    p.add_argument("--openings", metavar="DIR",
                   help="start the games from the .sgf files of DIR, in name order, as "
                        "gogui-twogtp's -openings: game N from file N, or with --alternate "
                        "each file twice, once with either engine as Black; the moves go "
                        "to both engines with play; bad files refused before the match")
    p.add_argument("--gtp-log", action="store_true",
                   help="keep each engine's GTP transcript of each game in "
                        "DIR/gtplogs/game-NNNN-B-LABEL.log (and -W-)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="a line on stderr for every move: game, engine label, move, "
                        "seconds, clocks")
    p.add_argument("--timeout", type=float, default=300.0, metavar="S",
                   help="seconds to wait for any other engine answer (default 300)")
    p.add_argument("--black-label", metavar="NAME",
                   help="the --black engine's name in every record and report (default: its "
                        "name and version answers)")
    p.add_argument("--white-label", metavar="NAME",
                   help="the --white engine's name, as --black-label")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="play the games on a Dask cluster: a scheduler's address "
                        "(tcp://host:8786; its workers need gtp_weiqi and the engines) or "
                        "local (a new local cluster of --workers workers); the records are "
                        "written here")
    add_judge_arguments(p, "at the end of each game (KataGo, or gtp-weiqi --engine "
                           "\"katago ...\"); what it said goes into the game's notes")
    add_lang_argument(p)


class DeprecatedSpelling(argparse.Action):
    """An option whose first spelling is its name and whose others are old names, kept
    working with a warning on stderr (`--jobs` is `--workers`, as `score` calls it)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        if option_string is not None and option_string != self.option_strings[0]:
            print(f"{parser.prog}: warning: {option_string} is deprecated; use "
                  f"{self.option_strings[0]} (the same number)", file=sys.stderr)
        setattr(namespace, self.dest, values)


def check_option_values(args: argparse.Namespace) -> None:
    """Refuse, before any engine starts, the values that could only fail later."""
    if args.time_per_move is not None and not 0 < args.time_per_move < math.inf:
        raise MatchError(f"--time-per-move must be a positive number of seconds, not "
                         f"{args.time_per_move:g}")
    if args.time is not None and args.time_per_move is not None:
        raise MatchError("give --time or --time-per-move, not both")
    if not 0 < args.timeout < math.inf:
        raise MatchError(f"--timeout must be a positive number of seconds, not "
                         f"{args.timeout:g}")
    if args.jobs < 1:
        raise MatchError(f"--workers must be at least 1, not {args.jobs}")
    for option in ("black_label", "white_label"):
        label = getattr(args, option)
        if label is not None and (not label.strip() or not label.isprintable()):
            raise MatchError(f"--{option.replace('_', '-')} must be a printable, non-empty name")
    if args.black_label is not None and args.black_label == args.white_label:
        raise MatchError("--black-label and --white-label must differ")
    refused = refused_judge_option(args)
    if refused is not None:
        raise MatchError(refused)
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise MatchError(f"--out: {args.out} is a file, not a folder for the records")
    for engine in ("black", "white"):
        command = getattr(args, engine)
        try:
            words = shlex.split(command)
        except ValueError as exc:
            raise MatchError(f"--{engine}: cannot split {command!r} into words: {exc}") \
                from None
        if not words:
            raise MatchError(f"--{engine}: no command given")


def config_from(args: argparse.Namespace) -> MatchConfig:
    if not MIN_SIZE <= args.size <= MAX_SIZE:
        raise MatchError(f"--size must be between {MIN_SIZE} and {MAX_SIZE}")
    if args.games < 1:
        raise MatchError("--games must be at least 1")
    if args.max_moves < 1:
        raise MatchError("--max-moves must be at least 1")
    check_option_values(args)
    try:
        parse_rules(args.rules)
    except RulesError as exc:
        raise MatchError(f"--rules: {exc}") from None
    time_control = None
    if args.time is not None:
        try:
            time_control = TimeControl.parse(args.time)
        except TimeSpecError as exc:
            raise MatchError(f"--time {args.time!r}: {exc}") from None
    openings: tuple = ()
    if args.openings is not None:
        try:
            openings = load_openings(args.openings, args.size, args.rules, args.komi,
                                     args.max_moves)
        except OpeningError as exc:
            raise MatchError(str(exc)) from None
    return MatchConfig(black=args.black, white=args.white, size=args.size, rules=args.rules,
                       komi=args.komi, alternate=args.alternate, max_moves=args.max_moves,
                       time_per_move=args.time_per_move, timeout=args.timeout,
                       black_label=args.black_label, white_label=args.white_label,
                       time=time_control, openings=openings,
                       openings_dir=args.openings, gtp_log=args.gtp_log,
                       verbose=args.verbose, lang=resolve(args.lang),
                       judge_engine=args.judge_engine or None, judge_visits=args.judge_visits)


# -- settings and the start-up check --------------------------------------------------------


def check_engines(config: MatchConfig) -> dict[str, dict[str, str]]:
    """Start both engines once (at the same time) and set a game up, as every game will;
    their names and versions.  Raises MatchError with the reason (and the engine's stderr)
    when one does not work."""
    started: dict[str, Controller] = {}
    try:
        for engine in ENGINES:
            command = config.command(engine)
            try:
                started[engine] = Controller.start(command, engine, timeout=config.timeout)
            except ControllerError as exc:  # its message names the command already
                raise MatchError(_why(exc)) from None
            except ValueError as exc:
                raise MatchError(f"cannot start {command!r}: {exc}") from None
        return {engine: check_engine(controller, config.command(engine), config)
                for engine, controller in started.items()}
    finally:
        for controller in started.values():
            controller.close()


def check_engine(controller: Controller, command: str, config: MatchConfig
                 ) -> dict[str, str]:
    try:
        controller.handshake()
        name = " ".join(controller.command("name").split()) if controller.known("name") else ""
        version = " ".join(controller.command("version").split()) \
            if controller.known("version") else ""
        controller.command("boardsize", str(config.size))
        controller.command("clear_board")
        return {"name": name or command.split()[0], "version": version}
    except ControllerError as exc:
        raise MatchError(f"engine {command!r} failed the start-up check: {_why(exc)}") \
            from None


def _why(exc: Exception) -> str:
    describe = getattr(exc, "describe", None)
    return describe() if describe is not None else str(exc)


def prepare(out: Path, config: MatchConfig, games: int) -> dict[str, dict[str, str]]:
    """Create or reopen the match directory; the engines' names and versions.  A directory
    holding a match with other settings is refused."""
    out.mkdir(parents=True, exist_ok=True)
    records.remove_stale_temporaries(out)
    path = out / SETTINGS
    identity = config.identity()
    if path.exists():
        try:
            saved = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise MatchError(f"{path} cannot be read ({exc}); use another --out") from None
        if saved.get("config") != identity:
            before = saved.get("config") or {}
            changed = sorted(k for k in set(identity) | set(before)
                             if before.get(k) != identity.get(k))
            raise MatchError(f"{out} holds a match with other settings ({', '.join(changed)}); "
                             "use another --out to start a new match")
        engines = saved.get("engines", {})
    else:
        engines = {}
    if set(engines) != set(ENGINES):
        engines = check_engines(config)
    beyond = sorted(i for i in records.load_records(out, 1 << 30) if i >= games)
    if beyond:
        raise MatchError(f"{out} holds finished games up to number {beyond[-1] + 1}; "
                         f"--games {games} would leave {len(beyond)} of them out of match.dat "
                         f"and summary.json: give --games {beyond[-1] + 1} or more, or another "
                         "--out")
    records.write_json(path, {"config": identity, "engines": engines, "games": games})
    return engines


def write_tables(out: Path, config: MatchConfig, engines: dict[str, dict[str, str]],
                 done: dict[int, dict[str, Any]], lang: str = "en") -> dict[str, Any]:
    finished = list(done.values())
    atomic_write(out / "match.dat",
                         records.dat_text(config, engines, finished).encode("utf-8"))
    summary = summarise(config, engines, finished)
    records.write_json(out / "summary.json", summary)
    atomic_write(out / REPORT, report_text(summary, finished, lang).encode("utf-8"))
    return summary


# -- playing --------------------------------------------------------------------------------


def play_remote(spec: GameSpec) -> tuple[dict[str, Any], bytes, dict[str, bytes]]:
    """Play one game on a cluster worker; its record and SGF go back to be written by the
    match's process (so a game the scheduler replays after losing a worker is written
    once)."""
    return records.game_files(play_game(spec))


def play_on_cluster(address: str, pending: list[GameSpec], jobs: int
                    ) -> Iterator[tuple[dict[str, Any], bytes, dict[str, bytes]]]:
    """The finished games, as the cluster finishes them; a game the cluster gave up on
    (its workers died too often) ends the run: the next run plays it."""
    from ..cluster import run_tasks

    for index, files, error in run_tasks(address, play_remote, pending, "match", jobs):
        if error is not None or files is None:
            raise MatchError(f"game {pending[index].index} failed on the cluster: {error}; "
                             "the finished games are recorded, run again to play the rest")
        yield files


def play_and_record(task: tuple[GameSpec, str]) -> dict[str, Any]:
    """Play one game and write its records (in the worker, so a finished game is never
    lost with the parent)."""
    spec, out = task
    return records.write_game(Path(out), play_game(spec))


def _end_with_parent() -> None:
    """Ask Linux to send this worker SIGTERM when the parent dies (even by SIGKILL), so a
    worker never outlives the match and never writes to the parent's closed pipe."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() == 1:  # the parent died before the request was made
        os.kill(os.getpid(), signal.SIGTERM)


def _stop_worker(signum: int) -> BaseException:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once: let the cleanup finish
    return SystemExit(128 + signum)


def _worker_init() -> None:
    """A worker stops its engines when terminated (not while one starts) and ends with
    the parent; the pool has it leave Ctrl-C to the parent."""
    signal.signal(signal.SIGTERM, deferring_handler(_stop_worker))
    _end_with_parent()


def _interrupt(signum: int) -> BaseException:
    return KeyboardInterrupt()


@contextlib.contextmanager
def _interruptible() -> Iterator[None]:
    """While the match runs, Ctrl-C and SIGTERM (and SIGHUP) end it the same quiet way:
    KeyboardInterrupt at a safe point, finished games kept, the workers terminated."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    signums = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {n: signal.getsignal(n) for n in signums}
    for n in signums:
        signal.signal(n, deferring_handler(_interrupt))
    try:
        yield
    finally:
        for n, handler in previous.items():
            signal.signal(n, handler if handler is not None else signal.SIG_DFL)


def run_match(config: MatchConfig, games: int, out: Path, jobs: int = 1,
              stream: TextIO | None = None, dask: str | None = None, lang: str = "en"
              ) -> dict[str, Any]:
    """Play the games of the match that have no record yet (here in `jobs` processes, or
    on the Dask cluster at `dask`); the summary (report.txt in `lang`).  Raises MatchError
    for unusable settings and KeyboardInterrupt when interrupted."""
    engines = prepare(out, config, games)
    done = records.load_records(out, games)
    pending = [GameSpec(i, config) for i in range(games) if i not in done]
    summary = write_tables(out, config, engines, done, lang)
    if not pending:
        return summary
    labels = engine_labels(config, {e: (engines.get(e, {}).get("name", ""),
                                        engines.get(e, {}).get("version", ""))
                                    for e in ENGINES})
    progress = Progress(games, len(done), stream, labels, config.lang)
    tasks = [(spec, str(out)) for spec in pending]
    try:
        if dask is not None:
            with _interruptible():
                for record, sgf_data, logs in play_on_cluster(dask, pending, jobs):
                    if record["game"] in done:  # written already: never twice
                        continue
                    records.write_files(out, record, sgf_data, logs)
                    done[record["game"]] = record
                    summary = write_tables(out, config, engines, done, lang)
                    progress.update(record)
        elif jobs <= 1 or len(tasks) == 1:
            with _interruptible():
                for task in tasks:
                    record = play_and_record(task)
                    done[record["game"]] = record
                    summary = write_tables(out, config, engines, done, lang)
                    progress.update(record)
        else:
            with _interruptible():
                played = in_workers(play_and_record, tasks, jobs, initializer=_worker_init,
                                    chunk=1)  # one game at a time: the table follows each
                try:
                    for record in played:
                        done[record["game"]] = record
                        summary = write_tables(out, config, engines, done, lang)
                        progress.update(record)
                finally:
                    played.close()  # the workers terminated when interrupted
    except KeyboardInterrupt:
        write_tables(out, config, engines, records.load_records(out, games), lang)
        raise
    finally:
        progress.close()
    return summary


def run(args: argparse.Namespace) -> int:
    """`gtp-weiqi match`: play the match, print its report; the exit status."""
    out = Path(args.out)
    lang = resolve(args.lang)
    try:
        config = config_from(args)
        summary = run_match(config, args.games, out, jobs=max(1, args.jobs), dask=args.dask,
                            lang=config.lang)
    except (MatchError, ClusterError, WorkerDied) as exc:
        print(f"gtp-weiqi match: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        for line in sentence(lang, "gtp-weiqi match: interrupted; {done} of {games} games "
                             "recorded in {out}; run the same command again to play the rest",
                             done=_recorded(out, args.games), games=args.games, out=out):
            print(line, file=sys.stderr)
        return 130
    except OSError as exc:  # a full disk, a file size limit (ulimit -f), a lost folder
        why = exc.strerror or str(exc)
        if exc.filename:
            why += f" ({exc.filename})"
        for line in sentence(lang, "gtp-weiqi match: cannot write the records: {why}; {done} "
                             "of {games} games recorded whole in {out}; make room (free space, "
                             "or raise the file size limit) and run the same command again to "
                             "play the rest", why=why, done=_recorded(out, args.games),
                             games=args.games, out=out):
            print(line, file=sys.stderr)
        return 1
    print(report(summary, out, lang))
    return 0


def _recorded(out: Path, games: int) -> int:
    """How many games have a whole record in `out` (0 when it cannot be read)."""
    try:
        return len(records.load_records(out, games))
    except OSError:
        return 0


def main(argv: list[str] | None = None) -> int:
    """`gtp-weiqi match ARGV...` (the same parser as the command's)."""
    from ..cli import run_subcommand

    return run_subcommand("match", argv)

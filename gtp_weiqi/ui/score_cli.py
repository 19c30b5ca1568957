"""`gtp-weiqi score PATH ...`: count finished games under any method.

    gtp-weiqi score game.sgf                       the rules' own method (SGF RU, else chinese)
    gtp-weiqi score game.sgf --method all          every method, one row each
    gtp-weiqi score game.sgf --method zilu --dead C2 --svg zilu.svg --png zilu.png
    gtp-weiqi score game.sgf --method all --svg pictures/     one picture per method
    gtp-weiqi score games/ --csv counts.csv        every *.sgf below games/, one row each
    gtp-weiqi score 'kgs/**/*.sgf' --jsonl - --workers 2 --resume --dask tcp://host:8786

One game: the game is replayed under our rules (an illegal record is refused with the move
number and the reason) and its count printed as a table, as JSON or as a picture.  The
statuses come from `--dead` (the strings at those points are dead, every other string
alive or in seki), else from the SGF's DD marks, else from its TB / TW territory marks,
else from the engine's own judgement.  Many games: score_batch.py.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.board import BLACK, WHITE
from ..core.coords import format_vertex, parse_vertex
from ..core.files import FileRefused, atomic_write
from ..core.game import Game
from ..core.lang import (
    ZH,
    add_lang_argument,
    display_width,
    in_one,
    lines,
    ljust,
    resolve,
    sentence,
    word,
)
from ..core.rules import Rules, komi_argument
from ..counting import METHOD_NAMES, METHODS, parse_params
from ..counting.types import Count
from ..judgement.marks import scoring_input
from ..scoring import MethodScore, Record, RecordError, Scorer, ScoreResult, ScoringError
from ..scoring.api import count_record, method_list
from ..scoring.record import (
    DEFAULT_RULES,
    GIVEN,
    MAX_SGF_BYTES,
    load_record,
    parse_dead,
    read_source,
    resolve_rules,
)
from ..scoring.result import ALL_ALIVE
from .judge_options import add_judge_arguments, refused_judge_option

if TYPE_CHECKING:
    from ..pictures import FirstMoveNote
    from .score_batch import GameFiles, JudgeEngine

PROG = "gtp-weiqi score"
SOURCE_LABEL = {GIVEN: "--dead"}  # how the table names where the dead stones came from


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `gtp-weiqi score`."""
    p.description = ("Replay an SGF game under the chosen rules, judge the dead stones and "
                     "print the counts of 计活子 (count living stones), 计枰点 (count board "
                     "points) and the standard methods; optionally draw the count as SVG / "
                     "PNG.")
    p.epilog = "methods (slug = its Chinese names, each also accepted): " + "; ".join(
        " = ".join([slug, *(a for a, s in METHOD_NAMES.items()
                            if s == slug and a not in (slug, slug.replace("_", "-")))])
        for slug in METHODS)
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="SGF files, directories (every *.sgf below them), globs, or - for "
                        "an SGF on stdin; one file prints its table, more count as a batch")
    p.add_argument("--method", metavar="SLUG|all",
                   help="a counting method, several separated by commas, or all (default: "
                        "the rules' own method)")
    p.add_argument("--rules", metavar="PRESET",
                   help=f"rules preset or KataGo-style JSON (default: the SGF's RU, else "
                        f"{DEFAULT_RULES})")
    p.add_argument("--komi", type=komi_argument, metavar="K",
                   help="komi, White's compensation (default: the SGF's KM, else the "
                        "preset's)")
    p.add_argument("--dead", action="append", metavar="V[,V...]",
                   help="vertices of the dead strings, comma-separated or the option "
                        "repeated (every other string alive, or in seki where it is one); "
                        "'none' for no dead stones")
    p.add_argument("--param", action="append", default=[], metavar="KEY=VALUE[,...]",
                   help="counting parameters, comma-separated or the option repeated: "
                        "balance=..., bowl=N, a_point=true, white_handicap_bonus=0|N|N-1")
    p.add_argument("--json", nargs="?", const=True, metavar="DIR",
                   help="print the count as JSON instead of the table (docs/schema.md); with "
                        "a folder, write DIR/<game>.json instead (in a batch: one per game)")
    p.add_argument("--svg", metavar="OUT.svg|DIR/",
                   help="draw the count as SVG; with several methods one file per method, "
                        "OUT-<slug>.svg, or DIR/<slug>.svg when a folder is named; in a "
                        "batch a folder, DIR/<game>-<slug>.svg")
    p.add_argument("--png", metavar="OUT.png|DIR/",
                   help="draw the count as PNG (needs the png extra: resvg-py), named as "
                        "--svg")
    p.add_argument("--scale", type=float, default=2.0, metavar="S",
                   help="PNG pixels per SVG unit (default 2)")
    p.add_argument("--move", type=int, default=None, metavar="N",
                   help="count the position after the first N moves (0: before the first; "
                        "default: the end of the record)")
    p.add_argument("--seed", type=int, default=0, metavar="N",
                   help="seed of the dead-stone judgement (default 0)")
    add_judge_arguments(p, "for a second opinion on the dead stones (in a batch: one "
                           "engine per worker, its views in each row's second_opinion)")
    add_lang_argument(p)
    batch = p.add_argument_group(
        "counting many games", "one row per game; a broken file is a row with its error")
    batch.add_argument("--jsonl", metavar="FILE", help="write JSON lines to FILE (- for stdout)")
    batch.add_argument("--csv", metavar="FILE", help="write CSV to FILE (- for stdout)")
    batch.add_argument("--workers", type=int, default=None, metavar="N",
                       help="count in N processes (default: the number of cores); with "
                            "--dask local, the local cluster's workers")
    batch.add_argument("--finished-only", action="store_true",
                       help="leave the unfinished games (open points, resignation, time) out "
                            "of the summary; their rows are still written")
    batch.add_argument("--resume", action="store_true",
                       help="skip the files already in the output file(s)")
    batch.add_argument("--dask", metavar="ADDRESS",
                       help="count on a Dask cluster: a scheduler's address "
                            "(tcp://host:8786) or local (a new local cluster)")


BATCH_OPTIONS = ("jsonl", "csv", "workers", "resume", "dask", "finished_only")
ONE_GAME_OPTIONS = ("dead",)
PER_GAME_OPTIONS = ("svg", "png", "json")  # in a batch: a folder, one file per game


class ScoreError(Exception):
    """A refusal to print: exit code and message."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


# -- loading ------------------------------------------------------------------------------


def load(path: str, rules_text: str | None, komi: float | None, move: int | None = None
         ) -> Record:
    """Read and replay the game (`-`: from stdin); a refusal says why (1: the file, 2: the
    options)."""
    try:
        if path == "-":
            data, name = sys.stdin.buffer.read(MAX_SGF_BYTES + 1), "-"
        else:
            data, name = read_source(Path(path))
        record = load_record(data, name, rules_text, komi, move)
    except RecordError as exc:
        message = str(exc)
        raise ScoreError(1, message if message.startswith(path) else f"{path}: {message}") \
            from None
    except ScoringError as exc:
        raise ScoreError(2, f"--rules: {exc}") from None
    for note in record.notes:
        print(f"{PROG}: {path}: {note}", file=sys.stderr)
    return record


# -- output -------------------------------------------------------------------------------


width_of = display_width  # display width in a terminal: CJK characters take two columns
pad = ljust


def shorten(text: str, width: int) -> str:
    return text if width_of(text) <= width else text[: width - 1] + "…"


def table(counts: list[Count], lang: str = "both") -> list[str]:
    """One row per method: slug, 中文 and / or English name, Black, White, result (the
    heads and units in `lang`; both: the Chinese units)."""
    from ..pictures.count_in_words import fmt, unit_for

    def amount(value: float, c: Count) -> str:
        total = fmt(value)
        return f"{total} {unit_for(c.unit_en, total) if lang == 'en' else c.unit_zh}"

    heads = ["method", "Black", "White", "result"]  # both: the English heads
    method, black, white, result = heads if lang == "both" else [word(lang, h) for h in heads]
    names = {"zh": ["中文"], "en": ["English"], "both": ["中文", "English"]}[lang]
    head = [method, *names, black, white, result]
    rows = [head]
    for c in counts:
        shown = {"zh": [c.name_zh], "en": [shorten(c.name_en, 44)],
                 "both": [c.name_zh, shorten(c.name_en, 44)]}[lang]
        rows.append([c.slug, *shown, amount(c.black, c), amount(c.white, c), c.result])
    widths = [max(width_of(r[i]) for r in rows) for i in range(len(head))]
    return ["  ".join(pad(cell, widths[i]) for i, cell in enumerate(row)).rstrip()
            for row in rows]


def _vertex_lists(data: Any) -> Any:
    """[row, col] pairs inside artefacts -> GTP vertices, for JSON output."""
    if isinstance(data, dict):
        return {k: _vertex_lists(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        if data and all(isinstance(x, (list, tuple)) and len(x) == 2
                        and all(isinstance(v, int) and not isinstance(v, bool) for v in x)
                        for x in data):
            return [format_vertex((x[0], x[1])) for x in data]
        return [_vertex_lists(x) for x in data]
    return data


def _methods(text: str | None, rules: Rules) -> tuple[list[str], str]:
    """The methods to count, and the one whose judgement and komi the header reports (the
    rules' own method, else the first named)."""
    try:
        slugs = method_list(text, rules)
    except ScoringError as exc:
        raise ScoreError(2, f"--method: {exc}") from None
    drawn = rules.counting if text is not None and text.strip().lower() == "all" else slugs[0]
    return slugs, drawn


def count_one(args: argparse.Namespace) -> int:
    """Count one game and print its table (or JSON); draw it when asked."""
    if args.png:
        if not 0.5 <= args.scale <= 8:
            raise ScoreError(2, "--scale must be between 0.5 and 8")
        check_png(args.lang)
    record = load(args.sgf, args.rules, args.komi, args.move)
    game = record.game
    slugs, drawn = _methods(args.method, game.rules)
    try:
        given = parse_params(param_tokens(args.param))
    except ValueError as exc:
        raise ScoreError(2, f"--param: {exc}") from None
    if args.dead is not None:
        try:
            parse_dead(game, args.dead)
        except ScoringError as exc:
            raise ScoreError(2, f"--dead: {exc}") from None
    refused = refused_judge_option(args)
    if refused is not None:
        raise ScoreError(2, refused)
    if args.judge_engine:
        from .gtp.judge_engine import judged_count
        try:
            result = judged_count(args.judge_engine, args.judge_visits, record, slugs,
                                  args.dead, args.seed, given)
        except ScoringError as exc:
            raise ScoreError(2, str(exc)) from None
    else:
        try:
            result = count_record(record, slugs, args.dead, Scorer(seed=args.seed),
                                  params=given)
        except ScoringError as exc:
            raise ScoreError(2, str(exc)) from None
    shown = [result[s] for s in slugs]
    print_result(args, record, result, shown, drawn)
    if args.svg or args.png:
        for slug in slugs:
            draw(args, record, result[slug], several=len(slugs) > 1)
    return 0


def first_move_notes(game: Game, method: MethodScore) -> list[FirstMoveNote]:
    """The reasons of `method`'s unclear strings that depend on who moves first, as the
    picture and the table say them: each named by its first stone."""
    from ..pictures import FirstMoveNote

    return [FirstMoveNote(_point(game, f.string[0]), f.describe_zh(), f.describe())
            for f in method.first_move]


def _point(game: Game, vertex: str) -> tuple[int, int]:
    """(row, col) of a vertex a count gave back (never a pass)."""
    rc = parse_vertex(vertex, game.width, game.height)
    assert rc is not None
    return rc


def warn_unfinished(result: ScoreResult, name: str, lang: str) -> None:
    """On stderr, when the count is not the end of a game: why (open points, resignation,
    time), in `lang`."""
    finish = result.finish
    if finish.finished:
        return
    template = "warning: not a finished game: {reason}"
    for line in lines(lang, ZH[template].format(reason=finish.reason_zh()),
                      template.format(reason=finish.unfinished_reason)):
        print(f"{PROG}: {name}: {line}", file=sys.stderr)


def print_result(args: argparse.Namespace, record: Record, result: ScoreResult,
                 shown: list[MethodScore], drawn: str) -> None:
    from ..pictures import summarise
    from ..pictures.notes import first_move_lines

    warn_unfinished(result, args.sgf, args.lang)
    game = record.game
    source = SOURCE_LABEL.get(result.dead_source, result.dead_source)
    first = result[drawn]
    dead_now = first.dead if first.dead_source != ALL_ALIVE else result.dead
    unclear_v = [s[0] for s in first.unclear]
    if args.json:
        # the one form of a count (docs/count.schema.json), each method with its count in
        # words, and what the drawn method built (blocks, eyes, routes, ...)
        out = result.to_dict()
        for entry, method in zip(out["methods"], result.methods, strict=True):
            summary = summarise(method.count)
            entry["summary"] = {"zh": summary.line_zh(), "en": summary.line_en()}
        out["analysis"] = _vertex_lists({k: v for k, v in first.count.artefacts.items() if k in (
            "removed_dead", "blocks", "eyes", "routes", "public", "territory", "one_sided",
            "figures")})
        text = json.dumps(out, ensure_ascii=False, indent=1)
        if args.json is True:
            print(text)
            return
        from .score_batch import file_stem

        path = Path(args.json) / f"{file_stem(args.sgf)}.json"
        try:
            os.makedirs(args.json, exist_ok=True)
        except OSError as exc:
            raise ScoreError(1, f"cannot make the folder {args.json}: {exc.strerror}") from None
        write(path, text.encode("utf-8"))
        print(f"{PROG}: wrote {path}", file=sys.stderr)
        return
    lang = args.lang
    rules_name = game.rules.preset_name or game.rules.to_json()
    for line in sentence(
            lang, "{file}: {width}x{height}, rules {rules}, komi {komi}, {moves} moves (Black "
            "{black}, White {white}), stones captured: black {captured_black}, white "
            "{captured_white}", file=args.sgf, width=game.width, height=game.height,
            rules=rules_name, komi=f"{first.count.komi:g}", moves=len(game.moves),
            black=game.moves_made(BLACK), white=game.moves_made(WHITE),
            captured_black=game.captured[BLACK], captured_white=game.captured[WHITE]):
        print(line)
    nothing = word("zh", "none") if lang == "zh" else "none"
    print(f"{word(lang, 'dead stones')} ({source}): {' '.join(dead_now) or nothing}")
    if unclear_v:
        print(f"{word(lang, 'unclear (counted alive)')}: {' '.join(unclear_v)}")
    for note in first_move_notes(game, first):  # why: who moves first decides them
        for line in first_move_lines(note, lang):
            print(f"  {line}")
    print()
    for line in table([m.count for m in shown], lang):
        print(line)
    if len(shown) == 1:
        print()
        for line in summarise(shown[0].count).lines(lang):
            print(line)


def picture_path(target: str, slug: str, suffix: str, several: bool) -> Path:
    """Where the picture of `slug` goes: DIR/<slug>.svg when `target` is a folder (an
    existing one, or a name ending in a slash, made if missing), else `target` itself for
    one method, or target's name with -<slug> for several."""
    path = Path(target)
    if target.endswith(("/", os.sep)) or path.is_dir():
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ScoreError(1, f"cannot make the folder {target}: {exc.strerror}") from None
        return path / f"{slug}{suffix}"
    if not several:
        return path
    return path.with_name(f"{path.stem}-{slug}{path.suffix or suffix}")


def draw(args: argparse.Namespace, record: Record, method: MethodScore, several: bool
         ) -> None:
    """Write the picture of what `method` built as SVG and / or PNG (each file whole or
    not at all); says where."""
    from ..pictures import build_picture, png_of, svg_of

    game = record.game
    unclear = [_point(game, s[0]) for s in method.unclear]
    pic = build_picture(method.count, scoring_input(game).stones, unclear,
                        first_move_notes(game, method))
    lang = args.lang
    written = []
    for target, suffix in ((args.svg, ".svg"), (args.png, ".png")):
        if not target:
            continue
        path = picture_path(target, method.slug, suffix, several)
        data = (svg_of(pic, lang).encode("utf-8") if suffix == ".svg"
                else png_of(pic, args.scale, lang))
        write(path, data)
        written.append(str(path))
    for line in lines(lang, *(in_one(one, "drew {method} to {files}", method=method.slug,
                                     files=in_one(one, " and ").join(written))
                              for one in ("zh", "en"))):
        print(line, file=sys.stderr)


def check_png(lang: str = "both") -> None:
    """Before counting: PNG output needs its renderer, and Chinese needs a CJK font."""
    from ..pictures import PngUnavailable, draws_chinese

    try:
        chinese = draws_chinese()
    except PngUnavailable as exc:
        raise ScoreError(1, f"--png: {exc}") from None
    if not chinese and lang != "en":
        print(f"{PROG}: warning: no font with Chinese glyphs found, the PNG will miss its "
              "Chinese lines (Debian: apt install fonts-noto-cjk)", file=sys.stderr)


def param_tokens(items: list[str]) -> list[str]:
    """--param values, each option holding one or more key=value separated by commas."""
    return [t for item in items for t in item.split(",") if t.strip()]


def is_batch(args: argparse.Namespace) -> bool:
    """Several games: more than one path, a directory or a glob, or a batch option (one
    path that names no file is one game, refused with the reason)."""
    if any(getattr(args, name) not in (None, False) for name in BATCH_OPTIONS):
        return True
    if len(args.paths) != 1:
        return True
    only = args.paths[0]
    return os.path.isdir(only) or (not os.path.exists(only) and glob.has_magic(only))


def game_files(args: argparse.Namespace) -> GameFiles | None:
    """--svg / --png / --json DIR of a batch: each a folder (made if missing), where each
    game's pictures and count go; None when none is asked."""
    from .score_batch import GameFiles

    asked = {name: getattr(args, name) for name in PER_GAME_OPTIONS if getattr(args, name)}
    if not asked:
        return None
    if args.dask is not None:
        raise ScoreError(2, f"--{', --'.join(asked)}: not with --dask (the files would be "
                            "written where the cluster's workers run)")
    for name, target in asked.items():
        if target is True or (os.path.exists(target) and not os.path.isdir(target)):
            raise ScoreError(2, f"--{name}: in a batch it names a folder (one file per game)")
        try:
            os.makedirs(target, exist_ok=True)
        except OSError as exc:
            raise ScoreError(1, f"cannot make the folder {target}: {exc.strerror}") from None
    if args.png:
        if not 0.5 <= args.scale <= 8:
            raise ScoreError(2, "--scale must be between 0.5 and 8")
        check_png(args.lang)
    return GameFiles(args.svg, args.png, asked.get("json"), args.scale, args.lang)


def write_game_files(files: GameFiles, stem: str, record: Record, result: ScoreResult
                     ) -> None:
    """A batch's files of one game: DIR/<stem>-<slug>.svg / .png per method, and
    DIR/<stem>.json (its count); each written whole or not at all."""
    from ..pictures import build_picture, png_of, svg_of

    game = record.game
    if files.json:
        write(Path(files.json) / f"{stem}.json",
              json.dumps(result.to_dict(), ensure_ascii=False, indent=1).encode("utf-8"))
    for method in result.methods if files.svg or files.png else ():
        unclear = [_point(game, s[0]) for s in method.unclear]
        pic = build_picture(method.count, scoring_input(game).stones, unclear,
                            first_move_notes(game, method))
        if files.svg:
            write(Path(files.svg) / f"{stem}-{method.slug}.svg",
                  svg_of(pic, files.lang).encode("utf-8"))
        if files.png:
            write(Path(files.png) / f"{stem}-{method.slug}.png",
                  png_of(pic, files.scale, files.lang))


def write(path: Path, data: bytes) -> None:
    """`data` to `path`, atomically; a refusal is a ScoreError with the reason."""
    try:
        atomic_write(path, data)
    except FileRefused as exc:
        raise ScoreError(1, f"cannot write {exc}") from None
    except OSError as exc:
        raise ScoreError(1, f"cannot write {path}: {exc.strerror}") from None


def run_many(args: argparse.Namespace) -> int:
    """Count a collection (score_batch.py)."""
    from ..scoring.batch import BatchOptions
    from .score_batch import BatchError, BatchSettings, run_batch

    given = [f"--{name}" for name in ONE_GAME_OPTIONS if getattr(args, name)]
    if given:
        raise ScoreError(2, f"{', '.join(given)}: for one game only, not a batch")
    files = game_files(args)
    if args.workers is not None and args.workers < 1:
        raise ScoreError(2, "--workers must be at least 1")
    if args.jsonl == "-" and args.csv == "-":
        raise ScoreError(2, "--jsonl and --csv cannot both go to stdout")
    engine = judge_engine_of(args)
    methods_text = args.method or "all"
    try:
        rules = resolve_rules(args.rules, None)[0]
        slugs = method_list(methods_text, rules)
        given_params = parse_params(param_tokens(args.param))
    except ScoringError as exc:
        raise ScoreError(2, str(exc)) from None
    except ValueError as exc:
        raise ScoreError(2, f"--param: {exc}") from None
    options = BatchOptions(methods=",".join(slugs), rules=args.rules, komi=args.komi,
                           seed=args.seed, params=given_params, move=args.move)
    workers = args.workers or os.cpu_count() or 1
    settings = BatchSettings(paths=args.paths, options=options, methods=slugs,
                             jsonl=args.jsonl, csv=args.csv, workers=workers,
                             resume=args.resume, dask=args.dask, lang=args.lang,
                             finished_only=args.finished_only, files=files, engine=engine)
    from .cluster import ClusterError

    try:
        return run_batch(settings)
    except (BatchError, ClusterError) as exc:
        raise ScoreError(2, str(exc)) from None


def judge_engine_of(args: argparse.Namespace) -> JudgeEngine | None:
    """A batch's judge engine, started here so that a command that cannot work is refused
    before any game is counted; the games counted in this process use it, and each worker
    process starts its own (`score_batch.count_locally`)."""
    refused = refused_judge_option(args)
    if refused is not None:
        raise ScoreError(2, refused)
    if not args.judge_engine:
        return None
    if args.dask is not None:
        raise ScoreError(2, "--judge-engine: not with --dask (each worker of the cluster "
                            "would need the engine); count on this machine with --workers")
    from .score_batch import JudgeEngine, judge_in_process

    engine = JudgeEngine(args.judge_engine, args.judge_visits)
    judge, failure = judge_in_process(engine, args.seed)
    if judge is None:
        raise ScoreError(2, failure or "cannot use the judge engine")
    return engine


def json_flag_last(argv: list[str]) -> list[str]:
    """`score --json game.sgf`: --json's optional folder would take the game.  A file, `-`
    or a name ending in .sgf right after --json is a game to count, so --json moves to the
    end of the line, where it is the bare flag."""
    for i, given in enumerate(argv[:-1]):
        after = argv[i + 1]
        if given == "--json" and (after == "-" or after.lower().endswith(".sgf")
                                 or os.path.isfile(after)):
            return [*argv[:i], *argv[i + 1:], "--json"]
    return argv


def run(args: argparse.Namespace) -> int:
    """`gtp-weiqi score`: one game's table, or a batch; the exit status."""
    args.lang = resolve(args.lang)
    try:
        if is_batch(args):
            return run_many(args)
        args.sgf = args.paths[0]
        return count_one(args)
    except ScoreError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return exc.code


def main(argv: list[str] | None = None) -> int:
    """`gtp-weiqi score ARGV...` (the same parser as the command's)."""
    from .cli import run_subcommand

    return run_subcommand("score", argv)


__all__ = ["add_arguments", "json_flag_last", "main", "run", "table", "width_of"]

"""`gtp-weiqi score GAME.sgf`: count a finished game under any method, as a table and a picture.

    gtp-weiqi score game.sgf                       the rules' own method (SGF RU, else chinese)
    gtp-weiqi score game.sgf --method all          every method, one row each
    gtp-weiqi score game.sgf --method zilu --dead C2 --svg zilu.svg --png zilu.png
    gtp-weiqi score game.sgf --method all --svg pictures/     one picture per method

The game is replayed under our rules: an illegal record is refused with the move number and
the reason.  The statuses come from `--dead` (the strings at those points are dead, every
other string alive or seki as judged), else from the SGF's DD marks, else from the engine's
own judgement.  A picture shows what a method built, with a legend and the count in Chinese
and English; with several methods each gets its own (`name-<slug>.svg`, or `<slug>.svg` in
a folder).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import unicodedata
from pathlib import Path
from typing import Any

from ..core.board import BLACK, EMPTY, WHITE
from ..core.coords import format_vertex, parse_vertex
from ..core.files import FileRefused, atomic_write
from ..core.game import Game
from ..core.rules import Rules, RulesError, komi_argument, lookup_preset, parse_rules
from ..core.sgf import SgfError, build_game, parse_sgf, read_sgf_file, unknown_rules_note
from ..counting import METHODS, method_slug, parse_params
from ..counting.types import Count, number
from ..judgement.marks import scoring_input

DEFAULT_RULES = "chinese"
PROG = "gtp-weiqi score"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Replay an SGF game under the chosen rules, judge the dead stones and "
                    "print the counts of 计活子 (count living stones), 计枰点 (count board "
                    "points) and the standard methods; optionally draw the count as SVG / PNG.",
        epilog="methods: " + ", ".join(METHODS),
    )
    p.add_argument("sgf", metavar="GAME.sgf", help="the game record")
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
                        "repeated (every other string counts as judged alive or seki); "
                        "'none' for no dead stones")
    p.add_argument("--param", action="append", default=[], metavar="KEY=VALUE[,...]",
                   help="counting parameters, comma-separated or the option repeated: "
                        "balance=..., bowl=N, a_point=true, white_handicap_bonus=0|N|N-1")
    p.add_argument("--json", action="store_true", help="print JSON instead of the table")
    p.add_argument("--svg", metavar="OUT.svg|DIR/",
                   help="draw the count as SVG; with several methods one file per method, "
                        "OUT-<slug>.svg, or DIR/<slug>.svg when a folder is named")
    p.add_argument("--png", metavar="OUT.png|DIR/",
                   help="draw the count as PNG (needs the png extra: resvg-py), named as "
                        "--svg")
    p.add_argument("--scale", type=float, default=2.0, metavar="S",
                   help="PNG pixels per SVG unit (default 2)")
    return p


class ScoreError(Exception):
    """A refusal to print: exit code and message."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


# -- loading ------------------------------------------------------------------------------


def load(path: str, rules_text: str | None, komi: float | None) -> tuple[Game, dict[str, Any]]:
    """Replay the game; returns it and the SGF's marks."""
    try:
        parsed = parse_sgf(read_sgf_file(path))
    except SgfError as exc:
        raise ScoreError(1, f"{path}: {exc}") from None
    default_komi: float | None = None
    rules: Rules
    if rules_text is not None:
        try:
            rules, default_komi = parse_rules(rules_text)
        except RulesError as exc:
            raise ScoreError(2, f"--rules: {exc}") from None
    elif parsed.rules is not None:
        rules = parsed.rules
        found = lookup_preset(rules.preset_name) if rules.preset_name else None
        default_komi = found[1] if found else None
    else:
        found = lookup_preset(DEFAULT_RULES)
        assert found is not None
        rules, default_komi = found
        note = unknown_rules_note(parsed, rules)
        if note is not None:
            print(f"{PROG}: {path}: {note}", file=sys.stderr)
    parsed.rules = rules
    if komi is not None:
        parsed.komi = komi
    chosen_komi = parsed.komi if parsed.komi is not None else (
        default_komi if default_komi is not None else 7.5)
    try:
        game = build_game(parsed, rules, chosen_komi)
    except SgfError as exc:
        raise ScoreError(1, f"{path}: {exc}") from None
    return game, parsed.marks


def dead_points(game: Game, dead: list[str] | None, marks: dict[str, Any]
                ) -> tuple[list[int] | None, str]:
    """The points named dead and where they come from ('--dead', 'SGF DD' or judgement)."""
    board = game.board
    if dead is not None:
        points: list[int] = []
        for token in (t for item in dead for t in item.replace(",", " ").split()):
            if token.lower() == "none":
                continue
            try:
                rc = parse_vertex(token, game.width, game.height)
            except ValueError as exc:
                raise ScoreError(2, f"--dead: {exc}") from None
            if rc is None or board.colour[board.point(*rc)] == EMPTY:
                raise ScoreError(2, f"--dead: no stone at {token}")
            points.append(board.point(*rc))
        return points, "--dead"
    if marks.get("DD"):
        pts = [board.point(*rc) for rc in marks["DD"] if board.colour[board.point(*rc)] != EMPTY]
        return pts, "SGF DD"
    return None, "judgement"


def apply_dead(game: Game, points: list[int], judge: Any) -> None:
    """Mark exactly the strings at `points` dead: any other string the judgement took as
    dead is marked alive."""
    board = game.board
    if points:
        game.mark_status(points, "dead")
    chosen = {q for p in points for q in board.string_at(p)}
    verdict = judge.verdict(game)
    revive = [p for p, s in verdict.status.items() if s == "dead" and p not in chosen]
    if revive:
        game.mark_status(revive, "alive")


# -- output -------------------------------------------------------------------------------


def width_of(text: str) -> int:
    """Display width in a terminal: wide (CJK) characters take two columns."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, width: int) -> str:
    return text + " " * max(width - width_of(text), 0)


def shorten(text: str, width: int) -> str:
    return text if width_of(text) <= width else text[: width - 1] + "…"


def table(counts: list[Count]) -> list[str]:
    """One row per method: slug, 中文, English, Black, White, result."""
    from ..pictures.count_in_words import fmt

    head = ["method", "中文", "English", "Black", "White", "result"]
    rows = [head]
    for c in counts:
        rows.append([c.slug, c.name_zh, shorten(c.name_en, 44),
                     f"{fmt(c.black)} {c.unit_zh}", f"{fmt(c.white)} {c.unit_zh}", c.result])
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
    if text is None:
        return [rules.counting], rules.counting
    if text.strip().lower() == "all":
        return list(METHODS), rules.counting
    try:
        slugs = [method_slug(s) for s in text.replace("，", ",").split(",") if s.strip()]
    except ValueError as exc:
        known = str(exc).replace("; known: ", "; known: all, ")
        raise ScoreError(2, f"--method: {known}") from None
    if not slugs:
        raise ScoreError(2, "--method: no method given")
    return slugs, slugs[0]


def run(args: argparse.Namespace) -> int:
    from ..pictures import build_picture, summarise
    from .gtp.engine import WeiqiEngine
    from .gtp.scoring_cmds import Scoring

    if args.png:
        if not 0.5 <= args.scale <= 8:
            raise ScoreError(2, "--scale must be between 0.5 and 8")
        check_png()
    game, marks = load(args.sgf, args.rules, args.komi)
    slugs, headline = _methods(args.method, game.rules)
    try:
        given = parse_params([t for item in args.param for t in item.split(",") if t.strip()])
    except ValueError as exc:
        raise ScoreError(2, f"--param: {exc}") from None
    engine = WeiqiEngine(size=game.width, rules=game.rules, komi=game.komi)
    engine.game = game
    scoring = Scoring(engine)
    points, source = dead_points(game, args.dead, marks)
    if points is not None:
        apply_dead(game, points, scoring.judge)

    from .gtp.protocol import GtpError

    counts: list[Count] = []
    unclear: dict[str, list[int]] = {}
    for slug in dict.fromkeys(slugs + [headline]):
        takes = METHODS[slug].params
        mine = given if len(slugs) == 1 and slug == slugs[0] else {
            k: v for k, v in given.items() if k in takes}
        verdict = scoring.verdict(slug)
        try:
            counts.append(scoring.count(slug, verdict, mine))
        except GtpError as exc:
            raise ScoreError(2, f"{slug}: {exc}") from None
        unclear[slug] = [s[0] for s in verdict.unclear]
    by_slug = {c.slug: c for c in counts}
    shown = [by_slug[s] for s in slugs]
    board = game.board
    dead_now = sorted(board.row_col(p) for p, s in scoring.verdict(headline).status.items()
                      if s == "dead")
    unclear_v = [format_vertex(board.row_col(p)) for p in unclear.get(headline, [])]
    rules_name = game.rules.preset_name or game.rules.to_json()

    if args.json:
        first = by_slug[headline]
        out = {
            "file": args.sgf,
            "size": [game.width, game.height],
            "rules": game.rules.preset_name or game.rules.as_dict(),
            "komi": number(first.komi),
            "moves": {"black": game.moves_made(BLACK), "white": game.moves_made(WHITE)},
            "captured": {"black": game.captured[BLACK], "white": game.captured[WHITE]},
            "dead": [format_vertex(rc) for rc in dead_now],
            "dead_from": source,
            "unclear": unclear_v,
            "counts": [dict(c.to_dict(artefacts=False), summary={
                "zh": summarise(c).line_zh(), "en": summarise(c).line_en()}) for c in shown],
            "analysis": _vertex_lists({k: v for k, v in first.artefacts.items() if k in (
                "removed_dead", "blocks", "eyes", "routes", "public", "territory",
                "one_sided", "figures")}),
        }
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        print(f"{args.sgf}: {game.width}x{game.height}, rules {rules_name}, komi "
              f"{by_slug[headline].komi:g}, {len(game.moves)} moves (Black {game.moves_made(BLACK)}"
              f", White {game.moves_made(WHITE)}), stones captured: black "
              f"{game.captured[BLACK]}, white {game.captured[WHITE]}")
        dead_text = " ".join(format_vertex(rc) for rc in dead_now) or "none"
        print(f"死子 dead stones ({source}): {dead_text}")
        if unclear_v:
            print(f"未定 unclear (counted alive): {' '.join(unclear_v)}")
        print()
        for line in table(shown):
            print(line)
        if len(shown) == 1:
            s = summarise(shown[0])
            print()
            print(s.line_zh())
            print(s.line_en())

    if args.svg or args.png:
        rc = board.row_col
        for slug in slugs:
            pic = build_picture(by_slug[slug], scoring_input(game).stones,
                                [rc(p) for p in unclear.get(slug, [])])
            draw(pic, args.svg, args.png, args.scale, several=len(slugs) > 1)
    return 0


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


def draw(pic: Any, svg: str | None, png: str | None, scale: float, several: bool) -> None:
    """Write the picture as SVG and / or PNG (each file whole or not at all); says where."""
    from ..pictures import png_of, svg_of

    written = []
    for target, suffix in ((svg, ".svg"), (png, ".png")):
        if not target:
            continue
        path = picture_path(target, pic.slug, suffix, several)
        data = svg_of(pic).encode("utf-8") if suffix == ".svg" else png_of(pic, scale)
        try:
            atomic_write(path, data)
        except FileRefused as exc:
            raise ScoreError(1, f"cannot write {exc}") from None
        except OSError as exc:
            raise ScoreError(1, f"cannot write {path}: {exc.strerror}") from None
        written.append(str(path))
    print(f"drew {pic.slug} to {' and '.join(written)}", file=sys.stderr)


def check_png() -> None:
    """Before counting: PNG output needs its renderer, and Chinese needs a CJK font."""
    from ..pictures import PngUnavailable, draws_chinese

    try:
        chinese = draws_chinese()
    except PngUnavailable as exc:
        raise ScoreError(1, f"--png: {exc}") from None
    if not chinese:
        print(f"{PROG}: warning: no font with Chinese glyphs found, the PNG will miss its "
              "Chinese lines (Debian: apt install fonts-noto-cjk)", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error argparse has printed
        return int(exc.code or 0)
    try:
        return run(args)
    except ScoreError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return exc.code


__all__ = ["main", "table", "width_of"]

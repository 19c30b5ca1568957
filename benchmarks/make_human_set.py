"""Scored human games as a set for `bench_human.py`: SGF records in, JSON lines out.

A record is kept when it ended by counting (``RE[B+12.5]``, not ``B+R`` or ``W+T``), its
last node marks the players' dead stones (``TB`` / ``TW`` on stones, as KGS's CGoban saves
an agreed count), and those marks reproduce the recorded margin under the record's rules
(territory counting for Japanese and Korean rules, area counting for Chinese and AGA; a
handicap's compensation as KGS gives it).  The marks are what the players agreed, which is
not always the truth: `bench_human.py` asks KataGo too and scores only the games where both
say the same.

    python benchmarks/make_human_set.py GAMES... --out human.jsonl \\
        [--exclude other.jsonl] [--size 19] [--no-bots]

GAMES are SGF files and folders (every ``*.sgf`` below them).  `--exclude` leaves out the
games of another set (by file name), so that a new set holds none of a development set's
games; `--no-bots` leaves out games with a player whose name looks like a program's.  It
prints how many records it kept and why it left the others out.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path
from typing import Any

from sgfmill import boards, sgf

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gtp_weiqi.core.coords import format_vertex  # noqa: E402
from gtp_weiqi.core.files import atomic_write  # noqa: E402

RESULT = re.compile(r"([BW])\+(\d+(?:\.\d+)?)")
AREA_RULES = ("chinese", "aga")
# White's compensation per handicap stone under area rules, as KGS counts it.
HANDICAP_COMPENSATION = {"chinese": lambda h: h if h > 1 else 0,
                         "aga": lambda h: h - 1 if h > 1 else 0}
BOT_NAMES = re.compile(r"bot|gnugo|gnu_go|leela|katago|^zen\d|^zen$|fuego|pachi|golois|"
                       r"dcnn|^aya|crazystone|mogo|alphago|^lz\d|engine", re.IGNORECASE)


def recorded_margin(text: str) -> float | None:
    """Black's margin from an RE value such as 'W+6.5' (None: not a counted result)."""
    found = RESULT.fullmatch(text.strip())
    if found is None:
        return None
    margin = float(found.group(2))
    return margin if found.group(1) == "B" else -margin


def convert(data: bytes, name: str, size: int | None = None,
            no_bots: bool = False) -> tuple[dict[str, Any] | None, str]:
    """The record of one SGF for the set, or None and why it is left out."""
    try:
        game = sgf.Sgf_game.from_bytes(data)
    except ValueError as exc:
        return None, f"not readable: {exc}"
    root = game.get_root()

    def prop(key: str, default: str = "") -> str:
        return str(root.get(key)) if root.has_property(key) else default

    width = game.get_size()
    if size is not None and width != size:
        return None, f"not {size}x{size}"
    margin = recorded_margin(prop("RE"))
    if margin is None:
        return None, "not ended by counting"
    if no_bots and (BOT_NAMES.search(prop("PB")) or BOT_NAMES.search(prop("PW"))):
        return None, "a player looks like a program"
    board = boards.Board(width)
    setup: dict[str, list[str]] = {"B": [], "W": []}
    for key, colour in (("AB", "b"), ("AW", "w")):
        for point in root.get(key) if root.has_property(key) else ():
            board.play(point[0], point[1], colour)
            setup[colour.upper()].append(format_vertex(point))
    moves: list[list[str]] = []
    captured = {"B": 0, "W": 0}  # stones taken by each colour
    for node in game.get_main_sequence()[1:]:
        colour, move = node.get_move()
        if colour is None:
            continue
        if move is None:
            moves.append([colour.upper(), "pass"])
            continue
        before = len(board.list_occupied_points())
        try:
            board.play(move[0], move[1], colour)
        except ValueError:
            return None, "an illegal move"
        captured[colour.upper()] += before + 1 - len(board.list_occupied_points())
        moves.append([colour.upper(), format_vertex(move)])
    last = game.get_last_node()
    marks = {key: set(last.get(key)) if last.has_property(key) else set()
             for key in ("TB", "TW")}
    if not marks["TB"] and not marks["TW"]:
        return None, "no dead-stone marks (TB/TW) on the last node"
    dead_white = sorted(format_vertex(p) for p in marks["TB"] if board.get(*p) == "w")
    dead_black = sorted(format_vertex(p) for p in marks["TW"] if board.get(*p) == "b")
    black_area = sum(1 for p in marks["TB"] if board.get(*p) is None)
    white_area = sum(1 for p in marks["TW"] if board.get(*p) is None)
    rules = prop("RU").lower()
    komi = float(prop("KM", "0") or 0)
    handicap = int(prop("HA", "0") or 0)
    if rules in AREA_RULES:
        stones = collections.Counter(colour for colour, _point in board.list_occupied_points())
        counted = (stones["b"] - len(dead_black) + black_area + len(dead_white)
                   - stones["w"] + len(dead_white) - white_area - len(dead_black) - komi
                   - HANDICAP_COMPENSATION[rules](handicap))
    else:  # a dead stone is a prisoner, and its point territory
        counted = (black_area + 2 * len(dead_white) + captured["B"]
                   - white_area - 2 * len(dead_black) - captured["W"] - komi)
    if abs(counted - margin) > 1e-6:
        return None, "the marks do not reproduce the recorded result"
    return {"file": name, "size": width, "komi": komi, "handicap": handicap,
            "rules": prop("RU"), "result": prop("RE"), "black": prop("PB"),
            "white": prop("PW"), "date": prop("DT"), "setup": setup, "moves": moves,
            "dead": sorted(dead_black + dead_white), "dead_marks": "TB/TW"}, "kept"


def sgf_files(paths: list[str]) -> list[Path]:
    """The SGF files named, and every *.sgf below the folders named, in name order."""
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        found += sorted(path.rglob("*.sgf")) if path.is_dir() else [path]
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="+", help="SGF files and folders")
    ap.add_argument("--out", type=Path, required=True, help="the set (JSON lines)")
    ap.add_argument("--exclude", type=Path, action="append", default=[],
                    help="a set whose games (by file name) are left out")
    ap.add_argument("--size", type=int, default=None, help="only this board size")
    ap.add_argument("--no-bots", action="store_true",
                    help="leave out games with a player named like a program")
    args = ap.parse_args(argv)
    excluded: set[str] = set()
    for other in args.exclude:
        with other.open(encoding="utf-8") as fh:
            excluded |= {Path(json.loads(line)["file"]).name for line in fh if line.strip()}
    why: collections.Counter[str] = collections.Counter()
    kept = []
    for path in sgf_files(args.games):
        if path.name in excluded:
            why["in an excluded set"] += 1
            continue
        record, reason = convert(path.read_bytes(), str(path), args.size, args.no_bots)
        why[reason] += 1
        if record is not None:
            kept.append(record)
    atomic_write(args.out, "".join(json.dumps(r, ensure_ascii=False) + "\n"
                                   for r in kept).encode("utf-8"))
    for reason, count in why.most_common():
        print(f"{count:6d}  {reason}")
    print(f"{len(kept)} games written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

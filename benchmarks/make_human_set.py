"""Scored human games as a set for `bench_human.py`: SGF records in, JSON lines out.

A record is kept when it ended by counting (``RE[B+12.5]``, not ``B+R`` or ``W+T``), its
last node marks the players' dead stones (``TB`` / ``TW`` on stones, as KGS's CGoban saves
an agreed count), and those marks reproduce the recorded margin: the record counted as
`gtp-weiqi score` counts it, under its own rules' method with the marked stones dead, gives
the recorded result.  The marks are what the players agreed, which is
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gtp_weiqi.core.board import BLACK  # noqa: E402
from gtp_weiqi.core.coords import format_vertex  # noqa: E402
from gtp_weiqi.core.files import atomic_write  # noqa: E402
from gtp_weiqi.scoring.batch import BatchOptions, recorded_winner, score_game  # noqa: E402
from gtp_weiqi.scoring.record import SGF_TERRITORY  # noqa: E402

BOT_NAMES = re.compile(r"bot|gnugo|gnu_go|leela|katago|^zen\d|^zen$|fuego|pachi|golois|"
                       r"dcnn|^aya|crazystone|mogo|alphago|^lz\d|engine", re.IGNORECASE)
OWN_METHOD = BatchOptions(methods=None)  # each record counted under its own rules' method


def players(data: bytes) -> tuple[str, str]:
    """The record's PB and PW (empty when absent)."""
    from sgfmill import sgf

    root = sgf.Sgf_game.from_bytes(data).get_root()
    return tuple(str(root.get(key)) if root.has_property(key) else ""  # type: ignore[return-value]
                 for key in ("PB", "PW"))


def convert(data: bytes, name: str, size: int | None = None,
            no_bots: bool = False) -> tuple[dict[str, Any] | None, str]:
    """The record of one SGF for the set, or None and why it is left out.  It is counted as
    `gtp-weiqi score` counts it, under its own rules, with the dead stones its TB / TW marks
    name (`scoring.record`); kept when that count gives the recorded margin."""
    winner, margin = recorded_winner(_result(data))
    if margin is None:
        return None, "not ended by counting"
    if b"TB[" not in data and b"TW[" not in data:  # else the judgement would be asked
        return None, "no dead-stone marks (TB/TW) on the last node"
    row, record, _count = score_game(name, data, OWN_METHOD)
    if record is None:
        return None, f"not counted: {row['error']}"
    game = record.game
    if size is not None and (game.width, game.height) != (size, size):
        return None, f"not {size}x{size}"
    if no_bots and any(BOT_NAMES.search(p) for p in players(data)):
        return None, "a player looks like a program"
    if row["dead_source"] != SGF_TERRITORY:
        return None, "no dead-stone marks (TB/TW) on the last node"
    black_margin = margin if winner == "B" else -margin
    if abs(row["margins"][row["method"]] - black_margin) > 1e-6:
        return None, "the marks do not reproduce the recorded result"

    def vertex(point: int | None) -> str:
        return "pass" if point is None else format_vertex(game.board.row_col(point))

    word = {BLACK: "B"}
    setup: dict[str, list[str]] = {"B": [], "W": []}
    for point, colour in game.setup:
        setup[word.get(colour, "W")].append(vertex(point))
    return {"file": name, "size": game.width, "komi": game.komi, "handicap": game.handicap,
            "rules": row["rules"], "result": record.recorded_result, "setup": setup,
            "moves": [[word.get(m.colour, "W"), vertex(m.point)] for m in game.moves],
            "dead": row["dead"], "dead_marks": "TB/TW"}, "kept"


def _result(data: bytes) -> str:
    """The RE value, read before the record is parsed and counted: most records of an
    archive are left out, having ended by resignation or time."""
    found = re.search(rb"RE\[([^\]]*)\]", data)
    return found.group(1).decode("utf-8", "replace") if found else ""


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

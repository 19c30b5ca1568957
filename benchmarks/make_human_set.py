"""Scored human games as a set for `bench_human.py`: SGF records in, JSON lines out.

A record is kept when it ended by counting (``RE[B+12.5]``, not ``B+R`` or ``W+T``), its
last node marks the players' dead stones (``TB`` / ``TW`` on stones, as KGS's CGoban saves
an agreed count; or, with ``--katago``, KataGo names them, below), and those marks
reproduce the recorded margin: the record counted as
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

Records without marks (most archives: most years of KGS's, the Tygem and Tom collections)
take KataGo's dead stones instead (``--katago``): each game is replayed into KataGo, its
``final_status_list dead`` asked (answers cached in ``--katago-cache``), written into the
record as ``DD`` and counted the same way; the game is kept when that count gives the
recorded result.  Such a set's truth is KataGo's alone (``dead_marks`` says ``KataGo``);
KataGo is asked under Japanese rules whatever the record's, and the count under the record's
own rules is what checks it.  Records with marks keep them, so a set can mix both truths.
``--sample N --seed S`` draws N of the records ended by counting, seeded, before anything is
counted or asked: the same inputs, given in the same order with the same ``--exclude`` sets,
draw the same games, and the next batch is drawn without them (``--exclude`` leaves out the
games a set kept, so one drawn and left out before can be drawn again).

Collections kept as an index and month files of moves, one game a line (the Tygem and Tom
collections of a public computer-Go dataset), are read with ``--kifu-index INDEX
--kifu-layout tygem|tom`` and the month files as GAMES:

    python benchmarks/make_human_set.py KIFU_FILES... --kifu-index Kifu.index \\
        --kifu-layout tom --sample 650 --seed 2 --katago "katago gtp ..." \\
        --katago-cache kata.json --out tom.jsonl

Tygem's index has no komi and no rules: its games are 6.5 komi, counted by territory.
Tom's gives the komi; its games of komi 7.5 reproduce their results by area counting (the
Chinese rules) and those of 6.5 by territory, so the record carries those rules.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import re
import shlex
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_human import game_from_record, katago_answers  # noqa: E402

from gtp_weiqi.core.board import BLACK  # noqa: E402
from gtp_weiqi.core.coords import format_vertex, parse_vertex  # noqa: E402
from gtp_weiqi.core.files import atomic_write  # noqa: E402
from gtp_weiqi.scoring.batch import BatchOptions, recorded_winner, score_game  # noqa: E402
from gtp_weiqi.scoring.record import SGF_DD, SGF_TERRITORY  # noqa: E402

BOT_NAMES = re.compile(r"bot|gnugo|gnu_go|leela|katago|^zen\d|^zen$|fuego|pachi|golois|"
                       r"dcnn|^aya|crazystone|mogo|alphago|^lz\d|engine", re.IGNORECASE)
OWN_METHOD = BatchOptions(methods=None)  # each record counted under its own rules' method


def players(data: bytes) -> tuple[str, str]:
    """The record's PB and PW (empty when absent)."""
    from sgfmill import sgf

    root = sgf.Sgf_game.from_bytes(data).get_root()
    return tuple(str(root.get(key)) if root.has_property(key) else ""  # type: ignore[return-value]
                 for key in ("PB", "PW"))


def convert(data: bytes, name: str, size: int | None = None, no_bots: bool = False,
            dead: Iterable[str] | None = None, check: bool = True
            ) -> tuple[dict[str, Any] | None, str]:
    """The record of one SGF for the set, or None and why it is left out.  It is counted as
    `gtp-weiqi score` counts it, under its own rules, with the dead stones its TB / TW marks
    name (`scoring.record`), or with `dead` (GTP vertices, KataGo's) when given; kept when
    that count gives the recorded margin (with `check`: without, whatever the margin)."""
    winner, margin = recorded_winner(_result(data))
    if margin is None:
        return None, "not ended by counting"
    if dead is not None:
        try:
            data = with_dead(data, dead)
        except ValueError as exc:  # sgfmill's word for a record it cannot read
            return None, f"not counted: {exc}"
        source, what = SGF_DD, "KataGo's dead stones"
    elif b"TB[" not in data and b"TW[" not in data:  # else the judgement would be asked
        return None, "no dead-stone marks (TB/TW) on the last node"
    else:
        source, what = SGF_TERRITORY, "the marks"
    row, record, _count = score_game(name, data, OWN_METHOD)
    if record is None:
        return None, f"not counted: {row['error']}"
    game = record.game
    if size is not None and (game.width, game.height) != (size, size):
        return None, f"not {size}x{size}"
    if no_bots and any(BOT_NAMES.search(p) for p in players(data)):
        return None, "a player looks like a program"
    if row["dead_source"] != source:
        return None, "no dead-stone marks (TB/TW) on the last node"
    black_margin = margin if winner == "B" else -margin
    if check and abs(row["margins"][row["method"]] - black_margin) > 1e-6:
        return None, f"{what} do not reproduce the recorded result"

    def vertex(point: int | None) -> str:
        return "pass" if point is None else format_vertex(game.board.row_col(point))

    word = {BLACK: "B"}
    setup: dict[str, list[str]] = {"B": [], "W": []}
    for point, colour in game.setup:
        setup[word.get(colour, "W")].append(vertex(point))
    return {"file": name, "size": game.width, "komi": game.komi, "handicap": game.handicap,
            "rules": row["rules"], "result": record.recorded_result, "setup": setup,
            "moves": [[word.get(m.colour, "W"), vertex(m.point)] for m in game.moves],
            "dead": row["dead"], "dead_marks": "TB/TW" if dead is None else "KataGo"}, "kept"


def with_dead(data: bytes, dead: Iterable[str]) -> bytes:
    """The record with ``DD`` on its last node naming `dead` (GTP vertices; ``DD[]`` for
    none), the dead stones the count then takes as the record's own."""
    from sgfmill import sgf

    game = sgf.Sgf_game.from_bytes(data)
    size = game.get_size()
    game.get_last_node().set("DD", {parse_vertex(v, size, size) for v in dead})
    return game.serialise()


def ask_katago(records: list[tuple[str, bytes]], argv: list[str] | None, cache: Path | None,
               size: int | None = None, no_bots: bool = False
               ) -> tuple[dict[str, frozenset[str]], dict[str, str]]:
    """KataGo's dead stones for each record that is counted at all and kept by `size` and
    `no_bots` (`bench_human`'s asking and cache: the game replayed, ``final_status_list
    dead``), and why each of the others was not asked."""
    games, refused = [], {}
    for name, data in records:
        entry, why = convert(data, name, size, no_bots, dead=(), check=False)
        if entry is None:
            refused[name] = why
        else:
            games.append(game_from_record(entry))
    return katago_answers(games, argv, cache), refused


# Index columns per layout: the game's id, then where its komi and result are; None: the
# komi the collection plays with (Tygem: 6.5, territory counting)
KIFU_LAYOUTS: dict[str, tuple[int | None, int]] = {"tygem": (None, 8), "tom": (4, 5)}


def kifu_records(index: Path, month_files: list[Path], layout: str
                 ) -> Iterator[tuple[str, bytes]]:
    """The games of an index (tab-separated, one game a line, its id first) and its month
    files (``id<TAB>;B[pd];W[dd]...``) as SGF records, named ``<layout>-<id>``, with two
    passes after the last move; only the games ended by counting (the result read from the
    index, so the rest are never built).  Tygem: komi 6.5, Japanese rules; Tom: the index's
    komi, Chinese rules at 7.5 and Japanese otherwise."""
    komi_at, result_at = KIFU_LAYOUTS[layout]
    wanted: dict[str, tuple[str, str]] = {}
    for line in index.read_text(encoding="utf-8", errors="replace").splitlines():
        cols = line.split("\t")
        if len(cols) <= max(result_at, komi_at or 0):
            continue
        komi = cols[komi_at] if komi_at is not None else "6.5"
        if recorded_winner(cols[result_at])[1] is not None and _number(komi):
            wanted[cols[0]] = (komi, cols[result_at])
    for path in month_files:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            gid, _tab, moves = line.partition("\t")
            if gid not in wanted:
                continue
            komi, result = wanted[gid]
            rules = "Chinese" if layout == "tom" and float(komi) == 7.5 else "Japanese"
            last = re.findall(r";([BW])\[", moves)
            after = ("W", "B") if last and last[-1] == "B" else ("B", "W")
            text = (f"(;GM[1]FF[4]SZ[19]KM[{komi}]RU[{rules}]RE[{result}]{moves.strip()}"
                    f";{after[0]}[];{after[1]}[])")
            yield f"{layout}-{gid}", text.encode("utf-8")


def _result(data: bytes) -> str:
    """The RE value, read before the record is parsed and counted: most records of an
    archive are left out, having ended by resignation or time."""
    found = re.search(rb"RE\[([^\]]*)\]", data)
    return found.group(1).decode("utf-8", "replace") if found else ""


def _number(text: str) -> bool:
    """Whether `text` reads as a number (an index's komi)."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def sgf_files(paths: list[str]) -> list[Path]:
    """The SGF files named, and every *.sgf below the folders named, in name order."""
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        found += sorted(path.rglob("*.sgf")) if path.is_dir() else [path]
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="+", help="SGF files and folders (with --kifu-index: "
                    "the month files)")
    ap.add_argument("--out", type=Path, required=True, help="the set (JSON lines)")
    ap.add_argument("--exclude", type=Path, action="append", default=[],
                    help="a set whose games (by file name) are left out")
    ap.add_argument("--size", type=int, default=None, help="only this board size")
    ap.add_argument("--no-bots", action="store_true",
                    help="leave out games with a player named like a program")
    ap.add_argument("--kifu-index", type=Path, default=None,
                    help="the index of a collection of month files (see --kifu-layout)")
    ap.add_argument("--kifu-layout", choices=sorted(KIFU_LAYOUTS), default="tygem")
    ap.add_argument("--sample", type=int, default=0,
                    help="draw this many of the games ended by counting (seeded)")
    ap.add_argument("--seed", type=int, default=0, help="the seed of --sample")
    ap.add_argument("--katago", default="",
                    help="KataGo's GTP command: its dead stones for records without marks")
    ap.add_argument("--katago-cache", type=Path, default=None,
                    help="JSON file of KataGo's answers, read and extended")
    args = ap.parse_args(argv)
    excluded: set[str] = set()
    for other in args.exclude:
        with other.open(encoding="utf-8") as fh:
            excluded |= {Path(json.loads(line)["file"]).name for line in fh if line.strip()}
    why: collections.Counter[str] = collections.Counter()
    if args.kifu_index is not None:
        records = list(kifu_records(args.kifu_index, [Path(g) for g in args.games],
                                    args.kifu_layout))
    else:
        records = [(str(path), path.read_bytes()) for path in sgf_files(args.games)]
    drawn = []
    for name, data in records:
        if Path(name).name in excluded:
            why["in an excluded set"] += 1
        elif recorded_winner(_result(data))[1] is None:
            why["not ended by counting"] += 1
        else:
            drawn.append((name, data))
    if args.sample and args.sample < len(drawn):
        why["not drawn"] += len(drawn) - args.sample
        drawn = random.Random(args.seed).sample(drawn, args.sample)
    unmarked = [(n, d) for n, d in drawn if b"TB[" not in d and b"TW[" not in d]
    katago = shlex.split(args.katago) if args.katago else None
    dead: dict[str, frozenset[str]] = {}
    unanswered: dict[str, str] = {}  # unmarked records left without KataGo's dead stones
    if katago or args.katago_cache:
        dead, unanswered = ask_katago(unmarked, katago, args.katago_cache, args.size,
                                      args.no_bots)
        unanswered.update((n, "no dead-stone marks, and no answer from KataGo")
                          for n, _d in unmarked if n not in dead and n not in unanswered)
    kept = []
    for name, data in drawn:
        if name in unanswered:
            why[unanswered[name]] += 1
            continue
        record, reason = convert(data, name, args.size, args.no_bots, dead.get(name))
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

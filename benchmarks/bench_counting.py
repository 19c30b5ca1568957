"""Counting speed on finished 19x19 positions: every method, and 子空 against sgfmill.

Positions: seeded random finished positions from tests/support/finished_positions.py (two-eye
walls, dead stones in eyes and territories) plus, when present, the GNU Go games in
tests/data/games/19 (dead stones from ``DD`` on the last node).  For each position it
prints, in milliseconds per call (mean of --reps runs):

- all: the analysis plus the 17 methods once each (the brief's target: under 20 ms);
- all+bal: the analysis plus every method, shulu and dengzi under all 7 balancings;
- zikong: analysis plus zikong (what ``final_score`` would cost);
- sgfmill: sgfmill ``Board.area_score()`` on the same board with the dead stones removed;
- ratio: zikong / sgfmill, measured in the same run.

Each figure is the best of 5 batch means, to damp load spikes on a shared machine.

    python benchmarks/bench_counting.py [--positions 5] [--reps 30]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from sgfmill import boards, sgf

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this tree's package and the tests' support

from support.finished_positions import random_finished_position  # noqa: E402

from gtp_weiqi.counting import (  # noqa: E402
    BALANCES,
    METHODS,
    Judgement,
    ScoringInput,
    analyse,
    count,
)

GAMES = ROOT / "tests" / "data" / "games" / "19"


def load_game(path: Path) -> tuple[ScoringInput, Judgement]:
    """Replay an SGF main line with sgfmill; dead stones from DD on the last node."""
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    size = game.get_size()
    board = boards.Board(size)
    captured = {"b": 0, "w": 0}
    moves = {"b": 0, "w": 0}
    passes = {"b": 0, "w": 0}
    first = last = None
    handicap = 0
    root = game.get_root()
    if root.has_property("AB"):
        for r, c in root.get("AB"):
            board.play(r, c, "b")
        handicap = len(root.get("AB"))
    for node in game.get_main_sequence():
        colour, move = node.get_move()
        if colour is None:
            continue
        first = first or colour
        last = colour
        moves[colour] += 1
        if move is None:
            passes[colour] += 1
            continue
        opp = "w" if colour == "b" else "b"
        before = sum(1 for _, _, p in _stones(board) if p == opp)
        board.play(move[0], move[1], colour)
        captured[opp] += before - sum(1 for _, _, p in _stones(board) if p == opp)
    stones = {(r, c): col for r, c, col in _stones(board)}
    last_node = game.get_last_node()
    dead = set(last_node.get("DD")) if last_node.has_property("DD") else set()
    status = {p: "dead" for p in dead if p in stones}
    inp = ScoringInput(size, size, stones, captured, moves, passes, first or "b", last,
                       handicap, float(game.get_komi()))
    return inp, Judgement(status=status)


def _stones(board: boards.Board) -> list[tuple[int, int, str]]:
    return [(r, c, col) for (col, (r, c)) in
            ((board.get(r, c), (r, c)) for r in range(board.side) for c in range(board.side))
            if col is not None]


def positions(n: int) -> list[tuple[str, ScoringInput, Judgement]]:
    out = []
    for seed in range(n):
        inp, j = random_finished_position(random.Random(seed), 19, 19)
        out.append((f"random-{seed}", inp, j))
    if GAMES.is_dir():
        for path in sorted(GAMES.glob("*.sgf"))[:n]:
            inp, j = load_game(path)
            out.append((path.stem, inp, j))
    return out


def timed(fn, reps: int, batches: int = 5) -> float:
    """Milliseconds per call: the best of `batches` batch means (robust to load spikes)."""
    fn()
    per = max(reps // batches, 1)
    best = float("inf")
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(per):
            fn()
        best = min(best, (time.perf_counter() - start) / per * 1000)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=5)
    ap.add_argument("--reps", type=int, default=30)
    args = ap.parse_args(argv)

    print(f"{'position':>14} {'all':>7} {'all+bal':>8} {'zikong':>7} {'sgfmill':>8} "
          f"{'ratio':>6}  margin check")
    totals = [0.0, 0.0, 0.0, 0.0]
    rows = 0
    for name, inp, j in positions(args.positions):
        def all_methods(inp=inp, j=j) -> None:
            a = analyse(inp, j)
            for slug in METHODS:
                count(slug, inp, j, analysis=a)

        def all_balancings(inp=inp, j=j) -> None:
            a = analyse(inp, j)
            for slug in METHODS:
                if slug in ("shulu", "dengzi"):
                    for bal in BALANCES:
                        count(slug, inp, j, analysis=a, balance=bal)
                else:
                    count(slug, inp, j, analysis=a)

        dead = {p for p, s in j.status.items() if s == "dead"}
        sb = boards.Board(inp.width)
        for (r, c), col in inp.stones.items():
            if (r, c) not in dead:
                sb.play(r, c, col)

        t_all = timed(all_methods, args.reps)
        t_bal = timed(all_balancings, args.reps)
        t_zk = timed(lambda inp=inp, j=j: count("zikong", inp, j), args.reps)
        t_sg = timed(sb.area_score, args.reps)
        ours = count("zikong", inp, j).margin + inp.komi
        check = "ok" if ours == sb.area_score() else f"DIFFERS ({ours} vs {sb.area_score()})"
        print(f"{name:>14} {t_all:7.2f} {t_bal:8.2f} {t_zk:7.2f} {t_sg:8.2f} "
              f"{t_zk / t_sg:6.2f}  {check}")
        for i, t in enumerate((t_all, t_bal, t_zk, t_sg)):
            totals[i] += t
        rows += 1
    if rows:
        m = [t / rows for t in totals]
        print(f"{'mean':>14} {m[0]:7.2f} {m[1]:8.2f} {m[2]:7.2f} {m[3]:8.2f} "
              f"{m[2] / m[3]:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

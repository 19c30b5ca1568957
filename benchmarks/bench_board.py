"""Speed of gtp_weiqi.core.board against sgfmill's Board, measured in the same run.

Seeded random 19x19 games (legal, no suicide, simple ko respected, never filling one's own
one-point eye; a game ends after two passes in a row, or after 4 * 19 * 19 moves when a
ko cycle keeps it going) are generated once, then:

1. replay: every stone play of those games on a fresh board, ours vs sgfmill ``Board.play``;
2. random playouts from the empty board with the same move policy and legality checks: ours
   with ``is_eyeish`` + ``is_legal``; sgfmill with a neighbour pre-check falling back to
   copy-and-play (sgfmill allows self-capture, so that is how it learns about suicide).

Run as ``python benchmarks/bench_board.py [--games N] [--quick]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sgfmill.boards import Board as SgfBoard  # noqa: E402

from gtp_weiqi.core.board import BLACK, COLOUR_OF_WORD, EMPTY, Board  # noqa: E402

SIZE = 19
Move = tuple[int, int | None]  # (colour, point or None for a pass)


def choose_move(board: Board, empties: list[int], colour: int, ko: int | None,
                rnd: Callable[[], float]) -> int | None:
    """Pick a random legal non-eye-filling point from `empties` and drop it from the list."""
    n = len(empties)
    while n:
        i = int(rnd() * n)
        p = empties[i]
        if p != ko and not board.is_eyeish(p, colour) and board.is_legal(p, colour):
            empties[i] = empties[-1]
            empties.pop()
            return p
        n -= 1
        empties[i], empties[n] = empties[n], empties[i]
    return None


def random_game(seed: int, size: int = SIZE) -> list[Move]:
    """One seeded random game on our board; returns its moves."""
    rnd = random.Random(seed).random
    board = Board(size)
    empties = list(board.points)
    max_moves = 4 * size * size
    moves: list[Move] = []
    colour, ko, passes = BLACK, None, 0
    while passes < 2 and len(moves) < max_moves:
        p = choose_move(board, empties, colour, ko, rnd)
        if p is None:
            passes += 1
            ko = None
        else:
            passes = 0
            removed, _ = board.play(p, colour)
            empties += removed
            ko = board.ko_point
        moves.append((colour, p))
        colour = 3 - colour
    return moves


def sgf_random_game(seed: int, size: int = SIZE) -> int:
    """The same move policy on sgfmill's board; returns the number of moves."""
    rnd = random.Random(seed).random
    board = SgfBoard(size)
    points = board.board_points
    nbrs = {(r, c): [(r1, c1) for r1, c1 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                     if 0 <= r1 < size and 0 <= c1 < size] for r, c in points}
    max_moves = 4 * size * size
    moves = 0
    colour, ko, passes = "b", None, 0
    while passes < 2 and moves < max_moves:
        empties = [pt for pt in points if board.get(*pt) is None]
        chosen = None
        n = len(empties)
        while n:
            i = int(rnd() * n)
            pt = empties[i]
            if pt != ko and _sgf_ok(board, pt, colour, nbrs[pt]):
                chosen = pt
                break
            n -= 1
            empties[i], empties[n] = empties[n], empties[i]
        if chosen is None:
            passes += 1
            ko = None
        else:
            passes = 0
            ko = board.play(chosen[0], chosen[1], colour)
        moves += 1
        colour = "w" if colour == "b" else "b"
    return moves


def _sgf_ok(board: SgfBoard, pt: tuple[int, int], colour: str,
            nbrs: list[tuple[int, int]]) -> bool:
    """Not an own one-point eye, and not suicide (checked by copy-and-play when needed)."""
    around = [board.get(*q) for q in nbrs]
    if all(c == colour for c in around):
        return False
    if None in around:
        return True
    trial = board.copy()
    trial.play(pt[0], pt[1], colour)
    return trial.get(*pt) == colour


def replay_ours(games: list[list[tuple[int, int]]]) -> Board:
    board = Board(SIZE)
    for plays in games:
        board = Board(SIZE)
        play = board.play
        for colour, p in plays:
            play(p, colour)
    return board


def replay_sgfmill(games: list[list[tuple[str, int, int]]]) -> SgfBoard:
    board = SgfBoard(SIZE)
    for plays in games:
        board = SgfBoard(SIZE)
        play = board.play
        for colour, row, col in plays:
            play(row, col, colour)
    return board


def repeat(fn: Callable[[], object], n: int) -> None:
    for _ in range(n):
        fn()


def best_time(fn: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games to replay")
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    args = parser.parse_args()
    n_games = min(args.games, 5) if args.quick else args.games
    repeats = 1 if args.quick else 5

    t0 = time.perf_counter()
    games = [random_game(1000 + i) for i in range(n_games)]
    gen_time = time.perf_counter() - t0
    n_moves = sum(len(g) for g in games)

    proto = Board(SIZE)
    ours = [[(c, p) for c, p in g if p is not None] for g in games]
    theirs = []
    for plays in ours:
        seq = []
        for c, p in plays:
            row, col = proto.row_col(p)
            seq.append(("b" if c == BLACK else "w", row, col))
        theirs.append(seq)
    n_plays = sum(len(g) for g in ours)

    # Same final positions, or the comparison means nothing.
    for plays, seq in zip(ours, theirs, strict=True):
        a, b = replay_ours([plays]), replay_sgfmill([seq])
        for p in a.points:
            expected = {None: EMPTY, **COLOUR_OF_WORD}[b.get(*a.row_col(p))]
            assert a.colour[p] == expected, "final positions differ from sgfmill"

    first = [g[:250] for g in ours]
    first_sgf = [g[:250] for g in theirs]
    n_first = sum(len(g) for g in first)
    ours_full = best_time(lambda: replay_ours(ours), repeats) / n_plays * 1e6
    sgf_full = best_time(lambda: replay_sgfmill(theirs), repeats) / n_plays * 1e6
    ours_250 = best_time(lambda: replay_ours(first), repeats) / n_first * 1e6
    sgf_250 = best_time(lambda: replay_sgfmill(first_sgf), repeats) / n_first * 1e6

    # Playouts: ours over fresh seeds, sgfmill over fewer games (it is much slower).
    ours_seeds = range(5000, 5000 + n_games)
    t0 = time.perf_counter()
    ours_moves = sum(len(random_game(s)) for s in ours_seeds)
    ours_rate = ours_moves / (time.perf_counter() - t0)
    sgf_games = 1 if args.quick else max(2, n_games // 5)
    t0 = time.perf_counter()
    sgf_moves = sum(sgf_random_game(s) for s in range(5000, 5000 + sgf_games))
    sgf_rate = sgf_moves / (time.perf_counter() - t0)

    # A copy 200 plays into the first game.
    mid = Board(SIZE)
    mid_sgf = SgfBoard(SIZE)
    for (c, p), (sc, r, col) in zip(ours[0][:200], theirs[0][:200], strict=True):
        mid.play(p, c)
        mid_sgf.play(r, col, sc)
    copies = 2000
    ours_copy = best_time(lambda: repeat(mid.copy, copies), repeats) / copies * 1e6
    sgf_copy = best_time(lambda: repeat(mid_sgf.copy, copies), repeats) / copies * 1e6

    print(f"{n_games} random {SIZE}x{SIZE} games: {n_moves} moves, {n_plays} plays "
          f"(generated in {gen_time:.2f} s); best of {repeats}")
    print(f"{'measure':<34}{'gtp_weiqi':>12}{'sgfmill':>12}{'ratio':>9}")
    rows = [
        ("replay, full games (us/play)", ours_full, sgf_full, sgf_full / ours_full),
        ("replay, first 250 plays (us/play)", ours_250, sgf_250, sgf_250 / ours_250),
        ("random playouts (moves/s)", ours_rate, sgf_rate, ours_rate / sgf_rate),
        ("copy at play 200 (us)", ours_copy, sgf_copy, sgf_copy / ours_copy),
    ]
    for name, a, b, ratio in rows:
        fmt = ".0f" if a >= 100 else ".2f"
        print(f"{name:<34}{a:>12{fmt}}{b:>12{fmt}}{ratio:>8.1f}x")
    print(f"(sgfmill playouts: {sgf_games} games, {sgf_moves} moves; "
          f"ours: {n_games} games, {ours_moves} moves)")


if __name__ == "__main__":
    main()

"""Playouts per second of the built-in player on 9x9 and 19x19, against a peer measured in
the same run.

* ``light``: the player's playout policy (captures / atari escapes, 3x3 shapes, random, no
  own-eye filling, no large self-atari) on the playout board from the empty board, counted at
  the end;
* ``search``: whole MCTS simulations (tree descent and expansion, playout, RAVE update) from
  the empty board and from a middle-game position (move 30 of a seeded light playout);
* peer ``random``: uniform random playouts on the same board (any legal point that does not
  fill a one-point eye, simple ko) on the game's Board, the policy of
  benchmarks/bench_board.py, counted the same way.  The ratio light / random is the price of
  the policy (and of the playout board against the game's).

Timings vary with the machine's load; the ratios are what to compare between runs.  Run as
``python benchmarks/bench_playouts.py [--seconds S] [--size N ...]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_board import choose_move  # noqa: E402

import gtp_weiqi.core.board as board_module  # noqa: E402
from gtp_weiqi.core.board import BLACK, EMPTY, Board  # noqa: E402
from gtp_weiqi.core.game import Game  # noqa: E402
from gtp_weiqi.core.playout_board import PlayoutBoard  # noqa: E402
from gtp_weiqi.core.rules import lookup_preset  # noqa: E402
from gtp_weiqi.player.patterns import geometry  # noqa: E402
from gtp_weiqi.player.playout import area_margin, run_playout  # noqa: E402
from gtp_weiqi.player.search import Search  # noqa: E402


def random_playout(board: Board, rnd, max_moves: int) -> int:
    """Uniform random legal moves that do not fill a one-point eye; returns moves played."""
    empties = [p for p in board.points if board.colour[p] == EMPTY]
    colour, passes, ko, moves = BLACK, 0, None, 0
    while passes < 2 and moves < max_moves:
        move = choose_move(board, empties, colour, ko, rnd)
        moves += 1
        if move is not None:
            removed, _ = board.play(move, colour)
            empties.extend(removed)
            ko = board.ko_point
            passes = 0
        else:
            passes += 1
            ko = None
        colour = 3 - colour
    return moves


def rate(run, seconds: float) -> tuple[float, float]:
    """(calls per second, mean returned value) over about `seconds`."""
    run()  # warm up
    n = 0
    total = 0.0
    start = time.perf_counter()
    while True:
        total += run()
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n / elapsed, total / n


def measure(size: int, seconds: float) -> None:
    geo = geometry(size, size)
    rng = random.Random(f"bench {size}")
    max_moves = 3 * size * size + 20
    empty = Board(size)

    empty_playout = PlayoutBoard(empty)

    def light() -> float:
        board = empty_playout.copy()
        seq: list[int] = []
        run_playout(board, BLACK, 0, 0, geo, rng.random, seq, max_moves)
        area_margin(board, False)
        return len(seq)

    def peer() -> float:
        board = empty.copy()
        moves = random_playout(board, rng.random, max_moves)
        area_margin(board, False)  # type: ignore[arg-type]  # without the tax: colours only
        return moves

    light_rate, light_moves = rate(light, seconds)
    peer_rate, peer_moves = rate(peer, seconds)

    rules = lookup_preset("chinese")[0]
    middle = Game(size, rules=rules)
    seq: list[int] = []
    run_playout(PlayoutBoard(Board(size)), BLACK, 0, 0, geo, random.Random(7).random, seq, 30)
    for e in seq[:30]:
        middle.play(e & 3, (e >> 2) or None)

    def search_rate(game: Game) -> float:
        search = Search(game, game.to_move, "bench")
        start = time.perf_counter()
        search.run(None, seconds)
        return search.playouts / (time.perf_counter() - start)

    opening = search_rate(Game(size, rules=rules))
    mid = search_rate(middle)
    print(f"{size}x{size}: light playouts {light_rate:8.0f}/s ({light_moves:.0f} moves, "
          f"{light_rate * light_moves:8.0f} moves/s); peer random {peer_rate:8.0f}/s "
          f"({peer_moves:.0f} moves, {peer_rate * peer_moves:8.0f} moves/s); "
          f"light/random = {light_rate / peer_rate:.2f}")
    print(f"{size}x{size}: MCTS simulations {opening:8.0f}/s from the empty board, "
          f"{mid:8.0f}/s at move 30; search/light = {opening / light_rate:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    parser.add_argument("--size", type=int, nargs="+", default=[9, 19])
    args = parser.parse_args(argv)
    compiled = not board_module.__file__.endswith(".py")
    print(f"Python {sys.version.split()[0]}; board module "
          f"{'compiled' if compiled else 'pure Python'} ({Path(board_module.__file__).name})")
    for size in args.size:
        measure(size, args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Dead-stone judgement on finished GNU Go games: ours against GNU Go's ``final_status_list dead``.

For each SGF made by make_gnugo_games.py the main line is the test position and ``DD`` on its last
node holds the dead stones (死子): gone after both of GNU Go's cleanups at full strength (one with
each side moving first). A game is right when every settled string's status (dead or not dead)
matches; a string in an unclear group counts as wrong. Strings with a stone gone after one
cleanup only (``DU``, unsettled) are set aside for both engines, and counted.
GNU Go is asked on the same positions in the same run (one process, ``loadsgf`` then a timed
``final_status_list dead``). Prints, per board size, both shares of all-right games, the mean time
per game of each and the ratio ours / GNU Go.

    python benchmarks/bench_status.py [--size 19] [--limit 10] [--seed 0] [--cpu] [--verbose]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sgfmill import sgf

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import find_gnugo  # noqa: E402
from make_gnugo_games import Gtp, GtpError, parse_vertices, read_points  # noqa: E402

from gtp_weiqi.core.board import COLOUR_OF_WORD, Board  # noqa: E402
from gtp_weiqi.core.coords import format_vertex  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "games"

Point = tuple[int, int]


@dataclass
class Position:
    """A test position with its truth, read from one SGF."""

    path: Path
    size: int
    board: Board
    dead: set[Point]  # (row, col), row 0 at the bottom
    settled: list[tuple[int, ...]]  # the strings both cleanups agree on
    set_aside: int  # strings with a stone gone after one of the two cleanups only


def load_position(path: Path) -> Position:
    """Replay the main line of a record with play(); the truth is DD and DU on its last node."""
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    size = game.get_size()
    board = Board(size)
    for node in game.get_main_sequence():
        colour, move = node.get_move()
        if colour is not None and move is not None:
            board.play(board.point(*move), COLOUR_OF_WORD[colour])
    last = game.get_last_node()
    if not last.has_property("DD"):
        raise ValueError(f"{path}: no DD (dead stones) on the last node")
    unsettled = read_points(last, "DU", size)
    strings = [stones for _colour, stones, _libs in board.strings()]
    settled = [s for s in strings if not any(board.row_col(p) in unsettled for p in s)]
    return Position(path, size, board, read_points(last, "DD", size), settled,
                    len(strings) - len(settled))


def wrong_strings(
    pos: Position, says_dead: Callable[[tuple[int, ...]], bool | None]
) -> list[tuple[int, ...]]:
    """Strings whose dead/not-dead verdict differs from the truth (None means unclear: wrong)."""
    wrong = []
    for stones in pos.settled:
        truth = pos.board.row_col(stones[0]) in pos.dead
        if says_dead(stones) != truth:
            wrong.append(stones)
    return wrong


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) another process has used so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def judge_ours(judge: Callable, pos: Position, seed: int = 0, cpu: bool = False
               ) -> tuple[list[tuple[int, ...]], float, int]:
    """Our wrong strings (unclear ones included), the time the judgement took (CPU time
    with `cpu`) and how many of the wrong strings are unclear rather than misjudged."""
    board = pos.board.copy()
    clock = time.process_time if cpu else time.perf_counter
    start = clock()
    result = judge(board, seed=seed)
    took = clock() - start
    unclear = {p for group in result.unclear for p in group}

    def says_dead(stones: tuple[int, ...]) -> bool | None:
        if any(p in unclear for p in stones):
            return None
        verdicts = {result.status[p] for p in stones if p in result.status}
        if len(verdicts) != 1:
            return None  # missing or inconsistent within one string
        return verdicts.pop() == "dead"

    wrong = wrong_strings(pos, says_dead)
    return wrong, took, sum(1 for stones in wrong if any(p in unclear for p in stones))


def judge_gnugo(eng: Gtp, pos: Position, cpu: bool = False
                ) -> tuple[list[tuple[int, ...]], float]:
    """GNU Go's wrong strings and the time of its ``final_status_list dead`` (its process's
    CPU time with `cpu`, to the clock tick)."""
    eng.command(f"loadsgf {pos.path.resolve()}")
    pid = eng._engine.channel.pid
    clock = (lambda: process_cpu(pid)) if cpu and pid else time.perf_counter
    start = clock()
    answer = eng.command("final_status_list dead")
    took = clock() - start
    dead = parse_vertices(answer, pos.size)
    return wrong_strings(pos, lambda stones: pos.board.row_col(stones[0]) in dead), took


def describe(pos: Position, wrong: list[tuple[int, ...]]) -> str:
    """Short text naming the wrongly judged strings by one GTP vertex each."""
    names = []
    for stones in wrong:
        rc = pos.board.row_col(stones[0])
        truth = "dead" if rc in pos.dead else "alive"
        names.append(f"{format_vertex(rc)}({len(stones)}, truly {truth})")
    return " ".join(names)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, action="append", help="board size(s); default all")
    ap.add_argument("--limit", type=int, default=0, help="at most this many games per size")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--seed", type=int, default=0, help="the seed of our judgement")
    ap.add_argument("--cpu", action="store_true",
                    help="time in CPU seconds of each process, not wall-clock (a busy machine)")
    ap.add_argument("--verbose", "-v", action="store_true", help="name every wrong game")
    args = ap.parse_args(argv)

    try:
        from gtp_weiqi.judgement import judge
    except ImportError as e:
        judge = None
        print(f"gtp_weiqi.judgement is not importable ({e}); measuring GNU Go only.\n")
    gnugo = find_gnugo()
    if gnugo is None:
        print("gnugo not found (apt install gnugo); measuring ours only.\n")

    sizes = args.size or sorted(int(d.name) for d in args.data.iterdir() if d.name.isdigit())
    header = (f"{'size':>5} {'games':>5} {'unsettled':>9} {'ours ok':>8} {'GNU Go ok':>9} "
              f"{'ours s/game':>11} {'GNU Go s/game':>13} {'ratio':>7} {'ours max s':>10} "
              f"{'unclear':>7} {'wrong':>5}")
    rows = []
    eng = Gtp([gnugo, "--mode", "gtp"], timeout=300) if gnugo else None
    try:
        for size in sizes:
            files = sorted((args.data / str(size)).glob("*.sgf"))
            if args.limit:
                files = files[: args.limit]
            ours_ok = gg_ok = set_aside = n_unclear = n_wrong = 0
            ours_t: list[float] = []
            gg_t: list[float] = []
            for path in files:
                pos = load_position(path)
                set_aside += pos.set_aside
                if judge is not None:
                    wrong, took, unclear = judge_ours(judge, pos, args.seed, args.cpu)
                    n_unclear += unclear
                    n_wrong += len(wrong) - unclear
                    ours_t.append(took)
                    ours_ok += not wrong
                    if wrong and args.verbose:
                        print(f"ours   {path.name}: {describe(pos, wrong)}")
                if eng is not None:
                    try:
                        wrong, took = judge_gnugo(eng, pos, args.cpu)
                    except GtpError as e:
                        print(f"GNU Go {path.name}: {e}")
                        continue
                    gg_t.append(took)
                    gg_ok += not wrong
                    if wrong and args.verbose:
                        print(f"GNU Go {path.name}: {describe(pos, wrong)}")
            n = len(files)

            def pct(ok: int, times: list[float]) -> str:
                return f"{100 * ok / len(times):.1f}%" if times else "n/a"

            def mean(times: list[float]) -> str:
                return f"{sum(times) / len(times):.4f}" if times else "n/a"

            ratio = (f"{(sum(ours_t) / len(ours_t)) / (sum(gg_t) / len(gg_t)):.3f}"
                     if ours_t and gg_t and sum(gg_t) > 0 else "n/a")
            top = f"{max(ours_t):.4f}" if ours_t else "n/a"
            rows.append(f"{size:>5} {n:>5} {set_aside:>9} {pct(ours_ok, ours_t):>8} "
                        f"{pct(gg_ok, gg_t):>9} "
                        f"{mean(ours_t):>11} {mean(gg_t):>13} {ratio:>7} {top:>10} "
                        f"{n_unclear:>7} {n_wrong:>5}")
    finally:
        if eng is not None:
            eng.close()
    print(header)
    print("\n".join(rows))
    print("unsettled: strings set aside (the two cleanups disagree); ok: share of games with "
          "every settled string's dead/not-dead status right; ratio: ours / GNU Go mean time "
          "per game; unclear, wrong: our settled strings left unclear, misjudged")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

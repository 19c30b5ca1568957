"""GTP throughput: a long stream of `play` commands, gtp-weiqi against GNU Go in one run.

The stream is a set of seeded random 19x19 games that every rule set accepts
(no suicide, no repeated position, so no ko recapture), with `clear_board`
between games.  Each engine gets the same bytes through a pipe from the project's
GTP controller, pipelined (`Controller.ask_all`: the next commands are written
while the answers are read).  Start-up is excluded: after `boardsize`/`komi` and
one warm-up command, the clock runs from the first command of the stream to the
last response.

    python benchmarks/bench_gtp.py [--games 17] [--moves 300] [--seed 1]

With the defaults the stream holds 5,100 plays; about 250 stones get captured.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from sgfmill import boards

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from _common import add_engine_options  # noqa: E402

from gtp_weiqi.core.coords import format_vertex  # noqa: E402
from gtp_weiqi.ui.gtp.controller import Controller  # noqa: E402


def random_game(rng: random.Random, size: int, n_moves: int) -> list[str]:
    """`play` commands of one game with no suicide and no repeated position."""
    board = boards.Board(size)
    seen = {()}
    colour = "b"
    commands = []
    empties = [(r, c) for r in range(size) for c in range(size)]
    while len(commands) < n_moves:
        rng.shuffle(empties)
        for r, c in empties:
            if board.get(r, c) is not None:
                continue
            trial = board.copy()
            trial.play(r, c, colour)
            key = tuple(sorted(trial.list_occupied_points()))
            if trial.get(r, c) is None or key in seen:
                continue
            board = trial
            seen.add(key)
            commands.append(f"play {colour} {format_vertex((r, c))}")
            break
        else:
            break  # no legal move left: end the game early
        colour = "w" if colour == "b" else "b"
    return commands


def build_stream(seed: int, games: int, moves: int, size: int = 19) -> list[str]:
    rng = random.Random(seed)
    stream: list[str] = []
    for _ in range(games):
        stream.append("clear_board")
        stream.extend(random_game(rng, size, moves))
    return stream


def measure(command: str, stream: list[str], size: int = 19) -> tuple[float, int]:
    """Seconds from the first streamed command to the last response; number of errors."""
    with Controller.start(command, "engine", timeout=60.0) as engine:
        for setup in (f"boardsize {size}", "komi 7.5", "name"):  # "name" is the warm-up
            engine.command(*setup.split())
        start = time.perf_counter()
        responses = engine.ask_all(stream)
        elapsed = time.perf_counter() - start
    return elapsed, sum(not response.ok for response in responses)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=17)
    parser.add_argument("--moves", type=int, default=300, help="plays per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5,
                        help="runs per engine, interleaved; the fastest counts")
    add_engine_options(parser)
    args = parser.parse_args(argv)
    if not args.gnugo:
        print("GNU Go not found (apt-get install gnugo)", file=sys.stderr)
        return 2
    stream = build_stream(args.seed, args.games, args.moves)
    plays = sum(c.startswith("play") for c in stream)
    print(f"stream: {len(stream)} commands ({plays} play, {args.games} clear_board), "
          f"seed {args.seed}")
    if plays < 5000:
        print("warning: fewer than 5000 plays; raise --games or --moves", file=sys.stderr)
    engines = (("gtp-weiqi", args.engine), ("gnugo", args.gnugo))
    times: dict[str, list[float]] = {label: [] for label, _ in engines}
    errors: dict[str, int] = {}
    for _ in range(args.repeat):
        for label, command in engines:
            elapsed, errors[label] = measure(command, stream)
            times[label].append(elapsed)
    results = {label: min(ts) for label, ts in times.items()}
    for label, command in engines:
        best = results[label]
        print(f"{label:10s} {best * 1e6 / len(stream):9.1f} us/command  "
              f"(best of {args.repeat}: {best:.3f} s, {errors[label]} errors)  [{command}]")
        if errors[label]:
            print(f"  warning: {label} refused {errors[label]} commands", file=sys.stderr)
    ratio = results["gtp-weiqi"] / results["gnugo"]
    print(f"ratio gtp-weiqi / gnugo: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

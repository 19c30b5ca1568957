"""Proxy overhead per genmove: GNU Go alone against GNU Go behind `gtp-weiqi --engine`.

Both play the same self-play games: `boardsize`, `clear_board`, `komi`, `set_random_seed`
(passed through by the proxy), then `genmove b` / `genmove w` until two passes, so GNU Go
chooses the same moves both ways.  Each game is played `--reps` times per set-up, the
set-ups alternating, and the fastest run of each counts (GNU Go's own time varies much
more from run to run than the proxy costs).  Printed: milliseconds per genmove each way,
the ratio proxy / direct and the overhead in percent (target: under 5%).

A second measure runs the proxy in this process and splits its time per genmove into the
wait for GNU Go and its own work (parsing, the legality check under the rules, the game
record, keeping GNU Go in step).

    python benchmarks/bench_proxy.py [--games 6] [--reps 3] [--size 9] [--level 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import gnugo_at_level  # noqa: E402

from gtp_weiqi.ui.gtp.commands import build_engine  # noqa: E402
from gtp_weiqi.ui.gtp.controller import Controller  # noqa: E402
from gtp_weiqi.ui.gtp.proxy import start_proxy  # noqa: E402


def self_play(engine: Controller, size: int, seed: int, max_moves: int = 400
              ) -> tuple[list[str], float]:
    """One game; the moves and the seconds spent in genmove."""
    engine.command("boardsize", str(size))
    engine.command("clear_board")
    engine.command("komi", "7.5")
    engine.command("set_random_seed", str(seed))  # the same game both ways
    moves: list[str] = []
    spent = 0.0
    colour = "b"
    while len(moves) < max_moves and moves[-2:] != ["pass", "pass"]:
        t0 = time.perf_counter()
        answer = engine.command("genmove", colour)
        spent += time.perf_counter() - t0
        moves.append(answer.strip().lower())
        colour = "w" if colour == "b" else "b"
    return moves, spent


def end_to_end(backend: str, size: int, games: int, reps: int) -> tuple[float, float, int]:
    """(direct, proxy) seconds per genmove over the fastest run of each game; genmoves."""
    direct = Controller.start(backend, "gnugo", timeout=120)
    proxy = Controller.start([sys.executable, "-m", "gtp_weiqi", "--rules", "chinese",
                              "--size", str(size), "--engine", backend], "proxy", timeout=120)
    best = {"direct": 0.0, "proxy": 0.0}
    count = 0
    try:
        for engine in (direct, proxy):  # warm up
            self_play(engine, size, 0, max_moves=10)
        for game in range(games):
            runs: dict[str, list[float]] = {"direct": [], "proxy": []}
            played: dict[str, list[str]] = {}
            for rep in range(reps):
                order = [("direct", direct), ("proxy", proxy)]
                if (game + rep) % 2:
                    order.reverse()
                for label, engine in order:
                    moves, spent = self_play(engine, size, game)
                    played[label] = moves
                    runs[label].append(spent)
            if played["direct"] != played["proxy"]:
                raise SystemExit(f"game {game}: the proxy's moves differ from GNU Go's")
            count += len(played["direct"])
            for label in best:
                best[label] += min(runs[label])
            n = len(played["direct"])
            print(f"game {game}: {n} moves; fastest of {reps}: direct "
                  f"{min(runs['direct']) / n * 1000:.2f} ms, proxy "
                  f"{min(runs['proxy']) / n * 1000:.2f} ms per genmove")
    finally:
        direct.close()
        proxy.close()
    return best["direct"] / count, best["proxy"] / count, count


def own_work(backend: str, size: int, games: int) -> tuple[float, float]:
    """The in-process proxy's seconds per genmove: total, and waiting for GNU Go."""
    engine = build_engine(size, "chinese")
    proxy = start_proxy(engine, backend, timeout=120)
    ask = proxy.backend.ask
    waited = [0.0]

    def timed_ask(*args: str, **options: object) -> object:
        t0 = time.perf_counter()
        try:
            return ask(*args, **options)  # type: ignore[arg-type]
        finally:
            waited[0] += time.perf_counter() - t0

    proxy.backend.ask = timed_ask  # type: ignore[method-assign]
    total, moves = 0.0, 0
    try:
        for game in range(games):
            for line in (f"boardsize {size}", "clear_board", "komi 7.5",
                         f"set_random_seed {game}"):
                engine.handle_line(line + "\n")
            waited[0] = 0.0
            played: list[str] = []
            colour = "b"
            t0 = time.perf_counter()
            while played[-2:] != ["pass", "pass"] and len(played) < 400:
                response, _quit = engine.handle_line(f"genmove {colour}\n")
                assert response is not None and response.startswith("= ")
                played.append(response[2:].strip())
                colour = "w" if colour == "b" else "b"
            total += time.perf_counter() - t0 - waited[0]
            moves += len(played)
    finally:
        proxy.close()
    return total / moves, moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--level", type=int, default=1)
    args = parser.parse_args()
    backend = gnugo_at_level(args.level)
    if backend is None:
        return 1
    d, p, count = end_to_end(backend, args.size, args.games, args.reps)
    ours, moves = own_work(backend, args.size, args.games)
    print(f"\nGNU Go level {args.level}, {args.size}x{args.size}, {args.games} games "
          f"({count} genmoves), fastest of {args.reps} runs each way")
    print(f"  direct  {d * 1000:8.2f} ms per genmove")
    print(f"  proxy   {p * 1000:8.2f} ms per genmove")
    print(f"  ratio proxy/direct {p / d:.3f}: overhead {(p / d - 1) * 100:+.1f}% "
          f"({(p - d) * 1000:+.2f} ms per genmove; target under 5%)")
    print(f"  the proxy's own work in process: {ours * 1e6:.0f} us per genmove "
          f"({ours / d * 100:.1f}% of GNU Go's time; {moves} genmoves)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

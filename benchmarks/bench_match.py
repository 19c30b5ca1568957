"""Match throughput: games per minute of `gtp-weiqi match` with --jobs 2 against --jobs 1.

The same match (GNU Go level 1 against itself on 9x9, Chinese rules, alternating colours)
is played into fresh directories with each setting, the two settings alternating run by
run; the wall time of the whole command counts (start-up check, games, records).

    python benchmarks/bench_match.py [--games 6] [--runs 2] [--size 9] [--level 1]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import gnugo_at_level


def run(engine: str, games: int, size: int, jobs: int, out: Path) -> float:
    argv = [sys.executable, "-m", "gtp_weiqi", "match", "--black", engine, "--white",
            engine, "--games", str(games), "--size", str(size), "--rules", "chinese",
            "--alternate", "--jobs", str(jobs), "--max-moves", "300", "--out", str(out)]
    t0 = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, timeout=1800,
                   cwd=Path(__file__).resolve().parent.parent)
    return time.perf_counter() - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--level", type=int, default=1)
    args = parser.parse_args()
    engine = gnugo_at_level(args.level)
    if engine is None:
        return 1
    times: dict[int, list[float]] = {1: [], 2: []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.runs):
            for jobs in ((1, 2) if r % 2 == 0 else (2, 1)):
                seconds = run(engine, args.games, args.size, jobs, Path(tmp) / f"j{jobs}-{r}")
                times[jobs].append(seconds)
                print(f"run {r}, --jobs {jobs}: {args.games} games in {seconds:.1f} s "
                      f"({args.games / seconds * 60:.1f} games/min)")
    best = {jobs: min(t) for jobs, t in times.items()}
    rate = {jobs: args.games / t * 60 for jobs, t in best.items()}
    print(f"\nGNU Go level {args.level} vs itself, {args.size}x{args.size}, {args.games} games, "
          f"best of {args.runs} runs, {os.cpu_count()} CPUs")
    print(f"  --jobs 1  {rate[1]:6.1f} games/min")
    print(f"  --jobs 2  {rate[2]:6.1f} games/min")
    print(f"  speed-up --jobs 2 / --jobs 1: {rate[2] / rate[1]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Start-up time: from process start to the answer of `name`, gtp-weiqi against GNU Go.

Each run spawns the engine through the project's GTP controller, writes `name` at
once and stops the clock when the response's closing blank line arrives; the engine
is then told to quit.  Runs
of the two engines are interleaved and the median is reported.

    python benchmarks/bench_startup.py [--runs 9]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import add_engine_options  # noqa: E402

from gtp_weiqi.ui.gtp.controller import Controller  # noqa: E402


def time_to_name(command: str) -> tuple[float, str]:
    """Seconds from spawn to the end of the `name` response, and that response."""
    start = time.perf_counter()
    with Controller.start(command, "engine", timeout=60.0) as engine:
        answer = engine.command("name")
        elapsed = time.perf_counter() - start
    return elapsed, answer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    add_engine_options(parser)
    args = parser.parse_args(argv)
    if not args.gnugo:
        print("GNU Go not found (apt-get install gnugo)", file=sys.stderr)
        return 2
    engines = (("gtp-weiqi", args.engine), ("gnugo", args.gnugo))
    times: dict[str, list[float]] = {label: [] for label, _ in engines}
    answers: dict[str, str] = {}
    for _label, command in engines:  # one unmeasured run each to warm the file cache
        time_to_name(command)
    for _ in range(args.runs):
        for label, command in engines:
            elapsed, answers[label] = time_to_name(command)
            times[label].append(elapsed)
    medians = {label: statistics.median(ts) for label, ts in times.items()}
    for label, command in engines:
        ts = times[label]
        print(f"{label:10s} median {medians[label] * 1e3:8.1f} ms  "
              f"(min {min(ts) * 1e3:.1f}, max {max(ts) * 1e3:.1f}, {len(ts)} runs)  "
              f"name={answers[label]!r}  [{command}]")
    print(f"ratio gtp-weiqi / gnugo: {medians['gtp-weiqi'] / medians['gnugo']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Start-up time: from process start to the answer of `name`, gtp-weiqi against GNU Go.

Each run spawns the engine, writes `name` at once and stops the clock when the
response's closing blank line arrives; the engine is then told to quit.  Runs
of the two engines are interleaved and the median is reported.

    python benchmarks/bench_startup.py [--runs 9]
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import time


def default_engine() -> str:
    script = shutil.which("gtp-weiqi")
    return shlex.quote(script) if script else f"{shlex.quote(sys.executable)} -m gtp_weiqi"


def default_gnugo() -> str | None:
    found = shutil.which("gnugo") or next(
        (p for p in ("/usr/games/gnugo", "/usr/local/games/gnugo") if os.path.exists(p)), None)
    return f"{found} --mode gtp" if found else None


def time_to_name(command: str) -> tuple[float, str]:
    """Seconds from spawn to the end of the `name` response, and that response."""
    argv = shlex.split(command)
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(b"name\n")
        proc.stdin.flush()
        lines = []
        while True:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{command!r} exited before answering name")
            if line == b"\n" and lines:
                break
            if line.strip() or lines:
                lines.append(line)
        elapsed = time.perf_counter() - start
        proc.stdin.write(b"quit\n")
        proc.stdin.flush()
        proc.wait(timeout=30)
        return elapsed, b"".join(lines).decode().lstrip("=").strip()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdin.close()
        proc.stdout.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--engine", default=default_engine(), help="our engine's command")
    parser.add_argument("--gnugo", default=default_gnugo(), help="GNU Go's command")
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

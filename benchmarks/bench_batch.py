"""Counting collections of finished 19x19 records: `gtp-weiqi score DIR --jsonl ...` against
GNU Go scoring the same files (`gnugo --score aftermath -l FILE`), in the same run.

The records are the finished GNU Go games of tests/data/games/19 (make_gnugo_games.py),
written three ways into a temporary folder:

  dd         as they are: DD on the last node holds the dead stones
  territory  DD replaced by TB / TW territory marks as KGS writes them (each side's
             territory, the other side's dead stones included)
  judged     no marks: the engine's own judgement finds the dead stones

Each is counted under every method by the command line, in 1 and in 2 worker processes,
`--repeats` times; GNU Go scores a part of the same files one process per file (it judges
the dead stones itself, so it compares with `judged`).  Printed per variant: games per
second per core (games / CPU seconds of the processes: the machine may be shared, and CPU
time is what a core gives), games per second of wall time, the 1 -> 2 worker speed-up
(wall time), medians over the repeats, and the ratio to GNU Go.

    python benchmarks/bench_batch.py [--games 60] [--gnugo-games 12] [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import find_gnugo  # noqa: E402

import gtp_weiqi  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "games" / "19"
DD_PROPERTY = re.compile(rb"DD(\[[a-s]{2}\])+")
COLS = "abcdefghijklmnopqrs"


def territory_marks(data: bytes) -> bytes:
    """TB / TW for a record with DD: each side's territory as our point count finds it with
    the record's dead stones (a dead stone's point is the other side's territory)."""
    result = gtp_weiqi.score_sgf(data, methods="zikong")
    territory = result["zikong"].count.artefacts["territory"]
    marks = b""
    for colour, prop in (("b", b"TB"), ("w", b"TW")):
        points = sorted(tuple(p) for p in territory.get(colour, []))
        if points:  # (row, col), row 0 at the bottom; SGF counts rows from the top
            marks += prop + b"".join(f"[{COLS[c]}{COLS[18 - r]}]".encode() for r, c in points)
    return marks


def make_variants(files: list[Path], root: Path) -> dict[str, Path]:
    folders = {name: root / name for name in ("dd", "territory", "judged")}
    for folder in folders.values():
        folder.mkdir()
    for path in files:
        data = path.read_bytes()
        (folders["dd"] / path.name).write_bytes(data)
        (folders["judged"] / path.name).write_bytes(DD_PROPERTY.sub(b"", data))
        (folders["territory"] / path.name).write_bytes(
            DD_PROPERTY.sub(lambda _m, d=data: territory_marks(d), data, count=1))
    return folders


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its children) of one command."""
    cpu0, t0 = children_cpu(), time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=env)
    return time.perf_counter() - t0, children_cpu() - cpu0


def ours(folder: Path, workers: int, out: Path) -> tuple[float, float]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return timed([sys.executable, "-m", "gtp_weiqi", "score", str(folder), "--method", "all",
                  "--jsonl", str(out), "--workers", str(workers)], env)


def check_rows(out: Path, games: int, source: str) -> None:
    import json

    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    errors = [r for r in rows if r["error"]]
    sources = {r["dead_source"] for r in rows if not r["error"]}
    if len(rows) != games or errors or sources != {source}:
        raise SystemExit(f"unexpected rows in {out}: {len(rows)} rows, {len(errors)} errors, "
                         f"sources {sources}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="records per variant (default 60)")
    parser.add_argument("--gnugo-games", type=int, default=12,
                        help="records GNU Go scores (default 12; about 2 CPU s each)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per measure (default 3)")
    args = parser.parse_args()
    files = sorted(DATA.glob("*.sgf"))[: args.games]
    gnugo = find_gnugo()
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        folders = make_variants(files, Path(tmp))
        print(f"{len(files)} finished 19x19 records per variant, every method, medians of "
              f"{args.repeats} runs; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
        print(f"{'variant':10} {'games/s/core':>12} {'games/s 1 w':>12} {'games/s 2 w':>12} "
              f"{'2 w / 1 w':>9}")
        rates: dict[str, float] = {}
        for name, source in (("dd", "SGF DD"), ("territory", "SGF TB/TW"),
                             ("judged", "judgement")):
            per_core, wall = [], {1: [], 2: []}
            for _ in range(args.repeats):
                for workers in (1, 2):
                    out = Path(tmp) / f"{name}-{workers}.jsonl"
                    seconds, cpu = ours(folders[name], workers, out)
                    check_rows(out, len(files), source)
                    wall[workers].append(len(files) / seconds)
                    if workers == 1:
                        per_core.append(len(files) / cpu)
            rates[name] = statistics.median(per_core)
            one, two = statistics.median(wall[1]), statistics.median(wall[2])
            print(f"{name:10} {rates[name]:12.1f} {one:12.1f} {two:12.1f} {two / one:8.2f}x",
                  flush=True)
        if gnugo is None:
            print("GNU Go not found (apt install gnugo): no peer figure")
            return 0
        sample = sorted(folders["judged"].glob("*.sgf"))[: args.gnugo_games]
        per_game = []
        for _ in range(max(1, args.repeats // 2)):
            for path in sample:
                _seconds, cpu = timed([gnugo, "--score", "aftermath", "-l", str(path)])
                per_game.append(cpu)
        peer = 1 / statistics.median(per_game)
        print(f"GNU Go `{shlex.join([Path(gnugo).name, '--score', 'aftermath', '-l', 'FILE'])}`"
              f" ({len(sample)} records): {peer:.2f} games/s/core")
        for name, rate in rates.items():
            print(f"  {name}: {rate / peer:.0f}x GNU Go per core")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Counting collections of finished 19x19 records: `gtp-weiqi score DIR --jsonl ...` against
GNU Go scoring the same files (`gnugo --score aftermath -l FILE`), in the same run.

The records are the finished GNU Go games of tests/data/games/19 (make_gnugo_games.py)
with dead stones, written three ways into a temporary folder:

  dd         as they are: DD on the last node holds the dead stones
  territory  DD replaced by TB / TW territory marks as KGS writes them (each side's
             territory, the other side's dead stones included)
  judged     no marks: the engine's own judgement finds the dead stones

Each is counted under every method by the command line, in 1 and in 2 worker processes,
`--repeats` times; GNU Go scores a part of the same files one process per file (it judges
the dead stones itself, so it compares with `judged`).  The package's bytecode is compiled
once first, into a temporary cache, as an installed package has it (whatever
PYTHONDONTWRITEBYTECODE says), so start-up is what a user's is.

Printed per variant, medians over the repeats: games per second per core (games / CPU
seconds of all the processes: the machine may be shared, and CPU time is what a core
gives), the CPU milliseconds per game in 1 and in 2 worker processes and those of the
parent process of the 2-worker run (start-up, reading the list, writing the rows), the
1 -> 2 worker speed-up those CPU times give on two idle cores (the parent's counted as
serial, the workers' split evenly: load-independent), the speed-up in wall time as
measured (only meaningful when the load printed is low), and the ratio to GNU Go.  Also
printed: the CPU time of a run that counts nothing (the interpreter's and the package's
start-up, which no number of workers shares out) and, per variant, the most any number of
workers could gain over one on two cores with that start-up serial (Amdahl's bound); with
millisecond games it caps a small collection's speed-up, so `--copies N` counts each record
N times under its own name, a collection of the size a user counts.

    python benchmarks/bench_batch.py [--games 120] [--gnugo-games 12] [--repeats 3]
                                     [--copies 1] [--variants dd,territory,judged]
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


def make_variants(files: list[Path], root: Path, copies: int = 1) -> dict[str, Path]:
    """The three variants of every record, each record `copies` times under its own name
    (a larger collection of the same games: nothing is cached from one game to the next)."""
    folders = {name: root / name for name in ("dd", "territory", "judged")}
    for folder in folders.values():
        folder.mkdir()
    for path in files:
        data = path.read_bytes()
        variants = {"dd": data, "judged": DD_PROPERTY.sub(b"", data),
                    "territory": DD_PROPERTY.sub(lambda _m, d=data: territory_marks(d), data,
                                                 count=1)}
        for copy in range(copies):
            name = path.name if copies == 1 else f"{path.stem}-{copy}{path.suffix}"
            for variant, text in variants.items():
                (folders[variant] / name).write_bytes(text)
    return folders


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def own_cpu(pid: int) -> float | None:
    """CPU seconds of an exited, not yet reaped child itself (its children apart), from
    /proc; None where there is no /proc."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def timed(argv: list[str], env: dict[str, str] | None = None, allowed: tuple[int, ...] = (0,)
          ) -> tuple[float, float, float | None]:
    """(wall seconds, CPU seconds of the process and its children, CPU seconds of the
    process alone or None) of one command."""
    cpu0, t0 = children_cpu(), time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=env)
    alone = None
    if hasattr(os, "waitid"):  # wait for the exit without reaping, to read its own CPU
        os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT)
        alone = own_cpu(proc.pid)
    if proc.wait() not in allowed:
        raise subprocess.CalledProcessError(proc.returncode, argv)
    return time.perf_counter() - t0, children_cpu() - cpu0, alone


def our_env(cache: Path) -> dict[str, str]:
    """Our code, its bytecode cached in `cache` (written on the first run)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=str(cache))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def ours(folder: Path, workers: int, out: Path, env: dict[str, str], allowed: tuple[int, ...] = (0,)
         ) -> tuple[float, float, float | None]:
    return timed([sys.executable, "-m", "gtp_weiqi", "score", str(folder), "--method", "all",
                  "--jsonl", str(out), "--workers", str(workers)], env, allowed)


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
    parser.add_argument("--games", type=int, default=120,
                        help="records per variant (default 120)")
    parser.add_argument("--gnugo-games", type=int, default=12,
                        help="records GNU Go scores (default 12; about 2 CPU s each)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per measure (default 3)")
    parser.add_argument("--copies", type=int, default=1,
                        help="count each record this many times, for a larger collection "
                             "(default 1)")
    parser.add_argument("--variants", default="dd,territory,judged",
                        help="the variants to count (default all three)")
    args = parser.parse_args()
    unknown = set(args.variants.split(",")) - {"dd", "territory", "judged"}
    if unknown:
        parser.error(f"--variants: unknown {', '.join(sorted(unknown))} "
                     "(choose among dd, territory, judged)")
    # the records with dead stones (DD[] says there are none: nothing to take from it)
    files = [f for f in sorted(DATA.glob("*.sgf"))
             if DD_PROPERTY.search(f.read_bytes())][: args.games]
    gnugo = find_gnugo()
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        folders = make_variants(files, Path(tmp), args.copies)
        games = len(files) * args.copies
        env = our_env(Path(tmp) / "pycache")
        ours(folders["dd"], 2, Path(tmp) / "warm.jsonl", env)  # compiles the bytecode
        empty = Path(tmp) / "empty"
        empty.mkdir()
        # an empty folder is an error row (status 1): a run that counts nothing
        start = statistics.median(ours(empty, 2, Path(tmp) / "empty.jsonl", env, (1,))[1]
                                  for _ in range(max(3, args.repeats)))
        load = os.getloadavg()[0]
        copies = f" ({len(files)} records {args.copies} times)" if args.copies > 1 else ""
        print(f"{games} finished 19x19 games{copies} per variant, every method, medians of "
              f"{args.repeats} runs; {os.cpu_count()} cores, load {load:.1f} at the start; "
              f"start-up {1000 * start:.0f} ms CPU")
        print(f"{'variant':10} {'games/s/core':>12} {'ms/game 1 w':>11} {'2 w':>6} "
              f"{'parent':>6} {'2 w / 1 w (CPU)':>15} {'(wall)':>7} {'bound':>6}")
        rates: dict[str, float] = {}
        chosen = args.variants.split(",")
        for name, source in (("dd", "SGF DD"), ("territory", "SGF TB/TW"),
                             ("judged", "judgement")):
            if name not in chosen:
                continue
            cpu: dict[int, list[float]] = {1: [], 2: []}
            wall: dict[int, list[float]] = {1: [], 2: []}
            parent: list[float] = []
            for _ in range(args.repeats):
                for workers in (1, 2):
                    out = Path(tmp) / f"{name}-{workers}.jsonl"
                    seconds, used, alone = ours(folders[name], workers, out, env)
                    check_rows(out, games, source)
                    wall[workers].append(seconds)
                    cpu[workers].append(used)
                    if workers == 2 and alone is not None:
                        parent.append(alone)
            one, two = statistics.median(cpu[1]), statistics.median(cpu[2])
            rates[name] = games / one
            wall_ratio = statistics.median(wall[1]) / statistics.median(wall[2])
            if parent:
                serial = statistics.median(parent)
                by_cpu = f"{one / (serial + (two - serial) / 2):14.2f}x"
                parent_ms = f"{1000 * serial / games:6.1f}"
            else:
                by_cpu, parent_ms = f"{'-':>15}", f"{'-':>6}"
            bound = one / (start + (one - start) / 2)
            print(f"{name:10} {rates[name]:12.1f} {1000 * one / games:11.1f} "
                  f"{1000 * two / games:6.1f} {parent_ms} {by_cpu} {wall_ratio:6.2f}x "
                  f"{bound:5.2f}x", flush=True)
        print(f"load {os.getloadavg()[0]:.1f} at the end")
        if gnugo is None:
            print("GNU Go not found (apt install gnugo): no peer figure")
            return 0
        # distinct records, not copies of one
        sample = [folders["judged"] / (f.name if args.copies == 1 else f"{f.stem}-0{f.suffix}")
                  for f in files[: args.gnugo_games]]
        per_game = []
        for _ in range(max(1, args.repeats // 2)):
            for path in sample:
                _seconds, used, _alone = timed([gnugo, "--score", "aftermath", "-l", str(path)])
                per_game.append(used)
        peer = 1 / statistics.median(per_game)
        print(f"GNU Go `{shlex.join([Path(gnugo).name, '--score', 'aftermath', '-l', 'FILE'])}`"
              f" ({len(sample)} records): {peer:.2f} games/s/core")
        for name, rate in rates.items():
            print(f"  {name}: {rate / peer:.0f}x GNU Go per core")
    return 0


if __name__ == "__main__":
    sys.exit(main())

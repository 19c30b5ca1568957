"""KataGo behind gtp-weiqi in refereed matches: the proxied KataGo's results against GNU Go
level 10 and against gtp-weiqi's built-in player on 9x9, with the games per minute of each
pairing in the same run (the GNU Go pairing is the named peer of the ratio).

KataGo runs behind the proxy (`gtp-weiqi --rules R --engine "katago gtp ..."`) with a few
visits a move (--visits, default 24) and one search thread; colours alternate; one match at
a time, so one KataGo process at a time.

    python benchmarks/bench_match_katago.py [--games 4] [--visits 24] [--rules chinese]

KataGo is the folder KATAGO_HOME names (bin/katago, models/*.bin.gz, gtp-test.cfg), else
/opt/katago/katago.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import gnugo_at_level

ROOT = Path(__file__).resolve().parent.parent


def katago_command(visits: int) -> str | None:
    """`katago gtp` with `visits` a move and one thread, or None (with a message)."""
    home = Path(os.environ.get("KATAGO_HOME") or "/opt/katago/katago")
    models = sorted((home / "models").glob("*.bin.gz"))
    binary = home / "bin" / "katago"
    if not binary.is_file() or not models or not (home / "gtp-test.cfg").is_file():
        print(f"no KataGo build in {home} (set KATAGO_HOME)")
        return None
    return shlex.join([str(binary), "gtp", "-model", str(models[0]), "-config",
                       str(home / "gtp-test.cfg"), "-override-config",
                       f"maxVisits={visits},numSearchThreads=1"])


def play(black: str, white: str, games: int, rules: str, out: Path) -> tuple[dict, float]:
    """One match (its summary) and its wall time in seconds."""
    argv = [sys.executable, "-m", "gtp_weiqi", "match", "--black", black, "--white", white,
            "--games", str(games), "--size", "9", "--rules", rules, "--alternate",
            "--max-moves", "250", "--out", str(out), "--lang", "en"]
    t0 = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, timeout=3600, cwd=ROOT)
    seconds = time.perf_counter() - t0
    return json.loads((out / "summary.json").read_text()), seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--visits", type=int, default=24)
    parser.add_argument("--rules", default="chinese")
    args = parser.parse_args()
    katago = katago_command(args.visits)
    gnugo = gnugo_at_level(10)
    if katago is None or gnugo is None:
        return 1
    proxied = shlex.join([sys.executable, "-m", "gtp_weiqi", "--rules", args.rules,
                          "--engine", katago])
    builtin = shlex.join([sys.executable, "-m", "gtp_weiqi", "--rules", args.rules])
    rates = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, opponent in (("GNU Go level 10", gnugo), ("built-in player", builtin)):
            summary, seconds = play(proxied, opponent, args.games, args.rules,
                                    Path(tmp) / name.replace(" ", "-"))
            wins = summary["wins"]["black_engine"]
            rate = summary["win_rate"]
            rates[name] = args.games / seconds * 60
            interval = "" if rate["ci95"] is None else \
                f" (95% interval {rate['ci95'][0]:.0%} .. {rate['ci95'][1]:.0%})"
            print(f"proxied KataGo ({args.visits} visits) vs {name}, 9x9 {args.rules}: "
                  f"{wins['wins']} wins, {wins['losses']} losses, {wins['draws']} draws, "
                  f"{wins['forfeits']} forfeits in {args.games} games; win rate "
                  f"{rate['rate']:.0%}{interval}; {summary['duplicates']['games']} "
                  f"duplicates; {seconds:.0f} s, {rates[name]:.2f} games/min")
    ratio = rates["built-in player"] / rates["GNU Go level 10"]
    print(f"games per minute, vs built-in player / vs GNU Go level 10: {ratio:.2f}x "
          f"({os.cpu_count()} CPUs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

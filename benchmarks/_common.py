"""What the benchmark scripts share: finding gtp-weiqi and GNU Go.

The scripts run as `python benchmarks/<name>.py`, so this folder is first on sys.path and
they import this module by its plain name."""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import sys


def default_engine() -> str:
    """The command of gtp-weiqi: the installed script, else `python -m gtp_weiqi`."""
    script = shutil.which("gtp-weiqi")
    return shlex.quote(script) if script else f"{shlex.quote(sys.executable)} -m gtp_weiqi"


def find_gnugo() -> str | None:
    """The GNU Go program, on PATH or where Debian puts it; None when it is not installed."""
    return shutil.which("gnugo") or next(
        (p for p in ("/usr/games/gnugo", "/usr/local/games/gnugo") if os.path.exists(p)), None)


def default_gnugo() -> str | None:
    """GNU Go's GTP command, or None when it is not installed."""
    found = find_gnugo()
    return f"{found} --mode gtp" if found else None


def gnugo_at_level(level: int) -> str | None:
    """GNU Go's GTP command at `level`, or None (with a message) when it is not installed."""
    found = find_gnugo()
    if found is None:
        print("gnugo not found (apt install gnugo)")
        return None
    return f"{found} --mode gtp --level {level}"


def add_engine_options(parser: argparse.ArgumentParser) -> None:
    """--engine and --gnugo: the commands of the two engines a run compares."""
    parser.add_argument("--engine", default=default_engine(), help="our engine's command")
    parser.add_argument("--gnugo", default=default_gnugo(), help="GNU Go's command")

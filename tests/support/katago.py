"""KataGo for the tests: where the build is, its command line with few visits, and a
started KataGo that is always stopped.

The build is a KataGo folder holding `bin/katago`, `models/*.bin.gz` and `gtp-test.cfg`
(one search thread, no log files).  It is the folder KATAGO_HOME names, else the one
tests/install-deps.sh unpacks (/opt/katago/katago).  Without one the KataGo tests are
skipped, in CI too (as the GoGui tests are); a build that is there but cannot run (its
run-time library libzip4 missing) fails them under CI, which installs it.

Searches are kept small: `maxVisits` a move (default VISITS), one search thread, so a
test move takes a fraction of a second on 9x9.
"""

from __future__ import annotations

import functools
import os
import shlex
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from gtp_weiqi.ui.gtp.controller import Controller, SubprocessChannel

# where tests/install-deps.sh unpacks the build it was given
UNPACKED_KATAGO = Path("/opt/katago/katago")
VISITS = 24
TIMEOUT = 60.0


def katago_home() -> Path | None:
    """The KataGo folder named by KATAGO_HOME, else the one install-deps unpacked, when it
    holds the binary, a model and the test configuration; else None."""
    named = os.environ.get("KATAGO_HOME")
    home = Path(named) if named else UNPACKED_KATAGO
    binary = home / "bin" / "katago"
    if binary.is_file() and os.access(binary, os.X_OK) and _model(home) is not None \
            and (home / "gtp-test.cfg").is_file():
        return home
    return None


def _model(home: Path) -> Path | None:
    models = sorted((home / "models").glob("*.bin.gz"))
    return models[0] if models else None


@functools.cache
def _runs(home: Path) -> str | None:
    """None when `katago version` runs, else why not (checked once per folder)."""
    try:
        done = subprocess.run([str(home / "bin" / "katago"), "version"], capture_output=True,
                              timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return str(exc)
    if done.returncode != 0:
        return done.stderr.decode(errors="replace").strip()[-300:] or f"code {done.returncode}"
    return None


def require_katago() -> Path:
    """The KataGo folder; skips the test without one, and fails it (under CI) or skips it
    when the binary does not run."""
    home = katago_home()
    if home is None:
        pytest.skip("no KataGo build: set KATAGO_HOME to a KataGo folder (bin/katago, "
                    "models/, gtp-test.cfg)")
    why = _runs(home)
    if why is not None:
        message = f"KataGo does not run (libzip4 missing?): {why}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return home


def katago_argv(home: Path, visits: int = VISITS, **overrides: object) -> list[str]:
    """`katago gtp` with the test configuration, `visits` a move and one search thread;
    `overrides` are further configuration keys (e.g. rules="chinese")."""
    settings = {"maxVisits": visits, "numSearchThreads": 1, **overrides}
    override = ",".join(f"{key}={value}" for key, value in settings.items())
    return [str(home / "bin" / "katago"), "gtp", "-model", str(_model(home)),
            "-config", str(home / "gtp-test.cfg"), "-override-config", override]


def katago_command(home: Path, visits: int = VISITS, **overrides: object) -> str:
    """The same as one command line (for `gtp-weiqi --engine`)."""
    return shlex.join(katago_argv(home, visits, **overrides))


@contextmanager
def katago(visits: int = VISITS, timeout: float = TIMEOUT, **overrides: object
           ) -> Iterator[Controller]:
    """A started KataGo (skipping as `require_katago` does), stopped on the way out
    whatever happened."""
    home = require_katago()
    channel = SubprocessChannel(katago_argv(home, visits, **overrides))
    controller = Controller(channel, "KataGo", timeout)
    try:
        yield controller
    finally:
        controller.close(quick=True)

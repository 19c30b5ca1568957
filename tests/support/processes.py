"""Child processes of the tests that cannot outlive the test run."""

from __future__ import annotations

import ctypes
import signal
import sys

_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """A `preexec_fn`: the child is SIGKILLed when the test process ends, even if the test
    process itself is killed before its fixtures' clean-up runs (Linux only; elsewhere a
    no-op, and the fixtures' clean-up is all there is)."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)

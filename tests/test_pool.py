"""The worker pool under signals: a worker sent SIGTERM while it waits for a task (as a
signal to the whole process group finds it) ends quietly and lets go of the task queue, so
that the parent can still stop the others; Ctrl-C is left to the parent."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# One quick task and one slow: once the quick result is in, its worker is back waiting for
# a task (holding the lock of the task queue) and the other is still working.
SCRIPT = textwrap.dedent("""
    import multiprocessing, os, signal, sys, time
    from gtp_weiqi.scoring.pool import in_workers

    def job(n):
        if n == 0:
            return os.getpid()
        time.sleep(60)

    results = in_workers(job, [0, 1], 2)
    next(results)
    time.sleep(0.5)
    for child in multiprocessing.active_children():
        os.kill(child.pid, getattr(signal, sys.argv[1]))  # as a signal to the group would
    time.sleep(0.5)
    results.close()  # stops the workers left
    print("stopped", len(multiprocessing.active_children()))
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers: Linux")
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_signal_to_the_workers_lets_the_parent_stop_them(signame: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT, signame], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=60)
    finally:  # a parent left waiting, and its workers, go too
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == 0, err
    assert out.split() == ["stopped", "0"]
    assert err == ""  # no worker printed a traceback

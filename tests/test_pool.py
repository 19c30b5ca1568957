"""The worker pool under signals and deaths: a worker sent SIGTERM while it waits for a task
(as a signal to the whole process group finds it) ends quietly and the parent still stops
the others; Ctrl-C is left to the parent; a SIGTERM lost is sent again; a worker that dies
mid-run is reported, never waited on for ever; an error in a task is raised in the
parent."""

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


def run_script(script: str, *args: str, timeout: float = 60) -> tuple[int, str, str]:
    """(status, stdout, stderr) of `script` run in its own session; the session killed
    after it, so that no parent left waiting and no worker outlives the test."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", script, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    return proc.returncode, out, err

# One quick task and one slow: once the quick result is in, its worker is back waiting for
# a task and the other is still working.
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
    status, out, err = run_script(SCRIPT, signame)
    assert status == 0, err
    assert out.split() == ["stopped", "0"]
    assert err == ""  # no worker printed a traceback


# A worker whose first SIGTERM runs no handler that ends it: as one that lands just before
# the worker goes to sleep on a lock is lost.  It is still working when the reader stops.
LOSES_THE_FIRST_SIGTERM = textwrap.dedent("""
    import multiprocessing, os, signal, time
    from gtp_weiqi.scoring.pool import in_workers

    def end(signum, frame):
        raise SystemExit(0)

    def lose_one(signum, frame):
        signal.signal(signal.SIGTERM, end)

    def deaf_once():
        signal.signal(signal.SIGTERM, lose_one)

    def job(n):
        if n == 0:
            return os.getpid()
        time.sleep(60)

    results = in_workers(job, [0, 1], 2, initializer=deaf_once)
    next(results)
    results.close()  # stops the worker left, though it missed the first SIGTERM
    print("stopped", len(multiprocessing.active_children()))
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers: Linux")
def test_a_worker_that_missed_the_first_sigterm_is_still_stopped() -> None:
    status, out, err = run_script(LOSES_THE_FIRST_SIGTERM, timeout=30)
    assert status == 0, err
    assert out.split() == ["stopped", "0"]
    assert err == ""


def _dies_on_one(n: int) -> int:
    if n == 1:
        os.kill(os.getpid(), signal.SIGKILL)  # as the out-of-memory killer would
    return n


def _fails_on_one(n: int) -> int:
    if n == 1:
        raise ValueError("no such game")
    return n


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers: Linux")
@pytest.mark.timeout(60)
def test_a_worker_killed_mid_run_is_reported_and_the_rest_stopped() -> None:
    import multiprocessing

    from gtp_weiqi.scoring.pool import WorkerDied, in_workers

    got = []
    with pytest.raises(WorkerDied, match="killed by SIGKILL"):
        for value in in_workers(_dies_on_one, list(range(8)), 2, chunk=1):
            got.append(value)
    assert set(got) <= {0, 2, 3, 4, 5, 6, 7}  # the killed task's result never came
    assert multiprocessing.active_children() == []


def _unpicklable_on_one(n: int) -> object:
    return (lambda: n) if n == 1 else n


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers: Linux")
@pytest.mark.timeout(60)
def test_a_result_that_cannot_be_sent_back_is_an_error_not_a_dead_worker() -> None:
    from gtp_weiqi.scoring.pool import in_workers

    with pytest.raises(RuntimeError, match="could not be sent back"):
        list(in_workers(_unpicklable_on_one, list(range(4)), 2, chunk=1))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers: Linux")
@pytest.mark.timeout(60)
def test_an_error_in_a_task_is_raised_in_the_parent() -> None:
    import multiprocessing

    from gtp_weiqi.scoring.pool import in_workers

    with pytest.raises(ValueError, match="no such game") as raised:
        list(in_workers(_fails_on_one, list(range(8)), 2, chunk=1))
    assert "in _fails_on_one" in str(raised.value.__cause__)  # the worker's traceback
    assert multiprocessing.active_children() == []
    assert sorted(in_workers(_fails_on_one, [0, 2, 3, 4], 2)) == [0, 2, 3, 4]


# A worker stopped mid-task has its cleanup (a `finally`, an engine to close) run whole:
# the SIGTERMs sent again after the first do not cut it short.
CLEANS_UP = textwrap.dedent("""
    import os, sys, time
    from gtp_weiqi.scoring.pool import in_workers

    def job(n):
        if n == 0:
            return n
        try:
            time.sleep(60)
        finally:
            time.sleep(1.5)  # three SIGTERMs' time
            with open(sys.argv[1], "a") as f:
                f.write("cleaned\\n")

    results = in_workers(job, [0, 1], 2, chunk=1)
    next(results)
    time.sleep(0.5)
    results.close()
    print("stopped")
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers: Linux")
def test_a_stopped_worker_finishes_its_cleanup(tmp_path: Path) -> None:
    mark = tmp_path / "cleaned"
    status, out, err = run_script(CLEANS_UP, str(mark), timeout=30)
    assert status == 0, err
    assert out.split() == ["stopped"] and err == ""
    assert mark.read_text() == "cleaned\n"

"""Worker processes for counting many games and playing many: one mechanism, used by
`score_many`, by `gtp-weiqi score` over a collection and by `gtp-weiqi match`.

    for result in in_workers(count_one, tasks, workers=4):
        ...   # the results as the workers finish them, in any order

Linux forks the workers (they share the parent's imported modules: `preload` imports what
the first game would, before the fork), elsewhere they are spawned.  Tasks are handed out
in small chunks as workers finish, so that no worker idles at the end while another still
has a chunk.  A run stopped early (an exception, Ctrl-C, the reader stopping) terminates the
workers mid-game; a finished run lets them exit on their own.

Signals: a worker leaves Ctrl-C and SIGHUP to the parent (which stops the workers itself)
and ends on SIGTERM by raising SystemExit, quietly.  It never dies in the middle of Python
code: a worker killed while it waits for a task would keep the lock of the task queue for
ever, and the parent's `terminate` would wait on it for ever.  Workers are born with these
signals blocked, so that one sent to the whole process group (a terminal's Ctrl-C, `kill --
-PGID`) never finds a worker before it is set up.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Generator, Sequence
from typing import TypeVar

from .service import preload

T = TypeVar("T")
R = TypeVar("R")


def default_workers() -> int:
    """The number of cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def runs_here(workers: int, tasks: int) -> bool:
    """Whether `in_workers` runs the tasks in this process (one worker, or one task)."""
    return workers <= 1 or tasks <= 1


# the signals that stop a run; the parent handles them, and a worker is born with them blocked
STOPPING = frozenset(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                     if hasattr(signal, name))


def _exit_quietly(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)  # unwinds: every lock the worker holds is released


def _start_worker(initializer: Callable[[], None] | None) -> None:
    """Set a worker up before its first task: Ctrl-C and SIGHUP ignored, SIGTERM a quiet
    SystemExit, then `initializer` (which may set its own handlers), then the signals
    unblocked."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_quietly)
    if initializer is not None:
        initializer()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)


def in_workers(func: Callable[[T], R], tasks: Sequence[T], workers: int,
               initializer: Callable[[], None] | None = None,
               chunk: int | None = None) -> Generator[R, None, None]:
    """`func` of each task, as done, in `workers` processes (here, in order, for one
    worker or one task).  `func` and `initializer` must be module-level functions (they
    are pickled); `chunk` tasks are handed out at a time (by default a few, fewer when
    there are few tasks)."""
    if runs_here(workers, len(tasks)):
        for task in tasks:
            yield func(task)
        return
    import gc
    import multiprocessing  # here: a run in one process needs none of it

    preload()  # what the first game imports, imported once before the workers fork
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    context = multiprocessing.get_context(method)
    if chunk is None:
        chunk = max(1, min(4, len(tasks) // (workers * 16)))
    # The forked workers inherit the parent's objects: frozen, their collections never
    # walk them, so the pages stay shared instead of being copied into every worker
    # (spawned workers, off Linux, inherit nothing: there it changes nothing).
    gc.freeze()
    # The pool's threads, started here, inherit the blocked signals, and so do the workers
    # they start later in place of one that ended.
    blocked = (signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
               if hasattr(signal, "pthread_sigmask") else None)
    try:
        pool = context.Pool(min(workers, len(tasks)), initializer=_start_worker,
                            initargs=(initializer,))
    finally:
        if blocked is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        gc.unfreeze()
    finished = False
    try:
        yield from pool.imap_unordered(func, tasks, chunksize=chunk)
        finished = True
    finally:
        if finished:  # every worker idle: let them exit on their own
            pool.close()
            pool.join()
        else:  # interrupted, or the reader stopped early: stop the workers mid-game
            pool.terminate()


__all__ = ["default_workers", "in_workers", "runs_here"]

"""Worker processes for counting many games: one mechanism, used by `score_many` and by
`gtp-weiqi score` over a collection.

    for result in in_workers(count_one, tasks, workers=4):
        ...   # the results as the workers finish them, in any order

Linux forks the workers (they share the parent's imported modules: `preload` imports what
the first game would, before the fork), elsewhere they are spawned.  Tasks are handed out
in small chunks as workers finish, so that no worker idles at the end while another still
has a chunk.  A run stopped early (an exception, Ctrl-C, the reader stopping) terminates the
workers mid-game; a finished run lets them exit on their own.
"""

from __future__ import annotations

import os
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


def in_workers(func: Callable[[T], R], tasks: Sequence[T], workers: int,
               initializer: Callable[[], None] | None = None) -> Generator[R, None, None]:
    """`func` of each task, as done, in `workers` processes (here, in order, for one
    worker or one task).  `func` must be a module-level function (it is pickled)."""
    if runs_here(workers, len(tasks)):
        for task in tasks:
            yield func(task)
        return
    import gc
    import multiprocessing  # here: a run in one process needs none of it

    preload()  # what the first game imports, imported once before the workers fork
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    context = multiprocessing.get_context(method)
    chunk = max(1, min(4, len(tasks) // (workers * 16)))
    # The forked workers inherit the parent's objects: frozen, their collections never
    # walk them, so the pages stay shared instead of being copied into every worker
    # (spawned workers, off Linux, inherit nothing: there it changes nothing).
    gc.freeze()
    try:
        pool = context.Pool(min(workers, len(tasks)), initializer=initializer)
    finally:
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

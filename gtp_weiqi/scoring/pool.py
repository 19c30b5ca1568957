"""Worker processes for counting many games and playing many: one mechanism, used by
`score_many`, by `gtp-weiqi score` over a collection and by `gtp-weiqi match`.

    for result in in_workers(count_one, tasks, workers=4):
        ...   # the results as the workers finish them, in any order

Linux forks the workers (they share the parent's imported modules: `preload` imports what
the first game would, before the fork), elsewhere they are spawned.  Tasks are handed out
in small chunks as workers finish, so that no worker idles at the end while another still
has a chunk.  A run stopped early (an exception, Ctrl-C, the reader stopping) stops the
workers mid-game; a finished run lets them exit on their own.

Each worker has a pipe of its own to the parent, and the workers share no queue and no
lock: a worker that ends anywhere (a signal, a crash, the kernel's out-of-memory killer)
leaves nothing held that the parent or another worker waits on.  The parent sees it end;
in the middle of a run that is `WorkerDied`, never a hang.

Signals: a worker leaves Ctrl-C and SIGHUP to the parent (which stops the workers itself)
and ends on SIGTERM by raising SystemExit, quietly.  Workers are born with these signals
blocked, so that one sent to the whole process group (a terminal's Ctrl-C, `kill --
-PGID`) never finds a worker before it is set up.  A SIGTERM can be lost (one that lands
just as a worker goes to sleep in a system call runs no handler until something wakes it),
so a stopping parent sends it again every `NUDGE` seconds, and SIGKILL to a worker still
there after `STOP_GRACE` seconds.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
import traceback
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .service import preload

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

T = TypeVar("T")
R = TypeVar("R")

NUDGE = 0.5  # seconds between the SIGTERMs sent to workers that have not yet ended
STOP_GRACE = 30.0  # seconds a stopping worker has before it is killed


class WorkerDied(RuntimeError):
    """A worker process ended in the middle of a run (killed, out of memory, a crash in C
    code); the results it had not sent back are lost."""


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
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once: the SIGTERMs sent again let it unwind
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def _stopping_signals_held() -> Iterator[None]:
    """Hold the `STOPPING` signals back (pending, not lost) until the block ends; one that
    came meanwhile is handled as it ends."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


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


def _serve(conn: Connection, func: Callable[[Any], Any],
           initializer: Callable[[], None] | None, inherited: list[Connection]) -> None:
    """A worker's life: each chunk of tasks the parent sends comes back as a list of
    (True, result) or (False, (exception, traceback)), until the parent sends None or goes away."""
    from multiprocessing.reduction import ForkingPickler  # what `recv` reads back

    for end in inherited:  # the parent's ends of the pipes, as forked: only it holds them
        end.close()
    _start_worker(initializer)
    while True:
        try:
            chunk = conn.recv()
        except EOFError:  # the parent is gone
            return
        if chunk is None:
            return
        outcomes = [_outcome(func, task) for task in chunk]
        try:
            data = ForkingPickler.dumps(outcomes)
        except Exception as exc:  # noqa: BLE001 - a result or an error that cannot be pickled
            data = ForkingPickler.dumps([(False, (RuntimeError(
                f"a worker's result could not be sent back: {exc!r}"), ""))])
        try:
            conn.send_bytes(data)
        except OSError:  # the parent is gone
            return


def _outcome(func: Callable[[Any], Any], task: Any) -> tuple[bool, Any]:
    """(True, the result) or (False, (the exception, its traceback as text))."""
    try:
        return True, func(task)
    except Exception as exc:  # noqa: BLE001 - raised again in the parent
        return False, (exc, traceback.format_exc())


class RemoteTraceback(Exception):
    """The traceback of an exception raised in a worker, as its cause in the parent."""

    def __str__(self) -> str:
        return f"\n\n(in the worker process)\n{self.args[0]}"


def _value(ok: bool, value: Any) -> Any:
    if ok:
        return value
    exc, text = value
    if text:
        exc.__cause__ = RemoteTraceback(text)
    raise exc


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn

    def give(self, chunk: Sequence[Any]) -> None:
        try:
            self.conn.send(list(chunk))
        except OSError:
            raise self.died() from None

    def take(self) -> list[tuple[bool, Any]]:
        try:
            outcomes: list[tuple[bool, Any]] = self.conn.recv()
        except (EOFError, OSError):
            raise self.died() from None
        return outcomes

    def died(self) -> WorkerDied:
        self.process.join(1.0)
        code = self.process.exitcode
        how = (f"killed by {signal.Signals(-code).name}" if code is not None and code < 0
               and -code in signal.valid_signals() else f"exit code {code}")
        return WorkerDied(f"a worker process ended in the middle of the run ({how})")


def _start(crew: list[_Worker], context: Any, count: int, func: Callable[[Any], Any],
           initializer: Callable[[], None] | None, forked: bool) -> None:
    """Start `count` workers into `crew` (the caller stops those started, whatever
    happens here)."""
    for _ in range(count):
        mine, theirs = context.Pipe()
        inherited = [w.conn for w in crew] + [mine] if forked else []
        process = context.Process(target=_serve, daemon=True,
                                  args=(theirs, func, initializer, inherited))
        try:
            process.start()
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        crew.append(_Worker(process, mine))


def _stop(crew: list[_Worker], politely: bool) -> None:
    """End every worker: politely (None sent: an idle worker exits on its own) or with
    SIGTERM, sent again every `NUDGE` seconds; SIGKILL after `STOP_GRACE` seconds.  The
    stopping signals wait until it is done (a second Ctrl-C cannot leave workers)."""
    from multiprocessing.connection import wait

    with _stopping_signals_held():
        for worker in crew:
            if politely:
                with contextlib.suppress(OSError):
                    worker.conn.send(None)
            else:
                worker.process.terminate()
        start = sent = time.monotonic()
        while left := [w.process for w in crew if w.process.is_alive()]:
            now = time.monotonic()
            if now - start >= STOP_GRACE:
                for process in left:
                    process.kill()
                break
            if not politely and now - sent >= NUDGE:
                for process in left:
                    process.terminate()
                sent = now
            wait([p.sentinel for p in left], NUDGE)
        for worker in crew:
            worker.process.join()
            worker.conn.close()


def in_workers(func: Callable[[T], R], tasks: Sequence[T], workers: int,
               initializer: Callable[[], None] | None = None,
               chunk: int | None = None) -> Generator[R, None, None]:
    """`func` of each task, as done, in `workers` processes (here, in order, for one
    worker or one task).  `func` and `initializer` must be module-level functions (they
    are pickled); `chunk` tasks are handed out at a time (by default a few, fewer when
    there are few tasks).  An exception `func` raises is raised here; a worker that ends
    in the middle of the run raises `WorkerDied`."""
    if runs_here(workers, len(tasks)):
        for task in tasks:
            yield func(task)
        return
    import gc
    import multiprocessing  # here: a run in one process needs none of it
    from multiprocessing.connection import wait

    preload()  # what the first game imports, imported once before the workers fork
    forked = sys.platform.startswith("linux")
    context = multiprocessing.get_context("fork" if forked else "spawn")
    if chunk is None:
        chunk = max(1, min(4, len(tasks) // (workers * 16)))
    chunks = deque(tasks[i:i + chunk] for i in range(0, len(tasks), chunk))
    # The forked workers inherit the parent's objects: frozen, their collections never
    # walk them, so the pages stay shared instead of being copied into every worker
    # (spawned workers, off Linux, inherit nothing: there it changes nothing).
    crew: list[_Worker] = []
    finished = False
    try:
        gc.freeze()
        try:
            with _stopping_signals_held():  # a signal that comes meanwhile is handled after
                _start(crew, context, min(workers, len(chunks)), func, initializer, forked)
        finally:
            gc.unfreeze()
        busy: dict[Any, _Worker] = {}  # the parent's end of each busy worker's pipe
        for worker in crew:
            worker.give(chunks.popleft())
            busy[worker.conn] = worker
        while busy:
            sentinels = {w.process.sentinel: w for w in busy.values()}
            ready = wait([*busy, *sentinels])
            for conn in [c for c in ready if c in busy]:  # results before any death
                worker = busy.pop(conn)
                outcomes = worker.take()
                lost = None
                if chunks:
                    try:
                        worker.give(chunks.popleft())
                        busy[conn] = worker
                    except WorkerDied as exc:  # after it sent these: they still count
                        lost = exc
                for ok, value in outcomes:
                    yield _value(ok, value)
                if lost is not None:
                    raise lost
            for sentinel, worker in sentinels.items():
                if sentinel in ready and worker.conn in busy:
                    raise worker.died()
        finished = True
    finally:
        # finished: every worker idle, told to exit; else (interrupted, the reader stopped
        # early, an error) stopped mid-game
        _stop(crew, politely=finished)


__all__ = ["WorkerDied", "default_workers", "in_workers", "runs_here"]

"""Games on a Dask cluster (`--dask tcp://host:8786`, or `--dask local`), for `gtp-weiqi
score` and `gtp-weiqi match`.

Each game is one task.  Results stream back as they finish; the caller, and only the
caller, writes them, so that a task the scheduler runs again after losing its worker still
leaves one record.  `distributed` is imported here only, when a cluster is asked for
(`pip install 'gtp_weiqi[dask]'`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

LOCAL = "local"
CONNECT_TIMEOUT = 30.0

T = TypeVar("T")
R = TypeVar("R")


class ClusterError(Exception):
    """No cluster to run on; the message says why."""


@contextmanager
def connect(address: str, workers: int | None = None) -> Iterator[Any]:
    """A Dask client of the scheduler at `address`, or of a new local cluster of `workers`
    processes (one thread each: the games are pure Python) for 'local'."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError("--dask needs Dask's distributed scheduler: "
                           "pip install 'gtp_weiqi[dask]'") from None
    if address == LOCAL:
        cluster = LocalCluster(n_workers=max(1, workers or os.cpu_count() or 1),
                               threads_per_worker=1, processes=True,
                               dashboard_address=None)
        try:
            with Client(cluster) as client:
                yield client
        finally:
            cluster.close()
        return
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        yield client
    finally:
        client.close()


def run_tasks(address: str, func: Callable[[T], R], items: list[T], label: str,
              workers: int | None = None) -> Iterator[tuple[int, R | None, str | None]]:
    """Run `func(item)` for every item on the cluster, one task each; yield (index, result,
    None) as each finishes, or (index, None, reason) for a task the cluster gave up on
    (its workers died too often).  `func` must be importable on the workers."""
    if not items:
        return
    with connect(address, workers) as client:
        import uuid  # here: its import (platform) would cost every local run

        from distributed import as_completed

        run = uuid.uuid4().hex[:12]
        futures = [client.submit(func, item, key=f"gtp_weiqi-{label}-{run}-{i}", pure=False)
                   for i, item in enumerate(items)]
        index_of = {future.key: i for i, future in enumerate(futures)}
        try:
            for future in as_completed(futures):
                index = index_of[future.key]
                try:
                    result = future.result()
                except Exception as exc:  # noqa: BLE001 - reported per task
                    yield index, None, f"{type(exc).__name__}: {exc}"
                else:
                    yield index, result, None
                future.release()
        finally:
            client.cancel([f for f in futures if not f.done()])


__all__ = ["ClusterError", "LOCAL", "connect", "run_tasks"]

"""Reading and writing the files a user names, safely: the one place that touches them.

`read_regular_file` reads only a regular file and at most `limit` bytes, so a FIFO, a
terminal, `/dev/zero` or `/dev/stdin` is refused at once instead of blocking, eating
memory or swallowing the GTP stream.  `atomic_write` replaces a file whole or not at all
(a temporary file beside the target, flushed, then renamed over it), with the mode a plain
`open(path, "w")` would give under the user's umask.  A path may be `str` (undecodable
bytes kept as surrogate escapes), `bytes` or a `Path`.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

#: Default limit of `read_regular_file`: far above any real SGF file (a 19x19 game with
#: comments is tens of kilobytes; large collections are megabytes).
DEFAULT_READ_LIMIT = 64 * 1024 * 1024

PathLike = str | bytes | Path


class FileRefused(OSError):
    """The path is not something we read or write; the message says why."""


def describe(path: PathLike) -> str:
    """The path as text for a message (undecodable bytes shown as escapes)."""
    raw = os.fsencode(path)
    return raw.decode("utf-8", errors="backslashreplace")


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a pipe"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def read_regular_file(path: PathLike, limit: int = DEFAULT_READ_LIMIT) -> bytes:
    """The bytes of a regular file of at most `limit` bytes.

    Raises FileRefused (not a regular file, or too large: the message names the limit)
    or OSError from the system.  Never blocks on a FIFO: the file is opened non-blocking
    and checked with fstat before anything is read.
    """
    fd = os.open(os.fsencode(path), os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"{describe(path)} is {_kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise FileRefused(f"{describe(path)} has {info.st_size} bytes, more than the limit "
                              f"of {limit} (--max-file-size raises it)")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # the file grew while we read it
                raise FileRefused(f"{describe(path)} has more than the limit of {limit} bytes "
                                  "(--max-file-size raises it)")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(path: PathLike, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the new one, never a part.

    The target must be a regular file or not exist: writing "to" a device or a pipe (such
    as /dev/stdout, which is the GTP stream) is refused rather than replaced or written
    into.  On any failure (a full disk, a file size limit) the old file is left as it was
    and the temporary file is removed.
    """
    target = os.fsencode(path)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise FileRefused(f"{describe(path)} is {_kind(info.st_mode)}, not a regular file")
    directory, name = os.path.split(target)
    tmp: bytes | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=b"." + name + b".", suffix=b".tmp",
                                   dir=directory or b".")
        os.fchmod(fd, (info.st_mode & 0o7777) if info is not None else 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
        tmp = None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass

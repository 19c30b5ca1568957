"""Reading and writing the files a user names, safely: the one place that touches them.

`read_regular_file` reads only a regular file and at most `limit` bytes, so a FIFO, a
terminal, `/dev/zero` or `/dev/stdin` is refused at once instead of blocking, eating
memory or swallowing the GTP stream.  `atomic_write` replaces a file whole or not at all
(a temporary file beside the target, flushed, then renamed over it), with the mode a plain
`open(path, "w")` would give under the user's umask; it writes through a symbolic link to
its target and refuses what it should not replace (a read-only file, a file with other
hard links).  A path may be `str` (undecodable
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


#: The longest temporary name's part taken from the target's name: with the dot before
#: it, `mkstemp`'s 8 random letters and `.tmp`, a temporary name stays within the 255
#: bytes a file name may have, however long the target's name is.
_TMP_NAME_PART = 200


def may_write_in_place(info: os.stat_result, uid: int, groups: set[int]) -> bool:
    """Whether the mode of a file lets the user `uid` (in `groups`) write it: the owner's,
    the group's or others' write bit, as the system checks it for anyone but root.  Root
    is held to it too: a read-only file is not replaced because root could."""
    if info.st_uid == uid:
        return bool(info.st_mode & stat.S_IWUSR)
    if info.st_gid in groups:
        return bool(info.st_mode & stat.S_IWGRP)
    return bool(info.st_mode & stat.S_IWOTH)


def _check_replaceable(path: PathLike, target: bytes, info: os.stat_result) -> None:
    """Refuse to replace what a plain write could not change the same way: a file the user
    may not write (by its mode, or as the system says), or one with other hard links."""
    groups = {os.getegid(), *os.getgroups()}
    if not os.access(target, os.W_OK) or not may_write_in_place(info, os.geteuid(), groups):
        raise FileRefused(f"{describe(path)} is read-only (mode "
                          f"{stat.S_IMODE(info.st_mode):04o}), not replaced")
    if info.st_nlink > 1:
        raise FileRefused(f"{describe(path)} has {info.st_nlink} hard links: replacing it "
                          "would split them and writing into it would not be whole or "
                          "nothing; write to another name")


def atomic_write(path: PathLike, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the new one, never a part.

    The target must be a regular file or not exist: writing "to" a device or a pipe (such
    as /dev/stdout, which is the GTP stream) is refused rather than replaced or written
    into.  A symbolic link is followed and its target replaced (the link stays a link); a
    read-only file or one with several hard links is refused (FileRefused says why).  The
    new file keeps the mode (and, where the user may, the owner) of the one it replaces.
    On any failure (a full disk, a file size limit) the old file is left as it was and the
    temporary file is removed.
    """
    given = os.fsencode(path)
    try:
        info: os.stat_result | None = os.stat(given)  # follows links; a loop is an OSError
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise FileRefused(f"{describe(path)} is {_kind(info.st_mode)}, not a regular file")
    target = os.path.realpath(given) if os.path.islink(given) else given
    if info is not None:
        _check_replaceable(path, target, info)
    directory, name = os.path.split(target)
    tmp: bytes | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=b"." + name[:_TMP_NAME_PART] + b".",
                                   suffix=b".tmp", dir=directory or b".")
        if info is not None and (info.st_uid, info.st_gid) != (os.geteuid(), os.getegid()):
            try:
                os.fchown(fd, info.st_uid, info.st_gid)
            except OSError:
                pass  # only root may give a file away; the group may still be refused
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

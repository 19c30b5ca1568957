"""Writes that respect the file system: the one atomic-write helper (core.files.atomic_write)
refuses a read-only file, writes through a symbolic link to its target, refuses a file with
other hard links rather than split them, and writes names up to the 255 bytes a name may
have.

The tests run as root, who may write anything; the helper holds root to the file's mode,
so a read-only file is refused here as it is for any user, and the check's logic is tested
for an ordinary user too (and with root's override dropped by setpriv where it exists)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from gtp_weiqi.core.files import FileRefused, atomic_write, may_write_in_place

GAME = b"(;GM[1]FF[4]SZ[9];B[ee])"
TIMEOUT = 30


def engine(lines: bytes, cwd: Path, prefix: tuple[str, ...] = ()
           ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*prefix, sys.executable, "-m", "gtp_weiqi"], input=lines,
                          capture_output=True, timeout=TIMEOUT, cwd=cwd)


def test_a_read_only_file_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "k.sgf"
    path.write_bytes(b"(;C[keep])")
    path.chmod(0o444)
    with pytest.raises(FileRefused, match=r"k.sgf is read-only \(mode 0444\), not replaced"):
        atomic_write(path, GAME)
    assert path.read_bytes() == b"(;C[keep])" and os.listdir(tmp_path) == ["k.sgf"]


def test_printsgf_over_a_read_only_file_is_refused(tmp_path: Path) -> None:
    """The report's reproduction, without root's override where setpriv can drop it."""
    path = tmp_path / "k.sgf"
    path.write_bytes(b"(;C[keep])")
    path.chmod(0o444)
    prefix: tuple[str, ...] = ()
    setpriv = shutil.which("setpriv")
    if setpriv and subprocess.run([setpriv, "--bounding-set=-dac_override",
                                   "--inh-caps=-dac_override", "true"]).returncode == 0:
        prefix = (setpriv, "--bounding-set=-dac_override", "--inh-caps=-dac_override")
    done = engine(b"play b c3\nprintsgf k.sgf\nname\n", tmp_path, prefix)
    assert done.stdout.decode() == ("= \n\n? cannot write k.sgf is read-only (mode 0444), not "
                                    "replaced\n\n= gtp_weiqi\n\n")
    assert path.read_bytes() == b"(;C[keep])"


def _stat(mode: int, uid: int, gid: int) -> os.stat_result:
    return os.stat_result((stat.S_IFREG | mode, 1, 1, 1, uid, gid, 0, 0, 0, 0))


@pytest.mark.parametrize("mode, uid, gid, allowed", [
    (0o644, 1000, 1000, True),    # mine, writable by me
    (0o444, 1000, 1000, False),   # mine, read-only
    (0o464, 1000, 1000, False),   # mine: my bit counts, not the group's
    (0o464, 2000, 1000, True),    # my group may write
    (0o644, 2000, 1000, False),   # another's, my group may not
    (0o646, 2000, 3000, True),    # anyone may write
    (0o644, 2000, 3000, False),   # another's, others may not
])
def test_the_mode_is_checked_as_the_system_checks_an_ordinary_user(
        mode: int, uid: int, gid: int, allowed: bool) -> None:
    assert may_write_in_place(_stat(mode, uid, gid), 1000, {1000, 50}) is allowed


def test_a_symbolic_link_is_written_through_to_its_target(tmp_path: Path) -> None:
    """The link stays a link and the file it names is replaced, atomically in its own
    folder (nothing is left beside the link)."""
    (tmp_path / "games").mkdir()
    (tmp_path / "links").mkdir()
    target = tmp_path / "games" / "g.sgf"
    target.write_bytes(b"(;C[old])")
    target.chmod(0o640)
    link = tmp_path / "links" / "g.sgf"
    link.symlink_to("../games/g.sgf")
    done = engine(b"play b e5\nprintsgf links/g.sgf\n", tmp_path)
    assert done.stdout == b"= \n\n= \n\n"
    assert link.is_symlink() and os.readlink(link) == "../games/g.sgf"
    assert b";B[eo]" in target.read_bytes()
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert os.listdir(tmp_path / "links") == ["g.sgf"]
    assert os.listdir(tmp_path / "games") == ["g.sgf"]


def test_a_dangling_link_makes_its_target_and_a_loop_is_refused(tmp_path: Path) -> None:
    dangling = tmp_path / "d.sgf"
    dangling.symlink_to("made.sgf")
    atomic_write(dangling, GAME)
    assert dangling.is_symlink() and (tmp_path / "made.sgf").read_bytes() == GAME
    (tmp_path / "l1.sgf").symlink_to("l2.sgf")
    (tmp_path / "l2.sgf").symlink_to("l1.sgf")
    with pytest.raises(OSError):
        atomic_write(tmp_path / "l1.sgf", GAME)
    assert (tmp_path / "l1.sgf").is_symlink() and (tmp_path / "l2.sgf").is_symlink()


def test_a_file_with_other_hard_links_is_refused_not_split(tmp_path: Path) -> None:
    first = tmp_path / "a.sgf"
    first.write_bytes(b"(;C[shared])")
    os.link(first, tmp_path / "b.sgf")
    with pytest.raises(FileRefused, match="has 2 hard links"):
        atomic_write(first, GAME)
    assert first.read_bytes() == (tmp_path / "b.sgf").read_bytes() == b"(;C[shared])"
    assert first.stat().st_ino == (tmp_path / "b.sgf").stat().st_ino


@pytest.mark.parametrize("length", [242, 250, 255])
def test_a_name_of_up_to_255_bytes_can_be_written(tmp_path: Path, length: int) -> None:
    """The temporary file's name is cut so that it fits beside any legal name."""
    name = "L" * (length - 4) + ".sgf"
    done = engine(f"play b c3\nprintsgf {name}\n".encode(), tmp_path)
    assert done.stdout == b"= \n\n= \n\n"
    assert os.listdir(tmp_path) == [name] and b";B[cq]" in (tmp_path / name).read_bytes()


@pytest.mark.skipif(os.geteuid() != 0, reason="only root may give a file to another owner")
def test_root_keeps_the_owner_of_a_file_anyone_may_write(tmp_path: Path) -> None:
    path = tmp_path / "shared.sgf"
    path.write_bytes(b"x")
    os.chown(path, 1234, 1234)
    path.chmod(0o666)
    atomic_write(path, GAME)
    info = path.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (1234, 1234, 0o666)
    assert path.read_bytes() == GAME

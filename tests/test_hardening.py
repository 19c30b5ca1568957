"""Bad input loses nothing: special files, failed writes, byte file names, framing of empty
analysis, komi and time bounds, echoed input, and SGF records that no game can produce.

Each test reproduces a defect found by fuzzing and hostile files first; the odd files are
built here, nothing is committed."""

from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import fail, make_engine, ok, snapshot, transcript

from gtp_weiqi.core.files import FileRefused, atomic_write, read_regular_file
from gtp_weiqi.core.rules import check_komi

GAME = b"(;GM[1]FF[4]SZ[9]KM[5.5];B[ee];W[ce])"
TIMEOUT = 30


def run_engine(lines: str, *args: str, cwd: Path | None = None,
               preexec=None) -> subprocess.CompletedProcess[bytes]:
    """`gtp-weiqi` as a process, fed `lines`; killed if it does not answer in time."""
    return subprocess.run([sys.executable, "-m", "gtp_weiqi", *args], input=lines.encode(),
                          capture_output=True, timeout=TIMEOUT, cwd=cwd, preexec_fn=preexec)


def answers(out: bytes) -> list[str]:
    return [a for a in out.decode("utf-8").split("\n\n") if a]


# -- special files ------------------------------------------------------------------------


def test_loadsgf_of_a_fifo_answers_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "f.sgf"
    os.mkfifo(fifo)
    done = run_engine(f"loadsgf {fifo}\nname\n")
    got = answers(done.stdout)
    assert got[0].startswith("? cannot load file:") and "a pipe, not a regular file" in got[0]
    assert got[1] == "= gtp_weiqi"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_loadsgf_of_an_endless_device_is_refused_without_reading(device: str) -> None:
    engine = make_engine()
    before = snapshot(engine)
    assert "a character device, not a regular file" in fail(engine, f"loadsgf {device}")
    assert snapshot(engine) == before


def test_loadsgf_of_stdin_does_not_swallow_the_commands_that_follow() -> None:
    done = run_engine("loadsgf /dev/stdin\nplay b e5\nname\n")
    got = answers(done.stdout)
    assert got[0].startswith("? cannot load file:")
    assert got[1:] == ["= ", "= gtp_weiqi"]


def test_a_file_over_the_size_limit_is_refused_naming_the_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.sgf"
    big.write_bytes(GAME + b" " * 2000)
    done = run_engine(f"loadsgf {big}\nloadsgf {tmp_path / 'big.sgf'}\n", "--max-file-size",
                      "1000")
    first = answers(done.stdout)[0]
    assert first.startswith("? cannot load file:") and "limit of 1000" in first
    assert "--max-file-size" in first
    ok_big = run_engine(f"loadsgf {big}\n", "--max-file-size", "100000")
    assert answers(ok_big.stdout) == ["= "]


def test_read_regular_file_reads_a_regular_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "g.sgf"
    path.write_bytes(GAME)
    assert read_regular_file(path) == GAME
    with pytest.raises(FileRefused, match="a directory"):
        read_regular_file(tmp_path)


# -- writes -------------------------------------------------------------------------------


def _limit_file_size(limit: int):
    def preexec() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write over the limit fails (EFBIG)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return preexec


def test_a_failed_printsgf_keeps_the_previous_file(tmp_path: Path) -> None:
    target = tmp_path / "out.sgf"
    target.write_bytes(b"precious")
    moves = "".join(f"play {c} {v}\n" for c, v in zip("bwbwbw", ["e5", "c3", "g7", "c7", "g3",
                                                                     "d5"], strict=True))
    done = run_engine(f"boardsize 9\n{moves}printsgf {target}\nname\n", cwd=tmp_path,
                      preexec=_limit_file_size(16))
    got = answers(done.stdout)
    assert got[-2].startswith("? cannot write"), got
    assert got[-1] == "= gtp_weiqi"
    assert target.read_bytes() == b"precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.sgf"]  # no temporary left


@pytest.mark.parametrize("target", ["/dev/full", "/dev/stdout", "/dev/null"])
def test_printsgf_to_a_device_is_refused_and_writes_nothing(target: str) -> None:
    done = run_engine(f"play b e5\nprintsgf {target}\nname\n")
    got = answers(done.stdout)
    assert got == ["= ", f"? cannot write {target} is a character device, not a regular file",
                   "= gtp_weiqi"] or got[1].startswith(f"? cannot write {target} is a ")
    assert b"(;" not in done.stdout  # no SGF bytes injected into the GTP stream


def test_printsgf_keeps_the_bytes_of_the_file_name(tmp_path: Path) -> None:
    name = b"\xff\xfe.sgf"
    done = subprocess.run([sys.executable, "-m", "gtp_weiqi"], capture_output=True,
                          input=b"play b e5\nprintsgf " + name + b"\n", cwd=tmp_path,
                          timeout=TIMEOUT)
    assert answers(done.stdout) == ["= ", "= "]
    assert os.listdir(os.fsencode(tmp_path)) == [name]


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_atomic_write_gives_the_mode_of_the_umask(tmp_path: Path, umask: int) -> None:
    old = os.umask(umask)
    try:
        atomic_write(tmp_path / "new.sgf", GAME)
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.sgf").stat().st_mode) == 0o666 & ~umask


def test_atomic_write_keeps_the_mode_of_a_file_it_replaces(tmp_path: Path) -> None:
    path = tmp_path / "old.sgf"
    path.write_bytes(b"x")
    path.chmod(0o640)
    atomic_write(path, GAME)
    assert path.read_bytes() == GAME and stat.S_IMODE(path.stat().st_mode) == 0o640


# -- framing and numbers ------------------------------------------------------------------


@pytest.mark.parametrize("command", ["kata-analyze b 1 allow b A1 1", "lz-analyze b 1 allow b A1 1",
                                     "analyze b 1 allow b A1 1"])
def test_an_analysis_stream_with_no_candidate_is_one_empty_response(command: str) -> None:
    engine = make_engine()
    out = transcript(engine, f"play b a1\n{command}\nname\n".encode())
    assert out == b"= \n\n= \n\n= gtp_weiqi\n\n"


@pytest.mark.parametrize("komi, reason", [("1e308", "between -1000 and 1000"),
                                          ("-1001", "between -1000 and 1000"),
                                          ("1e-320", "whole or half point"),
                                          ("6.4", "whole or half point"),
                                          ("nan", "not a finite number")])
def test_komi_out_of_bounds_is_refused(komi: str, reason: str) -> None:
    engine = make_engine()
    before = snapshot(engine)
    assert reason in fail(engine, f"komi {komi}")
    assert snapshot(engine) == before


def test_komi_within_bounds_is_kept_exactly() -> None:
    engine = make_engine()
    for komi in ("1000", "-1000", "0.5", "-0", "7"):
        ok(engine, f"komi {komi}")
        assert float(ok(engine, "get_komi")) == float(komi)
    assert check_komi(-0.0) == 0.0


def test_a_command_line_komi_out_of_bounds_is_refused_before_start() -> None:
    done = subprocess.run([sys.executable, "-m", "gtp_weiqi", "--komi", "1e308"],
                          capture_output=True, timeout=TIMEOUT, input=b"")
    assert done.returncode == 2 and b"komi must be between" in done.stderr


def test_a_huge_main_time_does_not_make_a_move_take_years() -> None:
    from gtp_weiqi.core.game import Game
    from gtp_weiqi.core.rules import lookup_preset
    from gtp_weiqi.player import Player, PlayerOptions
    from gtp_weiqi.player.clock import MAX_MOVE, TimeSystem

    game = Game(9, 9, lookup_preset("chinese")[0], 7.5)
    player = Player(PlayerOptions())
    player.time_system = TimeSystem("absolute", 2147483647, 0, 0)
    assert player.effort(game, 1).seconds == MAX_MOVE
    capped = Player(PlayerOptions(time_per_move=2.0))
    capped.time_system = TimeSystem("absolute", 2147483647, 0, 0)
    assert capped.effort(game, 1).seconds == 2.0


def test_an_error_does_not_echo_a_huge_argument() -> None:
    engine = make_engine()
    huge = '{"ko":"' + "x" * 200_000 + '"}'
    message = fail(engine, f"kata-set-rules {huge}")
    assert len(message) < 600 and "characters" in message
    assert len(fail(engine, "kata-set-rules " + "y" * 100_000)) < 600


def test_the_doubled_rules_prefix_is_gone() -> None:
    engine = make_engine()
    message = fail(engine, "kata-set-rules nosuch")
    assert message.startswith("Unknown rules 'nosuch'; ")
    assert message.lower().count("unknown rules") == 1


# -- records that cannot be ---------------------------------------------------------------


@pytest.mark.parametrize("record, reason", [
    (b"(;GM[1]SZ[9]AB[ee]AW[ee])", "both colours on E5"),
    (b"(;GM[1]SZ[9]AB[ba][ab]AW[aa])", "string at A9 without a liberty"),
    (b"(;GM[1]SZ[9]AB[aa:ii])", "without a liberty"),
    (b"(;GM[1]SZ[9]HA[2]AB[aa:ii])", "without a liberty"),
    (b"(;GM[1]SZ[9];B[ee]AW[dd])", "both setup stones and a move"),
    (b"(;GM[1]SZ[9]AW[dd];B[ee];W[cc]AW[gg])", "both setup stones and a move"),
    (b"(;GM[2]SZ[9];B[ee])", "GM[2] is not a Go game"),
    (b"(;GM[1]SZ[9]HA[100])", "HA[100] is not a handicap"),
    (b"(;GM[1]SZ[19]HA[100])", "HA[100] but the record shows 0 handicap stones"),
    (b"(;GM[1]SZ[9]HA[-3])", "HA[-3] is not a handicap"),
    (b"(;GM[1]SZ[9]KM[1e308])", "KM: komi must be between"),
    (b"(;GM[1]SZ[9];B[e])", "move 1: B[e] is not a point on a 9x9 board"),
    (b"(;GM[1]SZ[9]XX0[0];B[ee])", "property name 'XX0' at byte 12 is not made of letters"),
])
def test_a_record_no_game_can_produce_is_refused_with_the_reason(
        tmp_path: Path, record: bytes, reason: str) -> None:
    path = tmp_path / "odd.sgf"
    path.write_bytes(record)
    engine = make_engine()
    before = snapshot(engine)
    message = fail(engine, f"loadsgf {path}")
    assert message.startswith("cannot load file:") and reason in message, message
    assert snapshot(engine) == before


@pytest.mark.parametrize("record", [
    b"(;GM[1]SZ[13:13];B[ee])",                    # FF[4] square board
    b"(;GM[1]SZ[9]HA[2]AB[cc][gg];W[ee])",         # handicap as setup
    b"(;GM[1]SZ[9]HA[2];B[cc];B[gg];W[ee])",       # handicap as Black's first moves
    b"(;GM[1]SZ[9]HA[1];B[cc])",                   # HA[1]: no handicap, as some programs write
])
def test_records_real_programs_write_are_loaded(tmp_path: Path, record: bytes) -> None:
    path = tmp_path / "real.sgf"
    path.write_bytes(record)
    ok(make_engine(), f"loadsgf {path}")


def test_an_unknown_ru_is_reported_with_the_rules_used_instead(tmp_path: Path) -> None:
    path = tmp_path / "ru.sgf"
    path.write_bytes(b"(;GM[1]SZ[9]RU[Moon rules];B[ee])")
    done = run_engine(f"loadsgf {path}\n", "--rules", "chinese")
    assert answers(done.stdout) == ["= "]
    assert b"RU[Moon rules] is not a rules set this engine knows; counting under chinese" \
        in done.stderr


def test_the_chinese_names_of_our_presets_are_understood_in_ru(tmp_path: Path) -> None:
    path = tmp_path / "ru.sgf"
    path.write_bytes("(;GM[1]SZ[9]RU[计活子];B[ee])".encode())
    engine = make_engine()
    ok(engine, f"loadsgf {path}")
    assert engine.game.rules.preset_name == "jihuozi"


# -- processes and signals of a match ----------------------------------------------------


def _start_match(out: Path, games: int, journal: Path) -> subprocess.Popen[bytes]:
    from conftest import broken

    engine = broken("slow", "--delay", "0.02", "--journal", str(journal))
    return subprocess.Popen(
        [sys.executable, "-m", "gtp_weiqi", "match", "--black", engine, "--white", engine,
         "--games", str(games), "--size", "7", "--workers", "2", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def _wait_for(condition, seconds: float) -> bool:
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def _finish(proc: subprocess.Popen[bytes]) -> tuple[int, str]:
    """The exit code and stderr once every process of the match has closed stderr; the
    whole session is killed if that takes too long."""
    try:
        _out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise
    return proc.returncode, err.decode("utf-8", "replace")


def _session_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def _records(out: Path) -> list[str]:
    return sorted(p.name for p in out.glob("game-*.json"))


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGKILL, signal.SIGINT])
def test_a_match_killed_mid_run_ends_quietly_and_resumes(tmp_path: Path, signum: int) -> None:
    out, journal = tmp_path / "match", tmp_path / "journal"
    proc = _start_match(out, 4, journal)
    try:
        assert _wait_for(lambda: len(_records(out)) >= 1, 60), "no game finished"
        os.kill(proc.pid, signum)
        code, err = _finish(proc)
        assert "Traceback" not in err, err
        assert code == (130 if signum != signal.SIGKILL else -signal.SIGKILL)
        assert _wait_for(lambda: _session_gone(proc.pid), 30), "a worker or engine outlived it"
    finally:
        if not _session_gone(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
    kept = _records(out)
    again = _start_match(out, 4, journal)
    code, err = _finish(again)
    assert code == 0, err
    assert _records(out) == [f"game-{i:04d}.json" for i in range(4)]
    assert set(kept) <= set(_records(out))


def test_ctrl_c_while_a_match_starts_prints_no_traceback(tmp_path: Path) -> None:
    out = tmp_path / "match"
    proc = _start_match(out, 2, tmp_path / "journal")
    try:
        # once the match has begun (its folder made, workers and engines starting), however
        # slowly a loaded machine brought the interpreter up
        assert _wait_for(out.exists, 60), "the match never started"
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole group
        _code, err = _finish(proc)
        assert "Traceback" not in err, err
    finally:
        if not _session_gone(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)


def test_fewer_games_than_the_folder_holds_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "match"
    code, err = _finish(_start_match(out, 3, tmp_path / "journal"))
    assert code == 0, err
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    code, err = _finish(_start_match(out, 2, tmp_path / "journal"))
    assert code == 2 and "holds finished games up to number 3; --games 2 would leave 1" in err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before

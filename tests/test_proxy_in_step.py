"""The proxy in step with its back end, whatever the back end does: an answer without an id
from a back end that echoes ids is out of step (discarded, the back end's board replayed);
a back end that dies is started again once with the game replayed; a SIGKILLed gtp-weiqi
leaves no back end running.  The back ends are tests/broken_engine.py (always run) and
KataGo (test_proxy_katago.py)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import broken, fail, ok
from support.katago import katago_command, require_katago
from test_proxy import assert_same_game, proxied
from test_proxy_leela import gone, wait_until_gone

from gtp_weiqi.ui.gtp.controller import Controller, SubprocessChannel

TIMEOUT = 30.0


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "gtp_weiqi", *args]


# -- an answer without an id ----------------------------------------------------------------


def test_an_answer_without_an_id_is_discarded_and_the_back_ends_board_replayed(
        capsys: pytest.CaptureFixture[str]) -> None:
    # After our second genmove the back end also plays a move for Black and writes it as
    # a second answer without an id.  Believed, it would be the answer to the next
    # `genmove b`: a move the back end never chose for us, on a board one move ahead.
    with proxied(broken("idless", "--after", "1")) as (engine, proxy):
        ok(engine, "genmove b")
        ok(engine, "genmove w")
        answer = ok(engine, "genmove b")
        err = capsys.readouterr().err
        found = re.search(r"back end out of step, recovered: answer without an id '= "
                          r"([A-HJ][1-9])' discarded: out of step before the answer to "
                          r"\d+ 'genmove b'", err)
        assert found, err
        assert answer != found.group(1)  # the back end's real answer, not the extra one
        assert len(engine.game.moves) == 3
        state = ok(engine, "weiqi-backend")
        assert "restarts=0 ids=checked recovered=1 state=ok; last recovered: answer " \
               "without an id" in state, state
        # The back end's board, one move ahead, was replayed to ours.
        assert_same_game(engine)
        ok(engine, "genmove w")
        assert_same_game(engine)
        assert proxy.dead is None and proxy.desync is None


def test_the_issues_transcript_through_the_command_line() -> None:
    """The report's own session: genmoves after an answer without an id, then
    weiqi-backend, through `gtp-weiqi --engine ... --engine-timeout 3`."""
    script = b"boardsize 9\nplay b C3\ngenmove w\ngenmove b\ngenmove w\nweiqi-backend\n"
    done = subprocess.run(cli("--engine", broken("idless"), "--engine-timeout", "3"),
                          input=script, capture_output=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done.stderr
    answers = done.stdout.decode().split("\n\n")[:-1]
    assert answers[:2] == ["= ", "= "]
    moves = [a[2:] for a in answers[2:5]]
    assert all(re.fullmatch(r"[A-HJ][1-9]", m) for m in moves), answers
    assert len(set(moves + ["C3"])) == 4
    extra = re.search(r"answer without an id '= ([A-HJ][1-9])' discarded",
                      done.stderr.decode())
    assert extra and extra.group(1) != moves[1], done.stderr
    assert re.fullmatch(r"= name=BrokenGo pid=\d+ restarts=0 ids=checked recovered=1 "
                        r"state=ok; last recovered: answer without an id .*", answers[5])


def test_an_answer_without_an_id_that_nothing_else_answers_is_taken(
        capsys: pytest.CaptureFixture[str]) -> None:
    # A command the back end answers without its id (as Leela Zero's move_history): the
    # probe behind it is answered first, so it was the answer after all.
    with proxied(broken("none", "--no-id", "move_history")) as (engine, proxy):
        ok(engine, "genmove b")
        for _ in range(2):
            assert ok(engine, "weiqi-passthrough move_history").startswith("black ")
        assert "taken as the answer, since nothing else answered it" in capsys.readouterr().err
        assert "recovered=1 state=ok" in ok(engine, "weiqi-backend")
        ok(engine, "genmove w")
        assert proxy.dead is None
        assert_same_game(engine)


# -- a back end that dies ---------------------------------------------------------------------


def test_a_back_end_that_dies_is_restarted_once_with_the_game_replayed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / "journal"
    with proxied(broken("crash", "--after", "1", "--journal", str(journal))) as (engine,
                                                                                  proxy):
        ok(engine, "play b E5")
        ok(engine, "genmove w")
        first = proxy.backend.channel.pid
        ok(engine, "play w pass")
        # The second genmove kills it; the new one gets the game and answers.
        assert ok(engine, "genmove b") != "PASS"
        err = capsys.readouterr().err
        assert "back end died: broken_engine: crashing on purpose (mode crash) (engine died " \
               "(exited with code 3)); restarted it (1 of 1), the game is replayed on it" in err
        assert proxy.backend.channel.pid != first and proxy.dead is None
        assert len(engine.game.moves) == 4
        assert_same_game(engine)
        state = ok(engine, "weiqi-backend")
        assert "restarts=1 " in state and "state=ok; restarted after: back end died" in state
        # Dying again, past its one restart, it stays dead.
        assert fail(engine, "genmove w").startswith("genmove unavailable: back end died")
        assert ok(engine, "weiqi-backend").split("state=")[1].startswith("dead")
    pids = [int(line.split()[1]) for line in journal.read_text().splitlines()]
    assert len(pids) == 2 and all(gone(pid) for pid in pids)


def test_no_restart_when_told_none(capsys: pytest.CaptureFixture[str]) -> None:
    with proxied(broken("crash"), restarts=0) as (engine, proxy):
        assert fail(engine, "genmove b").startswith("genmove unavailable: back end died")
        assert "restarted" not in capsys.readouterr().err
        assert proxy.dead is not None


# -- a SIGKILLed front end ----------------------------------------------------------------------


def sigkilled_front_end_leaves_no_back_end(backend: str, busy: bytes, journal: Path | None
                                           ) -> None:
    """Start `gtp-weiqi --engine BACKEND`, make the back end busy with `busy` (a command
    that does not end by itself), SIGKILL gtp-weiqi, and see the back end go."""
    channel = SubprocessChannel(cli("--size", "9", "--engine", backend))
    controller = Controller(channel, "gtp-weiqi", TIMEOUT)
    try:
        state = controller.command("weiqi-backend")
        pid = int(re.search(r"pid=(\d+)", state).group(1))  # type: ignore[union-attr]
        channel.write_raw(busy)
        time.sleep(0.5)  # the back end is at work on it
        assert not gone(pid)
        channel.proc.send_signal(signal.SIGKILL)
        assert channel.proc.wait(timeout=TIMEOUT) == -signal.SIGKILL
        assert wait_until_gone(pid), f"the back end {pid} outlived gtp-weiqi"
        if journal is not None:
            assert [int(line.split()[1]) for line in journal.read_text().splitlines()] == [pid]
    finally:
        controller.close(quick=True)


def test_a_sigkilled_gtp_weiqi_leaves_no_back_end(tmp_path: Path) -> None:
    journal = tmp_path / "journal"
    sigkilled_front_end_leaves_no_back_end(
        broken("hang", "--journal", str(journal)), b"genmove b\n", journal)


def test_a_sigkilled_gtp_weiqi_leaves_no_katago() -> None:
    home = require_katago()
    sigkilled_front_end_leaves_no_back_end(katago_command(home), b"kata-analyze b 10\n", None)

"""Proxy mode: a real engine behind our rules.  GNU Go plays whole games through the proxy
and stays in step through undo, handicap, board size, komi and loadsgf; a deliberately
broken engine proves every failure path (crash, death mid-response, garbage, hang,
illegal and unreadable moves, refusals, resignation); the back end's dead stones serve as
explicit marks when asked; the command line starts and stops the back end."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import broken, fail, gnugo, ok

from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.core.coords import format_vertex
from gtp_weiqi.core.rules import lookup_preset
from gtp_weiqi.ui.gtp.commands import build_engine
from gtp_weiqi.ui.gtp.controller import Controller, SubprocessChannel
from gtp_weiqi.ui.gtp.engine import WeiqiEngine
from gtp_weiqi.ui.gtp.proxy import Proxy, start_proxy

TIMEOUT = 30.0
SCORE = re.compile(r"^(?:[BW]\+\d+(?:\.\d+)?|0)$")


@contextmanager
def proxied(command: str, rules: str = "tromp-taylor", size: int = 9,
            timeout: float = TIMEOUT, **options: object) -> Iterator[tuple[WeiqiEngine, Proxy]]:
    engine = build_engine(size, rules)
    proxy = start_proxy(engine, command, timeout=timeout, **options)  # type: ignore[arg-type]
    try:
        yield engine, proxy
    finally:
        proxy.close()
        channel = proxy.backend.channel
        assert isinstance(channel, SubprocessChannel)
        assert channel.proc.poll() is not None


def stones(engine: WeiqiEngine, colour: int) -> set[str]:
    board = engine.game.board
    return {format_vertex(board.row_col(p)) for p in board.points if board.colour[p] == colour}


def backend_stones(engine: WeiqiEngine, colour: str) -> set[str]:
    return set(ok(engine, f"weiqi-passthrough list_stones {colour}").upper().split())


def assert_same_game(engine: WeiqiEngine) -> None:
    """A gtp_weiqi back end holds our position, rules, prisoners and virtual moves (ending
    steps such as a stop proposal are ours alone)."""
    def board(text: str) -> list[str]:
        return [line for line in text.split("\n") if not line.startswith("End state")]

    assert board(ok(engine, "weiqi-passthrough showboard")) == board(ok(engine, "showboard"))


def assert_in_step_with_gnugo(engine: WeiqiEngine) -> None:
    assert backend_stones(engine, "black") == stones(engine, BLACK)
    assert backend_stones(engine, "white") == stones(engine, WHITE)


# -- GNU Go ---------------------------------------------------------------------------------


def test_gnugo_plays_a_whole_game_through_the_proxy_and_stays_in_step() -> None:
    with proxied(gnugo(), rules="chinese") as (engine, proxy):
        colour, passes, moves = "b", 0, 0
        while passes < 2 and moves < 150:
            answer = ok(engine, f"genmove {colour}")
            assert answer == "pass" or re.fullmatch(r"[A-HJ][1-9]", answer), answer
            passes = passes + 1 if answer == "pass" else 0
            colour = "w" if colour == "b" else "b"
            moves += 1
        assert len(engine.game.moves) == moves
        assert_in_step_with_gnugo(engine)
        assert SCORE.match(ok(engine, "final_score"))
        for _ in range(5):
            ok(engine, "undo")
        assert_in_step_with_gnugo(engine)
        ok(engine, "genmove b")
        assert_in_step_with_gnugo(engine)
        assert proxy.dead is None and proxy.desync is None


def test_board_size_komi_handicap_and_loadsgf_reach_gnugo(tmp_path: Path) -> None:
    with proxied(gnugo()) as (engine, _proxy):
        ok(engine, "boardsize 13")
        ok(engine, "komi 3.5")
        assert ok(engine, "weiqi-passthrough get_komi").strip() == "3.5"
        assert ok(engine, "fixed_handicap 3") == "D4 K10 D10"
        assert backend_stones(engine, "black") == {"D4", "K10", "D10"}
        ok(engine, "genmove w")
        assert_in_step_with_gnugo(engine)
        record = tmp_path / "game.sgf"
        record.write_text("(;FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[gc];W[cg])", encoding="utf-8")
        ok(engine, f"loadsgf {record}")
        assert backend_stones(engine, "black") == {"E5", "G7"}
        assert backend_stones(engine, "white") == {"C7", "C3"}
        assert ok(engine, "weiqi-passthrough get_komi").strip() == "6.5"
        ok(engine, "clear_board")
        assert backend_stones(engine, "black") == set()


def test_our_rules_refuse_a_move_before_the_back_end_sees_it() -> None:
    with proxied(gnugo()) as (engine, _proxy):
        ok(engine, "play b E5")
        assert fail(engine, "play w E5") == "illegal move"
        assert backend_stones(engine, "white") == set()


def test_a_legal_move_the_back_end_refuses_keeps_our_game_and_genmove_says_why(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Tromp–Taylor allows the block suicide at B1 (A1 and B1 both go); GNU Go does not:
    #   . . .
    #   O O .
    #   X . O     Black B1 removes its own A1-B1 block.
    with proxied(gnugo(), rules="tromp-taylor") as (engine, proxy):
        for move in ("b A1", "w A2", "b J9", "w B2", "b J8", "w C1", "b B1"):
            ok(engine, f"play {move}")
        assert "A1" not in stones(engine, BLACK)
        message = fail(engine, "genmove w")
        assert message.startswith("genmove unavailable: back end cannot follow the game")
        assert "play b B1" in message
        assert "cannot follow the game" in capsys.readouterr().err
        ok(engine, "undo")
        assert proxy.desync is not None
        ok(engine, "genmove w")
        assert proxy.desync is None
        assert_in_step_with_gnugo(engine)


def test_the_back_ends_other_commands_pass_through_and_are_listed() -> None:
    with proxied(gnugo()) as (engine, _proxy):
        listed = ok(engine, "list_commands").split("\n")
        assert "estimate_score" in listed and "weiqi-score" in listed
        assert "gg-undo" not in listed and "black" not in listed
        # GNU Go has no analysis: ours serves; our genmove_analyze would choose moves
        # without the back end, so it is not offered.  GNU Go's analyze_semeai answers
        # once and passes through like any other command.
        assert {"analyze", "lz-analyze", "kata-analyze", "analyze_semeai"} <= set(listed)
        assert not [name for name in listed if "genmove_analyze" in name]
        assert ok(engine, "lz-analyze b").startswith("info move ")
        assert ok(engine, "known_command estimate_score") == "true"
        ok(engine, "play b E5")
        assert re.match(r"[BW]\+[\d.]+ \(upper bound", ok(engine, "estimate_score"))
        assert ok(engine, "name") == "gtp_weiqi (GNU Go)"
        assert ok(engine, "version").endswith("(GNU Go 3.8)")
        assert ok(engine, "weiqi-passthrough name") == "GNU Go"
        assert fail(engine, "weiqi-passthrough no-such-command") == "unknown command"


# -- KataGo-style rules -----------------------------------------------------------------------


def test_kata_set_rules_follows_our_rules_on_a_back_end_that_has_it() -> None:
    with proxied(broken()) as (engine, _proxy):
        japanese = lookup_preset("japanese")
        assert japanese is not None
        ok(engine, "kata-set-rules japanese")
        theirs = ok(engine, "weiqi-passthrough kata-get-rules")
        assert build_engine(9, theirs).game.rules.to_katago_json() == \
            japanese[0].to_katago_json()


# -- failures of the back end -----------------------------------------------------------------


def assert_back_end_gone_but_rules_work(engine: WeiqiEngine, proxy: Proxy, reason: str) -> None:
    message = fail(engine, "genmove b")
    assert message.startswith(f"genmove unavailable: {reason}"), message
    assert fail(engine, "genmove w") == message
    ok(engine, "play b C3")
    assert fail(engine, "play w C3") == "illegal move"
    assert SCORE.match(ok(engine, "final_score"))
    assert ok(engine, "weiqi-score all").startswith("{")
    assert "C3" in ok(engine, "final_status_list alive")
    assert "B[cg]" in ok(engine, "printsgf")  # the game record survives
    assert ok(engine, "weiqi-backend").split("state=")[1].startswith("dead")
    assert fail(engine, "weiqi-passthrough name").startswith(f"name unavailable: {reason}")
    assert proxy.dead is not None


def test_a_back_end_that_crashes_is_reported_with_its_stderr(
        capsys: pytest.CaptureFixture[str]) -> None:
    with proxied(broken("crash", "--after", "1")) as (engine, proxy):
        assert ok(engine, "genmove b") != "pass"
        message = fail(engine, "genmove w")
        assert message == ("genmove unavailable: back end died: broken_engine: crashing on "
                           "purpose (mode crash) (engine died (exited with code 3))")
        assert_back_end_gone_but_rules_work(engine, proxy, "back end died: broken_engine")
        assert "crashing on purpose" in capsys.readouterr().err


def test_a_back_end_that_dies_mid_response_is_not_believed() -> None:
    with proxied(broken("midway")) as (engine, proxy):
        message = fail(engine, "genmove b")
        assert "back end died" in message and "middle of its answer" in message
        assert engine.game.moves == []
        assert_back_end_gone_but_rules_work(engine, proxy, "back end died")


def test_a_back_end_that_writes_garbage_is_stopped() -> None:
    with proxied(broken("garbage")) as (engine, proxy):
        message = fail(engine, "genmove b")
        assert message.startswith("genmove unavailable: back end stopped speaking GTP")
        assert "@@ garbage @@" in message
        assert_back_end_gone_but_rules_work(engine, proxy, "back end stopped speaking GTP")


def test_a_back_end_that_hangs_times_out() -> None:
    with proxied(broken("hang")) as (engine, proxy):
        proxy.backend.timeout = 1.0  # after the start-up, which a loaded machine makes slow
        message = fail(engine, "genmove b")
        assert message.startswith("genmove unavailable: back end hung: no answer to 'genmove' "
                                  "within 1 s")
        assert_back_end_gone_but_rules_work(engine, proxy, "back end hung")


@pytest.mark.parametrize(("mode", "said"), [
    ("illegal", "is illegal under tromp-taylor (occupied)"),
    ("badvertex", "which is no move"),
    ("refuse", "back end failed `genmove w` (cannot generate a move)"),
])
def test_bad_moves_are_asked_again_then_passed(mode: str, said: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    with proxied(broken(mode, "--after", "1"), retries=2) as (engine, proxy):
        first = ok(engine, "genmove b")
        assert ok(engine, "genmove w") == "pass"
        err = capsys.readouterr().err
        assert err.count(said) == 3, err
        assert "try 3 of 3" in err and "no legal move from the back end for w: playing a pass" \
            in err
        assert [(m.colour, m.point is None) for m in engine.game.moves] == \
            [(BLACK, False), (WHITE, True)]
        assert proxy.dead is None
        # The back end holds exactly our game (the illegal move it played was taken back).
        assert_same_game(engine)
        assert engine.game.moves[0].point == engine.vertex(first)


def test_under_virtual_move_rules_the_fallback_is_a_virtual_move(
        capsys: pytest.CaptureFixture[str]) -> None:
    with proxied(broken("illegal", "--after", "1", "--rules", "jihuozi"), rules="jihuozi",
                 retries=0) as (engine, _proxy):
        ok(engine, "genmove b")
        assert ok(engine, "genmove w") == "pass"
        err = capsys.readouterr().err
        assert "try 1 of 1" in err and "playing a virtual move (虚着)" in err
        assert engine.game.virtual[WHITE] == 1
        assert_same_game(engine)


def test_resign_is_passed_on_and_changes_nothing() -> None:
    with proxied(broken("resign")) as (engine, _proxy):
        ok(engine, "play b E5")
        assert ok(engine, "genmove w") == "resign"
        assert len(engine.game.moves) == 1
        assert_same_game(engine)


def test_undo_and_ending_steps_keep_the_back_end_in_step() -> None:
    with proxied(broken("none", "--rules", "jihuozi"), rules="jihuozi") as (engine, _proxy):
        for command in ("genmove b", "genmove w", "play b pass", "undo", "genmove b",
                        "weiqi-stop", "weiqi-stop", "weiqi-dispute", "genmove b", "undo",
                        "undo"):
            ok(engine, command)
            assert_same_game(engine)


# -- dead stones from the back end ------------------------------------------------------------


def test_the_back_ends_dead_stones_are_explicit_marks_when_asked() -> None:
    with proxied(broken("none", "--dead", "C3"), rules="chinese",
                 dead_stones=True) as (engine, _proxy):
        for move in ("b C3", "w G7", "b C4", "w G6"):
            ok(engine, f"play {move}")
        assert ok(engine, "final_status_list dead") == "C3 C4"
        assert ok(engine, "final_status C4") == "dead"
        assert ok(engine, "final_score").startswith("W+")
        ok(engine, "weiqi-set_status alive C3")  # the user's mark wins over the back end's
        assert ok(engine, "final_status_list dead") == ""
    with proxied(broken("none", "--dead", "C3"), rules="chinese") as (engine, _proxy):
        for move in ("b C3", "w G7", "b C4", "w G6"):
            ok(engine, f"play {move}")
        assert ok(engine, "final_status_list dead") == ""  # not asked: our own judgement


# -- the command line ---------------------------------------------------------------------------


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "gtp_weiqi", *args]


def test_the_command_line_starts_and_stops_the_back_end(tmp_path: Path) -> None:
    journal = tmp_path / "journal"
    channel = SubprocessChannel(cli("--size", "9", "--rules", "chinese", "--engine",
                                    broken("none", "--journal", str(journal))))
    controller = Controller(channel, "proxy", TIMEOUT)
    try:
        assert controller.command("name") == "gtp_weiqi (BrokenGo)"
        assert controller.command("genmove", "b") != "pass"
        assert controller.command("kata-get-rules").startswith("{")
        controller.close()
        assert channel.proc.returncode == 0
    finally:
        controller.close(quick=True)
    pid = int(journal.read_text().split()[1])
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


@pytest.mark.parametrize(("mode", "said"), [
    ("startcrash", "cannot start (mode startcrash)"),
    ("banner", "isn't speaking GTP"),
])
def test_a_back_end_that_does_not_work_at_all_stops_the_command_line(mode: str,
                                                                     said: str) -> None:
    done = subprocess.run(cli("--engine", broken(mode)), input=b"name\n", capture_output=True,
                          timeout=TIMEOUT, check=False)
    assert done.returncode == 2
    assert said in done.stderr.decode()
    assert done.stdout == b""

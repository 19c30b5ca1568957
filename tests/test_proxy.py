"""Proxy mode: a real engine behind our rules.  GNU Go plays whole games through the proxy
and stays in step through undo, handicap, board size, komi and loadsgf; a deliberately
broken engine proves every failure path (crash, death mid-response, garbage, hang,
illegal and unreadable moves, refusals, resignation); the back end's dead stones serve as
explicit marks when asked; the command line starts and stops the back end."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import broken, fail, gnugo, ok, snapshot

from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.core.coords import format_vertex
from gtp_weiqi.core.rules import Rules, lookup_preset
from gtp_weiqi.ui.gtp.commands import build_engine
from gtp_weiqi.ui.gtp.controller import Controller, SubprocessChannel
from gtp_weiqi.ui.gtp.engine import WeiqiEngine
from gtp_weiqi.ui.gtp.proxy import (
    Proxy,
    katago_candidates,
    kgs_candidates,
    start_proxy,
)

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
            assert answer == "PASS" or re.fullmatch(r"[A-HJ][1-9]", answer), answer
            passes = passes + 1 if answer == "PASS" else 0
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
    with proxied(broken("crash", "--after", "1"), restarts=0) as (engine, proxy):
        assert ok(engine, "genmove b") != "PASS"
        message = fail(engine, "genmove w")
        assert message == ("genmove unavailable: back end died: broken_engine: crashing on "
                           "purpose (mode crash) (engine died (exited with code 3))")
        assert_back_end_gone_but_rules_work(engine, proxy, "back end died: broken_engine")
        assert "crashing on purpose" in capsys.readouterr().err


def test_a_back_end_that_dies_mid_response_is_not_believed() -> None:
    with proxied(broken("midway"), restarts=0) as (engine, proxy):
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
        assert ok(engine, "genmove w") == "PASS"
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
        assert ok(engine, "genmove w") == "PASS"
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
        assert controller.command("genmove", "b") != "PASS"
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


# -- the numbered connection ------------------------------------------------------------------


def test_an_extra_answer_is_discarded_reported_and_the_game_goes_on(
        capsys: pytest.CaptureFixture[str]) -> None:
    with proxied(broken("extra", "--after", "1")) as (engine, proxy):
        ok(engine, "genmove b")
        second = ok(engine, "genmove w")  # answered twice by the back end
        ok(engine, "genmove b")  # the duplicate is read first, and not taken for this answer
        err = capsys.readouterr().err
        assert re.search(r"back end out of step, recovered: extra answer '=\d+ "
                         + second + r"' \(numbered for command \d+\) discarded before the "
                         r"answer to \d+ 'genmove b'", err), err
        assert "illegal" not in err
        assert proxy.dead is None
        # A discarded genmove answer leaves the back end's board unknown: the game was
        # replayed on it right after, and the replay's first command read (and discarded)
        # the third genmove's duplicate.
        state = ok(engine, "weiqi-backend")
        assert re.search(r"ids=checked recovered=2 state=ok; last recovered: extra answer "
                         r"'=\d+ [A-HJ]\d' \(numbered for command \d+\) discarded before the "
                         r"answer to \d+ 'boardsize 9'", state), state
        assert_same_game(engine)
        assert "recovered=2 state=ok" in ok(engine, "weiqi-backend")


def test_a_wrongly_numbered_answer_stops_the_back_end() -> None:
    with proxied(broken("wrongid", "--after", "1")) as (engine, proxy):
        ok(engine, "genmove b")
        message = fail(engine, "genmove w")
        assert message.startswith("genmove unavailable: back end stopped speaking GTP: out "
                                  "of step: an answer numbered"), message
        assert_back_end_gone_but_rules_work(engine, proxy, "back end stopped speaking GTP")


def test_a_back_end_that_never_echoes_ids_is_reported_once_and_still_works(
        capsys: pytest.CaptureFixture[str]) -> None:
    with proxied(broken("noid")) as (engine, proxy):
        for colour in "bwbw":
            ok(engine, f"genmove {colour}")
        assert_same_game(engine)
        err = capsys.readouterr().err
        assert err.count("does not echo command ids") == 1
        assert "ids=unchecked recovered=1 state=ok" in ok(engine, "weiqi-backend")
        assert proxy.dead is None


# -- what the back end refuses -----------------------------------------------------------------


@pytest.mark.parametrize(("refuse", "command", "reason"), [
    ("komi~450=unacceptable komi", "komi 450.5", "unacceptable komi"),  # KataGo: ±400
    ("boardsize~13=unacceptable size", "boardsize 13", "unacceptable size"),
    ('kata-set-rules~"scoring":"TERRITORY"', "kata-set-rules japanese", "refused on purpose"),
    ('kata-set-rules~"scoring":"TERRITORY"', "kgs-rules japanese", "refused on purpose"),
    ('kata-set-rules~"tax":"ALL"', "kata-set-rule tax ALL", "refused on purpose"),
    ("boardsize~7=unacceptable size", "rectangular_boardsize 7 7", "unacceptable size"),
])
def test_a_set_up_the_back_end_refuses_is_refused_and_the_game_stays(
        refuse: str, command: str, reason: str, capsys: pytest.CaptureFixture[str]) -> None:
    with proxied(broken("none", "--refuse", shlex.quote(refuse))) as (engine, proxy):
        ok(engine, "play b E5")
        ok(engine, "genmove w")
        before = snapshot(engine)
        assert fail(engine, command) == reason
        assert snapshot(engine) == before
        assert "refused to the controller, the game stays as it was" in capsys.readouterr().err
        assert proxy.desync is None and proxy.dead is None
        assert_same_game(engine)
        ok(engine, "genmove b")  # the game goes on, in step
        assert_same_game(engine)


def test_a_handicap_the_back_end_refuses_is_refused_and_the_board_stays_empty() -> None:
    with proxied(broken("none", "--refuse", "'set_free_handicap=bad vertex list'")) as (engine,
                                                                                    proxy):
        ok(engine, "boardsize 13")
        before = snapshot(engine)
        assert fail(engine, "fixed_handicap 4") == "bad vertex list"
        assert fail(engine, "place_free_handicap 3") == "bad vertex list"
        assert fail(engine, "set_free_handicap C3 D4") == "bad vertex list"
        assert snapshot(engine) == before
        assert engine.game.handicap == 0 and not engine.game.setup
        ok(engine, "genmove b")
        assert_same_game(engine)
        assert proxy.desync is None


def test_loadsgf_of_a_size_the_back_end_refuses_keeps_the_game(tmp_path: Path) -> None:
    record = tmp_path / "game.sgf"
    record.write_text("(;FF[4]SZ[13]KM[6.5];B[dd];W[jj])", encoding="utf-8")
    with proxied(broken("none", "--refuse", "'boardsize~13=unacceptable size'")) as (engine, _p):
        ok(engine, "play b E5")
        before = snapshot(engine)
        assert fail(engine, f"loadsgf {record}") == "unacceptable size"
        assert snapshot(engine) == before
        assert_same_game(engine)


def test_the_closest_rules_the_back_end_takes_are_told_and_reported(
        capsys: pytest.CaptureFixture[str]) -> None:
    # A KataGo-like back end whose network cannot play with the group tax: 计活子 is told
    # as the nearest it takes (area scoring, positional superko, tax SEKI), and said so.
    refuse = 'kata-set-rules~"tax":"ALL"=Rules not supported by this neural net version'
    with proxied(broken("none", "--refuse", shlex.quote(refuse))) as (engine, proxy):
        proxy._full_rules = False  # speak to it as to KataGo
        ok(engine, "kata-set-rules jihuozi")
        assert engine.game.rules.preset_name == "jihuozi"
        err = capsys.readouterr().err
        assert 'back end refused `kata-set-rules {"friendlyPassOk":true,' in err
        assert '"tax":"SEKI"' in err and "the closest it takes" in err
        theirs = json.loads(ok(engine, "weiqi-passthrough kata-get-rules"))
        assert (theirs["tax"], theirs["scoring"], theirs["ko"], theirs["suicide"]) == \
            ("SEKI", "AREA", "POSITIONAL", False)


def test_rules_candidates_for_katago_and_kgs() -> None:
    def rules(name: str) -> Rules:
        found = lookup_preset(name)
        assert found is not None
        return found[0]

    assert katago_candidates(rules("jihuozi"))[:3] == [
        '{"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA",'
        '"suicide":false,"tax":"ALL","whiteHandicapBonus":"0"}',
        '{"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":false,"tax":"ALL",'
        '"whiteHandicapBonus":"0"}',
        '{"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA",'
        '"suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"}',
    ]
    assert len(katago_candidates(rules("jihuozi"))) == 6
    natural = json.loads(katago_candidates(rules("jipingdian-natural-b"))[0])
    assert (natural["scoring"], natural["tax"], natural["suicide"]) == ("AREA", "NONE", True)
    assert len(katago_candidates(rules("chinese"))) == 2
    assert kgs_candidates(rules("japanese")) == ["japanese"]
    assert kgs_candidates(rules("jihuozi")) == ["chinese"]
    assert kgs_candidates(rules("aga")) == ["aga", "chinese"]
    assert kgs_candidates(rules("new-zealand")) == ["new_zealand", "chinese"]


# -- streaming commands -------------------------------------------------------------------------


@contextmanager
def served(*options: str) -> Iterator[tuple[Controller, SubprocessChannel]]:
    """`gtp-weiqi ... --engine <gtp_weiqi>` as a child process, spoken to with ids."""
    channel = SubprocessChannel(cli("--size", "9", *options), numbered=True)
    controller = Controller(channel, "gtp-weiqi", TIMEOUT)
    try:
        yield controller, channel
    finally:
        controller.close(quick=True)


def streamed(channel: SubprocessChannel, command: str, stop_after: int | None
             ) -> list[str]:
    lines: list[str] = []
    response = channel.stream(command, TIMEOUT, lambda start: None, lines.append,
                              lambda: stop_after is not None and len(lines) >= stop_after)
    assert response.ok and response.text == "", response
    return lines


def test_the_back_ends_analysis_is_relayed_and_stopped_by_the_next_command() -> None:
    # gtp_weiqi as the back end analyses until input arrives, so only the stop ends it.
    with served("--engine", broken()) as (controller, channel):
        controller.command("play", "b", "E5")
        for command in ("lz-analyze w 1", "kata-analyze w 1 ownership true", "analyze w 1"):
            lines = streamed(channel, command, stop_after=3)
            assert len(lines) >= 3, lines  # a report may cross the stop on its way
            assert all(line.startswith("info move ") for line in lines)
        assert controller.command("name") == "gtp_weiqi (BrokenGo)"
        listed = controller.command("list_commands").split("\n")
        assert {"lz-analyze", "kata-analyze", "analyze", "genmove_analyze",
                "lz-genmove_analyze", "kata-genmove_analyze"} <= set(listed)
        controller.command("quit")


def test_a_genmove_analyze_plays_the_back_ends_move_in_both_games() -> None:
    with served("--engine", broken()) as (controller, channel):
        for command, colour in (("kata-genmove_analyze b 1", "B"), ("genmove_analyze 1", "W")):
            lines = streamed(channel, command, stop_after=None)
            assert lines[-1].startswith("play "), lines
            move = lines[-1].split()[1]
            assert controller.command("weiqi-passthrough", "showboard") == \
                controller.command("showboard")
            record = controller.command("printsgf").replace("\n", "")
            assert record.count(f";{colour}[") == 1, move
        controller.command("quit")


@pytest.mark.parametrize(("mode", "said"), [
    ("illegal", "is illegal under tromp-taylor (occupied)"),
    ("badvertex", "which is no move"),
])
def test_a_bad_play_line_is_replaced_by_a_checked_genmove(mode: str, said: str) -> None:
    with served("--rules", "tromp-taylor", "--engine", broken(mode, "--after", "1")) as (
            controller, channel):
        controller.command("genmove", "b")
        lines = streamed(channel, "lz-genmove_analyze w 1", stop_after=None)
        assert [line.split()[0] for line in lines] == ["info", "play"], lines
        move = lines[-1].split()[1]
        assert move == "pass"  # the back end's genmove misbehaves too: a pass after 3 tries
        assert controller.command("printsgf").replace("\n", "").count(";W[") == 1
        assert controller.command("weiqi-passthrough", "showboard") == \
            controller.command("showboard")
        controller.close()
        assert said in channel.stderr_tail()


def test_resign_in_a_play_line_is_passed_on() -> None:
    with served("--engine", broken("resign")) as (controller, channel):
        controller.command("play", "b", "E5")
        lines = streamed(channel, "kata-genmove_analyze w 1", stop_after=None)
        assert lines[-1] == "play resign"
        assert controller.command("printsgf").replace("\n", "").count(";W[") == 0
        controller.command("quit")


def test_an_analysis_asked_in_process_is_one_report_and_passthrough_refuses_streams() -> None:
    with proxied(broken()) as (engine, _proxy):
        ok(engine, "play b E5")
        assert ok(engine, "lz-analyze w 1").startswith("info move ")
        assert fail(engine, "weiqi-passthrough lz-analyze w 1") == \
            "lz-analyze streams: send it as a command of its own"
        answer = ok(engine, "lz-genmove_analyze w 1").split("\n")
        assert answer[-1].startswith("play ") and len(engine.game.moves) == 2
        assert_same_game(engine)

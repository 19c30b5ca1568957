"""GTP transcripts, bytes in and bytes out: framing, preprocessing, every standard command
and its canonical error strings (GTP v2 §2.5–§6, as controllers rely on them)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import assert_well_framed, fail, gtp, make_engine, ok, snapshot, transcript
from sgfmill import sgf

from gtp_weiqi import __version__
from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.core.coords import format_vertex
from gtp_weiqi.ui.gtp.controller import SubprocessChannel
from gtp_weiqi.ui.gtp.engine import WeiqiEngine


def responses(data: bytes) -> list[bytes]:
    """Split an output stream into whole responses, checking that nothing else is there."""
    out = []
    pos = 0
    while pos < len(data):
        end = data.find(b"\n\n", pos)
        assert end >= 0, f"unterminated response: {data[pos:]!r}"
        out.append(data[pos:end + 2])
        pos = end + 2
    return out


def run(engine: WeiqiEngine, data: bytes) -> bytes:
    out = transcript(engine, data)
    for response in responses(out):
        assert_well_framed(response)
    return out


# -- framing -----------------------------------------------------------------------------------


def test_ids_are_echoed_including_zero(engine: WeiqiEngine) -> None:
    out = run(engine, b"0 name\n1 protocol_version\n42 version\nname\n")
    assert out == (b"=0 gtp_weiqi\n\n=1 2\n\n=42 " + __version__.encode() + b"\n\n"
                   b"= gtp_weiqi\n\n")


def test_empty_responses_keep_the_space_after_the_id(engine: WeiqiEngine) -> None:
    out = run(engine, b"clear_board\n5 clear_board\n0 komi 6.5\n")
    assert out == b"= \n\n=5 \n\n=0 \n\n"


def test_errors_echo_the_id(engine: WeiqiEngine) -> None:
    assert run(engine, b"7 foo\nfoo bar\n") == b"?7 unknown command\n\n? unknown command\n\n"


def test_carriage_returns_and_control_characters_are_dropped(engine: WeiqiEngine) -> None:
    out = run(engine, b"1 name\r\n2 na\x01m\x7fe\r\n\x1b3 version\x00\n")
    assert out == b"=1 gtp_weiqi\n\n=2 gtp_weiqi\n\n=3 " + __version__.encode() + b"\n\n"


def test_comments_tabs_and_blank_lines(engine: WeiqiEngine) -> None:
    data = (b"# a comment line\n"
            b"\n"
            b"   \t  \n"
            b"\t4\tknown_command\tplay\t# trailing comment\n"
            b"5 name#no space before the hash\n"
            b"   \n")
    assert run(engine, data) == b"=4 true\n\n=5 gtp_weiqi\n\n"


def test_a_line_with_only_an_id_is_ignored(engine: WeiqiEngine) -> None:
    assert run(engine, b"7\n  8  \n9 # only a comment after the id\nname\n") == \
        b"= gtp_weiqi\n\n"


def test_last_line_without_newline_is_answered(engine: WeiqiEngine) -> None:
    assert run(engine, b"name\n3 protocol_version") == b"= gtp_weiqi\n\n=3 2\n\n"


def test_quit_answers_and_ends_the_session(engine: WeiqiEngine) -> None:
    assert run(engine, b"name\n9 quit\nname\n") == b"= gtp_weiqi\n\n=9 \n\n"


def test_pipelined_batch_gets_every_answer_in_order(engine: WeiqiEngine) -> None:
    data = b"".join(f"{i} komi {i}.5\n".encode() for i in range(50)) + b"get_komi\n"
    out = run(engine, data)
    assert out == b"".join(f"={i} \n\n".encode() for i in range(50)) + b"= 49.5\n\n"


def test_invalid_utf8_and_unicode_do_not_break_the_session(engine: WeiqiEngine) -> None:
    out = run(engine, b"\xff\xfe name\n1 \xe5\x90\x8d\n2 play b \xef\xbc\xa45\n3 name\n")
    got = responses(out)
    assert got[0] == b"? unknown command\n\n"
    assert got[1] == b"?1 unknown command\n\n"
    assert got[2].startswith(b"?2 syntax error")
    assert got[3] == b"=3 gtp_weiqi\n\n"


def test_the_command_line_engine_speaks_gtp_on_stdin_and_stdout(tmp_path: Path) -> None:
    """Pipelined commands through the project's GTP channel, the bytes as they came."""
    channel = SubprocessChannel([sys.executable, "-m", "gtp_weiqi", "--size", "9"],
                                cwd=str(tmp_path))
    try:
        answers = channel.exchange_all(["1 name", "2 play b e5", "3 play w e5", "4 quit"], 30)
        out = b"".join(answer.raw for answer in answers) + channel.read_rest(30)
        assert channel.proc.wait(timeout=30) == 0
    finally:
        channel.close(quick=True)
    assert out == b"=1 gtp_weiqi\n\n=2 \n\n?3 illegal move\n\n=4 \n\n"


def test_the_engine_module_loads_only_the_core_and_the_protocol() -> None:
    """The player and the judgement load when a command first needs them, not at import."""
    code = ("import sys, gtp_weiqi.ui.gtp.engine; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('gtp_weiqi.'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout.split()
    assert {m.split(".")[1] for m in out} == {"base", "core", "ui"}
    assert not [m for m in out if m.startswith("gtp_weiqi.ui.") and m not in (
        "gtp_weiqi.ui.gtp", "gtp_weiqi.ui.gtp.engine", "gtp_weiqi.ui.gtp.protocol")]


# -- no blank line inside any response ------------------------------------------------------------


def test_multi_line_responses_have_no_blank_line(engine: WeiqiEngine) -> None:
    ok(engine, "boardsize 19")
    ok(engine, "fixed_handicap 9")
    for move in ("w q3", "b pass", "w c11", "b k5"):
        ok(engine, f"play {move}")
    out = run(engine, b"1 showboard\n2 list_commands\n3 printsgf\n4 gogui-analyze_commands\n"
                      b"5 kata-get-rules\n")
    got = responses(out)
    assert len(got) == 5
    board = got[0].decode()
    assert board.startswith("=1 \n")
    assert "\n19 . . . . . . . . . . . . . . . . . . . 19\n" in board
    assert "X" in board and "O" in board


COMMON_ARGS = ["", "b", "w", "dead", "alive", "seki", "black_territory", "dame", "e5",
               "b e5", "zilu", "true", "3", "e5 dead"]


def test_every_command_answers_well_framed_after_a_game(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # printsgf FILE writes into the working directory
    for rules in ("tromp-taylor", "jihuozi"):
        engine = make_engine(size=7, rules=rules)
        for line in ("play b d4", "play w c3", "play b pass", "play w e5", "genmove b"):
            ok(engine, line)
        names = [n for n in ok(engine, "list_commands").split("\n") if n != "quit"]
        for name in names:
            for args in COMMON_ARGS:
                data = f"{name} {args}\n".encode()
                out = run(engine, data)
                assert len(responses(out)) == 1 and b"internal error" not in out, data


def test_showboard_draws_the_position_with_coordinates(engine: WeiqiEngine) -> None:
    ok(engine, "boardsize 5")
    ok(engine, "play b c3")
    ok(engine, "play w d4")
    lines = ok(engine, "showboard").split("\n")
    assert lines[1].strip() == "A B C D E"
    assert lines[2:7] == [" 5 . . . . . 5", " 4 . . . O . 4", " 3 . . X . . 3",
                          " 2 . . . . . 2", " 1 . . . . . 1"]
    assert any("captured" in line for line in lines)
    assert fail(engine, "showboard x").startswith("syntax error")


def test_showboard_reports_virtual_moves_under_virtual_move_rules() -> None:
    engine = make_engine(size=5, rules="jihuozi")
    ok(engine, "play b c3")
    ok(engine, "play w pass")
    assert "B 0  W 1" in ok(engine, "showboard")


# -- protocol_version, name, version, known_command, list_commands ------------------------------

REQUIRED = ("protocol_version", "name", "version", "known_command", "list_commands", "quit",
            "boardsize", "clear_board", "komi", "play", "genmove")
STANDARD = ("undo", "fixed_handicap", "place_free_handicap", "set_free_handicap", "loadsgf",
            "reg_genmove", "time_settings", "time_left", "showboard")


def test_identity_commands(engine: WeiqiEngine) -> None:
    assert ok(engine, "protocol_version") == "2"
    assert ok(engine, "name") == "gtp_weiqi"
    assert ok(engine, "version") == __version__


def test_list_commands_is_one_clean_name_per_line(engine: WeiqiEngine) -> None:
    names = ok(engine, "list_commands").split("\n")
    assert all(re.fullmatch(r"[a-z][a-z0-9_-]*", n) for n in names), names
    assert len(names) == len(set(names))
    for name in REQUIRED + STANDARD:
        assert name in names


def test_known_command_is_truthful(engine: WeiqiEngine) -> None:
    for name in ok(engine, "list_commands").split("\n"):
        assert ok(engine, f"known_command {name}") == "true", name
        if name != "quit":
            response = gtp(engine, f"{name} " + " ".join(["zz"] * 7))
            assert response != "? unknown command\n\n", name
    for name in ("foo", "NAME", "Play", "kata-foo", "final_scores", "list_command",
                 "kgs-genmove"):
        assert ok(engine, f"known_command {name}") == "false", name
        assert fail(engine, f"{name} x") == "unknown command"
    assert fail(engine, "known_command").startswith("syntax error")


# -- boardsize, rectangular_boardsize, clear_board, komi, get_komi -----------------------------


@pytest.mark.parametrize("size", [2, 5, 7, 9, 13, 19, 25])
def test_boardsize_accepts_2_to_25_and_clears_the_board(engine: WeiqiEngine, size: int) -> None:
    ok(engine, "play b a1")
    assert ok(engine, f"boardsize {size}") == ""
    game = engine.game
    assert (game.width, game.height) == (size, size)
    assert not game.moves and game.board.count(BLACK) == 0


@pytest.mark.parametrize(("arg", "error"), [
    ("0", "unacceptable size"), ("1", "unacceptable size"), ("26", "unacceptable size"),
    ("2147483647", "unacceptable size"), ("x", "syntax error"), ("-9", "syntax error"),
    ("9.0", "syntax error"), ("99999999999999999999", "syntax error"), ("", "syntax error"),
    ("9 9", "syntax error"),
])
def test_boardsize_errors(engine: WeiqiEngine, arg: str, error: str) -> None:
    ok(engine, "play b e5")
    before = snapshot(engine)
    message = fail(engine, f"boardsize {arg}")
    assert message == error if error == "unacceptable size" else message.startswith(error)
    assert snapshot(engine) == before


def test_rectangular_boardsize(engine: WeiqiEngine) -> None:
    assert ok(engine, "rectangular_boardsize 7 5") == ""
    assert (engine.game.width, engine.game.height) == (7, 5)
    ok(engine, "play b g5")
    assert fail(engine, "play b a6").startswith("syntax error")
    assert fail(engine, "rectangular_boardsize 1 5") == "unacceptable size"
    assert fail(engine, "rectangular_boardsize 5 26") == "unacceptable size"
    assert fail(engine, "rectangular_boardsize 5").startswith("syntax error")
    assert fail(engine, "rectangular_boardsize a b").startswith("syntax error")
    assert fail(engine, "printsgf").startswith("rectangular")


def test_komi_within_bounds_is_accepted_and_survives_boardsize_and_clear_board(
        engine: WeiqiEngine) -> None:
    for value, shown in (("6.5", "6.5"), ("-300", "-300"), ("1000", "1000"), ("0", "0"),
                         ("7", "7"), ("+2.5", "2.5"), ("1e3", "1000")):
        assert ok(engine, f"komi {value}") == ""
        assert ok(engine, "get_komi") == shown
    assert fail(engine, "komi 1000.25").startswith("syntax error: komi must be")  # KOMI_LIMIT
    ok(engine, "komi 0.5")
    ok(engine, "boardsize 13")
    assert ok(engine, "get_komi") == "0.5"
    ok(engine, "clear_board")
    assert ok(engine, "get_komi") == "0.5"
    ok(engine, "rectangular_boardsize 5 6")
    assert ok(engine, "get_komi") == "0.5"


@pytest.mark.parametrize("arg", ["abc", "nan", "inf", "-inf", "", "6.5 7", "1e999"])
def test_komi_fails_only_with_syntax_error(engine: WeiqiEngine, arg: str) -> None:
    before = snapshot(engine)
    assert fail(engine, f"komi {arg}").startswith("syntax error")
    assert snapshot(engine) == before


def test_clear_board_keeps_size_rules_and_komi() -> None:
    engine = make_engine(size=7, rules="japanese")
    ok(engine, "komi 3")
    ok(engine, "play b d4")
    assert ok(engine, "clear_board") == ""
    game = engine.game
    assert game.width == 7 and game.komi == 3 and not game.moves and game.board.count(BLACK) == 0
    assert fail(engine, "clear_board now").startswith("syntax error")


# -- play ----------------------------------------------------------------------------------------


def test_play_accepts_colour_and_vertex_spellings(engine: WeiqiEngine) -> None:
    for line in ("play b a1", "play B B2", "play black c3", "play BLACK D4", "play w e5",
                 "play W F6", "play white g7", "play White h8", "play b J9", "play w pass",
                 "play b PASS", "play W Pass"):
        assert ok(engine, line) == "", line
    assert len(engine.game.moves) == 12


def test_consecutive_same_colour_plays_are_accepted(engine: WeiqiEngine) -> None:
    for vertex in ("c3", "d4", "e5"):
        ok(engine, f"play b {vertex}")
    ok(engine, "play b pass")
    ok(engine, "play w f6")
    ok(engine, "play w g7")
    assert [m.colour for m in engine.game.moves] == [BLACK] * 4 + [WHITE] * 2


@pytest.mark.parametrize("setup", [
    ("play b e5", "play w e5"),  # occupied
    ("play w a2", "play w b1", "play b a1"),  # single-stone suicide
    ("play b b9", "play b a8", "play b b7", "play w c9", "play w d8", "play w c7", "play w b8",
     "play b c8", "play w b8"),  # ko
])
def test_illegal_moves_answer_exactly_illegal_move(setup: tuple[str, ...]) -> None:
    engine = make_engine(rules="chinese")
    for line in setup[:-1]:
        ok(engine, line)
    before = snapshot(engine)
    assert run(engine, (setup[-1] + "\n").encode()) == b"? illegal move\n\n"
    assert snapshot(engine) == before


def test_why_a_move_is_illegal_goes_to_stderr_under_the_program_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The answer is GTP's `illegal move`; the reason is told on stderr, under the name every
    message of the engine there starts with."""
    engine = make_engine()
    ok(engine, "play b e5")
    capsys.readouterr()
    assert fail(engine, "play w e5") == "illegal move"
    assert capsys.readouterr().err == "gtp-weiqi: illegal move w e5: occupied\n"


@pytest.mark.parametrize("line", [
    "play", "play b", "play b e5 e6", "play x e5", "play bw e5", "play b i5", "play b z1",
    "play b a0", "play b a10", "play b e", "play b 5", "play b e5.0", "play b -e5",
    "play b e-5", "play e5 b",
])
def test_play_syntax_errors(engine: WeiqiEngine, line: str) -> None:
    before = snapshot(engine)
    assert fail(engine, line).startswith("syntax error")
    assert snapshot(engine) == before


# -- genmove and reg_genmove ---------------------------------------------------------------------


def test_genmove_plays_a_legal_move_for_either_colour(engine: WeiqiEngine) -> None:
    first = ok(engine, "genmove w")
    assert re.fullmatch(r"[A-HJ]\d", first)
    assert engine.game.moves[-1].colour == WHITE
    second = ok(engine, "genmove white")  # either colour, whoever moved last
    assert second != first and engine.game.moves[-1].colour == WHITE
    assert len(engine.game.moves) == 2


def test_genmove_answers_pass_as_gnu_go_does_when_nothing_is_left() -> None:
    """`PASS`, GNU Go's form: kigo compares the answer with "PASS" exactly, and every other
    controller (Sabaki, GoGui, gomill, qgo, Lizzie) reads vertices case-insensitively."""
    engine = make_engine(size=3)
    for vertex in ("b3", "a2", "b2", "c2", "b1"):
        ok(engine, f"play b {vertex}")
    # Only one-point eyes are left: Black does not fill its own, White cannot live in one.
    assert run(engine, b"genmove b\ngenmove w\nreg_genmove b\n") == \
        b"= PASS\n\n= PASS\n\n= PASS\n\n"


def test_reg_genmove_does_not_play(engine: WeiqiEngine) -> None:
    ok(engine, "play b e5")
    before = snapshot(engine)
    suggestion = ok(engine, "reg_genmove w")
    assert snapshot(engine) == before
    assert ok(engine, "reg_genmove w") == suggestion
    assert ok(engine, "genmove w") == suggestion


@pytest.mark.parametrize("line", ["genmove", "genmove x", "genmove b w", "reg_genmove",
                                  "reg_genmove red"])
def test_genmove_syntax_errors(engine: WeiqiEngine, line: str) -> None:
    before = snapshot(engine)
    assert fail(engine, line).startswith("syntax error")
    assert snapshot(engine) == before


# -- undo ----------------------------------------------------------------------------------------


def test_undo_takes_back_moves_and_then_cannot_undo(engine: WeiqiEngine) -> None:
    start = snapshot(engine)
    ok(engine, "play b e5")
    after_one = snapshot(engine)
    ok(engine, "play w pass")
    ok(engine, "genmove b")
    assert run(engine, b"undo\nundo\n") == b"= \n\n= \n\n"
    assert snapshot(engine) == after_one
    ok(engine, "undo")
    assert snapshot(engine) == start
    assert run(engine, b"3 undo\n") == b"?3 cannot undo\n\n"
    assert fail(engine, "undo x").startswith("syntax error")
    assert fail(engine, "undo 0 1").startswith("syntax error")


def test_undo_reads_and_ignores_one_number_as_gnu_go_does(engine: WeiqiEngine) -> None:
    """qgo's Undo button sends `undo 0` (GNU Go ignores the number): one move goes back."""
    ok(engine, "play b e5")
    after_one = snapshot(engine)
    ok(engine, "play w c3")
    assert run(engine, b"1007 undo 0\n") == b"=1007 \n\n"
    assert snapshot(engine) == after_one
    assert run(engine, b"undo 5\nundo 0\n") == b"= \n\n? cannot undo\n\n"


@pytest.mark.parametrize("line", ["fixed_handicap 2", "place_free_handicap 3",
                                  "set_free_handicap a1 b2"])
def test_undo_never_removes_handicap_stones(engine: WeiqiEngine, line: str) -> None:
    ok(engine, line)
    before = snapshot(engine)
    assert run(engine, b"undo\n") == b"? cannot undo\n\n"
    ok(engine, "play w e5")
    ok(engine, "undo")
    assert snapshot(engine) == before
    assert fail(engine, "undo") == "cannot undo"


# -- fixed_handicap, place_free_handicap, set_free_handicap ----------------------------------------

PATTERNS = {  # GTP v2 §4.1.1: 0 = low line, 1 = middle, 2 = high line; (column, row)
    2: ["00", "22"], 3: ["00", "22", "02"], 4: ["00", "22", "02", "20"],
    5: ["00", "22", "02", "20", "11"], 6: ["00", "22", "02", "20", "01", "21"],
    7: ["00", "22", "02", "20", "01", "21", "11"],
    8: ["00", "22", "02", "20", "01", "21", "10", "12"],
    9: ["00", "22", "02", "20", "01", "21", "10", "12", "11"],
}


def expected_handicap(size: int, count: int) -> set[str]:
    line = 2 if size < 13 else 3
    pos = {"0": line, "1": (size - 1) // 2, "2": size - 1 - line}
    return {format_vertex((pos[r], pos[c])) for c, r in PATTERNS[count]}


FIXED_CASES = [(size, n) for size in (9, 13, 19) for n in range(2, 10)] + \
    [(7, n) for n in range(2, 5)] + [(8, n) for n in range(2, 5)] + [(10, 4), (25, 9)]


@pytest.mark.parametrize(("size", "count"), FIXED_CASES)
def test_fixed_handicap_places_the_standard_points(size: int, count: int) -> None:
    engine = make_engine(size=size)
    answer = ok(engine, f"fixed_handicap {count}")
    vertices = answer.split(" ")
    assert len(vertices) == count and set(vertices) == expected_handicap(size, count)
    game = engine.game
    assert game.board.count(BLACK) == count and game.handicap == count
    assert not game.moves and game.to_move == WHITE


def test_fixed_handicap_on_19_matches_the_spec_examples() -> None:
    assert expected_handicap(19, 2) == {"D4", "Q16"}
    assert expected_handicap(19, 9) == {"D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16",
                                        "K10"}
    assert expected_handicap(9, 2) == {"C3", "G7"}


@pytest.mark.parametrize(("size", "count"), [
    (19, 0), (19, 1), (19, 10), (19, 361), (13, 10), (9, 10), (7, 5), (7, 9), (8, 5), (10, 5),
    (6, 2), (5, 2), (2, 2),
])
def test_fixed_handicap_invalid_number_of_stones(size: int, count: int) -> None:
    engine = make_engine(size=size)
    before = snapshot(engine)
    assert fail(engine, f"fixed_handicap {count}") == "invalid number of stones"
    assert snapshot(engine) == before


def test_handicap_commands_need_an_empty_board(engine: WeiqiEngine) -> None:
    ok(engine, "play b e5")
    before = snapshot(engine)
    for line in ("fixed_handicap 2", "place_free_handicap 2", "set_free_handicap a1 b2"):
        assert fail(engine, line) == "board not empty"
    assert snapshot(engine) == before
    ok(engine, "clear_board")
    ok(engine, "fixed_handicap 2")
    for line in ("fixed_handicap 2", "place_free_handicap 2", "set_free_handicap a1 b2"):
        assert fail(engine, line) == "board not empty"


@pytest.mark.parametrize("line", ["fixed_handicap", "fixed_handicap x", "fixed_handicap 2 3",
                                  "fixed_handicap -2", "place_free_handicap",
                                  "place_free_handicap 2.5"])
def test_handicap_syntax_errors(engine: WeiqiEngine, line: str) -> None:
    assert fail(engine, line).startswith("syntax error")


@pytest.mark.parametrize(("size", "count"), [(19, 2), (19, 9), (9, 4), (5, 3), (3, 8), (2, 3),
                                             (19, 40), (7, 48)])
def test_place_free_handicap_places_distinct_stones(size: int, count: int) -> None:
    engine = make_engine(size=size)
    vertices = ok(engine, f"place_free_handicap {count}").split(" ")
    assert 2 <= len(vertices) <= count
    assert len(set(vertices)) == len(vertices) and "pass" not in [v.lower() for v in vertices]
    game = engine.game
    assert game.board.count(BLACK) == len(vertices) == game.handicap
    assert game.to_move == WHITE


@pytest.mark.parametrize(("size", "count"), [(9, 0), (9, 1), (9, 81), (9, 1000), (2, 4)])
def test_place_free_handicap_invalid_number_of_stones(size: int, count: int) -> None:
    engine = make_engine(size=size)
    before = snapshot(engine)
    assert fail(engine, f"place_free_handicap {count}") == "invalid number of stones"
    assert snapshot(engine) == before


def test_set_free_handicap_accepts_any_placement(engine: WeiqiEngine) -> None:
    assert run(engine, b"1 set_free_handicap a1 J9 e5\n") == b"=1 \n\n"
    game = engine.game
    assert game.board.count(BLACK) == 3 and game.handicap == 3 and game.to_move == WHITE


def test_set_free_handicap_may_fill_all_but_one_point() -> None:
    engine = make_engine(size=2)
    ok(engine, "set_free_handicap a1 a2 b1")
    assert engine.game.handicap == 3


@pytest.mark.parametrize("args", ["", "a1", "a1 a1", "a1 A1", "a1 pass", "pass b2",
                                  "a1 z9", "a1 a10", "a1 xx", "a1 b2 b2 c3"])
def test_set_free_handicap_bad_vertex_list(engine: WeiqiEngine, args: str) -> None:
    before = snapshot(engine)
    assert fail(engine, f"set_free_handicap {args}") == "bad vertex list"
    assert snapshot(engine) == before


def test_set_free_handicap_too_many_stones() -> None:
    engine = make_engine(size=2)
    assert fail(engine, "set_free_handicap a1 a2 b1 b2") == "bad vertex list"
    assert engine.game.board.count(BLACK) == 0


# -- loadsgf and printsgf ------------------------------------------------------------------------

GAME_SGF = b"(;GM[1]FF[4]SZ[9]KM[5.5];B[ee];W[ce];B[];W[dd])"


def write(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_loadsgf_sets_size_komi_and_moves(engine: WeiqiEngine, tmp_path: Path) -> None:
    path = write(tmp_path, "game.sgf", b"(;GM[1]FF[4]SZ[7]KM[0.5];B[dd];W[cc];B[];W[ee])")
    assert run(engine, f"1 loadsgf {path}\n".encode()) == b"=1 \n\n"
    game = engine.game
    assert (game.width, game.komi, len(game.moves)) == (7, 0.5, 4)
    assert ok(engine, "get_komi") == "0.5"


@pytest.mark.parametrize(("number", "moves"), [(1, 0), (2, 1), (3, 2), (4, 3), (5, 4),
                                               (100, 4)])
def test_loadsgf_with_a_move_number_stops_before_it(engine: WeiqiEngine, tmp_path: Path,
                                                     number: int, moves: int) -> None:
    path = write(tmp_path, "game.sgf", GAME_SGF)
    ok(engine, f"loadsgf {path} {number}")
    assert len(engine.game.moves) == moves


@pytest.mark.parametrize(("data", "reason"), [
    (b"(;GM[1]SZ[9;B[ee]", "bad SGF"),
    (b"\x00\x01garbage", "bad SGF"),
    (b"(;GM[1]FF[4]SZ[9];B[ee];W[ee])", "move 2 is illegal (occupied)"),
    (b"(;GM[1]FF[4]SZ[5]RU[Chinese];B[ba];B[ab];B[bc];W[ca];W[db];W[cc];W[bb];B[cb];W[bb])",
     "move 9 is illegal (ko)"),
    (b"(;GM[1]FF[4]SZ[5];B[ba];B[ab];B[bc];W[ca];W[db];W[cc];W[bb];B[cb];W[bb])",
     "move 9 is illegal (superko)"),
    (b"(;GM[1]FF[4]SZ[5]RU[Chinese];W[ba];W[ab];B[aa])", "move 3 is illegal (suicide)"),
    (b"(;GM[1]FF[4]SZ[30])", "bad SGF"),
])
def test_loadsgf_refuses_a_broken_or_illegal_file_and_keeps_the_game(
        engine: WeiqiEngine, tmp_path: Path, data: bytes, reason: str) -> None:
    ok(engine, "komi 3.5")
    ok(engine, "play b e5")
    ok(engine, "time_settings 60 10 1")
    before = snapshot(engine)
    path = write(tmp_path, "bad.sgf", data)
    message = fail(engine, f"loadsgf {path}")
    assert message.startswith("cannot load file") and reason in message
    assert snapshot(engine) == before


def test_loadsgf_missing_file_and_arguments(engine: WeiqiEngine, tmp_path: Path) -> None:
    before = snapshot(engine)
    assert fail(engine, f"loadsgf {tmp_path / 'missing.sgf'}").startswith("cannot load file")
    assert fail(engine, f"loadsgf {tmp_path}").startswith("cannot load file")
    assert fail(engine, "loadsgf").startswith("syntax error")
    path = write(tmp_path, "game.sgf", GAME_SGF)
    assert fail(engine, f"loadsgf {path} x").startswith("syntax error")
    assert fail(engine, f"loadsgf {path} 1 2").startswith("syntax error")
    assert snapshot(engine) == before


def test_loadsgf_then_undo_and_handicap_from_the_file(engine: WeiqiEngine,
                                                      tmp_path: Path) -> None:
    path = write(tmp_path, "h.sgf", b"(;GM[1]FF[4]SZ[9]HA[2]AB[cg][gc]KM[0.5];W[ee])")
    ok(engine, f"loadsgf {path}")
    assert engine.game.handicap == 2
    ok(engine, "undo")
    assert fail(engine, "undo") == "cannot undo"


@pytest.mark.parametrize("rules", ["tromp-taylor", "chinese", "japanese", "jihuozi",
                                   "jipingdian-natural-a"])
def test_printsgf_round_trips_through_loadsgf(tmp_path: Path, rules: str) -> None:
    engine = make_engine(size=9, rules=rules)
    ok(engine, "komi -8")
    ok(engine, "fixed_handicap 2")
    for line in ("play w e5", "play b pass", "play w d5", "play w c5", "genmove b",
                 "genmove w"):
        ok(engine, line)
    before = snapshot(engine)
    path = tmp_path / "out.sgf"
    assert ok(engine, f"printsgf {path}") == ""
    text = ok(engine, "printsgf")
    assert path.read_bytes().decode().strip() == text
    parsed = sgf.Sgf_game.from_bytes(text.encode())
    assert parsed.get_size() == 9 and parsed.get_komi() == -8
    other = make_engine(size=19, rules="aga")
    ok(other, f"loadsgf {path}")
    assert snapshot(other) == before


def test_printsgf_round_trips_rules_that_are_no_preset(tmp_path: Path) -> None:
    engine = make_engine(size=9, rules="chinese")
    ok(engine, "kata-set-rule counting zilu")
    ok(engine, "kata-set-rule virtualMoves true")
    ok(engine, "play b e5")
    ok(engine, "play w pass")
    before = snapshot(engine)
    path = tmp_path / "custom.sgf"
    ok(engine, f"printsgf {path}")
    other = make_engine(size=9, rules="japanese")
    ok(other, f"loadsgf {path}")
    assert snapshot(other) == before


def test_printsgf_of_a_fresh_game(engine: WeiqiEngine) -> None:
    text = ok(engine, "printsgf")
    parsed = sgf.Sgf_game.from_bytes(text.encode())
    assert parsed.get_size() == 9 and parsed.get_komi() == 7.5
    assert parsed.get_root().get("RU") == "tromp-taylor"
    assert fail(engine, "printsgf a b").startswith("syntax error")


def test_printsgf_to_an_unwritable_path(engine: WeiqiEngine, tmp_path: Path) -> None:
    message = fail(engine, f"printsgf {tmp_path / 'no' / 'such' / 'dir.sgf'}")
    assert message.startswith("cannot write")


# -- time_settings, time_left ---------------------------------------------------------------------


def test_time_settings_and_time_left_are_accepted(engine: WeiqiEngine) -> None:
    assert run(engine, b"1 time_settings 300 30 5\n2 time_left b 100 0\n3 time_left WHITE 20 3\n"
                       b"4 time_settings 0 0 0\n") == b"=1 \n\n=2 \n\n=3 \n\n=4 \n\n"
    assert engine.time_settings == (0, 0, 0)
    assert engine.time_left == {BLACK: (100, 0), WHITE: (20, 3)}


@pytest.mark.parametrize("line", [
    "time_settings", "time_settings 1 2", "time_settings 1 2 3 4", "time_settings a 2 3",
    "time_settings -1 2 3", "time_settings 1.5 2 3", "time_settings 9999999999 1 1",
    "time_left", "time_left b 1", "time_left x 1 1", "time_left b -1 0", "time_left b 1 0 0",
])
def test_time_command_syntax_errors(engine: WeiqiEngine, line: str) -> None:
    before = snapshot(engine)
    assert fail(engine, line).startswith("syntax error")
    assert snapshot(engine) == before


def test_clear_board_forgets_time_left_but_not_time_settings(engine: WeiqiEngine) -> None:
    ok(engine, "time_settings 300 30 5")
    ok(engine, "time_left b 100 0")
    ok(engine, "clear_board")
    assert engine.time_settings == (300, 30, 5) and engine.time_left == {}


# -- GoGui analyze commands ------------------------------------------------------------------------


def test_gogui_analyze_commands_name_known_commands(engine: WeiqiEngine) -> None:
    for entry in ok(engine, "gogui-analyze_commands").split("\n"):
        kind, label, command = entry.split("/", 2)
        assert kind and label
        assert ok(engine, f"known_command {command.split()[0]}") == "true"

"""Analysis commands: arguments, the Leela Zero and KataGo line formats, streaming until the
next input line, genmove with analysis, and the lines parsed as Sabaki parses them."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from conftest import fail, game_from_diagram, make_engine, ok, transcript
from support.board_diagram import board_diagram

from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.ui.gtp.analysis_cmds import configure_player
from gtp_weiqi.ui.gtp.controller import SubprocessChannel
from gtp_weiqi.ui.gtp.protocol import GtpError

ROOT = Path(__file__).resolve().parent.parent
VERTEX = r"(?:[A-HJ-Z]\d{1,2}|pass)"
LZ_INFO = re.compile(rf"info move {VERTEX} visits \d+ winrate \d+ scoreLead -?\d+\.\d+ "
                     rf"prior \d+ lcb \d+ order \d+ pv {VERTEX}(?: {VERTEX})*")
FLOAT = r"-?\d+\.\d+"
KATA_INFO = re.compile(
    rf"info move {VERTEX} visits \d+ edgeVisits \d+ utility {FLOAT} winrate {FLOAT} "
    rf"scoreMean {FLOAT} scoreStdev {FLOAT} scoreLead {FLOAT} scoreSelfplay {FLOAT} "
    rf"prior {FLOAT} lcb {FLOAT} utilityLcb {FLOAT} order \d+ pv {VERTEX}(?: {VERTEX})*")


def segments(line: str) -> list[str]:
    return ["info " + s.strip() for s in line.split("info ")[1:]]


def sabaki_parse(line: str, kata: bool) -> list[dict[str, object]]:
    """Sabaki's parseAnalysis (src/modules/analysis.js), as the reference describes it."""
    result = []
    for segment in line.split("info")[1:]:
        text = segment.strip()
        match = re.search(r"(pass|[A-Za-z]\d+)(\s+(pass|[A-Za-z]\d+))*$", text)
        pv: list[str] = []
        if match:
            pv = match.group(0).split()
            if "pass" in pv:
                pv = pv[: pv.index("pass")]
            text = text[: match.start()]
        tokens = text.split()
        data = dict(zip(tokens[::2], tokens[1::2], strict=False))
        if "move" not in data or "winrate" not in data:
            continue
        if not re.fullmatch(r"[A-Za-z]\d+", data["move"]):
            continue
        rate = float(data["winrate"]) * 100 if kata else float(data["winrate"]) / 100
        result.append({"move": data["move"], "visits": int(data["visits"]), "winrate": rate,
                       "pv": pv})
    return result


@pytest.fixture
def engine():
    engine = make_engine(size=9, rules="chinese")
    configure_player(engine, "mcts", playouts=120)
    ok(engine, "play b e5")
    return engine


# -- arguments ---------------------------------------------------------------------------


def test_arguments_colour_interval_and_keys(engine) -> None:
    commands = engine.player_commands
    request = commands.parse_request([])
    assert request.colour == WHITE and request.interval == 0
    request = commands.parse_request(["B", "50", "maxmoves", "3", "ownership", "true"])
    assert (request.colour, request.interval, request.max_moves) == (BLACK, 0.5, 3)
    assert request.flags == {"ownership": True}
    request = commands.parse_request(["interval", "20", "avoid", "b", "d4,e6", "1",
                                      "allow", "w", "c3", "2", "minmoves", "2"])
    assert request.interval == 0.2
    assert [(r.colour, r.until, r.allow, len(r.points)) for r in request.restrictions] == [
        (BLACK, 1, False, 2), (WHITE, 2, True, 1)]
    for bad in (["b", "x"], ["interval"], ["ownership", "maybe"], ["avoid", "b", "z99", "1"],
                ["b", "-5"], ["avoid", "b"]):
        with pytest.raises(GtpError, match="syntax error"):
            commands.parse_request(bad)


def test_bad_arguments_answer_syntax_error_and_change_nothing(engine) -> None:
    before = board_diagram(engine.game.board), len(engine.game.moves)
    for line in ("lz-analyze b x", "kata-analyze w 10 foo 1", "genmove_analyze b 10 bar 2",
                 "kata-genmove_analyze red"):
        assert fail(engine, line).startswith("syntax error")
    assert (board_diagram(engine.game.board), len(engine.game.moves)) == before


# -- formats (asked in-process: one report after a short search) ---------------------------


def test_lz_analyze_lines_have_integer_winrates(engine) -> None:
    for name in ("lz-analyze", "analyze"):
        line = ok(engine, f"{name} w 10")
        infos = segments(line)
        assert infos
        for order, info in enumerate(infos):
            assert LZ_INFO.fullmatch(info), info
            assert f" order {order} " in info
            assert 0 <= int(re.search(r"winrate (\d+)", info).group(1)) <= 10000


def test_kata_analyze_lines_have_float_fields_and_ownership_on_request(engine) -> None:
    line = ok(engine, "kata-analyze w 10 ownership true rootInfo true pvVisits true")
    body, ownership = line.split(" ownership ")
    values = [float(x) for x in ownership.split()]
    assert len(values) == 81 and all(-1 <= v <= 1 for v in values)
    body, root = body.split(" rootInfo ")
    assert re.fullmatch(rf"visits \d+ utility {FLOAT} winrate {FLOAT} scoreMean {FLOAT} "
                        rf"scoreStdev \S+ scoreLead {FLOAT} scoreSelfplay {FLOAT} weight \d+",
                        root)
    for info in segments(body):
        main, visits = info.split(" pvVisits ")
        assert KATA_INFO.fullmatch(main), main
        assert len(visits.split()) == len(main.split(" pv ")[1].split())
    plain = ok(engine, "kata-analyze w 10")
    assert "ownership" not in plain and "rootInfo" not in plain


def test_ownership_is_positive_for_the_analysed_colour_in_its_own_area() -> None:
    engine = make_engine(size=5, rules="chinese")
    configure_player(engine, "mcts", playouts=100)
    engine.game = game_from_diagram("""
        . X O . .
        . X O . .
        . X O . .
        . X O . .
        . X O . .
    """, "chinese")
    for colour, sign in (("b", 1), ("w", -1)):
        line = ok(engine, f"kata-analyze {colour} 10 ownership true")
        values = [float(x) for x in line.split(" ownership ")[1].split()]
        assert sign * values[0] > 0.5  # a5: Black's
        assert sign * values[4] < -0.5  # e5: White's


def test_maxmoves_avoid_and_allow_limit_the_reported_moves(engine) -> None:
    assert len(segments(ok(engine, "lz-analyze w 10 maxmoves 2"))) <= 2
    line = ok(engine, "lz-analyze w 10 avoid w d4,d5,d6,e4,e6,f4,f5,f6 1")
    moves = {re.search(r"move (\S+)", s).group(1) for s in segments(line)}
    assert moves and not moves & {"D4", "D5", "D6", "E4", "E6", "F4", "F5", "F6"}
    line = ok(engine, "lz-analyze w 10 allow w c3,g7 1")
    assert {re.search(r"move (\S+)", s).group(1) for s in segments(line)} <= {"C3", "G7"}


def test_pass_is_lower_case_in_moves_and_pvs() -> None:
    engine = make_engine(size=5)
    configure_player(engine, "mcts", playouts=40)
    engine.game = game_from_diagram("""
        . X X O .
        X X X O O
        X . X O .
        X X X O O
        . X X O .
    """)
    line = ok(engine, "lz-analyze b 10")
    assert line.startswith("info move pass ") and " pv pass" in line
    assert "PASS" not in line and "Pass" not in line


def test_lines_parse_as_sabaki_parses_them(engine) -> None:
    for name, kata in (("kata-analyze", True), ("lz-analyze", False)):
        line = ok(engine, f"{name} w 10")
        parsed = sabaki_parse(line, kata)
        assert len(parsed) == len(segments(line))
        for v in parsed:
            assert 0 <= v["winrate"] <= 100 and v["pv"][0] == v["move"]


def test_analysis_is_reproducible_with_a_seed(engine) -> None:
    assert ok(engine, "kata-analyze w 10") == ok(engine, "kata-analyze w 10")


# -- genmove with analysis ---------------------------------------------------------------


def test_genmove_analyze_reports_then_plays(engine) -> None:
    for name, pattern in (("genmove_analyze", LZ_INFO), ("kata-genmove_analyze", KATA_INFO)):
        before = len(engine.game.moves)
        colour = "w" if before % 2 else "b"
        text = ok(engine, f"{name} {colour} 1")
        *reports, last = text.split("\n")
        assert re.fullmatch(rf"play {VERTEX}", last)
        assert reports and all(pattern.fullmatch(s) for r in reports for s in segments(r))
        assert len(engine.game.moves) == before + 1
        move = engine.game.moves[-1]
        assert engine.format_point(move.point) == last[5:]


def test_genmove_analyze_plays_what_genmove_would() -> None:
    moves = []
    for line in ("genmove w", "lz-genmove_analyze w 1"):
        engine = make_engine(size=7, rules="chinese")
        configure_player(engine, "mcts", playouts=150)
        ok(engine, "play b d4")
        moves.append(ok(engine, line).split("\n")[-1].removeprefix("play "))
    assert moves[0] == moves[1]


def test_genmove_analyze_with_the_simple_player_just_plays() -> None:
    engine = make_engine(size=9)
    assert re.fullmatch(rf"play {VERTEX}", ok(engine, "genmove_analyze b 10"))


def test_genmove_analyze_is_refused_when_the_game_is_over() -> None:
    engine = make_engine(size=5, rules="jipingdian-natural-b")
    configure_player(engine, "mcts", playouts=20)
    for colour in "bwbw":
        ok(engine, f"play {colour} pass")
    assert engine.game.forced_end
    assert fail(engine, "genmove_analyze b 10") == fail(engine, "genmove b")


# -- streaming through the serve loop ----------------------------------------------------


def test_streamed_analysis_is_framed_and_stops_at_the_next_line(engine) -> None:
    out = transcript(engine, b"kata-analyze w 10\n7 lz-analyze b 10\nname\n").decode()
    first, second, third, rest = out.split("\n\n")
    assert first.startswith("= \ninfo move ") and "\n" not in first[3:]
    assert KATA_INFO.match(segments(first)[0])
    assert second.startswith("=7 \ninfo move ")
    assert third == "= gtp_weiqi" and rest == ""


def test_streamed_genmove_analyze_ends_with_play_and_an_empty_line(engine) -> None:
    out = transcript(engine, b"5 kata-genmove_analyze w 1\nname\n").decode()
    response, name, rest = out.split("\n\n")
    lines = response.split("\n")
    assert lines[0] == "=5 " and re.fullmatch(rf"play {VERTEX}", lines[-1])
    assert name == "= gtp_weiqi" and rest == ""
    assert len(engine.game.moves) == 2


def test_streamed_errors_are_ordinary_error_responses(engine) -> None:
    out = transcript(engine, b"3 kata-analyze w 10 foo 1\nname\n").decode()
    assert out.startswith("?3 syntax error") and out.endswith("\n\n= gtp_weiqi\n\n")


def test_analysis_streams_over_a_pipe_until_input_arrives() -> None:
    """A real pipe: several reports arrive while nothing is sent, and the next command ends
    the stream with an empty line before its own answer."""
    channel = SubprocessChannel([sys.executable, "-m", "gtp_weiqi", "--size", "9",
                                 "--playouts", "100"], cwd=str(ROOT))
    buffer = b""

    def read_until(pred, timeout: float = 30.0) -> bytes:
        nonlocal buffer
        while not pred(buffer):
            line = channel.read_raw_line(timeout)
            assert line, "engine exited"
            buffer += line
        return buffer

    try:
        channel.write_raw(b"play b e5\nlz-analyze w 2\n")
        read_until(lambda b: b.count(b"\ninfo move") >= 3)
        channel.write_raw(b"name\n")
        out = read_until(lambda b: b.endswith(b"= gtp_weiqi\n\n")).decode()
        first, analysis, name, rest = out.split("\n\n")
        assert first == "= "
        assert analysis.startswith("= \ninfo move ")
        assert all(line.startswith("info move ") for line in analysis.split("\n")[1:])
        assert name == "= gtp_weiqi" and rest == ""
    finally:
        channel.close()

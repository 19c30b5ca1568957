"""Analysis as Sabaki sees it: the engine driven through @sabaki/gtp.

tests/node/sabaki_analyze.js syncs a short game through ControllerStateTracker, then runs
kata-analyze, lz-analyze and analyze with a subscriber parsing each `info` line the way
Sabaki's parseAnalysis does, stops each with `protocol_version` (Sabaki's abort), and asks
genmove_analyze / kata-genmove_analyze for moves, reading `play <vertex>` as Sabaki does.
"""

from __future__ import annotations

import re
import sys

import pytest
from node_support import run_node_script

from gtp_weiqi.core.coords import LETTERS

SCRIPT = "sabaki_analyze.js"
TIMEOUT = 120
VERTEX = re.compile(r"^[A-HJ-T](1[0-9]|[1-9])$")

STEPS = [
    {"analyze": "kata-analyze", "color": "W", "lines": 3},
    {"analyze": "lz-analyze", "color": "W", "lines": 2},
    {"analyze": "analyze", "color": "W", "lines": 2},
    {"genmove": "genmove_analyze", "color": "W"},
    {"genmove": "kata-genmove_analyze", "color": "B"},
    {"analyze": "kata-analyze", "color": "W", "lines": 1},
]


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> dict:
    engine = {"path": sys.executable,
              "args": ["-m", "gtp_weiqi", "--size", "9", "--rules", "chinese",
                       "--playouts", "300", "--seed", "3"]}
    moves = [["B", "E5"], ["W", "C3"], ["B", "G4"]]
    spec = {"engine": engine, "size": 9, "komi": 7.5, "moves": moves, "steps": STEPS}
    result = run_node_script(SCRIPT, spec,
                             tmp_path_factory.mktemp("sabaki-analysis") / "session.json",
                             TIMEOUT)
    assert result["ok"], result["errors"]
    return result


def analyses(session: dict, command: str) -> list[dict]:
    return [s for s in session["steps"] if s["command"] == command]


def test_analysis_commands_are_listed_for_sabaki_to_find(session: dict) -> None:
    commands = session["commands"]
    for name in ("analyze", "lz-analyze", "kata-analyze", "genmove_analyze",
                 "kata-genmove_analyze", "lz-genmove_analyze"):
        assert name in commands


def test_each_analysis_streams_lines_that_sabaki_parses(session: dict) -> None:
    for step in session["steps"]:
        if "analyze" not in step["command"] or "genmove" in step["command"]:
            continue
        assert step["lines"], step["command"]
        for variations in step["variations"]:
            assert variations, step["lines"]
            for v in variations:
                assert VERTEX.match(v["vertex"]), v
                assert v["visits"] >= 1
                assert 0 <= v["winrate"] <= 100  # Sabaki's percent, from either format
                assert v["scoreLead"] is not None
                assert v["pv"] and v["pv"][0] == v["vertex"]
            assert [v["order"] for v in variations] == list(range(len(variations)))


def test_kata_winrates_are_floats_and_lz_winrates_hundredths_of_a_percent(
        session: dict) -> None:
    kata = analyses(session, "kata-analyze")[0]["lines"][-1]
    lz = analyses(session, "lz-analyze")[0]["lines"][-1]
    assert re.search(r"winrate 0\.\d+|winrate 1\.0+", kata)
    assert re.search(r"winrate \d+ ", lz) and not re.search(r"winrate \d*\.", lz)


def test_sabakis_abort_closes_the_stream_and_is_answered(session: dict) -> None:
    for step in session["steps"]:
        if "abort" in step:
            assert step["error"] is False
            assert step["abort"] == {"error": False, "content": "2"}


def test_genmove_analyze_ends_with_a_play_line_and_plays_it(session: dict) -> None:
    steps = [s for s in session["steps"] if "genmove" in s["command"]]
    assert len(steps) == 2
    for step, symbol in zip(steps, ("O", "X"), strict=True):
        assert step["error"] is False
        move = step["move"]
        assert move == "pass" or VERTEX.match(move.upper()), move
        assert step["lines"], "genmove_analyze streams info lines before the move"
        if move != "pass":
            column = LETTERS.index(move[0].upper())
            row = int(move[1:])
            line = next(x for x in step["showboard"].split("\n")
                        if re.match(rf"\s*{row}\s", x))
            cells = line.split()[1:10]
            assert cells[column] == symbol


def test_engine_stays_in_sync_and_stops_when_sabaki_quits(session: dict) -> None:
    assert session["in_sync"]
    assert session["stop_ms"] < 3000

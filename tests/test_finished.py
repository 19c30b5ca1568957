"""Finished or not (scoring/finished.py): the open points of a position as board diagrams,
the `finished` fields of the scoring API, of `gtp-weiqi score` (one game, --json, a batch
with --finished-only) and of the GTP commands that say what is open."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gtp_weiqi.core.board import Board
from gtp_weiqi.core.coords import format_vertex
from gtp_weiqi.scoring import score_position, score_sgf
from gtp_weiqi.scoring.batch import row_from_csv, summarise
from gtp_weiqi.scoring.finished import Finish, ended_by, finish_of, open_points
from gtp_weiqi.ui.gtp.commands import build_engine
from gtp_weiqi.ui.gtp.engine import WeiqiEngine
from tests.conftest import make_engine, ok
from tests.support.board_diagram import board_from_diagram

ROOT = Path(__file__).resolve().parents[1]
FINISHED_SGF = ROOT / "tests" / "data" / "games" / "9" / "g9_004.sgf"  # GNU Go, two passes
# The open 9x9 position: eight moves, nothing settled.
OPEN_MOVES = ("E5", "E3", "C5", "B8", "D3", "D2", "F3", "F2")
OPEN_SGF = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese];B[ee];W[eg];B[ce];W[bb];B[dg];W[dh];B[fg];W[fh])"


def vertices(board: Board, points: list[int]) -> list[str]:
    return [format_vertex(board.row_col(p)) for p in points]


def open_of(diagram: str, dead: str = "", seki: str = "") -> list[str]:
    """The open points of the drawn position, with the strings at `dead` / `seki` (vertices)
    so judged."""
    board = board_from_diagram(diagram)
    status: dict[int, str] = {}
    for text, word in ((dead, "dead"), (seki, "seki")):
        for v in text.split():
            col = "ABCDEFGHJKLMNOPQRST".index(v[0])
            for p in board.string_at(board.point(int(v[1:]) - 1, col)):
                status[p] = word
    return vertices(board, open_points(board, status))


# -- the rule, on diagrams --------------------------------------------------------------------

# Two walls side by side with no gap: every region touches one colour only.
CLOSED = """
    . X O .
    . X O .
    . X O .
    . X O .
"""
# A narrow chain of dame between the walls (every point of it next to a living stone):
# players stop with it unfilled; nobody's, and not open.
DAME_CHAIN = """
    . X . O .
    . X . O .
    . X . . O
    . X X . O
    . . X . O
"""
# A gap three points wide: its middle touches no stone, the boundary is still to be drawn.
WIDE = """
    X . . . O
    X . . . O
    X . . . O
    X . . . O
    X . . . O
"""
# White's wall has a hole at D3: Black's area behind it leaks into White's.
LEAK = """
    . . X O . .
    . . X O . .
    . . X . . .
    . . X O . .
    . . X O . .
"""


def test_closed_walls_have_no_open_point() -> None:
    assert open_of(CLOSED) == []


def test_a_narrow_chain_of_dame_is_not_open() -> None:
    assert open_of(DAME_CHAIN) == []


def test_a_wide_boundary_is_open_except_its_dame() -> None:
    assert open_of(WIDE) == [f"{c}{r}" for r in range(1, 6) for c in "BCD"]  # row by row


def test_a_hole_in_a_wall_opens_the_area_behind_it_but_not_the_dame() -> None:
    found = open_of(LEAK)
    assert "D3" not in found  # next to Black's C3 and White's D2 / D4: dame
    assert {"E3", "F3", "E1", "F5"} <= set(found)  # White's area, open through the hole
    assert not {"A1", "B3"} & set(found)  # Black's side of its wall is closed


def test_a_dead_stone_in_territory_leaves_it_closed() -> None:
    drawn = """
        . . X O . .
        . . X O X .
        . . X O . .
        . . X O . .
    """
    assert open_of(drawn) != []  # E3 alive: White's area touches Black
    assert open_of(drawn, dead="E3") == []


def test_the_shared_space_of_a_seki_is_not_open() -> None:
    # the judgement's seki marks say the two walls share the space between them for good
    assert open_of(WIDE, seki="A1 E1") == []
    assert open_of(WIDE, seki="A1") == []


def test_an_empty_board_and_a_one_sided_board_are_open_everywhere() -> None:
    assert len(open_of(". . .\n. . .\n. . .")) == 9
    assert len(open_of(". . .\n. X .\n. . .")) == 8
    # a count that took a whole side dead: nothing is settled
    assert len(open_of(". . . .\n. X . .\n. . O .\n. . . .", dead="C2")) == 15


def test_ended_by_reads_the_records_result() -> None:
    assert ended_by("W+R", False) == "resignation"
    assert ended_by("B+Resign", True) == "resignation"
    assert ended_by("B+T", False) == "time"
    assert ended_by("W+F", False) == "forfeit"
    assert ended_by("B+3.5", True) == "passes"
    assert ended_by("B+3.5", False) is None
    assert ended_by(None, False) is None


def test_finish_says_why_in_both_languages() -> None:
    board = board_from_diagram(WIDE)
    finish = finish_of(board, {}, "W+R", False)
    assert not finish.finished and finish.ended_by == "resignation"
    assert finish.unfinished_reason is not None
    assert finish.unfinished_reason.startswith("the game ended by resignation (W+R)")
    assert "15 points still open" in finish.unfinished_reason
    assert "认输" in (finish.reason_zh() or "")
    assert Finish.from_dict(finish.to_dict()) == finish
    closed = finish_of(board_from_diagram(CLOSED), {}, "B+2", True)
    assert closed == Finish(True, (), None, "passes")
    assert closed.reason_zh() is None


# -- the scoring API ------------------------------------------------------------------------


def test_the_api_on_a_finished_game() -> None:
    result = score_sgf(FINISHED_SGF, methods="area")
    assert result.finished and result.open_points == () and result.unfinished_reason is None
    assert result.ended_by == "passes"
    data = result.to_dict()
    assert (data["finished"], data["open_points"], data["unfinished_reason"],
            data["ended_by"]) == (True, [], None, "passes")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_api_on_the_open_position_at_several_seeds(seed: int) -> None:
    result = score_sgf(OPEN_SGF, methods="area", seed=seed)
    assert not result.finished
    assert len(result.open_points) >= 60  # nearly the whole board is still open
    assert result.open_points == tuple(sorted(result.open_points,
                                              key=lambda v: (int(v[1:]), v[0])))
    assert result.ended_by is None
    assert result.unfinished_reason and "still open" in result.unfinished_reason
    # the README's own position: three stones on an empty 19x19 board
    tiny = score_position(["C3", "D4"], ["Q16"], methods="area", seed=seed)
    assert not tiny.finished and len(tiny.open_points) > 300


def test_the_api_on_a_resigned_game_counts_it_as_it_stands() -> None:
    text = FINISHED_SGF.read_text().replace("RE[B+13.5]", "RE[W+R]")
    result = score_sgf(text, methods="area")
    assert not result.finished and result.open_points == ()
    assert result.ended_by == "resignation" and result.recorded_result == "W+R"
    assert result.unfinished_reason == ("the game ended by resignation (W+R); counted as the "
                                        "position stands")
    assert result["area"].result == score_sgf(FINISHED_SGF, methods="area")["area"].result


# -- gtp-weiqi score ------------------------------------------------------------------------


def score(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_the_command_line_warns_on_an_unfinished_game_only(tmp_path: Path) -> None:
    done = score(str(FINISHED_SGF), "--method", "area", "--lang", "en")
    assert done.returncode == 0 and "not a finished game" not in done.stderr
    (tmp_path / "open.sgf").write_text(OPEN_SGF)
    (tmp_path / "resigned.sgf").write_text(
        FINISHED_SGF.read_text().replace("RE[B+13.5]", "RE[W+R]"))
    opened = score(str(tmp_path / "open.sgf"), "--lang", "en")
    assert opened.returncode == 0 and opened.stdout  # the count as it stands, and a warning
    assert re.search(r"open\.sgf: warning: not a finished game: .*\d+ points still open",
                     opened.stderr), opened.stderr
    zh = score(str(tmp_path / "resigned.sgf"), "--lang", "zh")
    assert "警告: 对局未终局: 对局以认输结束，按现状计算" in zh.stderr


def test_the_json_carries_the_fields_in_every_case(tmp_path: Path) -> None:
    (tmp_path / "open.sgf").write_text(OPEN_SGF)
    for path, finished, how in ((FINISHED_SGF, True, "passes"),
                                (tmp_path / "open.sgf", False, None)):
        out = json.loads(score(str(path), "--method", "area", "--json").stdout)
        assert out["finished"] is finished and out["ended_by"] == how
        assert (out["open_points"] == []) is finished
        assert (out["unfinished_reason"] is None) is finished


def test_a_batch_marks_unfinished_rows_and_finished_only_leaves_them_out(
        tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "a_done.sgf").write_text(FINISHED_SGF.read_text())
    (games / "b_open.sgf").write_text(OPEN_SGF)
    (games / "c_resigned.sgf").write_text(
        FINISHED_SGF.read_text().replace("RE[B+13.5]", "RE[W+R]"))
    rows_file = tmp_path / "rows.jsonl"
    run = score(str(games), "--jsonl", str(rows_file), "--workers", "1", "--lang", "en")
    rows = [json.loads(line) for line in rows_file.read_text().splitlines()]
    assert [(r["finished"], r["ended_by"]) for r in rows] == [
        (True, "passes"), (False, None), (False, "resignation")]
    assert "counted 3 games, 0 errors" in run.stdout
    assert "2 of them unfinished" in run.stdout
    only = score(str(games), "--workers", "1", "--lang", "en", "--finished-only")
    assert "counted 1 game, 0 errors" in only.stdout
    assert "2 unfinished games left out (--finished-only)" in only.stdout
    assert "b_open.sgf: " in only.stdout and ", not finished" in only.stdout
    csv_file = tmp_path / "rows.csv"
    score(str(games), "--csv", str(csv_file), "--workers", "1")
    with csv_file.open(newline="") as f:
        back = [row_from_csv(r) for r in csv.DictReader(f)]
    assert [r["finished"] for r in back] == [True, False, False]
    assert summarise(back, finished_only=True).left_out == 2


# -- GTP ------------------------------------------------------------------------------------


def open_engine(seed: int = 0) -> WeiqiEngine:
    engine = build_engine(size=9, rules="chinese", seed=seed)
    for i, vertex in enumerate(OPEN_MOVES):
        ok(engine, f"play {'b' if i % 2 == 0 else 'w'} {vertex}")
    return engine


@pytest.mark.parametrize("seed", [0, 1])
def test_gtp_end_state_and_unclear_say_what_is_open(seed: int) -> None:
    engine = open_engine(seed)
    state = ok(engine, "weiqi-end_state").splitlines()
    assert state[0].startswith("playing ")
    assert re.fullmatch(r"finished=false open=\d+", state[1]), state
    count = int(state[1].split("=")[-1])
    unclear = ok(engine, "weiqi-unclear").splitlines()
    assert unclear[-1].startswith("open: ") and len(unclear[-1].split()) == count + 1
    assert re.fullmatch(r"[BW]\+\d+(\.\d)?", ok(engine, "final_score"))  # still a score


def test_gtp_on_a_finished_game_says_finished_and_lists_nothing_open() -> None:
    engine = make_engine()
    ok(engine, f"loadsgf {FINISHED_SGF}")
    assert ok(engine, "weiqi-end_state").splitlines()[1] == "finished=true open=0"
    assert "open:" not in ok(engine, "weiqi-unclear")
    estimate = ok(engine, "estimate_score")
    assert "estimated" not in estimate
    assert re.fullmatch(r"[BW]\+\d+\.\d \(upper bound: -?\d+\.\d, lower: -?\d+\.\d\)",
                        estimate), estimate


def test_gtp_estimate_score_says_when_it_estimates_the_open_points(capsys) -> None:
    engine = open_engine()
    capsys.readouterr()
    estimate = ok(engine, "estimate_score")
    # the answer keeps GNU Go's form, which kigo parses; the estimate is said on stderr
    assert re.fullmatch(r"[BW]\+\d+\.\d \(upper bound: -?\d+\.\d, lower: -?\d+\.\d\)",
                        estimate), estimate
    said = capsys.readouterr().err
    match = re.search(r"estimate_score: estimated: (\d+) open points to Black, (\d+) to "
                      r"White, (\d+) undecided; as the position stands ([BW]\+[\d.]+|0)$",
                      said.strip())
    assert match, said
    state = ok(engine, "weiqi-end_state").splitlines()[1]
    assert sum(int(n) for n in match.groups()[:3]) == int(state.split("=")[-1])
    assert match[4] == ok(engine, "final_score")

"""The scoring library's public API: `gtp_weiqi.score_sgf` and `gtp_weiqi.score_position`
on the 7x7 worked example (White first, one capture each, c2 dead; docs/counting.md), the
order of the dead-stone sources (given, DD, TB / TW, judgement), errors with their reasons,
and the layer rules (the library below the GTP layer; the package imported lazily)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from sgfmill import sgf
from support.board_diagram import board_from_diagram
from support.worked_example import final_rows
from test_first_move import OPEN_POINT
from test_score_cli import (
    EXAMPLE_MOVES,
    EXPECTED,
    OPEN_POINT_FIRST_MOVE,
    OPEN_POINT_STRING,
    open_point_sgf,
)

import gtp_weiqi
from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.core.coords import format_vertex
from gtp_weiqi.scoring import FirstMoveString, RecordError, ScoringError

ROOT = Path(__file__).resolve().parent.parent

# The example's final position (Black X, White O); c2 is the dead Black stone.
FINAL = final_rows()


def stones_of(diagram: str) -> tuple[list[str], list[str]]:
    black, white = [], []
    for line in diagram.strip().splitlines():
        row, *cells = line.split()
        for col, cell in enumerate(cells):
            if cell != ".":
                (black if cell == "X" else white).append(format_vertex((int(row) - 1, col)))
    return black, white


def example_sgf(**props: set[tuple[int, int]]) -> bytes:
    """The example as SGF, no komi, with mark properties (DD, TB, TW) on the last node."""
    game = sgf.Sgf_game(7)
    game.get_root().set("KM", 0)
    game.get_root().set("RE", "W+1")
    node = game.get_root()
    for m in EXAMPLE_MOVES:
        node = node.new_child()
        node.set_move(m[0].lower(), (int(m[2:]) - 1, "abcdefghj".index(m[1])))
    for prop, points in props.items():
        node.set(prop, points)
    return game.serialise()


C2 = (1, 2)
# The territory marks KGS writes at the end: each side's empty territory and the points of
# the other side's dead stones (c2 is Black's stone on White's territory).
TW = {(1, 1), (0, 0), C2}
TB = {(6, 0), (5, 0), (4, 0), (4, 1), (6, 2), (6, 6), (5, 5)}


def test_a_path_sgf_text_and_bytes_give_the_same_counts(tmp_path: Path) -> None:
    data = example_sgf(DD={C2})
    path = tmp_path / "example.sgf"
    path.write_bytes(data)
    results = [gtp_weiqi.score_sgf(src, rules="jihuozi")
               for src in (path, str(path), data, data.decode("utf-8"))]
    assert {m.slug: m.result for m in results[0].methods} == EXPECTED
    assert all(r.methods == results[0].methods for r in results)
    assert results[0].name == str(path) and results[2].name == "<sgf>"


def test_the_result_says_what_it_counted_and_serialises_to_json() -> None:
    result = gtp_weiqi.score_sgf(example_sgf(DD={C2}), methods="zilu,zikong,tromp_taylor")
    assert [m.slug for m in result.methods] == ["zilu", "zikong", "tromp_taylor"]
    zilu = result["zilu"]
    assert (zilu.black, zilu.white, zilu.margin, zilu.winner) == (22, 21, 1, "b")
    assert (zilu.unit_en, zilu.unit_zh) == ("stones", "子")
    assert zilu.dead == ("C2",) and zilu.dead_source == "SGF DD" and zilu.unclear == ()
    assert result["zikong"].result == "W+1"
    assert result["tromp_taylor"].dead == () and result["tromp_taylor"].dead_source == \
        "all alive"
    assert result.recorded_result == "W+1" and result.moves == 42
    assert result.captured == {"b": 1, "w": 1} and result.size == (7, 7)
    data = json.loads(json.dumps(result.to_dict(), ensure_ascii=False))
    assert data["dead_source"] == "SGF DD" and data["dead"] == ["C2"]
    assert data["methods"][0]["judgement"] == {"source": "SGF DD", "dead": ["C2"], "seki": []}
    assert data["methods"][1]["margin"] == -1.0 and isinstance(data["methods"][1]["margin"],
                                                              float)


@pytest.mark.parametrize("props, dead, source, result", [
    ({"DD": {C2}}, None, "SGF DD", "B+1"),
    ({"TB": TB, "TW": TW}, None, "SGF TB/TW", "B+1"),
    ({"DD": {C2}, "TB": {C2}}, None, "SGF DD", "B+1"),  # TB alone would kill nothing
    ({"DD": {C2}}, "none", "given", "B+3"),  # given wins over the record
    ({"TB": TB, "TW": TW}, ["c2"], "given", "B+1"),
    ({}, None, "judgement", "B+1"),
])
def test_dead_stones_come_from_the_caller_then_dd_then_tb_tw_then_the_judgement(
        props: dict, dead: object, source: str, result: str) -> None:
    counted = gtp_weiqi.score_sgf(example_sgf(**props), methods="zilu", dead=dead)
    assert counted.dead_source == source
    assert counted["zilu"].result == result
    assert counted.dead == (() if dead == "none" else ("C2",))


def test_an_empty_dd_says_no_stone_is_dead_unless_territory_marks_say_more() -> None:
    """DD[] is the record's own word (DD is inherited and [] clears it): nothing is dead,
    so the judgement is not asked.  Territory marks beside it win: an editor may leave an
    empty DD behind, a server's TB / TW are the count it made."""
    counted = gtp_weiqi.score_sgf(example_sgf(DD=set()), methods="zilu")
    assert counted.dead_source == "SGF DD" and counted.dead == ()
    assert counted["zilu"].result == "B+3"
    counted = gtp_weiqi.score_sgf(example_sgf(DD=set(), TB=TB, TW=TW), methods="zilu")
    assert counted.dead_source == "SGF TB/TW" and counted.dead == ("C2",)
    assert counted["zilu"].result == "B+1"


def test_territory_marks_of_a_colour_on_its_own_stones_kill_nothing() -> None:
    counted = gtp_weiqi.score_sgf(example_sgf(TB={C2, (6, 0)}), methods="zilu")
    assert counted.dead_source == "SGF TB/TW" and counted.dead == ()
    assert counted["zilu"].result == "B+3"


def test_score_position_counts_stones_given_as_vertices() -> None:
    black, white = stones_of(FINAL)
    counted = gtp_weiqi.score_position(black, white, size=7, komi=0, rules="jihuozi",
                                       captured={"b": 1, "w": 1},
                                       methods=["area", "zikong", "territory"])
    assert counted.dead == ("C2",) and counted.dead_source == "judgement"
    assert {m.slug: m.result for m in counted.methods} == {
        "area": "W+1", "zikong": "W+1", "territory": "W+1"}
    again = gtp_weiqi.score_position(" ".join(black), " ".join(white), size=7, komi=0,
                                     methods="area", dead="none")
    assert again["area"].result == "B+2" and again.dead_source == "given"  # as Tromp–Taylor


@pytest.mark.parametrize("call, message", [
    (lambda: gtp_weiqi.score_sgf(b"(;SZ[9];B[ee];W[ee])"), r"move 2 is illegal \(occupied\)"),
    (lambda: gtp_weiqi.score_sgf(b"(;SZ[9];B[ee];W[zz])"),
     r"move 2: W\[zz\] is not a point on a 9x9 board"),
    (lambda: gtp_weiqi.score_sgf("no-such-file.sgf"), "cannot read no-such-file.sgf"),
    (lambda: gtp_weiqi.score_sgf(example_sgf(), methods="nosuch"),
     "unknown counting method 'nosuch'; `gtp-weiqi score --help`"),
    (lambda: gtp_weiqi.score_sgf(example_sgf(), rules="nosuch"), "unknown rules 'nosuch'"),
    (lambda: gtp_weiqi.score_sgf(example_sgf(), dead="a1"), "dead stones: no stone at a1"),
    (lambda: gtp_weiqi.score_sgf(example_sgf(), methods="zilu", params="bowl=3"), "bowl"),
    (lambda: gtp_weiqi.score_position(["A1"], ["A1"], size=5), "two stones on A1"),
    (lambda: gtp_weiqi.score_position(["A1"], ["A2", "B1"], size=5),
     "the string at A1 without a liberty"),
])
def test_errors_are_exceptions_with_the_reason(call, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        call()


def test_an_illegal_record_names_its_move() -> None:
    for data, move in ((b"(;SZ[9];B[ee];W[dd];B[dd])", 3), (b"(;SZ[9];B[ee];W[zz])", 2)):
        with pytest.raises(RecordError) as caught:
            gtp_weiqi.score_sgf(data)
        assert caught.value.move == move


# -- layers -------------------------------------------------------------------------------------


def imported_modules(folder: Path) -> set[str]:
    """The gtp_weiqi modules (relative to the package) that files under `folder` import."""
    found: set[str] = set()
    for path in folder.rglob("*.py"):
        package = path.relative_to(ROOT).with_suffix("").parts[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[: len(package) - node.level + 1]
                found.add(".".join((*base, *(node.module or "").split("."))).rstrip("."))
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("gtp_weiqi"))
    return found


def test_the_scoring_library_imports_only_the_layers_below_it() -> None:
    allowed = ("gtp_weiqi.base", "gtp_weiqi.core", "gtp_weiqi.counting", "gtp_weiqi.judgement",
               "gtp_weiqi.scoring")
    for module in imported_modules(ROOT / "gtp_weiqi" / "scoring"):
        assert module.startswith(allowed), module
    for lower in ("core", "counting", "judgement"):
        for module in imported_modules(ROOT / "gtp_weiqi" / lower):
            assert not module.startswith("gtp_weiqi.scoring"), (lower, module)


def test_the_package_imports_the_scoring_api_only_when_used() -> None:
    code = ("import sys, gtp_weiqi; print(sorted(m for m in sys.modules if m.startswith("
            "'gtp_weiqi.'))); import gtp_weiqi.ui.cli, gtp_weiqi.ui.gtp.commands;"
            "print([m for m in ('dask', 'distributed', 'tqdm') if m in sys.modules]);"
            "gtp_weiqi.score_sgf; print('gtp_weiqi.scoring.api' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, cwd=ROOT, check=True).stdout.split("\n")
    assert out[:3] == ["[]", "[]", "True"]


# -- strings whose fate depends on who moves first ------------------------------------------------


def diagram_stones(diagram: str) -> tuple[list[str], list[str]]:
    """The Black and White stones of a board diagram (test_first_move's), as vertices."""
    board = board_from_diagram(diagram)

    def of(colour: int) -> list[str]:
        return [format_vertex(board.row_col(p)) for p in board.points
                if board.colour[p] == colour]

    return of(BLACK), of(WHITE)


def test_a_string_that_depends_on_who_moves_first_carries_both_outcomes() -> None:
    black, white = diagram_stones(OPEN_POINT)
    result = gtp_weiqi.score_position(black, white, size=9, methods="zilu,tromp_taylor",
                                      rules="jihuozi", seed=1)
    first = FirstMoveString(OPEN_POINT_STRING, "alive", "D1", "dead", "D1")
    assert result.unclear == (OPEN_POINT_STRING,) and result.first_move == (first,)
    assert result["zilu"].first_move == (first,)
    assert result["tromp_taylor"].first_move == ()  # every stone alive: nothing unclear
    assert first.describe() == ("depends on who moves first: Black first alive (D1), "
                                "White first dead (D1)")
    assert first.describe_zh() == "黑先活 (D1)，白先死 (D1)"
    data = json.loads(json.dumps(result.to_dict()))
    assert data["unclear"] == [list(OPEN_POINT_STRING)]  # the keys of before, as they were
    assert data["first_move"] == [OPEN_POINT_FIRST_MOVE]
    zilu, tromp_taylor = data["methods"]
    assert zilu["unclear"] == [list(OPEN_POINT_STRING)]
    assert zilu["first_move"] == [OPEN_POINT_FIRST_MOVE] and tromp_taylor["first_move"] == []
    assert FirstMoveString.from_dict(OPEN_POINT_FIRST_MOVE) == first
    # an SGF of the same position says the same
    assert gtp_weiqi.score_sgf(open_point_sgf(), methods="zilu", seed=1).first_move == (first,)


def test_a_settled_game_has_no_first_move_entries() -> None:
    data = gtp_weiqi.score_sgf(example_sgf(DD={C2}), methods="zilu").to_dict()
    assert data["first_move"] == [] and data["methods"][0]["first_move"] == []


def test_without_a_first_move_a_side_is_described_without_one() -> None:
    first = FirstMoveString(("E1",), "dead", "E2", "unclear", None)
    assert first.describe() == ("depends on who moves first: Black first dead (E2), "
                                "White first unclear")
    assert first.describe_zh() == "黑先死 (E2)，白先未定"

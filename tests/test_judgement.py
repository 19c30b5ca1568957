"""End-of-game judgement (死活与归属): statuses, seki, point owners, unclear, determinism.

Diagrams: rows top first, X black, O white, '.' empty; row 1 is the bottom row.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from support.board_diagram import board_from_diagram

from gtp_weiqi.core.board import BLACK, EMPTY, WHITE, Board
from gtp_weiqi.core.coords import parse_vertex
from gtp_weiqi.judgement import benson_alive, find_seki, judge

ROOT = Path(__file__).resolve().parent.parent


def at(board: Board, vertex: str) -> int:
    """The point of a GTP vertex such as 'C3'."""
    return board.point(*parse_vertex(vertex, board.width, board.height))


def status_of(board: Board, report, vertex: str) -> str:
    return report.status[at(board, vertex)]


def unclear_points(report) -> set[int]:
    return {p for group in report.unclear for p in group}


# -- dead stones ------------------------------------------------------------------------------

WALLS_WITH_INVADERS = """
...XO....
...XO....
...XO....
.O.XO....
...XO..X.
...XO....
...XO....
...XO....
...XO....
"""


def test_a_lone_stone_inside_territory_is_dead_and_its_point_goes_to_the_territory() -> None:
    board = board_from_diagram(WALLS_WITH_INVADERS)
    report = judge(board)
    assert status_of(board, report, "B6") == "dead"
    assert status_of(board, report, "H5") == "dead"
    assert status_of(board, report, "D1") == "alive"
    assert status_of(board, report, "E1") == "alive"
    assert report.unclear == []
    assert report.owner[at(board, "B6")] == "b"
    assert report.owner[at(board, "H5")] == "w"
    assert all(report.owner[at(board, f"{c}{r}")] == "b" for c in "ABC" for r in range(1, 10))
    assert all(report.owner[at(board, f"{c}{r}")] == "w" for c in "FGHJ" for r in range(1, 10)
               if f"{c}{r}" != "H5")


def test_dead_stones_of_several_strings_are_all_dead() -> None:
    board = board_from_diagram("""
        ...XO....
        .O.XO....
        ..OXO....
        ...XO....
        ...XO....
        ...XO....
        ...XO....
        OO.XO....
        ...XO....
    """)
    report = judge(board)
    for vertex in ("B8", "C7", "A2", "B2"):
        assert status_of(board, report, vertex) == "dead", vertex
    assert status_of(board, report, "D9") == "alive"
    assert report.unclear == []


def test_a_big_dead_group_with_one_eye_is_dead() -> None:
    board = board_from_diagram("""
        ....XO...
        .XXXXO...
        .OOOXO...
        XO.OXO...
        XOOOXO...
        .XXXXO...
        ....XO...
        ....XO...
        ....XO...
    """)
    report = judge(board)
    assert status_of(board, report, "B7") == "dead"
    assert status_of(board, report, "E1") == "alive"
    assert status_of(board, report, "F1") == "alive"
    assert report.owner[at(board, "C6")] == "b"


def test_a_group_with_a_false_eye_is_dead() -> None:
    # A1 is a real eye; D1 is false: its diagonal E2 is Black, so Black captures E1 by
    # playing D1 and White is left with one eye.
    board = board_from_diagram("""
        .........
        .........
        .........
        .........
        .........
        .........
        XXXXX....
        OOOOXX...
        .OO.OX...
    """)
    report = judge(board)
    assert status_of(board, report, "A2") == "dead"
    assert status_of(board, report, "E1") == "dead"
    assert status_of(board, report, "F1") == "alive"
    assert report.owner[at(board, "D1")] == "b"


# -- life --------------------------------------------------------------------------------------

TWO_EYES = """
    .........
    .........
    .........
    .........
    .........
    XXXXX....
    OOOOX....
    O.O.OX...
    OOOOOX...
"""


def test_a_group_with_two_one_point_eyes_is_alive_and_owns_its_eyes() -> None:
    board = board_from_diagram(TWO_EYES)
    report = judge(board)
    assert status_of(board, report, "A1") == "alive"
    assert report.owner[at(board, "B2")] == "w"
    assert report.owner[at(board, "D2")] == "w"
    assert at(board, "A1") in benson_alive(board, WHITE)


def test_two_strings_sharing_their_eyes_are_both_alive() -> None:
    board = board_from_diagram("""
        .X.XO....
        X.XXO....
        XXXOO....
        OOOO.....
        .........
        .........
        .........
        .........
        .........
    """)
    report = judge(board)
    assert status_of(board, report, "B9") == "alive"  # a single stone between the eyes
    assert status_of(board, report, "A8") == "alive"
    assert {at(board, "B9"), at(board, "A8")} <= benson_alive(board, BLACK)
    for eye in ("A9", "C9", "B8"):
        assert report.owner[at(board, eye)] == "b"


# -- seki (双活) --------------------------------------------------------------------------------

SEKI_NO_EYES = """
    .........
    .........
    .........
    .........
    .........
    OOOOOO...
    OXXXXO...
    OXOOXO...
    OX..XO...
"""


def test_seki_without_eyes_keeps_both_sides_and_the_shared_liberties_are_public() -> None:
    board = board_from_diagram(SEKI_NO_EYES)
    report = judge(board)
    assert status_of(board, report, "B1") == "seki"
    assert status_of(board, report, "C2") == "seki"
    assert status_of(board, report, "A1") == "alive"
    assert report.owner[at(board, "C1")] == "public"
    assert report.owner[at(board, "D1")] == "public"
    seki = find_seki(board)
    assert seki.shared == {at(board, "C1"), at(board, "D1")}
    assert seki.eyes == {}


SEKI_ONE_EYE_EACH = """
    .........
    .........
    .........
    .........
    .........
    XXXXXXXX.
    OOOXXXXX.
    XXOOOOOX.
    .X.O.OOX.
"""


def test_seki_with_one_eye_each_gives_each_side_its_eye_and_shares_the_liberty() -> None:
    board = board_from_diagram(SEKI_ONE_EYE_EACH)
    report = judge(board)
    assert status_of(board, report, "B1") == "seki"
    assert status_of(board, report, "D1") == "seki"
    assert status_of(board, report, "H1") == "alive"
    assert report.owner[at(board, "A1")] == "b"  # a seki eye counts (双活棋中的眼位)
    assert report.owner[at(board, "E1")] == "w"
    assert report.owner[at(board, "C1")] == "public"
    seki = find_seki(board)
    assert seki.eyes == {at(board, "A1"): BLACK, at(board, "E1"): WHITE}
    assert seki.shared == {at(board, "C1")}


SEKI_ONE_SIDED = """
    .........
    .........
    .........
    .........
    .........
    XXXXX....
    OOOOXXXX.
    XXXOOOOX.
    .X..O.OX.
"""


def test_seki_points_only_one_side_can_fill_belong_to_that_side() -> None:
    # C1 touches Black only and White there would be in atari (单方权利官子 / 单方的气 for
    # Black); D1 likewise for White.
    board = board_from_diagram(SEKI_ONE_SIDED)
    report = judge(board)
    assert status_of(board, report, "B1") == "seki"
    assert status_of(board, report, "E1") == "seki"
    assert report.owner[at(board, "C1")] == "b"
    assert report.owner[at(board, "D1")] == "w"
    seki = find_seki(board)
    assert seki.one_sided == {at(board, "C1"): BLACK, at(board, "D1"): WHITE}
    assert not seki.shared


GNU_GO_SEKI = """
    ......XO.
    ......XO.
    .....XXO.
    .XXXXOXXO
    XXOOXOOXO
    XOOOXXOO.
    OXXOXOO.O
    O.XOOO...
    .XXXO....
"""


def test_a_seki_from_a_finished_gnu_go_game_is_found() -> None:
    board = board_from_diagram(GNU_GO_SEKI)
    report = judge(board)
    for vertex in ("B1", "C1", "D1", "C2", "B3", "C3", "A2", "A3"):
        assert status_of(board, report, vertex) == "seki", vertex
    assert report.owner[at(board, "A1")] == "public"
    assert report.owner[at(board, "B2")] == "public"
    assert status_of(board, report, "E1") == "alive"


def test_a_two_eyed_group_next_to_a_short_one_is_not_called_seki() -> None:
    board = board_from_diagram("""
        .........
        .........
        .........
        .........
        .........
        XXXXXX...
        OOOOOX...
        O.O.OX...
        OOOOOX...
    """)
    assert find_seki(board).strings == []


# -- corners, unsettled positions --------------------------------------------------------------


def test_bent_four_in_the_corner_is_dead() -> None:
    board = board_from_diagram("""
        .........
        .........
        .........
        .........
        .........
        XXXXX....
        OOOXX....
        .OOOX....
        ...OX....
    """)
    report = judge(board)
    assert status_of(board, report, "A3") == "dead"
    assert status_of(board, report, "E1") == "alive"


RACE = """
    ..X..O..
    ..XOXO..
    ..XOXO..
    ..XOXO..
    ..XOXO..
    ..XOXO..
    ..XOXO..
    ..XOXO..
    ..X..O..
"""


def test_a_capturing_race_won_by_whoever_moves_first_is_unclear() -> None:
    board = board_from_diagram(RACE)
    report = judge(board)
    unclear = unclear_points(report)
    assert at(board, "D5") in unclear
    assert at(board, "E5") in unclear
    assert at(board, "C5") not in unclear and at(board, "F5") not in unclear
    # Unclear strings stay on the board.
    assert status_of(board, report, "D5") == "alive"


# -- reports as a whole -------------------------------------------------------------------------


def test_every_point_gets_a_status_an_owner_or_an_ownership() -> None:
    board = board_from_diagram(WALLS_WITH_INVADERS)
    report = judge(board)
    stones = {p for p in board.points if board.colour[p] != EMPTY}
    assert set(report.status) == stones
    dead = {p for p, s in report.status.items() if s == "dead"}
    assert set(report.owner) == {p for p in board.points if board.colour[p] == EMPTY} | dead
    assert set(report.ownership) == set(board.points)
    assert all(-1.0 <= v <= 1.0 for v in report.ownership.values())
    assert report.ownership[at(board, "A1")] > 0.5
    assert report.ownership[at(board, "J1")] < -0.5


def test_the_board_is_left_unchanged() -> None:
    board = board_from_diagram(SEKI_ONE_EYE_EACH)
    before = board.copy()
    judge(board)
    assert board == before


def test_the_same_seed_gives_the_same_report() -> None:
    board = board_from_diagram(RACE)
    first = judge(board, seed=5)
    second = judge(board, seed=5)
    assert first == second


_CHILD = """
import json, sys
from gtp_weiqi.judgement import judge
from support.board_diagram import board_from_diagram
board = board_from_diagram(sys.stdin.read())
r = judge(board, seed=3)
print(json.dumps([sorted(r.status.items()), sorted(r.owner.items()), r.unclear,
                  sorted(r.ownership.items())]))
"""


def test_the_same_seed_gives_the_same_report_in_another_process() -> None:
    board = board_from_diagram(RACE)
    r = judge(board, seed=3)
    here = json.loads(json.dumps([sorted(r.status.items()), sorted(r.owner.items()),
                                  r.unclear, sorted(r.ownership.items())]))
    env = dict(os.environ, PYTHONHASHSEED="12345",
               PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    proc = subprocess.Popen([sys.executable, "-c", _CHILD], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)
    try:
        out, _ = proc.communicate(RACE, timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    assert json.loads(out) == here


# -- property: Benson's pass-alive strings are never called dead --------------------------------


def random_position(seed: int, size: int, moves: int) -> Board:
    """A position from random legal moves that never fill a one-point own eye."""
    rng = random.Random(seed)
    board = Board(size)
    colour = BLACK
    for _ in range(moves):
        choices = [p for p in board.points if board.colour[p] == EMPTY
                   and not board.is_eyeish(p, colour) and board.is_legal(p, colour)]
        if not choices:
            break
        board.play(rng.choice(choices), colour)
        colour = WHITE if colour == BLACK else BLACK
    return board


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(4, 7), fill=st.floats(0.3, 1.5))
def test_benson_alive_strings_are_never_reported_dead(seed: int, size: int, fill: float) -> None:
    board = random_position(seed, size, int(fill * size * size))
    report = judge(board, seed=seed, playouts=8)
    for colour in (BLACK, WHITE):
        for p in benson_alive(board, colour):
            assert report.status[p] != "dead"
            assert p not in unclear_points(report)

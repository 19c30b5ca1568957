"""The judgement's tactical reader (战术计算): ladders, snapbacks, the double throw-in, nakade
vital points, and the playout answers built on them.

Diagrams: rows top first, X black, O white, '.' empty; row 1 is the bottom row.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support.board_diagram import board_from_diagram

from gtp_weiqi.core.board import BLACK, EMPTY, WHITE, Board
from gtp_weiqi.core.playout_board import PlayoutBoard
from gtp_weiqi.judgement import judge
from gtp_weiqi.judgement.ownership import OwnershipPlayouts
from gtp_weiqi.judgement.tactics import Reader, nakade_vital_point, tactically_dead_strings

COLUMNS = "ABCDEFGHJKLMNOPQRST"


def at(board: Board, vertex: str) -> int:
    return board.point(int(vertex[1:]) - 1, COLUMNS.index(vertex[0]))


def reader_for(text: str) -> tuple[Board, PlayoutBoard, Reader]:
    board = board_from_diagram(text)
    pb = PlayoutBoard(board)
    return board, pb, Reader(pb)


def snapshot(pb: PlayoutBoard) -> tuple:
    return (pb.colour[:], pb.head[:], [None if s is None else s[:] for s in pb.stones],
            [None if s is None else sorted(s) for s in pb.libs], pb.ko_point)


LADDER = """
    .........
    .........
    .........
    .........
    ...O.....
    ..OX.....
    ...OO....
    .........
    .........
"""

LADDER_BROKEN = """
    .........
    .......X.
    .........
    .........
    ...O.....
    ..OX.....
    ...OO....
    .........
    .........
"""


def test_a_stone_in_a_working_ladder_is_tactically_dead() -> None:
    board, _pb, reader = reader_for(LADDER)
    assert reader.tactically_dead(at(board, "D4")) is True


def test_a_ladder_breaker_saves_the_stone() -> None:
    board, _pb, reader = reader_for(LADDER_BROKEN)
    assert reader.captured_first(at(board, "D4")) is True  # still in atari
    assert reader.tactically_dead(at(board, "D4")) is False


# B1-B2-C2-D2 has two liberties, C1 and D1.  Black throws in at C1 (扑); White takes it at D1
# and is left with the single liberty C1, so Black takes all five (接不归).  Playing C1 or D1
# first is a self-atari for White.
CANNOT_CONNECT = """
    ......
    XXXX..
    XXXXX.
    XOOOX.
    XO..X.
"""


def test_a_double_throw_in_leaves_the_string_unable_to_connect() -> None:
    board, _pb, reader = reader_for(CANNOT_CONNECT)
    assert reader.tactically_dead(at(board, "B1")) is True


# White takes D2 at C2?  No: Black C2 takes back three stones at once (倒扑).
SNAPBACK = """
    .......
    .......
    XXXXX..
    XOO.X..
    XO.OX..
    XOOOX..
"""


def test_a_snapback_takes_the_string() -> None:
    board, _pb, reader = reader_for(SNAPBACK)
    assert reader.tactically_dead(at(board, "B1")) is True


# White's D5 is in atari on E5, and so are Black's D4 E4 and F5 G5; Black taking D5 at E5 is
# a snapback (倒扑): White takes the five stones back on D5.  So White takes Black's two
# strings whoever moves first, and D5, which Black can take only into a snapback, stands.  A
# scored KGS game had this shape; D5 looked like a weak attacker to the reading, which then
# let the playouts decide, and they kept Black's strings alive.
SNAPBACK_ATTACKER = """
    .X.X.X.X.
    XXXXXXXXX
    X.XXOOOOO
    XXXXOOOOO
    .XXO.XXO.
    OOOXXOOOO
    OOOOOOOOO
    .O.O.O.O.
    OOOOOOOOO
"""


def test_an_attacker_taken_only_into_a_snapback_stands() -> None:
    board = board_from_diagram(SNAPBACK_ATTACKER)
    pb = PlayoutBoard(board)
    short = [pb.head[at(board, v)] for v in ("D4", "F5")]
    attackers = {pb.head[p] for p in board.points if board.colour[p] == WHITE}
    assert sorted(tactically_dead_strings(pb, short, set(), attackers)) == sorted(short)
    for seed in range(4):
        report = judge(board, seed=seed)
        assert [report.status[at(board, v)] for v in ("D4", "E4", "F5", "G5", "D5")] == [
            "dead", "dead", "dead", "dead", "alive"]
        assert report.unclear == []


SEKI = """
    .........
    .........
    .........
    XXXXXX...
    OOOOOX...
    XXXXOX...
    .X.XOX...
    OOOOOX...
    ...XOX...
"""


def test_a_string_short_of_liberties_in_a_seki_like_race_is_not_read_dead_by_a_shared_liberty(
) -> None:
    # Nothing of a seki is read: strings with a liberty on a seki point are left alone.
    board, pb, _reader = reader_for(SEKI)
    keep_off = {at(board, "A3"), at(board, "C3")}
    heads = [h for h in pb.heads() if len(pb.libs[h]) <= 2]  # type: ignore[arg-type]
    dead = tactically_dead_strings(pb, heads, keep_off, set(pb.heads()))
    assert at(board, "B3") not in {q for h in dead for q in pb.stones[h]}  # type: ignore[union-attr]


def test_reading_leaves_the_board_as_it_was() -> None:
    for text in (LADDER, LADDER_BROKEN, CANNOT_CONNECT, SNAPBACK):
        _board, pb, reader = reader_for(text)
        held = {h: (pb.stones[h], pb.libs[h]) for h in pb.heads()}
        before = snapshot(pb)
        for h in pb.heads():
            reader.captured_first(h)
            reader.tactically_dead(h)
        assert snapshot(pb) == before
        # The very lists and sets a caller holds are back as they were, too.
        for h, (ss, ls) in held.items():
            assert pb.stones[h] is ss and pb.libs[h] is ls


@settings(max_examples=80, deadline=None)
@given(fill=st.lists(st.sampled_from("..XO"), min_size=49, max_size=49))
def test_a_string_that_joins_home_whatever_is_played_cannot_be_taken(fill: list[str]) -> None:
    """On a random 7x7 position, for each string with one or two liberties and its colour's
    strings with three or more as home: a join proven whatever the opponent plays first is
    never a string the plain reader takes with the opponent first (joining asks more of
    the owner and lets the attacker try more), and the reading leaves the board as it was."""
    board = board_from_diagram("\n".join("".join(fill[r * 7:r * 7 + 7]) for r in range(7)))
    pb = PlayoutBoard(board)
    if any(not pb.libs[h] for h in pb.heads()):
        return  # the drawn position is no legal one
    before = snapshot(pb)
    for h in pb.heads():
        if len(pb.libs[h]) > 2:  # type: ignore[arg-type]  # at a head
            continue
        home = [g for g in pb.heads() if g != h and pb.colour[g] == pb.colour[h]
                and len(pb.libs[g]) >= 3]  # type: ignore[arg-type]  # at a head
        if Reader(pb, 400, home=home).joins_home(h):
            assert Reader(pb, 400).captured_first(h) is not True
        assert snapshot(pb) == before


def test_a_budget_too_small_answers_unread_not_a_guess() -> None:
    board = board_from_diagram(LADDER)
    reader = Reader(PlayoutBoard(board), budget=3)
    assert reader.tactically_dead(at(board, "D4")) is None


def test_the_vital_points_of_the_killable_shapes() -> None:
    board = Board(9)

    def shape(*vertices: str) -> list[int]:
        return [at(board, v) for v in vertices]

    nbrs = board.neighbours
    assert nakade_vital_point(shape("A1", "B1", "C1"), nbrs) == at(board, "B1")  # straight 3
    assert nakade_vital_point(shape("A1", "B1", "B2"), nbrs) == at(board, "B1")  # bent 3
    assert nakade_vital_point(shape("D5", "C5", "E5", "D6"), nbrs) == at(board, "D5")  # pyramid
    bulky = shape("D5", "E5", "D6", "E6", "C5")
    assert nakade_vital_point(bulky, nbrs) == at(board, "D5")
    cross = shape("D5", "C5", "E5", "D4", "D6")
    assert nakade_vital_point(cross, nbrs) == at(board, "D5")
    rabbity = shape("D5", "C5", "E5", "D4", "D6", "E6")
    assert nakade_vital_point(rabbity, nbrs) == at(board, "D5")
    # Alive or settled otherwise: straight and bent four, square four, two points.
    assert nakade_vital_point(shape("A1", "B1", "C1", "D1"), nbrs) == -1
    assert nakade_vital_point(shape("A1", "B1", "C1", "C2"), nbrs) == -1
    assert nakade_vital_point(shape("D5", "E5", "D6", "E6"), nbrs) == -1
    assert nakade_vital_point(shape("A1", "B1"), nbrs) == -1


def test_a_stone_in_a_ladder_inside_the_other_side_is_dead_whoever_moves() -> None:
    # The same ladder on a board where White's stones are strong: reading settles it.
    board = board_from_diagram("""
        .........
        .........
        .........
        .........
        ...O.....
        ..OX.....
        ...OO....
        .........
        .........
    """)
    pb = PlayoutBoard(board)
    dead = tactically_dead_strings(pb, [at(board, "D4")], set(), set(pb.heads()))
    assert dead == [at(board, "D4")]


# From a finished GNU Go game (9x9 self-play, both cleanups agree).  Black's nine stones at
# the bottom have the straight three D1-F1 and race White's wall, whose liberties are the
# corner's two points A1-A2 (its own eye space) and D1.  Whoever starts, White wins and Black
# keeps at most one eye: Black's stones are dead.  The playouts used to let White fill half
# of its corner eye space, and the race came out unclear at some seeds.
RACE_INTO_DEAD_SHAPE = """
    ..XOO....
    ..XXO....
    ...XO....
    ...XOOO..
    .XXXXXO..
    XXOXXXOOO
    OOOOOOXXO
    .OXXXXXOO
    .OO...XXO
"""


def test_a_race_won_into_a_dead_shape_is_settled_dead() -> None:
    board = board_from_diagram(RACE_INTO_DEAD_SHAPE)
    for seed in range(8):
        report = judge(board, seed=seed)
        assert report.unclear == [], seed
        assert report.status[at(board, "G1")] == "dead"
        assert report.status[at(board, "C2")] == "dead"
        assert report.status[at(board, "B1")] == "alive"
        assert report.status[at(board, "C4")] == "alive"


def test_the_playouts_leave_a_two_point_eye_space_of_one_string_alone() -> None:
    board = board_from_diagram(RACE_INTO_DEAD_SHAPE)
    col = list(board.colour)
    mc = OwnershipPlayouts(board, col, [p for p in board.points if col[p] == EMPTY], set(),
                           random.Random(0), [EMPTY] * len(col))
    assert mc._in_own_two_point_space(at(board, "A1"), WHITE)
    assert mc._in_own_two_point_space(at(board, "A2"), WHITE)
    assert not mc._candidate(at(board, "A2"), WHITE, True)
    # Black's D1-F1 touches White at D1: not one string's eye space.
    assert not mc._in_own_two_point_space(at(board, "E1"), BLACK)

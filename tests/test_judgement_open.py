"""The judgement on positions that are not finished, and on the vital point of a straight
three: no string is dead that could still live or escape (an open position has no dead
stones, at any seed), and a corner whose vital point was taken is dead, not seki.

Diagrams: rows top first, X black, O white, '.' empty; row 1 is the bottom row.
"""

from __future__ import annotations

import random

import pytest
from conftest import ok
from hypothesis import given, settings
from hypothesis import strategies as st
from support.board_diagram import board_from_diagram, string_heads
from support.stand_ins import playouts_calling_dead, playouts_deciding
from test_judgement import WALLS_WITH_INVADERS

import gtp_weiqi
from gtp_weiqi.core.board import BLACK, EMPTY, WHITE, Board, IllegalMove
from gtp_weiqi.core.coords import format_vertex, parse_vertex
from gtp_weiqi.judgement import DEAD, find_seki, judge, pipeline
from gtp_weiqi.judgement.links import revive_connected, revive_joined
from gtp_weiqi.judgement.openness import free_strings, open_points
from gtp_weiqi.ui.gtp.commands import build_engine

SEEDS = range(6)


def at(board: Board, vertex: str) -> int:
    return board.point(*parse_vertex(vertex, board.width, board.height))


def links_read_with_one_string_dead(board: Board, vertex: str) -> tuple[int, list[int], str]:
    """Every string called alive but the one at `vertex`, called dead, and the links read:
    that string's head, the heads revived, and its status after."""
    head, stones = string_heads(board)
    status = {h: "alive" for h in stones}
    h = head[at(board, vertex)]
    status[h] = DEAD
    revived = revive_joined(board, list(board.colour), head, stones, status, set())
    return h, revived, status[h]


def dead_vertices(board: Board, seed: int) -> list[str]:
    report = judge(board, seed=seed)
    return sorted(format_vertex(board.row_col(p)) for p, s in report.status.items()
                  if s == DEAD)


def played(size: int, moves: list[tuple[int, str]]) -> Board:
    board = Board(size)
    for colour, vertex in moves:
        board.play(at(board, vertex), colour)
    return board


# -- open positions --------------------------------------------------------------------------

EARLY_9X9 = [(BLACK, "E5"), (WHITE, "E3"), (BLACK, "C5"), (WHITE, "B8"), (BLACK, "D3"),
             (WHITE, "D2"), (BLACK, "F3"), (WHITE, "F2")]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_9x9_game_stopped_after_eight_moves_has_no_dead_stones(seed: int) -> None:
    board = played(9, EARLY_9X9)
    assert dead_vertices(board, seed) == []


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_final_status_list_dead_is_empty_after_two_early_passes(seed: int) -> None:
    engine = build_engine(size=9, rules="chinese", komi=7.5, seed=seed)
    for colour, vertex in EARLY_9X9:
        ok(engine, f"play {'b' if colour == BLACK else 'w'} {vertex}")
    ok(engine, "play b pass")
    ok(engine, "play w pass")
    assert ok(engine, "final_status_list dead") == ""
    # the position as it stands: 4 stones each, the open area nobody's
    assert ok(engine, "final_score") == "W+7.5"


@pytest.mark.parametrize("seed", [0, 3])
def test_the_readme_position_has_no_dead_stone(seed: int) -> None:
    result = gtp_weiqi.score_position(["C3", "D4"], ["Q16"], seed=seed)
    assert result.dead == ()
    area = next(m for m in result.methods if m.slug == "area")
    assert area.result == "W+6.5"


HANDICAP_9 = ["D4", "K4", "Q4", "D10", "K10", "Q10", "D16", "K16", "Q16"]


@pytest.mark.parametrize("white", ["C3", "R17", "K3", "F17"])
def test_a_nine_stone_handicap_game_after_one_white_move_has_no_dead_stone(white: str
                                                                           ) -> None:
    board = Board(19)
    for v in HANDICAP_9:
        board.place_stone(at(board, v), BLACK)
    board.play(at(board, white), WHITE)
    for seed in SEEDS:
        assert dead_vertices(board, seed) == [], seed


SPLIT_BOARD = """
    .........
    ...X..O..
    .........
    ..X..O...
    .........
    ...X..O..
    .........
    ..X...O..
    .........
"""


def test_lines_with_gaps_leave_every_stone_free_and_the_middle_open() -> None:
    # Neither side's line is closed: stones on either side can still escape through the
    # gaps, so nothing is dead at any seed, and the points between the lines are open.
    board = board_from_diagram(SPLIT_BOARD)
    free = free_strings(list(board.colour), board.points, board.neighbours)
    assert free == {p for p in board.points if board.colour[p] != EMPTY}
    middle = at(board, "E5")
    assert middle in open_points(list(board.colour), board.points, board.neighbours)
    for seed in SEEDS:
        assert dead_vertices(board, seed) == [], seed


def test_an_invader_in_a_closed_territory_is_still_dead_and_nothing_is_open() -> None:
    # The bar for 'free' leaves finished positions alone: a lone stone shut in by a wall.
    board = board_from_diagram(WALLS_WITH_INVADERS)
    assert open_points(list(board.colour), board.points, board.neighbours) == []
    for seed in (0, 1):
        assert dead_vertices(board, seed) == ["B6", "H5"]


def reach(board: Board, start: int) -> set[int]:
    """The empty points a string reaches through empty points and its own stones."""
    c = board.colour[start]
    seen = {start}
    todo = [start]
    while todo:
        x = todo.pop()
        for q in board.neighbours[x]:
            if q not in seen and board.colour[q] in (EMPTY, c):
                seen.add(q)
                todo.append(q)
    return {p for p in seen if board.colour[p] == EMPTY}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), size=st.sampled_from([9, 13, 19]),
       share=st.floats(0.01, 0.06))
def test_no_string_is_dead_when_every_string_has_liberties_and_an_escape(
        seed: int, size: int, share: float) -> None:
    """Random sparse positions (at most 6 % of the points taken) where every string has
    more than 2 liberties and reaches at least half of the empty points (an escape): no
    string is dead, at the judgement's seed 0 or 1."""
    rng = random.Random(seed)
    board = Board(size)
    points = list(board.points)
    for i in range(max(2, int(share * len(points)))):
        p = rng.choice(points)
        if board.colour[p] == EMPTY:
            try:
                board.play(p, BLACK if i % 2 == 0 else WHITE)
            except IllegalMove:
                continue
    empty = sum(1 for p in board.points if board.colour[p] == EMPTY)
    for _colour, stones, libs in board.strings():
        if len(libs) <= 2 or 2 * len(reach(board, stones[0])) < empty:
            return  # not a position the property is about
    for judge_seed in (0, 1):
        assert dead_vertices(board, judge_seed) == []


# -- the vital point of a straight three -----------------------------------------------------

STRAIGHT_THREE_VITAL_POINT_TAKEN = """
    ....O....
    ....O....
    ....O....
    ....O....
    ....O....
    OOOOO....
    XXXXO....
    XXXXO....
    .O.XO....
"""


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_straight_three_whose_vital_point_white_took_is_dead_not_seki(seed: int) -> None:
    # Black's eye space A1-B1-C1 along the edge; White took its middle, B1.  Filling A1 or C1
    # puts two white stones in atari, and Black's capture leaves a two-point eye: dead.
    board = board_from_diagram(STRAIGHT_THREE_VITAL_POINT_TAKEN)
    report = judge(board, seed=seed)
    assert report.status[at(board, "A2")] == DEAD
    assert report.status[at(board, "D1")] == DEAD
    assert report.status[at(board, "B1")] == "alive"
    assert report.unclear == []
    assert report.owner[at(board, "A1")] == "w"
    assert report.owner[at(board, "C1")] == "w"


# The same corner with one more Black liberty, E3, that White fills at no risk: White fills
# it first, then throws in on A1 or C1, and Black's capture still leaves two points (the
# seki detector read A1 and C1 as held while E3 stood open).
STRAIGHT_THREE_VITAL_POINT_WITH_AN_OUTSIDE_LIBERTY = STRAIGHT_THREE_VITAL_POINT_TAKEN.replace(
    "XXXXO....", "XXXX.O...", 1)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_an_outside_liberty_the_attacker_fills_freely_saves_no_straight_three(
        seed: int) -> None:
    board = board_from_diagram(STRAIGHT_THREE_VITAL_POINT_WITH_AN_OUTSIDE_LIBERTY)
    assert find_seki(board).strings == []
    report = judge(board, seed=seed)
    assert [report.status[at(board, v)] for v in ("A2", "D1", "B1", "E4")] == [
        DEAD, DEAD, "alive", "alive"]
    assert report.unclear == []


def test_the_straight_three_counts_as_whites_under_chinese_rules() -> None:
    board = board_from_diagram(STRAIGHT_THREE_VITAL_POINT_TAKEN)
    black = [format_vertex(board.row_col(p)) for p in board.points if board.colour[p] == BLACK]
    white = [format_vertex(board.row_col(p)) for p in board.points if board.colour[p] == WHITE]
    result = gtp_weiqi.score_position(black, white, size=9, rules="chinese", komi=0)
    area = next(m for m in result.methods if m.slug == "area")
    assert area.result == "W+81"


# -- strings joined to a living one (连接) ----------------------------------------------------

JOINED_BY_MIAI = """
    .X.XO.O.O....
    XXXXO.OOO....
    .X.XOOO.O....
    XXXX.X.XOO...
    .X.X.X.XO....
    XXXXOOOOO....
    ...XO........
    ...XO........
    ...XO........
    ...XO........
    ...XO........
    ...XO........
    ...XO........
"""


def test_strings_called_dead_but_joined_by_miai_to_a_living_group_are_alive() -> None:
    # F9-F10 hangs on Black's living group by E9 and E10 (a cut on one is answered on the
    # other), and H9-H10 on F9-F10 by G9 and G10: a chain of links keeps both alive.
    board = board_from_diagram(JOINED_BY_MIAI)
    head, stones = string_heads(board)
    status = {h: "alive" for h in stones}
    chained = [head[at(board, "F9")], head[at(board, "H9")]]
    for h in chained:
        status[h] = DEAD
    revived = revive_joined(board, list(board.colour), head, stones, status, set())
    assert sorted(revived) == sorted(chained)
    assert all(status[h] == "alive" for h in chained)
    for seed in SEEDS:
        report = judge(board, seed=seed)
        assert report.status[at(board, "F9")] == report.status[at(board, "H9")] == "alive"


def test_strings_left_undecided_but_joined_by_miai_to_a_living_group_are_alive() -> None:
    # The same links when the playouts decided neither string: joined, they live, instead of
    # being left to the first-move stage to call unclear.
    board = board_from_diagram(JOINED_BY_MIAI)
    head, stones = string_heads(board)
    chained = [head[at(board, "F9")], head[at(board, "H9")]]
    status = {h: "alive" for h in stones if h not in chained}
    revived = revive_joined(board, list(board.colour), head, stones, status, set())
    assert sorted(revived) == sorted(chained)
    assert all(status[h] == "alive" for h in chained)


# Black's E6-F6 inside White's area touches Black's wall at E5, a liberty they share, and
# reaches it a second way through F5: once Black stands on F5, White cannot cut at F4 (no
# liberty there).  A cut at E5 is answered at F5, one at F5 at E5: joined.  A Tygem game
# had such a group of ten stones, which the playouts called dead.
LINKED_BY_A_POINT_BEYOND = """
    .O.O.O.O.
    OOOOOOOOO
    OOOOO.OOO
    OOO.XXOOO
    OOOO..OOO
    XXXXX.XXX
    .....X...
    .........
    .........
"""
# The same with White's G4-J4: after Black's F5, White's F4 joins them, so only E5 links.
CUT_BEYOND_THE_LIBERTY = LINKED_BY_A_POINT_BEYOND.replace("XXXXX.XXX", "XXXXX.OOO")


@pytest.mark.parametrize(("diagram", "joined"), [(LINKED_BY_A_POINT_BEYOND, True),
                                                 (CUT_BEYOND_THE_LIBERTY, False)],
                         ids=["linked", "cut"])
def test_a_string_linked_to_a_living_one_by_a_liberty_and_a_point_beyond_one(
        diagram: str, joined: bool) -> None:
    hanging, revived, _ = links_read_with_one_string_dead(board_from_diagram(diagram), "E6")
    assert revived == ([hanging] if joined else [])


# Black's E3-F3 shares one liberty, D3, with Black's living group.  White's cut there is a
# self-atari, but Black's capture at D2 is a ko (D1 White): White may win it and cut, so
# the shared liberty joins nothing.  With D1 empty the capture leaves no ko: joined.
CUT_BY_A_KO = """
    .........
    .........
    .........
    .........
    .........
    XXXXOO...
    ..X.XX...
    ..O.O....
    ...O.....
"""
CUT_TAKEN_BACK = CUT_BY_A_KO.replace("...O.....", ".........")


# Black's A2-B2 shares B1 with C1-D1.  White's B1 is a self-atari and Black's capture at A1
# no ko, but it leaves A1-A2-B2 one liberty, B1, where White takes three stones back (倒扑,
# a snapback): the shared liberty joins nothing.
CUT_BY_A_SNAPBACK = """
    .........
    .........
    .........
    .........
    .........
    .........
    OO.......
    XXO......
    ..XX.....
"""


@pytest.mark.parametrize(("diagram", "joined", "hanging_at"),
                         [(CUT_BY_A_KO, False, "E3"), (CUT_TAKEN_BACK, True, "E3"),
                          (CUT_BY_A_SNAPBACK, False, "A2")],
                         ids=["ko", "no-ko", "snapback"])
def test_a_shared_liberty_joins_only_where_a_cut_there_is_taken_back_for_good(
        diagram: str, joined: bool, hanging_at: str) -> None:
    hanging, revived, status = links_read_with_one_string_dead(board_from_diagram(diagram),
                                                               hanging_at)
    assert revived == ([hanging] if joined else [])
    assert status == ("alive" if joined else DEAD)


@pytest.mark.parametrize("seed", range(3))
def test_a_string_linked_by_a_point_beyond_is_alive_when_the_playouts_took_it(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    board = board_from_diagram(LINKED_BY_A_POINT_BEYOND)
    hanging = {at(board, v) for v in ("E6", "F6")}
    monkeypatch.setattr(pipeline, "decide_by_playouts", playouts_calling_dead(hanging))
    report = judge(board, seed=seed)
    assert report.status[at(board, "E6")] == "alive"
    assert report.unclear == []


@pytest.mark.parametrize("seed", range(3))
def test_joined_strings_the_playouts_leave_undecided_are_alive_not_unclear(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # A stand-in for the playouts that calls every string alive but the two hanging ones,
    # which it leaves undecided: the judgement calls them alive and says nothing is unclear.
    board = board_from_diagram(JOINED_BY_MIAI)
    hanging = {at(board, v) for v in ("F9", "F10", "H9", "H10")}
    monkeypatch.setattr(pipeline, "decide_by_playouts", playouts_deciding(
        lambda _colour, stones: None if hanging.intersection(stones) else "alive"))
    report = judge(board, seed=seed)
    assert report.unclear == []
    assert all(report.status[p] == "alive" for p in hanging)


# Black's E7 has two liberties, D7 and E6, and Black's living group is one point further:
# D6, E5 and C7 all touch it.  White cuts on E6 and Black extends to D7, or the other way
# round, and is joined at once or by one of two points; White's cut between, on D6, is put in
# atari by E6 and only gets out towards its own wall, and Black joins at E5.  The links by
# shared liberties do not see it (E7 shares none with the group); the tactical reader, with
# joining as the owner's only success, does.  A KGS game had a black stone so, left two
# points from its group across White's area, that the players and KataGo kept alive and the
# playouts called dead.
JOINED_TWO_POINTS_AWAY = """
    .O.O.O.O.
    OOOOOOOOO
    OO..XOOOO
    OOX..OOOO
    OOXX.OOOO
    XXXXXXXXX
    XXXXXXXXX
    .X.X.X.X.
    XXXXXXXXX
"""
# Without Black's C6 and C5, White's C6 and C5 close the way by D6 and C7: White cuts on E6,
# Black extends to D7 and is taken on D6 and C7.
CUT_TWO_POINTS_AWAY = JOINED_TWO_POINTS_AWAY.replace("OOX..OOOO", "OOO..OOOO").replace(
    "OOXX.OOOO", "OOOX.OOOO")


# Black's A6 joins Black's A4 by A5, but A4 has two liberties only: White's A7 leaves the
# joined string the one liberty A3.  A join that leaves the string short of liberties is no
# proof.
JOINED_TO_A_WEAK_STRING = """
    .X.X.X.X.
    XXXXXXXXX
    .OOOOOOOO
    XO.O.O.OO
    .OOOOOOOO
    XOOOOOOOO
    .XXXXXXXX
    XXXXXXXXX
    .X.X.X.X.
"""
# White's cut at E6 puts Black's E5 in atari, and Black's answer F6 takes it in a ko (劫):
# won by threats elsewhere, which are not read, so no proof either.
JOINED_ONLY_BY_A_KO = """
    .X.X.X.X.
    XXXXXXXXX
    OOOXXOOOO
    OOOX..OOO
    OOOOXOOOO
    OOOO.OOOO
    OOOOOOOOO
    O.OOO.OOO
    OOO.OOOO.
"""


@pytest.mark.parametrize("diagram, vertex, joined", [
    (JOINED_TWO_POINTS_AWAY, "E7", True), (CUT_TWO_POINTS_AWAY, "E7", False),
    (JOINED_TO_A_WEAK_STRING, "A6", False), (JOINED_ONLY_BY_A_KO, "E5", False),
], ids=["joined", "cut", "weak-home", "ko"])
def test_a_stone_two_points_from_its_group_is_joined_only_when_no_cut_holds(
        diagram: str, vertex: str, joined: bool) -> None:
    board = board_from_diagram(diagram)
    head, stones = string_heads(board)
    status = {h: "alive" for h in stones}
    h = head[at(board, vertex)]
    status[h] = DEAD
    final = [EMPTY if head.get(p) == h else c for p, c in enumerate(board.colour)]
    revived = revive_connected(board, list(board.colour), final, head, stones, status, set())
    assert revived == ([h] if joined else [])
    assert status[h] == ("alive" if joined else DEAD)


@pytest.mark.parametrize("seed", range(3))
def test_a_stone_joined_to_a_weak_string_stays_unclear(seed: int) -> None:
    # White moving first takes A6 (A7, then A3 when Black joins); Black moving first joins at
    # A5 and then at A3 or A7: it depends on who moves first
    board = board_from_diagram(JOINED_TO_A_WEAK_STRING)
    report = judge(board, seed=seed)
    assert any(at(board, "A6") in s for s in report.unclear)


@pytest.mark.parametrize("seed", range(3))
def test_the_judgement_keeps_a_stone_joined_two_points_away_alive(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # the playouts made wrong on purpose: E7 called dead, everything else alive
    board = board_from_diagram(JOINED_TWO_POINTS_AWAY)
    e7 = at(board, "E7")
    monkeypatch.setattr(pipeline, "decide_by_playouts", playouts_calling_dead({e7}))
    report = judge(board, seed=seed)
    assert report.status[e7] == "alive" and report.unclear == []


# Black's F5 has two liberties, F6 and F4, one beside each of two living groups: White cuts
# it from one and Black joins the other.  A KGS game had three stones so, between two black
# groups across White's area, which the players' result and KataGo keep alive.
JOINED_TO_TWO_GROUPS = """
    .X.X.X.X.
    XXXXXXXXX
    OOOOOXOOO
    .O.OO.O.O
    OOOOOXOOO
    .O.OO.O.O
    OOOOOXOOO
    XXXXXXXXX
    .X.X.X.X.
"""


def test_a_string_beside_two_living_groups_by_one_point_each_is_joined() -> None:
    board = board_from_diagram(JOINED_TO_TWO_GROUPS)
    f5, revived, after = links_read_with_one_string_dead(board, "F5")
    assert revived == [f5] and after == "alive"
    for seed in SEEDS:
        assert judge(board, seed=seed).status[at(board, "F5")] == "alive"


# H5 hangs on Black's top group by G5 and on the bottom one by H4, but White's G5 also puts
# F5, with F6 its only other liberty, in atari: Black saves one of them and loses the other.
CUT_THREATENING_TWO = """
    .X.X.X.X.X.X.
    XXXXXXXXXXXXX
    OOOOOXXOOOOOO
    .O.OO.XOOO.O.
    OOOOOX.XOOOOO
    OOOOOOO.OOOOO
    XXXXXXXXXXXXX
    .X.X.X.X.X.X.
    XXXXXXXXXXXXX
"""


def test_links_to_two_groups_are_no_join_when_one_cut_threatens_two_strings() -> None:
    board = board_from_diagram(CUT_THREATENING_TWO)
    _h5, revived, after = links_read_with_one_string_dead(board, "H5")
    assert revived == [] and after == DEAD


ONE_CUTTABLE_POINT = """
    .X.XO....
    XXXXO....
    .X.XOOOO.
    XXXX.XO..
    .X.XOXO..
    XXXXOOO..
    ...XO....
    ...XO....
    ...XO....
"""


def test_a_string_sharing_one_point_the_opponent_can_take_is_not_joined() -> None:
    # F5-F6 shares only E6 with Black's group, and White can play E6 safely: no link.
    board = board_from_diagram(ONE_CUTTABLE_POINT)
    _f6, revived, after = links_read_with_one_string_dead(board, "F6")
    assert revived == [] and after == DEAD

"""Counting on small diagrams: seki, shared and false eyes, dead shapes, one-sided points,
open dame, dead stones left on the board, handicap and komi.

Diagrams list rows top first: X black, O white, . empty; x / o are stones marked dead.
Statuses other than dead (seki) and explicit owners are given as the judgement would.
"""

from __future__ import annotations

import pytest
from support.counting_diagram import from_diagram, vertices

from gtp_weiqi.counting import analyse, count


def counts(inp, judgement, *slugs, **params):
    a = analyse(inp, judgement)
    return {s: count(s, inp, judgement, analysis=a, **params) for s in slugs}


def block_of(a, vertex):
    (r, c), = vertices(vertex, a.height)
    p = r * a.width + c
    return a.blocks[a.block_of[p]]


def names(a, pts):
    return sorted(f"{'abcdefghjklmnopqrstuvwxyz'[p % a.width]}{p // a.width + 1}" for p in pts)


# -- seki -----------------------------------------------------------------------------------

# Black b2 c2 and the white ring share the liberties b1 c1; neither has an eye.
SEKI_NO_EYE = """
5 X X . X X X X
4 X X X X X X X
3 O O O O X . X
2 O X X O X X X
1 O . . O X . X
"""


def test_seki_without_eyes_has_no_basic_eyes_and_two_public_points():
    inp, j = from_diagram(SEKI_NO_EYE, seki="b2 a1")
    a = analyse(inp, j)
    assert block_of(a, "b2").kind == "seki" and block_of(a, "b2").eyes == []
    assert block_of(a, "a1").eyes == []
    assert names(a, a.public) == ["b1", "c1"]
    assert (a.S, a.K, a.E, a.G) == ({"b": 22, "w": 8}, {"b": 3, "w": 0}, {"b": 2, "w": 0}, 2)
    c = counts(inp, j, "zilu", "zikong", "stone", "territory", "huanqitou")
    assert (c["zilu"].black, c["zilu"].white) == (23, 8)
    assert (c["zikong"].black, c["zikong"].white) == (26, 9)
    assert c["zikong"].margin - c["zilu"].margin == a.E["b"] - a.E["w"]
    assert (c["stone"].black, c["stone"].white) == (23, 8)
    assert (c["territory"].black, c["territory"].white) == (3, 0)
    assert c["huanqitou"].margin == c["zilu"].margin


# Each inner string has a one-point eye (a1, e1) and they share c1.
SEKI_ONE_EYE = """
5 X . X X X . X
4 X X X X X X X
3 O O O X X X X
2 X X O O O O X
1 . X . O . O X
"""


def test_seki_with_one_eye_each_keeps_that_eye_as_its_one_basic_eye():
    inp, j = from_diagram(SEKI_ONE_EYE, seki="a2 a3")
    a = analyse(inp, j)
    assert names(a, block_of(a, "a2").eyes) == ["a1"]
    assert names(a, block_of(a, "a3").eyes) == ["e1"]
    assert (a.E, a.L, a.G) == ({"b": 3, "w": 1}, {"b": 0, "w": 0}, 1)
    c = counts(inp, j, "zilu", "zikong", "stone", "territory", "huanqitou", "tianman_huozi")
    assert (c["zilu"].black, c["zilu"].white, c["zilu"].result) == (21, 9, "B+12")
    assert (c["zikong"].black, c["zikong"].white) == (24.5, 10.5)
    assert (c["huanqitou"].black, c["huanqitou"].white) == (23.5, 11.5)
    assert (c["stone"].black, c["stone"].white) == (21, 9)
    # J89: seki eyes count for nobody
    assert (c["territory"].black, c["territory"].white) == (2, 0)
    assert c["tianman_huozi"].margin == c["zilu"].margin


# Two-point eyes (a1 b1 / f1 g1) and one shared liberty d1: filling the shared liberty or
# one point of the own eye loses the race, so every own point is a basic eye.
SEKI_TWO_POINT_EYES = """
5 X . X X X X . X X
4 X X X X X X X X X
3 O O O O X X X X X
2 X X X O O O O O X
1 . . X . O . . O X
"""


def test_seki_with_two_point_eyes_keeps_both_points_as_basic_eyes():
    inp, j = from_diagram(SEKI_TWO_POINT_EYES, seki="a2 a3")
    a = analyse(inp, j)
    assert names(a, block_of(a, "a2").eyes) == ["a1", "b1"]
    assert names(a, block_of(a, "a3").eyes) == ["f1", "g1"]
    c = counts(inp, j, "zilu", "stone", "zikong")
    assert (c["zilu"].black, c["zilu"].white) == (27, 11)
    assert (c["stone"].black, c["stone"].white) == (27, 11)
    assert c["zikong"].margin - c["zilu"].margin == 2


def test_seki_with_two_point_eyes_counts_the_same_when_judged_alive():
    seki = analyse(*from_diagram(SEKI_TWO_POINT_EYES, seki="a2 a3"))
    alive = analyse(*from_diagram(SEKI_TWO_POINT_EYES))
    assert seki.E == alive.E and seki.L == alive.L


# A black block whose own region is three points (a1 b1 c1), marked seki by the judgement:
# by default every own point of a seki block is a basic eye; the judgement may name fewer.
SEKI_THREE_POINTS = """
5 X . X X X X X . X X
4 X X X X X X X X X X
3 O O O O O X X X X X
2 X X X X O O O O O X
1 . . . X . O . . O X
"""


def test_seki_block_with_a_three_point_region_keeps_all_three_by_default():
    inp, j = from_diagram(SEKI_THREE_POINTS, seki="a2 a3")
    a = analyse(inp, j)
    assert names(a, block_of(a, "a2").eyes) == ["a1", "b1", "c1"]
    assert a.L["b"] == 0
    c = counts(inp, j, "zilu", "stone")
    assert c["zilu"].black == c["stone"].black == a.S["b"]


def test_judgement_can_name_the_basic_eyes_of_a_seki_block():
    inp, j = from_diagram(SEKI_THREE_POINTS, seki="a2 a3", eyes={"b": "a1"})
    a = analyse(inp, j)
    assert names(a, block_of(a, "a2").eyes) == ["a1"]
    assert names(a, block_of(a, "a2").routes) == ["b1", "c1"]
    assert count("zilu", inp, j).black == a.S["b"] + 2


# -- shared eyes, false eyes, dead shapes ------------------------------------------------------

# White d5 touches only the eyes e5 and d4, which it shares with the large white string.
SHARED_EYES = """
5 . X X O .
4 X X O . O
3 X X O O O
2 X X O . O
1 . X O O O
"""


def test_strings_sharing_eyes_are_one_block_with_two_basic_eyes():
    inp, j = from_diagram(SHARED_EYES)
    a = analyse(inp, j)
    assert a.block_count == {"b": 1, "w": 1}
    blk = block_of(a, "d5")
    assert blk is block_of(a, "c4")
    assert len(blk.eyes) == 2 and blk.eyes_checked
    c = count("zilu", inp, j)
    assert (c.black, c.white, c.result) == (9, 12, "W+3")


# d1 joins the two black strings; its diagonal c2 is White's, so it is no real eye.
FALSE_EYE = """
5 O . O O O . O
4 O O O O O O O
3 X X O X X X X
2 X X O X X X X
1 . X X . X X .
"""


def test_a_false_eye_joining_two_strings_is_a_route_not_a_basic_eye():
    inp, j = from_diagram(FALSE_EYE)
    a = analyse(inp, j)
    blk = block_of(a, "a2")
    assert blk is block_of(a, "g2")
    assert names(a, blk.eyes) == ["a1", "g1"]
    assert names(a, blk.routes) == ["d1"]
    assert blk.eyes_checked
    c = count("zilu", inp, j)
    assert (c.black, c.white, c.result) == (17, 14, "B+3")


def test_a_false_eye_named_as_basic_eye_fails_the_two_eye_check():
    inp, j = from_diagram(FALSE_EYE, eyes={"b": "a1 d1"})
    a = analyse(inp, j)
    assert names(a, block_of(a, "a2").eyes) == ["a1", "d1"]
    assert count("zilu", inp, j).black == 17  # the count does not depend on which two


# White's corner stones can live only through a corner ko that Black starts when she likes
# (the bent-four-in-the-corner kind): dead under J89, and the judgement marks them so.
BENT_FOUR = """
5 X X X X X X
4 X X X X . X
3 o o X X X X
2 . o X X . X
1 X . o X X X
"""


@pytest.mark.parametrize("slug", ["zikong", "area", "tianman_pingdian", "dengkong"])
def test_bent_four_in_the_corner_marked_dead_gives_black_the_whole_board(slug):
    inp, j = from_diagram(BENT_FOUR)
    c = count(slug, inp, j)
    assert c.points == {"b": 30, "w": 0}


def test_bent_four_dead_stones_are_prisoners_for_territory_counting():
    inp, j = from_diagram(BENT_FOUR)
    a = analyse(inp, j)
    assert a.dead_count == {"b": 0, "w": 4}
    c = count("territory", inp, j)
    assert (c.black, c.white) == (a.K["b"], -4)
    assert c.artefacts["territory_plus_prisoners"] == {"b": a.K["b"] + 4, "w": 0}


# -- one-sided points ------------------------------------------------------------------------

# Seki: Black's a2 string (eye a1) against White's a3 string (eye f1).  c1 touches only
# Black's stones and Black can fill it safely (White cannot): 单方权利官子 for Black; d1 the
# same for White.
ONE_SIDED = """
5 X . X X X . X X
4 X X X X X X X X
3 O O O O X X X X
2 X X X O O O O X
1 . X . . O . O X
"""


def test_one_sided_points_in_seki_are_routes_and_own_points():
    inp, j = from_diagram(ONE_SIDED, seki="a2 a3", owners={"b": "c1", "w": "d1"})
    a = analyse(inp, j)
    art = a.common_artefacts()
    assert art["one_sided"]["b"] == {"rights": [[0, 2]], "liberties": []}
    assert art["one_sided"]["w"] == {"rights": [[0, 3]], "liberties": []}
    assert (a.K, a.E, a.L, a.G) == ({"b": 4, "w": 2}, {"b": 3, "w": 1}, {"b": 1, "w": 1}, 0)
    c = counts(inp, j, "zilu", "zikong", "stone", "territory", "dengkong")
    assert (c["zilu"].black, c["zilu"].white) == (25, 11)
    assert (c["zikong"].black, c["zikong"].white) == (28, 12)
    # KataGo's stone scoring has no one-sided points: c1 and d1 are dame there
    assert (c["stone"].black, c["stone"].white) == (24, 10)
    # J89: one-sided dame and seki eyes count for nobody
    assert (c["territory"].black, c["territory"].white) == (2, 0)
    # 等空比子: the one-sided points are filled first
    assert [0, 2] in c["dengkong"].artefacts["board"]["b"]
    assert c["dengkong"].margin == c["zikong"].margin


def test_without_the_owner_map_the_one_sided_points_are_public():
    inp, j = from_diagram(ONE_SIDED, seki="a2 a3")
    a = analyse(inp, j)
    assert names(a, a.public) == ["c1", "d1"]
    assert count("zikong", inp, j).margin == 16


def test_a_one_sided_point_its_owner_cannot_fill_is_a_basic_eye():
    # Given to Black, c1 would leave b2 c2 with b1 as their only liberty: 单方的气
    inp, j = from_diagram(SEKI_NO_EYE, seki="b2 a1", owners={"b": "c1"})
    a = analyse(inp, j)
    assert a.common_artefacts()["one_sided"]["b"] == {"rights": [], "liberties": [[0, 2]]}
    assert names(a, block_of(a, "b2").eyes) == ["c1"]
    assert names(a, a.public) == ["b1"]
    zilu, zikong = count("zilu", inp, j), count("zikong", inp, j)
    assert zilu.black == 23 and zikong.black == 26.5


# -- open dame, dead stones on the board --------------------------------------------------------

OPEN_DAME = """
5 X . X . O . O
4 X X X . O O O
3 X . X . O . O
2 X X X . O O O
1 . X X . O . O
"""


def test_open_dame_do_not_turn_living_blocks_into_seki():
    inp, j = from_diagram(OPEN_DAME, komi=0.5)
    a = analyse(inp, j)
    assert all(b.kind == "alive" and len(b.eyes) == 2 for b in a.blocks)
    assert a.G == 5
    c = counts(inp, j, "zilu", "zikong", "stone", "tromp_taylor")
    assert (c["zilu"].black, c["zilu"].white, c["zilu"].result) == (13, 13, "W+0.5")
    assert (c["zikong"].black, c["zikong"].white) == (17.5, 17.5)
    # KataGo: a region touching dame is seki -- no territory and no tax
    assert (c["stone"].black, c["stone"].white) == (12, 12)
    assert (c["tromp_taylor"].black, c["tromp_taylor"].white) == (15, 15)


DEAD_ON_BOARD = """
5 . o . X O . .
4 . . . X O . x
3 o . . X O . .
2 . . . X O O O
1 . . . X O . .
"""


def test_dead_stones_left_on_the_board_are_removed_before_counting():
    inp, j = from_diagram(DEAD_ON_BOARD, captured={"b": 3})
    a = analyse(inp, j)
    assert (a.S, a.K, a.P) == ({"b": 5, "w": 7}, {"b": 15, "w": 8}, {"b": 4, "w": 2})
    c = counts(inp, j, "zikong", "territory", "tromp_taylor", "zilu", "stone")
    assert (c["zikong"].black, c["zikong"].white, c["zikong"].result) == (20, 15, "B+5")
    assert (c["territory"].black, c["territory"].white) == (11, 6)
    assert (c["zilu"].black, c["zilu"].white) == (18, 13)
    assert c["stone"].margin == c["zilu"].margin
    # Tromp–Taylor removes nothing: the dead stones still spoil the regions they stand in
    assert (c["tromp_taylor"].black, c["tromp_taylor"].white) == (6, 11)


# -- handicap and komi ---------------------------------------------------------------------------

EVEN = """
5 X . X O . O
4 X X X O O O
3 X . X O . O
2 X X X O O O
1 . X X O . O
"""


def test_handicap_compensation_follows_white_handicap_bonus():
    inp, j = from_diagram(EVEN, handicap=2, captured={"b": 1})
    assert (inp.first_mover, inp.last_mover, inp.moves) == ("w", "w", {"b": 11, "w": 12})
    c = counts(inp, j, "zikong", "area", "aga")
    assert c["zikong"].result == "0"
    assert (c["area"].handicap_bonus, c["area"].result) == (2, "W+2")
    assert (c["aga"].handicap_bonus, c["aga"].result) == (1, "W+1")
    assert c["aga"].artefacts["territory_form"]["margin"] == -1
    assert count("zikong", inp, j, white_handicap_bonus="N").result == "W+2"


def test_handicap_stones_count_in_b_like_balancing_and_are_split_in_a_like():
    inp, j = from_diagram(EVEN, handicap=2, captured={"b": 1})
    a = analyse(inp, j)
    for bal in ("free", "virtual_refill", "pass_stones", "negative_b"):
        assert count("dengzi", inp, j, analysis=a, balance=bal).margin == 0
    for bal in ("negative_a", "even_stop", "art"):
        assert count("dengzi", inp, j, analysis=a, balance=bal).margin == -1
    assert count("territory", inp, j, analysis=a).margin == -1


BLACK_BY_ONE = """
5 . X X O .
4 X X O O O
3 . X X O .
2 X X O O O
1 . X X O .
"""


@pytest.mark.parametrize("komi,result,winner", [
    (0, "B+1", "b"), (1, "0", None), (0.5, "B+0.5", "b"), (7, "W+6", "w"), (-8, "B+9", "b"),
    (1.5, "W+0.5", "w"),
])
def test_komi_is_whites_compensation(komi, result, winner):
    inp, j = from_diagram(BLACK_BY_ONE, komi=komi)
    c = count("zikong", inp, j)
    assert (c.black, c.white) == (13, 12)
    assert (c.result, c.winner) == (result, winner)


def test_ing_black_wins_ties():
    inp, j = from_diagram(EVEN)
    c = count("ing", inp, j)
    assert (c.margin, c.result, c.winner) == (0, "B+0", "b")
    assert count("zikong", inp, j).result == "0"


def test_guibenshu_on_19x19_with_komi_6_5():
    inp, j = from_diagram("\n".join(["." * 19] * 18 + ["X" * 19]), komi=6.5)
    c = count("zikong", inp, j)
    assert c.guibenshu["b"] == 183.75 and c.guibenshu["w"] == 177.25

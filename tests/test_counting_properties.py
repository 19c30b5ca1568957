"""Properties of the counting methods on random finished positions (5x5 to 19x19).

The positions are solid walls with two-eye blocks and dead stones dropped into eyes and
territories (support.finished_positions); some tests add random seki marks and explicit
owners to the judgement, since the identities must hold for any judgement.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random

from conftest import with_random_marks
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.finished_positions import random_finished_position

from gtp_weiqi.counting import A_LIKE, B_LIKE, analyse, count, score_detail

# COUNTING_EXAMPLES=600 for a longer run
SETTINGS = settings(max_examples=int(os.environ.get("COUNTING_EXAMPLES", "40")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def positions(draw, handicap=True):
    seed = draw(st.integers(0, 2**32 - 1))
    width = draw(st.integers(5, 19))
    height = draw(st.integers(5, 19))
    return random_finished_position(random.Random(seed), width, height, handicap=handicap)


@st.composite
def judged_positions(draw):
    """Positions whose judgement also marks random strings seki and gives random owners."""
    inp, judgement = draw(positions())
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    return inp, with_random_marks(inp, judgement, rng)


def margins(inp, judgement, slugs, **params):
    a = analyse(inp, judgement)
    return {s: count(s, inp, judgement, analysis=a, **params).margin for s in slugs}, a


@SETTINGS
@given(judged_positions())
def test_b_like_point_methods_all_give_the_area_margin(pos):
    inp, j = pos
    a = analyse(inp, j)
    want = count("zikong", inp, j, analysis=a).margin
    assert count("tianman_pingdian", inp, j, analysis=a).margin == want
    assert count("dengkong", inp, j, analysis=a).margin == want
    for bal in B_LIKE:
        assert count("dengzi", inp, j, analysis=a, balance=bal).margin == want


def refilled_surplus(a, balance):
    """Black minus White stones once the lost stones (and, unless art, the virtual moves)
    are back on the board."""
    virtual = balance != "art"
    return sum((1 if c == "b" else -1) * (a.S[c] + a.P[c] + (a.V[c] if virtual else 0))
               for c in "bw")


@SETTINGS
@given(judged_positions())
def test_a_like_balancing_differs_by_the_first_movers_surplus(pos):
    inp, j = pos
    a = analyse(inp, j)
    area = count("zikong", inp, j, analysis=a).margin
    huozi = count("zilu", inp, j, analysis=a).margin
    for bal in A_LIKE:
        surplus = refilled_surplus(a, bal)
        assert count("dengzi", inp, j, analysis=a, balance=bal).margin == area - surplus
        assert count("shulu", inp, j, analysis=a, balance=bal).margin == huozi - surplus


@SETTINGS
@given(positions(handicap=False))
def test_a_like_balancing_charges_one_point_when_the_first_mover_moved_last(pos):
    inp, j = pos
    a = analyse(inp, j)
    first = inp.first_mover
    sign = 1 if first == "b" else -1
    charged = sign if inp.last_mover == first else 0
    area = count("zikong", inp, j, analysis=a).margin
    for bal in ("negative_a", "even_stop"):
        assert count("dengzi", inp, j, analysis=a, balance=bal).margin == area - charged


@SETTINGS
@given(judged_positions())
def test_the_five_jihuozi_methods_agree_seki_included(pos):
    inp, j = pos
    a = analyse(inp, j)
    want = count("zilu", inp, j, analysis=a).margin
    assert count("jihuozi", inp, j, analysis=a).margin == want
    assert count("tianman_huozi", inp, j, analysis=a).margin == want
    assert count("tinglu", inp, j, analysis=a).margin == want
    assert count("huanqitou", inp, j, analysis=a).margin == want
    for bal in B_LIKE:
        assert count("shulu", inp, j, analysis=a, balance=bal).margin == want


@SETTINGS
@given(judged_positions())
def test_zikong_minus_zilu_is_the_difference_in_basic_eyes(pos):
    inp, j = pos
    m, a = margins(inp, j, ("zikong", "zilu"))
    assert m["zikong"] - m["zilu"] == a.E["b"] - a.E["w"]


@SETTINGS
@given(positions())
def test_with_two_basic_eyes_per_block_the_difference_is_two_per_extra_block(pos):
    inp, j = pos
    m, a = margins(inp, j, ("zikong", "zilu", "huanqitou"))
    assert all(len(b.eyes) == 2 and b.eyes_checked for b in a.blocks)
    extra = a.block_count["b"] - a.block_count["w"]
    assert m["zikong"] - m["zilu"] == 2 * extra
    assert m["zikong"] - m["huanqitou"] == 2 * extra


@SETTINGS
@given(judged_positions())
def test_zikong_counts_add_up_to_the_board(pos):
    inp, j = pos
    inp = dataclasses.replace(inp, komi=0.0)
    c = count("zikong", inp, j)
    assert c.black + c.white == inp.width * inp.height
    assert c.margin == c.black - c.white
    h = count("huanqitou", inp, j)
    assert h.black + h.white == inp.width * inp.height


@SETTINGS
@given(judged_positions(), st.integers(1, 400))
def test_any_bowl_size_gives_the_same_fill_in_margin(pos, bowl):
    inp, j = pos
    n = inp.width * inp.height
    a = analyse(inp, j)
    want = count("tianman_huozi", inp, j, analysis=a).margin
    for size in (bowl, (n + 1) // 2, n // 2):
        assert count("tianman_huozi", inp, j, analysis=a, bowl=size).margin == want
    area = count("tianman_pingdian", inp, j, analysis=a).margin
    assert count("tianman_pingdian", inp, j, analysis=a, bowl=bowl).margin == area


@SETTINGS
@given(positions())
def test_katago_stone_scoring_agrees_with_zilu_when_dame_are_filled(pos):
    inp, j = pos
    m, _ = margins(inp, j, ("stone", "zilu"))
    assert m["stone"] == m["zilu"]


@settings(max_examples=10, deadline=None)
@given(judged_positions())
def test_score_detail_is_plain_json(pos):
    inp, j = pos
    d = score_detail("all", inp, j, None)
    assert json.loads(json.dumps(d))["methods"]

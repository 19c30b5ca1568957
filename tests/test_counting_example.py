"""The 7x7 worked example (docs/counting.md §2; 图一 of 燕来's 《不计活子非好汉》 and of his
article on the five 计活子 methods) and a game whose first mover also moved last, where
A-like and B-like balancing part by one point."""

from __future__ import annotations

import json

import pytest
from support.counting_diagram import from_diagram, render, vertices
from support.worked_example import example_input

from gtp_weiqi.counting import BALANCES, METHODS, analyse, count, score_detail


@pytest.fixture(scope="module")
def example():
    inp, judgement = example_input()
    return inp, judgement, analyse(inp, judgement)


def run(example, slug, **params):
    inp, judgement, a = example
    return count(slug, inp, judgement, analysis=a, **params)


def pts(text):
    return sorted(list(p) for p in vertices(text, 7))


def test_example_moves_are_read_from_the_board(example):
    inp, _, _ = example
    assert inp.moves == {"b": 21, "w": 21}
    assert (inp.first_mover, inp.last_mover) == ("w", "b")


def test_example_figures_match_the_design(example):
    _, _, a = example
    assert a.S == {"b": 19, "w": 20}
    assert a.K == {"b": 5, "w": 5}
    assert a.E == {"b": 2, "w": 4}
    assert a.L == {"b": 3, "w": 1}
    assert a.G == 0
    assert a.P == {"b": 2, "w": 1}
    assert a.block_count == {"b": 1, "w": 2}
    art = a.common_artefacts()
    assert sorted(art["territory"]["b"]) == pts("a7 c7 a6 a5 b5")
    assert sorted(art["territory"]["w"]) == pts("g7 f6 b2 c2 a1")
    assert art["removed_dead"] == {"b": pts("c2"), "w": []}


def test_example_stone_at_f7_shares_both_eyes_and_joins_the_top_right_block(example):
    _, _, a = example
    art = a.common_artefacts()
    top_right = [b for b in art["blocks"] if [6, 5] in b["stones"]]
    assert len(top_right) == 1
    block = top_right[0]
    assert [5, 4] in block["stones"]  # e6, the larger string
    assert sorted(block["eyes"]) == pts("g7 f6")
    assert all(b["eyes_checked"] for b in art["blocks"])


@pytest.mark.parametrize("slug", ["zilu", "jihuozi"])
def test_example_zilu_counts_22_to_21(example, slug):
    c = run(example, slug)
    assert (c.black, c.white, c.result) == (22, 21, "B+1")
    assert c.unit_zh == "子"


@pytest.mark.parametrize("bowl,left", [(25, {"b": 3, "w": 4}), (24, {"b": 2, "w": 3})])
def test_example_tianman_huozi_leaves_stones_in_the_bowls(example, bowl, left):
    c = run(example, "tianman_huozi", bowl=bowl)
    assert c.artefacts["bowl_left"] == left
    assert (c.black, c.white, c.result) == (22, 21, "B+1")
    board = c.artefacts["board"]
    assert len(board["b"]) == 22 and len(board["w"]) == 21


def test_example_tianman_huozi_default_bowl_is_25_on_7x7(example):
    assert run(example, "tianman_huozi").params["bowl"] == 25


def test_example_tianman_huozi_keeps_the_basic_eyes_empty(example):
    c = run(example, "tianman_huozi")
    print(render(7, 7, c.artefacts["board"]))
    filled = {tuple(p) for colour in "bw" for p in c.artefacts["board"][colour]}
    eyes = {tuple(p) for colour in "bw" for p in c.artefacts["eyes"][colour]}
    assert not filled & eyes
    assert len(eyes) == 6


def test_example_tinglu_fills_two_black_routes(example):
    c = run(example, "tinglu")
    assert (c.black, c.white, c.result) == (21, 20, "B+1")
    assert c.artefacts["routes_left_each"] == 1
    assert len(c.artefacts["placed"]["b"]) == 2


def test_example_shulu_refills_to_21_stones_each_and_counts_routes(example):
    c = run(example, "shulu")
    assert c.params["balance"] == "virtual_refill"
    assert c.artefacts["juzi"] == {"b": 21, "w": 21}
    assert c.artefacts["mu"] == {"b": 3, "w": 4}
    assert (c.black, c.white, c.result) == (1, 0, "B+1")


def test_example_huanqitou_returns_one_head_from_white(example):
    c = run(example, "huanqitou")
    assert (c.black, c.white, c.result) == (25, 24, "B+1")
    heads = c.artefacts["heads_returned"]
    assert heads["by"] == "w" and heads["stones"] == 1
    assert c.artefacts["xuzi_each"] == 3
    assert c.artefacts["huozi"] == {"b": 22, "w": 21}
    assert c.guibenshu == {"b": 24.5, "w": 24.5, "black_over": 0.5}


@pytest.mark.parametrize("slug", ["zikong", "area", "jipingdian", "aga"])
def test_example_area_counts_24_to_25(example, slug):
    c = run(example, slug)
    assert (c.black, c.white, c.result) == (24, 25, "W+1")
    assert c.points == {"b": 24, "w": 25}


def test_example_tianman_pingdian_with_bowls_of_24(example):
    c = run(example, "tianman_pingdian")
    assert c.params["bowl"] == 24
    assert c.artefacts["bowl_left"] == {"b": 0, "w": 0}
    assert len(c.artefacts["unfilled_points"]["w"]) == 1
    assert (c.black, c.white, c.result) == (24, 25, "W+1")


def test_example_dengkong_compares_19_and_20_stones(example):
    c = run(example, "dengkong")
    assert (c.black, c.white, c.result) == (19, 20, "W+1")
    assert c.points == {"b": 24, "w": 25}


def test_example_dengzi_free_takes_one_white_stone_off(example):
    c = run(example, "dengzi", balance="free")
    assert (c.black, c.white, c.result) == (5, 6, "W+1")
    assert c.artefacts["taken_off"] == {"b": 0, "w": 1}
    assert c.artefacts["stones"] == {"b": 19, "w": 19}


def test_example_dengzi_art_refills_to_21_stones_each(example):
    c = run(example, "dengzi", balance="art")
    assert c.artefacts["stones"] == {"b": 21, "w": 21}
    assert (c.black, c.white, c.result) == (3, 4, "W+1")
    assert c.points == {"b": 24, "w": 25}


def test_example_territory_counts_3_to_4(example):
    c = run(example, "territory")
    assert (c.black, c.white, c.result) == (3, 4, "W+1")


def test_example_stone_scoring_agrees_with_zilu(example):
    c = run(example, "stone")
    assert (c.black, c.white, c.result) == (22, 21, "B+1")


@pytest.mark.parametrize("balance", BALANCES)
def test_example_every_balancing_gives_the_same_margins(example, balance):
    assert run(example, "shulu", balance=balance).result == "B+1"
    assert run(example, "dengzi", balance=balance).result == "W+1"


def test_example_conversions(example):
    conv = run(example, "zilu").artefacts["conversions"]
    assert conv["huozi_from_area"]["b"] == {"area": 24, "eyes": 2, "half_public": 0,
                                             "huozi": 22}
    assert conv["huozi_from_fuzi"]["w"] == {"fuzi": 24, "xuzi": 3, "huozi": 21}
    assert conv["zikong_minus_zilu_margin"] == {
        "zikong_margin": -1, "zilu_margin": 1, "difference": -2, "eyes_black_minus_white": -2}


def test_example_white_first_paying_8_stones(example):
    inp, judgement = example_input(komi=-8)
    c = count("huanqitou", inp, judgement)
    assert c.result == "B+9"
    assert c.guibenshu["b"] == pytest.approx(20.5) and c.guibenshu["w"] == pytest.approx(28.5)


def test_example_score_detail_all_is_json_and_lists_every_balancing(example):
    inp, judgement, _ = example
    d = score_detail("all", inp, judgement, ["bowl=24"])
    json.dumps(d, ensure_ascii=False)
    slugs = [m["slug"] for m in d["methods"]]
    assert slugs.count("shulu") == len(BALANCES) and slugs.count("dengzi") == len(BALANCES)
    assert set(slugs) == set(METHODS)
    huozi = {m["slug"]: m for m in d["methods"]}["tianman_huozi"]
    assert huozi["artefacts"]["bowl_left"] == {"b": 2, "w": 3}
    assert "blocks" in d["analysis"] and "blocks" not in huozi["artefacts"]


# A game where Black moved first and last: 21 moves against 20, Black captured 3 stones,
# the dame d4 is open.  B-like balancing gives the 子空 margin, A-like charges Black one.
FIRST_AND_LAST = """
7 . X . X O . O
6 X X X X O O O
5 X . X X O . O
4 X X X . O O O
3 X . X X O . O
2 X X X X O O O
1 . X . X O . O
  a b c d e f g
"""


@pytest.fixture(scope="module")
def first_and_last():
    inp, judgement = from_diagram(FIRST_AND_LAST, captured={"w": 3}, komi=5.5)
    return inp, judgement, analyse(inp, judgement)


def test_first_and_last_moves(first_and_last):
    inp, _, a = first_and_last
    assert inp.moves == {"b": 21, "w": 20}
    assert (inp.first_mover, inp.last_mover) == ("b", "b")
    assert (a.S, a.K, a.G) == ({"b": 21, "w": 17}, {"b": 6, "w": 4}, 1)


@pytest.mark.parametrize("balance", ["free", "virtual_refill", "pass_stones", "negative_b"])
def test_first_and_last_b_like_balancing_keeps_the_area_margin(first_and_last, balance):
    assert run(first_and_last, "dengzi", balance=balance).margin == 0.5
    assert run(first_and_last, "shulu", balance=balance).margin == 0.5


@pytest.mark.parametrize("balance", ["negative_a", "even_stop", "art"])
def test_first_and_last_a_like_balancing_charges_the_first_mover_one_point(first_and_last,
                                                                           balance):
    c = run(first_and_last, "dengzi", balance=balance)
    assert (c.margin, c.result) == (-0.5, "W+0.5")
    assert c.artefacts["surplus_after_refill"] == 1
    assert run(first_and_last, "shulu", balance=balance).result == "W+0.5"


def test_first_and_last_even_stop_lets_white_take_the_dame(first_and_last):
    c = run(first_and_last, "dengzi", balance="even_stop")
    assert c.artefacts["dame_played"] == {"b": 0, "w": 1}
    assert [3, 3] in c.artefacts["board"]["w"]


def test_first_and_last_a_point_charges_black_one_point(first_and_last):
    assert run(first_and_last, "zikong").result == "B+0.5"
    c = run(first_and_last, "zikong", a_point=True)
    assert (c.black, c.white, c.result) == (27, 22, "W+0.5")
    assert run(first_and_last, "dengkong", a_point=True).result == "W+0.5"
    assert run(first_and_last, "dengzi", a_point=True).result == "W+0.5"


def test_first_and_last_territory_counting_is_a_like(first_and_last):
    c = run(first_and_last, "territory")
    assert (c.black, c.white, c.result) == (6, 1, "W+0.5")


def test_first_and_last_open_dame_makes_katago_stone_scoring_see_seki(first_and_last):
    c = run(first_and_last, "stone")
    assert (c.black, c.white) == (21, 17)
    assert run(first_and_last, "zilu").result == "B+0.5"

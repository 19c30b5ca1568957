"""Counting over GTP: the 7x7 worked example (docs/counting.md §2) reached by a real game, a game
whose first mover also moved last (A-like and B-like balancing part by one point), komi and
handicap compensation, and the commands' names, parameters and refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import dedent_diagram, fail, make_engine, ok
from support.board_diagram import board_diagram
from support.worked_example import final_rows

from gtp_weiqi.counting import BALANCES, METHODS
from gtp_weiqi.ui.gtp.engine import WeiqiEngine

SLUGS = ("jihuozi zilu tianman_huozi tinglu shulu huanqitou jipingdian zikong tianman_pingdian "
         "dengkong dengzi area territory aga ing tromp_taylor stone").split()
A_LIKE = ("negative_a", "even_stop", "art")
B_LIKE = ("free", "virtual_refill", "pass_stones", "negative_b")

# -- the worked example (图一 of 《不计活子非好汉》 and of the five-methods article) ---------------

# The 无争局面: White moved first, 21 moves each, Black made the 42nd and last move; c2 is dead.
EXAMPLE = final_rows(numbers=False)

# A game that ends on it, built backwards from the diagram: every final stone is played once,
# in an order that never leaves a final string without a liberty, plus two throw-ins.  White's
# stone at c7 (move 31) is taken by Black's c6 (move 32); Black's stone at a1 (move 38) is
# taken by White's b1 (move 39).  No passes.
EXAMPLE_MOVES = [
    "W e5", "B c5", "W e4", "B d4", "W d5", "B d6", "W e6", "B e3", "W f5", "B f4",  # 1-10
    "W g4", "B f3", "W d2", "B d3", "W e2", "B f2", "W c3", "B c4", "W b3", "B b4",  # 11-20
    "W a3", "B a4", "W g5", "B g3", "W f7", "B e7", "W g6", "B d7", "W a2", "B b7",  # 21-30
    "W c7", "B c6", "W c1", "B c2", "W d1", "B g2", "W e1", "B a1", "W b1", "B g1",  # 31-40
    "W f1", "B b6",                                                                  # 41-42
]

# final_score_<slug> on the example, komi 0, c2 dead (by the engine's judgement or a mark).
# tromp_taylor keeps c2 alive and leaves b2 to nobody (20 + 5 against 20 + 3); stone scoring
# equals zilu on a board without open dame.
EXAMPLE_RESULTS = {
    "jihuozi": "B+1", "zilu": "B+1", "tianman_huozi": "B+1", "tinglu": "B+1", "shulu": "B+1",
    "huanqitou": "B+1", "jipingdian": "W+1", "zikong": "W+1", "tianman_pingdian": "W+1",
    "dengkong": "W+1", "dengzi": "W+1", "area": "W+1", "territory": "W+1", "aga": "W+1",
    "ing": "W+1", "tromp_taylor": "B+2", "stone": "B+1",
}


def play_moves(engine: WeiqiEngine, moves: list[str]) -> None:
    for move in moves:
        ok(engine, f"play {move}")


def example_engine(rules: str = "chinese") -> WeiqiEngine:
    engine = make_engine(size=7, rules=rules, komi=0)
    ok(engine, "komi 0")
    play_moves(engine, EXAMPLE_MOVES)
    return engine


def score(engine: WeiqiEngine, args: str) -> dict[str, Any]:
    """The JSON answer of `weiqi-score <args>`."""
    return json.loads(ok(engine, f"weiqi-score {args}"))


def method(engine: WeiqiEngine, args: str) -> dict[str, Any]:
    """The one method entry of `weiqi-score <slug> [key=value ...]`."""
    entries = score(engine, args)["methods"]
    assert len(entries) == 1
    return entries[0]


def counts(engine: WeiqiEngine, args: str) -> tuple[Any, Any, str]:
    m = method(engine, args)
    return m["black"], m["white"], m["result"]


@pytest.fixture
def example() -> WeiqiEngine:
    """The example under Chinese rules (no balancing or bowl chosen by the rules), komi 0."""
    return example_engine()


@pytest.fixture
def marked_example(example: WeiqiEngine) -> WeiqiEngine:
    ok(example, "weiqi-set_status dead c2")
    return example


def test_example_game_ends_on_the_diagram_with_one_capture_each(example: WeiqiEngine) -> None:
    game = example.game
    assert board_diagram(game.board) == dedent_diagram(EXAMPLE)
    assert len(EXAMPLE_MOVES) == 42
    assert [m.split()[0] for m in EXAMPLE_MOVES] == ["W", "B"] * 21
    assert all(m.point is not None for m in game.moves)
    assert (game.moves_made(1), game.moves_made(2)) == (21, 21)
    board = ok(example, "showboard")
    assert "Stones captured: black 1, white 1" in board
    assert "Moves: 42" in board


def test_example_captures_are_the_two_throw_ins() -> None:
    engine = make_engine(size=7, rules="chinese", komi=0)
    play_moves(engine, EXAMPLE_MOVES[:31])
    assert engine.game.captured == {1: 0, 2: 0}
    play_moves(engine, EXAMPLE_MOVES[31:32])
    assert engine.game.captured == {1: 0, 2: 1}
    play_moves(engine, EXAMPLE_MOVES[32:39])
    assert engine.game.captured == {1: 1, 2: 1}


def test_example_engine_judges_c2_dead_and_nothing_unclear(example: WeiqiEngine) -> None:
    assert ok(example, "final_status c2") == "dead"
    assert ok(example, "final_status_list dead") == "C2"
    assert ok(example, "weiqi-unclear") == ""
    assert ok(example, "final_status c7") == "black_territory"
    assert ok(example, "final_status b2") == "white_territory"


def test_example_under_tromp_taylor_rules_every_stone_stays_alive() -> None:
    engine = example_engine("tromp-taylor")
    assert ok(engine, "final_status c2") == "alive"
    assert ok(engine, "final_score") == "B+2"
    # the other methods still judge the position
    assert ok(engine, "final_score_zikong") == "W+1"
    assert method(engine, "zikong")["black"] == 24


@pytest.mark.parametrize("slug", SLUGS)
def test_example_final_score_per_method(example: WeiqiEngine, slug: str) -> None:
    assert ok(example, f"final_score_{slug}") == EXAMPLE_RESULTS[slug]


@pytest.mark.parametrize("slug", SLUGS)
def test_example_final_score_with_c2_marked_dead(marked_example: WeiqiEngine,
                                                 slug: str) -> None:
    assert ok(marked_example, f"final_score_{slug}") == EXAMPLE_RESULTS[slug]


def test_example_mark_overrides_the_engines_judgement(example: WeiqiEngine) -> None:
    ok(example, "weiqi-set_status alive c2")
    assert ok(example, "final_status c2") == "alive"
    assert ok(example, "final_status_list dead") == ""
    # c2 alive: b2 touches both colours and is split; White keeps g7 f6 a1
    assert counts(example, "zikong") == (25.5, 23.5, "B+2")
    ok(example, "weiqi-set_status dead c2")
    assert counts(example, "zikong") == (24, 25, "W+1")


def test_example_figures_in_the_analysis(marked_example: WeiqiEngine) -> None:
    a = score(marked_example, "zilu")["analysis"]
    f = a["figures"]
    assert f["stones"] == {"b": 19, "w": 20}
    assert f["territory"] == {"b": 5, "w": 5}
    assert f["eyes"] == {"b": 2, "w": 4}
    assert f["routes"] == {"b": 3, "w": 1}
    assert f["public"] == 0
    assert f["lost"] == {"b": 2, "w": 1}
    assert f["captured"] == {"b": 1, "w": 1}
    assert f["moves"] == {"b": 21, "w": 21}
    assert f["blocks"] == {"b": 1, "w": 2}
    assert a["removed_dead"] == {"b": ["C2"], "w": []}
    assert sorted(a["territory"]["b"]) == ["A5", "A6", "A7", "B5", "C7"]
    assert sorted(a["territory"]["w"]) == ["A1", "B2", "C2", "F6", "G7"]


@pytest.mark.parametrize("slug", ["zilu", "jihuozi"])
def test_example_zilu_counts_22_to_21(example: WeiqiEngine, slug: str) -> None:
    assert counts(example, slug) == (22, 21, "B+1")


def test_example_tianman_huozi_bowls_of_25_leave_3_and_4(example: WeiqiEngine) -> None:
    m = method(example, "tianman_huozi")
    assert (m["black"], m["white"], m["result"]) == (22, 21, "B+1")
    assert m["artefacts"]["bowl"] == 25
    assert m["artefacts"]["bowl_left"] == {"b": 3, "w": 4}


def test_example_tianman_huozi_bowls_of_24_leave_2_and_3(example: WeiqiEngine) -> None:
    m = method(example, "tianman_huozi bowl=24")
    assert (m["black"], m["white"], m["result"]) == (22, 21, "B+1")
    assert m["artefacts"]["bowl_left"] == {"b": 2, "w": 3}


def test_example_tinglu_compares_21_to_20_stones_on_the_board(example: WeiqiEngine) -> None:
    m = method(example, "tinglu")
    assert (m["black"], m["white"], m["result"]) == (21, 20, "B+1")
    assert m["artefacts"]["juzi"] == {"b": 21, "w": 20}
    assert m["unit"]["zh"] == "局子"


def test_example_shulu_1_route_to_0_on_21_stones_each(example: WeiqiEngine) -> None:
    m = method(example, "shulu")
    assert (m["black"], m["white"], m["result"]) == (1, 0, "B+1")
    art = m["artefacts"]
    assert art["balance"] == "virtual_refill"
    assert art["refilled"] == {"b": 2, "w": 1}
    assert art["juzi"] == {"b": 21, "w": 21}
    assert art["mu"] == {"b": 3, "w": 4}
    assert art["routes_after"] == {"b": 1, "w": 0}


def test_example_huanqitou_25_to_24_fuzi(example: WeiqiEngine) -> None:
    m = method(example, "huanqitou")
    assert (m["black"], m["white"], m["result"]) == (25, 24, "B+1")
    art = m["artefacts"]
    assert art["block_count"] == {"b": 1, "w": 2}
    assert art["heads_returned"]["by"] == "w" and art["heads_returned"]["stones"] == 1
    assert art["huozi"] == {"b": 22, "w": 21}


@pytest.mark.parametrize("slug", ["zikong", "area", "jipingdian"])
def test_example_area_24_to_25(example: WeiqiEngine, slug: str) -> None:
    assert counts(example, slug) == (24, 25, "W+1")


def test_example_tianman_pingdian_bowls_of_24(example: WeiqiEngine) -> None:
    m = method(example, "tianman_pingdian")
    assert (m["black"], m["white"], m["result"]) == (24, 25, "W+1")
    art = m["artefacts"]
    assert art["bowl"] == 24
    assert art["bowl_left"] == {"b": 0, "w": 0}
    assert art["unfilled_points"] == {"b": [], "w": ["G7"]}


def test_example_tianman_pingdian_bowls_of_25(example: WeiqiEngine) -> None:
    m = method(example, "tianman_pingdian bowl=25")
    assert m["result"] == "W+1"
    assert m["artefacts"]["bowl_left"] == {"b": 1, "w": 0}
    assert m["artefacts"]["unfilled_points"] == {"b": [], "w": []}


def test_example_dengkong_19_to_20(example: WeiqiEngine) -> None:
    m = method(example, "dengkong")
    assert (m["black"], m["white"], m["result"]) == (19, 20, "W+1")
    assert m["artefacts"]["juzi"] == {"b": 19, "w": 20}


def test_example_dengzi_free_5_to_6_mu(example: WeiqiEngine) -> None:
    m = method(example, "dengzi")
    assert m["params"]["balance"] == "free"
    assert (m["black"], m["white"], m["result"]) == (5, 6, "W+1")
    assert m["artefacts"]["stones"] == {"b": 19, "w": 19}  # one white stone taken off
    assert m["artefacts"]["taken_off"] == {"b": 0, "w": 1}
    assert method(example, "dengzi balance=free")["result"] == "W+1"


def test_example_dengzi_art_3_to_4_mu_on_21_stones_each(example: WeiqiEngine) -> None:
    m = method(example, "dengzi balance=art")
    assert (m["black"], m["white"], m["result"]) == (3, 4, "W+1")
    assert m["artefacts"]["stones"] == {"b": 21, "w": 21}
    assert m["points"] == {"b": 24, "w": 25}


def test_example_territory_3_to_4(example: WeiqiEngine) -> None:
    m = method(example, "territory")
    assert (m["black"], m["white"], m["result"]) == (3, 4, "W+1")
    assert m["artefacts"]["territory_plus_prisoners"] == {"b": 6, "w": 7}


@pytest.mark.parametrize("balance", BALANCES)
def test_example_balancing_cannot_part_a_like_from_b_like(example: WeiqiEngine,
                                                          balance: str) -> None:
    assert counts(example, f"shulu balance={balance}")[2] == "B+1"
    assert counts(example, f"dengzi balance={balance}")[2] == "W+1"


@pytest.mark.parametrize("order", ["komi first", "rules first"])
def test_example_final_score_under_jihuozi_rules_is_b_plus_1(order: str) -> None:
    engine = make_engine(size=7, rules="chinese", komi=0)
    play_moves(engine, EXAMPLE_MOVES)
    commands = ["komi 0", "kata-set-rules jihuozi"]
    for command in commands if order == "komi first" else commands[::-1]:
        ok(engine, command)
    assert ok(engine, "final_score") == "B+1"
    assert ok(engine, "final_status c2") == "dead"


def test_example_final_score_under_jipingdian_natural_b_is_w_plus_1() -> None:
    engine = example_engine("jipingdian-natural-b")
    ok(engine, "komi 0")
    assert ok(engine, "final_score") == "W+1"


def test_example_played_under_jihuozi_rules() -> None:
    engine = example_engine("jihuozi")
    assert ok(engine, "final_score") == "B+1"
    assert ok(engine, "final_score_jipingdian") == "W+1"


@pytest.mark.parametrize(("komi", "zilu", "zikong"), [
    ("-8", "B+9", "B+7"),      # 白先贴8子: White moved first and pays
    ("1", "0", "W+2"),
    ("2", "W+1", "W+3"),
    ("0.5", "B+0.5", "W+1.5"),
    ("-0.5", "B+1.5", "W+0.5"),
    ("6.5", "W+5.5", "W+7.5"),
])
def test_example_komi_moves_every_margin(example: WeiqiEngine, komi: str, zilu: str,
                                        zikong: str) -> None:
    ok(example, f"komi {komi}")
    assert ok(example, "final_score_zilu") == zilu
    assert ok(example, "final_score_shulu") == zilu
    assert ok(example, "final_score_huanqitou") == zilu
    assert ok(example, "final_score_zikong") == zikong
    assert ok(example, "final_score_dengzi") == zikong
    assert score(example, "zilu")["komi"] == float(komi)


def test_example_guibenshu_for_white_first_paying_8(example: WeiqiEngine) -> None:
    ok(example, "komi -8")
    m = method(example, "huanqitou")
    assert m["result"] == "B+9"
    assert m["guibenshu"]["b"] == 20.5 and m["guibenshu"]["w"] == 28.5


def test_example_final_score_takes_the_rules_bowl(example: WeiqiEngine) -> None:
    ok(example, "kata-set-rule counting tianman_huozi")
    assert ok(example, "final_score") == "B+1"
    assert method(example, "tianman_huozi")["artefacts"]["bowl_left"] == {"b": 3, "w": 4}
    ok(example, "kata-set-rule bowl 24")
    assert ok(example, "final_score") == "B+1"
    assert method(example, "tianman_huozi")["artefacts"]["bowl_left"] == {"b": 2, "w": 3}
    # an explicit parameter beats the rules
    assert method(example, "tianman_huozi bowl=25")["artefacts"]["bowl_left"] == {"b": 3, "w": 4}
    every = {m["slug"]: m for m in score(example, "all")["methods"]}
    assert every["tianman_huozi"]["artefacts"]["bowl_left"] == {"b": 2, "w": 3}
    assert every["tianman_pingdian"]["artefacts"]["bowl"] == 24


# -- a game whose first mover also moved last -------------------------------------------------

# Black moved first and last: 21 moves against 20; Black captured three throw-ins (a7, a1, c7);
# the dame d4 is open.  Komi 5.5.  Area: 21 + 6 + 1/2 against 17 + 4 + 1/2, B+0.5.
FIRST_AND_LAST = """
    . X . X O . O
    X X X X O O O
    X . X X O . O
    X X X . O O O
    X . X X O . O
    X X X X O O O
    . X . X O . O
"""

FIRST_AND_LAST_MOVES = [
    "B d5", "W e5", "B d3", "W e3", "B d6", "W e6", "B d2", "W e2", "B d7", "W e7",  # 1-10
    "B d1", "W e1", "B c4", "W e4", "B b7", "W a7", "B a6", "W f4", "B b1", "W a1",  # 11-20
    "B a2", "W g4", "B c5", "W c7", "B c6", "W f6", "B b6", "W f2", "B a5", "W g7",  # 21-30
    "B a4", "W g6", "B b4", "W g5", "B a3", "W g3", "B c3", "W g2", "B b2", "W g1",  # 31-40
    "B c2",                                                                          # 41
]


@pytest.fixture
def first_and_last() -> WeiqiEngine:
    engine = make_engine(size=7, rules="chinese", komi=5.5)
    play_moves(engine, FIRST_AND_LAST_MOVES)
    return engine


def test_first_and_last_game_ends_on_the_diagram(first_and_last: WeiqiEngine) -> None:
    game = first_and_last.game
    assert board_diagram(game.board) == dedent_diagram(FIRST_AND_LAST)
    assert (game.moves_made(1), game.moves_made(2)) == (21, 20)
    assert game.captured == {1: 0, 2: 3}
    d = score(first_and_last, "zikong")
    assert (d["first_mover"], d["last_mover"]) == ("b", "b")
    assert ok(first_and_last, "final_status_list dead") == ""
    assert ok(first_and_last, "final_status d4") == "dame"


@pytest.mark.parametrize("balance", B_LIKE)
@pytest.mark.parametrize("slug", ["shulu", "dengzi"])
def test_first_and_last_b_like_balancing_keeps_the_area_margin(first_and_last: WeiqiEngine,
                                                               slug: str, balance: str) -> None:
    m = method(first_and_last, f"{slug} balance={balance}")
    assert (m["margin"], m["result"]) == (0.5, "B+0.5")


@pytest.mark.parametrize("balance", A_LIKE)
@pytest.mark.parametrize("slug", ["shulu", "dengzi"])
def test_first_and_last_a_like_balancing_charges_black_one_point(first_and_last: WeiqiEngine,
                                                                  slug: str,
                                                                  balance: str) -> None:
    m = method(first_and_last, f"{slug} balance={balance}")
    assert (m["margin"], m["result"]) == (-0.5, "W+0.5")
    assert m["artefacts"]["surplus_after_refill"] == 1


def test_first_and_last_even_stop_gives_white_the_dame(first_and_last: WeiqiEngine) -> None:
    art = method(first_and_last, "dengzi balance=even_stop")["artefacts"]
    assert art["dame_played"] == {"b": 0, "w": 1}
    assert "D4" in art["board"]["w"]


def test_first_and_last_per_method_results(first_and_last: WeiqiEngine) -> None:
    assert ok(first_and_last, "final_score") == "B+0.5"
    for slug in ("zilu", "shulu", "zikong", "dengzi", "area", "tinglu", "huanqitou"):
        assert ok(first_and_last, f"final_score_{slug}") == "B+0.5", slug
    assert ok(first_and_last, "final_score_territory") == "W+0.5"


def test_first_and_last_final_score_follows_the_rules_balance(first_and_last: WeiqiEngine
                                                              ) -> None:
    ok(first_and_last, "kata-set-rule counting dengzi")
    assert ok(first_and_last, "final_score") == "B+0.5"
    ok(first_and_last, "kata-set-rule balance art")
    assert ok(first_and_last, "final_score") == "W+0.5"
    assert ok(first_and_last, "final_score_dengzi") == "W+0.5"
    assert ok(first_and_last, "final_score_shulu") == "W+0.5"
    assert method(first_and_last, "dengzi")["params"]["balance"] == "art"
    ok(first_and_last, "kata-set-rule balance negative_b")
    assert ok(first_and_last, "final_score") == "B+0.5"


def test_first_and_last_under_the_art_version_preset(first_and_last: WeiqiEngine) -> None:
    ok(first_and_last, "kata-set-rules jipingdian-art")
    ok(first_and_last, "komi 5.5")
    assert ok(first_and_last, "final_score") == "W+0.5"


def test_first_and_last_score_all_parts_the_families(first_and_last: WeiqiEngine) -> None:
    d = score(first_and_last, "all")
    for entry in d["methods"]:
        if entry["slug"] in ("shulu", "dengzi"):
            expected = "W+0.5" if entry["params"]["balance"] in A_LIKE else "B+0.5"
            assert entry["result"] == expected, entry["params"]


# -- weiqi-score all, weiqi-methods -----------------------------------------------------------


def test_score_all_reports_shulu_and_dengzi_under_every_balancing(example: WeiqiEngine) -> None:
    d = score(example, "all")
    slugs = [m["slug"] for m in d["methods"]]
    assert set(slugs) == set(METHODS) == set(SLUGS)
    for slug in ("shulu", "dengzi"):
        balances = [m["params"]["balance"] for m in d["methods"] if m["slug"] == slug]
        assert sorted(balances) == sorted(BALANCES)
    by_slug = {m["slug"]: m["result"] for m in d["methods"]}
    assert by_slug == EXAMPLE_RESULTS
    assert d["analysis"]["figures"]["blocks"] == {"b": 1, "w": 2}


def test_score_all_takes_parameters_for_the_methods_that_know_them(example: WeiqiEngine
                                                                   ) -> None:
    d = score(example, "all bowl=24")
    by_slug = {m["slug"]: m for m in d["methods"]}
    assert by_slug["tianman_huozi"]["artefacts"]["bowl_left"] == {"b": 2, "w": 3}
    assert "bowl" not in by_slug["zilu"]["params"]


def test_methods_lists_all_17_with_chinese_and_english_names(example: WeiqiEngine) -> None:
    lines = ok(example, "weiqi-methods").splitlines()
    assert [line.split()[0] for line in lines] == list(METHODS)
    assert sorted(line.split()[0] for line in lines) == sorted(SLUGS)
    for line in lines:
        slug, names = line.split(" ", 1)
        zh, en = names.split(" | ")
        info = METHODS[slug]
        assert zh == info.name_zh and en == info.name_en
        assert any("\u4e00" <= ch <= "\u9fff" for ch in zh), line
        assert en and not any("\u4e00" <= ch <= "\u9fff" for ch in en), line
    named = {line.split()[0]: line.split()[1] for line in lines}
    assert "tromp_taylor Tromp–Taylor 计点 | Tromp–Taylor area" in lines
    assert named["zilu"] == "子路合计法"
    assert named["huanqitou"].startswith("停虚比子法")
    assert named["dengzi"].startswith("等子比空法")


# -- refusals ---------------------------------------------------------------------------------


def test_unknown_final_score_method_is_an_unknown_command(example: WeiqiEngine) -> None:
    assert fail(example, "final_score_nosuch") == "unknown command"
    assert ok(example, "known_command final_score_nosuch") == "false"


def test_unknown_method_in_weiqi_score_is_named(example: WeiqiEngine) -> None:
    text = fail(example, "weiqi-score nosuch")
    assert "unknown counting method" in text and "nosuch" in text and "`weiqi-methods`" in text
    assert fail(example, "weiqi-score").startswith("syntax error")


@pytest.mark.parametrize(("args", "words"), [
    ("zilu bowl=24", ("zilu", "bowl")),
    ("zilu balance=art", ("zilu", "balance")),
    ("shulu balance=nosuch", ("balance", "nosuch")),
    ("dengzi balance=nosuch", ("balance", "nosuch")),
    ("all balance=nosuch", ("balance", "nosuch")),
    ("tianman_huozi bowl=-3", ("bowl", "-3")),
    ("tianman_huozi bowl=x", ("bowl", "x")),
    ("zikong a_point=maybe", ("a_point", "maybe")),
    ("zilu nosuch=1", ("nosuch",)),
    ("zilu bowl", ("bowl", "key=value")),
    ("shulu balance=art a_point=true", ("shulu", "a_point")),
])
def test_bad_parameters_are_refused_clearly(example: WeiqiEngine, args: str,
                                           words: tuple[str, ...]) -> None:
    text = fail(example, f"weiqi-score {args}")
    for word in words:
        assert word in text, text
    assert "internal error" not in text


def test_final_score_takes_no_method_arguments(example: WeiqiEngine) -> None:
    assert fail(example, "final_score_zilu bowl=24").startswith("syntax error")


# -- answers are one line ---------------------------------------------------------------------


def _one_line_results(engine: WeiqiEngine) -> None:
    for command in ["final_score"] + [f"final_score_{slug}" for slug in SLUGS]:
        text = ok(engine, command)
        assert "\n" not in text and "\t" not in text, (command, text)
        assert text == "0" or (text[:2] in ("B+", "W+") and float(text[2:]) > 0), text


def test_every_final_score_answer_is_one_result_line(example: WeiqiEngine,
                                                     first_and_last: WeiqiEngine) -> None:
    _one_line_results(example)
    _one_line_results(first_and_last)
    ok(example, "komi 1")
    _one_line_results(example)
    assert ok(example, "final_score_zilu") == "0"


def test_every_final_score_command_is_known_and_listed(example: WeiqiEngine) -> None:
    listed = ok(example, "list_commands").splitlines()
    for slug in SLUGS:
        assert ok(example, f"known_command final_score_{slug}") == "true"
        assert f"final_score_{slug}" in listed
    for name in ("final_score", "weiqi-score", "weiqi-methods", "weiqi-set_status",
                 "weiqi-set_owner", "final_status_list"):
        assert ok(example, f"known_command {name}") == "true"
        assert name in listed


# -- handicap ---------------------------------------------------------------------------------

# The first-and-last diagram with c5 and c3 as Black's handicap stones: White moves first and
# last (20 moves, three of them thrown in and captured), Black 19.  On the board Black leads by
# 27.5 to 21.5 points.
HANDICAP_MOVES = [
    "W e5", "B d5", "W e3", "B d3", "W e6", "B d6", "W e2", "B d2", "W e7", "B d7",  # 1-10
    "W e1", "B d1", "W e4", "B c4", "W f4", "B b7", "W a7", "B a6", "W g4", "B b1",  # 11-20
    "W a1", "B a2", "W c7", "B c6", "W f6", "B b6", "W f2", "B a5", "W g7", "B a4",  # 21-30
    "W g6", "B b4", "W g5", "B a3", "W g3", "B b2", "W g2", "B c2", "W g1",          # 31-39
]


@pytest.fixture
def handicap_game() -> WeiqiEngine:
    engine = make_engine(size=7, rules="chinese", komi=0)
    ok(engine, "komi 0")
    ok(engine, "set_free_handicap c5 c3")
    play_moves(engine, HANDICAP_MOVES)
    assert board_diagram(engine.game.board) == dedent_diagram(FIRST_AND_LAST)
    return engine


def test_handicap_chinese_rules_give_white_one_point_per_stone(handicap_game: WeiqiEngine
                                                               ) -> None:
    assert ok(handicap_game, "final_score") == "B+4"
    m = method(handicap_game, "area")
    assert (m["black"], m["white"]) == (27.5, 21.5)
    assert m["handicap_bonus"] == 2
    assert score(handicap_game, "area")["handicap"] == 2


@pytest.mark.parametrize(("bonus", "result"), [("0", "B+6"), ("N-1", "B+5"), ("N", "B+4")])
def test_handicap_compensation_follows_white_handicap_bonus(handicap_game: WeiqiEngine,
                                                            bonus: str, result: str) -> None:
    ok(handicap_game, f"kata-set-rule whiteHandicapBonus {bonus}")
    assert ok(handicap_game, "final_score") == result
    assert ok(handicap_game, "final_score_zikong") == result


def test_handicap_bonus_as_a_weiqi_score_parameter(handicap_game: WeiqiEngine) -> None:
    assert method(handicap_game, "area white_handicap_bonus=0")["result"] == "B+6"
    assert method(handicap_game, "zilu whiteHandicapBonus=N")["result"] == "B+4"


def test_handicap_with_komi(handicap_game: WeiqiEngine) -> None:
    ok(handicap_game, "komi 7.5")
    assert ok(handicap_game, "final_score") == "W+3.5"
    ok(handicap_game, "kata-set-rules aga")
    ok(handicap_game, "komi 0.5")
    assert ok(handicap_game, "final_score") == "B+4.5"


def test_captures_are_worded_one_way_in_showboard_and_score(tmp_path) -> None:
    """Black takes one white stone: showboard and `score` both say white 1, black 0 (the
    stones of each colour captured), and GNU Go's `captures black` (stones Black took) 1."""
    from gtp_weiqi.ui.cli import main as cli_main

    engine = make_engine(9, "chinese")
    for line in ("play b a2", "play w a1", "play b b1"):
        ok(engine, line)
    assert "Stones captured: black 0, white 1" in ok(engine, "showboard")
    assert ok(engine, "captures black") == "1"
    record = tmp_path / "one.sgf"
    record.write_text("(;GM[1]SZ[9]KM[7.5]RU[chinese];B[ah];W[ai];B[bi])")
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli_main(["score", str(record), "--lang", "en"]) == 0
    assert "stones captured: black 0, white 1" in out.getvalue()


def test_a_preset_brings_its_komi_until_one_is_set() -> None:
    """`kata-set-rules jihuozi` on an engine that never had a komi gives 计活子's 8, not the
    7.5 of the default preset; once a komi was set (the command, --komi) it stays."""
    from gtp_weiqi.ui.gtp.commands import build_engine

    engine = build_engine(9)
    assert ok(engine, "get_komi") == "7.5"
    ok(engine, "kata-set-rules jihuozi")
    assert ok(engine, "get_komi") == "8"
    ok(engine, "kgs-rules japanese")
    assert ok(engine, "get_komi") == "6.5"
    ok(engine, "kata-set-rules {\"ko\": \"SIMPLE\"}")  # JSON names no preset, so no komi
    assert ok(engine, "get_komi") == "6.5"
    ok(engine, "komi 7")
    ok(engine, "kata-set-rules jihuozi")
    assert ok(engine, "get_komi") == "7"
    given = build_engine(9, "chinese", komi=5.5)
    ok(given, "kata-set-rules jihuozi")
    assert ok(given, "get_komi") == "5.5"

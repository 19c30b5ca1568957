"""The counting layer's public API: the method table, parameters, validation, detail."""

from __future__ import annotations

import json

import pytest
from support.counting_diagram import from_diagram, parse_diagram, render, vertex

from gtp_weiqi.counting import (
    METHODS,
    Judgement,
    ScoringInput,
    analyse,
    count,
    format_margin,
    list_methods,
    parse_params,
    score_detail,
)

SMALL = """
5 . X X O .
4 X X O O O
3 . X X O .
2 X X O O O
1 . X X O .
"""


@pytest.fixture
def small():
    return from_diagram(SMALL, komi=0.5)


def test_every_method_is_listed_with_names_family_and_unit():
    assert list(METHODS) == [
        "jihuozi", "zilu", "tianman_huozi", "tinglu", "shulu", "huanqitou",
        "jipingdian", "zikong", "tianman_pingdian", "dengkong", "dengzi",
        "area", "territory", "aga", "ing", "tromp_taylor", "stone"]
    families = {m.family for m in METHODS.values()}
    assert families == {"jihuozi", "jipingdian", "standard"}
    assert METHODS["huanqitou"].unit_zh == "复子"
    assert METHODS["dengzi"].defaults["balance"] == "free"
    assert METHODS["shulu"].defaults["balance"] == "virtual_refill"
    json.dumps(list_methods(), ensure_ascii=False)


def test_parse_params_reads_key_value_tokens():
    assert parse_params("balance=art bowl=24 a_point=true white_handicap_bonus=n-1") == {
        "balance": "art", "bowl": 24, "a_point": True, "white_handicap_bonus": "N-1"}
    assert parse_params(["balance=negative-a"]) == {"balance": "negative_a"}


@pytest.mark.parametrize("tokens,message", [
    (["komi=7"], "komi is not a counting parameter"),
    (["bowl"], "key=value"),
    (["bowl=x"], "bowl must be a positive integer"),
    (["balance=wrong"], "balance must be one of"),
    (["white_handicap_bonus=2"], "0, N or N-1"),
    (["a_point=maybe"], "true or false"),
    (["colour=b"], "unknown counting parameter"),
])
def test_parse_params_refuses_bad_tokens(tokens, message):
    with pytest.raises(ValueError, match=message):
        parse_params(tokens)


def test_count_refuses_unknown_methods_and_foreign_parameters(small):
    inp, j = small
    with pytest.raises(ValueError, match="unknown counting method"):
        count("nope", inp, j)
    with pytest.raises(ValueError, match="zilu takes no parameter 'bowl'"):
        count("zilu", inp, j, bowl=24)
    with pytest.raises(ValueError, match="already charges"):
        count("dengzi", inp, j, balance="art", a_point=True)


def test_defaults_fill_in_for_none_zero_bowl_and_empty_balance(small):
    inp, j = small
    assert count("tianman_huozi", inp, j, bowl=0).params["bowl"] == 13
    assert count("tianman_pingdian", inp, j, bowl=None).params["bowl"] == 12
    assert count("dengzi", inp, j, balance="").params["balance"] == "free"


def test_judgement_errors_are_clear(small):
    inp, _ = small
    with pytest.raises(ValueError, match="holds no stone"):
        analyse(inp, Judgement(status={(0, 0): "dead"}))
    with pytest.raises(ValueError, match="two statuses"):
        analyse(inp, Judgement(status={(3, 0): "dead", (3, 1): "alive"}))
    with pytest.raises(ValueError, match="holds a living stone"):
        analyse(inp, Judgement(owner={(3, 0): "b"}))
    with pytest.raises(ValueError, match="not an own point"):
        analyse(inp, Judgement(eyes={(0, 0): "w"}))
    with pytest.raises(ValueError, match="must be alive, dead or seki"):
        analyse(inp, Judgement(status={(3, 0): "asleep"}))


def test_input_errors_are_clear():
    with pytest.raises(ValueError, match="not a \\(row, col\\) point"):
        analyse(ScoringInput(3, 3, {(3, 0): "b"}))
    with pytest.raises(ValueError, match="must be b or w"):
        analyse(ScoringInput(3, 3, {(0, 0): "black"}))
    with pytest.raises(ValueError, match="passes are counted in moves"):
        analyse(ScoringInput(3, 3, {}, moves={"b": 1}, passes={"b": 2}))


def test_analysis_must_belong_to_the_input(small):
    inp, j = small
    other, _ = from_diagram(SMALL)
    with pytest.raises(ValueError, match="another input"):
        count("zilu", other, j, analysis=analyse(inp, j))


def test_score_detail_for_one_method_carries_the_guibenshu_comparison(small):
    inp, j = small
    d = score_detail("zikong", inp, j, "white_handicap_bonus=0")
    json.dumps(d, ensure_ascii=False)
    (entry,) = d["methods"]
    assert entry["result"] == "B+0.5"
    assert entry["guibenshu_comparison"]["black"] == {"points": 13, "guibenshu": 12.75,
                                                      "over": 0.25}
    assert d["analysis"]["figures"]["blocks"] == {"b": 1, "w": 1}
    with pytest.raises(ValueError):
        score_detail("zilu", inp, j, ["bowl=24"])


def test_score_detail_all_takes_the_parameters_each_method_knows(small):
    inp, j = small
    d = score_detail("all", inp, j, {"bowl": 5, "a_point": True})
    by = {}
    for m in d["methods"]:
        by.setdefault(m["slug"], []).append(m)
    assert by["tianman_huozi"][0]["params"]["bowl"] == 5
    assert "bowl" not in by["zilu"][0]["params"]
    art = [m for m in by["dengzi"] if m["params"]["balance"] == "art"][0]
    assert art["params"]["a_point"] is False and "note" in art


def test_format_margin():
    assert [format_margin(x) for x in (1.0, -0.5, 0, 2.25)] == ["B+1", "W+0.5", "0", "B+2.25"]
    assert format_margin(0, black_wins_ties=True) == "B+0"


def test_diagram_helper_round_trip():
    width, height, stones, dead = parse_diagram(SMALL)
    assert (width, height) == (5, 5) and not dead
    assert stones[vertex("b5", 5)] == "b" and stones[vertex("d1", 5)] == "w"
    board = {"b": [list(p) for p, c in stones.items() if c == "b"],
             "w": [list(p) for p, c in stones.items() if c == "w"]}
    again = render(5, 5, board)
    assert parse_diagram(again)[2] == stones
    assert vertex("J3", 19) == (2, 8)  # letters skip I


def test_one_registry_gives_the_methods_the_rules_slugs_and_the_gtp_commands():
    """A counting method is a name in gtp_weiqi.base and a function registered with
    counting_method; METHODS, the rules' `counting` values and final_score_<slug> follow."""
    from gtp_weiqi.base import COUNTING_METHOD_NAMES, COUNTING_SLUGS
    from gtp_weiqi.core.rules import Rules, RulesError
    from gtp_weiqi.counting.methods import counting_method
    from gtp_weiqi.ui.gtp.commands import build_engine

    assert list(METHODS) == list(COUNTING_SLUGS) == list(COUNTING_METHOD_NAMES)
    for slug, info in METHODS.items():
        assert info.name_zh == COUNTING_METHOD_NAMES[slug].name_zh
        assert Rules(counting=slug).counting == slug
    with pytest.raises(RulesError):
        Rules(counting="no_such_method")
    engine = build_engine()
    assert [n[len("final_score_"):] for n in engine.commands
            if n.startswith("final_score_")] == list(METHODS)
    with pytest.raises(KeyError):
        counting_method("no_such_method")
    with pytest.raises(ValueError, match="registered twice"):
        counting_method("zilu")(lambda ctx: None)

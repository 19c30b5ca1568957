"""Counting layer: every counting method of 计活子, 计枰点 and the standard rules, as pure
functions of plain data.

    from gtp_weiqi.counting import ScoringInput, Judgement, count, analyse, score_detail
    c = count("zilu", inp, judgement)           # one method
    a = analyse(inp, judgement)                  # the shared analysis, once
    c = count("dengzi", inp, judgement, analysis=a, balance="art")
    detail = score_detail("all", inp, judgement, ["bowl=24"])

This package imports no board, game or GTP module.  Definitions: docs/counting.md.
"""

from .analysis import Analysis, Block, analyse, no_route_left
from .balancing import A_LIKE, B_LIKE, BALANCES
from .detail import list_methods, score_detail
from .methods import (
    HANDICAP_BONUS_RULES,
    METHOD_NAMES,
    METHODS,
    PARAM_KEYS,
    MethodInfo,
    coerce_param,
    count,
    handicap_bonus,
    method_slug,
    parse_params,
    resolve_params,
)
from .types import Count, Judgement, Point, ScoringInput, format_margin

__all__ = [
    "A_LIKE", "B_LIKE", "BALANCES", "HANDICAP_BONUS_RULES", "METHOD_NAMES", "METHODS", "PARAM_KEYS",
    "Analysis", "Block", "Count", "Judgement", "MethodInfo", "Point", "ScoringInput",
    "analyse", "coerce_param", "count", "format_margin", "handicap_bonus", "list_methods",
    "method_slug", "no_route_left", "parse_params", "resolve_params", "score_detail",
]

"""JSON-able detail of one method or of all of them, for ``weiqi-score <slug|all>``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .analysis import analyse
from .balancing import A_LIKE, BALANCES
from .methods import METHODS, coerce_param, count, parse_params
from .types import Count, Judgement, ScoringInput, number


def _method_entry(c: Count, common_keys: set[str]) -> dict[str, Any]:
    d = c.to_dict(artefacts=False)
    d["artefacts"] = {k: v for k, v in c.artefacts.items() if k not in common_keys}
    gb = c.guibenshu
    if gb is not None and c.points is not None:
        d["guibenshu_comparison"] = {
            "black": {"points": number(c.points["b"]), "guibenshu": number(gb["b"]),
                      "over": number(c.points["b"] - gb["b"])},
            "white": {"points": number(c.points["w"]), "guibenshu": number(gb["w"]),
                      "over": number(c.points["w"] - gb["w"])},
        }
    return d


def score_detail(slug_or_all: str, inp: ScoringInput, judgement: Judgement | None,
                 params: Mapping[str, Any] | Sequence[str] | str | None = None
                 ) -> dict[str, Any]:
    """Counts, margins, results, 归本数 comparisons and artefacts, as plain JSON-able data.

    slug_or_all -- a method slug, or 'all': every method, with shulu and dengzi under every
    balancing.  params -- a mapping or ``key=value`` tokens.  For one method every parameter
    must be one it takes; for 'all' each method takes the parameters it knows (a balance
    given for 'all' is ignored, since every balancing is reported).

    Returns {'analysis': shared artefacts (blocks, eyes, routes, public points, territory,
    one-sided points, removed dead stones, figures, conversions), 'komi', 'handicap',
    'methods': [one entry per method]}.
    """
    if params is None:
        given: dict[str, Any] = {}
    elif isinstance(params, Mapping):
        given = {k: coerce_param(k, v) for k, v in params.items()}
    else:
        given = parse_params(params)
    a = analyse(inp, judgement)
    common = a.common_artefacts()
    keys = set(common)
    entries: list[dict[str, Any]] = []
    if slug_or_all != "all":
        c = count(slug_or_all, inp, judgement, analysis=a, **given)
        entries.append(_method_entry(c, keys))
    else:
        for slug, info in METHODS.items():
            mine = {k: v for k, v in given.items() if k in info.params and k != "balance"}
            if "balance" in info.params:
                for bal in BALANCES:
                    p = dict(mine, balance=bal)
                    note = None
                    if p.get("a_point") and bal in A_LIKE:
                        del p["a_point"]
                        note = "a_point not applied: this balancing already charges it"
                    e = _method_entry(count(slug, inp, judgement, analysis=a, **p), keys)
                    if note:
                        e["note"] = note
                    entries.append(e)
            else:
                entries.append(_method_entry(count(slug, inp, judgement, analysis=a, **mine),
                                             keys))
    return {
        "analysis": common,
        "komi": number(float(inp.komi)),
        "handicap": inp.handicap,
        "first_mover": inp.first_mover,
        "last_mover": inp.last_mover,
        "methods": entries,
    }


def list_methods() -> list[dict[str, Any]]:
    """Every method with its names, family, unit and parameters (for ``weiqi-methods``)."""
    return [info.as_dict() for info in METHODS.values()]

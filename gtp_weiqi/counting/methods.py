"""The counting methods: one pure function each, a registry keyed by slug, one entry point.

Every method takes the shared `Analysis` (owners, blocks, basic eyes, figures) and its
resolved parameters, and returns a `Count`.  Definitions and formulas: docs/counting.md.

计活子 ("子多为胜", count living stones): jihuozi, zilu, tianman_huozi, tinglu, shulu,
huanqitou.  计枰点 ("子空皆地，公空均分，点多为胜", count board points): jipingdian, zikong,
tianman_pingdian, dengkong, dengzi.  Standard anchors: area, territory, aga, ing,
tromp_taylor, stone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from ..base import COUNTING_METHOD_NAMES, COUNTING_SLUGS, MethodName
from .analysis import EMPTY, NAME, Analysis, analyse
from .balancing import A_LIKE, BALANCES, Balanced, Work, apply_a_point, balance
from .standard import katago_stone_score, tromp_taylor_score
from .types import BLACK, COLOURS, SEKI, WHITE, Count, Judgement, ScoringInput, format_margin

HANDICAP_BONUS_RULES = ("0", "N", "N-1")
PARAM_KEYS = ("balance", "bowl", "white_handicap_bonus", "a_point")
_TRUE = ("true", "1", "yes", "on")
_FALSE = ("false", "0", "no", "off")


@dataclass(frozen=True)
class MethodInfo(MethodName):
    """A counting method as listed by `weiqi-methods`: its names (gtp_weiqi.base), its
    parameters with their defaults, and a one-line summary of its count."""

    params: tuple[str, ...] = ()
    defaults: Mapping[str, Any] = field(default_factory=dict)
    summary: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"slug": self.slug, "name_zh": self.name_zh, "name_en": self.name_en,
                "family": self.family, "unit": {"zh": self.unit_zh, "en": self.unit_en},
                "params": list(self.params), "defaults": dict(self.defaults),
                "summary": self.summary}


# -- parameters -----------------------------------------------------------------------------

def handicap_bonus(rule: str, handicap: int) -> int:
    """White's compensation for handicap stones: 0, N or N-1 (KataGo's whiteHandicapBonus)."""
    if rule == "N":
        return handicap
    if rule == "N-1":
        return max(handicap - 1, 0)
    return 0


def coerce_param(key: str, value: Any) -> Any:
    """Check one parameter and bring it to its canonical type; ValueError when wrong."""
    if key == "komi":
        raise ValueError("komi is not a counting parameter: set it with the komi command")
    if key not in PARAM_KEYS:
        raise ValueError(f"unknown counting parameter {key!r}; known: {', '.join(PARAM_KEYS)}")
    if key == "balance":
        v = str(value).strip().lower().replace("-", "_")
        if v == "":
            return v  # the method's default
        if v not in BALANCES:
            raise ValueError(f"balance must be one of {', '.join(BALANCES)}, not {value!r}")
        return v
    if key == "bowl":
        if isinstance(value, bool):
            raise ValueError(f"bowl must be a positive integer, not {value!r}")
        if isinstance(value, str):
            if not value.strip().isdigit():
                raise ValueError(f"bowl must be a positive integer, not {value!r}")
            value = int(value)
        if not isinstance(value, int) or value < 0:
            raise ValueError(f"bowl must be a positive integer, not {value!r}")
        return value
    if key == "white_handicap_bonus":
        v = str(value).strip().upper()
        if v not in HANDICAP_BONUS_RULES:
            raise ValueError(f"white_handicap_bonus must be 0, N or N-1, not {value!r}")
        return v
    # a_point
    if isinstance(value, bool):
        return value
    v = str(value).strip().lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise ValueError(f"a_point must be true or false, not {value!r}")


def parse_params(tokens: Any) -> dict[str, Any]:
    """Parse ``key=value`` tokens (a string or a sequence of strings) into parameters."""
    if isinstance(tokens, str):
        tokens = tokens.split()
    out: dict[str, Any] = {}
    for tok in tokens:
        if "=" not in tok:
            raise ValueError(f"parameter {tok!r} is not of the form key=value")
        key, value = tok.split("=", 1)
        key = key.strip().lower().replace("-", "_")
        if key == "whitehandicapbonus":
            key = "white_handicap_bonus"
        if key == "apoint":
            key = "a_point"
        out[key] = coerce_param(key, value)
    return out


def resolve_params(slug: str, n_points: int, given: Mapping[str, Any]) -> dict[str, Any]:
    """The method's parameters: defaults filled in, every given one checked."""
    info = METHODS.get(slug)
    if info is None:
        raise ValueError(f"unknown counting method {slug!r}; known: {', '.join(METHODS)}")
    out: dict[str, Any] = {}
    for key, value in given.items():
        if value is None:
            continue  # None: the method's default
        value = coerce_param(key, value)
        if key not in info.params:
            raise ValueError(f"{slug} takes no parameter {key!r}; it takes "
                             f"{', '.join(info.params)}")
        out[key] = value
    for key in info.params:
        if key not in out or (key == "bowl" and out[key] == 0) or (key == "balance"
                                                                    and out[key] == ""):
            default = info.defaults[key]
            if key == "bowl":
                default = (n_points + 1) // 2 if default == "ceil(N/2)" else n_points // 2
            out[key] = default
    if out.get("a_point") and out.get("balance") in A_LIKE:
        raise ValueError(f"a_point cannot be combined with balance={out['balance']}: A-like "
                         f"balancing already charges the first mover")
    return out


# -- building a Count -------------------------------------------------------------------------

class _Ctx:
    """One method call: the analysis, the resolved parameters and the compensation."""

    def __init__(self, slug: str, a: Analysis, params: dict[str, Any]) -> None:
        self.slug = slug
        self.info = METHODS[slug]
        self.a = a
        self.params = params
        self.komi = float(a.inp.komi)
        self.hb = handicap_bonus(params.get("white_handicap_bonus", "0"), a.inp.handicap)

    def count(self, black: float, white: float, diff: float, artefacts: dict[str, Any],
              points: tuple[float, float] | None = None, black_wins_ties: bool = False
              ) -> Count:
        info, a = self.info, self.a
        margin = diff - self.komi - self.hb
        if margin > 0 or (margin == 0 and black_wins_ties):
            winner: str | None = BLACK
        elif margin < 0:
            winner = WHITE
        else:
            winner = None
        pts = gb = None
        if points is not None:
            comp = self.komi + self.hb
            pts = {BLACK: points[0], WHITE: points[1]}
            gb = {BLACK: (a.n + comp) / 2, WHITE: (a.n - comp) / 2,
                  "black_over": points[0] - (a.n + comp) / 2}
        full = dict(a.common_artefacts())
        full.update(artefacts)
        return Count(info.slug, info.name_zh, info.name_en, info.unit_zh, info.unit_en,
                     black, white, margin, format_margin(margin, black_wins_ties), winner,
                     info.family, self.komi, self.hb, dict(self.params), pts, gb, full)


def _a_point_work(ctx: _Ctx) -> tuple[Work | None, list[str]]:
    """A working board with the natural version A's extra point applied, if asked for."""
    if not ctx.params.get("a_point"):
        return None, []
    work = Work(ctx.a)
    applied, note = apply_a_point(ctx.a, work)
    return (work if applied else None), [note]


def _area_figures(ctx: _Ctx) -> tuple[dict[str, int], dict[str, int], float, Work | None,
                                      list[str]]:
    """S, K and G after the optional A point."""
    a = ctx.a
    work, notes = _a_point_work(ctx)
    if work is None:
        return dict(a.S), dict(a.K), a.G, None, notes
    S = {c: work.stones(c) for c in COLOURS}
    K = {c: work.own_empty(c) for c in COLOURS}
    return S, K, work.public_count(), work, notes


# -- the registry -----------------------------------------------------------------------------

Method = Callable[[_Ctx], Count]
M = TypeVar("M", bound=Method)
_REGISTERED: dict[str, tuple[Method, MethodInfo]] = {}


def counting_method(slug: str, params: tuple[str, ...] = (),
                    defaults: Mapping[str, Any] | None = None,
                    summary: str = "") -> Callable[[M], M]:
    """Register the function below as counting method `slug`, a slug of
    gtp_weiqi.base.COUNTING_METHOD_NAMES (where its names are): its parameters (every method
    also takes white_handicap_bonus, default 0), their defaults and its summary.  METHODS,
    the rules' `counting` values and GTP's final_score_<slug> all come from these."""
    names = COUNTING_METHOD_NAMES[slug]
    merged = {"white_handicap_bonus": "0", **(defaults or {})}
    info = MethodInfo(names.slug, names.name_zh, names.name_en, names.family, names.unit_zh,
                      names.unit_en, params + ("white_handicap_bonus",), merged, summary)

    def register(func: M) -> M:
        if slug in _REGISTERED:
            raise ValueError(f"counting method {slug!r} registered twice")
        _REGISTERED[slug] = (func, info)
        return func

    return register


# -- 计活子 -----------------------------------------------------------------------------------

@counting_method("jihuozi", summary="S + L: living stones plus routes; more stones wins")
@counting_method("zilu", summary="S + L")
def zilu(ctx: _Ctx) -> Count:
    """子路合计法: living stones plus routes, S + L ("子路皆子，眼位非子")."""
    a = ctx.a
    cnt = {c: a.S[c] + a.L[c] for c in COLOURS}
    return ctx.count(cnt[BLACK], cnt[WHITE], cnt[BLACK] - cnt[WHITE], {
        "huozi": {c: {"stones": a.S[c], "routes": a.L[c], "huozi": cnt[c]} for c in COLOURS},
    })


@counting_method("tianman_huozi", ("bowl",), {"bowl": "ceil(N/2)"},
                 "fill the routes from equal bowls; count = bowl - stones left")
def tianman_huozi(ctx: _Ctx) -> Count:
    """填满计活子法: fill the routes from equal bowls, basic eyes and 公气 kept empty;
    count = bowl - stones left, or bowl + routes left unfilled when a bowl runs out."""
    a = ctx.a
    bowl = ctx.params["bowl"]
    work = Work(a)
    left: dict[str, int] = {}
    unfilled: dict[str, list[list[int]]] = {}
    cnt: dict[str, int] = {}
    for c in COLOURS:
        room = max(bowl - a.S[c], 0)
        got = work.fill(c, room, a.routes[c])
        left[c] = max(bowl - a.S[c] - len(got), 0)
        rest = [p for p in a.routes[c] if work.col[p] == EMPTY]
        unfilled[c] = a.rcs(rest)
        extra = max(a.S[c] - bowl, 0)
        cnt[c] = bowl - left[c] if not rest and not extra else bowl + len(rest) + extra
    art = {"bowl": bowl, "bowl_left": left, "unfilled_routes": unfilled,
           "kept_empty": {"eyes": a.common_artefacts()["eyes"],
                          "public": a.common_artefacts()["public"]}}
    art.update(work.artefact())
    return ctx.count(cnt[BLACK], cnt[WHITE], cnt[BLACK] - cnt[WHITE], art)


@counting_method("tinglu", summary="fill routes until both have equal routes; compare 局子")
def tinglu(ctx: _Ctx) -> Count:
    """停路比子法: the side with more routes fills its extra routes; with equal routes,
    compare the stones on the board (局子)."""
    a = ctx.a
    low = min(a.L[BLACK], a.L[WHITE])
    work = Work(a)
    for c in COLOURS:
        work.fill(c, a.L[c] - low, a.routes[c])
    ju = {c: a.S[c] + a.L[c] - low for c in COLOURS}
    art: dict[str, Any] = {"routes_left_each": low, "juzi": ju}
    art.update(work.artefact())
    return ctx.count(ju[BLACK], ju[WHITE], ju[BLACK] - ju[WHITE], art)


@counting_method("shulu", ("balance",), {"balance": "virtual_refill"},
                 "balance moves, refill lost stones keeping basic eyes; routes = 目 - E")
def shulu(ctx: _Ctx) -> Count:
    """停子比路法（数路法）: balance moves, refill lost stones into own 空 keeping the basic
    eyes, so the board has equal stones; routes = 目 - E; more routes wins."""
    a = ctx.a
    bal = balance(a, ctx.params["balance"], keep_eyes=True)
    routes = {c: bal.mu[c] - a.E[c] for c in COLOURS}
    art = bal.artefact()
    art.update({"mu": dict(bal.mu), "juzi": dict(bal.stones), "routes_after": routes,
                "eyes_kept": {c: a.E[c] for c in COLOURS}})
    return ctx.count(routes[BLACK], routes[WHITE], routes[BLACK] - routes[WHITE], art)


@counting_method("huanqitou", summary="S + K + G/2 + (E_other - E_own)/2")
def huanqitou(ctx: _Ctx) -> Count:
    """停虚比子法（还棋头）: area count, then the side with more basic eyes returns half the
    difference as block heads: 复子 = S + K + G/2 + (E_other - E_own)/2."""
    a = ctx.a
    S, K, E, G = a.S, a.K, a.E, a.G
    fu = {c: S[c] + K[c] + G / 2 + (E[_o(c)] - E[c]) / 2 for c in COLOURS}
    xu = (E[BLACK] + E[WHITE] + G) / 2
    giver = BLACK if E[BLACK] > E[WHITE] else WHITE
    heads = abs(E[BLACK] - E[WHITE]) / 2
    work = Work(a)
    swapped = work.swap_heads(giver, int(heads)) if heads else []
    art: dict[str, Any] = {
        "blocks": a.common_artefacts()["blocks"],
        "block_count": dict(a.block_count),
        "heads_returned": {"by": giver if heads else None, "stones": heads,
                           "points": a.rcs(swapped)},
        "xuzi_each": xu,
        "fuzi": fu,
        "huozi": {c: fu[c] - xu for c in COLOURS},
        "board": a.board_artefact(work.col),
    }
    return ctx.count(fu[BLACK], fu[WHITE], fu[BLACK] - fu[WHITE], art,
                     points=(fu[BLACK], fu[WHITE]))


# -- 计枰点 -----------------------------------------------------------------------------------

@counting_method("jipingdian", ("a_point",), {"a_point": False}, "S + K + G/2")
@counting_method("zikong", ("a_point",), {"a_point": False}, "S + K + G/2")
def zikong(ctx: _Ctx) -> Count:
    """子空合计计点法: stones plus own points plus half the public points, S + K + G/2."""
    S, K, G, work, notes = _area_figures(ctx)
    pts = {c: S[c] + K[c] + G / 2 for c in COLOURS}
    art: dict[str, Any] = {"area": {c: {"stones": S[c], "own_points": K[c],
                                        "half_public": G / 2} for c in COLOURS}}
    if notes:
        art["notes"] = notes
    if work is not None:
        art.update(work.artefact())
    return ctx.count(pts[BLACK], pts[WHITE], pts[BLACK] - pts[WHITE], art,
                     points=(pts[BLACK], pts[WHITE]))


@counting_method("tianman_pingdian", ("bowl", "a_point"),
                 {"bowl": "floor(N/2)", "a_point": False},
                 "fill own area from equal bowls; bowl - stones left, or bowl + points left")
def tianman_pingdian(ctx: _Ctx, black_wins_ties: bool = False) -> Count:
    """填满计点法 (Ing style): fill own area from equal bowls, eyes too; points = bowl -
    stones left, or bowl + own points left unfilled, plus half the public points."""
    a = ctx.a
    bowl = ctx.params["bowl"]
    S, K, G, work, notes = _area_figures(ctx)
    work = work if work is not None else Work(a)
    left: dict[str, int] = {}
    unfilled: dict[str, list[list[int]]] = {}
    pts: dict[str, float] = {}
    for c in COLOURS:
        own = [p for p in range(a.n) if work.col[p] == EMPTY and work.own[p] == _code(c)]
        got = work.fill(c, max(bowl - S[c], 0), own)
        rest = [p for p in own if work.col[p] == EMPTY]
        left[c] = max(bowl - S[c] - len(got), 0)
        unfilled[c] = a.rcs(rest)
        area = S[c] + K[c]
        pts[c] = (bowl - left[c] if area <= bowl else bowl + (area - bowl)) + G / 2
    art: dict[str, Any] = {"bowl": bowl, "bowl_left": left, "unfilled_points": unfilled,
                           "half_public": G / 2}
    if notes:
        art["notes"] = notes
    art.update(work.artefact())
    return ctx.count(pts[BLACK], pts[WHITE], pts[BLACK] - pts[WHITE], art,
                     points=(pts[BLACK], pts[WHITE]), black_wins_ties=black_wins_ties)


@counting_method("dengkong", ("a_point",), {"a_point": False},
                 "fill until both have equal 空; points = (N + difference)/2")
def dengkong(ctx: _Ctx) -> Count:
    """等空比子法: one-sided points filled first, then the side with more 空 fills the
    surplus; with equal 空 compare the stones on the board; points = (N + difference)/2."""
    a = ctx.a
    _, _, _, work, notes = _area_figures(ctx)
    work = work if work is not None else Work(a)
    for p, code in sorted(a.one_sided.items()):
        work.fill(NAME[code], 1, [p])
    kong = {c: work.own_empty(c) for c in COLOURS}
    low = min(kong.values())
    for c in COLOURS:
        own = [p for p in a.routes[c] + a.eyes[c] if work.col[p] == EMPTY]
        listed = set(own)
        own += [p for p in range(a.n) if work.col[p] == EMPTY and work.own[p] == _code(c)
                and p not in listed]
        work.fill(c, kong[c] - low, own)
    ju = {c: work.stones(c) for c in COLOURS}
    g = work.public_count()
    pts = {c: ju[c] + low + g / 2 for c in COLOURS}
    art: dict[str, Any] = {"kong_each": low, "juzi": ju, "half_public": g / 2}
    if notes:
        art["notes"] = notes
    art.update(work.artefact())
    return ctx.count(ju[BLACK], ju[WHITE], ju[BLACK] - ju[WHITE], art,
                     points=(pts[BLACK], pts[WHITE]))


@counting_method("dengzi", ("balance", "a_point"), {"balance": "free", "a_point": False},
                 "make equal stones (by `balance`); points = b + (N - b - w)/2")
def dengzi(ctx: _Ctx) -> Count:
    """等子比空法（科学计目法）: make equal stones by a balance procedure (docs/counting.md
    §5), then compare 目; points = b + (N - b - w)/2 (《计枰点围棋大规则艺术版》第十七条)."""
    a = ctx.a
    _, _, _, work, notes = _area_figures(ctx)
    bal: Balanced = balance(a, ctx.params["balance"], keep_eyes=False, work=work)
    mu = bal.mu
    rest = a.n - mu[BLACK] - mu[WHITE]
    pts = {c: mu[c] + rest / 2 for c in COLOURS}
    art = bal.artefact()
    art["notes"] = notes + cast("list[str]", art["notes"])
    return ctx.count(mu[BLACK], mu[WHITE], mu[BLACK] - mu[WHITE], art,
                     points=(pts[BLACK], pts[WHITE]))


# -- standard ---------------------------------------------------------------------------------

@counting_method("area", (), {"white_handicap_bonus": "N"},
                 "stones plus own points, public split")
def area(ctx: _Ctx) -> Count:
    """Chinese area scoring: stones plus own points, public points split."""
    return zikong(ctx)


@counting_method("territory", summary="territory of independently living blocks "
                 "minus own lost stones; seki counts 0")
def territory(ctx: _Ctx) -> Count:
    """Japanese / Korean territory: own points of independently living blocks (seki eyes
    and one-sided points count for nobody), minus the side's lost stones refilled."""
    a = ctx.a
    work = Work(a)
    terr: dict[str, list[int]] = {BLACK: [], WHITE: []}
    for blk in a.blocks:
        if blk.kind == SEKI:
            continue
        terr[NAME[blk.colour]].extend(p for p in blk.own if p not in a.one_sided)
    cnt: dict[str, int] = {}
    for c in COLOURS:
        pts = sorted(terr[c])
        routes = set(a.routes[c])
        got = work.fill(c, a.P[c], [p for p in pts if p in routes]
                        + [p for p in pts if p not in routes])
        cnt[c] = len(pts) - a.P[c]
        if len(got) < a.P[c]:
            work.overflow[c] += a.P[c] - len(got)
    art: dict[str, Any] = {
        "territory_counted": {c: a.rcs(terr[c]) for c in COLOURS},
        "prisoners_refilled": dict(a.P),
        "territory_plus_prisoners": {c: len(terr[c]) + a.P[_o(c)] for c in COLOURS},
    }
    art.update(work.artefact())
    return ctx.count(cnt[BLACK], cnt[WHITE], cnt[BLACK] - cnt[WHITE], art)


@counting_method("aga", (), {"white_handicap_bonus": "N-1"},
                 "area; equals territory plus prisoners and pass stones, White passing last")
def aga(ctx: _Ctx) -> Count:
    """AGA: area counting (compensation N-1 by default); the territory form with pass
    stones and White passing last is reported alongside."""
    a = ctx.a
    extra = 1 if a.inp.last_mover == BLACK else 0
    lost = {BLACK: a.P[BLACK] + a.V[BLACK], WHITE: a.P[WHITE] + a.V[WHITE] + extra}
    terr = {c: a.K[c] + lost[_o(c)] for c in COLOURS}
    base = zikong(ctx)
    art = dict(base.artefacts)
    art["territory_form"] = {
        "white_extra_pass_stone": extra,
        "points": terr,
        "margin_before_komi": terr[BLACK] - terr[WHITE],
        "margin": terr[BLACK] - terr[WHITE] - ctx.komi,
    }
    pts = base.points or {}
    return ctx.count(base.black, base.white, base.black - base.white, art,
                     points=(pts[BLACK], pts[WHITE]))


@counting_method("ing", ("bowl",), {"bowl": "floor(N/2)"},
                 "fill-in with N/2 stones each; Black wins ties")
def ing(ctx: _Ctx) -> Count:
    """Ing SST: fill-in with N/2 stones each (180 on 19x19), Black wins ties."""
    return tianman_pingdian(ctx, black_wins_ties=True)


@counting_method("tromp_taylor",
                 summary="every stone alive; empty points reaching one colour only")
def tromp_taylor(ctx: _Ctx) -> Count:
    """Tromp–Taylor: nothing removed; stones plus empty points reaching one colour only."""
    a = ctx.a
    tt = tromp_taylor_score(a.board, a.nbrs)
    art = {"tromp_taylor": {c: {"stones": tt[c]["stones"], "empty": a.rcs(tt[c]["empty"])}
                            for c in COLOURS} | {"neutral": a.rcs(tt["neutral"])}}
    b, w = tt[BLACK]["score"], tt[WHITE]["score"]
    return ctx.count(b, w, b - w, art)


@counting_method("stone", summary="area minus 2 per independent-life region; seki "
                 "regions' empty points count 0")
def stone(ctx: _Ctx) -> Count:
    """Stone scoring as KataGo's stone-scoring preset (AREA + TAX_ALL), on the board with
    the judged dead stones removed."""
    a = ctx.a
    ks = katago_stone_score(a.live, a.nbrs)
    art = {"stone_scoring": {c: {
        "score": ks[c]["score"], "counted_points": ks[c]["counted_points"],
        "independent_regions": [a.rcs(r) for r in ks[c]["regions"]],
        "seki_area": a.rcs(ks[c]["seki"])} for c in COLOURS}}
    b, w = ks[BLACK]["score"], ks[WHITE]["score"]
    return ctx.count(b, w, b - w, art)


def _o(c: str) -> str:
    return WHITE if c == BLACK else BLACK


def _code(c: str) -> int:
    return 1 if c == BLACK else 2


_missing = [slug for slug in COUNTING_SLUGS if slug not in _REGISTERED]
if _missing:
    raise ImportError(f"counting methods named without a function: {', '.join(_missing)}")
# every method, in the order of gtp_weiqi.base (the order weiqi-methods and GTP list them)
METHODS: dict[str, MethodInfo] = {slug: _REGISTERED[slug][1] for slug in COUNTING_SLUGS}


def count(slug: str, inp: ScoringInput, judgement: Judgement | None = None, *,
          analysis: Analysis | None = None, **params: Any) -> Count:
    """Count the position under one method.

    slug -- a key of METHODS; params -- the method's parameters (see METHODS[slug].params):
    balance (shulu, dengzi), bowl (tianman_huozi, tianman_pingdian, ing), a_point (计枰点),
    white_handicap_bonus (all).  None, a bowl of 0 or a balance of "" mean the default.
    Pass `analysis` (from `analyse(inp, judgement)`) to reuse one analysis across methods.
    Raises ValueError on a bad slug, parameter, input or judgement.
    """
    if slug not in METHODS:
        raise ValueError(f"unknown counting method {slug!r}; known: {', '.join(METHODS)}")
    if analysis is None:
        analysis = analyse(inp, judgement)
    elif analysis.inp is not inp or (judgement is not None
                                     and analysis.judgement is not judgement):
        raise ValueError("the analysis was made for another input or judgement")
    resolved = resolve_params(slug, analysis.n, params)
    return _REGISTERED[slug][0](_Ctx(slug, analysis, resolved))


def _names_of(info: MethodInfo) -> list[str]:
    """Every name a method answers to: its slug, its Chinese name, the Chinese name's parts
    before and inside the brackets (停子比路法（数路法） -> 停子比路法, 数路法)."""
    names = [info.slug, info.slug.replace("_", "-"), info.name_zh]
    for part in info.name_zh.replace("）", "（").split("（"):
        if part.strip() and not part.isascii():
            names.append(part.strip())
    return names


METHOD_NAMES: dict[str, str] = {name.lower(): info.slug for info in METHODS.values()
                                for name in _names_of(info)}


def method_slug(name: str) -> str:
    """The slug of a counting method named by its slug or Chinese name (子路合计法, 计活子);
    ValueError with the closest name and the list otherwise."""
    key = name.strip().lower()
    if key in METHOD_NAMES:
        return METHOD_NAMES[key]
    from ..core.names import did_you_mean

    raise ValueError(f"unknown counting method {name.strip()!r}"
                     f"{did_you_mean(key, METHOD_NAMES)}; `gtp-weiqi score --help` (or GTP "
                     f"`weiqi-methods`) lists them all")


__all__ = ["METHOD_NAMES", "METHODS", "MethodInfo", "method_slug", "count", "handicap_bonus",
           "parse_params", "resolve_params", "coerce_param", "PARAM_KEYS", "HANDICAP_BONUS_RULES"]

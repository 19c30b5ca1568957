"""The count in words, Chinese and English: what each side has, how it adds up, who wins.

    黑 22 子 (19 子 + 3 路), 白 21 子 (20 子 + 1 路); 黑胜 1 子
    Black 22 stones (19 stones + 3 routes), White 21 stones (20 stones + 1 route); Black wins by 1

Every method explains its count with its own figures (stones and routes, bowls and what is
left, 目 minus basic eyes ...).  A breakdown is printed only when its figures add up to the
count, so a line never shows a sum that is not the one the method made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.lang import lines
from ..counting.types import BLACK, COLOURS, WHITE, Count, number

SIDE_ZH = {BLACK: "黑", WHITE: "白"}
SIDE_EN = {BLACK: "Black", WHITE: "White"}

# The unit of the margin (in board points; one stone = one point) in each family's words.
_MARGIN_UNIT = {"jihuozi": ("子", "stone"), "jipingdian": ("点", "point")}
_STANDARD_UNIT = {"area": ("子", "point"), "stone": ("子", "stone"), "territory": ("目", "point")}


def fmt(x: float) -> str:
    """24.0 -> '24', 0.5 -> '0.5', 183.75 -> '183.75'."""
    n = number(float(x))
    return str(n) if isinstance(n, int) else f"{n:g}"


def _plural(n: float, word: str) -> str:
    return word if float(n) == 1 else word + "s"


@dataclass(frozen=True)
class Side:
    """One side's count: the total and how it is made up (None when not explained)."""

    total: str
    zh: str | None
    en: str | None


@dataclass(frozen=True)
class Summary:
    """The count of one method in words."""

    slug: str
    title_zh: str
    title_en: str
    sides: Mapping[str, Side]
    unit_zh: str
    unit_en: str
    komi_zh: str | None
    komi_en: str | None
    result_zh: str
    result_en: str
    result: str

    def side_zh(self, c: str) -> str:
        s = self.sides[c]
        head = f"{SIDE_ZH[c]} {s.total} {self.unit_zh}"
        return f"{head} ({s.zh})" if s.zh else head

    def side_en(self, c: str) -> str:
        s = self.sides[c]
        head = f"{SIDE_EN[c]} {s.total} {unit_for(self.unit_en, s.total)}"
        return f"{head} ({s.en})" if s.en else head

    def line_zh(self) -> str:
        """黑 22 子 (19 子 + 3 路), 白 21 子 (20 子 + 1 路); 黑胜 1 子"""
        parts = [f"{self.side_zh(BLACK)}, {self.side_zh(WHITE)}"]
        if self.komi_zh:
            parts.append(self.komi_zh)
        parts.append(self.result_zh)
        return "; ".join(parts)

    def line_en(self) -> str:
        parts = [f"{self.side_en(BLACK)}, {self.side_en(WHITE)}"]
        if self.komi_en:
            parts.append(self.komi_en)
        parts.append(self.result_en)
        return "; ".join(parts)

    def lines(self, lang: str = "both") -> list[str]:
        """The count in words in `lang` (zh, en, or both: the Chinese line first)."""
        return lines(lang, self.line_zh(), self.line_en())

    def side(self, lang: str, c: str) -> list[str]:
        """One side's count in `lang` (a line per language)."""
        return lines(lang, self.side_zh(c), self.side_en(c))

    def tail(self, lang: str) -> list[str]:
        """Komi and the result in `lang` (a line per language)."""
        zh = f"{self.komi_zh}; {self.result_zh}" if self.komi_zh else self.result_zh
        en = f"{self.komi_en}; {self.result_en}" if self.komi_en else self.result_en
        return lines(lang, zh, en)


_SINGULAR = {"stones": "stone", "routes": "route", "points": "point"}


def unit_for(unit_en: str, total: str) -> str:
    """'routes' -> 'route' when the count is 1 ('territory points' -> 'territory point')."""
    if total not in ("1", "-1"):
        return unit_en
    return " ".join(_SINGULAR.get(w, w) for w in unit_en.split())


def margin_unit(c: Count) -> tuple[str, str]:
    """The word for the margin: 子 for 计活子, 点 for 计枰点, the standard ones their own."""
    if c.family in _MARGIN_UNIT:
        return _MARGIN_UNIT[c.family]
    return _STANDARD_UNIT.get(c.slug, ("点", "point"))


def _result(c: Count) -> tuple[str, str]:
    zh_unit, en_unit = margin_unit(c)
    m = abs(c.margin)
    if c.winner is None:
        return "和棋", "draw (0)"
    side_zh, side_en = SIDE_ZH[c.winner], SIDE_EN[c.winner]
    if m == 0:
        return f"{side_zh}胜 (贴子相等, 黑胜)", f"{side_en} wins the tie ({c.result})"
    return (f"{side_zh}胜 {fmt(m)} {zh_unit}",
            f"{side_en} wins by {fmt(m)} {_plural(m, en_unit)} ({c.result})")


def _komi(c: Count) -> tuple[str | None, str | None]:
    zh: list[str] = []
    en: list[str] = []
    if c.komi > 0:
        zh.append(f"黑贴 {fmt(c.komi)}")
        en.append(f"komi {fmt(c.komi)} to White")
    elif c.komi < 0:
        zh.append(f"白贴 {fmt(-c.komi)}")
        en.append(f"komi {fmt(-c.komi)} to Black")
    if c.handicap_bonus:
        zh.append(f"让子补白 {fmt(c.handicap_bonus)}")
        en.append(f"handicap compensation {fmt(c.handicap_bonus)} to White")
    return (", ".join(zh) or None), (", ".join(en) or None)


def _n(pts: Any) -> int:
    return len(pts or [])


def _breakdown(c: Count, col: str) -> tuple[str, str, float | None] | None:
    """(zh, en, the value the parts add up to, or None when they are not a sum)."""
    art = c.artefacts
    fig = art.get("figures", {})
    S = fig.get("stones", {}).get(col, 0)
    K = fig.get("territory", {}).get(col, 0)
    E = fig.get("eyes", {}).get(col, 0)
    L = fig.get("routes", {}).get(col, 0)
    G = fig.get("public", 0)
    slug = c.slug
    placed = _n(art.get("placed", {}).get(col))
    removed = _n(art.get("removed", {}).get(col))
    if slug in ("zilu", "jihuozi"):
        return (f"{S} 子 + {L} 路", f"{S} {_plural(S, 'stone')} + {L} {_plural(L, 'route')}",
                S + L)
    if slug in ("tianman_huozi", "tianman_pingdian", "ing"):
        bowl = art.get("bowl", 0)
        left = art.get("bowl_left", {}).get(col, 0)
        key = "unfilled_routes" if slug == "tianman_huozi" else "unfilled_points"
        rest = _n(art.get(key, {}).get(col))
        half = art.get("half_public", 0) or 0
        tail_zh = f" + {fmt(half)} 公空" if half else ""
        tail_en = f" + {fmt(half)} public" if half else ""
        what_zh, what_en = ("路", "route") if slug == "tianman_huozi" else ("空", "point")
        if rest:
            return (f"碗 {bowl} + 未填 {rest} {what_zh}{tail_zh}",
                    f"bowl {bowl} + {rest} {_plural(rest, what_en)} unfilled{tail_en}",
                    bowl + rest + half)
        return (f"碗 {bowl} − 余 {left}{tail_zh}", f"bowl {bowl} − {left} left{tail_en}",
                bowl - left + half)
    if slug in ("tinglu", "dengkong"):
        what_zh, what_en = ("路", "route") if slug == "tinglu" else ("空", "point")
        if not placed:
            return f"{S} 子", f"{S} {_plural(S, 'stone')}", S - removed
        return (f"{S} 子 + 填 {placed} {what_zh}",
                f"{S} {_plural(S, 'stone')} + {placed} {_plural(placed, what_en)} filled",
                S + placed - removed)
    if slug == "shulu":
        mu = art.get("mu", {}).get(col, 0)
        return (f"{mu} 目 − {E} 眼", f"{mu} territory − {E} basic {_plural(E, 'eye')}", mu - E)
    if slug == "huanqitou":
        other = fig.get("eyes", {}).get(WHITE if col == BLACK else BLACK, 0)
        heads = (other - E) / 2
        zh = f"{S} 子 + {K} 空"
        en = f"{S} {_plural(S, 'stone')} + {K} own {_plural(K, 'point')}"
        if G:
            zh += f" + {fmt(G / 2)} 公气"
            en += f" + {fmt(G / 2)} public"
        if heads:
            sign = "+" if heads > 0 else "−"
            zh += f" {sign} {fmt(abs(heads))} 还棋头"
            en += f" {sign} {fmt(abs(heads))} block {_plural(abs(heads), 'head')}"
        return zh, en, S + K + G / 2 + heads
    if slug in ("zikong", "jipingdian", "area", "aga"):
        area = art.get("area", {}).get(col)
        if area is None:
            return None
        st, own, half = area["stones"], area["own_points"], area["half_public"]
        zh = f"{st} 子 + {own} 空"
        en = f"{st} {_plural(st, 'stone')} + {own} own {_plural(own, 'point')}"
        if half:
            zh += f" + {fmt(half)} 公空"
            en += f" + {fmt(half)} public"
        return zh, en, st + own + half
    if slug == "dengzi":
        mu = art.get("mu", {}).get(col, 0)
        st = art.get("stones", {}).get(col, 0)
        return f"局子 {st}", f"on {st} {_plural(st, 'stone')}", None
    if slug == "territory":
        terr = _n(art.get("territory_counted", {}).get(col))
        pri = art.get("prisoners_refilled", {}).get(col, 0)
        return (f"{terr} 空 − {pri} 俘", f"{terr} territory − {pri} {_plural(pri, 'prisoner')}",
                terr - pri)
    if slug == "tromp_taylor":
        tt = art.get("tromp_taylor", {}).get(col)
        if tt is None:
            return None
        st, empty = tt["stones"], _n(tt["empty"])
        return (f"{st} 子 + {empty} 空",
                f"{st} {_plural(st, 'stone')} + {empty} empty {_plural(empty, 'point')}",
                st + empty)
    if slug == "stone":
        ks = art.get("stone_scoring", {}).get(col)
        if ks is None:
            return None
        pts, tax = ks["counted_points"], 2 * len(ks["independent_regions"])
        return f"{pts} 点 − {tax} 眼税", f"{pts} {_plural(pts, 'point')} − {tax} tax", pts - tax
    return None


def summarise(c: Count) -> Summary:
    """The count of one method in words (both languages)."""
    sides: dict[str, Side] = {}
    values = {BLACK: c.black, WHITE: c.white}
    for col in COLOURS:
        total = fmt(values[col])
        parts = _breakdown(c, col)
        if parts is None or (parts[2] is not None and abs(parts[2] - values[col]) > 1e-9):
            sides[col] = Side(total, None, None)
        else:
            sides[col] = Side(total, parts[0], parts[1])
    komi_zh, komi_en = _komi(c)
    result_zh, result_en = _result(c)
    return Summary(c.slug, c.name_zh, c.name_en, sides, c.unit_zh, c.unit_en, komi_zh, komi_en,
                   result_zh, result_en, c.result)


__all__ = ["Side", "Summary", "fmt", "margin_unit", "summarise", "unit_for", "SIDE_ZH", "SIDE_EN"]

"""The counting methods' names, the one table of them: each method's slug, its Chinese and
English names, its family and the unit its figures are in.  What a method does (its function,
parameters and defaults) is registered beside its function in counting/methods.py, which
checks that every method named here has one."""

from __future__ import annotations

from dataclasses import dataclass

HUOZI, DIAN, STANDARD = "jihuozi", "jipingdian", "standard"
FAMILIES = (HUOZI, DIAN, STANDARD)  # 计活子, 计枰点, the standard rules


@dataclass(frozen=True)
class MethodName:
    """How a counting method is named and what its figures count."""

    slug: str
    name_zh: str
    name_en: str
    family: str  # one of FAMILIES
    unit_zh: str
    unit_en: str


COUNTING_METHOD_NAMES: dict[str, MethodName] = {m.slug: m for m in (
    MethodName("jihuozi", "计活子", "count living stones (family default: stones plus routes)",
               HUOZI, "子", "stones"),
    MethodName("zilu", "子路合计法", "stones plus routes", HUOZI, "子", "stones"),
    MethodName("tianman_huozi", "填满计活子法", "fill-in stone counting, basic eyes kept",
               HUOZI, "子", "stones"),
    MethodName("tinglu", "停路比子法", "equal routes, compare stones on the board", HUOZI,
               "局子", "stones on the board"),
    MethodName("shulu", "停子比路法（数路法）", "equal stones, compare routes (route counting)",
               HUOZI, "路", "routes"),
    MethodName("huanqitou", "停虚比子法（还棋头）", "equal virtual stones, compare compound "
               "stones (returning block heads)", HUOZI, "复子", "compound stones"),
    MethodName("jipingdian", "计枰点", "count board points (family default: stones plus points)",
               DIAN, "点", "points"),
    MethodName("zikong", "子空合计计点法", "stones plus own points", DIAN, "点", "points"),
    MethodName("tianman_pingdian", "填满计点法", "fill-in point counting (Ing style)", DIAN,
               "点", "points"),
    MethodName("dengkong", "等空比子法", "equal territory, compare stones on the board", DIAN,
               "局子", "stones on the board"),
    MethodName("dengzi", "等子比空法（科学计目法）", "equal stones, compare territory "
               "(scientific territory counting)", DIAN, "目", "territory points"),
    MethodName("area", "数子法（中国规则）", "area scoring (Chinese rules)", STANDARD, "子",
               "points"),
    MethodName("territory", "日韩计目法", "territory scoring (Japanese / Korean)", STANDARD,
               "目", "territory points"),
    MethodName("aga", "美国规则（交子计点）", "AGA area counting with pass stones", STANDARD,
               "点", "points"),
    MethodName("ing", "应氏计点法", "Ing SST fill-in counting", STANDARD, "点", "points"),
    MethodName("tromp_taylor", "Tromp–Taylor 计点", "Tromp–Taylor area", STANDARD, "点",
               "points"),
    MethodName("stone", "数子计活（KataGo stone scoring）", "stone scoring (KataGo TAX_ALL)",
               STANDARD, "子", "stones"),
)}
COUNTING_SLUGS = tuple(COUNTING_METHOD_NAMES)

"""A picture as GoGui `gfx` analyze output: one graphics command per line, no blank line.

GoGui (gui/AnalyzeShow.java, showGfxLine) reads BLACK / WHITE (territory), CIRCLE, SQUARE,
TRIANGLE, MARK, LABEL, COLOR, INFLUENCE, VAR, TEXT and CLEAR.  What each layer becomes:

    COLOR #rrggbb ...   棋块 blocks (stones and own points): Black's in blues, White's in
                        reds, a shade per block, the TEXT legend saying which; GoGui shows
                        them at half strength on its wood (picture.BLOCK_FILLS)
    BLACK / WHITE ...   空 own points a method counts or leaves empty
    SQUARE ...          基本眼位 basic eye points
    TRIANGLE ...        公气 / 公空 public points
    MARK ...            死子 dead stones (taken off before counting)
    CIRCLE ...          stones the method takes off, block heads returned (还棋头)
    VAR b p w p ...     stones the method puts in (filled / refilled), as ghost stones;
                        the LABEL line after it numbers them per side
    LABEL p n ...       路 routes, numbered per side; `?` on unclear strings
    TEXT ...            the count in Chinese and / or English (--lang), the legend, notes,
                        and why each string that depends on who moves first is unclear

Later LABELs replace earlier ones on a point, so the VAR numbers are overwritten with the
per-side numbers.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.coords import format_vertex
from ..core.lang import pick, word
from ..counting.types import BLACK, COLOURS, WHITE, Point
from .notes import first_move_lines, note_lines
from .picture import Picture

_GFX_LEGEND = {
    "block_b": "COLOR", "block_w": "COLOR", "territory_b": "BLACK", "territory_w": "WHITE",
    "eye": "SQUARE",
    "route_b": "LABEL", "route_w": "LABEL", "public": "TRIANGLE", "dead": "MARK",
    "placed_b": "VAR", "placed_w": "VAR", "taken": "CIRCLE", "turned": "CIRCLE",
    "unclear": "LABEL ?", "first_move": "LABEL ?",
}


def _v(points: Iterable[Point]) -> list[str]:
    return [format_vertex(p) for p in points]


def _line(verb: str, points: Iterable[Point]) -> list[str]:
    vs = _v(points)
    return [f"{verb} {' '.join(vs)}"] if vs else []


def _text(text: str) -> str:
    """One TEXT line: no line breaks or tabs inside."""
    return "TEXT " + " ".join(text.replace("\t", " ").split())


def to_gfx(pic: Picture, lang: str = "both") -> str:
    """The gfx response text (without GTP framing); the TEXT lines in `lang` (zh, en, or
    both: each line in Chinese, then in English)."""
    lines: list[str] = []
    by_fill: dict[str, list[Point]] = {}
    for blk in pic.blocks:
        by_fill.setdefault(blk.fill, []).extend(blk.points)
    for fill, pts in by_fill.items():
        lines += _line(f"COLOR {fill}", sorted(set(pts)))
    lines += _line("BLACK", pic.territory[BLACK])
    lines += _line("WHITE", pic.territory[WHITE])
    lines += _line("SQUARE", pic.eyes[BLACK] + pic.eyes[WHITE])
    lines += _line("TRIANGLE", pic.public)
    lines += _line("MARK", pic.dead)
    lines += _line("CIRCLE", pic.taken + sorted(pic.turned))
    var = [f"{c} {format_vertex(p)}" for c in COLOURS for p in pic.placed[c]]
    if var:
        lines.append("VAR " + " ".join(var))
    labels: list[str] = []
    for c in COLOURS:
        labels += [f"{format_vertex(p)} {i}" for i, p in enumerate(pic.placed[c], 1)]
        labels += [f"{format_vertex(p)} {i}" for i, p in enumerate(pic.routes[c], 1)]
    labels += [f"{format_vertex(p)} ?" for p in pic.unclear]
    if labels:
        lines.append("LABEL " + " ".join(labels))
    s = pic.summary
    if lang != "en":
        lines.append(_text(f"[{s.slug}] {s.title_zh}: {s.line_zh()}"))
    if lang != "zh":
        lines.append(_text(f"[{s.slug}] {s.title_en}: {s.line_en()}"))
    legend = [f"{_GFX_LEGEND[kind]} {pick(lang, zh, en)}" for kind, zh, en in pic.legend()]
    if legend:
        lines.append(_text(f"{word(lang, 'legend')}: " + "; ".join(legend)))
    if pic.dead:
        lines.append(_text(f"{word(lang, 'dead')}: " + " ".join(_v(pic.dead))))
    if pic.unclear:
        lines.append(_text(f"{word(lang, 'unclear')}: " + " ".join(_v(pic.unclear))))
    for first in pic.first_move:
        lines += [_text(one) for one in first_move_lines(first, lang)]
    for note in pic.notes:
        lines += [_text(one) for one in note_lines(note, lang)]
    return "\n".join(lines)


__all__ = ["to_gfx"]

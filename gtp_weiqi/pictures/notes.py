"""The counting layer's notes as a picture shows them, in --lang, and the reasons of the
strings whose fate depends on who moves first.

The counting layer writes its notes in English, as data (the artefacts of a count, in the
JSON as they are); a picture translates the ones it knows at the point of display.  A note
of a form not listed here is shown as it is, in every language: better English than
nothing.  Colours in a note are the counting layer's codes b / w.
"""

from __future__ import annotations

import re

from ..core.coords import format_vertex
from ..core.lang import in_one, lines
from .picture import FirstMoveNote

# The notes' forms (str.format templates, as counting/balancing.py writes them) -> Chinese.
NOTES: dict[str, str] = {
    "{n} stone(s) of {c} found no own point to fill: counted as stones, their 目 counted "
    "negative": "{c}有 {n} 子无己方的点可填: 按子计, 其目计负",
    "{n} B-type negative move(s) of {c} not shown": "{c}的 {n} 手B类负着图中未画出",
    "{n} A-type negative move(s) of {c} impossible": "{c}的 {n} 手A类负着走不出",
    "{n} stone(s) of {c} counted as taken off (no room)": "{c}有 {n} 子按取下计 (无处可放)",
    "a_point: the first mover did not move last; no extra point":
        "a_point: 先行方没有走最后一手; 不加一点",
    "a_point: no stone of the first mover to take off": "a_point: 先行方无子可取下",
    "a_point: {c} makes an A-type negative move (one point split)":
        "a_point: {c}走一手A类负着 (一点平分)",
}
COLOUR_ZH = {"b": "黑", "w": "白"}


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                              for i, p in enumerate(parts)))


_PATTERNS = [(_pattern(en), zh) for en, zh in NOTES.items()]


def note_zh(note: str) -> str | None:
    """The Chinese of a note of a known form, None for any other."""
    for pattern, zh in _PATTERNS:
        found = pattern.fullmatch(note)
        if found:
            values = found.groupdict()
            if "c" in values:
                values["c"] = COLOUR_ZH.get(values["c"], values["c"])
            return zh.format(**values)
    return None


def note_lines(note: str, lang: str) -> list[str]:
    """A note in `lang`: zh, en (as the counting layer wrote it), or both (Chinese, then
    English); a note of an unknown form stays as it is, once."""
    zh = note_zh(note)
    if zh is None:
        return [note]
    return lines(lang, zh, note)


def first_move_lines(note: FirstMoveNote, lang: str) -> list[str]:
    """Why one string is unclear, in `lang` (both: Chinese, then English): '未定 B1: 黑先活
    (D1)，白先死 (D1)' / 'unclear B1: depends on who moves first: Black first alive (D1),
    White first dead (D1)', the string named by its marked stone."""
    where = format_vertex(note.point)
    return lines(lang, f"{in_one('zh', 'unclear')} {where}: {note.zh}",
                 f"unclear {where}: {note.en}")


__all__ = ["NOTES", "first_move_lines", "note_lines", "note_zh"]

"""A scene as a small standalone SVG 1.1 document, written by hand (no dependency).

Runs of text with the same style share one `<g>` that carries the style, so a board's
coordinates or a side's route numbers cost a few bytes each.  The root says
`stroke="none"`, the SVG default, for renderers that would otherwise outline every filled
shape (ImageMagick's built-in one does).
"""

from __future__ import annotations

from .scene import Rect, Scene, Shape, Text, num

# Fonts a reader is likely to have, CJK first (Debian: fonts-noto-cjk, fonts-wqy-microhei,
# fonts-droid-fallback; macOS: PingFang SC; Windows: Microsoft YaHei).  They cover the Latin
# letters too, so a line is drawn in one face.
FONT = ("'Noto Sans CJK SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', "
        "'Droid Sans Fallback', 'PingFang SC', 'Microsoft YaHei', sans-serif")


def escape(text: str) -> str:
    """XML character data (a light stand-in for xml.sax.saxutils, which is slow to import)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text: str) -> str:
    """A double-quoted XML attribute value."""
    return '"' + escape(text).replace('"', "&quot;").replace("\n", "&#10;") + '"'


def _cls(cls: str) -> str:
    return f" class={quoteattr(cls)}" if cls else ""


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    out = f' fill="{fill}"' if fill else ' fill="none"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{num(width)}"'
    return out


def _rect(it: Rect) -> str:
    return (f'<rect{_cls(it.cls)} x="{num(it.x)}" y="{num(it.y)}" width="{num(it.w)}" '
            f'height="{num(it.h)}"{_paint(it.fill, it.stroke, it.width)}/>')


def _shape(it: Shape) -> str:
    extra = ""
    if it.stroke and not it.fill:
        extra += ' stroke-linecap="round" stroke-linejoin="round"'
    if it.dash:
        extra += f' stroke-dasharray="{it.dash}"'
    return f'<path{_cls(it.cls)}{_paint(it.fill, it.stroke, it.width)}{extra} d="{it.d}"/>'


def _style(it: Text) -> tuple[str, float, str, str, bool]:
    return it.cls, it.size, it.fill, it.anchor, it.bold


def _text_group(run: list[Text]) -> list[str]:
    """One `<text>`, or a `<g>` carrying the shared style of several."""
    first = run[0]
    attrs = f'{_cls(first.cls)} font-size="{num(first.size)}" fill="{first.fill}"'
    if first.anchor != "start":
        attrs += f' text-anchor="{first.anchor}"'
    if first.bold:
        attrs += ' font-weight="bold"'

    def text(it: Text, style: str = "") -> str:
        space = ' xml:space="preserve"' if it.text.startswith(" ") else ""
        return (f'<text{style} x="{num(it.x)}" y="{num(it.baseline)}"{space}>'
                f"{escape(it.text)}</text>")

    if len(run) == 1:
        return [text(first, attrs)]
    return [f"<g{attrs}>", *(text(it) for it in run), "</g>"]


def to_svg(scene: Scene) -> str:
    """The SVG text (UTF-8 when encoded)."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{num(scene.width)}" '
           f'height="{num(scene.height)}" viewBox="0 0 {num(scene.width)} {num(scene.height)}" '
           f'font-family={quoteattr(FONT)} stroke="none" xml:lang="zh-Hans">',
           f"<title>{escape(scene.title)}</title>"]
    run: list[Text] = []
    for it in scene.items:
        if run and not (isinstance(it, Text) and _style(it) == _style(run[0])):
            out += _text_group(run)
            run = []
        if isinstance(it, Text):
            run.append(it)
        elif isinstance(it, Rect):
            out.append(_rect(it))
        else:
            out.append(_shape(it))
    if run:
        out += _text_group(run)
    out.append("</svg>")
    return "\n".join(out) + "\n"


__all__ = ["FONT", "to_svg"]

"""A scene as a small standalone SVG document, written by hand (no dependency)."""

from __future__ import annotations

from .scene import Circle, Line, Poly, Rect, Scene, Text


def escape(text: str) -> str:
    """XML character data (a light stand-in for xml.sax.saxutils, which is slow to import)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text: str) -> str:
    """A double-quoted XML attribute value."""
    return '"' + escape(text).replace('"', "&quot;").replace("\n", "&#10;") + '"'

FONT = ("'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', "
        "'WenQuanYi Micro Hei', sans-serif")


def _n(x: float) -> str:
    """Numbers without needless digits: 17.0 -> '17', 16.9999 -> '17'."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(fill: str | None, stroke: str | None, width: float, opacity: float = 1.0) -> str:
    out = f' fill="{fill}"' if fill else ' fill="none"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
    if opacity < 1:
        out += f' opacity="{_n(opacity)}"'
    return out


def _cls(cls: str) -> str:
    return f" class={quoteattr(cls)}" if cls else ""


def to_svg(scene: Scene) -> str:
    """The SVG text (UTF-8 when encoded)."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(scene.width)}" '
           f'height="{_n(scene.height)}" viewBox="0 0 {_n(scene.width)} {_n(scene.height)}" '
           f'font-family={quoteattr(FONT)}>',
           f"<title>{escape(scene.title)}</title>"]
    for it in scene.items:
        if isinstance(it, Rect):
            out.append(f'<rect{_cls(it.cls)} x="{_n(it.x)}" y="{_n(it.y)}" width="{_n(it.w)}" '
                       f'height="{_n(it.h)}"{_paint(it.fill, it.stroke, it.width, it.opacity)}/>')
        elif isinstance(it, Line):
            out.append(f'<line{_cls(it.cls)} x1="{_n(it.x1)}" y1="{_n(it.y1)}" '
                       f'x2="{_n(it.x2)}" y2="{_n(it.y2)}" stroke="{it.stroke}" '
                       f'stroke-width="{_n(it.width)}" stroke-linecap="round"/>')
        elif isinstance(it, Circle):
            dash = ' stroke-dasharray="3 2"' if it.dash else ""
            out.append(f'<circle{_cls(it.cls)} cx="{_n(it.cx)}" cy="{_n(it.cy)}" '
                       f'r="{_n(it.r)}"{_paint(it.fill, it.stroke, it.width, it.opacity)}'
                       f"{dash}/>")
        elif isinstance(it, Poly):
            pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in it.points)
            out.append(f'<polygon{_cls(it.cls)} points="{pts}"'
                       f"{_paint(it.fill, it.stroke, it.width)} stroke-linejoin=\"round\"/>")
        elif isinstance(it, Text):
            attrs = (f' x="{_n(it.x)}" y="{_n(it.y)}" font-size="{_n(it.size)}" '
                     f'fill="{it.fill}" dominant-baseline="central"')
            if it.anchor != "start":
                attrs += f' text-anchor="{it.anchor}"'
            if it.bold:
                attrs += ' font-weight="bold"'
            if it.halo:
                attrs += (f' stroke="{it.halo}" stroke-width="2.5" paint-order="stroke" '
                          'stroke-linejoin="round"')
            space = ' xml:space="preserve"' if it.text.startswith(" ") else ""
            out.append(f"<text{_cls(it.cls)}{attrs}{space}>{escape(it.text)}</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


__all__ = ["to_svg"]

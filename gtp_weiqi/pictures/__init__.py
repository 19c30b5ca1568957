"""Pictures of a count: what a counting method built, drawn for GoGui, as SVG and as PNG.

    from gtp_weiqi.pictures import build_picture, to_gfx, svg_of, png_of
    pic = build_picture(count, inp.stones)        # the layers of one Count
    to_gfx(pic)                                   # GoGui gfx analyze output
    svg_of(pic)                                   # a standalone SVG document (str)
    png_of(pic)                                   # PNG bytes, rendered from the SVG

Every picture shows the position with the method's layers (blocks, basic eyes, routes,
public points, dead stones, territory, the filled or refilled board, the unclear strings
and why they are unclear when who moves first decides them), a legend and the count in
words, in Chinese, English or both (`lang`, gtp_weiqi.core.lang).  The PNG is the SVG
rendered by resvg (the optional `png` extra), so the two show the same picture.
See docs/counting.md for the methods themselves.
"""

from __future__ import annotations

from .count_in_words import Summary, summarise
from .gfx import to_gfx
from .picture import Block, FirstMoveNote, Picture, build_picture
from .png import PngUnavailable, draws_chinese, svg_to_png
from .scene import Scene, build_scene
from .svg import to_svg


def svg_of(pic: Picture, lang: str = "both") -> str:
    """The SVG document of a picture, its words in `lang` (zh, en or both)."""
    return to_svg(build_scene(pic, lang))


def png_of(pic: Picture, scale: float = 2.0, lang: str = "both") -> bytes:
    """The PNG bytes of a picture (`scale` pixels per SVG unit): its SVG, rendered."""
    return svg_to_png(svg_of(pic, lang), scale)


__all__ = ["Block", "FirstMoveNote", "Picture", "PngUnavailable", "Scene", "Summary",
           "build_picture", "build_scene", "draws_chinese", "png_of", "summarise", "svg_of",
           "svg_to_png", "to_gfx", "to_svg"]

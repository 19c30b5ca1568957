"""A picture's SVG rendered to PNG by resvg (the `resvg-py` package, the optional `png` extra).

resvg is a maintained SVG renderer in Rust, shipped as a self-contained wheel: no system
library to install.  It finds the system's fonts itself (the usual font folders and
fontconfig's list) and falls back glyph by glyph, so the Chinese lines are drawn as long as
one CJK font is installed (on Debian: `apt install fonts-noto-cjk`, or fonts-wqy-microhei).
"""

from __future__ import annotations

from functools import lru_cache

from .svg import FONT

MIN_SCALE, MAX_SCALE = 0.5, 8.0


class PngUnavailable(RuntimeError):
    """PNG output was asked for but the renderer is not installed."""


def svg_to_png(svg: str, scale: float = 2.0) -> bytes:
    """The PNG bytes of an SVG document, `scale` pixels per SVG unit."""
    if not MIN_SCALE <= scale <= MAX_SCALE:
        raise ValueError(f"scale must be between {MIN_SCALE:g} and {MAX_SCALE:g}")
    try:
        import resvg_py
    except ImportError:
        raise PngUnavailable("PNG output needs resvg-py: pip install 'gtp_weiqi[png]'"
                             ) from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=scale))


def _probe(text: str) -> bytes:
    return svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" '
                      f'font-family="{FONT}"><text x="2" y="20" font-size="20">{text}'
                      "</text></svg>", 1.0)


@lru_cache(maxsize=1)
def draws_chinese() -> bool:
    """Whether the renderer finds a font with Chinese glyphs: 渲 drawn differently from a
    character no font has (which gets a missing-glyph box, or nothing)."""
    return _probe("渲") != _probe("\U000f0001")


__all__ = ["MAX_SCALE", "MIN_SCALE", "PngUnavailable", "draws_chinese", "svg_to_png"]

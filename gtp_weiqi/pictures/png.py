"""A scene as a PNG image, rasterised in pure Python (zlib + struct, nothing to install).

Shapes are few and simple (rectangles, grid lines, stones, marks), so a small rasteriser
does: anti-aliased circles and slanted lines by pixel coverage, axis-aligned rectangles on
whole pixels, text in the built-in 5x7 bitmap font (ASCII only: Chinese lines are left
out).  Rows are written with PNG's "Up" filter, which suits board pictures well.
"""

from __future__ import annotations

import math
import struct
import zlib

from .font import GLYPH_H, GLYPH_W, glyph
from .scene import Circle, Line, Poly, Rect, Scene, Text

RGB = tuple[int, int, int]


def parse_colour(text: str) -> RGB:
    """'#rrggbb' -> (r, g, b)."""
    t = text.lstrip("#")
    if len(t) != 6:
        raise ValueError(f"colour {text!r} is not #rrggbb")
    return int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16)


class Canvas:
    """An RGB image with the few drawing operations the scenes need."""

    def __init__(self, width: int, height: int, background: RGB = (255, 255, 255)) -> None:
        self.width, self.height = width, height
        self.buf = bytearray(bytes(background) * (width * height))

    def pixel(self, x: int, y: int) -> RGB:
        i = (y * self.width + x) * 3
        return self.buf[i], self.buf[i + 1], self.buf[i + 2]

    def blend(self, x: int, y: int, colour: RGB, alpha: float) -> None:
        if alpha <= 0 or not (0 <= x < self.width and 0 <= y < self.height):
            return
        i = (y * self.width + x) * 3
        b = self.buf
        if alpha >= 1:
            b[i], b[i + 1], b[i + 2] = colour
            return
        keep = 1 - alpha
        b[i] = int(b[i] * keep + colour[0] * alpha + 0.5)
        b[i + 1] = int(b[i + 1] * keep + colour[1] * alpha + 0.5)
        b[i + 2] = int(b[i + 2] * keep + colour[2] * alpha + 0.5)

    def fill_rect(self, x0: int, y0: int, x1: int, y1: int, colour: RGB,
                  alpha: float = 1.0) -> None:
        """Fill pixels x0 <= x < x1, y0 <= y < y1."""
        x0, x1 = max(x0, 0), min(x1, self.width)
        y0, y1 = max(y0, 0), min(y1, self.height)
        if x0 >= x1 or y0 >= y1:
            return
        if alpha >= 1:
            run = bytes(colour) * (x1 - x0)
            for y in range(y0, y1):
                i = (y * self.width + x0) * 3
                self.buf[i:i + len(run)] = run
            return
        for y in range(y0, y1):
            for x in range(x0, x1):
                self.blend(x, y, colour, alpha)

    def disc(self, cx: float, cy: float, r: float, colour: RGB, alpha: float = 1.0) -> None:
        """A filled circle with anti-aliased edge."""
        for y in range(int(cy - r - 1), int(cy + r + 2)):
            dy = y + 0.5 - cy
            if abs(dy) > r + 0.5:
                continue
            inner = r - 0.75
            if inner > abs(dy):
                half = math.sqrt(inner * inner - dy * dy)
                xa, xb = math.ceil(cx - half - 0.5), math.floor(cx + half - 0.5)
            else:
                xa, xb = 0, -1
            if xa <= xb:
                self.fill_rect(xa, y, xb + 1, y + 1, colour, alpha)
            for x in range(int(cx - r - 1), int(cx + r + 2)):
                if xa <= x <= xb:
                    continue
                d = math.hypot(x + 0.5 - cx, dy)
                cover = min(max(r + 0.5 - d, 0.0), 1.0)
                if cover:
                    self.blend(x, y, colour, cover * alpha)

    def ring(self, cx: float, cy: float, r: float, width: float, colour: RGB,
             dash: tuple[float, float] | None = None, alpha: float = 1.0) -> None:
        """A circle outline of `width` centred on radius r; optionally dashed."""
        outer, inner = r + width / 2, r - width / 2
        for y in range(int(cy - outer - 1), int(cy + outer + 2)):
            dy = y + 0.5 - cy
            if abs(dy) > outer + 0.5:
                continue
            for x in range(int(cx - outer - 1), int(cx + outer + 2)):
                dx = x + 0.5 - cx
                d = math.hypot(dx, dy)
                cover = min(max(outer + 0.5 - d, 0.0), 1.0) * min(max(d - inner + 0.5, 0.0), 1.0)
                if cover <= 0:
                    continue
                if dash is not None:
                    pos = (math.atan2(dy, dx) + math.pi) * r
                    if pos % (dash[0] + dash[1]) >= dash[0]:
                        continue
                self.blend(x, y, colour, cover * alpha)

    def segment(self, x1: float, y1: float, x2: float, y2: float, width: float,
                colour: RGB) -> None:
        """A thick line with round ends, anti-aliased."""
        half = width / 2
        if x1 == x2 or y1 == y2:  # axis-aligned: whole pixels
            xa, xb = sorted((x1, x2))
            ya, yb = sorted((y1, y2))
            self.fill_rect(round(xa - half), round(ya - half), round(xb + half),
                           round(yb + half), colour)
            return
        vx, vy = x2 - x1, y2 - y1
        length2 = vx * vx + vy * vy
        for y in range(int(min(y1, y2) - half - 1), int(max(y1, y2) + half + 2)):
            for x in range(int(min(x1, x2) - half - 1), int(max(x1, x2) + half + 2)):
                px, py = x + 0.5 - x1, y + 0.5 - y1
                t = min(max((px * vx + py * vy) / length2, 0.0), 1.0)
                d = math.hypot(px - t * vx, py - t * vy)
                cover = min(max(half + 0.5 - d, 0.0), 1.0)
                if cover:
                    self.blend(x, y, colour, cover)

    def text(self, x: float, y: float, text: str, cell: int, colour: RGB,
             anchor: str = "start", bold: bool = False, halo: RGB | None = None) -> None:
        """Bitmap text whose glyph cells are `cell` pixels, centred vertically on y."""
        advance = (GLYPH_W + 1) * cell
        width = len(text) * advance - cell
        if anchor == "middle":
            x -= width / 2
        elif anchor == "end":
            x -= width
        left, top = round(x), round(y - GLYPH_H * cell / 2)
        passes = [(halo, -1, 2)] if halo is not None else []
        passes.append((colour, 0, 0))
        for paint, grow, extra in passes:
            assert paint is not None
            for i, ch in enumerate(text):
                gx = left + i * advance
                for cx, cy in glyph(ch):
                    px, py = gx + cx * cell + grow, top + cy * cell + grow
                    size = cell + extra
                    self.fill_rect(px, py, px + size + (1 if bold else 0), py + size, paint)

    def png(self) -> bytes:
        """The image as PNG bytes (8-bit RGB, Up filter on every row)."""
        stride = self.width * 3
        raw = bytearray()
        prev = bytes(stride)
        for y in range(self.height):
            row = self.buf[y * stride:(y + 1) * stride]
            raw.append(2)
            raw += bytes((a - b) & 0xFF for a, b in zip(row, prev, strict=True))
            prev = row
        return (b"\x89PNG\r\n\x1a\n"
                + _chunk(b"IHDR", struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0,
                                              0))
                + _chunk(b"IDAT", zlib.compress(bytes(raw), 9))
                + _chunk(b"IEND", b""))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def render(scene: Scene, scale: float = 2.0) -> Canvas:
    """Rasterise a scene; `scale` pixels per SVG unit."""
    s = scale
    canvas = Canvas(math.ceil(scene.width * s), math.ceil(scene.height * s))
    for it in scene.items:
        if isinstance(it, Rect):
            x0, y0 = round(it.x * s), round(it.y * s)
            x1, y1 = round((it.x + it.w) * s), round((it.y + it.h) * s)
            if it.fill:
                canvas.fill_rect(x0, y0, x1, y1, parse_colour(it.fill), it.opacity)
            if it.stroke:
                c = parse_colour(it.stroke)
                w = max(1, round(it.width * s))
                h = w // 2
                canvas.fill_rect(x0 - h, y0 - h, x1 - h + w, y0 - h + w, c)
                canvas.fill_rect(x0 - h, y1 - h, x1 - h + w, y1 - h + w, c)
                canvas.fill_rect(x0 - h, y0 - h, x0 - h + w, y1 - h + w, c)
                canvas.fill_rect(x1 - h, y0 - h, x1 - h + w, y1 - h + w, c)
        elif isinstance(it, Line):
            canvas.segment(it.x1 * s, it.y1 * s, it.x2 * s, it.y2 * s,
                           max(1.0, it.width * s), parse_colour(it.stroke))
        elif isinstance(it, Circle):
            if it.fill:
                canvas.disc(it.cx * s, it.cy * s, it.r * s, parse_colour(it.fill), it.opacity)
            if it.stroke:
                dash = (3 * s, 2 * s) if it.dash else None
                canvas.ring(it.cx * s, it.cy * s, it.r * s, it.width * s,
                            parse_colour(it.stroke), dash, it.opacity)
        elif isinstance(it, Poly):
            if it.stroke:
                pts = [(x * s, y * s) for x, y in it.points]
                c = parse_colour(it.stroke)
                for (xa, ya), (xb, yb) in zip(pts, pts[1:] + pts[:1], strict=True):
                    canvas.segment(xa, ya, xb, yb, it.width * s, c)
        elif isinstance(it, Text) and it.alt:
            cell = max(1, int(it.size * s / 9))
            while cell > 1 and it.anchor == "start" and (
                    it.x * s + len(it.alt) * (GLYPH_W + 1) * cell > canvas.width):
                cell -= 1  # a long line: smaller glyphs rather than cut off
            halo = parse_colour(it.halo) if it.halo else None
            canvas.text(it.x * s, it.y * s, it.alt, cell, parse_colour(it.fill), it.anchor,
                        it.bold and cell >= 2, halo)
    return canvas


def to_png(scene: Scene, scale: float = 2.0) -> bytes:
    """The PNG bytes of a scene."""
    return render(scene, scale).png()


__all__ = ["Canvas", "parse_colour", "render", "to_png"]

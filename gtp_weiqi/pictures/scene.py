"""Lay a picture out as a short list of shapes (a display list) that SVG and PNG both draw.

Keeping the layout in one place means the two formats show the same thing: the board with
coordinates, the method's layers, a legend and the count in words.  Text items carry an
ASCII alternative for the PNG writer (its built-in bitmap font has no Chinese glyphs);
Chinese-only lines have none and are left out of the PNG.

Coordinates are in SVG user units (pixels at scale 1); y grows downwards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..core.coords import LETTERS
from ..counting.types import BLACK, COLOURS, WHITE, Point
from .count_in_words import SIDE_EN
from .picture import BLOCK_FILLS, Picture

CELL = 34.0
PAD = 12.0
COORD = 18.0
TITLE = 28.0
MIN_WIDTH = 340.0
LINE = 17.0
LEGEND_ROW = 19.0

WOOD = "#dcb35c"
GRID = "#4d3b1f"
INK = "#222222"
BLACK_FILL = "#1a1a1a"
WHITE_FILL = "#f7f7f7"
WHITE_EDGE = "#444444"
EYE = "#1971c2"
PUBLIC = "#2f9e44"
DEAD = "#c92a2a"
MADE = "#e8590c"
UNCLEAR = "#ae3ec9"
BACKGROUND = "#ffffff"

FILL = {BLACK: BLACK_FILL, WHITE: WHITE_FILL}
EDGE = {BLACK: "#000000", WHITE: WHITE_EDGE}
TEXT_ON = {BLACK: "#ffffff", WHITE: "#111111"}
ROUTE_TEXT = {BLACK: "#111111", WHITE: "#ffffff"}
ROUTE_HALO = {BLACK: "#ffffff", WHITE: "#111111"}


@dataclass
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    opacity: float = 1.0
    cls: str = ""


@dataclass
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    width: float = 1.0
    cls: str = ""


@dataclass
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    opacity: float = 1.0
    dash: bool = False
    cls: str = ""


@dataclass
class Poly:
    points: list[tuple[float, float]]
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    cls: str = ""


@dataclass
class Text:
    """Text centred vertically on y; anchor start / middle / end horizontally on x."""

    x: float
    y: float
    text: str
    size: float
    fill: str = INK
    anchor: str = "start"
    bold: bool = False
    alt: str | None = None  # ASCII form for the PNG writer; None: not drawn there
    halo: str | None = None
    cls: str = ""


Item = Rect | Line | Circle | Poly | Text


@dataclass
class Scene:
    width: float
    height: float
    title: str
    items: list[Item] = field(default_factory=list)
    # Where the board points are, for readers that check the drawing.
    origin: tuple[float, float] = (0.0, 0.0)
    board_size: tuple[int, int] = (0, 0)

    def point_xy(self, point: Point) -> tuple[float, float]:
        """Centre of a board point (row 0 at the bottom)."""
        r, c = point
        x0, y0 = self.origin
        return x0 + (c + 0.5) * CELL, y0 + (self.board_size[1] - 1 - r + 0.5) * CELL


def text_width(text: str, size: float) -> float:
    """A rough width: CJK characters one em, others 0.6 em."""
    return sum(size if ord(ch) > 0x2E7F else 0.6 * size for ch in text)


def wrap(text: str, size: float, width: float) -> list[str]:
    """Break a line at spaces so that each piece fits `width` (roughly)."""
    words = text.split(" ")
    lines: list[str] = []
    cur = ""
    for w in words:
        trial = w if not cur else cur + " " + w
        if cur and text_width(trial, size) > width:
            lines.append(cur)
            cur = "  " + w
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def _stars(n: int) -> list[int]:
    if n < 7:
        return []
    edge = 2 if n < 13 else 3
    mid = [n // 2] if n % 2 == 1 and n >= 9 else []
    return [edge] + mid + [n - 1 - edge]


def _icon(kind: str, x: float, y: float, items: list[Item], pic: Picture) -> None:
    """A legend icon centred on (x, y)."""
    s = 16.0
    if kind == "block":
        fill = pic.blocks[0].fill if pic.blocks else BLOCK_FILLS[0]
        items.append(Rect(x - s / 2, y - s / 2, s, s, fill=fill, stroke=GRID, width=0.5,
                          cls="legend block"))
        return
    items.append(Rect(x - s / 2, y - s / 2, s, s, fill=WOOD, cls="legend"))
    r = s * 0.42
    if kind.startswith("territory_"):
        c = kind[-1]
        items.append(Rect(x - 4, y - 4, 8, 8, fill=FILL[c], stroke=EDGE[c], width=1,
                          cls=f"legend territory {c}"))
    elif kind == "eye":
        items.append(Rect(x - 5, y - 5, 10, 10, stroke=EYE, width=2, cls="legend eye"))
    elif kind.startswith("route_"):
        c = kind[-1]
        items.append(Text(x, y, "1", 11, fill=ROUTE_TEXT[c], anchor="middle", bold=True,
                          alt="1", halo=ROUTE_HALO[c], cls=f"legend route {c}"))
    elif kind == "public":
        items.append(Poly(_triangle(x, y, 6), stroke=PUBLIC, width=2, cls="legend public"))
    elif kind == "dead":
        items.append(Circle(x, y, r, fill=BLACK_FILL, opacity=0.45, cls="legend dead"))
        items += _cross(x, y, 4.5, "legend dead")
    elif kind.startswith("placed_"):
        c = kind[-1]
        items.append(Circle(x, y, r, fill=FILL[c], stroke=EDGE[c], cls=f"legend placed {c}"))
        items.append(Circle(x, y, r, stroke=MADE, width=1.5, dash=True, cls="legend placed"))
    elif kind in ("taken", "turned"):
        items.append(Circle(x, y, r, fill=WHITE_FILL, stroke=WHITE_EDGE,
                            opacity=0.4 if kind == "taken" else 1.0, cls=f"legend {kind}"))
        items.append(Circle(x, y, r + 1, stroke=MADE, width=2, cls=f"legend {kind}"))
    elif kind == "unclear":
        items.append(Text(x, y, "?", 12, fill=UNCLEAR, anchor="middle", bold=True, alt="?",
                          cls="legend unclear"))


def _triangle(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [(x, y - r), (x + r * math.sqrt(3) / 2, y + r / 2),
            (x - r * math.sqrt(3) / 2, y + r / 2)]


def _cross(x: float, y: float, d: float, cls: str) -> list[Item]:
    return [Line(x - d, y - d, x + d, y + d, DEAD, 2.5, cls),
            Line(x - d, y + d, x + d, y - d, DEAD, 2.5, cls)]


def build_scene(pic: Picture, ascii_only: bool = False) -> Scene:
    """Lay out the board, its layers, the legend and the count in words.

    ascii_only -- leave out the Chinese lines (for the PNG writer, whose font is ASCII)."""
    w, h = pic.width, pic.height
    board_w = w * CELL
    inner = COORD + board_w
    width = max(MIN_WIDTH, inner + 2 * PAD + COORD / 2)
    x0 = (width - inner) / 2 + COORD
    y0 = PAD + TITLE + COORD
    s = pic.summary
    scene = Scene(width, 0.0, f"{s.title_zh} {s.slug}", origin=(x0, y0), board_size=(w, h))
    items = scene.items
    items.append(Rect(0, 0, width, 0, fill=BACKGROUND, cls="background"))  # height set below
    items.append(Text(PAD, PAD + TITLE / 2, f"{s.title_zh} {s.slug}", 15, bold=True,
                      alt=s.slug.upper(), cls="title"))
    items.append(Text(width - PAD, PAD + TITLE / 2, s.result, 15, bold=True, anchor="end",
                      alt=s.result, cls="result"))
    items.append(Rect(x0, y0, board_w, h * CELL, fill=WOOD, cls="board"))
    xy = scene.point_xy
    for blk in pic.blocks:
        for p in blk.points:
            x, y = xy(p)
            items.append(Rect(x - CELL / 2, y - CELL / 2, CELL, CELL, fill=blk.fill,
                              cls=f"block {blk.colour}"))
    for c in range(w):
        x, _ = xy((0, c))
        items.append(Line(x, y0 + CELL / 2, x, y0 + (h - 0.5) * CELL, GRID, 1, "grid"))
        items.append(Text(x, y0 - COORD / 2, LETTERS[c], 11, fill="#555555", anchor="middle",
                          alt=LETTERS[c], cls="coord"))
    for r in range(h):
        _, y = xy((r, 0))
        items.append(Line(x0 + CELL / 2, y, x0 + (w - 0.5) * CELL, y, GRID, 1, "grid"))
        items.append(Text(x0 - 4, y, str(r + 1), 11, fill="#555555", anchor="end",
                          alt=str(r + 1), cls="coord"))
    if w == h:
        for r in _stars(h):
            for c in _stars(w):
                x, y = xy((r, c))
                items.append(Circle(x, y, 2.5, fill=GRID, cls="star"))

    stone_r = CELL * 0.47
    dead = set(pic.dead)
    taken = set(pic.taken)
    for p in sorted(pic.stones):
        colour = pic.turned.get(p, pic.stones[p])
        x, y = xy(p)
        opacity = 0.45 if p in dead else 0.35 if p in taken else 1.0
        kind = "dead" if p in dead else "taken" if p in taken else "stone"
        items.append(Circle(x, y, stone_r, fill=FILL[colour], stroke=EDGE[colour], width=1,
                            opacity=opacity, cls=f"{kind} {colour}"))
    for c in COLOURS:
        for i, p in enumerate(pic.placed[c], 1):
            x, y = xy(p)
            items.append(Circle(x, y, stone_r, fill=FILL[c], stroke=EDGE[c], width=1,
                                cls=f"placed {c}"))
            items.append(Circle(x, y, stone_r - 1.5, stroke=MADE, width=2, dash=True,
                                cls="placed ring"))
            items.append(Text(x, y, str(i), CELL * 0.4, fill=TEXT_ON[c], anchor="middle",
                              bold=True, alt=str(i), cls=f"placed number {c}"))
    for c in COLOURS:
        for p in pic.territory[c]:
            x, y = xy(p)
            d = CELL * 0.18
            items.append(Rect(x - d, y - d, 2 * d, 2 * d, fill=FILL[c], stroke=EDGE[c],
                              width=1, cls=f"territory {c}"))
    for c in COLOURS:
        for p in pic.eyes[c]:
            x, y = xy(p)
            d = CELL * 0.27
            items.append(Rect(x - d, y - d, 2 * d, 2 * d, stroke=EYE, width=2.2,
                              cls=f"eye {c}"))
    for p in pic.public:
        x, y = xy(p)
        items.append(Poly(_triangle(x, y, CELL * 0.3), stroke=PUBLIC, width=2.2, cls="public"))
    refilled = {p for c in COLOURS for p in pic.placed[c]}
    for p in pic.dead:
        if p in refilled:
            continue  # the dead stone is off and a stone was put in its place
        x, y = xy(p)
        items += _cross(x, y, CELL * 0.2, "dead mark")
    for p in pic.taken + sorted(pic.turned):
        x, y = xy(p)
        cls = "turned" if p in pic.turned else "taken"
        items.append(Circle(x, y, stone_r + 0.5, stroke=MADE, width=2.5, cls=f"{cls} ring"))
    for c in COLOURS:
        for i, p in enumerate(pic.routes[c], 1):
            x, y = xy(p)
            items.append(Text(x, y, str(i), CELL * 0.42, fill=ROUTE_TEXT[c], anchor="middle",
                              bold=True, alt=str(i), halo=ROUTE_HALO[c], cls=f"route {c}"))
    for p in pic.unclear:
        x, y = xy(p)
        items.append(Text(x, y, "?", CELL * 0.5, fill=UNCLEAR, anchor="middle", bold=True,
                          alt="?", cls="unclear"))

    # Legend, two columns.
    y = y0 + h * CELL + 14
    legend = pic.legend()
    col_w = (width - 2 * PAD) / 2
    for i, (kind, zh, en) in enumerate(legend):
        lx = PAD + (i % 2) * col_w
        ly = y + (i // 2) * LEGEND_ROW + LEGEND_ROW / 2
        _icon(kind, lx + 8, ly, items, pic)
        label = en if ascii_only else f"{zh} {en}"
        items.append(Text(lx + 20, ly, label, 11, alt=en.upper(), cls="legend text"))
    y += ((len(legend) + 1) // 2) * LEGEND_ROW + 8

    # The count in words: Chinese lines, then English lines.
    avail = width - 2 * PAD
    lines: list[tuple[str, str | None, bool]] = []
    if not ascii_only:
        for c in COLOURS:
            lines.append((s.side_zh(c), None, False))
        tail_zh = f"{s.komi_zh}; {s.result_zh}" if s.komi_zh else s.result_zh
        lines.append((tail_zh, None, True))
    for c in COLOURS:
        lines.append((s.side_en(c), "same", False))
    tail_en = f"{s.komi_en}; {s.result_en}" if s.komi_en else s.result_en
    lines.append((tail_en, "same", True))
    for text, alt, bold in lines:
        for piece in wrap(text, 12, avail):
            items.append(Text(PAD, y + LINE / 2, piece, 12, bold=bold,
                              alt=piece.strip().upper() if alt else None, cls="summary"))
            y += LINE
    for note in pic.notes:
        for piece in wrap(note, 11, avail):
            items.append(Text(PAD, y + LINE / 2, piece, 11, fill="#555555",
                              alt=piece.strip().upper(), cls="note"))
            y += LINE
    scene.height = y + PAD
    background = items[0]
    assert isinstance(background, Rect)
    background.h = scene.height
    return scene


__all__ = ["Scene", "Rect", "Line", "Circle", "Poly", "Text", "build_scene", "CELL",
           "SIDE_EN", "WOOD", "BLACK_FILL", "WHITE_FILL"]

"""Lay a picture out as a short display list (rectangles, merged paths, text) for the SVG writer.

The PNG is rendered from that SVG, so both formats show the same picture, Chinese included.
Each layer of a count is one path (all black stones, all of Black's route badges, one block's
outline ...), which keeps the SVG small and leaves no seams between the cells of a block.
Only plain SVG 1.1 that every renderer draws alike is used: no paint-order, no
dominant-baseline and no opacity.  Text sits on a baseline computed here, numbers sit on
opaque badges instead of relying on a halo, and faded (dead or removed) stones get a solid
colour mixed here with what lies under them.

Coordinates are in SVG user units (pixels at scale 1); y grows downwards.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..core.coords import LETTERS
from ..core.lang import pick
from ..counting.types import BLACK, COLOURS, WHITE, Point
from .notes import first_move_lines, note_lines
from .picture import BLOCK_FILLS, TINT_ALPHA, Picture

CELL = 34.0
PAD = 12.0
COORD = 18.0
TITLE = 28.0
TITLE_LINE = 20.0  # each further line of a title that wraps
MIN_WIDTH = 340.0
LINE = 17.0
LEGEND_ROW = 21.0
STONE_R = CELL / 2 - 1

WOOD = "#dcb35c"
GRID = "#4d3b1f"
INK = "#222222"
COORD_INK = "#555555"
BLACK_FILL = "#1a1a1a"
WHITE_FILL = "#f7f7f7"
WHITE_EDGE = "#444444"
EYE = "#1864ab"
PUBLIC = "#2b8a3e"
DEAD = "#e03131"
MADE = "#e8590c"
UNCLEAR = "#ae3ec9"
BACKGROUND = "#ffffff"

FILL = {BLACK: BLACK_FILL, WHITE: WHITE_FILL}
EDGE = {BLACK: "#000000", WHITE: WHITE_EDGE}
# Ink on a stone or a badge of each colour.
INK_ON = {BLACK: "#ffffff", WHITE: "#111111"}

# Where a text's baseline sits below its vertical centre, in ems: digits, Latin capitals and
# CJK characters of the usual sans-serif fonts are centred by this.
BASELINE_SHIFT = 0.36


def mix(colour: str, under: str, alpha: float) -> str:
    """`colour` laid over `under` with coverage alpha, as a solid '#rrggbb'."""
    a, b = int(colour[1:], 16), int(under[1:], 16)
    parts = [round(((a >> s) & 255) * alpha + ((b >> s) & 255) * (1 - alpha))
             for s in (16, 8, 0)]
    return "#" + "".join(f"{v:02x}" for v in parts)


def num(x: float) -> str:
    """A number without needless digits: 17.0 -> '17', 16.9999 -> '17'."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    cls: str = ""


@dataclass
class Shape:
    """One path holding every mark of a layer: `d` is SVG path data."""

    d: str
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: str | None = None
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
    cls: str = ""

    @property
    def baseline(self) -> float:
        return self.y + BASELINE_SHIFT * self.size


Item = Rect | Shape | Text


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

    def shape(self, d: Iterable[str], **paint: object) -> None:
        """Add one path made of the pieces `d` (nothing when there are none)."""
        data = "".join(d)
        if data:
            self.items.append(Shape(data, **paint))  # type: ignore[arg-type]  # Shape's keywords


# -- text measures -------------------------------------------------------------------------


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


# -- path pieces ---------------------------------------------------------------------------


def circle_d(x: float, y: float, r: float) -> str:
    """A full circle as two arcs."""
    return (f"M{num(x - r)} {num(y)}a{num(r)} {num(r)} 0 1 0 {num(2 * r)} 0"
            f"a{num(r)} {num(r)} 0 1 0 {num(-2 * r)} 0z")


def square_d(x: float, y: float, half: float) -> str:
    """An axis-aligned square centred on (x, y)."""
    s = num(2 * half)
    return f"M{num(x - half)} {num(y - half)}h{s}v{s}h-{s}z"


def badge_d(x: float, y: float, w: float, h: float, r: float) -> str:
    """A rounded rectangle w x h centred on (x, y), corner radius r."""
    left, top = x - w / 2, y - h / 2
    a = f"a{num(r)} {num(r)} 0 0 1 "
    return (f"M{num(left + r)} {num(top)}h{num(w - 2 * r)}{a}{num(r)} {num(r)}"
            f"v{num(h - 2 * r)}{a}{num(-r)} {num(r)}h{num(2 * r - w)}{a}{num(-r)} {num(-r)}"
            f"v{num(2 * r - h)}{a}{num(r)} {num(-r)}z")


def triangle_d(x: float, y: float, r: float) -> str:
    """An upward triangle inscribed in a circle of radius r."""
    dx, dy = r * math.sqrt(3) / 2, r / 2
    return f"M{num(x)} {num(y - r)}L{num(x + dx)} {num(y + dy)}L{num(x - dx)} {num(y + dy)}z"


def cross_d(x: float, y: float, d: float) -> str:
    """A diagonal cross (an X) of half-width d."""
    return (f"M{num(x - d)} {num(y - d)}l{num(2 * d)} {num(2 * d)}"
            f"M{num(x - d)} {num(y + d)}l{num(2 * d)} {num(-2 * d)}")


def outline(cells: Iterable[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The boundary of a set of unit cells (col, row; rows downwards) as closed loops of
    corner points: outer loops clockwise and holes anticlockwise on screen, so that a
    nonzero fill paints exactly the cells, in one piece with no seams between them."""
    edges: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    for c, r in set(cells):
        corners = [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            if (b, a) in edges:
                edges.remove((b, a))  # shared with a neighbour: inside the region
            else:
                edges.add((a, b))
    starts: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a, b in sorted(edges):
        starts.setdefault(a, []).append(b)
    loops: list[list[tuple[int, int]]] = []
    while starts:
        first = min(starts)
        loop, here, heading = [first], first, None
        while True:
            ends = starts[here]
            nxt = _turn(here, heading, ends)
            ends.remove(nxt)
            if not ends:
                del starts[here]
            heading = (nxt[0] - here[0], nxt[1] - here[1])
            here = nxt
            if here == first:
                break
            loop.append(here)
        loops.append(_corners(loop))
    return loops


def _turn(here: tuple[int, int], heading: tuple[int, int] | None,
          ends: list[tuple[int, int]]) -> tuple[int, int]:
    """Where a boundary goes on from `here`: where two cells touch only at a corner, keep
    to the right (clockwise) so that each cell's boundary closes on itself."""
    if heading is None or len(ends) == 1:
        return ends[0]
    right = (-heading[1], heading[0])
    for end in ends:
        if (end[0] - here[0], end[1] - here[1]) == right:
            return end
    return ends[0]


def _corners(loop: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Drop the points of a loop that lie on a straight run."""
    n = len(loop)
    out = []
    for i, p in enumerate(loop):
        a, b = loop[i - 1], loop[(i + 1) % n]
        if (p[0] - a[0]) * (b[1] - p[1]) != (p[1] - a[1]) * (b[0] - p[0]):
            out.append(p)
    return out


def region_d(loops: list[list[tuple[int, int]]], x0: float, y0: float, cell: float) -> str:
    """Loops of cell corners as path data (horizontal and vertical runs only)."""
    out = []
    for loop in loops:
        (c, r), rest = loop[0], loop[1:]
        piece = [f"M{num(x0 + c * cell)} {num(y0 + r * cell)}"]
        prev = loop[0]
        for p in rest:
            piece.append(f"H{num(x0 + p[0] * cell)}" if p[1] == prev[1]
                         else f"V{num(y0 + p[1] * cell)}")
            prev = p
        out.append("".join(piece) + "z")
    return "".join(out)


# -- the board -----------------------------------------------------------------------------


def _stars(n: int) -> list[int]:
    if n < 7:
        return []
    edge = 2 if n < 13 else 3
    mid = [n // 2] if n % 2 == 1 and n >= 9 else []
    return [edge] + mid + [n - 1 - edge]


def _badges(scene: Scene, colour: str, where: list[tuple[float, float, str]], size: float,
            cls: str) -> None:
    """Numbered badges of one side: dark with white digits for Black, white with a dark
    rim and dark digits for White; the badge hides the grid lines under the number."""
    h = size * 1.3
    scene.shape((badge_d(x, y, max(h, text_width(t, size) + size * 0.55), h, size * 0.3)
                 for x, y, t in where),
                fill=FILL[colour], stroke=EDGE[colour], width=1.0, cls=f"{cls} badge {colour}")
    scene.items += [Text(x, y, t, size, fill=INK_ON[colour], anchor="middle", bold=True,
                         cls=f"{cls} {colour}") for x, y, t in where]


def _unclear_marks(scene: Scene, where: list[tuple[float, float]], size: float,
                   cls: str, first_move: bool = False) -> None:
    """'?' badges: purple on white for an unclear string; inverted, white on purple, for one
    whose fate depends on who moves first (its reason is in the words below the board)."""
    r = size * 0.75
    ground, ink = (UNCLEAR, "#ffffff") if first_move else ("#ffffff", UNCLEAR)
    scene.shape((circle_d(x, y, r) for x, y in where), fill=ground, stroke=UNCLEAR,
                width=1.5, cls=f"{cls} badge")
    scene.items += [Text(x, y, "?", size, fill=ink, anchor="middle", bold=True, cls=cls)
                    for x, y in where]


def _draw_board(scene: Scene, pic: Picture) -> None:
    """Wood, block tints, grid, coordinates and star points."""
    w, h = scene.board_size
    x0, y0 = scene.origin
    scene.items.append(Rect(x0, y0, w * CELL, h * CELL, fill=WOOD, cls="board"))
    for blk in pic.blocks:
        cells = [(c, h - 1 - r) for r, c in blk.points]
        scene.shape([region_d(outline(cells), x0, y0, CELL)], fill=tint(blk.fill),
                    cls=f"block {blk.colour}")
    xy = scene.point_xy
    top, bottom = y0 + CELL / 2, y0 + (h - 0.5) * CELL
    left, right = x0 + CELL / 2, x0 + (w - 0.5) * CELL
    scene.shape([f"M{num(xy((0, c))[0])} {num(top)}V{num(bottom)}" for c in range(w)]
                + [f"M{num(left)} {num(xy((r, 0))[1])}H{num(right)}" for r in range(h)],
                stroke=GRID, width=1.0, cls="grid")
    scene.items += [Text(xy((0, c))[0], y0 - COORD / 2, LETTERS[c], 11, fill=COORD_INK,
                         anchor="middle", cls="coord") for c in range(w)]
    scene.items += [Text(x0 - 4, xy((r, 0))[1], str(r + 1), 11, fill=COORD_INK, anchor="end",
                         cls="coord") for r in range(h)]
    if w == h:
        scene.shape((circle_d(*xy((r, c)), 2.5) for r in _stars(h) for c in _stars(w)),
                    fill=GRID, cls="star")


def tint(fill: str) -> str:
    """A block's fill as it shows on the wood: laid over it at TINT_ALPHA, as GoGui does."""
    return mix(fill, WOOD, TINT_ALPHA)


def _under(pic: Picture) -> dict[Point, str]:
    """The colour under each point of a block (its tint); the wood elsewhere."""
    return {p: tint(blk.fill) for blk in pic.blocks for p in blk.points}


def _draw_stones(scene: Scene, pic: Picture) -> None:
    """The stones as played (dead ones faded), then the stones the method put in."""
    xy = scene.point_xy
    dead, taken = set(pic.dead), set(pic.taken)
    under = _under(pic)
    groups: dict[tuple[str, str, str], list[Point]] = {}
    for p in sorted(pic.stones):
        c = pic.turned.get(p, pic.stones[p])
        kind = "dead" if p in dead else "taken" if p in taken else "stone"
        groups.setdefault((kind, c, under.get(p, WOOD)), []).append(p)
    for kind, fade in (("stone", 1.0), ("dead", 0.4), ("taken", 0.35)):
        for (k, c, ground), pts in groups.items():
            if k == kind:
                scene.shape((circle_d(*xy(p), STONE_R) for p in pts),
                            fill=mix(FILL[c], ground, fade), stroke=mix(EDGE[c], ground, fade),
                            width=1.0, cls=f"{kind} {c}")
    for c in COLOURS:
        scene.shape((circle_d(*xy(p), STONE_R) for p in pic.placed[c]), fill=FILL[c],
                    stroke=EDGE[c], width=1.0, cls=f"placed {c}")
    placed = [p for c in COLOURS for p in pic.placed[c]]
    scene.shape((circle_d(*xy(p), STONE_R - 2.5) for p in placed), stroke=MADE, width=2.0,
                dash="3 2", cls="placed ring")
    for c in COLOURS:
        scene.items += [Text(*xy(p), str(i), CELL * 0.4, fill=INK_ON[c], anchor="middle",
                             bold=True, cls=f"placed number {c}")
                        for i, p in enumerate(pic.placed[c], 1)]


def _draw_marks(scene: Scene, pic: Picture) -> None:
    """Own points, basic eyes, public points, dead crosses, rings, routes, unclear strings."""
    xy = scene.point_xy
    for c in COLOURS:
        scene.shape((square_d(*xy(p), CELL * 0.18) for p in pic.territory[c]), fill=FILL[c],
                    stroke=EDGE[c], width=1.0, cls=f"territory {c}")
    for c in COLOURS:
        scene.shape((square_d(*xy(p), CELL * 0.27) for p in pic.eyes[c]), stroke=EYE,
                    width=2.2, cls=f"eye {c}")
    scene.shape((triangle_d(*xy(p), CELL * 0.3) for p in pic.public), stroke=PUBLIC,
                width=2.2, cls="public")
    refilled = {p for c in COLOURS for p in pic.placed[c]}
    marked = {p for c in COLOURS for layer in (pic.territory, pic.eyes, pic.routes)
              for p in layer[c]} | set(pic.public) | set(pic.unclear)
    crosses = []
    for p in pic.dead:
        x, y = xy(p)
        if p in marked or p in refilled:
            # the count's mark, or the stone a fill-in method put there, keeps the centre;
            # the cross moves to a corner, so that the dead stone keeps its mark
            crosses.append(cross_d(x + CELL * 0.29, y - CELL * 0.29, CELL * 0.11))
        else:
            crosses.append(cross_d(x, y, CELL * 0.24))
    scene.shape(crosses, stroke=DEAD, width=2.5, cls="dead mark")
    scene.shape((circle_d(*xy(p), STONE_R + 0.5) for p in pic.taken + sorted(pic.turned)),
                stroke=MADE, width=2.5, cls="ring")
    for c in COLOURS:
        _badges(scene, c, [(*xy(p), str(i)) for i, p in enumerate(pic.routes[c], 1)],
                CELL * 0.36, "route")
    _unclear_marks(scene, [xy(p) for p in pic.plain_unclear()], CELL * 0.42, "unclear")
    _unclear_marks(scene, [xy(n.point) for n in pic.first_move], CELL * 0.42,
                   "unclear first_move", first_move=True)


# -- legend and words ----------------------------------------------------------------------


def _icon(scene: Scene, kind: str, x: float, y: float, pic: Picture) -> None:
    """A legend icon centred on (x, y): the board's own mark, on a patch of wood."""
    s = 18.0
    if kind.startswith("block_"):  # the side's first two shades: its hue family
        first, second = BLOCK_FILLS[kind[-1]][:2]
        scene.items.append(Rect(x - s / 2, y - s / 2, s / 2, s, fill=tint(first),
                                cls=f"legend block {kind[-1]}"))
        scene.items.append(Rect(x, y - s / 2, s / 2, s, fill=tint(second),
                                cls=f"legend block {kind[-1]}"))
        return
    scene.items.append(Rect(x - s / 2, y - s / 2, s, s, fill=WOOD, cls="legend"))
    r = s * 0.45
    cls = f"legend {kind}"
    if kind.startswith("territory_"):
        c = kind[-1]
        scene.shape([square_d(x, y, 4)], fill=FILL[c], stroke=EDGE[c], width=1.0, cls=cls)
    elif kind == "eye":
        scene.shape([square_d(x, y, 5)], stroke=EYE, width=2.0, cls=cls)
    elif kind.startswith("route_"):
        _badges(scene, kind[-1], [(x, y, "1")], 11, "legend route")
    elif kind == "public":
        scene.shape([triangle_d(x, y, 6)], stroke=PUBLIC, width=2.0, cls=cls)
    elif kind == "dead":
        scene.shape([circle_d(x, y, r)], fill=mix(BLACK_FILL, WOOD, 0.4),
                    stroke=mix(EDGE[BLACK], WOOD, 0.4), width=1.0, cls=cls)
        scene.shape([cross_d(x, y, 5)], stroke=DEAD, width=2.2, cls=cls)
    elif kind.startswith("placed_"):
        c = kind[-1]
        scene.shape([circle_d(x, y, r)], fill=FILL[c], stroke=EDGE[c], width=1.0, cls=cls)
        scene.shape([circle_d(x, y, r - 1.5)], stroke=MADE, width=1.5, dash="3 2", cls=cls)
    elif kind in ("taken", "turned"):
        fade = 0.35 if kind == "taken" else 1.0
        scene.shape([circle_d(x, y, r)], fill=mix(WHITE_FILL, WOOD, fade),
                    stroke=mix(WHITE_EDGE, WOOD, fade), width=1.0, cls=cls)
        scene.shape([circle_d(x, y, r + 0.5)], stroke=MADE, width=2.0, cls=cls)
    elif kind == "unclear":
        _unclear_marks(scene, [(x, y)], 10, "legend unclear")
    elif kind == "first_move":
        _unclear_marks(scene, [(x, y)], 10, "legend first_move", first_move=True)


def _draw_legend(scene: Scene, pic: Picture, y: float, lang: str) -> float:
    """The legend in two columns from y; returns the y below it."""
    legend = [(kind, pick(lang, zh, en)) for kind, zh, en in pic.legend()]
    col_w = (scene.width - 2 * PAD) / 2
    cols = 2 if all(24 + text_width(label, 11) < col_w for _, label in legend) else 1
    for i, (kind, label) in enumerate(legend):
        lx = PAD + (i % cols) * col_w
        ly = y + (i // cols) * LEGEND_ROW + LEGEND_ROW / 2
        _icon(scene, kind, lx + 9, ly, pic)
        scene.items.append(Text(lx + 24, ly, label, 11, cls="legend text"))
    return y + -(-len(legend) // cols) * LEGEND_ROW + 8


def _draw_words(scene: Scene, pic: Picture, y: float, lang: str) -> float:
    """The count in words (in both languages: the Chinese lines, then the English lines),
    then why each string that depends on who moves first is unclear, then the notes;
    returns the y below them."""
    s = pic.summary
    avail = scene.width - 2 * PAD
    lines: list[tuple[str, bool]] = []
    for one in (["zh", "en"] if lang == "both" else [lang]):
        lines += [(s.side(one, c)[0], False) for c in COLOURS] + [(s.tail(one)[0], True)]
    for text, bold in lines:
        for piece in wrap(text, 12, avail):
            scene.items.append(Text(PAD, y + LINE / 2, piece, 12, bold=bold, cls="summary"))
            y += LINE
    for reason in (one for n in pic.first_move for one in first_move_lines(n, lang)):
        for piece in wrap(reason, 11, avail):
            scene.items.append(Text(PAD, y + LINE / 2, piece, 11, fill=UNCLEAR,
                                    cls="first_move"))
            y += LINE
    for note in (one for n in pic.notes for one in note_lines(n, lang)):
        for piece in wrap(note, 11, avail):
            scene.items.append(Text(PAD, y + LINE / 2, piece, 11, fill=COORD_INK, cls="note"))
            y += LINE
    return y


def title_lines(text: str, size: float, width: float) -> list[str]:
    """The title broken into lines that fit `width` (roughly), never cut: at spaces, and a
    word wider than a line (a long Chinese name has no spaces) between its characters."""
    lines: list[str] = []
    cur = ""
    for word in text.split(" "):
        trial = word if not cur else f"{cur} {word}"
        if text_width(trial, size) <= width:
            cur = trial
            continue
        if cur:
            lines.append(cur)
        cur = ""
        for ch in word:
            if cur and text_width(cur + ch, size) > width:
                lines.append(cur)
                cur = ""
            cur += ch
    if cur:
        lines.append(cur)
    return lines or [""]


def build_scene(pic: Picture, lang: str = "both") -> Scene:
    """Lay out the title, the board with the method's layers, the legend and the count in
    words, the words in `lang` (zh, en, or both)."""
    w, h = pic.width, pic.height
    inner = COORD + w * CELL
    width = max(MIN_WIDTH, inner + 2 * PAD + COORD / 2)
    x0 = (width - inner) / 2 + COORD
    s = pic.summary
    room = width - 2 * PAD - text_width(s.result, 15) - 12
    name = s.title_en if lang == "en" else s.title_zh  # both: the English is in the words
    title = f"{name} {s.slug}"
    shown = title_lines(title, 15, room)  # wrapped, never cut: every word of the name shows
    y0 = PAD + TITLE + (len(shown) - 1) * TITLE_LINE + COORD
    scene = Scene(width, 0.0, title, origin=(x0, y0), board_size=(w, h))
    background = Rect(0, 0, width, 0, fill=BACKGROUND, cls="background")  # height set below
    scene.items.append(background)
    for i, line in enumerate(shown):
        scene.items.append(Text(PAD, PAD + TITLE / 2 + i * TITLE_LINE, line, 15, bold=True,
                                cls="title"))
    scene.items.append(Text(width - PAD, PAD + TITLE / 2, s.result, 15, bold=True,
                            anchor="end", cls="result"))
    _draw_board(scene, pic)
    _draw_stones(scene, pic)
    _draw_marks(scene, pic)
    y = _draw_legend(scene, pic, y0 + h * CELL + 14, lang)
    scene.height = _draw_words(scene, pic, y, lang) + PAD
    background.h = scene.height
    return scene


__all__ = ["BLACK_FILL", "CELL", "Rect", "Scene", "Shape", "Text", "WHITE_FILL", "WOOD",
           "build_scene", "outline", "text_width", "tint", "title_lines", "wrap"]

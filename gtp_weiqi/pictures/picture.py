"""What a picture of a count shows, independent of how it is drawn (GoGui gfx, SVG, PNG).

`build_picture` reads a `Count` (its artefacts) and the position as played, and keeps the
layers the method built:

- 棋块 blocks (Black's in blues, White's in reds, a shade per block, the legend saying
  which) for the methods that count per block (zilu, huanqitou);
- 基本眼位 basic eye points, 路 routes (numbered per side), 公气 / 公空 public points;
- the judged 死子 dead stones (taken off before counting);
- 空 territory (the own points a method counts or leaves empty);
- the board the method made: stones it filled or refilled (numbered per side), stones it
  took off, block heads it returned (还棋头);
- strings the judgement left unclear, and for those whose fate depends on who moves first
  (先手决定) the reason: each side's outcome and first move.

Points are (row, col), row 0 at the bottom (GTP row 1), col 0 column A.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..counting.types import BLACK, COLOURS, WHITE, Count, Point
from .count_in_words import Summary, summarise

# Tints of the 棋块 blocks, one hue family per side: Black's blocks in blues, White's in
# reds, as they show on the wood, so that a block's side is told by its hue alone; each of a
# side's blocks in turn gets the next shade (lighter or darker, each unlike the one before;
# after four they come round again).  GoGui lays a COLOR over its wood at half opacity
# (boardpainter/Field.java, drawFieldColor; its wood.png averages #d5ae71), and the SVG does
# the same over its wood (TINT_ALPHA).  Half strength over an orange wood pulls every colour
# toward it: a teal turns green, a violet grey, a magenta orange.  These are the shades whose
# mix stays blue (hue 205..245) or red (340..12) on every wood GoGui and the SVG use, far from
# the wood and from each other (tests/test_gfx.py measures it); more shades of one hue would
# no longer be told apart at half strength.
BLOCK_FILLS = {BLACK: ("#0033ff", "#0066ff", "#003399", "#6699ff"),
               WHITE: ("#ff0055", "#ff6699", "#ff0011", "#990033")}
BLOCK_HUES = {BLACK: ("蓝", "blue"), WHITE: ("红", "red")}  # as the legend says it
TINT_ALPHA = 0.5

# Methods whose picture shows the blocks and their basic eyes and routes on the position.
_BLOCK_VIEW = ("zilu", "jihuozi", "huanqitou")
# Methods whose picture shows the area: own points and public points on the position.
_AREA_VIEW = ("zikong", "jipingdian", "area", "aga")


@dataclass(frozen=True)
class Block:
    """One 棋块 as drawn: its side, its stones and own points, and its tint (laid over the
    wood at TINT_ALPHA)."""

    colour: str
    kind: str
    points: tuple[Point, ...]
    fill: str


@dataclass(frozen=True)
class FirstMoveNote:
    """Why an unclear string is unclear when its fate depends on who moves first, as a
    picture says it: the string's first stone (where its mark is) and the reason in
    Chinese and in English ('黑先活 (D1)，白先死 (D1)' / 'depends on who moves first: Black
    first alive (D1), White first dead (D1)').  Plain words, so that the picture needs
    neither the judgement's board nor the scoring's records."""

    point: Point
    zh: str
    en: str


@dataclass
class Picture:
    """The layers of one count, ready to draw.

    stones -- the position as played (dead stones included); dead -- the stones the
    judgement took off; placed -- stones the method put on the board (filled / refilled);
    taken -- stones the method took off; turned -- stones that changed colour (还棋头:
    point -> new colour); routes / placed are numbered per side in reading order;
    unclear -- the first stone of each string the judgement left unclear; first_move --
    why, for those whose fate depends on who moves first (their points are in `unclear`).
    """

    slug: str
    width: int
    height: int
    summary: Summary
    stones: dict[Point, str]
    dead: list[Point] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    eyes: dict[str, list[Point]] = field(default_factory=lambda: {BLACK: [], WHITE: []})
    routes: dict[str, list[Point]] = field(default_factory=lambda: {BLACK: [], WHITE: []})
    public: list[Point] = field(default_factory=list)
    territory: dict[str, list[Point]] = field(default_factory=lambda: {BLACK: [], WHITE: []})
    placed: dict[str, list[Point]] = field(default_factory=lambda: {BLACK: [], WHITE: []})
    taken: list[Point] = field(default_factory=list)
    turned: dict[Point, str] = field(default_factory=dict)
    unclear: list[Point] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    first_move: list[FirstMoveNote] = field(default_factory=list)

    def plain_unclear(self) -> list[Point]:
        """The unclear strings' points without a first-move reason."""
        explained = {n.point for n in self.first_move}
        return [p for p in self.unclear if p not in explained]

    def legend(self) -> list[tuple[str, str, str]]:
        """(kind, 中文, English) for every layer the picture shows, in drawing order."""
        out: list[tuple[str, str, str]] = []
        for c, zh, en in ((BLACK, "黑棋块", "Black blocks"), (WHITE, "白棋块", "White blocks")):
            if any(b.colour == c for b in self.blocks):
                hue_zh, hue_en = BLOCK_HUES[c]
                out.append((f"block_{c}", f"{zh} ({hue_zh})", f"{en} ({hue_en})"))
        for c, zh, en in ((BLACK, "黑空", "Black's point"), (WHITE, "白空", "White's point")):
            if self.territory[c]:
                out.append((f"territory_{c}", zh, en))
        if self.eyes[BLACK] or self.eyes[WHITE]:
            out.append(("eye", "基本眼位", "basic eye"))
        for c, zh, en in ((BLACK, "黑路", "Black's route"), (WHITE, "白路", "White's route")):
            if self.routes[c]:
                out.append((f"route_{c}", zh, en))
        if self.public:
            out.append(("public", "公气", "public point"))
        if self.dead:
            out.append(("dead", "死子", "dead stone"))
        for c, zh, en in ((BLACK, "填入黑子", "Black stone put in"),
                          (WHITE, "填入白子", "White stone put in")):
            if self.placed[c]:
                out.append((f"placed_{c}", zh, en))
        if self.taken:
            out.append(("taken", "取下", "stone taken off"))
        if self.turned:
            out.append(("turned", "还棋头", "block head returned"))
        if self.plain_unclear():
            out.append(("unclear", "未定", "unclear"))
        if self.first_move:
            out.append(("first_move", "先手决定", "depends on who moves first"))
        return out


def reading_order(points: Iterable[Point]) -> list[Point]:
    """Top row first, left to right: the order labels are numbered in."""
    return sorted({(int(r), int(c)) for r, c in points}, key=lambda p: (-p[0], p[1]))


def _pts(data: Any) -> list[Point]:
    return reading_order(data or [])


def _per_side(data: Mapping[str, Any] | None) -> dict[str, list[Point]]:
    data = data or {}
    return {c: _pts(data.get(c)) for c in COLOURS}


def _minus(pts: list[Point], drop: Iterable[Point]) -> list[Point]:
    gone = set(drop)
    return [p for p in pts if p not in gone]


def build_picture(count: Count, stones: Mapping[Point, str],
                  unclear: Iterable[Point] = (),
                  first_move: Iterable[FirstMoveNote] = ()) -> Picture:
    """The picture of one count: `stones` is the position as played (dead stones included),
    as the ScoringInput holds it; `unclear` are stones the judgement could not decide (one
    per string); `first_move` says why for those whose fate depends on who moves first."""
    art = count.artefacts
    width, height = (int(v) for v in art.get("size", (0, 0)))
    if not width:
        raise ValueError("the count has no board size in its artefacts")
    slug = count.slug
    pic = Picture(slug, width, height, summarise(count),
                  {(int(r), int(c)): v for (r, c), v in stones.items()})
    # in reading order, as the marks are read off the board; one note per point
    pic.first_move = sorted({n.point: n for n in first_move}.values(),
                            key=lambda n: (-n.point[0], n.point[1]))
    pic.unclear = _pts([*unclear, *(n.point for n in pic.first_move)])
    if slug != "tromp_taylor":
        dead = art.get("removed_dead", {})
        pic.dead = _pts([p for c in COLOURS for p in dead.get(c, [])])
    eyes = _per_side(art.get("eyes"))
    routes = _per_side(art.get("routes"))
    public = _pts(art.get("public"))
    made = "board" in art and slug not in ("huanqitou",)
    if made:
        pic.placed = _per_side(art.get("placed"))
        pic.taken = _pts([p for c in COLOURS for p in art.get("removed", {}).get(c, [])])
        empty = _per_side(art.get("empty"))
        public_left = _pts(list(art.get("public_empty", [])) + list(art.get("made_public", [])))

    if slug in _BLOCK_VIEW:
        seen = dict.fromkeys(COLOURS, 0)  # each side's blocks so far
        for blk in art.get("blocks", []):
            pts = tuple(_pts(list(blk["stones"]) + list(blk["own_points"])))
            shades = BLOCK_FILLS[blk["colour"]]
            pic.blocks.append(Block(blk["colour"], blk["kind"], pts,
                                    shades[seen[blk["colour"]] % len(shades)]))
            seen[blk["colour"]] += 1
        pic.eyes, pic.public = eyes, public
        if slug == "huanqitou":
            heads = art.get("heads_returned", {})
            giver = heads.get("by")
            if giver:
                new = WHITE if giver == BLACK else BLACK
                pic.turned = {p: new for p in _pts(heads.get("points"))}
        else:
            pic.routes = routes
    elif slug in _AREA_VIEW:
        pic.territory = _per_side(art.get("territory"))
        pic.public = public
        if made:
            pic.territory = empty
            pic.public = public_left
    elif slug == "tianman_huozi":
        pic.eyes = eyes
        pic.routes = _per_side(art.get("unfilled_routes"))
        pic.public = public
    elif slug in ("tinglu", "shulu"):
        pic.eyes = eyes
        pic.routes = {c: _minus(empty[c], eyes[c]) for c in COLOURS}
        pic.public = public_left
    elif slug in ("tianman_pingdian", "ing"):
        pic.territory = _per_side(art.get("unfilled_points"))
        pic.public = public_left
    elif slug in ("dengkong", "dengzi"):
        pic.territory = empty
        pic.public = public_left
    elif slug == "territory":
        pic.territory = _per_side(art.get("territory_counted"))
        pic.public = public
    elif slug == "tromp_taylor":
        tt = art.get("tromp_taylor", {})
        pic.territory = {c: _pts(tt.get(c, {}).get("empty")) for c in COLOURS}
        pic.public = _pts(tt.get("neutral"))
    elif slug == "stone":
        ks = art.get("stone_scoring", {})
        occupied = set(pic.stones) - set(pic.dead)
        counted: set[Point] = set()
        for c in COLOURS:
            region_pts = [(r, q) for reg in ks.get(c, {}).get("independent_regions", [])
                          for r, q in reg]
            pic.territory[c] = _pts(p for p in region_pts if p not in occupied)
            counted.update(region_pts)
        pic.public = _pts((r, q) for r in range(height) for q in range(width)
                          if (r, q) not in occupied and (r, q) not in counted)
    filled = {p for c in COLOURS for p in pic.placed[c]}
    if filled:  # a stone put in covers the point: no territory mark under it
        pic.territory = {c: [p for p in pic.territory[c] if p not in filled] for c in COLOURS}
    notes = art.get("notes")
    if isinstance(notes, list):
        pic.notes = [str(n) for n in notes if n]
    return pic


__all__ = ["BLOCK_FILLS", "BLOCK_HUES", "TINT_ALPHA", "Block", "FirstMoveNote", "Picture",
           "build_picture", "reading_order"]

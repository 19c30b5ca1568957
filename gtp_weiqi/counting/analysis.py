"""The analysis every counting method shares, done once per (position, judgement).

From the stones and the judgement it derives, in this order, one pass each (`Analysis`
runs them in `__init__`):

1. the strings and their statuses; the dead stones come off (清理死子) (`_strings_pass`);
2. the empty regions of what is left and the owner of every empty point: a region bordered
   by one colour only is that colour's 空, a region touching both (or neither) is 公气;
   explicit owners override per point, and an explicit owner inside a region that is not
   that colour's is a one-sided point (单方权利官子 / 单方的气 / a claimed 单劫 point)
   (`_owners_pass`);
3. the blocks (棋块): one colour's living stones joined through its own stones and its own
   空 (so strings sharing eyes are one block) (`_blocks_pass`);
4. the basic eye points (基本眼位) of every block and the routes (路): own points that are
   not basic eyes (`_eyes_pass`, the choice in `counting/eyes.py`);
5. the figures of docs/counting.md §2: S, K, E, L, G, P, M per side (`_figures_pass`).

Points are flat indices ``row * width + col`` inside this module; artefacts convert them to
``[row, col]`` lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .eyes import choose_eyes
from .types import (
    ALIVE,
    BLACK,
    COLOURS,
    DEAD,
    PUBLIC,
    SEKI,
    WHITE,
    Judgement,
    ScoringInput,
    check_input,
)

EMPTY, B, W = 0, 1, 2
PUB = 3  # owner code of a public point (公气)
CODE = {BLACK: B, WHITE: W}
NAME = {B: BLACK, W: WHITE}
OWNER_CODE = {BLACK: B, WHITE: W, PUBLIC: PUB}
STATUSES = (ALIVE, DEAD, SEKI)

@lru_cache(maxsize=16)
def geometry(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The 4-neighbours of every flat index on a width x height board."""
    nbrs: list[tuple[int, ...]] = []
    for r in range(height):
        for c in range(width):
            out = []
            if r > 0:
                out.append((r - 1) * width + c)
            if c > 0:
                out.append(r * width + c - 1)
            if c < width - 1:
                out.append(r * width + c + 1)
            if r < height - 1:
                out.append((r + 1) * width + c)
            nbrs.append(tuple(out))
    return tuple(nbrs)


def find_strings(col: list[int], nbrs: tuple[tuple[int, ...], ...]
                 ) -> tuple[list[int], list[list[int]]]:
    """The strings (串) of a flat colour list: the string index of every point (-1 on empty
    points) and each string's points in flood order."""
    n = len(col)
    sid_of = [-1] * n
    strings: list[list[int]] = []
    for p in range(n):
        c = col[p]
        if c == EMPTY or sid_of[p] >= 0:
            continue
        sid = len(strings)
        members = [p]
        sid_of[p] = sid
        i = 0
        while i < len(members):
            for q in nbrs[members[i]]:
                if col[q] == c and sid_of[q] < 0:
                    sid_of[q] = sid
                    members.append(q)
            i += 1
        strings.append(members)
    return sid_of, strings


def find_empty_regions(col: list[int], nbrs: tuple[tuple[int, ...], ...]
                       ) -> tuple[list[int], list[list[int]], list[int]]:
    """The 4-connected empty regions of a flat colour list: the region index of every point
    (-1 on stones), each region's points in flood order, and the colours each region
    touches (B | W bits, 0 for none)."""
    n = len(col)
    region_of = [-1] * n
    regions: list[list[int]] = []
    reach: list[int] = []
    for p in range(n):
        if col[p] != EMPTY or region_of[p] >= 0:
            continue
        rid = len(regions)
        members = [p]
        region_of[p] = rid
        seen = 0
        i = 0
        while i < len(members):
            for q in nbrs[members[i]]:
                cq = col[q]
                if cq == EMPTY:
                    if region_of[q] < 0:
                        region_of[q] = rid
                        members.append(q)
                else:
                    seen |= cq
            i += 1
        regions.append(members)
        reach.append(seen)
    return region_of, regions, reach


@dataclass
class Block:
    """A 棋块: one colour's living stones joined through own stones and own 空.

    kind -- 'alive' (independently living) or 'seki' (every string in it is marked seki)
    own -- every own empty point joined to the block (its 空, one-sided points included)
    eyes -- its basic eye points; routes -- its other own points
    eyes_checked -- True when the two chosen eyes pass the two-eye test (every string of the
        filled block touches both, and they are not adjacent); None when not applicable
    """

    colour: int
    stones: list[int]
    own: list[int]
    kind: str
    eyes: list[int]
    routes: list[int]
    eyes_checked: bool | None


class Analysis:
    """Strings, owners, blocks, basic eyes and the per-side figures of one judged position."""

    def __init__(self, inp: ScoringInput, judgement: Judgement | None = None) -> None:
        """Run the passes of the module docstring in order; each reads what the earlier
        ones set on `self` and sets its own results."""
        judgement = judgement if judgement is not None else Judgement()
        check_input(inp)
        self.inp = inp
        self.judgement = judgement
        w, h = inp.width, inp.height
        self.width, self.height = w, h
        self.n = w * h
        self.nbrs = geometry(w, h)
        self.board = self._stones_pass()
        self._strings_pass()  # 1. strings, statuses, the dead off
        self._owners_pass()  # 2. regions, owners, one-sided points
        explicit_eyes = self._explicit_eyes()
        self._blocks_pass()  # 3. blocks (棋块)
        self._eyes_pass(explicit_eyes)  # 4. basic eyes and routes
        self._figures_pass()  # 5. the figures
        self._common: dict[str, Any] | None = None

    # -- the passes ---------------------------------------------------------------------

    def _stones_pass(self) -> list[int]:
        """The board as a flat colour list (EMPTY / B / W per point)."""
        w = self.width
        board = [EMPTY] * self.n
        for (r, c), colour in self.inp.stones.items():
            board[r * w + c] = CODE[colour]
        return board

    def _strings_pass(self) -> None:
        """1. The strings and their statuses (given per stone, one per string; absent =
        alive); the dead strings come off (清理死子).  Sets string_of, strings,
        string_status, live (the board without the dead) and dead (their points)."""
        w, h, board = self.width, self.height, self.board
        string_of, strings = find_strings(board, self.nbrs)
        self.string_of = string_of
        self.strings = strings
        status = [ALIVE] * len(strings)
        given: dict[int, str] = {}
        for (r, c), st in self.judgement.status.items():
            _check_point(r, c, w, h, "status")
            if st not in STATUSES:
                raise ValueError(f"status of {_pt(r, c)} must be alive, dead or seki, not {st!r}")
            p = r * w + c
            if board[p] == EMPTY:
                raise ValueError(f"status given for {_pt(r, c)}, which holds no stone")
            sid = string_of[p]
            if given.get(sid, st) != st:
                raise ValueError(f"the string at {_pt(r, c)} is given two statuses "
                                 f"({given[sid]} and {st}); a string has one status")
            given[sid] = st
        for sid, st in given.items():
            status[sid] = st
        self.string_status = status

        live = board[:]
        dead: list[int] = []
        for sid, members in enumerate(strings):
            if status[sid] == DEAD:
                dead.extend(members)
                for p in members:
                    live[p] = EMPTY
        dead.sort()
        self.live = live
        self.dead = dead

    def _owners_pass(self) -> None:
        """2. The empty regions of the living stones and every empty point's owner: a region
        bordered by one colour is its 空, any other region 公气 (PUB); an explicit owner
        overrides its point, and one that is not its region's owner makes the point
        one-sided (单方权利官子 / 单方的气 / a claimed 单劫 point).  Sets regions, region_of,
        region_owner, owner and one_sided (point -> colour code)."""
        w, h, live = self.width, self.height, self.live
        region_of, regions, reach = find_empty_regions(live, self.nbrs)
        region_owner = [seen if seen in (B, W) else PUB for seen in reach]
        self.regions = regions
        self.region_of = region_of
        self.region_owner = region_owner
        owner = [0] * self.n
        for rid, members in enumerate(regions):
            o = region_owner[rid]
            for p in members:
                owner[p] = o
        one_sided: dict[int, int] = {}
        for (r, c), word in self.judgement.owner.items():
            _check_point(r, c, w, h, "owner")
            if word not in OWNER_CODE:
                raise ValueError(f"owner of {_pt(r, c)} must be b, w or public, not {word!r}")
            p = r * w + c
            if live[p] != EMPTY:
                raise ValueError(f"owner given for {_pt(r, c)}, which holds a living stone")
            code = OWNER_CODE[word]
            owner[p] = code
            if code != PUB and region_owner[region_of[p]] != code:
                one_sided[p] = code
        self.owner = owner
        self.one_sided = one_sided

    def _explicit_eyes(self) -> dict[int, int]:
        """The judgement's explicit basic eye points (point -> colour code), each checked
        to be an own empty point of its colour."""
        w, h, live, owner = self.width, self.height, self.live, self.owner
        explicit_eyes: dict[int, int] = {}
        for (r, c), colour in self.judgement.eyes.items():
            _check_point(r, c, w, h, "eyes")
            if colour not in CODE:
                raise ValueError(f"basic eye at {_pt(r, c)} must name b or w, not {colour!r}")
            p = r * w + c
            if live[p] != EMPTY or owner[p] != CODE[colour]:
                raise ValueError(f"basic eye at {_pt(r, c)} is not an own point of {colour}")
            explicit_eyes[p] = CODE[colour]
        return explicit_eyes

    def _blocks_pass(self) -> None:
        """3. The blocks (棋块): one colour's living stones flooded through its own stones
        and own points; a block whose strings are all seki is a seki block.  Own points
        that reach no stone (an owner given far from any) are orphans.  Sets block_of
        (-1 off any block), blocks and orphans (colour code -> points)."""
        n, nbrs, live, owner = self.n, self.nbrs, self.live, self.owner
        string_of, status = self.string_of, self.string_status
        block_of = [-1] * n
        blocks: list[Block] = []
        orphans: dict[int, list[int]] = {B: [], W: []}
        for p in range(n):
            if block_of[p] != -1:
                continue
            col = live[p] if live[p] != EMPTY else owner[p]
            if col not in (B, W):
                continue
            members = [p]
            block_of[p] = -2
            i = 0
            while i < len(members):
                for q in nbrs[members[i]]:
                    if block_of[q] == -1 and (live[q] == col or (live[q] == EMPTY
                                                                  and owner[q] == col)):
                        block_of[q] = -2
                        members.append(q)
                i += 1
            stones = sorted(q for q in members if live[q] != EMPTY)
            own = sorted(q for q in members if live[q] == EMPTY)
            if not stones:
                orphans[col].extend(own)
                for q in members:
                    block_of[q] = -3
                continue
            bid = len(blocks)
            for q in members:
                block_of[q] = bid
            sids = {string_of[q] for q in stones}
            kind = SEKI if all(status[s] == SEKI for s in sids) else ALIVE
            blocks.append(Block(col, stones, own, kind, [], [], None))
        self.block_of = [b if b >= 0 else -1 for b in block_of]
        self.blocks = blocks
        self.orphans = {c: sorted(v) for c, v in orphans.items()}

    def _eyes_pass(self, explicit_eyes: dict[int, int]) -> None:
        """4. The basic eyes (基本眼位) of every block and its routes (路), the other own
        points.  One-sided points (our choice): 单方权利官子 (a route, "right") when the
        owner can fill the point safely -- its stone there would have two liberties or
        capture -- and 单方的气 (a basic eye, "liberty") when filling it would leave the
        owner in atari; explicit eyes decide when given.  Sets one_sided_kind and each
        block's eyes, routes and eyes_checked."""
        self.one_sided_kind: dict[int, str] = {
            p: "right" if self._safe_fill(p, code) else "liberty"
            for p, code in self.one_sided.items()}
        blocks, block_of = self.blocks, self.block_of
        for blk in blocks:
            choose_eyes(self, blk, explicit_eyes)
        for p in list(self.one_sided_kind):
            bid = block_of[p]
            if bid >= 0:
                self.one_sided_kind[p] = "liberty" if p in set(blocks[bid].eyes) else "right"

    def _figures_pass(self) -> None:
        """5. The figures of docs/counting.md §2 per side: S stones, K own points (空),
        E basic eyes, L routes (K - E), G public points, P lost stones (captured + dead),
        M moves, V passes / virtual moves, H handicap; with the point lists behind them
        (stones_of, territory, public, eyes, routes; orphans count as routes)."""
        inp, live, owner, blocks = self.inp, self.live, self.owner, self.blocks
        by_stone: dict[int, list[int]] = {B: [], W: []}
        by_owner: dict[int, list[int]] = {B: [], W: [], PUB: []}
        for p in range(self.n):
            if live[p] != EMPTY:
                by_stone[live[p]].append(p)
            else:
                by_owner[owner[p]].append(p)
        self.stones_of = {c: by_stone[CODE[c]] for c in COLOURS}
        self.territory = {c: by_owner[CODE[c]] for c in COLOURS}
        self.public = by_owner[PUB]
        eyes: dict[str, list[int]] = {c: [] for c in COLOURS}
        routes: dict[str, list[int]] = {c: [] for c in COLOURS}
        for blk in blocks:
            eyes[NAME[blk.colour]].extend(blk.eyes)
            routes[NAME[blk.colour]].extend(blk.routes)
        for code, pts in self.orphans.items():
            routes[NAME[code]].extend(pts)
        self.eyes = {c: sorted(v) for c, v in eyes.items()}
        self.routes = {c: sorted(v) for c, v in routes.items()}
        board = self.board
        dead_count = {c: sum(1 for p in self.dead if board[p] == CODE[c]) for c in COLOURS}
        self.dead_count = dead_count
        self.S = {c: len(self.stones_of[c]) for c in COLOURS}
        self.K = {c: len(self.territory[c]) for c in COLOURS}
        self.E = {c: len(self.eyes[c]) for c in COLOURS}
        self.L = {c: self.K[c] - self.E[c] for c in COLOURS}
        self.G = len(self.public)
        self.P = {c: int(inp.captured.get(c, 0)) + dead_count[c] for c in COLOURS}
        self.M = {c: int(inp.moves.get(c, 0)) for c in COLOURS}
        self.V = {c: int(inp.passes.get(c, 0)) for c in COLOURS}
        self.H = {BLACK: int(inp.handicap), WHITE: 0}
        self.block_count = {c: sum(1 for b in blocks if b.colour == CODE[c]) for c in COLOURS}

    # -- filling a point ----------------------------------------------------------------

    def _captures(self, p: int, code: int) -> bool:
        """Whether a stone of `code` on empty point p would capture (an opponent string
        whose one liberty is p)."""
        live, nbrs, string_of, strings = self.live, self.nbrs, self.string_of, self.strings
        for q in nbrs[p]:
            if live[q] not in (EMPTY, code) and {
                    x for s in strings[string_of[q]] for x in nbrs[s] if live[x] == EMPTY} == {p}:
                return True
        return False

    def _safe_fill(self, p: int, code: int) -> bool:
        """Whether `code` can put a stone on empty point p without self-atari (on the board
        with the dead stones off): the stone captures, or its string has two liberties."""
        live, nbrs, string_of, strings = self.live, self.nbrs, self.string_of, self.strings
        libs: set[int] = set()
        for q in nbrs[p]:
            lq = live[q]
            if lq == EMPTY:
                libs.add(q)
            elif lq == code:
                for s in strings[string_of[q]]:
                    libs.update(x for x in nbrs[s] if live[x] == EMPTY)
            else:
                opp_libs = {x for s in strings[string_of[q]] for x in nbrs[s]
                            if live[x] == EMPTY}
                if opp_libs == {p}:
                    return True
        libs.discard(p)
        return len(libs) >= 2

    # -- helpers for the methods ---------------------------------------------------------

    def rc(self, p: int) -> list[int]:
        """[row, col] of a flat index (the artefact form of a point)."""
        return [p // self.width, p % self.width]

    def rcs(self, pts: Any) -> list[list[int]]:
        w = self.width
        return [[p // w, p % w] for p in sorted(pts)]

    def board_artefact(self, colours: list[int]) -> dict[str, list[list[int]]]:
        """A board (flat colour list) as {'b': [[r, c], ...], 'w': [...]}."""
        w = self.width
        out: dict[str, list[list[int]]] = {BLACK: [], WHITE: []}
        for p, col in enumerate(colours):
            if col == B:
                out[BLACK].append([p // w, p % w])
            elif col == W:
                out[WHITE].append([p // w, p % w])
        return out

    def common_artefacts(self) -> dict[str, Any]:
        """The analysis as plain data (computed once, shared by every method's Count)."""
        if self._common is not None:
            return self._common
        rcs = self.rcs
        blocks = []
        for blk in self.blocks:
            blocks.append({
                "colour": NAME[blk.colour],
                "kind": blk.kind,
                "stones": rcs(blk.stones),
                "own_points": rcs(blk.own),
                "eyes": rcs(blk.eyes),
                "routes": rcs(blk.routes),
                "eyes_checked": blk.eyes_checked,
            })
        one_sided: dict[str, dict[str, list[list[int]]]] = {
            c: {"rights": [], "liberties": []} for c in COLOURS}
        for p, code in sorted(self.one_sided.items()):
            kind = "liberties" if self.one_sided_kind[p] == "liberty" else "rights"
            one_sided[NAME[code]][kind].append(self.rc(p))
        S, K, E, L, G = self.S, self.K, self.E, self.L, self.G
        zikong = {c: S[c] + K[c] + G / 2 for c in COLOURS}
        fuzi = {c: zikong[c] + (E[_o(c)] - E[c]) / 2 for c in COLOURS}
        xuzi = (E[BLACK] + E[WHITE] + G) / 2
        huozi = {c: S[c] + L[c] for c in COLOURS}
        self._common = {
            "size": [self.width, self.height],
            "removed_dead": {c: rcs(p for p in self.dead if self.board[p] == CODE[c])
                             for c in COLOURS},
            "blocks": blocks,
            "eyes": {c: rcs(v) for c, v in self.eyes.items()},
            "routes": {c: rcs(v) for c, v in self.routes.items()},
            "public": rcs(self.public),
            "territory": {c: rcs(v) for c, v in self.territory.items()},
            "one_sided": one_sided,
            "figures": {
                "stones": dict(S), "territory": dict(K), "eyes": dict(E), "routes": dict(L),
                "public": G, "lost": dict(self.P), "captured": {c: int(self.inp.captured.get(
                    c, 0)) for c in COLOURS}, "dead": dict(self.dead_count),
                "moves": dict(self.M), "passes": dict(self.V), "handicap": self.inp.handicap,
                "blocks": dict(self.block_count), "board_points": self.n,
            },
            "conversions": {
                "huozi_from_area": {c: {"area": _num(zikong[c]), "eyes": E[c],
                                        "half_public": _num(G / 2),
                                        "huozi": _num(zikong[c] - E[c] - G / 2)}
                                    for c in COLOURS},
                "huozi_from_fuzi": {c: {"fuzi": _num(fuzi[c]), "xuzi": _num(xuzi),
                                        "huozi": _num(fuzi[c] - xuzi)} for c in COLOURS},
                "huozi": {c: huozi[c] for c in COLOURS},
                "zikong_minus_zilu_margin": {
                    "zikong_margin": _num(zikong[BLACK] - zikong[WHITE]),
                    "zilu_margin": huozi[BLACK] - huozi[WHITE],
                    "difference": _num(zikong[BLACK] - zikong[WHITE]
                                       - (huozi[BLACK] - huozi[WHITE])),
                    "eyes_black_minus_white": E[BLACK] - E[WHITE],
                },
            },
        }
        return self._common


def _o(c: str) -> str:
    return WHITE if c == BLACK else BLACK


def _num(x: float) -> int | float:
    return int(x) if x == int(x) else x


def _pt(r: int, c: int) -> str:
    return f"({r}, {c})"


def _check_point(r: Any, c: Any, w: int, h: int, what: str) -> None:
    if not (isinstance(r, int) and isinstance(c, int) and 0 <= r < h and 0 <= c < w):
        raise ValueError(f"{what}: point {(r, c)!r} is not on the {w}x{h} board")


def no_route_left(inp: ScoringInput) -> bool:
    """Whether the position has reached 计活子's natural end (自然终局): with every stone
    alive, neither side has a route (路) it can fill, nor a public point either side can
    fill (a 单官 still to be played).  《不计活子非好汉》, 问“按围棋基本规则，怎样计活子？”:
    "一直下到双方无路可走而自然终局".  A point where a stone would stand in atari without
    capturing (a seki's shared liberty, a block's last eyes) is no way on: filling it only
    gives stones away."""
    a = Analysis(inp)
    for colour in COLOURS:
        code = CODE[colour]
        if any(a._safe_fill(p, code) for p in a.routes[colour]):
            return False
    if any(a._safe_fill(p, B) or a._safe_fill(p, W) for p in a.public):
        return False
    # a capture, even in the other side's last eye, is a way on
    return not any(a._captures(p, code) for p in range(a.n) if a.live[p] == EMPTY
                   for code in (B, W))


def analyse(inp: ScoringInput, judgement: Judgement | None = None) -> Analysis:
    """Derive owners, blocks, basic eyes and the figures once; every method reuses them."""
    return Analysis(inp, judgement)

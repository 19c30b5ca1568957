"""End-of-game judgement: a status per string and an owner per empty point (死活与归属).

For a finished position, `judge` decides whether each string is alive (活), dead (死) or in
seki (双活), who owns each empty point once the dead stones are off, and says *unclear*
rather than guess.  The pipeline, cheapest and surest first:

1. Benson's unconditional life (无条件活, pass-alive): strings that live even if their owner
   only passes, their pass-alive territory, and the opponent stones inside it, which are
   unconditionally dead.
2. Seki (双活) detection: strings of both colours whose liberties, shared (公气) or their
   own small eyes, cannot be filled by the opponent without suicide or self-atari, and that
   do not have two eyes of their own.  The one-sided points of a seki are found too: a
   point only one side can fill safely (单方权利官子) and a liberty touching one side only
   that nobody can fill (单方的气).
3. A seeded Monte Carlo ownership estimate for everything else.  The playouts know seki:
   nobody plays a self-atari on a seki point, nobody fills an own eye (a false eye, with
   two opponent diagonals or one on the edge, is only a connection and may be filled), a
   capture that a snapback (倒扑) would take back is a self-atari like any other, strings
   in atari are captured (or saved) first, a move often answers the previous one nearby,
   and a side moves into the other side's area only when nothing else is left, and even
   then mostly passes instead.  The area comes, in a first round, from Bouzy's 5/21
   influence map, then from the strings that round found strong (nearest strong
   string through empty points): a finished position's walls are respected, so stones left
   inside them die, while groups whose life is really in question keep being attacked.
   A string is dead when its points end up the opponent's in at least `DEAD_SHARE` of the
   playouts, alive when they stay its own in at least `ALIVE_SHARE`.  Strings still
   undecided (a capturing race next to a living group, say) get a third round in which a
   string in atari that can join a strong string through a point only its own colour
   borders is always saved there; what that round leaves undecided is unclear.
4. Consistency: strings of one colour that share an empty region touched by that colour
   only (one 棋块, or one group of dead stones) get one verdict.
5. Seki is judged again without the dead stones; point owners follow (空, 公气, the
   one-sided points).

Everything is deterministic for a given board and seed: the only randomness is
``random.Random(seed)`` and no decision depends on hash order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..core.board import BLACK, EDGE, EMPTY, WHITE, Board
from ..core.playout_board import (
    CAPTURE,
    EYE_SHAPE,
    KIND,
    SAFE,
    SELF_ATARI,
    SNAPBACK,
    TRUE_EYE,
    PlayoutBoard,
)

ALIVE, DEAD, SEKI = "alive", "dead", "seki"
_OWNER_NAME = {BLACK: "b", WHITE: "w", EMPTY: "public"}
_OWNER_COLOUR = {"b": BLACK, "w": WHITE, "public": EMPTY}

# Thresholds on the share of playouts (see judge()).  A string is alive when its stones are
# still its own at the end of at least ALIVE_SHARE of the playouts and dead when they belong
# to the opponent in at least DEAD_SHARE of them; in between it is unclear.  Pachi calls a
# point at 0.8 and lists dead stones at 0.67.  Here a string's stones live or die together
# in a playout, so one share per string suffices, and the playouts err both ways (a living
# group with a weakness sometimes collapses, a dead group with room sometimes makes two eyes
# by luck), so the bars are symmetric at Pachi's dead-list value: on the finished GNU Go games
# 0.6 decides a few more strings right, 0.8 leaves more unclear, and neither flips the count
# of wrong verdicts, so the value that keeps a clear margin over a coin toss was kept.
ALIVE_SHARE = 0.67
DEAD_SHARE = 0.67
# Policy of the playouts (tuned on finished GNU Go games; see benchmarks/bench_status.py).
ESCAPE_RATE = 0.5  # chance to save an own string in atari when nothing can be captured
LOCAL_RATE = 0.5  # chance to look first at the 8 points around the previous move
INVADE_RATE = 0.3  # chance, when only moves into the other side's area are left, to try them
FIRST_ROUND = 0.5  # playouts of the first (influence-map) round, as a share of the second
STRONG_SHARE = 0.85  # a string is strong when it survives this share of the first round
SELF_ATARI_MAX = 3  # largest string a random self-atari may make (nakade), never on seki
SELF_ATARI_RATE = 0.5  # chance to accept such a self-atari
EYE_SPACE_MAX = 6  # one-colour regions this small are eye space: attacked freely
SEKI_EYE_MAX = 3  # largest one-colour region counted as a seki eye


@dataclass
class StatusReport:
    """The judgement of a finished position.

    status -- every stone point -> 'alive' | 'dead' | 'seki'
    owner -- every empty point once the dead stones are removed -> 'b' | 'w' | 'public'
    unclear -- the strings (their stone points) the judgement could not decide; they stay on
        the board, so their points read 'alive' in `status` and count for `owner`
    ownership -- every on-board point: +1 surely Black ... -1 surely White
    """

    status: dict[int, str]
    owner: dict[int, str]
    unclear: list[tuple[int, ...]]
    ownership: dict[int, float]


@dataclass
class SekiInfo:
    """What `find_seki` found.

    strings -- the seki strings (双活), as sorted stone tuples
    shared -- the other empty points of the regions between seki strings, public (公气):
        nobody can fill them safely, or both can (an unfilled 单官)
    one_sided -- points there only one side can fill safely (单方权利官子): point -> colour
    own_liberties -- points there that nobody can fill safely and that touch one side's
        stones only (单方的气): point -> colour
    eyes -- eye points of seki strings (regions bordered by one colour only): point -> colour
    """

    strings: list[tuple[int, ...]] = field(default_factory=list)
    shared: frozenset[int] = frozenset()
    one_sided: dict[int, int] = field(default_factory=dict)
    own_liberties: dict[int, int] = field(default_factory=dict)
    eyes: dict[int, int] = field(default_factory=dict)

    def stones(self) -> set[int]:
        return {p for s in self.strings for p in s}


# -- position helpers ----------------------------------------------------------------------


def _find_strings(col: list[int], points: tuple[int, ...], nbrs: tuple[tuple[int, ...], ...]
                  ) -> tuple[dict[int, int], dict[int, list[int]], dict[int, set[int]]]:
    """Strings of a colour array: head per stone, stones per head, liberties per head.

    The head of a string is its lowest point, so the labelling is canonical.
    """
    head: dict[int, int] = {}
    stones: dict[int, list[int]] = {}
    libs: dict[int, set[int]] = {}
    for p in points:
        c = col[p]
        if c == EMPTY or p in head:
            continue
        members = [p]
        head[p] = p
        lib: set[int] = set()
        for s in members:
            for q in nbrs[s]:
                cq = col[q]
                if cq == EMPTY:
                    lib.add(q)
                elif cq == c and q not in head:
                    head[q] = p
                    members.append(q)
        members.sort()
        stones[p] = members
        libs[p] = lib
    return head, stones, libs


def _regions(col: list[int], points: tuple[int, ...], nbrs: tuple[tuple[int, ...], ...],
             inside) -> tuple[list[list[int]], dict[int, int]]:
    """Maximal connected sets of points p with inside(col[p]); their index per point."""
    region_of: dict[int, int] = {}
    regions: list[list[int]] = []
    for p in points:
        if p in region_of or not inside(col[p]):
            continue
        idx = len(regions)
        members = [p]
        region_of[p] = idx
        for s in members:
            for q in nbrs[s]:
                if q not in region_of and inside(col[q]):
                    region_of[q] = idx
                    members.append(q)
        regions.append(members)
    return regions, region_of


# -- 1. Benson -----------------------------------------------------------------------------


def _benson(col: list[int], points: tuple[int, ...], nbrs: tuple[tuple[int, ...], ...],
            colour: int, multi_stone_suicide: bool = False
            ) -> tuple[set[int], set[int], set[int]]:
    """Benson's algorithm for `colour` on a colour array.

    Returns (pass-alive stones, pass-alive territory points, opponent stones dead inside it).
    A region (maximal set of points without `colour` stones) is vital to a string when every
    empty point of it is a liberty of the string; with multi-stone suicide allowed the
    opponent can turn its stones into empty points, so then every point must be.
    """
    head, stones, libs = _find_strings(col, points, nbrs)
    mine = [h for h in stones if col[h] == colour]
    regions, _ = _regions(col, points, nbrs, lambda c: c != colour)
    borders: list[set[int]] = []
    vital_to: list[set[int]] = []
    for reg in regions:
        border: set[int] = set()
        for p in reg:
            for q in nbrs[p]:
                if col[q] == colour:
                    border.add(head[q])
        borders.append(border)
        checked = reg if multi_stone_suicide else [p for p in reg if col[p] == EMPTY]
        vital: set[int] = set()
        if any(col[p] == EMPTY for p in reg):
            for h in border:
                lib = libs[h]
                if multi_stone_suicide:
                    ok = all(any(head.get(q) == h for q in nbrs[p]) for p in checked)
                else:
                    ok = all(p in lib for p in checked)
                if ok:
                    vital.add(h)
        vital_to.append(vital)
    alive = set(mine)
    healthy = [True] * len(regions)
    while True:
        count = dict.fromkeys(alive, 0)
        for i, vital in enumerate(vital_to):
            if healthy[i]:
                for h in vital:
                    if h in count:
                        count[h] += 1
        dropped = {h for h, n in count.items() if n < 2}
        if not dropped:
            break
        alive -= dropped
        for i, border in enumerate(borders):
            if healthy[i] and not border <= alive:
                healthy[i] = False
    alive_stones = {p for h in alive for p in stones[h]}
    territory: set[int] = set()
    dead: set[int] = set()
    for i, reg in enumerate(regions):
        border = borders[i]
        if not border or not border <= alive:
            continue
        internal = 0
        for p in reg:
            if not any(q in alive_stones for q in nbrs[p]):
                internal += 1
        if internal <= 1:
            territory.update(reg)
            dead.update(p for p in reg if col[p] != EMPTY)
    return alive_stones, territory, dead


def benson_alive(board: Board, colour: int, multi_stone_suicide: bool = False) -> set[int]:
    """The stones of `colour` that are unconditionally alive (pass-alive, Benson 1976)."""
    return _benson(board.colour, board.points, board.neighbours, colour, multi_stone_suicide)[0]


# -- 2. seki -------------------------------------------------------------------------------


def _play_result(col: list[int], nbrs: tuple[tuple[int, ...], ...], head: dict[int, int],
                 libs: dict[int, set[int]], p: int, c: int) -> tuple[int, bool]:
    """(liberties after c plays at empty p, whether it captures), without playing."""
    new: set[int] = set()
    captures = False
    for q in nbrs[p]:
        cq = col[q]
        if cq == EMPTY:
            new.add(q)
        elif cq == c:
            new |= libs[head[q]]
        elif len(libs[head[q]]) == 1:
            captures = True
    new.discard(p)
    return len(new), captures


def _safe(col: list[int], nbrs: tuple[tuple[int, ...], ...], head: dict[int, int],
          libs: dict[int, set[int]], p: int, c: int) -> bool:
    """Whether c can play at p without suicide or self-atari (a capture makes it safe)."""
    n, captures = _play_result(col, nbrs, head, libs, p, c)
    return captures or n >= 2


def _find_seki(col: list[int], points: tuple[int, ...], nbrs: tuple[tuple[int, ...], ...]
               ) -> SekiInfo:
    """Seki detection on a colour array from which the dead stones are already removed.

    1. A liberty of a string is *held* when the opponent cannot fill it without suicide or
       self-atari and every string touching it is still a candidate; a string is *locked*
       when it has at least two held liberties (repeat until stable).
    2. Locked strings joined through an empty region of their own colour (a shared eye) form
       a block; a block with two or more such eye regions lives on its own (not seki).
    3. Blocks of both colours with liberties in a common empty region touching both colours
       form a seki unit (双活).
    """
    head, stones, libs = _find_strings(col, points, nbrs)
    regions, region_of = _regions(col, points, nbrs, lambda c: c == EMPTY)
    region_colours: list[int] = []
    for reg in regions:
        seen = 0
        for p in reg:
            for q in nbrs[p]:
                seen |= col[q] if col[q] != EDGE else 0
        region_colours.append(seen)  # 1 black only, 2 white only, 3 both, 0 none
    # Candidates: strings whose liberties are all in small eyes (one-colour regions of at most
    # SEKI_EYE_MAX points) or in regions touching both colours.
    cand: set[int] = set()
    for h, lib in libs.items():
        ok = bool(lib)
        for x in lib:
            r = region_of[x]
            if region_colours[r] != 3 and len(regions[r]) > SEKI_EYE_MAX:
                ok = False
                break
        if ok:
            cand.add(h)
    safe_cache: dict[tuple[int, int], bool] = {}

    def safe(p: int, c: int) -> bool:
        key = (p, c)
        if key not in safe_cache:
            safe_cache[key] = _safe(col, nbrs, head, libs, p, c)
        return safe_cache[key]

    changed = True
    while changed:
        changed = False
        for h in sorted(cand):
            opp = 3 - col[h]
            held = 0
            for x in libs[h]:
                if safe(x, opp):
                    continue
                if any(col[q] != EMPTY and head[q] not in cand for q in nbrs[x]):
                    continue
                held += 1
            if held < 2:
                cand.discard(h)
                changed = True
    info = SekiInfo()
    if not cand:
        return info
    parent = {h: h for h in cand}

    def find(h: int) -> int:
        while parent[h] != h:
            parent[h] = parent[parent[h]]
            h = parent[h]
        return h

    def union(a: int, b: int) -> None:
        a, b = find(a), find(b)
        if a != b:
            parent[max(a, b)] = min(a, b)

    # Blocks through shared eyes, and their eye regions.
    region_strings: dict[int, list[int]] = {}
    for h in sorted(cand):
        for r in sorted({region_of[x] for x in libs[h]}):
            region_strings.setdefault(r, []).append(h)
    for r, hs in region_strings.items():
        if region_colours[r] in (BLACK, WHITE):
            for h in hs[1:]:
                union(hs[0], h)
    eye_regions: dict[int, set[int]] = {}
    for r, hs in region_strings.items():
        if region_colours[r] in (BLACK, WHITE):
            eye_regions.setdefault(find(hs[0]), set()).add(r)
    living = {b for b, rs in eye_regions.items() if len(rs) >= 2}
    # Seki units through mixed regions.
    for r, hs in sorted(region_strings.items()):
        if region_colours[r] == 3:
            hs = [h for h in hs if find(h) not in living]
            for h in hs[1:]:
                union(hs[0], h)
    units: dict[int, list[int]] = {}
    for h in sorted(cand):
        units.setdefault(find(h), []).append(h)
    seki_heads: list[int] = []
    for root, members in units.items():
        if root in living or len({col[h] for h in members}) < 2:
            continue
        seki_heads += members
    if not seki_heads:
        return info
    seki_heads.sort()
    info.strings = [tuple(stones[h]) for h in seki_heads]
    touched = sorted({region_of[x] for h in seki_heads for x in libs[h]})
    shared: set[int] = set()
    for r in touched:
        if region_colours[r] in (BLACK, WHITE):
            for x in regions[r]:
                info.eyes[x] = region_colours[r]
            continue
        for x in regions[r]:
            sb, sw = safe(x, BLACK), safe(x, WHITE)
            if sb != sw:
                info.one_sided[x] = BLACK if sb else WHITE
                continue
            adj = 0
            for q in nbrs[x]:
                adj |= col[q] if col[q] != EDGE else 0
            if not sb and adj in (BLACK, WHITE):
                info.own_liberties[x] = adj
            else:
                shared.add(x)
    info.shared = frozenset(shared)
    return info


def find_seki(board: Board, dead: set[int] | frozenset[int] = frozenset()) -> SekiInfo:
    """Find the seki (双活) of a position, the stones in `dead` taken off first.

    A string is *locked* when at least two of its liberties are points the opponent cannot
    fill without suicide or self-atari (its eyes, shared liberties, one-sided points) and
    every string touching those points is locked too.  Locked strings that share an eye form
    a block; a block with two eyes or more lives on its own.  Blocks of both colours with
    liberties in one empty region that touches both colours are a seki: one eye each, one
    eye against none, no eyes at all (eyes are one-colour regions of at most SEKI_EYE_MAX
    points).
    """
    col = list(board.colour)
    for p in dead:
        col[p] = EMPTY
    return _find_seki(col, board.points, board.neighbours)


def _bouzy(col: list[int], points: tuple[int, ...], nbrs: tuple[tuple[int, ...], ...],
           dilations: int = 5, erosions: int = 21) -> dict[int, int]:
    """Bouzy's 5/21 influence map (Zobrist dilations, then erosions): per point, the colour
    whose area it is (EMPTY where neither)."""
    v = {p: (128 if col[p] == BLACK else -128 if col[p] == WHITE else 0) for p in points}
    for _ in range(dilations):
        new = dict(v)
        for p in points:
            x = v[p]
            ns = [v[q] for q in nbrs[p]]
            if x >= 0 and all(y >= 0 for y in ns):
                new[p] = x + sum(1 for y in ns if y > 0)
            if x <= 0 and all(y <= 0 for y in ns):
                new[p] = new[p] - sum(1 for y in ns if y < 0)
        v = new
    for _ in range(erosions):
        new = dict(v)
        for p in points:
            x = v[p]
            if x > 0:
                new[p] = max(0, x - sum(1 for q in nbrs[p] if v[q] <= 0))
            elif x < 0:
                new[p] = min(0, x + sum(1 for q in nbrs[p] if v[q] >= 0))
        v = new
    return {p: BLACK if x > 0 else WHITE if x < 0 else EMPTY for p, x in v.items()}


def _strong_area(col: list[int], nbrs: tuple[tuple[int, ...], ...], strong: list[int],
                 libs: dict[int, set[int]], size: int) -> list[int]:
    """Per point, the colour of the strong strings nearest to it through empty points
    (EMPTY on ties and where no strong string reaches): the area each side controls."""
    area = [EMPTY] * size
    dist = [-1] * size
    frontier: list[int] = []
    for h in sorted(strong):
        c = col[h]
        for x in sorted(libs[h]):
            if dist[x] < 0:
                dist[x] = 0
                area[x] = c
                frontier.append(x)
            elif dist[x] == 0 and area[x] != c:
                area[x] = 3  # tie
    d = 0
    while frontier:
        d += 1
        nxt: list[int] = []
        for p in frontier:
            a = area[p]
            for q in nbrs[p]:
                if col[q] != EMPTY:
                    continue
                if dist[q] < 0:
                    dist[q] = d
                    area[q] = a
                    nxt.append(q)
                elif dist[q] == d and area[q] != a:
                    area[q] = 3
        frontier = nxt
    return [EMPTY if a == 3 else a for a in area]


# -- 3. Monte Carlo ownership --------------------------------------------------------------


class _Playouts:
    """Random playouts from one position, with the seki-aware policy described above."""

    def __init__(self, board: Board, col: list[int], playable: list[int], protected: set[int],
                 rng: random.Random, area: list[int]) -> None:
        self.base = PlayoutBoard(board, col)
        points, nbrs, diag = board.points, board.neighbours, board.diagonals
        self.points = points
        self.nbrs = nbrs
        self.playable = playable
        self.protected = protected
        self.rng = rng
        self.area = area
        # Stones of the strings an earlier round found strong: joining one is always safe.
        self.strong: set[int] = set()
        heads = self.base.heads()
        self.base_stones = {h: self.base.stones[h] for h in heads}
        self.base_libs = {h: self.base.libs[h] for h in heads}
        self.base_atari = [h for h in heads if len(self.base.libs[h]) == 1]  # type: ignore[arg-type]
        self.near = [tuple(sorted(set(nbrs[p]) | set(diag[p]))) for p in range(len(col))]
        # The colour that alone borders each empty region (its eye space or territory): a
        # move there is an attack on that side's shape, never held back as an invasion.
        self.enclosed = [EMPTY] * len(col)
        regions, _ = _regions(col, points, nbrs, lambda c: c == EMPTY)
        for reg in regions:
            seen = 0
            for p in reg:
                for q in nbrs[p]:
                    seen |= col[q] if col[q] != EDGE else 0
            if seen in (BLACK, WHITE) and len(reg) <= EYE_SPACE_MAX:
                for p in reg:
                    self.enclosed[p] = seen

    def ownership(self, n: int) -> tuple[list[int], list[int]]:
        """Run n playouts, Black first in the even ones; count per point how often each
        colour owns it at the end."""
        points = self.points
        black = [0] * len(self.base.colour)
        white = [0] * len(self.base.colour)
        for i in range(n):
            final = self.run(BLACK if i % 2 == 0 else WHITE)
            for p in points:
                c = final[p]
                if c == BLACK:
                    black[p] += 1
                elif c == WHITE:
                    white[p] += 1
        return black, white

    def run(self, first: int) -> list[int]:
        """One playout with `first` to move; returns the final colour array with each empty
        point given to the only colour around it (EMPTY when both or none)."""
        nbrs = self.nbrs
        protected = self.protected
        board = self.base.copy()
        col = board.colour
        head = board.head
        libs = board.libs
        move_kind = board.move_kind
        empty = [p for p in self.playable if col[p] == EMPTY]
        pos = {p: i for i, p in enumerate(empty)}
        colour = first
        passes = 0
        last = -1
        near = self.near
        strong = self.strong
        area = self.area
        enclosed = self.enclosed
        max_moves = 3 * len(empty) + 30
        moves = 0
        random_ = self.rng.random

        def candidate(p: int, c: int, allow_selfatari: bool) -> bool:
            """Whether the policy lets c play at empty p."""
            if p == board.ko_point:
                return False
            kind = move_kind(p, c)
            k = kind & KIND
            if k == CAPTURE:
                return True
            if k == SNAPBACK:  # a capture taken back at once: a self-atari like others
                return allow_selfatari and selfatari_ok(p, c)
            if kind & EYE_SHAPE and (p in protected or kind & TRUE_EYE) \
                    and not board.is_own_atari_liberty(p, c):
                # Fill an own eye only to save a string in atari; a false eye is only a
                # connection, and may be filled.
                return False
            if k == SAFE:
                return True
            return k == SELF_ATARI and allow_selfatari and selfatari_ok(p, c)

        def selfatari_ok(p: int, c: int) -> bool:
            """A random self-atari of c at p: never on a seki point, never for a big string,
            and then only half the time (nakade needs some)."""
            return (p not in protected and board.size_after(p, c) <= SELF_ATARI_MAX
                    and random_() < SELF_ATARI_RATE)

        def play(p: int, c: int) -> None:
            """Play c at p (legal); the captured points return to the draw."""
            i = pos.pop(p)
            lastp = empty.pop()
            if lastp != p:
                empty[i] = lastp
                pos[lastp] = i
            for s in board.play(p, c):
                pos[s] = len(empty)
                empty.append(s)

        def draw(c: int, opp: int, invade: bool) -> tuple[int, int]:
            """A uniform draw without replacement of a point the policy lets c play (a refused
            point is swapped behind the ones still to draw from); -1 when there is none.
            Without `invade`, points of opp's area are skipped, and counted."""
            k = len(empty)
            invasions = 0
            while k:
                i = int(random_() * k)
                p = empty[i]
                if not invade and area[p] == opp and enclosed[p] != opp:
                    invasions += 1
                elif candidate(p, c, True):
                    return p, invasions
                k -= 1
                q = empty[k]
                empty[i] = q
                empty[k] = p
                pos[q] = i
                pos[p] = k
            return -1, invasions

        watch = self.base_atari[:]
        while moves < max_moves:
            c = colour
            opp = 3 - c
            move = -1
            if watch:
                # Strings in atari: capture the opponent's, else save an own one.
                keep = []
                escape = -1
                joins = False
                for h in watch:
                    ls = libs[h]
                    if ls is None or len(ls) != 1 or col[h] == EMPTY or head[h] != h:
                        continue
                    keep.append(h)
                    x = next(iter(ls))
                    if move < 0 and x != board.ko_point:
                        if col[h] == opp:
                            if candidate(x, c, False):
                                move = x
                        elif escape < 0 and candidate(x, c, False):
                            escape = x
                            joins = bool(strong) and _joins_through_own_point(
                                col, nbrs, head, x, c, h, strong)
                watch = keep
                if move < 0 and escape >= 0 and (joins or random_() < ESCAPE_RATE):
                    move = escape
            if move < 0 and last >= 0 and random_() < LOCAL_RATE:
                # Answer near the last move (the 8 points around it), as a player would.
                around = [q for q in near[last] if col[q] == EMPTY and q in pos
                          and (area[q] != opp or enclosed[q] == opp)]
                while around:
                    q = around.pop(int(random_() * len(around)))
                    if candidate(q, c, True):
                        move = q
                        break
            if move < 0:
                # A move into the other side's area is tried only when nothing else is
                # left, and then only with probability INVADE_RATE.
                move, invasions = draw(c, opp, False)
                if move < 0 and invasions and random_() < INVADE_RATE:
                    move, _ = draw(c, opp, True)
            moves += 1
            if move < 0:
                passes += 1
                if passes >= 2:
                    break
                board.play_pass()
                last = -1
            else:
                passes = 0
                play(move, c)
                last = move
                h = head[move]
                if len(libs[h]) == 1:  # type: ignore[arg-type]
                    watch.append(h)
                for q in nbrs[move]:
                    if col[q] == opp:
                        h = head[q]
                        if len(libs[h]) == 1 and h not in watch:  # type: ignore[arg-type]
                            watch.append(h)
            colour = opp
        # Area: an empty point goes to the only colour around it.
        for p in self.points:
            if col[p] == EMPTY:
                seen = 0
                for q in nbrs[p]:
                    seen |= col[q]
                col[p] = seen if seen in (BLACK, WHITE) else EMPTY
        return col


def _joins_through_own_point(col: list[int], nbrs: tuple[tuple[int, ...], ...],
                             head: list[int], x: int, c: int, h: int, strong: set[int]) -> bool:
    """Whether x, the last liberty of c's string h, is bordered by c alone and joins h to a
    strong string of c: the opponent cannot play there first, so h is as good as connected to
    a living group, and a player always saves it there (a playout must not let it die)."""
    joins = False
    for q in nbrs[x]:
        cq = col[q]
        if cq != c:
            return False  # empty or the opponent's: not bordered by c alone
        if head[q] != h and q in strong:
            joins = True
    return joins


# -- 4. the judgement ----------------------------------------------------------------------


def _default_playouts(n_points: int) -> int:
    return 64 if n_points > 200 else 96


def _decide(heads: list[int], col: list[int], stones: dict[int, list[int]], black: list[int],
            white: list[int], n: int, string_status: dict[int, str]) -> None:
    """Alive or dead by the share of n playouts that owned each string's points."""
    for h in heads:
        c = col[h]
        own_counts = black if c == BLACK else white
        opp_counts = white if c == BLACK else black
        ss = stones[h]
        own = sum(own_counts[p] for p in ss) / (n * len(ss))
        opp = sum(opp_counts[p] for p in ss) / (n * len(ss))
        if own >= ALIVE_SHARE:
            string_status[h] = ALIVE
        elif opp >= DEAD_SHARE:
            string_status[h] = DEAD


def judge(board: Board, *, seed: int = 0, playouts: int | None = None,
          multi_stone_suicide: bool = False) -> StatusReport:
    """Judge a finished position: statuses, point owners, unclear strings and ownership.

    seed -- the only source of randomness (``random.Random(seed)``): same board and seed,
        same report, in every process
    playouts -- playouts of the main round (the first round runs half as many); None
        chooses by board size (96, or 64 above 200 points)
    multi_stone_suicide -- whether the rules allow it (Benson's vital regions change)
    The board is not modified.
    """
    points = board.points
    nbrs = board.neighbours
    col = list(board.colour)
    rng = random.Random(seed)

    head, stones, _ = _find_strings(col, points, nbrs)
    string_status: dict[int, str] = {}
    fixed_owner: dict[int, int] = {}

    # 1. Benson for both colours.
    for colour in (BLACK, WHITE):
        alive, territory, dead = _benson(col, points, nbrs, colour, multi_stone_suicide)
        for p in alive:
            string_status[head[p]] = ALIVE
            fixed_owner[p] = colour
        for p in territory:
            fixed_owner[p] = colour
        for p in dead:
            string_status[head[p]] = DEAD
    certain = set(string_status)
    benson_dead = {p for h, s in string_status.items() if s == DEAD for p in stones[h]}
    work = col[:]
    for p in benson_dead:
        work[p] = EMPTY

    # 2. Seki on the position without the unconditionally dead stones.
    seki = _find_seki(work, points, nbrs)
    protected = set(seki.shared) | set(seki.one_sided) | set(seki.own_liberties)
    protected |= set(seki.eyes)

    # 3. Monte Carlo for the strings still undecided: a first round whose playouts keep out
    # of the other side's area by Bouzy's influence map, then a second round that takes the
    # area from the strings the first round found strong, then a third one for what is
    # still undecided.
    undecided = [h for h in stones if h not in string_status]
    ownership: dict[int, float] = {}
    if undecided:
        n = playouts if playouts is not None else _default_playouts(len(points))
        n1 = max(2, int(n * FIRST_ROUND))
        playable = [p for p in points if p not in fixed_owner]
        area = [EMPTY] * len(col)
        for p, c in _bouzy(work, points, nbrs).items():
            area[p] = c
        mc = _Playouts(board, work, playable, protected, rng, area)
        black, white = mc.ownership(n1)
        work_stones, work_libs = mc.base_stones, mc.base_libs
        strong: list[int] = []
        for h, ss in work_stones.items():
            c = work[h]
            own_counts = black if c == BLACK else white
            if all(p in fixed_owner for p in ss) or (
                    sum(own_counts[p] for p in ss) >= STRONG_SHARE * n1 * len(ss)):
                strong.append(h)
        mc.area = _strong_area(work, nbrs, strong, work_libs, len(col))
        black, white = mc.ownership(n)
        for p in points:
            ownership[p] = (black[p] - white[p]) / n
        _decide(undecided, col, stones, black, white, n, string_status)
        # A third round for the strings still undecided (capturing races next to a strong
        # group): its playouts always save a string in atari that joins a strong string
        # through a point only its own colour borders, as any player would.
        still = [h for h in undecided if h not in string_status]
        if still:
            mc.strong = {p for h in strong for p in work_stones[h]}
            black, white = mc.ownership(n)
            _decide(still, col, stones, black, white, n, string_status)
            for h in still:
                for p in stones[h]:
                    ownership[p] = (black[p] - white[p]) / n
    for p, c in fixed_owner.items():
        ownership[p] = 1.0 if c == BLACK else -1.0

    # Bent four in the corner (盘角曲四) is dead: the attacker fills the outside liberties
    # and wins the ko, since a finished position leaves no ko threats to fight it with.
    for h in _bent_four_in_corner(board, work, points, nbrs):
        if h not in certain:
            string_status[h] = DEAD

    # 4. Consistency inside blocks joined by an empty region of their own colour; the
    # strings Benson decided keep their verdict.
    _make_consistent(col, points, nbrs, head, stones, string_status, certain)

    # Unclear strings stay on the board: their points read 'alive' in `status`.
    unclear = sorted(tuple(stones[h]) for h in stones if h not in string_status)
    final = col[:]
    for h, st in string_status.items():
        if st == DEAD:
            for p in stones[h]:
                final[p] = EMPTY
    # Seki is judged again without the dead stones; its strings read 'seki'.
    seki_final = _find_seki(final, points, nbrs)
    for ss in seki_final.strings:
        if string_status.get(head[ss[0]]) == ALIVE:
            string_status[head[ss[0]]] = SEKI
    status: dict[int, str] = {}
    for h, ss in stones.items():
        st = string_status.get(h, ALIVE)
        for p in ss:
            status[p] = st
    owner = _owners(final, points, nbrs, seki_final)
    for p in points:
        if p not in ownership:  # decided without playouts: the judged owner
            c = final[p] if final[p] != EMPTY else _OWNER_COLOUR[owner[p]]
            ownership[p] = 1.0 if c == BLACK else -1.0 if c == WHITE else 0.0
    return StatusReport(status=status, owner=owner, unclear=unclear,
                        ownership={p: ownership[p] for p in points})


def _bent_four_in_corner(board: Board, col: list[int], points: tuple[int, ...],
                         nbrs: tuple[tuple[int, ...], ...]) -> list[int]:
    """Heads of the strings whose only eye space is a bent four in the corner (盘角曲四).

    The eye space is an empty L of four points along both edges with its bend on the corner
    point, bordered by one colour only; the strings around it have no other one-colour
    region, and every other liberty of theirs touches an opponent stone (the attacker can
    fill it).
    """
    w, h = board.width, board.height
    if w < 3 or h < 3:
        return []
    shapes = []
    for r0, dr in ((0, 1), (h - 1, -1)):
        for c0, dc in ((0, 1), (w - 1, -1)):
            corner = [(r0, c0), (r0, c0 + dc), (r0 + dr, c0)]
            shapes.append(corner + [(r0, c0 + 2 * dc)])
            shapes.append(corner + [(r0 + 2 * dr, c0)])
    head, stones, libs = _find_strings(col, points, nbrs)
    regions, region_of = _regions(col, points, nbrs, lambda c: c == EMPTY)
    found: list[int] = []
    for shape in shapes:
        pts = {board.point(r, c) for r, c in shape}
        if any(col[p] != EMPTY for p in pts) or len(regions[region_of[next(iter(pts))]]) != 4:
            continue
        if set(regions[region_of[next(iter(pts))]]) != pts:
            continue
        around = {head[q] for p in pts for q in nbrs[p] if col[q] != EMPTY}
        colours = {col[q] for q in around}
        if len(colours) != 1:
            continue
        colour = colours.pop()
        ok = True
        for s in around:
            for x in libs[s]:
                if x in pts:
                    continue
                reg = regions[region_of[x]]
                if not any(col[q] == 3 - colour for q in nbrs[x]) or all(
                        col[q] != 3 - colour for y in reg for q in nbrs[y]):
                    ok = False
                    break
            if not ok:
                break
        if ok:
            found += sorted(around)
    return found


def _make_consistent(col: list[int], points: tuple[int, ...], nbrs: tuple[tuple[int, ...], ...],
                     head: dict[int, int], stones: dict[int, list[int]],
                     string_status: dict[int, str], certain: set[int]) -> None:
    """Give one verdict to strings of one colour that share an empty region of that colour.

    If such a block mixes living (alive / seki) and dead strings, the verdict of the most
    stones wins when it has a clear majority (two thirds); otherwise the block is unclear.
    """
    regions, _ = _regions(col, points, nbrs, lambda c: c == EMPTY)
    parent = {h: h for h in stones}

    def find(h: int) -> int:
        while parent[h] != h:
            parent[h] = parent[parent[h]]
            h = parent[h]
        return h

    for reg in regions:
        touching = sorted({head[q] for p in reg for q in nbrs[p] if col[q] != EMPTY})
        if len({col[h] for h in touching}) != 1:
            continue
        for h in touching[1:]:
            a, b = find(touching[0]), find(h)
            if a != b:
                parent[max(a, b)] = min(a, b)
    blocks: dict[int, list[int]] = {}
    for h in sorted(stones):
        blocks.setdefault(find(h), []).append(h)
    for members in blocks.values():
        if len(members) < 2:
            continue
        living = sum(len(stones[h]) for h in members if string_status.get(h) in (ALIVE, SEKI))
        dead = sum(len(stones[h]) for h in members if string_status.get(h) == DEAD)
        if not living or not dead:
            continue
        total = sum(len(stones[h]) for h in members)
        sure = {string_status[h] for h in members if h in certain}
        if len(sure) == 1:
            verdict: str | None = sure.pop()
        elif sure:
            continue
        elif dead * 3 >= 2 * total:
            verdict = DEAD
        elif living * 3 >= 2 * total:
            verdict = ALIVE
        else:
            verdict = None
        for h in members:
            if h in certain:
                continue
            if verdict is None:
                string_status.pop(h, None)
            elif verdict == DEAD or string_status.get(h) != SEKI:
                string_status[h] = verdict


def _owners(col: list[int], points: tuple[int, ...], nbrs: tuple[tuple[int, ...], ...],
            seki: SekiInfo) -> dict[int, str]:
    """Owner of each empty point of a position whose dead stones are removed.

    A region bordered by one colour is that colour's (空, seki eyes included); a region
    touching both is public (单官, 公气) except the one-sided points of a seki.
    """
    regions, _ = _regions(col, points, nbrs, lambda c: c == EMPTY)
    owner: dict[int, str] = {}
    for reg in regions:
        cs: set[int] = set()
        for p in reg:
            for q in nbrs[p]:
                if col[q] != EMPTY:
                    cs.add(col[q])
        if len(cs) == 1:
            name = _OWNER_NAME[next(iter(cs))]
            for p in reg:
                owner[p] = name
            continue
        for p in reg:
            c = seki.one_sided.get(p) or seki.own_liberties.get(p) or EMPTY
            owner[p] = _OWNER_NAME[c]
    return owner


__all__ = ["StatusReport", "SekiInfo", "judge", "benson_alive", "find_seki", "ALIVE", "DEAD",
           "SEKI", "ALIVE_SHARE", "DEAD_SHARE", "EDGE"]

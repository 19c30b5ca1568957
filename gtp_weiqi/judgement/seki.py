"""Stage 2 of the judgement: seki (双活).

Strings of both colours whose liberties, shared (公气) or their own small eyes, cannot be
filled by the opponent without suicide or self-atari, that do not have two eyes of their
own, and that hold a liberty outside their one eye if they have one.  The one-sided points
of a seki are found too: a point only one side can fill safely (单方权利官子) and a liberty
touching one side only that nobody can fill (单方的气)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.board import BLACK, EMPTY, WHITE, Board, opponent
from ..core.playout_board import KIND, NO_POINT, SAFE, SELF_ATARI, SNAPBACK, PlayoutBoard
from .regions import Blocks, border_colours, empty_regions
from .tactics import Reader, Unread, nakade_vital_point

# PlayoutBoard's stones[p] and libs[p] are None unless p is a string's head; the type
# ignores marked `at a head` read them at a head, where they are always set.

SEKI_EYE_MAX = 3  # largest one-colour region counted as a seki eye
RACE_STONES_MIN = 6  # smallest string in a race seki: its capture leaves 7 points or more
NAKADE_FILL_MAX = 3  # largest string a self-atari filling a liberty may make to kill (点眼)
OUTSIDE_FILL_MAX = 2  # most outside liberties a killer fills before a self-atari that kills
BOTH = BLACK | WHITE  # a region bordered by both colours
RACE_READ_POINTS = 8  # most liberties of a race's two strings read out move by move
RACE_READ_BUDGET = 4000  # positions read per race
RACE_EYE_MAX = 2  # largest eye of a race string with eyes: no play in it makes two eyes


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
    races -- of `strings`, those in a capturing race that neither side wins moving first,
        without eyes (无眼双活) or with an eye each or on one side (有眼双活): `race_seki`
    """

    strings: list[tuple[int, ...]] = field(default_factory=list)
    shared: frozenset[int] = frozenset()
    one_sided: dict[int, int] = field(default_factory=dict)
    own_liberties: dict[int, int] = field(default_factory=dict)
    eyes: dict[int, int] = field(default_factory=dict)
    races: list[tuple[int, ...]] = field(default_factory=list)

    def stones(self) -> set[int]:
        return {p for s in self.strings for p in s}


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
    return seki_in(board, col)


def seki_in(board: Board, col: list[int]) -> SekiInfo:
    """Seki detection on `board`'s geometry with the colours `col`, from which the dead
    stones are already removed.

    1. A liberty of a string is *held* when the opponent cannot fill it without suicide or
       self-atari and every string touching it is still a candidate; a string is *locked*
       when it has at least two held liberties (repeat until stable).
    2. Locked strings joined through an empty region of their own colour (a shared eye) form
       a block; a block with two or more such eye regions lives on its own (not seki), and
       a block with one that holds no liberty outside it is in none: its strings are left
       out and step 1 read again.
    3. Blocks of both colours with liberties in a common empty region touching both colours
       form a seki unit (双活).
    """
    position = PlayoutBoard(board, col)
    regions, region_of = empty_regions(col, board.points, board.neighbours)
    region_colours = [border_colours(col, board.neighbours, reg) for reg in regions]
    safe = _SafePoints(position)
    locked = _locked_strings(position, _candidates(position, regions, region_of,
                                                   region_colours), safe)
    seki_heads: list[int] = []
    while locked:
        seki_heads, one_eyed = _seki_strings(position, locked, region_of, region_colours, safe)
        if not one_eyed:
            break
        locked = _locked_strings(position, locked - one_eyed, safe)
    races = race_seki(position, regions, region_of, region_colours, safe)
    seki_heads = sorted(set(seki_heads) | set(races))
    if not seki_heads:
        return SekiInfo()
    info = _seki_points(position, seki_heads, regions, region_of, region_colours, safe)
    info.races = [tuple(position.stones[h])  # type: ignore[arg-type]  # at a head
                  for h in races]
    return info


def race_seki(position: PlayoutBoard, regions: list[list[int]], region_of: dict[int, int],
              region_colours: list[int], safe: _SafePoints) -> list[int]:
    """Heads of the strings in a capturing race (对杀) that neither side wins, whoever moves
    first: a seki.  Both strings have RACE_STONES_MIN stones or more, so that taking either
    leaves its taker a space larger than any eye shape that can be killed: two stones in a
    ring, whose capture leaves the ring a bent three, are no such race.

    Without eyes (无眼双活): two strings of opposite colours share s >= 2 liberties and have
    a and b others; every liberty of both lies in a region touching both colours that is
    small (at most SEKI_EYE_MAX points) or a lane of common liberties (every point a liberty
    of both), so neither has an eye or can make one; a play on any of its liberties leaves
    either string one liberty fewer (`_costs_one`: no way out); and each other liberty is
    one the opponent can fill safely.  Filling a shared liberty then costs the filler as
    much as the other side (`race_is_seki`).  The strings whose every liberty is one of the
    race's live and die with it and are in it too (`_attached`).  Where the count does not
    settle it (a common liberty whose filler takes a liberty back, say), the race of the two
    strings alone is read out (`race_read`) and is seki when neither side wins it moving
    first; strings attached to it are then not added.

    With eyes (有眼双活): the two strings share a liberty; each has at most one eye of its
    own (`race_eye`: one or two points that only its stones border, so that no play there
    makes two), and at least one of them has one; and every other opponent string beside
    either is safe (`_safe_beside`: taking it would give a liberty).  The race is read out
    (`race_read`: fills, throw-ins into the eyes, passes) and is seki when neither side
    takes the other moving first.  The static test of `seki_in` misses such a race: filling
    the shared liberty is no self-atari, it only loses the race."""
    col, head, libs, nbrs = position.colour, position.head, position.libs, position.neighbours
    known: dict[int, int | None] = {}

    def eye(h: int) -> int | None:  # -1: a race string without an eye
        if h not in known:
            known[h] = race_eye(position, h, regions, region_of, region_colours)
        return known[h]

    def small_or_lane(h: int, w: int) -> bool:
        # a region past SEKI_EYE_MAX points counts only when every point is a liberty of
        # both strings (a lane of common liberties): no play there makes an eye
        shared: set[int] = libs[h] & libs[w]  # type: ignore[operator]  # at a head
        return all(len(regions[region_of[x]]) <= SEKI_EYE_MAX
                   or shared.issuperset(regions[region_of[x]])
                   for x in libs[h] | libs[w])  # type: ignore[operator]  # at a head

    found: set[int] = set()
    for h in position.heads():
        black_eye = eye(h) if col[h] == BLACK else None
        if black_eye is None:
            continue
        mine: set[int] = libs[h]  # type: ignore[assignment]  # at a head
        for w in sorted({head[q] for x in mine for q in nbrs[x] if col[q] == WHITE}):
            white_eye = eye(w)
            if white_eye is None:
                continue
            if max(black_eye, white_eye) >= 0:  # an eye on one side or both
                if (_safe_beside(position, h, w) and _safe_beside(position, w, h)
                        and race_read(position, h, w) == (EMPTY, EMPTY)):
                    found |= {h, w}
                continue
            theirs: set[int] = libs[w]  # type: ignore[assignment]  # at a head
            shared = mine & theirs
            if len(shared) < 2 or not small_or_lane(h, w):
                continue
            a, b = mine - shared, theirs - shared
            if (race_is_seki(len(a), len(b), len(shared))
                    and all(_costs_one(position, x, h) and _costs_one(position, x, w)
                            for x in shared)
                    and all(_costs_one(position, x, h) and safe(x, WHITE) for x in a)
                    and all(_costs_one(position, x, w) and safe(x, BLACK) for x in b)):
                attached = _attached(position, h, w, a, b, shared)
                if attached is not None:
                    found |= {h, w} | attached
            elif race_read(position, h, w) == (EMPTY, EMPTY):
                found |= {h, w}
    return sorted(found)


def race_eye(position: PlayoutBoard, h: int, regions: list[list[int]],
             region_of: dict[int, int], region_colours: list[int]) -> int | None:
    """For `race_seki`, the string at head h: the index of its one eye region (at most
    RACE_EYE_MAX points, bordered by its stones only), -1 when every liberty lies in regions
    touching both colours, None when it is no race string with at most one eye (too small,
    two eyes, or a liberty in a region its colour borders that is no such eye)."""
    col, head, nbrs = position.colour, position.head, position.neighbours
    if len(position.string(h)) < RACE_STONES_MIN:
        return None
    eyes = set()
    for x in position.liberties(h):
        r = region_of[x]
        if region_colours[r] == BOTH:
            continue
        if len(regions[r]) > RACE_EYE_MAX or any(
                col[q] != EMPTY and head[q] != h for y in regions[r] for q in nbrs[y]):
            return None
        eyes.add(r)
    if len(eyes) > 1:
        return None
    return eyes.pop() if eyes else -1


def _safe_beside(position: PlayoutBoard, h: int, partner: int) -> bool:
    """Whether every opponent string beside the string at h, `partner` aside, has three
    liberties or more, or is read not taken with h's side moving first (`Reader`): taking
    one would give h a liberty off the race's points, which `race_read` does not see."""
    col, head, nbrs = position.colour, position.head, position.neighbours
    beside = {head[q] for p in position.string(h) for q in nbrs[p]
              if col[q] == opponent(col[h]) and head[q] != partner}
    return all(len(position.liberties(s)) >= 3 or Reader(position).captured_first(s) is False
               for s in sorted(beside))


def race_read(position: PlayoutBoard, h: int, w: int) -> tuple[int, int] | None:
    """The race between the strings h and w of opposite colours read out move by move, on
    their liberties only (at most RACE_READ_POINTS): the colour that takes the other's string
    with Black moving first, and with White moving first, EMPTY for neither (seki, 无眼双活);
    each side may pass (which lifts a ko), and a stone thrown in there may be taken.  None
    when the race is not shut on those points (a play there takes another string, or leaves
    a race string a liberty elsewhere), when the reading passes RACE_READ_BUDGET positions,
    or when a line runs past three plies a point (a ko fought round).  Where a play on a
    common liberty gives its player a liberty back (a three-point space shared unevenly),
    counting liberties says nothing, and this reads it.  The position is played on and left
    as it was."""
    points = sorted(position.liberties(h) | position.liberties(w))
    if len(points) > RACE_READ_POINTS:
        return None
    read = _RaceReader(position, h, w, points)
    try:
        return read.winner(BLACK), read.winner(WHITE)
    except Unread:
        return None


class _RaceReader(Reader):
    """Negamax over the points of a race (`race_read`), played and taken back on the board
    (`Reader`): +1 when the mover's side takes the other race string, 0 when neither is
    taken (two passes in a row), -1 when its own is.  `Unread` when the race is not shut on
    its points, or the budget or depth runs out."""

    def __init__(self, position: PlayoutBoard, h: int, w: int, points: list[int]) -> None:
        super().__init__(position, RACE_READ_BUDGET, 3 * len(points))
        self.points, self.allowed = points, set(points)
        self.stone = {position.colour[h]: h, position.colour[w]: w}  # a stone of each
        self.inside = self.allowed | set(position.string(h)) | set(position.string(w))
        self.seen: dict[tuple[object, ...], int] = {}

    def winner(self, first: int) -> int:
        v = self._value(first, 0, 0)
        return first if v > 0 else 3 - first if v < 0 else EMPTY

    def _value(self, c: int, passes: int, depth: int) -> int:
        b = self.board
        key = (tuple(b.colour[x] for x in self.points), c, passes, b.ko_point)
        if key in self.seen:
            return self.seen[key]
        self._count()
        if depth > self.depth:
            raise Unread
        if passes:
            best = 0
        else:
            ko, b.ko_point = b.ko_point, NO_POINT  # a pass lifts the ko
            try:
                best = -self._value(3 - c, 1, depth + 1)
            finally:
                b.ko_point = ko
        for x in self.points:
            if best == 1:
                break
            if b.colour[x] != EMPTY or not self._legal(x, c):
                continue
            undo = self._play(x, c)
            try:
                best = max(best, self._after_play(c, undo[5], depth))
            finally:
                self._undo(undo)
        self.seen[key] = best
        return best

    def _after_play(self, c: int, taken: list[int], depth: int) -> int:
        """The value for c of the play just made, which took the stones `taken`."""
        b = self.board
        if any(q not in self.inside for q in taken):
            raise Unread  # another string taken: the race is not shut
        if b.colour[self.stone[3 - c]] == EMPTY:
            return 1
        if any(not b.liberties(self.stone[side]) <= self.allowed for side in (BLACK, WHITE)):
            raise Unread  # a liberty elsewhere: a way out
        return -self._value(3 - c, 0, depth + 1)


def _attached(position: PlayoutBoard, h: int, w: int, a: set[int], b: set[int],
              shared: set[int]) -> set[int] | None:
    """The heads of the other strings whose every liberty is a liberty of the race strings
    h (Black) and w (White), beside a liberty of the race string of their colour: they live
    and die with the race (a lone stone at the end of the common liberties is one).  None
    when they turn it: such a string with a liberty among Black's own ones `a` or White's
    `b` gives the opponent a fill there that forces a common liberty to be filled (the string
    in atari must join), so the race must be seki with those fills made too."""
    col, head, libs, nbrs = position.colour, position.head, position.libs, position.neighbours
    race_libs: set[int] = libs[h] | libs[w]  # type: ignore[operator]  # at a head
    attached = {head[q] for x in sorted(race_libs) for q in nbrs[x]
                if col[q] != EMPTY and head[q] not in (h, w)
                and libs[head[q]] <= race_libs  # type: ignore[operator]  # at a head
                and libs[head[q]] & libs[h if col[q] == col[h] else w]}  # type: ignore[operator]
    own: list[set[int]] = [libs[t] for t in attached]  # type: ignore[misc]  # at a head
    da = sum(1 for ls in own if ls & a)
    db = sum(1 for ls in own if ls & b)
    s = len(shared)
    if not all(race_is_seki(len(a) - i, len(b) - j, s - i - j)
               for i, j in ((da, 0), (0, db), (da, db))):
        return None
    return attached


class _SafePoints:
    """Whether a colour can play at an empty point without suicide or self-atari (a capture
    makes it safe), asked once per point and colour.  A self-atari that kills is safe too
    (`_nakade_fill`): the string it makes is taken, and what its capture leaves is one eye."""

    def __init__(self, position: PlayoutBoard) -> None:
        self.position = position
        self.known: dict[tuple[int, int], bool] = {}

    def __call__(self, p: int, c: int) -> bool:
        key = (p, c)
        found = self.known.get(key)
        if found is None:
            kind = self.position.move_kind(p, c) & KIND
            found = (kind > SAFE or kind == SAFE and not _costly_approach(self.position, p, c)
                     or kind == SELF_ATARI and _nakade_fill(self.position, p, c))
            self.known[key] = found
        return found


def _costly_approach(position: PlayoutBoard, p: int, c: int) -> bool:
    """Whether c's play at p, which captures nothing and leaves c's string two liberties,
    lets the opponent, moving next, take a string of c's that could not be taken before:
    the string played, or one sharing a liberty with it.  Such an approach (紧气) costs the
    approacher stones, so it is not a safe fill: a corner seki with the invader's stones on
    the 1-2 and 2-1 points around an empty corner point is one.  Asked only in a small
    empty region (at most SEKI_EYE_MAX points): in open space every two-liberty string
    could be chased, and nothing is locked by that."""
    if position.liberties_after(p, c) != 2 or not _in_small_region(position, p):
        return False
    after = position.copy()
    after.play(p, c)
    libs = after.liberties(p)
    weak = {p} | {after.head[q] for x in libs for q in after.neighbours[x]
                  if after.colour[q] == c and len(after.liberties(q)) <= 2}
    for s in sorted(weak):
        if Reader(after).captured_first(s) is True and (
                s == p or Reader(position).captured_first(s) is not True):
            return True
    return False


def _in_small_region(position: PlayoutBoard, p: int) -> bool:
    """Whether the empty region of p has at most SEKI_EYE_MAX points."""
    col, nbrs = position.colour, position.neighbours
    seen = [p]
    for x in seen:
        for q in nbrs[x]:
            if col[q] == EMPTY and q not in seen:
                if len(seen) == SEKI_EYE_MAX:
                    return False
                seen.append(q)
    return True


def race_is_seki(a: int, b: int, shared: int) -> bool:
    """Whether a capturing race without eyes between strings with `shared` common
    liberties and a and b others is seki whoever moves first: |a - b| <= shared - 2.  The
    side with shared - 1 more liberties wins moving first, with `shared` more whoever moves
    first; with one common liberty or none, the side to move fills and wins."""
    return shared >= 2 and abs(a - b) <= shared - 2


def _costs_one(position: PlayoutBoard, x: int, h: int) -> bool:
    """Whether the owner of string h, playing on its liberty x, is left with exactly one
    liberty fewer: the stone joins no other string and brings no new liberty, so x is a
    plain liberty in a race count, not a way out."""
    return (position.liberties_after(x, position.colour[h])
            == len(position.libs[h]) - 1)  # type: ignore[arg-type]  # at a head


def _nakade_fill(position: PlayoutBoard, p: int, c: int) -> bool:
    """Whether c's self-atari at p kills (点眼): it makes a string of at most
    NAKADE_FILL_MAX stones, and when the opponent takes it the space it leaves is one eye
    only (at most two points, or a killable shape such as a straight or bent three) and the
    strings that took it have no other liberty but at most OUTSIDE_FILL_MAX that c can fill
    first at no risk (no capture, two liberties left).  A straight three whose vital point
    White took is so: Black's two liberties beside the stone are no seki, as filling either
    puts two stones in atari whose capture leaves Black a two-point eye, and a liberty of
    Black's outside it that White fills safely changes only the order of White's moves."""
    if position.size_after(p, c) > NAKADE_FILL_MAX:
        return False
    after = position.copy()
    after.play(p, c)
    libs = after.liberties(p)
    if len(libs) != 1:
        return False
    y = next(iter(libs))
    opp = 3 - c
    if after.move_kind(y, opp) & KIND < SNAPBACK:
        return False  # the opponent cannot take it at once
    taken = list(after.play(y, opp))
    space = set(taken)
    for q in taken:
        for r in after.neighbours[q]:
            if after.colour[r] == EMPTY:
                space.add(r)
    owners = {after.head[r] for q in space for r in after.neighbours[q]
              if after.colour[r] == opp}
    if any(after.colour[r] == c for q in space for r in after.neighbours[q]):
        return False  # the space touches c's stones: no eye of the opponent's alone
    outside = {x for h in owners for x in after.liberties(h)} - space
    if len(outside) > OUTSIDE_FILL_MAX or any(
            position.move_kind(x, c) & KIND != SAFE for x in outside):
        return False  # the taker keeps a liberty the killer cannot fill first at no risk
    shape = sorted(space)
    return len(shape) <= 2 or nakade_vital_point(shape, after.neighbours) >= 0


def _candidates(position: PlayoutBoard, regions: list[list[int]], region_of: dict[int, int],
                region_colours: list[int]) -> set[int]:
    """The heads of the strings whose liberties all lie in small eyes (one-colour regions of
    at most SEKI_EYE_MAX points) or in regions touching both colours: the only strings a
    seki can hold."""
    cand: set[int] = set()
    for h in position.heads():
        lib: set[int] = position.libs[h]  # type: ignore[assignment]  # at a head
        if lib and all(region_colours[region_of[x]] == BOTH
                       or len(regions[region_of[x]]) <= SEKI_EYE_MAX for x in lib):
            cand.add(h)
    return cand


def _held(position: PlayoutBoard, h: int, cand: set[int], safe: _SafePoints) -> list[int]:
    """The liberties of string h that the opponent cannot fill safely and that touch no
    string outside `cand`."""
    col, head, nbrs = position.colour, position.head, position.neighbours
    opp = 3 - col[h]
    return [x for x in sorted(position.libs[h])  # type: ignore[arg-type]  # at a head
            if not safe(x, opp)
            and all(col[q] == EMPTY or head[q] in cand for q in nbrs[x])]


def _locked_strings(position: PlayoutBoard, cand: set[int], safe: _SafePoints) -> set[int]:
    """Step 1: of the candidate heads, those locked: two held liberties (`_held`) or more,
    among candidates that are locked too (repeat until stable)."""
    cand = set(cand)
    changed = True
    while changed:
        changed = False
        for h in sorted(cand):
            if len(_held(position, h, cand, safe)) < 2:
                cand.discard(h)  # its next sweep-mates see it gone
                changed = True
    return cand


def _seki_strings(position: PlayoutBoard, locked: set[int], region_of: dict[int, int],
                  region_colours: list[int], safe: _SafePoints) -> tuple[list[int], set[int]]:
    """Steps 2 and 3: the heads of the locked strings in seki, in point order, and the
    heads of the one-eyed blocks that hold no liberty outside their eye: the opponent fills
    every other liberty safely and then plays in the eye, so they are in no seki (a black
    group with a two-point eye beside a white corner group with a bigger eye is one)."""
    col, libs = position.colour, position.libs
    blocks = Blocks(locked)

    # Blocks through shared eyes, and their eye regions.
    region_strings: dict[int, list[int]] = {}
    for h in sorted(locked):
        for r in sorted({region_of[x] for x in libs[h]}):  # type: ignore[union-attr]  # at a head
            region_strings.setdefault(r, []).append(h)
    for r, hs in region_strings.items():
        if region_colours[r] in (BLACK, WHITE):
            for h in hs[1:]:
                blocks.join(hs[0], h)
    eye_regions: dict[int, set[int]] = {}
    for r, hs in region_strings.items():
        if region_colours[r] in (BLACK, WHITE):
            eye_regions.setdefault(blocks.root(hs[0]), set()).add(r)
    living = {b for b, rs in eye_regions.items() if len(rs) >= 2}
    holding = {blocks.root(h) for h in locked
               if any(region_colours[region_of[x]] == BOTH
                      for x in _held(position, h, locked, safe))}
    one_eyed = {h for h in locked if blocks.root(h) not in living | holding}
    if one_eyed:
        return [], one_eyed
    # Seki units through mixed regions.
    for r, hs in sorted(region_strings.items()):
        if region_colours[r] == BOTH:
            hs = [h for h in hs if blocks.root(h) not in living]
            for h in hs[1:]:
                blocks.join(hs[0], h)
    units: dict[int, list[int]] = {}
    for h in sorted(locked):
        units.setdefault(blocks.root(h), []).append(h)
    seki_heads: list[int] = []
    for root, members in units.items():
        if root in living or len({col[h] for h in members}) < 2:
            continue
        seki_heads += members
    return sorted(seki_heads), set()


def _seki_points(position: PlayoutBoard, seki_heads: list[int], regions: list[list[int]],
                 region_of: dict[int, int], region_colours: list[int],
                 safe: _SafePoints) -> SekiInfo:
    """The seki strings and the empty points of the regions they touch: eyes, one-sided
    points, own liberties and shared points."""
    col, libs, nbrs = position.colour, position.libs, position.neighbours
    info = SekiInfo()
    info.strings = [tuple(position.stones[h])  # type: ignore[arg-type]  # at a head
                    for h in seki_heads]
    touched = sorted({region_of[x] for h in seki_heads
                      for x in libs[h]})  # type: ignore[union-attr]  # at a head
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
            adj = border_colours(col, nbrs, [x])
            if not sb and adj in (BLACK, WHITE):
                info.own_liberties[x] = adj
            else:
                shared.add(x)
    info.shared = frozenset(shared)
    return info

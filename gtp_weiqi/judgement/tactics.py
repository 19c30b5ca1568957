"""Local tactical reading for the judgement (战术计算): can a short string be taken, and what a
captured eye space leaves.

`Reader` reads, on a `PlayoutBoard`, whether a string with one or two liberties (气) is taken
with the attacker to move, and whether its owner, moving first, can save it.  The attacker
plays the string's liberties, throw-ins (扑) included: a self-atari is allowed, since the point
of a throw-in is to be taken.  The defender passes, extends on its liberties, takes an
attacking string in atari beside it (提), or ataris one with two liberties (反打).  So the
reader follows ladders (征子), snapbacks (倒扑), the double throw-in that leaves a string
unable to connect (扑 + 接不归) and small capturing races (对杀) of strings short of liberties.
A string is *tactically dead* when it is taken even with its owner to move first: in a
finished position nobody can save it, so its stones are dead whoever moves first after the
two passes.  Given a *home* (the living strings of the string's colour), the reader answers
another question, whether the string joins one of them whatever its opponent plays first
(`joins_home`): then the attacker also cuts beside the liberties, and only joining counts
for the owner.

The reader plays and takes back moves on the board it is given (`_play` saves exactly what a
play changes), so it costs no board copy; it reads at most `budget` positions per question and
`depth` plies deep, and a question it cannot finish in them is answered "not proven"
(`Unread`), never guessed.  Every choice is in point order: the reading is deterministic.

`nakade_vital_point` is the vital point (要点) of a small eye space that the side inside can
kill by playing there (点眼): straight or bent three, pyramid four, bulky or cross five,
rabbity six.  When the playouts capture such a shape, the side whose stones were taken plays
there next, as a player does, so a race won into a dead shape leaves the winner one eye.
`two_eyes_by_shape` tells, by the same shapes, whether an eye space is two eyes.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.board import EMPTY
from ..core.playout_board import KIND, NO_POINT, SUICIDE, PlayoutBoard
from .regions import find_regions

# PlayoutBoard's stones[p] and libs[p] are None unless p is a string's head; the type
# ignores marked `at a head` read them at a head, where they are always set.

READ_DEPTH = 40  # plies: long enough for a ladder across a 19x19 board
READ_BUDGET = 300  # positions read per question before it is given up as unread
MAX_SHAPE = 6  # eye spaces read by shape: the killable ones up to six points are known exactly


# What `_play` saves for `_undo`: the point, the colour, whether it joined a string of its
# own, each touched string's (head, stones, their copy, liberties, their copy), the head
# entries it changed, the stones it took, and the ko point before it.
_Undo = tuple[int, int, bool, list[tuple[int, list[int], list[int], set[int], set[int]]],
              list[tuple[int, int]], list[int], int]


class Unread(Exception):
    """The question needs more positions than the budget allows."""


class Reader:
    """Capture reading on `board` (played on and restored: on return it is as it was)."""

    def __init__(self, board: PlayoutBoard, budget: int = READ_BUDGET,
                 depth: int = READ_DEPTH, home: list[int] | None = None) -> None:
        self.board = board
        self.budget = budget
        self.depth = depth
        self.nodes = 0
        # `home`: a stone of each living string of the target's colour.  With it the question
        # is whether the target joins one of them with three liberties or more: that is the
        # owner's only success (three liberties alone are not; a join left short of
        # liberties is read on), and the attacker also plays beside the target's liberties.
        self.home = home

    # -- questions ---------------------------------------------------------------------------

    def captured_first(self, p: int) -> bool | None:
        """Whether the string at p is taken with its opponent to move (True), survives
        (False), or could not be read in the budget (None)."""
        self.nodes = 0
        try:
            return self._attack(p, self.depth)
        except Unread:
            return None

    def joins_home(self, p: int) -> bool | None:
        """With `home`: whether the string at p joins a home string whatever its opponent,
        moving first, plays (True), can be cut off or taken (False), or could not be read in
        the budget (None)."""
        self.nodes = 0
        try:
            return not self._attack(p, self.depth)
        except Unread:
            return None

    def _joined(self, p: int) -> bool:
        head = self.board.head
        return any(head[r] == head[p] for r in self.home or ())

    def tactically_dead(self, p: int) -> bool | None:
        """Whether the string at p is taken even with its owner to move first (True), can be
        saved (False), or could not be read in the budget (None)."""
        self.nodes = 0
        try:
            return not self._defend(p, self.depth)
        except Unread:
            return None

    # -- the search --------------------------------------------------------------------------

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise Unread

    def _attack(self, p: int, depth: int) -> bool:
        """The opponent of the string at p to move: can it take the string?"""
        self._count()
        b = self.board
        c = b.colour[p]
        if c == EMPTY:
            return True
        libs: set[int] = b.libs[b.head[p]]  # type: ignore[assignment]  # at a head
        n = len(libs)
        if self.home is not None:
            if b.ko_point != NO_POINT:
                return True  # a ko is won by threats elsewhere: not proven joined
            if n > 2 and self._joined(p):
                return False  # joined, and out of atari's reach
        if n == 1:
            return next(iter(libs)) != b.ko_point
        if n > 2 or depth <= 0:
            return self.home is not None  # with a home: loose, not joined, not proven
        a = 3 - c
        tries = sorted(libs)
        if self.home is not None:  # the cuts beside the liberties too
            tries += sorted({q for x in libs for q in b.neighbours[x]
                             if b.colour[q] == EMPTY} - libs)
        for x in tries:
            if not self._legal(x, a):
                continue
            undo = self._play(x, a)
            try:
                if not self._defend(p, depth - 1):
                    return True
            finally:
                self._undo(undo)
        return False

    def _defend(self, p: int, depth: int) -> bool:
        """The owner of the string at p to move: can it keep the string (passing included)?"""
        self._count()
        b = self.board
        c = b.colour[p]
        if c == EMPTY:
            return False
        libs: set[int] = b.libs[b.head[p]]  # type: ignore[assignment]  # at a head
        if len(libs) > 2 and (self.home is None or self._joined(p)) \
                or not self._attack(p, depth):
            return True
        if depth <= 0:
            return self.home is None  # not proven lost (or, with a home, not proven joined)
        for x in self._defences(p):
            if not self._legal(x, c):
                continue
            undo = self._play(x, c)
            try:
                if b.colour[p] != EMPTY and not self._attack(p, depth - 1):
                    return True
            finally:
                self._undo(undo)
        return False

    def _defences(self, p: int) -> list[int]:
        """The owner's tries for the string at p: take an attacker in atari beside it, atari
        one with two liberties, extend on its own liberties."""
        b = self.board
        col, head, libs = b.colour, b.head, b.libs
        c = col[p]
        h = head[p]
        takes: list[int] = []
        ataris: list[int] = []
        seen: set[int] = set()
        for s in b.stones[h]:  # type: ignore[union-attr]  # at a head
            for q in b.neighbours[s]:
                if col[q] == 3 - c:
                    hq = head[q]
                    if hq in seen:
                        continue
                    seen.add(hq)
                    ls = libs[hq]
                    if len(ls) == 1:  # type: ignore[arg-type]  # at a head
                        takes.extend(ls)  # type: ignore[arg-type]  # at a head
                    elif len(ls) == 2:  # type: ignore[arg-type]  # at a head
                        ataris.extend(ls)  # type: ignore[arg-type]  # at a head
        own = sorted(libs[h])  # type: ignore[arg-type]  # at a head
        return _unique(sorted(takes) + own + sorted(ataris))

    def _legal(self, x: int, c: int) -> bool:
        b = self.board
        return x != b.ko_point and b.move_kind(x, c) & KIND != SUICIDE

    # -- play and take back ----------------------------------------------------------------

    def _play(self, x: int, c: int) -> _Undo:
        """Play c at x, saving what the play changes (for `_undo`)."""
        b = self.board
        col, head, stones, libs, nbrs = b.colour, b.head, b.stones, b.libs, b.neighbours
        heads: list[int] = []
        own: list[int] = []
        for q in nbrs[x]:
            cq = col[q]
            if cq != EMPTY:
                h = head[q]
                if h not in heads:
                    heads.append(h)
                    if cq == c:
                        own.append(h)
        captured = [h for h in heads
                    if col[h] != c and len(libs[h]) == 1]  # type: ignore[arg-type]  # at a head
        taken: list[int] = []
        for h in captured:
            for s in stones[h]:  # type: ignore[union-attr]  # at a head
                taken.append(s)
                for q in nbrs[s]:
                    if col[q] == c:
                        hq = head[q]
                        if hq not in heads:
                            heads.append(hq)
        # The lists and sets themselves, with their contents: the undo puts the contents back
        # into the same objects, so a caller holding one sees it as it was.
        saved = []
        for h in heads:
            ss, ls = b.string(h), b.liberties(h)
            saved.append((h, ss, ss[:], ls, set(ls)))
        # The point's own head entry too: it may be a stone's again when a capture is undone.
        heads_of = [(x, head[x])] + [(s, head[s]) for h in own
                                     for s in stones[h]]  # type: ignore[union-attr]  # at a head
        ko = b.ko_point
        b.play(x, c)
        return x, c, bool(own), saved, heads_of, taken, ko

    def _undo(self, undo: _Undo) -> None:
        """Take back the play `undo` was saved for."""
        x, c, joined, saved, heads_of, taken, ko = undo
        b = self.board
        col, head, stones, libs = b.colour, b.head, b.stones, b.libs
        col[x] = EMPTY
        if not joined:
            stones[x] = None
            libs[x] = None
        for s in taken:
            col[s] = 3 - c
        for h, ss, ss_was, ls, ls_was in saved:
            ss[:] = ss_was
            ls.clear()
            ls.update(ls_was)
            stones[h] = ss
            libs[h] = ls
        for s, h in heads_of:
            head[s] = h
        b.ko_point = ko


def _unique(xs: Iterable[int]) -> list[int]:
    out: list[int] = []
    for x in xs:
        if x not in out:
            out.append(x)
    return out


def tactically_dead_strings(board: PlayoutBoard, heads: Iterable[int], keep_off: set[int],
                            standing: set[int], budget: int = READ_BUDGET) -> list[int]:
    """The heads among `heads` (strings of `board` with one or two liberties, none of them a point
    of `keep_off`, the seki points) whose string is taken even with its owner to move first,
    by attackers that stand: every opponent string beside it is in `standing` (the heads the
    caller trusts to live) and has three liberties or more, or cannot be taken itself with
    the owner to move, or is in atari where taking it is a snapback.  (Stones inside the
    owner's territory that it could take, say, are no attackers: their own capture comes
    first, and nobody plays the capture of a stone inside the other side's area.)  The board
    is left as it was."""
    reader = Reader(board, budget)
    col, head, libs, nbrs = board.colour, board.head, board.libs, board.neighbours
    dead = []
    for h in heads:
        ls = libs[h]
        if ls is None or len(ls) > 2 or any(x in keep_off for x in ls):
            continue
        attackers = sorted({head[q]
                            for s in board.stones[h]  # type: ignore[union-attr]  # at a head
                            for q in nbrs[s] if col[q] == 3 - col[h]})
        if any(a not in standing
               or len(libs[a]) < 3  # type: ignore[arg-type]  # at a head
               and not _snapback_only(board, a)
               and reader.captured_first(a) is not False for a in attackers):
            continue
        if reader.tactically_dead(h):
            dead.append(h)
    return dead


def _snapback_only(board: PlayoutBoard, a: int) -> bool:
    """Whether the string at a is in atari and its capture is a snapback (倒扑): the stone
    that takes it is left, with two or more others, in atari on the point taken, and is
    taken back at once."""
    libs: set[int] = board.libs[a]  # type: ignore[assignment]  # at a head
    return len(libs) == 1 and board.is_snapback(next(iter(libs)), 3 - board.colour[a])


def nakade_vital_point(shape: list[int], nbrs: tuple[tuple[int, ...], ...]) -> int:
    """The vital point of `shape` (points of an eye space, e.g. the stones just captured)
    when it is a killable shape (straight or bent three, pyramid four, bulky or cross five,
    rabbity six); -1 otherwise.  A square four (方四) is dead without one: -1."""
    n = len(shape)
    if n < 3 or n > 6:
        return -1
    inside = set(shape)
    degree = {p: sum(1 for q in nbrs[p] if q in inside) for p in shape}
    best = max(degree.values())
    tops = [p for p in shape if degree[p] == best]
    if len(tops) != 1:
        return -1
    top = tops[0]
    if n == 3:
        return top if best == 2 else -1
    if n == 4:
        return top if best == 3 else -1
    square = has_square(inside, nbrs)
    if n == 5:
        return top if best == 4 or (best == 3 and square) else -1
    return top if best == 4 and square else -1


def two_eyes_by_shape(space: list[int], nbrs: tuple[tuple[int, ...], ...]) -> bool | None:
    """Whether an empty space inside one colour's stones, its outside liberties filled, is two
    eyes whatever the opponent plays in it: two separate parts are; one of up to `MAX_SHAPE`
    points is unless it is under three points or a killable shape (a vital point, 点眼; a
    square four, 方四; bent on a corner point as a bent four, 盘角曲四, or a rectangular six,
    角上板六: kos without outside liberties); None for one bigger part (not read: corner
    shapes of seven points are kos)."""
    inside = set(space)
    if len(find_regions(space, nbrs, inside.__contains__)[0]) >= 2:
        return True
    n = len(space)
    if n > MAX_SHAPE:
        return None
    if n < 3 or nakade_vital_point(space, nbrs) >= 0 or n == 4 and has_square(inside, nbrs):
        return False
    degree = {p: sum(1 for q in nbrs[p] if q in inside) for p in space}
    if not any(len(nbrs[p]) == 2 and degree[p] == 2 for p in space):
        return True  # bent on no corner point
    # four so (no square): the bent four in the corner; six so with every point beside two
    # others: the 2x3 block
    return not (n == 4 or n == 6 and min(degree.values()) >= 2)


def has_square(inside: set[int], nbrs: tuple[tuple[int, ...], ...]) -> bool:
    """Whether the points hold a 2x2 block (four points, each beside two of the others)."""
    for p in inside:
        ns = [q for q in nbrs[p] if q in inside]
        for i, a in enumerate(ns):
            for b in ns[i + 1:]:
                common = [q for q in nbrs[a] if q in inside and q != p and q in nbrs[b]]
                if common:
                    return True
    return False

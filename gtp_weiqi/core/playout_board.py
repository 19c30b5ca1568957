"""The playout board (模拟棋盘): the one move kernel of the Monte Carlo playouts.

The judgement's ownership playouts and the player's search both play on this board; `Board`
stays the game's (Zobrist hash, setup edits, multi-stone suicide, errors for bad input).  It
knows the rules a playout needs and states them once: what a move captures (提子), suicide
(never played here), the simple-ko point, self-atari, the snapback (倒扑) and the true eye
(真眼).  What to play is the policies' business (`judgement.ownership`, `player.playout`).

Representation (the indices of `Board`: a 1-D list padded with EDGE):

* ``colour[p]``: EMPTY, BLACK or WHITE on the board, EDGE on the padding;
* ``head[p]``: for a stone, the head of its string, one point of it; stale on empty points;
* ``stones[h]`` and ``libs[h]``: for a head h, the string's stones (a list) and its exact
  liberties (气, a set); None at every index that is not a head.

Invariants after every `play`: each string has exactly one head, every stone's ``head`` is it,
and ``libs`` holds exactly the empty neighbours of its stones.  A merge keeps the head of the
string with the most stones (the first of them in neighbour order) and appends the others'
stones, then the new stone; a new string's head is its stone.  These lists are read by the
policies (stone order decides the order captured points return to their draws): read them,
never modify them.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import EMPTY, Board

NO_POINT = 0  # an EDGE cell: "no point" for ko_point, as for a pass

# What a play would do (`PlayoutBoard.move_kind`): one kind in the low bits ...
SUICIDE = 0  # no capture, no liberty left
SELF_ATARI = 1  # no capture, one liberty left
SAFE = 2  # no capture, two liberties or more
SNAPBACK = 3  # takes one stone and leaves two or more with that point as only liberty (倒扑)
CAPTURE = 4  # takes a string in atari, and is not a snapback
KIND = 7
# ... and three flags, for eye shapes only.
EYE_SHAPE = 8  # every neighbour is a stone of the mover
TRUE_EYE = 16  # an eye shape that is a true eye (真眼, see true_eye)
ATARI_EYE = 32  # an eye shape that is the last liberty of a string around it

_NOTHING: tuple[int, ...] = ()


def true_eye(colour: list[int], nbrs: tuple[int, ...], diags: tuple[int, ...], c: int) -> bool:
    """Whether an empty point whose neighbours are `nbrs` is a true eye (真眼) of colour c:
    every neighbour is c, and at most one diagonal (none on the edge) is the opponent's.  A
    false eye is only a connection."""
    for q in nbrs:
        if colour[q] != c:
            return False
    return _true_by_diagonals(colour, diags, 3 - c)


def _true_by_diagonals(colour: list[int], diags: tuple[int, ...], opp: int) -> bool:
    """Whether an eye shape whose diagonals are `diags` is true: at most one of them is an
    opponent stone, none on the edge."""
    bad = 0
    for q in diags:
        if colour[q] == opp:
            bad += 1
    return bad == 0 or (bad == 1 and len(diags) == 4)


class PlayoutBoard:
    """A position for playouts: colours, strings and liberties, and the simple-ko point.

    ``ko_point`` is the point the player to move may not take back (sgfmill's rule, as
    `Board`: the last play captured exactly one stone and made a single stone with one
    liberty), else NO_POINT.  No hash, no history, no multi-stone suicide: a playout never
    plays a suicide.
    """

    __slots__ = ("width", "height", "points", "neighbours", "diagonals", "colour", "head",
                 "stones", "libs", "ko_point")

    width: int
    height: int
    points: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    diagonals: tuple[tuple[int, ...], ...]
    colour: list[int]
    head: list[int]
    # stones[p] and libs[p] are None unless p is a string's head; the type ignores marked
    # `at a head` read them at a head, where they are always set.
    stones: list[list[int] | None]
    libs: list[set[int] | None]
    ko_point: int

    def __init__(self, board: Board, colour: list[int] | None = None) -> None:
        """The strings of `colour` (default the board's own colours) on `board`'s geometry,
        found afresh: each head is the string's lowest point, its stones in point order."""
        self._geometry_of(board)
        col = list(board.colour if colour is None else colour)
        size = len(col)
        nbrs = self.neighbours
        head = [0] * size
        stones: list[list[int] | None] = [None] * size
        libs: list[set[int] | None] = [None] * size
        for p in self.points:
            c = col[p]
            if c == EMPTY or stones[head[p]] is not None:
                continue  # empty, or a stone of a string found already
            members = [p]
            head[p] = p
            lib: set[int] = set()
            for s in members:  # the list grows while it is walked
                for q in nbrs[s]:
                    cq = col[q]
                    if cq == EMPTY:
                        lib.add(q)
                    elif cq == c and head[q] != p:
                        head[q] = p
                        members.append(q)
            members.sort()
            stones[p] = members
            libs[p] = lib
        self.colour = col
        self.head = head
        self.stones = stones
        self.libs = libs
        self.ko_point = NO_POINT

    @classmethod
    def from_board(cls, board: Board, ko_point: int = NO_POINT) -> PlayoutBoard:
        """The game board's position with its strings as the board holds them (their stones
        in the board's order, so a playout from here matches one on the board itself)."""
        new = cls.__new__(cls)
        new._geometry_of(board)
        col = board.colour[:]
        size = len(col)
        head = [0] * size
        stones: list[list[int] | None] = [None] * size
        libs: list[set[int] | None] = [None] * size
        chain_of = board.chain_of
        for p in board.points:
            ch = chain_of[p]
            if ch is None or stones[head[p]] is not None:
                continue  # empty, or a stone of a string copied already
            h = min(ch.stones)
            for s in ch.stones:
                head[s] = h
            stones[h] = ch.stones[:]
            libs[h] = ch.libs.copy()
        new.colour = col
        new.head = head
        new.stones = stones
        new.libs = libs
        new.ko_point = ko_point
        return new

    def _geometry_of(self, board: Board) -> None:
        self.width = board.width
        self.height = board.height
        self.points = board.points
        self.neighbours = board.neighbours
        self.diagonals = board.diagonals

    def copy(self, heads: Sequence[int] | None = None) -> PlayoutBoard:
        """An independent copy (the size tables are shared).  `heads`, when the caller
        knows them, are the heads of every string (as `heads` gives them): only those
        entries are copied, not a whole board of them."""
        new = PlayoutBoard.__new__(PlayoutBoard)
        new.width = self.width
        new.height = self.height
        new.points = self.points
        new.neighbours = self.neighbours
        new.diagonals = self.diagonals
        new.colour = self.colour[:]
        new.head = self.head[:]
        if heads is None:
            new.stones = [None if s is None else s[:] for s in self.stones]
            new.libs = [None if s is None else s.copy() for s in self.libs]
        else:
            stones, libs = self.stones, self.libs
            new_stones: list[list[int] | None] = [None] * len(stones)
            new_libs: list[set[int] | None] = [None] * len(libs)
            for h in heads:
                new_stones[h] = stones[h][:]  # type: ignore[index]  # at a head
                new_libs[h] = libs[h].copy()  # type: ignore[union-attr]  # at a head
            new.stones = new_stones
            new.libs = new_libs
        new.ko_point = self.ko_point
        return new

    # -- reading strings -------------------------------------------------------------------

    def string(self, p: int) -> list[int]:
        """The stones of the string at p (the board's own list: do not modify it)."""
        return self.stones[self.head[p]]  # type: ignore[return-value]  # at a head

    def liberties(self, p: int) -> set[int]:
        """The liberties of the string at p (the board's own set: do not modify it)."""
        return self.libs[self.head[p]]  # type: ignore[return-value]  # at a head

    def heads(self) -> list[int]:
        """The head of every string, in point order of the heads."""
        stones = self.stones
        return [p for p in self.points if stones[p] is not None]

    # -- what a play would do ---------------------------------------------------------------

    def move_kind(self, p: int, c: int) -> int:
        """What c playing at empty p would do: a kind (``& KIND``: SUICIDE, SELF_ATARI, SAFE,
        SNAPBACK, CAPTURE) with, for an eye shape, the flags EYE_SHAPE, TRUE_EYE and
        ATARI_EYE.  Ko is not looked at."""
        col = self.colour
        head = self.head
        libs = self.libs
        nbrs = self.neighbours[p]
        n_empty = n_opp = 0
        taken = NO_POINT  # head of the first opponent string in atari beside p
        n_taken = 0  # opponent strings in atari beside p (counted up to two)
        for q in nbrs:
            cq = col[q]
            if cq == EMPTY:
                n_empty += 1
            elif cq != c:  # the opponent's (neighbours are on the board)
                n_opp += 1
                h = head[q]
                if len(libs[h]) == 1:  # type: ignore[arg-type]  # at a head
                    if not n_taken:
                        taken = h
                        n_taken = 1
                    elif h != taken:
                        n_taken = 2
        if n_taken:
            # A snapback: one stone taken, and p was the only liberty of every own string
            # beside it (there is one), so the new string's only liberty is the taken point.
            if (n_taken == 1 and not n_empty and n_opp < len(nbrs)
                    and len(self.stones[taken]) == 1):  # type: ignore[arg-type]  # at a head
                for q in nbrs:
                    if (col[q] == c
                            and len(libs[head[q]]) > 1):  # type: ignore[arg-type]  # at a head
                        return CAPTURE
                return SNAPBACK
            return CAPTURE
        if n_empty >= 2:
            return SAFE
        # The new string's liberties: p's empty neighbour and its own strings' liberties
        # but p.  Each own string beside p has p as a liberty, so a string of two has one
        # more and a string of three or more two more.
        other = NO_POINT  # a liberty besides p, once one is found
        if not n_empty and not n_opp:
            # An eye shape: every neighbour is an own stone.
            flags = (EYE_SHAPE | TRUE_EYE if _true_by_diagonals(col, self.diagonals[p], 3 - c)
                     else EYE_SHAPE)
            safe = False  # two liberties found
            for q in nbrs:
                ls: set[int] = libs[head[q]]  # type: ignore[assignment]  # at a head
                n = len(ls)
                if n == 1:
                    flags |= ATARI_EYE
                elif n > 2:
                    safe = True
                elif not safe:
                    a, b = ls
                    x = b if a == p else a
                    if not other:
                        other = x
                    elif x != other:
                        safe = True
            return flags | (SAFE if safe else SELF_ATARI if other else SUICIDE)
        for q in nbrs:
            cq = col[q]
            if cq == EMPTY:
                x = q
            elif cq == c:
                ls = libs[head[q]]  # type: ignore[assignment]  # at a head
                n = len(ls)
                if n == 1:
                    continue
                if n > 2:
                    return SAFE
                a, b = ls
                x = b if a == p else a
            else:
                continue
            if not other:
                other = x
            elif x != other:
                return SAFE
        return SELF_ATARI if other else SUICIDE

    def is_own_atari_liberty(self, p: int, c: int) -> bool:
        """Whether p is the only liberty of a string of c beside it (playing there saves or
        joins it)."""
        col = self.colour
        for q in self.neighbours[p]:
            if (col[q] == c
                    and len(self.libs[self.head[q]]) == 1):  # type: ignore[arg-type]  # at a head
                return True
        return False

    def is_legal(self, p: int, c: int) -> bool:
        """Whether c may play at p: an empty point of the board, not the ko point, not a
        suicide."""
        if not (0 <= p < len(self.colour)) or self.colour[p] != EMPTY or p == self.ko_point:
            return False
        return self.move_kind(p, c) & KIND != SUICIDE

    def is_self_atari(self, p: int, c: int) -> bool:
        """Whether c's legal play at p leaves the new string with one liberty, captures
        counted (a snapback is one)."""
        return self.is_legal(p, c) and self.liberties_after(p, c) == 1

    def is_snapback(self, p: int, c: int) -> bool:
        """Whether c's play at empty p is a capture the opponent takes back at once, with
        more (倒扑): see SNAPBACK."""
        return self.move_kind(p, c) & KIND == SNAPBACK

    def is_true_eye(self, p: int, c: int) -> bool:
        """Whether empty p is a true eye of c (see true_eye)."""
        return true_eye(self.colour, self.neighbours[p], self.diagonals[p], c)

    def size_after(self, p: int, c: int) -> int:
        """Stones of the string c would make at empty p (p and the own strings beside it)."""
        col = self.colour
        head = self.head
        size = 1
        seen: list[int] = []
        for q in self.neighbours[p]:
            if col[q] == c:
                h = head[q]
                if h not in seen:
                    seen.append(h)
                    size += len(self.stones[h])  # type: ignore[arg-type]  # at a head
        return size

    def captured_by(self, p: int, c: int) -> list[int]:
        """The stones c's play at empty p would take, string by string in neighbour order."""
        col = self.colour
        head = self.head
        opp = 3 - c
        heads: list[int] = []
        for q in self.neighbours[p]:
            if col[q] == opp:
                h = head[q]
                if len(self.libs[h]) == 1 and h not in heads:  # type: ignore[arg-type]  # at a head
                    heads.append(h)
        return [s for h in heads for s in self.stones[h]]  # type: ignore[union-attr]  # at a head

    def liberties_after(self, p: int, c: int) -> int:
        """Liberties of the string c's play at empty p would make, captures counted."""
        col = self.colour
        head = self.head
        members = {p}
        new: set[int] = set()
        for q in self.neighbours[p]:
            cq = col[q]
            if cq == EMPTY:
                new.add(q)
            elif cq == c:
                h = head[q]
                members.update(self.stones[h])  # type: ignore[arg-type]  # at a head
                new |= self.libs[h]  # type: ignore[arg-type]  # at a head
        new.discard(p)
        nbrs = self.neighbours
        for s in self.captured_by(p, c):
            if any(q in members for q in nbrs[s]):
                new.add(s)
        return len(new)

    # -- playing ---------------------------------------------------------------------------

    def play(self, p: int, c: int) -> Sequence[int]:
        """Put a stone of c at p and take the opponent strings left without liberties (提子).

        p must be an empty point where the play is no suicide (``move_kind(p, c) & KIND !=
        SUICIDE``); the ko point is the caller's to respect.  Returns the stones taken,
        string by string in neighbour order and each in its list's order; sets ko_point.
        """
        col = self.colour
        head = self.head
        stones = self.stones
        libs = self.libs
        nbrs = self.neighbours
        col[p] = c
        lib: set[int] = set()
        own: list[int] = []
        captured: list[int] = []
        for q in nbrs[p]:
            cq = col[q]
            if cq == EMPTY:
                lib.add(q)
            elif cq == c:
                h = head[q]
                if h not in own:
                    own.append(h)
            else:  # the opponent's (neighbours are on the board)
                h = head[q]
                ls = libs[h]
                ls.discard(p)  # type: ignore[union-attr]  # at a head
                if not ls and h not in captured:
                    captured.append(h)
        if not own:
            head[p] = p
            stones[p] = [p]
            libs[p] = lib
            me = p
        else:
            me = own[0]
            ms = stones[me]
            ml = libs[me]
            if len(own) > 1:
                for h in own:
                    if len(stones[h]) > len(ms):  # type: ignore[arg-type]  # at a head
                        me = h
                        ms = stones[h]
                ml = libs[me]
                for h in own:
                    if h != me:
                        hs = stones[h]
                        for s in hs:  # type: ignore[union-attr]  # at a head
                            head[s] = me
                        ms += hs  # type: ignore[operator]  # at a head
                        ml |= libs[h]  # type: ignore[operator]  # at a head
                        stones[h] = None
                        libs[h] = None
            ms.append(p)  # type: ignore[union-attr]  # at a head
            head[p] = me
            ml |= lib  # type: ignore[operator]  # at a head
            ml.discard(p)
        if not captured:
            self.ko_point = NO_POINT
            return _NOTHING
        removed: list[int] = []
        for h in captured:
            cs: list[int] = stones[h]  # type: ignore[assignment]  # at a head
            for s in cs:
                col[s] = EMPTY
            for s in cs:
                for q in nbrs[s]:
                    if col[q] == c:
                        libs[head[q]].add(s)  # type: ignore[union-attr]  # at a head
            removed = cs if not removed else removed + cs
            stones[h] = None
            libs[h] = None
        if (len(removed) == 1 and len(stones[me]) == 1  # type: ignore[arg-type]  # at a head
                and len(libs[me]) == 1):  # type: ignore[arg-type]  # at a head
            self.ko_point = removed[0]
        else:
            self.ko_point = NO_POINT
        return removed

    def play_pass(self) -> None:
        """A pass: the ko point is lifted."""
        self.ko_point = NO_POINT


__all__ = ["ATARI_EYE", "CAPTURE", "EYE_SHAPE", "KIND", "NO_POINT", "SAFE", "SELF_ATARI",
           "SNAPBACK", "SUICIDE", "TRUE_EYE", "PlayoutBoard", "true_eye"]

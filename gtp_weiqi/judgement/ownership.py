"""Stage 3 of the judgement: seeded Monte Carlo ownership, playouts that know seki.

Nobody plays a self-atari on a seki point, nobody fills an own eye (a false eye, with two
opponent diagonals or one on the edge, is only a connection and may be filled), a capture
that a snapback (倒扑) would take back is a self-atari like any other, nobody fills half of a
two-point eye space that one own string surrounds (it only takes off a liberty), strings in
atari are captured (or saved) first, the side whose stones were just captured in a
killable shape (a bent three, say) plays its vital point next (`tactics`), so a race won into
a dead shape still leaves one eye, a move often answers the previous one nearby, and a side moves
into the other side's area only when nothing else is left, and even then mostly passes
instead.  The area comes from Bouzy's 5/21 influence map (`influence`) or from the strings an
earlier round found strong (`strong_area`); see `decision` for the rounds.

The playouts do not answer a cut through one of two joining points (a miai, 见合) on the
other: tried, it let dead groups connect into groups called alive on finished GNU Go games.
Strings joined that way to a living string are read after the playouts instead (`links`).

Everything is deterministic for a given position and ``random.Random``: no choice depends on
hash order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache

from ..core.board import BLACK, EMPTY, WHITE, Board
from ..core.playout_board import (
    ATARI_EYE,
    CAPTURE,
    KIND,
    SAFE,
    SELF_ATARI,
    SNAPBACK,
    SUICIDE,
    TRUE_EYE,
    PlayoutBoard,
)
from .regions import Neighbours, border_colours, empty_regions
from .tactics import nakade_vital_point

# PlayoutBoard's stones[p] and libs[p] are None unless p is a string's head; the type
# ignores marked `at a head` read them at a head, where they are always set.

# Policy of the playouts (tuned on finished GNU Go games; see benchmarks/bench_status.py).
ESCAPE_RATE = 0.5  # chance to save an own string in atari when nothing can be captured
LOCAL_RATE = 0.5  # chance to look first at the 8 points around the previous move
INVADE_RATE = 0.3  # chance, when only moves into the other side's area are left, to try them
SELF_ATARI_MAX = 3  # largest string a random self-atari may make (nakade), never on seki
SELF_ATARI_RATE = 0.5  # chance to accept such a self-atari
EYE_SPACE_MAX = 6  # one-colour regions this small are eye space: attacked freely
# The tactical rules of the playouts, each switchable to measure what it brings (ablation):
VITAL_POINT = True  # stones just taken in a killable shape: their owner plays its vital point
TWO_POINT_SPACE = True  # nobody fills half of a two-point eye space one own string surrounds


# What the draw reads (`OwnershipPlayouts.begin_draw`): the draw and its ``refused`` list;
# the board's colour, head and libs lists; the neighbours, diagonals and seki points; the
# kept-out lists per colour and when invading; the random numbers; the policy's
# `_kind_allowed` and `_in_own_two_point_space`.
_DrawState = tuple[list[int], list[int], list[int], list[int], list[set[int] | None], Neighbours,
                   Neighbours, set[int], list[list[int]], list[int], Callable[[], float],
                   Callable[[int, int, bool], bool], Callable[[int, int], bool]]


class OwnershipPlayouts:
    """Random playouts from one position with the seki-aware policy above.

    `area` (per point: the colour whose area it is, EMPTY for neither) keeps each side out of
    the other's; `strong` (stones of strings an earlier round found strong) makes saving a
    string that joins one certain.  Both may be changed between rounds (`area` by giving a new
    list, not by changing the old one in place), and so may ``base``, the start position (by
    a new board: what every playout starts from is cached per board).  The playout under way
    is ``board`` with its draw of empty points ``empty`` (in no order: the draw shuffles it)
    and ``in_draw`` (per point, whether it is in ``empty``).
    """

    def __init__(self, board: Board, col: list[int], playable: list[int], protected: set[int],
                 rng: random.Random, area: list[int]) -> None:
        """`col`: the position (dead stones off); `playable`: the points the playouts may
        play on; `protected`: the seki points nobody plays a self-atari on."""
        self.base = PlayoutBoard(board, col)
        self.points = board.points
        self.nbrs = board.neighbours
        self.playable = playable
        self.protected = protected
        self.rng = rng
        self.area = area
        self.strong: set[int] = set()
        heads = self.base.heads()
        self.base_atari = [h for h in heads
                           if len(self.base.libs[h]) == 1]  # type: ignore[arg-type]  # at a head
        self.diags = board.diagonals
        self.near = _near(board)
        self.ball = _ball_of(board.width, board.height)
        # The colour that alone borders each empty region (its eye space or territory): a
        # move there is an attack on that side's shape, never held back as an invasion.
        self.enclosed = [EMPTY] * len(col)
        for reg in empty_regions(col, self.points, self.nbrs)[0]:
            seen = border_colours(col, self.nbrs, reg)
            if seen in (BLACK, WHITE) and len(reg) <= EYE_SPACE_MAX:
                for p in reg:
                    self.enclosed[p] = seen
        self.board = self.base
        self.empty: list[int] = []
        self.in_draw: list[bool] = []
        self._kept_out_of: list[list[int]] = []  # per colour: its points in the area
        self._kept_out_area: list[int] | None = None  # the `area` they were made from
        self._none_kept_out = [0] * len(col)  # the same when invading
        self._start_of: PlayoutBoard | None = None  # the board `_start_state` is of
        self._start_state: tuple[list[int], list[int], list[bool], list[int]] = ([], [], [], [])
        self.kept_now: list[list[int]] = []  # `_kept_out()` when the draw began
        # per point, the colours (bits BLACK, WHITE) the draw refused there for a reason
        # that still holds (see _after_play); made afresh by begin_draw
        self.refused: list[int] = []
        # what the draw and the bookkeeping after a play read, taken by begin_draw: they
        # run for every move, and one look-up here costs less than a dozen of them (the
        # bookkeeping's: ``refused``, the board's colour, head and libs, the neighbours and
        # the two-step balls)
        self._draw_state: _DrawState = ()  # type: ignore[assignment]  # set by begin_draw
        self._after_state: tuple[list[int], list[int], list[int], list[set[int] | None],
                                 Neighbours, tuple[tuple[int, ...], ...]] = (
            [], [], [], [], (), ())

    def _kept_out(self) -> list[list[int]]:
        """Per colour c (indexed by c), 1 on the points of the other side's area that are no
        eye space of that side (c keeps out of them unless it invades), else 0; made again
        when `area` is a new list."""
        area = self.area
        if self._kept_out_area is not area:
            enclosed = self.enclosed
            kept: list[list[int]] = [[], [], []]
            for c in (BLACK, WHITE):
                opp = 3 - c
                kept[c] = [1 if a == opp and e != opp else 0
                           for a, e in zip(area, enclosed, strict=True)]
            self._kept_out_of = kept
            self._kept_out_area = area
        return self._kept_out_of

    def ownership(self, n: int, first: int | None = None) -> tuple[list[int], list[int]]:
        """Run n playouts, `first` to move in every one (None: Black in the even ones, White
        in the odd); count per point how often each colour owns it at the end."""
        if n <= 0:
            return [0] * len(self.base.colour), [0] * len(self.base.colour)
        finals = [self.playout(first if first is not None else BLACK if i % 2 == 0 else WHITE)
                  for i in range(n)]
        # per point, the colours the playouts ended with there (EDGE on the padding)
        ends = list(zip(*finals, strict=True))
        return [e.count(BLACK) for e in ends], [e.count(WHITE) for e in ends]

    def playout(self, first: int) -> list[int]:
        """One playout with `first` to move, until two passes in a row; returns the final
        colour array with each empty point given to the only colour around it (EMPTY when
        both or none)."""
        heads, start, start_in, idle = self._start()
        board = self.board = self.base.copy(heads)
        col, nbrs = board.colour, self.nbrs
        empty = start[:]
        in_draw = start_in[:]
        self.begin_draw(empty, in_draw)
        draw, after_play, candidate = self._draw, self._after_play, self._candidate
        play, near, kept_now = board.play, self.near, self.kept_now
        random_ = self.rng.random
        watch = self.base_atari[:]  # heads of strings that were in atari, to look at first
        max_moves = 3 * len(empty) + 30
        colour = first
        passes = moves = 0
        last = vital = -1
        vital_rule = VITAL_POINT
        while moves < max_moves:
            c = colour
            opp = 3 - c
            move = -1
            if vital >= 0:
                # Stones of c were just taken in a killable shape: its vital point (点眼).
                if in_draw[vital] and self._vital_ok(vital, c):
                    move = vital
                vital = -1
            if move < 0 and watch:
                move, watch = self._atari_move(watch, c, opp)
            if move < 0 and last >= 0 and random_() < LOCAL_RATE:
                # A move on the 8 points around the last one, as a player answers: of
                # those still to draw from (so empty), out of the other side's area.
                kept_out = kept_now[c]
                around = [q for q in near[last] if in_draw[q] and not kept_out[q]]
                while around:
                    q = around.pop(int(random_() * len(around)))
                    if candidate(q, c, True):
                        move = q
                        break
            if move < 0:
                # A move into the other side's area is tried only when nothing else is
                # left, and then only with probability INVADE_RATE.
                move, skipped = draw(c, opp, False)
                if move < 0 and skipped and random_() < INVADE_RATE:
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
                # Play; the captured points return to the draw.  (A drawn point is last
                # in the draw already.)
                if not in_draw[move]:
                    raise KeyError(move)  # only points of the draw are played
                in_draw[move] = False
                lastp = empty.pop()
                if lastp != move:
                    empty[empty.index(move)] = lastp
                taken = play(move, c)
                for s in taken:
                    in_draw[s] = True
                    empty.append(s)
                after_play(move, taken, watch)
                if vital_rule and 3 <= len(taken) <= 6:
                    vital = nakade_vital_point(list(taken), nbrs)
                last = move
            colour = opp
        # the empty points now: those of the draw, and the unplayable ones, never played
        return self._area(col, sorted(empty + idle))

    def _start(self) -> tuple[list[int], list[int], list[bool], list[int]]:
        """What every playout from `base` starts from (found again when `base` is a new
        board): the heads of its strings, the draw (its empty playable points) and its
        `in_draw` list, and its empty points that are not playable.  Read-only: copy the
        draw and `in_draw` before drawing from them."""
        if self._start_of is not self.base:
            base = self.base
            col = base.colour
            start = [p for p in self.playable if col[p] == EMPTY]
            in_draw = [False] * len(col)
            for p in start:
                in_draw[p] = True
            idle = [p for p in self.points if col[p] == EMPTY and not in_draw[p]]
            self._start_state = (base.heads(), start, in_draw, idle)
            self._start_of = base
        return self._start_state

    def begin_draw(self, empty: list[int], in_draw: list[bool] | None = None) -> None:
        """Make `empty` (taken, not copied) the points the next moves on ``board`` are drawn
        from, with `in_draw` saying which points they are when the caller has it (taken
        too), and take the kept-out lists of the current `area` for the draws."""
        if in_draw is None:
            in_draw = [False] * len(self.base.colour)
            for p in empty:
                in_draw[p] = True
        self.empty = empty
        self.in_draw = in_draw
        self.kept_now = self._kept_out()
        self.refused = [0] * len(self.base.colour)
        board = self.board
        self._draw_state = (empty, self.refused, board.colour, board.head, board.libs,
                            self.nbrs, self.diags, self.protected, self.kept_now,
                            self._none_kept_out, self.rng.random, self._kind_allowed,
                            self._in_own_two_point_space)
        self._after_state = (self.refused, board.colour, board.head, board.libs, self.nbrs,
                             self.ball)

    def _after_play(self, move: int, taken: Sequence[int], watch: list[int]) -> None:
        """After the play at `move` that took `taken`: the strings it left in atari (its
        own, the opponent's beside: the only ones a play puts in atari) join `watch`, and
        the draw forgets the refusals it remembers (``refused``) that the play may have
        undone.  Such a refusal (an eye, a suicide, a two-point eye space) holds while the
        stones two steps around its point stay and no string beside it goes into atari (a
        string leaving atari, or two joining, undoes none); a string in atari is beside its
        last liberty alone."""
        refused, col, head, libs, nbrs, ball = self._after_state
        for z in ball[move]:
            refused[z] = 0
        for s in taken:
            for z in ball[s]:
                refused[z] = 0
        h = head[move]
        ls: set[int] = libs[h]  # type: ignore[assignment]  # at a head
        if len(ls) == 1:
            watch.append(h)
            for z in ls:
                refused[z] = 0
        opp = 3 - col[move]
        for q in nbrs[move]:
            if col[q] == opp:
                h = head[q]
                ls = libs[h]  # type: ignore[assignment]  # at a head
                if len(ls) == 1:
                    for z in ls:
                        refused[z] = 0
                    if h not in watch:
                        watch.append(h)

    # -- the policy --------------------------------------------------------------------------

    def _candidate(self, p: int, c: int, allow_selfatari: bool) -> bool:
        """Whether the policy lets c play at empty p."""
        board = self.board
        if p == board.ko_point:
            return False
        col, head, libs = board.colour, board.head, board.libs
        n_empty = 0
        for q in self.nbrs[p]:
            cq = col[q]
            if cq == EMPTY:
                n_empty += 1
            elif cq != c and len(libs[head[q]]) == 1:  # type: ignore[arg-type]  # at a head
                n_empty = -9  # an opponent string in atari: a capture (or a snapback)
        if n_empty > 1:
            return True  # safe: two liberties at least, no eye shape, no eye space
        if TWO_POINT_SPACE and self._in_own_two_point_space(p, c):
            # Filling half of an own two-point eye space only takes a liberty off, the one
            # a race into a dead shape is won by.  (It never saves a string in atari: the
            # one string around has both points as liberties.)
            return False
        return self._kind_allowed(p, c, allow_selfatari)

    def _kind_allowed(self, p: int, c: int, allow_selfatari: bool) -> bool:
        """Whether the policy lets c play at empty p, given that p is not the ko point and
        not in an own two-point eye space (`_candidate` without those two refusals, for the
        callers that made them already or know they cannot apply): by what the play would
        do."""
        kind = self.board.move_kind(p, c)
        if kind > KIND:  # an eye shape (never a capture)
            if (p in self.protected or kind & TRUE_EYE) and not kind & ATARI_EYE:
                # Fill an own eye only to save a string in atari; a false eye is only a
                # connection, and may be filled.
                return False
            kind &= KIND
        elif kind == CAPTURE:
            return True
        elif kind == SNAPBACK:  # a capture taken back at once: a self-atari like others
            return allow_selfatari and self._selfatari_ok(p, c)
        if kind == SAFE:
            return True
        return kind == SELF_ATARI and allow_selfatari and self._selfatari_ok(p, c)

    def _in_own_two_point_space(self, p: int, c: int) -> bool:
        """Whether empty p and one empty neighbour are an eye space of two points that one
        string of c alone surrounds (filling either joins nothing)."""
        board = self.board
        col, head = board.colour, board.head
        nbrs = self.nbrs
        other = h = -1
        for q in nbrs[p]:
            cq = col[q]
            if cq == EMPTY:
                if other >= 0:
                    return False
                other = q
            elif cq != c or h >= 0 and head[q] != h:
                return False
            else:
                h = head[q]
        if other < 0:
            return False
        for q in nbrs[other]:
            if q != p and (col[q] != c or head[q] != h):
                return False
        return True

    def _selfatari_ok(self, p: int, c: int) -> bool:
        """A random self-atari of c at p: never on a seki point, never for a big string,
        and then only half the time (nakade needs some)."""
        return (p not in self.protected and self.board.size_after(p, c) <= SELF_ATARI_MAX
                and self.rng.random() < SELF_ATARI_RATE)

    def _vital_ok(self, p: int, c: int) -> bool:
        """Whether c may play the vital point p (an empty playable point) of the space its
        captured stones left: not the ko point, no suicide, no seki point."""
        board = self.board
        return (p != board.ko_point and p not in self.protected
                and board.move_kind(p, c) & KIND != SUICIDE)

    def _atari_move(self, watch: list[int], c: int, opp: int) -> tuple[int, list[int]]:
        """Strings in atari first: capture the opponent's, else (sometimes, always when it
        joins a strong string) save an own one.  Returns the move (-1 for none) and the
        watched strings still in atari."""
        board = self.board
        col, head, libs = board.colour, board.head, board.libs
        strong = self.strong
        in_draw = self.in_draw
        move = escape = -1
        joins = False
        keep = []
        for h in watch:
            ls = libs[h]
            if ls is None or len(ls) != 1 or col[h] == EMPTY or head[h] != h:
                continue  # gone, merged away or out of atari
            keep.append(h)
            x = next(iter(ls))
            # a last liberty outside the draw (a settled point) is never played
            if move < 0 and x != board.ko_point and in_draw[x]:
                if col[h] == opp:
                    if self._candidate(x, c, False):
                        move = x
                elif escape < 0 and self._candidate(x, c, False):
                    escape = x
                    joins = bool(strong) and joins_through_own_point(
                        col, self.nbrs, head, x, c, h, strong)
        if move < 0 and escape >= 0 and (joins or self.rng.random() < ESCAPE_RATE):
            move = escape
        return move, keep

    def _draw(self, c: int, opp: int, invade: bool) -> tuple[int, bool]:
        """A uniform draw without replacement of a point the policy lets c play (a refused
        point is swapped behind the ones still to draw from; the point drawn is put last,
        where the play takes it from), and False; or, when there is
        none, -1 and whether points were skipped as the other side's area (none with
        `invade`, else those of opp's area that are no eye space of opp).

        `_candidate` is asked in parts: the ko point and an own two-point eye space (which
        needs an empty neighbour) are refused first, then the refusals most draws meet are
        made here, as `_kind_allowed` would make them: an own true eye (or seki point) of an
        eye shape with no string around it in atari, and a point surrounded by the
        opponent's strings, none in atari (a suicide).  These refusals and the two-point eye
        space use no random number and are remembered in ``refused`` until the stones
        around change (`_after_play`): a point they refused again costs one look-up."""
        (empty, refused, col, head, libs, nbrs, diags, protected, kept_now, none_kept_out,
         random_, kind_allowed, two_point_space) = self._draw_state
        ko = self.board.ko_point
        kept_out = kept_now[c] if not invade else none_kept_out
        k = len(empty)
        while k:
            i = int(random_() * k)
            p = empty[i]
            if not kept_out[p] and p != ko and not refused[p] & c:
                ok = own = opps = saves = taking = False
                n_empty = 0
                for q in nbrs[p]:
                    cq = col[q]
                    if cq == EMPTY:
                        n_empty += 1
                    elif cq == c:
                        own = True
                        if len(libs[head[q]]) == 1:  # type: ignore[arg-type]  # at a head
                            saves = True
                    elif len(libs[head[q]]) > 1:  # type: ignore[arg-type]  # at a head
                        opps = True
                    else:
                        taking = True  # an opponent string in atari
                if taking:
                    ok = kind_allowed(p, c, True)
                elif n_empty:
                    if n_empty > 1:
                        ok = True  # safe: two liberties at least, no eye shape
                    elif not opps and TWO_POINT_SPACE and two_point_space(p, c):
                        refused[p] |= c
                    else:
                        ok = kind_allowed(p, c, True)
                elif opps:
                    # all round the opponent's, nothing taken: a suicide, unless own strings
                    # beside give liberties
                    if not own:
                        refused[p] |= c
                    else:
                        ok = kind_allowed(p, c, True)
                elif saves:
                    # an eye shape: filled to save a string in atari, ...
                    ok = kind_allowed(p, c, True)
                elif p not in protected:
                    # ... or when it is false (at most one opponent diagonal, none on the
                    # edge, is true)
                    ds = diags[p]
                    bad = 0
                    for q in ds:
                        if col[q] == opp:
                            bad += 1
                    if bad > 1 or (bad and len(ds) < 4):
                        ok = kind_allowed(p, c, True)
                    else:
                        refused[p] |= c  # a true eye
                else:
                    refused[p] |= c  # a seki point
                if ok:
                    # last in the draw, where the play takes it from
                    empty[i] = empty[-1]
                    empty[-1] = p
                    return p, False
            k -= 1
            empty[i] = empty[k]
            empty[k] = p
        # every point was refused: were any skipped?
        return -1, any(map(kept_out.__getitem__, empty))

    def _area(self, col: list[int], empties: list[int]) -> list[int]:
        """Area at the end: an empty point goes to the only colour around it.  `empties`
        are the empty points of `col` in point order (the order matters: a point given a
        colour counts as that colour for the empty points after it)."""
        nbrs = self.nbrs
        for p in empties:
            seen = 0
            for q in nbrs[p]:
                seen |= col[q]
            col[p] = seen if seen in (BLACK, WHITE) else EMPTY
        return col


@cache
def _near_of(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Per point of a board size, its neighbours and diagonals in point order."""
    board = Board(width, height)
    nbrs, diag = board.neighbours, board.diagonals
    return tuple(tuple(sorted(set(nbrs[p]) | set(diag[p]))) for p in range(len(board.colour)))


@cache
def _ball_of(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Per point of a board size, the points at most two steps from it (itself, its
    neighbours and theirs): those whose refusals by the draw a stone put on it or taken
    from it may change."""
    nbrs = Board(width, height).neighbours
    return tuple(tuple(sorted({p, *nbrs[p], *(r for q in nbrs[p] for r in nbrs[q])}))
                 for p in range(len(nbrs)))


def _near(board: Board) -> tuple[tuple[int, ...], ...]:
    """The 8 points around each point of `board` (shared per board size, read-only)."""
    return _near_of(board.width, board.height)


def joins_through_own_point(col: list[int], nbrs: Neighbours, head: list[int], x: int, c: int,
                            h: int, strong: set[int]) -> bool:
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


def influence(col: list[int], points: tuple[int, ...], nbrs: Neighbours,
              dilations: int = 5, erosions: int = 21) -> dict[int, int]:
    """Bouzy's 5/21 influence map (Zobrist dilations, then erosions): per point, the colour
    whose area it is (EMPTY where neither)."""
    v = [0] * len(col)
    for p in points:
        c = col[p]
        v[p] = 128 if c == BLACK else -128 if c == WHITE else 0
    for _ in range(dilations):
        # a point no opposite value touches grows by its neighbours of its own sign
        new = v[:]
        for p in points:
            x = v[p]
            above = below = 0
            for q in nbrs[p]:
                y = v[q]
                if y > 0:
                    above += 1
                elif y < 0:
                    below += 1
            if x >= 0 and not below:
                new[p] = x + above
            elif x <= 0 and not above:
                new[p] = x - below
        v = new
    for _ in range(erosions):
        # a value shrinks by its neighbours that are not of its sign, down to 0
        new = v[:]
        for p in points:
            x = v[p]
            if x > 0:
                for q in nbrs[p]:
                    if v[q] <= 0:
                        x -= 1
                new[p] = x if x > 0 else 0
            elif x < 0:
                for q in nbrs[p]:
                    if v[q] >= 0:
                        x += 1
                new[p] = x if x < 0 else 0
        v = new
    return {p: BLACK if v[p] > 0 else WHITE if v[p] < 0 else EMPTY for p in points}


def strong_area(col: list[int], nbrs: Neighbours, strong: list[int], libs: dict[int, set[int]],
                size: int) -> list[int]:
    """Per point, the colour of the strong strings nearest to it through empty points
    (EMPTY on ties and where no strong string reaches): the area each side controls."""
    tie = BLACK | WHITE
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
                area[x] = tie
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
                    area[q] = tie
        frontier = nxt
    return [EMPTY if a == tie else a for a in area]

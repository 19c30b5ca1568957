"""Stage 5 of the judgement: exhaustive reading of a small enclosed group (封闭死活).  Can
a string shut inside the opponent's living wall be taken?

The playouts judge a group inside the opponent's area by random play, which seldom finds the
one move that kills or saves a local shape: two false eyes (假眼), a bent four on the edge, an
opponent stone inside the eye space.  When such a group is enclosed (its *enclosure*, the
points reachable from it without crossing a wall, is small) it is read out exactly instead.

The enclosure of a string: the points reachable from it through empty points, stones of its
own colour and opponent strings held inside (stones the group may take): small strings whose
every liberty touches the group or only stones of such strings and empty points that touch
a stone of its colour (a point they share that nothing else touches: two stones cornered
together on the edge; the corner point behind two stones on the edge).
A string with no enclosure so may have a race's (对杀): the same with an inner group of more
than `MAX_HELD` and up to `RACE_HELD` stones held inside, a ring having shut it in, and up to
`RACE_ENCLOSURE` points.
The *wall* is the opponent strings around it.  The reading applies only when every wall string
is judged alive and lives apart from the enclosure (`wall_lives_apart`: two eye spaces of its
own outside, or one of a living shape; a wall in seki with a group outside is no wall).  A
wall string with at least `WALL_OUTSIDE_LIBERTIES` liberties outside the enclosure cannot be
taken from inside; when every one has, the enclosure is a closed board of its own.  Both
sides play only on its empty points, or pass; two passes in a row end the reading; a ko ends
it unread.  The attacker wins when the target string is taken; the owner wins when it is
still there at the end (alive, or seki: 双活 counts as not taken), or sooner, when it has two
eyes no play takes away or a space of `BIG_SPACE` points that only it borders (what it holds
once it has taken a race's inner group: every killable eye shape is smaller).

A *short* wall string (fewer liberties outside: Tygem games end with such walls, the last
outside liberties not filled) could be taken from inside.  The reading then also plays on its
outside liberties, the *openings*.  A play that takes stones outside the enclosure (a short
wall string, or stones beside an opening) frees points the reading never plays, and that line
is left unread: the owner's lines that break the wall are not read, so such a reading proves
death only, never life.  An opening is no eye of the wall, and the strings of the wall's
colour beyond it must live apart too.  A short wall string must live without what it takes
inside (`short_wall_lives`): a group the owner's living wall shuts in around the owner's
stones may take them only into a dead shape, a seki the reading would call a capture.

Exhaustive, with the positions already read remembered, within `BUDGET` positions and `DEPTH`
plies; a question it cannot finish in them is answered None (`Unread`), never guessed.  Every
choice is in point order: the reading is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.board import EMPTY
from ..core.playout_board import KIND, NO_POINT, SUICIDE, PlayoutBoard
from .regions import border_colours, empty_regions
from .tactics import Reader, Unread, two_eyes_by_shape

MAX_ENCLOSURE = 30  # points of an enclosure read, stones included
MAX_EMPTY = 8  # empty points of an enclosure read
MAX_HELD = 6  # stones of an opponent string held inside, at most
RACE_ENCLOSURE = 50  # the same, for a string with no enclosure but a race's (`enclosure`)
RACE_HELD = 12  # stones of a race's inner group held inside, at most
MAX_HELD_STRINGS = 3  # opponent strings held together by their shared liberties, at most
WALL_OUTSIDE_LIBERTIES = 2  # a wall string's liberties outside the enclosure, at least
BIG_SPACE = 8  # points of a space only the target borders that make two eyes whatever
BUDGET = 1500  # positions read per question
DEPTH = 40  # plies


def enclosure(board: PlayoutBoard, p: int, race: bool = False) -> list[int] | None:
    """The enclosure of the string at p (sorted points), or None when it exceeds
    `MAX_ENCLOSURE` points or `MAX_EMPTY` empty points.  With `race`, the enclosure of a
    race (对杀): opponent strings of up to `RACE_HELD` stones held inside, up to
    `RACE_ENCLOSURE` points, and None unless one of them has more than `MAX_HELD` (the
    inner group a ring has shut in)."""
    col, head, nbrs = board.colour, board.head, board.neighbours
    most_points, most_held = (RACE_ENCLOSURE, RACE_HELD) if race else (MAX_ENCLOSURE, MAX_HELD)
    c = col[p]
    held: dict[int, bool] = {}  # opponent head -> held inside: asked once per string
    inside = {p}
    todo = [p]
    while todo:
        x = todo.pop()
        for q in nbrs[x]:
            if q in inside:
                continue
            if col[q] == 3 - c:
                if head[q] not in held:
                    held[head[q]] = _held_inside(board, q, c, most_held)
                if not held[head[q]]:
                    continue
            inside.add(q)
            todo.append(q)
            if len(inside) > most_points:
                return None
    if sum(1 for x in inside if col[x] == EMPTY) > MAX_EMPTY:
        return None
    if race and not any(is_held and len(board.string(g)) > MAX_HELD
                        for g, is_held in held.items()):
        return None  # no inner group: the plain enclosure, or none
    return sorted(inside)


def _held_inside(board: PlayoutBoard, q: int, c: int, most_held: int) -> bool:
    """Whether the opponent string at q is held inside c's group, with the opponent strings
    it shares a liberty with that touches no stone of c (stones cornered together on the
    edge): at most `MAX_HELD_STRINGS` strings of at most `most_held` stones each, every
    liberty of them touching a stone of c, or only their own stones and empty points that
    touch c (the corner point behind two stones on the edge)."""
    col, head, nbrs = board.colour, board.head, board.neighbours
    cluster = {head[q]}
    todo = [q]
    while todo:
        s = todo.pop()
        if len(board.string(s)) > most_held:
            return False
        for x in board.liberties(s):
            if any(col[y] == c for y in nbrs[x]):
                continue
            if any(col[y] == EMPTY and all(col[z] != c for z in nbrs[y]) for y in nbrs[x]):
                return False  # an empty point beside it touching no stone of c: room
            for y in nbrs[x]:
                if col[y] != EMPTY and head[y] not in cluster:
                    cluster.add(head[y])
                    todo.append(y)
        if len(cluster) > MAX_HELD_STRINGS:
            return False
    return True


def wall(board: PlayoutBoard, inside: list[int]) -> list[int]:
    """The heads of the opponent strings around an enclosure: every stone beside it and not
    in it is one (the enclosure holds all the stones of its own colour that it touches)."""
    col, head, nbrs = board.colour, board.head, board.neighbours
    members = set(inside)
    return sorted({head[q] for x in inside for q in nbrs[x]
                   if q not in members and col[q] != EMPTY})


def short_walls(board: PlayoutBoard, inside: list[int], heads: list[int]
                ) -> tuple[list[int], list[int]]:
    """The wall strings with fewer than `WALL_OUTSIDE_LIBERTIES` liberties outside the
    enclosure, and those liberties (the openings; both sorted): a play inside could take
    such a string, so the reading also plays on the openings (the wall may extend there,
    the owner may close it in)."""
    members = set(inside)
    short: list[int] = []
    openings: set[int] = set()
    for h in heads:
        outside = [x for x in board.liberties(h) if x not in members]
        if len(outside) < WALL_OUTSIDE_LIBERTIES:
            short.append(h)
            openings.update(outside)
    return sorted(short), sorted(openings)


def wall_lives_apart(board: PlayoutBoard, inside: list[int], heads: list[int],
                     settled: list[int]) -> bool:
    """Whether every wall string lives without the enclosure: it belongs to a block (the
    strings of its colour joined through empty regions only that colour borders, on
    `settled`, the position without the stones judged dead) holding two such regions
    outside the enclosure, or one that is two eyes by its shape (`two_eyes_by_shape`; one
    too big to read by shape, seven points or more, is two eyes whatever is played in it).
    A wall in seki or in a race with a group outside is no wall: its life may hang on what
    happens inside."""
    nbrs = board.neighbours
    a = board.colour[heads[0]]
    members = set(inside)
    regions, region_of = empty_regions(settled, board.points, nbrs)
    own = [not members.intersection(reg) and border_colours(settled, nbrs, reg) == a
           for reg in regions]
    done: set[int] = set()
    for h in heads:
        if h in done:
            continue
        block_regions: set[int] = set()
        seen = {h}
        todo = [h]
        while todo:  # the block: stones of colour a and the own regions between them
            x = todo.pop()
            for q in nbrs[x]:
                if q in seen:
                    continue
                if settled[q] == a:
                    seen.add(q)
                    todo.append(q)
                elif settled[q] == EMPTY and own[region_of[q]]:
                    i = region_of[q]
                    if i not in block_regions:
                        block_regions.add(i)
                        for y in regions[i]:
                            seen.add(y)
                            todo.append(y)
        done |= seen
        if len(block_regions) < 2 and not any(two_eyes_by_shape(regions[i], nbrs) is not False
                                              for i in block_regions):
            return False
    return True


class EnclosureReader(Reader):
    """Reads whether the string at `target` is taken, moves restricted to `inside`; with a
    `holder` (an attacker's string), only while the holder stands: once it is taken, the
    target is not.  With `openings` (`short_walls`) the moves include them too; a play that
    takes stones outside the moves (a short wall string, or stones beside an opening) frees
    points the reading never plays, and that line is left unread."""

    def __init__(self, board: PlayoutBoard, inside: list[int], target: int,
                 budget: int = BUDGET, depth: int = DEPTH, holder: int | None = None,
                 openings: Sequence[int] = (), ko_winner: int | None = None) -> None:
        super().__init__(board, budget, depth)
        self.inside = sorted({*inside, *openings})
        self.target = target
        self.owner = board.colour[target]
        self.holder = holder
        self.ko_winner = ko_winner  # retakes a ko at once (threats without end); None: unread
        self.members = set(self.inside)
        self.known: dict[tuple[int, ...], bool | None] = {}

    def taken(self, attacker_first: bool) -> bool | None:
        """Whether the target is taken with the attacker (True) or its owner (False) to move
        first; None when that turns on a ko (unless a `ko_winner` is given: that side may
        retake a ko at once, as with threats without end, the other never), or the budget or
        depth runs out (kos the other side can take in turn elsewhere, as in a double ko,
        双劫, go round until it does)."""
        self.nodes = 0
        try:
            return self._wins(3 - self.owner if attacker_first else self.owner, 0, self.depth)
        except Unread:
            return None

    def _wins(self, mover: int, passes: int, depth: int) -> bool | None:
        """Whether the attacker takes the target, `mover` to play after `passes` passes; None
        when that turns on a ko (劫): a ko is won by threats outside, which are not read
        (with a `ko_winner`, that side retakes at once and the reading goes on)."""
        b = self.board
        if b.colour[self.target] != self.owner:
            return True
        if self.holder is not None and b.colour[self.holder] != 3 - self.owner:
            return False
        if b.ko_point != NO_POINT and self.ko_winner is None:
            return None
        if self._two_eyes():
            return False
        key = (mover, passes, b.ko_point, *(b.colour[x] for x in self.inside))
        if key in self.known:
            return self.known[key]
        self._count()
        if depth <= 0:
            raise Unread
        attacking = mover != self.owner
        result: bool | None = not attacking  # what the mover gets if nothing helps it
        for x in self.inside:
            if b.colour[x] != EMPTY or not self._legal(x, mover):
                continue
            undo = self._play(x, mover)
            try:
                if any(t not in self.members for t in undo[5]):
                    taken = None  # stones taken outside: points the reading never plays
                else:
                    taken = self._wins(3 - mover, 0, depth - 1)
            finally:
                self._undo(undo)
            if taken == attacking:
                result = attacking
                break
            if taken is None:
                result = None
        else:
            if passes:  # two passes: the target stands
                taken = False
            else:
                ko, b.ko_point = b.ko_point, NO_POINT  # a pass lifts a ko's ban
                try:
                    taken = self._wins(3 - mover, 1, depth - 1)
                finally:
                    b.ko_point = ko
            if taken == attacking:
                result = attacking
            elif taken is None:
                result = None
        self.known[key] = result
        return result

    def _legal(self, x: int, c: int) -> bool:
        """Legal for c, the ko ban aside for the `ko_winner`."""
        if c == self.ko_winner and x == self.board.ko_point:
            return self.board.move_kind(x, c) & KIND != SUICIDE
        return super()._legal(x, c)

    def _two_eyes(self) -> bool:
        """Whether the target has two empty points inside whose every neighbour is a stone
        of the target itself: eyes no play can take away, so it lives (Benson's vital
        regions, the simplest kind); or a space of `BIG_SPACE` points or more inside that
        only the target borders, with no opponent stone in it (what a race leaves once the
        target has taken the opponent's group): every killable shape is smaller, so it
        makes two eyes there whatever is played."""
        b = self.board
        col, head, nbrs = b.colour, b.head, b.neighbours
        h = head[self.target]
        eyes = empty = 0
        for x in self.inside:
            if col[x] == EMPTY:
                empty += 1
                if all(col[q] == self.owner and head[q] == h for q in nbrs[x]):
                    eyes += 1
                    if eyes == 2:
                        return True
        return empty >= BIG_SPACE and self._big_space(h)

    def _big_space(self, h: int) -> bool:
        """`_two_eyes`'s second kind, for the target string whose head is h: a connected
        space of points inside that are not its stones, empty or its colour's, `BIG_SPACE`
        points or more, whose every neighbour outside it is a stone of the target."""
        b = self.board
        col, head, nbrs = b.colour, b.head, b.neighbours
        members, opp = self.members, 3 - self.owner
        seen: set[int] = set()
        for x in self.inside:
            if x in seen or col[x] != EMPTY:
                continue
            size, todo, closed = 1, [x], True
            seen.add(x)
            while todo:
                y = todo.pop()
                for q in nbrs[y]:
                    if q in seen or col[q] == self.owner and head[q] == h:
                        continue
                    if q not in members or col[q] == opp:
                        closed = False
                        continue
                    seen.add(q)
                    size += 1
                    todo.append(q)
            if closed and size >= BIG_SPACE:
                return True
        return False


def wall_holds(board: PlayoutBoard, inside: list[int], standing: Callable[[int], bool],
               settled: list[int]) -> tuple[list[int], list[int]] | None:
    """For an `enclosure` `inside`: its `short_walls` (the short strings and the openings)
    when the wall strings are all ones `standing` (a head -> whether the caller judges it
    alive) and live apart (`wall_lives_apart`, on `settled`, the openings no eyes), as do
    the strings of their colour beyond the openings, and every short one lives without the
    inside (`short_wall_lives`); None when the wall fails.  The same
    for every string of the enclosure: its strings share one enclosure."""
    heads = wall(board, inside)
    if not heads:
        return None
    short, openings = short_walls(board, inside, heads)
    a, head, nbrs = board.colour[heads[0]], board.head, board.neighbours
    around = set(heads) | {head[q] for x in openings for q in nbrs[x] if board.colour[q] == a}
    rest = sorted(around - set(short))  # a short one is read with its openings
    if not all(standing(h) for h in around) \
            or rest and not wall_lives_apart(board, [*inside, *openings], rest, settled):
        return None  # an opening is no eye of the wall: the reading plays there
    if not all(short_wall_lives(board, inside, openings, s, short, settled) for s in short):
        return None
    return short, openings


def short_wall_lives(board: PlayoutBoard, inside: list[int], openings: list[int], s: int,
                     short: list[int], settled: list[int]) -> bool:
    """Whether the short wall string at s lives without what it takes inside: an opening of
    its own touches a wall-colour string that is not short (one of the rest of the wall,
    which lives apart), or it lives apart itself.  A short wall whose only life is inside
    (shut in by the owner's living wall, around the owner's stones) may take the target into
    a dead shape (a straight three): that capture proves nothing, the group may be in seki."""
    col, head, nbrs = board.colour, board.head, board.neighbours
    members = set(inside)
    if any(col[q] == col[s] and head[q] != s and head[q] not in short
           for x in board.liberties(s) if x not in members for q in nbrs[x]):
        return True
    return wall_lives_apart(board, [*inside, *openings], [s], settled)


def read_within(board: PlayoutBoard, p: int, inside: list[int],
                walls: tuple[list[int], list[int]], holder: int | None = None
                ) -> tuple[bool, bool] | None:
    """For the string at p and its `enclosure` `inside` (or the enclosure of its `holder`,
    an opponent string that must stand for p to be taken), whose wall holds with `walls`
    (`wall_holds`): (taken with the attacker first, taken with its owner first); None when
    either is unanswered (`read_sides`).  The board is left as it was."""
    attacked, defended = read_sides(board, p, inside, walls, holder)
    return None if attacked is None or defended is None else (attacked, defended)


def read_sides(board: PlayoutBoard, p: int, inside: list[int],
               walls: tuple[list[int], list[int]], holder: int | None = None
               ) -> tuple[bool | None, bool | None]:
    """`read_within`'s two answers, each None when unanswered: its reading cannot finish
    (when the attacker's cannot, the owner's is not asked), or the string is found not taken
    with its owner first while a wall string is short (the owner's lines that break the wall
    are not read: that proves death only).  The board is left as it was."""
    short, openings = walls
    if short and holder is not None:
        return None, None  # a holder proves life, which a short wall never does
    reader = EnclosureReader(board, inside, p, holder=holder, openings=openings)
    if short:  # death only: taken with the owner first, so with the attacker first too
        return (True, True) if reader.taken(attacker_first=False) else (None, None)
    attacked = reader.taken(attacker_first=True)
    if attacked is None:
        return None, None
    # having the move never hurts: a string the attacker cannot take moving first, it
    # cannot take moving second either
    defended = False if attacked is False else reader.taken(attacker_first=False)
    return attacked, defended


def read_kos(board: PlayoutBoard, p: int, inside: list[int]) -> tuple[bool, bool] | None:
    """For a string in an enclosure whose wall holds with no short string, and whose
    reading (`read_within`) turns on a ko (劫): read again with each side in turn free to
    retake a ko at once, the other never.  One its owner cannot save even moving first
    unless it retakes every ko is taken, (True, True): it lives only by winning a ko.  One
    that lives moving first without a ko, and that the attacker moving first takes only by
    retaking every ko, stands, (False, False): the ko is the attacker's to start.  None
    when neither holds, or when a reading cannot finish (kos the sides take in turn, as in
    a double ko, go round until it does).  Weaker than a reading without kos (threats
    decide a ko), and blind to a ko neither side may start (a ten-thousand-year ko, 万年劫,
    seki under Japanese rules, reads as one the owner needs even moving first): the caller
    lets it settle what the playouts left open, and overrule them only where the attacker's
    reading without kos takes the string.  The board is left as it was."""
    owner = board.colour[p]

    def taken(attacker_first: bool, ko_winner: int) -> bool | None:
        reader = EnclosureReader(board, inside, p, ko_winner=ko_winner)
        return reader.taken(attacker_first)

    defended = taken(attacker_first=False, ko_winner=3 - owner)
    if defended:
        return True, True
    if defended is False and taken(attacker_first=True, ko_winner=owner) is False:
        return False, False
    return None

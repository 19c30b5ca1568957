"""Stage 3 of the judgement, after the playouts: a string that holds an opponent string shut
inside its own liberties (眼中有子), and that takes it into two eyes whenever it must, cannot
be killed.

Let G be a string and S an opponent string with at least two liberties, all of them
liberties of G too, whose stones and liberties touch only G, S, each other and G's
*companions* (other strings of G's colour whose liberties are exactly S's: they hold S with
G, lose a liberty whenever S does and join G when it takes S): S is *held* inside G, it has
no eye and can gain no liberty.  The opponent can fill G's other liberties, but not the
last two it shares with S:
filling one there leaves S and G one liberty each with G to move, and G takes S.  So G is
never taken while S stands.  The opponent can still force the capture (fill the shared
liberties down to one), so G lives when the space the capture leaves is two eyes whichever
liberty G takes on (`forced_capture_eyes`); until it must take, it is seki (双活).  The
playouts take too early, into a killable shape (a bent three in the corner after G fills
the liberties itself), and call G dead or leave it undecided; `revive_holders` overrules
them after the playouts.

The other way round (`kill_bare_holders`, on the position without the dead stones), with
two shared liberties: when one forced capture leaves no two eyes, G's other liberties are
points the opponent fills at no risk, in empty regions where G can make no eye, and taking
S at once leaves no two eyes either, G is dead and S lives: what looks like seki (a bent
four in the corner once taken, say) is not one.  A string of G's colour beside those points,
whose liberties lie in such points too and whose opponents stand as G's do, gains G nothing
by joining it, and dies with it; a filler that must connect first costs the opponent a
move, which a seki does not count.
With three or four shared liberties each side may fill some first, the opponent choosing
the space the capture leaves and G taking choices away: that is read out over the shared
liberties (`_holder_dies`).

And when the playouts call S dead but G lives whenever forced, S is in a race
(`read_held_races`): G takes S with profit only when every space it can be left is two
eyes; then, with s shared liberties and G's a others single points the opponent fills, G
takes S moving first when a >= s - 1 and moving second when a >= s.  Otherwise S lives in
seki; a race only G moving first wins depends on who moves first.

Eye spaces are read up to six points, where the killable shapes are known exactly (a
bigger one is not read: a rectangular six and one more point in the corner is a ko).  The
readings are exact, given the verdicts on the strings around, except for a ko: they read
none.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

from ..core.board import BLACK, EMPTY, Board
from ..core.playout_board import PlayoutBoard
from .links import unbreakable
from .regions import empty_regions
from .report import ALIVE, DEAD, FirstMove
from .tactics import two_eyes_by_shape

# The reading of one held string s beside its holder g: the position read (`final` with s
# on it), s's liberties, and g's other liberties.
_Pair = tuple[list[int], set[int], set[int]]
Regions = tuple[list[list[int]], dict[int, int]]  # `empty_regions`: the regions, the index

MAX_SHARED = 4  # liberties a held string shares with its holder, at most, for the reading
OWNED = 0.8  # a point whose playout ownership is this much a side's is its area (+1: all)


def revive_holders(board: Board, col: list[int], head: dict[int, int],
                   stones: dict[int, list[int]], string_status: dict[int, str],
                   certain: set[int]) -> list[int]:
    """Mark alive, and certain, the strings called dead or left undecided (not `certain`
    ones) that hold an opponent string they take into two eyes whenever forced (see the
    module), and their `companions`; returns their heads.  The proof asks nothing of the
    playouts' verdict, so an undecided holder is read as one called dead: left undecided, it
    would go to the stage asking who moves first, whose playouts lose its race as readily."""
    doubtful = [h for h in sorted(stones)
                if string_status.get(h, DEAD) == DEAD and h not in certain]
    if not doubtful:
        return []
    revived: list[int] = []
    for g in doubtful:
        if g in certain:  # revived already, as a companion
            continue
        for s in _opponents_beside(board, col, head, stones, g):
            libs = held_inside(board, col, head, stones, g, s)
            if libs and forced_capture_eyes(board, stones[s], libs) is True:
                for h in sorted({g} | companions(board, col, head, stones, g, s, libs)):
                    string_status[h] = ALIVE
                    certain.add(h)
                    revived.append(h)
                break
    return revived


def kill_bare_holders(board: Board, col: list[int], final: list[int], head: dict[int, int],
                      stones: dict[int, list[int]], string_status: dict[int, str],
                      certain: set[int], ownership: Mapping[int, float] | None = None
                      ) -> list[int]:
    """On `final` (the position `col` without the stones called dead), mark dead, and
    certain, the strings not called dead (not `certain` ones) that hold an opponent string
    with two to `MAX_SHARED` liberties (put back on the board if it was called dead), when
    the holder's other liberties are points the opponent fills at no risk (`_fillable`, with
    the playouts' `ownership` of the points, +1 Black ... -1 White, where they ran) and
    it must take, or be taken, into a killable shape whatever either side fills first
    (`_holder_dies`; with two liberties: a capture the opponent can force leaves no two
    eyes, and taking the string at once, filling both itself, none either).  The held
    string lives, the holder's `companions` and the strings of its colour it could join
    only in such points (`_fillable`'s bystanders, none `certain`) die with it; returns
    the heads of the strings killed."""
    final = final[:]
    regions: Regions | None = None  # of `final`, made when first needed
    killed: list[int] = []
    for g in sorted(stones):
        if g in certain or final[g] == EMPTY or string_status.get(g) == DEAD:
            continue
        for s in _opponents_beside(board, col, head, stones, g):
            pair = None if s in certain else _read_pair(board, col, final, head, stones, g, s)
            if pair is None or len(pair[1]) > MAX_SHARED:
                continue
            trial, libs, outside = pair
            if not _holder_dies(board, stones[s], libs, bool(outside)):
                continue
            if regions is None:
                regions = empty_regions(final, board.points, board.neighbours)
            bystanders: set[int] = set()
            if _fillable(board, trial, head, stones, string_status, g, s, outside, regions,
                         ownership or {}, connect_first=True, bystanders=bystanders) \
                    and not bystanders & certain:
                string_status[s] = ALIVE
                certain.add(s)
                for h in sorted({g} | companions(board, trial, head, stones, g, s, libs)
                                | bystanders):
                    string_status[h] = DEAD
                    certain.add(h)
                    killed.append(h)
                    for p in stones[h]:
                        final[p] = EMPTY
                regions = None
                break
    return killed


def _holder_dies(board: Board, string: list[int], libs: set[int], outside: bool) -> bool:
    """Whether the holder of `string` (held, with the shared liberties `libs`) must take it
    into a space that is no two eyes, the opponent filling its other liberties at will
    (`outside`: whether it has any).  Read out over the shared liberties: the opponent
    fills one (its string grows, and the space the capture leaves with it) or passes; the
    holder fills one while it keeps a liberty outside or two shared ones (else it is taken
    first) or passes; two passes leave seki, and with one shared liberty left the holder
    takes on it, now or when its outside liberties run out.  A space too big to read counts
    as two eyes: the holder dies only when that is proven."""
    inner = frozenset(string)

    def value(opp: frozenset[int], own: frozenset[int], holder_to_move: bool,
              passed: bool) -> bool:
        # whether the holder lives, `opp` and `own` the shared liberties each side filled
        rest = sorted(libs - opp - own)
        if len(rest) == 1:  # taken on the last
            return two_eyes_by_shape(sorted(inner | opp), board.neighbours) is not False
        if holder_to_move:
            fills = [x for x in rest if outside or len(rest) > 2]
            return any(value(opp, own | {x}, False, False) for x in fills) \
                or passed or value(opp, own, False, True)
        return all(value(opp | {x}, own, True, False) for x in rest) \
            and (passed or value(opp, own, True, True))

    return not value(frozenset(), frozenset(), False, False) \
        and not value(frozenset(), frozenset(), True, False)


def _read_pair(board: Board, col: list[int], final: list[int], head: dict[int, int],
               stones: dict[int, list[int]], g: int, s: int) -> _Pair | None:
    """When g holds s on `final` with s put back (a copy of `final` when s was off it): that
    position, s's liberties and g's other liberties; else None."""
    trial = final
    if final[s] == EMPTY:
        trial = final[:]
        for p in stones[s]:
            trial[p] = col[p]
    libs = held_inside(board, trial, head, stones, g, s)
    if libs is None:
        return None
    return trial, libs, _liberties(board, trial, stones[g]) - libs


def _fillable(board: Board, final: list[int], head: dict[int, int],
              stones: dict[int, list[int]], string_status: dict[int, str], g: int, s: int,
              outside: set[int], regions: Regions, ownership: Mapping[int, float],
              connect_first: bool = False, bystanders: set[int] | None = None) -> bool:
    """Whether the opponent can fill g's `outside` liberties (those not shared with the held
    string s) and every point g could extend to from them, and g can take nothing else: each
    point of their empty regions touches a stone of a standing opponent string (not s) or
    is the opponent's area by the playouts (`OWNED`), so g makes no eye there, and no stone
    of g's colour but g's own; and every opponent string beside g but s stands: called alive
    with two liberties or more that are not g's, or one and joining such a string on each of
    its liberties (no string g itself holds, none g can take: an atari is answered by
    joining).

    With `connect_first`, a string with one liberty that is not g's also stands when it
    joins there a string with two such liberties besides, and g's side cannot cut there
    (`unbreakable`): its other liberties are g's, so it connects before it fills beside g,
    a move more, which a race counts and a seki does not.

    With `bystanders` (a set, filled in when the answer is True), a string of g's colour in
    those regions is no escape but a part of g: its liberties count as g's, the regions of
    its liberties are read as g's own, and every opponent string beside it must stand too;
    its head is added (joining it gains g no eye, so it dies with g).  `regions`: the empty
    regions of the position without s (those of g's other liberties are the same with
    it)."""
    nbrs = board.neighbours
    parts, region_of = regions
    own_colour = final[g]
    # the regions g reaches: those of its outside liberties and, through the strings of its
    # colour there, those of theirs
    reached = sorted({region_of[x] for x in outside})
    seen = set(reached)
    joined: list[int] = []
    libs_g = _liberties(board, final, stones[g])  # and the joined strings'
    for i in reached:  # grows while it runs
        for y in parts[i]:
            for q in nbrs[y]:
                if final[q] == own_colour and head[q] != g and head[q] not in joined:
                    if bystanders is None:
                        return False  # another string of g's colour: it could join it
                    joined.append(head[q])
                    libs_q = _liberties(board, final, stones[head[q]])
                    libs_g |= libs_q
                    more = {region_of[x] for x in libs_q}
                    reached += sorted(more - seen)
                    seen |= more
    own: dict[int, int] = {}  # head -> its liberties that are not g's (0 unless alive)
    position: list[PlayoutBoard] = []  # built for the first connection asked about

    def libs_apart(h: int) -> int:  # its liberties that are not g's, 0 unless called alive
        if h not in own:
            own[h] = len(_liberties(board, final, stones[h]) - libs_g) \
                if string_status.get(h) == ALIVE else 0
        return own[h]

    def firm(h: int) -> bool:  # two liberties or more that are not g's
        return libs_apart(h) >= 2

    def joins(h: int) -> bool:  # beside a firm string of its colour on each liberty
        libs = _liberties(board, final, stones[h])
        return all(any(final[q] == final[h] and head[q] not in (h, s) and firm(head[q])
                       for q in nbrs[x])
                   for x in libs) \
            or connect_first and all(connects(h, x) for x in libs - libs_g)

    def connects(h: int, x: int) -> bool:  # joins at x a string firm without x; no cut there
        if not position:
            position.append(PlayoutBoard(board, final))
        return unbreakable(position[0], x, final[h]) and any(
            final[q] == final[h] and head[q] not in (h, s) and libs_apart(head[q]) >= 3
            for q in nbrs[x])

    @functools.cache
    def standing(h: int) -> bool:
        return firm(h) or own[h] == 1 and joins(h)

    if not all(standing(h) for k in [g, *joined]
               for h in _opponents_beside(board, final, head, stones, k) if h != s):
        return False
    sign = 1.0 if own_colour != BLACK else -1.0  # the opponent's area: positive
    for i in reached:
        for y in parts[i]:
            if not any(final[q] == 3 - own_colour and head[q] != s and standing(head[q])
                       for q in nbrs[y]) and ownership.get(y, 0.0) * sign < OWNED:
                return False
    if bystanders is not None:
        bystanders.update(joined)
    return True


def _opponents_beside(board: Board, col: list[int], head: dict[int, int],
                      stones: dict[int, list[int]], g: int) -> list[int]:
    """The heads of the opponent strings of `col` beside string g, in order."""
    nbrs = board.neighbours
    return sorted({head[q] for p in stones[g] for q in nbrs[p] if col[q] == 3 - col[g]})


def _liberties(board: Board, col: list[int], string: list[int]) -> set[int]:
    """The empty points of `col` beside the stones of `string`."""
    nbrs = board.neighbours
    return {q for p in string for q in nbrs[p] if col[q] == EMPTY}


def held_inside(board: Board, col: list[int], head: dict[int, int],
                stones: dict[int, list[int]], g: int, s: int) -> set[int] | None:
    """The liberties of string s when g holds it (see the module: at least two, all g's, s
    and its liberties touching nothing but g, s and each other), else None.  `col` is the
    position read (dead stones off or not, g and s on it); `head` names the strings of the
    whole board."""
    nbrs = board.neighbours
    libs = _liberties(board, col, stones[s])
    if len(libs) < 2:
        return None
    inner = set(stones[s])
    holders = {g} | companions(board, col, head, stones, g, s, libs)
    for p in stones[s]:
        for q in nbrs[p]:
            if q not in libs and q not in inner and head.get(q) not in holders:
                return None  # s touches another string
    for x in libs:
        for q in nbrs[x]:
            if q not in libs and q not in inner and head.get(q) not in holders:
                return None  # a liberty of s touches another string or an outside point
        if not any(head.get(q) == g for q in nbrs[x]):
            return None  # a liberty of s that is not g's
    return libs


def companions(board: Board, col: list[int], head: dict[int, int],
               stones: dict[int, list[int]], g: int, s: int, libs: set[int]) -> set[int]:
    """The heads of the other strings of g's colour beside s or its liberties `libs` whose
    liberties are exactly `libs`: they hold s with g, share its fate (filling any liberty
    costs them as much as s) and join g when g takes s."""
    nbrs = board.neighbours
    near = {head[q] for p in (*stones[s], *libs) for q in nbrs[p]
            if col[q] == col[g] and head[q] != g}
    return {h for h in near if _liberties(board, col, stones[h]) == libs}


def forced_capture_eyes(board: Board, string: list[int], libs: set[int]) -> bool | None:
    """Whether taking `string` (held, with liberties `libs`) on a stone put on any one of
    `libs`, the others filled by its owner first, leaves two eyes (`_all_two_eyes`)."""
    return _all_two_eyes(board, (sorted(set(string) | (libs - {x})) for x in sorted(libs)))


def _all_two_eyes(board: Board, spaces: Iterable[list[int]]) -> bool | None:
    """False when one of `spaces` is no two eyes (`two_eyes_by_shape`), else None when one is
    too big to read, else True."""
    found: bool | None = True
    for space in spaces:
        eyes = two_eyes_by_shape(space, board.neighbours)
        if eyes is False:
            return False
        if eyes is None:
            found = None
    return found


def read_held_races(board: Board, col: list[int], final: list[int], head: dict[int, int],
                    stones: dict[int, list[int]], string_status: dict[int, str],
                    certain: set[int]) -> dict[tuple[int, ...], FirstMove]:
    """The held strings called dead (not `certain` ones) whose living holder takes them into
    two eyes whenever forced, read as the race they are when the holder's a other liberties
    are single points the opponent fills at no risk (`_fillable`; for a seki, after
    connecting a string of its own beside them).  Taking the string itself
    pays only when every space it can be left is two eyes (the string's points and any of
    its liberties but one: the opponent may force the capture midway); then, with s shared
    liberties, the holder takes it moving first when a >= s - 1 and moving second when
    a >= s.  A string the holder cannot take with profit, or not in time whoever moves
    first, is alive (seki); one only the holder moving first takes depends on who moves
    first: its status is dropped and returned, with both outcomes.  Read on `final` with the
    string put back."""
    regions: Regions | None = None  # of `final`, made when first needed
    found: dict[tuple[int, ...], FirstMove] = {}
    for s in sorted(stones):
        if s in certain or string_status.get(s) != DEAD:
            continue
        for g in _opponents_beside(board, col, head, stones, s):
            pair = None if final[g] == EMPTY or string_status.get(g) != ALIVE \
                else _read_pair(board, col, final, head, stones, g, s)
            if pair is None:
                continue
            trial, libs, outside = pair
            if regions is None:
                regions = empty_regions(final, board.points, board.neighbours)
            parts, region_of = regions
            # single points only: each must touch a living opponent string (no ownership)
            if any(len(parts[region_of[x]]) != 1 for x in outside) \
                    or forced_capture_eyes(board, stones[s], libs) is not True:
                break
            taken = _all_two_eyes(board, _spaces_when_taken(stones[s], libs))
            # a filler that connects first, where g cannot cut, costs a move: a race
            # counts it, a seki does not
            if taken is None or not _fillable(board, trial, head, stones, string_status, g, s,
                                              outside, regions, {}, connect_first=not taken):
                break
            a, shared = len(outside), len(libs)
            if not taken or a < shared - 1:
                string_status[s] = ALIVE
            elif a == shared - 1:
                del string_status[s]
                holder_first, owner_first = min(libs), min(outside)
                found[tuple(stones[s])] = FirstMove.of_owner(
                    col[s], ALIVE, owner_first, DEAD, holder_first)
            break
    return found


def _spaces_when_taken(string: list[int], libs: set[int]) -> list[list[int]]:
    """The spaces the holder can be left by taking `string` itself: the string's points with
    any set of its liberties but one (the opponent's stones there, taken with it)."""
    ordered = sorted(libs)
    return [sorted(set(string).union(x for i, x in enumerate(ordered) if mask >> i & 1))
            for mask in range((1 << len(ordered)) - 1)]

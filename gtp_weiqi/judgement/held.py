"""Stage 3 of the judgement, after the playouts: a string that holds an opponent string shut
inside its own liberties (眼中有子), and that takes it into two eyes whenever it must, cannot
be killed.

Let G be a string and S an opponent string with at least two liberties, all of them
liberties of G too, whose stones touch only G and those liberties, and whose liberties
touch only G, S and each other: S is *held* inside G, it has no eye and can gain no
liberty.  The opponent can fill G's other liberties, but not the last two it shares with S:
filling one there leaves S and G one liberty each with G to move, and G takes S.  So G is
never taken while S stands.  The opponent can still force the capture (fill the shared
liberties down to one), so G lives when the space the capture leaves is two eyes whichever
liberty G takes on: `two_eyes_after_capture`.  When G declines to take sooner, it is seki
(双活).

The playouts play the capture too early, or into a killable shape (a bent three in the
corner after G fills the liberties itself), and then call G dead; this reading overrules
them (`revive_holders`, after the playouts).

The other way round, when the forced capture leaves no two eyes whichever shared liberty the
opponent leaves G, and G's other liberties are points the opponent fills at no risk, in
empty regions where G can make no eye (every point touches a living opponent string), G is
dead and S lives (`kill_bare_holders`, on the position without the dead stones): what looks
like seki (a bent four in the corner once taken, say) is not one.

And when the playouts call S dead but G's capture would leave two eyes, S is in a race
(`read_held_races`): with s shared liberties and G's a others single points the opponent
fills, G takes S moving first when a >= s - 1 and moving second when a >= s; below that
neither side can approach, and S lives in seki.  A race only G moving first wins depends on
who moves first.  The readings are exact, given the verdicts on the strings around, except
for a ko: they read none.
"""

from __future__ import annotations

from ..core.board import BLACK, EMPTY, Board
from .regions import Neighbours, empty_regions
from .report import ALIVE, DEAD, FirstMove
from .tactics import nakade_vital_point

BIG_EYE_SPACE = 7  # an empty space this big inside one string is two eyes


def revive_holders(board: Board, col: list[int], head: dict[int, int],
                   stones: dict[int, list[int]], string_status: dict[int, str],
                   certain: set[int]) -> list[int]:
    """Mark alive, and certain, the strings called dead (not `certain` ones) that hold an
    opponent string they take into two eyes (see the module); returns their heads."""
    doubtful = [h for h in sorted(stones)
                if string_status.get(h) == DEAD and h not in certain]
    if not doubtful:
        return []
    revived: list[int] = []
    for g in doubtful:
        for s in _opponents_beside(board, col, head, stones, g):
            libs = held_inside(board, col, head, stones, g, s)
            if libs and two_eyes_after_capture(board, sorted(set(stones[s]) | libs),
                                               sorted(libs)):
                string_status[g] = ALIVE
                certain.add(g)
                revived.append(g)
                break
    return revived


def kill_bare_holders(board: Board, col: list[int], final: list[int], head: dict[int, int],
                      stones: dict[int, list[int]], string_status: dict[int, str],
                      certain: set[int]) -> list[int]:
    """On `final` (the position `col` without the stones called dead), mark dead, and
    certain, the strings not called dead (not `certain` ones) that hold an opponent string
    (put back on the board if it was called dead), when the capture the opponent forces
    leaves no two eyes and the holder's other liberties are points the opponent fills at no
    risk (`_fillable`): the opponent fills them, then a shared one, and the holder must take
    (or be taken) into a killable shape.  The held string lives (its points end the
    opponent's); returns the holders' heads."""
    killed: list[int] = []
    for g in sorted(stones):
        if g in certain or final[g] == EMPTY or string_status.get(g) == DEAD:
            continue
        for s in _opponents_beside(board, col, head, stones, g):
            if s in certain:
                continue
            trial = final
            if final[s] == EMPTY:  # called dead: read with it back
                trial = final[:]
                for p in stones[s]:
                    trial[p] = col[p]
            libs = held_inside(board, trial, head, stones, g, s)
            if libs and _fillable(board, trial, head, string_status, g, s,
                                  _liberties(board, trial, stones[g]) - libs) \
                    and not two_eyes_after_capture(board, sorted(set(stones[s]) | libs),
                                                   sorted(libs)):
                string_status[g] = DEAD
                string_status[s] = ALIVE
                certain.update((g, s))
                killed.append(g)
                break
    return killed


def _fillable(board: Board, final: list[int], head: dict[int, int],
              string_status: dict[int, str], g: int, s: int, outside: set[int]) -> bool:
    """Whether the opponent can fill g's `outside` liberties (those not shared with the held
    string s) and every point g could extend to from them: each point of their empty regions
    touches a stone of an opponent string called alive (not s), so g makes no eye there, and
    no stone of g's colour but g's own."""
    nbrs = board.neighbours
    regions, region_of = empty_regions(final, board.points, nbrs)
    opp = 3 - final[g]
    for i in sorted({region_of[x] for x in outside}):
        for y in regions[i]:
            touches = False
            for q in nbrs[y]:
                if final[q] == opp and head[q] != s and string_status.get(head[q]) == ALIVE:
                    touches = True
                elif final[q] == 3 - opp and head[q] != g:
                    return False  # another string of g's colour: it could join it
            if not touches:
                return False
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
    for p in stones[s]:
        for q in nbrs[p]:
            if q not in libs and q not in inner and head.get(q) != g:
                return None  # s touches another string
    for x in libs:
        for q in nbrs[x]:
            if q not in libs and q not in inner and head.get(q) != g:
                return None  # a liberty of s touches another string or an outside point
        if not any(head.get(q) == g for q in nbrs[x]):
            return None  # a liberty of s that is not g's
    return libs


def two_eyes_after_capture(board: Board, space: list[int], libs: list[int]) -> bool:
    """Whether the space an enclosed string and its liberties fill (`space`, all inside one
    string's stones) leaves two eyes once the string is taken by a stone on any one of
    `libs`, the others filled by the capturer's opponent before: the rest is two separate
    regions, or one of `BIG_EYE_SPACE` points, or one of 3 to 6 points that is no killable
    shape (no vital point, 点眼), no square four (方四), no bent four in the corner
    (盘角曲四) and no rectangular six in the corner (角上板六: a ko once the outside liberties
    are filled, as the opponent fills them here)."""
    nbrs = board.neighbours
    for x in libs:
        rest = [p for p in space if p != x]
        parts = _parts(rest, nbrs)
        if len(parts) >= 2:
            continue
        if len(rest) >= BIG_EYE_SPACE:
            continue
        if len(rest) < 3 or nakade_vital_point(rest, nbrs) >= 0 or _square_four(rest, nbrs) \
                or _bent_four_in_corner(board, rest) or _rectangular_six_in_corner(board, rest):
            return False
    return True


def _parts(points: list[int], nbrs: Neighbours) -> list[list[int]]:
    """The connected parts of `points`."""
    left = set(points)
    parts = []
    while left:
        start = min(left)
        left.discard(start)
        part = [start]
        todo = [start]
        while todo:
            p = todo.pop()
            for q in nbrs[p]:
                if q in left:
                    left.discard(q)
                    part.append(q)
                    todo.append(q)
        parts.append(part)
    return parts


def _square_four(points: list[int], nbrs: Neighbours) -> bool:
    """Whether four points are a 2x2 block (方四: one eye, whatever is played): each beside
    two of the others (a line or an L has ends beside one)."""
    return len(points) == 4 and all(sum(1 for q in nbrs[p] if q in points) == 2
                                    for p in points)


def _bent_four_in_corner(board: Board, points: list[int]) -> bool:
    """Whether four points are an L along both edges bent on a corner point (盘角曲四)."""
    if len(points) != 4:
        return False
    w, h = board.width, board.height
    cells = {board.row_col(p) for p in points}
    for r0, dr in ((0, 1), (h - 1, -1)):
        for c0, dc in ((0, 1), (w - 1, -1)):
            corner = {(r0, c0), (r0, c0 + dc), (r0 + dr, c0)}
            if cells in (corner | {(r0, c0 + 2 * dc)}, corner | {(r0 + 2 * dr, c0)}):
                return True
    return False


def _rectangular_six_in_corner(board: Board, points: list[int]) -> bool:
    """Whether six points are a 2x3 block holding a corner point (角上板六)."""
    if len(points) != 6:
        return False
    cells = {board.row_col(p) for p in points}
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    corners = {(0, 0), (0, board.width - 1), (board.height - 1, 0),
               (board.height - 1, board.width - 1)}
    return len(rows) * len(cols) == 6 and {len(rows), len(cols)} == {2, 3} \
        and bool(cells & corners)


def read_held_races(board: Board, col: list[int], final: list[int], head: dict[int, int],
                    stones: dict[int, list[int]], string_status: dict[int, str],
                    certain: set[int]) -> dict[tuple[int, ...], FirstMove]:
    """The held strings called dead (not `certain` ones) whose holder takes them into two
    eyes, read as the race they are when the holder's a other liberties are single points
    the opponent fills at no risk (`_fillable`): with s shared liberties, the holder takes
    the string moving first when a >= s - 1 and moving second when a >= s; otherwise
    neither side can approach (seki).  A string no first mover takes is alive (seki); one
    only the holder moving first takes depends on who moves first: its status is dropped
    and returned, with both outcomes.  Read on `final` with the string put back."""
    regions, region_of = empty_regions(final, board.points, board.neighbours)
    found: dict[tuple[int, ...], FirstMove] = {}
    for s in sorted(stones):
        if s in certain or string_status.get(s) != DEAD:
            continue
        trial = final[:]
        for p in stones[s]:
            trial[p] = col[p]
        for g in _opponents_beside(board, col, head, stones, s):
            if final[g] == EMPTY:
                continue
            libs = held_inside(board, trial, head, stones, g, s)
            if not libs:
                continue
            outside = _liberties(board, trial, stones[g]) - libs
            if any(len(regions[region_of[x]]) != 1 for x in outside) \
                    or not _fillable(board, trial, head, string_status, g, s, outside) \
                    or not two_eyes_after_capture(board, sorted(set(stones[s]) | libs),
                                                  sorted(libs)):
                break
            a, shared = len(outside), len(libs)
            if a < shared - 1:
                string_status[s] = ALIVE
            elif a == shared - 1:
                del string_status[s]
                holder_first, owner_first = min(libs), min(outside) if outside else -1
                owner = col[s]
                found[tuple(stones[s])] = FirstMove(
                    black=ALIVE if owner == BLACK else DEAD,
                    white=DEAD if owner == BLACK else ALIVE,
                    black_move=owner_first if owner == BLACK else holder_first,
                    white_move=holder_first if owner == BLACK else owner_first)
            break
    return found

"""Light playouts (随机模拟) on the playout board, and the fast count of their end.

The playout policy, in order, for the player to move after the opponent's move ``last``:

1. captures and atari escapes around ``last``: take the string ``last`` left in atari, or save
   an own string it put in atari (by capturing a neighbour in atari, or by extending when that
   gives two liberties or more);
2. MoGo's 3x3 shapes on the eight points around ``last``;
3. a uniformly random point.

Every candidate must be legal under simple ko (playouts do not track superko), may not fill
the mover's own true eye, and may not be a self-atari of more than three stones (a smaller one
only half the time: nakade shapes need it).  The playout ends after two passes in a row.

At the end every stone left on the board is alive.  The count (``area_margin``) is Black's
stones and one-colour-bordered empty points minus White's; under a tax rule (计活子 family,
stone scoring) each side also pays its basic eye points, two per block (棋块 = stones joined
through their own stones and their own 空), so the margin is area − 2 × (Black's blocks −
White's blocks).  Territory counting is approximated by area here.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.board import BLACK, EMPTY, WHITE
from ..core.playout_board import KIND, SAFE, SNAPBACK, SUICIDE, TRUE_EYE, PlayoutBoard
from ..counting.analysis import find_empty_regions
from .patterns import Geometry, shape_table

# PlayoutBoard's stones[p] and libs[p] are None unless p is a string's head; the type
# ignores marked `at head` or `a head's entry` read them at a head, where they are always set.

P_TACTICS = 0.9  # how often the capture / escape rule is tried
P_SHAPES = 0.8  # how often the 3x3 shapes around the last move are tried
SMALL_SELF_ATARI = 3  # larger self-ataris are never played in playouts


def run_playout(board: PlayoutBoard, to_move: int, last: int, passes: int,
                geo: Geometry, rnd: Callable[[], float], seq: list[int],
                max_moves: int) -> None:
    """Play `board` out in place, `to_move` first.  ``last`` is the previous board move (0
    for none or a pass), the board's ``ko_point`` the simple-ko point `to_move` may not
    play, ``passes`` the passes just before.  Each move is appended to ``seq`` as
    ``point << 2 | colour`` (point 0 for a pass)."""
    col, head, libs, stones = board.colour, board.head, board.libs, board.stones
    nbrs, play, move_kind = board.neighbours, board.play, board.move_kind
    around, table = geo.around, shape_table()
    empties = [p for p in board.points if col[p] == EMPTY]
    c = to_move

    def acceptable(p: int, strict: bool) -> bool:
        """Whether c may play at empty p in a playout (``strict``: no self-atari at all).
        A capture always may, a snapback too; an own true eye is never filled."""
        if p == board.ko_point:
            return False
        kind = move_kind(p, c)
        if kind == SAFE:
            return True
        if kind > KIND:  # an eye shape (never a capture)
            if kind & TRUE_EYE:
                return False
            kind &= KIND
            if kind == SAFE:
                return True
        elif kind >= SNAPBACK:  # a capture
            return True
        if kind == SUICIDE or strict:
            return False
        return board.size_after(p, c) <= SMALL_SELF_ATARI and rnd() < 0.5

    n_moves = 0
    while passes < 2 and n_moves < max_moves:
        move = 0
        if last:
            if rnd() < P_TACTICS:
                cands: list[int] = []
                opp = 3 - c
                if col[last] != EMPTY:
                    ls = libs[head[last]]
                    if len(ls) == 1:  # type: ignore[arg-type]  # a head's entry
                        cands.extend(ls)  # type: ignore[arg-type]  # a head's entry
                for q in nbrs[last]:
                    if col[q] == c:
                        h = head[q]
                        mine = libs[h]
                        if len(mine) == 1:  # type: ignore[arg-type]  # a head's entry
                            for s in stones[h]:  # type: ignore[union-attr]  # a head's entry
                                for r in nbrs[s]:
                                    if col[r] == opp:
                                        other = libs[head[r]]
                                        if len(other) == 1:  # type: ignore[arg-type]  # a head's entry
                                            cands.extend(other)  # type: ignore[arg-type]  # at head
                            (lib,) = mine  # type: ignore[misc]  # one liberty
                            if acceptable(lib, True):
                                cands.append(lib)
                while cands:
                    i = int(rnd() * len(cands))
                    p = cands[i]
                    if col[p] == EMPTY and acceptable(p, False):
                        move = p
                        break
                    cands[i] = cands[-1]
                    cands.pop()
            if not move and rnd() < P_SHAPES:
                cands = []
                for q in around[last]:
                    if col[q] == EMPTY:  # patterns.encode, inlined in this hot loop
                        a0, a1, a2, a3, a4, a5, a6, a7 = around[q]
                        if table[col[a0] | col[a1] << 2 | col[a2] << 4 | col[a3] << 6
                                 | col[a4] << 8 | col[a5] << 10 | col[a6] << 12
                                 | col[a7] << 14]:
                            cands.append(q)
                while cands:
                    i = int(rnd() * len(cands))
                    p = cands[i]
                    if acceptable(p, False):
                        move = p
                        break
                    cands[i] = cands[-1]
                    cands.pop()
        if not move:
            m = len(empties)
            while m:
                i = int(rnd() * m)
                p = empties[i]
                if acceptable(p, False):
                    move = p
                    break
                m -= 1
                empties[i] = empties[m]
                empties[m] = p
        n_moves += 1
        if move:
            removed = play(move, c)
            empties.remove(move)
            if removed:
                empties.extend(removed)
            seq.append(move << 2 | c)
            last = move
            passes = 0
        else:
            board.play_pass()
            seq.append(c)  # a pass: point 0
            passes += 1
            last = 0
        c = 3 - c


def empty_owner(col: list[int], nbrs: tuple[tuple[int, ...], ...], p: int) -> int:
    """Whose the empty point p is at the end of a playout: the only colour among its
    neighbours, EMPTY for none and BLACK | WHITE for both (the quick rule of `area_margin`
    and of the search's ownership map)."""
    seen = 0
    for q in nbrs[p]:
        seen |= col[q]
    return seen


def area_margin(board: PlayoutBoard, tax: bool) -> int:
    """Black's count minus White's at the end of a playout (every stone alive), quickly.

    An empty point counts for the only colour among its neighbours (playout ends leave small
    regions; `exact_margin` flood-fills).  With `tax`, each side pays two points per block.
    """
    col = board.colour
    nbrs = board.neighbours
    black = white = 0
    eyes: list[int] = []
    for p in board.points:
        c = col[p]
        if c == BLACK:
            black += 1
        elif c == WHITE:
            white += 1
        else:
            seen = empty_owner(col, nbrs, p)
            if seen == BLACK:
                black += 1
                eyes.append(p)
            elif seen == WHITE:
                white += 1
                eyes.append(p)
    margin = black - white
    if tax:
        margin -= 2 * _block_difference(board, eyes)
    return margin


def exact_margin(board: PlayoutBoard, tax: bool) -> int:
    """Black's count minus White's with every stone alive, empty regions flood-filled: an
    empty region counts for a colour when it borders that colour only."""
    col = board.colour
    black = col.count(BLACK)
    white = col.count(WHITE)
    owned: list[int] = []
    _region_of, regions, borders = find_empty_regions(col, board.neighbours)
    for region, border in zip(regions, borders, strict=True):
        if border == BLACK:
            black += len(region)
            owned += region
        elif border == WHITE:
            white += len(region)
            owned += region
    margin = black - white
    if tax:
        margin -= 2 * _block_difference(board, owned)
    return margin


def _block_difference(board: PlayoutBoard, owned: list[int]) -> int:
    """Black's blocks minus White's: strings joined through the one-colour empty points
    `owned` (their own 空) are one block (棋块)."""
    col = board.colour
    nbrs = board.neighbours
    head = board.head
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for h in board.heads():
        parent[h] = h
    for p in owned:
        root = -1
        for q in nbrs[p]:
            if col[q] != EMPTY:
                r = find(head[q])
                if root < 0:
                    root = r
                elif r != root:
                    parent[r] = root
    blocks = {BLACK: 0, WHITE: 0}
    for x in parent:
        if find(x) == x:
            blocks[col[x]] += 1
    return blocks[BLACK] - blocks[WHITE]

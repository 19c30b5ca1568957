"""Stage 3 of the judgement, after the playouts: strings the playouts called dead that are
joined to a living string of their colour (连接) are alive.

Two strings of one colour are *joined* when they share two liberties (a miai, 见合: a cut on
either is answered on the other) or one liberty the opponent cannot take (a play there is a
suicide or a self-atari that is taken back at once).  The playouts do not answer cuts (the
miai answer, tried in them, let dead groups connect into groups they then called alive),
so a group hanging on a living one by two such points dies in some of them and may be
called dead; a player, and a strong engine, sees it joined.  Joined is transitive: a chain of
such links to a living string keeps every string on it alive.
"""

from __future__ import annotations

from ..core.board import Board
from ..core.playout_board import KIND, SELF_ATARI, PlayoutBoard
from .report import ALIVE, DEAD


def revive_joined(board: Board, col: list[int], head: dict[int, int],
                  stones: dict[int, list[int]], string_status: dict[int, str],
                  certain: set[int]) -> list[int]:
    """Mark alive the strings called dead (not `certain` ones) that are joined, directly or
    through other such strings, to a string called alive; returns their heads."""
    dead = [h for h in sorted(stones) if string_status.get(h) == DEAD and h not in certain]
    if not dead:
        return []
    position = PlayoutBoard(board, col)
    nbrs = board.neighbours
    libs = {h: position.liberties(h) for h in stones}
    held: dict[tuple[int, int], bool] = {}

    def protected(x: int, c: int) -> bool:
        """Whether the opponent of c cannot take x: a suicide or a self-atari there."""
        key = (x, c)
        if key not in held:
            held[key] = position.move_kind(x, 3 - c) & KIND <= SELF_ATARI
        return held[key]

    def joined(a: int, b: int) -> bool:
        common = libs[a] & libs[b]
        return len(common) >= 2 or any(protected(x, col[a]) for x in common)

    revived: list[int] = []
    living = {h for h in stones if string_status.get(h) == ALIVE}
    changed = True
    while changed:
        changed = False
        for d in dead:
            if d in living:
                continue
            near = {head[q] for x in libs[d] for q in nbrs[x]
                    if q in head and col[q] == col[d] and head[q] != d}
            if any(a in living and joined(d, a) for a in sorted(near)):
                string_status[d] = ALIVE
                living.add(d)
                revived.append(d)
                changed = True
    return revived

"""Stage 7 of the judgement: strings that are still free (could still live or escape), and
so are never dead, whatever the playouts say.

A string's *room* is what it reaches through empty points and stones of its own colour,
stopped by the opponent's stones; the opponent stones that stop it are the room's *wall*.  A
dead string sits in the opponent's territory: its room is that territory, shut in by the
opponent's wall.  A string in an open position (the start of a game, a handicap game after a
move or two, a game stopped after a few moves by two passes) reaches most of the board, and
only a few opponent stones stand in its way.  A string is free when its room has at least
`FREE_ROOM` empty points and at least `FREE_RATIO` empty points per wall stone.

The bar is measured: of the 6,066 strings that are dead in the finished games the project
judges (the GNU Go sets of every size and 557 scored human games), none has a room of more
than 3.9 empty points per wall stone (a single stone left in a 112-point territory shut in
by 30 stones); a free string needs more than half again as much.  A living group with a big
territory and a short wall may be free too; that changes nothing, as it is alive anyway.
"""

from __future__ import annotations

from ..core.board import EMPTY
from .regions import Neighbours

FREE_RATIO = 6.0  # empty points of the room per opponent stone of its wall
FREE_ROOM = 12  # and at least this many empty points


def room_of(col: list[int], nbrs: Neighbours, start: int) -> tuple[list[int], int]:
    """The room of the string at `start`: its points (stones of its colour and empty points,
    in the order found) and the number of opponent stones that wall it in."""
    c = col[start]
    opp = 3 - c
    seen = {start}
    members = [start]
    wall: set[int] = set()
    for x in members:
        for q in nbrs[x]:
            if q in seen:
                continue
            cq = col[q]
            if cq == EMPTY or cq == c:
                seen.add(q)
                members.append(q)
            elif cq == opp:
                wall.add(q)
    return members, len(wall)


def free_strings(col: list[int], points: tuple[int, ...], nbrs: Neighbours) -> set[int]:
    """The stones (points) of every free string of `col`: strings that could still live or
    escape, never dead.  Strings sharing a room share the verdict, so each room is walked
    once."""
    free: set[int] = set()
    done: set[int] = set()
    for p in points:
        if col[p] == EMPTY or p in done:
            continue
        members, wall = room_of(col, nbrs, p)
        c = col[p]
        stones = [q for q in members if col[q] == c]
        done.update(stones)
        room = len(members) - len(stones)
        if room >= FREE_ROOM and room >= FREE_RATIO * wall:
            free.update(stones)
    return free


def open_points(col: list[int], points: tuple[int, ...], nbrs: Neighbours) -> list[int]:
    """The empty points that free strings of both colours reach: the open area of an
    unfinished position, nobody's yet (sorted)."""
    free = free_strings(col, points, nbrs)
    reached: list[set[int]] = [set(), set(), set()]
    for p in sorted(free):
        c = col[p]
        if p in reached[c]:
            continue
        members, _ = room_of(col, nbrs, p)
        reached[c].update(members)
    return sorted(p for p in reached[1] & reached[2] if col[p] == EMPTY)

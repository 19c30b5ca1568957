"""Board geometry for the player, and MoGo's 3x3 shapes (hane, cut, edge moves).

The 3x3 shapes are those of Gelly, Wang, Munos and Teytaud, "Modification of UCT with
Patterns in Monte-Carlo Go" (INRIA RR-6062, 2006), matched around an empty centre point in all
eight orientations and with the colours swapped.  A shape is written top row first:
``X`` / ``O`` a stone of either colour (the same letter the same colour), ``.`` empty, ``x``
not an ``X`` stone (empty or ``O``), ``o`` not an ``O`` stone, ``#`` off the board, ``?``
anything.  The centre (always ``.``) is the move.

A neighbourhood is encoded as an int: the colour codes (EMPTY 0, BLACK 1, WHITE 2, EDGE 3) of
the eight surrounding points, two bits each, in the order of ``Geometry.around``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

from ..core.board import BLACK, EDGE, EMPTY, WHITE, Board

SHAPES = (
    # hane: enclosing hane
    "XOX"
    "..."
    "???",
    # hane: non-cutting hane
    "XO."
    "..."
    "?.?",
    # hane: magari
    "XO?"
    "X.."
    "x.?",
    # generic: katatsuke / diagonal attachment
    ".O."
    "X.."
    "...",
    # cut1 (kiri): unprotected cut
    "XO?"
    "O.o"
    "?o?",
    # cut1 (kiri): peeped cut
    "XO?"
    "O.X"
    "???",
    # cut2 (de)
    "?X?"
    "O.O"
    "ooo",
    # cut keima
    "OX?"
    "o.O"
    "???",
    # edge: chase
    "X.?"
    "O.?"
    "##?",
    # edge: block side cut
    "OX?"
    "X.O"
    "###",
    # edge: block side connection
    "?X?"
    "x.O"
    "###",
    # edge: sagari
    "?XO"
    "x.x"
    "###",
    # edge: cut
    "?OX"
    "X.O"
    "###",
)

_MEANING = {
    "X": (BLACK,), "O": (WHITE,), ".": (EMPTY,), "x": (EMPTY, WHITE), "o": (EMPTY, BLACK),
    "#": (EDGE,), "?": (EMPTY, BLACK, WHITE, EDGE),
}
_SWAP = str.maketrans("XOxo", "OXox")
# The eight surrounding cells of a 3x3 string (index 4 is the centre), in code order.
_RING = (0, 1, 2, 3, 5, 6, 7, 8)


def _orientations(shape: str) -> set[str]:
    """The shape in all eight orientations (rotations and reflections)."""
    grid = [shape[0:3], shape[3:6], shape[6:9]]
    found = set()
    for _ in range(4):
        grid = ["".join(grid[2 - r][c] for r in range(3)) for c in range(3)]  # rotate
        found.add("".join(grid))
        found.add("".join(row[::-1] for row in grid))  # reflect
    return found


@cache
def shape_table() -> bytes:
    """A 65,536-entry table: 1 where the encoded neighbourhood matches a shape."""
    table = bytearray(1 << 16)
    for shape in SHAPES:
        for oriented in _orientations(shape) | _orientations(shape.translate(_SWAP)):
            choices = [_MEANING[oriented[i]] for i in _RING]
            for combo in product(*choices):
                code = 0
                for i, c in enumerate(combo):
                    code |= c << (2 * i)
                table[code] = 1
    return bytes(table)


def encode(colour: list[int], around: tuple[int, ...]) -> int:
    """The neighbourhood code of a point, given its ``Geometry.around`` entry."""
    a0, a1, a2, a3, a4, a5, a6, a7 = around
    return (colour[a0] | colour[a1] << 2 | colour[a2] << 4 | colour[a3] << 6
            | colour[a4] << 8 | colour[a5] << 10 | colour[a6] << 12 | colour[a7] << 14)


@dataclass(frozen=True)
class Geometry:
    """Per-point tables for one board size (indices as in ``Board``; 0 is an EDGE cell).

    around -- the 8 surrounding cells, top-left first, row by row (off-board cells as 0)
    line -- distance to the nearest edge, 1 on the first line
    near -- on-board points within Manhattan distance 3, the point itself excluded
    rc -- (row, col) per point
    """

    around: tuple[tuple[int, ...], ...]
    line: tuple[int, ...]
    near: tuple[tuple[int, ...], ...]
    rc: tuple[tuple[int, int], ...]


@cache
def geometry(width: int, height: int) -> Geometry:
    """The tables for a width x height board (shared, read-only)."""
    board = Board(width, height)
    size = len(board.colour)
    around: list[tuple[int, ...]] = [()] * size
    line = [0] * size
    near: list[tuple[int, ...]] = [()] * size
    rc = [(-1, -1)] * size

    def at(r: int, c: int) -> int:
        return board.point(r, c) if 0 <= r < height and 0 <= c < width else 0

    for p in board.points:
        r, c = board.row_col(p)
        rc[p] = (r, c)
        around[p] = tuple(at(r + dr, c + dc) for dr in (1, 0, -1) for dc in (-1, 0, 1)
                          if (dr, dc) != (0, 0))
        line[p] = 1 + min(r, c, height - 1 - r, width - 1 - c)
        near[p] = tuple(at(r + dr, c + dc) for dr in range(-3, 4) for dc in range(-3, 4)
                        if 0 < abs(dr) + abs(dc) <= 3 and at(r + dr, c + dc))
    return Geometry(tuple(around), tuple(line), tuple(near), tuple(rc))

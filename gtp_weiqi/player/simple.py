"""A simple move policy for genmove: capture, escape atari, otherwise a sensible random point.

It is deliberately simple (not a strong player): it never returns an illegal
move, never fills its own eye, never plays inside an area that one side already
surrounds (unless it is large enough to invade), avoids self-atari, and passes
when nothing sensible is left, so that games end.
"""

from __future__ import annotations

import random

from ..core.board import EMPTY, Board, opponent
from ..core.game import Game

INVADABLE_REGION = 12  # an area the opponent surrounds must be at least this big to invade


def _regions(board: Board) -> dict[int, tuple[int, frozenset[int]]]:
    """Map each empty point to (region size, colours bordering its empty region)."""
    colour = board.colour
    neighbours = board.neighbours
    result: dict[int, tuple[int, frozenset[int]]] = {}
    for start in board.points:
        if colour[start] != EMPTY or start in result:
            continue
        region = [start]
        seen = {start}
        borders: set[int] = set()
        i = 0
        while i < len(region):
            for q in neighbours[region[i]]:
                c = colour[q]
                if c == EMPTY:
                    if q not in seen:
                        seen.add(q)
                        region.append(q)
                else:
                    borders.add(c)
            i += 1
        info = (len(region), frozenset(borders))
        for p in region:
            result[p] = info
    return result


def _liberties_after(board: Board, p: int, colour: int) -> int:
    """Liberties of the string `colour` would form at p, ignoring captures."""
    libs: set[int] = set()
    for q in board.neighbours[p]:
        c = board.colour[q]
        if c == EMPTY:
            libs.add(q)
        elif c == colour:
            libs |= board.liberties_at(q)
    libs.discard(p)
    return len(libs)


def _captures(board: Board, p: int, colour: int) -> int:
    opp = opponent(colour)
    total = 0
    seen: set[int] = set()
    for q in board.neighbours[p]:
        if board.colour[q] == opp and q not in seen and board.liberty_count(q) == 1:
            stones = board.string_at(q)
            seen.update(stones)
            total += len(stones)
    return total


def choose_move(game: Game, colour: int, rng: random.Random) -> int | None:
    """A legal point for `colour`, or None to pass."""
    board = game.board
    opp = opponent(colour)
    captures: list[tuple[int, int]] = []
    escapes: list[tuple[int, int]] = []
    seen: set[int] = set()
    for colour_, stones, libs in board.strings():
        if len(libs) != 1 or stones[0] in seen:
            continue
        seen.update(stones)
        (lib,) = tuple(libs)
        if colour_ == opp and game.is_legal(colour, lib):
            captures.append((len(stones), lib))
        elif colour_ == colour and game.is_legal(colour, lib):
            if _liberties_after(board, lib, colour) >= 2 or _captures(board, lib, colour):
                escapes.append((len(stones), lib))
    if captures:
        return max(captures)[1]
    if escapes:
        return max(escapes)[1]

    regions = _regions(board)
    candidates = []
    for p, (size, borders) in regions.items():
        if borders == frozenset((colour,)):
            continue  # our own area
        if borders == frozenset((opp,)) and size < INVADABLE_REGION:
            continue  # the opponent's area, too small to live in
        if board.is_eyeish(p, colour):
            continue
        if _liberties_after(board, p, colour) < 2 and not _captures(board, p, colour):
            continue  # self-atari
        candidates.append(p)
    rng.shuffle(candidates)
    for p in candidates:
        if game.is_legal(colour, p):
            return p
    return None


"""Stage 1 of the judgement: Benson's unconditional life (无条件活, pass-alive).

Strings that live even if their owner only passes, their pass-alive territory, and the
opponent stones inside it, which are unconditionally dead (Benson 1976)."""

from __future__ import annotations

from ..core.board import EMPTY, Board
from .regions import Neighbours, find_regions, find_strings


def pass_alive(col: list[int], points: tuple[int, ...], nbrs: Neighbours, colour: int,
               multi_stone_suicide: bool = False) -> tuple[set[int], set[int], set[int]]:
    """Benson's algorithm for `colour` on a colour array.

    Returns (pass-alive stones, pass-alive territory points, opponent stones dead inside it).
    A region (maximal set of points without `colour` stones) is vital to a string when every
    empty point of it is a liberty of the string; with multi-stone suicide allowed the
    opponent can turn its stones into empty points, so then every point must be.
    """
    head, stones, libs = find_strings(col, points, nbrs)
    mine = [h for h in stones if col[h] == colour]
    regions, _ = find_regions(points, nbrs, lambda p: col[p] != colour)
    borders: list[set[int]] = []
    vital_to: list[set[int]] = []
    for reg in regions:
        border: set[int] = set()
        for p in reg:
            for q in nbrs[p]:
                if col[q] == colour:
                    border.add(head[q])
        borders.append(border)
        checked = reg if multi_stone_suicide else [p for p in reg if col[p] == EMPTY]
        vital: set[int] = set()
        if any(col[p] == EMPTY for p in reg):
            for h in border:
                lib = libs[h]
                if multi_stone_suicide:
                    ok = all(any(head.get(q) == h for q in nbrs[p]) for p in checked)
                else:
                    ok = all(p in lib for p in checked)
                if ok:
                    vital.add(h)
        vital_to.append(vital)
    alive = set(mine)
    healthy = [True] * len(regions)
    while True:
        count = dict.fromkeys(alive, 0)
        for i, vital in enumerate(vital_to):
            if healthy[i]:
                for h in vital:
                    if h in count:
                        count[h] += 1
        dropped = {h for h, n in count.items() if n < 2}
        if not dropped:
            break
        alive -= dropped
        for i, border in enumerate(borders):
            if healthy[i] and not border <= alive:
                healthy[i] = False
    alive_stones = {p for h in alive for p in stones[h]}
    territory: set[int] = set()
    dead: set[int] = set()
    for i, reg in enumerate(regions):
        border = borders[i]
        if not border or not border <= alive:
            continue
        internal = 0
        for p in reg:
            if not any(q in alive_stones for q in nbrs[p]):
                internal += 1
        if internal <= 1:
            territory.update(reg)
            dead.update(p for p in reg if col[p] != EMPTY)
    return alive_stones, territory, dead


def benson_alive(board: Board, colour: int, multi_stone_suicide: bool = False) -> set[int]:
    """The stones of `colour` that are unconditionally alive (pass-alive, Benson 1976)."""
    return pass_alive(board.colour, board.points, board.neighbours, colour,
                      multi_stone_suicide)[0]

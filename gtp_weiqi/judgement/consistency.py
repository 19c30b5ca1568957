"""Stage 4 of the judgement: consistency.  Strings of one colour that share an empty region
touched by that colour only (one 棋块, or one group of dead stones) get one verdict."""

from __future__ import annotations

from ..core.board import EMPTY
from .regions import Blocks, Neighbours, empty_regions
from .report import ALIVE, DEAD, SEKI


def make_consistent(col: list[int], points: tuple[int, ...], nbrs: Neighbours,
                    head: dict[int, int], stones: dict[int, list[int]],
                    string_status: dict[int, str], certain: set[int]) -> None:
    """Give one verdict to strings of one colour that share an empty region of that colour.

    If such a block mixes living (alive / seki) and dead strings, the verdict of the most
    stones wins when it has a clear majority (two thirds); otherwise the block is unclear.
    The `certain` strings (Benson's) keep their verdict, and decide the block's when they
    agree.
    """
    regions, _ = empty_regions(col, points, nbrs)
    blocks_of = Blocks(stones)
    for reg in regions:
        touching = sorted({head[q] for p in reg for q in nbrs[p] if col[q] != EMPTY})
        if len({col[h] for h in touching}) != 1:
            continue
        for h in touching[1:]:
            blocks_of.join(touching[0], h)
    blocks: dict[int, list[int]] = {}
    for h in sorted(stones):
        blocks.setdefault(blocks_of.root(h), []).append(h)
    for members in blocks.values():
        if len(members) < 2:
            continue
        living = sum(len(stones[h]) for h in members if string_status.get(h) in (ALIVE, SEKI))
        dead = sum(len(stones[h]) for h in members if string_status.get(h) == DEAD)
        if not living or not dead:
            continue
        total = sum(len(stones[h]) for h in members)
        sure = {string_status[h] for h in members if h in certain}
        if len(sure) == 1:
            verdict: str | None = sure.pop()
        elif sure:
            continue
        elif dead * 3 >= 2 * total:
            verdict = DEAD
        elif living * 3 >= 2 * total:
            verdict = ALIVE
        else:
            verdict = None
        for h in members:
            if h in certain:
                continue
            if verdict is None:
                string_status.pop(h, None)
            elif verdict == DEAD or string_status.get(h) != SEKI:
                string_status[h] = verdict

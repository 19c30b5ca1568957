"""Strings and regions of a colour array (EMPTY, BLACK, WHITE on the board), the shapes every
stage of the judgement reads.  Labels are canonical: a string's head is its lowest point and
regions are numbered in point order, so no result depends on hash order."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..core.board import EMPTY

Neighbours = tuple[tuple[int, ...], ...]


def find_strings(col: list[int], points: tuple[int, ...], nbrs: Neighbours
                 ) -> tuple[dict[int, int], dict[int, list[int]], dict[int, set[int]]]:
    """Strings of a colour array: head per stone, stones per head (in point order), liberties
    per head.  The head of a string is its lowest point."""
    head: dict[int, int] = {}
    stones: dict[int, list[int]] = {}
    libs: dict[int, set[int]] = {}
    for p in points:
        c = col[p]
        if c == EMPTY or p in head:
            continue
        members = [p]
        head[p] = p
        lib: set[int] = set()
        for s in members:
            for q in nbrs[s]:
                cq = col[q]
                if cq == EMPTY:
                    lib.add(q)
                elif cq == c and q not in head:
                    head[q] = p
                    members.append(q)
        members.sort()
        stones[p] = members
        libs[p] = lib
    return head, stones, libs


def find_regions(points: Iterable[int], nbrs: Neighbours, inside: Callable[[int], bool]
                 ) -> tuple[list[list[int]], dict[int, int]]:
    """Maximal connected sets of points p with inside(p), found from `points` in order;
    their index per point."""
    region_of: dict[int, int] = {}
    regions: list[list[int]] = []
    for p in points:
        if p in region_of or not inside(p):
            continue
        idx = len(regions)
        members = [p]
        region_of[p] = idx
        for s in members:
            for q in nbrs[s]:
                if q not in region_of and inside(q):
                    region_of[q] = idx
                    members.append(q)
        regions.append(members)
    return regions, region_of


def empty_regions(col: list[int], points: tuple[int, ...], nbrs: Neighbours
                  ) -> tuple[list[list[int]], dict[int, int]]:
    """The empty regions (maximal connected sets of empty points); their index per point."""
    return find_regions(points, nbrs, lambda p: col[p] == EMPTY)


def border_colours(col: list[int], nbrs: Neighbours, region: list[int]) -> int:
    """The colours of the stones bordering a region: 0 none, BLACK or WHITE only, 3 both."""
    seen = 0
    for p in region:
        for q in nbrs[p]:
            cq = col[q]
            if cq != EMPTY:
                seen |= cq
    return seen


class Blocks:
    """Strings (by head) joined into blocks, a union-find whose root is a block's lowest
    head: the blocks do not depend on the order the joins come in."""

    def __init__(self, heads: Iterable[int] = ()) -> None:
        self.parent = {h: h for h in heads}

    def __contains__(self, h: int) -> bool:
        return h in self.parent

    def root(self, h: int) -> int:
        """The lowest head of h's block (h joins the blocks as its own block if new)."""
        parent = self.parent
        parent.setdefault(h, h)
        while parent[h] != h:
            parent[h] = parent[parent[h]]
            h = parent[h]
        return h

    def join(self, a: int, b: int) -> None:
        a, b = self.root(a), self.root(b)
        if a != b:
            self.parent[max(a, b)] = min(a, b)

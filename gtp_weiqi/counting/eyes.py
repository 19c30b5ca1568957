"""The basic eyes (基本眼位) of a block, and so its routes (路): docs/counting.md §2.

A block keeps the points listed as its eyes when the judgement lists any; a seki block keeps
every own enclosed point (our choice: filling one shortens the liberties the seki rests on);
a block with at most two ordinary own points keeps them; a larger one keeps the first pair,
in order of how enclosed the points are, that passes the two-eye test (every string of the
block filled in up to the two eyes touches both, and they are not adjacent).  A one-sided
point that is a liberty (单方的气) is always kept.  Every other own point is a route.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .types import SEKI

if TYPE_CHECKING:
    from .analysis import Analysis, Block

# How many eye pairs the two-eye choice may try per block before it settles for any pair.
_PAIR_TRIES = 60
_PAIR_CHECKS = 12


def choose_eyes(a: Analysis, blk: Block, explicit: dict[int, int]) -> None:
    """Set `blk`'s basic eyes, routes and eyes_checked (see the module docstring); `explicit`
    are the judgement's eye points (point -> colour code)."""
    listed = [p for p in blk.own if p in explicit]
    kinds = a.one_sided_kind
    if listed:
        blk.eyes = listed
        blk.eyes_checked = None
    else:
        ordinary = [p for p in blk.own if p not in kinds]
        liberties = [p for p in blk.own if kinds.get(p) == "liberty"]
        if blk.kind == SEKI:
            # (our choice) a block alive only in seki keeps every own enclosed point as
            # a basic eye: filling one shortens the liberties the seki rests on
            blk.eyes = sorted(ordinary + liberties)
            blk.eyes_checked = None
        elif len(ordinary) <= 2:
            blk.eyes = sorted(ordinary + liberties)
            blk.eyes_checked = len(ordinary) == 2 and two_eyes_ok(
                a, blk, ordinary[0], ordinary[1], set(liberties))
        else:
            pair, ok = pick_pair(a, blk, ordinary, set(liberties))
            blk.eyes = sorted(list(pair) + liberties)
            blk.eyes_checked = ok
    eyes = set(blk.eyes)
    blk.routes = [p for p in blk.own if p not in eyes]


def pick_pair(a: Analysis, blk: Block, ordinary: list[int], keep: set[int]
              ) -> tuple[tuple[int, int], bool]:
    """Two basic eyes for an independently living block: the first pair, in order of
    how enclosed the points are, that passes the two-eye test."""
    live, nbrs = a.live, a.nbrs
    col = blk.colour
    cand = sorted(ordinary, key=lambda p: (sum(1 for q in nbrs[p] if live[q] != col), p))
    own_set = set(blk.own)
    stone_set = set(blk.stones)
    tries = checks = 0
    fallback: tuple[int, int] | None = None
    m = len(cand)
    for total in range(1, 2 * m - 2):
        for i in range(max(0, total - m + 1), (total + 1) // 2):
            j = total - i
            e1, e2 = cand[i], cand[j]
            tries += 1
            if e2 in nbrs[e1]:
                continue
            if fallback is None:
                fallback = (e1, e2)
            if not all(q in stone_set or (q in own_set and q not in keep and q != e2)
                       for q in nbrs[e1]):
                continue
            if not all(q in stone_set or (q in own_set and q not in keep and q != e1)
                       for q in nbrs[e2]):
                continue
            checks += 1
            if two_eyes_ok(a, blk, e1, e2, keep):
                return (min(e1, e2), max(e1, e2)), True
            if checks >= _PAIR_CHECKS or tries >= _PAIR_TRIES:
                break
        if checks >= _PAIR_CHECKS or tries >= _PAIR_TRIES:
            break
    if fallback is None:
        fallback = (cand[0], cand[1])
    return (min(fallback), max(fallback)), False

def two_eyes_ok(a: Analysis, blk: Block, e1: int, e2: int, keep: set[int]) -> bool:
    """Two-eye test: e1, e2 not adjacent, every neighbour of each is filled, and every
    string of the filled block (own points other than eyes filled) touches both."""
    nbrs = a.nbrs
    if e2 in nbrs[e1]:
        return False
    mark = bytearray(a.n)  # 1: filled, then the flood number that reached it
    filled = [p for p in blk.own if p != e1 and p != e2 and p not in keep]
    filled += blk.stones
    for p in filled:
        mark[p] = 1
    if not all(mark[q] for q in nbrs[e1]) or not all(mark[q] for q in nbrs[e2]):
        return False
    # every component of the filled block must touch both eyes: a flood from the
    # neighbours of e1 must reach every filled point, and so must one from e2's
    for eye, old, new in ((e1, 1, 2), (e2, 2, 3)):
        stack = [q for q in nbrs[eye] if mark[q] == old]
        for q in stack:
            mark[q] = new
        reached = len(stack)
        while stack:
            p = stack.pop()
            for q in nbrs[p]:
                if mark[q] == old:
                    mark[q] = new
                    reached += 1
                    stack.append(q)
        if reached != len(filled):
            return False
    return True


__all__ = ["choose_eyes", "pick_pair", "two_eyes_ok"]

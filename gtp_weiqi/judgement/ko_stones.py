"""Lone stones left in atari at their own connection point at the end of a game (劫).

A stone s of colour c with one liberty x, where every other neighbour of x is a stone of c
(or the edge): c connects s by playing x, and the opponent takes s only by playing x, a
ko capture (its stone on x has s as its only liberty).  Records end with such stones
standing, most often without passes (the last moves of a Tygem record are such exchanges),
and who moves next decides each of them.

How the games are counted (the players' result and KataGo, on human games of KGS and
Tygem; docs/judgement.md has the figures): a *single* such stone, or several of one colour
only, stands.  When each colour has one, the first to move connects its own or takes the
other's (见合, miai: the count is the same either way), and the games measured go both ways,
so each depends on who moves first.  `ko_connection_stones` finds them; the pipeline
(`_settle_ko_connections`) gives them those verdicts.
"""

from __future__ import annotations

from ..core.board import opponent
from .regions import Neighbours


def ko_connection_stones(col: list[int], nbrs: Neighbours, head: dict[int, int],
                         stones: dict[int, list[int]], libs: dict[int, set[int]],
                         living: set[int]) -> dict[int, int]:
    """Head -> colour of the lone stones in atari at their own connection point: the stone's
    opponent neighbours, and the strings of its colour around the liberty, are all `living`
    (a stone beside dead stones only is in no fight), and none of the latter is in atari
    (the capture at the liberty takes the lone stone alone: a ko)."""
    found: dict[int, int] = {}
    for h, members in stones.items():
        if len(members) != 1 or len(libs[h]) != 1:
            continue
        s, c = members[0], col[h]
        x = next(iter(libs[h]))
        around = [q for q in nbrs[x] if q != s]  # on-board neighbours only
        if any(col[q] != c for q in around):
            continue  # an empty or an opponent point beside x: no ko, x not c's alone
        joined = {head[q] for q in around}
        if not joined <= living or any(len(libs[g]) < 2 for g in joined):
            continue
        attackers = {head[q] for q in nbrs[s] if col[q] == opponent(c)}
        if not attackers or not attackers <= living:
            continue
        found[h] = c
    return found

"""Strings left in atari at their own connection point at the end of a game (劫, and the
plain kind).

A string s of colour c with one liberty x that touches a living string of c: c connects s
by playing x, and the opponent takes s only by playing x.  Two kinds: the *ko* kind, a lone stone
where every other neighbour of x is a stone of c (or the edge), so that the opponent's stone
on x has s as its only liberty (a ko capture); and the *plain* kind, where x also touches an
empty point or an opponent stone, so that the capture is no ko.  Records end with such strings
standing, most often without passes (the last moves of a Tygem record are such exchanges, and
the side left to move is the owner), and who moves next decides each of them.

How the games are counted (the players' result and KataGo, on human games of KGS and
Tygem; docs/judgement.md has the figures): a *single* such string, or several of one colour
only, is connected by its owner: the pipeline (`_settle_connections_in_atari`) judges the
position again with the connections played.  When each colour has one, the first to move
connects its own or takes the other's (见合, miai; for a ko the count is the same either
way), and the games measured go both ways, so each depends on who moves first.
`ko_connection_stones` and `plain_connection_strings` find them, each string on its own
(two found beside one opponent string may take it together: the pipeline checks).
"""

from __future__ import annotations

from ..core.board import EMPTY, opponent
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


def plain_connection_strings(col: list[int], nbrs: Neighbours, head: dict[int, int],
                             stones: dict[int, list[int]], libs: dict[int, set[int]],
                             living: set[int]) -> dict[int, int]:
    """Head -> colour of the strings in atari at a connection point whose capture is no ko:
    the liberty x touches a `living` string of the same colour, and the string has two stones
    or more or x touches an empty point or an opponent stone too; the strings it joins are
    all `living`, none in atari, and the string they make has two liberties or more; the
    opponent strings beside the string or beside x are all `living` and none in atari (no
    capture either way but at x: no fight)."""
    found: dict[int, int] = {}
    for h, members in stones.items():
        if len(libs[h]) != 1:
            continue
        c = col[h]
        x = next(iter(libs[h]))
        around = [q for q in nbrs[x] if head.get(q) != h]
        joined = {head[q] for q in around if col[q] == c}
        if not joined or len(members) == 1 and all(col[q] == c for q in around):
            continue  # nothing to join, or the ko shape (`ko_connection_stones`)
        if not joined <= living or any(len(libs[g]) < 2 for g in joined):
            continue
        after = set().union(*(libs[g] for g in joined)) | {q for q in around if col[q] == EMPTY}
        if len(after - {x}) < 2:
            continue
        attackers = {head[q] for s in members for q in nbrs[s] if col[q] == opponent(c)}
        attackers |= {head[q] for q in around if col[q] == opponent(c)}
        if not attackers or not attackers <= living or any(len(libs[a]) < 2 for a in attackers):
            continue
        found[h] = c
    return found

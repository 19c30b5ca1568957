"""Stage 3 of the judgement: the decision.  Rounds of ownership playouts, and the share of
them that makes a string alive or dead; a bent four in the corner (盘角曲四) is dead.

A string is dead when its points end up the opponent's in at least `DEAD_SHARE` of the
playouts, alive when they stay its own in at least `ALIVE_SHARE`.  The first round keeps each
side out of the other's area by Bouzy's influence map; the second takes the area from the
strings that round found strong (nearest strong string through empty points), so a finished
position's walls are respected and stones left inside them die, while groups whose life is
really in question keep being attacked.  Strings still undecided (a capturing race next to a
living group, say) get a third round in which a string in atari that can join a strong string
through a point only its own colour borders is always saved there; what that round leaves
undecided is unclear.

After the first round, the tactical reader (`tactics`) reads every undecided string with one
or two liberties: one that is taken even with its owner to move first (a ladder, a double
throw-in that leaves it unable to connect, a lost race of short strings), by attackers that
survive at least half of that round, is dead, and the later rounds start from the position
without it, as they do without Benson's dead stones.
"""

from __future__ import annotations

import random

from ..core.board import BLACK, EMPTY, Board
from ..core.playout_board import KIND, SUICIDE, PlayoutBoard
from .ownership import OwnershipPlayouts, influence, strong_area
from .regions import Neighbours, empty_regions, find_strings
from .report import ALIVE, DEAD
from .tactics import tactically_dead_strings

# PlayoutBoard's stones[p] and libs[p] are None unless p is a string's head; the type
# ignores marked `at a head` read them at a head, where they are always set.

# Thresholds on the share of playouts.  A string is alive when its stones are still its own
# at the end of at least ALIVE_SHARE of the playouts and dead when they belong to the
# opponent in at least DEAD_SHARE of them; in between it is unclear.  Pachi calls a point at
# 0.8 and lists dead stones at 0.67.  Here a string's stones live or die together in a
# playout, so one share per string suffices, and the playouts err both ways (a living group
# with a weakness sometimes collapses, a dead group with room sometimes makes two eyes by
# luck), so the bars are symmetric at Pachi's dead-list value: on the finished GNU Go games
# 0.6 decides a few more strings right, 0.8 leaves more unclear, and neither flips the count
# of wrong verdicts, so the value that keeps a clear margin over a coin toss was kept.
ALIVE_SHARE = 0.67
DEAD_SHARE = 0.67
FIRST_ROUND = 0.5  # playouts of the first (influence-map) round, as a share of the second
STRONG_SHARE = 0.85  # a string is strong when it survives this share of the first round
STANDING_SHARE = 0.85  # an attacker the tactical reader trusts survives this share of it
TACTICAL_READER = True  # after the first round, mark dead what the tactical reader finds taken


def default_playouts(n_points: int) -> int:
    """Playouts of the main round when the caller does not choose: fewer on bigger boards,
    where each playout is longer.  On the finished GNU Go games of 13x13 (190, at seeds 0 to
    2), 80 instead of 96 changed no verdict, and 64 instead of 80 changed one of 570
    judgements (nine dead stones that 80 left unclear, dead), each saving a sixth of the
    time."""
    return 64 if n_points > 100 else 96


def decide_by_playouts(board: Board, col: list[int], work: list[int],
                       stones: dict[int, list[int]], undecided: list[int],
                       fixed_owner: dict[int, int], protected: set[int], rng: random.Random,
                       playouts: int | None, string_status: dict[int, str],
                       keep: list[OwnershipPlayouts] | None = None) -> dict[int, float]:
    """Decide the `undecided` strings (heads into `stones`, strings of `col`) by rounds of
    playouts on `work` (the position without the stones already known dead), marking
    `string_status`; returns the ownership numbers (+1 Black ... -1 White) of the points
    the playouts judged.  `fixed_owner` points are settled (the playouts keep off them),
    `protected` are the seki points.  `keep`, when given, receives the playouts as the last
    round left them, for a later stage (`first_move`) to play on."""
    points, nbrs = board.points, board.neighbours
    n = playouts if playouts is not None else default_playouts(len(points))
    n1 = max(2, int(n * FIRST_ROUND))
    playable = [p for p in points if p not in fixed_owner]
    area = [EMPTY] * len(col)
    for p, c in influence(work, points, nbrs).items():
        area[p] = c
    mc = OwnershipPlayouts(board, work, playable, protected, rng, area)
    black, white = mc.ownership(n1)
    base = mc.base  # the strings of `work`, heads their lowest points
    work_stones = {h: base.string(h) for h in base.heads()}
    work_libs = {h: base.liberties(h) for h in work_stones}
    strong: list[int] = []
    standing: set[int] = set()
    for h, ss in work_stones.items():
        own_counts = black if work[h] == BLACK else white
        kept = sum(own_counts[p] for p in ss)
        if all(p in fixed_owner for p in ss) or kept >= STRONG_SHARE * n1 * len(ss):
            strong.append(h)
        if all(p in fixed_owner for p in ss) or kept >= STANDING_SHARE * n1 * len(ss):
            standing.add(h)
    new_work = work if not TACTICAL_READER else _without_tactically_dead(
        mc.base, col, work, stones, undecided, protected, standing, string_status)
    if new_work is not work:
        work = new_work
        undecided = [h for h in undecided if h not in string_status]
        strong = [h for h in strong if work[h] != EMPTY]
        mc = OwnershipPlayouts(board, work, playable, protected, rng, area)
        base = mc.base
        work_stones = {h: base.string(h) for h in base.heads()}
        work_libs = {h: base.liberties(h) for h in work_stones}
    mc.area = strong_area(work, nbrs, strong, work_libs, len(col))
    black, white = mc.ownership(n)
    ownership = {p: (black[p] - white[p]) / n for p in points}
    decide_by_share(undecided, col, stones, black, white, n, string_status)
    still = [h for h in undecided if h not in string_status]
    if still:
        mc.strong = {p for h in strong for p in work_stones[h]}
        black, white = mc.ownership(n)
        decide_by_share(still, col, stones, black, white, n, string_status)
        for h in still:
            for p in stones[h]:
                ownership[p] = (black[p] - white[p]) / n
    if keep is not None:
        keep.append(mc)
    return ownership


def _without_tactically_dead(pb: PlayoutBoard, col: list[int], work: list[int],
                             stones: dict[int, list[int]], undecided: list[int],
                             protected: set[int], standing: set[int],
                             string_status: dict[int, str]) -> list[int]:
    """Mark dead the `undecided` strings the tactical reader finds taken even with their
    owner to move first (none touching a seki point), by attackers that are all `standing`
    (heads of strings of `pb`, the board of `work`); returns `work` without them (`work`
    itself when there are none)."""
    short = [h for h in undecided if work[h] != EMPTY
             and len(pb.libs[pb.head[h]]) <= 2]  # type: ignore[arg-type]  # at a head
    if not short:
        return work
    dead = tactically_dead_strings(pb, [pb.head[h] for h in short], protected, standing)
    if not dead:
        return work
    work = work[:]
    gone = {pb.head[p] for p in dead}
    for h in short:
        if pb.head[h] in gone and col[h] == work[h]:
            string_status[h] = DEAD
            for p in stones[h]:
                work[p] = EMPTY
    return work


def decide_by_share(heads: list[int], col: list[int], stones: dict[int, list[int]],
                    black: list[int], white: list[int], n: int,
                    string_status: dict[int, str]) -> None:
    """Alive or dead by the share of n playouts that owned each string's points."""
    for h in heads:
        c = col[h]
        own_counts = black if c == BLACK else white
        opp_counts = white if c == BLACK else black
        ss = stones[h]
        own = sum(own_counts[p] for p in ss) / (n * len(ss))
        opp = sum(opp_counts[p] for p in ss) / (n * len(ss))
        if own >= ALIVE_SHARE:
            string_status[h] = ALIVE
        elif opp >= DEAD_SHARE:
            string_status[h] = DEAD


def bent_four_shapes(board: Board) -> list[frozenset[int]]:
    """The points of each L of four along both edges bent on a corner point (盘角曲四): per
    corner, three along one edge and one along the other, both ways; none on boards under
    3x3."""
    w, h = board.width, board.height
    if w < 3 or h < 3:
        return []
    shapes = []
    for r0, dr in ((0, 1), (h - 1, -1)):
        for c0, dc in ((0, 1), (w - 1, -1)):
            corner = [(r0, c0), (r0, c0 + dc), (r0 + dr, c0)]
            for last in ((r0, c0 + 2 * dc), (r0 + 2 * dr, c0)):
                shapes.append(frozenset(board.point(r, c) for r, c in corner + [last]))
    return shapes


def bent_four_in_corner(board: Board, col: list[int], points: tuple[int, ...],
                        nbrs: Neighbours) -> list[int]:
    """Heads of the strings whose only eye space is a bent four in the corner (盘角曲四):
    dead, since the attacker fills the outside liberties and wins the ko, and a finished
    position leaves no ko threats to fight it with.

    The eye space is an empty L of four points along both edges with its bend on the corner
    point, bordered by one colour only; the strings around it have no other one-colour
    region, and every other liberty of theirs touches an opponent stone (the attacker can
    fill it) of a string that is safe while it does: one with two liberties or more that
    are not the owner's, or one the owner cannot take (a suicide there).  A string short of
    such liberties is in a race with the owner: moving first, the owner takes it and lives,
    so the corner is no bent four but a fight the first mover decides.
    """
    head, _stones, libs = find_strings(col, points, nbrs)
    regions, region_of = empty_regions(col, points, nbrs)
    found: list[int] = []
    for pts in bent_four_shapes(board):
        if any(col[p] != EMPTY for p in pts) or len(regions[region_of[next(iter(pts))]]) != 4:
            continue
        if set(regions[region_of[next(iter(pts))]]) != pts:
            continue
        around = {head[q] for p in pts for q in nbrs[p] if col[q] != EMPTY}
        colours = {col[q] for q in around}
        if len(colours) != 1:
            continue
        colour = colours.pop()
        ok = True
        for s in around:
            for x in libs[s]:
                if x in pts:
                    continue
                reg = regions[region_of[x]]
                if not any(col[q] == 3 - colour for q in nbrs[x]) or all(
                        col[q] != 3 - colour for y in reg for q in nbrs[y]):
                    ok = False
                    break
            if not ok:
                break
        if ok and _fillers_stand(PlayoutBoard(board, col), around, pts, colour):
            found += sorted(around)
    return found


def _fillers_stand(position: PlayoutBoard, around: set[int], pts: frozenset[int],
                   owner: int) -> bool:
    """Whether every attacker string beside the outside liberties of the `owner` strings
    `around` (`pts`: their eye space) stands while it fills them: two liberties or more
    that are not the owner's, or one there the owner cannot play (a suicide)."""
    col, nbrs = position.colour, position.neighbours
    owner_libs = {x for s in around for x in position.liberties(s)}
    fillers = {position.head[q] for x in owner_libs - pts for q in nbrs[x]
               if col[q] == 3 - owner}
    for f in sorted(fillers):
        own = [x for x in sorted(position.liberties(f)) if x not in owner_libs]
        if len(own) < 2 and not any(position.move_kind(x, owner) & KIND == SUICIDE
                                    for x in own):
            return False
    return True

"""Stage 5 of the judgement: who moves first (先手).  For the strings the playouts left
unclear, what each side achieves when it moves first.

Two passes may leave a position unfinished in a way that has no single truth: the side that
moves first decides it.  Three kinds are common at the end of a game: an open point on a
group's boundary that both sides can use (the owner plays it and makes the second eye, the
opponent plays it and takes the eye away); two weak groups, one of each colour, where each
side can save its own by moving first (a capturing race with as many liberties on each
side); a ko that the group's owner wins by taking it first.  The ownership playouts
alternate the first mover, so such strings end up between the two shares and are unclear.

This stage says why.  The unclear strings are grouped into fights (strings that touch, or
share a liberty or a weak neighbour); for each fight and each colour c, c tries every
candidate first move (the empty points next to the fight's strings, and the liberties of
their weak neighbours), and after each the ownership playouts run with the other side to
move; c's best move is the one whose playouts leave the fight's stones c's most often, and
the statuses its playouts give (by the decision's shares) are what c achieves by moving
first.  A string whose status differs between Black first and White first *depends on who
moves first*: it stays unclear, with both outcomes and both first moves (`FirstMove`).  The
count of such a position follows the rules' procedure for a dispute (docs/ending.md): the
judgement does not choose.

Having the move never hurts (a side may always pass), so a string that dies even when its
owner moves first is dead, and one that lives even when the opponent moves first is alive,
whatever the other outcome reads: a race won into a dead shape, say, whose loser's best first
move still leaves one eye (`FirstMove.settled`).  Those strings are decided, not unclear.

Deterministic for a given position and ``random.Random`` (the playouts' own, after the
decision's rounds): candidates in point order, ties kept by the first.
"""

from __future__ import annotations

from ..core.board import BLACK, EMPTY, WHITE
from ..core.playout_board import PlayoutBoard
from .decision import decide_by_share
from .ownership import OwnershipPlayouts
from .report import ALIVE, DEAD, UNCLEAR, FirstMove

PLAYOUTS_PER_MOVE = 16  # playouts after each candidate first move
MAX_CANDIDATES = 12  # candidate first moves per fight and colour, nearest the fight first
WEAK_LIBERTIES = 2  # a neighbour string with at most this many liberties is part of a fight


def first_move_outcomes(mc: OwnershipPlayouts, unclear: list[list[int]],
                        playouts: int = PLAYOUTS_PER_MOVE) -> dict[tuple[int, ...], FirstMove]:
    """For the `unclear` strings (stone points of strings of ``mc.base``), what each side
    achieves by moving first, keyed by their sorted stone points (`FirstMove.settled` and
    `FirstMove.depends` read it).  `mc` is the decision's last round of playouts; its
    position is restored before returning."""
    if not unclear:
        return {}
    base = mc.base
    found: dict[tuple[int, ...], FirstMove] = {}
    for fight in _fights(base, unclear):
        outcomes: dict[int, tuple[dict[int, str], int]] = {}
        for colour in (BLACK, WHITE):
            outcomes[colour] = _best_first_move(mc, base, fight, colour, playouts)
        (b_status, b_move), (w_status, w_move) = outcomes[BLACK], outcomes[WHITE]
        for h in fight:
            sb, sw = b_status.get(h, UNCLEAR), w_status.get(h, UNCLEAR)
            key = tuple(sorted(base.stones[h]))  # type: ignore[arg-type]
            found[key] = FirstMove(sb, sw, b_move, w_move)
    return found


def _fights(base: PlayoutBoard, unclear: list[list[int]]) -> list[list[int]]:
    """The unclear strings (by head) grouped into fights: strings that touch, or share a
    liberty or a weak neighbour string, are one fight.  In point order."""
    heads = sorted({base.head[s[0]] for s in unclear})
    reach: dict[int, set[int]] = {}
    for h in heads:
        reach[h] = _reach(base, h)
    parent = {h: h for h in heads}

    def root(h: int) -> int:
        while parent[h] != h:
            h = parent[h]
        return h

    for i, a in enumerate(heads):
        for b in heads[i + 1:]:
            if reach[a] & reach[b]:
                ra, rb = root(a), root(b)
                if ra != rb:
                    parent[max(ra, rb)] = min(ra, rb)
    groups: dict[int, list[int]] = {}
    for h in heads:
        groups.setdefault(root(h), []).append(h)
    return [groups[r] for r in sorted(groups)]


def _reach(base: PlayoutBoard, h: int) -> set[int]:
    """The points a fight over string h is about: its stones and liberties, and the stones
    and liberties of its weak neighbour strings."""
    col, head, nbrs = base.colour, base.head, base.neighbours
    stones = base.stones[h]
    out = set(stones)  # type: ignore[arg-type]
    out |= base.libs[h]  # type: ignore[arg-type]
    for s in stones:  # type: ignore[union-attr]
        for q in nbrs[s]:
            if col[q] not in (EMPTY, col[h]):
                g = head[q]
                if len(base.libs[g]) <= WEAK_LIBERTIES:  # type: ignore[arg-type]
                    out |= set(base.stones[g])  # type: ignore[arg-type]
                    out |= base.libs[g]  # type: ignore[arg-type]
    return out


def _candidates(base: PlayoutBoard, fight: list[int], colour: int) -> list[int]:
    """Legal first moves of `colour` in the fight, nearest first (liberties of the fight's
    strings, then those of their weak neighbours), at most MAX_CANDIDATES; never an own
    true eye."""
    near: set[int] = set()
    far: set[int] = set()
    for h in fight:
        near |= base.libs[h]  # type: ignore[arg-type]
        far |= {p for p in _reach(base, h) if base.colour[p] == EMPTY}
    ordered = sorted(near) + sorted(far - near)
    out = [p for p in ordered if base.is_legal(p, colour) and not base.is_true_eye(p, colour)]
    return out[:MAX_CANDIDATES]


def _best_first_move(mc: OwnershipPlayouts, base: PlayoutBoard, fight: list[int],
                     colour: int, n: int) -> tuple[dict[int, str], int]:
    """The statuses of the fight's strings (head -> alive / dead) after `colour`'s best first
    move, and that move (-1 when it has none).  The move is chosen on one batch of n
    playouts per candidate and judged on a fresh batch, so that the best of many noisy
    estimates is not taken for what the move achieves."""
    fight_stones = {h: list(base.stones[h]) for h in fight}  # type: ignore[arg-type]
    best: tuple[int, int] | None = None
    saved_base, saved_atari = mc.base, mc.base_atari
    try:
        for move in _candidates(base, fight, colour):
            _play_first(mc, base, move, colour)
            black, white = _ownership(mc, n, 3 - colour)
            mine = black if colour == BLACK else white
            score = sum(mine[p] for ss in fight_stones.values() for p in ss)
            if best is None or score > best[0]:
                best = (score, move)
        if best is None:
            return {}, -1
        move = best[1]
        _play_first(mc, base, move, colour)
        black, white = _ownership(mc, n, 3 - colour)
    finally:
        mc.base, mc.base_atari = saved_base, saved_atari
    status: dict[int, str] = {}
    decide_by_share(fight, list(base.colour), fight_stones, black, white, n, status)
    return status, move


def _play_first(mc: OwnershipPlayouts, base: PlayoutBoard, move: int, colour: int) -> None:
    """Make `base` with `colour`'s `move` played the position the playouts of `mc` start
    from."""
    after = base.copy()
    after.play(move, colour)
    mc.base = after
    mc.base_atari = [g for g in after.heads() if len(after.libs[g]) == 1]  # type: ignore[arg-type]


def _ownership(mc: OwnershipPlayouts, n: int, first: int) -> tuple[list[int], list[int]]:
    """n playouts of `mc` from its base with `first` to move in every one; per point, how
    often each colour owns it at the end."""
    size = len(mc.base.colour)
    black = [0] * size
    white = [0] * size
    points = mc.points
    for _ in range(n):
        final = mc.playout(first)
        for p in points:
            c = final[p]
            if c == BLACK:
                black[p] += 1
            elif c == WHITE:
                white[p] += 1
    return black, white


__all__ = ["ALIVE", "DEAD", "FirstMove", "UNCLEAR", "first_move_outcomes"]

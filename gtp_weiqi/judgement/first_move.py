"""Stage 6 of the judgement: who moves first (先手).  For the strings the playouts left
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
whatever else the other outcome reads: a race won into a dead shape, say, whose loser's best
first move still leaves one eye (`FirstMove.settled`).  Those strings are decided, not
unclear.  So, after both readings, is a string decided with one side first that the other
side's best first move leaves unclear: alive with its owner first and unclear with the
opponent first is alive, unclear with its owner first and dead with the opponent first is
dead (`FirstMove.unchallenged`, applied by the pipeline): a first move not shown to change a
verdict does not make it unclear.  Only alive with one side first and dead with the other
depends on who moves first.  Outcomes that contradict each other (dead with the owner
first, alive with the opponent first) are the playouts' noise (`FirstMove.coherent`): they
settle nothing, are not read again against replies, and are not reported as depending on
who moves first.

The other side answers a first move with random playouts, which seldom find the one reply a
shortage of liberties (紧气, 接不归) needs: an atari that looks like saving a group is met by
a counter-atari, and the group still dies.  So the strings this reading leaves open are read
again with each side's best few first moves meeting every candidate reply of the other
(`_against_replies`: a move is worth its worst reply).  That reading is taken no worse for a
first mover than passing (the other side moving first), and not at all when it contradicts
itself (dead with the owner first, alive with the opponent first).  It runs only on strings
that would otherwise stay unclear, so it never overturns a verdict of the first reading.

A string the playouts call dead is not asked again, but one that a single move of its owner
makes pass-alive (`lives_by_one_move`: Benson's test after the move) is no dead string: the
judgement leaves it unclear, the owner living by that move.

Deterministic for a given position and ``random.Random`` (the playouts' own, after the
decision's rounds): candidates in point order, ties kept by the first.
"""

from __future__ import annotations

import random

from ..core.board import BLACK, EMPTY, WHITE, Board
from ..core.playout_board import PlayoutBoard
from .benson import pass_alive
from .decision import decide_by_share
from .ownership import OwnershipPlayouts
from .regions import Blocks, find_regions
from .report import ALIVE, DEAD, UNCLEAR, FirstMove

# PlayoutBoard's stones[p] and libs[p] are None unless p is a string's head; the type
# ignores marked `at a head` read them at a head, where they are always set.

_RANK = {DEAD: 0, UNCLEAR: 1, ALIVE: 2}  # a string's outcomes, worst for its owner first
PLAYOUTS_PER_MOVE = 16  # playouts after each candidate first move
MAX_CANDIDATES = 12  # candidate first moves per fight and colour, nearest the fight first
WEAK_LIBERTIES = 2  # a neighbour string with at most this many liberties is part of a fight
REPLIES = True  # strings left open are read again against the best local replies
REPLY_MOVES = 3  # of the first mover's best first moves, how many meet the replies
JUDGE_FACTOR = 4  # the move and reply chosen are judged on this many times the playouts
EYE_SPACE_MAX = 7  # a region without the owner's stones this small beside a string: eye space


def first_move_outcomes(mc: OwnershipPlayouts, unclear: list[list[int]],
                        playouts: int = PLAYOUTS_PER_MOVE, played: PlayoutBoard | None = None
                        ) -> dict[tuple[int, ...], FirstMove]:
    """For the `unclear` strings (stone points of strings of ``mc.base``; one the playouts
    started without gets no outcome), what each side achieves by moving first, keyed by their
    sorted stone points (`FirstMove.settled` says which of them no first mover changes).
    `mc` is the decision's last round of playouts; its position is restored before
    returning.  `played`, when given, is the position with the stones the playouts start
    without still on it: a first move must be legal there too (a play beside a dead stone
    that only its removal makes legal is no first move: the stone's capture comes first)."""
    base = mc.base
    # one taken off by the tactical reader, its verdict dropped since by the consistency
    # pass, has no fight here: it stays unclear, unasked
    unclear = [s for s in unclear if base.colour[s[0]] != EMPTY]
    if not unclear:
        return {}
    found: dict[tuple[int, ...], FirstMove] = {}
    for fight in _fights(base, unclear):
        outcomes: dict[int, tuple[dict[int, str], int]] = {}
        scored: dict[int, list[tuple[int, int]]] = {}
        for colour in (BLACK, WHITE):
            scored[colour] = _scored_moves(mc, base, fight, colour, playouts, played)
            outcomes[colour] = _judged(mc, base, fight, colour, playouts, scored[colour])
        # The strings this reading leaves open (no outcome settles them, and the outcomes
        # agree: noise is not read again) are read again against the best local replies,
        # with moves scored by those strings alone.
        firsts = {h: _first_move(h, outcomes) for h in fight}
        open_ = [h for h, first in firsts.items()
                 if first.settled(base.colour[h]) is None and first.coherent(base.colour[h])]
        answered = None
        if REPLIES and open_:
            answered = _read_with_replies(mc, base, open_, playouts,
                                          scored if open_ == fight else None, played)
        for h in fight:
            first = (_first_move(h, answered) if answered is not None and h in open_
                     else firsts[h])
            key = tuple(sorted(base.stones[h]))  # type: ignore[arg-type]  # at a head
            found[key] = first
    return found


def lives_by_one_move(board: Board, col: list[int], colour: int,
                      strings: dict[int, list[int]], multi_stone_suicide: bool = False
                      ) -> dict[int, int]:
    """Of `strings` (head -> stones) of `colour` on `col`, those one move of their owner makes
    pass-alive (Benson: two eyes nothing can take), each with the lowest such move.  Asked
    only of strings beside an eye space (a region without `colour`'s stones of at most
    EYE_SPACE_MAX points); the moves tried are their liberties and the eye spaces' empty
    points.  Such a string called dead is open, not dead: its owner lives by moving there."""
    points, nbrs = board.points, board.neighbours
    regions, region_of = find_regions(points, nbrs, lambda p: col[p] != colour)
    moves: set[int] = set()
    for stones in strings.values():
        beside = {region_of[q] for s in stones for q in nbrs[s] if col[q] != colour}
        spaces = [regions[r] for r in beside if len(regions[r]) <= EYE_SPACE_MAX]
        if spaces:
            moves.update(q for s in stones for q in nbrs[s] if col[q] == EMPTY)
            moves.update(p for space in spaces for p in space if col[p] == EMPTY)
    found: dict[int, int] = {}
    base = PlayoutBoard(board, col)
    for move in sorted(moves):
        if not base.is_legal(move, colour):
            continue
        trial = base.copy()
        trial.play(move, colour)
        alive = pass_alive(trial.colour, points, nbrs, colour, multi_stone_suicide)[0]
        for h, stones in strings.items():
            if h not in found and stones[0] in alive:
                found[h] = move
        if len(found) == len(strings):
            break
    return found


def _fights(base: PlayoutBoard, unclear: list[list[int]]) -> list[list[int]]:
    """The unclear strings (by head) grouped into fights: strings that touch, or share a
    liberty or a weak neighbour string, are one fight.  In point order."""
    heads = sorted({base.head[s[0]] for s in unclear})
    reach: dict[int, set[int]] = {}
    for h in heads:
        reach[h] = _reach(base, h)
    blocks = Blocks(heads)
    for i, a in enumerate(heads):
        for b in heads[i + 1:]:
            if reach[a] & reach[b]:
                blocks.join(a, b)
    groups: dict[int, list[int]] = {}
    for h in heads:
        groups.setdefault(blocks.root(h), []).append(h)
    return [groups[r] for r in sorted(groups)]


def _reach(base: PlayoutBoard, h: int) -> set[int]:
    """The points a fight over string h is about: its stones and liberties, and the stones
    and liberties of its weak neighbour strings."""
    col, head, nbrs = base.colour, base.head, base.neighbours
    stones = base.stones[h]
    out = set(stones)  # type: ignore[arg-type]  # at a head
    out |= base.libs[h]  # type: ignore[arg-type]  # at a head
    for s in stones:  # type: ignore[union-attr]  # at a head
        for q in nbrs[s]:
            if col[q] not in (EMPTY, col[h]):
                g = head[q]
                if len(base.libs[g]) <= WEAK_LIBERTIES:  # type: ignore[arg-type]  # at a head
                    out |= set(base.stones[g])  # type: ignore[arg-type]  # at a head
                    out |= base.libs[g]  # type: ignore[arg-type]  # at a head
    return out


def _candidates(base: PlayoutBoard, fight: list[int], colour: int,
                played: PlayoutBoard | None = None) -> list[int]:
    """Legal first moves of `colour` in the fight (legal in `played` too, when given),
    nearest first (liberties of the fight's strings, then those of their weak neighbours), at
    most MAX_CANDIDATES; never an own true eye."""
    near: set[int] = set()
    far: set[int] = set()
    for h in fight:
        near |= base.libs[h]  # type: ignore[arg-type]  # at a head
        far |= {p for p in _reach(base, h) if base.colour[p] == EMPTY}
    ordered = sorted(near) + sorted(far - near)
    out = [p for p in ordered if base.is_legal(p, colour) and not base.is_true_eye(p, colour)
           and (played is None or played.is_legal(p, colour))]
    return out[:MAX_CANDIDATES]


def _scored_moves(mc: OwnershipPlayouts, base: PlayoutBoard, fight: list[int], colour: int,
                  n: int, played: PlayoutBoard | None = None) -> list[tuple[int, int]]:
    """`colour`'s candidate first moves with their scores (how often n playouts after each,
    the other side to move, left the fight's stones `colour`'s), best first, ties in point
    order."""
    stones = _fight_stones(base, fight)
    scored: list[tuple[int, int]] = []
    saved_base, saved_atari = mc.base, mc.base_atari
    try:
        for move in _candidates(base, fight, colour, played):
            _play_first(mc, base, [move], colour)
            scored.append((_score(mc, n, 3 - colour, colour, stones), move))
    finally:
        mc.base, mc.base_atari = saved_base, saved_atari
    scored.sort(key=lambda sm: -sm[0])  # stable: equal scores stay in point order
    return scored


def _judged(mc: OwnershipPlayouts, base: PlayoutBoard, fight: list[int], colour: int, n: int,
            scored: list[tuple[int, int]], reply: int = -1) -> tuple[dict[int, str], int]:
    """The statuses of the fight's strings (head -> alive / dead) after `colour`'s best
    first move (the first of `scored`), followed by the other side's `reply` when one is
    given, and that move (-1 when it has none).  The move was chosen on one batch of n
    playouts per candidate and is judged on a fresh batch, so that the best of many noisy
    estimates is not taken for what the move achieves."""
    if not scored:
        return {}, -1
    move = scored[0][1]
    moves = [move] if reply < 0 else [move, reply]
    saved_base, saved_atari = mc.base, mc.base_atari
    try:
        _play_first(mc, base, moves, colour)
        to_move = 3 - colour if reply < 0 else colour
        black, white = mc.ownership(n, to_move)
    finally:
        mc.base, mc.base_atari = saved_base, saved_atari
    status: dict[int, str] = {}
    decide_by_share(fight, list(base.colour), _fight_stones(base, fight), black, white, n,
                    status)
    return status, move


def _first_move(h: int, outcomes: dict[int, tuple[dict[int, str], int]]) -> FirstMove:
    """String h's outcome with each side first, as the outcomes give them."""
    return FirstMove(outcomes[BLACK][0].get(h, UNCLEAR), outcomes[WHITE][0].get(h, UNCLEAR),
                     outcomes[BLACK][1], outcomes[WHITE][1])


def _read_with_replies(mc: OwnershipPlayouts, base: PlayoutBoard, fight: list[int], n: int,
                       scored: dict[int, list[tuple[int, int]]] | None,
                       played: PlayoutBoard | None = None
                       ) -> dict[int, tuple[dict[int, str], int]] | None:
    """What each side achieves in the fight (strings by head) by moving first against the
    other's best local reply (`_against_replies`), no worse than passing, or None when that
    reading contradicts itself.  `scored`: each side's first moves scored for this fight,
    when the first reading has them.  The playouts draw from a copy of the random stream,
    so the fights after this one see the same numbers as without it."""
    rng = mc.rng
    mc.rng = random.Random()
    mc.rng.setstate(rng.getstate())
    try:
        if scored is None:
            scored = {c: _scored_moves(mc, base, fight, c, n, played) for c in (BLACK, WHITE)}
        answered, random_answers = _against_replies(mc, base, fight, n, scored, played)
    finally:
        mc.rng = rng
    answered = _no_worse_than_passing(base, fight, answered, random_answers)
    return answered if _coherent(base, fight, answered) else None


def _no_worse_than_passing(base: PlayoutBoard, fight: list[int],
                           answered: dict[int, tuple[dict[int, str], int]],
                           first: dict[int, tuple[dict[int, str], int]]
                           ) -> dict[int, tuple[dict[int, str], int]]:
    """The `answered` outcomes, each side's made no worse for that side than what the other
    side achieves moving first: a first mover may pass, and the other side then moves
    first.  (A reply can leave the first mover a follow-up that random playouts seldom
    find, which would make its first move look worse than passing.)  What the other side
    achieves is taken at the better for it of its two readings, `first` (against random
    answers: too good for it, if anything) and `answered` (against best answers chosen on
    noisy batches: too bad, if anything), so that the bound errs towards binding less."""
    out: dict[int, tuple[dict[int, str], int]] = {}
    for colour in (BLACK, WHITE):
        status, move = answered[colour]
        kept: dict[int, str] = {}
        for h in fight:
            mine = base.colour[h] == colour
            got = _RANK[status.get(h, UNCLEAR)]
            other = [_RANK[r[3 - colour][0].get(h, UNCLEAR)] for r in (first, answered)]
            # the other side moving first, at its best for the other side
            passing = min(other) if mine else max(other)
            rank = max(got, passing) if mine else min(got, passing)
            if rank != _RANK[UNCLEAR]:
                kept[h] = DEAD if rank < _RANK[UNCLEAR] else ALIVE
        out[colour] = (kept, move)
    return out


def _coherent(base: PlayoutBoard, fight: list[int],
              outcomes: dict[int, tuple[dict[int, str], int]]) -> bool:
    """Whether every string of the fight has `FirstMove.coherent` outcomes."""
    return all(_first_move(h, outcomes).coherent(base.colour[h]) for h in fight)


def _against_replies(mc: OwnershipPlayouts, base: PlayoutBoard, fight: list[int], n: int,
                     scored: dict[int, list[tuple[int, int]]],
                     played: PlayoutBoard | None = None
                     ) -> tuple[dict[int, tuple[dict[int, str], int]],
                                dict[int, tuple[dict[int, str], int]]]:
    """What each side achieves by moving first when the other answers with its best local
    reply, not a random one: each of the first mover's REPLY_MOVES best first moves meets
    every candidate reply (n playouts each, the first mover to move again), is worth its
    worst reply, and the move worth most is judged, with that reply, on a fresh batch of
    JUDGE_FACTOR * n.  Returned with what each side achieves against random answers, its
    best first move (`scored`) judged on as many playouts.  A reply, like a first move, must
    be legal in `played` (the position with every stone) when it is given.

    A shortage of liberties (紧气) needs this: a first move that looks good against random
    answers (an atari, say) loses to the one answer that counter-ataris, which random
    playouts seldom find."""
    stones = _fight_stones(base, fight)
    saved_base, saved_atari = mc.base, mc.base_atari
    outcomes: dict[int, tuple[dict[int, str], int]] = {}
    random_answers: dict[int, tuple[dict[int, str], int]] = {}
    try:
        for colour in (BLACK, WHITE):
            random_answers[colour] = _judged(mc, base, fight, colour, JUDGE_FACTOR * n,
                                             scored[colour])
            best: tuple[int, int, int] | None = None  # (worth, move, reply)
            for score, move in scored[colour][:REPLY_MOVES]:
                after = base.copy()
                after.play(move, colour)
                played_after = None
                if played is not None:
                    played_after = played.copy()
                    played_after.play(move, colour)
                worst = (score, -1)  # no local reply: the first round's random answers
                for reply in _candidates(after, _heads_after(after, fight), 3 - colour,
                                         played_after):
                    _play_first(mc, base, [move, reply], colour)
                    worth = _score(mc, n, colour, colour, stones)
                    if worth < worst[0]:
                        worst = (worth, reply)
                    if best is not None and worst[0] <= best[0]:
                        break  # refuted: worth no more than a move already read
                if best is None or worst[0] > best[0]:
                    best = (worst[0], move, worst[1])
            if best is None:
                outcomes[colour] = ({}, -1)
            else:
                outcomes[colour] = _judged(mc, base, fight, colour, JUDGE_FACTOR * n,
                                           [(best[0], best[1])], best[2])
    finally:
        mc.base, mc.base_atari = saved_base, saved_atari
    return outcomes, random_answers


def _fight_stones(base: PlayoutBoard, fight: list[int]) -> dict[int, list[int]]:
    """The stone points of the fight's strings, by head."""
    return {h: list(base.stones[h]) for h in fight}  # type: ignore[arg-type]  # at a head


def _heads_after(after: PlayoutBoard, fight: list[int]) -> list[int]:
    """The heads in `after` (the position after a first move) of the fight's strings still
    on the board, in point order."""
    return sorted({after.head[h] for h in fight if after.colour[h] != EMPTY})


def _score(mc: OwnershipPlayouts, n: int, first: int, colour: int,
           stones: dict[int, list[int]]) -> int:
    """How often n playouts from ``mc.base`` with `first` to move leave the fight's `stones`
    `colour`'s (summed over the points)."""
    black, white = mc.ownership(n, first)
    mine = black if colour == BLACK else white
    return sum(mine[p] for ss in stones.values() for p in ss)


def _play_first(mc: OwnershipPlayouts, base: PlayoutBoard, moves: list[int],
                colour: int) -> None:
    """Make `base` with `moves` played (`colour` first, then alternating) the position the
    playouts of `mc` start from."""
    after = base.copy()
    for i, move in enumerate(moves):
        after.play(move, colour if i % 2 == 0 else 3 - colour)
    mc.base = after
    mc.base_atari = [g for g in after.heads()
                     if len(after.libs[g]) == 1]  # type: ignore[arg-type]  # at a head


__all__ = ["ALIVE", "DEAD", "FirstMove", "UNCLEAR", "first_move_outcomes"]

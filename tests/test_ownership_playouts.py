"""The judgement's ownership playouts: the draw of a move refuses the points the policy
refuses.  The draw makes the commonest refusals itself (an own true eye, a suicide into the
opponent's eye) before asking the policy; on every point of random positions, with strings in
atari, false eyes, seki points and the ko point among them, it must decide as the policy does
and use the same random numbers.  What it refuses for a reason that only the stones near a point
or a string there going into atari can change (an eye, a suicide, a two-point eye space) it
remembers until then, and a remembered refusal must still be one."""

from __future__ import annotations

import random
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st
from support.board_diagram import board_from_diagram

from gtp_weiqi.core.board import BLACK, EMPTY, WHITE, Board
from gtp_weiqi.judgement.ownership import OwnershipPlayouts


def random_position(rng: random.Random, size: int, moves: int) -> Board:
    """Random legal moves, own eyes filled too (so strings in atari and false eyes occur)."""
    board = Board(size)
    colour = BLACK
    for _ in range(moves):
        choices = [p for p in board.points if board.colour[p] == EMPTY
                   and board.is_legal(p, colour)]
        if not choices:
            break
        board.play(rng.choice(choices), colour)
        colour = WHITE if colour == BLACK else BLACK
    return board


def draw_agrees_with_policy(board: Board, rng: random.Random, protected: set[int]) -> int:
    """Check every empty point for both colours; return how many the policy refused."""
    col = list(board.colour)
    mc = OwnershipPlayouts(board, col, list(board.points), protected, rng, [EMPTY] * len(col))
    mc.board = mc.base.copy()
    refused = 0
    for p in (q for q in board.points if col[q] == EMPTY):
        for c in (BLACK, WHITE):
            mc.board.ko_point = p if rng.random() < 0.1 else 0
            state = rng.getstate()
            mc.begin_draw([p])
            drawn = mc._draw(c, 3 - c, True)[0] == p
            after = rng.getstate()
            rng.setstate(state)
            rng.random()  # the draw's pick among its one point
            allowed = mc._candidate(p, c, True)
            assert drawn == allowed, (p, c)
            assert rng.getstate() == after, (p, c)
            refused += not allowed
    return refused


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(3, 9), fill=st.floats(0.2, 1.6),
       seki_share=st.floats(0.0, 0.6))
def test_the_draw_refuses_exactly_what_the_policy_refuses(seed: int, size: int, fill: float,
                                                          seki_share: float) -> None:
    rng = random.Random(seed)
    board = random_position(rng, size, int(fill * size * size))
    protected = {p for p in board.points if rng.random() < seki_share}
    draw_agrees_with_policy(board, rng, protected)


def test_own_true_eyes_and_the_opponents_eyes_are_refused_and_false_eyes_are_not() -> None:
    # Black's A1 and C1 are true eyes of Black (and suicides for White); H5 is a false eye
    # of Black (two white diagonals), which Black may fill.
    board = board_from_diagram(textwrap.dedent("""\
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . O X O
        . . . . . . X . X
        . . . . . . . X .
        . . . . . . . . .
        X X X X . . . . .
        . X . X . . . . .
        """))
    rng = random.Random(0)
    col = list(board.colour)
    mc = OwnershipPlayouts(board, col, list(board.points), set(), rng, [EMPTY] * len(col))
    mc.board = mc.base.copy()

    def drawn(vertex: str, c: int) -> bool:
        p = board.point(int(vertex[1:]) - 1, "ABCDEFGHJ".index(vertex[0]))
        mc.begin_draw([p])
        return mc._draw(c, 3 - c, True)[0] == p

    assert not drawn("A1", BLACK) and not drawn("C1", BLACK)
    assert not drawn("A1", WHITE) and not drawn("C1", WHITE)
    assert drawn("H5", BLACK)
    assert draw_agrees_with_policy(board, rng, set()) > 0


class CheckedPlayouts(OwnershipPlayouts):
    """Playouts whose every draw first checks the refusals it remembers: each one must be
    a point the policy refuses now (asked with the random state put back)."""

    checked = 0

    def _draw(self, c: int, opp: int, invade: bool) -> tuple[int, bool]:
        ko = self.board.ko_point
        for p in self.empty:
            if self.refused[p] & c and p != ko:
                state = self.rng.getstate()
                assert not self._candidate(p, c, True), (p, c)
                self.rng.setstate(state)
                CheckedPlayouts.checked += 1
        return super()._draw(c, opp, invade)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(4, 9), fill=st.floats(0.2, 1.2),
       seki_share=st.floats(0.0, 0.3))
def test_the_refusals_the_draw_remembers_hold_all_playout_long(seed: int, size: int,
                                                                fill: float,
                                                                seki_share: float) -> None:
    rng = random.Random(seed)
    board = random_position(rng, size, int(fill * size * size))
    protected = {p for p in board.points if rng.random() < seki_share}
    col = list(board.colour)
    CheckedPlayouts(board, col, list(board.points), protected, rng,
                    [EMPTY] * len(col)).ownership(4)


def test_remembered_refusals_are_checked() -> None:
    before = CheckedPlayouts.checked
    rng = random.Random(5)
    board = random_position(rng, 9, 60)
    col = list(board.colour)
    CheckedPlayouts(board, col, list(board.points), set(), rng, [EMPTY] * len(col)).ownership(8)
    assert CheckedPlayouts.checked > before


def test_a_refusal_is_forgotten_when_a_string_beside_goes_into_atari_far_away() -> None:
    # A1 is a suicide for Black while the white string around it has two liberties; Black's
    # H2, seven points away, puts it in atari, and A1 becomes a capture.
    board = board_from_diagram(textwrap.dedent("""\
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X X X . .
        O O O O O O O . .
        . O X X X X X X .
        """))
    a1, h2 = board.point(0, 0), board.point(1, 7)
    col = list(board.colour)
    mc = OwnershipPlayouts(board, col, list(board.points), set(), random.Random(0),
                           [EMPTY] * len(col))
    mc.board = mc.base.copy()
    mc.begin_draw([a1])
    assert mc._draw(BLACK, WHITE, True)[0] == -1 and mc.refused[a1] & BLACK
    mc.board.play(h2, BLACK)
    watch: list[int] = []
    mc._after_play(h2, (), watch)
    assert watch == [mc.board.head[board.point(1, 0)]]  # the white string, now in atari
    assert mc._draw(BLACK, WHITE, True)[0] == a1

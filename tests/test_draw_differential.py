"""The ownership playouts' fast draw against the slow path it stands for.

`OwnershipPlayouts._draw` makes the policy's common refusals itself, "as `_kind_allowed`
would make them", and remembers them in ``refused`` until the stones around change.  Here
every draw of whole playouts on random positions is checked against `_candidate`, the slow
path: a point the draw accepts is one `_candidate` allows, and a point it holds as refused,
before the draw and after it, is one `_candidate` refuses.  `_candidate`'s random
acceptances (a self-atari now and then) are taken every time while it is asked here, so
the check never consumes the playout's random numbers: the playouts are the ones the
judgement plays.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtp_weiqi.core.board import BLACK, EMPTY, WHITE, Board, IllegalMove
from gtp_weiqi.judgement.ownership import OwnershipPlayouts


class _Accepting(random.Random):
    """random() always 0: every random acceptance of the policy is taken."""

    def random(self) -> float:
        return 0.0


class CheckedPlayouts(OwnershipPlayouts):
    """Playouts whose every draw is compared with the slow path."""

    checked = 0

    def _slow_allows(self, p: int, c: int) -> bool:
        rng, self.rng = self.rng, _Accepting()
        try:
            return self._candidate(p, c, True)
        finally:
            self.rng = rng

    def _check_refused(self, c: int) -> None:
        for p in self.empty:
            if self.refused[p] & c:
                assert not self._slow_allows(p, c), (p, c)
                self.checked += 1

    def _draw(self, c: int, opp: int, invade: bool) -> tuple[int, bool]:
        self._check_refused(c)
        move, skipped = super()._draw(c, opp, invade)
        if move >= 0:
            assert self._slow_allows(move, c), (move, c)
            self.checked += 1
        self._check_refused(c)
        return move, skipped


def random_position(size: int, fill: float, seed: int) -> Board:
    """A position of legal plays at random points (about `fill` of the board taken)."""
    rng = random.Random(seed)
    board = Board(size, size)
    points = list(board.points)
    for _ in range(int(fill * len(points)) * 2):
        p = rng.choice(points)
        if board.colour[p] == EMPTY:
            try:
                board.play(p, rng.choice((BLACK, WHITE)))
            except IllegalMove:
                pass
    return board


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.sampled_from([5, 7, 9]), fill=st.floats(0.2, 0.7), seed=st.integers(0, 10**6),
       protect=st.booleans(), with_area=st.booleans())
def test_the_fast_draw_agrees_with_the_slow_path(size: int, fill: float, seed: int,
                                                 protect: bool, with_area: bool) -> None:
    board = random_position(size, fill, seed)
    col = list(board.colour)
    empty = [p for p in board.points if col[p] == EMPTY]
    rng = random.Random(seed)
    protected = set(rng.sample(empty, min(3, len(empty)))) if protect else set()
    area = [EMPTY] * len(col)
    if with_area:  # each side's area: the points nearer its stones, as a round sets it
        for p in empty:
            around = [col[q] for q in board.neighbours[p] if col[q] in (BLACK, WHITE)]
            if around and all(c == around[0] for c in around):
                area[p] = around[0]
    mc = CheckedPlayouts(board, col, list(board.points), protected, rng, area)
    for first in (BLACK, WHITE):
        mc.playout(first)
    assert mc.checked > 0

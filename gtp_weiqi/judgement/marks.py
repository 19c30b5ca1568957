"""The judgement a count is made from, and the plain data the counting methods take.

Order of authority (docs/rules.md, "Dead stones, seki and owners"): explicit marks
first (GTP commands, SGF marks, a wrapped engine's dead list), then the engine's own
judgement (Benson, seki detection, Monte Carlo ownership).  Tromp–Taylor and a forced
end after four virtual moves count every stone alive.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core import ending
from ..core.board import BLACK, COLOUR_LETTER, EMPTY, WHITE
from ..core.game import Game
from ..counting import METHODS, no_route_left
from ..counting.types import Judgement, ScoringInput
from .pipeline import judge
from .report import FirstMove, StatusReport

ALL_ALIVE_METHODS = frozenset({"tromp_taylor"})


@dataclass
class Verdict:
    """Statuses and owners per board point, with where they came from.

    status -- every stone point -> alive / dead / seki
    owner -- explicit or judged owners of empty points (b / w / public)
    unclear -- strings (stone points) neither a mark nor the judgement decided
    report -- the engine's own judgement, when it was consulted
    """

    status: dict[int, str]
    owner: dict[int, str]
    unclear: list[tuple[int, ...]] = field(default_factory=list)
    report: StatusReport | None = None

    @property
    def first_move(self) -> dict[tuple[int, ...], FirstMove]:
        """The unclear strings whose fate depends on who moves first (the judgement's
        `first_move` stage), with what each side achieves by moving first."""
        if self.report is None or not self.report.first_move:
            return {}
        known = self.report.first_move
        return {s: known[s] for s in self.unclear if s in known}

    @property
    def miai(self) -> list[tuple[int, ...]]:
        """The lone stones in open kos the judgement left standing in miai (见合): all of
        them while they stand, none once a mark overrules one (a pair is one unit: the
        others then stand as a lone ko of one colour does)."""
        if self.report is None or any(self.status.get(s[0]) != "alive"
                                      for s in self.report.miai):
            return []
        return list(self.report.miai)


class Judge:
    """Caches the engine's own judgement per position (judging a 19x19 board takes a while)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._cache: dict[tuple[int, int, int, bool], StatusReport] = {}

    def report(self, game: Game) -> StatusReport:
        board = game.board
        # the suicide rule changes what the judgement may read out, so it is in the key
        key = (board.hash, board.width, board.height, bool(game.rules.suicide))
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 64:
                self._cache.clear()
            found = judge(board, seed=self.seed, multi_stone_suicide=game.rules.suicide)
            self._cache[key] = found
        return found

    def verdict(self, game: Game, all_alive: bool = False) -> Verdict:
        """The statuses and owners to count from."""
        board = game.board
        marked_status, marked_owner = game.effective_marks()
        stones = [p for p in board.points if board.colour[p] != EMPTY]
        if all_alive or game.forced_end:
            return Verdict({p: "alive" for p in stones}, {})
        if len(marked_status) == len(stones):  # every stone marked: nothing left to judge
            return Verdict(dict(marked_status), dict(marked_owner))
        report = self.report(game)
        status = dict(report.status)
        status.update(marked_status)
        if marked_status:
            # Owners judged around stones whose status was overridden may be wrong: keep
            # only the explicit owner marks and let the counting derive the rest.
            owner = dict(marked_owner)
        else:
            owner = dict(report.owner)
            owner.update(marked_owner)
        unclear = [s for s in report.unclear if not any(p in marked_status for p in s)]
        if unclear and ending.tested(game):
            # A test play settled the paused position (art version 第十三条): the strings it
            # did not capture stood, and count alive as they stand.
            unclear = []
        return Verdict(status, owner, unclear, report)


def to_judgement(game: Game, verdict: Verdict) -> Judgement:
    """The counting layer's Judgement (points as (row, col))."""
    rc = game.board.row_col
    status = {rc(p): s for p, s in verdict.status.items() if s != "alive"}
    owner = {rc(p): o for p, o in verdict.owner.items()}
    return Judgement(status=status, owner=owner)


def scoring_input(game: Game) -> ScoringInput:
    """What the counting methods need to know about the game, as plain data."""
    board = game.board
    rc = board.row_col
    letter = COLOUR_LETTER
    stones = {rc(p): letter[board.colour[p]] for p in board.points if board.colour[p] != EMPTY}
    first = game.first_mover
    last = game.last_mover
    return ScoringInput(
        width=game.width,
        height=game.height,
        stones=stones,
        captured={letter[c]: game.captured[c] for c in (BLACK, WHITE)},
        moves={letter[c]: game.moves_made(c) for c in (BLACK, WHITE)},
        passes={letter[c]: game.virtual[c] for c in (BLACK, WHITE)},
        first_mover=letter[first if first is not None else WHITE if game.handicap else BLACK],
        last_mover=letter[last] if last is not None else None,
        handicap=game.handicap,
        komi=game.komi,
        virtual_stones=game.rules.virtualMoves,
    )


_NATURAL_SEEN: dict[tuple[int, int, int], bool] = {}  # (hash, width, height) -> no route left


def natural_end(game: Game) -> bool:
    """计活子's natural end (自然终局): under a 计活子 counting method, neither side has a route
    (路) left to fill, nor a public point to play (the counting layer's `no_route_left`, on
    the board with every stone alive).  Cached per position, as the ending rules ask after
    every move.  Registered with `core.ending` below."""
    method = METHODS.get(game.rules.counting)
    if method is None or method.family != "jihuozi":
        return False
    board = game.board
    key = (board.hash, board.width, board.height)
    found = _NATURAL_SEEN.get(key)
    if found is None:
        if len(_NATURAL_SEEN) > 256:
            _NATURAL_SEEN.clear()
        try:
            found = no_route_left(scoring_input(game))
        except ValueError:  # a board the counting does not take
            found = False
        _NATURAL_SEEN[key] = found
    return found


ending.set_natural_end(natural_end)

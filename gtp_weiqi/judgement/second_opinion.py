"""A strong engine's second opinion (第二意见) laid over the judgement.

When an engine that reports ownership (KataGo) is at hand, the judgement asks it too.  Its
answer is an ownership map, every point +1 surely Black ... -1 surely White; a string's
*view* is the mean of its stones' ownership, signed for the string's colour: above 0 the
engine keeps the string on the board (alive, or seki), below 0 it takes it off (dead), and
the size of the mean is how sure it is.  The combining rule (docs/judgement.md, "A strong
engine's second opinion"):

* where both agree, that is the verdict;
* Benson's pass-alive strings and the stones dead inside their territory are proofs and
  are never overruled;
* where they disagree, or ours is unclear, the engine decides when its view is at least
  `confident` sure; otherwise the string is unclear, with both views kept in the report
  (`OpinionReport.views`) for `weiqi-unclear` to say.

This layer never talks to an engine: it is handed an `OwnershipSource` (the GTP side
builds one over the project's GTP client), so that the rule can be tested and measured on
stored answers.  Without a source nothing here is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Protocol

from ..core.board import BLACK, EMPTY, WHITE, Board
from ..core.game import Game
from .benson import pass_alive
from .marks import Judge
from .owners import point_owners
from .report import ALIVE, DEAD, SEKI, UNCLEAR, StatusReport
from .seki import seki_in

# How sure the engine must be (the mean signed ownership of a string's stones) to decide a
# string on which the two disagree: measured on human games (docs/judgement.md).
CONFIDENT = 0.8

Ownership = Mapping[int, float]  # point -> +1 surely Black ... -1 surely White


class OpinionUnavailable(Exception):
    """The engine could not give its opinion (it died, timed out, refused); the message
    says why.  The count is then made from our own judgement alone."""


class OwnershipSource(Protocol):
    """Something that tells a game's ownership: `name` for messages ('KataGo'), and
    `ownership(game)` -> point -> +1 Black ... -1 White, None when it has no opinion on
    this game, or OpinionUnavailable."""

    name: str

    def ownership(self, game: Game) -> Ownership | None: ...


@dataclass(frozen=True)
class View:
    """Ours and the engine's view of one string.

    ours -- alive, dead, seki or unclear (our judgement before the opinion)
    engine -- alive or dead (the sign of `sureness`)
    sureness -- the mean ownership of the string's stones for its own colour, -1..1
    verdict -- what the combination made of it: alive, dead, seki or unclear
    """

    ours: str
    engine: str
    sureness: float
    verdict: str

    def describe(self, engine_name: str) -> str:
        """'ours dead, KataGo alive (0.42 sure)'."""
        return f"ours {self.ours}, {engine_name} {self.engine} ({abs(self.sureness):.2f} sure)"


@dataclass
class OpinionReport(StatusReport):
    """A StatusReport after the second opinion.

    views -- the strings (stone points, as in `unclear`) on which the two disagreed, or that were
        unclear to us, -> both views and the verdict
    engine -- the engine's name
    failure -- why the engine gave no opinion (then the report is our judgement alone)
    """

    views: dict[tuple[int, ...], View] = field(default_factory=dict)
    engine: str = ""
    failure: str | None = None


def string_sureness(board: Board, stones: tuple[int, ...], ownership: Ownership) -> float:
    """The engine's view of a string: the mean of its stones' ownership, + for its colour."""
    sign = 1.0 if board.colour[stones[0]] == BLACK else -1.0
    return sign * sum(ownership.get(p, 0.0) for p in stones) / len(stones)


def _proven(board: Board, multi_stone_suicide: bool) -> set[int]:
    """The stones Benson decided: pass-alive, or dead inside pass-alive territory."""
    proven: set[int] = set()
    for colour in (BLACK, WHITE):
        alive, _territory, dead = pass_alive(list(board.colour), board.points,
                                             board.neighbours, colour, multi_stone_suicide)
        proven |= alive | dead
    return proven


def combine(board: Board, report: StatusReport, ownership: Ownership, *,
            confident: float | None = CONFIDENT, engine: str = "engine",
            multi_stone_suicide: bool = False) -> OpinionReport:
    """Our report with the engine's ownership laid over it by the rule of the module's
    docstring; `confident` None never lets the engine decide (every disagreement unclear)."""
    unclear = {frozenset(s): s for s in report.unclear}
    proven = _proven(board, multi_stone_suicide)
    status = dict(report.status)
    views: dict[tuple[int, ...], View] = {}
    new_unclear: list[tuple[int, ...]] = []
    changed = False
    for _colour, members, _libs in board.strings():
        stones = unclear.get(frozenset(members)) or tuple(sorted(members))
        ours = UNCLEAR if frozenset(stones) in unclear else report.status[stones[0]]
        if stones[0] in proven:
            if ours == UNCLEAR:
                new_unclear.append(stones)
            continue
        sure = string_sureness(board, stones, ownership)
        theirs = ALIVE if sure > 0 else DEAD
        agree = (ours == DEAD) == (theirs == DEAD) and ours != UNCLEAR
        if agree:
            continue
        if confident is not None and abs(sure) >= confident:
            verdict = theirs
            status.update((p, theirs) for p in stones)
            changed = True
        else:
            verdict = UNCLEAR
            new_unclear.append(stones)
            if ours == DEAD:  # an unclear string stays on the board
                status.update((p, ALIVE) for p in stones)
                changed = True
        views[stones] = View(ours, theirs, sure, verdict)
    owner = report.owner
    if changed:
        status, owner = _settle(board, status)
        for stones, view in list(views.items()):
            if view.verdict == ALIVE and status[stones[0]] == SEKI:
                views[stones] = replace(view, verdict=SEKI)
    # kos in miai are one unit: the engine overruling one leaves none in miai, and one it
    # leaves unclear keeps what each side achieves moving first
    first_move = {s: f for s, f in {**report.first_move, **report.miai}.items()
                  if s in new_unclear}
    miai = {} if any(s in views for s in report.miai) else report.miai
    return OpinionReport(status=status, owner=owner, unclear=sorted(new_unclear),
                         ownership=report.ownership, first_move=first_move, miai=miai,
                         views=views, engine=engine)


def _settle(board: Board, status: dict[int, str]) -> tuple[dict[int, str], dict[int, str]]:
    """Seki judged again on the position without the dead stones (its living strings read
    seki, a string no longer in seki reads alive), and the point owners from it."""
    final = list(board.colour)
    for p, st in status.items():
        if st == DEAD:
            final[p] = EMPTY
    seki = seki_in(board, final)
    in_seki = {p for ss in seki.strings for p in ss}
    settled = {p: (DEAD if st == DEAD else SEKI if p in in_seki else ALIVE)
               for p, st in status.items()}
    return settled, point_owners(final, board.points, board.neighbours, seki)


def unavailable(report: StatusReport, engine: str, why: str) -> OpinionReport:
    """Our own report, saying why the engine gave no opinion."""
    return OpinionReport(status=report.status, owner=report.owner, unclear=report.unclear,
                         ownership=report.ownership, first_move=report.first_move,
                         miai=report.miai, engine=engine, failure=why)


class OpinionJudge(Judge):
    """The judge with a second opinion: our judgement (cached as the plain judge caches
    it), then the source's ownership combined with it (cached per position, side to move
    and komi).  An engine that fails is reported once through `on_problem` and the report
    is our judgement alone, saying why (`OpinionReport.failure`)."""

    def __init__(self, source: OwnershipSource, seed: int = 0,
                 confident: float | None = CONFIDENT,
                 on_problem: Callable[[str], None] | None = None) -> None:
        super().__init__(seed=seed)
        self.source = source
        self.confident = confident
        self.on_problem = on_problem
        self.failure: str | None = None
        self.last: OpinionReport | None = None  # the last report the engine was asked for
        self._combined: dict[tuple[object, ...], OpinionReport] = {}

    def report(self, game: Game) -> StatusReport:
        own = super().report(game)
        board = game.board
        key = (board.hash, board.width, board.height, bool(game.rules.suicide),
               game.to_move, game.komi)
        found = self._combined.get(key)
        if found is not None:
            self.last = found
            return found
        try:
            ownership = self.source.ownership(game)
        except OpinionUnavailable as exc:
            why = str(exc)
            if why != self.failure and self.on_problem is not None:
                self.on_problem(f"{self.source.name} gave no second opinion ({why}); "
                                "counting from our own judgement alone")
            self.failure = why
            self.last = unavailable(own, self.source.name, why)
            return self.last
        if ownership is None:
            return own
        found = combine(board, own, ownership, confident=self.confident,
                        engine=self.source.name,
                        multi_stone_suicide=bool(game.rules.suicide))
        if len(self._combined) > 64:
            self._combined.clear()
        self._combined[key] = found
        self.last = found
        return found


__all__ = ["CONFIDENT", "OpinionJudge", "OpinionReport", "OpinionUnavailable", "Ownership",
           "OwnershipSource", "View", "combine", "string_sureness", "unavailable"]

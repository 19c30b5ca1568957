"""Whether a counted position is a finished game, and which points are still open.

A count is always made of the position as it stands; this module says whether that
position is the end of a game or only a stop in the middle of one, so that every output of
a count can warn instead of passing a half-played board off as a result.

The rule (docs/scoring.md, "Finished or not"): with the dead stones of the judgement (or
of the marks) taken off, the empty points fall into regions, each bounded by living stones.
A region bounded by one colour is that colour's.  A region that touches the living stones
of both colours is *open* when it is not the shared space of a seki and holds at least one
point that no living stone touches: a boundary three or more points wide, or a gap that
leads into a side's area.  Its points that are not dame (next to living stones of both
colours) are the *open points*.  When one colour has no living stone left at all (an empty
board, a few opening moves, or a count that took a whole side dead), nothing is settled and
every point that is not a living stone is open.  A narrow chain of dame, every point of it
next to a living stone, is not open: players stop with such chains unfilled under
territory rules, and whoever fills them owns no area behind them.  A finished game has no
open point.  A game that ended by resignation, time or forfeit is counted as it stands and never
reads finished: its count is not the result.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.board import BLACK, EMPTY, WHITE, Board
from ..core.coords import format_vertex
from ..core.game import Game
from ..judgement.regions import border_colours, empty_regions

# How a game ended (`ended_by`): two passes, or the record's RE ending in R / T / F.
PASSES, RESIGNATION, TIME, FORFEIT = "passes", "resignation", "time", "forfeit"
ENDED_BY = (PASSES, RESIGNATION, TIME, FORFEIT)
# RE's word after the winner -> how the game ended (SGF FF[4]: B+R, W+Resign, B+T, W+F)
_RE_ENDINGS = {"R": RESIGNATION, "RESIGN": RESIGNATION, "T": TIME, "TIME": TIME,
               "F": FORFEIT, "FORFEIT": FORFEIT}
_ENDED_WORDS = {RESIGNATION: ("resignation", "认输"), TIME: ("time", "超时"),
                FORFEIT: ("forfeit", "判负")}
SHOWN = 8  # open points a sentence names before it says "..."


@dataclass(frozen=True)
class Finish:
    """Whether a count is the end of a game.

    finished -- no open point, and not ended by resignation, time or forfeit
    open_points -- the open points as GTP vertices, sorted (A1, A2, ..., B1, ...)
    unfinished_reason -- why it is not finished, in English words; None when finished
    ended_by -- 'passes', 'resignation', 'time', 'forfeit', or None when the record or the
        game does not say
    """

    finished: bool
    open_points: tuple[str, ...]
    unfinished_reason: str | None
    ended_by: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"finished": self.finished, "open_points": list(self.open_points),
                "unfinished_reason": self.unfinished_reason, "ended_by": self.ended_by}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Finish:
        """Back from `to_dict` (a row or a JSON count read again); absent fields read as a
        finished game of unknown ending, as counts written before these fields were."""
        reason = data.get("unfinished_reason")
        ended = data.get("ended_by")
        return cls(bool(data.get("finished", True)), tuple(data.get("open_points") or ()),
                   str(reason) if reason is not None else None,
                   str(ended) if ended in ENDED_BY else None)

    def reason_zh(self) -> str | None:
        """The reason in Chinese (the terminal's --lang zh / both)."""
        if self.finished:
            return None
        parts = []
        if self.unfinished_reason:
            for name, zh in (("Black", "黑"), ("White", "白")):
                if f"{name} has no living stone" in self.unfinished_reason:
                    parts.append(f"{zh}方没有活子")
        if self.ended_by in _ENDED_WORDS:
            parts.append(f"对局以{_ENDED_WORDS[self.ended_by][1]}结束，按现状计算")
        if self.open_points:
            parts.append(f"尚有 {len(self.open_points)} 个点未围定：{_shown(self.open_points)}")
        return "；".join(parts) or None


def ended_by(recorded_result: str | None, passes_at_end: bool) -> str | None:
    """How a game ended: the record's RE when it names resignation, time or forfeit (B+R,
    W+Resign, B+T, W+F), else 'passes' when the last two moves are passes, else None."""
    text = (recorded_result or "").strip().upper()
    if text[:2] in ("B+", "W+") and text[2:] in _RE_ENDINGS:
        return _RE_ENDINGS[text[2:]]
    return PASSES if passes_at_end else None


def open_points(board: Board, status: Mapping[int, str]) -> list[int]:
    """The open points of `board` (see the module's rule), sorted by point.

    status -- stone point -> alive / dead / seki (a stone absent from it is alive; an
        unclear string counts as alive, as the count takes it)
    """
    neighbours = board.neighbours
    live = list(board.colour)  # the living stones: the dead ones taken off
    for p, st in status.items():
        if st == "dead":
            live[p] = EMPTY
    sides = {live[p] for p in board.points} - {EMPTY}
    if len(sides) < 2:  # one side has nothing alive: no boundary has been drawn
        return [p for p in board.points if live[p] == EMPTY]
    regions, _ = empty_regions(live, board.points, neighbours)
    found: list[int] = []
    for region in regions:
        if border_colours(live, neighbours, region) != BLACK | WHITE or any(
                status.get(q) == "seki" for p in region for q in neighbours[p]
                if live[q] != EMPTY):
            continue  # one side's area, or the shared space of a seki
        touching = [len({live[q] for q in neighbours[p]} - {EMPTY}) for p in region]
        if 0 in touching:  # a point no living stone touches: the boundary is not closed
            found += [p for p, n in zip(region, touching, strict=True) if n < 2]
    return sorted(found)


def finish_of(board: Board, status: Mapping[int, str], recorded_result: str | None = None,
              passes_at_end: bool = False) -> Finish:
    """The `Finish` of a counted position: its open points under `status` (the statuses
    the count used) and how the game ended."""
    points = open_points(board, status)
    vertices = _vertices(board, points)
    how = ended_by(recorded_result, passes_at_end)
    reasons = []
    if how in _ENDED_WORDS:
        reasons.append(f"the game ended by {_ENDED_WORDS[how][0]} "
                       f"({(recorded_result or '').strip()}); counted as the position stands")
    alive = {board.colour[p] for p in board.points
             if board.colour[p] != EMPTY and status.get(p, "alive") != "dead"}
    for colour, name in ((BLACK, "Black"), (WHITE, "White")):
        if colour not in alive:
            reasons.append(f"{name} has no living stone")
    if vertices:
        n = len(vertices)
        reasons.append(f"{n} point{'' if n == 1 else 's'} still open, enclosed by neither "
                       f"colour: {_shown(vertices)}")
    return Finish(not reasons, vertices, "; ".join(reasons) or None, how)


def finish_of_game(game: Game, status: Mapping[int, str],
                   recorded_result: str | None = None) -> Finish:
    """`finish_of` for a game: its board, and two passes at the end of its moves."""
    return finish_of(game.board, status, recorded_result, game.consecutive_passes() >= 2)


def _vertices(board: Board, points: Iterable[int]) -> tuple[str, ...]:
    return tuple(format_vertex(rc) for rc in sorted(board.row_col(p) for p in points))


def _shown(vertices: tuple[str, ...]) -> str:
    head = " ".join(vertices[:SHOWN])
    return head + (" ..." if len(vertices) > SHOWN else "")


__all__ = ["ENDED_BY", "FORFEIT", "PASSES", "RESIGNATION", "TIME", "Finish", "ended_by",
           "finish_of", "finish_of_game", "open_points"]

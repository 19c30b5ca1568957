"""What one refereed game comes to, as values: how it ended (`EndReason`), a side's forfeit
(`Forfeit`), each engine's part (`Side`) and the whole game (`Outcome`), which
`Referee.run()` returns and the records (records.py) are written from.  Nothing here holds
a process or a live game: an `Outcome` can be pickled (a cluster worker sends it back) and
read without the referee that made it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ...base.colours import BLACK, WHITE
from .config import GameSpec

Point = tuple[int, int]  # (row, col) of the board, as core.coords formats them


class EndReason(str, Enum):
    """How a game ended; the value is the word the records (`end`) and summary.json
    (`ends`) use."""

    AGREED = "agreed"  # two passes, dead stones agreed by both engines and the referee
    PASSES = "passes"  # two passes under Tromp–Taylor: counted as it stands
    CLEANUP = "cleanup"  # counted at the stop, dead stones as the cleanup captured them
    FORCED = "forced"  # four virtual moves under one board pattern (四虚终局)
    NATURAL_END = "natural_end"  # no route left (自然终局)
    DRAW = "draw"  # a long cycle the rules make a draw
    NO_RESULT = "no_result"  # a long cycle the rules make no result
    LIMIT = "limit"  # --max-moves: counted as it stands
    RESIGN = "resign"
    FORFEIT = "forfeit"  # illegal move, no answer, crash, garbage, failed or refused move
    TIME = "time"  # a loss on time under --time
    ERROR = "error"  # the referee's own failure: the game is void

    @property
    def words(self) -> str:
        """The end in the SGF's root comment."""
        return _WORDS.get(self, self.value)

    @property
    def counted(self) -> bool:
        """Whether the result is a count (a margin), not a resignation, forfeit or loss on
        time."""
        return self not in (EndReason.RESIGN, EndReason.FORFEIT, EndReason.TIME)


_WORDS = {
    EndReason.AGREED: "agreed end (dead stones agreed by both engines and the referee)",
    EndReason.PASSES: "two passes: counted as it stands (Tromp–Taylor)",
    EndReason.CLEANUP: "counted at the stop, dead stones as the cleanup captured them",
    EndReason.FORCED: "forced end: four virtual moves under one board pattern (四虚终局), "
                      "every stone alive",
    EndReason.NATURAL_END: "natural end: neither side has a route left (自然终局), every "
                           "stone alive",
    EndReason.DRAW: "long cycle: a draw", EndReason.NO_RESULT: "long cycle: no result",
    EndReason.LIMIT: "move limit reached: counted as it stands",
    EndReason.RESIGN: "resignation", EndReason.FORFEIT: "forfeit",
    EndReason.TIME: "loss on time",
}


FORFEIT_KINDS = ("illegal", "timeout", "crash", "garbage", "failed", "refused")


class Forfeit(Exception):
    """`colour` loses the game; `kind` says why: illegal, timeout, crash, garbage, failed,
    refused, or time (a loss on time under `--time`: result `B+Time` / `W+Time`)."""

    def __init__(self, colour: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.colour = colour
        self.kind = kind
        self.message = message

    def __reduce__(self) -> tuple[Any, ...]:
        return Forfeit, (self.colour, self.kind, self.message)


@dataclass(frozen=True)
class Side:
    """One engine's part in one game: who it was, what it answered, its times."""

    colour: int
    engine: str  # black_engine / white_engine: the option that gave it
    command: str
    name: str
    version: str
    move_times: tuple[float, ...]
    cpu: float | None
    clock_used: float | None  # under --time: seconds used, and the clock as shown
    clock_left: str | None
    log: bytes | None  # with --gtp-log: its GTP transcript


@dataclass(frozen=True)
class Outcome:
    """One finished game.  `moves` are every move in order (the opening's and the
    cleanup's too) as (colour, point or None for a pass); `dead` are the stones the result
    took as dead (on the counted position, move `count_at`), `judged_dead` those the
    judgement calls dead; `comments` the SGF node comments by move number (0: the root);
    `move_clocks` the clock after a move (seconds, stones) under --time; `methods` the
    count under every method (weiqi-score all)."""

    spec: GameSpec
    end: EndReason
    result: str
    forfeit: Forfeit | None
    final_scores: dict[int, str]
    sides: dict[int, Side]
    labels: dict[str, str]  # by engine
    rules_name: str
    counting: str  # the rules' own counting method
    moves: tuple[tuple[int, Point | None], ...]
    opening: str | None
    opening_moves: int
    stop_at: int | None
    count_at: int | None
    dead: tuple[Point, ...]
    judged_dead: tuple[Point, ...]
    notes: tuple[str, ...]
    comments: dict[int, list[str]]
    move_clocks: dict[int, tuple[float, int | None]]
    methods: tuple[dict[str, Any], ...]
    duration: float


def inverse_result(result: str) -> str:
    """`B+3` <-> `W+3`; anything else unchanged (gogui-twogtp's inverseResult)."""
    if result[:1] in ("B", "W") and result[1:2] == "+":
        return ("W" if result[0] == "B" else "B") + result[1:]
    return result


def parse_result(result: str) -> tuple[int | None, float | None]:
    """(winner colour or None, margin or None) of an RE value."""
    if result in ("0", "Draw", "Jigo"):
        return None, 0.0
    if result[:2] in ("B+", "W+"):
        winner = BLACK if result[0] == "B" else WHITE
        try:
            return winner, float(result[2:])
        except ValueError:
            return winner, None
    return None, None


__all__ = ["FORFEIT_KINDS", "EndReason", "Forfeit", "Outcome", "Point", "Side", "inverse_result",
           "parse_result"]

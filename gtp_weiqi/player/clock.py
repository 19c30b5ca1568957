"""Time control: the systems GTP and KGS set, and how long to think about one move.

``time_settings main byo stones`` (GTP v2 4.2): byo-yomi time 0 means absolute time, byo-yomi
stones 0 with byo-yomi time > 0 means no limit, otherwise Canadian byo-yomi (``stones`` moves
per ``byo`` seconds).  ``kgs-time_settings none | absolute main | byoyomi main period periods |
canadian main byo stones``.  ``time_left colour seconds stones``: ``stones`` is 0 in main time,
else the moves (Canadian) or periods (byo-yomi) left.
"""

from __future__ import annotations

from dataclasses import dataclass

NONE, ABSOLUTE, BYOYOMI, CANADIAN = "none", "absolute", "byoyomi", "canadian"
SYSTEMS = (NONE, ABSOLUTE, BYOYOMI, CANADIAN)

LAG = 0.25  # seconds kept back per move for the controller's round trip (at most a quarter)
MIN_MOVE = 0.05
MAX_MOVE = 60.0  # seconds a move may take from the clock at most (--time-per-move sets more)


@dataclass(frozen=True)
class TimeSystem:
    """A time system: ``period`` is the byo-yomi time (per period, or per block of ``stones``
    moves for Canadian); ``stones`` the Canadian moves per block or the byo-yomi periods."""

    kind: str
    main: float = 0.0
    period: float = 0.0
    stones: int = 0

    @classmethod
    def from_gtp(cls, main: int, byo: int, stones: int) -> TimeSystem:
        """The system of GTP ``time_settings``."""
        if byo > 0 and stones == 0:
            return cls(NONE)
        if byo == 0:
            return cls(ABSOLUTE, float(main))
        return cls(CANADIAN, float(main), float(byo), stones)


def parse_kgs(kind: str, values: list[int]) -> TimeSystem:
    """``kgs-time_settings`` arguments; ValueError when the kind or the count is wrong."""
    kind = kind.lower()
    expected = {NONE: 0, ABSOLUTE: 1, BYOYOMI: 3, CANADIAN: 3}
    if kind not in expected:
        raise ValueError(f"unknown time system {kind!r}; known: {', '.join(SYSTEMS)}")
    if len(values) != expected[kind]:
        raise ValueError(f"{kind} takes {expected[kind]} numbers")
    if kind == NONE:
        return TimeSystem(NONE)
    if kind == ABSOLUTE:
        return TimeSystem(ABSOLUTE, float(values[0]))
    main, period, stones = values
    if kind == CANADIAN and stones == 0 and period > 0:
        return TimeSystem(NONE)
    return TimeSystem(kind, float(main), float(period), stones)


def moves_to_plan(n_points: int, moves_played: int) -> float:
    """How many more own moves to spread the main time over: about half the board's points
    for the whole game, at least a tenth of them."""
    return max(0.5 * n_points - 0.5 * moves_played, 0.1 * n_points, 5.0)


def move_budget(system: TimeSystem | None, left: tuple[float, int] | None,
                n_points: int, moves_played: int) -> float | None:
    """Seconds to think about the next move, or None when no time limit applies.

    `left` is the last ``time_left`` (seconds, stones) of the mover, or None when the
    controller never sent one (then the whole main time is assumed left)."""
    if system is None or system.kind == NONE:
        return None
    seconds, stones = left if left is not None else (system.main, 0)
    plan = moves_to_plan(n_points, moves_played)
    if system.kind == ABSOLUTE:
        budget = seconds / plan
    elif system.kind == CANADIAN:
        per_stone = system.period / system.stones if system.stones else system.period
        if stones > 0:
            budget = 0.8 * seconds / stones
        else:
            budget = seconds / plan + 0.5 * per_stone
    else:  # byo-yomi periods
        if stones > 0:
            budget = 0.8 * seconds
        else:
            budget = seconds / plan + 0.8 * system.period
    return max(budget - min(LAG, 0.25 * budget), MIN_MOVE)

"""Stand-ins for stages of the judgement, for tests that need a stage's verdict made wrong on
purpose (to show that a later stage overrules it) or left open (to show what a later stage
does with it)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

# a string's colour and stones -> the status the stand-in gives it, or None: left undecided
Verdict = Callable[[int, list[int]], str | None]


def playouts_deciding(verdict: Verdict) -> Callable[..., dict[int, float]]:
    """A stand-in for `judgement.pipeline.decide_by_playouts` that plays nothing: every
    undecided string gets the status `verdict` names, and no point an ownership."""
    def decide(board: Any, col: list[int], work: list[int], stones: dict[int, list[int]],
               undecided: list[int], fixed_owner: dict[int, int], protected: set[int],
               rng: random.Random, playouts: int | None, string_status: dict[int, str],
               keep: list[Any] | None = None) -> dict[int, float]:
        for h in undecided:
            status = verdict(col[h], stones[h])
            if status is not None:
                string_status[h] = status
        return {}
    return decide


def playouts_calling_dead(points: set[int]) -> Callable[..., dict[int, float]]:
    """`playouts_deciding` with the strings holding any of `points` dead, every other alive."""
    return playouts_deciding(
        lambda _colour, stones: "dead" if points.intersection(stones) else "alive")

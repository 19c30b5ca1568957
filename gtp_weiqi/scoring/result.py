"""What a count of one game gives back: plain, frozen records with `to_dict()` for JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..counting.types import Count, Outcome, number

ALL_ALIVE = "all alive"  # the judgement of Tromp–Taylor and of a forced end: nothing removed


@dataclass(frozen=True)
class MethodScore(Outcome):
    """The count under one method: the counting's `Outcome` (slug, names, units, black /
    white in the method's unit, margin in board points after komi, result, winner) and

    params -- the method's parameters as used
    dead, seki -- the stones (vertices) this count took as dead / in seki
    dead_source -- where that judgement came from (record.DEAD_SOURCES, or 'all alive')
    unclear -- strings (vertex lists) the judgement could not decide; counted alive
    count -- the counting layer's full Count (artefacts: blocks, eyes, routes, ...)
    """

    params: dict[str, Any]
    dead: tuple[str, ...]
    seki: tuple[str, ...]
    dead_source: str
    unclear: tuple[tuple[str, ...], ...]
    count: Count = field(repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "slug": self.slug, "name_zh": self.name_zh, "name_en": self.name_en,
            "unit": {"zh": self.unit_zh, "en": self.unit_en},
            "black": number(self.black), "white": number(self.white),
            "margin": number(self.margin), "result": self.result, "winner": self.winner,
            "params": dict(self.params),
            "judgement": {"source": self.dead_source, "dead": list(self.dead),
                          "seki": list(self.seki)},
            "unclear": [list(s) for s in self.unclear],
        }


@dataclass(frozen=True)
class ScoreResult:
    """The count of one game under one or more methods.

    name -- the file counted, or '<sgf>' / '<position>'
    rules -- the preset's name, or the rules as a dict when they are no preset
    moves -- moves in the record (passes included); recorded_result -- the SGF's RE
    dead_source -- where the dead stones came from: 'given', 'SGF DD', 'SGF TB/TW' or
        'judgement'; dead -- those stones (vertices); unclear -- strings left undecided
    methods -- one MethodScore per method asked for, in that order
    """

    name: str
    size: tuple[int, int]
    rules: str | dict[str, Any]
    komi: float
    moves: int
    captured: dict[str, int]
    recorded_result: str | None
    dead_source: str
    dead: tuple[str, ...]
    unclear: tuple[tuple[str, ...], ...]
    methods: tuple[MethodScore, ...]

    def __getitem__(self, slug: str) -> MethodScore:
        for m in self.methods:
            if m.slug == slug:
                return m
        raise KeyError(slug)

    def winners(self) -> dict[str, str | None]:
        return {m.slug: m.winner for m in self.methods}

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.name, "size": list(self.size), "rules": self.rules,
            "komi": number(self.komi), "moves": self.moves, "captured": dict(self.captured),
            "recorded_result": self.recorded_result, "dead_source": self.dead_source,
            "dead": list(self.dead), "unclear": [list(s) for s in self.unclear],
            "methods": [m.to_dict() for m in self.methods],
        }


__all__ = ["ALL_ALIVE", "MethodScore", "ScoreResult"]

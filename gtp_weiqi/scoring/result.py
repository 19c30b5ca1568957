"""What a count of one game gives back: plain, frozen records with `to_dict()` for JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..counting.types import Count, Outcome, number
from ..judgement.report import UNCLEAR, first_move_words, first_move_words_zh
from .finished import Finish

ALL_ALIVE = "all alive"  # the judgement of Tromp–Taylor and of a forced end: nothing removed


class ScoringWarning(UserWarning):
    """A count went on by assuming something the input did not say (an RU not understood,
    DD points with no stone, ...): the same words are in the result's `notes`."""


@dataclass(frozen=True)
class FirstMoveString:
    """An unclear string whose fate depends on who moves first (先手决定), in vertices: the
    judgement's `FirstMove` made plain, so that every output of a count can say why the
    string is unclear without the board it was judged on.

    string -- its stones ('B1', 'A2', ...), as in `unclear`
    black_first, white_first -- its status when Black / White moves first: alive, dead or
        unclear
    black_move, white_move -- the first move that achieves it, None when that side has none
    """

    string: tuple[str, ...]
    black_first: str
    black_move: str | None
    white_first: str
    white_move: str | None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FirstMoveString:
        """Back from `to_dict` (a batch row read again)."""
        return cls(tuple(data.get("string") or ()), str(data.get("black_first") or UNCLEAR),
                   data.get("black_move"), str(data.get("white_first") or UNCLEAR),
                   data.get("white_move"))

    def to_dict(self) -> dict[str, Any]:
        return {"string": list(self.string), "black_first": self.black_first,
                "black_move": self.black_move, "white_first": self.white_first,
                "white_move": self.white_move}

    def describe(self) -> str:
        """'depends on who moves first: Black first alive (D1), White first dead (D1)', as
        weiqi-unclear says it."""
        return first_move_words(self.black_first, self.white_first, self.black_move,
                                self.white_move)

    def describe_zh(self) -> str:
        """'黑先活 (D1)，白先死 (D1)'."""
        return first_move_words_zh(self.black_first, self.white_first, self.black_move,
                                   self.white_move)


@dataclass(frozen=True)
class MethodScore(Outcome):
    """The count under one method: the counting's `Outcome` (slug, names, units, black /
    white in the method's unit, margin in board points after komi, result, winner) and

    params -- the method's parameters as used
    dead, seki -- the stones (vertices) this count took as dead / in seki
    dead_source -- where that judgement came from (record.DEAD_SOURCES, or 'all alive')
    unclear -- strings (vertex lists) the judgement could not decide; counted alive
    count -- the counting layer's full Count (artefacts: blocks, eyes, routes, ...)
    first_move -- those of `unclear` whose fate depends on who moves first, with each
        side's outcome and first move (in the order of `unclear`)
    """

    params: dict[str, Any]
    dead: tuple[str, ...]
    seki: tuple[str, ...]
    dead_source: str
    unclear: tuple[tuple[str, ...], ...]
    count: Count = field(repr=False, compare=False)
    first_move: tuple[FirstMoveString, ...] = ()

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
            "first_move": [f.to_dict() for f in self.first_move],
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
    first_move -- the strings of `unclear` whose fate depends on who moves first
    finished -- whether the position is the end of a game (scoring/finished.py): no open
        point, and not ended by resignation, time or forfeit
    open_points -- the points still enclosed by neither colour (GTP vertices, sorted)
    unfinished_reason -- why it is not finished, in words; None when finished
    ended_by -- 'passes', 'resignation', 'time', 'forfeit', or None when unknown
    own_method -- the slug of the rules' own counting method (`own` is its MethodScore when
        it was among those asked for)
    notes -- what was assumed where the input fell short (an RU not understood, DD points
        with no stone, marks of a later position), in words; each is also a Python warning
        (ScoringWarning) from the function that counted
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
    first_move: tuple[FirstMoveString, ...] = ()
    finished: bool = True
    open_points: tuple[str, ...] = ()
    unfinished_reason: str | None = None
    ended_by: str | None = None
    own_method: str = ""
    notes: tuple[str, ...] = ()

    @property
    def finish(self) -> Finish:
        """The four fields that say whether the count is the end of a game, as one record."""
        return Finish(self.finished, self.open_points, self.unfinished_reason, self.ended_by)

    @property
    def own(self) -> MethodScore | None:
        """The count under the rules' own method, when it was asked for (methods='all' or
        None always has it)."""
        return next((m for m in self.methods if m.slug == self.own_method), None)

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
            "first_move": [f.to_dict() for f in self.first_move],
            **self.finish.to_dict(),
            "own_method": self.own_method, "notes": list(self.notes),
            "methods": [m.to_dict() for m in self.methods],
        }


__all__ = ["ALL_ALIVE", "FirstMoveString", "MethodScore", "ScoreResult", "ScoringWarning"]

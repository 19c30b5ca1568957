"""What a count of one game gives back: plain, frozen records with `to_dict()` for JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..base.methods import COUNTING_METHOD_NAMES
from ..counting.types import Count, Outcome
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
        """Its fields, and `reason`: why it is unclear in Chinese and English."""
        return {"string": list(self.string), "black_first": self.black_first,
                "black_move": self.black_move, "white_first": self.white_first,
                "white_move": self.white_move,
                "reason": {"zh": self.describe_zh(), "en": self.describe()}}

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

    def to_dict(self, brief: bool = False) -> dict[str, Any]:
        """The method's entry of a count (docs/count.schema.json): every number a float;
        `brief` (a batch row): only slug, black, white, margin, result and winner."""
        out: dict[str, Any] = {
            "slug": self.slug, "black": float(self.black), "white": float(self.white),
            "margin": float(self.margin), "result": self.result, "winner": self.winner}
        if brief:
            return out
        out.update({
            "name_zh": self.name_zh, "name_en": self.name_en,
            "unit": {"zh": self.unit_zh, "en": self.unit_en},
            "params": dict(self.params),
            "judgement": {"source": self.dead_source, "dead": list(self.dead),
                          "seki": list(self.seki)},
            "unclear": [list(s) for s in self.unclear],
            "first_move": [f.to_dict() for f in self.first_move],
        })
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], komi: float = 0.0,
                  dead_source: str = ALL_ALIVE) -> MethodScore:
        """Back from `to_dict` (full or brief: the names and unit then come from the
        method's slug, the judgement from `dead_source`).  Its `count` holds the outcome
        and the parameters, without the counting's artefacts."""
        slug = str(data["slug"])
        named = COUNTING_METHOD_NAMES.get(slug)
        unit = data.get("unit") or {}
        judged = data.get("judgement") or {}
        name_zh = str(data.get("name_zh") or (named.name_zh if named else slug))
        name_en = str(data.get("name_en") or (named.name_en if named else slug))
        unit_zh = str(unit.get("zh") or (named.unit_zh if named else ""))
        unit_en = str(unit.get("en") or (named.unit_en if named else ""))
        black, white, margin = (float(data[k]) for k in ("black", "white", "margin"))
        params = dict(data.get("params") or {})
        count = Count(slug, name_zh, name_en, unit_zh, unit_en, black, white, margin,
                      str(data["result"]), data.get("winner"),
                      named.family if named else "", float(komi), 0.0, params, None, None, {})
        return cls(slug, name_zh, name_en, unit_zh, unit_en, black, white, margin,
                   str(data["result"]), data.get("winner"), params,
                   tuple(judged.get("dead") or ()), tuple(judged.get("seki") or ()),
                   str(judged.get("source") or dead_source),
                   tuple(tuple(s) for s in data.get("unclear") or ()), count,
                   tuple(FirstMoveString.from_dict(f) for f in data.get("first_move") or ()))


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

    def to_dict(self, brief: bool = False) -> dict[str, Any]:
        """The count as JSON-able data, in the one form of a count (docs/count.schema.json,
        docs/schema.md): komi and the methods' figures always floats, moves and captures
        ints; `brief` (a batch row): each method gives only its figures and result."""
        return {
            "file": self.name, "size": list(self.size), "rules": self.rules,
            "komi": float(self.komi), "moves": self.moves,
            "captured": {"black": int(self.captured.get("b", 0)),
                         "white": int(self.captured.get("w", 0))},
            "recorded_result": self.recorded_result, "dead_source": self.dead_source,
            "dead": list(self.dead), "unclear": [list(s) for s in self.unclear],
            "first_move": [f.to_dict() for f in self.first_move],
            **self.finish.to_dict(),
            "own_method": self.own_method, "notes": list(self.notes),
            "methods": [m.to_dict(brief) for m in self.methods],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ScoreResult:
        """Back from `to_dict`, `gtp-weiqi score --json`, a batch's JSON line or the GTP
        `weiqi-score` answer (their extra fields are left out).  The methods' `count`
        holds their outcomes, not the counting's artefacts (blocks, eyes, routes)."""
        captured = data.get("captured") or {}
        size = data.get("size") or (0, 0)
        if isinstance(size, int):  # a batch row of an older run: one side
            size = (size, size)
        komi = float(data.get("komi") or 0.0)
        source = str(data.get("dead_source") or ALL_ALIVE)
        finish = Finish.from_dict(data)
        return cls(
            name=str(data.get("file") or ""), size=(int(size[0]), int(size[1])),
            rules=data.get("rules") or "", komi=komi,
            moves=int(data.get("moves") or 0),
            captured={"b": int(captured.get("black", captured.get("b", 0))),
                      "w": int(captured.get("white", captured.get("w", 0)))},
            recorded_result=data.get("recorded_result"), dead_source=source,
            dead=tuple(data.get("dead") or ()),
            unclear=tuple(tuple(s) for s in data.get("unclear") or ()),
            methods=tuple(MethodScore.from_dict(m, komi, source)
                          for m in data.get("methods") or ()),
            first_move=tuple(FirstMoveString.from_dict(f)
                             for f in data.get("first_move") or ()),
            finished=finish.finished, open_points=finish.open_points,
            unfinished_reason=finish.unfinished_reason, ended_by=finish.ended_by,
            own_method=str(data.get("own_method") or data.get("method") or ""),
            notes=tuple(str(n) for n in data.get("notes") or ()))


__all__ = ["ALL_ALIVE", "FirstMoveString", "MethodScore", "ScoreResult", "ScoringWarning"]

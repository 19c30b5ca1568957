"""A game record to count: the SGF read and replayed under the chosen rules, and where its
dead stones come from.

Dead stones, in this order: given explicitly, the SGF's DD (dead-stone list), its territory
marks TB / TW as KGS and CGoban write them at the end of a scored game (a stone on a point
marked as the other colour's territory is dead), and only then the engine's judgement.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..core.board import BLACK, EMPTY, WHITE
from ..core.coords import parse_vertex
from ..core.files import DEFAULT_READ_LIMIT
from ..core.game import Game
from ..core.rules import DEFAULT_PRESET, Rules, RulesError, check_komi, lookup_preset, parse_rules
from ..core.sgf import (
    SgfError,
    build_game,
    empty_dead_note,
    parse_sgf,
    read_sgf_file,
    unknown_rules_note,
)
from .service import ScoringError

DEFAULT_RULES = DEFAULT_PRESET  # the one default of every front end (core.rules)
MAX_SGF_BYTES = DEFAULT_READ_LIMIT  # far above any real game record; a bound for hostile files

# Where the dead stones of a count came from.
GIVEN, SGF_DD, SGF_TERRITORY, JUDGEMENT = "given", "SGF DD", "SGF TB/TW", "judgement"
DEAD_SOURCES = (GIVEN, SGF_DD, SGF_TERRITORY, JUDGEMENT)


class RecordError(ScoringError):
    """An SGF record that cannot be counted; `move` is the refused move's number (1 = the
    first) when a move is what failed."""

    def __init__(self, message: str, move: int | None = None) -> None:
        super().__init__(message)
        self.move = move


@dataclass
class Record:
    """A replayed game with what its SGF said besides the moves.

    name -- the file name, or '<sgf>' for data given directly
    marks -- the SGF's mark properties (DD, TB, TW, MA and our own) as [row, col] lists
    recorded_result -- the SGF's RE, None when absent
    size_bytes -- the length of the SGF data
    notes -- what was assumed (an RU not understood, and the rules counted under instead)
        and what was ignored (DD on empty points)
    """

    game: Game
    marks: dict[str, list[tuple[int, int]]]
    recorded_result: str | None
    name: str
    size_bytes: int
    notes: list[str] = field(default_factory=list)


def read_source(source: str | bytes | os.PathLike[str]) -> tuple[bytes, str]:
    """The SGF data and a name for it: a path (str or PathLike), SGF text (a str that starts
    with '(') or SGF bytes."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), "<sgf>"
    if isinstance(source, str) and source.lstrip().startswith("("):
        return source.encode("utf-8"), "<sgf>"
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"an SGF source is a path, SGF text or bytes, not {type(source)!r}")
    path = os.fspath(source)
    try:
        return read_sgf_file(path, MAX_SGF_BYTES), path
    except SgfError as exc:
        raise RecordError(str(exc)) from None


def resolve_rules(rules: str | Rules | None, recorded: Rules | None
                  ) -> tuple[Rules, float | None]:
    """The rules to count under and their default komi: the given ones, else the record's
    RU, else Chinese rules.  Unknown rules are a ScoringError."""
    if isinstance(rules, Rules):
        found = lookup_preset(rules.preset_name) if rules.preset_name else None
        return rules, found[1] if found else None
    if rules is not None:
        try:
            return parse_rules(rules)
        except RulesError as exc:
            raise ScoringError(str(exc)) from None
    if recorded is not None:
        found = lookup_preset(recorded.preset_name) if recorded.preset_name else None
        return recorded, found[1] if found else None
    found = lookup_preset(DEFAULT_RULES)
    assert found is not None
    return found


NO_PRESET_KOMI = 7.5  # the komi of rules that are no preset, when nothing gives one


def no_komi_note(rules: Rules) -> str:
    """The note of a count whose komi nothing gave: no KM, no komi asked for, and rules
    that are no preset (a preset brings its own komi)."""
    del rules  # its JSON would bury the point: what matters is that it names no preset
    return (f"no komi given (KM, or komi=) and the rules are no preset, which would bring "
            f"its own: komi {NO_PRESET_KOMI:g}")


def load_record(data: bytes, name: str = "<sgf>", rules: str | Rules | None = None,
                komi: float | None = None, move: int | None = None) -> Record:
    """Parse and replay an SGF record; RecordError with the reason (and the move number
    of an illegal move) when it cannot be.  `move`: replay only the first `move` moves (0:
    the position before the first); the record's marks (DD, TB / TW) describe its last
    position, so they are left out of an earlier one, with a note."""
    if len(data) > MAX_SGF_BYTES:
        raise RecordError(f"{name}: larger than {MAX_SGF_BYTES // (1024 * 1024)} MiB, "
                          "not a game record")
    try:
        parsed = parse_sgf(data)
    except SgfError as exc:
        raise RecordError(str(exc), exc.move) from None
    chosen, default_komi = resolve_rules(rules, parsed.rules)
    note = None if rules is not None else unknown_rules_note(parsed, chosen)
    parsed.rules = chosen
    if komi is not None:
        try:
            parsed.komi = check_komi(komi)
        except RulesError as exc:
            raise ScoringError(str(exc)) from None
    fallback = default_komi if default_komi is not None else NO_PRESET_KOMI
    notes = [note] if note is not None else []
    if parsed.komi is None and default_komi is None:
        notes.append(no_komi_note(chosen))
    marks = parsed.marks
    total = len(parsed.moves)
    if move is not None:
        if not 0 <= move <= total:
            raise RecordError(f"{name}: move {move} is not in the record (it has {total} "
                              f"moves: 0..{total})")
        if move < total:
            if any(marks.get(key) for key in ("DD", "TB", "TW")):
                notes.append(f"the record's dead-stone marks (DD, TB / TW) are those of its "
                             f"last position, move {total}: at move {move} the dead stones "
                             "are judged")
            marks = {}
    try:
        game = build_game(parsed, chosen, parsed.komi if parsed.komi is not None else fallback,
                          None if move is None else move + 1)
    except SgfError as exc:
        raise RecordError(str(exc), exc.move) from None
    empty = empty_dead_note(game, marks)
    return Record(game, marks, parsed.result, name, len(data),
                  notes + ([empty] if empty is not None else []))


def parse_dead(game: Game, dead: str | Iterable[str]) -> list[int]:
    """The points of vertices named dead ('none' names none); ScoringError for a vertex off
    the board or without a stone."""
    words = dead.split() if isinstance(dead, str) else list(dead)
    board = game.board
    points: list[int] = []
    for token in (t for item in words for t in str(item).replace(",", " ").split()):
        if token.lower() == "none":
            continue
        try:
            rc = parse_vertex(token, game.width, game.height)
        except ValueError as exc:
            raise ScoringError(str(exc)) from None
        if rc is None or board.colour[board.point(*rc)] == EMPTY:
            raise ScoringError(f"no stone at {token}")
        points.append(board.point(*rc))
    return points


def territory_dead(game: Game, marks: dict[str, Any]) -> list[int]:
    """Stones standing on points the record marks as the other colour's territory (TB
    holds White's dead stones, TW Black's)."""
    board = game.board
    dead = []
    for prop, victim in (("TB", WHITE), ("TW", BLACK)):
        for rc in marks.get(prop, []):
            p = board.point(*rc)
            if board.colour[p] == victim:
                dead.append(p)
    return dead


def record_dead(game: Game, marks: dict[str, Any], dead: str | Iterable[str] | None
                ) -> tuple[list[int] | None, str]:
    """The points named dead and where they come from (one of DEAD_SOURCES); None with
    JUDGEMENT when neither the caller nor the record says."""
    if dead is not None:
        try:
            return parse_dead(game, dead), GIVEN
        except ScoringError as exc:
            raise ScoringError(f"dead stones: {exc}") from None
    board = game.board
    territory = bool(marks.get("TB") or marks.get("TW"))
    # DD[] (DD is inherited, [] clears it) says no stone is dead, unless territory marks
    # say more: an editor may leave an empty DD behind
    if marks.get("DD") or ("DD" in marks and not territory):
        # a DD point with no stone on it names nothing: left out (empty_dead_note says so)
        return [board.point(*rc) for rc in marks["DD"]
                if board.colour[board.point(*rc)] != EMPTY], SGF_DD
    if territory:
        return territory_dead(game, marks), SGF_TERRITORY
    return None, JUDGEMENT


__all__ = ["DEAD_SOURCES", "DEFAULT_RULES", "GIVEN", "JUDGEMENT", "MAX_SGF_BYTES",
           "NO_PRESET_KOMI", "Record", "no_komi_note",
           "RecordError", "SGF_DD", "SGF_TERRITORY", "load_record", "parse_dead",
           "read_source", "record_dead", "resolve_rules", "territory_dead"]

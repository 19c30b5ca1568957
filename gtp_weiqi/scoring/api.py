"""The public Python API: count an SGF record or a position under any counting method.

    from gtp_weiqi import score_sgf
    result = score_sgf("game.sgf", methods="zilu,area")
    result["zilu"].result, result.dead_source, result.to_dict()

sgfmill's own objects are taken as they are: an `Sgf_game` as the record, a
`boards.Board` as the position, `(row, col)` points (row 0 at the bottom, as sgfmill and
GTP number them) wherever a vertex is.  What the count had to assume is a ScoringWarning
and a line of the result's `notes`.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from ..base import MAX_SIZE, MIN_SIZE
from ..core.board import BLACK, WHITE
from ..core.coords import format_vertex, parse_vertex
from ..core.game import Game, IllegalPlay
from ..core.rules import DEFAULT_PRESET, Rules
from ..counting import METHODS, parse_params
from ..judgement.marks import Verdict
from .finished import finish_of_game
from .record import (
    NO_PRESET_KOMI,
    Record,
    load_record,
    no_komi_note,
    read_source,
    record_dead,
    resolve_rules,
)
from .result import ALL_ALIVE, FirstMoveString, MethodScore, ScoreResult, ScoringWarning
from .service import Scorer, ScoringError, check_method

Methods = str | Iterable[str] | None
Params = Mapping[str, Any] | Iterable[str] | str | None
Point = str | tuple[int, int]  # 'D4', or sgfmill's (row, col), row 0 at the bottom
Points = str | Iterable[Point] | None


class SgfGameLike(Protocol):
    """What score_sgf needs of sgfmill's `sgf.Sgf_game`: its serialised record."""

    def serialise(self) -> bytes: ...


class BoardLike(Protocol):
    """What score_position needs of sgfmill's `boards.Board`: its size and stones."""

    side: int

    def list_occupied_points(self) -> list[tuple[str, tuple[int, int]]]: ...


SgfSource = str | bytes | os.PathLike[str] | SgfGameLike


def vertex_words(points: Points) -> str | list[str] | None:
    """Vertices as words ('D4'): sgfmill's (row, col) points written as GTP vertices, the
    rest as given."""
    if points is None or isinstance(points, str):
        return points
    return [format_vertex((int(p[0]), int(p[1]))) if isinstance(p, tuple) else str(p)
            for p in points]


def warn_notes(result: ScoreResult, stacklevel: int = 3) -> ScoreResult:
    """Each of the result's notes as a ScoringWarning from the caller's line; the result."""
    for note in result.notes:
        warnings.warn(note, ScoringWarning, stacklevel=stacklevel)
    return result


def method_list(methods: Methods, rules: Rules) -> list[str]:
    """The slugs asked for: 'all', one slug, several separated by commas, a list of slugs,
    or None for the rules' own method.  Unknown ones are a ScoringError."""
    if methods is None:
        return [rules.counting]
    if isinstance(methods, str):
        if methods.strip().lower() == "all":
            return list(METHODS)
        methods = methods.replace("，", ",").split(",")
    slugs = [check_method(s) for s in methods if s.strip()]
    if not slugs:
        raise ScoringError("no counting method given")
    return list(dict.fromkeys(slugs))


def params_of(params: Params) -> dict[str, Any]:
    """Counting parameters from a mapping or `key=value` tokens; a bad one is a
    ScoringError."""
    if params is None:
        return {}
    if isinstance(params, Mapping):
        params = [f"{key}={value}" for key, value in params.items()]
    try:
        return parse_params(params)
    except ValueError as exc:
        raise ScoringError(str(exc)) from None


def _vertices(game: Game, points: Iterable[int]) -> tuple[str, ...]:
    rc = game.board.row_col
    return tuple(format_vertex(x) for x in sorted(rc(p) for p in points))


def _with_status(game: Game, verdict: Verdict, status: str) -> tuple[str, ...]:
    return _vertices(game, (p for p, s in verdict.status.items() if s == status))


def _unclear(game: Game, verdict: Verdict) -> tuple[tuple[str, ...], ...]:
    return tuple(sorted(_vertices(game, s) for s in verdict.unclear))


def _first_move(game: Game, verdict: Verdict) -> tuple[FirstMoveString, ...]:
    """The unclear strings whose fate depends on who moves first, in vertices, in the
    order of `_unclear`."""
    rc = game.board.row_col

    def move(p: int) -> str | None:
        return format_vertex(rc(p)) if p >= 0 else None

    found = [FirstMoveString(_vertices(game, s), f.black, move(f.black_move), f.white,
                             move(f.white_move)) for s, f in verdict.first_move.items()]
    return tuple(sorted(found, key=lambda f: f.string))


def count_record(record: Record, methods: Methods = "all",
                 dead: Points = None, scorer: Scorer | None = None,
                 params: Params = None) -> ScoreResult:
    """Count a loaded record: dead stones given, else from its DD, else from its TB / TW,
    else judged; then every method asked for."""
    game = record.game
    scorer = scorer or Scorer()
    slugs = method_list(methods, game.rules)
    given = params_of(params)
    points, source = record_dead(game, record.marks, vertex_words(dead))
    if points is not None:
        scorer.mark_exactly_dead(game, points)
    scores = []
    judged: Verdict | None = None  # the judgement of the methods that remove dead stones
    # the methods share one or two verdicts: their vertex lists are made once per verdict
    listed: dict[int, tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[str, ...], ...],
                            tuple[FirstMoveString, ...]]] = {}
    for counted, verdict, alive in scorer.count_many(game, slugs, given):
        lists = listed.get(id(verdict))
        if lists is None:
            lists = listed[id(verdict)] = (_with_status(game, verdict, "dead"),
                                           _with_status(game, verdict, "seki"),
                                           _unclear(game, verdict), _first_move(game, verdict))
        scores.append(MethodScore(
            counted.slug, counted.name_zh, counted.name_en, counted.unit_zh, counted.unit_en,
            counted.black, counted.white, counted.margin, counted.result, counted.winner,
            dict(counted.params), lists[0], lists[1], ALL_ALIVE if alive else source,
            lists[2], counted, lists[3]))
        judged = judged or (None if alive else verdict)
    everything_alive = judged is None and scorer.all_alive(game, "area")
    if judged is None:
        judged = scorer.verdict(game, "area")
    rules = game.rules
    finish = finish_of_game(game, judged.status, record.recorded_result)
    return ScoreResult(
        name=record.name, size=(game.width, game.height),
        rules=rules.preset_name or rules.as_dict(), komi=game.komi, moves=len(game.moves),
        captured={"b": game.captured[BLACK], "w": game.captured[WHITE]},
        recorded_result=record.recorded_result,
        dead_source=ALL_ALIVE if everything_alive else source,
        dead=_with_status(game, judged, "dead"), unclear=_unclear(game, judged),
        methods=tuple(scores), first_move=_first_move(game, judged),
        own_method=rules.counting, notes=tuple(record.notes),
        finished=finish.finished, open_points=finish.open_points,
        unfinished_reason=finish.unfinished_reason, ended_by=finish.ended_by)


def sgf_data(source: SgfSource) -> tuple[bytes, str]:
    """The SGF data and a name for it: read_source's, or an sgfmill Sgf_game serialised."""
    if isinstance(source, (str, bytes, os.PathLike)) \
            or not callable(getattr(source, "serialise", None)):
        return read_source(source)  # type: ignore[arg-type]  # it refuses what is no source
    return bytes(source.serialise()), "<sgf>"


def score_sgf(source: SgfSource, methods: Methods = "all",
              rules: str | Rules | None = None, dead: Points = None,
              seed: int = 0, komi: float | None = None, params: Params = None,
              move: int | None = None) -> ScoreResult:
    """Count a game record under `methods`.

    source -- a path, SGF text, SGF bytes, or sgfmill's Sgf_game
    methods -- 'all', a slug ('zilu'), slugs separated by commas, a list, or None for the
        rules' own method
    rules -- a preset name or KataGo-style JSON (default: the record's RU, else chinese)
    dead -- vertices ('C2' or (row, col)) of the dead strings ('none' or [] for none);
        default: the record's DD, else its TB / TW territory marks, else the engine's
        judgement (seeded by `seed`)
    komi -- default: the record's KM, else the rules'
    params -- counting parameters, e.g. {"balance": "art"} or "bowl=24"
    move -- count the position after this many moves (0: before the first); default: the
        end of the record
    Raises ScoringError (RecordError for a bad record, with `.move`) with the reason; what
    was assumed is a ScoringWarning and a line of the result's `notes`.
    """
    data, name = sgf_data(source)
    record = load_record(data, name, rules, komi, move)
    return warn_notes(count_record(record, methods, dead, Scorer(seed=seed), params))


def score_position(black: Points = (), white: Points = (), size: int = 19,
                   methods: Methods = "all", rules: str | Rules = DEFAULT_PRESET,
                   dead: Points = None, seed: int = 0,
                   komi: float | None = None, captured: Mapping[str, int] | None = None,
                   params: Params = None, board: BoardLike | None = None) -> ScoreResult:
    """Count a position given as stones: `black` and `white` vertex lists ('D4' or
    sgfmill's (row, col)), or sgfmill's `boards.Board` as `board` (its size and stones).

    captured -- stones of each colour taken during play, {'b': n, 'w': m} (the 计活子
    methods and territory counting need them); the rest as for `score_sgf` (dead stones:
    given, else the engine's judgement).
    """
    if board is not None:
        if black or white:
            raise ScoringError("give the stones as black / white or as a board, not both")
        size = int(board.side)
        occupied = board.list_occupied_points()
        black = [rc for colour, rc in occupied if colour == "b"]
        white = [rc for colour, rc in occupied if colour == "w"]
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ScoringError(f"board size {size} is not supported ({MIN_SIZE}..{MAX_SIZE})")
    chosen, default_komi = resolve_rules(rules, None)
    game = Game(size, size, chosen, komi if komi is not None else
                default_komi if default_komi is not None else NO_PRESET_KOMI)
    grid = game.board
    stones: list[tuple[int, int]] = []
    for colour, vertices in ((BLACK, vertex_words(black)), (WHITE, vertex_words(white))):
        for text in ([vertices] if isinstance(vertices, str) else vertices or ()):
            for word in str(text).replace(",", " ").split():
                try:
                    rc = parse_vertex(word, size, size)
                except ValueError as exc:
                    raise ScoringError(f"stones: {exc}") from None
                if rc is None:
                    raise ScoringError("stones: pass is not a point")
                p = grid.point(*rc)
                if any(q == p for q, _ in stones):
                    raise ScoringError(f"stones: two stones on {word}")
                stones.append((p, colour))
    try:
        game.add_setup(stones)
    except IllegalPlay as exc:
        raise ScoringError(f"stones: {exc.reason}") from None
    for letter, colour in (("b", BLACK), ("w", WHITE)):
        game.captured[colour] = int((captured or {}).get(letter, 0))
    record = Record(game, {}, None, "<position>", 0,
                    [no_komi_note(chosen)] if komi is None and default_komi is None else [])
    return warn_notes(count_record(record, methods, dead, Scorer(seed=seed), params))


__all__ = ["BoardLike", "Point", "Points", "SgfGameLike", "SgfSource", "count_record",
           "method_list", "params_of", "score_position", "score_sgf", "sgf_data",
           "vertex_words", "warn_notes"]

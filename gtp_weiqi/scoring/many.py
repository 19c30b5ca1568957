"""`score_many`: count many records at once, in worker processes, as the Python API.

    from gtp_weiqi import score_many, ScoreResult
    results = score_many(paths, methods="area,zilu", workers=4,
                         progress=lambda done, total: print(done, "/", total))
    counted = [r for r in results if isinstance(r, ScoreResult)]

The same count as `score_sgf` for each record (the same rules, komi, methods, judgement
and notes), with the worker processes of `gtp-weiqi score` over a collection (pool.py).  A
record that cannot be counted does not stop the others: its place in the list holds its
ScoringError (RecordError for a bad record), which the caller may raise or report.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.rules import Rules
from .api import Methods, Params, SgfSource, count_record, sgf_data, warn_notes
from .pool import default_workers, in_workers
from .record import RecordError, load_record
from .result import ScoreResult
from .service import Scorer, ScoringError

Progress = Callable[[int, int], None]  # (games done, games in all), after each game
# what comes back from a worker: the result, or the error's kind, message and move
_Done = tuple[int, ScoreResult | tuple[bool, str, int | None]]


@dataclass(frozen=True)
class _Options:
    """How every record is counted: score_sgf's arguments, the same for all."""

    methods: Methods = "all"
    rules: str | Rules | None = None
    komi: float | None = None
    seed: int = 0
    params: Mapping[str, Any] | Sequence[str] | str | None = None
    move: int | None = None
    artefacts: bool = False


def _count(task: tuple[int, str | bytes, _Options]) -> _Done:
    """One record, in a worker: its result, or its error as plain values (an exception
    with extra arguments does not always survive the trip back)."""
    index, source, options = task
    try:
        data, name = sgf_data(source)
        record = load_record(data, name, options.rules, options.komi, options.move)
        result = count_record(record, options.methods, None, Scorer(seed=options.seed),
                              options.params)
        if not options.artefacts:  # 20 KB a game to send back, more than counting costs
            result = replace(result, methods=tuple(
                replace(m, count=replace(m.count, artefacts={})) for m in result.methods))
        return index, result
    except RecordError as exc:
        return index, (True, str(exc), exc.move)
    except ScoringError as exc:
        return index, (False, str(exc), None)
    except Exception as exc:  # noqa: BLE001 - one broken record must not end the others
        return index, (False, f"internal error: {type(exc).__name__}: {exc}", None)


def score_many(sources: Iterable[SgfSource], methods: Methods = "all",
               rules: str | Rules | None = None, komi: float | None = None, seed: int = 0,
               params: Params = None, move: int | None = None, workers: int | None = None,
               progress: Progress | None = None, artefacts: bool = False
               ) -> list[ScoreResult | ScoringError]:
    """Count every record of `sources` (paths, SGF text or bytes, sgfmill Sgf_games) as
    `score_sgf` counts one, in `workers` processes (default: one per core; 1 counts here).

    Returns one entry per source, in their order: its ScoreResult, or the ScoringError
    (RecordError) that refused it.  `progress(done, total)` is called here after each
    record.  Each result's notes are ScoringWarnings, as from score_sgf.  Each method's
    `count` keeps its figures; its `artefacts` (the blocks, eyes and routes a picture
    draws) only with `artefacts=True`: they take longer to send back from a worker than
    the count takes (about 20 KB a game under every method).
    """
    if workers is not None and workers < 1:
        raise ScoringError(f"workers must be at least 1, not {workers}")
    options = _Options(methods if isinstance(methods, str) or methods is None
                       else list(methods), rules, komi, seed,
                       params if params is None or isinstance(params, (str, Mapping))
                       else list(params), move, artefacts)
    tasks: list[tuple[int, str | bytes, _Options]] = []
    for index, source in enumerate(sources):
        if isinstance(source, os.PathLike):
            source = os.fspath(source)
        elif not isinstance(source, (str, bytes)):
            source = sgf_data(source)[0]  # an Sgf_game: its bytes travel to the worker
        tasks.append((index, source, options))
    done: list[ScoreResult | ScoringError | None] = [None] * len(tasks)
    count = 0
    for index, outcome in in_workers(_count, tasks,
                                     default_workers() if workers is None else workers):
        if isinstance(outcome, ScoreResult):
            done[index] = warn_notes(outcome, stacklevel=3)
        else:
            is_record, message, at = outcome
            done[index] = RecordError(message, at) if is_record else ScoringError(message)
        count += 1
        if progress is not None:
            progress(count, len(tasks))
    return [r for r in done if r is not None]


__all__ = ["Progress", "score_many"]

"""gtp_weiqi: a GTP engine that referees and scores Go under every counting system.

计活子 (count living stones), 计枰点 (count board points) and the standard Chinese,
Japanese/Korean, AGA, Ing, Tromp–Taylor and stone-scoring rules.

    import gtp_weiqi
    result = gtp_weiqi.score_sgf("game.sgf", methods="all")

The scoring API is imported on first use, so that the engine starts as quickly without it.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

_LAZY = {"score_sgf", "score_position", "ScoreResult", "MethodScore", "ScoringError",
         "RecordError"}
__all__ = ["__version__", *sorted(_LAZY)]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from . import scoring
        return getattr(scoring, name)
    raise AttributeError(f"module 'gtp_weiqi' has no attribute {name!r}")

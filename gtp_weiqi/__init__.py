"""gtp_weiqi: a GTP engine that referees and scores Go under every counting system.

计活子 (count living stones), 计枰点 (count board points) and the standard Chinese,
Japanese/Korean, AGA, Ing, Tromp–Taylor and stone-scoring rules.

    import gtp_weiqi
    result = gtp_weiqi.score_sgf(gtp_weiqi.EXAMPLE_SGF, methods="all")

The public names are imported on first use, so that the engine starts as quickly without
them; type checkers and `dir()` see them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from .scoring import (
        FirstMoveString,
        MethodScore,
        RecordError,
        ScoreResult,
        ScoringError,
        score_position,
        score_sgf,
    )

    EXAMPLE_SGF: Path

__version__ = "0.1.0"

# public name -> the module under gtp_weiqi that defines it
_LAZY = {
    "score_sgf": "scoring", "score_position": "scoring", "ScoreResult": "scoring",
    "MethodScore": "scoring", "FirstMoveString": "scoring", "ScoringError": "scoring",
    "RecordError": "scoring",
}
__all__ = ["EXAMPLE_SGF", "FirstMoveString", "MethodScore", "RecordError", "ScoreResult",
           "ScoringError", "__version__", "score_position", "score_sgf"]


def __getattr__(name: str) -> Any:
    if name == "EXAMPLE_SGF":  # the finished 7x7 game shipped with the package
        from pathlib import Path

        return Path(__file__).with_name("data") / "example-7x7.sgf"
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module 'gtp_weiqi' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})

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
    from collections.abc import Mapping
    from pathlib import Path

    from .base.methods import MethodName
    from .scoring import (
        FirstMoveString,
        MethodScore,
        RecordError,
        ScoreResult,
        ScoringError,
        ScoringWarning,
        score_many,
        score_position,
        score_sgf,
    )

    EXAMPLE_SGF: Path
    METHODS: Mapping[str, MethodName]

__version__ = "0.1.0"

# public name -> (the module under gtp_weiqi that defines it, its name there)
_LAZY = {
    **{name: ("scoring", name) for name in (
        "score_sgf", "score_position", "score_many", "ScoreResult", "MethodScore",
        "FirstMoveString", "ScoringError", "RecordError", "ScoringWarning")},
    # every counting method, slug -> MethodName (slug, name_zh, name_en, family, unit_zh,
    # unit_en), in the order of the docs
    "METHODS": ("base.methods", "COUNTING_METHOD_NAMES"),
    "MethodName": ("base.methods", "MethodName"),
}
__all__ = ["EXAMPLE_SGF", "METHODS", "FirstMoveString", "MethodName", "MethodScore",
           "RecordError", "ScoreResult", "ScoringError", "ScoringWarning", "__version__",
           "score_many", "score_position", "score_sgf"]


def __getattr__(name: str) -> Any:
    if name == "EXAMPLE_SGF":  # the finished 7x7 game shipped with the package
        from pathlib import Path

        return Path(__file__).with_name("data") / "example-7x7.sgf"
    if name in _LAZY:
        import importlib

        module, attribute = _LAZY[name]
        value = getattr(importlib.import_module(f"{__name__}.{module}"), attribute)
        if name == "METHODS":
            from types import MappingProxyType

            value = MappingProxyType(value)  # read-only: the one table stays as it is
        return value
    raise AttributeError(f"module 'gtp_weiqi' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})

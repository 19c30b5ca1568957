"""Assemble the full engine: the core commands plus every layer's command set."""

from __future__ import annotations

from ...core.rules import DEFAULT_PRESET, Rules
from .analysis_cmds import register_analysis_commands
from .compat_cmds import register_compat_commands
from .ending_cmds import register_ending_commands
from .engine import WeiqiEngine
from .gfx_cmds import register_gfx_commands
from .scoring_cmds import register_scoring_commands


def build_engine(size: int = 19, rules: Rules | str = DEFAULT_PRESET,
                 komi: float | None = None, seed: int = 0) -> WeiqiEngine:
    """The engine that `gtp-weiqi` serves."""
    engine = WeiqiEngine(size=size, rules=rules, komi=komi, seed=seed)
    register_scoring_commands(engine)
    register_ending_commands(engine)
    register_gfx_commands(engine)
    register_analysis_commands(engine)
    register_compat_commands(engine)
    return engine

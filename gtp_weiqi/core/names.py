"""Names the user types: "did you mean" for a mistyped subcommand, preset or method."""

from __future__ import annotations

from collections.abc import Iterable


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean X?)' for the closest choice, or '' when none is close."""
    import difflib  # here: only a mistyped name needs it, and every start-up would pay it

    close = difflib.get_close_matches(word.strip().lower(), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


__all__ = ["did_you_mean"]

"""Names the user types: "did you mean" for a mistyped subcommand, preset or method.

A refusal names the closest few names (difflib's ratio, as `git` and `pip` do), never the
whole list: that stays in `--help`, where a person looks for it, instead of 1,000
characters of aliases after every typo (`FULL_LIST_HINT`).
"""

from __future__ import annotations

from collections.abc import Iterable

CLOSEST = 3  # names offered at most
FULL_LIST_HINT = "`gtp-weiqi --help` lists them all"


def closest(word: str, choices: Iterable[str], n: int = CLOSEST) -> list[str]:
    """The choices closest to `word`, best first, at most `n`, none when none is close."""
    import difflib  # here: only a mistyped name needs it, and every start-up would pay it

    return difflib.get_close_matches(word.strip().lower(), list(dict.fromkeys(choices)),
                                     n=n, cutoff=0.6)


def did_you_mean(word: str, choices: Iterable[str], n: int = CLOSEST) -> str:
    """' (did you mean X?)', ' (did you mean X, Y or Z?)' for the closest choices, or ''
    when none is close."""
    close = closest(word, choices, n)
    if not close:
        return ""
    said = close[0] if len(close) == 1 else f"{', '.join(close[:-1])} or {close[-1]}"
    return f" (did you mean {said}?)"


__all__ = ["CLOSEST", "FULL_LIST_HINT", "closest", "did_you_mean"]

"""A quick look at SGF bytes before anything is built from them: bound the work, not only
the bytes.

The size limit of `core.files` bounds a file, not what parsing makes of it: a 60 MB file of
`;B[];W[]` is 15 million nodes, and building them takes minutes and gigabytes.  `scan`
counts what the reader would build (game trees, nodes, nodes of the main line, nesting
depth, property names and values) in the first game of the data and refuses a record over
any of `Limits` with the reason, before a single node object exists.  Its one loop runs
once per token the reader would make and stops at the first limit passed, so its work is
bounded whatever the size; what lies between tokens (a long comment, junk) is skipped by
compiled regular expressions, never a Python loop per byte.  Its memory is at most two
copies of the data (escapes are blanked first, so that a value ends at the first `]`).

It reads the first game the way the SGF reader does: from the first `(` followed by `;`,
values in brackets with backslash escapes, property names of 1 to 64 letters, up to the
parenthesis that closes the first game; what follows is ignored.  It only counts: whether
the record is well formed is for the reader to say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """How much a record may hold.  No real game comes near: a long game is 400 moves, a
    heavily commented teaching record with variations some thousands of nodes."""

    nodes: int = 100_000  # nodes of the whole game tree
    main_line: int = 10_000  # nodes of the main line (the moves replayed)
    depth: int = 10_000  # nesting of variations
    values: int = 200_000  # property values (and property names)
    escapes: int = 100_000  # backslashes (the reader keeps some state for each)


DEFAULT_LIMITS = Limits()

_START = re.compile(rb"\(\s*;")
# A token of the reader, once escapes are blanked: a value (to the end of the data when it
# is never closed: the reader then fails), a property name (the reader splits a longer run
# of letters into names of 64), or a node or a parenthesis; what lies before it (spaces,
# junk) is skipped in the same match.  Only single-character repeats, so matching is
# linear and keeps no state per character.
_TOKEN = re.compile(rb"[^\[;()A-Za-z]*(?:(\[)[^\]]*(?:\]|\Z)|([A-Za-z]{1,64})|([;()])|\Z)")


class TooLarge(ValueError):
    """The record holds more than a limit; the message says what and which limit."""


def blank_escapes(data: bytes) -> bytes:
    """`data` with every escape pair of a value (a backslash and the byte after it) made
    two underscores, so that the first `]` after a `[` closes the value; offsets are kept.
    Pairs are taken left to right, as the reader takes them."""
    if b"\\" not in data:
        return data
    return data.replace(b"\\\\", b"__").replace(b"\\]", b"__")


def scan(data: bytes, limits: Limits = DEFAULT_LIMITS) -> None:
    """Refuse (TooLarge) SGF data whose first game holds more than `limits`; return None
    when it is within them, or when there is no game to count (the reader says why)."""
    start = _START.search(data)
    if start is None:
        return
    text = blank_escapes(data)
    end = _count_tokens(text, start.start(), limits)
    escapes = data.count(b"\\", start.start(), end)
    if escapes > limits.escapes:
        raise TooLarge(f"the record has {escapes:,} escapes (backslashes), more than the "
                       f"limit of {limits.escapes:,}")


def _count_tokens(text: bytes, start: int, limits: Limits) -> int:
    """Count the tokens of the game at `start` of `text` (escapes blanked), raising
    TooLarge at the first limit passed; the index where the game ends."""
    nodes = main_line = values = names = trees = depth = 0
    on_main_line = True
    for token in _TOKEN.finditer(text, start):
        if token.lastindex is None:  # the end of the data
            break
        if token.lastindex == 1:
            values += 1
            if values > limits.values:
                raise TooLarge(f"the record has more than {limits.values:,} property values, "
                               "the limit")
        elif token.lastindex == 2:
            names += 1
            if names > limits.values:
                raise TooLarge(f"the record has more than {limits.values:,} property names, "
                               "the limit")
        elif token.group(3) == b";":
            nodes += 1
            if nodes > limits.nodes:
                raise TooLarge(f"the record has more than {limits.nodes:,} nodes, the limit")
            if on_main_line:
                main_line += 1
                if main_line > limits.main_line:
                    raise TooLarge(f"the main line has more than {limits.main_line:,} nodes, "
                                   "the limit of moves")
        elif token.group(3) == b"(":
            depth += 1
            trees += 1
            if depth > limits.depth:
                raise TooLarge(f"variations are nested more than {limits.depth:,} deep, the "
                               "limit")
            if trees > limits.nodes:  # each game tree holds a node
                raise TooLarge(f"the record has more than {limits.nodes:,} game trees "
                               "(variations), the limit of nodes")
        else:
            # Up to the first ')' every '(' opens the first variation of the one before.
            on_main_line = False
            depth -= 1
            if depth <= 0:
                return token.end()
    return len(text)


__all__ = ["DEFAULT_LIMITS", "Limits", "TooLarge", "blank_escapes", "scan"]

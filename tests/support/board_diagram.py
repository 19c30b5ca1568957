"""Boards as text, for tests: rows top first, ``X`` black, ``O`` white, ``.`` empty."""

from __future__ import annotations

from gtp_weiqi.core.board import BLACK, EMPTY, WHITE, Board

_CHARS = {EMPTY: ".", BLACK: "X", WHITE: "O"}
_COLOUR_OF_CHAR = {".": EMPTY, "+": EMPTY, "X": BLACK, "O": WHITE}


def board_diagram(board: Board) -> str:
    """The position as text: rows top first, 'X' black, 'O' white, '.' empty."""
    rows = []
    for row in range(board.height - 1, -1, -1):
        rows.append("".join(_CHARS[board.colour[board.point(row, col)]]
                            for col in range(board.width)))
    return "\n".join(rows) + "\n"


def board_from_diagram(text: str) -> Board:
    """The board drawn by `text` (the inverse of board_diagram), its stones placed as SGF
    setup stones are.

    Blank lines and surrounding whitespace are ignored, points may be separated by spaces,
    and coordinate labels (a line of column letters, row numbers at either end) are
    skipped.  '+' is read as an empty point.
    """
    rows: list[list[int]] = []
    for line in text.splitlines():
        line = line.strip().strip("0123456789").replace(" ", "")
        if not line:
            continue
        if any(ch.isalpha() and ch not in "XO" for ch in line):
            continue  # column labels
        try:
            rows.append([_COLOUR_OF_CHAR[ch] for ch in line])
        except KeyError as e:
            raise ValueError(f"unexpected character {e} in diagram line {line!r}") from None
    if not rows:
        raise ValueError("empty diagram")
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        raise ValueError("diagram rows have different lengths")
    height = len(rows)
    board = Board(width, height)
    for i, r in enumerate(rows):
        for col, colour in enumerate(r):
            if colour != EMPTY:
                board.place_stone(board.point(height - 1 - i, col), colour)
    return board


def string_heads(board: Board) -> tuple[dict[int, int], dict[int, list[int]]]:
    """The board's strings as the judgement's stages take them: per stone point its string's
    head (the lowest point), and per head the string's sorted points."""
    head: dict[int, int] = {}
    stones: dict[int, list[int]] = {}
    for _colour, members, _libs in board.strings():
        h = min(members)
        stones[h] = sorted(members)
        for p in members:
            head[p] = h
    return head, stones

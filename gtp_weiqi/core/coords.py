"""GTP vertices <-> (row, col): letters skip I, rows count from the bottom, at most 25x25."""

from __future__ import annotations

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
_COLUMN = {c: i for i, c in enumerate(LETTERS)}


def parse_vertex(text: str, width: int, height: int) -> tuple[int, int] | None:
    """Return (row, col) for a vertex such as 'D4' (case-insensitive), None for 'pass'.

    Raises ValueError for anything else or a vertex off the board.
    """
    s = text.strip().upper()
    if s == "PASS":
        return None
    if len(s) < 2 or s[0] not in _COLUMN or not s[1:].isdigit() or not s[1:].isascii():
        raise ValueError(f"invalid vertex: {text!r}")
    col = _COLUMN[s[0]]
    row = int(s[1:]) - 1
    if not (0 <= col < width and 0 <= row < height):
        raise ValueError(f"vertex off the board: {text!r}")
    return row, col


def parse_vertex_list(text: str, width: int, height: int) -> list[tuple[int, int]]:
    """The (row, col) of each vertex in a whitespace-separated list, in order, as another
    engine's `final_status_list` answer is read: `pass` and words that are no vertex of
    this board are skipped."""
    points = []
    for word in text.split():
        try:
            rc = parse_vertex(word, width, height)
        except ValueError:
            continue
        if rc is not None:
            points.append(rc)
    return points


def format_vertex(point: tuple[int, int] | None) -> str:
    """'D4' style for (row, col); 'pass' for None."""
    if point is None:
        return "pass"
    row, col = point
    return f"{LETTERS[col]}{row + 1}"

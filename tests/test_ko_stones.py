"""`ko_connection_stones`: the lone stones in atari at their own connection point, whose
capture is a ko (劫), and the stones that look like them but are not.

Diagrams: rows top first, X black, O white, '.' empty; row 1 is the bottom row.
"""

from __future__ import annotations

from support.board_diagram import board_from_diagram
from test_first_move import KO_LEFT_OPEN

from gtp_weiqi.core.board import WHITE
from gtp_weiqi.core.coords import format_vertex, parse_vertex
from gtp_weiqi.judgement.ko_stones import ko_connection_stones
from gtp_weiqi.judgement.regions import find_strings


def found(diagram: str, dead: tuple[str, ...] = ()) -> dict[str, int]:
    """The stones found (vertex -> colour), every string living but those at `dead`."""
    board = board_from_diagram(diagram)
    col = list(board.colour)
    head, stones, libs = find_strings(col, board.points, board.neighbours)
    size = board.width
    dead_heads = {head[board.point(*parse_vertex(v, size, size))]  # type: ignore[misc]
                  for v in dead}
    living = set(stones) - dead_heads
    stones_found = ko_connection_stones(col, board.neighbours, head, stones, libs, living)
    return {format_vertex(board.row_col(h)): c for h, c in stones_found.items()}


def test_the_stone_in_an_open_ko_is_found() -> None:
    assert found(KO_LEFT_OPEN) == {"E1": WHITE}


def test_not_when_the_stones_around_it_are_dead() -> None:
    # in atari only by stones that are themselves dead: no fight
    assert found(KO_LEFT_OPEN, dead=("E2",)) == {}
    # joined by the connection only to a dead string
    assert found(KO_LEFT_OPEN, dead=("D2",)) == {}


# C1 empty: White's D1 would not be a ko (two liberties), and D1 is no point of White's alone.
NO_KO = KO_LEFT_OPEN.replace("..O.OX...", "....OX...")

# Two White stones in atari (E1 F1): taking them is no ko.
TWO_STONES = KO_LEFT_OPEN.replace("...OXX...", "...OXXX..").replace("..O.OX...", "..O.OOX..")

# One of the strings the connection joins is in atari itself (White's C1, next to Black's B1
# and C2): Black at D1 would take it too, no ko.
JOINED_IN_ATARI = KO_LEFT_OPEN.replace("...OXX...", "..XOXX...").replace("..O.OX...",
                                                                         ".XO.OX...")


def test_not_when_the_capture_would_be_no_ko() -> None:
    assert found(NO_KO) == {}
    # with a second liberty for C1 (B1 empty), E1 is a ko stone again
    assert found(JOINED_IN_ATARI.replace(".XO.OX", "..O.OX")) == {"E1": WHITE}
    assert found(TWO_STONES) == {}
    assert found(JOINED_IN_ATARI) == {}

"""benchmarks/bench_human.py's count of the games left unclear only on one black and one
white stone in atari (`atari_pair`): each is taken if the opponent moves first and saved if
its owner does, so the recorded result seldom tells which fate the players meant.

The position, 9x9: White's B8 in atari (its one liberty B7), Black's G2 in atari (G1),
Black's E5 with four liberties, and White's J5 J4 in atari (J3):

    . X . . . . . . .
    X O X . . . . . .
    . . . . . . . . .
    . . . . . . . . X
    . . . . X . . X O
    . . . . . . . X O
    . . . . . . O . .
    . . . . . O X O .
    . . . . . . . . .
"""

from __future__ import annotations

import pytest
from bench_human import atari_pair
from support.board_diagram import board_from_diagram

from gtp_weiqi.core.board import Board
from gtp_weiqi.core.coords import parse_vertex

POSITION = """
    .X.......
    XOX......
    .........
    ........X
    ....X..XO
    .......XO
    ......O..
    .....OXO.
    .........
"""


def strings(board: Board, *vertices: str) -> list[tuple[int, ...]]:
    return [(board.point(*parse_vertex(v, 9, 9)),) for v in vertices]


@pytest.mark.parametrize(("unclear", "expected"), [
    (("B8", "G2"), True),   # one of each colour, each in atari
    (("G2", "B8"), True),
    (("B8",), False),       # one stone only
    (("G2", "E5"), False),  # both Black, and E5 has four liberties
    (("B8", "E5"), False),  # E5 is not in atari
    (("B8", "G2", "E5"), False),
])
def test_a_pair_is_one_stone_of_each_colour_each_in_atari(
        unclear: tuple[str, ...], expected: bool) -> None:
    board = board_from_diagram(POSITION)
    assert atari_pair(board, strings(board, *unclear)) is expected


def test_a_string_of_two_stones_is_no_pair() -> None:
    board = board_from_diagram(POSITION)
    j5, j4, g2 = (board.point(*parse_vertex(v, 9, 9)) for v in ("J5", "J4", "G2"))
    assert board.liberty_count(j5) == 1
    assert atari_pair(board, [(j4, j5), (g2,)]) is False

"""Differential test: random games agree move by move with sgfmill's Board.

sgfmill allows self-capture and we refuse single-stone suicide (and multi-stone suicide without
the flag), so suicide moves are skipped after checking that sgfmill would indeed remove the
played stone.  Everything else must agree: the stones removed, the simple-ko point and every
point of the position.
"""

from __future__ import annotations

import random

import pytest
from sgfmill.boards import Board as SgfBoard

from gtp_weiqi.core.board import BLACK, COLOUR_LETTER, COLOUR_OF_WORD, EMPTY, Board

OUR_COLOUR = {None: EMPTY, **COLOUR_OF_WORD}

# (board size, number of games, moves per game): at least 200 games in all.
GROUPS = [
    (2, 20, 40),
    (3, 20, 60),
    (4, 20, 80),
    (5, 20, 120),
    (7, 20, 150),
    (9, 50, 300),
    (13, 30, 250),
    (19, 30, 300),
]


def assert_same_position(ours: Board, theirs: SgfBoard) -> None:
    for p in ours.points:
        row, col = ours.row_col(p)
        assert ours.colour[p] == OUR_COLOUR[theirs.get(row, col)], (row, col)


def play_random_game(size: int, seed: int, n_moves: int) -> int:
    """Play one game on both boards; returns the number of plays compared."""
    rng = random.Random(seed)
    ours = Board(size)
    theirs = SgfBoard(size)
    colour = BLACK
    compared = 0
    for _ in range(n_moves):
        # Mostly alternate, sometimes not: neither board may assume alternation.
        if rng.random() < 0.1:
            colour = 3 - colour
        empties = [p for p in ours.points if ours.colour[p] == EMPTY]
        if not empties:
            break
        p = rng.choice(empties)
        row, col = ours.row_col(p)
        if not ours.is_legal(p, colour):
            trial = theirs.copy()
            trial.play(row, col, COLOUR_LETTER[colour])
            assert trial.get(row, col) is None, "sgfmill kept a stone we call suicide"
            continue
        before = {q for q in ours.points if ours.colour[q] != EMPTY}
        removed, suicide = ours.play(p, colour)
        ko = theirs.play(row, col, COLOUR_LETTER[colour])
        assert not suicide
        assert ours.ko_point == (None if ko is None else ours.point(*ko))
        after = {q for q in ours.points if ours.colour[q] != EMPTY}
        assert set(removed) == before - after
        assert_same_position(ours, theirs)
        compared += 1
        colour = 3 - colour
    return compared


@pytest.mark.parametrize(("size", "games", "n_moves"), GROUPS,
                         ids=[f"{size}x{size}" for size, _, _ in GROUPS])
def test_random_games_agree_with_sgfmill(size: int, games: int, n_moves: int) -> None:
    compared = sum(play_random_game(size, 1000 * size + i, n_moves) for i in range(games))
    assert compared > games * min(n_moves, size * size) // 4


def test_at_least_200_games_are_compared() -> None:
    assert sum(games for _, games, _ in GROUPS) >= 200

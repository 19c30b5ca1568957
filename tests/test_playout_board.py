"""The playout board, the one move kernel of the playouts: it plays as the game's Board does,
and what it says a move would do (capture, snapback 倒扑, self-atari, suicide, eye) is what
playing the move does."""

from __future__ import annotations

import random
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st
from support.board_diagram import board_from_diagram

from gtp_weiqi.core.board import BLACK, EMPTY, WHITE, Board, IllegalMove
from gtp_weiqi.core.coords import parse_vertex
from gtp_weiqi.core.playout_board import (
    ATARI_EYE,
    CAPTURE,
    EYE_SHAPE,
    KIND,
    NO_POINT,
    SAFE,
    SELF_ATARI,
    SNAPBACK,
    SUICIDE,
    TRUE_EYE,
    PlayoutBoard,
    true_eye,
)


def pt(board: Board | PlayoutBoard, vertex: str) -> int:
    """The point of a GTP vertex such as 'C3'."""
    row, col = parse_vertex(vertex, board.width, board.height)
    return (row + 1) * (board.width + 1) + col + 1


def diagram(text: str) -> Board:
    return board_from_diagram(textwrap.dedent(text))


def strings(board: PlayoutBoard) -> list[tuple[int, tuple[int, ...], frozenset[int]]]:
    """Every string as Board.strings() lists them: (colour, sorted stones, liberties)."""
    found = []
    for h in board.heads():
        assert all(board.head[s] == h for s in board.stones[h])
        found.append((board.colour[h], tuple(sorted(board.stones[h])), frozenset(board.libs[h])))
    return sorted(found, key=lambda s: s[1])


def what_play_does(board: Board, p: int, c: int) -> tuple[int, int, int, int] | None:
    """(liberties, stones of the new string, stones taken, strings taken) after c plays at p
    on a copy of the game's board, or None when that is a suicide."""
    trial = board.copy()
    try:
        removed, suicide = trial.play(p, c, True)
    except IllegalMove:
        return None
    if suicide:
        return None
    strings_taken = len({board.chain_of[s] for s in removed})
    return trial.liberty_count(p), len(trial.string_at(p)), len(removed), strings_taken


def expected_kind(board: Board, p: int, c: int) -> int:
    after = what_play_does(board, p, c)
    if after is None:
        kind = SUICIDE
    else:
        libs, size, taken, strings_taken = after
        if taken:
            snapback = taken == 1 and strings_taken == 1 and size >= 2 and libs == 1
            kind = SNAPBACK if snapback else CAPTURE
        else:
            kind = SAFE if libs >= 2 else SELF_ATARI
    nbrs = board.neighbours[p]
    if all(board.colour[q] == c for q in nbrs):
        kind |= EYE_SHAPE
        if any(board.liberty_count(q) == 1 for q in nbrs):
            kind |= ATARI_EYE
        if true_eye(board.colour, nbrs, board.diagonals[p], c):
            kind |= TRUE_EYE
    return kind


def random_position(seed: int, size: int, moves: int) -> Board:
    """A game board after up to `moves` random legal plays (simple ko kept)."""
    rng = random.Random(seed)
    board = Board(size)
    colour = BLACK
    ko = None
    for _ in range(moves):
        legal = [p for p in board.points if p != ko and board.is_legal(p, colour)]
        if not legal:
            break
        board.play(rng.choice(legal), colour)
        ko = board.ko_point
        colour = 3 - colour
    return board


# -- it plays as the game's board ----------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), size=st.integers(2, 9), moves=st.integers(0, 200))
def test_plays_take_what_the_game_board_takes_and_keep_strings_exact(
        seed: int, size: int, moves: int) -> None:
    rng = random.Random(seed)
    board = Board(size)
    fast = PlayoutBoard.from_board(board)
    colour = BLACK
    for _ in range(moves):
        legal = [p for p in board.points if p != board.ko_point and board.is_legal(p, colour)]
        assert legal == [p for p in fast.points if fast.is_legal(p, colour)]
        if not legal:
            break
        p = rng.choice(legal)
        removed, _ = board.play(p, colour)
        assert list(fast.play(p, colour)) == removed
        assert fast.colour == board.colour
        assert fast.ko_point == (board.ko_point or NO_POINT)
        assert strings(fast) == board.strings()
        colour = 3 - colour


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), size=st.integers(2, 9), moves=st.integers(0, 150))
def test_what_a_move_would_do_is_what_playing_it_does(seed: int, size: int, moves: int) -> None:
    board = random_position(seed, size, moves)
    fast = PlayoutBoard(board)
    for p in board.points:
        if board.colour[p] != EMPTY:
            continue
        for c in (BLACK, WHITE):
            assert fast.move_kind(p, c) == expected_kind(board, p, c), (p, c)
            after = what_play_does(board, p, c)
            if after is None:
                continue
            libs, size_, taken, _ = after
            assert fast.liberties_after(p, c) == libs
            assert fast.size_after(p, c) == size_
            assert len(fast.captured_by(p, c)) == taken
            assert fast.is_self_atari(p, c) == (libs == 1)


def test_strings_found_afresh_have_their_lowest_point_as_head() -> None:
    board = diagram("""
        . X X .
        . X O O
        X X O .
        . . . .
    """)
    fast = PlayoutBoard(board)
    assert strings(fast) == board.strings()
    for h in fast.heads():
        assert h == min(fast.stones[h]) and fast.stones[h] == sorted(fast.stones[h])


def test_a_copy_of_the_game_board_keeps_its_stone_order() -> None:
    board = Board(5)
    for vertex in ("C3", "C2", "B2", "D2"):
        board.play(pt(board, vertex), BLACK)
    fast = PlayoutBoard.from_board(board)
    assert fast.string(pt(board, "C3")) == board.string_at(pt(board, "C3"))
    copied = fast.copy()
    copied.play(pt(board, "A2"), BLACK)
    assert len(fast.string(pt(board, "C3"))) == 4 and fast.colour[pt(board, "A2")] == EMPTY


# -- the rules it states once ----------------------------------------------------------------


def test_a_snapback_is_a_capture_that_is_taken_back() -> None:
    # White's four stones and Black's B1 are both in atari at C1.  White taking B1 there
    # leaves its five stones with B1 as their only liberty: Black takes them back (倒扑).
    board = diagram("""
        . . . . .
        . . . . .
        X X X X .
        O O O X .
        O X . X .
    """)
    fast = PlayoutBoard(board)
    c1, b1 = pt(board, "C1"), pt(board, "B1")
    assert fast.move_kind(c1, WHITE) & KIND == SNAPBACK
    assert fast.is_snapback(c1, WHITE) and fast.is_self_atari(c1, WHITE)
    assert fast.move_kind(c1, BLACK) & KIND == CAPTURE and not fast.is_snapback(c1, BLACK)
    assert fast.is_legal(c1, WHITE) and fast.size_after(c1, WHITE) == 5
    assert list(fast.play(c1, WHITE)) == [b1]
    assert fast.liberties(c1) == {b1} and fast.ko_point == NO_POINT
    assert sorted(fast.play(b1, BLACK)) == sorted(
        pt(board, v) for v in ("A1", "A2", "B2", "C2", "C1"))
    assert fast.ko_point == NO_POINT  # five stones taken: no ko


def test_a_single_stone_retake_is_a_ko_and_a_double_capture_is_not() -> None:
    board = diagram("""
        . X O .
        X O . O
        . X O .
        . . . .
    """)
    fast = PlayoutBoard(board)
    c3 = pt(board, "C3")
    assert fast.move_kind(c3, BLACK) & KIND == CAPTURE
    assert list(fast.play(c3, BLACK)) == [pt(board, "B3")]
    assert fast.ko_point == pt(board, "B3")
    assert not fast.is_legal(pt(board, "B3"), WHITE)  # the ko point
    fast.play_pass()
    assert fast.is_legal(pt(board, "B3"), WHITE)
    # A stone that takes two single stones at once makes no ko, though it has one liberty
    # after the first.
    board = diagram("""
        . X O X .
        X O . O X
        . X O X .
    """)
    fast = PlayoutBoard(board)
    removed = fast.play(pt(board, "C2"), BLACK)
    assert len(removed) == 4 and fast.ko_point == NO_POINT


def test_suicide_is_never_legal_and_an_own_eye_is_seen() -> None:
    board = diagram("""
        . X . X .
        X X X X X
        . . . . .
        O O O O O
        . O . O O
    """)
    fast = PlayoutBoard(board)
    a5, c5, a1 = pt(board, "A5"), pt(board, "C5"), pt(board, "A1")
    assert fast.move_kind(a5, WHITE) & KIND == SUICIDE and not fast.is_legal(a5, WHITE)
    assert fast.move_kind(a5, BLACK) == SAFE | EYE_SHAPE | TRUE_EYE
    assert fast.move_kind(c5, BLACK) == SAFE | EYE_SHAPE | TRUE_EYE
    assert fast.move_kind(a1, WHITE) == SAFE | EYE_SHAPE | TRUE_EYE
    assert not fast.is_legal(0, BLACK) and not fast.is_legal(pt(board, "B5"), BLACK)


def test_an_eye_that_is_a_strings_last_liberty_is_flagged() -> None:
    board = diagram("""
        . . . .
        O O . .
        X O . .
        . X . .
    """)
    fast = PlayoutBoard(board)
    a1 = pt(board, "A1")  # the last liberty of X at A2; B1 keeps C1
    assert fast.move_kind(a1, BLACK) == SELF_ATARI | ATARI_EYE | EYE_SHAPE
    assert fast.move_kind(a1, WHITE) & KIND == CAPTURE
    assert fast.is_own_atari_liberty(a1, BLACK) and not fast.is_own_atari_liberty(a1, WHITE)

"""Board mechanics: captures (提子), suicide (自尽), ko point, hashes, setup edits, diagrams."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.board_diagram import board_diagram, board_from_diagram

from gtp_weiqi.core.board import (
    BLACK,
    COLOUR_OF_WORD,
    EDGE,
    EMPTY,
    WHITE,
    Board,
    IllegalMove,
    opponent,
)
from gtp_weiqi.core.coords import format_vertex, parse_vertex


def vertex(board: Board, text: str) -> int:
    """The point of a GTP vertex such as 'C3' (letters skip I)."""
    return board.point(*parse_vertex(text, board.width, board.height))


def name(board: Board, p: int) -> str:
    return format_vertex(board.row_col(p))


def play_all(board: Board, moves: str) -> list[int]:
    """Play moves written as 'b C3 w D4 ...'; returns what the last one removed."""
    tokens = moves.split()
    removed: list[int] = []
    for colour, where in zip(tokens[::2], tokens[1::2], strict=True):
        removed, _ = board.play(vertex(board, where), COLOUR_OF_WORD[colour])
    return removed


def dedent(diagram: str) -> str:
    return textwrap.dedent(diagram).strip() + "\n"


def snapshot(board: Board) -> tuple:
    return board_diagram(board), board.hash, board.ko_point, board.strings()


# -- naive oracle ----------------------------------------------------------------------------


def naive_neighbours(board: Board, p: int) -> list[int]:
    row, col = board.row_col(p)
    return [board.point(r, c) for r, c in ((row - 1, col), (row, col - 1), (row, col + 1),
                                           (row + 1, col))
            if 0 <= r < board.height and 0 <= c < board.width]


def naive_strings(board: Board) -> list[tuple[int, tuple[int, ...], frozenset[int]]]:
    """Every string by flood fill, in the order Board.strings() promises."""
    seen: set[int] = set()
    result = []
    for p in board.points:
        colour = board.colour[p]
        if colour == EMPTY or p in seen:
            continue
        stones, libs, todo = {p}, set(), [p]
        while todo:
            s = todo.pop()
            for q in naive_neighbours(board, s):
                if board.colour[q] == EMPTY:
                    libs.add(q)
                elif board.colour[q] == colour and q not in stones:
                    stones.add(q)
                    todo.append(q)
        seen |= stones
        result.append((colour, tuple(sorted(stones)), frozenset(libs)))
    return result


def assert_consistent(board: Board) -> None:
    """Strings, liberties and hash agree with a recomputation from the stones alone."""
    expected = naive_strings(board)
    assert board.strings() == expected
    for colour, stones, libs in expected:
        for s in stones:
            assert board.colour[s] == colour
            assert sorted(board.string_at(s)) == list(stones)
            assert board.liberties_at(s) == libs
            assert board.liberty_count(s) == len(libs)
    h = 0
    for p in board.points:
        if board.colour[p] != EMPTY:
            h ^= board.zobrist(p, board.colour[p])
    assert board.hash == h


# -- captures, ko and snapback: (start, moves, expected, removed by the last move, ko point) --


@dataclass
class Case:
    start: str
    moves: str
    expected: str
    removed: str = ""
    ko: str | None = None


CASES = {
    "single stone in the centre": Case(
        """
        .....
        ..X..
        .XO..
        ..X..
        .....
        """,
        "b D3",
        """
        .....
        ..X..
        .X.X.
        ..X..
        .....
        """,
        removed="C3",
    ),
    "stone on the edge": Case(
        """
        .....
        .....
        .....
        ..X..
        .XO..
        """,
        "b D1",
        """
        .....
        .....
        .....
        ..X..
        .X.X.
        """,
        removed="C1",
    ),
    "stone in the corner": Case(
        """
        .....
        .....
        .....
        .....
        OX...
        """,
        "b A2",
        """
        .....
        .....
        .....
        X....
        .X...
        """,
        removed="A1",
    ),
    "two strings with one move": Case(
        """
        .....
        .X.X.
        XO.OX
        .X.X.
        .....
        """,
        "b C3",
        """
        .....
        .X.X.
        X.X.X
        .X.X.
        .....
        """,
        removed="B3 D3",
    ),
    "three-stone string": Case(
        """
        .XXX.
        .OOOX
        .XXX.
        .....
        .....
        """,
        "b A4",
        """
        .XXX.
        X...X
        .XXX.
        .....
        .....
        """,
        removed="B4 C4 D4",
    ),
    "capture before self-capture": Case(
        """
        .....
        .....
        XX...
        OOX..
        .XO..
        """,
        "b A1",
        """
        .....
        .....
        XX...
        ..X..
        XXO..
        """,
        removed="A2 B2",
    ),
    "ko: one stone by a lone stone left with one liberty": Case(
        """
        .....
        .XO..
        X.XO.
        .XO..
        .....
        """,
        "w B3",
        """
        .....
        .XO..
        XO.O.
        .XO..
        .....
        """,
        removed="C3",
        ko="C3",
    ),
    "ko in the corner": Case(
        """
        .....
        .....
        .....
        XO...
        .XO..
        """,
        "w A1",
        """
        .....
        .....
        .....
        XO...
        O.O..
        """,
        removed="B1",
        ko="B1",
    ),
    "no ko when the capturing stone joins a string": Case(
        """
        .....
        .XO..
        X.XO.
        .OO..
        .....
        """,
        "w B3",
        """
        .....
        .XO..
        XO.O.
        .OO..
        .....
        """,
        removed="C3",
    ),
    "no ko after a later move elsewhere": Case(
        """
        .....
        .XO..
        X.XO.
        .XO..
        .....
        """,
        "w B3 b E5",
        """
        ....X
        .XO..
        XO.O.
        .XO..
        .....
        """,
    ),
    "ko retaken: the board does not enforce ko": Case(
        """
        .....
        .XO..
        X.XO.
        .XO..
        .....
        """,
        "w B3 b C3",
        """
        .....
        .XO..
        X.XO.
        .XO..
        .....
        """,
        removed="B3",
        ko="B3",
    ),
    "snapback: throw-in, capture, recapture of five": Case(
        """
        .....
        .....
        XXXX.
        OOOX.
        ..OX.
        """,
        "b B1 w A1 b B1",
        """
        .....
        .....
        XXXX.
        ...X.
        .X.X.
        """,
        removed="A1 A2 B2 C1 C2",
    ),
    "snapback: the throw-in capture is no ko": Case(
        """
        .....
        .....
        XXXX.
        OOOX.
        ..OX.
        """,
        "b B1 w A1",
        """
        .....
        .....
        XXXX.
        OOOX.
        O.OX.
        """,
        removed="B1",
    ),
    "2x2: two stones captured": Case(
        """
        ..
        ..
        """,
        "b A1 w B2 b B1 w A2",
        """
        OO
        ..
        """,
        removed="A1 B1",
    ),
    "rectangular 7x3: edge capture at the far column": Case(
        """
        ......X
        .....XO
        .......
        """,
        "b G1",
        """
        ......X
        .....X.
        ......X
        """,
        removed="G2",
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=list(CASES))
def test_play_reaches_expected_position(case: Case) -> None:
    board = board_from_diagram(case.start)
    removed = play_all(board, case.moves)
    assert board_diagram(board) == dedent(case.expected)
    assert sorted(name(board, p) for p in removed) == sorted(case.removed.split())
    assert board.ko_point == (None if case.ko is None else vertex(board, case.ko))
    assert_consistent(board)


def test_play_returns_no_suicide_flag_for_ordinary_moves() -> None:
    board = Board(9)
    assert board.play(board.point(4, 4), BLACK) == ([], False)


# -- suicide and illegal points ----------------------------------------------------------------


SINGLE_STONE_SUICIDE = """
    .....
    .....
    .....
    O....
    .O...
    """

MULTI_STONE_SUICIDE = """
    .....
    .....
    .....
    OO...
    .XO..
    """


@pytest.mark.parametrize("multi_stone_suicide", [False, True])
def test_single_stone_suicide_is_always_illegal_and_leaves_board_unchanged(
    multi_stone_suicide: bool,
) -> None:
    board = board_from_diagram(SINGLE_STONE_SUICIDE)
    before = snapshot(board)
    a1 = vertex(board, "A1")
    assert not board.is_legal(a1, BLACK, multi_stone_suicide)
    with pytest.raises(IllegalMove) as err:
        board.play(a1, BLACK, multi_stone_suicide)
    assert err.value.reason == "suicide"
    with pytest.raises(IllegalMove):
        board.hash_after(a1, BLACK, multi_stone_suicide)
    assert snapshot(board) == before
    assert board.is_legal(a1, WHITE)


def test_multi_stone_suicide_is_illegal_without_the_flag() -> None:
    board = board_from_diagram(MULTI_STONE_SUICIDE)
    before = snapshot(board)
    a1 = vertex(board, "A1")
    assert not board.is_legal(a1, BLACK)
    with pytest.raises(IllegalMove) as err:
        board.play(a1, BLACK)
    assert err.value.reason == "suicide"
    assert snapshot(board) == before


def test_multi_stone_suicide_with_the_flag_removes_the_movers_string() -> None:
    board = board_from_diagram(MULTI_STONE_SUICIDE)
    a1 = vertex(board, "A1")
    assert board.is_legal(a1, BLACK, True)
    predicted = board.hash_after(a1, BLACK, True)
    removed, suicide = board.play(a1, BLACK, True)
    assert suicide
    assert sorted(name(board, p) for p in removed) == ["A1", "B1"]
    assert board_diagram(board) == dedent("""
        .....
        .....
        .....
        OO...
        ..O..
        """)
    assert board.hash == predicted
    assert board.ko_point is None
    assert board.liberties_at(vertex(board, "C1")) == {
        vertex(board, v) for v in ("B1", "D1", "C2")}
    assert_consistent(board)


def test_playing_on_an_occupied_point_is_illegal_and_leaves_board_unchanged() -> None:
    board = Board(5)
    play_all(board, "b C3 w D3")
    before = snapshot(board)
    for colour in (BLACK, WHITE):
        assert not board.is_legal(vertex(board, "C3"), colour)
        with pytest.raises(IllegalMove) as err:
            board.play(vertex(board, "C3"), colour)
        assert err.value.reason == "occupied"
    assert snapshot(board) == before


@pytest.mark.parametrize("where", ["padding", "negative", "past the end"])
def test_playing_off_the_board_is_illegal(where: str) -> None:
    board = Board(5)
    p = {"padding": 0, "negative": -8, "past the end": len(board.colour) + 3}[where]
    assert not board.is_legal(p, BLACK)
    with pytest.raises(IllegalMove) as err:
        board.play(p, BLACK)
    assert err.value.reason == "off board"
    assert board.count(EMPTY) == 25


def test_illegal_move_is_a_value_error() -> None:
    assert issubclass(IllegalMove, ValueError)


def test_1x1_board_has_no_legal_move() -> None:
    board = Board(1)
    (p,) = board.points
    assert board.neighbours[p] == ()
    for colour in (BLACK, WHITE):
        assert not board.is_legal(p, colour, True)
        with pytest.raises(IllegalMove):
            board.play(p, colour, True)
    assert board_diagram(board) == ".\n"


def test_2x2_board_last_liberty_fill_is_suicide() -> None:
    board = Board(2)
    play_all(board, "b A1 b B2 b A2")
    assert board.is_eyeish(vertex(board, "B1"), BLACK)
    assert not board.is_legal(vertex(board, "B1"), BLACK)
    removed, suicide = board.play(vertex(board, "B1"), BLACK, multi_stone_suicide=True)
    assert suicide and len(removed) == 4
    assert board.count(EMPTY) == 4 and board.hash == 0


# -- hashing -----------------------------------------------------------------------------------


def test_empty_board_hash_is_zero() -> None:
    assert Board(19).hash == 0
    assert Board(7, 3).hash == 0


def test_equal_positions_reached_in_different_orders_have_equal_hashes() -> None:
    a, b = Board(9), Board(9)
    play_all(a, "b C3 w D4 b E5 w F6")
    play_all(b, "w F6 b E5 w D4 b C3")
    assert a == b and a.hash == b.hash
    c = Board(9)
    for where, colour in (("D4", WHITE), ("C3", WHITE), ("E5", BLACK), ("F6", WHITE)):
        c.place_stone(vertex(c, where), colour)
    c.place_stone(vertex(c, "C3"), BLACK)
    assert c == a and c.hash == a.hash


def test_capture_and_setup_reach_the_same_hash() -> None:
    board = board_from_diagram(CASES["two strings with one move"].start)
    play_all(board, "b C3")
    assert board.hash == board_from_diagram(CASES["two strings with one move"].expected).hash


def test_different_positions_have_different_hashes() -> None:
    board = Board(5)
    seen = {board.hash}
    for p in board.points:
        for colour in (BLACK, WHITE):
            b = Board(5)
            b.play(p, colour)
            seen.add(b.hash)
    assert len(seen) == 1 + 2 * 25


@pytest.mark.parametrize("case", CASES.values(), ids=list(CASES))
def test_hash_after_equals_hash_after_play_and_changes_nothing(case: Case) -> None:
    board = board_from_diagram(case.start)
    tokens = case.moves.split()
    for colour, where in zip(tokens[::2], tokens[1::2], strict=True):
        p, c = vertex(board, where), COLOUR_OF_WORD[colour]
        before = snapshot(board)
        predicted = board.hash_after(p, c)
        assert snapshot(board) == before
        board.play(p, c)
        assert board.hash == predicted


def test_hash_after_raises_like_play() -> None:
    board = Board(5)
    play_all(board, "b C3")
    with pytest.raises(IllegalMove) as err:
        board.hash_after(vertex(board, "C3"), WHITE)
    assert err.value.reason == "occupied"
    with pytest.raises(IllegalMove) as err:
        board.hash_after(0, WHITE)
    assert err.value.reason == "off board"


def test_zobrist_keys_are_the_same_in_another_process() -> None:
    code = ("from gtp_weiqi.core.board import Board, BLACK, WHITE; b = Board(19); "
            "print(b.zobrist(b.point(3, 3), BLACK), b.zobrist(b.point(18, 0), WHITE))")
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, env=env, check=True).stdout.split()
    b = Board(19)
    assert [int(x) for x in out] == [b.zobrist(b.point(3, 3), BLACK),
                                     b.zobrist(b.point(18, 0), WHITE)]


def test_zobrist_of_empty_is_zero_and_stone_keys_differ() -> None:
    b = Board(9)
    p = b.point(2, 2)
    assert b.zobrist(p, EMPTY) == 0
    assert b.zobrist(p, BLACK) not in (0, b.zobrist(p, WHITE))


# -- copy ----------------------------------------------------------------------------------------


def test_copy_is_independent_of_the_original() -> None:
    board = board_from_diagram(CASES["snapback: throw-in, capture, recapture of five"].start)
    play_all(board, "b B1")
    before = snapshot(board)
    twin = board.copy()
    assert twin == board and snapshot(twin) == before
    play_all(twin, "w A1 b B1 w E5")
    twin.place_stone(vertex(twin, "E1"), WHITE)
    assert snapshot(board) == before
    assert_consistent(board)
    assert_consistent(twin)
    play_all(board, "w E4")
    assert twin.colour[vertex(twin, "E4")] == EMPTY
    assert_consistent(twin)


# -- strings, liberties, eyes, counts --------------------------------------------------------


def test_strings_list_every_string_with_its_liberties() -> None:
    board = board_from_diagram("""
        X.O
        XO.
        ..X
        """)
    v = {s: vertex(board, s) for s in ("A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3")}
    assert board.strings() == [
        (BLACK, (v["C1"],), frozenset({v["B1"], v["C2"]})),
        (BLACK, tuple(sorted((v["A2"], v["A3"]))), frozenset({v["A1"], v["B3"]})),
        (WHITE, (v["B2"],), frozenset({v["B1"], v["C2"], v["B3"]})),
        (WHITE, (v["C3"],), frozenset({v["B3"], v["C2"]})),
    ]
    assert sorted(board.string_at(v["A3"])) == sorted([v["A2"], v["A3"]])
    assert board.liberty_count(v["B2"]) == 3
    with pytest.raises(ValueError):
        board.string_at(v["A1"])


def test_string_at_returns_a_copy() -> None:
    board = Board(5)
    play_all(board, "b C3 b C4")
    board.string_at(vertex(board, "C3")).append(0)
    assert len(board.string_at(vertex(board, "C3"))) == 2


def test_is_eyeish_needs_every_neighbour_of_that_colour() -> None:
    board = board_from_diagram("""
        .X.
        X.O
        .X.
        """)
    assert board.is_eyeish(vertex(board, "A3"), BLACK)
    assert board.is_eyeish(vertex(board, "A1"), BLACK)
    assert not board.is_eyeish(vertex(board, "A3"), WHITE)
    assert not board.is_eyeish(vertex(board, "B2"), BLACK)
    assert not board.is_eyeish(vertex(board, "C3"), BLACK)
    assert not board.is_eyeish(vertex(board, "A2"), BLACK)  # occupied


def test_count_counts_stones_and_empty_points() -> None:
    board = board_from_diagram("""
        XO.
        X..
        """)
    assert (board.count(BLACK), board.count(WHITE), board.count(EMPTY)) == (2, 1, 3)


def test_opponent_swaps_colours() -> None:
    assert (opponent(BLACK), opponent(WHITE)) == (WHITE, BLACK)


# -- setup edits ---------------------------------------------------------------------------------


def test_remove_stone_splits_a_string_and_gives_back_liberties() -> None:
    board = board_from_diagram("""
        .....
        ..O..
        .XXX.
        ..X..
        .....
        """)
    board.remove_stone(vertex(board, "C3"))
    assert board_diagram(board) == dedent("""
        .....
        ..O..
        .X.X.
        ..X..
        .....
        """)
    assert len(board.strings()) == 4
    assert vertex(board, "C3") in board.liberties_at(vertex(board, "C4"))
    assert_consistent(board)
    board.remove_stone(vertex(board, "C3"))  # already empty: nothing happens
    assert_consistent(board)


def test_place_stone_joins_strings_takes_liberties_and_captures_nothing() -> None:
    board = board_from_diagram("""
        .....
        ..O..
        .X.X.
        ..X..
        .....
        """)
    board.place_stone(vertex(board, "C3"), BLACK)
    assert len(board.string_at(vertex(board, "B3"))) == 4
    assert vertex(board, "C3") not in board.liberties_at(vertex(board, "C4"))
    assert_consistent(board)
    board.place_stone(vertex(board, "B4"), BLACK)
    board.place_stone(vertex(board, "D4"), BLACK)
    board.place_stone(vertex(board, "C5"), BLACK)
    assert board.liberty_count(vertex(board, "C4")) == 0  # setup never captures
    assert board.colour[vertex(board, "C4")] == WHITE
    assert_consistent(board)


def test_place_stone_replaces_a_stone_of_the_other_colour() -> None:
    board = Board(5)
    play_all(board, "b B2 b C2 b D2")
    board.place_stone(vertex(board, "C2"), WHITE)
    assert board_diagram(board).splitlines()[3] == ".XOX."
    assert_consistent(board)


def test_setup_edits_clear_the_ko_point() -> None:
    board = board_from_diagram(CASES["ko in the corner"].start)
    play_all(board, "w A1")
    assert board.ko_point is not None
    board.place_stone(vertex(board, "E5"), BLACK)
    assert board.ko_point is None


# -- diagrams, sizes, coordinates ------------------------------------------------------------


def test_diagram_round_trips() -> None:
    text = dedent("""
        X.O..
        .XO.O
        ..X..
        """)
    board = board_from_diagram(text)
    assert (board.width, board.height) == (5, 3)
    assert board_diagram(board) == text
    assert board_from_diagram(board_diagram(board)) == board


def test_from_diagram_skips_labels_spaces_and_blank_lines() -> None:
    labelled = """

         A B C D
       4 . . O .  4
       3 . X O .  3

       2 X X . .  2
       1 . . . .  1
         A B C D
    """
    assert board_diagram(board_from_diagram(labelled)) == dedent("""
        ..O.
        .XO.
        XX..
        ....
        """)


def test_from_diagram_rejects_ragged_or_unknown_input() -> None:
    with pytest.raises(ValueError):
        board_from_diagram("X..\nX.\n")
    with pytest.raises(ValueError):
        board_from_diagram("X?.\n")
    with pytest.raises(ValueError):
        board_from_diagram("\n\n")


def test_points_run_from_a1_row_by_row_and_padding_is_edge() -> None:
    board = Board(4, 3)
    assert len(board.points) == 12
    assert [board.row_col(p) for p in board.points[:5]] == [
        (0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]
    assert all(board.colour[p] == EMPTY for p in board.points)
    off = [p for p in range(len(board.colour)) if p not in board.points]
    assert all(board.colour[p] == EDGE and board.neighbours[p] == () for p in off)
    for p in board.points:
        assert sorted(board.neighbours[p]) == sorted(naive_neighbours(board, p))
    with pytest.raises(ValueError):
        board.point(3, 0)
    with pytest.raises(ValueError):
        board.row_col(0)


def test_rectangular_board_diagram_has_width_columns_and_height_rows() -> None:
    board = Board(7, 3)
    board.play(board.point(0, 6), BLACK)
    board.play(board.point(2, 0), WHITE)
    assert board_diagram(board) == "O......\n.......\n......X\n"


def test_25x25_board_plays_to_its_far_corner() -> None:
    board = Board(25)
    assert len(board.points) == 625
    corner = vertex(board, "Z25")
    assert board.row_col(corner) == (24, 24)
    play_all(board, "w Z24 w Y25")
    assert not board.is_legal(corner, BLACK, True)
    removed = play_all(board, "b X25 b Y24 b Z23 b Z25")
    assert sorted(name(board, p) for p in removed) == ["Y25", "Z24"]
    assert board.ko_point is None
    assert_consistent(board)


@pytest.mark.parametrize("size", [(0, 5), (26, 26), (5, 0), (5, 26)])
def test_board_size_must_be_1_to_25(size: tuple[int, int]) -> None:
    with pytest.raises(ValueError):
        Board(*size)


def test_boards_of_different_sizes_are_not_equal() -> None:
    assert Board(5) == Board(5, 5)
    assert Board(5, 4) != Board(4, 5)


# -- properties --------------------------------------------------------------------------------

SIZES = [(1, 1), (2, 2), (3, 3), (4, 3), (2, 5), (5, 5), (7, 4), (9, 9)]


@settings(max_examples=120, deadline=None)
@given(
    size=st.sampled_from(SIZES),
    moves=st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from([BLACK, WHITE])),
                   max_size=150),
    multi_stone_suicide=st.booleans(),
)
def test_liberties_and_hash_match_recomputation_after_random_plays(
    size: tuple[int, int], moves: list[tuple[int, int]], multi_stone_suicide: bool
) -> None:
    board = Board(*size)
    for i, colour in moves:
        empties = [p for p in board.points if board.colour[p] == EMPTY]
        if not empties:
            break
        p = empties[i % len(empties)]
        if board.is_legal(p, colour, multi_stone_suicide):
            predicted = board.hash_after(p, colour, multi_stone_suicide)
            board.play(p, colour, multi_stone_suicide)
            assert board.hash == predicted
        else:
            before = snapshot(board)
            with pytest.raises(IllegalMove):
                board.play(p, colour, multi_stone_suicide)
            assert snapshot(board) == before
        assert_consistent(board)
    assert_consistent(board.copy())


@settings(max_examples=60, deadline=None)
@given(
    size=st.sampled_from(SIZES),
    seed=st.integers(0, 2**32),
    length=st.integers(0, 400),
    multi_stone_suicide=st.booleans(),
)
def test_liberties_and_hash_match_recomputation_in_long_random_games(
    size: tuple[int, int], seed: int, length: int, multi_stone_suicide: bool
) -> None:
    """Long games fill small boards over and over, so large captures and suicides happen."""
    rng = random.Random(seed)
    board = Board(*size)
    for _ in range(length):
        empties = [p for p in board.points if board.colour[p] == EMPTY]
        colour = rng.choice((BLACK, WHITE))
        p = rng.choice(empties) if empties else None
        if p is None or not board.is_legal(p, colour, multi_stone_suicide):
            continue
        predicted = board.hash_after(p, colour, multi_stone_suicide)
        removed, suicide = board.play(p, colour, multi_stone_suicide)
        assert board.hash == predicted
        assert suicide == (board.colour[p] == EMPTY)
        assert all(board.colour[q] == EMPTY for q in removed)
        assert_consistent(board)
    assert_consistent(board.copy())


@settings(max_examples=80, deadline=None)
@given(
    size=st.sampled_from(SIZES),
    edits=st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from([EMPTY, BLACK, WHITE])),
                   max_size=60),
)
def test_setup_edits_keep_strings_and_hash_exact(
    size: tuple[int, int], edits: list[tuple[int, int]]
) -> None:
    board = Board(*size)
    for i, colour in edits:
        p = board.points[i % len(board.points)]
        if colour == EMPTY:
            board.remove_stone(p)
        else:
            board.place_stone(p, colour)
        assert board.colour[p] == colour
        assert_consistent(board)
    assert board == board_from_diagram(board_diagram(board))
    assert board.hash == board_from_diagram(board_diagram(board)).hash

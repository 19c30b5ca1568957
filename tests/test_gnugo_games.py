"""Finished GNU Go games with known dead stones (死子): the records are sound, and we judge them.

The records are made by benchmarks/make_gnugo_games.py: the main line ends at two passes (the test
position); its last node holds ``DD`` (the dead stones), ``DU`` (the unsettled ones), ``CL`` and
``CO`` (GNU Go's cleanups at full strength, with the side to move first and with the other side
first). A stone of the test position is dead when, after both cleanups, its point does not hold a
stone of its colour; a stone gone after one cleanup only is unsettled, and the judgement is not
scored on its string.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest
from make_gnugo_games import read_cleanup, read_points
from sgfmill import sgf

from gtp_weiqi.core.board import COLOUR_OF_WORD, EMPTY, Board, IllegalMove

DATA = Path(__file__).parent / "data" / "games"
MINIMUM_GAMES = {9: 60, 13: 50, 19: 40}
FILES = sorted(DATA.glob("*/*.sgf"))

Move = tuple[int, tuple[int, int] | None]


def replay(board: Board, moves: list[Move]) -> None:
    """Play the moves with play(), refusing an immediate simple-ko retake."""
    ko = None
    for colour, move in moves:
        if move is None:
            ko = None
            continue
        p = board.point(*move)
        if p == ko:
            raise IllegalMove("ko", p)
        board.play(p, colour)
        ko = board.ko_point


class Record(NamedTuple):
    """One finished game: the test position's moves and the truth on its last node."""

    size: int
    moves: list[Move]
    dead: set[tuple[int, int]]
    unsettled: set[tuple[int, int]]
    cleanup: list[Move]
    other_cleanup: list[Move]


def read(path: Path) -> Record:
    """Main-line moves, dead and unsettled stones (row, col) and both cleanups of one record."""
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    size = game.get_size()
    moves = [
        (COLOUR_OF_WORD[c], m)
        for c, m in (node.get_move() for node in game.get_main_sequence())
        if c is not None
    ]
    last = game.get_last_node()

    def cleanup(prop: str) -> list[Move]:
        return [(COLOUR_OF_WORD[colour], move) for colour, move in read_cleanup(last, prop, size)]

    return Record(size, moves, read_points(last, "DD", size), read_points(last, "DU", size),
                  cleanup("CL"), cleanup("CO"))


@cache
def position(path: Path) -> tuple[Record, Board]:
    """One record and its test position, read and replayed once (callers copy the board)."""
    record = read(path)
    board = Board(record.size)
    replay(board, record.moves)
    return record, board


def test_dataset_has_enough_games_on_each_board_size() -> None:
    for size, minimum in MINIMUM_GAMES.items():
        assert len(list((DATA / str(size)).glob("*.sgf"))) >= minimum, size
    assert len(FILES) >= 150


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_record_replays_legally_and_its_dead_stones_are_those_both_cleanups_remove(
    path: Path,
) -> None:
    record, board = position(path)
    moves = record.moves
    assert moves[-2][1] is None and moves[-1][1] is None, "the test position ends in two passes"
    test_colour = {board.row_col(p): board.colour[p] for p in board.points}
    gone = []
    for cleanup in (record.cleanup, record.other_cleanup):
        assert cleanup[-2][1] is None and cleanup[-1][1] is None, "a cleanup ends in two passes"
        after = board.copy()
        replay(after, cleanup)
        gone.append({
            rc for rc, c in test_colour.items()
            if c != EMPTY and after.colour[after.point(*rc)] != c
        })
    assert record.cleanup[0][0] != record.other_cleanup[0][0], "each side moves first once"
    assert record.dead == gone[0] & gone[1]
    assert record.unsettled == gone[0] ^ gone[1]


def test_few_stones_are_unsettled() -> None:
    """The truth decides almost every string: unsettled stones are rare, not a way out."""
    unsettled = stones = 0
    for path in FILES:
        record, board = position(path)
        stones += sum(1 for p in board.points if board.colour[p] != EMPTY)
        unsettled += len(record.unsettled)
    assert unsettled <= 0.01 * stones, (unsettled, stones)


def games_judged_wrong(size: int) -> tuple[list[str], int]:
    """Games of one size where our judgement gets some string's status wrong, and the count."""
    from gtp_weiqi.judgement import judge

    files = sorted((DATA / str(size)).glob("*.sgf"))
    wrong = []
    for path in files:
        record, board = position(path)
        dead = record.dead
        result = judge(board.copy(), seed=0)
        unclear = {p for group in result.unclear for p in group}
        ok = True
        for _colour, stones, _libs in board.strings():
            if any(board.row_col(p) in record.unsettled for p in stones):
                continue  # the position does not decide this string
            verdicts = {result.status.get(p) for p in stones}
            if any(p in unclear for p in stones) or len(verdicts) != 1 or None in verdicts:
                ok = False  # unclear, missing or split within one string
                break
            if (verdicts.pop() == "dead") != (board.row_col(stones[0]) in dead):
                ok = False
                break
        if not ok:
            wrong.append(path.name)
    return wrong, len(files)


@pytest.mark.parametrize("size", sorted(MINIMUM_GAMES))
def test_judgement_gets_at_least_98_percent_of_finished_games_right(size: int) -> None:
    wrong, total = games_judged_wrong(size)
    assert len(wrong) <= 0.02 * total, wrong


def test_a_capturing_race_beside_a_living_group_is_decided_whatever_the_seed() -> None:
    """g19_113: three Black stones (J11) in a race with six White ones (H9) inside Black's
    wall; H11, bordered by Black alone, joins them to the wall, so Black wins the race."""
    from gtp_weiqi.judgement import judge

    _record, board = position(DATA / "19" / "g19_113.sgf")
    black, white = board.point(10, 8), board.point(8, 7)  # J11, H9
    for seed in range(6):
        result = judge(board.copy(), seed=seed)
        assert result.unclear == [], seed
        assert result.status[black] == "alive" and result.status[white] == "dead", seed


def test_a_snapback_is_seen_whatever_the_seed() -> None:
    """g19_158: White's E8-F8-F9-G9 and Black's lone F7 are both in atari at E7, White to
    move. White taking F7 at E7 leaves its five stones with F7 as their only liberty, and
    Black takes them back there (倒扑, a snapback): the four White stones are dead, F7 lives."""
    from gtp_weiqi.judgement import judge

    _record, board = position(DATA / "19" / "g19_158.sgf")
    black, white = board.point(6, 5), board.point(7, 4)  # F7, E8
    for seed in range(6):
        result = judge(board.copy(), seed=seed)
        assert result.status[black] == "alive" and result.status[white] == "dead", seed


def test_a_one_eyed_group_behind_a_false_eye_is_dead_whatever_the_seed() -> None:
    """g19_142: White's group at H2 inside Black's wall gets one eye by taking J1; its other
    liberty G1 it shares with Black's F1, which joins Black's wall through the false eye E1
    (White holds the diagonal F2). Black fills E1, then G1, and the group dies: J1 lives."""
    from gtp_weiqi.judgement import judge

    _record, board = position(DATA / "19" / "g19_142.sgf")
    black, white = board.point(0, 8), board.point(1, 7)  # J1, H2
    for seed in range(6):
        result = judge(board.copy(), seed=seed)
        assert result.status[black] == "alive" and result.status[white] == "dead", seed

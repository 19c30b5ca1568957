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

import json
from pathlib import Path

import pytest
from bench_human import atari_pair, miai_only
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


def test_a_second_katago_run_keeps_only_the_truths_it_gives_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Three 9x9 games with no stone on the board (ours: nothing dead, nothing unclear).
    The first and third have the same answer from both KataGo runs; the second run marks a
    stone dead in the second game.  The third game's truth (players and KataGo) has E5
    dead, so ours is confidently wrong there: on the two games both runs agree on, one
    exact and one confidently wrong."""
    from bench_human import main

    data = tmp_path / "games.jsonl"
    games = [("one", []), ("two", []), ("three", ["E5"])]
    data.write_text("".join(json.dumps({"file": name, "size": 9, "komi": 6.5, "moves": [],
                                        "dead": dead}) + "\n" for name, dead in games))
    first, again = tmp_path / "kata.json", tmp_path / "kata2.json"
    first.write_text(json.dumps({"one": [], "two": [], "three": ["E5"]}))
    again.write_text(json.dumps({"one": [], "two": ["A1"], "three": ["E5"]}))
    assert main(["--data", str(data), "--katago-cache", str(first), "--katago-again",
                 str(again), "--no-gnugo"]) == 0
    out = capsys.readouterr().out
    assert "on the 3 agreed games: ours exactly right 66.7% (2/3)" in out
    assert "KataGo asked again: the same dead stones in 66.7% (2/3) of the games" in out
    assert ("on the 2 agreed games where both KataGo runs agree: ours exactly right "
            "50.0% (1/2), confidently wrong 50.0% (1/2), unclear 0.0% (0/2)") in out


@pytest.mark.parametrize(("dead", "truth", "expected"), [
    ({"B8", "G2"}, set(), True),          # the truth keeps the pair our marking takes
    (set(), {"B8", "G2"}, True),          # the truth takes the pair off
    ({"B8", "E5"}, set(), False),         # E5 is in no miai
    ({"B8"}, {"B8"}, False),              # no miss at all
])
def test_a_miss_only_on_strings_in_miai_is_told_apart(
        dead: set[str], truth: set[str], expected: bool) -> None:
    assert miai_only(frozenset(dead), frozenset(truth), frozenset({"B8", "G2"})) is expected

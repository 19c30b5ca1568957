"""benchmarks/make_human_set.py: scored human records with the players' dead-stone marks
(TB / TW on the last node, as CGoban saves an agreed count) become a set for
bench_human.py, kept only when the marks reproduce the recorded result.

The game, 9x9, passes at the end:

    . . . X . O . . .
    . . . X . O . . .
    . . . X . O . . .
    . . . X . O . . .
    . O . X . O . X .      B5 (White) and H5 (Black) dead, marked TB / TW
    . . . X . O . . .
    . . . X . O . . .
    . . . X . O . . .
    . . . X . O . . .

26 points and one prisoner-to-be each: even, so White wins by the komi, 0.5.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from make_human_set import convert, main
from sgfmill import sgf


def record(result: str, rules: str = "Japanese", marks: bool = True) -> bytes:
    game = sgf.Sgf_game(9)
    root = game.get_root()
    root.set("KM", 0.5)
    root.set("RU", rules)
    root.set("RE", result)
    node = root
    moves = [(c, (row, col)) for row in range(9) for c, col in (("b", 3), ("w", 5))]
    for colour, move in [*moves, ("b", (4, 7)), ("w", (4, 1)), ("b", None), ("w", None)]:
        node = node.new_child()
        node.set_move(colour, move)
    if marks:
        node.set("TB", {(r, c) for r in range(9) for c in range(3)})
        node.set("TW", {(r, c) for r in range(9) for c in range(6, 9)})
    return game.serialise()


@pytest.mark.parametrize("rules", ["Japanese", "Chinese"])
def test_marks_that_reproduce_the_result_are_kept_with_their_dead_stones(rules: str) -> None:
    kept, why = convert(record("W+0.5", rules), "a.sgf")
    assert why == "kept" and kept is not None
    assert kept["dead"] == ["B5", "H5"]
    assert kept["moves"][-2:] == [["B", "pass"], ["W", "pass"]]
    assert (kept["size"], kept["komi"], kept["rules"]) == (9, 0.5, rules.lower())


@pytest.mark.parametrize(("data", "why"), [
    (record("W+1.5"), "the marks do not reproduce the recorded result"),
    (record("B+R"), "not ended by counting"),
    (record("W+0.5", marks=False), "no dead-stone marks (TB/TW) on the last node"),
    (b"(;GM[1]SZ[9]RE[B+1]TB[aa];B[zz]", "not counted: "),
])
def test_other_records_are_left_out_with_the_reason(data: bytes, why: str) -> None:
    kept, reason = convert(data, "b.sgf")
    assert kept is None and reason.startswith(why)


def test_a_set_leaves_out_the_games_of_an_excluded_set(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "a.sgf").write_bytes(record("W+0.5"))
    (games / "b.sgf").write_bytes(record("W+0.5", "Chinese"))
    (games / "c.sgf").write_bytes(record("B+R"))
    dev = tmp_path / "dev.jsonl"
    dev.write_text(json.dumps({"file": "kgs/b.sgf"}) + "\n")
    assert main([str(games), "--out", str(tmp_path / "set.jsonl"), "--exclude", str(dev)]) == 0
    rows = [json.loads(line) for line in (tmp_path / "set.jsonl").read_text().splitlines()]
    assert [Path(r["file"]).name for r in rows] == ["a.sgf"]

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
import sys
from pathlib import Path

import pytest
from make_human_set import convert, kifu_records, main, with_dead
from sgfmill import sgf
from support.katago import katago_command, require_katago


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


# Records without marks: KataGo's dead stones are the truth, written in as DD and counted
# the same way.

@pytest.mark.parametrize(("dead", "why"), [
    (["B5", "H5"], "kept"),
    (["B5"], "KataGo's dead stones do not reproduce the recorded result"),  # B+26.5
])
def test_given_dead_stones_are_kept_only_where_they_reproduce_the_result(
        dead: list[str], why: str) -> None:
    kept, reason = convert(record("W+0.5", marks=False), "a.sgf", dead=dead)
    assert reason == why
    if kept is not None:
        assert (kept["dead"], kept["dead_marks"]) == (["B5", "H5"], "KataGo")


FAKE_KATAGO = """
import sys
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "quit":
        print("=\\n", flush=True)
        break
    if words[0] == "final_status_list":
        print(ANSWER + "\\n", flush=True)
    else:
        print("=\\n", flush=True)
"""


def fake_katago(tmp_path: Path, answer: str = "= B5 H5") -> str:
    """The command of a stand-in for KataGo that answers `final_status_list` with `answer`
    and every other command with an empty success."""
    fake = tmp_path / "fake_katago.py"
    fake.write_text(f"ANSWER = {answer!r}\n" + FAKE_KATAGO)
    return f"{sys.executable} {fake}"


def test_a_set_of_unmarked_records_asks_katago_and_caches_its_answers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    games.mkdir()
    for name, result in (("a.sgf", "W+0.5"), ("b.sgf", "W+1.5"), ("c.sgf", "B+R")):
        (games / name).write_bytes(record(result, marks=False))
    cache = tmp_path / "kata.json"
    out = tmp_path / "set.jsonl"
    argv = [str(games), "--out", str(out), "--katago-cache", str(cache)]
    assert main([*argv, "--katago", fake_katago(tmp_path)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(Path(r["file"]).name, r["dead"]) for r in rows] == [("a.sgf", ["B5", "H5"])]
    assert sorted(Path(name).name for name in json.loads(cache.read_text())) == ["a.sgf",
                                                                                 "b.sgf"]
    out.unlink()
    (games / "d.sgf").write_bytes(record("W+0.5", marks=False))  # not in the cache
    capsys.readouterr()
    assert main(argv) == 0  # the cache alone answers now
    assert [json.loads(line)["file"] for line in out.read_text().splitlines()] == [
        rows[0]["file"]]
    assert "     1  no dead-stone marks, and no answer from KataGo" in capsys.readouterr().out


def test_a_seeded_sample_is_drawn_again_the_same(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    for i in range(8):
        (games / f"g{i}.sgf").write_bytes(record("W+0.5"))
    (games / "r.sgf").write_bytes(record("B+R"))  # never drawn: not ended by counting

    def drawn(seed: int, *more: str) -> list[str]:
        out = tmp_path / f"set{seed}.jsonl"
        main([str(games), "--out", str(out), "--sample", "3", "--seed", str(seed), *more])
        return [Path(json.loads(line)["file"]).name for line in out.read_text().splitlines()]

    first = drawn(1)
    assert first == ["g2.sgf", "g4.sgf", "g0.sgf"]  # Random(1).sample of g0 ... g7
    assert drawn(1) == first
    rest = drawn(2, "--exclude", str(tmp_path / "set1.jsonl"))
    assert len(rest) == 3 and not set(rest) & set(first)


# An index and a month file of moves, one game a line (the Tygem and Tom collections).
TOM_INDEX = ("11\t2005.01.01 10:00\twhite\tblack\t7.5\tB+0.5\t3\t30/3 20m\n"
             "12\t2005.01.01 11:00\twhite\tblack\t6.5\tW+Resign\t2\t30/3 20m\n"
             "13\t2005.01.01 12:00\twhite\tblack\t6.5\tW+3.5\t2\t30/3 20m\n")
TYGEM_INDEX = "21\tC2006.01.01 00:00\tw\twe\t0\tb\tbe\t0\tW+2.5\t2\t30/3 20m\n"
MONTH = ("11\t;B[pd];W[dd];B[pp]\n12\t;B[pd];W[dd]\n13\t;B[pd];W[dd]\n"
         "21\t;B[pd];W[dd]\n")


@pytest.mark.parametrize(("layout", "index", "expected"), [
    ("tom", TOM_INDEX, [("tom-11", "7.5", "Chinese", "B+0.5", ";W[];B[]"),
                        ("tom-13", "6.5", "Japanese", "W+3.5", ";B[];W[]")]),
    ("tygem", TYGEM_INDEX, [("tygem-21", "6.5", "Japanese", "W+2.5", ";B[];W[]")]),
])
def test_an_index_and_month_files_become_records_ended_by_counting(
        tmp_path: Path, layout: str, index: str,
        expected: list[tuple[str, str, str, str, str]]) -> None:
    (tmp_path / "Kifu.index").write_text(index)
    (tmp_path / "2005-01").write_text(MONTH)
    found = list(kifu_records(tmp_path / "Kifu.index", [tmp_path / "2005-01"], layout))
    assert [name for name, _ in found] == [e[0] for e in expected]
    for (_name, data), (_, komi, rules, result, passes) in zip(found, expected, strict=True):
        root = sgf.Sgf_game.from_bytes(data).get_root()
        assert (str(root.get("KM")), root.get("RU"), root.get("RE")) == (komi, rules, result)
        assert data.endswith((passes + ")").encode())


def test_real_katago_marks_the_dead_stones_of_a_finished_game(tmp_path: Path) -> None:
    home = require_katago()
    (tmp_path / "a.sgf").write_bytes(record("W+0.5", marks=False))
    out = tmp_path / "set.jsonl"
    assert main([str(tmp_path / "a.sgf"), "--out", str(out),
                 "--katago", katago_command(home)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["dead"], r["dead_marks"]) for r in rows] == [(["B5", "H5"], "KataGo")]


def test_the_dead_stones_are_written_where_they_stand() -> None:
    """C7 is (6, 2) to sgfmill, rows counted from the bottom as GTP counts them."""
    marked = sgf.Sgf_game.from_bytes(with_dead(record("W+0.5", marks=False), ["C7", "A1"]))
    assert marked.get_last_node().get("DD") == {(6, 2), (0, 0)}


def test_marked_records_keep_their_marks_beside_katago_s(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "a.sgf").write_bytes(record("W+0.5"))  # marked: never asked
    (games / "b.sgf").write_bytes(record("W+0.5", marks=False))
    cache = tmp_path / "kata.json"
    out = tmp_path / "set.jsonl"
    assert main([str(games), "--out", str(out), "--katago-cache", str(cache),
                 "--katago", fake_katago(tmp_path)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(Path(r["file"]).name, r["dead_marks"]) for r in rows] == [("a.sgf", "TB/TW"),
                                                                      ("b.sgf", "KataGo")]
    assert [Path(name).name for name in json.loads(cache.read_text())] == ["b.sgf"]


def test_katago_failing_or_an_unreadable_record_leaves_the_game_out_and_says_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "b.sgf").write_bytes(record("W+0.5", marks=False))
    (games / "t.sgf").write_bytes(record("W+0.5", marks=False)[:-40])  # cut short
    out = tmp_path / "set.jsonl"
    assert main([str(games), "--out", str(out),
                 "--katago", fake_katago(tmp_path, "? cannot score")]) == 0
    printed = capsys.readouterr().out
    assert out.read_text() == ""
    assert "     1  no dead-stone marks, and no answer from KataGo" in printed
    assert "     1  not counted: " in printed

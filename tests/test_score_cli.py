"""`gtp-weiqi score GAME.sgf`: the 7x7 worked example as a game record, counted under every
method (docs/counting.md §2), with the dead stones from --dead, SGF DD marks or the judgement, as a
table, as JSON and as pictures."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from sgfmill import sgf
from support.board_diagram import board_from_diagram
from test_first_move import OPEN_POINT

from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.ui.cli import main as cli_main
from gtp_weiqi.ui.score_cli import main, width_of

# White first, 21 moves each, one capture each, Black moves last; c2 ends dead:
#   7 . X . X X O .
#   6 . X X X O . O
#   5 . . X O O O O
#   4 X X X X O X O
#   3 O O O X X X X
#   2 O . X O O X X
#   1 . O O O O O X
EXAMPLE_MOVES = ("Wb3 Bd6 We5 Bc4 Wf5 Bf2 Wa2 Bf6 Wc3 Bb4 Wc7 Be3 Wd2 Bg1 Wg6 Bb7 Wa3 Bf3 Wf7 "
                 "Bd3 Wf1 Bc2 We1 Bd7 Wb1 Bf4 We2 Bg2 We6 Ba4 We4 Bd4 Wc1 Bb6 Wd5 Bc5 Wg5 "
                 "Bg3 Wg4 Bc6 Wd1 Be7").split()

EXPECTED = {  # docs/counting.md §2, "the example under every method", no komi
    "jihuozi": "B+1", "zilu": "B+1", "tianman_huozi": "B+1", "tinglu": "B+1", "shulu": "B+1",
    "huanqitou": "B+1", "stone": "B+1",
    "jipingdian": "W+1", "zikong": "W+1", "tianman_pingdian": "W+1", "dengkong": "W+1",
    "dengzi": "W+1", "area": "W+1", "territory": "W+1", "aga": "W+1", "ing": "W+1",
    "tromp_taylor": "B+2",  # nothing removed: c2 counts for Black, b2 touches both
}


def write_sgf(path: Path, moves: list[str], *, km: float | None = 0, ru: str | None = None,
              dead: list[tuple[int, int]] | None = None) -> Path:
    game = sgf.Sgf_game(7)
    root = game.get_root()
    if km is not None:
        root.set("KM", km)
    if ru is not None:
        root.set("RU", ru)
    node = root
    for m in moves:
        node = node.new_child()
        node.set_move(m[0].lower(), (int(m[2:]) - 1, "abcdefghj".index(m[1])))
    if dead:
        node.set("DD", set(dead))
    path.write_bytes(game.serialise())
    return path


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("score")
    return {
        "marked": write_sgf(d / "marked.sgf", EXAMPLE_MOVES, dead=[(1, 2)]),
        "plain": write_sgf(d / "plain.sgf", EXAMPLE_MOVES),
        "ru": write_sgf(d / "ru.sgf", EXAMPLE_MOVES, km=None, ru="jihuozi", dead=[(1, 2)]),
        "illegal": write_sgf(d / "illegal.sgf", ["Bb3", "Wc3", "Bc3"]),
    }


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def results(out: str) -> dict[str, str]:
    """slug -> result from the table rows."""
    rows: dict[str, str] = {}
    for line in out.splitlines():
        cells = line.split()
        if cells and cells[0] in EXPECTED and cells[-1][:1] in "BW0":
            rows[cells[0]] = cells[-1]
    return rows


def test_every_method_gives_the_design_result(games, capsys) -> None:
    code, out, _ = run(capsys, games["marked"], "--method", "all", "--rules", "jihuozi")
    assert code == 0
    assert results(out) == EXPECTED
    assert "死子 dead stones (SGF DD): C2" in out
    assert "42 moves (Black 21, White 21), stones captured: black 1, white 1" in out


def test_one_method_prints_the_count_in_chinese_and_english(games, capsys) -> None:
    code, out, _ = run(capsys, games["marked"], "--method", "zilu")
    assert code == 0
    assert "黑 22 子 (19 子 + 3 路), 白 21 子 (20 子 + 1 路); 黑胜 1 子" in out
    assert "Black wins by 1 stone (B+1)" in out


def test_table_columns_line_up_with_chinese_names(games, capsys) -> None:
    _, out, _ = run(capsys, games["marked"], "--method", "zilu,huanqitou,dengzi")
    lines = [ln for ln in out.splitlines() if ln.split()[:1] in (["method"], ["zilu"],
                                                                  ["huanqitou"], ["dengzi"])]
    assert len(lines) == 4
    starts = {width_of(ln[:ln.index(word)]) for ln, word in zip(
        lines, ["English", "stones plus routes", "equal virtual", "equal stones"], strict=True)}
    assert len(starts) == 1


def test_dead_option_overrides_the_sgf_marks(games, capsys) -> None:
    code, out, _ = run(capsys, games["marked"], "--method", "zilu", "--dead", "none")
    assert code == 0 and results(out) == {"zilu": "B+3"}
    assert "死子 dead stones (--dead): none" in out
    code, out, _ = run(capsys, games["plain"], "--method", "zikong", "--dead", "c2")
    assert code == 0 and results(out) == {"zikong": "W+1"}


def test_without_marks_the_engine_judges_the_dead_stone(games, capsys) -> None:
    code, out, _ = run(capsys, games["plain"], "--method", "zilu,zikong")
    assert code == 0
    assert "死子 dead stones (judgement): C2" in out
    assert results(out) == {"zilu": "B+1", "zikong": "W+1"}


def test_rules_and_komi_come_from_the_sgf_when_not_given(games, capsys) -> None:
    code, out, _ = run(capsys, games["ru"])
    assert code == 0
    assert "rules jihuozi, komi 8" in out
    assert results(out) == {"jihuozi": "W+7"}  # 22 : 21, Black pays 8
    code, out, _ = run(capsys, games["ru"], "--komi", "-8")
    assert results(out) == {"jihuozi": "B+9"} and "白贴 8" in out


def test_illegal_record_is_refused_with_the_move_number_and_reason(games, capsys) -> None:
    code, out, err = run(capsys, games["illegal"])
    assert code == 1 and out == ""
    assert "move 3 is illegal (occupied)" in err


def test_usage_errors_exit_2_with_a_message(games, capsys, tmp_path) -> None:
    for args, needle in (
        (["--method", "nosuch"], "unknown counting method"),
        (["--dead", "z9"], "--dead"),
        (["--dead", "a1"], "no stone at a1"),
        (["--rules", "nosuch"], "--rules"),
        (["--method", "zilu", "--param", "bowl=3"], "bowl"),
        (["--png", str(tmp_path / "x.png"), "--scale", "100"], "--scale"),
    ):
        code, _, err = run(capsys, games["marked"], *args)
        assert code == 2 and needle in err, (args, err)
    code, _, err = run(capsys, tmp_path / "missing.sgf")
    assert code == 1 and "cannot read" in err


def test_json_output_has_counts_summaries_and_dead_stones(games, capsys) -> None:
    code, out, _ = run(capsys, games["marked"], "--method", "zilu,zikong", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["dead"] == ["C2"] and data["dead_source"] == "SGF DD"
    assert [c["result"] for c in data["methods"]] == ["B+1", "W+1"]
    assert data["methods"][0]["summary"]["zh"].startswith("黑 22 子 (19 子 + 3 路)")
    assert sorted(data["analysis"]["routes"]["b"]) == ["A5", "A6", "A7"]
    assert data["moves"] == 42 and data["captured"] == {"black": 1, "white": 1}


def test_json_right_before_the_game_takes_the_game_not_a_folder(games, capsys, tmp_path
                                                                  ) -> None:
    """`--json` takes an optional folder; `score --json game.sgf` still counts game.sgf."""
    code, out, err = run(capsys, "--json", games["marked"], "--method", "zilu")
    assert code == 0, err
    assert json.loads(out)["dead"] == ["C2"]
    folder = tmp_path / "out"
    code, _, err = run(capsys, "--json", folder, games["marked"], "--method", "zilu")
    assert code == 0 and [p.suffix for p in folder.iterdir()] == [".json"], err
    code, _, err = run(capsys, "--json")
    assert code == 2 and "required: PATH" in err


def svg_texts(path: Path) -> list[str]:
    root = ET.parse(path).getroot()
    return [e.text or "" for e in root.iter("{http://www.w3.org/2000/svg}text")]


def test_one_method_is_drawn_to_the_files_named(games, capsys, tmp_path) -> None:
    svg, png = tmp_path / "count.svg", tmp_path / "count.png"
    code, _, err = run(capsys, games["marked"], "--method", "zikong", "--svg", svg,
                       "--png", png, "--scale", "1")
    assert code == 0 and f"drew zikong to {svg} and {png}" in err
    assert "White wins by 1 point (W+1)" in svg_texts(svg)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["count.png", "count.svg"]


def test_several_methods_draw_one_picture_each(games, capsys, tmp_path) -> None:
    """name-<slug>.svg beside the name given, each picture with its own method's count."""
    code, _, err = run(capsys, games["marked"], "--method", "zikong,zilu", "--svg",
                       tmp_path / "count.svg", "--png", tmp_path / "count.png", "--scale", "1")
    assert code == 0 and "drew zikong" in err and "drew zilu" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "count-zikong.png", "count-zikong.svg", "count-zilu.png", "count-zilu.svg"]
    assert "White wins by 1 point (W+1)" in svg_texts(tmp_path / "count-zikong.svg")
    assert "Black wins by 1 stone (B+1)" in svg_texts(tmp_path / "count-zilu.svg")


def test_all_methods_into_a_folder(games, capsys, tmp_path) -> None:
    """--method all --svg DIR/ makes the folder and writes DIR/<slug>.svg for every method."""
    folder = tmp_path / "pictures"
    code, _, err = run(capsys, games["marked"], "--method", "all", "--svg", f"{folder}/")
    assert code == 0
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"{m}.svg" for m in EXPECTED)
    for slug, result in EXPECTED.items():
        texts = svg_texts(folder / f"{slug}.svg")
        title = texts[:texts.index(result)]  # a long title wraps onto more lines
        assert 1 <= len(title) <= 2 and " ".join(title).endswith(f" {slug}"), (slug, texts[:3])
    assert err.count("drew ") == len(EXPECTED)


def test_a_picture_that_cannot_be_written_is_an_error(games, capsys, tmp_path) -> None:
    code, _, err = run(capsys, games["marked"], "--svg", tmp_path / "missing" / "x.svg")
    assert code == 1 and "cannot write" in err and "missing" in err
    assert not (tmp_path / "missing").exists()


def test_png_without_its_renderer_is_refused_before_counting(games, capsys, tmp_path,
                                                            monkeypatch) -> None:
    from gtp_weiqi.pictures import draws_chinese

    draws_chinese.cache_clear()
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # as if it were not installed
    try:
        code, out, err = run(capsys, games["marked"], "--png", tmp_path / "x.png")
    finally:
        draws_chinese.cache_clear()
    assert code == 1 and out == "" and "pip install 'gtp_weiqi[png]'" in err
    assert list(tmp_path.iterdir()) == []


def test_help_and_the_subcommand_dispatch(games, capsys) -> None:
    assert cli_main(["score", "--help"]) == 0
    shown = capsys.readouterr().out
    assert "PATH [PATH ...]" in shown and "--jsonl FILE" in shown and "--dask ADDRESS" in shown
    proc = subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", str(games["marked"]),
                           "--method", "zilu"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert results(proc.stdout) == {"zilu": "B+1"}


# -- a string whose fate depends on who moves first ---------------------------------------------


def open_point_sgf() -> bytes:
    """test_first_move.OPEN_POINT as an SGF position under 计活子 (KM 8 by the preset): Black's
    corner group B1 A2 B2 C2 D2 lives if Black plays D1 first and dies if White does; the
    judgement at seed 1 leaves it unclear for that reason."""
    game = sgf.Sgf_game(9)
    root = game.get_root()
    root.set("RU", "jihuozi")
    board = board_from_diagram(OPEN_POINT)
    for prop, colour in (("AB", BLACK), ("AW", WHITE)):
        root.set(prop, {board.row_col(p) for p in board.points if board.colour[p] == colour})
    return game.serialise()


OPEN_POINT_STRING = ("B1", "A2", "B2", "C2", "D2")
OPEN_POINT_FIRST_MOVE = {"string": list(OPEN_POINT_STRING), "black_first": "alive",
                         "black_move": "D1", "white_first": "dead", "white_move": "D1",
                         "reason": {"zh": "黑先活 (D1)，白先死 (D1)",
                                    "en": "depends on who moves first: Black first alive "
                                          "(D1), White first dead (D1)"}}


def open_point(tmp_path: Path) -> Path:
    path = tmp_path / "open-point.sgf"
    path.write_bytes(open_point_sgf())
    return path


def test_the_table_says_why_a_string_is_unclear_in_english_and_chinese(capsys, tmp_path
                                                                      ) -> None:
    game = open_point(tmp_path)
    transcripts = {
        "en": """
dead stones (judgement): none
unclear (counted alive): B1
  unclear B1: depends on who moves first: Black first alive (D1), White first dead (D1)
""",
        "zh": """
死子 (judgement): 无
未定 (按活子计): B1
  未定 B1: 黑先活 (D1)，白先死 (D1)
""",
        "both": """
死子 dead stones (judgement): none
未定 (按活子计) unclear (counted alive): B1
  未定 B1: 黑先活 (D1)，白先死 (D1)
  unclear B1: depends on who moves first: Black first alive (D1), White first dead (D1)
"""}
    for lang, expected in transcripts.items():
        code, out, _ = run(capsys, game, "--method", "zilu", "--seed", "1", "--lang", lang)
        assert code == 0 and expected + "\n" in out, (lang, out)


def test_the_json_pictures_say_why_a_string_is_unclear(capsys, tmp_path) -> None:
    game = open_point(tmp_path)
    code, out, _ = run(capsys, game, "--method", "zilu", "--seed", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["unclear"] == [OPEN_POINT_FIRST_MOVE["string"]]
    assert data["first_move"] == [OPEN_POINT_FIRST_MOVE]
    svg, png = tmp_path / "zilu.svg", tmp_path / "zilu.png"
    code, _, err = run(capsys, game, "--method", "zilu", "--seed", "1", "--lang", "both",
                       "--svg", svg, "--png", png, "--scale", "1")
    assert code == 0 and "drew zilu" in err
    texts = svg_texts(svg)
    assert "先手决定 depends on who moves first" in texts  # the legend
    assert "未定 B1: 黑先活 (D1)，白先死 (D1)" in texts
    assert "unclear B1: depends on who moves first: Black first alive (D1), White first " \
           "dead (D1)" in " ".join(t.strip() for t in texts)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

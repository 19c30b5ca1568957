"""--lang zh|en|both: every text a person reads (the score table, the pictures, the count in
words, GoGui's gfx TEXT lines, the match report) in Chinese, in English or in both, the
default from the locale; the answers the protocol defines never change."""

from __future__ import annotations

import io
import os
import re
import string
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import broken, make_engine

from gtp_weiqi.core.lang import ZH, default_lang, sentence, word
from gtp_weiqi.ui.cli import main as cli_main
from gtp_weiqi.ui.match.clock import TimeControl
from gtp_weiqi.ui.match.config import MatchConfig
from gtp_weiqi.ui.match.runner import Progress, run_match
from tests.test_score_cli import EXAMPLE_MOVES, write_sgf

CJK = re.compile(r"[\u3400-\u9fff\uff08\uff09]")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 7x7 game of docs/counting.md §2, C2 marked dead, no komi."""
    return write_sgf(tmp_path_factory.mktemp("lang") / "example.sgf", EXAMPLE_MOVES,
                     dead=[(1, 2)])


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = cli_main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


# -- the mechanism ------------------------------------------------------------------------


@pytest.mark.parametrize(("environ", "lang"), [
    ({"LANG": "zh_CN.UTF-8"}, "zh"),
    ({"LANG": "zh_TW.Big5"}, "zh"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({}, "en"),
    ({"LC_ALL": "en_GB.UTF-8", "LC_MESSAGES": "zh_CN", "LANG": "zh_CN"}, "en"),
    ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh"),
    ({"LC_ALL": "", "LANG": "zh_CN.UTF-8"}, "zh"),  # an empty variable is not set
    ({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, "en"),  # LC_ALL decides, and is not Chinese
])
def test_the_default_comes_from_the_locale(environ: dict[str, str], lang: str) -> None:
    assert default_lang(environ) == lang


def test_gtp_weiqi_lang_asks_for_a_language_before_the_locale() -> None:
    assert default_lang({"GTP_WEIQI_LANG": "both", "LANG": "zh_CN.UTF-8"}) == "both"
    assert default_lang({"GTP_WEIQI_LANG": "ZH", "LANG": "C.UTF-8"}) == "zh"
    assert default_lang({"GTP_WEIQI_LANG": "klingon", "LANG": "C.UTF-8"}) == "en"


def test_every_pair_fills_the_same_fields_in_both_languages() -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for en, zh in ZH.items():
        assert fields(en) == fields(zh), en
        assert CJK.search(zh) and not CJK.search(en), en


def test_short_texts_share_a_line_and_sentences_take_two() -> None:
    assert word("both", "dead stones") == "死子 dead stones"
    assert word("zh", "dead stones") == "死子"
    assert word("en", "dead stones") == "dead stones"
    assert sentence("both", "forfeits: {n}", n=2) == ["弃权: 2", "forfeits: 2"]
    assert sentence("zh", "forfeits: {n}", n=2) == ["弃权: 2"]


# -- gtp-weiqi score ----------------------------------------------------------------------


def test_the_score_table_in_chinese(example, capsys) -> None:
    code, out, _ = run(capsys, "score", example, "--method", "zilu,zikong", "--lang", "zh")
    assert code == 0
    assert out.replace(str(example), "GAME") == (
        "GAME: 7x7, 规则 chinese, 贴 0, 42 手 (黑 21, 白 21), 提子: 黑 1, 白 1\n"
        "死子 (SGF DD): C2\n"
        "\n"
        "计法    中文            黑     白     结果\n"
        "zilu    子路合计法      22 子  21 子  B+1\n"
        "zikong  子空合计计点法  24 点  25 点  W+1\n")


def test_the_score_table_in_english(example, capsys) -> None:
    code, out, _ = run(capsys, "score", example, "--method", "zilu", "--lang", "en")
    assert code == 0
    assert out.replace(str(example), "GAME") == (
        "GAME: 7x7, rules chinese, komi 0, 42 moves (Black 21, White 21), stones captured: "
        "black 1, white 1\n"
        "dead stones (SGF DD): C2\n"
        "\n"
        "method  English             Black      White      result\n"
        "zilu    stones plus routes  22 stones  21 stones  B+1\n"
        "\n"
        "Black 22 stones (19 stones + 3 routes), White 21 stones (20 stones + 1 route); "
        "Black wins by 1 stone (B+1)\n")


def test_the_score_table_in_both(example, capsys) -> None:
    code, out, _ = run(capsys, "score", example, "--method", "zilu", "--lang", "both")
    assert code == 0
    assert out.replace(str(example), "GAME") == (
        "GAME: 7x7, 规则 chinese, 贴 0, 42 手 (黑 21, 白 21), 提子: 黑 1, 白 1\n"
        "GAME: 7x7, rules chinese, komi 0, 42 moves (Black 21, White 21), stones captured: "
        "black 1, white 1\n"
        "死子 dead stones (SGF DD): C2\n"
        "\n"
        "method  中文        English             Black  White  result\n"
        "zilu    子路合计法  stones plus routes  22 子  21 子  B+1\n"
        "\n"
        "黑 22 子 (19 子 + 3 路), 白 21 子 (20 子 + 1 路); 黑胜 1 子\n"
        "Black 22 stones (19 stones + 3 routes), White 21 stones (20 stones + 1 route); "
        "Black wins by 1 stone (B+1)\n")


@pytest.mark.parametrize(("variable", "value", "head"), [
    ("LANG", "zh_CN.UTF-8", "计法"), ("LC_ALL", "en_US.UTF-8", "method  English"),
    ("LANG", "C.UTF-8", "method  English"),
])
def test_the_score_table_follows_the_locale(example, capsys, monkeypatch, variable, value,
                                            head) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "GTP_WEIQI_LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(variable, value)
    code, out, _ = run(capsys, "score", example, "--method", "zilu")
    assert code == 0
    heads = [line for line in out.splitlines() if line.startswith(("计法", "method"))]
    assert len(heads) == 1 and heads[0].startswith(head)


def test_an_unknown_language_is_refused_with_the_closest(example, capsys) -> None:
    code, out, err = run(capsys, "score", example, "--lang", "eng")
    assert code == 2 and out == ""
    assert "argument --lang: unknown language 'eng' (did you mean en?); known: zh, en, both" \
        in err


def test_json_keeps_both_languages_whatever_the_lang(example, capsys) -> None:
    """JSON is data a program reads: its summary holds both, --lang or not."""
    _, zh, _ = run(capsys, "score", example, "--method", "zilu", "--json", "--lang", "zh")
    _, en, _ = run(capsys, "score", example, "--method", "zilu", "--json", "--lang", "en")
    assert zh == en and '"zh": "黑 22 子' in zh and '"en": "Black 22 stones' in zh


def test_the_summary_of_many_games_in_each_language(example, capsys, tmp_path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("a.sgf", "b.sgf"):
        (folder / name).write_bytes(example.read_bytes())
    said = {}
    for lang in ("zh", "en", "both"):
        code, out, _ = run(capsys, "score", folder, "--method", "zilu,zikong", "--lang", lang)
        assert code == 0
        per_game = [line for line in out.splitlines() if line.startswith(str(folder))]
        assert len(per_game) == (4 if lang == "both" else 2)
        said[lang] = [line for line in out.splitlines()[len(per_game):]
                      if not line.startswith("  ")]
        assert re.fullmatch(r"2 (个文件, 用时|files in) [0-9.]+ s \((每秒 )?[0-9.]+( per "
                            r"second| 个)\)", said[lang][0]), said[lang][0]
    assert said["zh"][1:] == ["共数 2 局, 出错 0 局", "每局胜方都相同的计法: zilu; zikong",
                              "两类计法胜方不同的局数:"]
    assert said["en"][1:] == ["counted 2 games, 0 errors",
                              "methods that give the same winner in every game: zilu; zikong",
                              "games whose winner differs between two of them:"]
    assert said["both"][2:] == [line for pair in zip(said["zh"][1:], said["en"][1:],
                                                     strict=True) for line in pair]


# -- the pictures -------------------------------------------------------------------------


def svg_texts(path: Path) -> dict[str, list[str]]:
    """class -> the texts of the SVG's <text> elements of that class (title, legend,
    summary); a text without a class takes its group's (a wrapped title's lines)."""
    out: dict[str, list[str]] = {}

    def walk(el: ET.Element, inherited: list[str]) -> None:
        cls = (el.get("class") or "").split() or inherited
        if el.tag.endswith("text") and el.text:
            kind = "legend" if "legend" in cls else cls[0] if cls else ""
            out.setdefault(kind, []).append(el.text)
        for child in el:
            walk(child, cls)

    walk(ET.parse(path).getroot(), [])
    return out


@pytest.mark.parametrize("lang", ["zh", "en", "both"])
def test_the_picture_speaks_the_language(example, capsys, tmp_path, lang) -> None:
    svg = tmp_path / f"{lang}.svg"
    code, _, err = run(capsys, "score", example, "--method", "zilu", "--svg", svg,
                       "--lang", lang)
    assert code == 0, err
    texts = svg_texts(svg)
    words = texts["title"] + texts["legend"] + texts["summary"]
    title = ET.parse(svg).getroot().find("{http://www.w3.org/2000/svg}title")
    assert title is not None
    if lang == "zh":
        assert texts["title"] == ["子路合计法 zilu"] and title.text == "子路合计法 zilu"
        assert {"黑棋块 (蓝)", "白棋块 (红)", "基本眼位"} <= set(texts["legend"])
        assert not any(LATIN_WORD.search(t.replace("zilu", "")) for t in words), words
        assert texts["summary"][-1] == "黑胜 1 子"
    elif lang == "en":
        assert texts["title"] == ["stones plus routes zilu"]
        assert {"Black blocks (blue)", "White blocks (red)", "basic eye"} <= set(texts["legend"])
        assert not any(CJK.search(t) for t in words), words
        assert texts["summary"][-1] == "Black wins by 1 stone (B+1)"
    else:
        assert texts["title"] == ["子路合计法 zilu"]
        assert {"黑棋块 (蓝) Black blocks (blue)", "白棋块 (红) White blocks (red)",
                "基本眼位 basic eye"} <= set(texts["legend"])
        zh_at = texts["summary"].index("黑胜 1 子")
        assert texts["summary"][-1] == "Black wins by 1 stone (B+1)" and zh_at < 6


def test_a_long_english_title_wraps_beside_the_result(example, capsys, tmp_path) -> None:
    svg = tmp_path / "long.svg"
    run(capsys, "score", example, "--method", "huanqitou", "--svg", svg, "--lang", "en")
    lines = svg_texts(svg)["title"]
    assert len(lines) > 1 and not any("…" in line for line in lines), lines
    assert " ".join(lines) == ("equal virtual stones, compare compound stones (returning block "
                               "heads) huanqitou")


# -- GTP: the engine's --lang, for the gfx TEXT lines ---------------------------------------


def gfx_texts(lang: str) -> tuple[list[str], str]:
    engine = make_engine(size=7, rules="jihuozi", komi=0.0)
    engine.lang = lang
    for move in EXAMPLE_MOVES:
        engine.run_command("play", [move[0], move[1:]])
    engine.run_command("weiqi-set_status", ["dead", "C2"])
    gfx = engine.run_command("weiqi-gfx", ["zilu"])
    return [ln for ln in gfx.splitlines() if ln.startswith("TEXT ")], \
        engine.run_command("final_score", [])


def test_gfx_text_lines_in_each_language() -> None:
    zh, zh_score = gfx_texts("zh")
    en, en_score = gfx_texts("en")
    both, both_score = gfx_texts("both")
    assert zh[:3] == [
        "TEXT [zilu] 子路合计法: 黑 22 子 (19 子 + 3 路), 白 21 子 (20 子 + 1 路); 黑胜 1 子",
        "TEXT 图例: COLOR 黑棋块 (蓝); COLOR 白棋块 (红); SQUARE 基本眼位; LABEL 黑路; LABEL 白路; "
        "MARK 死子",
        "TEXT 死子: C2"]
    assert en[:3] == [
        "TEXT [zilu] stones plus routes: Black 22 stones (19 stones + 3 routes), White 21 "
        "stones (20 stones + 1 route); Black wins by 1 stone (B+1)",
        "TEXT legend: COLOR Black blocks (blue); COLOR White blocks (red); SQUARE basic eye; "
        "LABEL Black's route; LABEL White's route; MARK dead stone",
        "TEXT dead: C2"]
    assert both[:2] == [zh[0], en[0]]
    assert both[2].startswith("TEXT 图例 legend: COLOR 黑棋块 (蓝) Black blocks (blue); "
                              "COLOR 白棋块 (红) White blocks (red); SQUARE 基本眼位 basic eye")
    assert both[3] == "TEXT 死子 dead: C2"
    assert zh_score == en_score == both_score == "B+1"  # the protocol's answer: unchanged


def test_the_engine_takes_lang_on_its_command_line() -> None:
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    script = "boardsize 5\nplay b c3\nweiqi-gfx zilu\nfinal_score\nquit\n"
    answers = {}
    for lang in ("zh", "en"):
        proc = subprocess.run([sys.executable, "-m", "gtp_weiqi", "--rules", "jihuozi",
                               "--lang", lang], input=script, capture_output=True, text=True,
                              env=env, timeout=120, check=True)
        answers[lang] = proc.stdout
    assert "TEXT 图例: COLOR 黑棋块 (蓝)" in answers["zh"] and "legend" not in answers["zh"]
    assert "TEXT legend: COLOR Black blocks (blue)" in answers["en"] and "图例" not in answers["en"]
    assert answers["zh"].endswith("= B+15\n\n= \n\n")  # final_score: the protocol's
    assert answers["en"].endswith("= B+15\n\n= \n\n")


# -- gtp-weiqi match ----------------------------------------------------------------------


def test_the_match_report_in_each_language_and_from_the_locale(tmp_path, capsys,
                                                               monkeypatch) -> None:
    """One game, then the same command again in each language: nothing is played again,
    report.txt and the terminal report are written in the new language."""
    out = tmp_path / "m"
    command = ["match", "--black", broken(), "--white", broken("illegal", "--after", "1"),
               "--size", "9", "--out", out, "--black-label", "steady", "--white-label",
               "faulty"]
    code, terminal, err = run(capsys, *command, "--lang", "en")
    assert code == 0, err
    report = (out / "report.txt").read_text()
    assert report.startswith("1 games, 9x9, rules chinese, komi 7.5\n")
    assert "forfeits: 1\n  game 0: faulty (W) illegal: " in report
    assert not CJK.search(report + terminal)
    assert terminal.splitlines()[:2] == [f"1 games in {out}:",
                                         "  black_engine (steady): 1 wins, 0 losses, 0 draws, "
                                         "0 forfeits"]

    code, terminal, _ = run(capsys, *command, "--lang", "zh")
    assert code == 0
    report = (out / "report.txt").read_text()
    assert report.startswith("1 局, 9x9, 规则 chinese, 贴 7.5\n")
    head = next(line for line in report.splitlines() if "执黑胜" in line)
    assert head.split() == ["胜", "执黑胜", "执白胜"]
    assert "弃权: 1\n  第 0 局: faulty (W) illegal: " in report
    assert "每手平均用时:" in report and "forfeits" not in report
    assert terminal.splitlines()[1] == "  black_engine (steady): 胜 1, 负 0, 和 0, 弃权 0"

    code, terminal, _ = run(capsys, *command, "--lang", "both")
    report = (out / "report.txt").read_text()
    assert report.startswith("1 局, 9x9, 规则 chinese, 贴 7.5\n"
                             "1 games, 9x9, rules chinese, komi 7.5\n")
    assert "弃权: 1\nforfeits: 1\n  第 0 局: faulty (W) illegal: " in report
    assert head not in report and "胜 wins" in report

    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "GTP_WEIQI_LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    code, terminal, _ = run(capsys, *command)
    assert code == 0
    assert (out / "report.txt").read_text().startswith("1 局, 9x9")
    assert terminal.startswith("1 局, 记录在 ")


def test_the_line_per_game_of_many_games_in_each_language(example, capsys, tmp_path) -> None:
    """One line per game when many are counted: the words in the language, the result, the
    method's slug, the rules' name and the record's RE as the rows hold them."""
    folder = tmp_path / "per-game"
    folder.mkdir()
    (folder / "a.sgf").write_bytes(example.read_bytes())
    (folder / "b.sgf").write_text("(;GM[1]FF[4]SZ[7];B[zz])")
    said = {}
    for lang in ("zh", "en", "both"):
        code, out, _ = run(capsys, "score", folder, "--method", "zilu", "--lang", lang)
        assert code == 1  # b.sgf is an error row
        said[lang] = [line.replace(str(folder), "F") for line in out.splitlines()
                      if line.startswith(str(folder))]
    assert said["zh"][0] == "F/a.sgf: W+1 (area, chinese, 贴 0), RE 无, 死子来自 SGF DD"
    assert said["en"][0] == "F/a.sgf: W+1 (area, chinese, komi 0), RE none, dead stones from " \
        "SGF DD"
    assert said["zh"][1].startswith("F/b.sgf: 出错: ")
    assert said["en"][1].startswith("F/b.sgf: error: ")
    assert said["both"] == [said["zh"][0], said["en"][0], said["zh"][1], said["en"][1]]


# -- gtp-weiqi match: the progress and -v's move lines ------------------------------------

LABELS = {"black_engine": "steady", "white_engine": "faulty"}
GAMES = [{"game": 1, "result": "B+F", "moves": 5, "duration": 0.5, "winner": "black_engine",
          "forfeit": {"engine": "white_engine", "kind": "crash"},
          "colours": {"B": "black_engine", "W": "white_engine"}},
         {"game": 2, "result": "B+Time", "moves": 7, "duration": 2.5, "winner": "white_engine",
          "forfeit": {"engine": "black_engine", "kind": "time"},
          "colours": {"B": "white_engine", "W": "black_engine"}, "opening": "a.sgf"}]


def progress_lines(lang: str) -> list[str]:
    stream = io.StringIO()
    progress = Progress(3, 1, stream, LABELS, lang)
    for record in GAMES:
        progress.update(record)
    progress.close()
    return stream.getvalue().splitlines()


def test_the_match_progress_lines_in_each_language() -> None:
    zh, en = progress_lines("zh"), progress_lines("en")
    assert zh == [
        "第 1 局: steady (B) 对 faulty (W): B+F (faulty 弃权: crash), 5 手, 0.5 s [2/3]",
        "第 2 局: faulty (B) 对 steady (W): B+Time (steady 超时负), 7 手, 开局 a.sgf, 2.5 s "
        "[3/3]"]
    assert en == [
        "game 1: steady (B) vs faulty (W): B+F (faulty forfeits: crash), 5 moves, 0.5 s [2/3]",
        "game 2: faulty (B) vs steady (W): B+Time (steady loses on time), 7 moves, opening "
        "a.sgf, 2.5 s [3/3]"]
    assert progress_lines("both") == [zh[0], en[0], zh[1], en[1]]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("lang", "games", "wins", "left"), [
    ("zh", " 2/4 局 ", "胜: steady: 0  faulty: 1", "剩余 ~"),
    ("en", " 2/4 games ", "wins: steady: 0  faulty: 1", "~"),
    ("both", " 2/4 局 2/4 games ", "胜: steady: 0  faulty: 1 wins: steady: 0  faulty: 1",
     "剩余 ~0:00 ~"),
])
def test_the_match_bar_in_each_language(lang, games, wins, left) -> None:
    stream = Terminal()
    progress = Progress(4, 1, stream, LABELS, lang)
    progress.update({"game": 1, "result": "W+3", "moves": 50, "duration": 1.0,
                     "winner": "white_engine", "forfeit": None})
    progress.close()
    frame = stream.getvalue().split("\r")[-1]
    assert frame.startswith("[###############...............]" + games), frame
    assert wins in frame and left in frame
    assert ("left" in frame) == (lang != "zh") and bool(CJK.search(frame)) == (lang != "en")


@pytest.mark.parametrize("lang", ["zh", "en", "both"])
def test_the_verbose_move_lines_in_each_language(tmp_path, capsys, lang) -> None:
    config = MatchConfig(broken(), broken(), size=9, rules="chinese", max_moves=4,
                         verbose=True, black_label="one", white_label="two",
                         time=TimeControl.parse("5"), lang=lang)
    run_match(config, 1, tmp_path / "m", stream=io.StringIO())
    err = [line for line in capsys.readouterr().err.splitlines()
           if line.startswith(("game 0 move", "第 0 局 第"))]
    zh = re.compile(r"第 0 局 第 (\d) 手: (one \(B\)|two \(W\)) (\S+) \d+\.\d\d s  时钟 B "
                    r"\d:\d\d W \d:\d\d")
    en = re.compile(r"game 0 move (\d): (one \(B\)|two \(W\)) (\S+) \d+\.\d\d s  clocks B "
                    r"\d:\d\d W \d:\d\d")
    expect = {"zh": [zh], "en": [en], "both": [zh, en]}[lang]
    assert len(err) == 4 * len(expect), err
    for i, line in enumerate(err):
        found = expect[i % len(expect)].fullmatch(line)
        assert found, line
        assert found.group(1) == str(i // len(expect) + 1)


# -- the counting layer's notes in the pictures -------------------------------------------


def svg_notes(path: Path) -> list[str]:
    """The notes of an SVG picture, each as one line again (a note is wrapped into pieces,
    the later ones indented; pieces of one class may share a <g class=...>)."""
    notes: list[str] = []
    for group in ET.parse(path).getroot().iter():
        if "note" not in (group.get("class") or "").split():
            continue
        for el in [group] if group.tag.endswith("text") else list(group):
            piece = el.text or ""
            if piece.startswith("  ") and notes:
                notes[-1] += " " + piece.strip()
            else:
                notes.append(piece)
    return notes


@pytest.mark.parametrize("lang", ["zh", "en", "both"])
def test_the_counting_notes_in_the_picture(example, capsys, tmp_path, lang) -> None:
    """The counting layer writes its notes in English, as data; the picture shows them in
    the language."""
    svg = tmp_path / f"{lang}.svg"
    code, _, err = run(capsys, "score", example, "--method", "jipingdian", "--param",
                       "a_point=1", "--svg", svg, "--lang", lang)
    assert code == 0, err
    zh = "a_point: 先行方没有走最后一手; 不加一点"
    en = "a_point: the first mover did not move last; no extra point"
    expect = {"zh": [zh], "en": [en], "both": [zh, en]}[lang]
    assert svg_notes(svg) == expect


def test_a_note_of_an_unknown_form_is_shown_as_it_is() -> None:
    from gtp_weiqi.pictures.notes import note_lines

    assert note_lines("something new", "zh") == ["something new"]
    assert note_lines("something new", "both") == ["something new"]
    assert note_lines("2 stone(s) of w counted as taken off (no room)", "both") == [
        "白有 2 子按取下计 (无处可放)", "2 stone(s) of w counted as taken off (no room)"]
    assert note_lines("a_point: b makes an A-type negative move (one point split)", "zh") == [
        "a_point: 黑走一手A类负着 (一点平分)"]


# -- gtp-weiqi regress ----------------------------------------------------------------------

REGRESS_TST = "1 echo C3 G7\n#? [C3]\n2 echo x\n#? [x]*\nfrobnicate\n"


def test_regress_in_each_language(tmp_path, capsys) -> None:
    """The verdicts, the labels of a failure and the summary in the language; the
    commands, the expectations and the answers as they are."""
    from gtp_weiqi.ui.regress import main as regress_main

    tst = tmp_path / "t.tst"
    tst.write_text(REGRESS_TST, encoding="utf-8")
    engine = " ".join([sys.executable, str(Path(__file__).parent / "fake_gtp_engine.py")])
    said = {}
    for lang in ("zh", "en", "both"):
        assert regress_main(["--engine", engine, str(tst), "--lang", lang]) == 1
        said[lang] = capsys.readouterr().out.replace(str(tst), "T").splitlines()
    assert said["zh"] == [
        "T:1: 1 意外失败",
        "  命令: 1 echo C3 G7",
        "  预期: [C3]",
        "  得到: =1 C3 G7",
        "T:3: 2 意外通过!",
        "  命令: 2 echo x",
        "  预期: [x]*",
        "  得到: =2 x",
        "T:5: 其他错误: 'frobnicate' -> '? unknown command'",
        "汇总: 1 个文件, 2 个测试: 通过 1, 意外失败 1, 意外通过 1, 预期失败 0, 其他错误 1, "
        "中止的文件 0"]
    assert said["en"] == [
        "T:1: 1 unexpected FAIL",
        "  command:  1 echo C3 G7",
        "  expected: [C3]",
        "  got:      =1 C3 G7",
        "T:3: 2 unexpected PASS!",
        "  command:  2 echo x",
        "  expected: [x]*",
        "  got:      =2 x",
        "T:5: other error: 'frobnicate' -> '? unknown command'",
        "Summary: 1 files, 2 tests: 1 passed, 1 unexpected failures, 1 unexpected passes, "
        "0 expected failures, 1 other errors, 0 files stopped"]
    assert said["both"][:2] == [said["zh"][0], said["en"][0]]
    assert said["both"][2:5] == ["  命令 command:  1 echo C3 G7",
                                 "  预期 expected: [C3]",
                                 "  得到 got:      =1 C3 G7"]
    assert said["both"][-2:] == [said["zh"][-1], said["en"][-1]]


# -- the lines a command prints on stderr as it works ----------------------------------------


@pytest.mark.parametrize(("lang", "expect"), [
    ("zh", ["zilu 已画到 {svg} 和 {png}"]),
    ("en", ["drew zilu to {svg} and {png}"]),
    ("both", ["zilu 已画到 {svg} 和 {png}", "drew zilu to {svg} and {png}"]),
])
def test_the_drew_line_in_each_language(example, capsys, tmp_path, lang, expect) -> None:
    svg, png = tmp_path / "a.svg", tmp_path / "a.png"
    code, _, err = run(capsys, "score", example, "--method", "zilu", "--svg", svg, "--png",
                       png, "--lang", lang)
    if code == 1 and "resvg" in err:
        pytest.skip("no PNG renderer")
    assert code == 0, err
    assert err.splitlines() == [line.format(svg=svg, png=png) for line in expect]


@pytest.mark.parametrize("lang", ["zh", "en", "both"])
def test_an_interrupted_count_of_many_games_says_so_in_the_language(example, capsys, tmp_path,
                                                                     monkeypatch, lang) -> None:
    from gtp_weiqi.ui import score_batch

    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("a.sgf", "b.sgf", "c.sgf"):
        (folder / name).write_bytes(example.read_bytes())
    real = score_batch.count_locally

    def one_then_ctrl_c(*args, **kwargs):
        yield next(real(*args, **kwargs))
        raise KeyboardInterrupt

    monkeypatch.setattr(score_batch, "count_locally", one_then_ctrl_c)
    code, _, err = run(capsys, "score", folder, "--jsonl", tmp_path / "rows.jsonl", "--lang",
                       lang)
    assert code == 130
    zh = "gtp-weiqi score: 已中断; 3 局中已写入 1 局; 加 --resume 再运行同一命令可数完其余"
    en = ("gtp-weiqi score: interrupted; 1 of 3 games written; run the same command with "
          "--resume to count the rest")
    assert err.splitlines() == ["", *{"zh": [zh], "en": [en], "both": [zh, en]}[lang]]


@pytest.mark.parametrize("lang", ["zh", "en", "both"])
def test_an_interrupted_match_says_so_in_the_language(capsys, tmp_path, monkeypatch,
                                                      lang) -> None:
    from gtp_weiqi.ui.match import runner

    def ctrl_c(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "run_match", ctrl_c)
    out = tmp_path / "m"
    code, _, err = run(capsys, "match", "--black", broken(), "--white", broken(), "--games",
                       "4", "--out", out, "--lang", lang)
    assert code == 130
    zh = f"gtp-weiqi match: 已中断; 4 局中已有 0 局记录在 {out}; 再运行同一命令可下完其余"
    en = (f"gtp-weiqi match: interrupted; 0 of 4 games recorded in {out}; run the same "
          "command again to play the rest")
    assert err.splitlines() == {"zh": [zh], "en": [en], "both": [zh, en]}[lang]

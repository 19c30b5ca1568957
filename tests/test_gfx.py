"""GoGui pictures of the count: `weiqi-gfx`, `weiqi-ownership`, `weiqi-param` and the analyze
menu, checked byte by byte against GoGui's gfx syntax (gui/AnalyzeShow.java showGfxLine):
verbs BLACK WHITE CIRCLE SQUARE TRIANGLE MARK LABEL COLOR INFLUENCE VAR TEXT CLEAR, one command
per line, no blank line, vertices on the board."""

from __future__ import annotations

import colorsys
import json
import random
import re

import pytest
from conftest import with_random_marks
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support.finished_positions import random_finished_position

from gtp_weiqi.core.coords import LETTERS, parse_vertex
from gtp_weiqi.counting import METHODS, analyse, count
from gtp_weiqi.counting.types import BLACK, WHITE, Judgement, ScoringInput
from gtp_weiqi.pictures import build_picture, to_gfx
from gtp_weiqi.pictures.picture import BLOCK_FILLS, TINT_ALPHA
from gtp_weiqi.pictures.scene import WOOD, mix
from gtp_weiqi.ui.gtp.commands import build_engine
from gtp_weiqi.ui.gtp.engine import WeiqiEngine

# The 7x7 worked example of docs/counting.md §2 as a game record: White first, 21 moves each, one
# capture each (Black's f6, White's c7), Black moves last.  Final position:
#   7 . X . X X O .
#   6 . X X X O . O
#   5 . . X O O O O
#   4 X X X X O X O
#   3 O O O X X X X
#   2 O . X O O X X      (c2 is dead)
#   1 . O O O O O X
EXAMPLE_MOVES = ("Wb3 Bd6 We5 Bc4 Wf5 Bf2 Wa2 Bf6 Wc3 Bb4 Wc7 Be3 Wd2 Bg1 Wg6 Bb7 Wa3 Bf3 Wf7 "
                 "Bd3 Wf1 Bc2 We1 Bd7 Wb1 Bf4 We2 Bg2 We6 Ba4 We4 Bd4 Wc1 Bb6 Wd5 Bc5 Wg5 "
                 "Bg3 Wg4 Bc6 Wd1 Be7").split()

VERBS = {"BLACK", "WHITE", "CIRCLE", "SQUARE", "TRIANGLE", "MARK", "LABEL", "COLOR",
         "INFLUENCE", "VAR", "TEXT", "CLEAR"}
POINT_VERBS = {"BLACK", "WHITE", "CIRCLE", "SQUARE", "TRIANGLE", "MARK"}
GOGUI_COLOURS = {"black", "blue", "cyan", "green", "gray", "magenta", "pink", "red", "white",
                 "yellow"}
VERTEX = re.compile(r"[A-HJ-Z](?:[1-9]|1[0-9]|2[0-5])")


def response(engine: WeiqiEngine, line: str) -> str:
    out, _ = engine.handle_line(line)
    assert out is not None
    return out


def ok(engine: WeiqiEngine, line: str) -> str:
    out = response(engine, line)
    assert out.startswith("= "), (line, out)
    return out[2:-2]


def check_vertex(token: str, width: int, height: int) -> None:
    assert VERTEX.fullmatch(token), token
    parse_vertex(token, width, height)  # raises when off the board


def check_gfx(text: str, width: int, height: int) -> list[list[str]]:
    """Every line one well-formed GoGui gfx command; returns the split lines."""
    assert text, "empty gfx"
    assert "\t" not in text and "\r" not in text
    lines = text.split("\n")
    out = []
    for line in lines:
        assert line, f"blank line in {text!r}"
        assert line == line.strip() and "  " not in line, repr(line)
        verb, *args = line.split(" ")
        assert verb in VERBS, line
        if verb in POINT_VERBS:
            assert args, line
            for a in args:
                check_vertex(a, width, height)
            assert len(set(args)) == len(args), line
        elif verb == "COLOR":
            assert len(args) >= 2, line
            assert args[0] in GOGUI_COLOURS or re.fullmatch(r"#[0-9a-f]{6}", args[0]), line
            for a in args[1:]:
                check_vertex(a, width, height)
        elif verb == "LABEL":
            assert args and len(args) % 2 == 0, line
            for v, label in zip(args[::2], args[1::2], strict=True):
                check_vertex(v, width, height)
                assert label and not VERTEX.fullmatch(label), line
        elif verb == "INFLUENCE":
            assert args and len(args) % 2 == 0, line
            for v, value in zip(args[::2], args[1::2], strict=True):
                check_vertex(v, width, height)
                assert -1 <= float(value) <= 1
        elif verb == "VAR":
            assert args and len(args) % 2 == 0, line
            for colour, v in zip(args[::2], args[1::2], strict=True):
                assert colour in ("b", "w"), line
                if v != "pass":
                    check_vertex(v, width, height)
        elif verb == "TEXT":
            assert args and args[0], line
        elif verb == "CLEAR":
            assert not args, line
        out.append([verb, *args])
    return out


def framed_gfx(engine: WeiqiEngine, line: str) -> list[list[str]]:
    """The raw GTP answer checked byte for byte, then its gfx lines."""
    raw = response(engine, line).encode("utf-8")
    assert raw.startswith(b"= ") and raw.endswith(b"\n\n"), raw
    body = raw[2:-2]
    assert b"\n\n" not in body and not body.startswith(b" ")
    game = engine.game
    return check_gfx(body.decode("utf-8"), game.width, game.height)


def lines_of(parsed: list[list[str]], verb: str) -> list[list[str]]:
    return [ln[1:] for ln in parsed if ln[0] == verb]


def texts(parsed: list[list[str]]) -> list[str]:
    return [" ".join(ln[1:]) for ln in parsed if ln[0] == "TEXT"]


def labels(parsed: list[list[str]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for args in lines_of(parsed, "LABEL"):
        out.update(zip(args[::2], args[1::2], strict=True))
    return out


@pytest.fixture(scope="module")
def example() -> WeiqiEngine:
    engine = build_engine(7, "jihuozi")
    ok(engine, "komi 0")
    for m in EXAMPLE_MOVES:
        ok(engine, f"play {m[0]} {m[1:]}")
    ok(engine, "weiqi-set_status dead C2")
    return engine


# -- every method, the worked example ---------------------------------------------------------


@pytest.mark.parametrize("slug", list(METHODS))
def test_every_method_draws_valid_gfx_for_the_worked_example(example, slug) -> None:
    parsed = framed_gfx(example, f"weiqi-gfx {slug}")
    lines = texts(parsed)
    assert lines[0].startswith(f"[{slug}] {METHODS[slug].name_zh}: 黑 ")
    assert lines[1].startswith(f"[{slug}] {METHODS[slug].name_en}: Black ")
    expected = ok(example, f"final_score_{slug}")
    assert lines[1].endswith(f"({expected})") or expected == "0"


def test_gfx_without_slug_draws_the_rules_method(example) -> None:
    assert framed_gfx(example, "weiqi-gfx") == framed_gfx(example, "weiqi-gfx jihuozi")


def test_zilu_picture_shows_blocks_eyes_numbered_routes_and_the_dead_stone(example) -> None:
    parsed = framed_gfx(example, "weiqi-gfx zilu")
    colours = lines_of(parsed, "COLOR")
    assert len(colours) == 3  # one black block, two white blocks (f7 shares g7 and f6)
    assert sum(len(c) - 1 for c in colours) == 49  # c2, once the dead stone is off, is White's
    assert sorted(v for args in lines_of(parsed, "SQUARE") for v in args) == sorted(
        ["C7", "B5", "G7", "F6", "B2", "A1"])
    assert lines_of(parsed, "MARK") == [["C2"]]
    lab = labels(parsed)
    black_routes = {v for v in ("A7", "A6", "A5") if v in lab}
    assert black_routes == {"A7", "A6", "A5"} and sorted(lab[v] for v in black_routes) == [
        "1", "2", "3"]
    assert lab["C2"] == "1"  # White's one route, where the dead stone came off
    t = texts(parsed)
    assert "黑 22 子 (19 子 + 3 路), 白 21 子 (20 子 + 1 路); 黑胜 1 子" in t[0]
    assert "Black 22 stones (19 stones + 3 routes), White 21 stones (20 stones + 1 route)" in t[1]
    assert any(x.startswith("图例 legend: COLOR 黑棋块 (蓝) Black blocks (blue); COLOR 白棋块 (红) "
                            "White blocks (red); SQUARE 基本眼位 basic eye") for x in t)
    assert "死子 dead: C2" in t


# -- block tints on GoGui's wood ----------------------------------------------------------------

# GoGui's board is its wood.png (boardpainter/BoardPainterRect.java): #d5ae71 on average, its
# channels between #c99e61 and #ddb981 (1st and 99th percentiles); #e0b060, a plainer wood;
# WOOD, the SVG's.  GoGui lays a COLOR over it at half opacity (boardpainter/Field.java,
# drawFieldColor, AlphaComposite 0.5), the SVG likewise (TINT_ALPHA).
WOODS = ("#d5ae71", "#c99e61", "#ddb981", "#e0b060", WOOD)


def lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB '#rrggbb'."""
    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
                  for t in (xyz[0] / 0.9505, xyz[1], xyz[2] / 1.089))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: str, b: str) -> float:
    """CIE76 colour difference: about 2 is just noticeable, 10 plainly another colour."""
    return sum((x - y) ** 2 for x, y in zip(lab(a), lab(b), strict=True)) ** 0.5


def on_wood(fill: str, wood: str) -> str:
    return mix(fill, wood, TINT_ALPHA)


def hue(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360


def test_block_tints_are_one_hue_family_per_side_as_they_show_on_the_wood() -> None:
    """What the eye sees is the tint laid over the wood at half strength, so the hue is
    measured there: a teal that turns green or a magenta that turns orange on the wood is
    not Black's blue or White's red."""
    assert delta_e(on_wood("#ffd8a8", WOODS[0]), WOODS[0]) < 10  # a pale orange all but vanishes
    assert not 205 <= hue(on_wood("#2090a8", WOODS[0])) <= 245  # a teal: green on the wood
    black, white = BLOCK_FILLS[BLACK], BLOCK_FILLS[WHITE]
    for shades, family in ((black, lambda h: 205 <= h <= 245),  # blues
                           (white, lambda h: h >= 340 or h <= 12)):  # reds
        assert len(set(shades)) == len(shades) == 4
        for wood in WOODS:
            seen = [on_wood(c, wood) for c in shades]
            assert all(family(hue(c)) for c in seen), (wood, [hue(c) for c in seen])
            assert all(delta_e(c, wood) >= 30 for c in seen), wood
            assert all(delta_e(a, b) >= 15 for i, a in enumerate(seen) for b in seen[i + 1:])
            # the next block of the side, and the first after the last: another shade
            assert all(delta_e(a, b) >= 15 for a, b in zip(seen, seen[1:] + seen[:1],
                                                           strict=True))
    assert all(delta_e(on_wood(b, WOODS[0]), on_wood(w, WOODS[0])) >= 25
               for b in black for w in white)


def test_zilu_picture_colours_each_block_by_its_side(example) -> None:
    """The worked example: Black's one block (b7 ...) in Black's first shade, White's two in
    White's first two, in the counting's order (a1 ... with the dead stone's point c2, then
    g7 f7 f6 ...)."""
    colour_of = {v: args[0] for args in lines_of(framed_gfx(example, "weiqi-gfx zilu"), "COLOR")
                 for v in args[1:]}
    assert colour_of["B7"] == colour_of["A7"] == colour_of["G1"] == BLOCK_FILLS[BLACK][0]
    assert colour_of["A1"] == colour_of["C2"] == colour_of["C3"] == BLOCK_FILLS[WHITE][0]
    assert colour_of["G7"] == colour_of["F6"] == BLOCK_FILLS[WHITE][1]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(5, 13), st.integers(5, 13))
def test_random_positions_tint_blocks_by_side_in_turn(seed, width, height) -> None:
    try:
        inp, judgement = judged_position(seed, width, height)
    except RuntimeError:
        assume(False)
    a = analyse(inp, judgement)
    for slug in ("zilu", "jihuozi", "huanqitou"):
        pic = build_picture(count(slug, inp, judgement, analysis=a), inp.stones)
        for side in (BLACK, WHITE):
            fills = [blk.fill for blk in pic.blocks if blk.colour == side]
            shades = BLOCK_FILLS[side]
            assert fills == [shades[i % len(shades)] for i in range(len(fills))]


def test_zikong_picture_shows_own_points_as_territory(example) -> None:
    parsed = framed_gfx(example, "weiqi-gfx zikong")
    assert sorted(lines_of(parsed, "BLACK")[0]) == sorted(["A7", "C7", "A6", "A5", "B5"])
    assert sorted(lines_of(parsed, "WHITE")[0]) == sorted(["G7", "F6", "B2", "C2", "A1"])
    assert "黑 24 点 (19 子 + 5 空), 白 25 点 (20 子 + 5 空); 白胜 1 点" in texts(parsed)[0]


def test_tianman_huozi_fills_the_routes_with_numbered_ghost_stones(example) -> None:
    parsed = framed_gfx(example, "weiqi-gfx tianman_huozi bowl=24")
    var = lines_of(parsed, "VAR")[0]
    assert sorted(zip(var[::2], var[1::2], strict=True)) == sorted(
        [("b", "A7"), ("b", "A6"), ("b", "A5"), ("w", "C2")])
    lab = labels(parsed)
    assert sorted(lab[v] for v in ("A7", "A6", "A5")) == ["1", "2", "3"] and lab["C2"] == "1"
    assert "(碗 24 − 余 2)" in texts(parsed)[0] and "(碗 24 − 余 3)" in texts(parsed)[0]


def test_huanqitou_circles_the_block_head_white_returns(example) -> None:
    parsed = framed_gfx(example, "weiqi-gfx huanqitou")
    circles = lines_of(parsed, "CIRCLE")
    assert len(circles) == 1 and len(circles[0]) == 1
    assert "1 还棋头" in texts(parsed)[0] and "黑胜 1 子" in texts(parsed)[0]


def test_dengzi_free_circles_the_stone_white_takes_off(example) -> None:
    parsed = framed_gfx(example, "weiqi-gfx dengzi balance=free")
    assert [len(c) for c in lines_of(parsed, "CIRCLE")] == [1]
    assert "白胜 1 点" in texts(parsed)[0]


def test_gfx_refuses_unknown_methods_and_parameters_without_side_effects(example) -> None:
    before = ok(example, "kata-get-rules")
    for line in ("weiqi-gfx nosuch", "weiqi-gfx zilu bowl=3", "weiqi-gfx zilu foo",
                 "weiqi-gfx tianman_huozi bowl=x"):
        assert response(example, line).startswith("? "), line
    assert ok(example, "kata-get-rules") == before


# -- positions with public points, rectangles, empty boards -----------------------------------


def test_open_dame_are_drawn_as_triangles() -> None:
    engine = build_engine(5, "chinese")
    for m in ("b a1", "w e1", "b a2", "w e2", "b a3", "w e3", "b a4", "w e4", "b a5", "w e5",
              "b b5", "w d5", "b b4", "w d4", "b b3", "w d3", "b b2", "w d2", "b b1", "w d1"):
        ok(engine, f"play {m}")
    parsed = framed_gfx(engine, "weiqi-gfx zikong")
    assert sorted(lines_of(parsed, "TRIANGLE")[0]) == ["C1", "C2", "C3", "C4", "C5"]
    assert "2.5 公空" in texts(parsed)[0]


def test_rectangular_board_vertices_stay_on_the_board() -> None:
    engine = build_engine(9, "chinese")
    ok(engine, "rectangular_boardsize 9 4")
    for m in ("b a1", "w j4", "b b2", "w h3"):
        ok(engine, f"play {m}")
    for slug in METHODS:
        framed_gfx(engine, f"weiqi-gfx {slug}")


def test_empty_board_picture_has_only_text_and_public_points() -> None:
    engine = build_engine(3, "chinese")
    parsed = framed_gfx(engine, "weiqi-gfx zikong")
    assert {ln[0] for ln in parsed} <= {"TRIANGLE", "TEXT"}


def _random_game(seed: int, size: int) -> WeiqiEngine:
    rng = random.Random(seed)
    engine = build_engine(size, "chinese")
    for _ in range(rng.randint(0, size * size)):
        colour = rng.choice("bw")
        r, c = rng.randrange(size), rng.randrange(size)
        response(engine, f"play {colour} {LETTERS[c]}{r + 1}")  # illegal ones are refused
    return engine


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([5, 7]))
def test_random_games_draw_valid_gfx_under_every_method(seed, size) -> None:
    engine = _random_game(seed, size)
    for slug in METHODS:
        out = response(engine, f"weiqi-gfx {slug}")
        if out.startswith("? "):  # a refusal must say why, in one line
            assert "\n" not in out[:-2]
            continue
        framed_gfx(engine, f"weiqi-gfx {slug}")


def judged_position(seed: int, width: int, height: int) -> tuple[ScoringInput, Judgement]:
    """A random finished position whose judgement also marks random strings seki and gives
    random owners (public points, one-sided points)."""
    rng = random.Random(seed)
    inp, judgement = random_finished_position(rng, width, height)
    return inp, with_random_marks(inp, judgement, rng)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(5, 13), st.integers(5, 13))
def test_random_judged_positions_draw_valid_gfx_under_every_method(seed, width, height) -> None:
    try:
        inp, judgement = judged_position(seed, width, height)
    except RuntimeError:
        assume(False)
    a = analyse(inp, judgement)
    for slug in METHODS:
        c = count(slug, inp, judgement, analysis=a)
        check_gfx(to_gfx(build_picture(c, inp.stones)), width, height)


# -- ownership, param, menu -------------------------------------------------------------------


def test_ownership_is_a_board_of_numbers_in_range_top_row_first(example) -> None:
    rows = ok(example, "weiqi-ownership").split("\n")
    assert len(rows) == 7
    values = [[float(v) for v in row.split(" ")] for row in rows]
    assert all(len(row) == 7 and all(-1 <= v <= 1 for v in row) for row in values)
    assert values[0][1] > 0 and values[0][5] < 0  # b7 black, f7 white (top row first)
    assert values[5][2] < 0  # the dead black stone on c2 is White's


def test_param_lists_rules_counting_komi_balance_and_bowl_as_gogui_reads_them(example) -> None:
    lines = ok(example, "weiqi-param").split("\n")
    keys = []
    for line in lines:
        m = re.fullmatch(r"\[(string|bool|list/[^\] ]+)\] (\S+)(?: (.*))?", line)
        assert m, line
        kind, key, value = m.groups()
        if kind.startswith("list/"):
            assert value in kind.split("/")[1:], line
        keys.append(key)
    assert keys == ["rules", "counting", "komi", "balance", "bowl"]


def test_param_changes_rules_counting_komi_balance_and_bowl() -> None:
    engine = build_engine(9, "jihuozi")
    ok(engine, "weiqi-param rules jipingdian-art")
    assert ok(engine, "weiqi-param").split("\n")[0].endswith(" rules jipingdian-art")
    ok(engine, "weiqi-param counting shulu")
    ok(engine, "weiqi-param komi -8")
    ok(engine, "weiqi-param balance negative_a")
    ok(engine, "weiqi-param bowl 40")
    rules = json.loads(ok(engine, "kata-get-rules"))
    assert (rules["counting"], rules["balance"], rules["bowl"]) == ("shulu", "negative_a", 40)
    assert float(ok(engine, "get_komi")) == -8
    assert " rules custom" in ok(engine, "weiqi-param")
    ok(engine, "weiqi-param balance default")
    assert json.loads(ok(engine, "kata-get-rules"))["balance"] == ""
    ok(engine, "weiqi-param rules custom")  # the list's own value: accepted, nothing changes
    assert json.loads(ok(engine, "kata-get-rules"))["counting"] == "shulu"


def test_param_refuses_bad_keys_and_values_and_changes_nothing() -> None:
    engine = build_engine(9, "jihuozi")
    before = (ok(engine, "kata-get-rules"), ok(engine, "get_komi"))
    for line in ("weiqi-param colour red", "weiqi-param counting nosuch",
                 "weiqi-param rules nosuch", "weiqi-param komi x", "weiqi-param bowl -1",
                 "weiqi-param balance sideways", "weiqi-param counting"):
        assert response(engine, line).startswith("? "), line
    assert (ok(engine, "kata-get-rules"), ok(engine, "get_komi")) == before
    assert "(did you mean zilu?)" in response(engine, "weiqi-param counting zilv")


def test_analyze_menu_offers_pictures_scores_param_ownership_and_dead_stone_editor() -> None:
    engine = build_engine(9, "jihuozi")
    entries = ok(engine, "gogui-analyze_commands").split("\n")
    labels_seen = [e.split("/")[1] for e in entries]
    assert len(labels_seen) == len(set(labels_seen))
    for e in entries:
        kind, label, command = e.split("/")  # three fields: the command holds no '/'
        assert ok(engine, f"known_command {command.split()[0]}") == "true"
    assert "gfx/计活子 子路 zilu/weiqi-gfx zilu" in entries
    for slug in METHODS:
        assert any(e.startswith("gfx/") and e.endswith(f"/weiqi-gfx {slug}") for e in entries)
        assert any(e.startswith("string/") and e.endswith(f"/final_score_{slug}")
                   for e in entries)
    assert "eplist/Dead stones/weiqi-dead_stones set" in entries
    assert any(e.startswith("param/") and e.endswith("/weiqi-param") for e in entries)
    assert any(e.startswith("dboard/") and e.endswith("/weiqi-ownership") for e in entries)


def test_dead_stone_editor_round_trip_changes_the_picture(example) -> None:
    engine = build_engine(7, "jihuozi")
    ok(engine, "komi 0")
    for m in EXAMPLE_MOVES:
        ok(engine, f"play {m[0]} {m[1:]}")
    ok(engine, "weiqi-dead_stones C2")
    assert ok(engine, "weiqi-dead_stones show") == "C2"
    assert lines_of(framed_gfx(engine, "weiqi-gfx zilu"), "MARK") == [["C2"]]
    ok(engine, "weiqi-set_status alive C2")
    assert lines_of(framed_gfx(engine, "weiqi-gfx zilu"), "MARK") == []


def test_asking_for_the_dead_stones_never_changes_the_score() -> None:
    """The bare command reads like a question and is one: the list, the score unchanged;
    `none` is the explicit way to count every string alive."""
    engine = build_engine(9, "chinese")
    ok(engine, "loadsgf tests/data/games/9/g9_004.sgf")
    before = ok(engine, "final_score")
    dead = ok(engine, "weiqi-dead_stones")
    assert dead and dead == ok(engine, "weiqi-dead_stones show")
    assert ok(engine, "final_score") == before
    ok(engine, "weiqi-dead_stones none")
    assert ok(engine, "weiqi-dead_stones") == ""
    assert ok(engine, "final_score") != before


def test_gogui_editable_list_asks_with_show_and_an_emptied_list_means_none_dead(example
                                                                                 ) -> None:
    """GoGui's eplist protocol (AnalyzeDialog, AnalyzeCommand.replaceWildCards): the entry's
    command plus ` show` to read the list, plus the edited points to set it, and the entry's
    command alone when the user emptied the list."""
    engine = build_engine(7, "jihuozi")
    ok(engine, "komi 0")
    for m in EXAMPLE_MOVES:
        ok(engine, f"play {m[0]} {m[1:]}")
    assert ok(engine, "weiqi-dead_stones set show") == "C2"
    ok(engine, "weiqi-dead_stones set C2")
    assert ok(engine, "weiqi-dead_stones set show") == "C2"
    ok(engine, "weiqi-dead_stones set")
    assert ok(engine, "weiqi-dead_stones") == ""
    assert engine.handle_line("weiqi-dead_stones show C2")[0].startswith("?")

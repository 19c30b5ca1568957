"""Pictures of a count as SVG (parsed with xml.etree) and PNG (decoded here with zlib and
struct), the count in words, and the README pictures of the 7x7 worked example."""

from __future__ import annotations

import math
import random
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from gtp_weiqi.counting import METHODS, analyse, count
from gtp_weiqi.counting.diagram import from_diagram
from gtp_weiqi.counting.samples import random_finished_position
from gtp_weiqi.pictures import build_picture, build_scene, png_of, summarise, svg_of
from gtp_weiqi.pictures.count_in_words import unit_for
from gtp_weiqi.pictures.examples import EXAMPLE_7X7, README_METHODS, example_pictures
from gtp_weiqi.pictures.font import GLYPH_H, GLYPH_W, GLYPHS, glyph
from gtp_weiqi.pictures.png import Canvas, parse_colour, render
from gtp_weiqi.pictures.scene import (
    BLACK_FILL,
    CELL,
    WHITE_FILL,
    WOOD,
    text_width,
    wrap,
)

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def example():
    inp, judgement = from_diagram(EXAMPLE_7X7, captured={"b": 1, "w": 1}, first_mover="w")
    return inp, judgement, analyse(inp, judgement)


def picture(example, slug, **params):
    inp, judgement, a = example
    return build_picture(count(slug, inp, judgement, analysis=a, **params), inp.stones)


# -- PNG decoding (independent of the writer) -------------------------------------------------


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, RGB rows) of an 8-bit RGB, non-interlaced PNG; checks every CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, []
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        (crc,) = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, kind
        chunks.append((kind, body))
        pos += 12 + n
    assert chunks[0][0] == b"IHDR" and chunks[-1] == (b"IEND", b"")
    width, height, depth, ctype, comp, filt, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, ctype, comp, filt, interlace) == (8, 2, 0, 0, 0)
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = width * 3
    assert len(raw) == height * (stride + 1)
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 2:  # the writer's filter: quick path
            line = bytearray((v + u) & 0xFF for v, u in zip(line, prev, strict=True))
            rows.append(bytes(line))
            prev = line
            continue
        for i in range(stride):
            a = line[i - 3] if i >= 3 else 0
            b = prev[i]
            c = prev[i - 3] if i >= 3 else 0
            if f == 1:
                line[i] = (line[i] + a) & 0xFF
            elif f == 2:
                line[i] = (line[i] + b) & 0xFF
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 0xFF
            else:
                assert f == 0, f
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def px(rows: list[bytes], x: float, y: float) -> tuple[int, int, int]:
    xi, yi = int(x), int(y)
    i = xi * 3
    return rows[yi][i], rows[yi][i + 1], rows[yi][i + 2]


def close(a: tuple[int, int, int], b: tuple[int, int, int], tol: int = 6) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b, strict=True))


# -- SVG ---------------------------------------------------------------------------------------


def svg_tree(pic) -> ET.Element:
    root = ET.fromstring(svg_of(pic))
    assert root.tag == f"{SVG}svg"
    return root


def by_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}{tag}") if e.get("class") == cls]


def all_text(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{SVG}text")]


def test_zilu_svg_draws_stones_blocks_eyes_routes_and_the_count(example) -> None:
    root = svg_tree(picture(example, "zilu"))
    assert len(by_class(root, "circle", "stone b")) == 19
    assert len(by_class(root, "circle", "stone w")) == 20
    assert len(by_class(root, "circle", "dead b")) == 1
    assert len(by_class(root, "rect", "eye b")) == 2 and len(by_class(root, "rect", "eye w")) == 4
    assert sorted(e.text for e in by_class(root, "text", "route b")) == ["1", "2", "3"]
    assert [e.text for e in by_class(root, "text", "route w")] == ["1"]
    blocks = [e for e in root.iter(f"{SVG}rect") if (e.get("class") or "").startswith("block ")]
    assert len(blocks) == 49 and len({e.get("fill") for e in blocks}) == 3
    texts = all_text(root)
    assert "黑 22 子 (19 子 + 3 路)" in texts and "白 21 子 (20 子 + 1 路)" in texts
    assert "黑胜 1 子" in texts and "Black wins by 1 stone (B+1)" in texts
    assert "基本眼位 basic eye" in texts and "死子 dead stone" in texts


def test_zikong_svg_shows_territory_and_white_wins(example) -> None:
    root = svg_tree(picture(example, "zikong"))
    assert len(by_class(root, "rect", "territory b")) == 5
    assert len(by_class(root, "rect", "territory w")) == 5
    assert "White wins by 1 point (W+1)" in all_text(root)


def test_refilled_board_of_shulu_draws_the_stones_put_in(example) -> None:
    root = svg_tree(picture(example, "shulu"))
    assert len(by_class(root, "circle", "placed b")) == 2
    assert len(by_class(root, "circle", "placed w")) == 1
    assert "黑 1 路 (3 目 − 2 眼)" in all_text(root)


@pytest.mark.parametrize("slug", list(METHODS))
def test_every_method_svg_parses_and_stays_inside_its_canvas(example, slug) -> None:
    root = svg_tree(picture(example, slug))
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    for e in root.iter(f"{SVG}circle"):
        cx, cy, r = (float(e.get(k)) for k in ("cx", "cy", "r"))
        assert 0 <= cx - r and cx + r <= width and 0 <= cy - r and cy + r <= height
    for e in root.iter(f"{SVG}rect"):
        x, y = float(e.get("x")), float(e.get("y"))
        assert 0 <= x <= width and 0 <= y <= height
    assert any(t.startswith("Black ") for t in all_text(root))


# -- PNG ---------------------------------------------------------------------------------------


def test_zikong_png_decodes_to_the_scene_size_with_the_right_colours(example) -> None:
    pic = picture(example, "zikong")
    scene = build_scene(pic, ascii_only=True)
    scale = 2.0
    w, h, rows = decode_png(png_of(pic, scale))
    assert (w, h) == (math.ceil(scene.width * scale), math.ceil(scene.height * scale))

    def at(point, dx=0.0, dy=0.0):
        x, y = scene.point_xy(point)
        return px(rows, (x + dx) * scale, (y + dy) * scale)

    x0, y0 = scene.origin
    assert close(px(rows, (x0 + 3) * scale, (y0 + 3) * scale), parse_colour(WOOD))
    assert close(at((6, 1)), parse_colour(BLACK_FILL))  # b7, a black stone
    assert close(at((3, 4)), parse_colour(WHITE_FILL))  # e4, a white stone
    assert close(at((6, 0)), parse_colour(BLACK_FILL))  # a7: Black's point, a black mark
    assert close(at((0, 0)), parse_colour(WHITE_FILL))  # a1: White's point, a white mark
    dead = at((1, 2), dx=CELL * 0.3, dy=CELL * 0.2)  # c2: dead, faded over the board
    wood, ink = parse_colour(WOOD), parse_colour(BLACK_FILL)
    assert all(min(p, q) + 10 < d < max(p, q) - 10 for d, p, q in zip(dead, ink, wood, strict=True)
               if abs(p - q) > 40)
    assert px(rows, 2, 2) == (255, 255, 255)  # the white page around the board


def test_zilu_png_fills_each_block_with_its_colour(example) -> None:
    pic = picture(example, "zilu")
    scene = build_scene(pic, ascii_only=True)
    _, _, rows = decode_png(png_of(pic, 1.0))
    for blk in pic.blocks:
        for point in blk.points[:3]:
            x, y = scene.point_xy(point)
            corner = px(rows, x - CELL * 0.44, y - CELL * 0.44)  # outside the stone
            assert close(corner, parse_colour(blk.fill), tol=12), (point, corner, blk.fill)


@pytest.mark.parametrize("slug", ["tianman_huozi", "huanqitou", "dengzi", "tromp_taylor"])
def test_other_methods_render_to_valid_png(example, slug) -> None:
    data = png_of(picture(example, slug), 1.0)
    w, h, rows = decode_png(data)
    assert w > 0 and h > 0 and len(rows) == h


def test_canvas_disc_covers_its_centre_and_ring_leaves_it_alone() -> None:
    c = Canvas(40, 40)
    c.disc(20, 20, 10, (0, 0, 0))
    assert c.pixel(20, 20) == (0, 0, 0) and c.pixel(2, 2) == (255, 255, 255)
    c.ring(20, 20, 15, 2, (255, 0, 0))
    assert c.pixel(20, 20) == (0, 0, 0) and c.pixel(35, 20)[0] == 255
    assert c.pixel(35, 20)[1] < 128


def test_canvas_text_draws_ink_only_inside_its_box() -> None:
    c = Canvas(60, 20)
    c.text(2, 10, "B+1", 2, (0, 0, 0))
    inked = [(x, y) for y in range(20) for x in range(60) if c.pixel(x, y) != (255, 255, 255)]
    assert inked
    assert max(x for x, _ in inked) < 2 + 3 * (GLYPH_W + 1) * 2
    assert max(y for _, y in inked) - min(y for _, y in inked) < GLYPH_H * 2


def test_random_19x19_position_renders() -> None:
    inp, judgement = random_finished_position(random.Random(5), 19, 19)
    pic = build_picture(count("zilu", inp, judgement), inp.stones)
    w, h, _ = decode_png(png_of(pic, 1.0))
    assert w >= 19 * CELL and h >= 19 * CELL
    ET.fromstring(svg_of(pic))


# -- words -------------------------------------------------------------------------------------


def test_every_method_explains_the_worked_example_in_both_languages(example) -> None:
    inp, judgement, a = example
    for slug in METHODS:
        s = summarise(count(slug, inp, judgement, analysis=a))
        for c in "bw":
            assert s.sides[c].zh and s.sides[c].en, (slug, c)
        assert s.line_zh().startswith("黑 ") and s.line_en().startswith("Black ")


@pytest.mark.parametrize("slug, params, zh", [
    ("tianman_huozi", {"bowl": 24}, "黑 22 子 (碗 24 − 余 2), 白 21 子 (碗 24 − 余 3); 黑胜 1 子"),
    ("tinglu", {}, "黑 21 局子 (19 子 + 填 2 路), 白 20 局子 (20 子); 黑胜 1 子"),
    ("huanqitou", {}, "黑 25 复子 (19 子 + 5 空 + 1 还棋头), 白 24 复子 (20 子 + 5 空 − 1 还棋头)"),
    ("tianman_pingdian", {}, "黑 24 点 (碗 24 − 余 0), 白 25 点 (碗 24 + 未填 1 空); 白胜 1 点"),
    ("dengzi", {"balance": "art"}, "黑 3 目 (局子 21), 白 4 目 (局子 21); 白胜 1 点"),
    ("territory", {}, "黑 3 目 (5 空 − 2 俘), 白 4 目 (5 空 − 1 俘); 白胜 1 目"),
])
def test_summaries_read_as_design_table(example, slug, params, zh) -> None:
    inp, judgement, a = example
    line = summarise(count(slug, inp, judgement, analysis=a, **params)).line_zh()
    assert line.startswith(zh)


def test_komi_is_named_with_the_side_that_pays() -> None:
    inp, j = from_diagram(EXAMPLE_7X7, captured={"b": 1, "w": 1}, first_mover="w", komi=-8)
    s = summarise(count("zilu", inp, j))
    assert s.komi_zh == "白贴 8" and "komi 8 to Black" in s.line_en()
    assert s.result_zh == "黑胜 9 子"
    inp, j = from_diagram(EXAMPLE_7X7, captured={"b": 1, "w": 1}, komi=7.5)
    s = summarise(count("zikong", inp, j))
    assert s.komi_zh == "黑贴 7.5" and s.result_en == "White wins by 8.5 points (W+8.5)"


def test_units_are_singular_for_one() -> None:
    assert unit_for("routes", "1") == "route" and unit_for("routes", "2") == "routes"
    assert unit_for("stones on the board", "1") == "stone on the board"


def test_wrap_keeps_pieces_within_the_width() -> None:
    text = "Black 25 compound stones (19 stones + 5 own points + 1 block head) " * 2
    pieces = wrap(text.strip(), 12, 300)
    assert len(pieces) > 1 and all(text_width(p, 12) <= 300 for p in pieces)
    assert " ".join(p.strip() for p in pieces) == text.strip()


def test_font_has_5x7_glyphs_and_falls_back_to_a_question_mark() -> None:
    for ch, cells in GLYPHS.items():
        assert all(0 <= x < GLYPH_W and 0 <= y < GLYPH_H for x, y in cells), ch
    for ch in "ABCDEFGHJKLMNOPQRSTUVWXYZ0123456789+-=():.?":
        assert glyph(ch), ch
    assert glyph("黑") == glyph("?") and glyph("b") == glyph("B") and glyph("\u2212") == glyph("-")


# -- the README pictures -----------------------------------------------------------------------


@pytest.mark.parametrize("slug", README_METHODS)
def test_readme_pictures_are_current(slug) -> None:
    """docs/images is written by `python -m gtp_weiqi.pictures.examples`; rerun it when this
    fails after a change to the counting or the drawing."""
    pic = example_pictures()[slug]
    svg_path = IMAGES / f"example-7x7-{slug}.svg"
    png_path = IMAGES / f"example-7x7-{slug}.png"
    assert svg_path.read_text(encoding="utf-8") == svg_of(pic)
    assert decode_png(png_path.read_bytes()) == decode_png(png_of(pic))
    assert svg_path.stat().st_size < 40_000 and png_path.stat().st_size < 80_000


def test_readme_pictures_show_b_plus_1_under_zilu_and_w_plus_1_under_zikong() -> None:
    zilu = ET.parse(IMAGES / "example-7x7-zilu.svg").getroot()
    zikong = ET.parse(IMAGES / "example-7x7-zikong.svg").getroot()
    assert "Black wins by 1 stone (B+1)" in all_text(zilu)
    assert "White wins by 1 point (W+1)" in all_text(zikong)


def test_png_render_matches_canvas_size() -> None:
    pic = example_pictures(("zilu",))["zilu"]
    scene = build_scene(pic, ascii_only=True)
    canvas = render(scene, 1.5)
    assert (canvas.width, canvas.height) == (math.ceil(scene.width * 1.5),
                                             math.ceil(scene.height * 1.5))

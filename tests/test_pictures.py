"""Pictures of a count: the SVG (parsed with xml.etree), the PNG rendered from it (decoded with
Pillow), the Chinese lines drawn in the PNG, the block outlines, the count in words, and the
README pictures of the 7x7 worked example."""

from __future__ import annotations

import io
import random
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import unavailable
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat
from support.counting_diagram import from_diagram
from support.doc_images import README_METHODS, example_pictures
from support.finished_positions import random_finished_position
from support.worked_example import CAPTURED, EXAMPLE_7X7, example_input

from gtp_weiqi.counting import METHODS, analyse, count
from gtp_weiqi.pictures import (
    FirstMoveNote,
    PngUnavailable,
    build_picture,
    build_scene,
    png_of,
    summarise,
    svg_of,
    svg_to_png,
    to_gfx,
)
from gtp_weiqi.pictures.count_in_words import unit_for
from gtp_weiqi.pictures.scene import (
    BLACK_FILL,
    CELL,
    DEAD,
    PAD,
    TITLE,
    WHITE_FILL,
    WOOD,
    Rect,
    Scene,
    Text,
    mix,
    outline,
    text_width,
    tint,
    wrap,
)
from gtp_weiqi.pictures.svg import to_svg

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
SVG = "{http://www.w3.org/2000/svg}"
RGB = tuple[int, int, int]


@pytest.fixture(scope="module")
def example():
    inp, judgement = example_input()
    return inp, judgement, analyse(inp, judgement)


def picture(example, slug, **params):
    inp, judgement, a = example
    return build_picture(count(slug, inp, judgement, analysis=a, **params), inp.stones)


def rgb(colour: str) -> RGB:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def close(a: RGB, b: RGB, tol: int = 6) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b, strict=True))


def decode(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


# -- SVG ---------------------------------------------------------------------------------------


def svg_tree(pic) -> ET.Element:
    root = ET.fromstring(svg_of(pic))
    assert root.tag == f"{SVG}svg"
    return root


def paths(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}path") if e.get("class") == cls]


def pieces(root: ET.Element, cls: str) -> int:
    """How many marks the layer `cls` holds: its paths' subpaths (one M each)."""
    return sum(e.get("d", "").count("M") for e in paths(root, cls))


def texts(root: ET.Element, cls: str) -> list[str]:
    """The texts of class `cls`, alone or in a group of that class."""
    out = [e.text or "" for e in root.iter(f"{SVG}text") if e.get("class") == cls]
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == cls:
            out += [e.text or "" for e in g.iter(f"{SVG}text")]
    return out


def all_text(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{SVG}text")]


def loops_of(d: str) -> list[list[tuple[float, float]]]:
    """The corner points of path data made of M, H, V and z only."""
    loops: list[list[tuple[float, float]]] = []
    x = y = 0.0
    for op, args in re.findall(r"([MHVz])([^MHVz]*)", d):
        if op == "M":
            x, y = (float(v) for v in args.split())
            loops.append([(x, y)])
        elif op == "H":
            x = float(args)
            loops[-1].append((x, y))
        elif op == "V":
            y = float(args)
            loops[-1].append((x, y))
    return loops


def signed_area(loop: list[tuple[float, float]]) -> float:
    """Shoelace area; positive for a loop clockwise on screen (y down)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
               in zip(loop, loop[1:] + loop[:1], strict=True)) / 2


def winding(loops: list[list[tuple[float, float]]], px: float, py: float) -> int:
    """The nonzero-rule winding number of a point (rays to the right)."""
    w = 0
    for loop in loops:
        for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1], strict=True):
            if x0 == x1 and x0 > px and min(y0, y1) < py < max(y0, y1):
                w += 1 if y1 > y0 else -1
    return w


def test_zilu_svg_draws_stones_blocks_eyes_and_each_sides_routes(example) -> None:
    root = svg_tree(picture(example, "zilu"))
    assert pieces(root, "stone b") == 19 and pieces(root, "stone w") == 20
    assert pieces(root, "dead b") == 1
    assert pieces(root, "eye b") == 2 and pieces(root, "eye w") == 4
    assert texts(root, "route b") == ["1", "2", "3"] and texts(root, "route w") == ["1"]
    # each side's routes on its own badge: dark for Black, white for White
    (black,), (white,) = paths(root, "route badge b"), paths(root, "route badge w")
    assert black.get("fill") == BLACK_FILL and white.get("fill") == WHITE_FILL
    assert pieces(root, "route badge b") == 3 and pieces(root, "route badge w") == 1
    blocks = [e for e in root.iter(f"{SVG}path") if (e.get("class") or "").startswith("block ")]
    assert len(blocks) == 3 and len({e.get("fill") for e in blocks}) == 3
    area = sum(signed_area(loop) for e in blocks for loop in loops_of(e.get("d")))
    assert area == pytest.approx(49 * CELL * CELL)  # one outline per block covers the board
    found = all_text(root)
    assert "黑 22 子 (19 子 + 3 路)" in found and "白 21 子 (20 子 + 1 路)" in found
    assert "黑胜 1 子" in found and "Black wins by 1 stone (B+1)" in found
    assert "基本眼位 basic eye" in found and "死子 dead stone" in found
    assert "黑路 Black's route" in found and "白路 White's route" in found


def test_the_legend_shows_each_sides_block_shades_and_names_their_hue(example) -> None:
    from gtp_weiqi.pictures.picture import BLOCK_FILLS

    root = svg_tree(picture(example, "zilu"))
    for side, label in (("b", "黑棋块 (蓝) Black blocks (blue)"),
                        ("w", "白棋块 (红) White blocks (red)")):
        assert label in texts(root, "legend text")
        swatch = [e.get("fill") for e in root.iter(f"{SVG}rect")
                  if e.get("class") == f"legend block {side}"]
        assert swatch == [tint(c) for c in BLOCK_FILLS[side][:2]]
        on_board = {e.get("fill") for e in root.iter(f"{SVG}path")
                    if e.get("class") == f"block {side}"}
        assert on_board and on_board <= {tint(c) for c in BLOCK_FILLS[side]}


@pytest.mark.parametrize("slug", [s for s in METHODS if s != "tromp_taylor"])
def test_every_method_keeps_the_dead_stones_mark(example, slug) -> None:
    """Tromp–Taylor removes nothing; every other method took C2 off as dead, and its picture
    says so with a cross, in its centre or, where the method put a stone or a mark there
    (the fill-in methods refill it), at its corner."""
    pic = picture(example, slug)
    assert pic.dead == [(1, 2)]
    root = svg_tree(pic)
    assert pieces(root, "dead mark") == 2  # one cross: two strokes
    assert "MARK C2" in to_gfx(pic).splitlines()


@pytest.mark.parametrize("lang", ["en", "zh", "both"])
def test_titles_wrap_instead_of_being_cut(example, lang) -> None:
    for slug in METHODS:
        scene = build_scene(picture(example, slug), lang)
        lines = [t for t in scene.items if isinstance(t, Text) and t.cls == "title"]
        assert " ".join(t.text for t in lines) == scene.title and "…" not in scene.title
        result = next(t for t in scene.items if isinstance(t, Text) and t.cls == "result")
        for t in lines:
            assert PAD + text_width(t.text, 15) <= result.x - text_width(result.text, 15)
        assert scene.origin[1] >= lines[-1].y + 15  # the board starts below the last line
    assert "fill-in stone counting, basic eyes kept tianman_huozi" in [
        build_scene(picture(example, "tianman_huozi"), "en").title]


def test_zikong_svg_shows_each_sides_points_and_white_wins(example) -> None:
    root = svg_tree(picture(example, "zikong"))
    assert pieces(root, "territory b") == 5 and pieces(root, "territory w") == 5
    assert "White wins by 1 point (W+1)" in all_text(root)


def test_refilled_board_of_shulu_draws_the_stones_put_in(example) -> None:
    root = svg_tree(picture(example, "shulu"))
    assert pieces(root, "placed b") == 2 and pieces(root, "placed w") == 1
    assert texts(root, "placed number b") == ["1", "2"]
    assert "黑 1 路 (3 目 − 2 眼)" in all_text(root)


@pytest.mark.parametrize("slug", list(METHODS))
def test_every_method_svg_is_plain_svg_1_1_inside_its_canvas(example, slug) -> None:
    text = svg_of(picture(example, slug))
    root = ET.fromstring(text)
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    # what some renderers ignore or get wrong is not used (cairo: paint-order, librsvg and
    # ImageMagick: dominant-baseline, ImageMagick: opacity)
    for attr in ("paint-order", "dominant-baseline", "opacity", "fill-opacity"):
        assert f" {attr}=" not in text, attr
    for e in root.iter():
        x, y = e.get("x"), e.get("y")
        if x is not None:
            assert 0 <= float(x) <= width and 0 <= float(y) <= height, e.attrib
    for e in root.iter(f"{SVG}path"):
        for x, y in re.findall(r"M(-?[\d.]+) (-?[\d.]+)", e.get("d")):
            assert 0 <= float(x) <= width and 0 <= float(y) <= height, e.get("class")
    assert any(t.startswith("Black ") for t in all_text(root))


def test_the_svg_stays_small_on_a_full_19x19_board() -> None:
    inp, judgement = random_finished_position(random.Random(5), 19, 19)
    pic = build_picture(count("zilu", inp, judgement), inp.stones)
    text = svg_of(pic)
    ET.fromstring(text)
    assert len(text.encode()) < 60_000
    # one path per layer, not one element per point
    assert text.count("<path") < 40 and text.count("<rect") < 20


@settings(max_examples=150, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1))
def test_block_outline_paints_exactly_its_cells(cells) -> None:
    """Holes, corner contacts and several pieces: the nonzero rule fills the cells and only
    them, and the loops have no point on a straight run."""
    loops = [[(float(c), float(r)) for c, r in loop] for loop in outline(cells)]
    for c in range(6):
        for r in range(6):
            assert (winding(loops, c + 0.5, r + 0.5) != 0) == ((c, r) in cells), (c, r)
    assert sum(signed_area(loop) for loop in loops) == len(cells)
    for loop in loops:
        for i, p in enumerate(loop):
            a, b = loop[i - 1], loop[(i + 1) % len(loop)]
            assert not (a[0] == p[0] == b[0] or a[1] == p[1] == b[1]), loop


# -- PNG ---------------------------------------------------------------------------------------


def at(scene: Scene, image: Image.Image, scale: float, point, dx: float = 0.0,
       dy: float = 0.0) -> RGB:
    x, y = scene.point_xy(point)
    return image.getpixel((int((x + dx) * scale), int((y + dy) * scale)))


def test_zikong_png_is_the_svg_at_scale_with_the_right_colours(example) -> None:
    pic = picture(example, "zikong")
    scene = build_scene(pic)
    image = decode(png_of(pic, 2.0))
    assert image.size == (round(scene.width * 2), round(scene.height * 2))
    x0, y0 = scene.origin
    assert close(image.getpixel((int((x0 + 3) * 2), int((y0 + 3) * 2))), rgb(WOOD))
    assert close(at(scene, image, 2, (6, 1)), rgb(BLACK_FILL))  # b7, a black stone
    assert close(at(scene, image, 2, (3, 4)), rgb(WHITE_FILL))  # e4, a white stone
    assert close(at(scene, image, 2, (6, 0)), rgb(BLACK_FILL))  # a7: Black's point, dark mark
    assert close(at(scene, image, 2, (0, 0)), rgb(WHITE_FILL))  # a1: White's point, white mark
    # c2: the dead black stone, faded over the wood; White's point marked on it
    faded = mix(BLACK_FILL, WOOD, 0.4)
    assert close(at(scene, image, 2, (1, 2), dx=-CELL * 0.3), rgb(faded))
    assert close(at(scene, image, 2, (1, 2)), rgb(WHITE_FILL))
    assert image.getpixel((2, 2)) == (255, 255, 255)  # the white page around the board


def test_zilu_png_fills_each_block_with_its_colour_without_seams(example) -> None:
    pic = picture(example, "zilu")
    scene = build_scene(pic)
    image = decode(png_of(pic, 1.0))
    for blk in pic.blocks:
        for point in blk.points:
            for dx, dy in ((-0.49, -0.49), (0.49, 0.49), (-0.49, 0.49), (0.49, -0.49)):
                corner = at(scene, image, 1, point, CELL * dx, CELL * dy)
                assert close(corner, rgb(tint(blk.fill)), tol=20), (point, corner, blk.fill)


def test_routes_are_numbered_on_badges_and_a_dead_stones_cross_moves_aside(example) -> None:
    """zilu: Black's routes a7, a6, a5 on dark badges, White's route c2 on a white badge over
    the dead black stone, whose cross moves to the stone's corner."""
    pic = picture(example, "zilu")
    scene = build_scene(pic)
    image = decode(png_of(pic, 2.0))

    def box(point, half: float) -> list[RGB]:
        x, y = scene.point_xy(point)
        return [image.getpixel((int((x + dx) * 2), int((y + dy) * 2)))
                for dx in range(-int(half), int(half) + 1)
                for dy in range(-int(half), int(half) + 1)]

    for point in ((6, 0), (5, 0), (4, 0)):
        inside = box(point, 5)
        assert sum(close(p, rgb(BLACK_FILL), 30) for p in inside) > len(inside) / 3
        assert any(min(p) > 200 for p in inside)  # white digits
        assert not any(close(p, rgb(WOOD), 30) for p in inside)  # no grid or wood through
    inside = box((1, 2), 5)
    assert sum(close(p, rgb(WHITE_FILL), 30) for p in inside) > len(inside) / 3
    assert any(max(p) < 80 for p in inside)  # dark digit
    assert not any(close(p, rgb(DEAD), 60) for p in inside)  # no cross over the number
    corner = box((1, 2), 0)  # one pixel; the cross is up and to the right
    x, y = scene.point_xy((1, 2))
    corner = [image.getpixel((int((x + dx) * 2), int((y - dy) * 2)))
              for dx in range(7, 13) for dy in range(7, 13)]
    assert any(close(p, rgb(DEAD), 60) for p in corner)


@pytest.mark.parametrize("slug", ["tianman_huozi", "huanqitou", "dengzi", "tromp_taylor"])
def test_other_methods_render_to_png(example, slug) -> None:
    pic = picture(example, slug)
    scene = build_scene(pic)
    assert decode(png_of(pic, 1.0)).size == (round(scene.width), round(scene.height))


def test_random_19x19_position_renders() -> None:
    inp, judgement = random_finished_position(random.Random(5), 19, 19)
    pic = build_picture(count("zilu", inp, judgement), inp.stones)
    w, h = decode(png_of(pic, 1.0)).size
    assert w >= 19 * CELL and h >= 19 * CELL


def test_png_refuses_a_bad_scale_and_says_what_to_install(example, monkeypatch) -> None:
    pic = picture(example, "zilu")
    with pytest.raises(ValueError, match="between 0.5 and 8"):
        png_of(pic, 100)
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # as if it were not installed
    with pytest.raises(PngUnavailable, match=r"pip install 'gtp_weiqi\[png\]'"):
        png_of(pic)


# -- Chinese in the PNG ------------------------------------------------------------------------


def render_line(text: str, width: float, height: float, scale: float = 2.0) -> Image.Image:
    """One line of bold 15-unit text where a picture puts its title, rendered alone."""
    scene = Scene(width, height, "probe")
    scene.items += [Rect(0, 0, width, height, fill="#ffffff"),
                    Text(PAD, PAD + TITLE / 2, text, 15, bold=True)]
    return decode(svg_to_png(to_svg(scene), scale))


def ink(image: Image.Image) -> int:
    """How many pixels are darker than mid grey."""
    return sum(image.convert("L").histogram()[:128])


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of two images, per channel value (0..255)."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_png_draws_the_chinese_title_not_missing_glyph_boxes(example) -> None:
    """The title band of zilu's PNG holds 子路合计法 as a render of that string alone draws it,
    and not what a string of five characters no font has (boxes, or nothing) looks like; two
    different characters draw differently, which boxes would not."""
    pic = picture(example, "zilu")
    zh = pic.summary.title_zh
    assert zh == "子路合计法"
    scene = build_scene(pic)
    band = (0, 0, int((PAD + text_width(zh, 15)) * 2), int((PAD + TITLE) * 2))
    title = decode(png_of(pic, 2.0)).crop(band)
    alone = render_line(zh, scene.width, scene.height).crop(band)
    missing = render_line("\U000f0001" * len(zh), scene.width, scene.height).crop(band)
    if ink(title) < 200 or difference(title, missing) < 4:
        unavailable("no CJK font: apt install fonts-noto-cjk (CI must install it)",
                    "no CJK font installed (apt install fonts-noto-cjk)")
    assert difference(title, alone) < 1.0
    assert difference(title, missing) > 4 * max(difference(title, alone), 0.5)
    one, two = (render_line(ch, 60, 50).crop((0, 0, 120, 100)) for ch in "子路")
    assert ink(one) > 50 and ink(two) > 50 and difference(one, two) > 2


def test_a_missing_cjk_font_is_noticed(monkeypatch) -> None:
    """draws_chinese() probes the renderer: with the system's fonts it finds Chinese glyphs;
    with no fonts at all (a real render, told to skip them) it does not."""
    import resvg_py

    from gtp_weiqi.pictures import draws_chinese

    draws_chinese.cache_clear()
    try:
        if not draws_chinese():
            unavailable("no CJK font: apt install fonts-noto-cjk (CI must install it)",
                        "no CJK font installed (apt install fonts-noto-cjk)")
        draws_chinese.cache_clear()
        real = resvg_py.svg_to_bytes
        monkeypatch.setattr(resvg_py, "svg_to_bytes",
                            lambda **kw: real(**kw, skip_system_fonts=True))
        assert draws_chinese() is False
    finally:
        draws_chinese.cache_clear()


# -- other renderers ---------------------------------------------------------------------------


def other_renderers(svg: str, tmp_path: Path) -> dict[str, Image.Image]:
    """The SVG rendered at scale 2 by cairo (CairoSVG) and by librsvg (rsvg-convert)."""
    try:
        import cairosvg
    except (ImportError, OSError):  # OSError: the cairo library itself is missing
        unavailable("cairosvg or libcairo2 is missing (CI installs both)",
                    "cairosvg or libcairo2 is missing")
    rsvg = shutil.which("rsvg-convert")
    if rsvg is None:
        unavailable("rsvg-convert is not installed (CI must install librsvg2-bin)",
                    "rsvg-convert is not installed (apt install librsvg2-bin)")
    path = tmp_path / "picture.svg"
    path.write_text(svg, encoding="utf-8")
    out = subprocess.run([rsvg, "-z", "2", str(path)], capture_output=True, timeout=60,
                         check=True).stdout
    return {"cairo": decode(cairosvg.svg2png(bytestring=svg.encode(), scale=2)),
            "librsvg": decode(out)}


@pytest.mark.parametrize("slug", ["zilu", "shulu", "zikong", "huanqitou"])
def test_cairo_and_librsvg_draw_every_point_as_resvg_does(example, slug, tmp_path) -> None:
    """The SVG uses nothing another renderer draws differently (cairo ignores paint-order,
    for one): on every board point the three renders agree but for anti-aliasing.  A halo
    drawn with paint-order differs by more than 10 on a route number's point."""
    pic = picture(example, slug)
    scene = build_scene(pic)
    ours = decode(png_of(pic, 2.0))
    for name, theirs in other_renderers(svg_of(pic), tmp_path).items():
        assert theirs.size == ours.size, name
        for point in ((r, c) for r in range(pic.height) for c in range(pic.width)):
            x, y = scene.point_xy(point)
            cell = tuple(int(v * 2) for v in (x - CELL / 2, y - CELL / 2, x + CELL / 2,
                                                y + CELL / 2))
            assert difference(theirs.crop(cell), ours.crop(cell)) < 5, (name, point)


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
    inp, j = example_input(komi=-8)
    s = summarise(count("zilu", inp, j))
    assert s.komi_zh == "白贴 8" and "komi 8 to Black" in s.line_en()
    assert s.result_zh == "黑胜 9 子"
    inp, j = from_diagram(EXAMPLE_7X7, captured=CAPTURED, komi=7.5)
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


# -- the README pictures -----------------------------------------------------------------------


@pytest.mark.parametrize("slug", README_METHODS)
def test_readme_pictures_are_current(slug) -> None:
    """docs/images is written by `python tests/support/doc_images.py`; rerun it when this
    fails after a change to the counting or the drawing.  The PNG may differ from a fresh
    render by anti-aliasing only (the fonts are the system's: fonts-noto-cjk)."""
    pic = example_pictures()[slug]
    svg_path = IMAGES / f"example-7x7-{slug}.svg"
    png_path = IMAGES / f"example-7x7-{slug}.png"
    assert svg_path.read_text(encoding="utf-8") == svg_of(pic)
    stored, fresh = decode(png_path.read_bytes()), decode(png_of(pic))
    assert stored.size == fresh.size
    assert difference(stored, fresh) < 1.0
    assert svg_path.stat().st_size < 12_000 and png_path.stat().st_size < 150_000


def test_readme_pictures_show_b_plus_1_under_zilu_and_w_plus_1_under_zikong() -> None:
    zilu = ET.parse(IMAGES / "example-7x7-zilu.svg").getroot()
    zikong = ET.parse(IMAGES / "example-7x7-zikong.svg").getroot()
    assert "Black wins by 1 stone (B+1)" in all_text(zilu)
    assert "White wins by 1 point (W+1)" in all_text(zikong)


# -- unclear strings and why ---------------------------------------------------------------------

# The example with two strings taken as unclear: G1 without a reason, A4 (Black's left group)
# one whose fate depends on who moves first.
WHY_A4 = FirstMoveNote((3, 0), "黑先活 (A7)，白先死 (A7)",
                       "depends on who moves first: Black first alive (A7), White first "
                       "dead (A7)")


def test_a_string_that_depends_on_who_moves_first_is_marked_apart_and_explained(example
                                                                                ) -> None:
    inp, judgement, a = example
    pic = build_picture(count("zikong", inp, judgement, analysis=a), inp.stones, [(0, 6)],
                        [WHY_A4])
    assert pic.unclear == [(3, 0), (0, 6)] and pic.plain_unclear() == [(0, 6)]
    assert [kind for kind, _, _ in pic.legend()][-2:] == ["unclear", "first_move"]
    root = svg_tree(pic)
    assert pieces(root, "unclear badge") == 1  # G1: '?' on white
    assert pieces(root, "unclear first_move badge") == 1  # A4: '?' on purple
    assert "先手决定 depends on who moves first" in texts(root, "legend text")
    zh = "未定 A4: 黑先活 (A7)，白先死 (A7)"
    en = ("unclear A4: depends on who moves first: Black first alive (A7), White first dead "
          "(A7)")
    for lang, said in (("both", [zh, en]), ("zh", [zh]), ("en", [en])):
        shown = ET.fromstring(svg_of(pic, lang))
        pieces_shown = texts(shown, "first_move")  # below the count, wrapped to the width
        assert " ".join(piece.strip() for piece in pieces_shown) == " ".join(said), lang
        assert [line for line in to_gfx(pic, lang).splitlines() if "A4:" in line] == [
            f"TEXT {line}" for line in said]
    assert "LABEL" in to_gfx(pic) and "A4 ?" in to_gfx(pic) and "G1 ?" in to_gfx(pic)
    decode(png_of(pic, 1.0, "en"))

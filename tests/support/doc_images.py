"""The pictures of the 7x7 worked example shown in the README (docs/counting.md §2; 图一 of
燕来's 《不计活子非好汉》 and of his article on the five 计活子 methods).

    python tests/support/doc_images.py [DIR]     (default docs/images)

writes example-7x7-zilu.svg / .png (计活子: stones plus routes, B+1) and
example-7x7-zikong.svg / .png (计枰点: stones plus own points, W+1).
"""

from __future__ import annotations

import sys
from pathlib import Path

if not __package__:  # run as a script: this tree's tests/ and package first
    _ROOT = Path(__file__).resolve().parents[2]
    sys.path[:0] = [str(_ROOT / "tests"), str(_ROOT)]

from gtp_weiqi.core.files import atomic_write  # noqa: E402
from gtp_weiqi.counting import analyse, count  # noqa: E402
from gtp_weiqi.pictures import build_picture, png_of, svg_of  # noqa: E402
from gtp_weiqi.pictures.picture import Picture  # noqa: E402
from support.worked_example import example_input  # noqa: E402

README_METHODS = ("zilu", "zikong")


def example_pictures(methods: tuple[str, ...] = README_METHODS) -> dict[str, Picture]:
    """The pictures of the worked example under each method."""
    inp, judgement = example_input()
    a = analyse(inp, judgement)
    return {slug: build_picture(count(slug, inp, judgement, analysis=a), inp.stones)
            for slug in methods}


def write_examples(directory: str | Path = "docs/images") -> list[Path]:
    """Write the README pictures; returns the files written."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for slug, pic in example_pictures().items():
        svg = out / f"example-7x7-{slug}.svg"
        atomic_write(svg, svg_of(pic).encode("utf-8"))
        png = out / f"example-7x7-{slug}.png"
        atomic_write(png, png_of(pic))
        written += [svg, png]
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    for path in write_examples(args[0] if args else "docs/images"):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

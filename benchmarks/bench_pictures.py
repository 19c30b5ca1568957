"""PNG pictures of a count: resvg-py (what `png_of` uses) against librsvg and cairo.

For a finished position of 9x9, 13x13 and 19x19 (seeded, from tests/support/finished_positions.py),
counted by 子路 zilu, it prints the milliseconds to make the PNG at scale 2 (best of 5 batch
means):

- ours: `png_of` in process, the SVG written and rendered by resvg;
- rsvg-convert: librsvg's command line on the same SVG, process start included (the peer);
- cairosvg: CairoSVG in process on the same SVG, when it is installed;
- ratio: ours / rsvg-convert, measured in the same run.

    python benchmarks/bench_pictures.py [--reps 5]
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this tree's package and the tests' support

from support.finished_positions import random_finished_position  # noqa: E402

from gtp_weiqi.counting import count  # noqa: E402
from gtp_weiqi.pictures import build_picture, png_of, svg_of  # noqa: E402

SCALE = 2.0


def best(fn: Callable[[], object], reps: int) -> float:
    """Seconds per call: the best of 5 batch means."""
    means = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(reps):
            fn()
        means.append((time.perf_counter() - start) / reps)
    return min(means)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=5, help="calls per batch")
    args = parser.parse_args()
    rsvg = shutil.which("rsvg-convert")
    if rsvg is None:
        print("rsvg-convert not found (apt install librsvg2-bin)")
        return 1
    try:
        import cairosvg
    except (ImportError, OSError):
        cairosvg = None
    print(f"{'board':>7} {'SVG kB':>7} {'PNG kB':>7} {'ours ms':>8} {'rsvg ms':>8} "
          f"{'cairo ms':>9} {'ratio':>6}")
    for size in (9, 13, 19):
        inp, judgement = random_finished_position(random.Random(size), size, size)
        pic = build_picture(count("zilu", inp, judgement), inp.stones)
        svg = svg_of(pic)
        png = png_of(pic, SCALE)
        ours = best(lambda pic=pic: png_of(pic, SCALE), args.reps)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "picture.svg"
            path.write_text(svg, encoding="utf-8")
            peer = best(lambda path=path: subprocess.run(
                [rsvg, "-z", str(SCALE), str(path)], check=True, stdout=subprocess.DEVNULL),
                args.reps)
        cairo = "" if cairosvg is None else "{:9.1f}".format(1000 * best(
            lambda svg=svg: cairosvg.svg2png(bytestring=svg.encode(), scale=SCALE), args.reps))
        print(f"{size:>4}x{size:<2} {len(svg.encode()) / 1000:7.1f} {len(png) / 1000:7.1f} "
              f"{1000 * ours:8.1f} {1000 * peer:8.1f} {cairo:>9} {ours / peer:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

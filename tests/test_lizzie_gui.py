"""Lizzie 0.7.4 (Debian `liblizzie-java`), the real Java program, analyses with gtp-weiqi as its
engine under Xvfb, configured with configs/lizzie-config.txt and no wrapper: the engine's
`--log` shows Lizzie's version check passed (Lizzie starts pondering only after it; with the
package version as the answer it stops at its "requires version 0.15" dialog instead) and
the `lz-analyze` stream, and the screen shows Lizzie's coloured candidate marks on the board.
Every process started (Xvfb, Java, the engine) is stopped at the end, also on failure."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from gui_support import (
    Screen,
    exchanges,
    group_alive,
    line_centres,
    require,
    start_xvfb,
    stop_group,
    wait_for,
)
from support.katago import katago_command, require_katago
from test_proxy_lead import LEELA_CANDIDATE

LIZZIE_JAR = "/usr/share/java/lizzie.jar"
CONFIG = Path(__file__).resolve().parent.parent / "configs" / "lizzie-config.txt"
WIDTH, HEIGHT = 1280, 900
DEADLINE = 240.0
SIZE = 19


def lizzie_home(tmp_path: Path, log: Path, config_file: Path = CONFIG,
                katago: str | None = None) -> Path:
    """A HOME whose Lizzie config is the shipped one, with this tree's engine in place of
    the installed `gtp-weiqi` and a transcript added (and the real KataGo command line in
    place of the config's placeholder)."""
    config = json.loads(config_file.read_text())
    command = config["leelaz"]["engine-command"]
    assert command.startswith("gtp-weiqi ")
    command = command.replace("gtp-weiqi", f"{sys.executable} -m gtp_weiqi --log {log}", 1)
    if katago is not None:
        placeholder = "katago gtp -model MODEL.bin.gz -config gtp.cfg"
        assert placeholder in command
        command = command.replace(placeholder, katago)
    config["leelaz"]["engine-command"] = command
    home = tmp_path / "home"
    (home / ".config" / "leela-zero").mkdir(parents=True)
    (home / ".config" / "leela-zero" / "lizzie-config.txt").write_text(json.dumps(config))
    return home


def board_lines(screen: Screen, data: bytes) -> tuple[list[int], list[int]] | None:
    """The x of the main board's columns and the y of its rows: in the wooden area, the
    lines dark for much of its length, the 19 evenly spaced ones furthest apart (Lizzie's
    small board beside it has short lines of its own)."""
    def wood(p: tuple[int, int, int]) -> bool:
        r, g, b = p
        return r > 180 and 140 < g < 215 and 60 < b < 170 and r - b > 60

    def dark(p: tuple[int, int, int]) -> bool:
        return max(p) < 90

    found = [(x, y) for y in range(0, HEIGHT, 4) for x in range(0, WIDTH, 4)
             if wood(screen.rgb(data, x, y))]
    if len(found) < 2000:
        return None
    x0, x1 = min(x for x, _ in found), max(x for x, _ in found)
    y0, y1 = min(y for _, y in found), max(y for _, y in found)
    cols = [x for x in range(x0, x1)
            if sum(dark(screen.rgb(data, x, y)) for y in range(y0, y1, 2)) > (y1 - y0) / 5]
    rows = [y for y in range(y0, y1)
            if sum(dark(screen.rgb(data, x, y)) for x in range(x0, x1, 2)) > (x1 - x0) / 5]
    xs, ys = widest_grid(line_centres(cols)), widest_grid(line_centres(rows))
    return (xs, ys) if xs and ys else None


def widest_grid(lines: list[int]) -> list[int] | None:
    best = None
    for i in range(len(lines) - SIZE + 1):
        window = lines[i:i + SIZE]
        gaps = [b - a for a, b in zip(window, window[1:], strict=False)]
        if min(gaps) > 8 and max(gaps) - min(gaps) <= 2 and (best is None or
                                                               gaps[0] > best[1] - best[0]):
            best = window
    return best


def candidate_marks(screen: Screen, data: bytes, xs: list[int], ys: list[int]) -> int:
    """Pixels on the board in the colours of Lizzie's candidate circles (green, cyan and
    yellow-green, or red-orange); the wood, the lines and the stones have none."""
    count = 0
    for y in range(ys[0], ys[-1]):
        for x in range(xs[0], xs[-1]):
            r, g, b = screen.rgb(data, x, y)
            if g > r + 15 or (r > 180 and g < 120):
                count += 1
    return count


def test_lizzie_analyses_with_gtp_weiqi_on_the_board(tmp_path: Path) -> None:
    require(("java",), (LIZZIE_JAR,))
    log = tmp_path / "engine.log"
    home = lizzie_home(tmp_path, log)
    deadline = time.monotonic() + DEADLINE
    xvfb, display = start_xvfb(WIDTH, HEIGHT)
    lizzie = None
    try:
        env = dict(os.environ, DISPLAY=display, HOME=str(home))
        with open(tmp_path / "lizzie.out", "wb") as out:
            lizzie = subprocess.Popen(["java", f"-Duser.home={home}", "-jar", LIZZIE_JAR],
                                      env=env, stdout=out, stderr=subprocess.STDOUT,
                                      cwd=tmp_path, start_new_session=True)
        screen = Screen(env, WIDTH, HEIGHT, deadline)

        def streaming(reports: int) -> bool:
            found = exchanges(log)
            if not found or not found[-1].command.split()[-2:] == ["lz-analyze", "10"]:
                return False
            return log.read_text().split("lz-analyze 10\n")[-1].count("info move ") >= reports

        wait_for("Lizzie's analysis", lambda: streaming(3), deadline, log)
        marks = 0
        lines = None

        def drawn() -> bool:
            nonlocal marks, lines
            data = screen.pixels()
            lines = board_lines(screen, data)
            marks = candidate_marks(screen, data, *lines) if lines else 0
            return marks > 2000

        wait_for("candidate marks on Lizzie's board", drawn, deadline, log)
        assert lizzie.poll() is None, "Lizzie ended"
    finally:
        if lizzie is not None:
            stop_group(lizzie)
        stop_group(xvfb)
    assert lizzie is not None and not group_alive(lizzie)
    found = exchanges(log)
    commands = [" ".join(e.command.split()[1:]) for e in found]
    assert commands[:5] == ["name", "version", f"boardsize {SIZE}", "komi 7.5", "lz-analyze 10"]
    assert [e.command.split()[0] for e in found[:5]] == ["1", "2", "3", "4", "5"]  # numbered
    assert found[1].text == "0.17"  # what the shipped config makes version answer
    assert all(e.response.startswith("=") for e in found if e.response)


KATAGO_CONFIG = CONFIG.parent / "lizzie-katago-config.txt"


def test_lizzie_analyses_with_katago_behind_gtp_weiqi(tmp_path: Path) -> None:
    """configs/lizzie-katago-config.txt: Lizzie 0.7.4 speaks Leela Zero's lz-analyze, which
    gtp-weiqi serves from KataGo's kata-analyze; the transcript shows the reports in Leela
    Zero's format with our count's lead (计活子) and the board Lizzie's candidate marks."""
    require(("java",), (LIZZIE_JAR,))
    home_katago = require_katago()
    log = tmp_path / "engine.log"
    katago = katago_command(home_katago).replace('"', "")
    home = lizzie_home(tmp_path, log, KATAGO_CONFIG, katago)
    deadline = time.monotonic() + DEADLINE
    xvfb, display = start_xvfb(WIDTH, HEIGHT)
    lizzie = None
    try:
        env = dict(os.environ, DISPLAY=display, HOME=str(home))
        with open(tmp_path / "lizzie.out", "wb") as out:
            lizzie = subprocess.Popen(["java", f"-Duser.home={home}", "-jar", LIZZIE_JAR],
                                      env=env, stdout=out, stderr=subprocess.STDOUT,
                                      cwd=tmp_path, start_new_session=True)
        screen = Screen(env, WIDTH, HEIGHT, deadline)

        def reported() -> bool:
            text = log.read_text() if log.exists() else ""
            return "info move " in text.split("lz-analyze 10\n")[-1] if \
                "lz-analyze 10\n" in text else False

        wait_for("Lizzie's analysis of KataGo", reported, deadline, log)

        def drawn() -> bool:
            data = screen.pixels()
            lines = board_lines(screen, data)
            return bool(lines) and candidate_marks(screen, data, *lines) > 2000

        wait_for("candidate marks on Lizzie's board", drawn, deadline, log)
        assert lizzie.poll() is None, "Lizzie ended"
    finally:
        if lizzie is not None:
            stop_group(lizzie)
        stop_group(xvfb)
    assert lizzie is not None and not group_alive(lizzie)
    found = exchanges(log)
    commands = [" ".join(e.command.split()[1:]) for e in found]
    assert commands[:5] == ["name", "version", f"boardsize {SIZE}", "komi 7.5", "lz-analyze 10"]
    assert found[0].text == "gtp_weiqi (KataGo)" and found[1].text == "0.17"
    stream = log.read_text().split("lz-analyze 10\n")[1]
    reports = [line for line in stream.splitlines() if line.startswith("info move ")]
    assert reports
    for report in reports:
        for candidate in report.split(" info "):
            text = candidate if candidate.startswith("info ") else "info " + candidate
            assert re.fullmatch(LEELA_CANDIDATE, text), text

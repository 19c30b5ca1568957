"""cgoban 1.9 (Debian `cgoban`) plays gtp-weiqi as its Go Modem Protocol program under Xvfb.

cgoban is set up as configs/cgobanrc says (a temporary HOME's ~/.cgobanrc: the program for
one colour, a human for the other, Chinese rules, 9x9), with the program's path replaced by
this checkout's `python -m gtp_weiqi --mode gmp --log TRACE`.  The test presses "Go Modem",
then OK in the "Go Modem Protocol Setup" and "Game Setup" windows, the way a user does, and
clicks the human's stones on the board.  It checks that the moves go both ways (the engine's
GMP trace shows each MOVE received and sent, and the GTP commands the engine ran) and that
cgoban draws every stone where the trace says.  Once with the engine as Black (it sends
NEWGAME and moves first), once as White (cgoban sends NEWGAME too: the crossing).

Every wait is bounded by one deadline, and every process started (Xvfb, cgoban and the
engine it runs, in cgoban's process group) is stopped at the end, also when the test fails.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from gui_support import Screen, line_centres, require, start_xvfb, stop_group

from gtp_weiqi.core.coords import LETTERS, parse_vertex

CGOBAN = "/usr/games/cgoban"
WIDTH, HEIGHT = 1024, 768
DEADLINE = 180.0
SIZE = 9
ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "configs" / "cgobanrc"
# where cgoban (fontHeight 12, no window manager: every window at the top left) puts the
# buttons the test presses
GO_MODEM_BUTTON = (207, 170)   # main window
GMP_SETUP_OK = (363, 203)      # "Go Modem Protocol Setup"
GAME_SETUP_OK = (406, 287)     # "Game Setup"
HUMAN_MOVES = ("G5", "C7", "G3", "C3", "F7")  # tried in order; a taken point is skipped


def is_wood(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return r > 150 and 90 < g < 210 and b < 130


def is_dark(pixel: tuple[int, int, int]) -> bool:
    return max(pixel) < 60


@dataclass
class Grid:
    """Where cgoban draws the lines: x of columns A.., y of rows from the top."""

    xs: list[int]
    ys: list[int]

    def at(self, vertex: str) -> tuple[int, int]:
        rc = parse_vertex(vertex, SIZE, SIZE)
        assert rc is not None
        return self.xs[rc[1]], self.ys[SIZE - 1 - rc[0]]


def find_grid(screen: Screen, data: bytes) -> Grid | None:
    """The wooden board, and in it the rows and columns dark for most of its width."""
    wood = [(x, y) for y in range(0, HEIGHT // 2 + 200, 4) for x in range(0, WIDTH // 2, 4)
            if is_wood(screen.rgb(data, x, y))]
    if len(wood) < 1000:
        return None
    x0, x1 = min(x for x, _ in wood), max(x for x, _ in wood)
    y0, y1 = min(y for _, y in wood), max(y for _, y in wood)
    rows = [y for y in range(y0, y1)
            if sum(is_dark(screen.rgb(data, x, y)) for x in range(x0, x1, 2)) > (x1 - x0) / 4]
    cols = [x for x in range(x0, x1)
            if sum(is_dark(screen.rgb(data, x, y)) for y in range(y0, y1, 2)) > (y1 - y0) / 4]
    xs, ys = line_centres(cols), line_centres(rows)
    return Grid(xs, ys) if len(xs) == SIZE and len(ys) == SIZE else None


def stone_at(screen: Screen, data: bytes, grid: Grid, vertex: str) -> str:
    """'black', 'white' or 'empty': the mean brightness of a patch beside the centre (the
    centre of the last stone carries cgoban's ring)."""
    x, y = grid.at(vertex)
    gap = (grid.xs[1] - grid.xs[0]) // 4
    patch = [screen.rgb(data, x + dx, y + dy) for dx in (-gap, gap) for dy in (-gap, gap)]
    if all(is_wood(p) for p in patch):
        return "empty"
    light = sum(sum(p) for p in patch) / (3 * len(patch))
    return "black" if light < 120 else "white" if light > 160 else f"unclear {light:.0f}"


@dataclass
class Session:
    screen: Screen
    trace: Path
    deadline: float
    folder: Path

    def text(self) -> str:
        return self.trace.read_text() if self.trace.exists() else ""

    def wait(self, what: str, ready: object) -> None:
        while not ready():  # type: ignore[operator]
            if time.monotonic() > self.deadline:
                self.screen.run("import", "-window", "root", str(self.folder / "failed.png"))
                pytest.fail(f"timed out waiting for {what}; the GMP trace ends:\n"
                            + "\n".join(self.text().splitlines()[-12:]))
            time.sleep(0.1)

    def press(self, where: tuple[int, int], what: str) -> None:
        """Wait until something is drawn around `where` (the window has opened; the screen
        is black outside windows), then click."""
        def drawn() -> bool:
            data = self.screen.pixels()
            x, y = where
            return any(max(self.screen.rgb(data, x + dx, y + dy)) > 0
                       for dx in range(-15, 16, 5) for dy in range(-9, 10, 3))

        self.wait(what, drawn)
        time.sleep(0.3)
        self.screen.click(*where)

    def moves(self) -> list[tuple[str, str, str]]:
        """(direction, colour, vertex) of every MOVE in the trace: < received, > sent."""
        return re.findall(r"^([<>]) MOVE ([BW]) (\S+) ", self.text(), re.M)


@contextmanager
def cgoban_session(tmp_path: Path, engine_colour: str) -> Iterator[Session]:
    require((), (CGOBAN,))
    home = tmp_path / "home"
    home.mkdir()
    trace = tmp_path / "trace.log"
    program = (f"{sys.executable} -m gtp_weiqi --mode gmp --rules chinese --player simple "
               f"--seed 5 --log {trace}")
    config = CONFIG.read_text().replace("/usr/local/bin/gtp-weiqi --mode gmp --rules chinese",
                                        program)
    if engine_colour == "black":  # the human takes White, the program Black
        config = (config.replace("gmp.WOption: 0", "gmp.WOption: 2")
                  .replace("gmp.BOption: 2", "gmp.BOption: 0")
                  .replace("gmp.WProgram:", "gmp.BProgram:"))
    assert program in config
    (home / ".cgobanrc").write_text(config + "cgoban.fontHeight: 12\n")
    deadline = time.monotonic() + DEADLINE
    xvfb, display = start_xvfb(WIDTH, HEIGHT)
    cgoban = None
    try:
        env = dict(os.environ, DISPLAY=display, HOME=str(home),
                   PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        with open(tmp_path / "cgoban.err", "wb") as err:
            cgoban = subprocess.Popen([CGOBAN], env=env, stdout=subprocess.DEVNULL,
                                      stderr=err, start_new_session=True, cwd=tmp_path)
        yield Session(Screen(env, WIDTH, HEIGHT, deadline), trace, deadline, tmp_path)
    finally:
        if cgoban is not None:
            stop_group(cgoban)
        stop_group(xvfb)


def play_game(session: Session, engine: str, human: str) -> None:
    """Open the Go Modem game and play a few moves; check the trace and the board."""
    session.press(GO_MODEM_BUTTON, "cgoban's main window")
    session.press(GMP_SETUP_OK, "the Go Modem Protocol Setup window")
    session.press(GAME_SETUP_OK, "the Game Setup window")
    session.wait("the engine's set-up", lambda: "game: 9x9" in session.text())
    assert f"gtp-weiqi plays {'black' if engine == 'B' else 'white'}" in session.text()
    screen = session.screen
    grid = None

    def board() -> Grid | None:
        nonlocal grid
        grid = find_grid(screen, screen.pixels())
        return grid

    session.wait("cgoban's board", board)
    assert grid is not None
    if engine == "B":
        session.wait("the engine's first move", lambda: len(session.moves()) >= 1)
    played = 0
    for vertex in HUMAN_MOVES:
        if any(v == vertex for _, _, v in session.moves()):
            continue
        before = len(session.moves())
        screen.click(*grid.at(vertex))
        session.wait(f"the move {vertex} and the engine's answer",
                     lambda before=before: len(session.moves()) >= before + 2)
        played += 1
        if played == 3:
            break
    moves = session.moves()
    assert ("<", human, HUMAN_MOVES[0]) in moves
    assert sum(1 for d, c, _ in moves if d == "<" and c == human) == 3
    assert sum(1 for d, c, _ in moves if d == ">" and c == engine) >= 3
    # each MOVE the engine received was played, each it sent was generated (GTP commands)
    text = session.text()
    name = {"B": "black", "W": "white"}
    for direction, colour, vertex in moves:
        if direction == "<":
            assert f"gtp: play {name[colour]} {vertex} -> =" in text
        else:
            assert re.search(rf"gtp: genmove {name[colour]} -> = {vertex}\b", text, re.I)
    time.sleep(1.0)  # let cgoban draw the last stone
    data = screen.pixels()
    screen.run("import", "-window", "root", str(session.folder / "cgoban.png"))
    seen = {vertex: stone_at(screen, data, grid, vertex) for _, _, vertex in moves
            if vertex != "pass"}
    expected = {vertex: name[colour] for _, colour, vertex in moves if vertex != "pass"}
    assert seen == expected, f"screenshot: {session.folder / 'cgoban.png'}"
    assert all(v[0] in LETTERS for v in seen)


def test_cgoban_plays_the_engine_as_black(tmp_path: Path) -> None:
    with cgoban_session(tmp_path, "black") as session:
        play_game(session, engine="B", human="W")
        text = session.text()
    assert text.startswith("> NEWGAME (seq 1 ack 0)\n< QUERY rules (seq 1 ack 1)\n"
                           "> ANSWER 2 ")  # Chinese, as cgoban's game is set up


def test_cgoban_plays_the_engine_as_white(tmp_path: Path) -> None:
    with cgoban_session(tmp_path, "white") as session:
        play_game(session, engine="W", human="B")
        text = session.text()
    # both sent NEWGAME; cgoban sent its own again, and the engine gave way
    assert "< NEWGAME (seq 1 ack 0)\n< NEWGAME (seq 1 ack 0)\n> QUERY board size" in text

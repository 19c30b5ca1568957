"""kigo, the KDE Go program (Debian `kigo`), plays a 9x9 handicap game against gtp-weiqi under
Xvfb: the test clicks Black's stones on kigo's board, asks for a hint, passes, and presses
Finish Game, the way a user would; the engine's `--log` transcript and the screen are checked.

kigo is configured as configs/kigorc says (a temporary HOME), with komi 50 so that White, far
ahead, answers Black's pass with a pass (the game ends by two passes, kigo's own end) and with
a fixed seed so that the engine's moves are the same in every run.  Every wait is bounded by
one deadline, and every process started (Xvfb, the D-Bus session, kigo, the engine) is
stopped at the end, also when the test fails.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
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

from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.core.coords import LETTERS, format_vertex, parse_vertex
from gtp_weiqi.core.game import Game
from gtp_weiqi.core.rules import DEFAULT_PRESET, lookup_preset

KIGO = "/usr/games/kigo"
WIDTH, HEIGHT = 1024, 768
DEADLINE = 240.0  # seconds for the whole session, start to finish
SIZE, HANDICAP = 9, 2
# Black's stones, tried in this order (a point White took is skipped).
CANDIDATES = ("E5", "D4", "F6", "C5", "E3", "F4", "D6", "E7")
BLACK_MOVES = 3
CONFIG = Path(__file__).resolve().parent.parent / "configs" / "kigorc"


# -- kigo's board on the screen --------------------------------------------------------------------


def rgb(data: bytes, x: int, y: int) -> tuple[int, int, int]:
    i = (y * WIDTH + x) * 3
    return data[i], data[i + 1], data[i + 2]


def is_wood(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return r > 150 and 90 < g < 210 and b < 130


def is_dark(pixel: tuple[int, int, int]) -> bool:
    return max(pixel) < 70


def is_white_stone(pixel: tuple[int, int, int]) -> bool:
    return min(pixel) > 150 and max(pixel) - min(pixel) < 60


@dataclass
class Grid:
    """Where kigo draws the board's lines: x of columns A.., y of rows from the top."""

    xs: list[int]
    ys: list[int]

    def at(self, vertex: str) -> tuple[int, int]:
        rc = parse_vertex(vertex, SIZE, SIZE)
        assert rc is not None
        row, col = rc
        return self.xs[col], self.ys[SIZE - 1 - row]

    def sample(self, vertex: str) -> tuple[int, int]:
        """A point inside a stone drawn at `vertex` but off the grid lines (lower left of
        the centre, between the highlight and the shadow of kigo's stones)."""
        x, y = self.at(vertex)
        quarter = (self.xs[1] - self.xs[0]) // 4
        return x - quarter, y + quarter


def find_grid(data: bytes) -> Grid | None:
    """kigo's board: the wooden area, and in it the rows and columns that are dark for most
    of its width (the grid lines; stones and labels are far shorter)."""
    wood = [(x, y) for y in range(0, HEIGHT, 4) for x in range(0, WIDTH, 4)
            if is_wood(rgb(data, x, y))]
    if len(wood) < 1000:
        return None
    x0, x1 = min(x for x, _ in wood), max(x for x, _ in wood)
    y0, y1 = min(y for _, y in wood), max(y for _, y in wood)
    rows = [y for y in range(y0, y1)
            if sum(is_dark(rgb(data, x, y)) for x in range(x0, x1, 2)) > (x1 - x0) / 4]
    cols = [x for x in range(x0, x1)
            if sum(is_dark(rgb(data, x, y)) for y in range(y0, y1, 2)) > (y1 - y0) / 4]
    xs, ys = evenly_spaced(line_centres(cols)), evenly_spaced(line_centres(rows))
    return Grid(xs, ys) if xs and ys else None


def evenly_spaced(centres: list[int]) -> list[int] | None:
    """The SIZE consecutive lines that are evenly spaced (a message box's border or a panel
    edge may add a line of its own)."""
    for i in range(len(centres) - SIZE + 1):
        lines = centres[i:i + SIZE]
        gaps = [b - a for a, b in zip(lines, lines[1:], strict=False)]
        if min(gaps) > 10 and max(gaps) - min(gaps) <= 2:
            return lines
    return None


# -- the session -----------------------------------------------------------------------------------


@dataclass
class Session:
    screen: Screen
    log: Path
    deadline: float

    def wait(self, what: str, ready: Callable[[], bool]) -> None:
        wait_for(what, ready, self.deadline, self.log)

    def answered(self, command: str, times: int = 1) -> Callable[[], bool]:
        def ready() -> bool:
            return sum(1 for e in exchanges(self.log)
                       if e.command == command and e.response) >= times
        return ready

    def settle(self) -> None:
        """Wait until kigo has stopped talking to the engine (half a second of silence with
        every command answered)."""
        last, quiet_since = -1, time.monotonic()

        def ready() -> bool:
            nonlocal last, quiet_since
            size = self.log.stat().st_size if self.log.exists() else 0
            found = exchanges(self.log)
            if size != last or (found and not found[-1].response):
                last, quiet_since = size, time.monotonic()
                return False
            return time.monotonic() - quiet_since > 0.5

        self.wait("kigo to finish its commands", ready)


@contextmanager
def kigo_session(tmp_path: Path) -> Iterator[tuple[Session, subprocess.Popen[bytes]]]:
    home = tmp_path / "home"
    (home / ".config").mkdir(parents=True)
    log = tmp_path / "engine.log"
    engine = (f"{sys.executable} -m gtp_weiqi --size {SIZE} --seed 3 --log {log}")
    config = CONFIG.read_text().replace("EngineCommand=gtp-weiqi", f"EngineCommand={engine}", 1)
    config += (f"\n[Game]\nBoardSize={SIZE}\nFixedHandicapValue={HANDICAP}\n"
               "BlackPlayerHuman=true\nWhitePlayerHuman=false\nWhitePlayerStrength=1\n"
               "Komi=50\n")
    (home / ".config" / "kigorc").write_text(config)
    deadline = time.monotonic() + DEADLINE
    xvfb, display = start_xvfb(WIDTH, HEIGHT)
    kigo = None
    try:
        env = dict(os.environ, DISPLAY=display, HOME=str(home), LANG="C.UTF-8",
                   LANGUAGE="en", XDG_RUNTIME_DIR=str(tmp_path))
        env.pop("WAYLAND_DISPLAY", None)
        with open(tmp_path / "kigo.err", "wb") as err:
            kigo = subprocess.Popen(["dbus-run-session", "--", KIGO], env=env,
                                    stdout=subprocess.DEVNULL, stderr=err,
                                    start_new_session=True)
        yield Session(Screen(env, WIDTH, HEIGHT, deadline), log, deadline), kigo
    finally:
        if kigo is not None:
            stop_group(kigo)
        stop_group(xvfb)


# -- the game --------------------------------------------------------------------------------------


def replayed(moves: list[tuple[int, str]], handicap: list[str]) -> Game:
    rules = re.search(r"(?m)^EngineCommand=.*--rules (\S+)", CONFIG.read_text())
    found = lookup_preset(rules[1] if rules else DEFAULT_PRESET)
    assert found is not None
    game = Game(SIZE, SIZE, found[0], 50)

    def point(vertex: str) -> int | None:
        rc = parse_vertex(vertex, SIZE, SIZE)
        return None if rc is None else game.board.point(*rc)

    game.place_handicap([point(v) for v in handicap])  # type: ignore[misc]
    for colour, vertex in moves:
        game.play(colour, point(vertex))
    return game


def stones(game: Game, colour: int) -> set[str]:
    board = game.board
    return {format_vertex(board.row_col(p)) for p in board.points if board.colour[p] == colour}


def test_kigo_plays_a_handicap_game_against_gtp_weiqi_to_its_end(tmp_path: Path) -> None:
    require(("dbus-run-session",), (KIGO,))
    with kigo_session(tmp_path) as (session, kigo):
        screen = session.screen
        session.wait("kigo to start the engine and draw the handicap",
                     session.answered("list_stones black"))
        grid = None

        def board_drawn() -> bool:
            nonlocal grid
            grid = find_grid(screen.pixels())
            return grid is not None

        session.wait("the board on the screen", board_drawn)
        assert grid is not None
        centre = grid.at("E5")
        screen.key(*centre, "s")  # Start Game
        session.wait("White's first move", session.answered("genmove white"))
        session.settle()
        session.wait("the board after the start (kigo's panels change)", board_drawn)
        clicked = []
        for n in range(1, BLACK_MOVES + 1):
            taken = {v for e in exchanges(session.log) if e.command.startswith("list_stones")
                     for v in e.text.split()}
            vertex = next(v for v in CANDIDATES if v not in taken and v not in clicked)
            screen.click(*grid.at(vertex))
            clicked.append(vertex)
            session.wait(f"play black {vertex}", session.answered(f"play black {vertex}"))
            session.wait("White's answer", session.answered("genmove white", n + 1))
            session.settle()
        screen.key(*centre, "h")  # Hint
        session.wait("the hint", session.answered("top_moves_black"))
        session.settle()
        screen.key(*centre, "p")  # Pass Move
        session.wait("White's answer to the pass",
                     session.answered("genmove white", BLACK_MOVES + 2))
        session.settle()
        answer = [e.text for e in exchanges(session.log) if e.command == "genmove white"][-1]
        if answer != "PASS":
            pytest.fail(f"White answered Black's pass with {answer}, so the game goes on")
        screen.key(*centre, "f")  # Finish Game
        session.wait("kigo's count", session.answered("estimate_score"))
        session.settle()
        drawn = screen.pixels()
        (tmp_path / "screen.rgb").write_bytes(drawn)  # for a look when the test fails
        final_grid = find_grid(drawn)
        assert kigo.poll() is None, "kigo ended during the game"
    assert not group_alive(kigo), "a process of the kigo session was left running"

    log = exchanges(session.log)
    refused = [e for e in log if not e.response.startswith("=")]
    assert not refused, f"answers kigo could not use: {refused}"
    # The game as the transcript has it, replayed through the rules independently.
    handicap = next(e.text.split() for e in log if e.command == f"fixed_handicap {HANDICAP}")
    moves: list[tuple[int, str]] = []
    for e in log:
        if e.command.startswith("play black "):
            moves.append((BLACK, e.command.split()[2]))
        elif e.command == "genmove white":
            moves.append((WHITE, e.text))
        elif e.command.startswith("list_stones ") and moves:
            colour = BLACK if e.command.endswith("black") else WHITE
            assert set(e.text.split()) == stones(replayed(moves, handicap), colour), e
    assert [v for c, v in moves if c == BLACK] == clicked + ["pass"]
    assert moves[-1] == (WHITE, "PASS"), "White did not answer the pass with kigo's PASS"
    game = replayed(moves, handicap)
    assert game.consecutive_passes() == 2
    hint = next(e.text.split() for e in log if e.command == "top_moves_black")
    assert len(hint) >= 2 and len(hint) % 2 == 0 and all(
        re.fullmatch(r"[A-HJ][1-9]", v) for v in hint[0::2])
    score = next(e.text for e in log if e.command == "estimate_score")
    assert re.fullmatch(r"W\+\d+\.\d \(upper bound: -?\d+\.\d, lower: -?\d+\.\d\)", score)
    # kigo draws only what list_stones says: every stone is on the screen where it belongs.
    assert final_grid is not None, "no board on the final screen"
    for colour, looks in ((BLACK, is_dark), (WHITE, is_white_stone)):
        for vertex in stones(game, colour):
            pixel = rgb(drawn, *final_grid.sample(vertex))
            assert looks(pixel), f"{vertex} should show a stone of colour {colour}: {pixel}"
    occupied = stones(game, BLACK) | stones(game, WHITE)
    for vertex in (f"{LETTERS[c]}{r}" for c in range(SIZE) for r in range(1, SIZE + 1)):
        if vertex not in occupied:
            assert is_wood(rgb(drawn, *final_grid.sample(vertex))), f"{vertex} should be empty"

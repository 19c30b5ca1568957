"""Shared helpers for the engine tests: games from board diagrams, in-process GTP transcripts,
and snapshots of everything a failed command must leave unchanged."""

from __future__ import annotations

import io
import os
import random
import re
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st
from support.board_diagram import board_diagram, board_from_diagram

from gtp_weiqi.core.board import BLACK, COLOUR_OF_WORD, WHITE
from gtp_weiqi.core.coords import parse_vertex
from gtp_weiqi.core.game import Game
from gtp_weiqi.core.rules import Rules, lookup_preset
from gtp_weiqi.counting import Judgement, ScoringInput, analyse
from gtp_weiqi.ui.gtp.commands import build_engine
from gtp_weiqi.ui.gtp.engine import WeiqiEngine

BROKEN_ENGINE = str(Path(__file__).resolve().parent / "broken_engine.py")
# The benchmark scripts own the GNU Go lookup and the finished-game record format.
sys.path.append(str(Path(__file__).resolve().parent.parent / "benchmarks"))
from _common import find_gnugo  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C as in a terminal for the whole run: a shell's background job starts with SIGINT
    ignored, every child would inherit that, and the tests that interrupt a batch or a
    match with SIGINT would see it run on.  A handler (not SIG_IGN) is reset to the default
    in each child the tests start."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def locale_without_a_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests read the words of --lang both, asked for by GTP_WEIQI_LANG (every line
    then shows both languages), and a locale variable set to zh... or en... becomes C.UTF-8
    (still UTF-8 for the GUIs and engines the tests start).  The tests of --lang and of
    the locale set their own."""
    monkeypatch.setenv("GTP_WEIQI_LANG", "both")
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(name, "").lower().startswith(("zh", "en")):
            monkeypatch.setenv(name, "C.UTF-8")


# where tests/install-deps.sh unpacks a GoGui build it was given
UNPACKED_GOGUI = Path("/opt/gogui")


def gogui_home() -> Path | None:
    """The GoGui build named by GOGUI_HOME, else the one install-deps unpacked (its bin/
    holds gogui-regress, gogui-twogtp), or None: the GoGui tests are skipped without one,
    in CI too."""
    named = os.environ.get("GOGUI_HOME")
    found = [Path(named)] if named else sorted(UNPACKED_GOGUI.glob("gogui-*"))
    return next((home for home in found if (home / "lib" / "gogui.jar").is_file()), None)


@pytest.fixture
def gogui() -> Path:
    """The GoGui build's folder; skips the test when GOGUI_HOME names none."""
    home = gogui_home()
    if home is None:
        pytest.skip("no GoGui build: set GOGUI_HOME to a GoGui 1.6 folder (bin/, lib/)")
    return home


def preset(name: str) -> Rules:
    """The rules of a preset, by any of its names."""
    found = lookup_preset(name)
    assert found is not None, name
    return found[0]


def drawn_game(data: Any, rules: str, size: int, steps: int) -> Game:
    """A game under the preset `rules` after `steps` moves that hypothesis draws (`data` is
    its st.data()): each a colour and one of that colour's legal points, or a pass."""
    game = Game(size, rules=preset(rules))
    for _ in range(steps):
        colour = data.draw(st.sampled_from([BLACK, WHITE]))
        legal = game.legal_points(colour)
        index = data.draw(st.integers(0, len(legal)))
        game.play(colour, legal[index] if index < len(legal) else None)
    return game


# Nothing sensible is left to play: each side has only its own eyes (a player that fills
# none must pass).
ONLY_EYES_LEFT = """
    . X X O .
    X X X O O
    X . X O .
    X X X O O
    . X X O .
"""


def game_from_diagram(diagram: str, rules: Rules | str = "tromp-taylor",
                      komi: float = 7.5) -> Game:
    """A game whose setup is the drawn position (rows top first, X black, O white, . empty);
    Black is to move and no move has been played."""
    if isinstance(rules, str):
        rules = preset(rules)
    drawn = board_from_diagram(diagram)
    game = Game(drawn.width, drawn.height, rules, komi)
    game.add_setup([(p, drawn.colour[p]) for p in drawn.points
                    if drawn.colour[p] in (BLACK, WHITE)])
    return game


def pt(game: Game, vertex: str) -> int | None:
    """The board point of a GTP vertex ('pass' gives None)."""
    rc = parse_vertex(vertex, game.width, game.height)
    return None if rc is None else game.board.point(*rc)


def play(game: Game, *moves: str) -> None:
    """Play moves written as 'B C4', 'w pass', ... through the rules (IllegalPlay on refusal)."""
    for text in moves:
        colour, vertex = text.split()
        game.play(COLOUR_OF_WORD[colour.lower()], pt(game, vertex))


def diagram(game: Game) -> str:
    return board_diagram(game.board)


def dedent_diagram(text: str) -> str:
    """A diagram as board_diagram(board) prints it, from an indented triple-quoted block."""
    rows = [line.strip().replace(" ", "") for line in text.strip().splitlines()]
    return "\n".join(rows) + "\n"


def make_engine(size: int = 9, rules: str = "tromp-taylor", komi: float | None = None
                ) -> WeiqiEngine:
    """The engine `gtp-weiqi` serves (every command set registered)."""
    return build_engine(size=size, rules=rules, komi=komi)


@pytest.fixture
def engine() -> WeiqiEngine:
    """A fresh 9x9 engine under Tromp–Taylor rules."""
    return make_engine()


def transcript(engine: WeiqiEngine, data: bytes) -> bytes:
    """Feed raw bytes to the engine's serve loop (a real file descriptor, as stdin is) and
    return every byte it wrote."""
    out = io.BytesIO()
    with tempfile.TemporaryFile() as stdin:
        stdin.write(data)
        stdin.flush()
        stdin.seek(0)
        engine.serve(stdin, out)
    return out.getvalue()


def gtp(engine: WeiqiEngine, line: str) -> str:
    """The framed response to one command line (fails the test if the line was ignored)."""
    response, _quit = engine.handle_line(line + "\n")
    assert response is not None, f"line ignored: {line!r}"
    return response


def ok(engine: WeiqiEngine, line: str) -> str:
    """Run a command that must succeed; return its text (without '= ' and the blank line)."""
    response = gtp(engine, line)
    assert response.startswith("= "), f"{line!r} -> {response!r}"
    return response[2:-2]


def fail(engine: WeiqiEngine, line: str) -> str:
    """Run a command that must fail; return the error text."""
    response = gtp(engine, line)
    assert response.startswith("? "), f"{line!r} -> {response!r}"
    return response[2:-2]


def assert_well_framed(response: bytes | str) -> None:
    """`=`/`?`, optional id, one space, text, then exactly one blank line at the end; no tab,
    CR or other control character anywhere."""
    raw = response.encode() if isinstance(response, str) else response
    assert re.match(rb"^[=?]\d* ", raw), raw
    assert raw.endswith(b"\n\n"), raw
    assert b"\n\n" not in raw[:-2], raw
    assert not any(b < 32 and b != 10 or b == 127 for b in raw), raw


def snapshot(engine: WeiqiEngine) -> tuple[object, ...]:
    """Everything a refused command must leave exactly as it was."""
    game = engine.game
    return (
        game.width, game.height, board_diagram(game.board), game.board.hash,
        tuple((m.colour, m.point) for m in game.moves), tuple(game.setup), game.handicap,
        game.komi, game.rules, dict(game.captured), dict(game.virtual), game.to_move,
        engine.time_settings, tuple(sorted(engine.time_left.items())),
        tuple(getattr(game, "marks", ())),
    )


def unavailable(ci_failure: str, skip_reason: str | None) -> None:
    """A tool a test needs is missing: fail under CI (which installs it), else skip.
    With no skip reason, only CI stops the test and the caller falls back."""
    if os.environ.get("CI"):
        pytest.fail(ci_failure)
    if skip_reason is not None:
        pytest.skip(skip_reason)


def gnugo_path() -> str:
    """GNU Go's binary: PATH, then Debian's /usr/games (skips, or fails under CI, without it)."""
    found = find_gnugo()
    if found is None:
        unavailable("gnugo is not installed (CI must install it)", "gnugo is not installed")
    return found


def gnugo() -> str:
    """The GTP command of GNU Go at level 1 (skips, or fails under CI, without gnugo)."""
    return f"{gnugo_path()} --mode gtp --level 1"


def broken(mode: str = "none", *extra: str) -> str:
    """The command of tests/broken_engine.py in a failure mode."""
    return " ".join([sys.executable, BROKEN_ENGINE, "--mode", mode, *extra])


def with_random_marks(inp: ScoringInput, judgement: Judgement, rng: random.Random) -> Judgement:
    """The judgement with random living strings marked seki (about 3 in 10) and random owners
    (b, w or public) on about 1 empty point in 10, drawn from `rng`."""
    a = analyse(inp, judgement)
    status = dict(judgement.status)
    for sid, members in enumerate(a.strings):
        if a.string_status[sid] != "dead" and rng.random() < 0.3:
            for p in members:
                status[(p // a.width, p % a.width)] = "seki"
    owner = {}
    for p in range(a.n):
        if a.live[p] == 0 and rng.random() < 0.1:
            owner[(p // a.width, p % a.width)] = rng.choice(("b", "w", "public"))
    return Judgement(status=status, owner=owner)

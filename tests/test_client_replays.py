"""Each real client's own command sequence, as it was recorded from the client talking to
gtp-weiqi (`--log`), replayed against the engine with the client's own reading of each answer:

* kigo 22.12 (KDE): no ids; an answer is good when it does not start with `?`; kigo draws the
  board only from `list_stones`, and takes a generated pass only when the answer is `PASS`.
* Lizzie 0.7.4: numbered commands; its version check splits the `version` answer at dots and
  wants the second number to be 15 or more; `lz-analyze` streams `info` lines until the next
  command.  Lizzie reads the engine's stderr with its stdout.
* qgo 2.1: numbered from 1000 only when the engine's path ends in `gnugo`, which the shipped
  launcher configs/qgo/gtp-weiqi-gnugo does; a genmove answer counts only with its own id.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import make_engine, transcript

from gtp_weiqi.core.board import BLACK, COLOUR_NAME, WHITE
from gtp_weiqi.core.coords import format_vertex, parse_vertex
from gtp_weiqi.core.game import Game
from gtp_weiqi.core.rules import lookup_preset
from gtp_weiqi.ui.gtp.analysis_cmds import configure_player
from gtp_weiqi.ui.gtp.controller import EngineTimeout, SubprocessChannel
from gtp_weiqi.ui.gtp.engine import WeiqiEngine

CONFIGS = Path(__file__).resolve().parent.parent / "configs"
TIMEOUT = 120.0  # seconds any one answer may take before the test fails


class RawEngine:
    """An engine process over the project's GTP channel, read line by line as it wrote them,
    each line within TIMEOUT; its stderr kept apart, whole."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        self.stderr: list[str] = []
        self.channel = SubprocessChannel(argv, env=env, on_stderr=self.stderr.append)
        self.proc = self.channel.proc

    def send(self, data: str) -> None:
        self.channel.write_raw(data.encode())

    def line(self) -> bytes:
        try:
            line = self.channel.read_raw_line(TIMEOUT)
        except EngineTimeout:
            pytest.fail(f"no output from the engine within {TIMEOUT:.0f} s")
        assert line, "the engine closed its output"
        return line

    def response(self) -> bytes:
        """Lines up to and including the empty line that ends a response."""
        data = self.line()
        while not data.endswith(b"\n\n"):
            data += self.line()
        return data

    def close(self) -> str:
        """Stop the engine (quit, then signals if need be); its stderr."""
        self.channel.close()
        return "\n".join(self.stderr)


def kigo_reads(response: str) -> tuple[bool, str]:
    """kigo's Game::waitResponse: the first character says success, the first two are cut,
    the rest is trimmed."""
    return response[0] != "?", response[2:].strip()


class Kigo:
    """kigo's side of the conversation, one command at a time, as its Game class sends it."""

    def __init__(self, engine: WeiqiEngine) -> None:
        self.engine = engine
        self.sent: list[tuple[str, str]] = []

    def send(self, command: str) -> str:
        out = transcript(self.engine, (command + "\n").encode()).decode()
        good, text = kigo_reads(out)
        assert good, f"kigo got {out!r} for {command!r}"
        self.sent.append((command, text))
        return text

    def board(self) -> set[tuple[str, str]]:
        """What kigo draws: GameScene::updateStoneItems asks list_stones for each colour."""
        drawn = set()
        for colour in ("black", "white"):
            text = self.send(f"list_stones {colour}")
            drawn |= {(colour, v) for v in text.split(" ") if v}
        self.send("captures white")
        self.send("captures black")
        return drawn


def stones_of(game: Game) -> set[tuple[str, str]]:
    board = game.board
    return {(COLOUR_NAME[board.colour[p]], format_vertex(board.row_col(p)))
            for p in board.points if board.colour[p] in COLOUR_NAME}


def test_kigo_session_draws_every_stone_and_ends_with_two_passes() -> None:
    """kigo's sequence for a 9x9 game with two handicap stones against the computer (White,
    level 1), with a hint, a pass and Finish Game (the rules of configs/kigorc, komi 50 so
    that White answers the pass with a pass)."""
    rules = re.search(r"(?m)^EngineCommand=.*--rules (\S+)", (CONFIGS / "kigorc").read_text())
    assert rules is not None
    engine = make_engine(size=19, rules=rules[1])
    configure_player(engine, "mcts")
    kigo = Kigo(engine)
    preset = lookup_preset(rules[1])
    assert preset is not None
    game = Game(9, 9, preset[0], 50)

    def point(vertex: str) -> int | None:
        rc = parse_vertex(vertex, 9, 9)
        return None if rc is None else game.board.point(*rc)

    assert kigo.send("name") == "gtp_weiqi"  # Game::start
    kigo.send("version")
    kigo.send("clear_board")  # Game::init, then the setup screen
    kigo.board()
    kigo.send("boardsize 9")
    assert kigo.board() == set()
    handicap = kigo.send("fixed_handicap 2").split()
    game.place_handicap([point(v) for v in handicap])  # type: ignore[misc]
    assert kigo.board() == stones_of(game) and len(handicap) == 2
    kigo.send("komi 50")  # Start Game
    black = iter(("E5", "D4", "F6", "C5", "E3", "F4", "D6", "E7"))
    for _ in range(3):
        kigo.send("level 1")  # before each computer move
        white = kigo.send("genmove white")
        assert re.fullmatch(r"[A-HJ][1-9]", white), white
        game.play(WHITE, point(white))
        assert kigo.board() == stones_of(game)
        vertex = next(v for v in black if game.is_legal(BLACK, point(v)))
        kigo.send(f"play black {vertex}")
        game.play(BLACK, point(vertex))
        assert kigo.board() == stones_of(game)
    kigo.send("level 1")
    game.play(WHITE, point(kigo.send("genmove white")))
    assert kigo.board() == stones_of(game)
    hint = kigo.send("top_moves_black").split(" ")  # Game::bestMoves: pairs, or nothing
    assert len(hint) % 2 == 0 and all(float(x) >= 0 for x in hint[1::2])
    kigo.send("play black pass")
    kigo.board()
    kigo.send("level 1")
    assert kigo.send("genmove white") == "PASS"  # what Game::generateMove compares with
    kigo.board()
    for status in ("white_territory", "black_territory"):  # Finish Game
        kigo.send(f"final_status_list {status}")
    score = kigo.send("estimate_score")
    # kigo's Score: the colour, the number after "W+", the bounds from the 4th and 6th words
    words = score.split(" ")
    assert score[0] == "W" and float(score[2:score.index(" ")]) > 0
    assert float(words[3][:-1]) >= float(words[5][:-1])
    kigo.send("quit")
    assert [c for c, _ in kigo.sent].count("list_stones black") >= 10


# -- Lizzie ---------------------------------------------------------------------------------------


def lizzie_command() -> list[str]:
    """The engine command of configs/lizzie-config.txt, with this tree's engine in place of
    the installed `gtp-weiqi`."""
    config = json.loads((CONFIGS / "lizzie-config.txt").read_text())
    argv = config["leelaz"]["engine-command"].split()
    assert argv[0] == "gtp-weiqi"
    return [sys.executable, "-m", "gtp_weiqi", *argv[1:]]


def lizzie_version_ok(answer_line: str) -> bool:
    """Leelaz.parseLine's check of the `version` answer."""
    params = answer_line.strip().split(" ")
    return int(params[1].split(".")[1]) >= 15


def lizzie_moves(line: str) -> list[tuple[str, int, float, list[str]]]:
    """Leelaz.parseInfo and MoveData.fromInfo: the line after `info `, split at ` info `;
    in each part key / value pairs up to `pv`, then the variation (winrate in hundredths of
    a percent)."""
    moves = []
    for part in line[len("info "):].split(" info "):
        words = part.strip().split(" ")
        values: dict[str, str] = {}
        i = 0
        while words[i] != "pv":
            values[words[i]] = words[i + 1]
            i += 2
        moves.append((values["move"], int(values["visits"]),
                      float(values["winrate"]) / 100, words[i + 1:]))
    return moves


def test_lizzie_session_passes_the_version_check_and_streams_analysis() -> None:
    engine = RawEngine(lizzie_command())
    try:
        engine.send("1 name\n2 version\n3 boardsize 19\n4 komi 7.5\n")
        assert engine.response() == b"=1 gtp_weiqi\n\n"
        version = engine.response().decode()
        assert version == "=2 0.17\n\n" and lizzie_version_ok(version)
        assert engine.response() == b"=3 \n\n" and engine.response() == b"=4 \n\n"
        engine.send("5 lz-analyze 10\n")  # Lizzie starts pondering after the check
        assert engine.line() == b"=5 \n"
        reports = [engine.line().decode() for _ in range(3)]
        for report in reports:
            assert report.startswith("info move ")
            moves = lizzie_moves(report.rstrip("\n"))
            assert moves and all(re.fullmatch(r"[A-HJ-T]\d{1,2}", m) and n > 0 and 0 <= w <= 100
                                 and pv[0] == m for m, n, w, pv in moves)
        engine.send("6 play B Q16\n")  # a click on the board stops the stream
        while engine.line() != b"\n":
            pass
        assert engine.response() == b"=6 \n\n"
        engine.send("7 lz-analyze 10\n")
        assert engine.line() == b"=7 \n" and engine.line().startswith(b"info move ")
        engine.send("8 name\n")  # Lizzie's way to stop pondering
        while engine.line() != b"\n":
            pass
        assert engine.response() == b"=8 gtp_weiqi\n\n"
    finally:
        err = engine.close()
    # Lizzie merges stderr into stdout and parses any line with " -> " as a Leela Zero move
    # summary (and stops reading when that fails).
    assert " -> " not in err


# -- qgo ------------------------------------------------------------------------------------------


@pytest.fixture
def qgo_launcher(tmp_path: Path) -> tuple[str, dict[str, str]]:
    """The shipped launcher and an environment whose PATH finds this tree's engine as
    `gtp-weiqi` (the launcher starts whatever `gtp-weiqi` PATH finds)."""
    launcher = CONFIGS / "qgo" / "gtp-weiqi-gnugo"
    assert os.access(launcher, os.X_OK)
    assert re.search(r"gnugo$", str(launcher), re.IGNORECASE)  # qgo's own test
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "gtp-weiqi"
    shim.write_text(f"#!/bin/sh\nexec {sys.executable} -m gtp_weiqi \"$@\"\n")
    shim.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return str(launcher), env


def qgo_reads(line: str, waiting: list[int]) -> tuple[int, str, bool]:
    """QGtp::slot_readFromStdout: the number after `=`/`?`, the text after the first space,
    and whether it answers one of the move requests qgo waits for."""
    pos = line.index(" ") if " " in line else -1
    number = int(line[1:pos]) if pos > 1 else 0
    return number, line[pos + 1:] if pos >= 1 else "", number in waiting


def test_qgo_session_through_the_launcher_gets_every_answer_with_its_id(
        qgo_launcher: tuple[str, dict[str, str]]) -> None:
    launcher, env = qgo_launcher
    qgo_args = ["--rules", "chinese"]  # qgo's engine arguments, as configs/qgo/qGo.conf has
    assert "1\\args=--rules chinese" in (CONFIGS / "qgo" / "qGo.conf").read_text()
    engine = RawEngine([launcher, *qgo_args], env)
    counter = iter(range(1000, 2000))
    waiting: list[int] = []

    def send(command: str, move: bool = False) -> str:
        number = next(counter)
        if move:
            waiting.append(number)
        engine.send(f"{number} {command}\n")
        first, *_ = engine.response().decode().split("\n")
        got, text, is_move = qgo_reads(first, waiting)
        assert got == number and first[0] == "=", (command, first)
        assert is_move == move
        return text

    try:
        assert send("protocol_version") == "2"  # QGtp::openGtpSession
        send("boardsize 9")
        send("clear_board")
        send("komi 7.50")
        send("clear_board")  # feedPositionThroughGtp
        send("play black E5")
        reply = send("genmove white", move=True)
        assert re.fullmatch(r"[A-HJ][1-9]", reply)
        send("play black C3")
        send("genmove white", move=True)
        send("undo 0")  # the Undo button: one move back
        send("clear_board")  # qgo replays the position on the next move
        for move in ("play black E5", f"play white {reply}", "play black C3"):
            send(move)
        send("play black pass")
        answer = send("genmove white", move=True)
        assert answer == "PASS" or re.fullmatch(r"[A-HJ][1-9]", answer)
    finally:
        engine.close()


def test_qgo_launcher_is_a_plain_sh_script() -> None:
    launcher = CONFIGS / "qgo" / "gtp-weiqi-gnugo"
    text = launcher.read_text()
    assert text.startswith("#!/bin/sh\n") and 'exec gtp-weiqi "$@"' in text
    if shutil.which("sh"):
        subprocess.run(["sh", "-n", str(launcher)], check=True, timeout=10)

"""Leela Zero behind the proxy: the real engine (Debian `leela-zero`) with a small random
network the tests write (support/leela_zero.py).  It plays through the proxy and stays in step, its
`lz-analyze` stream is relayed line by line and stopped by the next command, its
`lz-genmove_analyze` plays a checked move, its refusal of `boardsize 9` reaches the
controller with the game left as it was, `quit`, SIGTERM and SIGHUP leave no process
behind, and Sabaki (@sabaki/gtp) analyses and plays through it."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest
from conftest import fail, ok, snapshot, unavailable
from node_support import run_node_script
from support.leela_zero import leelaz_command, leelaz_path, write_network
from test_proxy import proxied as proxied_engine

from gtp_weiqi.core.coords import LETTERS, format_vertex
from gtp_weiqi.ui.gtp.controller import Controller, Response, SubprocessChannel
from gtp_weiqi.ui.gtp.engine import WeiqiEngine
from gtp_weiqi.ui.gtp.proxy import Proxy

TIMEOUT = 60.0
VERTEX = re.compile(r"^(?:[A-HJ-T](?:1[0-9]|[1-9])|pass)$")


@pytest.fixture(scope="module")
def leela(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The command line of Leela Zero with a fresh random network."""
    binary = leelaz_path()
    if binary is None:
        unavailable("leela-zero is not installed (CI must install it)",
                    "leela-zero is not installed")
        raise AssertionError("unreachable")
    network = write_network(tmp_path_factory.mktemp("leela") / "random-network.txt")
    return leelaz_command(binary, network)


def proxied(command: str, rules: str = "chinese"
            ) -> AbstractContextManager[tuple[WeiqiEngine, Proxy]]:
    """The engine on 19x19 proxying `command` (test_proxy's, with Leela Zero's timeout)."""
    return proxied_engine(command, rules, size=19, timeout=TIMEOUT)


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "gtp_weiqi", *args]


@contextmanager
def served(leela: str, *options: str) -> Iterator[tuple[Controller, SubprocessChannel]]:
    """`gtp-weiqi --engine <Leela Zero>` as a child process, spoken to with ids."""
    channel = SubprocessChannel(cli("--rules", "chinese", *options, "--engine", leela),
                                numbered=True)
    controller = Controller(channel, "gtp-weiqi", TIMEOUT)
    try:
        yield controller, channel
    finally:
        controller.close(quick=True)


def backend_pid(controller: Controller) -> int:
    return int(re.search(r"pid=(\d+)", controller.command("weiqi-backend")).group(1))


def gone(pid: int) -> bool:
    """The process has ended (and been reaped, or is a zombie waiting for its parent)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def wait_until_gone(pid: int) -> bool:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if gone(pid):
            return True
        time.sleep(0.05)
    return False


def stream(channel: SubprocessChannel, command: str, stop_after: int | None
           ) -> tuple[Response, list[str]]:
    """Send a streaming command; collect its lines; with `stop_after`, ask for the stop
    (the next command) once that many lines came."""
    lines: list[str] = []
    starts: list[Response] = []
    response = channel.stream(command, TIMEOUT, starts.append, lines.append,
                              lambda: stop_after is not None and len(lines) >= stop_after)
    assert response.ok, response
    assert starts == [response]
    return response, lines


# -- in process ----------------------------------------------------------------------------


def test_leela_zero_plays_through_the_proxy_and_stays_in_step(leela: str) -> None:
    with proxied(leela) as (engine, proxy):
        assert ok(engine, "name") == "gtp_weiqi (Leela Zero)"
        for colour in "bwbw":
            assert VERTEX.match(ok(engine, f"genmove {colour}"))
        ok(engine, "undo")
        ok(engine, "play w pass")
        ours = [f"{'black' if m.colour == 1 else 'white'} "
                f"{format_vertex(None if m.point is None else engine.game.board.row_col(m.point))}"
                for m in reversed(engine.game.moves)]
        theirs = ok(engine, "weiqi-passthrough move_history").split("\n")
        assert [line.replace("PASS", "pass") for line in theirs] == ours
        assert proxy.dead is None and proxy.desync is None
        # Leela Zero answers move_history without its id: taken as the answer, reported.
        assert "recovered=1" in ok(engine, "weiqi-backend")


def test_leela_zeros_commands_are_listed_and_its_analysis_replaces_ours(leela: str) -> None:
    with proxied(leela) as (engine, _proxy):
        listed = ok(engine, "list_commands").split("\n")
        assert {"lz-analyze", "lz-genmove_analyze", "heatmap", "lz-setoption",
                "last_move"} <= set(listed)
        assert not {"analyze", "kata-analyze", "genmove_analyze",
                    "kata-genmove_analyze"} & set(listed)
        assert fail(engine, "kata-analyze b 10") == "unknown command"
        assert ok(engine, "known_command lz-analyze") == "true"


def test_the_refused_board_size_reaches_the_controller_and_the_game_stays(
        leela: str, capsys: pytest.CaptureFixture[str]) -> None:
    with proxied(leela) as (engine, proxy):
        ok(engine, "play b Q16")
        ok(engine, "komi 6.5")
        before = snapshot(engine)
        assert fail(engine, "boardsize 9") == "unacceptable size"
        assert snapshot(engine) == before
        assert "refused `boardsize 9` (unacceptable size)" in capsys.readouterr().err
        assert proxy.desync is None and proxy.dead is None
        assert VERTEX.match(ok(engine, "genmove w"))  # no `=` followed by failing genmoves
        assert len(engine.game.moves) == 2
        assert ok(engine, "weiqi-passthrough last_move").startswith("white ")


# -- served, as a GUI sees it ------------------------------------------------------------------


def test_lz_analyze_is_relayed_line_by_line_and_stopped_by_the_next_command(
        leela: str) -> None:
    with served(leela) as (controller, channel):
        controller.command("genmove", "b")
        controller.command("lz-setoption", "name", "visits", "value", "0")  # think on
        response, lines = stream(channel, "lz-analyze w 5", stop_after=2)
        assert response.text == ""
        assert len(lines) >= 2
        for line in lines:
            assert line.startswith("info move "), line
            assert re.search(r" visits \d+ winrate \d+ prior \d+ lcb \d+ order \d+ pv ", line)
        # The stream ended on the stop, and the connection is in step: the next answers
        # carry their own ids.
        assert controller.command("name") == "gtp_weiqi (Leela Zero)"
        assert "state=ok" in controller.command("weiqi-backend")
        controller.command("quit")


def test_lz_genmove_analyze_streams_and_plays_a_checked_move(leela: str) -> None:
    with served(leela) as (controller, channel):
        _response, lines = stream(channel, "lz-genmove_analyze b 5", stop_after=None)
        assert lines[-1].startswith("play "), lines
        move = lines[-1].split()[1]
        assert VERTEX.match(move)
        assert all(line.startswith("info move ") for line in lines[:-1])
        record = controller.command("printsgf").replace("\n", "")
        assert record.count(";B[") == 1  # our game has the move
        assert controller.command("weiqi-passthrough", "last_move").upper() == \
            f"BLACK {move.upper()}"
        controller.command("quit")


def test_quit_leaves_no_process_behind(leela: str) -> None:
    with served(leela, "--size", "9") as (controller, channel):
        # Leela Zero plays 19x19 only: the start-up size cannot reach it, and says so.
        assert "out_of_step" in controller.command("weiqi-backend")
        assert controller.ask("genmove", "b").text.startswith("genmove unavailable: back "
                                                              "end cannot follow the game")
        assert controller.ask("boardsize", "9").text == "unacceptable size"
        controller.command("boardsize", "19")
        assert VERTEX.match(controller.command("genmove", "b"))
        pid = backend_pid(controller)
        controller.close()
        assert channel.proc.returncode == 0
        assert wait_until_gone(pid)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_end_the_back_end_too(leela: str, sig: int) -> None:
    with served(leela) as (controller, channel):
        pid = backend_pid(controller)
        channel.proc.send_signal(sig)
        assert channel.proc.wait(timeout=TIMEOUT) == 128 + sig
        assert wait_until_gone(pid)
        channel.close(quick=True)  # reads the rest of its stderr
        assert f"{signal.Signals(sig).name}: the back end was stopped" in channel.stderr_tail()



# -- Sabaki ----------------------------------------------------------------------------------


def test_sabaki_analyses_and_plays_through_the_proxy_with_leela_zero(
        leela: str, tmp_path: Path) -> None:
    """tests/node/sabaki_analyze.js drives the proxy as Sabaki does: the position synced
    through @sabaki/gtp, `lz-analyze W 5` parsed by Sabaki's parser and stopped with
    `protocol_version`, a move from `lz-genmove_analyze`."""
    engine = {"path": sys.executable,
              "args": ["-m", "gtp_weiqi", "--rules", "chinese", "--engine", leela]}
    steps = [{"analyze": "lz-analyze", "color": "W", "lines": 1},
             {"genmove": "lz-genmove_analyze", "color": "W"}]
    spec = {"engine": engine, "size": 19, "komi": 7.5, "moves": [["B", "Q16"]],
            "steps": steps}
    result = run_node_script("sabaki_analyze.js", spec, tmp_path / "session.json", TIMEOUT)
    assert result["ok"], result["errors"]
    assert "lz-analyze" in result["commands"] and "analyze" not in result["commands"]
    analysis, genmove = result["steps"]
    assert analysis["error"] is False and analysis["lines"]
    assert analysis["abort"] == {"error": False, "content": "2"}
    for variations in analysis["variations"]:
        assert variations and all(v["vertex"] != "Q16" and v["pv"] for v in variations)
    assert genmove["error"] is False and genmove["lines"]
    move = genmove["move"]
    assert VERTEX.match(move.upper()) or move == "pass", move
    if move != "pass":
        column = LETTERS.index(move[0].upper())
        row = next(line for line in genmove["showboard"].split("\n")
                   if re.match(rf"\s*{int(move[1:])}\s", line))
        assert row.split()[1 + column] == "O"  # our game has the move Leela Zero chose

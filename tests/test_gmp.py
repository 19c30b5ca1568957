"""`gtp-weiqi --mode gmp` plays whole games over the Go Modem Protocol, with a GMP client of
the tests' own (tests/gmp_client.py) in cgoban's part and with GNU Go's GMP code as the other
side.  Each game equals the same game played through GTP (`play` for the other side's
moves, `genmove` for the engine's) with the same options, and ends with the same
final_score.  Bad bytes (talk text, a wrong checksum, a cut packet, the not-understood bit)
are skipped without losing the game, a repeated packet is acknowledged again and not played
twice, and a command the engine does not know is DENYed.

Each program runs with a deadline and is stopped at the end."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

from conftest import gnugo_path
from gmp_client import CGOBAN_QUERIES, GmpClient

from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.core.coords import format_vertex
from gtp_weiqi.core.game import Game
from gtp_weiqi.core.rules import lookup_preset
from gtp_weiqi.player.simple import choose_move
from gtp_weiqi.ui.gmp.codec import Command, Packet, Query, move_value, parse_move

ROOT = Path(__file__).resolve().parent.parent
DEADLINE = 120.0
OPTIONS = ["--player", "simple", "--seed", "3", "--rules", "chinese"]


def engine_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def gmp_engine(tmp_path: Path, *extra: str) -> GmpClient:
    argv = [sys.executable, "-m", "gtp_weiqi", "--mode", "gmp", *OPTIONS,
            "--log", str(tmp_path / "trace.log"), *extra]
    return GmpClient(argv, deadline=time.monotonic() + DEADLINE, env=engine_env(),
                     stderr=tmp_path / "stderr.txt")


def replay_through_gtp(size: int, moves: list[tuple[str, str, bool]],
                       score: bool = True) -> tuple[list[str], str]:
    """The same game through GTP: the engine's moves asked with genmove, the others played;
    the engine's answers and (with `score`) its final_score."""
    lines = [f"boardsize {size}", "clear_board"]
    for colour, vertex, ours in moves:
        lines.append(f"genmove {colour}" if ours else f"play {colour} {vertex}")
    lines += ["final_score", "quit"] if score else ["quit"]
    done = subprocess.run([sys.executable, "-m", "gtp_weiqi", *OPTIONS],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          env=engine_env(), timeout=DEADLINE, check=True)
    answers = [block[1:].strip() for block in done.stdout.split("\n\n") if block.strip()]
    assert all(block.startswith("=") for block in done.stdout.split("\n\n") if block.strip())
    assert len(answers) == len(lines)
    generated = [answers[2 + i] for i, (_, _, ours) in enumerate(moves) if ours]
    return generated, answers[-2] if score else ""


class Referee:
    """The client's own copy of the game, and its moves (the simple policy, seeded)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.game = Game(size, size, lookup_preset("chinese")[0], 7.5)
        self.rng = random.Random(11)
        self.moves: list[tuple[str, str, bool]] = []  # (colour, vertex, the engine's move)

    def record(self, colour: int, point: tuple[int, int] | None, engine: bool) -> None:
        board = self.game.board
        self.game.play(colour, None if point is None else board.point(*point))
        self.moves.append(("black" if colour == BLACK else "white", format_vertex(point),
                           engine))

    def choose(self, colour: int) -> tuple[int, int] | None:
        point = choose_move(self.game, colour, self.rng)
        return None if point is None else self.game.board.row_col(point)

    @property
    def over(self) -> bool:
        return self.game.consecutive_passes() >= 2


def receive_engine_move(client: GmpClient, packet: Packet, referee: Referee,
                        colour: int, repeat: bool = False) -> None:
    """Take the engine's MOVE and acknowledge it; with `repeat`, first send our own last
    MOVE again, as a client that missed the engine's OK would (it must not be played twice:
    the engine's MOVE has acknowledged it already)."""
    assert packet.command == Command.MOVE, packet
    white, point = parse_move(packet.value, referee.size)
    assert white == (colour == WHITE)
    referee.record(colour, point, engine=True)
    if repeat:
        client.write(client.last_sent())
    client.ok()


def answer_engine_queries(client: GmpClient, first: Packet,
                          answers: dict[int, int]) -> Packet | None:
    """Answer the engine's QUERYs until it has all it wants: None when it acknowledged the
    last ANSWER with OK, else the command that did."""
    packet: Packet | None = first
    while packet is not None and packet.command == Command.QUERY:
        packet = client.answer(packet, answers)
    return packet


BAD_BYTES = (b"talk text\r\n"                          # a modem's talk: no packet
             + bytes.fromhex("01 a2 a0 80")            # a NEWGAME with a wrong checksum
             + bytes.fromhex("03 bc b0")               # a packet cut short
             + bytes.fromhex("01 a9 a8 80"))           # the not-understood bit set


def play_out(client: GmpClient, referee: Referee, ours: int, first: Packet | None,
             bad_bytes_at: int = 2) -> None:
    """Play until two passes: the client moves for `ours`, the engine for the other colour.
    `first` is the engine's first command when it moves first.  Before the client's move
    number `bad_bytes_at` it sends BAD_BYTES; when the engine's answer to that move comes,
    it sends that move again before its OK (a repeat, not to be played twice)."""
    theirs = WHITE if ours == BLACK else BLACK
    packet = first
    client_moves = 0
    while True:
        if packet is not None:
            receive_engine_move(client, packet, referee, theirs,
                                repeat=client_moves == bad_bytes_at + 1)
            if referee.over:
                return
        point = referee.choose(ours)
        referee.record(ours, point, engine=False)
        if client_moves == bad_bytes_at:
            client.write(BAD_BYTES)
        client_moves += 1
        packet = client.call(Command.MOVE, move_value(ours == WHITE, point, referee.size))
        if referee.over:
            assert packet is None
            return
        if packet is None:
            packet = client.next_command()


def check_game(tmp_path: Path, client: GmpClient, referee: Referee) -> None:
    """The engine's moves equal GTP's, its score is GTP's, and it ends cleanly on EOF."""
    # after the game: a command it does not know is DENYed
    denied = client.call(Command.EXTENDED, 5)
    assert denied is not None and denied.command == Command.DENY
    client.ok()
    assert client.close() == 0
    generated, score = replay_through_gtp(referee.size, referee.moves)
    engine_moves = [vertex for _, vertex, ours in referee.moves if ours]
    assert [v.upper() for v in engine_moves] == [g.upper() for g in generated]
    assert len(referee.moves) >= 10
    stderr = (tmp_path / "stderr.txt").read_text()
    assert f"game over after two passes: {score}" in stderr
    trace = (tmp_path / "trace.log").read_text()
    assert re.search(r"^! refused packet: checksum", trace, re.M), trace
    assert re.search(r"^! refused packet: the not-understood bit", trace, re.M)
    assert re.search(r"^! refused packet: packet cut short", trace, re.M)
    assert "gtp: final_score -> = " + score in trace


def test_the_engine_plays_black_against_a_client_that_sets_the_game_up(tmp_path: Path) -> None:
    """cgoban's way when the program is Black: the program sends NEWGAME, cgoban asks rules,
    handicap, board size and colour (the engine knows only its rules), then the engine asks
    and learns a 7x7 board, no handicap, and that the client is White."""
    size = 7
    client = gmp_engine(tmp_path)
    try:
        newgame = client.next_command()
        assert newgame.command == Command.NEWGAME
        told = {}
        for query in CGOBAN_QUERIES:
            answer = client.call(Command.QUERY, query)
            assert answer is not None and answer.command == Command.ANSWER
            told[query] = answer.value
        client.ok()
        assert told == {Query.RULES: 2, Query.HANDICAP: 0, Query.BOARD_SIZE: 0,
                        Query.COLOUR: 0}
        first = answer_engine_queries(client, client.next_command(), {
            Query.RULES: 2, Query.HANDICAP: 1, Query.BOARD_SIZE: size, Query.COLOUR: 1})
        assert first is None  # the OK of the last ANSWER; then the engine's first move
        first = client.next_command()
        referee = Referee(size)
        play_out(client, referee, WHITE, first)
        check_game(tmp_path, client, referee)
    finally:
        client.close()
    trace = (tmp_path / "trace.log").read_text()
    assert "game: 7x7, handicap 0, komi 7.5, gtp-weiqi plays black" in trace


def test_the_engine_plays_white_when_the_client_sends_newgame(tmp_path: Path) -> None:
    """cgoban's way when the program is White: both sides send NEWGAME at once; the client
    insists (sends it again after a second), the engine gives way, asks its queries and
    plays White on a 6x6 board after Black's first move."""
    size = 6
    client = gmp_engine(tmp_path)
    try:
        first = client.call(Command.NEWGAME)
        assert first is not None and first.command == Command.QUERY
        after = answer_engine_queries(client, first, {
            Query.RULES: 2, Query.HANDICAP: 1, Query.BOARD_SIZE: size, Query.COLOUR: 2})
        assert after is None
        referee = Referee(size)
        play_out(client, referee, BLACK, None)
        check_game(tmp_path, client, referee)
    finally:
        client.close()
    trace = (tmp_path / "trace.log").read_text()
    # The engine gives way once the client has sent its NEWGAME twice.  Both sides resend
    # after a second, so the engine's own repeat may come between the client's two: what is
    # fixed is that the client's second NEWGAME comes before the engine's first query.
    before_query = trace.split("> QUERY board size", 1)[0]
    assert before_query.count("< NEWGAME (seq 1 ack 0)\n") == 2, before_query
    assert "gtp-weiqi plays white" in trace


def test_an_illegal_move_is_denied_and_the_game_goes_on(tmp_path: Path) -> None:
    """A move on an occupied point (or one in the engine's colour) gets DENY; the engine
    still takes the next legal move."""
    size = 5
    client = gmp_engine(tmp_path)
    try:
        first = client.call(Command.NEWGAME)
        assert first is not None
        assert answer_engine_queries(client, first, {
            Query.BOARD_SIZE: size, Query.COLOUR: 2}) is None
        reply = client.call(Command.MOVE, move_value(False, (2, 2), size))   # Black C3
        engine = reply if reply is not None else client.next_command()
        assert engine.command == Command.MOVE
        white, point = parse_move(engine.value, size)
        assert white and point is not None
        client.ok()
        denied = client.call(Command.MOVE, move_value(False, point, size))  # on its stone
        assert denied is not None and denied.command == Command.DENY
        client.ok()
        denied = client.call(Command.MOVE, move_value(True, (0, 0), size))  # in its colour
        assert denied is not None and denied.command == Command.DENY
        client.ok()
        free = next((r, c) for r in range(size) for c in range(size)
                    if (r, c) not in ((2, 2), point))
        reply = client.call(Command.MOVE, move_value(False, free, size))
        engine = reply if reply is not None else client.next_command()
        assert engine.command == Command.MOVE and engine.value & 0x200
    finally:
        client.close()
    stderr = (tmp_path / "stderr.txt").read_text()
    assert stderr.count("refused the other side's move") == 2
    assert "illegal move" in stderr


def test_undo_takes_moves_back(tmp_path: Path) -> None:
    """UNDO 2 takes back the engine's move and the client's; sent again (as after a lost OK)
    it is acknowledged again and not done twice; the client's new move is then answered as
    GTP answers it after two undos."""
    size = 5
    client = gmp_engine(tmp_path)
    try:
        first = client.call(Command.NEWGAME)
        assert first is not None
        answer_engine_queries(client, first, {Query.BOARD_SIZE: size, Query.COLOUR: 2})
        reply = client.call(Command.MOVE, move_value(False, (2, 2), size))
        engine = reply if reply is not None else client.next_command()
        client.ok()
        assert client.call(Command.UNDO, 2) is None
        client.write(client.last_sent())  # the same UNDO packet again
        repeat_ok = client.read_packet(10)
        assert repeat_ok is not None and repeat_ok.command == Command.OK
        reply = client.call(Command.MOVE, move_value(False, (1, 1), size))
        engine = reply if reply is not None else client.next_command()
        assert engine.command == Command.MOVE
        _, point = parse_move(engine.value, size)
    finally:
        client.close()
    generated, _ = replay_through_gtp(size, [("black", "B2", False), ("white", "", True)],
                                      score=False)
    assert format_vertex(point).upper() == generated[0].upper()
    trace = (tmp_path / "trace.log").read_text()
    assert trace.count("gtp: undo -> =") == 2


def test_chinese_handicap_stones_are_black_moves(tmp_path: Path) -> None:
    """Under GMP's Chinese rules Black places its handicap stones as moves (cgoban does so):
    as White the engine takes two Black MOVEs, sets them as free handicap and then moves;
    as Black it chooses two with place_free_handicap and sends them before White moves."""
    size = 7
    client = gmp_engine(tmp_path)
    try:
        first = client.call(Command.NEWGAME)
        assert first is not None
        answer_engine_queries(client, first, {Query.BOARD_SIZE: size, Query.HANDICAP: 2,
                                              Query.COLOUR: 2, Query.RULES: 2})
        assert client.call(Command.MOVE, move_value(False, (1, 1), size)) is None   # B2
        reply = client.call(Command.MOVE, move_value(False, (5, 5), size))          # F6
        engine = reply if reply is not None else client.next_command()
        assert engine.command == Command.MOVE and engine.value & 0x200
        client.ok()
    finally:
        client.close()
    trace = (tmp_path / "trace.log").read_text()
    assert "handicap 2 (placed by Black)" in trace
    assert "gtp: set_free_handicap B2 F6 -> =" in trace

    black = tmp_path / "black"
    black.mkdir()
    client = gmp_engine(black)
    try:
        assert client.next_command().command == Command.NEWGAME
        for query in CGOBAN_QUERIES:
            client.call(Command.QUERY, query)
        client.ok()
        assert answer_engine_queries(client, client.next_command(), {
            Query.BOARD_SIZE: size, Query.HANDICAP: 2, Query.COLOUR: 1,
            Query.RULES: 2}) is None
        stones = []
        for _ in range(2):
            move = client.next_command()
            white, point = parse_move(move.value, size)
            assert move.command == Command.MOVE and not white and point is not None
            stones.append(format_vertex(point))
            client.ok()
    finally:
        client.close()
    placed = re.search(r"gtp: place_free_handicap 2 -> = (\S+ \S+)",
                       (black / "trace.log").read_text())
    assert placed is not None and placed[1].split() == stones


def test_proxy_mode_sends_the_back_ends_moves(tmp_path: Path) -> None:
    """With --engine, the moves sent over GMP are GNU Go's (through proxy mode): the same as
    the same proxy answers through GTP."""
    gnugo = gnugo_path()
    backend = ["--engine", f"{gnugo} --mode gtp --level 0 --seed 1"]
    size = 7
    client = gmp_engine(tmp_path, *backend)
    referee = Referee(size)
    try:
        assert client.next_command().command == Command.NEWGAME
        for query in CGOBAN_QUERIES:
            client.call(Command.QUERY, query)
        client.ok()
        assert answer_engine_queries(client, client.next_command(), {
            Query.BOARD_SIZE: size, Query.COLOUR: 1}) is None
        packet: Packet | None = client.next_command()
        for _ in range(4):
            assert packet is not None
            receive_engine_move(client, packet, referee, BLACK)
            point = referee.choose(WHITE)
            referee.record(WHITE, point, engine=False)
            packet = client.call(Command.MOVE, move_value(True, point, size))
            if packet is None:
                packet = client.next_command()
    finally:
        client.close()
    lines = [f"boardsize {size}", "clear_board"]
    lines += [f"genmove {c}" if ours else f"play {c} {v}" for c, v, ours in referee.moves]
    done = subprocess.run([sys.executable, "-m", "gtp_weiqi", *OPTIONS, *backend],
                          input="\n".join(lines + ["quit"]) + "\n", capture_output=True,
                          text=True, env=engine_env(), timeout=DEADLINE, check=True)
    answers = [b[1:].strip() for b in done.stdout.split("\n\n") if b.strip()]
    generated = [answers[2 + i] for i, (_, _, ours) in enumerate(referee.moves) if ours]
    assert [v.upper() for _, v, ours in referee.moves if ours] == \
        [g.upper() for g in generated]
    assert "gtp-weiqi plays black" in (tmp_path / "trace.log").read_text()


def test_a_whole_game_against_gnu_gos_gmp(tmp_path: Path) -> None:
    """GNU Go's own GMP code (`--mode sgmp`, which knows the board size, as White) against
    gtp-weiqi as Black: the set-up, every move and both passes go through, and gtp-weiqi's
    moves are the ones GTP generates for the same game."""
    gnugo = gnugo_path()
    size = 7
    log = tmp_path / "trace.log"
    engine = subprocess.Popen(
        [sys.executable, "-m", "gtp_weiqi", "--mode", "gmp", *OPTIONS, "--log", str(log)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=engine_env(), start_new_session=True)
    other = subprocess.Popen(
        [gnugo, "--mode", "sgmp", "--color", "white", "--boardsize", str(size), "--level", "0",
         "--chinese-rules", "--komi", "7.5", "--quiet"],
        stdin=engine.stdout, stdout=engine.stdin, stderr=subprocess.DEVNULL,
        start_new_session=True)
    try:
        deadline = time.monotonic() + DEADLINE
        while "game over after two passes" not in (log.read_text() if log.exists() else ""):
            assert time.monotonic() < deadline, "no end of game in time"
            assert engine.poll() is None
            if other.poll() is not None:  # GNU Go's sgmp ends after the two passes
                deadline = min(deadline, time.monotonic() + 10)
            time.sleep(0.2)
    finally:
        for proc in (other, engine):
            proc.kill()
            proc.wait(timeout=10)
        for stream in (engine.stdin, engine.stdout, engine.stderr):
            if stream is not None:
                stream.close()
    trace = log.read_text()
    moves = []
    for line in trace.splitlines():
        found = re.match(r"gtp: (play|genmove) (black|white) ?(\S*) -> = ?(\S*)", line)
        if found:
            ours = found[1] == "genmove"
            moves.append((found[2], found[4] if ours else found[3], ours))
    assert "gtp-weiqi plays black" in trace
    assert len(moves) >= 10 and moves[-1][1].lower() == "pass"
    generated, _ = replay_through_gtp(size, moves)
    assert [v.upper() for _, v, ours in moves if ours] == [g.upper() for g in generated]


def test_the_mode_option_is_in_the_help() -> None:
    done = subprocess.run([sys.executable, "-m", "gtp_weiqi", "--help"], capture_output=True,
                          text=True, env=engine_env(), timeout=60, check=True)
    assert "--mode {gtp,gmp}" in done.stdout
    assert "Go Modem" in done.stdout

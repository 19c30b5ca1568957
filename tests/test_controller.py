"""The GTP controller: framing of answers, the first-byte check, timeouts, deaths (also in
the middle of an answer), the bounded stderr tail, and shutting an engine down (quit, then
SIGTERM, then SIGKILL).  Every engine here is a child process with a timeout on each
command, and every test closes what it started."""

from __future__ import annotations

import os
import signal
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gtp_weiqi.ui.gtp.commands import build_engine
from gtp_weiqi.ui.gtp.controller import (
    PIPELINE_BYTES,
    CommandFailed,
    Controller,
    EngineDied,
    EngineTimeout,
    InternalChannel,
    ProtocolError,
    Response,
    SubprocessChannel,
    _parse_first_line,
)

BROKEN = str(Path(__file__).resolve().parent / "broken_engine.py")
TIMEOUT = 30.0


def broken(mode: str = "none", *extra: str) -> list[str]:
    return [sys.executable, BROKEN, "--mode", mode, *extra]


def script(source: str) -> list[str]:
    """A tiny engine written inline."""
    return [sys.executable, "-c", textwrap.dedent(source)]


@contextmanager
def engine(argv: list[str], timeout: float = TIMEOUT, **options: object
           ) -> Iterator[Controller]:
    channel = SubprocessChannel(argv, **options)  # type: ignore[arg-type]
    controller = Controller(channel, "test engine", timeout)
    try:
        yield controller
    finally:
        controller.close(quick=True)
        assert channel.proc.poll() is not None


def test_answers_are_read_up_to_the_blank_line_and_failures_raise() -> None:
    with engine(broken()) as c:
        c.handshake()
        assert c.command("protocol_version") == "2"
        listed = c.command("list_commands").split("\n")
        assert "genmove" in listed and "final_score" in listed
        assert c.known("kata-set-rules") and not c.known("no-such-command")
        with pytest.raises(CommandFailed) as info:
            c.command("boardsize", "99")
        assert info.value.text == "unacceptable size"
        assert c.command("boardsize", "9") == ""  # the channel is still usable
        response = c.ask("play", "b", "Z99")
        assert not response.ok and response.text.startswith("syntax error")


def test_a_whole_line_goes_out_as_written_with_its_own_id() -> None:
    with engine(broken()) as c:
        response = c.ask_line("17 boardsize 99")
        assert (response.ok, response.ident, response.text) == (False, 17, "unacceptable size")
        assert response.raw == b"?17 unacceptable size\n\n"


def test_raw_bytes_go_out_while_an_answer_is_read_line_by_line() -> None:
    with engine(broken()) as c:
        channel = c.channel
        assert isinstance(channel, SubprocessChannel)
        channel.write_raw(b"1 name\n2 protocol_version\n")
        lines = [channel.read_raw_line(TIMEOUT) for _ in range(4)]
        assert lines[1:] == [b"\n", b"=2 2\n", b"\n"] and lines[0].startswith(b"=1 ")


def test_blank_lines_before_an_answer_ids_and_carriage_returns_are_handled() -> None:
    source = """
        import sys
        for line in sys.stdin:
            word = line.split()[0]
            if word == "quit":
                sys.stdout.write("= \\n\\n"); sys.stdout.flush(); break
            sys.stdout.write("\\n\\r\\n=17 first\\tline\\r\\nsecond line\\r\\n\\r\\n")
            sys.stdout.flush()
    """
    with engine(script(source)) as c:
        assert c.command("anything") == "first line\nsecond line"
        assert c.command("again") == "first line\nsecond line"
        assert c.ask("raw").raw == b"\n\r\n=17 first\tline\r\nsecond line\r\n\r\n"


def test_pipelined_commands_get_every_answer_in_order_past_a_full_pipe() -> None:
    """More command bytes than PIPELINE_BYTES (and than a pipe holds), a `?` among them."""
    lines = [f"{i} komi {i % 100}.5" for i in range(3000)] + ["boardsize 99", "get_komi"]
    assert sum(len(line) + 1 for line in lines) > 2 * PIPELINE_BYTES
    with engine(broken()) as c:
        answers = c.ask_all(lines)
        assert [a.raw for a in answers[:3000]] == [f"={i} \n\n".encode() for i in range(3000)]
        assert answers[3000] == Response(False, "unacceptable size")
        assert answers[3001] == Response(True, "99.5")
        assert c.command("name") == "BrokenGo"  # the channel goes on after the batch


def test_an_engine_that_stops_reading_in_a_pipelined_batch_times_out() -> None:
    source = """
        import sys, time
        for _ in range(10):
            sys.stdin.readline()
            sys.stdout.write("= \\n\\n"); sys.stdout.flush()
        time.sleep(60)
    """
    with engine(script(source), timeout=0.5) as c:
        with pytest.raises(EngineTimeout):
            c.ask_all(["play b a1"] * 20000)
        channel = c.channel
        assert isinstance(channel, SubprocessChannel)
        assert channel.proc.poll() is not None


def test_what_an_engine_writes_after_quit_is_read_to_the_end_of_its_output() -> None:
    source = """
        import sys
        sys.stdin.readline()
        sys.stdout.write("= \\n\\nbye\\n"); sys.stdout.flush()
    """
    with engine(script(source)) as c:
        assert c.command("quit") == ""
        channel = c.channel
        assert isinstance(channel, SubprocessChannel)
        assert channel.read_rest(TIMEOUT) == b"bye\n"
        assert channel.read_rest(TIMEOUT) == b""


def test_an_engine_that_writes_a_banner_is_not_speaking_gtp() -> None:
    with engine(broken("banner")) as c:
        with pytest.raises(ProtocolError) as info:
            c.command("protocol_version")
        assert "isn't speaking GTP" in str(info.value)
        assert "Welcome to BrokenGo" in str(info.value)
        with pytest.raises(ProtocolError):  # broken for good
            c.command("name")


def test_an_engine_that_speaks_gmp_is_recognised() -> None:
    source = """
        import sys
        sys.stdout.buffer.write(bytes([1, 2, 3]) + b"\\n"); sys.stdout.flush()
        sys.stdin.read()
    """
    with engine(script(source)) as c:
        with pytest.raises(ProtocolError, match="GMP"):
            c.command("protocol_version")


def test_garbage_instead_of_an_answer_breaks_the_channel() -> None:
    with engine(broken("garbage")) as c:
        c.command("boardsize", "9")
        with pytest.raises(ProtocolError) as info:
            c.command("genmove", "b")
        assert "@@ garbage @@" in str(info.value)
        assert c.broken is info.value
        with pytest.raises(ProtocolError):
            c.command("name")


def test_a_hanging_engine_times_out_and_is_stopped() -> None:
    with engine(broken("hang"), timeout=0.5) as c:
        assert c.command("name", timeout=TIMEOUT) == "BrokenGo"
        with pytest.raises(EngineTimeout) as info:
            c.command("genmove", "b")
        assert "within 0.5 s" in str(info.value)
        channel = c.channel
        assert isinstance(channel, SubprocessChannel)
        assert channel.proc.poll() is not None  # stopped at once, not left sleeping


def test_a_crash_is_reported_with_the_exit_code_and_the_stderr_tail() -> None:
    with engine(broken("crash")) as c:
        with pytest.raises(EngineDied) as info:
            c.command("genmove", "b")
        error = info.value
        assert "exited with code 3" in error.message
        assert "crashing on purpose" in error.tail
        assert "crashing on purpose" in error.describe()


def test_death_in_the_middle_of_an_answer_is_not_taken_for_an_answer() -> None:
    with engine(broken("midway")) as c:
        with pytest.raises(EngineDied) as info:
            c.command("genmove", "b")
        assert "middle of its answer" in info.value.message
        assert "exited with code 4" in info.value.message


def test_death_after_the_first_line_of_an_answer_is_caught_too() -> None:
    source = """
        import sys
        sys.stdin.readline()
        sys.stdout.write("= D4\\n"); sys.stdout.flush()
    """
    with engine(script(source)) as c:
        with pytest.raises(EngineDied, match="middle of its answer"):
            c.command("genmove", "b")


def test_a_command_that_cannot_start_says_so() -> None:
    with pytest.raises(EngineDied, match="cannot start"):
        SubprocessChannel(["/nonexistent/engine-binary", "--gtp"])


def test_an_engine_that_exits_at_once_reports_its_stderr() -> None:
    with engine(broken("startcrash")) as c:
        with pytest.raises(EngineDied) as info:
            c.command("protocol_version")
        assert "exited with code 5" in info.value.message
        assert "cannot start (mode startcrash)" in info.value.tail


def test_the_stderr_tail_is_bounded_and_keeps_the_last_lines() -> None:
    source = """
        import sys
        for i in range(500):
            print(f"noise {i}", file=sys.stderr)
        sys.stderr.flush()
        for line in sys.stdin:
            if line.startswith("quit"):
                break
            sys.stdout.write("= \\n\\n"); sys.stdout.flush()
        print("last words", file=sys.stderr)
    """
    seen: list[str] = []
    with engine(script(source), stderr_lines=10, on_stderr=seen.append) as c:
        c.command("anything")
        c.close()
        channel = c.channel
        assert isinstance(channel, SubprocessChannel)
        tail = channel.stderr_tail().splitlines()
        assert tail == [f"noise {i}" for i in range(491, 500)] + ["last words"]
        assert len(seen) == 501


def test_close_sends_quit_and_the_engine_exits_cleanly() -> None:
    with engine(broken()) as c:
        c.command("name")
        channel = c.channel
        assert isinstance(channel, SubprocessChannel)
        channel.close()
        assert channel.proc.returncode == 0
        with pytest.raises(EngineDied):
            c.command("name")


def test_close_terminates_an_engine_that_ignores_quit_and_kills_one_that_ignores_sigterm(
) -> None:
    source = """
        import signal, sys, time
        if "--stubborn" in sys.argv:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
        for line in sys.stdin:
            sys.stdout.write("= \\n\\n"); sys.stdout.flush()
        while True:
            time.sleep(1)
    """
    for stubborn, expected in ((False, -signal.SIGTERM), (True, -signal.SIGKILL)):
        argv = script(source) + (["--stubborn"] if stubborn else [])
        channel = SubprocessChannel(argv)
        try:
            Controller(channel, timeout=TIMEOUT).command("name")
            channel.close(quit_timeout=5.0, wait=0.5)
            assert channel.proc.returncode == expected
        finally:
            if channel.proc.poll() is None:
                channel.proc.kill()
                channel.proc.wait()


def test_close_reaches_processes_the_engine_started() -> None:
    source = """
        import subprocess, sys, time
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        print(child.pid, file=sys.stderr, flush=True)
        for line in sys.stdin:
            sys.stdout.write("= \\n\\n"); sys.stdout.flush()
        time.sleep(60)
    """
    channel = SubprocessChannel(script(source))
    try:
        Controller(channel, timeout=TIMEOUT).command("name")
        deadline = time.monotonic() + TIMEOUT
        while not channel.stderr_tail().split() and time.monotonic() < deadline:
            time.sleep(0.01)  # stderr is read by its own thread: the pid may come late
        child = int(channel.stderr_tail().split()[0])
        channel.close(wait=0.5)
        for _ in range(100):
            try:
                os.kill(child, 0)
            except ProcessLookupError:
                break
            if _is_zombie(child):
                break
            time.sleep(0.05)
        else:
            pytest.fail("the engine's own child outlived it")
    finally:
        if channel.proc.poll() is None:
            channel.proc.kill()
            channel.proc.wait()


def _is_zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_cpu_time_comes_from_the_engine_or_its_process() -> None:
    with engine(broken()) as c:
        cpu = c.cpu_time()
        assert cpu is not None and cpu >= 0


def test_an_in_process_engine_answers_like_a_child_process() -> None:
    # the rules of broken(), which the default preset no longer is
    internal = Controller(InternalChannel(build_engine(9, "tromp-taylor")), "internal")
    with engine(broken()) as child:
        for command in (["boardsize", "9"], ["play", "b", "E5"], ["showboard"],
                        ["list_commands"], ["final_status_list", "alive"]):
            ours, theirs = internal.ask(*command), child.ask(*command)
            assert ours == theirs and ours.raw == theirs.raw
        assert internal.ask("play", "b", "E5") == child.ask("play", "b", "E5")
    internal.command("quit")
    with pytest.raises(EngineDied):
        internal.command("name")


@given(ok=st.booleans(), ident=st.one_of(st.just(""), st.integers(0, 10**6).map(str)),
       text=st.text(st.characters(min_codepoint=33, max_codepoint=0x2FFF), max_size=30))
def test_the_first_line_of_an_answer_loses_its_id_and_one_space(ok: bool, ident: str,
                                                                text: str) -> None:
    line = ("=" if ok else "?") + ident + " " + text
    assert _parse_first_line(line) == (ok, text.rstrip())


# -- numbered commands and streams ------------------------------------------------------------

# A small engine: `echo` answers the line it received (id included); `stream` writes
# "tick N" lines until input arrives, then ends the answer; `refuse` fails; `die` writes a
# line of a stream and exits; an empty line is no command; `seen` answers every line read.
STREAMER = """
    import os, select, sys, time
    seen = []
    def answer(ident, text, ok=True):
        sys.stdout.write(("=" if ok else "?") + ident + " " + text + "\\n\\n"); sys.stdout.flush()
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        seen.append(line.rstrip("\\n"))
        words = line.split()
        if not words:
            continue
        ident = words.pop(0) if words[0].isdigit() else ""
        name = words[0]
        if name == "echo":
            answer(ident, line.strip())
        elif name == "stream":
            sys.stdout.write("=" + ident + "\\n"); sys.stdout.flush()
            n = 0
            while not select.select([sys.stdin], [], [], 0.01)[0]:
                n += 1
                sys.stdout.write(f"tick {n}\\n"); sys.stdout.flush()
                time.sleep(0.01)
            sys.stdout.write("\\n"); sys.stdout.flush()
        elif name == "refuse":
            answer(ident, "cannot stream", ok=False)
        elif name == "die":
            sys.stdout.write("=" + ident + "\\ntick 1\\n"); sys.stdout.flush()
            os._exit(6)
        elif name == "seen":
            answer(ident, " | ".join(seen))
        elif name == "quit":
            answer(ident, "")
            break
        else:
            answer(ident, "unknown command", ok=False)
"""


def test_a_numbered_channel_sends_ids_and_checks_them() -> None:
    with engine(script(STREAMER), numbered=True) as c:
        assert c.command("echo", "a") == "1 echo a"
        assert c.command("echo", "b") == "2 echo b"
        channel = c.channel
        assert isinstance(channel, SubprocessChannel)
        assert channel.ids_checked and channel.recovered == 0


def test_a_stream_is_read_line_by_line_until_stopped_and_the_channel_stays_in_step() -> None:
    with engine(script(STREAMER), numbered=True) as c:
        channel = c.channel
        assert isinstance(channel, SubprocessChannel)
        starts: list[object] = []
        lines: list[str] = []
        response = channel.stream("stream", TIMEOUT, starts.append, lines.append,
                                  lambda: len(lines) >= 3)
        assert response.ok and response.ident == 1 and starts == [response]
        assert lines[:3] == ["tick 1", "tick 2", "tick 3"]
        # The stop was an empty line, which the engine took as no command.
        assert c.command("seen") == "1 stream |  | 2 seen"


def test_a_stream_refused_or_cut_short_is_reported_as_such() -> None:
    with engine(script(STREAMER), numbered=True) as c:
        channel = c.channel
        assert isinstance(channel, SubprocessChannel)
        starts: list[object] = []
        response = channel.stream("refuse", TIMEOUT, starts.append, print, lambda: False)
        assert response == Response(False, "cannot stream") and starts == []
        lines: list[str] = []
        with pytest.raises(EngineDied, match="middle of its answer") as info:
            channel.stream("die", TIMEOUT, starts.append, lines.append, lambda: False)
        assert "exited with code 6" in info.value.message
        assert lines == ["tick 1"]

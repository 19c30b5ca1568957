"""Driving another GTP engine: a subprocess channel with read timeouts, and a controller.

Used by the proxy (`gtp-weiqi --engine CMD`) and by the match referee
(`gtp-weiqi match`).  What it guards against, in the order things go wrong:

* an engine that does not speak GTP: the first byte it writes must be one of
  `` \\t\\r\\n#=?`` (as gomill checks); ``\\x01`` means it speaks GMP;
* an engine that hangs: every command has a deadline (a reader thread feeds a queue that
  is read with a timeout), after which the engine is stopped, since a late answer would
  be read as the answer to the next command;
* an engine that dies, also half way through a response: the error says how it ended and
  quotes the tail of its stderr, which a bounded buffer keeps;
* garbage where a response should start (neither ``=`` nor ``?``).

Any of these leaves the channel *broken*: later commands fail at once with the same
error.  A ``?`` answer is not a channel error: `Controller.command` raises CommandFailed
and the channel stays usable.

Each Response also keeps the bytes the engine wrote for it (``raw``), for tests that hold
an engine's framing to the byte; `Controller.ask_all` sends many commands without waiting
for each answer (pipelined), as a throughput measurement does.

Shutting down is ``quit``, then SIGTERM, then SIGKILL, each after a short wait.  The
engine runs in a session of its own, so the signals reach any process it started and a
Ctrl-C on the terminal reaches only our process, which then stops the engine itself.
"""

from __future__ import annotations

import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .protocol import Engine

GTP_FIRST_BYTES = b" \t\r\n#=?"
DEFAULT_TIMEOUT = 60.0
PIPELINE_BYTES = 16384  # unanswered command bytes at most (Linux pipes hold 64 KiB)
_DROP = {i: None for i in range(32) if i not in (9, 10)}
_DROP[127] = None
_DROP[9] = " "


class ControllerError(Exception):
    """Something went wrong talking to an engine."""


class ChannelError(ControllerError):
    """The engine can no longer be talked to.  `tail` holds the last lines of its stderr."""

    kind = "failed"

    def __init__(self, message: str, tail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.tail = tail

    def describe(self) -> str:
        """One line: what happened, then the stderr tail (lines joined by ' | ')."""
        tail = " | ".join(line for line in self.tail.splitlines() if line.strip())
        return f"{self.message}: {tail}" if tail else self.message


class EngineDied(ChannelError):
    """The engine exited, closed its output, or could not be started."""

    kind = "died"


class EngineTimeout(ChannelError):
    """The engine did not answer in time (and was stopped)."""

    kind = "timeout"


class ProtocolError(ChannelError):
    """The engine wrote something that is not GTP."""

    kind = "garbage"


class CommandFailed(ControllerError):
    """The engine answered ``? text``."""

    def __init__(self, command: str, text: str) -> None:
        super().__init__(f"{command}: {text}" if text else command)
        self.command = command
        self.text = text


@dataclass(frozen=True)
class Response:
    """One GTP response: success flag and the text after ``=`` / ``?`` (id and the space
    after it removed; lines joined by ``\\n``).  `raw` holds the bytes the engine wrote
    from the end of the previous response to the end of this one (blank lines before it
    and the closing blank line included), as they came."""

    ok: bool
    text: str
    raw: bytes = field(default=b"", repr=False, compare=False)


def split_command(command: str | Sequence[str]) -> list[str]:
    """An argv from a command line written as in a shell (quotes respected, no expansion)."""
    if isinstance(command, str):
        argv = shlex.split(command)
    else:
        argv = list(command)
    if not argv:
        raise ValueError("empty engine command")
    return argv


def _clean(raw: bytes) -> str:
    """A response line as the spec wants controllers to read it: control characters other
    than HT and LF dropped, HT made a space."""
    return raw.decode("utf-8", errors="replace").translate(_DROP)


def _parse_first_line(line: str) -> tuple[bool, str]:
    """`=12 text` -> (True, 'text'); the id and one separating space removed."""
    ok = line[0] == "="
    rest = line[1:]
    i = 0
    while i < len(rest) and rest[i].isdigit():
        i += 1
    rest = rest[i:]
    if rest.startswith(" "):
        rest = rest[1:]
    return ok, rest.rstrip()


def _check_line(line: str) -> None:
    if "\n" in line or "\r" in line:
        raise ValueError(f"a GTP command is one line: {line!r}")


class Channel:
    """Sends one command line and reads one response."""

    def exchange(self, line: str, timeout: float | None) -> Response:
        raise NotImplementedError

    def exchange_all(self, lines: Sequence[str], timeout: float | None) -> list[Response]:
        """Send several command lines and read a response to each, in order."""
        return [self.exchange(line, timeout) for line in lines]

    def stderr_tail(self) -> str:
        return ""

    def close(self, quick: bool = False) -> None:
        """Stop the engine; `quick` skips the polite `quit`."""

    @property
    def broken(self) -> ChannelError | None:
        return None

    @property
    def pid(self) -> int | None:
        return None


class SubprocessChannel(Channel):
    """A GTP engine in a child process, spoken to over pipes.

    argv -- the command and its arguments (see `split_command`)
    stderr_lines -- how many lines of the engine's stderr to keep for error reports
    on_stderr -- called with each stderr line (text, no newline) from the reader thread,
        e.g. to forward it to our own stderr
    """

    def __init__(self, argv: Sequence[str], *, cwd: str | None = None,
                 env: dict[str, str] | None = None, stderr_lines: int = 40,
                 on_stderr: Callable[[str], None] | None = None,
                 new_session: bool = True) -> None:
        self.argv = list(argv)
        self._tail: deque[str] = deque(maxlen=stderr_lines)
        self._on_stderr = on_stderr
        self._lines: queue.Queue[list[bytes] | None] = queue.Queue()
        self._pending: deque[bytes] = deque()  # lines of the last chunk not read yet
        self._eof = False
        self._first = True
        self._broken: ChannelError | None = None
        self._new_session = new_session
        self._lock = threading.Lock()
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=cwd, env=env, start_new_session=new_session)
        except OSError as exc:
            raise EngineDied(f"cannot start {self.argv[0]!r}: {exc.strerror or exc}") from None
        self._out_thread = threading.Thread(target=self._read_stdout, daemon=True,
                                            name=f"gtp-stdout-{self.proc.pid}")
        self._err_thread = threading.Thread(target=self._read_stderr, daemon=True,
                                            name=f"gtp-stderr-{self.proc.pid}")
        self._out_thread.start()
        self._err_thread.start()

    # -- reader threads -----------------------------------------------------------------

    def _read_stdout(self) -> None:
        """Queue the engine's output as lists of whole lines, one list per read: one queue
        operation per chunk rather than per line keeps pipelined answers cheap to read."""
        stream = self.proc.stdout
        assert stream is not None
        rest = b""
        try:
            while chunk := stream.read1(65536):
                lines = (rest + chunk).split(b"\n")
                rest = lines.pop()
                if lines:
                    self._lines.put([line + b"\n" for line in lines])
        except (OSError, ValueError):
            pass
        if rest:
            self._lines.put([rest])  # a last line without its newline
        self._lines.put(None)

    def _read_stderr(self) -> None:
        stream = self.proc.stderr
        assert stream is not None
        try:
            for raw in iter(stream.readline, b""):
                text = raw.decode("utf-8", errors="replace").rstrip("\r\n")
                self._tail.append(text[:500])
                if self._on_stderr is not None:
                    try:
                        self._on_stderr(text)
                    except Exception:  # noqa: BLE001 - a reporting hook must not kill the reader
                        pass
        except (OSError, ValueError):
            pass

    # -- state --------------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        return self.proc.pid

    @property
    def broken(self) -> ChannelError | None:
        return self._broken

    def stderr_tail(self, lines: int | None = None) -> str:
        kept = list(self._tail)
        if lines is not None:
            kept = kept[-lines:]
        return "\n".join(kept)

    def _how_it_ended(self) -> str:
        try:
            code = self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "closed its output"
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return f"killed by {name}"
        return f"exited with code {code}"

    def _fail(self, error: ChannelError) -> ChannelError:
        """Mark the channel broken (stopping the engine unless it is already gone)."""
        if self._broken is None:
            self._broken = error
        if self.proc.poll() is None:
            self._stop_process(quick=True)
        return self._broken

    def _died(self, what: str) -> ChannelError:
        how = self._how_it_ended()
        self._err_thread.join(timeout=1.0)  # the last stderr lines usually explain why
        return self._fail(EngineDied(f"{what} ({how})", self.stderr_tail(8)))

    # -- exchange -----------------------------------------------------------------------

    def _next_line(self, deadline: float | None, line: str, timeout: float | None
                   ) -> bytes | None:
        """The next output line, or None at the end of the output."""
        if self._pending:
            return self._pending.popleft()
        if self._eof:
            return None
        try:
            if deadline is None:
                lines = self._lines.get()
            else:
                lines = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            what = line.split(" ")[0]
            raise self._fail(EngineTimeout(f"no answer to {what!r} within {timeout:g} s",
                                           self.stderr_tail(8))) from None
        if lines is None:
            self._eof = True
            return None
        self._pending.extend(lines)
        return self._pending.popleft()

    def exchange(self, line: str, timeout: float | None) -> Response:
        """Send one command line and read its response; `timeout` in seconds (None: wait
        for ever).  Raises ChannelError; the channel is then broken for good."""
        _check_line(line)
        with self._lock:
            if self._broken is not None:
                raise self._broken
            stdin = self.proc.stdin
            assert stdin is not None
            try:
                stdin.write(line.encode("utf-8") + b"\n")
                stdin.flush()
            except (OSError, ValueError):
                raise self._died("engine closed its input") from None
            deadline = None if timeout is None else time.monotonic() + timeout
            return self._read_response(deadline, line, timeout)

    def exchange_all(self, lines: Sequence[str], timeout: float | None) -> list[Response]:
        """Send the command lines without waiting for each answer (pipelined) and read one
        response to each, in order; `timeout` applies to each response.  At most
        PIPELINE_BYTES of commands are unanswered at a time, less than a pipe holds, so a
        write never blocks on an engine that stopped reading.  Raises ChannelError as
        `exchange` does."""
        for line in lines:
            _check_line(line)
        encoded = [line.encode("utf-8") + b"\n" for line in lines]
        with self._lock:
            if self._broken is not None:
                raise self._broken
            stdin = self.proc.stdin
            assert stdin is not None
            responses: list[Response] = []
            sent = in_flight = 0
            while len(responses) < len(lines):
                if in_flight <= PIPELINE_BYTES // 2:
                    first = sent
                    while sent < len(encoded) and (sent == len(responses) or in_flight
                                                   + len(encoded[sent]) <= PIPELINE_BYTES):
                        in_flight += len(encoded[sent])
                        sent += 1
                    if sent > first:
                        try:
                            stdin.write(b"".join(encoded[first:sent]))
                            stdin.flush()
                        except (OSError, ValueError):
                            raise self._died("engine closed its input") from None
                done = len(responses)
                deadline = None if timeout is None else time.monotonic() + timeout
                responses.append(self._read_response(deadline, lines[done], timeout))
                in_flight -= len(encoded[done])
            return responses

    def read_rest(self, timeout: float) -> bytes:
        """Everything the engine writes after its last response, up to the end of its
        output (nothing, after `quit`, from an engine that frames its answers exactly).
        Raises EngineTimeout when the output has not ended within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        rest = []
        with self._lock:
            while (raw := self._next_line(deadline, "end-of-output", timeout)) is not None:
                rest.append(raw)
        return b"".join(rest)

    def _read_response(self, deadline: float | None, line: str, timeout: float | None
                       ) -> Response:
        lines: list[str] = []
        got: list[bytes] = []
        ok = False
        started = False
        while True:
            raw = self._next_line(deadline, line, timeout)
            if raw is None:
                if started:
                    raise self._died(f"engine died in the middle of its answer to {line!r}")
                raise self._died("engine died")
            if self._first:
                self._first = False
                if raw[:1] == b"\x01":
                    raise self._fail(ProtocolError("engine appears to speak GMP, not GTP",
                                                   self.stderr_tail(8)))
                if raw[:1] not in GTP_FIRST_BYTES:
                    raise self._fail(ProtocolError(
                        f"engine isn't speaking GTP: it wrote {_clean(raw[:60]).strip()!r}",
                        self.stderr_tail(8)))
            if not raw.endswith(b"\n"):  # a partial line: the output ended there
                self._eof = True
                raise self._died(f"engine died in the middle of its answer to {line!r}")
            got.append(raw)
            text = _clean(raw).rstrip("\n")
            if not started:
                if not text.strip():
                    continue  # blank lines before a response
                if text[0] not in "=?":
                    raise self._fail(ProtocolError(
                        f"garbage instead of an answer to {line!r}: {text[:60]!r}",
                        self.stderr_tail(8)))
                started = True
                ok, first = _parse_first_line(text)
                lines.append(first)
                continue
            if not text.strip():
                return Response(ok, "\n".join(lines), b"".join(got))
            lines.append(text.rstrip())

    # -- shutdown -----------------------------------------------------------------------

    def _signal(self, sig: int) -> None:
        try:
            if self._new_session:
                os.killpg(self.proc.pid, sig)
            else:
                self.proc.send_signal(sig)
        except (ProcessLookupError, PermissionError, OSError):
            pass

    def _stop_process(self, quick: bool, wait: float = 2.0) -> None:
        proc = self.proc
        if proc.stdin is not None:
            try:
                proc.stdin.close()
            except OSError:
                pass
        if not quick:
            try:
                proc.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                pass
        if proc.poll() is None:
            # SIGTERM the engine (its whole session: anything it started too), then SIGKILL.
            self._signal(signal.SIGTERM)
            try:
                proc.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                self._signal(signal.SIGKILL)
                proc.wait()

    def close(self, quick: bool = False, quit_timeout: float = 2.0, wait: float = 2.0) -> None:
        """``quit`` (unless quick or broken), then SIGTERM, then SIGKILL, waiting `wait`
        seconds for the process to end after each; reap it and the reader threads."""
        try:
            if not quick and self._broken is None and self.proc.poll() is None:
                try:
                    self.exchange("quit", quit_timeout)
                except ChannelError:
                    pass
            if self._broken is None:
                self._broken = EngineDied("engine was closed")
            self._stop_process(quick=quick, wait=wait)
        except BaseException:
            # Interrupted while closing (Ctrl-C, SIGTERM): still kill and reap the engine.
            if self.proc.poll() is None:
                self._signal(signal.SIGKILL)
            try:
                self.proc.wait(timeout=5.0)
            except (subprocess.TimeoutExpired, BaseException):
                pass
            raise
        self._out_thread.join(timeout=1.0)
        self._err_thread.join(timeout=1.0)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass

    def cpu_time(self) -> float | None:
        """User + system CPU seconds of the engine process so far (Linux /proc), or None."""
        try:
            with open(f"/proc/{self.proc.pid}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            ticks = os.sysconf("SC_CLK_TCK")
            return (int(fields[11]) + int(fields[12])) / ticks
        except (OSError, ValueError, IndexError):
            return None


class InternalChannel(Channel):
    """An in-process engine behind the same interface (for tests and built-in players)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._broken: ChannelError | None = None

    @property
    def broken(self) -> ChannelError | None:
        return self._broken

    def exchange(self, line: str, timeout: float | None) -> Response:
        _check_line(line)
        if self._broken is not None:
            raise self._broken
        response, quit_now = self.engine.handle_line(line + "\n")
        if quit_now:
            self._broken = EngineDied("engine was closed")
        if response is None:
            return Response(True, "")
        first, *rest = response[:-2].split("\n")
        ok, text = _parse_first_line(first)
        return Response(ok, "\n".join([text, *rest]), response.encode("utf-8"))

    def close(self, quick: bool = False) -> None:
        if self._broken is None:
            self._broken = EngineDied("engine was closed")


class _Default:
    """The controller's default timeout (a sentinel, since None means 'wait for ever')."""


DEFAULT = _Default()


class Controller:
    """A GTP engine as Python calls: `command` returns the answer text or raises.

    name -- a label for messages ('black', 'back end', ...)
    timeout -- the default seconds to wait for an answer (None: for ever)
    """

    def __init__(self, channel: Channel, name: str = "engine",
                 timeout: float | None = DEFAULT_TIMEOUT) -> None:
        self.channel = channel
        self.name = name
        self.timeout = timeout
        self._listed: set[str] | None = None
        self._known: dict[str, bool] = {}

    @classmethod
    def start(cls, command: str | Sequence[str], name: str = "engine",
              timeout: float | None = DEFAULT_TIMEOUT, **channel_options: object
              ) -> Controller:
        """Start an engine from its command line."""
        channel = SubprocessChannel(split_command(command), **channel_options)  # type: ignore[arg-type]
        return cls(channel, name, timeout)

    # -- commands -----------------------------------------------------------------------

    def ask(self, name: str, *args: str, timeout: float | None | _Default = DEFAULT
            ) -> Response:
        """Send a command; return the response whatever its outcome.  Raises ChannelError."""
        line = " ".join([name, *args])
        wait = self.timeout if isinstance(timeout, _Default) else timeout
        return self.channel.exchange(line, wait)

    def ask_all(self, lines: Sequence[str], timeout: float | None | _Default = DEFAULT
                ) -> list[Response]:
        """Send whole command lines without waiting for each answer (pipelined); return
        their responses in order, whatever their outcome.  Raises ChannelError."""
        wait = self.timeout if isinstance(timeout, _Default) else timeout
        return self.channel.exchange_all(list(lines), wait)

    def command(self, name: str, *args: str, timeout: float | None | _Default = DEFAULT
                ) -> str:
        """Send a command; return its answer.  Raises CommandFailed on ``?``."""
        response = self.ask(name, *args, timeout=timeout)
        if not response.ok:
            raise CommandFailed(" ".join([name, *args]), response.text)
        return response.text

    def handshake(self) -> None:
        """``protocol_version`` (must be 2 when the engine has it) and ``list_commands``."""
        response = self.ask("protocol_version")
        if response.ok and response.text.strip() not in ("2", ""):
            raise ProtocolError(f"{self.name} speaks GTP version {response.text.strip()!r}, "
                                "not 2", self.stderr_tail())
        self.list_commands()

    def list_commands(self) -> set[str]:
        """The engine's listed commands (cached; empty when it cannot list them)."""
        if self._listed is None:
            response = self.ask("list_commands")
            self._listed = {line.strip() for line in response.text.splitlines()
                            if line.strip()} if response.ok else set()
        return self._listed

    def known(self, name: str) -> bool:
        """Whether the engine has a command: listed, or ``known_command`` says so."""
        if name in self.list_commands():
            return True
        if name not in self._known:
            response = self.ask("known_command", name)
            self._known[name] = response.ok and response.text.strip().lower() == "true"
        return self._known[name]

    # -- state --------------------------------------------------------------------------

    @property
    def broken(self) -> ChannelError | None:
        return self.channel.broken

    def stderr_tail(self, lines: int = 8) -> str:
        tail = self.channel.stderr_tail()
        return "\n".join(tail.splitlines()[-lines:])

    def cpu_time(self) -> float | None:
        """CPU seconds the engine used: its ``cputime`` / ``gomill-cpu_time`` command when it
        lists one, else the process's own figure."""
        for name in ("cputime", "gomill-cpu_time"):
            if self.channel.broken is None and name in self.list_commands():
                try:
                    return float(self.command(name, timeout=10.0).split()[0])
                except (ControllerError, ValueError, IndexError):
                    break
        cpu = getattr(self.channel, "cpu_time", None)
        return cpu() if cpu is not None else None

    def close(self, quick: bool = False) -> None:
        self.channel.close(quick=quick)

    def __enter__(self) -> Controller:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = [
    "Channel", "ChannelError", "CommandFailed", "Controller", "ControllerError",
    "DEFAULT_TIMEOUT", "EngineDied", "EngineTimeout", "InternalChannel", "ProtocolError",
    "Response", "SubprocessChannel", "split_command",
]

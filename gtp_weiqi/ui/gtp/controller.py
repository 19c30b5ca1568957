"""Driving another GTP engine: a subprocess channel with read timeouts, and a controller.

Used by the proxy (`gtp-weiqi --engine CMD`), the match referee (`gtp-weiqi match`) and
the regression runner (`gtp-weiqi regress`): the project's one GTP client.  What it
guards against, in the order things go wrong:

* an engine that does not speak GTP: the first byte it writes must be one of
  `` \\t\\r\\n#=?`` (as gomill checks); ``\\x01`` means it speaks GMP;
* an engine that hangs: every command has a deadline (a reader thread feeds a queue that
  is read with a timeout), after which the engine is stopped, since a late answer would
  be read as the answer to the next command;
* an engine that dies, also half way through a response: the error says how it ended and
  quotes the tail of its stderr, which a bounded buffer keeps;
* garbage where a response should start (neither ``=`` nor ``?``);
* with ``numbered=True`` (the proxy), an answer out of step: every command goes out with
  an id (``7 genmove b``) and the id of each answer is checked.  An extra answer (one
  numbered for an earlier command, e.g. a duplicate) is read to its end, discarded and
  reported through ``on_problem``; an answer numbered for a later command means the
  channel is out of step for good; a missing answer shows as the deadline passing.  An
  engine whose first answer has no id is taken not to echo ids at all (reported once;
  matched by order from then on).  From an engine that echoes ids, an answer without one
  is out of step until shown otherwise: the channel sends a ``protocol_version`` behind it
  and reads on.  When the answer numbered for the command comes first, the one without
  an id was an extra answer: discarded and reported (``on_discarded`` is told, so that a
  caller can resynchronise after a discarded move).  When the probe's answer comes first,
  nothing else answered the command: the answer without an id was its answer after all
  (Leela Zero's ``move_history`` writes none), reported once per command name;

Any of these leaves the channel *broken*: later commands fail at once with the same
error.  A ``?`` answer is not a channel error: `Controller.command` raises CommandFailed
and the channel stays usable.

`SubprocessChannel.stream` reads an answer that streams (analysis) line by line, and
stops it on request; `write_raw` and `read_raw_line` let a test replay a client's exact
bytes (pipelined, or written while an answer is pending) over the same channel.

Each Response also keeps the bytes the engine wrote for it (``raw``), for tests that hold
an engine's framing to the byte; `Controller.ask_all` sends many commands without waiting
for each answer (pipelined), as a throughput measurement does.

Shutting down is ``quit``, then SIGTERM, then SIGKILL, each after a short wait.  The
engine runs in a session of its own, so the signals reach any process it started and a
Ctrl-C on the terminal reaches only our process, which then stops the engine itself.
With ``die_with_parent`` (the proxy's back end) the engine also dies when we die without
stopping it, SIGKILLed ourselves: on Linux the child asks the kernel for a SIGKILL when
its parent ends (``prctl(PR_SET_PDEATHSIG)``, set between fork and exec).
"""

from __future__ import annotations

import ctypes
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

_PR_SET_PDEATHSIG = 1  # linux/prctl.h

GTP_FIRST_BYTES = b" \t\r\n#=?"
DEFAULT_TIMEOUT = 60.0
PIPELINE_BYTES = 16384  # unanswered command bytes at most (Linux pipes hold 64 KiB)
MAX_LINE_BYTES = 8 << 20  # a longer answer line is refused (KataGo's longest are ~1 MB)
_DROP: dict[int, str | None] = {i: None for i in range(32) if i not in (9, 10)}
_DROP[127] = None
_DROP[9] = " "
_NO_LINE_YET = object()  # _next_line with a short wait: nothing yet, ask again


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
    and the closing blank line included), as they came; `ident` is the id it carried."""

    ok: bool
    text: str
    raw: bytes = field(default=b"", repr=False, compare=False)
    ident: int | None = field(default=None, compare=False)


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


def _parse_answer_start(line: str) -> tuple[bool, int | None, str]:
    """`=12 text` -> (True, 12, 'text'); `= text` -> (True, None, 'text')."""
    ok = line[0] == "="
    rest = line[1:]
    i = 0
    while i < len(rest) and rest[i].isascii() and rest[i].isdigit():
        i += 1
    ident = int(rest[:i]) if i else None
    rest = rest[i:]
    if rest.startswith(" "):
        rest = rest[1:]
    return ok, ident, rest.rstrip()


def _shown(response: Response) -> str:
    """An answer as a report quotes it: `= E5`, its lines joined by ' / ', cut at 80."""
    text = ("= " if response.ok else "? ") + response.text
    return " / ".join(text.splitlines())[:80]


def _parse_first_line(line: str) -> tuple[bool, str]:
    """`=12 text` -> (True, 'text'); the id and one separating space removed."""
    ok, _ident, text = _parse_answer_start(line)
    return ok, text


def _death_with_parent() -> Callable[[], None] | None:
    """A `preexec_fn` that asks the kernel to SIGKILL the child when its parent ends
    (Linux `prctl(PR_SET_PDEATHSIG)`), or None where that cannot be had.  The kernel
    counts the *thread* that started the child as its parent, so this is used from the
    main thread only; libc's `prctl` is looked up here, before the fork."""
    if not os.uname().sysname == "Linux" or threading.current_thread() is not \
            threading.main_thread():
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    parent = os.getpid()

    def preexec() -> None:
        prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        if os.getppid() != parent:  # the parent died before the request was made
            os._exit(1)
    return preexec


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
    numbered -- send every command with an id and check the id of every answer
    on_problem -- called with a sentence for each problem the channel recovered from (an
        extra answer discarded, an answer without its id, an engine that echoes no ids)
    transcript -- called with ("out", bytes) for every command line written, ("in", bytes)
        for every line the engine writes on stdout and ("err", bytes) on stderr, as they
        happen (the readers call it from their threads), e.g. to keep a GTP log
    on_discarded -- called for each answer read and discarded, with the command line it
        was numbered for, or None when it carried no id (a caller may resynchronise)
    die_with_parent -- the engine dies with this process, even SIGKILLed (Linux)
    """

    def __init__(self, argv: Sequence[str], *, cwd: str | None = None,
                 env: dict[str, str] | None = None, stderr_lines: int = 40,
                 on_stderr: Callable[[str], None] | None = None,
                 new_session: bool = True, numbered: bool = False,
                 on_problem: Callable[[str], None] | None = None,
                 transcript: Callable[[str, bytes], None] | None = None,
                 on_discarded: Callable[[str | None], None] | None = None,
                 die_with_parent: bool = False) -> None:
        self.argv = list(argv)
        self.on_discarded = on_discarded
        self._sent: dict[int, str] = {}  # the command lines of recent ids
        self._transcript = transcript
        self.numbered = numbered
        self.on_problem = on_problem
        self.recovered = 0  # problems recovered from so far
        self._next_id = 1
        self._echoes_ids: bool | None = None  # unknown until the first numbered answer
        self._idless: set[str] = set()  # commands answered without their id
        self._tail: deque[str] = deque(maxlen=stderr_lines)
        self._on_stderr = on_stderr
        self._lines: queue.Queue[list[bytes] | None] = queue.Queue()
        self._pending: deque[bytes] = deque()  # lines of the last chunk not read yet
        self._eof = False
        self._overlong = False  # an answer line passed MAX_LINE_BYTES
        self._first = True
        self._broken: ChannelError | None = None
        self._new_session = new_session
        self._lock = threading.Lock()
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=cwd, env=env, start_new_session=new_session,
                preexec_fn=_death_with_parent() if die_with_parent else None)
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
            while chunk := stream.read1(65536):  # type: ignore[attr-defined]  # a BufferedReader
                if b"\n" not in chunk and len(rest) + len(chunk) > MAX_LINE_BYTES:
                    self._overlong = True  # said by _next_line; the engine is then stopped
                    break
                lines = (rest + chunk).split(b"\n")
                rest = lines.pop()
                if lines:
                    whole = [line + b"\n" for line in lines]
                    for line in whole:
                        self._record("in", line)
                    self._lines.put(whole)
        except (OSError, ValueError):
            pass
        if rest and not self._overlong:
            self._record("in", rest)
            self._lines.put([rest])  # a last line without its newline
        self._lines.put(None)

    def _record(self, kind: str, data: bytes) -> None:
        """Hand bytes to the transcript hook; a failing hook never stops the channel."""
        if self._transcript is not None:
            try:
                self._transcript(kind, data)
            except Exception:  # noqa: BLE001 - a recording hook must not kill the reader
                pass

    def _read_stderr(self) -> None:
        stream = self.proc.stderr
        assert stream is not None
        try:
            for raw in iter(stream.readline, b""):
                self._record("err", raw)
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

    @property
    def ids_checked(self) -> bool:
        """Whether answers' ids are checked: numbered, and the engine echoes ids."""
        return self.numbered and self._echoes_ids is not False

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

    def _next_line(self, deadline: float | None, line: str, timeout: float | None,
                   wait: float | None = None) -> bytes | None | object:
        """The next output line, or None at the end of the output.  With `wait`, returns
        _NO_LINE_YET when no line came within `wait` seconds (and the deadline has not
        passed)."""
        if self._pending:
            return self._pending.popleft()
        if self._eof:
            return None
        limit = None if deadline is None else max(0.0, deadline - time.monotonic())
        if wait is not None and (limit is None or wait < limit):
            try:
                lines = self._lines.get(timeout=wait)
            except queue.Empty:
                return _NO_LINE_YET
        else:
            try:
                lines = self._lines.get() if limit is None else self._lines.get(timeout=limit)
            except queue.Empty:
                what = line.split(" ")[0]
                raise self._fail(EngineTimeout(f"no answer to {what!r} within {timeout:g} s",
                                               self.stderr_tail(8))) from None
        if lines is None:
            self._eof = True
            if self._overlong:
                raise self._fail(ProtocolError(
                    f"an answer line to {line.split(' ')[0][:40]!r} is longer than "
                    f"{MAX_LINE_BYTES >> 20} MiB", self.stderr_tail(8)))
            return None
        self._pending.extend(lines)
        return self._pending.popleft()

    def exchange(self, line: str, timeout: float | None) -> Response:
        """Send one command line and read its response; `timeout` in seconds (None: wait
        for ever).  Raises ChannelError; the channel is then broken for good."""
        _check_line(line)
        with self._lock:
            ident = self._send(line)
            deadline = None if timeout is None else time.monotonic() + timeout
            return self._read_response(deadline, line, timeout, ident, probe=True)

    def stream(self, line: str, timeout: float | None, on_start: Callable[[Response], None],
               on_line: Callable[[str], None], stop: Callable[[], bool], *,
               timed: bool = False, poll: float = 0.02) -> Response:
        """Send a command whose answer streams (``lz-analyze``, ``*genmove_analyze``):
        `on_start` gets the first line of a ``=`` answer, then `on_line` each further line
        as the engine writes it, until the blank line that ends the answer.  Once `stop()`
        is true an empty line goes to the engine (an analysis ends on any input; as a
        command the empty line is ignored) and the answer must end within `timeout`;
        before that there is no deadline, unless `timed` (a move is being chosen): then
        `timeout` counts from the last line.  A ``?`` answer is read as usual.  Returns the
        first line's Response."""
        _check_line(line)
        with self._lock:
            ident = self._send(line)
            deadline = None if timeout is None else time.monotonic() + timeout
            got: list[bytes] = []
            ok, answered, first = self._read_start(deadline, line, timeout, ident, got)
            if not ok:
                rest = self._rest_of_answer(deadline, line, timeout, got)
                return Response(False, "\n".join([first, *rest]), b"".join(got), answered)
            start = Response(True, first, b"".join(got), answered)
            on_start(start)
            stopped = False
            deadline = None
            if timed and timeout is not None:
                deadline = time.monotonic() + timeout
            while True:
                if not stopped and stop():
                    stopped = True
                    self._write(b"\n")
                    deadline = None if timeout is None else time.monotonic() + timeout
                raw = self._next_line(deadline, line, timeout, poll if not stopped else None)
                if raw is _NO_LINE_YET:
                    continue
                text = self._line_of_answer(raw, line)
                if not text.strip():
                    return start
                on_line(text.rstrip())
                if timed and not stopped and timeout is not None:
                    deadline = time.monotonic() + timeout

    def exchange_all(self, lines: Sequence[str], timeout: float | None) -> list[Response]:
        """Send the command lines without waiting for each answer (pipelined) and read one
        response to each, in order; `timeout` applies to each response.  At most
        PIPELINE_BYTES of commands are unanswered at a time, less than a pipe holds, so a
        write never blocks on an engine that stopped reading.  Raises ChannelError as
        `exchange` does."""
        for line in lines:
            _check_line(line)
        with self._lock:
            if self._broken is not None:
                raise self._broken
            idents = [self._take_id() for _ in lines]
            for line, ident in zip(lines, idents, strict=True):
                self._remember(ident, line)
            encoded = [(line if ident is None else f"{ident} {line}").encode("utf-8") + b"\n"
                       for line, ident in zip(lines, idents, strict=True)]
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
                        self._record("out", b"".join(encoded[first:sent]))
                        try:
                            stdin.write(b"".join(encoded[first:sent]))
                            stdin.flush()
                        except (OSError, ValueError):
                            raise self._died("engine closed its input") from None
                done = len(responses)
                deadline = None if timeout is None else time.monotonic() + timeout
                responses.append(self._read_response(deadline, lines[done], timeout,
                                                     idents[done]))
                in_flight -= len(encoded[done])
            return responses

    def write_raw(self, data: bytes) -> None:
        """Write bytes to the engine as they are, without waiting for anything: a client's
        exact stream, for tests that replay one (pipelined commands, a command sent while
        an analysis streams, GoGui's ``# interrupt`` line while a command runs).  Takes no
        lock, so it may be called while another thread waits for an answer.  Raises
        ChannelError."""
        if self._broken is not None:
            raise self._broken
        self._write(data)

    def read_raw_line(self, timeout: float | None) -> bytes:
        """The next line the engine writes, as written (its newline included); b"" at the
        end of its output.  Raises EngineTimeout (and stops the engine) when no line comes
        within `timeout` seconds (None: wait for ever)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            raw = self._next_line(deadline, "read_raw_line", timeout)
        return raw if isinstance(raw, bytes) else b""

    def read_rest(self, timeout: float) -> bytes:
        """Everything the engine writes after its last response, up to the end of its
        output (nothing, after `quit`, from an engine that frames its answers exactly).
        Raises EngineTimeout when the output has not ended within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        rest: list[bytes] = []
        with self._lock:
            while (raw := self._next_line(deadline, "end-of-output", timeout)) is not None:
                rest.append(raw)  # type: ignore[arg-type]  # a line: no `wait` was given
        return b"".join(rest)

    # -- sending and reading ------------------------------------------------------------

    def _write(self, data: bytes) -> None:
        stdin = self.proc.stdin
        assert stdin is not None
        self._record("out", data)
        try:
            stdin.write(data)
            stdin.flush()
        except (OSError, ValueError):
            raise self._died("engine closed its input") from None

    def _take_id(self) -> int | None:
        """The next command id, or None when the channel does not number commands."""
        if not self.numbered or self._echoes_ids is False:
            return None
        ident = self._next_id
        self._next_id += 1
        return ident

    def _remember(self, ident: int | None, line: str) -> None:
        """Keep the command line of id `ident` (the last hundred), to say what a discarded
        answer was numbered for."""
        if ident is not None:
            self._sent[ident] = line
            self._sent.pop(ident - 100, None)

    def _send(self, line: str) -> int | None:
        """Write the command (with the next id when numbered); the id or None."""
        if self._broken is not None:
            raise self._broken
        ident = self._take_id()
        self._remember(ident, line)
        wire = line if ident is None else f"{ident} {line}"
        self._write(wire.encode("utf-8") + b"\n")
        return ident

    def _problem(self, message: str) -> None:
        self.recovered += 1
        if self.on_problem is not None:
            self.on_problem(message)

    def _discarded(self, ident: int | None) -> None:
        """Tell `on_discarded` the command line an answer read and discarded was numbered
        for (None: it had no id, or the id is too old to say)."""
        if self.on_discarded is not None:
            self.on_discarded(None if ident is None else self._sent.get(ident))

    def _read_response(self, deadline: float | None, line: str, timeout: float | None,
                       ident: int | None = None, probe: bool = False) -> Response:
        """The answer to command `ident`.  With `probe` (one command waiting), an answer
        without an id from an engine that echoes ids is settled by `_settle_idless`."""
        got: list[bytes] = []
        ok, answered, first = self._read_start(deadline, line, timeout, ident, got,
                                               probe=probe)
        rest = self._rest_of_answer(deadline, line, timeout, got)
        response = Response(ok, "\n".join([first, *rest]), b"".join(got), answered)
        if probe and ident is not None and answered is None and self._echoes_ids:
            return self._settle_idless(deadline, line, timeout, ident, response)
        return response

    def _settle_idless(self, deadline: float | None, line: str, timeout: float | None,
                       ident: int, candidate: Response) -> Response:
        """An answer without an id (`candidate`) came for command `ident` from an engine
        that echoes ids: out of step, unless nothing else answers the command.  A
        `protocol_version` goes out behind it as a probe; the answers are read until the
        one numbered `ident` (the candidate was extra: discarded) or the probe's (the
        candidate was the answer after all) comes."""
        probe = self._take_id()
        assert probe is not None
        self._remember(probe, "protocol_version")
        self._write(f"{probe} protocol_version\n".encode())
        while True:
            got: list[bytes] = []
            text = self._first_line(deadline, line, timeout, got)
            ok, answered, first = _parse_answer_start(text)
            rest = self._rest_of_answer(deadline, line, timeout, got)
            response = Response(ok, "\n".join([first, *rest]), b"".join(got), answered)
            if answered == probe:
                name = line.split(" ")[0]
                if name not in self._idless:
                    self._idless.add(name)
                    self._problem(f"answer without its id to {ident} {line!r} "
                                  f"({_shown(candidate)!r}); taken as the answer, since "
                                  "nothing else answered it")
                return candidate
            if answered == ident or answered is None:
                self._problem(f"answer without an id {_shown(candidate)!r} discarded: "
                              f"out of step before the answer to {ident} {line!r}")
                self._discarded(None)
                if answered is None:
                    candidate = response  # two without ids: the earlier was extra
                    continue
                self._skip_to(probe, deadline, timeout)
                return response
            if answered < ident:
                self._problem(f"extra answer {_shown(response)!r} (numbered for command "
                              f"{answered}) discarded before the answer to {ident} {line!r}")
                self._discarded(answered)
                continue
            raise self._fail(ProtocolError(
                f"out of step: an answer numbered {answered} ({text[:60]!r}) to command "
                f"{ident} {line!r}", self.stderr_tail(8)))

    def _skip_to(self, probe: int, deadline: float | None, timeout: float | None) -> None:
        """Read the answers up to the probe's (`_settle_idless`), discarding any before it."""
        line = "protocol_version"
        while True:
            got: list[bytes] = []
            text = self._first_line(deadline, line, timeout, got)
            _ok, answered, _first = _parse_answer_start(text)
            rest = self._rest_of_answer(deadline, line, timeout, got)
            if answered == probe:
                return
            if answered is not None and answered > probe:
                raise self._fail(ProtocolError(
                    f"out of step: an answer numbered {answered} ({text[:60]!r}) to command "
                    f"{probe} {line!r}", self.stderr_tail(8)))
            shown = " / ".join([text, *rest])[:80]
            self._problem(f"extra answer {shown!r} discarded before the answer to {probe} "
                          f"{line!r}")
            self._discarded(answered)

    def _read_start(self, deadline: float | None, line: str, timeout: float | None,
                    ident: int | None, got: list[bytes], probe: bool = False
                    ) -> tuple[bool, int | None, str]:
        """The first line of the answer to command `ident` (extra answers before it read
        and discarded): (ok, its id, its text).  The bytes read go to `got`.  An answer
        without an id from an engine that echoes ids is returned as it is with `probe`
        (the caller settles it), else taken as the answer (reported once per command)."""
        while True:
            text = self._first_line(deadline, line, timeout, got)
            ok, answered, first = _parse_answer_start(text)
            if ident is None or answered == ident:
                if ident is not None:
                    self._echoes_ids = True
                return ok, answered, first
            if answered is None and self._echoes_ids is None:
                self._echoes_ids = False
                self._problem(f"the engine does not echo command ids (it answered "
                              f"{text[:60]!r} to {ident} {line!r}); its answers are matched "
                              "by order from now on")
                return ok, answered, first
            if answered is None:
                if probe:
                    return ok, answered, first
                # A stream or pipelined commands: taken as the answer, said once per name.
                name = line.split(" ")[0]
                if name not in self._idless:
                    self._idless.add(name)
                    self._problem(f"answer without its id to {ident} {line!r} "
                                  f"({text[:60]!r}); taken as the answer")
                return ok, answered, first
            if answered < ident:
                rest = self._rest_of_answer(deadline, line, timeout, [])
                shown = " / ".join([text, *rest])[:80]
                self._problem(f"extra answer {shown!r} (numbered for command {answered}) "
                              f"discarded before the answer to {ident} {line!r}")
                self._discarded(answered)
                got.clear()
                continue
            raise self._fail(ProtocolError(
                f"out of step: an answer numbered {answered} ({text[:60]!r}) to command "
                f"{ident} {line!r}", self.stderr_tail(8)))

    def _first_line(self, deadline: float | None, line: str, timeout: float | None,
                    got: list[bytes]) -> str:
        """The first line of an answer (blank lines before it skipped)."""
        while True:
            raw = self._next_line(deadline, line, timeout)
            if not isinstance(raw, bytes):
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
            if not text.strip():
                continue  # blank lines before a response
            if text[0] not in "=?":
                raise self._fail(ProtocolError(
                    f"garbage instead of an answer to {line!r}: {text[:60]!r}",
                    self.stderr_tail(8)))
            return text

    def _line_of_answer(self, raw: object, line: str) -> str:
        """A line inside an answer (after its first), or raise when the engine died."""
        if not isinstance(raw, bytes) or not raw.endswith(b"\n"):
            self._eof = True
            raise self._died(f"engine died in the middle of its answer to {line!r}")
        return _clean(raw).rstrip("\n")

    def _rest_of_answer(self, deadline: float | None, line: str, timeout: float | None,
                        got: list[bytes]) -> list[str]:
        """The lines of an answer after its first, up to the blank line that ends it (the
        bytes read go to `got`)."""
        lines: list[str] = []
        while True:
            raw = self._next_line(deadline, line, timeout)
            text = self._line_of_answer(raw, line)
            got.append(raw)  # type: ignore[arg-type]  # bytes, or it raised
            if not text.strip():
                return lines
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
        channel = SubprocessChannel(
            split_command(command),
            **channel_options)  # type: ignore[arg-type]  # the channel's own keywords
        return cls(channel, name, timeout)

    # -- commands -----------------------------------------------------------------------

    def ask(self, name: str, *args: str, timeout: float | None | _Default = DEFAULT
            ) -> Response:
        """Send a command; return the response whatever its outcome.  Raises ChannelError."""
        line = " ".join([name, *args])
        wait = self.timeout if isinstance(timeout, _Default) else timeout
        return self.channel.exchange(line, wait)

    def ask_line(self, line: str, timeout: float | None | _Default = DEFAULT) -> Response:
        """Send one command line as written (an id in it is the caller's, as in a regression
        file's numbered tests); return the response whatever its outcome.  Raises
        ChannelError."""
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

"""GTP v2 framing: input preprocessing, ids, the command registry and response formatting.

Byte-exact by design: `=id text\\n\\n` / `?id text\\n\\n` with one space after the
id (also for empty responses), no blank line inside a response, control
characters dropped and comments cut on input (GTP v2 section 3.1).
"""

from __future__ import annotations

import math
import os
import re
import select
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import BinaryIO

from ...core.board import COLOUR_OF_WORD

# A command: its arguments (name and id removed) -> the response text (Engine's docstring).
Handler = Callable[[list[str]], str]
# A streaming command: (args, id) -> the rest of its response, after writing the first part
# itself through Engine.write (analysis that reports until the next input line arrives).
StreamHandler = Callable[[list[str], str], str]
# A refinement of a command (Engine.wrap): (the handler it refines, args) -> the response.
Wrapper = Callable[[Handler, list[str]], str]

INTERRUPT_LINE = b"# interrupt"  # GoGui's request to stop the running command (gogui-interrupt)

_CONTROL: dict[int, str | None] = {i: None for i in range(32) if i not in (9, 10)}
_CONTROL[127] = None
_CONTROL[9] = " "


class GtpError(Exception):
    """A command failed: the engine answers `? message` and nothing changed."""


class GtpQuit(Exception):
    """End the session after answering."""


# -- the arguments' parsers: every handler reads its arguments with these -------------------


def check_arity(args: list[str], low: int, high: int | None = None) -> None:
    """Refuse a command given fewer than `low` or more than `high` (default: `low`)
    arguments, with GTP's `syntax error`."""
    high = low if high is None else high
    if not low <= len(args) <= high:
        raise GtpError("syntax error: wrong number of arguments")


def parse_colour(text: str) -> int:
    """A colour argument: b, w, black or white in any case."""
    colour = COLOUR_OF_WORD.get(text.lower())
    if colour is None:
        raise GtpError(f"syntax error: invalid color {text!r}")
    return colour


def parse_int(text: str) -> int:
    """A non-negative integer argument that fits GTP's 31 bits."""
    if not text.isdigit() or not text.isascii() or len(text) > 10 or int(text) > 2**31 - 1:
        raise GtpError(f"syntax error: {text!r} is not an integer")
    return int(text)


def parse_float(text: str) -> float:
    """A finite number argument."""
    try:
        value = float(text)
    except ValueError:
        raise GtpError(f"syntax error: {text!r} is not a number") from None
    if not math.isfinite(value):
        raise GtpError(f"syntax error: {text!r} is not a finite number")
    return value


def preprocess(line: str) -> str:
    """Drop control characters (HT becomes a space), cut a comment, strip white space."""
    stripped = line.strip(" \n")
    if stripped.isprintable() and "#" not in stripped:
        return stripped  # the common case: nothing to remove
    line = line.translate(_CONTROL)
    hash_at = line.find("#")
    if hash_at >= 0:
        line = line[:hash_at]
    return line.strip(" \n")


def clean_response(text: str) -> str:
    """Make a response safe to frame: no tabs, no control characters, no empty inner line,
    and valid UTF-8 (an echoed undecodable input byte becomes '?')."""
    if not text.isascii():
        text = text.encode("utf-8", errors="replace").decode("utf-8")
    text = text.replace("\t", " ").translate(_CONTROL).rstrip()
    if "\n" in text:
        first, *rest = text.split("\n")
        text = "\n".join([first.rstrip()] + [ln.rstrip() or "." for ln in rest])
    return text


ECHO_LIMIT = 40  # characters of one echoed argument an error answer keeps
MESSAGE_LIMIT = 500  # characters of an error answer at most
_LONG_WORD = re.compile(rf"\S{{{2 * ECHO_LIMIT},}}")


def cut_echo(message: str, args: list[str]) -> str:
    """An error message with long echoed input cut short, so a huge argument is not sent
    back: each long argument (or all of them joined) that the message repeats, and any
    other word of over 2 * ECHO_LIMIT characters, keeps its first ECHO_LIMIT characters;
    the whole message keeps at most MESSAGE_LIMIT."""
    if len(message) <= 2 * ECHO_LIMIT:
        return message
    for arg in sorted({" ".join(args), *args}, key=len, reverse=True):
        if len(arg) > ECHO_LIMIT and len(message) > 2 * ECHO_LIMIT:
            short = f"{arg[:ECHO_LIMIT]}... ({len(arg)} characters)".replace("\\", "\\\\")
            message = re.sub(re.escape(arg), short, message, flags=re.I)
    message = _LONG_WORD.sub(lambda m: f"{m[0][:ECHO_LIMIT]}... ({len(m[0])} characters)",
                             message)
    if len(message) > MESSAGE_LIMIT:
        message = message[:MESSAGE_LIMIT] + "..."
    return message


def frame(ok: bool, ident: str, text: str) -> str:
    if not text:
        return f"{'=' if ok else '?'}{ident} \n\n"
    return f"{'=' if ok else '?'}{ident} {clean_response(text)}\n\n"


@dataclass
class Command:
    """A registered command: its handler, whether list_commands shows it, how it answers
    when the engine serves a stream and may write its response piece by piece, and the
    names of the refinements its handler went through (Engine.wrap), innermost first."""

    handler: Handler
    listed: bool = True
    stream: StreamHandler | None = None
    wrappers: list[str] = field(default_factory=list)


class LineSource:
    """Reads lines straight from a file descriptor, so a long-running command can ask
    whether more input is already waiting (analysis stops on the next line)."""

    def __init__(self, stream: BinaryIO) -> None:
        self._fd = stream.fileno()
        self._buffer = b""
        self._start = 0  # where the unread part of the buffer begins
        self._eof = False

    def readline(self) -> bytes:
        while True:
            nl = self._buffer.find(b"\n", self._start)
            if nl >= 0:
                line = self._buffer[self._start: nl + 1]
                self._start = nl + 1
                return line
            rest = self._buffer[self._start:]
            if self._eof:
                self._buffer, self._start = b"", 0
                return rest
            chunk = os.read(self._fd, 65536)
            if not chunk:
                self._eof = True
            self._buffer, self._start = rest + chunk, 0

    def has_line(self) -> bool:
        """True when a complete line is already buffered."""
        return self._buffer.find(b"\n", self._start) >= 0

    def pending(self) -> bool:
        """True when input is waiting (buffered, readable, or at end of file)."""
        if self._start < len(self._buffer) or self._eof:
            return True
        readable, _, _ = select.select([self._fd], [], [], 0)
        return bool(readable)

    def interrupt_requested(self) -> bool:
        """True when GoGui's interrupt line (`# interrupt`, a comment the loop later reads and
        ignores) has arrived among the lines not read yet.  Takes in what stdin holds without
        waiting, so a running command can call it as often as it likes."""
        if not self._eof:
            readable, _, _ = select.select([self._fd], [], [], 0)
            if readable:
                chunk = os.read(self._fd, 65536)
                if chunk:
                    self._buffer = self._buffer[self._start:] + chunk
                    self._start = 0
                else:
                    self._eof = True
        unread = self._buffer[self._start:]
        return any(line.strip(b" \t\r") == INTERRUPT_LINE for line in unread.split(b"\n")[:-1])


class Engine:
    """A GTP engine: a registry of commands and the loop that answers them.

    The handler contract.  A handler takes the command's arguments (the id and the name
    removed, split on spaces) and returns the response text, without the `=` framing.  It
    parses every argument (check_arity, parse_colour, parse_int, parse_float) before it
    changes anything, and refuses by raising GtpError(message): the engine answers
    `? message` and the state is as before the command.  GtpQuit answers and ends the
    session; any other exception is a bug, answered `? internal error: ...` with the
    session going on.  A streaming handler (`register(..., stream=...)`) writes the first
    part of its answer itself through `write` and returns the rest.

    Composition.  `register` adds a command or replaces one outright; a layer that refines
    a command another registered (the ending rules guarding `play`, say) calls `wrap`, so
    that what each command finally does is listed in `commands[name].wrappers`.
    """

    # Commands that answer at once: answers to pipelined commands may wait behind these only.
    quick_commands = frozenset({"protocol_version", "known_command", "list_commands"})

    def __init__(self) -> None:
        self.commands: dict[str, Command] = {}
        self.source: LineSource | None = None
        self.out: BinaryIO | None = None
        self._out_fd: int | None = None
        self._held: list[bytes] = []
        self.transcript: BinaryIO | None = None
        self.register("protocol_version", lambda args: "2")
        self.register("known_command", self._known_command)
        self.register("list_commands", self._list_commands)
        self.register("quit", self._quit)

    def register(self, name: str, handler: Handler, listed: bool = True,
                 stream: StreamHandler | None = None) -> None:
        """Add command `name`, or replace it (and whatever refined it) outright."""
        self.commands[name] = Command(handler, listed, stream)

    def wrap(self, name: str, wrapper: Wrapper) -> None:
        """Refine command `name`: from now on it answers `wrapper(previous handler, args)`.
        The wrapper decides whether and when to call the handler it refines; its name (its
        `__qualname__`) is added to the command's `wrappers`.  A streaming answer is left
        as it was."""
        cmd = self.commands[name]
        inner = cmd.handler

        def handler(args: list[str]) -> str:
            return wrapper(inner, args)

        cmd.handler = handler
        cmd.wrappers.append(getattr(wrapper, "__qualname__", repr(wrapper)))

    def _known_command(self, args: list[str]) -> str:
        if len(args) != 1:
            raise GtpError("syntax error")
        return "true" if args[0] in self.commands else "false"

    def _list_commands(self, args: list[str]) -> str:
        return "\n".join(name for name, cmd in self.commands.items() if cmd.listed)

    def _quit(self, args: list[str]) -> str:
        raise GtpQuit

    def input_pending(self) -> bool:
        return self.source.pending() if self.source is not None else False

    def interrupted(self) -> bool:
        """True when the controller asked the running command to stop (GoGui's
        `# interrupt` line); always False when no stream is served."""
        return self.source.interrupt_requested() if self.source is not None else False

    def run_command(self, name: str, args: list[str]) -> str:
        """Run one command from Python; raises GtpError on failure."""
        cmd = self.commands.get(name)
        if cmd is None:
            raise GtpError("unknown command")
        return cmd.handler(args)

    def handle_line(self, raw: str) -> tuple[str | None, bool]:
        """Answer one input line.  Returns (response or None for an ignored line, quit?)."""
        line = preprocess(raw)
        if not line:
            return None, False
        parts = [part for part in line.split(" ") if part]  # GTP separates by space only
        ident = ""
        if parts[0].isdigit() and parts[0].isascii():
            ident = parts.pop(0)
            if not parts:
                return None, False
        name, args = parts[0], parts[1:]
        if self._held and name not in self.quick_commands:
            self._flush()  # answers held back must not wait for a command that may be slow
        try:
            cmd = self.commands.get(name)
            if cmd is not None and cmd.stream is not None and self.out is not None \
                    and self.source is not None:
                return cmd.stream(args, ident), False
            return frame(True, ident, self.run_command(name, args)), False
        except GtpQuit:
            return frame(True, ident, ""), True
        except GtpError as exc:
            return frame(False, ident, cut_echo(str(exc) or "failed", args)), False
        except Exception as exc:  # a bug must not kill the session
            traceback.print_exc(file=sys.stderr)
            return frame(False, ident, f"internal error: {type(exc).__name__}: {exc}"), False

    def write(self, text: str) -> None:
        """Write part of a response (streaming commands) now, after any answers held back."""
        self._emit(text)
        self._flush()

    def _emit(self, text: str) -> None:
        data = text.encode("utf-8", errors="replace")  # an echoed undecodable byte shows as ?
        if self.transcript is not None:
            self.transcript.write(data)
            self.transcript.flush()
        self._held.append(data)

    def _flush(self) -> None:
        """Send the answers held back (they wait only while more input is already here)."""
        if not self._held:
            return
        data = b"".join(self._held)
        self._held.clear()
        if self._out_fd is not None:
            view = memoryview(data)
            while view:
                view = view[os.write(self._out_fd, view):]
        else:
            assert self.out is not None
            self.out.write(data)
            self.out.flush()

    def serve(self, stdin: BinaryIO, stdout: BinaryIO) -> None:
        """Answer commands until `quit` or end of input.

        Answers to pipelined commands are sent together once no complete command is
        left waiting (or before a command that may take time), so a controller that
        writes a batch gets its answers in one write, and one that waits for each answer
        gets it at once.
        """
        source = self.source = LineSource(stdin)
        self.out = stdout
        try:
            stdout.flush()
            self._out_fd = stdout.fileno()
        except (AttributeError, OSError, ValueError):
            self._out_fd = None
        try:
            while True:
                if self._held and not source.has_line():
                    self._flush()
                raw = source.readline()
                if not raw:
                    return
                text = raw.decode("utf-8", errors="surrogateescape")  # file names are bytes
                if self.transcript is not None:
                    self.transcript.write(b"> " + raw if raw.endswith(b"\n")
                                          else b"> " + raw + b"\n")
                response, quit_now = self.handle_line(text)
                if response is not None:
                    self._emit(response)
                if quit_now:
                    return
        finally:
            self._flush()

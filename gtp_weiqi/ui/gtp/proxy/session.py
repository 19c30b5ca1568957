"""Proxy mode's session: start the back end, serve the controller in front of it, stop the
back end whatever happens (quit, end of input, Ctrl-C, SIGTERM, SIGHUP)."""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import BinaryIO

from ..controller import (
    DEFAULT_TIMEOUT,
    ChannelError,
    Controller,
    ControllerError,
    SubprocessChannel,
    split_command,
)
from ..engine import WeiqiEngine
from .link import describe_failure
from .relay import Proxy


def start_proxy(engine: WeiqiEngine, command: str, *, timeout: float | None = DEFAULT_TIMEOUT,
                retries: int = 2, dead_stones: bool = False,
                forward_stderr: bool = True, restarts: int = 1, lead: str = "ours") -> Proxy:
    """Start the back end and join it to `engine`; a back end that dies is started again
    at most `restarts` times; `lead` says whose figure KataGo's analyses carry under a
    method KataGo cannot score (lead.py: "ours" or "backend").  The back end dies with this
    process, even a SIGKILLed one (Linux; see controller.py).  Raises ControllerError when
    the back end cannot be started or does not speak GTP."""
    argv = split_command(command)

    def forward(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    def start_backend() -> Controller:
        channel = SubprocessChannel(argv, numbered=True, die_with_parent=True,
                                    on_stderr=forward if forward_stderr else None)
        return Controller(channel, "back end", timeout)

    proxy = Proxy(engine, start_backend(), retries=retries, dead_stones=dead_stones,
                  start_again=start_backend, restarts=restarts, lead=lead)
    try:
        proxy.start()
    except BaseException:
        proxy.close(quick=True)
        raise
    if OWNERSHIP_COMMANDS & proxy.backend.list_commands():  # a second opinion at hand
        from ..judge_engine import attach_backend
        attach_backend(proxy)
    return proxy


# a back end listing one of these reports ownership: the judgement asks it too
# (judge_engine.py, imported only then)
OWNERSHIP_COMMANDS = frozenset({"kata-raw-nn", "kata-search_analyze"})


class Signalled(BaseException):
    """SIGTERM or SIGHUP arrived: end the session (the back end is stopped on the way).
    A BaseException, like KeyboardInterrupt, so that no command handler swallows it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


@contextmanager
def signals_end_session() -> Iterator[None]:
    """While serving, SIGTERM and SIGHUP raise Signalled (as SIGINT raises
    KeyboardInterrupt), so that the back end is stopped too; a second signal while
    stopping it is ignored.  Only the main thread can take signals: elsewhere this does
    nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, _frame: object) -> None:
        for sig in ENDING_SIGNALS:
            signal.signal(sig, signal.SIG_IGN)
        raise Signalled(signum)

    previous = {sig: signal.signal(sig, handler) for sig in ENDING_SIGNALS}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def serve_proxy(engine: WeiqiEngine, command: str, stdin: BinaryIO, stdout: BinaryIO, *,
                timeout: float | None = DEFAULT_TIMEOUT, retries: int = 2,
                dead_stones: bool = False, restarts: int = 1, lead: str = "ours",
                session: Callable[[], int] | None = None) -> int:
    """Run proxy mode until `quit` or end of input (0); 2 when the back end cannot start;
    128 + the signal's number after SIGTERM or SIGHUP.  `session` is what talks to the
    controller in front of the back end (default: GTP on stdin / stdout; GMP mode passes
    its own) and gives the exit code."""
    with signals_end_session():
        try:
            try:
                proxy = start_proxy(engine, command, timeout=timeout, retries=retries,
                                    dead_stones=dead_stones, restarts=restarts,
                                    lead=lead)
            except ChannelError as exc:
                print(f"gtp-weiqi: cannot use the back end {command!r}: "
                      f"{describe_failure(exc)}", file=sys.stderr, flush=True)
                return 2
            except ControllerError as exc:
                print(f"gtp-weiqi: cannot use the back end {command!r}: {exc}",
                      file=sys.stderr, flush=True)
                return 2
            quick = True
            try:
                if session is None:
                    engine.serve(stdin, stdout)
                    code = 0
                else:
                    code = session()
                quick = False
            finally:
                proxy.close(quick=quick)
        except Signalled as exc:
            print(f"gtp-weiqi: {exc}: the back end was stopped", file=sys.stderr, flush=True)
            return 128 + exc.signum
    return code

"""The proxy's hold on its back end: the controller, what went wrong with it, and how that is
reported.

A back end that dies (its process ends: Leela Zero aborts on some pass sequences) is
started again, at most `restarts` times in a session (`--engine-restarts`, default once),
and the game replayed on it; that is reported on stderr and counted by `weiqi-backend`.
Any other failure of the connection (a hang, garbage, an answer out of step:
controller.py), or a death past the restarts, makes the back end *dead*: it is reported
once with the tail of its stderr, and from then on gtp_weiqi still answers everything it can
and says `? genmove unavailable: back end died: <tail>`.  Problems the connection recovered
from (an extra answer discarded) are counted and reported; after an answer discarded that
may have been a move (one numbered for a genmove, or one without an id) the back end's board
is replayed before its next command, since what it played is no longer known.
`weiqi-backend` tells the state in one line.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from ....core.game import Move
from ....core.rules import Rules
from ..controller import (
    ChannelError,
    CommandFailed,
    Controller,
    ControllerError,
    EngineDied,
    EngineTimeout,
    SubprocessChannel,
)
from ..engine import WeiqiEngine


class Unavailable(Exception):
    """The back end cannot answer now; the message says why."""


class Refused(Unavailable):
    """The back end refused a command that sets the game up (nothing recorded yet)."""

    def __init__(self, command: str, text: str) -> None:
        super().__init__(f"back end refused `{command}`" + (f" ({text})" if text else ""))
        self.command = command
        self.text = text


class SetupRefused(CommandFailed):
    """A `?` answer to boardsize, komi, handicap, rules or a setup stone."""


def describe_failure(error: ChannelError) -> str:
    """`back end died: <stderr tail> (exited with code 3)` and the like, on one line."""
    tail = " | ".join(line.strip() for line in error.tail.splitlines() if line.strip())
    if isinstance(error, EngineDied):
        how = error.message
        return f"back end died: {tail} ({how})" if tail else f"back end died: {how}"
    if isinstance(error, EngineTimeout):
        text = f"back end hung: {error.message}"
    else:
        text = f"back end stopped speaking GTP: {error.message}"
    return f"{text}; stderr: {tail}" if tail else text


@dataclass
class View:
    """What the back end holds, as far as we know."""

    width: int
    height: int
    setup: tuple[tuple[int, int], ...]
    handicap: int
    komi: float | None = None
    rules: Rules | None = None  # the rules it was told
    moves: list[Move] = field(default_factory=list)


# Answers that may have been a move: discarding one leaves the back end's board unknown.
MOVE_COMMANDS = ("genmove", "kgs-genmove_cleanup", "genmove_black", "genmove_white")


class BackendLink:
    """A WeiqiEngine (the rules, the game) and the back end Controller (the moves), with
    the state of the connection: dead (with the error), the problems recovered from, the
    restarts made.  `start_again` starts a new back end (None: it cannot be restarted)."""

    def __init__(self, engine: WeiqiEngine, backend: Controller, *, retries: int = 2,
                 dead_stones: bool = False,
                 report: Callable[[str], None] | None = None,
                 start_again: Callable[[], Controller] | None = None,
                 restarts: int = 1) -> None:
        self.engine = engine
        self.backend = backend
        self.retries = max(0, retries)
        self.dead_stones = dead_stones
        self._report = report
        self.desync: str | None = None  # why the back end cannot follow the game, if so
        self._start_again = start_again
        self.restarts = max(0, restarts)
        self.restarted: list[str] = []  # why each restart was made
        self.dead: ChannelError | None = None
        self.view: View | None = None  # None: unknown, the next sync replays the game
        self.backend_name = "back end"
        self.backend_version = ""
        self._told: set[str] = set()
        self.recovered: list[str] = []  # the last problems of the connection recovered from
        self.recovered_count = 0
        self._attach(backend)

    def _attach(self, backend: Controller) -> None:
        """Hear of the problems `backend`'s connection recovers from."""
        channel = backend.channel
        if isinstance(channel, SubprocessChannel):
            channel.on_problem = self._connection_problem
            channel.on_discarded = self._answer_discarded

    def report(self, message: str) -> None:
        if self._report is not None:
            self._report(message)
        else:
            print(f"gtp-weiqi: {message}", file=sys.stderr, flush=True)

    def _report_once(self, message: str) -> None:
        if message not in self._told:
            self._told.add(message)
            self.report(message)

    def _connection_problem(self, message: str) -> None:
        self.recovered_count += 1
        self.recovered.append(message)
        del self.recovered[:-20]
        self.report(f"back end out of step, recovered: {message}")

    def _answer_discarded(self, command: str | None) -> None:
        """An answer was read and discarded: when it may have been a move, the back end's
        board is no longer known, and the next sync replays the game on it."""
        name = command.split(" ")[0] if command else None
        if name is None or name in MOVE_COMMANDS or "genmove_analyze" in name:
            self.view = None

    def _mark_dead(self, error: ChannelError) -> bool:
        """The connection failed with `error`: restart a back end that died (when restarts
        are left; True, with the game to be replayed), else mark it dead (False)."""
        if self.dead is None and self._restart(error):
            return True
        if self.dead is None:
            self.dead = error
            self.report(f"{describe_failure(error)}; rules and scoring commands still work, "
                        "genmove does not")
        self.view = None
        return False

    def _restart(self, error: ChannelError) -> bool:
        """Start the back end again after it died, if allowed; the next sync replays the
        game on it.  False when not allowed or the new one does not start."""
        if not isinstance(error, EngineDied) or self._start_again is None \
                or len(self.restarted) >= self.restarts:
            return False
        why = describe_failure(error)
        self.restarted.append(why)
        number = f"{len(self.restarted)} of {self.restarts}"
        self.backend.close(quick=True)
        try:
            backend = self._start_again()
            backend.handshake()
        except ControllerError as exc:
            text = describe_failure(exc) if isinstance(exc, ChannelError) else str(exc)
            self.report(f"{why}; restarting it ({number}) failed: {text}")
            return False
        self.backend = backend
        self._attach(backend)
        self.view = None
        self.desync = None
        self.report(f"{why}; restarted it ({number}), the game is replayed on it")
        return True

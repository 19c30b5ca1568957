"""The proxy's hold on its back end: the controller, what went wrong with it, and how that is
reported.

A failure of the connection (death, a hang, garbage, an answer out of step: controller.py)
makes the back end *dead*: it is reported once with the tail of its stderr, and from then on
gtp_weiqi still answers everything it can and says `? genmove unavailable: back end died:
<tail>`.  Problems the connection recovered from (an extra answer discarded) are counted and
reported; `weiqi-backend` tells the state in one line.
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


class BackendLink:
    """A WeiqiEngine (the rules, the game) and the back end Controller (the moves), with
    the state of the connection: dead (with the error), the problems recovered from."""

    def __init__(self, engine: WeiqiEngine, backend: Controller, *, retries: int = 2,
                 dead_stones: bool = False,
                 report: Callable[[str], None] | None = None) -> None:
        self.engine = engine
        self.backend = backend
        self.retries = max(0, retries)
        self.dead_stones = dead_stones
        self._report = report
        self.dead: ChannelError | None = None
        self.view: View | None = None  # None: unknown, the next sync replays the game
        self.backend_name = "back end"
        self.backend_version = ""
        self._told: set[str] = set()
        self.recovered: list[str] = []  # the last problems of the connection recovered from
        self.recovered_count = 0
        channel = backend.channel
        if isinstance(channel, SubprocessChannel):
            channel.on_problem = self._connection_problem

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

    def _mark_dead(self, error: ChannelError) -> None:
        if self.dead is None:
            self.dead = error
            self.report(f"{describe_failure(error)}; rules and scoring commands still work, "
                        "genmove does not")
        self.view = None

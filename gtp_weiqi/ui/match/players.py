"""The engines of one game: a `Player` (its GTP controller, times, clock and transcript),
starting it (`launch_player`, `start_player`: boardsize, komi, rules, time settings), and
the signal handling that keeps an engine started during an interruption from being left
behind."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from ...base.colours import COLOUR_NAME
from ...core.rules import has_our_fields
from ..gtp.commands import build_engine
from ..gtp.controller import (
    ChannelError,
    CommandFailed,
    Controller,
    ControllerError,
    SubprocessChannel,
    split_command,
)
from .clock import Clock
from .config import MatchConfig
from .outcome import Forfeit, Side

_CHANNEL_KIND = {"died": "crash", "timeout": "timeout", "garbage": "garbage"}


class GtpLog:
    """One engine's GTP transcript in one game, filled by the channel's threads: commands
    as `> line`, the engine's output as it wrote it, its stderr as `# stderr: line`."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._parts: list[bytes] = []

    def add(self, kind: str, data: bytes) -> None:
        if kind == "out":
            data = b"".join(b"> " + line + b"\n" for line in data.rstrip(b"\n").split(b"\n"))
        elif kind == "err":
            data = b"# stderr: " + data.rstrip(b"\r\n") + b"\n"
        with self._lock:
            self._parts.append(data)

    def note(self, text: str) -> None:
        """Lines of the referee's own (`# ...`), e.g. why the channel ended."""
        self.add("note", b"".join(b"# " + line.encode("utf-8", "replace") + b"\n"
                                  for line in text.splitlines() or [""]))

    def data(self) -> bytes:
        with self._lock:
            return b"".join(self._parts)


@dataclass
class Player:
    """One engine in one game."""

    colour: int
    engine: str
    command: str
    controller: Controller | None = None
    name: str = ""
    version: str = ""
    move_times: list[float] = field(default_factory=list)
    cpu: float | None = None
    clock: Clock | None = None
    log: GtpLog | None = None
    shown: str = ""  # the engine's label in the match, once both engines have started

    @property
    def label(self) -> str:
        who = self.shown or self.name or self.engine
        return f"{COLOUR_NAME[self.colour].capitalize()} ({who})"

    def side(self) -> Side:
        """What the records keep of this engine in the game."""
        return Side(self.colour, self.engine, self.command, self.name, self.version,
                    tuple(self.move_times), self.cpu,
                    None if self.clock is None else self.clock.used,
                    None if self.clock is None else self.clock.show(),
                    None if self.log is None else self.log.data())

    def fail(self, error: ControllerError, what: str) -> Forfeit:
        """The forfeit a failed command makes: the channel's kind of failure, or failed."""
        if isinstance(error, ChannelError):
            return Forfeit(self.colour, _CHANNEL_KIND.get(error.kind, "crash"),
                           f"{what}: {error.describe()}")
        assert isinstance(error, CommandFailed)
        return Forfeit(self.colour, "failed", f"{what}: {error.text or 'failed'}")

    def call(self, name: str, *args: str, timeout: float | None = None) -> str:
        """A command that must succeed; any failure forfeits the game."""
        assert self.controller is not None
        try:
            if timeout is None:
                return self.controller.command(name, *args)
            return self.controller.command(name, *args, timeout=timeout)
        except ControllerError as exc:
            raise self.fail(exc, " ".join([name, *args])) from None

    def ask(self, name: str, *args: str) -> str | None:
        """A command that may fail (None); a broken channel still forfeits."""
        assert self.controller is not None
        try:
            response = self.controller.ask(name, *args)
        except ChannelError as exc:
            raise self.fail(exc, " ".join([name, *args])) from None
        return response.text if response.ok else None

    def known(self, name: str) -> bool:
        assert self.controller is not None
        try:
            return self.controller.known(name)
        except ChannelError as exc:
            raise self.fail(exc, f"known_command {name}") from None


class _Launch:
    """An interruption (Ctrl-C, SIGTERM) that arrives while an engine process is being
    started waits until the process is recorded, so that it is stopped with the rest
    instead of being left behind."""

    busy = False
    pending: BaseException | None = None


def deferring_handler(make: Callable[[int], BaseException]) -> Callable[[int, object], None]:
    """A signal handler that raises `make(signum)`, deferred while an engine starts."""
    def handler(signum: int, frame: object) -> None:
        if _Launch.busy:
            _Launch.pending = make(signum)
            return
        raise make(signum)
    return handler


def launch_player(player: Player, config: MatchConfig) -> None:
    """Start the engine's process (both are started before either is spoken to, so they
    load at the same time)."""
    _Launch.busy = True
    try:
        channel = SubprocessChannel(split_command(player.command),
                                    transcript=None if player.log is None else player.log.add)
        player.controller = Controller(channel, player.engine, config.timeout)
    except (ChannelError, ValueError) as exc:
        message = exc.describe() if isinstance(exc, ChannelError) else str(exc)
        raise Forfeit(player.colour, "crash", f"cannot start: {message}") from None
    finally:
        _Launch.busy = False
        pending, _Launch.pending = _Launch.pending, None
        if pending is not None:
            raise pending


def start_player(player: Player, config: MatchConfig) -> None:
    """Set the game up on a launched engine: boardsize, clear_board, komi, rules for
    KataGo, time settings (`kata-time_settings` where the engine knows it, else
    `time_settings`)."""
    if player.controller is None:
        launch_player(player, config)
    assert player.controller is not None
    try:
        player.controller.handshake()
    except ControllerError as exc:
        raise player.fail(exc, "start") from None
    player.name = " ".join((player.ask("name") or "").split())
    player.version = " ".join((player.ask("version") or "").split())
    player.call("boardsize", str(config.size))
    player.call("clear_board")
    komi = config.effective_komi
    if player.ask("komi", str(int(komi)) if float(komi).is_integer() else repr(komi)) is None:
        pass  # GTP says komi must be accepted; one that refuses plays on regardless
    if player.known("kata-set-rules"):
        rules = build_engine(config.size, config.rules).game.rules
        current = player.ask("kata-get-rules") if player.known("kata-get-rules") else None
        full = current is not None and has_our_fields(current)  # another gtp_weiqi
        player.ask("kata-set-rules", rules.to_json() if full else rules.to_katago_json())
    if config.time is not None and player.known("kata-time_settings") and player.ask(
            "kata-time_settings", *config.time.kata_settings()) is not None:
        pass  # KataGo's own form, which names the system (Canadian or absolute)
    elif config.time is not None and player.known("time_settings"):
        player.ask("time_settings", *config.time.gtp_settings())
    elif config.time_per_move and player.known("time_settings"):
        player.ask("time_settings", "0", str(max(1, round(config.time_per_move))), "1")


__all__ = ["GtpLog", "Player", "deferring_handler", "launch_player", "start_player"]

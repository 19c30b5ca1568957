"""Proxy (plugin) mode: `gtp-weiqi --engine CMD` puts a real GTP engine behind our rules.

The GUI talks to gtp_weiqi; gtp_weiqi keeps the game (the authority on what is legal under
the active rules) and answers every rules, judgement and scoring command itself.  The back
end (GNU Go, KataGo, Leela Zero, Pachi ...) chooses the moves, and answers its own other
commands, which pass through and appear in `list_commands`.

Keeping the back end in step: after every command that changed our game, and before
every command sent to the back end, its position is brought to ours with the fewest
commands: `komi`, the rules (`kata-set-rules` with KataGo's fields of ours, or `kgs-rules`;
see `Proxy._rules_commands`), `undo` back to the common prefix of the two move lists and `play`
forward; anything else (a new board size, handicap or setup, a loaded SGF, a test play) is
a full replay (`boardsize`, `clear_board`, `komi`, rules, `set_free_handicap` or setup
`play`s, the moves).

Refusals: a command that sets the game up (board size, komi, handicap, rules, loadsgf) is
tried on the back end before it is answered; when the back end refuses it, our game goes
back to what it was and the controller gets the back end's reason (`? unacceptable size`).
A back end that refuses a move legal under our rules cannot follow the game: that is
reported on stderr, our game goes on, and genmove says why it is unavailable.

genmove: the back end's answer is checked.  An illegal move (which the back end has
played) is taken back with `undo` and the question asked again; a failed or unreadable
answer is asked again too; after `--engine-retries` further tries the side passes, which
is a virtual move (虚着) under 计活子 and the natural 计枰点 rules.  `resign` is passed on.

Streaming commands the back end lists (`lz-analyze`, `kata-analyze`, `analyze`,
`*genmove_analyze`, `kata-search_analyze*`) pass through: each line is relayed as the back
end writes it, and the next command from the controller stops the stream (the back end
gets an empty line, which ends an analysis and is no command), as with the back end alone.
The `play` line of a genmove_analyze is checked like a genmove answer.  A back end with no
analysis command leaves ours (`analyze`, `lz-analyze`, `kata-analyze`) in place; our
genmove_analyze commands never are, since their moves would not be the back end's.

The connection is numbered: every command goes out with an id and the id of every answer
is checked (controller.py).  An extra answer is discarded and reported; a wrongly numbered
one, a missing one (the deadline passes), death, a hang or garbage stop the back end,
which is reported with the tail of its stderr; from then on gtp_weiqi still answers
everything it can and says `? genmove unavailable: back end died: <tail>`.  `weiqi-backend`
tells the state in one line.

With `--engine-dead-stones` the back end's `final_status_list dead` (and `seki`, where
it has it) become explicit marks of the judgement before any scoring command (explicit
marks come first: docs/rules.md, "Dead stones, seki and owners"); marks made by the user
still win.
"""

from __future__ import annotations

import copy
import json
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import BinaryIO

from ... import __version__
from ...core.board import BLACK, COLOUR_LETTER, COLOUR_OF_WORD, WHITE
from ...core.coords import format_vertex, parse_vertex, parse_vertex_list
from ...core.game import Game, Move
from ...core.rules import Rules, has_our_fields
from ...judgement.marks import Judge
from .compat_cmds import OWN_PLAYER_COMMANDS
from .controller import (
    DEFAULT_TIMEOUT,
    ChannelError,
    CommandFailed,
    Controller,
    ControllerError,
    EngineDied,
    EngineTimeout,
    Response,
    SubprocessChannel,
    split_command,
)
from .ending_cmds import check_open
from .engine import WeiqiEngine, parse_colour
from .protocol import GtpError, Handler, frame

RESIGN = "resign"
# Back end commands that would change its position behind our back are not passed
# through.  `weiqi-passthrough` still reaches them.
HIDDEN = frozenset({
    "black", "white", "genmove_black", "genmove_white", "gg-undo", "trymove", "tryko",
    "popgo", "set_position", "play_sequence", "gogui-play_sequence", "gogui-setup",
    "gogui-setup_player", "gogui-interrupt", "gogui-sigint", "genmove_debug",
})
SCORING_COMMANDS = ("final_score", "weiqi-score", "final_status_list", "final_status",
                    "weiqi-unclear", "weiqi-dead_stones")
# Commands that set the game up: tried on the back end before they are answered, and
# undone here when it refuses them.
SETUP_COMMANDS = ("boardsize", "rectangular_boardsize", "clear_board", "komi",
                  "fixed_handicap", "place_free_handicap", "set_free_handicap", "loadsgf",
                  "kata-set-rules", "kata-set-rule", "kgs-rules")
_PLACING = ("fixed_handicap", "place_free_handicap", "set_free_handicap")
SNAPSHOT_SECONDS = 1.0  # an analysis asked in-process (not served) stops after this
_BAD = object()  # a move answer that is no legal move (already reported)


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


_STREAMING = re.compile(r"(lz-|kata-)?(genmove_)?analyze|kata-search_analyze(_cancellable)?")


def is_streaming(name: str) -> bool:
    """The analysis commands, which answer in a stream of lines: analyze, genmove_analyze,
    their lz- and kata- forms, kata-search_analyze[_cancellable] (not GNU Go's
    analyze_semeai and the like, which answer once)."""
    return _STREAMING.fullmatch(name) is not None


def plays_move(name: str) -> bool:
    """The streaming commands that end by playing a move."""
    return "genmove_analyze" in name


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


def _weaker_taxes(tax: str) -> list[str]:
    """The group tax, then the closer of the weaker ones first (ALL -> SEKI -> NONE)."""
    order = ["ALL", "SEKI", "NONE"]
    return order[order.index(tax):]


def katago_candidates(rules: Rules) -> list[str]:
    """What `kata-set-rules` gets, closest first: KataGo's fields of our rules; the same
    without `friendlyPassOk` (older KataGo versions lack the key); then weaker group taxes,
    for networks that cannot play under tax ALL."""
    data = json.loads(rules.to_katago_json())
    texts: list[str] = []
    for tax in _weaker_taxes(str(data["tax"])):
        for drop in (False, True):
            fields = dict(data, tax=tax)
            if drop:
                fields.pop("friendlyPassOk")
            text = json.dumps(fields, sort_keys=True, separators=(",", ":"))
            if text not in texts:
                texts.append(text)
    return texts


def kgs_candidates(rules: Rules) -> list[str]:
    """What `kgs-rules` gets (its four rule sets), closest first."""
    if rules.scoring == "TERRITORY":
        return ["japanese"]
    if rules.hasButton or rules.whiteHandicapBonus == "N-1":
        return ["aga", "chinese"]
    if rules.ko == "SITUATIONAL" and rules.suicide:
        return ["new_zealand", "chinese"]
    return ["chinese"]


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


@dataclass
class _StreamedMove:
    """What the `play` line of a genmove_analyze decided."""

    colour: int
    move: int | None | str = None  # a legal point (None = pass) or RESIGN
    decided: bool = False
    tries: int = 0


class Proxy:
    """Joins a WeiqiEngine (the rules, the game) to a back end Controller (the moves)."""

    def __init__(self, engine: WeiqiEngine, backend: Controller, *, retries: int = 2,
                 dead_stones: bool = False,
                 report: Callable[[str], None] | None = None) -> None:
        self.engine = engine
        self.backend = backend
        self.retries = max(0, retries)
        self.dead_stones = dead_stones
        self._report = report
        self.dead: ChannelError | None = None
        self.desync: str | None = None
        self._desync_key: object = None
        self._synced_key: object = None
        self.view: View | None = None
        self.backend_name = "back end"
        self.backend_version = ""
        self._our_marks: set[int] = set()
        self._judged_key: object = None
        self._judge = Judge(seed=engine.seed)
        self._local_cleanup: Handler | None = None
        self._told: set[str] = set()
        self.passthroughs: set[str] = set()
        self.streams: set[str] = set()
        self._full_rules = False
        self.recovered: list[str] = []  # the last problems of the connection recovered from
        self.recovered_count = 0
        channel = backend.channel
        if isinstance(channel, SubprocessChannel):
            channel.on_problem = self._connection_problem

    # -- reporting ----------------------------------------------------------------------

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

    # -- start --------------------------------------------------------------------------

    def start(self) -> None:
        """Handshake with the back end, learn its commands, install ours, sync the board.
        Raises ControllerError when the back end does not work at all."""
        backend = self.backend
        backend.handshake()
        for attr, command in (("backend_name", "name"), ("backend_version", "version")):
            response = backend.ask(command)
            if response.ok and response.text.strip():
                setattr(self, attr, " ".join(response.text.split()))
        if "kata-get-rules" in backend.list_commands():
            response = backend.ask("kata-get-rules")
            self._full_rules = response.ok and has_our_fields(response.text)
        self.install()
        if self._rules_commands(self.engine.game.rules) == []:
            self._report_once(f"{self.backend_name} has no rules command (kata-set-rules, "
                              "kgs-rules): it plays by its own rules; komi is sent, and "
                              "every move is checked under ours")
        try:
            self.sync()
        except Unavailable:
            pass  # already reported; our game goes on

    def install(self) -> None:
        """Wrap our commands (sync after local changes, set-up commands tried on the back
        end first), override the move generators and add the back end's other commands,
        streaming ones included, as pass-throughs."""
        engine = self.engine
        commands = engine.commands
        listed = self.backend.list_commands()
        theirs = sorted(n for n in listed if is_streaming(n) and n not in HIDDEN)
        for name in [n for n in commands if is_streaming(n)]:
            # The back end's analysis replaces ours; our genmove_analyze would choose and
            # play moves without the back end (Sabaki prefers it to genmove).
            if theirs or plays_move(name):
                del commands[name]
        for name in OWN_PLAYER_COMMANDS & set(commands):
            # they tune or interrupt the built-in player, which does not choose the moves
            # here: the back end's own (GNU Go's level and top_moves_*) pass through instead
            del commands[name]
        for name in list(commands):
            handler = commands[name].handler
            if self.dead_stones and (name in SCORING_COMMANDS
                                     or name.startswith("final_score_")):
                handler = self._judged(handler)
            if name in SETUP_COMMANDS:
                commands[name].handler = self._set_up(handler, deep=name in _PLACING)
            else:
                commands[name].handler = self._synced(handler)
        if "kgs-genmove_cleanup" in commands:
            self._local_cleanup = commands["kgs-genmove_cleanup"].handler
        r = engine.register
        r("genmove", self.cmd_genmove)
        r("reg_genmove", self.cmd_reg_genmove)
        r("kgs-genmove_cleanup", self.cmd_genmove_cleanup)
        r("name", lambda args: f"gtp_weiqi ({self.backend_name})")
        told = engine.reported_version  # --version-string wins here too
        r("version", lambda args: told if told != __version__ else
          f"{__version__} ({self.backend_name} {self.backend_version})".replace(" )", ")"))
        engine.cpu_seconds = self.cpu_seconds  # type: ignore[method-assign]
        for name in ("time_settings", "time_left", "kgs-time_settings"):
            if name in commands:
                r(name, self._forwarded(name, commands[name].handler))
        r("weiqi-passthrough", self.cmd_passthrough)
        r("weiqi-backend", self.cmd_backend)
        analyze = engine.analyze_commands

        def analyze_commands() -> list[str]:
            return analyze() + self._backend_analyze_entries()

        engine.analyze_commands = analyze_commands  # type: ignore[method-assign]
        for name in theirs:
            r(name, self._stream_snapshot(name), stream=self._stream_served(name))
            self.streams.add(name)
        for name in sorted(listed):
            if name not in commands and name not in HIDDEN:
                r(name, self._passthrough(name))
                self.passthroughs.add(name)

    # -- keeping the back end in step ---------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        game = self.engine.game
        last = game.moves[-1] if game.moves else None
        return (id(game), game.width, game.height, len(game.setup), game.handicap, game.komi,
                game.rules, len(game.moves), last)

    def after_local(self) -> None:
        """Eager sync after a local command, when the back end is healthy and the game
        changed; failures are reported by `sync` and leave our answer alone."""
        if self.dead is not None or self.desync is not None:
            return
        if self._key() != self._synced_key:
            try:
                self.sync()
            except Unavailable:
                pass

    def sync(self) -> None:
        """Bring the back end to our game.  Raises Unavailable when it cannot follow."""
        try:
            self._sync_checked()
        except Refused as exc:
            raise self._desynced(exc.command, exc.text) from None

    def _sync_checked(self) -> None:
        """`sync`, except that a refused set-up command raises Refused and is not recorded
        as the back end being out of step (the caller may undo the change instead)."""
        if self.dead is not None:
            raise Unavailable(describe_failure(self.dead))
        key = self._key()
        if self.desync is not None and key == self._desync_key:
            raise Unavailable(self.desync)
        try:
            self._sync()
        except SetupRefused as exc:
            self.view = None  # what a refusal left on the back end is not known: replay
            raise Refused(exc.command, exc.text) from None
        except CommandFailed as exc:
            raise self._desynced(exc.command, exc.text) from None
        except ChannelError as exc:
            self._mark_dead(exc)
            raise Unavailable(describe_failure(exc)) from None
        self.desync = None
        self._synced_key = key

    def _desynced(self, command: str, text: str) -> Unavailable:
        """Record (and report) that the back end cannot follow our game."""
        self.desync = f"back end cannot follow the game: it refused `{command}`" \
                      + (f" ({text})" if text else "")
        self._desync_key = self._key()
        self.report(self.desync)
        return Unavailable(self.desync)

    def _rules_commands(self, rules: Rules) -> list[tuple[str, str]]:
        """How to tell the back end our rules, closest first: the whole rules for a back
        end that knows our fields (another gtp_weiqi), KataGo's fields (`kata-set-rules`),
        the nearest of `kgs-rules`' four sets, or nothing."""
        listed = self.backend.list_commands()
        if self._full_rules:
            return [("kata-set-rules", rules.to_json())]
        if "kata-set-rules" in listed:
            return [("kata-set-rules", text) for text in katago_candidates(rules)]
        if "kgs-rules" in listed:
            return [("kgs-rules", name) for name in kgs_candidates(rules)]
        return []

    def _setup(self, name: str, *args: str) -> None:
        """A set-up command on the back end; raises SetupRefused on `?`."""
        response = self.backend.ask(name, *args)
        if not response.ok:
            raise SetupRefused(" ".join([name, *args]), response.text)

    def _sync(self) -> None:
        game = self.engine.game
        view = self.view
        if view is None or (view.width, view.height, view.setup, view.handicap) != \
                (game.width, game.height, tuple(game.setup), game.handicap):
            self._full()
            return
        self._settings(view, game)
        moves = game.moves
        k = 0
        limit = min(len(view.moves), len(moves))
        while k < limit and view.moves[k] == moves[k]:
            k += 1
        if len(view.moves) > k:
            if not self.backend.known("undo") or len(view.moves) - k > len(moves) - k + 3:
                # no undo, or a replay is shorter (clear_board after a game)
                self._full()
                return
            while len(view.moves) > k:
                if not self.backend.ask("undo").ok:
                    self._full()
                    return
                view.moves.pop()
        for move in moves[k:]:
            self._play(move)
            view.moves.append(move)

    def _settings(self, view: View, game: Game) -> None:
        if view.komi != game.komi:
            view.komi = None
            self._setup("komi", _number(game.komi))
            view.komi = game.komi
        wanted = game.rules
        if view.rules is wanted or view.rules == wanted:
            return
        candidates = self._rules_commands(game.rules)
        refusals: list[tuple[str, str]] = []
        for name, text in candidates:
            response = self.backend.ask(name, text)
            if response.ok:
                view.rules = wanted
                if refusals:
                    first, reason = refusals[0]
                    self._report_once(f"back end refused `{first}` ({reason}); told it "
                                      f"`{name} {text}` instead, the closest it takes")
                return
            refusals.append((f"{name} {text}", response.text))
        if refusals:
            raise SetupRefused(*refusals[0])
        view.rules = wanted  # no rules command: nothing to tell

    def _vertex(self, point: int | None) -> str:
        board = self.engine.game.board
        return format_vertex(None if point is None else board.row_col(point))

    def _play(self, move: Move) -> None:
        self.backend.command("play", COLOUR_LETTER[move.colour], self._vertex(move.point))

    def _full(self) -> None:
        """Replay the whole game on the back end."""
        game = self.engine.game
        backend = self.backend
        self.view = None
        if game.width == game.height:
            self._setup("boardsize", str(game.width))
        elif backend.known("rectangular_boardsize"):
            self._setup("rectangular_boardsize", str(game.width), str(game.height))
        else:
            raise SetupRefused(f"rectangular_boardsize {game.width} {game.height}",
                               "the back end has no rectangular boards")
        self._setup("clear_board")
        view = View(game.width, game.height, (), 0)
        self._settings(view, game)
        setup = list(game.setup)
        if setup:
            vertices = [self._vertex(p) for p, _ in setup]
            if (game.handicap and all(c == BLACK for _, c in setup) and len(setup) >= 2
                    and backend.known("set_free_handicap")):
                self._setup("set_free_handicap", *vertices)
            else:
                for (_p, colour), vertex in zip(setup, vertices, strict=True):
                    self._setup("play", COLOUR_LETTER[colour], vertex)
        view.setup, view.handicap = tuple(setup), game.handicap
        self.view = view
        for move in game.moves:
            self._play(move)
            view.moves.append(move)

    # -- wrappers -----------------------------------------------------------------------

    def _synced(self, handler: Handler) -> Handler:
        def wrapped(args: list[str]) -> str:
            try:
                return handler(args)
            finally:
                self.after_local()
        return wrapped

    def _set_up(self, handler: Handler, deep: bool) -> Handler:
        """A set-up command: done here, then on the back end; when the back end refuses,
        our game goes back to what it was and the answer is the back end's reason.

        The game is saved by a shallow copy: clearing, resizing, komi, new rules and
        loadsgf replace the game's parts (or the whole game) rather than change them in
        place.  Handicap stones are placed on the board itself, so those commands copy
        the game deeply; the board is empty then, and the copy cheap."""
        def wrapped(args: list[str]) -> str:
            if self.dead is not None:
                return handler(args)
            engine = self.engine
            game = copy.deepcopy(engine.game) if deep else copy.copy(engine.game)
            saved = (game, dict(engine.time_left))
            text = handler(args)
            self.desync = self._desync_key = None  # a new set-up: the back end tries again
            try:
                self._sync_checked()
            except Refused as exc:
                engine.game, engine.time_left = saved
                engine.after_load()
                self.report(f"{exc}: refused to the controller, the game stays as it was")
                try:
                    self.sync()
                except Unavailable:
                    pass
                raise GtpError(exc.text or f"back end refused {exc.command}") from None
            except Unavailable:
                pass  # reported; our game goes on
            return text
        return wrapped

    def _judged(self, handler: Handler) -> Handler:
        def wrapped(args: list[str]) -> str:
            self.take_backend_judgement()
            return handler(args)
        return wrapped

    def _forwarded(self, name: str, handler: Handler) -> Handler:
        """A local command whose effect the back end should share (time settings)."""
        def wrapped(args: list[str]) -> str:
            text = handler(args)
            if self.dead is None and name in self.backend.list_commands():
                try:
                    response = self.backend.ask(name, *args)
                    if not response.ok:
                        self._report_once(f"back end refused {name} ({response.text})")
                except ChannelError as exc:
                    self._mark_dead(exc)
            return text
        return wrapped

    def _passthrough(self, name: str) -> Handler:
        def handler(args: list[str]) -> str:
            return self._forward(name, args)
        return handler

    def _forward(self, name: str, args: list[str]) -> str:
        try:
            self.sync()
        except Unavailable as exc:
            raise GtpError(f"{name} unavailable: {exc}") from None
        try:
            response = self.backend.ask(name, *args)
        except ChannelError as exc:
            self._mark_dead(exc)
            raise GtpError(f"{name} unavailable: {describe_failure(exc)}") from None
        if not response.ok:
            raise GtpError(response.text or "failed")
        return response.text

    def _backend_analyze_entries(self) -> list[str]:
        if self.dead is not None or "gogui-analyze_commands" not in self.backend.list_commands():
            return []
        try:
            response = self.backend.ask("gogui-analyze_commands")
        except ChannelError as exc:
            self._mark_dead(exc)
            return []
        entries = []
        for line in response.text.splitlines() if response.ok else []:
            parts = line.strip().split("/")
            if len(parts) >= 3 and parts[2].split():
                if parts[2].split()[0] in self.passthroughs:
                    entries.append(line.strip())
        return entries

    # -- streaming commands -------------------------------------------------------------

    def _stream_served(self, name: str) -> Callable[[list[str], str], str]:
        """The back end's streaming command while serving: relayed line by line, stopped
        by the controller's next input."""
        def stream(args: list[str], ident: str) -> str:
            return self._relay(name, args, ident, self.engine.write, self.engine.input_pending)
        return stream

    def _stream_snapshot(self, name: str) -> Handler:
        """The same asked in-process (no stream to write to): an analysis stops after its
        first report (or SNAPSHOT_SECONDS); a genmove_analyze runs to its `play` line."""
        def handler(args: list[str]) -> str:
            lines: list[str] = []
            started = time.monotonic()

            def stop() -> bool:
                return len(lines) > 1 or time.monotonic() - started > SNAPSHOT_SECONDS

            end = self._relay(name, args, "", lines.append, stop)
            if end.startswith("?"):
                raise GtpError(end[2:].strip())
            text = "".join(lines)
            return text[1:].strip() if text.startswith("=") else text.strip()
        return handler

    def _relay(self, name: str, args: list[str], ident: str, write: Callable[[str], None],
               stop: Callable[[], bool]) -> str:
        """Run a streaming command on the back end, writing our response's lines through
        `write` as they come; returns the end of the response (a blank line, or a whole
        `?` answer when it failed before it started)."""
        engine = self.engine
        args = list(args)
        turn: _StreamedMove | None = None
        try:
            if plays_move(name):
                colour = engine.game.to_move
                if args and args[0].lower() in COLOUR_OF_WORD:
                    colour = parse_colour(args.pop(0))
                check_open(engine.game)
                turn = _StreamedMove(colour)
                args.insert(0, COLOUR_LETTER[colour])  # the back end's idea of who moves may differ
            self.sync()
        except GtpError as exc:
            return frame(False, ident, str(exc))
        except Unavailable as exc:
            return frame(False, ident, f"{name} unavailable: {exc}")
        started = False

        def on_start(response: Response) -> None:
            nonlocal started
            started = True
            write(f"={ident} {response.text}\n")

        def on_line(text: str) -> None:
            words = text.split()
            if turn is not None and not turn.decided and words[:1] == ["play"]:
                self._streamed_play(name, turn, words[1] if len(words) > 1 else "", write)
            else:
                write(text + "\n")

        channel = self.backend.channel
        assert isinstance(channel, SubprocessChannel)
        try:
            response = channel.stream(" ".join([name, *args]), self.backend.timeout, on_start,
                                      on_line, stop, timed=turn is not None)
        except ChannelError as exc:
            self._mark_dead(exc)
            if not started:
                return frame(False, ident, f"{name} unavailable: {describe_failure(exc)}")
            return "\n"
        if not response.ok:
            return frame(False, ident, response.text or "failed")
        if turn is not None and not turn.decided:
            self._finish_streamed_move(name, turn, write)
        self.after_local()
        return "\n"

    def _streamed_play(self, name: str, turn: _StreamedMove, word: str,
                       write: Callable[[str], None]) -> None:
        """The `play` line of a genmove_analyze: relayed and played when legal here."""
        turn.tries += 1
        move = self._judge_answer(name, turn.colour, word, plays=True,
                                  tries=f"try {turn.tries} of {self.retries + 1}")
        if move is not _BAD:
            self._play_streamed(turn, move, write)  # type: ignore[arg-type]

    def _finish_streamed_move(self, name: str, turn: _StreamedMove,
                              write: Callable[[str], None]) -> None:
        """No legal `play` line came: ask plain genmove (the tries left), then pass."""
        if self.dead is not None:
            return
        try:
            move = self._ask_move("genmove", turn.colour, plays=True,
                                  attempts=max(1, self.retries + 1 - turn.tries))
        except GtpError as exc:
            self.report(f"{name}: {exc}")
            return
        self._play_streamed(turn, move, write)

    def _play_streamed(self, turn: _StreamedMove, move: int | None | str,
                       write: Callable[[str], None]) -> None:
        """Play the decided move here (RESIGN plays nothing) and write its `play` line."""
        turn.decided, turn.move = True, move
        if isinstance(move, str):
            write(f"play {RESIGN}\n")
            return
        self.engine.game.play(turn.colour, move)
        self.engine.after_move()
        write(f"play {self._vertex(move)}\n")

    # -- moves --------------------------------------------------------------------------

    def _judge_answer(self, command: str, colour: int, word: str, plays: bool,
                      tries: str) -> int | None | str | object:
        """A move answer checked under our rules: a legal point (None = pass), RESIGN, or
        _BAD (reported; the back end's view fixed for the next sync)."""
        game = self.engine.game
        letter = COLOUR_LETTER[colour]
        if word.lower() == RESIGN:
            return RESIGN
        try:
            rc = parse_vertex(word, game.width, game.height)
        except ValueError:
            self.report(f"back end answered `{command} {letter}` with {word!r}, "
                        f"which is no move; {tries}")
            self.view = None  # whether it played something is unknown: replay
            return _BAD
        point = None if rc is None else game.board.point(*rc)
        reason = None if point is None else game.illegal_reason(colour, point)
        if plays and self.view is not None:
            self.view.moves.append(Move(colour, point))  # the back end played it
        if reason is None:
            return point
        name = game.rules.preset_name or "these rules"
        self.report(f"back end's move {letter} {word.upper()} is illegal under {name} "
                    f"({reason}); {tries}")
        return _BAD

    def _ask_move(self, command: str, colour: int, plays: bool,
                  attempts: int | None = None) -> int | None | str:
        """A legal move from the back end (None = pass), or RESIGN.  Raises GtpError
        when the back end is unavailable."""
        game = self.engine.game
        letter = COLOUR_LETTER[colour]
        attempts = self.retries + 1 if attempts is None else attempts
        for attempt in range(1, attempts + 1):
            try:
                self.sync()
            except Unavailable as exc:
                raise GtpError(f"{command} unavailable: {exc}") from None
            try:
                response = self.backend.ask(command, letter)
            except ChannelError as exc:
                self._mark_dead(exc)
                raise GtpError(f"{command} unavailable: {describe_failure(exc)}") from None
            tries = f"try {attempt} of {attempts}"
            if not response.ok:
                self.report(f"back end failed `{command} {letter}` ({response.text}); {tries}")
                continue
            words = response.text.split()
            move = self._judge_answer(command, colour, words[0] if words else "", plays, tries)
            if move is not _BAD:
                return move  # type: ignore[return-value]
        what = "a virtual move (虚着)" if game.rules.virtualMoves else "a pass"
        self.report(f"no legal move from the back end for {letter}: playing {what}")
        return None

    def _generate(self, command: str, args: list[str]) -> str:
        engine = self.engine
        engine._arity(args, 1)
        colour = parse_colour(args[0])
        check_open(self.engine.game)
        move = self._ask_move(command, colour, plays=True)
        if move == RESIGN:
            return RESIGN
        assert not isinstance(move, str)
        engine.game.play(colour, move)
        engine.after_move()
        self.after_local()
        return engine.format_move(move)

    def cmd_genmove(self, args: list[str]) -> str:
        return self._generate("genmove", args)

    def cmd_genmove_cleanup(self, args: list[str]) -> str:
        if "kgs-genmove_cleanup" in self.backend.list_commands() or self._local_cleanup is None:
            return self._generate("kgs-genmove_cleanup", args)
        return self._local_cleanup(args)

    def cmd_reg_genmove(self, args: list[str]) -> str:
        self.engine._arity(args, 1)
        colour = parse_colour(args[0])
        command = "reg_genmove" if self.backend.known("reg_genmove") else "genmove"
        move = self._ask_move(command, colour, plays=command == "genmove")
        if command == "genmove":
            try:
                self.sync()  # takes the played move back on the back end
            except Unavailable:
                pass
        if move == RESIGN:
            return RESIGN
        assert not isinstance(move, str)
        return self.engine.format_move(move)

    # -- judgement from the back end ------------------------------------------------------

    def take_backend_judgement(self) -> None:
        """Mark strings dead / seki / alive as the back end's final_status_list says
        (strings the user marked keep their marks)."""
        game = self.engine.game
        key = (id(game), len(game.moves), game.board.hash, len(game.marks))
        if key == self._judged_key:
            return
        try:
            self.sync()
            dead = self._status_points("dead")
            seki = self._status_points("seki") if self.backend.known("final_status_list") \
                else set()
        except Unavailable as exc:
            self._report_once(f"no dead stones from the back end ({exc}); using our own "
                              "judgement")
            return
        except CommandFailed as exc:
            self._report_once(f"no dead stones from the back end ({exc.text}); using our own "
                              "judgement")
            return
        except ChannelError as exc:
            self._mark_dead(exc)
            return
        user = {p for m in game.marks if id(m) not in self._our_marks and m.kind == "status"
                for p in m.points}
        own = self._judge.report(game)
        unclear = {p for string in own.unclear for p in string}
        board = game.board
        groups: dict[str, list[int]] = {"dead": [], "seki": [], "alive": []}
        for _colour, stones, _libs in board.strings():
            first = stones[0]
            if any(p in user for p in stones):
                continue
            if any(p in dead for p in stones):
                groups["dead"].append(first)
            elif any(p in seki for p in stones):
                groups["seki"].append(first)
            elif own.status.get(first) == "dead" or first in unclear:
                groups["alive"].append(first)  # the back end keeps it; seki stays ours
        before = len(game.marks)
        for status, points in groups.items():
            if points:
                game.mark_status(points, status)
        self._our_marks.update(id(m) for m in game.marks[before:])
        self._judged_key = (id(game), len(game.moves), game.board.hash, len(game.marks))

    def _status_points(self, status: str) -> set[int]:
        response = self.backend.ask("final_status_list", status)
        if not response.ok:
            if status == "dead":
                raise CommandFailed(f"final_status_list {status}", response.text)
            return set()
        game = self.engine.game
        board = game.board
        points = {board.point(*rc) for rc in parse_vertex_list(response.text, game.width,
                                                               game.height)}
        return {p for p in points if board.colour[p] in (BLACK, WHITE)}

    # -- extra commands -----------------------------------------------------------------

    def cmd_passthrough(self, args: list[str]) -> str:
        """weiqi-passthrough CMD [ARGS]: send any command to the back end as it is."""
        if not args:
            raise GtpError("syntax error: weiqi-passthrough <command> [arguments]")
        if is_streaming(args[0]):
            raise GtpError(f"{args[0]} streams: send it as a command of its own")
        return self._forward(args[0], args[1:])

    def cpu_seconds(self) -> float:
        """Our CPU time and the back end's (its `cputime` / `gomill-cpu_time`, else what the
        system says of its process), so that cputime and gomill-cpu_time count the moves'
        thinking."""
        own = time.process_time()
        if self.dead is not None:
            return own
        try:
            theirs = self.backend.cpu_time()
        except ControllerError:
            theirs = None
        return own + (theirs or 0.0)

    def cmd_backend(self, args: list[str]) -> str:
        """weiqi-backend: one line on the back end's state: its name and process, whether
        the ids of its answers are checked, how many problems of the connection were
        recovered from, and its state (ok, out_of_step or dead, with the reason)."""
        self.engine._arity(args, 0)
        channel = self.backend.channel
        ids = "checked" if getattr(channel, "ids_checked", False) else "unchecked"
        if self.dead is not None:
            state = f"dead {describe_failure(self.dead)}"
        elif self.desync is not None:
            state = f"out_of_step {self.desync}"
        else:
            state = "ok"
        if self.recovered:
            state += f"; last recovered: {self.recovered[-1]}"
        return (f"name={self.backend_name.replace(' ', '_')} pid={channel.pid} ids={ids} "
                f"recovered={self.recovered_count} state={state}")

    def close(self, quick: bool = False) -> None:
        """Stop the back end: quit, then terminate, then kill (`quick`: no quit)."""
        self.backend.close(quick=quick or self.dead is not None)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def start_proxy(engine: WeiqiEngine, command: str, *, timeout: float | None = DEFAULT_TIMEOUT,
                retries: int = 2, dead_stones: bool = False,
                forward_stderr: bool = True) -> Proxy:
    """Start the back end and join it to `engine`.  Raises ControllerError when the back
    end cannot be started or does not speak GTP."""

    def forward(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    channel = SubprocessChannel(split_command(command), numbered=True,
                                on_stderr=forward if forward_stderr else None)
    proxy = Proxy(engine, Controller(channel, "back end", timeout), retries=retries,
                  dead_stones=dead_stones)
    try:
        proxy.start()
    except BaseException:
        proxy.close(quick=True)
        raise
    return proxy


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
                dead_stones: bool = False,
                session: Callable[[], int] | None = None) -> int:
    """Run proxy mode until `quit` or end of input (0); 2 when the back end cannot start;
    128 + the signal's number after SIGTERM or SIGHUP.  `session` is what talks to the
    controller in front of the back end (default: GTP on stdin / stdout; GMP mode passes
    its own) and gives the exit code."""
    with signals_end_session():
        try:
            try:
                proxy = start_proxy(engine, command, timeout=timeout, retries=retries,
                                    dead_stones=dead_stones)
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


__all__ = ["Proxy", "RESIGN", "Refused", "Signalled", "Unavailable", "describe_failure",
           "katago_candidates", "kgs_candidates", "serve_proxy",
           "signals_end_session", "start_proxy"]

"""Proxy (plugin) mode: `gtp-weiqi --engine CMD` puts a real GTP engine behind our rules.

The GUI talks to gtp_weiqi; gtp_weiqi keeps the game (the authority on what is legal under
the active rules) and answers every rules, judgement and scoring command itself.  The back
end (GNU Go, KataGo, Leela Zero, Pachi ...) only chooses moves, and answers its own other
commands, which pass through and appear in `list_commands`.

Keeping the back end in step: after every command that changed our game, and before
every command sent to the back end, its position is brought to ours with the fewest
commands: `komi`, `kata-set-rules` (KataGo, KataGo's fields of our rules), `undo` back to
the common prefix of the two move lists and `play` forward; anything else (a new board
size, handicap or setup, a loaded SGF, a test play) is a full replay (`boardsize`,
`clear_board`, `komi`, `set_free_handicap` or setup `play`s, the moves).  A back end that
refuses a move legal under our rules cannot follow the game: that is reported on stderr,
our game goes on, and genmove says why it is unavailable.

genmove: the back end's answer is checked.  An illegal move (which the back end has
played) is taken back with `undo` and the question asked again; a failed or unreadable
answer is asked again too; after `--engine-retries` further tries the side passes, which
is a virtual move (虚着) under 计活子 and the natural 计枰点 rules.  `resign` is passed on.
Streaming commands (`lz-analyze`, `kata-analyze`, `*genmove_analyze`) are not offered in
proxy mode: neither the back end's (a stream does not fit the request / answer channel) nor
the built-in player's (its moves would not be the back end's).

A back end that dies, hangs (no answer within `--engine-timeout`) or stops speaking GTP
is stopped and reported with the tail of its stderr; from then on gtp_weiqi still
answers everything it can and says `? genmove unavailable: back end died: <tail>`.

With `--engine-dead-stones` the back end's `final_status_list dead` (and `seki`, where
it has it) become explicit marks of the judgement before any scoring command (explicit
marks come first: docs/rules.md, "Dead stones, seki and owners"); marks made by the user
still win.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import BinaryIO

from ... import __version__
from ...core.board import BLACK, WHITE
from ...core.coords import format_vertex, parse_vertex, parse_vertex_list
from ...core.game import Game, Move
from ...core.rules import Rules, has_our_fields
from ...judgement.marks import Judge
from .controller import (
    DEFAULT_TIMEOUT,
    ChannelError,
    CommandFailed,
    Controller,
    ControllerError,
    EngineDied,
    EngineTimeout,
    SubprocessChannel,
    split_command,
)
from .ending_cmds import check_open
from .engine import WeiqiEngine, parse_colour
from .protocol import GtpError, Handler

RESIGN = "resign"
# Back end commands that would change its position behind our back, or that stream
# (analysis), are not passed through.  `weiqi-passthrough` still reaches them.
HIDDEN = frozenset({
    "black", "white", "genmove_black", "genmove_white", "gg-undo", "trymove", "tryko",
    "popgo", "set_position", "play_sequence", "gogui-play_sequence", "gogui-setup",
    "gogui-setup_player", "gogui-interrupt", "gogui-sigint",
})
SCORING_COMMANDS = ("final_score", "weiqi-score", "final_status_list", "final_status",
                    "weiqi-unclear", "weiqi-dead_stones")
_LETTER = {BLACK: "b", WHITE: "w"}


class Unavailable(Exception):
    """The back end cannot answer now; the message says why."""


def _hidden(name: str) -> bool:
    return name in HIDDEN or ("analyze" in name and name != "gogui-analyze_commands")


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
    rules: str | None = None
    moves: list[Move] = field(default_factory=list)


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
        self._full_rules = False

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
        try:
            self.sync()
        except Unavailable:
            pass  # already reported; our game goes on

    def install(self) -> None:
        """Wrap our commands (sync after local changes), override the move generators and
        add the back end's other commands as pass-throughs."""
        engine = self.engine
        commands = engine.commands
        for name in [n for n in commands if _hidden(n)]:
            # The built-in player's analysis and genmove-with-analysis would choose and
            # play moves without the back end (Sabaki prefers genmove_analyze to genmove).
            del commands[name]
        for name in list(commands):
            handler = commands[name].handler
            if self.dead_stones and (name in SCORING_COMMANDS
                                     or name.startswith("final_score_")):
                handler = self._judged(handler)
            commands[name].handler = self._synced(handler)
        if "kgs-genmove_cleanup" in commands:
            self._local_cleanup = commands["kgs-genmove_cleanup"].handler
        r = engine.register
        r("genmove", self.cmd_genmove)
        r("reg_genmove", self.cmd_reg_genmove)
        r("kgs-genmove_cleanup", self.cmd_genmove_cleanup)
        r("name", lambda args: f"gtp_weiqi ({self.backend_name})")
        r("version", lambda args: f"{__version__} ({self.backend_name} "
                                  f"{self.backend_version})".replace(" )", ")"))
        for name in ("time_settings", "time_left", "kgs-time_settings"):
            if name in commands:
                r(name, self._forwarded(name, commands[name].handler))
        r("weiqi-passthrough", self.cmd_passthrough)
        r("weiqi-backend", self.cmd_backend)
        analyze = engine.analyze_commands

        def analyze_commands() -> list[str]:
            return analyze() + self._backend_analyze_entries()

        engine.analyze_commands = analyze_commands  # type: ignore[method-assign]
        for name in sorted(self.backend.list_commands()):
            if name not in commands and not _hidden(name):
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
        if self.dead is not None:
            raise Unavailable(describe_failure(self.dead))
        key = self._key()
        if self.desync is not None and key == self._desync_key:
            raise Unavailable(self.desync)
        try:
            self._sync()
        except CommandFailed as exc:
            self.desync = f"back end cannot follow the game: it refused `{exc.command}`" \
                          + (f" ({exc.text})" if exc.text else "")
            self._desync_key = key
            self.report(self.desync)
            raise Unavailable(self.desync) from None
        except ChannelError as exc:
            self._mark_dead(exc)
            raise Unavailable(describe_failure(exc)) from None
        self.desync = None
        self._synced_key = key

    def _rules_text(self, rules: Rules) -> str | None:
        """What `kata-set-rules` gets: the whole rules for a back end that knows our fields
        (another gtp_weiqi), KataGo's fields for KataGo, nothing for other engines."""
        if self._full_rules:
            return rules.to_json()
        if "kata-set-rules" in self.backend.list_commands():
            return rules.to_katago_json()
        return None

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
            view.komi = game.komi
            response = self.backend.ask("komi", _number(game.komi))
            if not response.ok:
                self._report_once(f"back end refused komi {_number(game.komi)} "
                                  f"({response.text}); it plays on with its own")
        rules = self._rules_text(game.rules)
        if rules is not None and view.rules != rules:
            view.rules = rules
            response = self.backend.ask("kata-set-rules", rules)
            if not response.ok and "friendlyPassOk" in rules:
                older = json.loads(rules)
                older.pop("friendlyPassOk")
                response = self.backend.ask("kata-set-rules", json.dumps(older, sort_keys=True,
                                                                          separators=(",", ":")))
            if not response.ok:
                self._report_once(f"back end refused kata-set-rules {rules} ({response.text}); "
                                  "its moves are still checked under our rules")

    def _vertex(self, point: int | None) -> str:
        board = self.engine.game.board
        return format_vertex(None if point is None else board.row_col(point))

    def _play(self, move: Move) -> None:
        self.backend.command("play", _LETTER[move.colour], self._vertex(move.point))

    def _full(self) -> None:
        """Replay the whole game on the back end."""
        game = self.engine.game
        backend = self.backend
        self.view = None
        if game.width == game.height:
            backend.command("boardsize", str(game.width))
        elif backend.known("rectangular_boardsize"):
            backend.command("rectangular_boardsize", str(game.width), str(game.height))
        else:
            raise CommandFailed(f"rectangular_boardsize {game.width} {game.height}",
                                "the back end has no rectangular boards")
        backend.command("clear_board")
        view = View(game.width, game.height, (), 0)
        self._settings(view, game)
        setup = list(game.setup)
        if setup:
            vertices = [self._vertex(p) for p, _ in setup]
            if (game.handicap and all(c == BLACK for _, c in setup) and len(setup) >= 2
                    and backend.known("set_free_handicap")):
                backend.command("set_free_handicap", *vertices)
            else:
                for (_p, colour), vertex in zip(setup, vertices, strict=True):
                    backend.command("play", _LETTER[colour], vertex)
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

    # -- moves --------------------------------------------------------------------------

    def _ask_move(self, command: str, colour: int, plays: bool) -> int | None | str:
        """A legal move from the back end (None = pass), or RESIGN.  Raises GtpError
        when the back end is unavailable."""
        game = self.engine.game
        letter = _LETTER[colour]
        attempts = self.retries + 1
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
            word = words[0] if words else ""
            if word.lower() == RESIGN:
                return RESIGN
            try:
                rc = parse_vertex(word, game.width, game.height)
            except ValueError:
                self.report(f"back end answered `{command} {letter}` with {response.text!r}, "
                            f"which is no move; {tries}")
                self.view = None  # whether it played something is unknown: replay
                continue
            point = None if rc is None else game.board.point(*rc)
            reason = None if point is None else game.illegal_reason(colour, point)
            if plays and self.view is not None:
                self.view.moves.append(Move(colour, point))  # the back end played it
            if reason is None:
                return point
            name = game.rules.preset_name or "these rules"
            self.report(f"back end's move {letter} {word.upper()} is illegal under {name} "
                        f"({reason}); {tries}")
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
        return self._vertex(move)

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
        return self._vertex(move)

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
        return self._forward(args[0], args[1:])

    def cmd_backend(self, args: list[str]) -> str:
        """weiqi-backend: one line on the back end's state."""
        self.engine._arity(args, 0)
        pid = self.backend.channel.pid
        if self.dead is not None:
            state = f"dead {describe_failure(self.dead)}"
        elif self.desync is not None:
            state = f"out_of_step {self.desync}"
        else:
            state = "ok"
        return f"name={self.backend_name.replace(' ', '_')} pid={pid} state={state}"

    def close(self) -> None:
        """Stop the back end: quit, then terminate, then kill."""
        self.backend.close(quick=self.dead is not None)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def start_proxy(engine: WeiqiEngine, command: str, *, timeout: float | None = DEFAULT_TIMEOUT,
                retries: int = 2, dead_stones: bool = False,
                forward_stderr: bool = True) -> Proxy:
    """Start the back end and join it to `engine`.  Raises ControllerError when the back
    end cannot be started or does not speak GTP."""

    def forward(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    channel = SubprocessChannel(split_command(command),
                                on_stderr=forward if forward_stderr else None)
    proxy = Proxy(engine, Controller(channel, "back end", timeout), retries=retries,
                  dead_stones=dead_stones)
    try:
        proxy.start()
    except ControllerError:
        proxy.close()
        raise
    return proxy


def serve_proxy(engine: WeiqiEngine, command: str, stdin: BinaryIO, stdout: BinaryIO, *,
                timeout: float | None = DEFAULT_TIMEOUT, retries: int = 2,
                dead_stones: bool = False) -> int:
    """Run proxy mode until `quit` or end of input; 2 when the back end cannot start."""
    try:
        proxy = start_proxy(engine, command, timeout=timeout, retries=retries,
                            dead_stones=dead_stones)
    except ChannelError as exc:
        print(f"gtp-weiqi: cannot use the back end {command!r}: {describe_failure(exc)}",
              file=sys.stderr, flush=True)
        return 2
    except ControllerError as exc:
        print(f"gtp-weiqi: cannot use the back end {command!r}: {exc}", file=sys.stderr,
              flush=True)
        return 2
    try:
        engine.serve(stdin, stdout)
    finally:
        proxy.close()
    return 0


__all__ = ["Proxy", "RESIGN", "Unavailable", "describe_failure",
           "serve_proxy", "start_proxy"]

"""The proxy: our engine's commands joined to the back end's.

gtp_weiqi keeps the game (the authority on what is legal under the active rules) and
answers every rules, judgement and scoring command itself; the back end chooses the moves
(moves.py), analyses (streams.py), and answers its own other commands, which pass through
and appear in `list_commands` (those that would change its position behind our back are
hidden: `weiqi-passthrough` still reaches them).

Refusals: a command that sets the game up (board size, komi, handicap, rules, loadsgf) is
tried on the back end before it is answered; when the back end refuses it, our game goes
back to what it was and the controller gets the back end's reason (`? unacceptable size`).

With `--engine-dead-stones` the back end's `final_status_list dead` (and `seki`, where
it has it) become explicit marks of the judgement before any scoring command (explicit
marks come first: docs/rules.md, "Dead stones, seki and owners"); marks made by the user
still win.
"""

from __future__ import annotations

from collections.abc import Callable

from .... import __version__
from ....core.board import BLACK, WHITE
from ....core.coords import parse_vertex_list
from ....core.rules import has_our_fields
from ....judgement.marks import Judge
from ..compat_cmds import OWN_PLAYER_COMMANDS
from ..controller import ChannelError, CommandFailed, Controller, ControllerError
from ..engine import WeiqiEngine
from ..protocol import GtpError, Handler, Wrapper, check_arity
from .leela import FROM_KATA
from .link import Refused, Unavailable, describe_failure
from .streams import StreamRelay, is_streaming, plays_move

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


class Proxy(StreamRelay):
    """Joins a WeiqiEngine (the rules, the game) to a back end Controller (the moves)."""

    def __init__(self, engine: WeiqiEngine, backend: Controller, *, retries: int = 2,
                 dead_stones: bool = False,
                 report: Callable[[str], None] | None = None,
                 start_again: Callable[[], Controller] | None = None,
                 restarts: int = 1, lead: str = "ours") -> None:
        super().__init__(engine, backend, retries=retries, dead_stones=dead_stones,
                         report=report, start_again=start_again, restarts=restarts)
        self.lead = lead
        self._our_marks: set[int] = set()
        self._judged_key: object = None
        self._judge = Judge(seed=engine.seed)
        self.passthroughs: set[str] = set()
        self.streams: set[str] = set()

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
        theirs = sorted({n for n in listed if is_streaming(n) and n not in HIDDEN}
                        | {lz for lz, kata in FROM_KATA.items() if kata in listed})
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
            if self.dead_stones and (name in SCORING_COMMANDS
                                     or name.startswith("final_score_")):
                engine.wrap(name, self._judged)
            engine.wrap(name, self._set_up if name in SETUP_COMMANDS else self._synced)
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
        engine.cpu_time_hooks.append(self.backend_cpu_seconds)
        for name in ("time_settings", "time_left", "kgs-time_settings"):
            if name in commands:
                engine.wrap(name, self._forwarded(name))
        r("weiqi-passthrough", self.cmd_passthrough)
        r("weiqi-backend", self.cmd_backend)
        engine.analyze_hooks.append(lambda entries: self._backend_analyze_entries())
        for name in theirs:
            r(name, self._stream_snapshot(name), stream=self._stream_served(name))
            self.streams.add(name)
        for name in sorted(listed):
            if name not in commands and name not in HIDDEN:
                r(name, self._passthrough(name))
                self.passthroughs.add(name)

    # -- wrappers -----------------------------------------------------------------------

    def _synced(self, handler: Handler, args: list[str]) -> str:
        """Any of our commands: the back end is brought to our game after it."""
        try:
            return handler(args)
        finally:
            self.after_local()

    def _set_up(self, handler: Handler, args: list[str]) -> str:
        """A set-up command: done here, then on the back end; when the back end refuses,
        our game goes back to what it was (Game.snapshot / restore; the command may have
        put a new game in place, which is dropped) and the answer is the back end's
        reason."""
        if self.dead is not None:
            return handler(args)
        engine = self.engine
        game = engine.game
        saved = (game, game.snapshot(), dict(engine.time_left))
        text = handler(args)
        self.desync = self._desync_key = None  # a new set-up: the back end tries again
        try:
            self._sync_checked()
        except Refused as exc:
            game, snapshot, engine.time_left = saved
            game.restore(snapshot)
            engine.game = game
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

    def _judged(self, handler: Handler, args: list[str]) -> str:
        """A scoring command with --engine-dead-stones: the back end's dead stones first."""
        self.take_backend_judgement()
        return handler(args)

    def _forwarded(self, name: str) -> Wrapper:
        """A local command whose effect the back end should share (time settings): done
        here, then sent to the back end when it has it (a refusal is reported once)."""
        def forwarded(handler: Handler, args: list[str]) -> str:
            text = handler(args)
            if self.dead is None and name in self.backend.list_commands():
                try:
                    response = self.backend.ask(name, *args)
                    if not response.ok:
                        self._report_once(f"back end refused {name} ({response.text})")
                except ChannelError as exc:
                    self._mark_dead(exc)
            return text
        return forwarded

    def _passthrough(self, name: str) -> Handler:
        def handler(args: list[str]) -> str:
            return self._forward(name, args)
        return handler

    def _forward(self, name: str, args: list[str]) -> str:
        response = self.ask_synced(name, *args)
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

    def backend_cpu_seconds(self) -> float:
        """The back end's CPU time (its `cputime` / `gomill-cpu_time`, else what the system
        says of its process; 0 once dead), one of the engine's `cpu_time_hooks`, so that
        cputime and gomill-cpu_time count the moves' thinking."""
        if self.dead is not None:
            return 0.0
        try:
            theirs = self.backend.cpu_time()
        except ControllerError:
            theirs = None
        return theirs or 0.0

    def cmd_backend(self, args: list[str]) -> str:
        """weiqi-backend: one line on the back end's state: its name and process, how
        many times it was restarted, whether the ids of its answers are checked, how many
        problems of the connection were recovered from, and its state (ok, out_of_step or
        dead, with the reason; the last restart's reason and the last problem recovered
        from follow)."""
        check_arity(args, 0)
        channel = self.backend.channel
        ids = "checked" if getattr(channel, "ids_checked", False) else "unchecked"
        if self.dead is not None:
            state = f"dead {describe_failure(self.dead)}"
        elif self.desync is not None:
            state = f"out_of_step {self.desync}"
        else:
            state = "ok"
        if self.restarted:
            state += f"; restarted after: {self.restarted[-1]}"
        if self.recovered:
            state += f"; last recovered: {self.recovered[-1]}"
        return (f"name={self.backend_name.replace(' ', '_')} pid={channel.pid} "
                f"restarts={len(self.restarted)} ids={ids} "
                f"recovered={self.recovered_count} state={state}")

    def close(self, quick: bool = False) -> None:
        """Stop the back end: quit, then terminate, then kill (`quick`: no quit)."""
        self.backend.close(quick=quick or self.dead is not None)



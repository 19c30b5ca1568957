"""Keeping the back end in step with our game.

After every command that changed our game, and before every command sent to the back end,
its position is brought to ours with the fewest commands: `komi`, the rules (rules.py),
`undo` back to the common prefix of the two move lists and `play` forward; anything else (a
new board size, handicap or setup, a loaded SGF, a test play) is a full replay
(`boardsize`, `clear_board`, `komi`, rules, `set_free_handicap` or setup `play`s, the
moves).

A back end that refuses a move legal under our rules cannot follow the game: that is
reported on stderr, our game goes on, and genmove says why it is unavailable (until the
game changes and the back end is tried again).
"""

from __future__ import annotations

from ....core.board import BLACK, COLOUR_LETTER
from ....core.coords import format_vertex
from ....core.game import Game, Move
from ....core.rules import Rules
from ..controller import ChannelError, CommandFailed, Response
from ..protocol import GtpError
from .link import BackendLink, Refused, SetupRefused, Unavailable, View, describe_failure
from .rules import rules_commands


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


class BackendSync(BackendLink):
    """The link, with the back end kept at our game's position."""

    def ask_synced(self, command: str, *args: str) -> Response:
        """The back end's answer to a command, asked at our game's position; a back end
        that dies on it is restarted (when allowed: link.py) and asked again.  Raises
        GtpError `<command> unavailable: <why>`."""
        while True:
            try:
                self.sync()
            except Unavailable as exc:
                raise GtpError(f"{command} unavailable: {exc}") from None
            try:
                return self.backend.ask(command, *args)
            except ChannelError as exc:
                if not self._mark_dead(exc):
                    raise GtpError(f"{command} unavailable: {describe_failure(exc)}") from None

    _desync_key: object = None
    _synced_key: object = None
    _full_rules = False  # the back end is another gtp_weiqi: it takes our whole rules

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
        while True:
            try:
                self._sync()
                break
            except SetupRefused as exc:
                self.view = None  # what a refusal left on the back end is not known: replay
                raise Refused(exc.command, exc.text) from None
            except CommandFailed as exc:
                raise self._desynced(exc.command, exc.text) from None
            except ChannelError as exc:
                if not self._mark_dead(exc):  # restarted: replay the game on the new one
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
        """How to tell the back end our rules, closest first (rules.py)."""
        return rules_commands(rules, self.backend.list_commands(), self._full_rules)

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

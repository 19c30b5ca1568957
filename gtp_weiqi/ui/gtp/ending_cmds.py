"""GTP commands for the ending rules (终局, docs/ending.md): stop proposals, refusal, dispute,
test play.

Added to a WeiqiEngine by `register_ending_commands`:

  weiqi-stop [colour]      propose a stop (the player to move) or accept the other side's
                           pending proposal; under the art version and the standard rules a
                           stop is a pass
  weiqi-refuse [colour]    refuse the pending proposal: the proposer makes a virtual move
  weiqi-dispute [colour]   resume an agreed pause: two virtual moves, then the proposer moves
  weiqi-test_play [colour] art version: start a test play (试下) from the paused position;
                           play / genmove / undo / showboard then act on the test play
  weiqi-test_end           end it: the paused position again, with what the test settled
                           marked: the stones it proved dead (first line of the answer),
                           the empty points it settled owned (`b: ...`, `w: ...`,
                           `public: ...`); docs/ending.md says how
  weiqi-end_state          one line: state, proposer, A point, all alive, virtual moves;
                           a second line: finished=true|false open=N (is the position the
                           end of a game, how many points are still open: weiqi-unclear
                           lists them)

It also refines (Engine.wrap) `play`, `genmove` and `kgs-genmove_cleanup` (refused with
`game is over` / `game is paused` when the rules say no move may be played), `undo` (which
takes back the last step: a move, or an ending step with the virtual moves it recorded) and
`showboard` (one more line once the game is stopping, paused, over or in a test play).
"""

from __future__ import annotations

from ...core import ending
from ...core.board import COLOUR_NAME, Board
from ...core.game import Game
from ...judgement.seki import find_seki
from .engine import WeiqiEngine
from .protocol import GtpError, Handler, check_arity, parse_colour
from .scoring_cmds import scoring_of

ANALYZE_ENTRIES = [
    "string/End State/weiqi-end_state",
    "string/Stop (Propose or Accept)/weiqi-stop",
    "string/Refuse Stop/weiqi-refuse",
    "string/Dispute (Resume Play)/weiqi-dispute",
    "none/Test Play/weiqi-test_play",
    "string/End Test Play/weiqi-test_end",
]



def check_open(game: Game) -> None:
    """Refuse (GtpError) a move the ending rules do not allow now: the game is over,
    stopped, or paused."""
    reason = ending.move_refusal(game)
    if reason is not None:
        raise GtpError(reason)

def seki_one_sided(board: Board, dead: set[int]) -> dict[int, int]:
    """The points of a seki only one side can fill safely (单方权利官子), the stones in
    `dead` taken off: what a test play may prove one side's 目 (第十三条(4))."""
    return find_seki(board, dead).one_sided


class EndingCommands:
    """The ending commands of one engine, and its move / undo commands refined (wrap)."""

    def __init__(self, engine: WeiqiEngine) -> None:
        self.engine = engine
        # the core play, unguarded: the ending steps' own virtual moves go through it
        self._play: Handler = engine.commands["play"].handler

    # -- helpers ------------------------------------------------------------------------

    def _colour_arg(self, args: list[str]) -> int | None:
        check_arity(args, 0, 1)
        return parse_colour(args[0]) if args else None

    def _play_pass(self, game: Game, colour: int) -> None:
        """A virtual move / pass through the engine's own play command (its hooks run)."""
        assert game is self.engine.game
        self._play([COLOUR_NAME[colour], "pass"])

    def _switch(self, game: Game) -> None:
        """Make `game` the engine's game (entering or leaving a test play)."""
        if game is not self.engine.game:
            self.engine.game = game
            self.engine.after_load()

    # -- refined commands (Engine.wrap) -------------------------------------------------

    def guard_play(self, play: Handler, args: list[str]) -> str:
        """play, refused when the ending rules allow no move now."""
        reason = ending.move_refusal(self.engine.game)
        if reason is None:
            return play(args)  # the core command checks its own arguments
        engine = self.engine
        check_arity(args, 2)
        parse_colour(args[0])
        point = engine.vertex(args[1])  # a syntax error is reported before the refusal
        if point is None and self._natural_end():
            return play(args)  # a virtual move changes nothing on a finished board
        raise GtpError(reason)

    def _natural_end(self) -> bool:
        return ending.end_info(self.engine.game).state == ending.NATURAL_END

    def guard_mover(self, mover: Handler, args: list[str]) -> str:
        """genmove / kgs-genmove_cleanup: a virtual move once no way on is left, refused
        when the ending rules allow no move now."""
        check_arity(args, 1)
        colour = parse_colour(args[0])
        if self._natural_end():
            # No way on is left (自然终局): the one move a controller that keeps asking
            # can be given is a virtual move, so its passes end its own loop.
            self._play_pass(self.engine.game, colour)
            return self.engine.format_move(None)
        check_open(self.engine.game)
        return mover(args)

    def showboard_with_state(self, showboard: Handler, args: list[str]) -> str:
        """The board, plus a line on how the game ends once it is no longer plain play."""
        text = showboard(args)
        game = self.engine.game
        if ending.trial_parent(game) is not None:
            text += "\nTest play (试下) from the paused position; weiqi-test_end restores it"
        elif ending.end_info(game).state != ending.PLAYING:
            text += f"\nEnd state: {ending.describe(game)}"
        return text

    def undo_step(self, undo: Handler, args: list[str]) -> str:
        """undo takes back the last step: a move (through the core undo), or an ending step
        with the virtual moves it recorded."""
        self.engine.undo_arguments(args)

        def undo_move(game: Game) -> None:
            assert game is self.engine.game
            undo([])

        try:
            current = ending.undo(self.engine.game, undo_move)
        except ending.EndingError:
            raise GtpError("cannot undo") from None
        self._switch(current)
        return ""

    # -- ending commands ----------------------------------------------------------------

    def cmd_stop(self, args: list[str]) -> str:
        colour = self._colour_arg(args)
        try:
            ending.stop(self.engine.game, colour, self._play_pass)
        except ending.EndingError as exc:
            raise GtpError(exc.reason) from None
        return ending.describe(self.engine.game)

    def cmd_refuse(self, args: list[str]) -> str:
        colour = self._colour_arg(args)
        try:
            ending.refuse(self.engine.game, colour, self._play_pass)
        except ending.EndingError as exc:
            raise GtpError(exc.reason) from None
        return ending.describe(self.engine.game)

    def cmd_dispute(self, args: list[str]) -> str:
        colour = self._colour_arg(args)
        try:
            ending.dispute(self.engine.game, colour, self._play_pass)
        except ending.EndingError as exc:
            raise GtpError(exc.reason) from None
        return ending.describe(self.engine.game)

    def cmd_test_play(self, args: list[str]) -> str:
        colour = self._colour_arg(args)
        try:
            trial = ending.start_test_play(self.engine.game, colour)
        except ending.EndingError as exc:
            raise GtpError(exc.reason) from None
        self._switch(trial)
        return ""

    def cmd_test_end(self, args: list[str]) -> str:
        check_arity(args, 0)
        try:
            main, dead, owners = ending.end_test_play(self.engine.game, seki_one_sided)
        except ending.EndingError as exc:
            raise GtpError(exc.reason) from None
        self._switch(main)
        lines = [self.engine.format_points(dead)]
        for owner in ("b", "w", "public"):
            points = sorted(p for p, o in owners.items() if o == owner)
            if points:
                lines.append(f"{owner}: {self.engine.format_points(points)}")
        return "\n".join(lines)

    def cmd_end_state(self, args: list[str]) -> str:
        check_arity(args, 0)
        # then, on a line of its own, whether the position is a finished game and how many
        # points are still open (the first line stays the ending's, as clients read it)
        return f"{ending.describe(self.engine.game)}\n{scoring_of(self.engine).open_words()}"

    # -- registration -------------------------------------------------------------------

    def register(self) -> None:
        engine = self.engine
        engine.wrap("play", self.guard_play)
        engine.wrap("undo", self.undo_step)
        engine.wrap("showboard", self.showboard_with_state)
        for name in ("genmove", "kgs-genmove_cleanup"):
            if name in engine.commands:
                engine.wrap(name, self.guard_mover)
        r = engine.register
        r("weiqi-stop", self.cmd_stop)
        r("weiqi-refuse", self.cmd_refuse)
        r("weiqi-dispute", self.cmd_dispute)
        r("weiqi-test_play", self.cmd_test_play)
        r("weiqi-test_end", self.cmd_test_end)
        r("weiqi-end_state", self.cmd_end_state)

        engine.new_game_hooks.append(self.forget_steps)
        engine.analyze_hooks.append(self.analyze_entries)

    def forget_steps(self) -> None:
        """A new game: the old one's ending steps no longer apply."""
        ending.forget(self.engine.game)

    def analyze_entries(self, entries: list[str]) -> list[str]:
        """The ending commands' gogui-analyze_commands entries."""
        return [e for e in ANALYZE_ENTRIES if e.split("/")[2].split()[0] in self.engine.commands]


def register_ending_commands(engine: WeiqiEngine) -> None:
    """Add the ending commands to `engine` (after the core and scoring commands)."""
    EndingCommands(engine).register()

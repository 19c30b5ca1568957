"""The back end's moves, checked under our rules.

genmove: the back end's answer is checked.  An illegal move (which the back end has
played) is taken back with `undo` and the question asked again; a failed or unreadable
answer is asked again too; after `--engine-retries` further tries the side passes, which
is a virtual move (虚着) under 计活子 and the natural 计枰点 rules.  `resign` is passed on.
"""

from __future__ import annotations

from ....core.board import COLOUR_LETTER
from ....core.coords import parse_vertex
from ....core.game import Move
from ..ending_cmds import check_open
from ..engine import parse_colour
from ..protocol import Handler, check_arity
from .link import Unavailable
from .sync import BackendSync

RESIGN = "resign"
BAD = object()  # a move answer that is no legal move (already reported)


class MoveChecks(BackendSync):
    """The link in step, with the back end's moves asked for and checked."""

    _local_cleanup: Handler | None = None  # our kgs-genmove_cleanup, for a back end without

    def _judge_answer(self, command: str, colour: int, word: str, plays: bool,
                      tries: str) -> int | None | str | object:
        """A move answer checked under our rules: a legal point (None = pass), RESIGN, or
        BAD (reported; the back end's view fixed for the next sync)."""
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
            return BAD
        point = None if rc is None else game.board.point(*rc)
        reason = None if point is None else game.illegal_reason(colour, point)
        if plays and self.view is not None:
            self.view.moves.append(Move(colour, point))  # the back end played it
        if reason is None:
            return point
        name = game.rules.preset_name or "these rules"
        self.report(f"back end's move {letter} {word.upper()} is illegal under {name} "
                    f"({reason}); {tries}")
        return BAD

    def _ask_move(self, command: str, colour: int, plays: bool,
                  attempts: int | None = None) -> int | None | str:
        """A legal move from the back end (None = pass), or RESIGN.  Raises GtpError
        when the back end is unavailable."""
        game = self.engine.game
        letter = COLOUR_LETTER[colour]
        attempts = self.retries + 1 if attempts is None else attempts
        for attempt in range(1, attempts + 1):
            response = self.ask_synced(command, letter)
            tries = f"try {attempt} of {attempts}"
            if not response.ok:
                self.report(f"back end failed `{command} {letter}` ({response.text}); {tries}")
                continue
            words = response.text.split()
            move = self._judge_answer(command, colour, words[0] if words else "", plays, tries)
            if move is not BAD:
                return move  # type: ignore[return-value]  # not BAD: a move
        what = "a virtual move (虚着)" if game.rules.virtualMoves else "a pass"
        self.report(f"no legal move from the back end for {letter}: playing {what}")
        return None

    def _generate(self, command: str, args: list[str]) -> str:
        engine = self.engine
        check_arity(args, 1)
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
        check_arity(args, 1)
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

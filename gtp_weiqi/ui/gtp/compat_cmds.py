"""The commands other programs send that are not GTP's own: GNU Go's board queries (kigo and
qgo draw and play through them), gomill's and GoGui's extensions, and KataGo's `stop`.

Added to a WeiqiEngine by `register_compat_commands`, in GNU Go's formats where GNU Go has
the command (vertex lists from the top row down, left to right, as GNU Go writes them):

  list_stones black|white       the stones of that colour: `G7 C5 B4`
  captures black|white          how many stones that colour has captured
  is_legal colour vertex        `1` when `play colour vertex` would be accepted now, else `0`
  all_legal colour              every board point `play` would accept now
  move_history                  the moves, last first, one per line: `white D3` / `black PASS`
  estimate_score                the active rules' count of the position as it stands, dead
                                stones by the judgement: `W+6.5 (upper bound: 6.5, lower: 6.5)`;
                                the bounds (White's margin, as GNU Go gives them) are the counts
                                with the unclear strings each side's way; on an unfinished
                                position the open points the playouts give a side are counted
                                its, and the answer says so after the bounds
  level N                       1..10: the player spends N/10 of its effort per move
  top_moves_black / _white      the tree search's candidates for that colour, best first, with
                                their win rates in percent: `D6 53.21 D7 48.02`
  cputime / gomill-cpu_time     CPU seconds used so far (GoGui's and gomill's names; in
                                proxy mode the back end's are added)
  gomill-describe_engine        the engine, its rules and its player, in a few lines
  gogui-interrupt               says that a running genmove (or top_moves_*) stops at GoGui's
                                `# interrupt` line and answers its best move so far
  stop                          KataGo's: ends a running analysis (as any command does) and
                                answers at once; this engine does not ponder otherwise
"""

from __future__ import annotations

import sys

from ... import __version__
from ...core import ending
from ...core.board import BLACK, COLOUR_NAME, WHITE
from ...player import FULL_LEVEL, PASS, run_search
from .analysis_cmds import PlayerCommands
from .engine import WeiqiEngine
from .protocol import GtpError, Handler, check_arity, parse_colour, parse_int
from .scoring_cmds import Scoring, scoring_of

OWNED = 0.5  # estimate_score: an open point's ownership from which it is counted a side's
TOP_MOVES = 10  # candidates top_moves_* lists at most, as GNU Go does
# The commands that tune, ask or interrupt the built-in player: in front of a real engine
# (proxy mode) they are dropped, and the back end's own pass through where it has them.
OWN_PLAYER_COMMANDS = frozenset({"level", "top_moves_black", "top_moves_white",
                                 "gogui-interrupt"})


class CompatCommands:
    """The commands of other engines and controllers, for one engine."""

    def __init__(self, engine: WeiqiEngine) -> None:
        self.engine = engine
        self.player: PlayerCommands | None = engine.player_commands

    # -- helpers --------------------------------------------------------------------------

    def gnugo_order(self, points: list[int]) -> str:
        """Vertices as GNU Go lists them: from the top row down, left to right."""
        board = self.engine.game.board
        rcs = sorted((board.row_col(p) for p in points), key=lambda rc: (-rc[0], rc[1]))
        return " ".join(self.engine.format_point(board.point(*rc)) for rc in rcs)

    def _colour(self, args: list[str]) -> int:
        check_arity(args, 1)
        return parse_colour(args[0])

    def _legal(self, colour: int, point: int | None) -> bool:
        """Whether `play` would accept the move now (the ending rules included)."""
        game = self.engine.game
        return ending.move_refusal(game) is None and game.is_legal(colour, point)

    # -- GNU Go's board queries -------------------------------------------------------------

    def cmd_list_stones(self, args: list[str]) -> str:
        colour = self._colour(args)
        board = self.engine.game.board
        return self.gnugo_order([p for p in board.points if board.colour[p] == colour])

    def cmd_captures(self, args: list[str]) -> str:
        colour = self._colour(args)
        opponent = WHITE if colour == BLACK else BLACK
        return str(self.engine.game.captured[opponent])

    def cmd_is_legal(self, args: list[str]) -> str:
        engine = self.engine
        check_arity(args, 2)
        colour = parse_colour(args[0])
        return "1" if self._legal(colour, engine.vertex(args[1])) else "0"

    def cmd_all_legal(self, args: list[str]) -> str:
        colour = self._colour(args)
        game = self.engine.game
        if ending.move_refusal(game) is not None:
            return ""
        return self.gnugo_order(game.legal_points(colour))

    def cmd_move_history(self, args: list[str]) -> str:
        engine = self.engine
        check_arity(args, 0)
        return "\n".join(f"{COLOUR_NAME[m.colour]} {engine.format_move(m.point)}"
                         for m in reversed(engine.game.moves))

    def cmd_estimate_score(self, args: list[str]) -> str:
        """GNU Go's form, `W+6.5 (upper bound: 6.5, lower: 6.5)`.  On a position that is not
        a finished game, the open points the judgement's playouts give to one side in at
        least three of four playouts (ownership of 0.5 or more) are counted that side's,
        and stderr says so (`estimated: 25 open points to Black, 15 to White, 2 undecided;
        as the position stands W+3.5`): the answer keeps GNU Go's form, which kigo parses."""
        check_arity(args, 0)
        scoring = scoring_of(self.engine)
        game = self.engine.game
        slug = game.rules.counting
        verdict = scoring.verdict(slug)
        result = scoring.count(slug, verdict)
        outcomes = scoring.scorer.unclear_outcomes(game, slug, verdict)
        black, white, undecided, shift = self._open_owners(scoring)
        margins = [-(c.margin + shift) for c in [result, *outcomes]]
        margin = result.margin + shift
        text = f"B+{margin:.1f}" if margin > 0 else f"W+{-margin:.1f}" if margin < 0 else "0"
        answer = f"{text} (upper bound: {max(margins):.1f}, lower: {min(margins):.1f})"
        if black or white:
            print(f"gtp-weiqi: estimate_score: estimated: {black} open points to Black, "
                  f"{white} to White, {undecided} undecided; as the position stands "
                  f"{result.result}", file=sys.stderr)
        return answer

    def _open_owners(self, scoring: Scoring) -> tuple[int, int, int, int]:
        """The open points of the position (none when it is a finished game) the judgement's
        ownership gives to Black, to White and to neither, and what that changes in Black's
        margin: each point given a side counts +1 for Black, -1 for White, instead of what
        the count made of it (its owner by the point count: b, w or nobody)."""
        finish = scoring.finish()
        game = self.engine.game
        verdict = scoring.scorer.verdict(game, "area")
        report = verdict.report
        if finish.finished or report is None:
            return 0, 0, len(finish.open_points), 0
        owners = scoring.scorer.point_owners(game, verdict)
        value = {"b": 1, "w": -1}
        black = white = shift = 0
        for vertex in finish.open_points:
            point = self.engine.vertex(vertex)
            if point is None:
                continue
            owned = report.ownership.get(point, 0.0)
            side = "b" if owned >= OWNED else "w" if owned <= -OWNED else None
            if side is None:
                continue
            black += side == "b"
            white += side == "w"
            shift += value[side] - value.get(owners.get(point, "public"), 0)
        return black, white, len(finish.open_points) - black - white, shift

    # -- the player -----------------------------------------------------------------------

    def cmd_level(self, args: list[str]) -> str:
        assert self.player is not None
        check_arity(args, 1)
        level = parse_int(args[0])
        if not 1 <= level <= FULL_LEVEL:
            raise GtpError(f"level must be between 1 and {FULL_LEVEL}")
        self.player.player.options.level = level
        return ""

    def top_moves(self, colour: int) -> list[tuple[int, float]]:
        """The search's candidates for `colour` with their win rates, best first: the
        player's effort per move, stopped early by an interrupt."""
        assert self.player is not None
        engine = self.engine
        game = engine.game
        if ending.move_refusal(game) is not None:
            return []
        player = self.player.player
        search = player.new_search(game, colour, engine.move_seed())
        effort = player.effort(game, colour, self.player.time_left_of(colour))
        run_search(search, effort, stop=engine.interrupted)
        found = [(info.move, info.winrate) for info in search.infos() if info.move != PASS]
        return found[:TOP_MOVES]

    def top_moves_for(self, colour: int) -> Handler:
        def handler(args: list[str]) -> str:
            check_arity(args, 0)
            return " ".join(f"{self.engine.format_point(p)} {100 * rate:.2f}"
                            for p, rate in self.top_moves(colour))
        return handler

    # -- controllers' extensions ----------------------------------------------------------

    def cmd_cpu_time(self, args: list[str]) -> str:
        check_arity(args, 0)
        return f"{self.engine.cpu_seconds():.3f}"

    def cmd_describe_engine(self, args: list[str]) -> str:
        engine = self.engine
        check_arity(args, 0)
        game = engine.game
        rules = game.rules
        lines = [f"gtp_weiqi {__version__}",
                 f"rules: {rules.preset_name or rules.to_json()}, counting {rules.counting}, "
                 f"komi {game.komi:g}"]
        if self.player is not None:
            options = self.player.player.options
            if options.name == "simple":
                effort = "the simple capture / escape / random policy"
            else:
                parts = []
                if options.playouts is not None:
                    parts.append(f"{options.playouts} playouts")
                if options.time_per_move is not None:
                    parts.append(f"{options.time_per_move:g} s")
                per_move = " or ".join(parts) or "the board size's default playouts"
                effort = f"tree search, {per_move} per move at level {options.level}"
            lines.append(f"player: {effort}, seed {engine.seed}")
        return "\n".join(lines)

    def cmd_interrupt(self, args: list[str]) -> str:
        check_arity(args, 0)
        return ""

    def cmd_stop(self, args: list[str]) -> str:
        check_arity(args, 0)
        return ""

    # -- registration ---------------------------------------------------------------------

    def register(self) -> None:
        r = self.engine.register
        r("list_stones", self.cmd_list_stones)
        r("captures", self.cmd_captures)
        r("is_legal", self.cmd_is_legal)
        r("all_legal", self.cmd_all_legal)
        r("move_history", self.cmd_move_history)
        r("estimate_score", self.cmd_estimate_score)
        if self.player is not None:
            r("level", self.cmd_level)
            r("top_moves_black", self.top_moves_for(BLACK))
            r("top_moves_white", self.top_moves_for(WHITE))
        r("cputime", self.cmd_cpu_time)  # GoGui's name: gogui-twogtp's CPU_B / CPU_W
        r("gomill-cpu_time", self.cmd_cpu_time)
        r("gomill-describe_engine", self.cmd_describe_engine)
        r("gogui-interrupt", self.cmd_interrupt)
        r("stop", self.cmd_stop)


def register_compat_commands(engine: WeiqiEngine) -> CompatCommands:
    """Add the other programs' commands to `engine` (after the player's and scoring's)."""
    commands = CompatCommands(engine)
    commands.register()
    return commands


__all__ = ["OWN_PLAYER_COMMANDS", "CompatCommands", "register_compat_commands"]

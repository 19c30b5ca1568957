"""GTP commands of the built-in player: analysis for Sabaki (and Lizzie, KaTrain ...), move
generation with analysis, and time control.

Added to a WeiqiEngine by `register_analysis_commands`:

  analyze / lz-analyze [colour] [interval] [keys]   stream Leela Zero style lines:
        info move D4 visits 120 winrate 5213 scoreLead 1.5 prior 812 lcb 4980 order 0 pv D4 E5
        (winrate, prior and lcb as integers in hundredths of a percent)
  kata-analyze [colour] [interval] [keys]           the same with KataGo's fields as floats;
        keys: interval, maxmoves, minmoves, ownership, pvVisits, rootInfo, avoid, allow
  genmove_analyze / lz-genmove_analyze / kata-genmove_analyze [colour] [interval] [keys]
        think as genmove does, streaming info lines, then `play <vertex>` (and play it)
  kgs-time_settings none | absolute M | byoyomi M P N | canadian M B S

`time_settings` and `time_left` (the engine's) feed the player's clock.  Streaming answers
start with `= ` on a line of its own, stop on the next input line (analysis) and end with an
empty line.  `pass` is written in lower case everywhere, PVs included.

`configure_player` chooses the player (`mcts` or `simple`) and its effort; the engine built
by `build_engine` keeps the simple policy until told otherwise (the `gtp-weiqi` command makes
MCTS the default).
"""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from ...core.board import COLOUR_OF_WORD
from ...core.game import Game
from ...player import PASS, PLAYERS, RESIGN, Player, PlayerOptions, Restriction, Search
from ...player.clock import TimeSystem, parse_kgs
from .ending_cmds import check_open
from .engine import WeiqiEngine
from .protocol import GtpError, Handler, frame, parse_colour, parse_int
from .scoring_cmds import scoring_of

LZ_STYLE = ("analyze", "lz-analyze")
KATA_STYLE = ("kata-analyze",)
GENMOVE_STYLES = {"genmove_analyze": "lz", "lz-genmove_analyze": "lz",
                  "kata-genmove_analyze": "kata"}
FIRST_BATCH = 32  # playouts before the first report of an analysis
SNAPSHOT_PLAYOUTS = 64  # an analysis asked in-process (not served) reports once after these
MAX_NODES = 600_000  # tree size (about 150 MB) at which an analysis only waits for input
POLL = 0.02
_BOOL = {"true": True, "false": False}
_KATA_FLAGS = ("ownership", "ownershipStdev", "movesOwnership", "movesOwnershipStdev",
               "pvVisits", "pvEdgeVisits", "rootInfo", "noResultValue")


@dataclass
class AnalysisRequest:
    """The parsed arguments of an analysis command."""

    colour: int
    interval: float  # seconds between reports (0: report once)
    max_moves: int = 0
    flags: dict[str, bool] = field(default_factory=dict)
    restrictions: list[Restriction] = field(default_factory=list)


class PlayerCommands:
    """The player of one engine and its GTP commands."""

    def __init__(self, engine: WeiqiEngine) -> None:
        self.engine = engine
        self.player = Player(PlayerOptions())
        self.player.referee = self.referee_margin
        engine.player = self.generate
        # the time the player has used belongs to one game
        engine.new_game_hooks.append(self.player.new_game)

    def referee_margin(self, game: Game) -> float | None:
        """Black's margin of `game` as final_score would count it now (the judgement of dead
        stones, the rules' counting method), or None when it cannot be counted."""
        scoring = scoring_of(self.engine)
        try:
            verdict = scoring.verdict(game=game)
            if verdict.unclear:
                return None
            return scoring.count(game.rules.counting, verdict, game=game).margin
        except (GtpError, ValueError):
            return None

    # -- move generation ------------------------------------------------------------------

    def time_left_of(self, colour: int) -> tuple[float, int] | None:
        left = self.engine.time_left.get(colour)
        return None if left is None else (float(left[0]), left[1])

    def generate(self, colour: int, on_progress: Callable[[Search], None] | None = None,
                 every: float | None = None) -> int | None:
        """What genmove plays: the player's choice (None = pass, RESIGN)."""
        started = time.perf_counter()
        engine = self.engine
        move = self.player.choose(engine.game, colour, engine.move_seed(),
                                  self.time_left_of(colour), on_progress, every,
                                  engine.interrupted)
        search = self.player.last_search if self.player.options.name == "mcts" else None
        if search is not None:
            # no "->" in this line: Lizzie reads the engine's stderr with its stdout and takes
            # such lines for Leela Zero's move summaries
            best = search.ranked()[0] if search.root.children else None
            rate = f", win rate {best.winrate():.3f}" if best is not None else ""
            print(f"gtp-weiqi: {search.playouts} playouts in "
                  f"{time.perf_counter() - started:.2f} s{rate}; chose "
                  f"{'resign' if move == RESIGN else self.engine.format_point(move)}",
                  file=sys.stderr)
        return move

    # -- argument parsing -----------------------------------------------------------------

    def parse_request(self, args: list[str]) -> AnalysisRequest:
        """`[colour] [interval] [key value ...]` as Leela Zero and KataGo read them."""
        engine = self.engine
        rest = list(args)
        colour = engine.game.to_move
        if rest and rest[0].lower() in COLOUR_OF_WORD:
            colour = parse_colour(rest.pop(0))
        interval = 0.0
        if rest and rest[0].isdigit():
            interval = parse_int(rest.pop(0)) / 100
        request = AnalysisRequest(colour, interval)
        while rest:
            key = rest.pop(0)
            if key in ("avoid", "allow"):
                if len(rest) < 3:
                    raise GtpError(f"syntax error: {key} needs a colour, vertices and a depth")
                who = parse_colour(rest.pop(0))
                points = self._vertex_list(rest.pop(0))
                until = parse_int(rest.pop(0))
                request.restrictions.append(Restriction(who, frozenset(points), until,
                                                        key == "allow"))
                continue
            if not rest:
                raise GtpError(f"syntax error: {key} needs a value")
            value = rest.pop(0)
            if key == "interval":
                request.interval = parse_int(value) / 100
            elif key == "maxmoves":
                request.max_moves = parse_int(value)
            elif key == "minmoves":
                parse_int(value)  # every visited move is reported anyway
            elif key in _KATA_FLAGS:
                if value.lower() not in _BOOL:
                    raise GtpError(f"syntax error: {key} must be true or false")
                request.flags[key] = _BOOL[value.lower()]
            else:
                raise GtpError(f"syntax error: unknown key {key!r}")
        return request

    def _vertex_list(self, text: str) -> list[int]:
        """Comma-separated vertices (KataGo's allow / avoid lists) as points, pass as PASS."""
        found = (self.engine.vertex(part) for part in text.split(","))
        return [PASS if p is None else p for p in found]

    # -- output ---------------------------------------------------------------------------

    def _vertex(self, p: int) -> str:
        return "pass" if p == PASS else self.engine.format_point(p)

    def report(self, search: Search, style: str, request: AnalysisRequest) -> str:
        """One report line: every visited candidate, best first."""
        parts = []
        flags = request.flags
        for info in search.infos(request.max_moves):
            pv = " ".join(self._vertex(p) for p in info.pv)
            v = self._vertex(info.move)
            if style == "lz":
                parts.append(
                    f"info move {v} visits {info.visits} winrate {round(info.winrate * 10000)} "
                    f"scoreLead {info.score_lead:.2f} prior {round(info.prior * 10000)} "
                    f"lcb {round(info.lcb * 10000)} order {info.order} pv {pv}")
                continue
            utility = 2 * info.winrate - 1
            text = (f"info move {v} visits {info.visits} edgeVisits {info.visits} "
                    f"utility {utility:.6f} winrate {info.winrate:.6f} "
                    f"scoreMean {info.score_lead:.4f} scoreStdev {info.score_stdev:.4f} "
                    f"scoreLead {info.score_lead:.4f} scoreSelfplay {info.score_lead:.4f} "
                    f"prior {info.prior:.6f} lcb {info.lcb:.6f} "
                    f"utilityLcb {2 * info.lcb - 1:.6f} order {info.order} pv {pv}")
            if flags.get("pvVisits") or flags.get("pvEdgeVisits"):
                counts = " ".join(str(n) for n in search.pv_visits(info.pv))
                if flags.get("pvVisits"):
                    text += f" pvVisits {counts}"
                if flags.get("pvEdgeVisits"):
                    text += f" pvEdgeVisits {counts}"
            parts.append(text)
        line = " ".join(parts)
        if style == "kata":
            if flags.get("rootInfo"):
                rate = search.root_winrate()
                score = search.root_score()
                line += (f" rootInfo visits {search.playouts} utility {2 * rate - 1:.6f} "
                         f"winrate {rate:.6f} scoreMean {score:.4f} scoreStdev 0 "
                         f"scoreLead {score:.4f} scoreSelfplay {score:.4f} "
                         f"weight {search.playouts}")
            if flags.get("ownership"):
                line += " ownership " + " ".join(f"{x:.4f}" for x in self._ownership(search))
        return line.strip()

    def _ownership(self, search: Search) -> list[float]:
        """Row-major from the top-left point, positive for the analysed colour."""
        game = self.engine.game
        board = game.board
        by_point = dict(zip(board.points, search.ownership_map(), strict=True))
        return [by_point[board.point(row, col)]
                for row in range(game.height - 1, -1, -1) for col in range(game.width)]

    # -- analysis -------------------------------------------------------------------------

    def _search_for(self, request: AnalysisRequest) -> Search:
        return self.player.new_search(self.engine.game, request.colour, self.engine.move_seed(),
                                      request.restrictions,
                                      ownership=bool(request.flags.get("ownership")))

    def analyse_once(self, style: str, args: list[str]) -> str:
        """An analysis asked in-process (no stream to write to): one report after a short
        search."""
        request = self.parse_request(args)
        search = self._search_for(request)
        search.run(SNAPSHOT_PLAYOUTS)
        return self.report(search, style, request)

    def _write_report(self, search: Search, style: str, request: AnalysisRequest) -> None:
        """One line of a stream; nothing when there is no candidate, since an empty line
        would end the response."""
        line = self.report(search, style, request)
        if line:
            self.engine.write(line + "\n")

    def analyse_streaming(self, style: str, args: list[str], ident: str) -> str:
        """Write `= ` and a report every interval until input arrives; returns the empty line
        that closes the response."""
        engine = self.engine
        try:
            request = self.parse_request(args)
        except GtpError as exc:
            return frame(False, ident, str(exc))
        engine.write(f"={ident} \n")
        try:
            search = self._search_for(request)
            search.run(search.playouts + FIRST_BATCH)
            self._write_report(search, style, request)
            next_report = time.perf_counter() + request.interval
            while not engine.input_pending():
                if search.nodes >= MAX_NODES or not search.root.children:
                    time.sleep(POLL)
                    continue
                slot = max(next_report - time.perf_counter(), 0.0) if request.interval else 0.1
                search.run(None, min(slot, 0.1) or 0.01, engine.input_pending)
                if request.interval and time.perf_counter() >= next_report:
                    self._write_report(search, style, request)
                    next_report = time.perf_counter() + request.interval
        except Exception:  # a bug must not leave the response open
            traceback.print_exc(file=sys.stderr)
        return "\n"

    # -- genmove with analysis ------------------------------------------------------------

    def _play(self, colour: int, move: int | None) -> str:
        return f"play {self.engine.play_generated(colour, move)}"

    def genmove_once(self, style: str, args: list[str]) -> str:
        request = self.parse_request(args)
        check_open(self.engine.game)
        lines: list[str] = []
        every = request.interval or None

        def progress(search: Search) -> None:
            lines.append(self.report(search, style, request))

        move = self.generate(request.colour, progress if every else None, every)
        lines.append(self._play(request.colour, move))
        return "\n".join(line for line in lines if line)

    def genmove_streaming(self, style: str, args: list[str], ident: str) -> str:
        engine = self.engine
        try:
            request = self.parse_request(args)
            check_open(self.engine.game)
        except GtpError as exc:
            return frame(False, ident, str(exc))
        engine.write(f"={ident} \n")
        every = request.interval or None

        def progress(search: Search) -> None:
            self._write_report(search, style, request)

        try:
            move = self.generate(request.colour, progress if every else None, every)
            return self._play(request.colour, move) + "\n\n"
        except Exception:
            traceback.print_exc(file=sys.stderr)
            return "\n"

    # -- time -----------------------------------------------------------------------------

    def cmd_kgs_time_settings(self, args: list[str]) -> str:
        if not args:
            raise GtpError("syntax error: expected none, absolute, byoyomi or canadian")
        values = [parse_int(a) for a in args[1:]]
        try:
            system = parse_kgs(args[0], values)
        except ValueError as exc:
            raise GtpError(f"syntax error: {exc}") from None
        self.player.time_system = system
        if system.kind == "none":
            self.engine.time_settings = (0, 1, 0)
        elif system.kind == "absolute":
            self.engine.time_settings = (values[0], 0, 0)
        elif system.kind == "canadian":
            self.engine.time_settings = (values[0], values[1], values[2])
        else:  # byo-yomi periods: GTP's nearest is one stone per period
            self.engine.time_settings = (values[0], values[1], 1)
        return ""

    def time_settings_for_player(self, time_settings: Handler, args: list[str]) -> str:
        """time_settings, which also sets the player's clock."""
        result = time_settings(args)
        if self.engine.time_settings is not None:
            self.player.time_system = TimeSystem.from_gtp(*self.engine.time_settings)
        return result

    # -- streaming hook -------------------------------------------------------------------

    def streams(self) -> dict[str, tuple[str, bool]]:
        """Streaming command -> (style, is a genmove)."""
        table = {name: ("lz", False) for name in LZ_STYLE}
        table.update({name: ("kata", False) for name in KATA_STYLE})
        table.update({name: (style, True) for name, style in GENMOVE_STYLES.items()})
        return table


def register_analysis_commands(engine: WeiqiEngine) -> PlayerCommands:
    """Add the player's commands to `engine` and make it choose moves through the player."""
    commands = PlayerCommands(engine)
    for name, (style, is_genmove) in commands.streams().items():
        if is_genmove:
            engine.register(name, partial(commands.genmove_once, style),
                            stream=partial(commands.genmove_streaming, style))
        else:
            engine.register(name, partial(commands.analyse_once, style),
                            stream=partial(commands.analyse_streaming, style))
    engine.register("kgs-time_settings", commands.cmd_kgs_time_settings)
    engine.wrap("time_settings", commands.time_settings_for_player)
    engine.player_commands = commands
    return commands


def configure_player(engine: WeiqiEngine, name: str = "mcts", playouts: int | None = None,
                     time_per_move: float | None = None,
                     resign_threshold: float = 0.0) -> None:
    """Choose the engine's player and its effort (the `gtp-weiqi` options)."""
    commands = engine.player_commands
    if commands is None:
        commands = register_analysis_commands(engine)
    options = commands.player.options
    if name not in PLAYERS:
        raise GtpError(f"unknown player {name!r}: {' or '.join(PLAYERS)}")
    options.name = name
    options.playouts = playouts
    options.time_per_move = time_per_move
    options.settings.resign_threshold = resign_threshold


__all__ = ["AnalysisRequest", "PlayerCommands", "configure_player", "register_analysis_commands"]

"""The gtp_weiqi engine: the standard GTP v2 commands and the rules commands.

Every handler parses all its arguments before it changes anything, so a `?`
answer always leaves the game as it was.
"""

from __future__ import annotations

import functools
import random
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ... import __version__
from ...base import MAX_SIZE, MIN_SIZE
from ...core.board import BLACK, EMPTY, WHITE, Board
from ...core.coords import format_vertex, parse_vertex
from ...core.files import DEFAULT_READ_LIMIT, FileRefused, atomic_write, describe
from ...core.game import Game, IllegalPlay
from ...core.rules import (
    DEFAULT_PRESET,
    Rules,
    RulesError,
    check_komi,
    lookup_preset,
    parse_rules,
    with_field,
)
from ...core.sgf import SgfError, game_to_sgf, load_sgf
from .protocol import Engine, GtpError, check_arity, parse_colour, parse_float, parse_int

if TYPE_CHECKING:
    from .analysis_cmds import PlayerCommands


_KGS_RULES = {"chinese": "chinese-ogs", "aga": "aga", "new_zealand": "new-zealand",
              "japanese": "japanese"}


def format_number(value: float) -> str:
    """7.5 -> '7.5', 7.0 -> '7'."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def handicap_points(width: int, height: int, count: int, free: bool = False
                    ) -> list[tuple[int, int]]:
    """GNU Go's fixed handicap placement (GTP v2 section 4.1.1), as (row, col).

    With `free`, boards below 7x7 and counts above the fixed maximum use the same
    pattern of 3rd / 4th line points as far as it goes (the engine may place fewer).
    """
    size = min(width, height)
    if width != height and not free:
        return []
    low = 3 if size >= 13 else 2
    if size < 7:
        low = 1 if size >= 4 else 0
    high_r, high_c = height - 1 - low, width - 1 - low
    mid_r, mid_c = height // 2, width // 2
    odd = width % 2 == 1 and height % 2 == 1
    if not free:
        if size < 7 or (count > 4 and (not odd or size < 9)):
            return []
    order = [(low, low), (high_r, high_c), (high_r, low), (low, high_c)]
    centre = [(mid_r, mid_c)] if odd else []
    sides = [(mid_r, low), (mid_r, high_c)] if odd else []
    ends = [(low, mid_c), (high_r, mid_c)] if odd else []
    if count in (5, 7, 9):
        chosen = order[:4] + sides[: count - 5] + ends[: max(count - 7, 0)] + centre
    else:
        chosen = order[:count] if count <= 4 else order + sides + ends[: count - 6]
    unique: list[tuple[int, int]] = []
    for p in chosen:
        if p not in unique:
            unique.append(p)
    return unique[:count]


_MISSING = object()


@functools.cache
def _vertex_table(width: int, height: int) -> dict[str, int | None]:
    """Every vertex of a board size, as GUIs write them (upper and lower case), to its point."""
    board = Board(width, height)
    table: dict[str, int | None] = {"pass": None, "PASS": None}
    for row in range(height):
        for col in range(width):
            name = format_vertex((row, col))
            table[name] = table[name.lower()] = board.point(row, col)
    return table


class WeiqiEngine(Engine):
    """The engine behind `gtp-weiqi`: the standard commands over one Game.

    The layers that add commands (build_engine) extend it at these points, each a list run
    in the order of registration, besides `wrap` for a command they refine:

      new_game_hooks  -- run after a new game replaced the old (boardsize, clear_board,
                         loadsgf), once the core has reset its own per-game state (time)
      analyze_hooks   -- each is given the gogui-analyze_commands entries so far and returns
                         the entries it adds
      result_hooks    -- the SGF result (RE) of an ended game: the first that is not None;
                         None while the game goes on
      cpu_time_hooks  -- CPU seconds used elsewhere for this engine (a back end's), added to
                         this process's own by cputime and gomill-cpu_time
    """

    quick_commands = Engine.quick_commands | {
        "play", "boardsize", "rectangular_boardsize", "clear_board", "komi", "get_komi",
        "undo", "name", "version", "time_settings", "time_left", "set_free_handicap",
        "fixed_handicap",
    }

    def __init__(self, size: int = 19, rules: Rules | str = DEFAULT_PRESET,
                 komi: float | None = None, seed: int = 0) -> None:
        super().__init__()
        # whether a komi was ever set (--komi, `komi`, a loaded record): until one is, the
        # komi is the preset's and follows a change of preset (docs/rules.md, "Komi")
        self.komi_set = komi is not None
        if isinstance(rules, str):
            rules_value, default_komi = parse_rules(rules)
            rules = rules_value
            if komi is None:
                komi = default_komi
        self.game = Game(size, size, rules, 7.5 if komi is None else komi)
        self.seed = seed
        self.time_settings: tuple[int, int, int] | None = None
        self.time_left: dict[int, tuple[int, int]] = {}
        self.player: Callable[[int], int | None] | None = None  # chooses instead of the policy
        self.player_commands: PlayerCommands | None = None  # the player's, once registered
        self.max_file_size = DEFAULT_READ_LIMIT  # bytes loadsgf reads at most
        # what `version` answers: the package version unless told otherwise (--version-string,
        # for a client that insists on an engine version of its own, as Lizzie does)
        self.reported_version = __version__
        # the language of the sentences for a person (weiqi-gfx TEXT lines): zh, en or both;
        # answers the protocol defines (final_score B+3.5) never change (--lang)
        self.lang = "both"
        self.new_game_hooks: list[Callable[[], None]] = []
        self.analyze_hooks: list[Callable[[list[str]], list[str]]] = []
        self.result_hooks: list[Callable[[], str | None]] = []
        self.cpu_time_hooks: list[Callable[[], float]] = []
        self._register_core()

    # -- registration -------------------------------------------------------------------

    def _register_core(self) -> None:
        r = self.register
        r("name", lambda args: "gtp_weiqi")
        r("version", lambda args: self.reported_version)
        r("boardsize", self.cmd_boardsize)
        r("rectangular_boardsize", self.cmd_rectangular_boardsize)
        r("clear_board", self.cmd_clear_board)
        r("komi", self.cmd_komi)
        r("get_komi", lambda args: format_number(self.game.komi))
        r("play", self.cmd_play)
        r("genmove", self.cmd_genmove)
        r("reg_genmove", self.cmd_reg_genmove)
        r("undo", self.cmd_undo)
        r("fixed_handicap", self.cmd_fixed_handicap)
        r("place_free_handicap", self.cmd_place_free_handicap)
        r("set_free_handicap", self.cmd_set_free_handicap)
        r("loadsgf", self.cmd_loadsgf)
        r("printsgf", self.cmd_printsgf)
        r("showboard", self.cmd_showboard)
        r("time_settings", self.cmd_time_settings)
        r("time_left", self.cmd_time_left)
        r("kata-get-rules", self.cmd_kata_get_rules)
        r("kata-set-rules", self.cmd_kata_set_rules)
        r("kata-set-rule", self.cmd_kata_set_rule)
        r("kgs-rules", self.cmd_kgs_rules)
        r("gogui-analyze_commands", self.cmd_analyze_commands)

    # -- helpers ------------------------------------------------------------------------

    def vertex(self, text: str) -> int | None:
        """A board point for a GTP vertex (None for pass)."""
        board = self.game.board
        table = _vertex_table(board.width, board.height)
        found = table.get(text, _MISSING)
        if found is _MISSING:
            found = table.get(text.upper(), _MISSING)
        if found is not _MISSING:
            return found  # type: ignore[return-value]  # a point or None, not _MISSING
        try:
            rc = parse_vertex(text, board.width, board.height)
        except ValueError as exc:
            raise GtpError(f"syntax error: {exc}") from None
        return None if rc is None else board.point(*rc)

    def format_point(self, p: int | None) -> str:
        return format_vertex(None if p is None else self.game.board.row_col(p))

    def format_move(self, p: int | None) -> str:
        """A generated move as GNU Go answers it: the vertex, or `PASS` for a pass (kigo
        compares the answer with "PASS" exactly; every other client reads vertices in
        either case, as GTP says)."""
        return "PASS" if p is None else self.format_point(p)

    def format_points(self, points: list[int]) -> str:
        rcs = sorted(self.game.board.row_col(p) for p in points)
        return " ".join(format_vertex(rc) for rc in rcs)


    def cpu_seconds(self) -> float:
        """The CPU time this engine has used so far, in seconds (cputime, gomill-cpu_time):
        this process's and what `cpu_time_hooks` add."""
        return time.process_time() + sum(hook() for hook in self.cpu_time_hooks)

    def _board_is_empty(self) -> bool:
        return not self.game.moves and not self.game.setup

    # -- board set-up -------------------------------------------------------------------

    def cmd_boardsize(self, args: list[str]) -> str:
        check_arity(args, 1)
        size = parse_int(args[0])
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise GtpError("unacceptable size")
        self.game.clear(size, size)
        self.on_new_game()
        return ""

    def cmd_rectangular_boardsize(self, args: list[str]) -> str:
        check_arity(args, 2)
        width, height = parse_int(args[0]), parse_int(args[1])
        if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
            raise GtpError("unacceptable size")
        self.game.clear(width, height)
        self.on_new_game()
        return ""

    def cmd_clear_board(self, args: list[str]) -> str:
        check_arity(args, 0)
        self.game.clear()
        self.on_new_game()
        return ""

    def on_new_game(self) -> None:
        """Reset what belongs to one game besides the Game itself: the time left here, then
        `new_game_hooks` (the ending steps, the player's clock)."""
        self.time_left = {}
        for hook in self.new_game_hooks:
            hook()

    def cmd_komi(self, args: list[str]) -> str:
        check_arity(args, 1)
        try:
            self.game.komi = check_komi(parse_float(args[0]))
        except RulesError as exc:
            raise GtpError(f"syntax error: {exc}") from None
        self.komi_set = True
        return ""

    # -- moves --------------------------------------------------------------------------

    def cmd_play(self, args: list[str]) -> str:
        check_arity(args, 2)
        colour = parse_colour(args[0])
        point = self.vertex(args[1])
        try:
            self.game.play(colour, point)
        except IllegalPlay as exc:
            print(f"gtp-weiqi: illegal move {args[0]} {args[1]}: {exc.reason}", file=sys.stderr)
            raise GtpError("illegal move") from None
        self.after_move()
        return ""

    def after_move(self) -> None:
        """Hook run after every move that changed the game."""

    def generate(self, colour: int) -> int | None:
        """The move the engine's player chooses (None = pass, RESIGN); never an illegal move."""
        if self.player is not None:
            return self.player(colour)
        from ...player.simple import choose_move  # the player loads when first asked

        return choose_move(self.game, colour, random.Random(self.move_seed()))

    def move_seed(self) -> str:
        """The seed of the next generated move: the engine's seed and the position, so the
        same position gives the same move in every run."""
        return f"{self.seed}:{len(self.game.moves)}:{self.game.pattern_hash()}"

    def play_generated(self, colour: int, point: int | None,
                       answer: Callable[[int | None], str] | None = None) -> str:
        """Play a generated move (RESIGN plays nothing); `resign`, or the move as `answer`
        writes it (default: the vertex, with `pass` in lower case as analysis lines have it)."""
        from ...player.search import RESIGN

        if point == RESIGN:
            return "resign"
        self.game.play(colour, point)
        self.after_move()
        return (answer or self.format_point)(point)

    def cmd_genmove(self, args: list[str]) -> str:
        check_arity(args, 1)
        colour = parse_colour(args[0])
        return self.play_generated(colour, self.generate(colour), self.format_move)

    def cmd_reg_genmove(self, args: list[str]) -> str:
        check_arity(args, 1)
        from ...player.search import RESIGN

        point = self.generate(parse_colour(args[0]))
        return "resign" if point == RESIGN else self.format_move(point)

    def undo_arguments(self, args: list[str]) -> None:
        """GTP's undo has no argument; GNU Go reads one and ignores it, and qgo sends
        `undo 0` for its Undo button: one integer is accepted, and one move is taken back."""
        check_arity(args, 0, 1)
        if args:
            parse_int(args[0])

    def cmd_undo(self, args: list[str]) -> str:
        self.undo_arguments(args)
        if not self.game.moves:
            raise GtpError("cannot undo")
        self.game.undo()
        self.after_undo()
        return ""

    def after_undo(self) -> None:
        """Hook run after undo."""

    # -- handicap -----------------------------------------------------------------------

    def _place(self, rcs: list[tuple[int, int]]) -> str:
        board = self.game.board
        self.game.place_handicap([board.point(*rc) for rc in rcs])
        self.after_move()
        return " ".join(format_vertex(rc) for rc in rcs)

    def _handicap_count(self, args: list[str]) -> int:
        check_arity(args, 1)
        count = parse_int(args[0])
        if not self._board_is_empty():
            raise GtpError("board not empty")
        return count

    def cmd_fixed_handicap(self, args: list[str]) -> str:
        count = self._handicap_count(args)
        if count < 2:
            raise GtpError("invalid number of stones")
        rcs = handicap_points(self.game.width, self.game.height, count)
        if len(rcs) != count:
            raise GtpError("invalid number of stones")
        return self._place(rcs)

    def cmd_place_free_handicap(self, args: list[str]) -> str:
        count = self._handicap_count(args)
        if count < 2 or count >= self.game.width * self.game.height:
            raise GtpError("invalid number of stones")
        rcs = handicap_points(self.game.width, self.game.height, count, free=True)
        if len(rcs) < 2:
            raise GtpError("invalid number of stones")
        return self._place(rcs)

    def cmd_set_free_handicap(self, args: list[str]) -> str:
        if not self._board_is_empty():
            raise GtpError("board not empty")
        width, height = self.game.width, self.game.height
        rcs: list[tuple[int, int]] = []
        for text in args:
            try:
                rc = parse_vertex(text, width, height)
            except ValueError:
                raise GtpError("bad vertex list") from None
            if rc is None or rc in rcs:
                raise GtpError("bad vertex list")
            rcs.append(rc)
        if not 2 <= len(rcs) <= width * height - 1:
            raise GtpError("bad vertex list")
        self._place(rcs)
        return ""

    # -- SGF ----------------------------------------------------------------------------

    def cmd_loadsgf(self, args: list[str]) -> str:
        check_arity(args, 1, 2)
        move_number = parse_int(args[1]) if len(args) == 2 else None
        try:
            notes: list[str] = []
            game = load_sgf(args[0], self.game.rules, self.game.komi, move_number,
                            limit=self.max_file_size, notes=notes)
        except SgfError as exc:
            raise GtpError(f"cannot load file: {exc}") from None
        for note in notes:
            print(f"gtp-weiqi: {note}", file=sys.stderr)
        self.game = game
        self.komi_set = True  # the record's KM, or the komi it was loaded with
        self.on_new_game()
        self.after_load()
        return ""

    def after_load(self) -> None:
        """Hook run after loadsgf replaced the game."""

    def game_result(self) -> str | None:
        """The result of a game that has ended (SGF RE), None while it goes on: the first
        answer of `result_hooks` (the scoring layer's) that is not None."""
        for hook in self.result_hooks:
            result = hook()
            if result is not None:
                return result
        return None

    def sgf_bytes(self) -> bytes:
        return game_to_sgf(self.game, result=self.game_result())

    def cmd_printsgf(self, args: list[str]) -> str:
        check_arity(args, 0, 1)
        try:
            data = self.sgf_bytes()
        except SgfError as exc:
            raise GtpError(str(exc)) from None
        if args:
            try:
                atomic_write(args[0], data)
            except FileRefused as exc:
                raise GtpError(f"cannot write {exc}") from None
            except OSError as exc:
                raise GtpError(f"cannot write {describe(args[0])}: {exc.strerror or exc}"
                               ) from None
            return ""
        return data.decode("utf-8").strip()

    def cmd_showboard(self, args: list[str]) -> str:
        check_arity(args, 0)
        game = self.game
        board = game.board
        from ...core.coords import LETTERS

        letters = "   " + " ".join(LETTERS[: game.width])
        lines = ["", letters]
        chars = {EMPTY: ".", BLACK: "X", WHITE: "O"}
        for row in range(game.height - 1, -1, -1):
            cells = " ".join(chars[board.colour[board.point(row, col)]]
                             for col in range(game.width))
            lines.append(f"{row + 1:2d} {cells} {row + 1}")
        lines.append(letters)
        lines.append(f"Rules: {game.rules.preset_name or game.rules.to_json()}  "
                     f"Komi: {format_number(game.komi)}")
        # worded as `score` words it: how many stones of each colour were captured (俘子)
        lines.append(f"Stones captured: black {game.captured[BLACK]}, "
                     f"white {game.captured[WHITE]}")
        if game.rules.virtualMoves:
            lines.append(f"Virtual moves (虚着): B {game.virtual[BLACK]}  W {game.virtual[WHITE]}")
        lines.append(f"To move: {'black' if game.to_move == BLACK else 'white'}  "
                     f"Moves: {len(game.moves)}")
        return "\n".join(lines)

    # -- time ---------------------------------------------------------------------------

    def cmd_time_settings(self, args: list[str]) -> str:
        check_arity(args, 3)
        self.time_settings = (parse_int(args[0]), parse_int(args[1]), parse_int(args[2]))
        return ""

    def cmd_time_left(self, args: list[str]) -> str:
        check_arity(args, 3)
        colour = parse_colour(args[0])
        seconds, stones = parse_int(args[1]), parse_int(args[2])
        self.time_left[colour] = (seconds, stones)
        return ""

    # -- rules --------------------------------------------------------------------------

    def set_rules(self, rules: Rules) -> None:
        """Switch rules and replay the game under them; refuses (changing nothing) if the
        recorded moves are illegal under the new rules."""
        old = self.game.rules
        try:
            self.game.rules = rules
            self.game.replace_moves(list(self.game.moves), check=True)
        except IllegalPlay as exc:
            self.game.rules = old
            self.game.replace_moves(list(self.game.moves))
            raise GtpError(f"the game so far is illegal under these rules ({exc.reason})") \
                from None

    def cmd_kata_get_rules(self, args: list[str]) -> str:
        check_arity(args, 0)
        return self.game.rules.to_json()

    def cmd_kata_set_rules(self, args: list[str]) -> str:
        if not args:
            raise GtpError("syntax error: expected a rules preset name or JSON")
        text = " ".join(args)
        try:
            rules, default_komi = parse_rules(text)
        except RulesError as exc:
            reason = str(exc)  # KataGo's wording, "Unknown rules '<text>', <why>", said once
            if reason.startswith("unknown rules "):
                raise GtpError("U" + reason[1:]) from None
            raise GtpError(f"Unknown rules '{text}', {reason}") from None
        self.set_rules(rules)
        self._follow_preset_komi(default_komi)
        return ""

    def _follow_preset_komi(self, default_komi: float | None) -> None:
        """A new preset brings its komi while no komi was ever set (docs/rules.md, "Komi")."""
        if default_komi is not None and not self.komi_set:
            self.game.komi = default_komi

    def cmd_kata_set_rule(self, args: list[str]) -> str:
        check_arity(args, 2)
        try:
            rules = with_field(self.game.rules, args[0], args[1])
        except RulesError as exc:
            raise GtpError(f"Unknown rules option: {exc}") from None
        self.set_rules(rules)
        if rules.cycles != "FORBID" and rules.ko != "SIMPLE":
            print(f"gtp-weiqi: cycles {rules.cycles} has no effect under ko {rules.ko}: the "
                  "move that would repeat the whole-board pattern is illegal, so no long "
                  "cycle can arise (ko SIMPLE lets one arise)", file=sys.stderr)
        return ""

    def cmd_kgs_rules(self, args: list[str]) -> str:
        check_arity(args, 1)
        name = _KGS_RULES.get(args[0].lower())
        found = lookup_preset(name) if name else None
        if found is None:
            raise GtpError(f"unknown rules {args[0]!r}; known: {', '.join(_KGS_RULES)}")
        self.set_rules(found[0])
        self._follow_preset_komi(found[1])
        return ""

    # -- GoGui --------------------------------------------------------------------------

    def analyze_commands(self) -> list[str]:
        """Entries of gogui-analyze_commands (type/label/command): the core's, then what each
        of `analyze_hooks` adds."""
        entries = ["string/Rules (kata-get-rules)/kata-get-rules",
                   "none/Set rules.../kata-set-rules %s",
                   "string/Board/showboard",
                   "varc/Reg GenMove/reg_genmove %c"]
        entries = [e for e in entries if e.split("/")[2].split()[0] in self.commands]
        for hook in self.analyze_hooks:
            entries += hook(list(entries))
        return entries

    def cmd_analyze_commands(self, args: list[str]) -> str:
        check_arity(args, 0)
        return "\n".join(self.analyze_commands())

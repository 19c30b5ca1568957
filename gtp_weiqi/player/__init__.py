"""The built-in player: Monte Carlo tree search under the game's rules (``mcts``), or the
simple policy of ``gtp_weiqi.player.simple`` (``simple``).

    player = Player(PlayerOptions(name="mcts", playouts=2000))
    move = player.choose(game, BLACK, seed="0")      # a point, PASS (None) or RESIGN

Effort per move: a fixed number of playouts (reproducible with a seed), a fixed time, or the
game's time control (``clock``); the default without any of them is a fixed number of
playouts that depends on the board size.  A level (GNU Go's `level`, 10 by default) scales
whichever of them applies: level N spends N/10 of it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.board import BLACK, WHITE
from ..core.game import Game, Move
from .clock import MAX_MOVE, TimeSystem, move_budget
from .search import PASS, RESIGN, MoveInfo, Restriction, Search, Settings
from .simple import choose_move

PLAYERS = ("mcts", "simple")
FULL_LEVEL = 10  # the level at which a move gets the whole effort (GNU Go's default level)


def default_playouts(n_points: int) -> int:
    """Playouts per move when nothing else is set: about 2 s of pure Python on 9x9, and
    about the same time on larger boards."""
    if n_points <= 81:
        return 2000
    if n_points <= 169:
        return 1000
    return 500


@dataclass
class PlayerOptions:
    """How the engine chooses its moves (the `gtp-weiqi` options of the same names)."""

    name: str = "simple"
    playouts: int | None = None
    time_per_move: float | None = None
    level: int = FULL_LEVEL  # level N spends N / FULL_LEVEL of the effort (N >= 1)
    settings: Settings = field(default_factory=Settings)  # the search's, resign threshold too


@dataclass
class Effort:
    """The limits of one search (None: no limit of that kind)."""

    playouts: int | None
    seconds: float | None


class Player:
    """Chooses moves for a game; keeps the time system and what the last search saw."""

    def __init__(self, options: PlayerOptions | None = None) -> None:
        self.options = options or PlayerOptions()
        if self.options.name not in PLAYERS:
            raise ValueError(f"unknown player {self.options.name!r}; known: {', '.join(PLAYERS)}")
        self.time_system: TimeSystem | None = None
        # Black's margin of a game as the referee would count it now (None: cannot tell)
        self.referee: Callable[[Game], float | None] | None = None
        self.used: dict[int, float] = {BLACK: 0.0, WHITE: 0.0}
        self.last_search: Search | None = None

    def effort(self, game: Game, colour: int,
               time_left: tuple[float, int] | None = None) -> Effort:
        """The playouts and seconds for the next move of `colour`."""
        opts = self.options
        n_points = game.width * game.height
        seconds = opts.time_per_move
        system = self.time_system
        if system is not None and time_left is None and system.main:
            time_left = (max(system.main - self.used[colour], 0.0), 0)
        clock = move_budget(system, time_left, n_points, len(game.moves))
        if clock is not None:  # a huge time_settings must not mean thinking for years
            seconds = min(clock, MAX_MOVE if seconds is None else seconds)
        playouts = opts.playouts
        if playouts is None and seconds is None:
            playouts = default_playouts(n_points)
        scale = opts.level / FULL_LEVEL
        if playouts is not None:
            playouts = max(1, round(playouts * scale))
        if seconds is not None:
            seconds *= scale
        return Effort(playouts, seconds)

    def new_search(self, game: Game, colour: int, seed: str,
                   restrictions: list[Restriction] | None = None,
                   ownership: bool = False) -> Search:
        return Search(game, colour, seed, self.options.settings, restrictions, ownership)

    def choose(self, game: Game, colour: int, seed: str,
               time_left: tuple[float, int] | None = None,
               on_progress: Callable[[Search], None] | None = None,
               progress_every: float | None = None,
               stop: Callable[[], bool] | None = None) -> int | None:
        """The move to play: a point, None for a pass, or RESIGN.  Never an illegal move.
        `stop()` true ends the search early: the best move so far is played."""
        started = time.perf_counter()
        try:
            if self.options.name == "simple":
                return choose_move(game, colour, random.Random(seed))
            effort = self.effort(game, colour, time_left)
            search = self.new_search(game, colour, seed)
            self.last_search = search
            run_search(search, effort, on_progress, progress_every, stop)
            judged = None
            if search.pass_child is not None and self.referee is not None:
                judged = self.referee(after_pass(game, colour))
            move = search.best_move(judged)
            if move == RESIGN:
                return RESIGN
            if move == PASS:
                return None
            if game.is_legal(colour, move):
                return move
            for ch in search.ranked():  # cannot happen; keep genmove legal regardless
                if ch.move != PASS and game.is_legal(colour, ch.move):
                    return ch.move
            return None
        finally:
            self.used[colour] += time.perf_counter() - started

    def new_game(self) -> None:
        self.used = {BLACK: 0.0, WHITE: 0.0}


def after_pass(game: Game, colour: int) -> Game:
    """A copy of `game` with a pass (virtual move) of `colour` added."""
    trial = Game(game.width, game.height, game.rules, game.komi)
    if game.handicap:
        trial.place_handicap([p for p, _ in game.setup])
    elif game.setup:
        trial.add_setup(list(game.setup))
    trial.replace_moves([*game.moves, Move(colour, None)])
    return trial


def run_search(search: Search, effort: Effort,
               on_progress: Callable[[Search], None] | None = None,
               every: float | None = None,
               stop: Callable[[], bool] | None = None) -> None:
    """Run `search` within `effort`, calling `on_progress` about every `every` seconds.
    The playouts made are the same with or without progress calls (for a playout budget)."""
    until = None if effort.playouts is None else search.playouts + effort.playouts
    if on_progress is None or not every or every <= 0:
        search.run(until, effort.seconds, stop)
        return
    start = time.perf_counter()
    while True:
        chunk = every
        if effort.seconds is not None:
            chunk = min(chunk, effort.seconds - (time.perf_counter() - start))
        finished = search.run(until, max(chunk, 0.0), stop)
        on_progress(search)
        if finished or (stop is not None and stop()):
            return
        if effort.seconds is not None and time.perf_counter() - start >= effort.seconds:
            return


__all__ = ["FULL_LEVEL", "PASS", "PLAYERS", "RESIGN", "Effort", "MoveInfo", "Player",
           "PlayerOptions", "Restriction", "Search", "Settings", "after_pass", "default_playouts",
           "run_search"]

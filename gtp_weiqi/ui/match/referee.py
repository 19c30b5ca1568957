"""One refereed game between two GTP engines.

Every move is checked with gtp_weiqi's game under the match's rules (an in-process engine
built by `build_engine`, which also counts the result).  The game ends as the rules say:

* resignation (`resign` from genmove): the other side wins, `B+R` / `W+R`;
* two passes under Tromp–Taylor: the board is counted as it stands (nothing is removed);
* two passes in a row (standard rules, and the art version's pause 两弃休止) or two virtual
  moves in a row (计活子 and the natural 计枰点 rules, where a pass is a virtual move 虚着):
  a stop.  If both engines' `final_status_list dead` equal our judgement's dead stones,
  the stop is an agreed end and the position is counted.  Otherwise play goes on with
  `kgs-genmove_cleanup` (genmove for engines without it) until the dead stones are
  captured:
    - standard rules: until two more passes; the stones of the stopped position that
      the cleanup captured are marked dead there, the rest alive, and the stopped
      position is counted (as KGS does; territory counting is not spoiled by the
      cleanup moves);
    - art version: the cleanup is the test play from the paused position (实战解决,
      `weiqi-test_play`), whose captures mark the dead stones of the paused position;
    - natural rules: play simply goes on; four virtual moves under one board pattern end
      the game by force with every stone alive (四虚终局);
* a long cycle where the rules make it a draw or no result;
* `--max-moves`: the position is counted as it stands (strings our judgement cannot
  decide count alive);
* a forfeit (`B+F` / `W+F`): an illegal move, no answer in time, a crash, garbage, a
  failed genmove, or refusing a move that is legal under the match's rules;
* a loss on time (`B+Time` / `W+Time`) under `--time`: the side's clock (clock.py) ran
  out, or its genmove answer did not come before it would have.

A game with an opening (openings.py) begins with the opening's moves, sent to both engines
with `play` and not timed.  With `--gtp-log` every line each engine reads and writes (and
its stderr) is kept for the records; with `--verbose` each move is a line on stderr.
"""

from __future__ import annotations

import sys
import time
import traceback

from ...base.colours import BLACK, COLOUR_LETTER, COLOUR_NAME, WHITE, opponent
from ...core import ending
from ...core.coords import parse_vertex
from ...core.game import Game
from ...core.lang import in_one, lines
from ...judgement.marks import ALL_ALIVE_METHODS
from ...scoring.service import Scorer
from ..gtp.commands import build_engine
from ..gtp.controller import ControllerError
from ..gtp.engine import WeiqiEngine
from ..gtp.judge_engine import EngineOwnership, judge_with_engine, opinion_lines
from ..gtp.protocol import GtpError
from .clock import Clock
from .config import GameSpec, engine_labels
from .count import Count, agreement, count, points, settle
from .count import vertex as format_point
from .outcome import EndReason, Forfeit, Outcome
from .players import GtpLog, Player, launch_player, start_player


def _upper(colour: int) -> str:
    """B or W, as results and records write a colour."""
    return COLOUR_LETTER[colour].upper()


def _name(colour: int) -> str:
    """Black or White, as the records' sentences name a side."""
    return COLOUR_NAME[colour].capitalize()


class Referee:
    """Plays one game; `run` returns its `Outcome`."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        config = spec.config
        self.config = config
        self.engine: WeiqiEngine = build_engine(config.size, config.rules, config.komi)
        self.players = {c: Player(c, spec.engine_of(c), config.command(spec.engine_of(c)))
                        for c in (BLACK, WHITE)}
        for player in self.players.values():
            if config.time is not None:
                player.clock = Clock(config.time)
            if config.gtp_log:
                player.log = GtpLog()
        self.opening = spec.opening
        self.opening_moves = 0  # the moves of the opening actually played
        self.move_clocks: dict[int, tuple[float, int | None]] = {}  # move -> clock after it
        self.record_moves: list[tuple[int, int | None]] = []  # every move, in order
        self.comments: dict[int, list[str]] = {}  # move number -> node comments
        self.stop_at: int | None = None
        self.count_at: int | None = None  # move number of the counted position
        self.counted = Count()  # the count of the final position, once made
        self.notes: list[str] = []
        self.end: EndReason | None = None
        self.result = "?"
        self.forfeit: Forfeit | None = None
        self.scorer = Scorer()
        self.judge_source: EngineOwnership | None = None  # with --judge-engine
        self.final_scores = {BLACK: "?", WHITE: "?"}
        self.duration = 0.0

    # -- helpers ------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The engine's current game (a test play's game during one)."""
        return self.engine.game

    def _vertex(self, point: int | None) -> str:
        return format_point(self.game, point)

    def _comment(self, text: str) -> None:
        self.comments.setdefault(len(self.record_moves), []).append(text)


    # -- the game -----------------------------------------------------------------------

    def run(self) -> Outcome:
        """Play the game, stop both engines; what it came to."""
        started = time.monotonic()
        try:
            if self.config.judge_engine:
                self._start_judge(self.config.judge_engine)
            for colour in (BLACK, WHITE):
                launch_player(self.players[colour], self.config)
            for colour in (BLACK, WHITE):
                start_player(self.players[colour], self.config)
            labels = self.labels()
            for player in self.players.values():
                player.shown = labels[player.engine]
            self._play()
            if self.end is EndReason.RESIGN:
                self.final_scores = {BLACK: self.result, WHITE: self.result}
            else:
                self._ask_final_scores()
        except (ControllerError, GtpError, RuntimeError, ValueError, KeyError,
                AssertionError) as exc:  # the referee's own failure, not a side's
            self._error(exc)
        except Forfeit as forfeit:
            self.forfeit = forfeit
            winner = _upper(opponent(forfeit.colour))
            if forfeit.kind == "time":
                self.end = EndReason.TIME
                self.result = f"{winner}+Time"
                self._comment(f"{_name(forfeit.colour)} loses on time: {forfeit.message}")
            else:
                self.end = EndReason.FORFEIT
                self.result = f"{winner}+F"
                self._comment(f"{_name(forfeit.colour)} forfeits ({forfeit.kind}): "
                              f"{forfeit.message}")
            self.final_scores = {BLACK: self.result, WHITE: self.result}
        finally:
            self.duration = time.monotonic() - started
            self._close()
        return self.outcome()

    def outcome(self) -> Outcome:
        """The game as the records keep it."""
        assert self.end is not None, "the game has not ended"
        game = self.game
        row_col = game.board.row_col
        rules = game.rules
        return Outcome(
            spec=self.spec, end=self.end, result=self.result, forfeit=self.forfeit,
            final_scores=dict(self.final_scores),
            sides={c: p.side() for c, p in self.players.items()}, labels=self.labels(),
            rules_name=rules.preset_name or rules.to_json(), counting=rules.counting,
            moves=tuple((c, None if p is None else row_col(p)) for c, p in self.record_moves),
            opening=None if self.opening is None else self.opening.name,
            opening_moves=self.opening_moves, stop_at=self.stop_at, count_at=self.count_at,
            dead=tuple(row_col(p) for p in self.counted.dead),
            judged_dead=tuple(row_col(p) for p in self.counted.judged_dead),
            notes=tuple(self.notes), comments={k: list(v) for k, v in self.comments.items()},
            move_clocks=dict(self.move_clocks), methods=tuple(self.counted.methods),
            duration=self.duration)

    def _start_judge(self, command: str) -> None:
        """`--judge-engine`: the judgement asks the engine's second opinion (its ownership)
        when the game is counted; what went wrong with it becomes a note of the game."""
        judge, self.judge_source = judge_with_engine(command, self.config.judge_visits,
                                                     report=self.notes.append)
        self.scorer = Scorer(judge=judge)

    def _error(self, exc: Exception) -> None:
        """A failure of the referee itself: the game is void, with the reason recorded."""
        traceback.print_exc(file=sys.stderr)
        self.end = EndReason.ERROR
        self.result = "Void"
        self.notes.append(f"referee error: {type(exc).__name__}: {exc}")

    def _close(self) -> None:
        """Stop both engines (and the judge engine), even when interrupted while stopping
        the first."""
        error: BaseException | None = None
        if self.judge_source is not None:
            source, self.judge_source = self.judge_source, None
            try:
                source.close()
            except BaseException as exc:  # noqa: BLE001 - re-raised below
                error = exc
        for player in self.players.values():
            controller = player.controller
            if controller is None:
                continue
            try:
                if error is None and controller.broken is None:
                    player.cpu = controller.cpu_time()
                if player.log is not None and controller.broken is not None:
                    player.log.note(f"channel ended: {controller.broken.describe()}")
                controller.close(quick=error is not None or controller.broken is not None)
            except BaseException as exc:  # noqa: BLE001 - re-raised below
                error = error or exc
                try:
                    controller.close(quick=True)
                except BaseException:  # noqa: BLE001
                    pass
        if error is not None:
            raise error

    def _play_opening(self) -> None:
        """The opening's moves, sent to both engines with `play` (a refusal forfeits)."""
        assert self.opening is not None
        for letter, vertex in self.opening.gtp_moves():
            colour = BLACK if letter == "b" else WHITE
            self.engine.run_command("play", [letter, vertex])
            point = None if vertex == "pass" else self.game.board.point(
                *parse_vertex(  # type: ignore[misc]  # not a pass, so a (row, col)
                    vertex, self.game.width, self.game.height))
            self.record_moves.append((colour, point))
            for player in self.players.values():
                self._send_play(player, letter, vertex)
            self.opening_moves += 1
        self._comment(f"end of the opening {self.opening.name} ({self.opening_moves} moves)")

    def _send_play(self, player: Player, letter: str, vertex: str) -> None:
        """`play` to an engine; refusing a legal move forfeits."""
        try:
            player.call("play", letter, vertex)
        except Forfeit as forfeit:
            if forfeit.kind == "failed":
                raise Forfeit(player.colour, "refused",
                              f"refused the legal move `play {letter} {vertex}`: "
                              f"{forfeit.message.split(': ', 1)[-1]}") from None
            raise

    def labels(self) -> dict[str, str]:
        """The engines' labels (the given ones, else name and version), by engine."""
        found = {p.engine: (p.name, p.version) for p in self.players.values()}
        return engine_labels(self.config, found)

    def _genmove(self, mover: Player, command: str, letter: str) -> str:
        """Ask for a move: under `--time`, `time_left` first and the clock's deadline; the
        answer's wall time is taken off the clock, and a clock that runs out (or a deadline
        that passes) is a loss on time."""
        clock = mover.clock
        limit = self.config.move_limit
        if clock is not None:
            if mover.known("time_left"):
                seconds, stones = clock.time_left()
                mover.ask("time_left", letter, str(seconds), str(stones))
            limit = clock.allowed()
        t0 = time.monotonic()
        try:
            answer = mover.call(command, letter, timeout=limit)
        except Forfeit as forfeit:
            if clock is None or forfeit.kind != "timeout":
                raise
            clock.spend(time.monotonic() - t0)
            raise Forfeit(mover.colour, "time",
                          f"no answer to {command} within the {limit:.1f} s its clock "
                          f"allowed (grace included); {clock.used:.1f} s used in all") from None
        elapsed = time.monotonic() - t0
        mover.move_times.append(elapsed)
        if clock is not None:
            lost = clock.spend(elapsed)
            if lost is not None:
                raise Forfeit(mover.colour, "time", f"{lost} (the last move took "
                                                    f"{elapsed:.1f} s)")
        return answer

    def _heartbeat(self, colour: int, word: str) -> None:
        """The --verbose line of a move, in --lang (both: Chinese, then English); the move
        as GTP writes it (D4, pass, resign)."""
        if not self.config.verbose:
            return
        mover = self.players[colour]
        took = mover.move_times[-1] if mover.move_times else 0.0
        said = []
        for one in ("zh", "en"):
            clocks = ""
            if mover.clock is not None:
                clocks = in_one(one, "  clocks {clocks}", clocks=" ".join(
                    f"{_upper(c)} "
                    f"{self.players[c].clock.show()}"  # type: ignore[union-attr]  # all or none
                    for c in (BLACK, WHITE)))
            said.append(in_one(
                one, "game {game} move {move}: {name} ({colour}) {vertex} {seconds} s{clocks}",
                game=self.spec.index, move=len(self.record_moves) + 1,
                name=self.labels()[mover.engine], colour=_upper(colour), vertex=word,
                seconds=f"{took:.2f}", clocks=clocks))
        for line in lines(self.config.lang, *said):
            print(line, file=sys.stderr, flush=True)

    def _play(self) -> None:
        config = self.config
        rules = self.game.rules
        phase = "play"
        if self.opening is not None:
            self._play_opening()
        while True:
            game = self.game
            info = ending.end_info(game)
            if info.state in ending.OVER:  # forced or natural end, draw, no result
                self.end = EndReason(info.state)
                self._count()
                return
            if len(self.record_moves) >= config.max_moves:
                self.end = EndReason.LIMIT
                if phase == "cleanup" and rules.ending != "NATURAL":
                    self.notes.append(f"the cleanup reached the move limit "
                                      f"({config.max_moves} moves); counted at the stop with "
                                      "the stones it captured dead")
                    self._end_cleanup()
                else:
                    self.notes.append(f"stopped at the move limit ({config.max_moves} moves); "
                                      "counted as it stands")
                    settle(self.scorer, self.game, captured=None)
                self._count()
                return
            colour = game.to_move
            mover, other = self.players[colour], self.players[opponent(colour)]
            command = "genmove"
            if phase == "cleanup" and mover.known("kgs-genmove_cleanup"):
                command = "kgs-genmove_cleanup"
            letter = COLOUR_LETTER[colour]
            answer = self._genmove(mover, command, letter)
            words = answer.split()
            word = words[0] if words else ""
            self._heartbeat(colour, word)
            if word.lower() == "resign":
                self.end = EndReason.RESIGN
                self.result = f"{_upper(opponent(colour))}+R"
                self._comment(f"{_name(colour)} resigns")
                return
            try:
                rc = parse_vertex(word, game.width, game.height)
            except ValueError:
                raise Forfeit(colour, "garbage",
                              f"answered `{command} {letter}` with {answer!r}") from None
            point = None if rc is None else game.board.point(*rc)
            if point is not None:
                reason = game.illegal_reason(colour, point)
                if reason is not None:
                    raise Forfeit(colour, "illegal",
                                  f"illegal move {_upper(colour)} {word.upper()} ({reason})")
            refusal = ending.move_refusal(game)
            if refusal is not None:  # cannot happen while the loop checks the end first
                raise RuntimeError(refusal)
            vertex = self._vertex(point)
            self.engine.run_command("play", [letter, vertex])
            self.record_moves.append((colour, point))
            if mover.clock is not None:
                self.move_clocks[len(self.record_moves)] = mover.clock.sgf_left()
            self._send_play(other, letter, vertex)
            game = self.game
            two = (len(game.moves) >= 2 and game.moves[-1].point is None
                   and game.moves[-2].point is None)
            if rules.ending == "NATURAL":
                if game.forced_end or phase == "cleanup" or not two:
                    continue
                phase = self._stop()
                if phase == "agreed":
                    return
            elif min(game.consecutive_passes(), len(self.record_moves) - (self.stop_at or 0)) >= 2:
                if phase == "cleanup":
                    self.end = EndReason.CLEANUP
                    self._end_cleanup()
                    self._count()
                    return
                phase = self._stop()
                if phase == "agreed":
                    return

    def _stop(self) -> str:
        """Two passes / virtual moves: an agreed end, or the start of the cleanup."""
        self.stop_at = len(self.record_moves)
        if self.game.rules.counting in ALL_ALIVE_METHODS:
            self.end = EndReason.PASSES
            self.notes.append(f"two passes end the game after move {self.stop_at}; under "
                              "Tromp–Taylor every stone on the board counts as it stands")
            self._count()
            return "agreed"
        agreed, why = agreement(self.scorer, self.game, self.players.values())
        if agreed:
            self.end = EndReason.AGREED
            self.notes.append(f"agreed end after move {self.stop_at}: {why}")
            self._count()
            return "agreed"
        self._comment(f"stop after two passes: {why}; play on until the dead stones are "
                      "captured")
        self.notes.append(f"stop after move {self.stop_at}, not agreed: {why}")
        if self.game.rules.ending == "ART":
            self.engine.run_command("weiqi-test_play", [])
            self._comment("test play (实战解决) from the paused position")
            for player in self.players.values():  # engines that keep the art version too
                if player.known("weiqi-test_play"):
                    player.ask("weiqi-test_play")
        return "cleanup"

    def _end_cleanup(self) -> None:
        """Mark the stopped position's dead stones from what the cleanup captured, and
        make it the position to count."""
        game = self.game
        if game.rules.ending == "ART":
            answer = self.engine.run_command("weiqi-test_end", [])
            game = self.game  # the paused position again
            dead = points(game, answer)
            for player in self.players.values():
                if player.known("weiqi-test_end"):
                    player.ask("weiqi-test_end")
            settle(self.scorer, game, captured=dead)
            self.count_at = self.stop_at
            return
        assert self.stop_at is not None
        moves = list(game.moves)
        stop = len(moves) - (len(self.record_moves) - self.stop_at)
        captured = ending.captured_after(game, stop)
        game.replace_moves(moves[:stop])
        settle(self.scorer, game, captured=captured)
        self.count_at = self.stop_at

    def _count(self) -> None:
        """Count the position (count.py); the counted position is the last unless a
        cleanup chose the stop."""
        if self.count_at is None:
            self.count_at = len(self.record_moves)
        self.counted = count(self.scorer, self.game)
        self.result = self.counted.result
        self.notes.extend(self.counted.notes)
        opinion = getattr(self.scorer.judge, "last", None)
        if opinion is not None:  # --judge-engine: what its second opinion said
            self.notes.extend(f"judge engine: {line}"
                              for line in opinion_lines(opinion, self.game))

    # -- the record ---------------------------------------------------------------------

    def _ask_final_scores(self) -> None:
        """Each engine's own final_score (`?` when it has none or fails), as gogui-twogtp
        records them; for resignations and forfeits the game's result."""
        for colour, player in self.players.items():
            controller = player.controller
            if controller is None or controller.broken is not None:
                continue
            try:
                if controller.known("final_score"):
                    response = controller.ask("final_score")
                    if response.ok and response.text.strip():
                        self.final_scores[colour] = response.text.split("\n")[0].strip()
            except ControllerError:
                pass


def play_game(spec: GameSpec) -> Outcome:
    """Play game `spec.index`: what it came to."""
    return Referee(spec).run()


__all__ = ["Referee", "play_game"]

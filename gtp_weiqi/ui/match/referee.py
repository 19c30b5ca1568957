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
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...core import ending
from ...core.board import BLACK, COLOUR_LETTER, WHITE, opponent
from ...core.coords import format_vertex, parse_vertex, parse_vertex_list
from ...core.game import Game
from ...core.lang import in_one, lines
from ...core.rules import has_our_fields
from ...judgement.marks import ALL_ALIVE_METHODS
from ...scoring.service import Scorer, ScoringError, UnclearError
from ..gtp.commands import build_engine
from ..gtp.controller import (
    ChannelError,
    CommandFailed,
    Controller,
    ControllerError,
    SubprocessChannel,
    split_command,
)
from ..gtp.engine import WeiqiEngine
from ..gtp.protocol import GtpError
from .clock import Clock
from .config import ENGINES, MatchConfig, engine_labels
from .openings import Opening

_UPPER = {BLACK: "B", WHITE: "W"}
_NAME = {BLACK: "Black", WHITE: "White"}
_CHANNEL_KIND = {"died": "crash", "timeout": "timeout", "garbage": "garbage"}


class Forfeit(Exception):
    """`colour` loses the game; `kind` says why: illegal, timeout, crash, garbage, failed,
    refused, or time (a loss on time under `--time`: result `B+Time` / `W+Time`)."""

    def __init__(self, colour: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.colour = colour
        self.kind = kind
        self.message = message


@dataclass(frozen=True)
class GameSpec:
    """Game number `index` of a match (numbered from 0, as gogui-twogtp does)."""

    index: int
    config: MatchConfig

    @property
    def swapped(self) -> bool:
        """With --alternate, odd-numbered games give the `--black` engine White."""
        return self.config.alternate and self.index % 2 == 1

    def engine_of(self, colour: int) -> str:
        first = colour == BLACK
        if self.swapped:
            first = not first
        return ENGINES[0] if first else ENGINES[1]

    @property
    def opening(self) -> Opening | None:
        return self.config.opening_of(self.index)


class GtpLog:
    """One engine's GTP transcript in one game, filled by the channel's threads: commands
    as `> line`, the engine's output as it wrote it, its stderr as `# stderr: line`."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._parts: list[bytes] = []

    def add(self, kind: str, data: bytes) -> None:
        if kind == "out":
            data = b"".join(b"> " + line + b"\n" for line in data.rstrip(b"\n").split(b"\n"))
        elif kind == "err":
            data = b"# stderr: " + data.rstrip(b"\r\n") + b"\n"
        with self._lock:
            self._parts.append(data)

    def note(self, text: str) -> None:
        """Lines of the referee's own (`# ...`), e.g. why the channel ended."""
        self.add("note", b"".join(b"# " + line.encode("utf-8", "replace") + b"\n"
                                  for line in text.splitlines() or [""]))

    def data(self) -> bytes:
        with self._lock:
            return b"".join(self._parts)


@dataclass
class Player:
    """One engine in one game."""

    colour: int
    engine: str
    command: str
    controller: Controller | None = None
    name: str = ""
    version: str = ""
    move_times: list[float] = field(default_factory=list)
    cpu: float | None = None
    clock: Clock | None = None
    log: GtpLog | None = None
    shown: str = ""  # the engine's label in the match, once both engines have started

    @property
    def label(self) -> str:
        return f"{_NAME[self.colour]} ({self.shown or self.name or self.engine})"

    def _fail(self, error: ControllerError, what: str) -> Forfeit:
        if isinstance(error, ChannelError):
            return Forfeit(self.colour, _CHANNEL_KIND.get(error.kind, "crash"),
                           f"{what}: {error.describe()}")
        assert isinstance(error, CommandFailed)
        return Forfeit(self.colour, "failed", f"{what}: {error.text or 'failed'}")

    def call(self, name: str, *args: str, timeout: float | None = None) -> str:
        """A command that must succeed; any failure forfeits the game."""
        assert self.controller is not None
        try:
            if timeout is None:
                return self.controller.command(name, *args)
            return self.controller.command(name, *args, timeout=timeout)
        except ControllerError as exc:
            raise self._fail(exc, " ".join([name, *args])) from None

    def ask(self, name: str, *args: str) -> str | None:
        """A command that may fail (None); a broken channel still forfeits."""
        assert self.controller is not None
        try:
            response = self.controller.ask(name, *args)
        except ChannelError as exc:
            raise self._fail(exc, " ".join([name, *args])) from None
        return response.text if response.ok else None

    def known(self, name: str) -> bool:
        assert self.controller is not None
        try:
            return self.controller.known(name)
        except ChannelError as exc:
            raise self._fail(exc, f"known_command {name}") from None


class _Launch:
    """An interruption (Ctrl-C, SIGTERM) that arrives while an engine process is being
    started waits until the process is recorded, so that it is stopped with the rest
    instead of being left behind."""

    busy = False
    pending: BaseException | None = None


def deferring_handler(make: Callable[[int], BaseException]) -> Callable[[int, object], None]:
    """A signal handler that raises `make(signum)`, deferred while an engine starts."""
    def handler(signum: int, frame: object) -> None:
        if _Launch.busy:
            _Launch.pending = make(signum)
            return
        raise make(signum)
    return handler


def launch_player(player: Player, config: MatchConfig) -> None:
    """Start the engine's process (both are started before either is spoken to, so they
    load at the same time)."""
    _Launch.busy = True
    try:
        channel = SubprocessChannel(split_command(player.command),
                                    transcript=None if player.log is None else player.log.add)
        player.controller = Controller(channel, player.engine, config.timeout)
    except (ChannelError, ValueError) as exc:
        message = exc.describe() if isinstance(exc, ChannelError) else str(exc)
        raise Forfeit(player.colour, "crash", f"cannot start: {message}") from None
    finally:
        _Launch.busy = False
        pending, _Launch.pending = _Launch.pending, None
        if pending is not None:
            raise pending


def start_player(player: Player, config: MatchConfig) -> None:
    """Set the game up on a launched engine: boardsize, clear_board, komi, rules for
    KataGo, time settings."""
    if player.controller is None:
        launch_player(player, config)
    assert player.controller is not None
    try:
        player.controller.handshake()
    except ControllerError as exc:
        raise player._fail(exc, "start") from None
    player.name = " ".join((player.ask("name") or "").split())
    player.version = " ".join((player.ask("version") or "").split())
    player.call("boardsize", str(config.size))
    player.call("clear_board")
    komi = config.effective_komi
    if player.ask("komi", str(int(komi)) if float(komi).is_integer() else repr(komi)) is None:
        pass  # GTP says komi must be accepted; one that refuses plays on regardless
    if player.known("kata-set-rules"):
        rules = build_engine(config.size, config.rules).game.rules
        current = player.ask("kata-get-rules") if player.known("kata-get-rules") else None
        full = current is not None and has_our_fields(current)  # another gtp_weiqi
        player.ask("kata-set-rules", rules.to_json() if full else rules.to_katago_json())
    if config.time is not None and player.known("time_settings"):
        player.ask("time_settings", *config.time.gtp_settings())
    elif config.time_per_move and player.known("time_settings"):
        player.ask("time_settings", "0", str(max(1, round(config.time_per_move))), "1")


def inverse_result(result: str) -> str:
    """`B+3` <-> `W+3`; anything else unchanged (gogui-twogtp's inverseResult)."""
    if result[:1] in ("B", "W") and result[1:2] == "+":
        return ("W" if result[0] == "B" else "B") + result[1:]
    return result


def parse_result(result: str) -> tuple[int | None, float | None]:
    """(winner colour or None, margin or None) of an RE value."""
    if result in ("0", "Draw", "Jigo"):
        return None, 0.0
    if result[:2] in ("B+", "W+"):
        winner = BLACK if result[0] == "B" else WHITE
        try:
            return winner, float(result[2:])
        except ValueError:
            return winner, None
    return None, None


class Referee:
    """Plays one game; `run` returns the game's record (JSON-able) and its SGF."""

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
        self.dead: list[int] = []  # dead in the counted result
        self.judged_dead: list[int] = []  # dead to the judgement (the other methods' counts)
        self.notes: list[str] = []
        self.end = ""
        self.result = "?"
        self.forfeit: Forfeit | None = None
        self.detail: dict[str, Any] | None = None
        self.scorer = Scorer()
        self.judge = self.scorer.judge
        self.final_scores = {BLACK: "?", WHITE: "?"}
        self.duration = 0.0

    # -- helpers ------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The engine's current game (a test play's game during one)."""
        return self.engine.game

    def _vertex(self, point: int | None) -> str:
        return format_vertex(None if point is None else self.game.board.row_col(point))

    def _comment(self, text: str) -> None:
        self.comments.setdefault(len(self.record_moves), []).append(text)

    def _points(self, text: str) -> set[int]:
        """The board points of a vertex list (an engine's answer or our own)."""
        game = self.game
        return {game.board.point(*rc) for rc in parse_vertex_list(text, game.width, game.height)}

    # -- the game -----------------------------------------------------------------------

    def run(self) -> None:
        started = time.monotonic()
        try:
            for colour in (BLACK, WHITE):
                launch_player(self.players[colour], self.config)
            for colour in (BLACK, WHITE):
                start_player(self.players[colour], self.config)
            labels = self.labels()
            for player in self.players.values():
                player.shown = labels[player.engine]
            self._play()
            if self.end == "resign":
                self.final_scores = {BLACK: self.result, WHITE: self.result}
            else:
                self._ask_final_scores()
        except (ControllerError, GtpError, RuntimeError, ValueError, KeyError,
                AssertionError) as exc:  # the referee's own failure, not a side's
            self._error(exc)
        except Forfeit as forfeit:
            self.forfeit = forfeit
            winner = _UPPER[opponent(forfeit.colour)]
            if forfeit.kind == "time":
                self.end = "time"
                self.result = f"{winner}+Time"
                self._comment(f"{_NAME[forfeit.colour]} loses on time: {forfeit.message}")
            else:
                self.end = "forfeit"
                self.result = f"{winner}+F"
                self._comment(f"{_NAME[forfeit.colour]} forfeits ({forfeit.kind}): "
                              f"{forfeit.message}")
            self.final_scores = {BLACK: self.result, WHITE: self.result}
        finally:
            self.duration = time.monotonic() - started
            self._close()

    def _error(self, exc: Exception) -> None:
        """A failure of the referee itself: the game is void, with the reason recorded."""
        traceback.print_exc(file=sys.stderr)
        self.end = "error"
        self.result = "Void"
        self.notes.append(f"referee error: {type(exc).__name__}: {exc}")

    def _close(self) -> None:
        """Stop both engines, even when interrupted while stopping the first."""
        error: BaseException | None = None
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
                *parse_vertex(vertex, self.game.width, self.game.height))  # type: ignore[misc]
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
                    f"{_UPPER[c]} {self.players[c].clock.show()}"  # type: ignore[union-attr]
                    for c in (BLACK, WHITE)))
            said.append(in_one(
                one, "game {game} move {move}: {name} ({colour}) {vertex} {seconds} s{clocks}",
                game=self.spec.index, move=len(self.record_moves) + 1,
                name=self.labels()[mover.engine], colour=_UPPER[colour], vertex=word,
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
                self.end = info.state
                self._count()
                return
            if len(self.record_moves) >= config.max_moves:
                self.end = "limit"
                if phase == "cleanup" and rules.ending != "NATURAL":
                    self.notes.append(f"the cleanup reached the move limit "
                                      f"({config.max_moves} moves); counted at the stop with "
                                      "the stones it captured dead")
                    self._end_cleanup()
                else:
                    self.notes.append(f"stopped at the move limit ({config.max_moves} moves); "
                                      "counted as it stands")
                    self._settle(captured=None)
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
                self.end = "resign"
                self.result = f"{_UPPER[opponent(colour)]}+R"
                self._comment(f"{_NAME[colour]} resigns")
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
                                  f"illegal move {_UPPER[colour]} {word.upper()} ({reason})")
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
                    self.end = "cleanup"
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
            self.end = "passes"
            self.notes.append(f"two passes end the game after move {self.stop_at}; under "
                              "Tromp–Taylor every stone on the board counts as it stands")
            self._count()
            return "agreed"
        agreed, why = self._agreement()
        if agreed:
            self.end = "agreed"
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

    def _agreement(self) -> tuple[bool, str]:
        """Whether both engines' dead stones equal ours (and ours are all decided)."""
        verdict = self.scorer.verdict(self.game)
        if verdict.unclear:
            unsure = " ".join(self._vertex(p) for s in verdict.unclear for p in sorted(
                s, key=self.game.board.row_col))
            return False, f"our judgement is unsure of {unsure}"
        ours = {p for p, s in verdict.status.items() if s == "dead"}
        shown = " ".join(sorted(self._vertex(p) for p in ours)) or "none"
        for colour in (BLACK, WHITE):
            player = self.players[colour]
            if not player.known("final_status_list"):
                return False, f"{player.label} cannot list dead stones"
            text = player.ask("final_status_list", "dead")
            if text is None:
                return False, f"{player.label} failed final_status_list dead"
            theirs = self._points(text)
            if theirs != ours:
                listed = " ".join(sorted(self._vertex(p) for p in theirs)) or "none"
                return False, f"{player.label} sees dead {listed}, we see {shown}"
        return True, f"both engines and we see dead {shown}"

    def _end_cleanup(self) -> None:
        """Mark the stopped position's dead stones from what the cleanup captured, and
        make it the position to count."""
        game = self.game
        if game.rules.ending == "ART":
            dead = self._points(self.engine.run_command("weiqi-test_end", []))
            for player in self.players.values():
                if player.known("weiqi-test_end"):
                    player.ask("weiqi-test_end")
            self._settle(captured=dead)
            self.count_at = self.stop_at
            return
        assert self.stop_at is not None
        moves = list(game.moves)
        stop = len(moves) - (len(self.record_moves) - self.stop_at)
        captured = ending.captured_after(game, stop)
        game.replace_moves(moves[:stop])
        self._settle(captured=captured)
        self.count_at = self.stop_at

    def _settle(self, captured: set[int] | None) -> None:
        """Mark strings for counting: captured ones dead; strings our judgement calls dead
        (when the cleanup kept them) or cannot decide, alive."""
        game = self.game
        report = self.judge.report(game)
        unclear = {p for string in report.unclear for p in string}
        groups: dict[str, list[int]] = {"dead": [], "alive": []}
        for _colour, stones, _libs in game.board.strings():
            first = stones[0]
            if captured is not None and any(p in captured for p in stones):
                groups["dead"].append(first)
            elif first in unclear or (captured is not None
                                      and report.status.get(first) == "dead"):
                groups["alive"].append(first)
        for status, points in groups.items():
            if points:
                game.mark_status(points, status)

    def _count(self) -> None:
        """Count the position: the rules' own result, the dead stones it took, and the
        count under every method (the scoring library, on the referee's game)."""
        game = self.game
        if self.count_at is None:
            self.count_at = len(self.record_moves)
        try:
            self.result = self.scorer.result(game, game.rules.counting)
        except UnclearError as exc:
            firsts = sorted((s[0] for s in exc.strings), key=game.board.row_col)
            listed = " ".join(self._vertex(p) for p in firsts)
            self.notes.append(f"final_score failed: cannot score: unclear {listed}")
            self.result = "?"
        except ScoringError as exc:
            self.notes.append(f"final_score failed: {exc}")
            self.result = "?"
        verdict = self.scorer.verdict(game)
        dead = {p for p, s in verdict.status.items() if s == "dead"}
        self.dead = [] if ending.end_info(game).all_alive else sorted(dead)
        self.judged_dead = sorted(dead)
        try:
            self.detail = self.scorer.detail(game, "all")
        except ScoringError as exc:
            self.notes.append(f"weiqi-score all failed: {exc}")

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

    def method_results(self) -> list[dict[str, Any]]:
        if not self.detail:
            return []
        out = []
        for entry in self.detail.get("methods", []):
            balance = (entry.get("params") or {}).get("balance")
            out.append({"method": entry["slug"] + (f"[{balance}]" if balance else ""),
                        "name": entry.get("name_zh", ""), "black": entry.get("black"),
                        "white": entry.get("white"), "unit": entry.get("unit", {}).get("en"),
                        "result": entry.get("result"), "judgement": entry.get("judgement")})
        return out


def play_game(spec: GameSpec) -> Referee:
    """Play game `spec.index`; the returned referee holds everything the records need."""
    referee = Referee(spec)
    referee.run()
    return referee


__all__ = ["Forfeit", "GameSpec", "Player", "Referee", "deferring_handler", "inverse_result",
           "launch_player",
           "parse_result", "play_game", "start_player"]

"""A strong engine as the judgement's second opinion (第二意见): its ownership over the
project's one GTP client.

`gtp-weiqi --judge-engine CMD` (and `gtp-weiqi score --judge-engine CMD`) start an engine
that reports ownership (KataGo: `kata-raw-nn`, or `kata-search_analyze ... ownership true`)
beside the judgement; in proxy mode a back end that lists one of those commands is asked
itself.  The rule that combines the two views is the judgement layer's
(`judgement/second_opinion.py`); this module only gets the engine to the position and reads
its answer, as +1 Black ... -1 White per point.

How the engine is asked:

* `kata-raw-nn 0` ... `kata-raw-nn 7` (the default, `visits` 0): the net's own ownership,
  averaged over its eight symmetries; no search, and the same answer every time (not
  `kata-raw-nn all`, whose answer holds blank lines, which end a GTP answer);
* `kata-search_analyze <colour> ownership true` after `kata-set-param maxVisits N`
  (`visits` N): a search of N visits; KataGo reports its ownership for the side to move
  (its default, `reportAnalysisWinratesAs = SIDETOMOVE`), which is turned into Black's.

Its own engine is brought to the game by `boardsize`, `clear_board`, `komi`, the rules
(`kata-set-rules`, as the proxy tells a back end) and the moves, all pipelined; a game that
only grew since the last question gets only its new moves.  A proxy's back end is brought
to the game by the proxy's own sync.  Whatever fails (the engine died, timed out, refused a
move, wrote no ownership) is an `OpinionUnavailable` with the reason, and the count goes on
from our own judgement.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ...core.board import BLACK, COLOUR_LETTER
from ...core.coords import format_vertex
from ...core.game import Game
from ...judgement.second_opinion import (
    OpinionJudge,
    OpinionReport,
    OpinionUnavailable,
    Ownership,
)
from ...scoring import Record, Scorer, ScoreResult, ScoringError
from ...scoring.api import count_record
from .controller import ChannelError, CommandFailed, Controller, ControllerError
from .engine import WeiqiEngine
from .protocol import GtpError, Handler, check_arity
from .scoring_cmds import scoring_of

if TYPE_CHECKING:
    from .proxy.relay import Proxy

RAW_NN = "kata-raw-nn"
SEARCH = "kata-search_analyze"
OWNERSHIP_COMMANDS = (RAW_NN, SEARCH)
DEFAULT_JUDGE_TIMEOUT = 120.0
SYMMETRIES = 8  # the net's eight views of the board, averaged


def reports_ownership(listed: set[str]) -> bool:
    """Whether an engine listing `listed` can tell ownership."""
    return any(name in listed for name in OWNERSHIP_COMMANDS)


def parse_raw_nn(text: str, width: int, height: int) -> dict[tuple[int, int], float]:
    """`kata-raw-nn` answer -> (row, col) (row 0 at the bottom) -> +1 Black ... -1 White,
    the mean of every `whiteOwnership` block (one per symmetry asked).  ValueError when
    there is none or one is short."""
    words = text.split()
    blocks: list[list[float]] = []
    for i, word in enumerate(words):
        if word == "whiteOwnership":
            values = words[i + 1:i + 1 + width * height]
            if len(values) < width * height:
                raise ValueError("a whiteOwnership block is short")
            blocks.append([float(v) for v in values])
    if not blocks:
        raise ValueError("no whiteOwnership in the answer")
    return _grid([-sum(b[k] for b in blocks) / len(blocks) for k in range(width * height)],
                 width, height)


def parse_search(text: str, width: int, height: int, to_move: int
                 ) -> dict[tuple[int, int], float]:
    """`kata-search_analyze ... ownership true` answer -> (row, col) -> +1 Black ... -1
    White (KataGo reports it for the side to move).  ValueError without one."""
    words = text.split()
    if "ownership" not in words:
        raise ValueError("no ownership in the answer")
    i = words.index("ownership")
    values = [float(v) for v in words[i + 1:i + 1 + width * height]]
    if len(values) < width * height:
        raise ValueError("the ownership is short")
    sign = 1.0 if to_move == BLACK else -1.0
    return _grid([sign * v for v in values], width, height)


def _grid(values: Sequence[float], width: int, height: int) -> dict[tuple[int, int], float]:
    """Values in KataGo's order (top row first, left to right) by (row, col)."""
    return {(height - 1 - k // width, k % width): max(-1.0, min(1.0, v))
            for k, v in enumerate(values)}


class EngineOwnership:
    """An ownership source over a GTP engine of its own (`--judge-engine`).

    controller -- the started engine; `visits` 0 asks the net (`kata-raw-nn`), N a search
    of N visits (`kata-search_analyze`); closed by `close`.
    """

    def __init__(self, controller: Controller, visits: int = 0) -> None:
        self.controller = controller
        self.visits = visits
        self.name = "judge engine"
        self._sent: list[str] = []
        self._visits_set = False

    @classmethod
    def start(cls, command: str, visits: int = 0,
              timeout: float | None = DEFAULT_JUDGE_TIMEOUT) -> EngineOwnership:
        """Start the engine and check that it can tell ownership.  Raises ControllerError
        when it cannot start, does not speak GTP, or has no ownership command."""
        controller = Controller.start(command, "judge engine", timeout)
        try:
            controller.handshake()
            listed = controller.list_commands()
            if not reports_ownership(listed):
                raise ControllerError(f"{command!r} reports no ownership (it lists neither "
                                      f"{RAW_NN} nor {SEARCH})")
            if visits and SEARCH not in listed:
                raise ControllerError(f"{command!r} has no {SEARCH} for a search of "
                                      f"{visits} visits")
            source = cls(controller, visits if RAW_NN in listed else max(visits, 1))
            response = controller.ask("name")
            if response.ok and response.text.strip():
                source.name = " ".join(response.text.split())
        except BaseException:
            controller.close(quick=True)
            raise
        return source

    def ownership(self, game: Game) -> Ownership:
        try:
            self._to_position(game)
            return _ask(self.controller, game, self.visits, self._set_visits)
        except ChannelError as exc:
            self._sent = []
            raise OpinionUnavailable(exc.describe()) from None
        except (CommandFailed, ValueError) as exc:
            self._sent = []
            raise OpinionUnavailable(str(exc)) from None

    def _set_visits(self) -> None:
        if self.visits and not self._visits_set:
            self.controller.command("kata-set-param", "maxVisits", str(self.visits))
            self._visits_set = True

    def _to_position(self, game: Game) -> None:
        """The engine brought to `game`: only the new moves when the game grew."""
        lines = position_commands(game, self.controller.list_commands())
        start = len(self._sent) if lines[:len(self._sent)] == self._sent else 0
        todo = lines[start:]
        if start == 0:
            self._sent = []
        for line, response in zip(todo, self.controller.ask_all(todo), strict=True):
            if not response.ok and not line.startswith("kata-set-rules"):
                raise CommandFailed(line, response.text)
        self._sent = lines

    def close(self) -> None:
        self.controller.close()


def position_commands(game: Game, listed: set[str]) -> list[str]:
    """The command lines that set an engine to `game`: size, clear, komi, the rules (the
    closest of KataGo's), the setup and the moves."""
    from .proxy.rules import rules_commands

    width, height = game.width, game.height
    board = game.board
    lines = [f"boardsize {width}" if width == height
             else f"rectangular_boardsize {width} {height}", "clear_board",
             f"komi {game.komi:g}"]
    lines += [f"{name} {text}" for name, text in rules_commands(game.rules, listed, False)[:1]]

    def vertex(p: int | None) -> str:
        return "pass" if p is None else format_vertex(board.row_col(p))

    if game.setup:
        if all(c == BLACK for _p, c in game.setup) and game.handicap:
            lines.append("set_free_handicap " + " ".join(vertex(p) for p, _c in game.setup))
        elif "set_position" in listed:
            lines.append("set_position " + " ".join(f"{COLOUR_LETTER[c]} {vertex(p)}"
                                                   for p, c in game.setup))
        else:
            lines += [f"play {COLOUR_LETTER[c]} {vertex(p)}" for p, c in game.setup]
    lines += [f"play {COLOUR_LETTER[m.colour]} {vertex(m.point)}" for m in game.moves]
    return lines


def _ask(controller: Controller, game: Game, visits: int,
         before_search: Callable[[], None]) -> Ownership:
    """The engine's ownership of the position it is at (which is `game`'s), by point."""
    width, height = game.width, game.height
    if visits == 0:
        # one question per symmetry, pipelined: `kata-raw-nn all` answers with blank lines
        # between the symmetries, which end a GTP answer
        answers = controller.ask_all([f"{RAW_NN} {k}" for k in range(SYMMETRIES)])
        for k, response in enumerate(answers):
            if not response.ok:
                raise CommandFailed(f"{RAW_NN} {k}", response.text)
        grid = parse_raw_nn("\n".join(r.text for r in answers), width, height)
    else:
        before_search()
        colour = COLOUR_LETTER[game.to_move]
        grid = parse_search(controller.command(SEARCH, colour, "ownership", "true"),
                            width, height, game.to_move)
    point = game.board.point
    return {point(r, c): v for (r, c), v in grid.items()}


class BackendOwnership:
    """An ownership source over a proxy's back end: the proxy keeps it at our game, so only
    the engine's own game is asked about (another game: no opinion)."""

    def __init__(self, proxy: Proxy) -> None:
        self.proxy = proxy
        self.name = proxy.backend_name
        listed = proxy.backend.list_commands()
        # the back end's own search settings are the user's: its net is asked, or its
        # search as configured
        self.visits = 0 if RAW_NN in listed else 1

    def ownership(self, game: Game) -> Ownership | None:
        from .proxy.link import Unavailable, describe_failure

        proxy = self.proxy
        if game is not proxy.engine.game:
            return None
        if proxy.dead is not None:
            raise OpinionUnavailable(describe_failure(proxy.dead))
        try:
            proxy.sync()
            return _ask(proxy.backend, game, self.visits, lambda: None)
        except Unavailable as exc:
            raise OpinionUnavailable(str(exc) or "the back end cannot follow the game"
                                     ) from None
        except ChannelError as exc:
            raise OpinionUnavailable(describe_failure(exc)) from None
        except (CommandFailed, ValueError) as exc:
            raise OpinionUnavailable(str(exc)) from None


def attach(engine: WeiqiEngine, source: EngineOwnership | BackendOwnership,
           report: Callable[[str], None] | None = None) -> OpinionJudge:
    """Make `engine`'s judgement ask `source` too: its scoring's judge becomes an
    OpinionJudge; `weiqi-unclear` gives both views of a string the two disagree on, and
    `weiqi-second_opinion` lists every string where the engine was asked to decide."""
    scoring = scoring_of(engine)
    judge = OpinionJudge(source, seed=engine.seed, on_problem=report or _to_stderr)
    scoring.scorer.judge = judge
    scoring.judge = judge

    def current() -> OpinionReport | None:
        found = judge.report(engine.game)
        return found if isinstance(found, OpinionReport) else None

    def points(stones: Sequence[int]) -> str:
        return engine.format_points(list(stones))

    def unclear_with_views(inner: Handler, args: list[str]) -> str:
        answer = inner(args)
        found = current()
        if found is None or not answer:
            return answer
        lines = answer.split("\n")
        verdict = scoring.verdict()
        out = []
        for stones, line in zip(verdict.unclear, lines, strict=False):
            view = found.views.get(tuple(stones))
            out.append(f"{line} second opinion: {view.describe(found.engine)}" if view
                       else line)
        return "\n".join(out + lines[len(out):])

    def second_opinion(args: list[str]) -> str:
        """One line per string the engine was asked to decide: its stones, both views and
        the verdict; or why the engine gave no opinion."""
        check_arity(args, 0)
        if engine.game.forced_end:
            raise GtpError("every stone counts alive after a forced end: no opinion asked")
        found = current()
        if found is None:
            return ""
        if found.failure is not None:
            return f"unavailable: {found.failure}"
        return "\n".join(f"{points(s)} {v.describe(found.engine)} -> {v.verdict}"
                         for s, v in sorted(found.views.items()))

    if "weiqi-unclear" in engine.commands:
        engine.wrap("weiqi-unclear", unclear_with_views)
    engine.register("weiqi-second_opinion", second_opinion)
    return judge


def start_judge(engine: WeiqiEngine, command: str, visits: int = 0) -> EngineOwnership | None:
    """`--judge-engine CMD`: start it and attach it to `engine`; None (said on stderr) when
    it cannot start or reports no ownership."""
    try:
        source = EngineOwnership.start(command, visits)
    except ControllerError as exc:
        print(f"gtp-weiqi: {cannot_use(command, exc)}", file=sys.stderr, flush=True)
        return None
    attach(engine, source)
    return source


def cannot_use(command: str, exc: ControllerError) -> str:
    """Why the judge engine `command` could not be started, in one line."""
    why = exc.describe() if isinstance(exc, ChannelError) else str(exc)
    return f"cannot use the judge engine {command!r}: {why}"


def judge_with_engine(command: str, visits: int = 0, seed: int = 0,
                      report: Callable[[str], None] | None = None
                      ) -> tuple[OpinionJudge, EngineOwnership]:
    """The entry point for a front end that counts (`score`, a match's referee): the judge
    engine started and a judge that asks it, for `Scorer(judge=...)`; close the source
    (the second value) when done.  `report` gets what goes wrong later (default: stderr).
    Raises ControllerError (ChannelError included) when the engine cannot be used."""
    source = EngineOwnership.start(command, visits)
    judge = OpinionJudge(source, seed=seed, on_problem=report or _to_stderr)
    return judge, source


def _to_stderr(message: str) -> None:
    print(f"gtp-weiqi: {message}", file=sys.stderr, flush=True)


def counting_judge(command: str, visits: int = 0, seed: int = 0,
                   report: Callable[[str], None] | None = None
                   ) -> tuple[OpinionJudge, EngineOwnership]:
    """`judge_with_engine` for a command line's `--judge-engine`: ScoringError, saying why,
    when the engine cannot be used."""
    try:
        return judge_with_engine(command, visits, seed, report)
    except ControllerError as exc:
        raise ScoringError(cannot_use(command, exc)) from None


def judged_count(command: str, visits: int, record: Record, slugs: list[str],
                 dead: list[str] | None, seed: int, params: dict[str, Any]) -> ScoreResult:
    """`gtp-weiqi score --judge-engine CMD`: one game counted with the engine's second
    opinion; what it said goes to stderr.  ScoringError when the engine cannot be used."""
    judge, source = counting_judge(command, visits, seed)
    try:
        result = count_record(record, slugs, dead, Scorer(judge=judge), params=params)
        if judge.last is not None:
            for line in opinion_lines(judge.last, record.game):
                print(line, file=sys.stderr, flush=True)
        return result
    finally:
        source.close()


def opinion_lines(found: OpinionReport, game: Game) -> list[str]:
    """What the engine said of `game` in words: one line per string it was asked to decide
    (its stones, both views, the verdict), or why it gave no opinion."""
    if found.failure is not None:
        return [f"second opinion unavailable: {found.failure}"]

    def points(stones: Sequence[int]) -> str:
        return " ".join(format_vertex(game.board.row_col(p))
                        for p in sorted(stones))

    return [f"second opinion: {points(s)}: {v.describe(found.engine)} -> {v.verdict}"
            for s, v in sorted(found.views.items())]


def opinion_fields(found: OpinionReport | None, engine: str, game: Game) -> dict[str, Any]:
    """What the engine said of `game` as a batch row's `second_opinion`: its name, why it
    gave no opinion (or None), and each string it was asked to decide (its stones, both
    views, how sure the engine was, the verdict)."""
    if found is None:  # nothing was asked (every stone alive under the method, say)
        return {"engine": engine, "failure": None, "strings": []}
    return {"engine": found.engine or engine, "failure": found.failure,
            "strings": [{"string": sorted(format_vertex(game.board.row_col(p)) for p in s),
                         "ours": v.ours, "engine": v.engine,
                         "sureness": round(abs(v.sureness), 2), "verdict": v.verdict}
                        for s, v in sorted(found.views.items())]}


def attach_backend(proxy: Proxy) -> OpinionJudge | None:
    """In proxy mode: a back end that reports ownership is the judgement's second opinion
    too (None when it reports none, or a judge engine of its own was given)."""
    if not reports_ownership(proxy.backend.list_commands()) \
            or "weiqi-second_opinion" in proxy.engine.commands:
        return None
    return attach(proxy.engine, BackendOwnership(proxy), proxy.report)


__all__ = ["BackendOwnership", "EngineOwnership", "attach", "attach_backend", "cannot_use",
           "counting_judge", "judge_with_engine", "judged_count", "opinion_fields",
           "opinion_lines", "parse_raw_nn", "parse_search", "position_commands",
           "reports_ownership", "start_judge"]

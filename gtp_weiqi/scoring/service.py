"""The scoring service of one game: judgement + marks + method + parameters -> counts.

A `Scorer` holds the judge (and its cache of judged positions) and knows how the rules
choose a method's parameters and when a count must be refused.  The GTP commands, the
score command line and the match referee all count through it; it imports nothing above
the judgement layer.
"""

from __future__ import annotations

from typing import Any

from ..base import COLOUR_LETTER, PUBLIC
from ..core.board import BLACK, COLOUR_NAME, EMPTY, WHITE
from ..core.game import Game
from ..counting import (
    A_LIKE,
    BALANCES,
    METHODS,
    Analysis,
    analyse,
    count,
    method_slug,
    score_detail,
)
from ..counting.types import Count
from ..judgement import ALIVE as ALIVE_STATUS
from ..judgement import DEAD, FirstMove, find_seki
from ..judgement.marks import ALL_ALIVE_METHODS, Judge, Verdict, scoring_input, to_judgement

_UNSET: Any = object()  # "not given": the end of the game is read from the game itself


class ScoringError(ValueError):
    """A count that cannot be made: an unknown method or rules, a bad record or parameter.
    The message says why."""


class UnclearError(ScoringError):
    """The judgement left strings undecided that could change the winner (`strings`: their
    stone points)."""

    def __init__(self, message: str, strings: list[tuple[int, ...]]) -> None:
        super().__init__(message)
        self.strings = strings


class DisputeError(UnclearError):
    """Unclear strings whose fate depends on who moves first, with a different result each
    way: the rules' procedure for a dispute settles them, not the judgement.

    first_move -- those strings (stone points) -> FirstMove; results -- the result under the
        method when Black / White moves first; procedure -- the rules' way to settle it, in
        words
    """

    def __init__(self, message: str, first_move: dict[tuple[int, ...], FirstMove],
                 results: dict[int, str], procedure: str) -> None:
        super().__init__(message, list(first_move))
        self.first_move = first_move
        self.results = results
        self.procedure = procedure


ALIVE = "every stone alive"  # how an entry of the detail of 'all' took the stones
REMOVED = "dead stones removed"


def check_method(name: str) -> str:
    """The slug of a method named by its slug or Chinese name, or ScoringError naming the
    closest few."""
    try:
        return method_slug(name)
    except ValueError as exc:
        raise ScoringError(str(exc)) from None


def dispute_procedure(game: Game, info: Any = _UNSET) -> str:
    """The rules' way to settle a dispute over strings whose fate depends on who moves
    first (docs/ending.md, "Strings that depend on who moves first"), in words.

    The natural version resumes play after a stop agreed by weiqi-stop with two virtual
    moves, then the proposer moves (第五条3); the art version tests the paused position in a
    test play that either side may start (第十三条); otherwise play simply goes on."""
    from ..core import ending

    info = end_info(game) if info is _UNSET else info
    state = info.state if info is not None else ""
    name = COLOUR_NAME
    rules_ending = game.rules.ending
    if (rules_ending == "NATURAL" and state == ending.AGREED and info.proposer is not None
            and ending.stopped_by(game) == "stop"):
        return ("settle it by play (实战解决): weiqi-dispute resumes play with two virtual "
                f"moves, then {name[info.proposer]}, the proposer, moves first")
    if rules_ending == "ART" and state == ending.PAUSED:
        return ("settle it by a test play (实战解决): weiqi-test_play [colour] from the "
                "paused position, either side first, then weiqi-test_end")
    term = " (实战解决)" if rules_ending in ("NATURAL", "ART") else ""
    return f"settle it by play{term}: play on, {name[game.to_move]} to move"


def end_info(game: Game) -> Any:
    """How the game ended, by the rules' ending (docs/ending.md; None when that layer is
    absent)."""
    try:
        from ..core.ending import end_info as info_of
    except ImportError:
        return None
    return info_of(game)


def preload() -> None:
    """Import what counting a game imports on its first use (the rules' ending), so that
    worker processes forked afterwards share it instead of each importing it again."""
    try:
        from ..core import ending  # noqa: F401
    except ImportError:
        pass


class Scorer:
    """Counts games: the judge of dead stones (cached per position, seeded) and the rules'
    choice of method parameters."""

    def __init__(self, seed: int = 0, judge: Judge | None = None) -> None:
        self.judge = judge if judge is not None else Judge(seed=seed)

    def verdict(self, game: Game, slug: str | None = None, info: Any = _UNSET) -> Verdict:
        """The judgement to count `game` from under `slug` (default: the rules' method):
        every stone alive for Tromp–Taylor and after a forced end, else marks first, then
        the judge.  `info`: the game's end_info when the caller has it already."""
        alive = self.all_alive(game, slug or game.rules.counting, info)
        return self.judge.verdict(game, all_alive=alive)

    def params_for(self, game: Game, slug: str, given: dict[str, Any] | None = None,
                   info: Any = _UNSET) -> dict[str, Any]:
        """The method's parameters: the active rules' choices, then any given ones.

        The rules' balancing goes to shulu and dengzi, their bowl to the tianman methods;
        a standard method keeps its own handicap compensation (area N, aga N-1) unless it
        is the rules' own method.
        """
        rules = game.rules
        info_m = METHODS[slug]
        takes = info_m.params
        params: dict[str, Any] = {}
        if "balance" in takes and rules.balance:
            params["balance"] = rules.balance
        if "bowl" in takes and rules.bowl and info_m.family != "standard":
            params["bowl"] = rules.bowl
        if "white_handicap_bonus" in takes and (info_m.family != "standard"
                                                 or slug == rules.counting):
            params["white_handicap_bonus"] = rules.whiteHandicapBonus
        if "a_point" in takes and rules.aPoint:
            info = end_info(game) if info is _UNSET else info
        params.update(given or {})
        if ("a_point" in takes and rules.aPoint and info is not None and info.a_point
                and "a_point" not in (given or {})
                and params.get("balance", info_m.defaults.get("balance")) not in A_LIKE):
            params["a_point"] = True  # an A-like balancing charges the first mover already
        return params

    def count(self, game: Game, slug: str, verdict: Verdict | None = None,
              given: dict[str, Any] | None = None, analysis: Analysis | None = None,
              info: Any = _UNSET) -> Count:
        """The count of `game` under `slug` (verdict default: `self.verdict`); a bad
        parameter is a ScoringError."""
        if verdict is None:
            verdict = self.verdict(game, slug, info)
        params = self.params_for(game, slug, given, info)
        try:
            if analysis is not None:  # made from this game and verdict (count_many)
                return count(slug, analysis.inp, analysis.judgement, analysis=analysis,
                             **params)
            return count(slug, scoring_input(game), to_judgement(game, verdict), **params)
        except ValueError as exc:
            raise ScoringError(str(exc)) from None

    def count_many(self, game: Game, slugs: list[str], given: dict[str, Any] | None = None
                   ) -> list[tuple[Count, Verdict, bool]]:
        """The counts under several methods, each with the verdict it used and whether that
        verdict took every stone alive; the methods that share a verdict share one analysis
        of the position (blocks, eyes, regions), and the game's end is read once."""
        info = end_info(game)
        shared: dict[bool, tuple[Verdict, Analysis]] = {}
        out: list[tuple[Count, Verdict, bool]] = []
        inp = None
        for slug in slugs:
            alive = self.all_alive(game, slug, info)
            if alive not in shared:
                verdict = self.judge.verdict(game, all_alive=alive)
                inp = inp or scoring_input(game)
                shared[alive] = (verdict, analyse(inp, to_judgement(game, verdict)))
            verdict, analysis = shared[alive]
            # one method takes every parameter given (and refuses one it does not take);
            # several take each the ones they know
            mine = dict(given or {}) if len(slugs) == 1 else {
                k: v for k, v in (given or {}).items() if k in METHODS[slug].params}
            out.append((self.count(game, slug, verdict, mine, analysis, info), verdict, alive))
        return out

    def result(self, game: Game, slug: str) -> str:
        """One line: B+x / W+x / 0 under `slug`, `Void` for no result; UnclearError when
        undecided strings could change the winner."""
        info = end_info(game)
        if info is not None and info.state == "draw":
            return "0"
        if info is not None and info.state == "no_result":
            return "Void"
        if info is not None and info.state == "trial":
            raise ScoringError("cannot score: test play in progress (weiqi-test_end ends it)")
        verdict = self.verdict(game, slug)
        counted = self.count(game, slug, verdict)
        disputed = verdict.first_move
        if disputed:
            results = {c: self.first_mover_count(game, slug, verdict, c).result
                       for c in (BLACK, WHITE)}
            if results[BLACK] != results[WHITE]:
                procedure = dispute_procedure(game, info)
                raise DisputeError("cannot score: strings depend on who moves first "
                                   f"(Black first {results[BLACK]}, White first "
                                   f"{results[WHITE]}); {procedure}", disputed, results,
                                   procedure)
        if verdict.unclear and len(self.possible_winners(game, slug, verdict)) > 1:
            raise UnclearError("cannot score: unclear strings could change the winner",
                               list(verdict.unclear))
        return counted.result

    def possible_winners(self, game: Game, slug: str, verdict: Verdict) -> set[str | None]:
        """The winners under `slug` as the judgement stands and with the unclear strings of
        one side all alive and the other side's all dead (owners left to the counting)."""
        winners = {self.count(game, slug, verdict).winner}
        return winners | {c.winner for c in self.unclear_outcomes(game, slug, verdict)}

    def first_mover_count(self, game: Game, slug: str, verdict: Verdict, colour: int) -> Count:
        """The count under `slug` with the strings that depend on who moves first as they
        end when `colour` moves first (one left unclear even then stays on the board); owners
        are left to the counting, as in `unclear_outcomes`."""
        status = dict(verdict.status)
        for string, first in verdict.first_move.items():
            outcome = first.outcome(colour)
            if outcome in (ALIVE_STATUS, DEAD):
                status.update((p, outcome) for p in string)
        return self.count(game, slug, Verdict(status, {}))

    def unclear_outcomes(self, game: Game, slug: str, verdict: Verdict) -> list[Count]:
        """The counts under `slug` with the unclear strings of one side all alive and the
        other side's all dead, each way round (none when nothing is unclear); owners are left
        to the counting, as they depend on those statuses."""
        board = game.board
        outcomes = []
        for favoured in (BLACK, WHITE) if verdict.unclear else ():
            status = dict(verdict.status)
            for string in verdict.unclear:
                alive = board.colour[string[0]] == favoured
                status.update((p, "alive" if alive else "dead") for p in string)
            outcomes.append(self.count(game, slug, Verdict(status, {})))
        return outcomes

    def detail(self, game: Game, slug: str, given: dict[str, Any] | None = None
               ) -> dict[str, Any]:
        """The whole count as JSON-able data (points as [row, col]): one method, or 'all'
        with each method's own parameters and shulu / dengzi under every balancing."""
        given = given or {}
        verdict = self.verdict(game, "area" if slug == "all" else slug)
        inp = scoring_input(game)
        judgement = to_judgement(game, verdict)
        try:
            if slug != "all":
                detail = score_detail(slug, inp, judgement, self.params_for(game, slug, given))
            else:
                detail = {}
                entries = []
                judged = {self.all_alive(game, "area"): judgement}
                for each, info_m in METHODS.items():
                    # each method from its own judgement: tromp_taylor counts every stone
                    # alive, as its final_score does; each entry says which it used
                    every_alive = self.all_alive(game, each)
                    if every_alive not in judged:
                        judged[every_alive] = to_judgement(game, self.verdict(game, each))
                    mine = {k: v for k, v in given.items() if k in info_m.params}
                    for bal in BALANCES if "balance" in info_m.params else (None,):
                        params = self.params_for(game, each, mine)
                        if bal is not None:
                            params["balance"] = bal
                            if bal in A_LIKE:  # it already charges the first mover
                                params.pop("a_point", None)
                        part = score_detail(each, inp, judged[every_alive], params)
                        detail = detail or part
                        for entry in part["methods"]:
                            entry["judgement"] = ALIVE if every_alive else REMOVED
                        entries += part["methods"]
                detail["methods"] = entries
        except ValueError as exc:
            raise ScoringError(str(exc)) from None
        detail["rules"] = game.rules.preset_name or game.rules.as_dict()
        rc = game.board.row_col
        detail["unclear"] = [sorted(rc(p) for p in s) for s in verdict.unclear]
        if verdict.first_move:
            detail["first_move"] = [
                {"stones": sorted(rc(p) for p in s), "black": f.black, "white": f.white,
                 "black_move": [rc(f.black_move)] if f.black_move >= 0 else [],
                 "white_move": [rc(f.white_move)] if f.white_move >= 0 else []}
                for s, f in verdict.first_move.items()]
        info = end_info(game)
        if info is not None:
            detail["end"] = info.state
        return detail

    def point_owners(self, game: Game, verdict: Verdict) -> dict[int, str]:
        """Owner of every empty point and dead stone's point (b / w / public), as the
        point count (zikong) sees them."""
        result = self.count(game, "zikong", verdict)
        board = game.board
        territory = result.artefacts.get("territory", {})
        owners: dict[int, str] = {}
        for colour in (COLOUR_LETTER[BLACK], COLOUR_LETTER[WHITE]):
            for rc in territory.get(colour, []):
                owners[board.point(*rc)] = colour
        for p in board.points:
            if board.colour[p] == EMPTY and p not in owners:
                owners[p] = verdict.owner.get(p, PUBLIC)
        return owners

    def mark_exactly_dead(self, game: Game, points: list[int]) -> None:
        """Mark exactly the strings at `points` dead and every other string alive, or in
        seki where the seki detection finds one once the dead stones are off (with the
        seki's one-sided points as owner marks).  Nothing is left to the slower judgement
        of life and death: the record or the caller has decided it."""
        board = game.board
        dead = {q for p in points for q in board.string_at(p)}
        seki = find_seki(board, dead)
        in_seki = seki.stones()
        groups: dict[str, list[int]] = {"dead": [], "seki": [], "alive": []}
        for _colour, stones, _libs in board.strings():
            first = stones[0]
            groups["dead" if first in dead else "seki" if first in in_seki else "alive"
                   ].append(first)
        for status, firsts in groups.items():
            if firsts:
                game.mark_status(firsts, status)
        for colour, letter in COLOUR_LETTER.items():
            owned = [p for p, c in {**seki.one_sided, **seki.own_liberties}.items()
                     if c == colour and board.colour[p] == EMPTY]
            if owned:
                game.mark_owner(owned, letter)

    def all_alive(self, game: Game, slug: str, info: Any = _UNSET) -> bool:
        """Whether `slug` counts `game` with every stone alive (Tromp–Taylor, a forced
        end after four virtual moves)."""
        if slug in ALL_ALIVE_METHODS or game.forced_end:
            return True
        info = end_info(game) if info is _UNSET else info
        return (slug in ALL_ALIVE_METHODS or bool(info is not None and info.all_alive)
                or game.forced_end)

__all__ = ["ALIVE", "REMOVED", "DisputeError", "Scorer", "ScoringError", "UnclearError",
           "check_method", "dispute_procedure", "end_info", "preload"]

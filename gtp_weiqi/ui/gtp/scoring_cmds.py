"""GTP commands for judging and counting: final_score (and one per counting method),
weiqi-score, weiqi-methods, final_status / final_status_list, explicit marks, cleanup.

Everything here reads the game through the judgement bridge (marks first, then the
engine's own judgement) and the pure counting functions.
"""

from __future__ import annotations

import json
from typing import Any

from ...core.board import BLACK, EMPTY, WHITE, opponent
from ...core.game import Game, IllegalPlay
from ...counting import (
    A_LIKE,
    BALANCES,
    METHODS,
    count,
    method_slug,
    parse_params,
    score_detail,
)
from ...counting.types import Count
from ...judgement.marks import ALL_ALIVE_METHODS, Judge, Verdict, scoring_input, to_judgement
from ...player.simple import choose_move
from .engine import WeiqiEngine, parse_colour
from .protocol import GtpError

STONE_STATUSES = ("alive", "dead", "seki")
POINT_STATUSES = ("black_territory", "white_territory", "dame")
OWNERS = {"black": "b", "b": "b", "white": "w", "w": "w", "public": "public"}


def scoring_of(engine: WeiqiEngine) -> Scoring:
    """The engine's scoring layer (shared judge cache), or a private one if none is bound."""
    for name in ("weiqi-score", "final_score"):
        cmd = engine.commands.get(name)
        owner = getattr(cmd.handler, "__self__", None) if cmd is not None else None
        if isinstance(owner, Scoring):
            return owner
    return Scoring(engine)


ALIVE = "every stone alive"  # how a count of weiqi-score all took the stones
REMOVED = "dead stones removed"


class Scoring:
    """The scoring side of one engine: its judge, and the commands that use it."""

    def __init__(self, engine: WeiqiEngine) -> None:
        self.engine = engine
        self.judge = Judge(seed=engine.seed)

    # -- shared -------------------------------------------------------------------------

    def end_info(self, game: Game | None = None) -> Any:
        """How the game (default: the engine's) ended, by the rules' ending (docs/ending.md;
        None when that layer is absent)."""
        try:
            from ...core.ending import end_info
        except ImportError:
            return None
        return end_info(game or self.engine.game)

    def verdict(self, slug: str | None = None, game: Game | None = None) -> Verdict:
        """The judgement to count from under `slug` (default: the active rules' method), for
        `game` (default: the engine's; another one shares the judge's cache)."""
        game = game or self.engine.game
        return self.judge.verdict(game, all_alive=self.counts_every_stone_alive(slug, game))

    def counts_every_stone_alive(self, slug: str | None = None, game: Game | None = None
                                 ) -> bool:
        """True when `slug` counts every stone alive here: Tromp–Taylor, or an end (四虚终局)
        after which no stone is dead."""
        game = game or self.engine.game
        slug = slug or game.rules.counting
        info = self.end_info(game)
        return (slug in ALL_ALIVE_METHODS or bool(info is not None and info.all_alive)
                or game.forced_end)

    def params_for(self, slug: str, given: dict[str, Any] | None = None,
                   game: Game | None = None) -> dict[str, Any]:
        """The method's parameters: the active rules' choices, then any given ones.

        The rules' balancing goes to shulu and dengzi, their bowl to the tianman methods;
        a standard method keeps its own handicap compensation (area N, aga N-1) unless it
        is the rules' own method.
        """
        game = game or self.engine.game
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
        info = self.end_info(game)
        params.update(given or {})
        if ("a_point" in takes and rules.aPoint and info is not None and info.a_point
                and "a_point" not in (given or {})
                and params.get("balance", info_m.defaults.get("balance")) not in A_LIKE):
            params["a_point"] = True  # an A-like balancing charges the first mover already
        return params

    def count(self, slug: str, verdict: Verdict, given: dict[str, Any] | None = None,
              game: Game | None = None) -> Count:
        game = game or self.engine.game
        try:
            return count(slug, scoring_input(game), to_judgement(game, verdict),
                         **self.params_for(slug, given, game))
        except ValueError as exc:
            raise GtpError(str(exc)) from None

    def score(self, slug: str) -> str:
        """One line: B+x / W+x / 0 under `slug`, or a clear refusal when unclear strings
        could change the winner."""
        info = self.end_info()
        if info is not None and info.state == "draw":
            return "0"
        if info is not None and info.state == "no_result":
            return "Void"
        if info is not None and info.state == "trial":
            raise GtpError("cannot score: test play in progress (weiqi-test_end ends it)")
        verdict = self.verdict(slug)
        result = self.count(slug, verdict)
        if verdict.unclear:
            winners = {result.winner}
            board = self.engine.game.board
            for favoured in (BLACK, WHITE):
                # the unclear strings of one side alive, the other side's dead; owners are
                # left to the counting, as they depend on those statuses
                status = dict(verdict.status)
                for string in verdict.unclear:
                    alive = board.colour[string[0]] == favoured
                    status.update((p, "alive" if alive else "dead") for p in string)
                winners.add(self.count(slug, Verdict(status, {})).winner)
            if len(winners) > 1:
                listed = self.engine.format_points([s[0] for s in verdict.unclear])
                raise GtpError(f"cannot score: unclear {listed}")
        return result.result

    # -- commands -----------------------------------------------------------------------

    def cmd_final_score(self, args: list[str]) -> str:
        self.engine._arity(args, 0, 1)  # GNU Go accepts an optional seed
        return self.score(self.engine.game.rules.counting)

    def cmd_final_score_for(self, slug: str):  # noqa: ANN201 - a handler factory
        def handler(args: list[str]) -> str:
            self.engine._arity(args, 0)
            return self.score(slug)
        return handler

    def cmd_score(self, args: list[str]) -> str:
        if not args:
            raise GtpError("syntax error: weiqi-score <slug|all> [key=value ...]")
        slug = args[0].lower()
        if slug != "all":
            try:
                slug = method_slug(args[0])
            except ValueError as exc:
                raise GtpError(str(exc).replace("; known: ", "; known: all, ")) from None
        try:
            given = parse_params(args[1:])
        except ValueError as exc:
            raise GtpError(str(exc)) from None
        game = self.engine.game
        verdict = self.verdict("area" if slug == "all" else slug)
        inp = scoring_input(game)
        judgement = to_judgement(game, verdict)
        try:
            if slug != "all":
                detail = score_detail(slug, inp, judgement, self.params_for(slug, given))
            else:
                # each method with the parameters final_score_<slug> would use; shulu and
                # dengzi under every balancing
                detail = {}
                entries = []
                judged = {self.counts_every_stone_alive("area"): judgement}
                for each, info_m in METHODS.items():
                    # each method from its own judgement: tromp_taylor counts every stone
                    # alive, as its final_score does; each entry says which it used
                    every_alive = self.counts_every_stone_alive(each)
                    if every_alive not in judged:
                        judged[every_alive] = to_judgement(game, self.verdict(each))
                    mine = {k: v for k, v in given.items() if k in info_m.params}
                    balances = BALANCES if "balance" in info_m.params else (None,)
                    for bal in balances:
                        params = self.params_for(each, mine)
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
            raise GtpError(str(exc)) from None
        detail["rules"] = game.rules.preset_name or game.rules.as_dict()
        detail["unclear"] = [self.engine.format_points(list(s)).split() for s in verdict.unclear]
        info = self.end_info()
        if info is not None:
            detail["end"] = info.state
        return json.dumps(_vertices(detail), ensure_ascii=False,
                          separators=(",", ":"))

    def cmd_methods(self, args: list[str]) -> str:
        """One line per method: `slug 中文名 | English name` (names may hold spaces, so a
        bar parts them)."""
        self.engine._arity(args, 0)
        return "\n".join(f"{m.slug} {m.name_zh} | {m.name_en}" for m in METHODS.values())

    def cmd_final_status_list(self, args: list[str]) -> str:
        self.engine._arity(args, 1, 2)
        wanted = args[0].lower()
        if wanted not in STONE_STATUSES + POINT_STATUSES:
            raise GtpError("invalid status")
        verdict = self.verdict()
        board = self.engine.game.board
        if wanted in STONE_STATUSES:
            seen: set[int] = set()
            lines = []
            for p in board.points:
                if board.colour[p] == EMPTY or p in seen:
                    continue
                string = board.string_at(p)
                seen.update(string)
                if verdict.status.get(p, "alive") == wanted:
                    lines.append(self.engine.format_points(string))
            return "\n".join(lines)
        owners = self._point_owners(verdict)
        code = {"black_territory": "b", "white_territory": "w", "dame": "public"}[wanted]
        return self.engine.format_points([p for p, o in owners.items() if o == code])

    def _point_owners(self, verdict: Verdict) -> dict[int, str]:
        """Owner of every empty point and dead stone's point (b / w / public)."""
        engine = self.engine
        game = engine.game
        result = self.count("zikong", verdict)
        board = game.board
        territory = result.artefacts.get("territory", {})
        owners: dict[int, str] = {}
        for colour in ("b", "w"):
            for rc in territory.get(colour, []):
                owners[board.point(*rc)] = colour
        for p in board.points:
            if board.colour[p] == EMPTY and p not in owners:
                owners[p] = verdict.owner.get(p, "public")
        return owners

    def cmd_final_status(self, args: list[str]) -> str:
        self.engine._arity(args, 1, 2)
        p = self.engine.vertex(args[0])
        if p is None:
            raise GtpError("syntax error: a board vertex is needed")
        verdict = self.verdict()
        if self.engine.game.board.colour[p] != EMPTY:
            return verdict.status.get(p, "alive")
        owner = self._point_owners(verdict).get(p, "public")
        return {"b": "black_territory", "w": "white_territory"}.get(owner, "dame")

    def _vertices_arg(self, args: list[str]) -> list[int]:
        points = []
        for text in args:
            p = self.engine.vertex(text)
            if p is None:
                raise GtpError("syntax error: pass is not a point")
            points.append(p)
        return points

    def cmd_set_status(self, args: list[str]) -> str:
        if len(args) < 2 or args[0].lower() not in STONE_STATUSES:
            raise GtpError("syntax error: weiqi-set_status <alive|dead|seki> <vertex>...")
        points = self._vertices_arg(args[1:])
        try:
            self.engine.game.mark_status(points, args[0].lower())
        except IllegalPlay as exc:
            raise GtpError(exc.reason) from None
        return ""

    def cmd_set_owner(self, args: list[str]) -> str:
        if len(args) < 2 or args[0].lower() not in OWNERS:
            raise GtpError("syntax error: weiqi-set_owner <black|white|public> <vertex>...")
        points = self._vertices_arg(args[1:])
        try:
            self.engine.game.mark_owner(points, OWNERS[args[0].lower()])
        except IllegalPlay as exc:
            raise GtpError(exc.reason) from None
        return ""

    def cmd_clear_status(self, args: list[str]) -> str:
        self.engine._arity(args, 0)
        self.engine.game.clear_marks()
        return ""

    def cmd_unclear(self, args: list[str]) -> str:
        self.engine._arity(args, 0)
        return "\n".join(self.engine.format_points(list(s)) for s in self.verdict().unclear)

    def cmd_dead_stones(self, args: list[str]) -> str:
        """GoGui editable point list: `show` lists the dead stones; a list marks exactly
        those strings dead (and the other strings judged dead alive again); no arguments
        means no dead stones (GoGui sends the bare command when the list is emptied)."""
        if args == ["show"]:
            verdict = self.verdict()
            return self.engine.format_points([p for p, s in verdict.status.items() if s == "dead"])
        points = self._vertices_arg(args)
        game = self.engine.game
        board = game.board
        for p in points:
            if board.colour[p] == EMPTY:
                raise GtpError("no stone at a marked point")
        verdict = self.verdict()
        chosen = {q for p in points for q in board.string_at(p)}
        revive = [p for p, s in verdict.status.items() if s == "dead" and p not in chosen]
        if revive:
            game.mark_status(revive, "alive")
        game.mark_status(points, "dead")
        return ""

    def cmd_genmove_cleanup(self, args: list[str]) -> str:
        """kgs-genmove_cleanup: play on until dead stones are captured; pass only when no
        stone of the opponent is judged dead."""
        engine = self.engine
        engine._arity(args, 1)
        colour = parse_colour(args[0])
        point = self._cleanup_move(colour)
        engine.game.play(colour, point)
        engine.after_move()
        return engine.format_point(point)

    def _cleanup_move(self, colour: int) -> int | None:
        import random

        engine = self.engine
        game = engine.game
        board = game.board
        verdict = self.judge.verdict(game)
        opp = opponent(colour)
        targets = [p for p, s in verdict.status.items()
                   if s == "dead" and board.colour[p] == opp]
        best: tuple[int, int] | None = None
        for p in targets:
            libs = board.liberties_at(p)
            for lib in libs:
                if not game.is_legal(colour, lib):
                    continue
                score = 100 if len(libs) == 1 else 10 - len(libs)
                if best is None or score > best[0]:
                    best = (score, lib)
        if best is not None:
            return best[1]
        rng = random.Random(f"{engine.seed}:cleanup:{len(game.moves)}")
        return choose_move(game, colour, rng)

    def register(self) -> None:
        r = self.engine.register
        r("final_score", self.cmd_final_score)
        for slug in METHODS:
            r(f"final_score_{slug}", self.cmd_final_score_for(slug))
        r("weiqi-score", self.cmd_score)
        r("weiqi-methods", self.cmd_methods)
        r("final_status_list", self.cmd_final_status_list)
        r("final_status", self.cmd_final_status)
        r("weiqi-set_status", self.cmd_set_status)
        r("weiqi-set_owner", self.cmd_set_owner)
        r("weiqi-clear_status", self.cmd_clear_status)
        r("weiqi-unclear", self.cmd_unclear)
        r("weiqi-dead_stones", self.cmd_dead_stones)
        r("kgs-genmove_cleanup", self.cmd_genmove_cleanup)


def _is_point(x: Any) -> bool:
    return (isinstance(x, (list, tuple)) and len(x) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in x))


def _vertices(data: Any) -> Any:
    """Turn lists of [row, col] points inside counting artefacts into GTP vertices."""
    from ...core.coords import format_vertex

    if isinstance(data, dict):
        return {k: _vertices(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        if data and all(_is_point(x) for x in data):
            return [format_vertex((x[0], x[1])) for x in data]
        return [_vertices(x) for x in data]
    return data


def register_scoring_commands(engine: WeiqiEngine) -> Scoring:
    scoring = Scoring(engine)
    scoring.register()
    return scoring


__all__ = ["register_scoring_commands", "Scoring", "STONE_STATUSES"]

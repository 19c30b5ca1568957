"""GTP commands for judging and counting: final_score (and one per counting method),
weiqi-score, weiqi-methods, final_status / final_status_list, explicit marks, cleanup.

The counting itself is the scoring library's (gtp_weiqi.scoring): these are the adapters
that parse GTP arguments, format vertices and turn its errors into GTP answers.
"""

from __future__ import annotations

import json
import weakref
from typing import Any

from ...base import COLOUR_LETTER, COLOUR_OF_WORD, PUBLIC, STONE_STATUSES
from ...core import ending
from ...core.board import BLACK, EMPTY, WHITE, opponent
from ...core.game import Game, IllegalPlay
from ...counting import METHODS, parse_params
from ...counting.types import Count
from ...judgement.marks import Verdict
from ...player.simple import choose_move
from ...scoring.api import count_record
from ...scoring.finished import Finish, finish_of_game
from ...scoring.record import Record
from ...scoring.service import (  # noqa: F401 - ALIVE, REMOVED: what weiqi-score all says
    ALIVE,
    REMOVED,
    DisputeError,
    Scorer,
    ScoringError,
    UnclearError,
    check_method,
    end_info,
)
from .engine import WeiqiEngine
from .protocol import GtpError, Handler, check_arity, parse_colour

UNCLEAR = "unclear"  # final_status(_list): a string the judgement left undecided
# what weiqi-score adds to a method's entry of a count: the counting layer's detail
DETAIL_FIELDS = ("family", "komi", "handicap_bonus", "points", "guibenshu",
                 "guibenshu_comparison", "artefacts", "note")
POINT_STATUSES = ("black_territory", "white_territory", "dame")
# an owner argument (a colour's word, or public) -> the owner word of the marks
OWNERS = {**{word: COLOUR_LETTER[c] for word, c in COLOUR_OF_WORD.items()}, PUBLIC: PUBLIC}
# the end states after which a game has a result (core.ending's ending rules)
ENDED = (ending.AGREED, ending.FORCED, ending.PAUSED, ending.DRAW, ending.NO_RESULT,
         ending.NATURAL_END)


def scoring_of(engine: WeiqiEngine) -> Scoring:
    """The engine's scoring layer (shared judge cache), or a private one if none is bound."""
    bound = _BOUND.get(engine)
    if bound is not None:  # found even once another layer wrapped the commands (a proxy)
        return bound
    for name in ("weiqi-score", "final_score"):
        cmd = engine.commands.get(name)
        owner = getattr(cmd.handler, "__self__", None) if cmd is not None else None
        if isinstance(owner, Scoring):
            return owner
    return Scoring(engine)


class Scoring:
    """The GTP side of scoring for one engine: the scoring library's Scorer (its judge and
    cache) bound to the engine's game, and the commands that use it."""

    def __init__(self, engine: WeiqiEngine) -> None:
        self.engine = engine
        self.scorer = Scorer(seed=engine.seed)
        self.judge = self.scorer.judge

    # -- shared -------------------------------------------------------------------------

    def verdict(self, slug: str | None = None, game: Game | None = None) -> Verdict:
        """The judgement to count from under `slug` (default: the active rules' method), for
        `game` (default: the engine's; another one shares the judge's cache)."""
        return self.scorer.verdict(game or self.engine.game, slug)

    def count(self, slug: str, verdict: Verdict, given: dict[str, Any] | None = None,
              game: Game | None = None) -> Count:
        try:
            return self.scorer.count(game or self.engine.game, slug, verdict, given)
        except ScoringError as exc:
            raise GtpError(str(exc)) from None

    def score(self, slug: str) -> str:
        """One line: B+x / W+x / 0 under `slug`, or a clear refusal when unclear strings
        could change the winner."""
        try:
            return self.scorer.result(self.engine.game, slug)
        except DisputeError as exc:
            listed = self.engine.format_points([s[0] for s in exc.strings])
            results = f"Black first {exc.results[BLACK]}, White first {exc.results[WHITE]}"
            verb = "depends" if len(exc.strings) == 1 else "depend"
            raise GtpError(f"cannot score: {listed} {verb} on who moves first ({results}); "
                           f"{exc.procedure}") from None
        except UnclearError as exc:
            listed = self.engine.format_points([s[0] for s in exc.strings])
            raise GtpError(f"cannot score: unclear {listed}") from None
        except ScoringError as exc:
            raise GtpError(str(exc)) from None

    def finish(self) -> Finish:
        """Whether the engine's position is the end of a game, and its open points
        (scoring/finished.py), under the judgement that removes dead stones."""
        game = self.engine.game
        return finish_of_game(game, self.scorer.verdict(game, "area").status)

    def open_words(self) -> str:
        """`finished=true open=0`: what weiqi-end_state adds to its line."""
        finish = self.finish()
        return f"finished={str(finish.finished).lower()} open={len(finish.open_points)}"

    def sgf_result(self) -> str | None:
        """The SGF result (RE) of a game that has ended, as final_score counts it (`?` when it
        cannot); None while the game goes on."""
        info = end_info(self.engine.game)
        if info is None or info.state not in ENDED:
            return None
        try:
            return self.engine.run_command("final_score", [])
        except GtpError:
            return "?"

    # -- commands -----------------------------------------------------------------------

    def cmd_final_score(self, args: list[str]) -> str:
        check_arity(args, 0, 1)  # GNU Go accepts an optional seed
        return self.score(self.engine.game.rules.counting)

    def cmd_final_score_for(self, slug: str) -> Handler:
        def handler(args: list[str]) -> str:
            check_arity(args, 0)
            return self.score(slug)
        return handler

    def cmd_score(self, args: list[str]) -> str:
        if not args:
            raise GtpError("syntax error: weiqi-score <slug|all> [key=value ...]")
        slug = args[0].lower()
        if slug != "all":
            try:
                slug = check_method(args[0])
            except ScoringError as exc:
                raise GtpError(str(exc)) from None
        try:
            given = parse_params(args[1:])
        except ValueError as exc:
            raise GtpError(str(exc)) from None
        try:
            detail = self.scorer.detail(self.engine.game, slug, given)
            return json.dumps(self.count_json(slug, given, detail), ensure_ascii=False,
                              separators=(",", ":"))
        except ScoringError as exc:
            raise GtpError(str(exc)) from None

    def count_json(self, slug: str, given: dict[str, Any], detail: dict[str, Any]
                   ) -> dict[str, Any]:
        """The answer of weiqi-score: the count in its one form (docs/count.schema.json),
        each method's entry with the counting's detail (family, komi, handicap bonus,
        points, 归本数, artefacts) and the shared analysis; `all` gives shulu and dengzi
        under every balancing, one entry each."""
        game = self.engine.game
        slugs = list(METHODS) if slug == "all" else [slug]
        result = count_record(Record(game, {}, None, "<gtp>", 0), slugs, None, self.scorer,
                              given)
        out = result.to_dict()
        own = {m["slug"]: m for m in out["methods"]}
        shared = _vertices(detail)
        entries = []
        for entry in shared["methods"]:
            mine = dict(own[entry["slug"]])
            for key in ("black", "white", "margin"):
                mine[key] = float(entry[key])
            mine.update(result=entry["result"], winner=entry["winner"],
                        params=entry["params"])
            mine.update({k: v for k, v in entry.items() if k in DETAIL_FIELDS})
            entries.append(mine)
        out["methods"] = entries
        out["analysis"] = shared["analysis"]
        out.update({k: shared[k] for k in ("handicap", "first_mover", "last_mover", "end")
                    if k in shared})
        return out

    def cmd_methods(self, args: list[str]) -> str:
        """One line per method: `slug 中文名 | English name` (names may hold spaces, so a
        bar parts them)."""
        check_arity(args, 0)
        return "\n".join(f"{m.slug} {m.name_zh} | {m.name_en}" for m in METHODS.values())

    def cmd_final_status_list(self, args: list[str]) -> str:
        check_arity(args, 1, 2)
        wanted = args[0].lower()
        if wanted not in STONE_STATUSES + (UNCLEAR,) + POINT_STATUSES:
            raise GtpError("invalid status")
        verdict = self.verdict()
        board = self.engine.game.board
        if wanted in STONE_STATUSES + (UNCLEAR,):
            unclear = {p for s in verdict.unclear for p in s}
            seen: set[int] = set()
            lines = []
            for p in board.points:
                if board.colour[p] == EMPTY or p in seen:
                    continue
                string = board.string_at(p)
                seen.update(string)
                status = UNCLEAR if p in unclear else verdict.status.get(p, "alive")
                if status == wanted:
                    lines.append(self.engine.format_points(string))
            return "\n".join(lines)
        owners = self._point_owners(verdict)
        code = {"black_territory": "b", "white_territory": "w", "dame": "public"}[wanted]
        return self.engine.format_points([p for p, o in owners.items() if o == code])

    def _point_owners(self, verdict: Verdict) -> dict[int, str]:
        """Owner of every empty point and dead stone's point (b / w / public)."""
        try:
            return self.scorer.point_owners(self.engine.game, verdict)
        except ScoringError as exc:
            raise GtpError(str(exc)) from None

    def cmd_final_status(self, args: list[str]) -> str:
        check_arity(args, 1, 2)
        p = self.engine.vertex(args[0])
        if p is None:
            raise GtpError("syntax error: a board vertex is needed")
        verdict = self.verdict()
        if self.engine.game.board.colour[p] != EMPTY:
            if any(p in s for s in verdict.unclear):
                return UNCLEAR
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
        check_arity(args, 0)
        self.engine.game.clear_marks()
        return ""

    def cmd_unclear(self, args: list[str]) -> str:
        """One line per unclear string: its stones, then, when its fate depends on who moves
        first, 'depends on who moves first: Black first alive (D1), White first dead (D1)';
        then, when lone stones in open kos stand in miai (见合: whoever moves first
        connects its own or takes one, the other side does the same on another, and the
        count is the same), one line `miai: E1 D9`;
        then, when the position is not a finished game, one line `open: A1 B1 ...` with
        every open point (points enclosed by neither colour, scoring/finished.py)."""
        check_arity(args, 0)
        verdict = self.verdict()
        first_move = verdict.first_move
        lines = []
        for s in verdict.unclear:
            line = self.engine.format_points(list(s))
            if s in first_move:
                line += " " + first_move[s].describe(
                    lambda p: self.engine.format_points([p]))
            lines.append(line)
        if verdict.miai:
            lines.append("miai: " + " ".join(self.engine.format_points(list(s))
                                             for s in verdict.miai))
        finish = self.finish()
        if finish.open_points:
            lines.append("open: " + " ".join(finish.open_points))
        return "\n".join(lines)

    def cmd_dead_stones(self, args: list[str]) -> str:
        """The dead stones, read or set.  No arguments, or `show`, lists them (asking never
        changes the count); `none` marks every string alive; a list of vertices marks
        exactly those strings dead (the other strings judged dead alive again).  `set`
        before any of these is GoGui's form: its editable list is `weiqi-dead_stones set`,
        so it asks `set show` and sends `set V...`, or a bare `set` for an emptied list,
        which means no dead stones."""
        words = [a.lower() for a in args]
        gogui = bool(words) and words[0] == "set"
        if gogui:
            args, words = args[1:], words[1:]
        if words in ([], ["show"]) and not (gogui and not words):
            verdict = self.verdict()
            return self.engine.format_points([p for p, s in verdict.status.items() if s == "dead"])
        if words == ["none"]:
            args = []
        elif "show" in words or "none" in words:
            raise GtpError("syntax error: weiqi-dead_stones [show | none | VERTEX... | "
                           "set [show | VERTEX...]]")
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
        if points:
            game.mark_status(points, "dead")
        return ""

    def cmd_genmove_cleanup(self, args: list[str]) -> str:
        """kgs-genmove_cleanup: play on until dead stones are captured; pass only when no
        stone of the opponent is judged dead."""
        engine = self.engine
        check_arity(args, 1)
        colour = parse_colour(args[0])
        point = self._cleanup_move(colour)
        engine.game.play(colour, point)
        engine.after_move()
        return engine.format_move(point)

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
        self.engine.result_hooks.append(self.sgf_result)
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


# each engine's registered scoring layer
_BOUND: weakref.WeakKeyDictionary[WeiqiEngine, Scoring] = weakref.WeakKeyDictionary()


def register_scoring_commands(engine: WeiqiEngine) -> Scoring:
    scoring = Scoring(engine)
    scoring.register()
    _BOUND[engine] = scoring
    return scoring


__all__ = ["register_scoring_commands", "Scoring", "STONE_STATUSES"]

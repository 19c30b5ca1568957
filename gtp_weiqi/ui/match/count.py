"""The counted end of a refereed game: whether the engines agree with the judgement on the
dead stones (`agreement`), marking the strings to count after a cleanup or at the move
limit (`settle`), and the count itself under the rules' own method and under every method
(`count`), all through the scoring library on the referee's game."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...core import ending
from ...core.coords import format_vertex, parse_vertex_list
from ...core.game import Game
from ...scoring.service import Scorer, ScoringError, UnclearError
from .players import Player


def vertex(game: Game, point: int | None) -> str:
    """A board point as GTP writes it (pass for None)."""
    return format_vertex(None if point is None else game.board.row_col(point))


def points(game: Game, text: str) -> set[int]:
    """The board points of a vertex list (an engine's answer or our own)."""
    return {game.board.point(*rc) for rc in parse_vertex_list(text, game.width, game.height)}


def agreement(scorer: Scorer, game: Game, players: Iterable[Player]) -> tuple[bool, str]:
    """Whether both engines' dead stones equal ours (and ours are all decided), and why."""
    verdict = scorer.verdict(game)
    if verdict.unclear:
        unsure = " ".join(vertex(game, p) for s in verdict.unclear for p in sorted(
            s, key=game.board.row_col))
        return False, f"our judgement is unsure of {unsure}"
    ours = {p for p, s in verdict.status.items() if s == "dead"}
    shown = " ".join(sorted(vertex(game, p) for p in ours)) or "none"
    for player in players:
        if not player.known("final_status_list"):
            return False, f"{player.label} cannot list dead stones"
        text = player.ask("final_status_list", "dead")
        if text is None:
            return False, f"{player.label} failed final_status_list dead"
        theirs = points(game, text)
        if theirs != ours:
            listed = " ".join(sorted(vertex(game, p) for p in theirs)) or "none"
            return False, f"{player.label} sees dead {listed}, we see {shown}"
    return True, f"both engines and we see dead {shown}"


def settle(scorer: Scorer, game: Game, captured: set[int] | None) -> None:
    """Mark strings for counting: captured ones dead; strings our judgement calls dead
    (when the cleanup kept them) or cannot decide, alive."""
    report = scorer.judge.report(game)
    unclear = {p for string in report.unclear for p in string}
    groups: dict[str, list[int]] = {"dead": [], "alive": []}
    for _colour, stones, _libs in game.board.strings():
        first = stones[0]
        if captured is not None and any(p in captured for p in stones):
            groups["dead"].append(first)
        elif first in unclear or (captured is not None
                                  and report.status.get(first) == "dead"):
            groups["alive"].append(first)
    for status, marked in groups.items():
        if marked:
            game.mark_status(marked, status)


@dataclass
class Count:
    """The count of a game's final position: the rules' own result (`?` when it cannot be
    counted), the dead stones the result took and those the judgement sees, the count
    under every method, and notes on what failed."""

    result: str = "?"
    dead: list[int] = field(default_factory=list)
    judged_dead: list[int] = field(default_factory=list)
    methods: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def count(scorer: Scorer, game: Game) -> Count:
    """Count the position: the rules' own result, the dead stones it took, and the count
    under every method (the scoring library, on the referee's game)."""
    out = Count()
    try:
        out.result = scorer.result(game, game.rules.counting)
    except UnclearError as exc:
        firsts = sorted((s[0] for s in exc.strings), key=game.board.row_col)
        listed = " ".join(vertex(game, p) for p in firsts)
        out.notes.append(f"final_score failed: cannot score: unclear {listed}")
    except ScoringError as exc:
        out.notes.append(f"final_score failed: {exc}")
    verdict = scorer.verdict(game)
    dead = {p for p, s in verdict.status.items() if s == "dead"}
    out.dead = [] if ending.end_info(game).all_alive else sorted(dead)
    out.judged_dead = sorted(dead)
    try:
        out.methods = method_results(scorer.detail(game, "all"))
    except ScoringError as exc:
        out.notes.append(f"weiqi-score all failed: {exc}")
    return out


def method_results(detail: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The records' list of counts from `weiqi-score all`'s detail."""
    if not detail:
        return []
    out = []
    for entry in detail.get("methods", []):
        balance = (entry.get("params") or {}).get("balance")
        out.append({"method": entry["slug"] + (f"[{balance}]" if balance else ""),
                    "name": entry.get("name_zh", ""), "black": entry.get("black"),
                    "white": entry.get("white"), "unit": entry.get("unit", {}).get("en"),
                    "result": entry.get("result"), "judgement": entry.get("judgement")})
    return out


__all__ = ["Count", "agreement", "count", "method_results", "points", "settle", "vertex"]

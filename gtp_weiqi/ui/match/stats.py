"""The match summary: wins per engine and per colour, the `--black` engine's win rate with a
95% confidence interval (with and without the duplicate games), the score distribution,
game lengths and time per move.  Every count is present, zeros too, so a reader of
summary.json never has to guess whether a missing key means 0.

A game is a duplicate when an earlier game of the match had the same engines on the same
colours, the same moves in the same order and the same result: deterministic engines
(GNU Go at a fixed level) repeat themselves, and the copies would narrow the win rate's
interval without telling anything new."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from typing import Any

from ...core.lang import display_width, ljust, rjust, sentence, word
from .config import ENGINES, MatchConfig, engine_labels
from .outcome import FORFEIT_KINDS, EndReason

Z95 = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (draws may count as half a success)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


# Each engine's counts, in summary.json's order of reading; all present, zeros too.
ENGINE_COUNTS = ("wins", "losses", "draws", "no_result", "wins_as_B", "wins_as_W",
                 "forfeits", *(f"forfeits_{kind}" for kind in FORFEIT_KINDS), "time_losses",
                 "resignations")


def duplicates(records: list[dict[str, Any]]) -> dict[int, int]:
    """Each duplicate game's number -> the number of the first game it repeats (the same
    engines on the same colours, the same moves, the same result).  Records without a move
    sequence are never duplicates."""
    first: dict[tuple[str, str, str], int] = {}
    out: dict[int, int] = {}
    for r in sorted(records, key=lambda rec: rec["game"]):
        sequence = r.get("sequence")
        if not sequence:
            continue
        key = (r["colours"]["B"], sequence, r["result"])
        if key in first:
            out[r["game"]] = first[key]
        else:
            first[key] = r["game"]
    return out


def win_rate(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The `--black` engine's win rate over `records`: draws count half, games without a
    result left out, with its Wilson 95% interval."""
    first = ENGINES[0]
    wins = sum(1 for r in records if r["winner"] == first)
    draws = sum(1 for r in records if r["winner"] is None and r["margin"] == 0)
    decided = sum(1 for r in records if r["winner"] is not None) + draws
    rate = (wins + draws / 2) / decided if decided else None
    low, high = wilson_interval(wins + draws / 2, decided)
    return {"rate": None if rate is None else round(rate, 4),
            "ci95": None if rate is None else [round(low, 4), round(high, 4)],
            "decided_games": decided}


def _spread(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"count": 0}
    return {"count": len(values), "mean": round(statistics.fmean(values), 3),
            "median": statistics.median(values), "min": min(values), "max": max(values),
            "stdev": round(statistics.stdev(values), 3) if len(values) > 1 else 0.0}


def summarise(config: MatchConfig, engines: dict[str, dict[str, str]],
              records: list[dict[str, Any]]) -> dict[str, Any]:
    """Everything summary.json holds, from the finished games' records."""
    records = sorted(records, key=lambda r: r["game"])
    first, second = ENGINES
    per_engine: dict[str, Counter[str]] = {e: Counter(dict.fromkeys(ENGINE_COUNTS, 0))
                                           for e in ENGINES}
    per_colour: Counter[str] = Counter()
    ends: Counter[str] = Counter({end.value: 0 for end in EndReason})
    margins: list[float] = []  # from the --black engine's side: + means it won by that much
    for r in records:
        ends[r["end"]] += 1
        winner = r["winner"]
        if winner is None:
            key = "draws" if r["margin"] == 0 else "no_result"
            for e in ENGINES:
                per_engine[e][key] += 1
            per_colour[key] += 1
            if r["margin"] == 0:
                margins.append(0.0)
            continue
        loser = second if winner == first else first
        per_engine[winner]["wins"] += 1
        per_engine[loser]["losses"] += 1
        per_engine[winner][f"wins_as_{r['winner_colour']}"] += 1
        per_colour[r["winner_colour"]] += 1
        if r["end"] == "forfeit":
            per_engine[loser]["forfeits"] += 1
            per_engine[loser][f"forfeits_{r['forfeit']['kind']}"] += 1
        if r["end"] == "time":
            per_engine[loser]["time_losses"] += 1
        if r["end"] == "resign":
            per_engine[loser]["resignations"] += 1
        if r["margin"] is not None and r["end"] not in ("forfeit", "resign", "time"):
            margins.append(r["margin"] if winner == first else -r["margin"])
    copies = duplicates(records)
    distinct = [r for r in records if r["game"] not in copies]
    lengths = [float(r["moves"]) for r in records]
    move_time: dict[str, Any] = {}
    for e in ENGINES:
        moves = sum(r["time"].get(e, {}).get("moves", 0) for r in records)
        total = sum(r["time"].get(e, {}).get("total", 0.0) for r in records)
        slowest = max((r["time"].get(e, {}).get("max", 0.0) for r in records), default=0.0)
        move_time[e] = {"moves": moves, "total_seconds": round(total, 3),
                        "mean_seconds": round(total / moves, 4) if moves else None,
                        "max_seconds": slowest}
    histogram = Counter(margins)
    labels = engine_labels(config, {e: (engines.get(e, {}).get("name", ""),
                                        engines.get(e, {}).get("version", ""))
                                    for e in ENGINES})
    return {
        "config": {**config.identity(), "games": len(records)},
        "engines": {e: {"command": config.command(e), **engines.get(e, {})} for e in ENGINES},
        "labels": labels,
        "games": len(records),
        "wins": {e: {key: per_engine[e][key] for key in ENGINE_COUNTS} for e in ENGINES},
        "by_colour": {"B": per_colour["B"], "W": per_colour["W"],
                      "draws": per_colour["draws"], "no_result": per_colour["no_result"]},
        "win_rate": {
            "engine": first,
            **win_rate(records),
            "method": "Wilson score interval; draws count half; unfinished games left out",
            "without_duplicates": win_rate(distinct),
        },
        "duplicates": {
            "games": len(copies),
            "distinct": len(distinct),
            "rule": "same engines on the same colours, same moves, same result as an "
                    "earlier game",
            "of": {str(game): earlier for game, earlier in sorted(copies.items())},
        },
        "ends": dict(sorted(ends.items())),
        "scores": {
            "side": f"margin for {first} (negative: {second} won)",
            "spread": _spread(margins),
            "histogram": {str(k): v for k, v in sorted(histogram.items())},
        },
        "lengths": _spread(lengths),
        "time_per_move": move_time,
        "errors": sum(r["err"] for r in records),
    }


def report_text(summary: dict[str, Any], records: list[dict[str, Any]], lang: str = "en"
                ) -> str:
    """The plain-text report of a match, as gomill's ringmaster prints one: each engine's
    wins (as Black and as White), the forfeits with their reasons, the average time per
    move; in `lang` (zh, en, or both: a sentence in Chinese, then in English)."""
    labels = summary["labels"]
    config = summary["config"]
    width = max(display_width(label) for label in labels.values())
    lines = sentence(lang, "{games} games, {size}x{size}, rules {rules}, komi {komi}",
                     games=summary["games"], size=config["size"], rules=config["rules"],
                     komi=f"{config['komi']:g}") + [""]
    for e in ENGINES:
        lines.append(f"{ljust(labels[e], width)}  {summary['engines'][e]['command']}")
    lines.append("")
    played = {e: Counter(colour for r in records for colour, who in r["colours"].items()
                         if who == e) for e in ENGINES}
    heads = [word(lang, text) for text in ("wins", "as Black", "as White")]
    column = max(9, *(display_width(h) for h in heads))
    lines.append(ljust("", width) + "".join(f"  {rjust(h, column)}" for h in heads))
    for e in ENGINES:
        w = summary["wins"][e]
        games = sum(played[e].values())
        cells = (_share(w.get("wins", 0), games), _share(w.get("wins_as_B", 0), played[e]["B"]),
                 _share(w.get("wins_as_W", 0), played[e]["W"]))
        lines.append(ljust(labels[e], width) + "".join(f"  {c:>{column}}" for c in cells))
    rate = summary["win_rate"]
    if rate["rate"] is not None:
        low, high = rate["ci95"]
        lines += sentence(lang, "{name} win rate {rate} (95% interval {low} .. {high}; draws "
                          "count half)", name=labels[rate["engine"]], rate=f"{rate['rate']:.1%}",
                          low=f"{low:.1%}", high=f"{high:.1%}")
    copies = summary.get("duplicates", {})
    if copies.get("games"):
        lines += sentence(lang, "duplicates: {n} games repeat an earlier game move for move "
                          "({distinct} distinct)", n=copies["games"],
                          distinct=copies["distinct"])
        alone = rate.get("without_duplicates") or {}
        if alone.get("rate") is not None:
            low, high = alone["ci95"]
            lines += sentence(lang, "{name} win rate without them {rate} (95% interval {low} "
                              ".. {high})", name=labels[rate["engine"]],
                              rate=f"{alone['rate']:.1%}", low=f"{low:.1%}",
                              high=f"{high:.1%}")
    lines += sentence(lang, "draws {draws}, Black won {black}, White won {white}",
                      draws=summary["by_colour"]["draws"], black=summary["by_colour"]["B"],
                      white=summary["by_colour"]["W"])
    ordered = sorted(records, key=lambda r: r["game"])
    forfeits = [r for r in ordered if r.get("forfeit") and r["end"] != "time"]
    lines.append("")
    lines += sentence(lang, "forfeits: {n}", n=len(forfeits))
    for r in forfeits:
        f = r["forfeit"]
        lines += ["  " + line for line in sentence(
            lang, "game {game}: {name} ({colour}) {kind}: {message}", game=r["game"],
            name=labels.get(f["engine"], f["engine"]), colour=f["colour"], kind=f["kind"],
            message=f["message"])]
    if config.get("time") is not None:
        on_time = [r for r in ordered if r["end"] == "time"]
        lines += sentence(lang, "losses on time: {n} (time {time})", n=len(on_time),
                          time=config["time"])
        for r in on_time:
            f = r["forfeit"]
            lines += ["  " + line for line in sentence(
                lang, "game {game}: {name} ({colour}): {message}", game=r["game"],
                name=labels.get(f["engine"], f["engine"]), colour=f["colour"],
                message=f["message"])]
    if config.get("openings"):
        lines.append("")
        lines += sentence(lang, "openings: {n} files", n=len(config["openings"]))
    lines.append("")
    lines += sentence(lang, "average time per move:")
    for e in ENGINES:
        t = summary["time_per_move"][e]
        mean = "-" if t["mean_seconds"] is None else f"{t['mean_seconds']:.3f} s"
        lines += [f"  {ljust(labels[e], width)}  {line}" for line in sentence(
            lang, "{mean} over {moves} moves (longest {longest} s)", mean=mean,
            moves=t["moves"], longest=f"{t['max_seconds']:.3f}")]
    return "\n".join(lines) + "\n"


def _share(wins: int, games: int) -> str:
    return f"{wins}/{games}" if games else "-"

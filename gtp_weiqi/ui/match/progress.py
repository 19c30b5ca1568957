"""What a match shows on the terminal, in --lang: its progress on stderr (a bar on a
terminal, one plain line per game otherwise) and the few lines of its report at the end."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, TextIO

from ...core.lang import in_one, lines, sentence, word
from .config import ENGINES


class Progress:
    """A bar on a terminal (stderr); one plain line per game otherwise, in `lang` (both:
    the Chinese line, then the English).  Engines are named by their labels (by engine:
    `black_engine` / `white_engine` -> label); results, colours (B, W) and the kinds of
    forfeit stay as the records write them."""

    def __init__(self, total: int, done: int, stream: TextIO | None = None,
                 labels: dict[str, str] | None = None, lang: str = "en") -> None:
        self.lang = lang
        # sys.stderr as it is now, not as it was when this module was imported
        stream = sys.stderr if stream is None else stream
        self.labels = labels or {e: e for e in ENGINES}
        self.total = total
        self.done = done
        self.stream = stream
        self.tty = stream.isatty()
        self.started = time.monotonic()
        self.played = 0
        self.wins = {e: 0 for e in ENGINES}
        if self.tty:
            self._draw()

    def update(self, record: dict[str, Any]) -> None:
        self.done += 1
        self.played += 1
        if record.get("winner") in self.wins:
            self.wins[record["winner"]] += 1
        if self.tty:
            self._draw()
        else:
            forfeit = record.get("forfeit")
            colours = record.get("colours")
            said = []
            for one in ("zh", "en"):
                why = players = opening = ""
                if forfeit:
                    who = self.labels.get(forfeit["engine"], forfeit["engine"])
                    why = in_one(one, " ({name} loses on time)", name=who) \
                        if forfeit["kind"] == "time" else \
                        in_one(one, " ({name} forfeits: {kind})", name=who,
                               kind=forfeit["kind"])
                if colours:
                    players = in_one(one, "{black} (B) vs {white} (W): ",
                                     black=self.labels.get(colours["B"], colours["B"]),
                                     white=self.labels.get(colours["W"], colours["W"]))
                if record.get("opening"):
                    opening = in_one(one, ", opening {name}", name=record["opening"])
                said.append(in_one(
                    one, "game {game}: {players}{result}{why}, {moves} moves{opening}, "
                    "{seconds} s [{done}/{total}]", game=record["game"], players=players,
                    result=record["result"], why=why, moves=record["moves"], opening=opening,
                    seconds=f"{record['duration']:.1f}", done=self.done, total=self.total))
            for line in lines(self.lang, *said):
                print(line, file=self.stream, flush=True)

    def _draw(self) -> None:
        width = 30
        filled = int(width * self.done / self.total) if self.total else width
        elapsed = time.monotonic() - self.started
        left = ""
        if self.played:
            remaining = elapsed / self.played * (self.total - self.done)
            left = " " + word(self.lang, "~{clock} left", clock=_clock(remaining))
        wins = "  ".join(f"{self.labels.get(e, e)}: {n}" for e, n in self.wins.items())
        games = word(self.lang, "{done}/{total} games", done=self.done, total=self.total)
        line = (f"\r[{'#' * filled}{'.' * (width - filled)}] {games}"
                f"  {word(self.lang, 'wins: {wins}', wins=wins)}  {_clock(elapsed)}"
                f"{left} ")
        self.stream.write(line)
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


def report(summary: dict[str, Any], out: Path, lang: str = "en") -> str:
    """A few lines for the terminal, in `lang`."""
    rate = summary["win_rate"]
    wins = summary["wins"]
    lines = sentence(lang, "{games} games in {out}:", games=summary["games"], out=out)
    labels = summary.get("labels", {})
    for e in ENGINES:
        w = wins.get(e, {})
        name = labels.get(e) or summary["engines"][e].get("name", e)
        template = ("{engine} ({name}): {wins} wins, {losses} losses, {draws} draws, "
                    "{forfeits} forfeits")
        if w.get("time_losses"):
            template += ", {time_losses} lost on time"
        lines += ["  " + line for line in sentence(
            lang, template, engine=e, name=name, wins=w.get("wins", 0),
            losses=w.get("losses", 0), draws=w.get("draws", 0), forfeits=w.get("forfeits", 0),
            time_losses=w.get("time_losses", 0))]
    if rate["rate"] is not None:
        low, high = rate["ci95"]
        lines += ["  " + line for line in sentence(
            lang, "{name} win rate {rate} (95% CI {low} .. {high})", name=rate["engine"],
            rate=f"{rate['rate']:.1%}", low=f"{low:.1%}", high=f"{high:.1%}")]
    copies = summary.get("duplicates", {})
    alone = rate.get("without_duplicates") or {}
    if copies.get("games"):
        lines += ["  " + line for line in sentence(
            lang, "duplicates: {n} games repeat an earlier game move for move ({distinct} "
            "distinct)", n=copies["games"], distinct=copies["distinct"])]
        if alone.get("rate") is not None:
            low, high = alone["ci95"]
            lines += ["  " + line for line in sentence(
                lang, "{name} win rate without them {rate} (95% interval {low} .. {high})",
                name=rate["engine"], rate=f"{alone['rate']:.1%}", low=f"{low:.1%}",
                high=f"{high:.1%}")]
    by = summary["by_colour"]
    lines += ["  " + line for line in sentence(
        lang, "by colour: B {black}, W {white}, draws {draws}", black=by["B"], white=by["W"],
        draws=by["draws"])]
    return "\n".join(lines)

"""Counting game collections: one plain row per game (JSON lines or CSV), and the summary
of many rows.  A row never raises: a record that cannot be counted is a row with its error.

Rows hold no times or host names, so the same files counted in one process, in several, or
on a cluster give the same rows.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.lang import lines, sentence, word
from ..counting.types import number
from .api import count_record
from .record import Record, load_record
from .result import FirstMoveString, ScoreResult
from .service import Scorer, ScoringError

# The fields of a row, in CSV column order; then one `margin:<slug>` column per method.
FIELDS = ("file", "bytes", "size", "rules", "komi", "moves", "recorded_result", "method",
          "result", "dead_source", "dead", "unclear", "first_move", "finished", "open_points",
          "unfinished_reason", "ended_by", "error")
FINISH_FIELDS = ("finished", "open_points", "unfinished_reason", "ended_by")
# The columns of CSVs written by older runs (before rows said whether the game was
# finished; before they said why strings depend on who moves first): --resume continues
# such a file in its own columns.
FIELDS_WITHOUT_FINISH = tuple(f for f in FIELDS if f not in FINISH_FIELDS)
FIELDS_WITHOUT_FIRST_MOVE = tuple(f for f in FIELDS_WITHOUT_FINISH if f != "first_move")
OLDER_FIELDS = (FIELDS_WITHOUT_FINISH, FIELDS_WITHOUT_FIRST_MOVE)
# One string of a CSV `first_move` cell: 'B1: Black first alive (D1), White first dead (D1)'.
_FIRST_MOVE_CELL = re.compile(r"(\S+): Black first (\w+)(?: \((\S+)\))?, "
                              r"White first (\w+)(?: \((\S+)\))?")


@dataclass(frozen=True)
class BatchOptions:
    """How every game of a batch is counted (the same for all of them).

    methods -- 'all', slugs separated by commas, or None for each record's own rules' method
    rules -- None: each record's RU, else chinese; komi -- None: each record's KM
    move -- count each record after its first `move` moves (None: at its end)
    """

    methods: str | None = "all"
    rules: str | None = None
    komi: float | None = None
    seed: int = 0
    params: Mapping[str, Any] = field(default_factory=dict)
    move: int | None = None


def error_row(name: str, size: int | None, message: str) -> dict[str, Any]:
    """The row of a file that was not counted: its name, its size when read, and why."""
    return {"file": name, "bytes": size, "error": message}


def score_row(name: str, data: bytes, options: BatchOptions) -> dict[str, Any]:
    """The row of one game: what the record says, where its dead stones came from, and
    per method the margin (Black minus White in points, after komi)."""
    return score_game(name, data, options)[0]


def score_game(name: str, data: bytes, options: BatchOptions, scorer: Scorer | None = None
               ) -> tuple[dict[str, Any], Record | None, ScoreResult | None]:
    """The row of one game, with the record and the count it was made of (None, None for
    an error row): what a batch needs to draw or write each game besides its row.
    `scorer`: one with a judge of its own (a second opinion), else the options' seed."""
    scorer = scorer or Scorer(seed=options.seed)
    try:
        record = load_record(data, name, options.rules, options.komi, options.move)
        rules = record.game.rules
        asked = [rules.counting] if options.methods is None else options.methods
        result = count_record(record, asked, None, scorer, options.params)
        own = next((m for m in result.methods if m.slug == rules.counting), None)
        if own is None:  # the rules' own method, for the result the record is compared to
            own = count_record(record, None, None, scorer).methods[0]
    except ScoringError as exc:
        return error_row(name, len(data), str(exc)), None, None
    except Exception as exc:  # noqa: BLE001 - a broken file must not end the batch
        return (error_row(name, len(data), f"internal error: {type(exc).__name__}: {exc}"),
                None, None)
    # the count in its one form (docs/count.schema.json), each method by its figures only,
    # then the batch's own fields: the file's size, the rules' own method and its result,
    # and every method's margin (the CSV's columns and the summary's comparisons)
    row = {**result.to_dict(brief=True), "bytes": len(data), "method": own.slug,
           "result": own.result,
           "margins": {m.slug: float(m.margin) for m in result.methods}, "error": None}
    return row, record, result


def csv_header(methods: Iterable[str], fields: tuple[str, ...] = FIELDS) -> list[str]:
    """The CSV's columns: `fields` (a file of an older run may have fewer), then the
    margins."""
    return [*fields, *(f"margin:{slug}" for slug in methods)]


def first_move_cell(first_move: Iterable[Mapping[str, Any]] | None) -> str:
    """The `first_move` entries of a row as one CSV cell, each string named by its first
    stone: 'B1: Black first alive (D1), White first dead (D1)', several by ' / '."""
    def first(name: str, status: Any, move: Any) -> str:
        return f"{name} first {status}" + (f" ({move})" if move else "")

    return " / ".join(
        f"{(entry.get('string') or ['?'])[0]}: "
        f"{first('Black', entry.get('black_first'), entry.get('black_move'))}, "
        f"{first('White', entry.get('white_first'), entry.get('white_move'))}"
        for entry in first_move or [])


def first_move_from_cell(text: str, unclear: list[list[str]]) -> list[dict[str, Any]]:
    """The `first_move` entries of a CSV cell, each string's stones taken from `unclear`
    (the row's unclear strings) by its first stone; a piece of another form is left out."""
    strings = {s[0]: s for s in unclear if s}
    out = []
    for piece in text.split(" / "):
        found = _FIRST_MOVE_CELL.fullmatch(piece.strip())
        if found:
            head, black, black_move, white, white_move = found.groups()
            out.append(FirstMoveString(tuple(strings.get(head, [head])), black, black_move,
                                       white, white_move).to_dict())
    return out


def csv_cells(row: Mapping[str, Any], methods: Iterable[str],
              fields: tuple[str, ...] = FIELDS) -> list[str]:
    """A row as CSV cells in the columns `fields`: lists joined by spaces (unclear strings
    and first-move entries by ' / ')."""
    def cell(value: Any) -> str:
        if isinstance(value, float):
            return str(number(value))  # 7.5, 6 (as the cells were before floats)
        return "" if value is None else str(value)

    size = row.get("size")
    if isinstance(size, list):  # [width, height]: 19, or 19x13
        size = size[0] if size[0] == size[1] else f"{size[0]}x{size[1]}"
    rules = row.get("rules")
    finished = row.get("finished")
    joined = {"dead": " ".join(row.get("dead") or []),
              "open_points": " ".join(row.get("open_points") or []),
              "finished": "" if finished is None else "true" if finished else "false",
              "size": cell(size),
              "rules": json.dumps(rules, sort_keys=True, separators=(",", ":"))
              if isinstance(rules, dict) else cell(rules),
              "unclear": " / ".join(" ".join(s) for s in row.get("unclear") or []),
              "first_move": first_move_cell(row.get("first_move"))}
    cells = [joined[k] if k in joined else cell(row.get(k)) for k in fields]
    margins = row.get("margins") or {}
    return cells + [cell(margins.get(slug)) for slug in methods]


def row_from_csv(cells: Mapping[str, str]) -> dict[str, Any]:
    """A row read back from CSV (for --resume and the summary); a file without the
    `first_move` column gives rows with none."""
    def num(text: str | None) -> float | None:
        return None if text in (None, "") else float(text)

    row: dict[str, Any] = {k: (cells.get(k) or None) for k in FIELDS}
    row["dead"] = (cells.get("dead") or "").split()
    row["unclear"] = [s.split() for s in (cells.get("unclear") or "").split(" / ") if s]
    row["first_move"] = first_move_from_cell(cells.get("first_move") or "", row["unclear"])
    row["open_points"] = (cells.get("open_points") or "").split()
    # a row of a file written before the column: finished, as every count was taken then
    row["finished"] = None if row["error"] else (cells.get("finished") or "true") == "true"
    row["margins"] = {k.split(":", 1)[1]: num(v) for k, v in cells.items()
                      if k.startswith("margin:") and v not in (None, "")}
    return row


# -- the summary -------------------------------------------------------------------------------


def winner_of(margin: float | None) -> str | None:
    if margin is None:
        return None
    return "B" if margin > 0 else "W" if margin < 0 else "0"


def recorded_winner(result: str | None) -> tuple[str | None, float | None]:
    """(winner 'B' / 'W' / '0', margin or None) of an SGF RE value; (None, None) when it
    names no winner (Void, ?, unknown)."""
    text = (result or "").strip()
    if text.upper() in ("0", "DRAW", "JIGO"):
        return "0", 0.0
    if text[:2].upper() in ("B+", "W+"):
        try:
            return text[0].upper(), float(text[2:])
        except ValueError:
            return text[0].upper(), None  # B+R, W+T, B+F
    return None, None


@dataclass
class Summary:
    """What a batch found: games counted, errors, per pair of methods the games whose
    winners differ, and the games whose result differs from the record's RE."""

    games: int = 0
    errors: int = 0
    unfinished: int = 0  # games counted that are not finished (in `games` unless left out)
    left_out: int = 0  # unfinished games left out of the comparisons (--finished-only)
    pairs: dict[tuple[str, str], int] = field(default_factory=dict)
    methods: list[str] = field(default_factory=list)
    with_re: int = 0
    re_winner_differs: int = 0
    re_with_margin: int = 0
    re_margin_differs: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"games": self.games, "errors": self.errors, "unfinished": self.unfinished,
                "unfinished_left_out": self.left_out,
                "winners_differ": {f"{a} / {b}": n for (a, b), n in self.pairs.items()},
                "recorded": {"with_result": self.with_re,
                             "winner_differs": self.re_winner_differs,
                             "with_margin": self.re_with_margin,
                             "margin_differs": self.re_margin_differs}}

    def groups(self) -> list[list[str]]:
        """The methods in classes that give the same winner in every game, in method
        order (a pair inside a class never differs)."""
        classes: list[list[str]] = []
        for slug in self.methods:
            for members in classes:
                if all(self.pairs.get((m, slug), 0) == 0 for m in members):
                    members.append(slug)
                    break
            else:
                classes.append([slug])
        return classes

    def lines(self, lang: str = "en") -> list[str]:
        """The summary for a person, in `lang` (zh, en, or both: each sentence in Chinese,
        then in English): counts, methods that always agree, the pairs of those classes
        whose winners differ (most first), the record's RE."""
        zh = word("zh", "counted {games} games, {errors} errors", games=self.games,
                  errors=self.errors)
        out = lines(lang, zh, f"counted {self.games} game{'' if self.games == 1 else 's'}, "
                              f"{self.errors} error{'' if self.errors == 1 else 's'}")
        if self.left_out:
            out += sentence(lang, "{n} unfinished games left out (--finished-only)",
                            n=self.left_out)
        elif self.unfinished:
            out += sentence(lang, "{n} of them unfinished (counted as the position stands; "
                            "--finished-only leaves them out)", n=self.unfinished)
        classes = self.groups()
        if len(self.methods) > 1:
            if len(classes) == 1:
                out += sentence(lang, "all {n} methods give the same winner in every game",
                                n=len(self.methods))
            else:
                out += sentence(lang, "methods that give the same winner in every game: "
                                "{classes}", classes="; ".join(", ".join(c) for c in classes))
                differing = sorted(
                    ((self.pairs[(a[0], b[0])], a[0], b[0])
                     for a, b in itertools.combinations(classes, 2)),
                    key=lambda item: (-item[0], self.methods.index(item[1]),
                                      self.methods.index(item[2])))
                out += sentence(lang, "games whose winner differs between two of them:")
                out += [f"  {a} / {b}: {n}" for n, a, b in differing]
        if self.with_re:
            out += sentence(lang, "against the record's RE ({with_re} games name a winner): "
                            "winner differs in {winner}; of the {with_margin} with a margin, "
                            "the margin differs in {margin}", with_re=self.with_re,
                            winner=self.re_winner_differs, with_margin=self.re_with_margin,
                            margin=self.re_margin_differs)
        return out


def summarise(rows: Iterable[Mapping[str, Any]], finished_only: bool = False) -> Summary:
    """The summary of `rows`; `finished_only`: the unfinished games are left out of the
    games, the methods' comparison and the record's RE (and said to be)."""
    summary = Summary()
    counted = []
    for row in rows:
        if row.get("error"):
            summary.errors += 1
            continue
        if row.get("finished") is False:
            summary.unfinished += 1
            if finished_only:
                summary.left_out += 1
                continue
        summary.games += 1
        counted.append(row)
        for slug in row.get("margins") or {}:
            if slug not in summary.methods:
                summary.methods.append(slug)
    # each game's winners once, then the pairs (games x methods, not x pairs of methods)
    winners = [{slug: winner_of(m) for slug, m in r["margins"].items()} for r in counted]
    for a, b in itertools.combinations(summary.methods, 2):
        summary.pairs[(a, b)] = sum(1 for w in winners if a in w and b in w and w[a] != w[b])
    for row in counted:
        winner, margin = recorded_winner(row.get("recorded_result"))
        if winner is None:
            continue
        summary.with_re += 1
        ours, our_margin = recorded_winner(row.get("result"))
        if ours != winner:
            summary.re_winner_differs += 1
        if margin is not None:
            summary.re_with_margin += 1
            if our_margin is None or abs(our_margin - margin) > 1e-9 or ours != winner:
                summary.re_margin_differs += 1
    return summary


__all__ = ["FIELDS", "FIELDS_WITHOUT_FINISH", "FIELDS_WITHOUT_FIRST_MOVE", "FINISH_FIELDS",
           "OLDER_FIELDS", "BatchOptions", "Summary", "csv_cells",
           "csv_header", "error_row", "first_move_cell", "first_move_from_cell",
           "recorded_winner", "row_from_csv", "score_game", "score_row", "summarise", "winner_of"]

"""The settings of a match.  Everything here except the number of games, the jobs, the
timeout, the labels, the openings' directory name, --gtp-log, --verbose and --lang is part of
the match's identity: resuming with other values would mix games (a label only renames an
engine in the records; openings are known by their files' names and contents)."""

from __future__ import annotations

import shlex
from dataclasses import asdict, dataclass

from ...base.colours import BLACK
from ...core.rules import DEFAULT_PRESET, parse_rules
from .clock import TimeControl
from .openings import Opening, opening_index

# Engines are named after the option that gave them, as gogui-twogtp does: with
# --alternate the `--black` engine plays White in odd-numbered games.
ENGINES = ("black_engine", "white_engine")


@dataclass(frozen=True)
class MatchConfig:
    """black / white -- the engines' command lines (`--black`, `--white`)
    size, rules, komi -- the game (komi None: the preset's)
    alternate -- swap colours in odd-numbered games
    max_moves -- stop a game after this many moves and count it as it stands
    time_per_move -- seconds per move given to the engines (time_settings 0 T 1); an
        answer later than `move_limit` loses on time
    timeout -- seconds to wait for any other answer (and for genmove without a time limit)
    black_label / white_label -- the engines' names in every record and report (None: the
        engine's own name and version, see `engine_labels`)
    time -- main time and Canadian byo-yomi (`--time`), kept on a clock per side
    openings -- the openings games start from (`--openings`), in turn; openings_dir names
        their directory in the records
    gtp_log -- write a GTP transcript of each engine in each game
    verbose -- a line on stderr for each move (game, engine, move, time, clocks)
    lang -- the language of those lines and of the progress (zh, en or both)
    judge_engine, judge_visits -- a GTP engine with ownership (KataGo) whose second opinion
        the judgement asks at the end of each game (`--judge-engine`, `--judge-visits`)
    """

    black: str
    white: str
    size: int = 19
    rules: str = DEFAULT_PRESET
    komi: float | None = None
    alternate: bool = False
    max_moves: int = 1000
    time_per_move: float | None = None
    timeout: float = 300.0
    black_label: str | None = None
    white_label: str | None = None
    time: TimeControl | None = None
    openings: tuple[Opening, ...] = ()
    openings_dir: str | None = None
    gtp_log: bool = False
    verbose: bool = False
    lang: str = "en"
    judge_engine: str | None = None
    judge_visits: int = 0

    @property
    def effective_komi(self) -> float:
        rules_default = parse_rules(self.rules)[1]
        if self.komi is not None:
            return self.komi
        return 7.5 if rules_default is None else rules_default

    @property
    def move_limit(self) -> float:
        """Seconds a genmove answer may take: the time per move with a margin for
        process scheduling (x1.5 + 1 s), else the timeout."""
        if self.time_per_move:
            return self.time_per_move * 1.5 + 1.0
        return self.timeout

    def command(self, engine: str) -> str:
        return self.black if engine == "black_engine" else self.white

    def opening_of(self, game: int) -> Opening | None:
        """The opening game number `game` starts from, None without openings."""
        if not self.openings:
            return None
        return self.openings[opening_index(game, len(self.openings), self.alternate)]

    def identity(self) -> dict[str, object]:
        """What a resumed match must share with the games already played.  Time and
        openings appear only when set, so a match begun without them still resumes."""
        data = asdict(self)
        for key in ("timeout", "black_label", "white_label", "time", "openings",
                    "openings_dir", "gtp_log", "verbose", "lang"):
            data.pop(key)
        data["komi"] = self.effective_komi
        if self.time is not None:
            data["time"] = self.time.spec
        if self.judge_engine is None:
            data.pop("judge_engine")
            data.pop("judge_visits")
        if self.openings:
            data["openings"] = [{"file": o.name, "sha256": o.sha256} for o in self.openings]
        return data


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


def engine_labels(config: MatchConfig, found: dict[str, tuple[str, str]]) -> dict[str, str]:
    """Each engine's label: the one given, else its `name` and `version` answers (else the
    option's name).  Two equal default labels are told apart by what differs in their
    command lines (`GNU Go 3.8 (--level 1)` / `GNU Go 3.8 (--level 2)`), or, when the
    commands are the same or differ at length, by " #1" / " #2", as gomill's player codes
    do."""
    given = {ENGINES[0]: config.black_label, ENGINES[1]: config.white_label}
    labels = {}
    for engine in ENGINES:
        name, version = found.get(engine, ("", ""))
        labels[engine] = given[engine] or " ".join(f"{name} {version}".split()) or engine
    first, second = (labels[e] for e in ENGINES)
    if first == second and not (given[ENGINES[0]] and given[ENGINES[1]]):
        apart = command_difference(config.black, config.white)
        if apart is None:
            labels = {e: f"{labels[e]} #{i}" for i, e in enumerate(ENGINES, start=1)}
        else:
            labels = {e: f"{labels[e]} ({words})" for e, words in zip(ENGINES, apart,
                                                                     strict=True)}
    return labels


DIFFERENCE_WIDTH = 30  # the longest command difference a label shows


def command_difference(first: str, second: str) -> tuple[str, str] | None:
    """What tells two command lines apart, as two short phrases: the words between their
    common start and common end (a path by its last part); `without W` for the one that
    lacks the other's words.  None when the commands are the same or the difference is
    longer than a label should carry."""
    try:
        a, b = shlex.split(first), shlex.split(second)
    except ValueError:
        return None
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    if 0 < start and a[start - 1].startswith("-") and not all(
            words[start:start + 1] and words[start].startswith("-") for words in (a, b)):
        start -= 1  # keep the option whose value differs: `--level 1`, not `1`
    middles = [words[start:len(words) - end] for words in (a, b)]
    parts = [" ".join(w.rsplit("/", 1)[-1] for w in words) for words in middles]
    if parts[0] == parts[1]:  # the same program in two places: the paths
        parts = [" ".join(words) for words in middles]
    if parts[0] == parts[1] or max(len(p) for p in parts) > DIFFERENCE_WIDTH:
        return None
    if not parts[0]:
        parts[0] = f"without {parts[1]}"
    elif not parts[1]:
        parts[1] = f"without {parts[0]}"
    return parts[0], parts[1]

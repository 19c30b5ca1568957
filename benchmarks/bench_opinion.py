"""A strong engine's second opinion on human games: how many games the judgement gets
exactly right with and without KataGo's ownership, beside GNU Go's ``final_status_list
dead`` measured in the same run.

The games are scored human games with the dead stones their players agreed (a JSON-lines
file with `size`, `komi`, `rules`, `setup`, `moves`, `dead`: the project's development set
of KGS games is one).  The truth is the players' marks.  A game is *right* when the dead
stones are exactly the players' and no string is left unclear; *confidently wrong* when some
string not said unclear differs from the marks.  Each of these is printed:

* ours: the judgement alone (`gtp_weiqi.judgement.judge`, seed 0);
* KataGo alone: a stone dead where KataGo's ownership is the other colour's;
* the second opinion under the shipped rule (`second_opinion.CONFIDENT`), under "never
  decide" (every disagreement unclear) and, with `--sweep`, under other thresholds, on
  the even and the odd games apart (a threshold chosen on one half is checked on the other);
* GNU Go: its `final_status_list dead` after the moves are replayed.

Time per game: ours, KataGo's answer (as measured when it was asked; answers are cached
in `--cache` so that a second run does not ask again), GNU Go's `final_status_list dead`.

    python benchmarks/bench_opinion.py --data GAMES.jsonl [--limit N] [--visits 0]
        [--cache DIR] [--sweep] [--no-gnugo] [--katago-home DIR] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import find_gnugo  # noqa: E402

from gtp_weiqi.base import COLOUR_OF_WORD  # noqa: E402
from gtp_weiqi.core.board import BLACK, Board  # noqa: E402
from gtp_weiqi.core.coords import format_vertex, parse_vertex  # noqa: E402
from gtp_weiqi.core.game import Game, IllegalPlay  # noqa: E402
from gtp_weiqi.core.rules import lookup_preset  # noqa: E402
from gtp_weiqi.judgement import DEAD, StatusReport, judge  # noqa: E402
from gtp_weiqi.judgement.second_opinion import (  # noqa: E402
    CONFIDENT,
    combine,
    string_sureness,
)
from gtp_weiqi.ui.gtp.controller import Controller, ControllerError  # noqa: E402
from gtp_weiqi.ui.gtp.judge_engine import EngineOwnership, position_commands  # noqa: E402

RULES = {"japanese": "japanese", "aga": "aga", "chinese": "chinese"}
SWEEP = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
BUCKETS = (0.0, 0.3, 0.6, 0.8, 0.95)  # lower edges of the sureness bands of --sweep's table


def load_game(record: dict[str, object]) -> Game:
    """The record replayed under its rules (IllegalPlay when it cannot be)."""
    found = lookup_preset(RULES.get(str(record["rules"]).lower(), "japanese"))
    assert found is not None
    size = int(record["size"])  # type: ignore[call-overload]
    game = Game(size, size, found[0], float(record["komi"]))  # type: ignore[arg-type]

    def point(vertex: str) -> int | None:
        rc = parse_vertex(vertex, size, size)
        return None if rc is None else game.board.point(*rc)

    setup = record["setup"]
    assert isinstance(setup, dict)
    black = [point(v) for v in setup.get("B", [])]
    white = [point(v) for v in setup.get("W", [])]
    if black and not white and record.get("handicap"):
        game.place_handicap([p for p in black if p is not None])
    elif black or white:
        game.add_setup([(p, COLOUR_OF_WORD["b"]) for p in black if p is not None]
                       + [(p, COLOUR_OF_WORD["w"]) for p in white if p is not None])
    for colour, vertex in record["moves"]:  # type: ignore[attr-defined]
        game.play(COLOUR_OF_WORD[colour.lower()], point(vertex))
    return game


@dataclass
class Tally:
    """Games right, confidently wrong, and with something unclear, for one judge."""

    right: int = 0
    wrong: int = 0
    unclear: int = 0
    games: int = 0
    seconds: list[float] = field(default_factory=list)

    def add(self, wrong: int, unclear: int) -> None:
        self.games += 1
        self.right += not wrong and not unclear
        self.wrong += bool(wrong)
        self.unclear += bool(unclear)

    def line(self, name: str) -> str:
        n = max(1, self.games)
        took = (f"{sum(self.seconds) / len(self.seconds):8.3f}" if self.seconds else
                "     n/a")
        return (f"{name:<34} {self.right:>5} {100 * self.right / n:6.1f}% {self.wrong:>6} "
                f"{100 * self.wrong / n:5.1f}% {self.unclear:>8} {took}")


def judged(board: Board, report: StatusReport, truth: set[str]) -> tuple[int, int]:
    """(strings wrongly judged and not unclear, strings unclear) against the marks."""
    unclear = {p for s in report.unclear for p in s}
    wrong = n_unclear = 0
    for _colour, stones, _libs in board.strings():
        if stones[0] in unclear:
            n_unclear += 1
            continue
        said = report.status[stones[0]] == DEAD
        if said != (format_vertex(board.row_col(stones[0])) in truth):
            wrong += 1
    return wrong, n_unclear


def dead_set_wrong(board: Board, dead: set[str], truth: set[str]) -> int:
    """Strings whose dead-ness in `dead` (vertices) differs from the marks."""
    return sum((format_vertex(board.row_col(s[0])) in dead)
               != (format_vertex(board.row_col(s[0])) in truth)
               for _c, s, _l in board.strings())


def disagreements(board: Board, report: StatusReport, ownership: dict[int, float],
                  truth: set[str], table: dict[tuple[str, int], list[int]]) -> None:
    """Count, per band of the engine's sureness, the strings where ours (decided or unclear)
    and the engine differ, and which of the two the marks side with: table[(kind, band)]
    = [engine right, ours right] (for an unclear string of ours: [engine right, wrong])."""
    unclear = {p for s in report.unclear for p in s}
    for _colour, stones, _libs in board.strings():
        sure = string_sureness(board, tuple(stones), ownership)
        band = max(i for i, edge in enumerate(BUCKETS) if abs(sure) >= edge)
        dead = format_vertex(board.row_col(stones[0])) in truth
        engine_right = (sure < 0) == dead
        if stones[0] in unclear:
            table.setdefault(("unclear", band), [0, 0])[0 if engine_right else 1] += 1
        elif (report.status[stones[0]] == DEAD) != (sure < 0):
            table.setdefault(("disagree", band), [0, 0])[0 if engine_right else 1] += 1


def katago_command(home: Path, visits: int) -> str:
    model = sorted((home / "models").glob("*.bin.gz"))[0]
    settings = f"maxVisits={max(visits, 1)},numSearchThreads=1"
    return shlex.join([str(home / "bin" / "katago"), "gtp", "-model", str(model), "-config",
                       str(home / "gtp-test.cfg"), "-override-config", settings])


def load_cache(path: Path) -> dict[str, dict[str, object]]:
    found: dict[str, dict[str, object]] = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                found[entry["file"]] = entry
    return found


def gnugo_dead(gnugo: Controller, game: Game) -> tuple[set[str], float]:
    """GNU Go's dead stones of `game` (replayed, pipelined) and the time of its answer."""
    lines = position_commands(game, set())
    for line, response in zip(lines, gnugo.ask_all(lines), strict=True):
        if not response.ok:
            raise ControllerError(f"{line}: {response.text}")
    start = time.perf_counter()
    answer = gnugo.command("final_status_list", "dead", timeout=600)
    return {v.upper() for v in answer.split()}, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, required=True, help="the games (JSON lines)")
    ap.add_argument("--limit", type=int, default=0, help="the first N games only")
    ap.add_argument("--visits", type=int, default=0,
                    help="KataGo's effort: 0 its net alone (kata-raw-nn), N a search")
    ap.add_argument("--cache", type=Path, default=None,
                    help="folder of KataGo's answers (read, and added to)")
    ap.add_argument("--katago-home", type=Path,
                    default=Path(os.environ.get("KATAGO_HOME", "/opt/katago/katago")))
    ap.add_argument("--sweep", action="store_true", help="every threshold of SWEEP too")
    ap.add_argument("--no-gnugo", action="store_true")
    ap.add_argument("--gnugo-limit", type=int, default=0,
                    help="ask GNU Go on the first N games only (its time is compared with "
                         "ours on the same games)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args(argv)

    records = [json.loads(line) for line in args.data.read_text().splitlines() if line]
    if args.limit:
        records = records[:args.limit]
    cache_file = None
    cache: dict[str, dict[str, object]] = {}
    if args.cache is not None:
        args.cache.mkdir(parents=True, exist_ok=True)
        cache_file = args.cache / f"ownership-visits{args.visits}.jsonl"
        cache = load_cache(cache_file)
    katago: EngineOwnership | None = None
    gnugo_path = None if args.no_gnugo else find_gnugo()
    gnugo = Controller.start([gnugo_path, "--mode", "gtp"], "GNU Go", 600) if gnugo_path \
        else None
    thresholds: list[float | None] = [CONFIDENT, None]
    if args.sweep:
        thresholds += [t for t in SWEEP if t != CONFIDENT]
    tallies = {name: Tally() for name in ("ours", "KataGo alone", "GNU Go")}
    halves = {(t, half): Tally() for t in thresholds for half in (0, 1)}
    bands: dict[tuple[str, int], list[int]] = {}
    paired: list[float] = []  # ours + KataGo's time on the games GNU Go was asked
    skipped = 0
    try:
        for index, record in enumerate(records):
            try:
                game = load_game(record)
            except IllegalPlay as exc:
                skipped += 1
                print(f"skipped {record['file']}: {exc}")
                continue
            board = game.board
            truth = {v.upper() for v in record["dead"]}
            start = time.perf_counter()
            own = judge(board, seed=args.seed)
            tallies["ours"].seconds.append(time.perf_counter() - start)
            tallies["ours"].add(*judged(board, own, truth))
            entry = cache.get(record["file"])
            if entry is None:
                if katago is None:
                    katago = EngineOwnership.start(katago_command(args.katago_home,
                                                                  args.visits), args.visits)
                start = time.perf_counter()
                owned = katago.ownership(game)
                took = time.perf_counter() - start
                entry = {"file": record["file"], "seconds": took,
                         "ownership": [round(owned[p], 4) for p in board.points]}
                cache[record["file"]] = entry
                if cache_file is not None:
                    with cache_file.open("a") as out:
                        out.write(json.dumps(entry) + "\n")
            values = entry["ownership"]
            assert isinstance(values, list)
            ownership = dict(zip(board.points, values, strict=True))
            tallies["KataGo alone"].seconds.append(float(entry["seconds"]))  # type: ignore[arg-type]
            engine_dead = {format_vertex(board.row_col(p)) for p in board.points
                           if board.colour[p] and ownership[p]
                           * (1 if board.colour[p] == BLACK else -1) < 0}
            tallies["KataGo alone"].add(dead_set_wrong(board, engine_dead, truth), 0)
            disagreements(board, own, ownership, truth, bands)
            for t in thresholds:
                combined = combine(board, own, ownership, confident=t, engine="KataGo",
                                   multi_stone_suicide=bool(game.rules.suicide))
                wrong, unclear = judged(board, combined, truth)
                halves[(t, index % 2)].add(wrong, unclear)
                if args.verbose and t == CONFIDENT and (wrong or unclear):
                    print(f"{record['file']}: opinion {wrong} wrong, {unclear} unclear; "
                          f"ours {judged(board, own, truth)}")
            if gnugo is not None and (not args.gnugo_limit or index < args.gnugo_limit):
                paired.append(tallies["ours"].seconds[-1] + float(entry["seconds"]))  # type: ignore[arg-type]
                dead, took = gnugo_dead(gnugo, game)
                tallies["GNU Go"].seconds.append(took)
                tallies["GNU Go"].add(dead_set_wrong(board, dead, truth), 0)
    finally:
        if katago is not None:
            katago.close()
        if gnugo is not None:
            gnugo.close()

    n = tallies["ours"].games
    print(f"{n} games ({skipped} skipped), truth: the players' marks; KataGo "
          f"{'net alone (kata-raw-nn)' if args.visits == 0 else f'{args.visits} visits'}")
    print(f"{'judge':<34} {'right':>5} {'share':>7} {'wrong':>6} {'share':>6} "
          f"{'unclear':>8} {'s/game':>8}")
    for name in ("ours", "KataGo alone"):
        print(tallies[name].line(name))
    for t in thresholds:
        both = Tally()
        for half in (0, 1):
            part = halves[(t, half)]
            both.right += part.right
            both.wrong += part.wrong
            both.unclear += part.unclear
            both.games += part.games
        both.seconds = [a + b for a, b in zip(tallies["ours"].seconds,
                                              tallies["KataGo alone"].seconds, strict=True)]
        rule = "never decides" if t is None else f"decides at >= {t:g}"
        shipped = " (shipped)" if t == CONFIDENT else ""
        print(both.line(f"ours + KataGo, {rule}{shipped}"))
        if args.sweep:
            print("    even games: " + halves[(t, 0)].line("")[35:])
            print("    odd games:  " + halves[(t, 1)].line("")[35:])
    if args.sweep:
        print("strings where ours and KataGo differ, by KataGo's sureness: the marks side "
              "with KataGo / with ours (ours unclear: KataGo right / wrong)")
        for kind in ("disagree", "unclear"):
            cells = []
            for band, edge in enumerate(BUCKETS):
                right, wrong = bands.get((kind, band), [0, 0])
                cells.append(f">={edge:g}: {right}/{wrong}")
            print(f"  {kind:<9} " + "  ".join(cells))
    if gnugo is not None:
        print(tallies["GNU Go"].line("GNU Go final_status_list dead"))
        asked = len(tallies["GNU Go"].seconds)
        ours = sum(tallies["ours"].seconds[:asked]) / max(1, asked)
        theirs = sum(tallies["GNU Go"].seconds) / max(1, asked)
        with_opinion = sum(paired) / max(1, asked)
        print(f"time per game on the {asked} games GNU Go was asked: ours {ours:.3f} s, "
              f"ours with KataGo's answer {with_opinion:.3f} s, GNU Go {theirs:.3f} s "
              f"(ratios {ours / theirs:.2f} and {with_opinion / theirs:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

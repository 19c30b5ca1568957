"""Dead-stone judgement on scored human games: ours against the players, KataGo and GNU Go.

The games are a JSON-lines file (one game a line: ``size``, ``komi``, ``setup`` {"B", "W"},
``moves`` [[colour, vertex], ...], ``dead``: the stones the two players agreed were dead, as
GTP vertices, and ``file``, a name for the game), such as the KGS development set beside the
checkout (../shared/data/kgs-dev.jsonl); no game records are kept in the repository.  The
players' marks are not always the truth (a player far ahead may accept a count with dead
stones left on the board), so KataGo is asked too: the game is replayed into it, under
Japanese rules (``kata-set-rules japanese``), and its ``final_status_list dead`` taken.
KataGo is slow on a small machine: its answers are cached in a JSON file (``--katago-cache``)
and a run without ``--katago`` uses only the cache.  GNU Go's ``final_status_list dead`` is
asked in the same run, timed, as the peer.

Prints the share of games where our dead stones equal the players', KataGo's, both, and the
same for GNU Go; on the games where players and KataGo agree (the truth), the share we get
exactly right, the share we get wrong with no string said unclear (confidently wrong), and
GNU Go's share; how many of our unclear games are unclear only on one black and one white
stone in atari (each taken if the opponent moves first, saved if its owner does: the
recorded result seldom tells which fate the players meant); how many of our confident misses
differ from the truth only on strings in miai (`StatusReport.miai`: pairs whose plays change
no count, so the result cannot tell the truth's marking from ours); the time per game of
each and the ratio ours / GNU Go.

KataGo's answer is one search's: another search of the same position (more search threads,
which make it nondeterministic, or other visits) may mark other stones dead, mostly stones
whose fate changes nothing in the count.  With ``--katago-again`` (a second cache, from
another search; ``--katago`` fills what it lacks, in a second process), the figures are
printed again on the agreed games where both searches give the same dead stones (a truth
that does not hang on the search), beside the share of games where they do.

    python benchmarks/bench_human.py --data ../shared/data/kgs-dev.jsonl \\
        [--katago "katago gtp -model M -config C"] [--katago-cache kata.json] \\
        [--katago-again kata2.json] [--limit 50] [--seed 0] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import find_gnugo  # noqa: E402
from make_gnugo_games import Gtp, GtpError  # noqa: E402

from gtp_weiqi.core.board import BLACK, WHITE, Board  # noqa: E402
from gtp_weiqi.core.coords import format_vertex, parse_vertex  # noqa: E402
from gtp_weiqi.core.files import atomic_write  # noqa: E402

DEFAULT_DATA = Path("../shared/data/kgs-dev.jsonl")


@dataclass
class Game:
    """One scored game: its position at the end and the players' dead stones."""

    name: str
    size: int
    komi: float
    setup: dict[str, list[str]]
    moves: list[tuple[str, str]]
    board: Board
    players: frozenset[str]  # GTP vertices


def game_from_record(rec: dict[str, Any]) -> Game:
    """One game of a set, replayed (setup stones placed, moves played)."""
    size = int(rec["size"])
    board = Board(size)
    for word, colour in (("B", BLACK), ("W", WHITE)):
        for v in rec.get("setup", {}).get(word, []):
            board.place_stone(board.point(*parse_vertex(v, size, size)), colour)  # type: ignore[misc]
    moves = [(c, v) for c, v in rec["moves"]]
    for c, v in moves:
        rc = parse_vertex(v, size, size)
        if rc is not None:
            board.play(board.point(*rc), BLACK if c.upper() == "B" else WHITE)
    return Game(rec.get("file", ""), size, float(rec.get("komi", 0)), rec.get("setup", {}),
                moves, board, frozenset(v.upper() for v in rec.get("dead", [])))


def load_games(path: Path, limit: int = 0) -> list[Game]:
    """The games of a JSON-lines file (`game_from_record`); a game with no name is named
    by its line."""
    games = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            rec = json.loads(line)
            rec.setdefault("file", str(len(games)))
            games.append(game_from_record(rec))
            if limit and len(games) >= limit:
                break
    return games


def replay(eng: Gtp, game: Game) -> None:
    """The game into a GTP engine: board size, komi, setup stones and moves."""
    eng.command(f"boardsize {game.size}")
    eng.command("clear_board")
    eng.command(f"komi {game.komi}")
    for word in ("B", "W"):
        for v in game.setup.get(word, []):
            eng.command(f"play {word} {v}")
    for c, v in game.moves:
        eng.command(f"play {c} {v}")


def ask_dead(eng: Gtp) -> frozenset[str]:
    """The engine's ``final_status_list dead``, as upper-case GTP vertices."""
    return frozenset(v.upper() for v in eng.command("final_status_list dead").split())


def katago_answers(games: list[Game], argv: list[str] | None, cache: Path | None
                   ) -> dict[str, frozenset[str]]:
    """KataGo's dead stones per game name: from the cache, and (with `argv`) asked for the
    games it lacks, the cache rewritten after each."""
    known: dict[str, list[str]] = {}
    if cache is not None and cache.exists():
        known = json.loads(cache.read_text(encoding="utf-8"))
    missing = [g for g in games if g.name not in known]
    if argv and missing:
        with Gtp(argv, timeout=600) as eng:
            eng.command("kata-set-rules japanese")
            for i, game in enumerate(missing):
                try:
                    replay(eng, game)
                    known[game.name] = sorted(ask_dead(eng))
                except GtpError as exc:
                    print(f"KataGo {game.name}: {exc}")
                    continue
                if cache is not None:
                    atomic_write(cache, json.dumps(known, indent=0, sort_keys=True).encode())
                if (i + 1) % 25 == 0:
                    print(f"KataGo: {i + 1}/{len(missing)}", flush=True)
    return {name: frozenset(v) for name, v in known.items()}


def judge_ours(game: Game, seed: int) -> tuple[frozenset[str], bool, float, bool, frozenset[str]]:
    """Our dead stones, whether any string was said unclear, the time taken, whether the
    unclear strings are one black and one white stone in atari (`atari_pair`), and the
    stones of the strings that stand in miai (`StatusReport.miai`)."""
    from gtp_weiqi.judgement import DEAD, judge

    board = game.board.copy()
    start = time.perf_counter()
    report = judge(board, seed=seed)
    took = time.perf_counter() - start
    dead = frozenset(format_vertex(board.row_col(p)) for p, st in report.status.items()
                     if st == DEAD)
    miai = frozenset(format_vertex(board.row_col(p)) for s in report.miai for p in s)
    return dead, bool(report.unclear), took, atari_pair(board, report.unclear), miai


def miai_only(dead: frozenset[str], truth: frozenset[str], miai: frozenset[str]) -> bool:
    """Whether our dead stones differ from the truth only on strings in miai: pairs whose
    plays change no count, which the recorded result cannot tell apart (a miss of marking,
    not of the count)."""
    return dead != truth and (dead ^ truth) <= miai


def atari_pair(board: Board, unclear: list[tuple[int, ...]]) -> bool:
    """Whether the strings left `unclear` are exactly one black and one white stone, each in
    atari."""
    if len(unclear) != 2 or any(len(s) != 1 for s in unclear):
        return False
    points = [s[0] for s in unclear]
    return ({board.colour[p] for p in points} == {BLACK, WHITE}
            and all(board.liberty_count(p) == 1 for p in points))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the games (JSON lines)")
    ap.add_argument("--limit", type=int, default=0, help="at most this many games")
    ap.add_argument("--seed", type=int, default=0, help="the seed of our judgement")
    ap.add_argument("--katago", default="", help="KataGo's GTP command (else the cache only)")
    ap.add_argument("--katago-cache", type=Path, default=None,
                    help="JSON file of KataGo's answers, read and extended")
    ap.add_argument("--katago-again", type=Path, default=None,
                    help="JSON file of a second KataGo run's answers, read and extended: "
                    "the figures again on the games both runs agree on")
    ap.add_argument("--no-gnugo", action="store_true", help="do not ask GNU Go")
    ap.add_argument("--katago-only", action="store_true",
                    help="only fill the KataGo cache, then stop")
    ap.add_argument("--verbose", "-v", action="store_true", help="name every game we miss")
    args = ap.parse_args(argv)
    if not args.data.exists():
        print(f"{args.data}: no such file (give the games with --data)")
        return 2
    games = load_games(args.data, args.limit)
    katago = shlex.split(args.katago) if args.katago else None
    kata = katago_answers(games, katago, args.katago_cache)
    again = (None if args.katago_again is None
             else katago_answers(games, katago, args.katago_again))
    if args.katago_only:
        print(f"KataGo answers for {sum(g.name in kata for g in games)} of {len(games)} games")
        if again is not None:
            print(f"second run: answers for {sum(g.name in again for g in games)} games")
        return 0
    gnugo = None if args.no_gnugo else find_gnugo()
    eng = Gtp([gnugo, "--mode", "gtp"], timeout=300) if gnugo else None
    n = len(games)
    counts = dict.fromkeys(("ours=players", "ours=kata", "ours=both", "gg=players", "gg=kata",
                            "gg=both", "with kata", "agreed", "ours ok", "ours sure wrong",
                            "ours unclear", "ours atari pair", "ours miai only", "gg ok",
                            "asked again",
                            "same again", "stable agreed", "stable ours ok",
                            "stable ours sure wrong", "stable ours unclear",
                            "stable ours atari pair", "stable ours miai only",
                            "stable gg ok"), 0)
    ours_t: list[float] = []
    gg_t: list[float] = []
    try:
        for game in games:
            dead, unclear, took, pair, miai = judge_ours(game, args.seed)
            ours_t.append(took)
            k = kata.get(game.name)
            agreed = k is not None and k == game.players
            k2 = None if again is None or k is None else again.get(game.name)
            if k2 is not None:
                counts["asked again"] += 1
                counts["same again"] += k2 == k
            counts["ours=players"] += dead == game.players
            if k is not None:
                counts["with kata"] += 1
                counts["ours=kata"] += dead == k
                counts["ours=both"] += agreed and dead == k
            gg = None
            if eng is not None:
                try:
                    replay(eng, game)
                    start = time.perf_counter()
                    gg = ask_dead(eng)
                    gg_t.append(time.perf_counter() - start)
                except GtpError as exc:
                    print(f"GNU Go {game.name}: {exc}")
                if gg is not None:
                    counts["gg=players"] += gg == game.players
                    if k is not None:
                        counts["gg=kata"] += gg == k
                        counts["gg=both"] += agreed and gg == k
            if agreed:
                ok = dead == game.players and not unclear
                # every agreed game; again among those whose truth KataGo gives again
                for tally in ("", "stable ") if k2 == k else ("",):
                    counts[tally + "agreed"] += 1
                    counts[tally + "ours ok"] += ok
                    counts[tally + "ours sure wrong"] += dead != game.players and not unclear
                    counts[tally + "ours unclear"] += unclear
                    counts[tally + "ours atari pair"] += unclear and pair
                    counts[tally + "ours miai only"] += (not unclear and miai_only(
                        dead, game.players, miai))
                    counts[tally + "gg ok"] += gg == game.players
                if not ok and args.verbose:
                    extra = sorted(dead - game.players)
                    lost = sorted(game.players - dead)
                    print(f"ours {game.name}: called dead {' '.join(extra) or '-'}; "
                          f"missed {' '.join(lost) or '-'}; unclear {unclear}")
    finally:
        if eng is not None:
            eng.close()

    def pct(a: int, b: int) -> str:
        return f"{100 * a / b:.1f}% ({a}/{b})" if b else "n/a"

    kn, ag = counts["with kata"], counts["agreed"]
    print(f"games: {n}; with KataGo's answer: {kn}; players and KataGo agree: {ag}")
    print(f"{'':10} {'= players':>18} {'= KataGo':>18} {'= both':>18}")
    print(f"{'ours':10} {pct(counts['ours=players'], n):>18} {pct(counts['ours=kata'], kn):>18} "
          f"{pct(counts['ours=both'], kn):>18}")
    if eng is not None:
        print(f"{'GNU Go':10} {pct(counts['gg=players'], len(gg_t)):>18} "
              f"{pct(counts['gg=kata'], kn):>18} {pct(counts['gg=both'], kn):>18}")
    gnugo_right = f"; GNU Go right {pct(counts['gg ok'], ag)}" if eng is not None else ""
    print(f"on the {ag} agreed games: ours exactly right {pct(counts['ours ok'], ag)}, "
          f"confidently wrong {pct(counts['ours sure wrong'], ag)}, "
          f"unclear {pct(counts['ours unclear'], ag)}{gnugo_right}")
    print(f"of our {counts['ours unclear']} unclear games, {counts['ours atari pair']} leave only "
          "one black and one white stone in atari unclear")
    print(f"of our {counts['ours sure wrong']} confident misses, {counts['ours miai only']} differ "
          "from the truth only on strings in miai (plays that change no count)")
    if again is not None:
        st = counts["stable agreed"]
        gnugo_stable = f"; GNU Go right {pct(counts['stable gg ok'], st)}" if eng else ""
        print(f"KataGo asked again: the same dead stones in "
              f"{pct(counts['same again'], counts['asked again'])} of the games")
        print(f"on the {st} agreed games where both KataGo runs agree: ours exactly right "
              f"{pct(counts['stable ours ok'], st)}, confidently wrong "
              f"{pct(counts['stable ours sure wrong'], st)}, unclear "
              f"{pct(counts['stable ours unclear'], st)} "
              f"({counts['stable ours atari pair']} only a black and a white stone in atari)"
              f"{gnugo_stable}")
    om = sum(ours_t) / len(ours_t) if ours_t else 0.0
    gm = sum(gg_t) / len(gg_t) if gg_t else 0.0
    if eng is None:
        print(f"time per game: ours {om:.4f} s (GNU Go not asked)")
        return 0
    ratio = f"{om / gm:.3f}" if gm > 0 else "n/a"
    print(f"time per game: ours {om:.4f} s, GNU Go {gm:.4f} s, ratio ours / GNU Go {ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

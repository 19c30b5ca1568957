"""Strength of the built-in player against GNU Go, under the rules it plays.

Plays `gtp-weiqi` (MCTS, a fixed time or number of playouts per move) against
``gnugo --mode gtp --level 1`` on 9x9, colours alternating, one game per job at a time, and
prints the wins per rule set with a 95 % interval.  The referee is an in-process gtp_weiqi
engine under the match's rules: it checks every move (an illegal move or a missing answer
forfeits the game), ends the game on a resignation or two passes in a row, and counts it
with `final_score` (the judgement of dead stones of gtp_weiqi.judgement, the counting
method of the rules).  When our judgement leaves strings unclear that could change the winner, GNU
Go's final_score decides under area rules; otherwise the game is listed and not counted.
GNU Go is told komi and plays with --chinese-rules (area): it knows neither 计活子 nor the
group tax, so under ``jihuozi`` only our player plays for the rule's count.

The target: at least 40 % wins at 5 s per move on one core over at least 40 games:

    python benchmarks/bench_strength.py --games 40 --time-per-move 5 --rules chinese jihuozi

A shorter run: ``--games 10 --time-per-move 1``.  ``--jobs 2`` plays two games at once
(each engine still thinks on one core).  ``--sgf DIR`` keeps the games.
"""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _common import find_gnugo  # noqa: E402

from gtp_weiqi.core.rules import lookup_preset  # noqa: E402
from gtp_weiqi.core.sgf import game_to_sgf  # noqa: E402
from gtp_weiqi.ui.gtp.commands import build_engine  # noqa: E402
from gtp_weiqi.ui.gtp.controller import Controller, ControllerError  # noqa: E402
from gtp_weiqi.ui.match.stats import wilson_interval  # noqa: E402


class GtpFailure(Exception):
    """The engine died, timed out or answered with an error."""


class GtpProcess:
    """A GTP engine in a subprocess (the project's controller), spoken to in whole command
    lines; any failure is a GtpFailure.  Its stderr lines are kept in `stderr`."""

    def __init__(self, argv: list[str], name: str) -> None:
        self.name = name
        self.stderr: list[str] = []
        self.engine = Controller.start(argv, name, 60.0, cwd=str(ROOT),
                                       on_stderr=self.stderr.append)

    def send(self, command: str, timeout: float = 60.0) -> str:
        name, *args = command.split()
        try:
            return self.engine.command(name, *args, timeout=timeout).strip()
        except ControllerError as exc:
            raise GtpFailure(f"{self.name}: {exc}") from None

    def close(self) -> None:
        self.engine.close()


@dataclass
class GameResult:
    rules: str
    index: int
    ours: str  # "b" or "w"
    result: str  # final_score text or B+R / W+R / B+F / W+F
    winner: str  # "b", "w" or "" (draw / unknown)
    moves: int
    our_seconds: float
    our_moves: int
    gnugo_score: str = ""
    record: list[str] = field(default_factory=list)
    playouts: float = 0.0  # our mean playouts per move
    sgf: bytes = b""  # the refereed game

    @property
    def we_won(self) -> bool:
        return self.winner == self.ours


def gnugo_argv(spec: str) -> list[str] | None:
    """The GNU Go command line of `spec`, its program found where Debian puts it; None when
    GNU Go is not installed."""
    argv = shlex.split(spec)
    if argv[0] == "gnugo":
        found = find_gnugo()
        if found is None:
            return None
        argv[0] = found
    return argv


def play_game(args: argparse.Namespace, rules: str, index: int) -> GameResult:
    """One refereed game; ours is Black in even games."""
    komi = lookup_preset(rules)[1] if args.komi is None else args.komi  # type: ignore[index]
    ours_colour = "b" if index % 2 == 0 else "w"
    effort = (["--playouts", str(args.playouts)] if args.playouts
              else ["--time-per-move", str(args.time_per_move)])
    ours = GtpProcess([sys.executable, "-m", "gtp_weiqi", "--size", str(args.size),
                       "--rules", rules, "--komi", str(komi), "--seed", str(index),
                       *effort, *shlex.split(args.ours_args)], "gtp-weiqi")
    gnugo = GtpProcess(args.gnugo_argv, "gnugo")
    referee = build_engine(size=args.size, rules=rules, komi=komi)
    players = {ours_colour: ours, ("w" if ours_colour == "b" else "b"): gnugo}
    record: list[str] = []
    our_seconds = 0.0
    our_moves = 0
    result = winner = ""
    try:
        for engine in (ours, gnugo):
            engine.send(f"boardsize {args.size}")
            engine.send("clear_board")
            engine.send(f"komi {komi}")
        colour = "b"
        passes = 0
        limit = args.time_per_move * 10 + 60 if not args.playouts else 600
        while len(record) < args.max_moves:
            mover = players[colour]
            other = players["w" if colour == "b" else "b"]
            started = time.monotonic()
            try:
                move = mover.send(f"genmove {colour}", timeout=limit).lower()
            except GtpFailure as exc:
                print(f"  forfeit: {exc}", file=sys.stderr)
                winner = "w" if colour == "b" else "b"
                result = f"{winner.upper()}+F"
                break
            if mover is ours:
                our_seconds += time.monotonic() - started
                our_moves += 1
            if move == "resign":
                winner = "w" if colour == "b" else "b"
                result = f"{winner.upper()}+R"
                break
            response, _ = referee.handle_line(f"play {colour} {move}\n")
            if response is None or not response.startswith("="):
                print(f"  forfeit: illegal {colour} {move} ({response!r})", file=sys.stderr)
                winner = "w" if colour == "b" else "b"
                result = f"{winner.upper()}+F"
                break
            other.send(f"play {colour} {move}")
            record.append(f"{colour} {move}")
            passes = passes + 1 if move == "pass" else 0
            if passes >= 2:
                break
            colour = "w" if colour == "b" else "b"
        gnugo_score = ""
        if not result:
            response, _ = referee.handle_line("final_score\n")
            result = (response or "? no answer").strip("= \n")
            winner = result[0].lower() if result[:1] in ("B", "W") else ""
            if rules in ("chinese", "chinese-ogs", "area"):
                try:
                    gnugo_score = gnugo.send("final_score", timeout=120)
                except GtpFailure:
                    gnugo_score = "?"
                if not winner and gnugo_score[:1] in ("B", "W"):
                    # our judgement left strings unclear: GNU Go's count decides
                    result = f"{gnugo_score}(gnugo)"
                    winner = gnugo_score[0].lower()
            if not winner:
                result = "unscored"
    finally:
        ours.close()
        gnugo.close()
    text = "\n".join(ours.stderr)
    playouts = [int(m.group(1)) for m in re.finditer(r"(\d+) playouts in", text)]
    black, white = ("gtp-weiqi", "gnugo") if ours_colour == "b" else ("gnugo", "gtp-weiqi")
    sgf = game_to_sgf(referee.game, extra_root={"PB": black, "PW": white}, result=result)
    return GameResult(rules, index, ours_colour, result, winner, len(record), our_seconds,
                      our_moves, gnugo_score, record, sum(playouts) / max(len(playouts), 1), sgf)


def save_sgf(folder: Path, game: GameResult) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{game.rules}-{game.index:03d}.sgf").write_bytes(game.sgf)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per rule set")
    parser.add_argument("--time-per-move", type=float, default=1.0, metavar="T")
    parser.add_argument("--playouts", type=int, default=0, metavar="N",
                        help="fixed playouts per move instead of a time")
    parser.add_argument("--rules", nargs="+", default=["chinese"],
                        help="rule presets to play under (e.g. chinese jihuozi)")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", type=float, default=None, help="default: the preset's")
    parser.add_argument("--gnugo", default="gnugo --mode gtp --level 1 --chinese-rules")
    parser.add_argument("--ours-args", default="", help="extra gtp-weiqi options")
    parser.add_argument("--max-moves", type=int, default=250)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    parser.add_argument("--sgf", type=Path, default=None, help="folder for the game records")
    args = parser.parse_args(argv)
    args.gnugo_argv = gnugo_argv(args.gnugo)
    if args.gnugo_argv is None or not shutil.which(args.gnugo_argv[0]):
        print("gnugo not found (apt install gnugo)", file=sys.stderr)
        return 2
    effort = (f"{args.playouts} playouts/move" if args.playouts
              else f"{args.time_per_move} s/move")
    print(f"gtp-weiqi ({effort}) vs {args.gnugo}, {args.size}x{args.size}, "
          f"{args.games} games per rule set, {args.jobs} at a time")
    summary = []
    for rules in args.rules:
        started = time.monotonic()
        jobs = [(rules, i) for i in range(args.first, args.first + args.games)]
        results: list[GameResult] = []
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(play_game, args, r, i) for r, i in jobs]
            for future in futures:
                game = future.result()
                results.append(game)
                per_move = game.our_seconds / max(game.our_moves, 1)
                cross = f"  gnugo: {game.gnugo_score}" if game.gnugo_score else ""
                outcome = "win " if game.we_won else "loss" if game.winner else "----"
                print(f"{rules:10s} game {game.index:3d} ours={game.ours} {game.result:8s} "
                      f"{outcome} moves={game.moves:3d} "
                      f"{per_move:.2f} s/move {game.playouts:.0f} playouts/move{cross}",
                      flush=True)
                if args.sgf is not None:
                    save_sgf(args.sgf, game)
        unscored = [g for g in results if not g.winner]
        results = [g for g in results if g.winner]
        wins = sum(g.we_won for g in results)
        n = len(results)
        low, high = wilson_interval(wins, n)
        as_black = [g for g in results if g.ours == "b"]
        as_white = [g for g in results if g.ours == "w"]
        mean_playouts = sum(g.playouts for g in results) / max(n, 1)
        line = (f"{rules:10s} {wins}/{n} wins = {100 * wins / max(n, 1):.0f} % "
                f"(95 % interval {100 * low:.0f}-{100 * high:.0f} %); as Black "
                f"{sum(g.we_won for g in as_black)}/{len(as_black)}, as White "
                f"{sum(g.we_won for g in as_white)}/{len(as_white)}; "
                f"{mean_playouts:.0f} playouts/move; "
                f"{(time.monotonic() - started) / 60:.1f} min"
                + (f"; {len(unscored)} unscored (not counted)" if unscored else ""))
        summary.append(line)
    print("\n".join(["", "summary:"] + summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

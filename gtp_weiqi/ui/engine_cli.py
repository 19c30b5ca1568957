"""`gtp-weiqi [options]`: the GTP engine on stdin/stdout, the command's default.

Its options sit at the top of the `gtp-weiqi` parser (cli.py), so this module stays light:
it imports the engine only in `run`, and nothing of the subcommands.
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import TYPE_CHECKING, BinaryIO

from ..base import MAX_SIZE, MIN_SIZE
from ..core.lang import add_lang_argument, resolve
from ..core.rules import DEFAULT_PRESET, komi_argument
from .judge_options import add_judge_arguments, refused_judge_option

if TYPE_CHECKING:
    from .gtp.engine import WeiqiEngine

EPILOG = ("Rules presets: tromp-taylor, chinese, chinese-ogs, japanese, korean, aga, "
          "aga-button, bga, french, new-zealand (nz), ing (goe), stone-scoring, ancient-area, "
          "ancient-territory, jihuozi, jipingdian-natural-a, jipingdian-natural-b, "
          "jipingdian-art.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The engine's options."""
    parser.add_argument("--size", type=int, default=19, metavar="N",
                        help=f"default board size, {MIN_SIZE}..{MAX_SIZE} (default 19)")
    parser.add_argument("--rules", default=DEFAULT_PRESET, metavar="PRESET",
                        help=f"rules preset name or KataGo-style JSON (default {DEFAULT_PRESET})")
    parser.add_argument("--komi", type=komi_argument, default=None, metavar="K",
                        help="komi, White's compensation (default: the preset's komi)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the move generator")
    parser.add_argument("--mode", choices=("gtp", "gmp"), default="gtp",
                        help="gtp: the Go Text Protocol (default); gmp: the Go Modem "
                             "Protocol, as GNU Go's --mode gmp, for cgoban 1's Go Modem "
                             "games (the other side gives the board size, handicap and "
                             "colours; rules, komi and the player stay this command line's)")
    parser.add_argument("--log", metavar="FILE",
                        help="append the GTP transcript (commands and responses) to FILE; "
                             "in GMP mode, a trace of every packet and engine command")
    parser.add_argument("--max-file-size", type=int, default=None, metavar="BYTES",
                        help="largest SGF file loadsgf reads (default 64 MiB)")
    parser.add_argument("--version-string", metavar="TEXT",
                        help="what the version command answers (default: the package "
                             "version); Lizzie 0.7 analyses only with an engine that "
                             "answers a Leela Zero version of 0.15 or later, e.g. 0.17")
    add_lang_argument(parser)
    player = parser.add_argument_group("player", "how genmove chooses its moves")
    player.add_argument("--player", choices=("mcts", "simple"), default="mcts",
                        help="mcts: Monte Carlo tree search under the active rules (default); "
                             "simple: the quick capture / escape / random policy")
    player.add_argument("--playouts", type=int, default=None, metavar="N",
                        help="playouts per move (fixed effort, reproducible with --seed)")
    player.add_argument("--time-per-move", type=float, default=None, metavar="T",
                        help="seconds per move (fixed effort); time_settings also apply")
    player.add_argument("--resign-threshold", type=float, default=0.0, metavar="R",
                        help="resign when the best win rate is below R, e.g. 0.05 "
                             "(default 0: never resign)")
    proxy = parser.add_argument_group(
        "proxy mode", "put a real GTP engine (GNU Go, KataGo, ...) behind these rules")
    proxy.add_argument("--engine", metavar="CMD",
                       help="the back end's command line, e.g. \"gnugo --mode gtp\"; it "
                            "chooses the moves, gtp-weiqi checks them and keeps the score")
    proxy.add_argument("--engine-timeout", type=float, default=300.0, metavar="S",
                       help="seconds to wait for any back end answer, 0 = for ever "
                            "(default 300)")
    proxy.add_argument("--engine-retries", type=int, default=2, metavar="N",
                       help="asks after an illegal or failed genmove answer before "
                            "passing (default 2)")
    proxy.add_argument("--engine-restarts", type=int, default=1, metavar="N",
                       help="times a back end that dies is started again, the game "
                            "replayed on it (default 1)")
    proxy.add_argument("--engine-lead", choices=("ours", "backend"), default="ours",
                       help="the scoreLead of KataGo's analyses under a counting method "
                            "KataGo cannot score: counted by ours from its ownership "
                            "(default), or KataGo's own")
    proxy.add_argument("--engine-dead-stones", action="store_true",
                       help="take the back end's final_status_list dead as explicit marks "
                            "when scoring")
    opinion = parser.add_argument_group(
        "second opinion", "a strong engine's view of the dead stones beside the judgement "
        "(docs/judgement.md); in proxy mode a back end that reports ownership is asked")
    add_judge_arguments(opinion, "whenever the dead stones are judged")


def refused_option(args: argparse.Namespace) -> str | None:
    """Why an option value cannot work, found before the engine starts."""
    import os
    import shlex

    if not MIN_SIZE <= args.size <= MAX_SIZE:
        return f"--size must be between {MIN_SIZE} and {MAX_SIZE}"
    if (args.playouts is not None and args.playouts < 1
            or args.time_per_move is not None and not 0 < args.time_per_move < math.inf
            or not 0 <= args.resign_threshold < 1
            or args.max_file_size is not None and args.max_file_size < 1):
        return ("--playouts must be >= 1, --time-per-move > 0 and --resign-threshold in "
                "[0, 1), --max-file-size >= 1")
    if args.log:
        folder = os.path.dirname(os.path.abspath(args.log))
        if not os.path.isdir(folder):
            return f"--log: the folder {folder} does not exist"
        if os.path.isdir(args.log):
            return f"--log: {args.log} is a folder, not a file"
    if args.engine is not None:
        try:
            words = shlex.split(args.engine)
        except ValueError as exc:
            return f"--engine: cannot split {args.engine!r} into words: {exc}"
        if not words:
            return "--engine: no command given"
    refused = refused_judge_option(args)
    if refused is not None:
        return refused
    if args.engine_restarts < 0:
        return "--engine-restarts must be 0 or more"
    if not 0 <= args.engine_timeout < math.inf:
        return "--engine-timeout must be 0 (wait for ever) or a positive number of seconds"
    return None


def run(args: argparse.Namespace) -> int:
    """Serve GTP on stdin/stdout until quit or end of input."""
    refusal = refused_option(args)
    if refusal is not None:
        print(f"gtp-weiqi: {refusal}", file=sys.stderr)
        return 2
    from ..core.rules import RulesError
    from .gtp.protocol import GtpError

    try:
        from .gtp.commands import build_engine
        engine = build_engine(size=args.size, rules=args.rules, komi=args.komi, seed=args.seed)
        from .gtp.analysis_cmds import configure_player
        configure_player(engine, args.player, args.playouts, args.time_per_move,
                         args.resign_threshold)
        if args.version_string is not None:
            engine.reported_version = args.version_string
        engine.lang = resolve(args.lang)
    except (RulesError, GtpError) as exc:
        print(f"gtp-weiqi: {exc}", file=sys.stderr)
        return 2
    if args.max_file_size is not None:
        engine.max_file_size = args.max_file_size
    transcript = open(args.log, "ab") if args.log else None  # noqa: SIM115
    engine.transcript = transcript
    judge_engine = None
    try:
        if args.judge_engine:
            from .gtp.judge_engine import start_judge
            judge_engine = start_judge(engine, args.judge_engine, args.judge_visits)
            if judge_engine is None:
                return 2
        if args.mode == "gmp":
            return _serve_gmp(engine, args, transcript)
        if args.engine:
            from .gtp.proxy import serve_proxy
            return serve_proxy(engine, args.engine, sys.stdin.buffer, sys.stdout.buffer,
                               timeout=args.engine_timeout or None,
                               retries=args.engine_retries,
                               restarts=args.engine_restarts, lead=args.engine_lead,
                               dead_stones=args.engine_dead_stones)
        engine.serve(sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    finally:
        if judge_engine is not None:
            judge_engine.close()
        if transcript is not None:
            transcript.close()
    return 0


def _serve_gmp(engine: WeiqiEngine, args: argparse.Namespace,
               transcript: BinaryIO | None) -> int:
    """GMP on stdin / stdout, with the built-in player or (--engine) the back end's; 128 +
    the signal's number after SIGTERM or SIGHUP (cgoban ends its program with SIGTERM)."""
    from .gmp.session import serve_gmp
    from .gtp.proxy import Signalled, serve_proxy, signals_end_session

    def session() -> int:
        return serve_gmp(engine, sys.stdin.buffer, sys.stdout.buffer, transcript=transcript)

    if args.engine:
        return serve_proxy(engine, args.engine, sys.stdin.buffer, sys.stdout.buffer,
                           timeout=args.engine_timeout or None, retries=args.engine_retries,
                           restarts=args.engine_restarts, lead=args.engine_lead,
                           dead_stones=args.engine_dead_stones, session=session)
    with signals_end_session():
        try:
            return session()
        except Signalled as exc:
            return 128 + exc.signum


__all__ = ["EPILOG", "add_arguments", "refused_option", "run"]

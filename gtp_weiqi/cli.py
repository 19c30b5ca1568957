"""The `gtp-weiqi` command: a GTP engine on stdin/stdout, plus tool subcommands."""

from __future__ import annotations

import argparse
import sys

SUBCOMMANDS = {
    "regress": "run GNU Go / gogui-regress .tst files against the engine",
}


def _engine_parser() -> argparse.ArgumentParser:
    sub = "\n".join(f"  gtp-weiqi {name} ...   {text}" for name, text in SUBCOMMANDS.items())
    parser = argparse.ArgumentParser(
        prog="gtp-weiqi",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="A GTP v2 engine that referees and scores Go under 计活子 (count living "
                    "stones), 计枰点 (count board points) and the standard rule sets. With no "
                    "arguments it speaks GTP on stdin/stdout.",
        epilog="subcommands:\n" + sub + "\n\nRules presets: tromp-taylor, chinese, chinese-ogs, "
               "japanese, korean, aga, aga-button, bga, french, new-zealand (nz), ing (goe), "
               "stone-scoring, ancient-area, ancient-territory, jihuozi, jipingdian-natural-a, "
               "jipingdian-natural-b, jipingdian-art.",
    )
    parser.add_argument("--size", type=int, default=19, metavar="N",
                        help="default board size, 2..25 (default 19)")
    parser.add_argument("--rules", default="tromp-taylor", metavar="PRESET",
                        help="rules preset name or KataGo-style JSON (default tromp-taylor)")
    parser.add_argument("--komi", type=float, default=None, metavar="K",
                        help="komi, White's compensation (default: the preset's komi)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the move generator")
    parser.add_argument("--log", metavar="FILE",
                        help="append the GTP transcript (commands and responses) to FILE")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "regress":
        from .regress import main as regress_main
        return regress_main(argv[1:])
    args = _engine_parser().parse_args(argv)
    if not 2 <= args.size <= 25:
        print("gtp-weiqi: --size must be between 2 and 25", file=sys.stderr)
        return 2
    from .gtp.protocol import GtpError
    from .rules import RulesError

    try:
        from .gtp.commands import build_engine
        engine = build_engine(size=args.size, rules=args.rules, komi=args.komi, seed=args.seed)
    except (RulesError, GtpError) as exc:
        print(f"gtp-weiqi: {exc}", file=sys.stderr)
        return 2
    transcript = open(args.log, "ab") if args.log else None  # noqa: SIM115
    engine.transcript = transcript
    try:
        engine.serve(sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    finally:
        if transcript is not None:
            transcript.close()
    return 0

"""A deliberately broken GTP engine, for proving every failure path of the proxy and the
match referee.

It is gtp_weiqi's own engine (so its good moves are legal and it follows the game), whose
`genmove` misbehaves after `--after N` good answers, in the way `--mode` says:

  none        never misbehaves
  crash       prints a message on stderr and exits (code 3) instead of answering
  midway      writes the start of an answer ("= D") and exits (code 4): death mid-response
  garbage     writes a line that is not GTP ("@@ garbage @@") instead of an answer
  badvertex   answers a well-framed vertex that is no vertex ("= banana")
  illegal     answers the point of the last move played (occupied), and "plays" it: a
              later `undo` takes that phantom move back, as a real engine's undo would
  refuse      answers "? cannot generate a move"
  hang        never answers (sleeps)
  slow        answers normally after sleeping --delay seconds
  resign      answers "resign"
  pass        answers "pass" (a virtual move under 计活子 / natural 计枰点 rules)
  script      answers the moves of --moves in turn ("pass" allowed), then passes
  refuseplay  refuses every `play` (after N plays) with "? illegal move"
  banner      writes a banner that is not GTP before anything else (first-byte check)
  startcrash  exits at once (code 5) with a message on stderr

`kgs-genmove_cleanup` misbehaves the same way.  `--dead "C3 D4"` makes
`final_status_list dead` answer exactly those vertices (and `seki` nothing), to stand
for an engine whose judgement differs from gtp_weiqi's.  `--journal FILE` appends one
line per process start (`start PID MODE`), so a test can check every process ended.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gtp_weiqi.ui.gtp.commands import build_engine  # noqa: E402
from gtp_weiqi.ui.gtp.protocol import GtpError  # noqa: E402

MODES = ("none", "crash", "midway", "garbage", "badvertex", "illegal", "refuse", "hang",
         "slow", "resign", "pass", "script", "refuseplay", "banner", "startcrash")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=MODES, default="none")
    parser.add_argument("--after", type=int, default=0, metavar="N",
                        help="good genmove answers (plays for refuseplay) before misbehaving")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds, for --mode slow")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--rules", default="tromp-taylor")
    parser.add_argument("--moves", default="", metavar="VERTICES",
                        help="the moves of --mode script, in order")
    parser.add_argument("--dead", metavar="VERTICES", default=None,
                        help="what final_status_list dead answers")
    parser.add_argument("--journal", metavar="FILE")
    args = parser.parse_args(argv)
    if args.journal:
        with open(args.journal, "a", encoding="utf-8") as f:
            f.write(f"start {os.getpid()} {args.mode} {os.getppid()}\n")
    out = sys.stdout.buffer
    if args.mode == "startcrash":
        print("broken_engine: cannot start (mode startcrash)", file=sys.stderr, flush=True)
        return 5
    if args.mode == "banner":
        out.write(b"Welcome to BrokenGo 0.1, the engine that chats\n")
        out.flush()

    engine = build_engine(size=args.size, rules=args.rules)
    good_genmove = engine.commands["genmove"].handler
    good_play = engine.commands["play"].handler
    good_undo = engine.commands["undo"].handler
    counts = {"genmove": 0, "play": 0}
    phantoms: list[int] = []  # move counts at which an illegal "phantom" move was made
    script = args.moves.split()

    def raw(data: bytes) -> None:
        out.write(data)
        out.flush()

    def genmove(cmd_args: list[str]) -> str:
        counts["genmove"] += 1
        if args.mode in ("none", "refuseplay", "banner") or counts["genmove"] <= args.after:
            return good_genmove(cmd_args)
        mode = args.mode
        if mode == "crash":
            print("broken_engine: crashing on purpose (mode crash)", file=sys.stderr, flush=True)
            os._exit(3)
        if mode == "midway":
            print("broken_engine: dying mid-response (mode midway)", file=sys.stderr, flush=True)
            raw(b"= D")
            os._exit(4)
        if mode == "garbage":
            raw(b"@@ garbage @@\n\n")
            return good_genmove(cmd_args)  # its answer then follows, out of step
        if mode == "badvertex":
            return "banana"
        if mode == "illegal":
            game = engine.game
            occupied = [m.point for m in game.moves if m.point is not None
                        and game.board.colour[m.point] != 0]
            if not occupied:
                return good_genmove(cmd_args)
            phantoms.append(len(game.moves))
            return engine.format_point(occupied[-1])
        if mode == "refuse":
            raise GtpError("cannot generate a move")
        if mode == "hang":
            time.sleep(3600)
        if mode == "slow":
            time.sleep(args.delay)
            return good_genmove(cmd_args)
        if mode == "resign":
            return "resign"
        if mode == "pass":
            return pass_move(cmd_args)
        if mode == "script":
            vertex = script.pop(0) if script else "pass"
            good_play([cmd_args[0], vertex])
            return vertex
        return good_genmove(cmd_args)

    def pass_move(cmd_args: list[str]) -> str:
        good_play([cmd_args[0], "pass"])
        return "pass"

    def play(cmd_args: list[str]) -> str:
        counts["play"] += 1
        if args.mode == "refuseplay" and counts["play"] > args.after:
            raise GtpError("illegal move")
        return good_play(cmd_args)

    def undo(cmd_args: list[str]) -> str:
        if phantoms and phantoms[-1] == len(engine.game.moves):
            phantoms.pop()
            return ""
        return good_undo(cmd_args)

    def status_list(cmd_args: list[str]) -> str:
        if cmd_args and cmd_args[0].lower() in ("dead", "seki"):
            return args.dead if cmd_args[0].lower() == "dead" else ""
        return good_status_list(cmd_args)

    good_status_list = engine.commands["final_status_list"].handler
    if args.dead is not None:
        engine.register("final_status_list", status_list)
    if args.mode != "none":
        engine.register("kgs-genmove_cleanup", genmove)
    engine.register("genmove", genmove)
    engine.register("play", play)
    engine.register("undo", undo)
    engine.register("name", lambda cmd_args: "BrokenGo")
    try:
        engine.serve(sys.stdin.buffer, out)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())

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
  slow        answers normally after sleeping --delay seconds (in every other mode too,
              --delay is slept before each genmove answer)
  resign      answers "resign"
  pass        answers "pass" (a virtual move under 计活子 / natural 计枰点 rules)
  script      answers the moves of --moves in turn ("pass" allowed), then passes
  refuseplay  refuses every `play` (after N plays) with "? illegal move"
  banner      writes a banner that is not GTP before anything else (first-byte check)
  startcrash  exits at once (code 5) with a message on stderr
  extra       answers genmove twice (the same answer again, with the same id): an extra
              answer, which a numbered controller discards
  wrongid     answers genmove with the id plus one: an answer out of step
  noid        never echoes command ids (every answer starts `= ` / `? `)
  idless      after the genmove after --after good ones, plays a move for the other side
              too and writes it as a second answer without an id (`= E5`): an answer out
              of step that, were it believed, would put a move on the board that the back
              end never played for us, and its own board one move ahead of ours

`kgs-genmove_cleanup` misbehaves the same way, and so does the `play` line of
`lz-genmove_analyze` / `kata-genmove_analyze` in the modes illegal, badvertex and resign.
`--refuse SPEC` (repeatable) makes a command fail: SPEC is `name`, `name~text` (only when
its arguments contain text) and optionally `=reason` (default: `refused on purpose`), e.g.
`--refuse 'kata-set-rules~"tax":"ALL"=not supported by this neural net'`.  `--dead "C3 D4"` makes
`final_status_list dead` answer exactly those vertices (and `seki` nothing), to stand
for an engine whose judgement differs from gtp_weiqi's.  `--no-id NAME` (repeatable) answers
that command without its id, as Leela Zero answers `move_history`.  `--journal FILE` appends one
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
from gtp_weiqi.ui.gtp.protocol import GtpError, Handler, preprocess  # noqa: E402

MODES = ("none", "crash", "midway", "garbage", "badvertex", "illegal", "refuse", "hang",
         "slow", "resign", "pass", "script", "refuseplay", "banner", "startcrash", "extra",
         "wrongid", "noid", "idless")
STREAMED_MODES = ("illegal", "badvertex", "resign")


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
    parser.add_argument("--no-id", action="append", default=[], metavar="NAME",
                        help="answer this command without its id")
    parser.add_argument("--refuse", action="append", default=[], metavar="SPEC",
                        help="name[~text][=reason]: that command fails")
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
        if args.delay and args.mode != "slow":
            time.sleep(args.delay)
        if args.mode in ("none", "refuseplay", "banner", "noid", "idless") \
                or counts["genmove"] <= args.after:
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

    def misbehaving_answer(cmd_args: list[str]) -> str:
        """What the misbehaving genmove answers (illegal, badvertex, resign)."""
        if args.mode == "illegal":
            return genmove(cmd_args)
        counts["genmove"] += 1
        return "banana" if args.mode == "badvertex" else "resign"

    def streamed_genmove(cmd_args: list[str], ident: str) -> str:
        """genmove_analyze whose `play` line misbehaves as genmove does."""
        colour = cmd_args[0] if cmd_args and cmd_args[0].lower() in ("b", "w", "black",
                                                                        "white") else "b"
        engine.write(f"={ident} \n")
        engine.write("info move pass visits 1 winrate 5000 prior 1000 lcb 5000 order 0 "
                     "pv pass\n")
        return f"play {misbehaving_answer([colour])}\n\n"

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

    def refusing(name: str, handler: Handler, specs: list[tuple[str, str]]) -> Handler:
        def refuse(cmd_args: list[str]) -> str:
            text = " ".join(cmd_args)
            for needle, reason in specs:
                if needle in text:
                    raise GtpError(reason)
            return handler(cmd_args)
        return refuse

    refusals: dict[str, list[tuple[str, str]]] = {}
    for spec in args.refuse:
        spec, _, reason = spec.partition("=")
        name, _, needle = spec.partition("~")
        refusals.setdefault(name, []).append((needle, reason or "refused on purpose"))

    good_status_list = engine.commands["final_status_list"].handler
    if args.dead is not None:
        engine.register("final_status_list", status_list)
    if args.mode != "none":
        engine.register("kgs-genmove_cleanup", genmove)
    engine.register("genmove", genmove)
    engine.register("play", play)
    engine.register("undo", undo)
    engine.register("name", lambda cmd_args: "BrokenGo")
    if args.mode in STREAMED_MODES:
        for name in ("lz-genmove_analyze", "kata-genmove_analyze"):
            engine.register(name, lambda cmd_args: "", stream=streamed_genmove)
    good_handle_line = engine.handle_line

    def handle_line(raw: str) -> tuple[str | None, bool]:
        """The answer, reframed as the id modes say."""
        response, quit_now = good_handle_line(raw)
        words = preprocess(raw).split()
        if response is None or not words:
            return response, quit_now
        ident = words[0] if words[0].isdigit() else ""
        name = words[1] if ident and len(words) > 1 else words[0]
        if (args.mode == "noid" or name in args.no_id) and ident:
            response = response[0] + response[1 + len(ident):]
        misbehaves = name == "genmove" and counts["genmove"] > args.after
        if args.mode == "extra" and misbehaves:
            response += response
        if args.mode == "idless" and name == "genmove" and counts["genmove"] == args.after + 1 \
                and response.startswith("="):
            other = "b" if engine.game.to_move == 1 else "w"  # the side to move next
            response += f"= {good_genmove([other])}\n\n"
        if args.mode == "wrongid" and misbehaves and ident:
            response = f"{response[0]}{int(ident) + 1}{response[1 + len(ident):]}"
        return response, quit_now

    engine.handle_line = handle_line  # type: ignore[method-assign]
    for name, specs in refusals.items():
        command = engine.commands[name]
        engine.register(name, refusing(name, command.handler, specs), stream=command.stream)
    try:
        engine.serve(sys.stdin.buffer, out)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A stand-in for KataGo's analysis, for the proxy's tests of the lead in our count and of
Leela Zero's analysis served from kata-analyze: a GTP engine that keeps no board but answers
what the proxy sends (boardsize, clear_board, komi, play, undo, kata-set-rules) and streams
`kata-analyze` with the ownership map it is given.

  --ownership "v v v ..."   Black's ownership, row-major from the top-left (A9 on 9x9)
  --lead X                  the scoreLead (and scoreMean) it reports, for the side analysed

`kata-analyze [colour] [interval] [ownership true] [movesOwnership true]` writes `=ID`, then
one line every interval (default 0.05 s) until input arrives: two candidates (E5 with the
lead, D4 with the lead minus one, each with `movesOwnership` when asked: the same map), then
`ownership` when asked.  Values are from the side analysed's view (KataGo's default
SIDETOMOVE): Black's map negated when White is analysed.  `kata-genmove_analyze` does the
same for one line, then `play E5`.
"""

from __future__ import annotations

import argparse
import select
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ownership", required=True)
    parser.add_argument("--lead", type=float, default=2.0)
    args = parser.parse_args()
    black = [float(v) for v in args.ownership.split()]
    out = sys.stdout
    commands = ["protocol_version", "name", "version", "list_commands", "known_command",
                "boardsize", "clear_board", "komi", "play", "undo", "kata-set-rules",
                "kata-analyze", "kata-genmove_analyze", "quit"]

    def answer(ident: str, text: str, ok: bool = True) -> None:
        out.write(("=" if ok else "?") + ident + " " + text + "\n\n")
        out.flush()

    def line(colour: str, flags: dict[str, str]) -> str:
        sign = 1.0 if colour.lower().startswith("b") else -1.0
        values = " ".join(f"{sign * v:.6f}" for v in black)
        parts = []
        for order, (move, lead) in enumerate((("E5", args.lead), ("D4", args.lead - 1))):
            part = (f"info move {move} visits {10 - order} edgeVisits {10 - order} utility 0.1 "
                    f"winrate 0.6 scoreMean {lead:.6f} scoreStdev 9.5 scoreLead {lead:.6f} "
                    f"scoreSelfplay {lead:.6f} prior 0.4 lcb 0.55 utilityLcb 0.05 weight 10 "
                    f"order {order} pv {move} F6")
            if flags.get("movesOwnership") == "true":
                part += " movesOwnership " + values
            parts.append(part)
        text = " ".join(parts)
        if flags.get("ownership") == "true":
            text += " ownership " + values
        return text

    while True:
        raw = sys.stdin.readline()
        if not raw:
            return 0
        words = raw.split()
        if not words:
            continue
        ident = words.pop(0) if words[0].isdigit() else ""
        name, rest = words[0], words[1:]
        if name == "quit":
            answer(ident, "")
            return 0
        if name == "protocol_version":
            answer(ident, "2")
        elif name == "name":
            answer(ident, "KataGo")
        elif name == "version":
            answer(ident, "1.17.0")
        elif name == "list_commands":
            answer(ident, "\n".join(commands))
        elif name == "known_command":
            answer(ident, "true" if rest and rest[0] in commands else "false")
        elif name in ("kata-analyze", "kata-genmove_analyze"):
            colour = rest.pop(0) if rest and rest[0].lower() in ("b", "w", "black",
                                                                  "white") else "b"
            interval = 0.05
            if rest and rest[0].replace(".", "").isdigit():
                interval = float(rest.pop(0)) / 100
            flags = dict(zip(rest[::2], rest[1::2], strict=False))
            out.write(f"={ident}\n")
            out.flush()
            if name == "kata-genmove_analyze":
                out.write(line(colour, flags) + "\nplay E5\n\n")
                out.flush()
                continue
            while True:
                out.write(line(colour, flags) + "\n")
                out.flush()
                if select.select([sys.stdin], [], [], max(interval, 0.01))[0]:
                    break
            out.write("\n")
            out.flush()
        elif name in commands:
            answer(ident, "")
        else:
            answer(ident, "unknown command", ok=False)


if __name__ == "__main__":
    sys.exit(main())

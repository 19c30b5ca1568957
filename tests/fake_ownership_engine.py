"""A GTP engine that reports ownership as KataGo does, with answers the test chooses: the
second opinion's tests run against it everywhere, KataGo or not.

    python tests/fake_ownership_engine.py [--own V=X ...] [--search] [--die-after N]
                                          [--name NAME]

It keeps the board (gtp_weiqi's own board, so captures are right) through `boardsize`,
`clear_board`, `komi`, `play`, `set_free_handicap`, `set_position`; `kata-set-rules` and
`kata-set-param` are accepted; `genmove` passes.  Its ownership: every stone owned by its
own colour at 0.95, every empty point 0, and `--own V=X` sets point V to X (+1 Black ...
-1 White).  It answers `kata-raw-nn N` (a `whiteOwnership` block, as KataGo writes it), or
with `--search` only `kata-search_analyze COLOUR ownership true` (the ownership for COLOUR
to move).  `--die-after N` exits without answering the N-th ownership question.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gtp_weiqi.core.board import BLACK, COLOUR_OF_WORD, EMPTY, Board  # noqa: E402
from gtp_weiqi.core.coords import parse_vertex  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--own", action="append", default=[])
    parser.add_argument("--search", action="store_true")
    parser.add_argument("--die-after", type=int, default=0)
    parser.add_argument("--name", default="FakeOwner")
    args = parser.parse_args()
    own = {v.split("=")[0].upper(): float(v.split("=")[1]) for v in args.own}
    board = Board(19)
    asked = 0
    ask_name = "kata-search_analyze" if args.search else "kata-raw-nn"
    listed = ["protocol_version", "name", "version", "list_commands", "known_command",
              "quit", "boardsize", "clear_board", "komi", "play", "genmove",
              "set_free_handicap", "set_position", "kata-set-rules", "kata-set-param",
              ask_name]

    def point(vertex: str) -> int:
        rc = parse_vertex(vertex, board.width, board.height)
        assert rc is not None
        return board.point(*rc)

    def ownership() -> list[float]:
        """Black's ownership, top row first, as KataGo orders it."""
        values = []
        for row in range(board.height - 1, -1, -1):
            for col in range(board.width):
                p = board.point(row, col)
                name = "ABCDEFGHJKLMNOPQRSTUVWXYZ"[col] + str(row + 1)
                c = board.colour[p]
                default = 0.0 if c == EMPTY else 0.95 if c == BLACK else -0.95
                values.append(own.get(name, default))
        return values

    out = sys.stdout
    for raw in sys.stdin:
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        ident = words.pop(0) if words[0].isdigit() else ""
        name, rest = words[0], words[1:]
        ok, text = True, ""
        if name == "quit":
            out.write(f"={ident}\n\n")
            out.flush()
            return 0
        if name == "protocol_version":
            text = "2"
        elif name == "name":
            text = args.name
        elif name == "version":
            text = "1.0"
        elif name == "list_commands":
            text = "\n".join(listed)
        elif name == "known_command":
            text = "true" if rest and rest[0] in listed else "false"
        elif name == "boardsize":
            board = Board(int(rest[0]))
        elif name == "clear_board":
            board = Board(board.width)
        elif name in ("komi", "kata-set-rules", "kata-set-param"):
            pass
        elif name == "genmove":
            text = "pass"
        elif name == "play":
            if rest[1].lower() != "pass":
                board.play(point(rest[1]), COLOUR_OF_WORD[rest[0].lower()])
        elif name == "set_free_handicap":
            for v in rest:
                board.place_stone(point(v), BLACK)
        elif name == "set_position":
            board = Board(board.width)
            for c, v in zip(rest[::2], rest[1::2], strict=True):
                board.place_stone(point(v), COLOUR_OF_WORD[c.lower()])
        elif name == ask_name:
            asked += 1
            if asked == args.die_after:
                return 3
            values = ownership()
            size = board.width
            if args.search:
                sign = 1.0 if COLOUR_OF_WORD[rest[0].lower()] == BLACK else -1.0
                text = ("info move pass visits 1 winrate 0.5 order 0 pv pass ownership "
                        + " ".join(f"{sign * v:.4f}" for v in values))
            else:
                rows = [" ".join(f"{-v:.4f}" for v in values[r * size:(r + 1) * size])
                        for r in range(size)]
                text = "\n".join([f"symmetry {rest[0]}", "whiteWin 0.5", "whiteOwnership",
                                  *rows])
        else:
            ok, text = False, "unknown command"
        out.write(("=" if ok else "?") + ident + " " + text + "\n\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Digests of what the judgement and the built-in player decide, to show a refactoring changed
nothing: run it before and after, and compare the lines.

* ``judgement``: the full report of ``judge`` (every status, owner, unclear string and
  ownership number, the floats exactly) at seed 0 on every finished game of tests/data/games
  (the test positions of benchmarks/make_gnugo_games.py, replayed as tests/test_gnugo_games.py
  does), and on every tenth one again with multi-stone suicide allowed (Benson's other reading);
* ``player``: the move the search chooses and the statistics of every root child (visits, wins,
  AMAF, score) after a fixed number of playouts at a fixed seed, on a sample of positions of
  those games (every eighth game at half its length, under rules that take turns through simple
  ko, positional superko with the 计活子 tax, territory and the natural ending) and on the empty
  9x9, 13x13 and 19x19 boards, with the ownership map on the empty boards.

Prints one digest per section and size and one over everything; ``--out FILE`` writes one line
per item (its name and digest), so two runs can be compared with ``diff`` to find the first
position that differs.  Takes a minute or two; ``--limit N`` keeps N games per size.

    python benchmarks/check_equivalence.py [--limit N] [--out FILE]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

from sgfmill import sgf

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gtp_weiqi.core.board import COLOUR_OF_WORD, Board  # noqa: E402
from gtp_weiqi.core.game import Game, IllegalPlay  # noqa: E402
from gtp_weiqi.core.rules import lookup_preset  # noqa: E402
from gtp_weiqi.judgement import judge  # noqa: E402
from gtp_weiqi.player.search import Search  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "games"
SAMPLE_RULES = ("chinese", "jihuozi", "japanese", "jipingdian-natural-b")
PLAYOUTS = {9: 300, 13: 150, 19: 100}  # per searched position
SEED = 0


def main_line(path: Path) -> tuple[int, list[tuple[int, tuple[int, int] | None]]]:
    """Board size and the main line's moves (colour, (row, col) or None for a pass)."""
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    moves = [(COLOUR_OF_WORD[c], m) for c, m in (n.get_move() for n in game.get_main_sequence())
             if c is not None]
    return game.get_size(), moves


def test_position(size: int, moves: list[tuple[int, tuple[int, int] | None]]) -> Board:
    board = Board(size)
    for colour, move in moves:
        if move is not None:
            board.play(board.point(*move), colour)
    return board


def digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def report_digest(board: Board, multi_stone_suicide: bool = False) -> str:
    """The whole report in a canonical order."""
    r = judge(board, seed=SEED, multi_stone_suicide=multi_stone_suicide)
    return digest((sorted(r.status.items()), sorted(r.owner.items()), r.unclear,
                   sorted(r.ownership.items())))


def search_digest(game: Game, playouts: int, ownership: bool = False) -> str:
    """The chosen move and every root child's statistics after `playouts` simulations."""
    search = Search(game, game.to_move, f"check {SEED}", ownership=ownership)
    search.run(playouts)
    children = [(ch.move, ch.colour, ch.n, ch.w, ch.rn, ch.rw, ch.score, ch.prior)
                for ch in search.root.children or ()]
    return digest((search.best_move(), search.playouts, search.nodes, children,
                   search.ownership_map() if ownership else None))


def game_at(size: int, moves: list[tuple[int, tuple[int, int] | None]], rules_name: str
            ) -> Game | None:
    """The game after its moves under a preset, or None when those rules refuse one."""
    rules, komi = lookup_preset(rules_name)  # type: ignore[misc]
    game = Game(size, rules=rules, komi=komi)
    for colour, move in moves:
        point = None if move is None else game.board.point(*move)
        try:
            game.play(colour, point)
        except IllegalPlay:
            return None
    return game


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--limit", type=int, default=0, help="at most this many games per size")
    ap.add_argument("--out", type=Path, help="write one digest line per item here")
    args = ap.parse_args(argv)
    lines: list[str] = []
    sections: dict[str, list[str]] = {}

    def record(section: str, name: str, value: str) -> None:
        lines.append(f"{section} {name} {value}")
        sections.setdefault(section, []).append(value)

    start = time.perf_counter()
    for size in (9, 13, 19):
        files = sorted((DATA / str(size)).glob("*.sgf"))
        if args.limit:
            files = files[: args.limit]
        for i, path in enumerate(files):
            size_, moves = main_line(path)
            board = test_position(size_, moves)
            record(f"judgement-{size}", path.name, report_digest(board))
            if i % 10 == 0:
                record(f"judgement-{size}-suicide", path.name, report_digest(board, True))
            if i % 8 == 0:
                rules_name = SAMPLE_RULES[(i // 8) % len(SAMPLE_RULES)]
                half = moves[: len(moves) // 2]
                game = game_at(size_, half, rules_name) or game_at(size_, half, "chinese")
                assert game is not None, path
                record(f"player-{size}", f"{path.name}@{len(half)}:{rules_name}",
                       search_digest(game, PLAYOUTS[size]))
        for rules_name in ("chinese", "jihuozi", "tromp-taylor"):
            rules, komi = lookup_preset(rules_name)  # type: ignore[misc]
            record(f"player-{size}", f"empty:{rules_name}",
                   search_digest(Game(size, rules=rules, komi=komi), PLAYOUTS[size],
                                 ownership=True))
    took = time.perf_counter() - start
    for section, values in sections.items():
        print(f"{section:24} {len(values):4} items  {digest(values)}")
    print(f"{'all':24} {len(lines):4} items  {digest(lines)}")
    print(f"({took:.0f} s)")
    if args.out:
        args.out.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

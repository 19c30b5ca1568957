"""Make finished games with GNU Go, with the dead stones known, for judging dead stones and seki.

Each game: a few seeded random opening moves, then GNU Go plays itself (a modest level) until two
passes in a row. That position is the test position. Then both sides play ``kgs-genmove_cleanup``
at full strength (level 10) until two passes, twice from the test position: once with the side to
move first, once with the other side first. A stone of the test position is dead (死子) when,
after both cleanups, its point does not hold a stone of its colour; it is alive when it is still
there after both. A stone gone after one cleanup only is unsettled: its fate depends on who moves
first, or one cleanup misplayed it (GNU Go answering an atari elsewhere, say), so the position
does not decide it and the judgement is not scored on its string.

One SGF per game, ``<out>/<size>/g<size>_<index>.sgf``:

- main line: the moves up to and including the two passes (the test position);
- last node: ``DD[...]`` the dead stones, ``DU[...]`` the unsettled stones (private property;
  present only when non-empty), ``CL[B:pd][W:]...`` the cleanup with the side to move first and
  ``CO[...]`` the cleanup with the other side first (private properties; an empty point is a
  pass), ``SK[...]`` the stones GNU Go calls seki after the first cleanup (private property;
  present only when non-empty), and a comment saying the same in words;
- root: ``GC`` says how the game was made; ``RE`` is GNU Go's ``final_score`` after the first
  cleanup.

Existing files are kept, so an interrupted run can simply be started again; ``--other-cleanup``
adds the second cleanup (and the truth it gives) to existing records made with one cleanup.

    python benchmarks/make_gnugo_games.py --size 9 --games 60 --level 3-8 --out tests/data/games
    python benchmarks/make_gnugo_games.py --other-cleanup tests/data/games
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from _common import find_gnugo
from sgfmill import boards, sgf, sgf_properties

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from gtp_weiqi.core.coords import format_vertex, parse_vertex  # noqa: E402
from gtp_weiqi.ui.gtp.controller import Controller, ControllerError  # noqa: E402

DEFAULT_LEVELS = {9: "3-8", 13: "2-5", 19: "1-2"}
CLEANUP_LEVEL = 10


class GtpError(RuntimeError):
    """A GTP command failed (``?`` answer), timed out, or the engine died."""


class Gtp:
    """GNU Go through the project's GTP controller, spoken to in whole command lines: a
    ``?`` answer, a timeout or a dead engine is a GtpError.  Use as a context manager."""

    def __init__(self, argv: list[str], timeout: float = 120.0) -> None:
        try:
            self._engine = Controller.start(argv, "gnugo", timeout)
        except ControllerError as exc:
            raise GtpError(str(exc)) from None

    def __enter__(self) -> Gtp:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._engine.close()

    def command(self, line: str) -> str:
        """Send one command; return the answer text (without ``= ``)."""
        name, *args = line.split()
        try:
            return self._engine.command(name, *args).strip()
        except ControllerError as exc:
            raise GtpError(f"{line}: {exc}") from None


def vertex_to_move(vertex: str, size: int) -> tuple[int, int] | None:
    """GTP vertex ('D4', 'pass') to sgfmill (row, col), row 0 at the bottom; None for a pass."""
    return parse_vertex(vertex, size, size)


def move_to_vertex(move: tuple[int, int] | None) -> str:
    """sgfmill (row, col) to a GTP vertex."""
    return format_vertex(move)


def parse_vertices(text: str, size: int) -> set[tuple[int, int]]:
    """All vertices in a multi-line GTP answer (e.g. ``final_status_list``)."""
    return {vertex_to_move(v, size) for v in text.split()}  # type: ignore[misc]


def parse_levels(spec: str) -> tuple[int, int]:
    """'5' -> (5, 5); '1-3' -> (1, 3)."""
    lo, _, hi = spec.partition("-")
    return int(lo), int(hi or lo)


@dataclass
class Game:
    """One finished game and its ground truth."""

    size: int
    komi: float
    rules: str
    level: int
    opening: int
    moves: list[tuple[str, tuple[int, int] | None]] = field(default_factory=list)
    cleanup: list[tuple[str, tuple[int, int] | None]] = field(default_factory=list)
    other_cleanup: list[tuple[str, tuple[int, int] | None]] = field(default_factory=list)
    dead: set[tuple[int, int]] = field(default_factory=set)
    unsettled: set[tuple[int, int]] = field(default_factory=set)
    seki: set[tuple[int, int]] = field(default_factory=set)
    result: str = ""


def random_opening(rng: random.Random, size: int) -> list[tuple[int, int]]:
    """A few reasonable opening points: away from the edge, not touching each other."""
    lo, hi = (2, size - 3) if size >= 9 else (1, size - 2)
    count = {9: (1, 4), 13: (2, 6)}.get(size, (3, 8))
    chosen: list[tuple[int, int]] = []
    for _ in range(rng.randint(*count)):
        for _try in range(50):
            p = (rng.randint(lo, hi), rng.randint(lo, hi))
            if all(abs(p[0] - q[0]) + abs(p[1] - q[1]) > 1 for q in chosen):
                chosen.append(p)
                break
    return chosen


def play_game(gnugo: str, size: int, level: int, rng: random.Random, timeout: float) -> Game | None:
    """Self-play to two passes, then cleanup to two passes; None when the game is unusable."""
    rules = rng.choice(["japanese", "chinese"])
    komi = 6.5 if rules == "japanese" else 7.5
    game = Game(size=size, komi=komi, rules=rules, level=level, opening=0)
    argv = [gnugo, "--mode", "gtp", "--level", str(level), "--never-resign", f"--{rules}-rules"]
    board = boards.Board(size)
    with Gtp(argv, timeout=timeout) as eng:
        eng.command(f"boardsize {size}")
        eng.command("clear_board")
        eng.command(f"komi {komi}")
        eng.command(f"set_random_seed {rng.randrange(1 << 30)}")
        colour = "b"
        opening = random_opening(rng, size)
        game.opening = len(opening)
        for move in opening:
            eng.command(f"play {colour} {move_to_vertex(move)}")
            board.play(move[0], move[1], colour)
            game.moves.append((colour, move))
            colour = "w" if colour == "b" else "b"
        passes = 0
        while passes < 2:
            if len(game.moves) > 3 * size * size:
                return None
            answer = eng.command(f"genmove {colour}")
            if answer.lower() == "resign":
                return None
            move = vertex_to_move(answer, size)
            if move is not None:
                board.play(move[0], move[1], colour)
            game.moves.append((colour, move))
            passes = passes + 1 if move is None else 0
            colour = "w" if colour == "b" else "b"
        test_stones = {(r, c): board.get(r, c) for r in range(size) for c in range(size)}
        test_stones = {p: c for p, c in test_stones.items() if c is not None}
        check = parse_vertices(eng.command("list_stones black"), size) | parse_vertices(
            eng.command("list_stones white"), size
        )
        if check != set(test_stones):
            raise GtpError("GNU Go's board differs from the replayed one")
        eng.command(f"level {CLEANUP_LEVEL}")
        first = colour
        cleanup = run_cleanup(eng, colour, size)
        if cleanup is None:
            return None
        game.cleanup = cleanup
        game.seki = parse_vertices(eng.command("final_status_list seki"), size)
        game.result = eng.command("final_score")
        eng.command("clear_board")
        for c, move in game.moves:
            eng.command(f"play {c} {move_to_vertex(move)}")
        other = run_cleanup(eng, "w" if first == "b" else "b", size)
        if other is None:
            return None
        game.other_cleanup = other
        game.dead, game.unsettled = truth(board, size, game.cleanup, game.other_cleanup)
    return game


def run_cleanup(eng: Gtp, first: str, size: int
                ) -> list[tuple[str, tuple[int, int] | None]] | None:
    """Both sides play ``kgs-genmove_cleanup`` from `first` on until two passes; None if endless."""
    moves: list[tuple[str, tuple[int, int] | None]] = []
    colour = first
    passes = 0
    while passes < 2:
        if len(moves) > 2 * size * size:
            return None
        move = vertex_to_move(eng.command(f"kgs-genmove_cleanup {colour}"), size)
        moves.append((colour, move))
        passes = passes + 1 if move is None else 0
        colour = "w" if colour == "b" else "b"
    return moves


def gone_after(board: boards.Board, moves: list[tuple[str, tuple[int, int] | None]]
               ) -> set[tuple[int, int]]:
    """Stones of `board` whose point holds no stone of their colour after `moves`."""
    after = board.copy()
    for colour, move in moves:
        if move is not None:
            after.play(move[0], move[1], colour)
    return {
        (r, c) for r in range(board.side) for c in range(board.side)
        if board.get(r, c) is not None and after.get(r, c) != board.get(r, c)
    }


def truth(board: boards.Board, size: int, cleanup: list[tuple[str, tuple[int, int] | None]],
          other: list[tuple[str, tuple[int, int] | None]]
          ) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Dead stones (gone after both cleanups) and unsettled ones (gone after one only)."""
    first, second = gone_after(board, cleanup), gone_after(board, other)
    return first & second, first ^ second


def describe_making(seed: int, index: int, opening: int, level: int) -> str:
    """The root comment (GC): how the game and its truth were made."""
    return (
        f"Made by benchmarks/make_gnugo_games.py (seed {seed}, game {index}): {opening} "
        f"random opening moves, GNU Go self-play at level {level} until two passes "
        f"(the test position), then kgs-genmove_cleanup at level {CLEANUP_LEVEL} until two "
        "passes, once with the side to move first (CL on the last node) and once with the other "
        "side first (CO). DD: stones of the test position gone after both cleanups. DU: stones "
        "gone after one cleanup only (unsettled). SK: stones GNU Go calls seki after the first "
        "cleanup."
    )


def set_truth(node: sgf.Tree_node, size: int, cleanup: list, other: list,
              dead: set[tuple[int, int]], unsettled: set[tuple[int, int]]) -> None:
    """Write both cleanups, the dead and unsettled stones and the comment on the last node."""
    def raw(moves: list) -> list[bytes]:
        return [f"{c.upper()}:".encode() + sgf_properties.serialise_go_point(m, size)
                for c, m in moves]

    def words(moves: list) -> str:
        return " ".join(f"{c.upper()} {move_to_vertex(m)}" for c, m in moves)

    def vertices(points: set[tuple[int, int]]) -> str:
        return " ".join(move_to_vertex(p) for p in sorted(points)) or "none"

    node.set("DD", dead)
    if unsettled:
        node.set_raw_list(
            "DU", [sgf_properties.serialise_go_point(p, size) for p in sorted(unsettled)])
    elif node.has_property("DU"):
        node.unset("DU")
    node.set_raw_list("CL", raw(cleanup))
    node.set_raw_list("CO", raw(other))
    node.set("C", f"Test position. Dead stones: {vertices(dead)}.\n"
                  f"Unsettled stones: {vertices(unsettled)}.\n"
                  f"Cleanup: {words(cleanup)}\n"
                  f"Cleanup, other side first: {words(other)}")


def to_sgf(game: Game, index: int, seed: int) -> bytes:
    """The SGF record: the test position as the main line, the truth on its last node."""
    sg = sgf.Sgf_game(game.size)
    root = sg.get_root()
    root.set("KM", game.komi)
    root.set("RU", game.rules.capitalize())
    name = f"GNU Go 3.8 level {game.level}"
    root.set("PB", name)
    root.set("PW", name)
    if game.result:
        root.set("RE", game.result)
    root.set("GC", describe_making(seed, index, game.opening, game.level))
    node = root
    for colour, move in game.moves:
        node = sg.extend_main_sequence()
        node.set_move(colour, move)
    set_truth(node, game.size, game.cleanup, game.other_cleanup, game.dead, game.unsettled)
    if game.seki:
        node.set_raw_list(
            "SK", [sgf_properties.serialise_go_point(p, game.size) for p in sorted(game.seki)]
        )
    return sg.serialise()


def read_points(node: sgf.Tree_node, prop: str, size: int) -> set[tuple[int, int]]:
    """A point list (DD, DU, SK) as (row, col) points; empty when the property is absent."""
    if not node.has_property(prop):
        return set()
    found = {sgf_properties.interpret_go_point(raw, size) for raw in node.get_raw_list(prop)}
    return found - {None}  # DD[] is an empty list


def read_cleanup(node: sgf.Tree_node, prop: str, size: int
                 ) -> list[tuple[str, tuple[int, int] | None]]:
    """A cleanup sequence (CL or CO) as (colour, move) pairs."""
    moves = []
    for item in node.get_raw_list(prop):
        colour, _, point = item.decode().partition(":")
        moves.append((colour.lower(), sgf_properties.interpret_go_point(point.encode(), size)))
    return moves


def add_other_cleanup(gnugo: str, path: Path, timeout: float) -> str:
    """Give a record made with one cleanup its second one (the other side first) and new truth."""
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    last = game.get_last_node()
    if last.has_property("CO"):
        return f"{path.name}: has both cleanups"
    size = game.get_size()
    root = game.get_root()
    rules = "japanese" if root.get("RU").lower() == "japanese" else "chinese"
    cleanup = read_cleanup(last, "CL", size)
    first = "w" if cleanup[0][0] == "b" else "b"
    board = boards.Board(size)
    moves = [node.get_move() for node in game.get_main_sequence()]
    moves = [(c, m) for c, m in moves if c is not None]
    argv = [gnugo, "--mode", "gtp", "--level", str(CLEANUP_LEVEL), f"--{rules}-rules"]
    start = time.monotonic()
    with Gtp(argv, timeout=timeout) as eng:
        eng.command(f"boardsize {size}")
        eng.command("clear_board")
        eng.command(f"komi {root.get('KM')}")
        eng.command(f"set_random_seed {zlib.crc32(path.name.encode())}")
        for colour, move in moves:
            eng.command(f"play {colour} {move_to_vertex(move)}")
            if move is not None:
                board.play(move[0], move[1], colour)
        other = run_cleanup(eng, first, size)
    if other is None:
        return f"{path.name}: the other cleanup does not end; left as it was"
    dead, unsettled = truth(board, size, cleanup, other)
    made = re.search(r"seed (\d+), game (\d+)\): (\d+) random opening moves, GNU Go self-play "
                     r"at level (\d+)", root.get("GC"))
    if made:
        root.set("GC", describe_making(*(int(x) for x in made.groups())))
    set_truth(last, size, cleanup, other, dead, unsettled)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(game.serialise())
    os.replace(tmp, path)
    return (f"{path.name}: {len(dead)} dead, {len(unsettled)} unsettled "
            f"({time.monotonic() - start:.1f} s)")


def make_one(gnugo: str, size: int, index: int, seed: int, levels: tuple[int, int], out: Path,
             timeout: float, only_seki: bool = False) -> str:
    """Make game `index` unless its file exists; retries with a new seed when a game is unusable.

    With `only_seki` a game without seki (as GNU Go sees it after the cleanup) is not written."""
    path = out / str(size) / f"g{size}_{index:03d}.sgf"
    if path.exists():
        return f"{path.name}: exists"
    start = time.monotonic()
    for attempt in range(5):
        rng = random.Random(f"{seed}-{size}-{index}-{attempt}")
        level = rng.randint(*levels)
        try:
            game = play_game(gnugo, size, level, rng, timeout)
        except GtpError as e:
            print(f"{path.name}: attempt {attempt} failed: {e}", file=sys.stderr, flush=True)
            continue
        if game is None:
            continue
        if only_seki and not game.seki:
            return f"{path.name}: no seki, not written"
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(to_sgf(game, index, seed))
        os.replace(tmp, path)
        took = time.monotonic() - start
        return (f"{path.name}: level {game.level} {game.rules} {len(game.moves)} moves, "
                f"{len(game.dead)} dead, {len(game.seki)} seki, cleanup {len(game.cleanup)}, "
                f"{took:.1f} s")
    return f"{path.name}: given up"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--games", type=int, default=10,
                    help="how many games (indices start .. start+games-1)")
    ap.add_argument("--start", type=int, default=0, help="first game index")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default=None, help="self-play level, N or LO-HI (seeded choice)")
    ap.add_argument("--out", type=Path, default=Path("tests/data/games"))
    ap.add_argument("--jobs", type=int, default=2, help="games played at once")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per GTP command")
    ap.add_argument("--only-seki", action="store_true", help="write only games with seki (双活)")
    ap.add_argument("--other-cleanup", type=Path, metavar="DIR", default=None,
                    help="add the second cleanup to the records under DIR, then stop")
    args = ap.parse_args(argv)
    gnugo = find_gnugo()
    if gnugo is None:
        print("gnugo not found (apt install gnugo)", file=sys.stderr)
        return 2
    if args.other_cleanup is not None:
        paths = sorted(args.other_cleanup.glob("**/*.sgf"))
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for line in pool.map(lambda p: add_other_cleanup(gnugo, p, args.timeout), paths):
                print(line, flush=True)
        return 0
    levels = parse_levels(args.level or DEFAULT_LEVELS.get(args.size, "1-3"))
    (args.out / str(args.size)).mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    indices = range(args.start, args.start + args.games)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [
            pool.submit(make_one, gnugo, args.size, i, args.seed, levels, args.out, args.timeout,
                        args.only_seki)
            for i in indices
        ]
        for f in futures:
            print(f.result(), flush=True)
    print(f"{args.size}x{args.size}: {len(indices)} games in {time.monotonic() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

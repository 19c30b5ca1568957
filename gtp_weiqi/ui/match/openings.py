"""Openings of a match (`--openings DIR`), as gogui-twogtp's `-openings` uses them.

The openings are the `.sgf` files of DIR (the extension in any case; sub-directories are
not read), in the order of their names.  Game N starts from opening N mod the number of
files; with `--alternate`, from opening (N div 2) mod the number, so that each opening is
played twice in a row, once with either engine as Black.  Without `--alternate` the same
engine is Black in every game, in every opening, as in gogui-twogtp.

An opening is the main line of its file: moves only, Black first, alternating; the file's
RU, KM and result are not used (the match's rules and komi hold).  Its moves are sent to
both engines with `play` (no engine needs `loadsgf`), are not timed, and are the first
moves of the game's SGF.  Every file is checked before any engine starts, and a bad one is
refused with its name and the reason: not readable as SGF, another board size, setup
stones or a handicap (GTP has no way to place them in every engine), a move out of turn,
an illegal move under the match's rules, two passes in a row (the game would stop there),
or as many moves as `--max-moves`.

A match remembers each opening by name and SHA-256, so resuming with other files is
refused as other settings are.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from ...base.colours import BLACK, COLOUR_LETTER, COLOUR_NAME, WHITE
from ...core import ending
from ...core.coords import format_vertex
from ...core.files import read_regular_file
from ...core.sgf import SgfError, parse_sgf
from ..gtp.commands import build_engine

_NAME = {c: COLOUR_NAME[c].capitalize() for c in (BLACK, WHITE)}


class OpeningError(ValueError):
    """An openings directory or file that cannot be used; the message names it and why."""


@dataclass(frozen=True)
class Opening:
    """name -- the file's name in the directory; sha256 -- of its bytes; moves -- (colour,
    vertex) in order, vertices as GTP writes them (`D4`, `pass`)."""

    name: str
    sha256: str
    moves: tuple[tuple[int, str], ...]

    def gtp_moves(self) -> list[tuple[str, str]]:
        """The moves as `play` arguments: ("b", "D4"), ..."""
        return [(COLOUR_LETTER[colour], vertex) for colour, vertex in self.moves]


def opening_index(game: int, count: int, alternate: bool) -> int:
    """Which opening game number `game` starts from (gogui-twogtp's rule)."""
    return (game // 2 if alternate else game) % count


def opening_files(directory: str | Path) -> list[Path]:
    """The `.sgf` files of the directory, sorted by name."""
    path = Path(directory)
    if not path.is_dir():
        raise OpeningError(f"--openings: {directory} is not a directory")
    try:
        names = sorted(os.listdir(path))
    except OSError as exc:
        raise OpeningError(f"--openings: cannot list {directory}: {exc.strerror or exc}") \
            from None
    files = [path / name for name in names if name.lower().endswith(".sgf")
             and (path / name).is_file()]
    if not files:
        raise OpeningError(f"--openings: no .sgf files in {directory}")
    return files


def load_openings(directory: str | Path, size: int, rules: str, komi: float | None,
                  max_moves: int) -> tuple[Opening, ...]:
    """Every opening of the directory, each checked; OpeningError for the first bad one."""
    return tuple(load_opening(path, size, rules, komi, max_moves)
                 for path in opening_files(directory))


def load_opening(path: Path, size: int, rules: str, komi: float | None,
                 max_moves: int) -> Opening:
    """One opening file, checked as the module text says."""
    def refuse(reason: str) -> OpeningError:
        return OpeningError(f"--openings: {path}: {reason}")

    try:
        data = read_regular_file(path)
    except OSError as exc:
        raise refuse(str(exc) if not exc.strerror else exc.strerror) from None
    try:
        parsed = parse_sgf(data)
    except SgfError as exc:
        raise refuse(str(exc)) from None
    if parsed.size != (size, size):
        raise refuse(f"a {parsed.size[0]}x{parsed.size[1]} board, the match is {size}x{size}")
    if parsed.setup or parsed.handicap >= 2:
        raise refuse("setup stones or a handicap (AB/AW/HA) are not supported: openings are "
                     "moves, sent to the engines with play")
    if not parsed.moves:
        raise refuse("no moves")
    if len(parsed.moves) >= max_moves:
        raise refuse(f"{len(parsed.moves)} moves, as many as --max-moves {max_moves}")
    engine = build_engine(size, rules, komi)
    moves: list[tuple[int, str]] = []
    for number, (colour, rc) in enumerate(parsed.moves, start=1):
        game = engine.game
        vertex = format_vertex(rc)
        expected = BLACK if number % 2 == 1 else WHITE
        if colour != expected:
            raise refuse(f"move {number} is {_NAME[colour]}'s, but {_NAME[expected]} is to "
                         "play (openings start with Black and alternate)")
        point = None if rc is None else game.board.point(*rc)
        if point is not None:
            reason = game.illegal_reason(colour, point)
            if reason is not None:
                raise refuse(f"move {number} ({_NAME[colour]} {vertex}) is illegal under "
                             f"{rules}: {reason}")
        refusal = ending.move_refusal(game)
        if refusal is not None:
            raise refuse(f"move {number} comes after the end of the game: {refusal}")
        if point is None and moves and moves[-1][1] == "pass":
            raise refuse(f"moves {number - 1} and {number} are two passes in a row: the game "
                         "would stop inside the opening")
        engine.run_command("play", [COLOUR_LETTER[colour], vertex])
        moves.append((colour, vertex))
    if ending.end_info(engine.game).state in ending.OVER:
        raise refuse("the game is over at the end of the opening")
    return Opening(path.name, hashlib.sha256(data).hexdigest(), tuple(moves))


__all__ = ["Opening", "OpeningError", "load_opening", "load_openings", "opening_files",
           "opening_index"]

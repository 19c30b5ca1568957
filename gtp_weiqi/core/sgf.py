"""SGF in and out through sgfmill; moves are replayed through the rules-aware Game.

sgfmill reads and writes the file; it checks no rules, so every move is played
through `Game.play` and an illegal record is refused with its move number and
the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from sgfmill import sgf, sgf_properties

from .board import BLACK, WHITE
from .game import Game, IllegalPlay, Move
from .rules import Rules, RulesError, lookup_preset, parse_rules

_COLOUR = {"b": BLACK, "w": WHITE}
_LETTER = {BLACK: "b", WHITE: "w"}

# RU values seen in the wild -> our presets.
_RU_NAMES = {"gog": "ing", "chinese": "chinese", "japanese": "japanese", "korean": "japanese",
             "aga": "aga", "nz": "new-zealand", "tromptaylor": "tromp-taylor"}


# Judgement marks as SGF properties: stone statuses (DD is the standard dead-stone list, the
# others are private) and owners of empty points.
_STATUS_PROPS = {"WQAL": "alive", "WQSK": "seki", "DD": "dead"}
_OWNER_PROPS = {"WQOB": "b", "WQOW": "w", "WQOP": "public"}
_MARK_PROPS = tuple(p for p in (*_STATUS_PROPS, *_OWNER_PROPS) if p != "DD")


class SgfError(ValueError):
    """An SGF file that cannot be loaded; the message says why."""


@dataclass
class SgfGame:
    """What an SGF file describes, before it becomes a Game."""

    size: tuple[int, int]
    komi: float | None
    rules: Rules | None
    handicap: int
    setup: list[tuple[tuple[int, int], int]]
    moves: list[tuple[int, tuple[int, int] | None]]
    marks: dict[str, list[tuple[int, int]]]


def rules_from_ru(text: str) -> Rules | None:
    """The preset an RU value names, or the rules its JSON describes (as printsgf writes
    rules that are no preset); None when unknown."""
    text = text.strip()
    if not text:
        return None
    if text.startswith("{"):
        try:
            return parse_rules(text)[0]
        except RulesError:
            return None
    key = text.lower().replace("-", "").replace("_", "").replace(" ", "")
    found = lookup_preset(_RU_NAMES.get(key, text))
    return found[0] if found else None


def parse_sgf(data: bytes) -> SgfGame:
    """Read the main line of an SGF game (setup, moves, komi, rules, dead-stone marks)."""
    try:
        game = sgf.Sgf_game.from_bytes(data)
    except ValueError as exc:
        raise SgfError(f"bad SGF: {exc}") from None
    root = game.get_root()
    try:
        size = game.get_size()
        komi = game.get_komi() if root.has_property("KM") else None
        ru = root.get("RU") if root.has_property("RU") else ""
        handicap = game.get_handicap() or 0
    except ValueError as exc:
        raise SgfError(f"bad SGF root: {exc}") from None
    if not 2 <= size <= 25:
        raise SgfError(f"board size {size} is not supported")
    setup: list[tuple[tuple[int, int], int]] = []
    moves: list[tuple[int, tuple[int, int] | None]] = []
    marks: dict[str, list[tuple[int, int]]] = {}
    try:
        for node in game.get_main_sequence():
            black, white, empty = node.get_setup_stones()
            if black or white or empty:
                if moves:
                    raise SgfError(f"setup stones after move {len(moves)} are not supported")
                if empty:
                    raise SgfError("AE setup is not supported")
                setup += [(p, BLACK) for p in sorted(black)] + [(p, WHITE) for p in sorted(white)]
            colour, point = node.get_move()
            if colour is not None:
                moves.append((_COLOUR[colour], point))
            for prop in ("DD", "MA", "TB", "TW"):
                if node.has_property(prop):
                    marks[prop] = sorted(node.get(prop))
            for prop in _MARK_PROPS:
                if node.has_property(prop):
                    marks[prop] = sorted(_points(node.get_raw_list(prop), size))
    except SgfError:
        raise
    except ValueError as exc:
        reason = str(exc) or "a point off the board or a bad value"
        raise SgfError(f"bad SGF node: {reason}") from None
    return SgfGame((size, size), komi, rules_from_ru(ru), handicap, setup, moves, marks)


def build_game(parsed: SgfGame, rules: Rules, komi: float, move_number: int | None = None,
               apply_marks: bool = False) -> Game:
    """Replay a parsed SGF into a new Game; stop before `move_number` (1 = the first move).

    With `apply_marks`, the judgement marks of a fully replayed record (DD dead stones and
    our private status / owner properties) become the game's explicit marks again.
    """
    width, height = parsed.size
    game = Game(width, height, parsed.rules or rules, parsed.komi if parsed.komi is not None
                else komi)
    board = game.board
    black_setup = [board.point(*p) for p, c in parsed.setup if c == BLACK]
    others = [(board.point(*p), c) for p, c in parsed.setup if c != BLACK]
    if parsed.handicap and black_setup and not others:
        game.place_handicap(black_setup)
    elif parsed.setup:
        game.add_setup([(board.point(*p), c) for p, c in parsed.setup])
    moves = parsed.moves if move_number is None else parsed.moves[: max(move_number - 1, 0)]
    for number, (colour, point) in enumerate(moves, start=1):
        p = None if point is None else board.point(*point)
        try:
            game.play(colour, p)
        except IllegalPlay as exc:
            raise SgfError(f"move {number} is illegal ({exc.reason})") from None
    if apply_marks and len(moves) == len(parsed.moves):
        _apply_marks(game, parsed.marks)
    return game


def _apply_marks(game: Game, marks: dict[str, list[tuple[int, int]]]) -> None:
    board = game.board
    for prop, status in _STATUS_PROPS.items():
        stones = [board.point(*rc) for rc in marks.get(prop, [])
                  if board.colour[board.point(*rc)] in (BLACK, WHITE)]
        if stones:
            game.mark_status(stones, status)
    for prop, owner in _OWNER_PROPS.items():
        empty = [board.point(*rc) for rc in marks.get(prop, [])
                 if board.colour[board.point(*rc)] not in (BLACK, WHITE)]
        if empty:
            game.mark_owner(empty, owner)


def _points(values: list[bytes], size: int) -> list[tuple[int, int]]:
    """Decode SGF point values (no compressed lists) of a private property."""
    out = []
    for raw in values:
        rc = sgf_properties.interpret_go_point(raw, size)
        if rc is None:
            raise ValueError(f"bad point {raw!r}")
        out.append(rc)
    return out


def _mark_properties(game: Game) -> dict[str, list[int]]:
    """The game's effective marks as SGF properties: DD dead, WQSK seki, WQAL alive, and
    WQOB / WQOW / WQOP owners of empty points (black / white / public)."""
    status, owner = game.effective_marks()
    props: dict[str, list[int]] = {}
    for prop, value in _STATUS_PROPS.items():
        pts = sorted(p for p, v in status.items() if v == value)
        if pts:
            props[prop] = pts
    for prop, value in _OWNER_PROPS.items():
        pts = sorted(p for p, v in owner.items() if v == value)
        if pts:
            props[prop] = pts
    return props


def load_sgf(path: str, rules: Rules, komi: float, move_number: int | None = None) -> Game:
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise SgfError(f"cannot read {path}: {exc.strerror}") from None
    return build_game(parse_sgf(data), rules, komi, move_number, apply_marks=True)


def game_to_sgf(game: Game, extra_root: dict[str, str] | None = None,
                dead: list[int] | None = None, result: str | None = None) -> bytes:
    """Serialise the game: size, komi, rules, handicap, setup, moves and dead-stone marks."""
    if game.width != game.height:
        raise SgfError("rectangular boards cannot be written as SGF by this engine")
    out = sgf.Sgf_game(game.width)
    root = out.get_root()
    root.set("KM", game.komi)
    name = game.rules.preset_name
    root.set("RU", name if name else game.rules.to_json())
    root.set("AP", ("gtp_weiqi", _version()))
    board = game.board
    if game.setup:
        blacks = {board.row_col(p) for p, c in game.setup if c == BLACK}
        whites = {board.row_col(p) for p, c in game.setup if c == WHITE}
        root.set_setup_stones(blacks, whites)
    if game.handicap:
        root.set("HA", game.handicap)
    if result:
        root.set("RE", result)
    for key, value in (extra_root or {}).items():
        root.set_raw(key, sgf_text(value))
    node = root
    for move in game.moves:
        node = node.new_child()
        if move.point is None:
            node.set_raw(_LETTER[move.colour].upper(), b"")  # FF[4] pass
        else:
            node.set_move(_LETTER[move.colour], board.row_col(move.point))
    marks = _mark_properties(game) if dead is None else {"DD": dead} if dead else {}
    for prop, pts in marks.items():
        if prop == "DD":
            node.set("DD", {board.row_col(p) for p in pts})
        else:
            node.set_raw_list(prop, [sgf_properties.serialise_go_point(board.row_col(p),
                                                                      game.width)
                                     for p in pts])
    return out.serialise()


def sgf_text(value: str) -> bytes:
    return value.replace("\\", "\\\\").replace("]", "\\]").encode("utf-8")


def _version() -> str:
    from .. import __version__
    return __version__


__all__ = ["SgfError", "SgfGame", "parse_sgf", "build_game", "load_sgf", "game_to_sgf", "Move"]

"""SGF in and out through sgfmill; moves are replayed through the rules-aware Game.

sgfmill reads and writes the file; it checks no rules, so every move is played
through `Game.play` and an illegal record is refused with its move number and
the reason.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from sgfmill import sgf, sgf_grammar, sgf_properties

from ..base import MAX_SIZE, MIN_SIZE
from .board import BLACK, COLOUR_LETTER, COLOUR_OF_WORD, EMPTY, WHITE
from .coords import format_vertex
from .files import DEFAULT_READ_LIMIT, FileRefused, PathLike, describe, read_regular_file
from .game import Game, IllegalPlay, Move, check_setup
from .rules import Rules, RulesError, check_komi, lookup_preset, parse_rules
from .sgf_scan import DEFAULT_LIMITS, Limits, TooLarge, blank_escapes, scan

# Judgement marks as SGF properties: stone statuses (DD is the standard dead-stone list, the
# others are private) and owners of empty points.
_STATUS_PROPS = {"WQAL": "alive", "WQSK": "seki", "DD": "dead"}
_OWNER_PROPS = {"WQOB": "b", "WQOW": "w", "WQOP": "public"}
_MARK_PROPS = tuple(p for p in (*_STATUS_PROPS, *_OWNER_PROPS) if p != "DD")


class SgfError(ValueError):
    """An SGF file that cannot be loaded; the message says why, and `move` is the number of
    the refused move (1 = the first) when a move is what failed."""

    def __init__(self, message: str, move: int | None = None) -> None:
        super().__init__(message)
        self.move = move


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
    ru_text: str = ""  # the RU value as written (rules is None when it is not understood)
    result: str | None = None  # RE, as recorded


def _ru_value(root: sgf.Tree_node) -> str:
    """The RU text.  Without CA, sgfmill reads ISO-8859-1; a UTF-8 RU (RU[计活子], as
    most programs write Chinese today) is read as UTF-8 instead."""
    if not root.has_property("CA"):
        try:
            raw: bytes = root.get_raw("RU")
            return raw.decode("utf-8").replace("\\]", "]")
        except UnicodeDecodeError:
            pass
    text: str = root.get("RU")
    return text


def unknown_rules_note(parsed: SgfGame, used: Rules) -> str | None:
    """What to tell the user when the record's RU was not understood, else None."""
    if parsed.rules is not None or not parsed.ru_text:
        return None
    return (f"RU[{shown(parsed.ru_text)}] is not a rules set this engine knows; "
            f"counting under {used.preset_name or used.to_json()} instead")


def empty_dead_note(game: Game, marks: dict[str, list[tuple[int, int]]]) -> str | None:
    """What to tell the user when the record's DD names empty points of the position it
    ends on (they are ignored: a mark of a dead stone needs a stone), else None."""
    board = game.board
    empty = sorted(rc for rc in marks.get("DD", []) if board.colour[board.point(*rc)] == EMPTY)
    if not empty:
        return None
    listed = " ".join(format_vertex(rc) for rc in empty)
    return f"DD marks empty point{'s' if len(empty) > 1 else ''} {listed}: ignored"


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
    found = lookup_preset(text)  # the RU spellings seen in the wild are its aliases
    return found[0] if found else None


_SQUARE_SZ = re.compile(rb"SZ\[\s*(\d+)\s*:\s*\1\s*\]")  # FF[4] SZ[n:n], a square board
# After escapes are blanked: a value, a run of name characters, or the end; junk before it
# is skipped in the same match (one Python step per token, never per byte).
_PROP_TOKEN = re.compile(rb"[^\[A-Za-z0-9_]*(?:\[[^\]]*(?:\]|\Z)|([A-Za-z0-9_]+)|\Z)")


def _parse_failure(data: bytes, reason: str, limits: Limits) -> str:
    """Why sgfmill could not read `data`, said better where we can: a property name that
    is not letters is named with its byte offset.  The look stops after as many tokens as
    the limits allow a record, so a file of junk costs no more than a good one."""
    budget = 2 * limits.values + limits.nodes
    for count, token in enumerate(_PROP_TOKEN.finditer(blank_escapes(data))):
        if token.lastindex is None:
            if token.end() >= len(data) or count > budget:
                break
            continue
        name = token.group(1)
        if not name.isalpha():
            return (f"property name {name.decode('ascii')!r} at byte {token.start(1)} is not "
                    "made of letters")
        if count > budget:
            break
    return reason


def parse_sgf(data: bytes, limits: Limits = DEFAULT_LIMITS) -> SgfGame:
    """Read the main line of an SGF game (setup, moves, komi, rules, dead-stone marks).

    Refused with the reason (SgfError): a record holding more than `limits` (nodes, moves,
    nesting, values: counted by `core.sgf_scan` before anything is built), anything that is
    not a Go game, values no game can have (a handicap the record does not show, a komi out
    of bounds), setup and a move in one node, a point given both colours.  An RU this
    engine does not know is kept in `ru_text` with `rules` None, for the caller to say what
    it counts under instead.
    """
    try:
        scan(data, limits)
    except TooLarge as exc:
        raise SgfError(f"too large: {exc}") from None
    data = _SQUARE_SZ.sub(rb"SZ[\1]", data, count=1)
    try:
        coarse = sgf_grammar.parse_sgf_game(data)
    except ValueError as exc:
        raise SgfError(f"bad SGF: {_parse_failure(data, str(exc), limits)}") from None
    _check_charset(coarse.sequence[0].get("CA"))
    try:
        game = sgf.Sgf_game.from_coarse_game_tree(coarse)
    except ValueError as exc:
        raise SgfError(f"bad SGF: {shown(str(exc), 200)}") from None
    root = game.get_root()
    if root.has_property("GM") and root.get_raw("GM").strip() != b"1":
        raise SgfError(f"GM[{shown(root.get_raw('GM'))}] is not a Go game (GM[1])")
    if root.has_property("KM"):
        try:
            game.get_komi()
        except ValueError:
            raise SgfError(f"KM[{shown(root.get_raw('KM'))}] is not a komi (a finite "
                           "number)") from None
    try:
        size = game.get_size()
        komi = game.get_komi() if root.has_property("KM") else None
        ru = _ru_value(root) if root.has_property("RU") else ""
        handicap = _handicap_value(root)
        result = root.get("RE") if root.has_property("RE") else None
    except ValueError as exc:
        raise SgfError(f"bad SGF root: {shown(str(exc), 200)}") from None
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise SgfError(f"board size {size} is not supported")
    if komi is not None:
        try:
            komi = check_komi(komi)
        except RulesError as exc:
            raise SgfError(f"KM: {exc}") from None
    setup: list[tuple[tuple[int, int], int]] = []
    moves: list[tuple[int, tuple[int, int] | None]] = []
    marks: dict[str, list[tuple[int, int]]] = {}
    for node_number, node in enumerate(game.get_main_sequence()):
        try:
            black, white, empty = node.get_setup_stones()
        except ValueError as exc:
            reason = _bad_point(node, ("AB", "AW", "AE"), size) or shown(str(exc), 200)
            raise SgfError(f"bad setup in node {node_number}: {reason}") from None
        if node.has_property("B") and node.has_property("W"):
            raise SgfError(f"node {node_number} holds both a black and a white move (B and W); "
                           "a node holds one move")
        has_move = node.has_property("B") or node.has_property("W")
        if black or white or empty:
            if has_move:
                raise SgfError(f"node {node_number} holds both setup stones and a move "
                               "(FF[4] keeps them apart)")
            if moves:
                raise SgfError(f"setup stones after move {len(moves)} are not supported")
            if empty:
                raise SgfError("AE setup is not supported")
            if black & white:
                both = format_vertex(min(black & white))
                raise SgfError(f"setup puts both colours on {both}")
            setup += [(p, BLACK) for p in sorted(black)] + [(p, WHITE) for p in sorted(white)]
        if has_move:
            prop = "B" if node.has_property("B") else "W"
            try:
                colour, point = node.get_move()
            except ValueError:
                raw = shown(node.get_raw(prop))
                raise SgfError(f"move {len(moves) + 1}: {prop}[{raw}] is not a point on a "
                               f"{size}x{size} board", len(moves) + 1) from None
            moves.append((COLOUR_OF_WORD[colour], point))
        try:
            for prop in ("DD", "MA", "TB", "TW"):
                if node.has_property(prop):
                    marks[prop] = sorted(node.get(prop))
            for prop in _MARK_PROPS:
                if node.has_property(prop):
                    marks[prop] = sorted(_points(node.get_raw_list(prop), size))
        except ValueError as exc:
            reason = (_bad_point(node, ("DD", "MA", "TB", "TW", *_MARK_PROPS), size)
                      or shown(str(exc), 200) or "a point off the board or a bad value")
            raise SgfError(f"bad mark in node {node_number}: {reason}") from None
    _check_handicap(handicap, setup, moves, size)
    return SgfGame((size, size), komi, rules_from_ru(ru), handicap, setup, moves, marks,
                   ru.strip(), result)


def shown(value: bytes | str, limit: int = 40) -> str:
    """A value as a message shows it: decoded, control characters escaped, and cut to
    `limit` characters, so that no record can make a message long or unreadable."""
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
    escaped = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:limit + 1])
    return escaped[:limit] + "..." if len(escaped) > limit else escaped


def _check_charset(values: list[bytes] | None) -> None:
    """Refuse a CA that is not a character set SGF can be written in: unknown (`mbcs`
    outside Windows, a null byte), a codec that is no text encoding (`base64`, `rot13`,
    `zlib_codec`: Python knows them, and sgfmill would take them), or one that is not
    ASCII-compatible (UTF-16), as the SGF grammar needs."""
    if not values:
        return
    raw = values[0]
    try:
        info = codecs.lookup(raw.decode("ascii").strip())
    except (LookupError, ValueError):
        raise SgfError(f"CA[{shown(raw)}] is not a character set this engine knows") from None
    if not getattr(info, "_is_text_encoding", True):
        raise SgfError(f"CA[{shown(raw)}] is a codec ({info.name}), not a character set")
    try:
        ascii_compatible = "(;]\\".encode(info.name) == b"(;]\\"
    except (UnicodeError, LookupError):
        ascii_compatible = False
    if not ascii_compatible:
        raise SgfError(f"CA[{shown(raw)}] is not a character set SGF can be written in (it "
                       "is not ASCII-compatible)")


def _bad_point(node: sgf.Tree_node, props: tuple[str, ...], size: int) -> str | None:
    """The first value of `props` in `node` that is no point of a size x size board
    (a compressed list's two corners each checked), said with the value; else None."""
    for prop in props:
        if not node.has_property(prop):
            continue
        for raw in node.get_raw_list(prop):
            for corner in raw.split(b":", 1):
                try:
                    good = sgf_properties.interpret_go_point(corner, size) is not None
                except (ValueError, IndexError):
                    good = False
                if not good:
                    return f"{prop}[{shown(raw)}] is not a point on a {size}x{size} board"
    return None


def _handicap_value(root: sgf.Tree_node) -> int:
    """HA as written (sgfmill refuses HA[1], which some programs write for no handicap)."""
    if not root.has_property("HA"):
        return 0
    raw = root.get_raw("HA").strip()
    try:
        return int(raw)
    except ValueError:
        raise SgfError(f"HA[{shown(raw)}] is not a number") from None


def _check_handicap(handicap: int, setup: list[tuple[tuple[int, int], int]],
                    moves: list[tuple[int, tuple[int, int] | None]], size: int) -> None:
    """HA must be a count the record shows: Black setup stones, or Black's first moves."""
    if handicap < 0 or handicap >= size * size:
        raise SgfError(f"HA[{handicap}] is not a handicap on a {size}x{size} board")
    if handicap < 2:
        return  # HA[0] and HA[1] both mean no handicap
    shown = sum(1 for _p, c in setup if c == BLACK)
    if not shown:
        for colour, _point in moves:
            if colour != BLACK:
                break
            shown += 1
    if shown < handicap:
        raise SgfError(f"HA[{handicap}] but the record shows {shown} handicap stones")


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
    try:
        check_setup(board, [(board.point(*p), c) for p, c in parsed.setup])
    except IllegalPlay as exc:
        raise SgfError(exc.reason) from None
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
            raise SgfError(f"move {number} is illegal ({exc.reason})", number) from None
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


def read_sgf_file(path: PathLike, limit: int = DEFAULT_READ_LIMIT) -> bytes:
    """The bytes of an SGF file: a regular file of at most `limit` bytes (see core.files)."""
    try:
        return read_regular_file(path, limit)
    except FileRefused as exc:
        raise SgfError(str(exc)) from None
    except OSError as exc:
        raise SgfError(f"cannot read {describe(path)}: {exc.strerror or exc}") from None


def load_sgf(path: PathLike, rules: Rules, komi: float, move_number: int | None = None,
             limit: int = DEFAULT_READ_LIMIT, notes: list[str] | None = None) -> Game:
    """The game of an SGF file, replayed; what was assumed (an RU not understood) is
    appended to `notes`."""
    parsed = parse_sgf(read_sgf_file(path, limit))
    game = build_game(parsed, rules, komi, move_number, apply_marks=True)
    if notes is not None:
        found = [unknown_rules_note(parsed, game.rules)]
        if len(game.moves) == len(parsed.moves):  # the marks apply to the last position
            found.append(empty_dead_note(game, parsed.marks))
        notes.extend(n for n in found if n is not None)
    return game


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
            node.set_raw(COLOUR_LETTER[move.colour].upper(), b"")  # FF[4] pass
        else:
            node.set_move(COLOUR_LETTER[move.colour], board.row_col(move.point))
    marks = _mark_properties(game) if dead is None else {"DD": dead} if dead else {}
    for prop, pts in marks.items():
        if prop == "DD":
            node.set("DD", {board.row_col(p) for p in pts})
        else:
            node.set_raw_list(prop, [sgf_properties.serialise_go_point(board.row_col(p),
                                                                      game.width)
                                     for p in pts])
    data: bytes = out.serialise()
    return data


def sgf_text(value: str) -> bytes:
    return value.replace("\\", "\\\\").replace("]", "\\]").encode("utf-8")


def _version() -> str:
    from .. import __version__
    return __version__


__all__ = ["SgfError", "SgfGame", "parse_sgf", "shown", "build_game", "load_sgf", "read_sgf_file",
           "unknown_rules_note", "empty_dead_note", "game_to_sgf", "Move"]

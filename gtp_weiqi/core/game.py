"""The game record: setup, moves, prisoners, virtual moves and the ko / superko policy.

The board knows only mechanics; this module decides what is legal under the
active rules and keeps what the counting methods need (prisoners, moves and
passes per side, who moved first and last).  Undo replays the record from the
setup, so the previous state is restored exactly.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass

from .board import BLACK, EMPTY, WHITE, Board, IllegalMove, opponent
from .coords import format_vertex
from .rules import Rules

# Keys for the whole-board pattern (全局棋形): virtual stones per colour and the
# side to move (situational superko).  Each key depends only on what it stands for, so
# hashes agree across processes whatever order the keys were first needed in.
_SIDE_KEY = random.Random("gtp_weiqi side to move").getrandbits(64)
_VIRTUAL_KEYS: dict[int, list[int]] = {BLACK: [0], WHITE: [0]}


def _virtual_key(colour: int, count: int) -> int:
    keys = _VIRTUAL_KEYS[colour]
    while len(keys) <= count:
        keys.append(random.Random(f"gtp_weiqi virtual {colour} {len(keys)}").getrandbits(64))
    return keys[count]


class IllegalPlay(ValueError):
    """A move the active rules refuse.  `reason` is a short English phrase."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Mark:
    """An explicit judgement made after `after` moves: a status for the stones `points`
    (kind "status": alive / dead / seki) or an owner for empty points (kind "owner":
    b / w / public).  Undoing the move it followed removes it."""

    after: int
    kind: str
    points: tuple[int, ...]
    value: str
    colour: int = EMPTY


@dataclass(frozen=True)
class Move:
    """One move of the record: a board point, or None for a pass / virtual move (虚着)."""

    colour: int
    point: int | None


def check_setup(board: Board, stones: list[tuple[int, int]]) -> None:
    """Raise IllegalPlay unless `stones` added to `board` give a position a game can reach:
    each point one colour, every string with at least one liberty."""
    colour_at: dict[int, int] = {}
    for p, colour in stones:
        if colour_at.setdefault(p, colour) != colour:
            raise IllegalPlay(f"setup puts both colours on {format_vertex(board.row_col(p))}")
    trial = board.copy()
    for p, colour in stones:
        trial.place_stone(p, colour)
    for p in colour_at:
        chain = trial.chain_of[p]
        if chain is not None and not chain.libs:
            raise IllegalPlay(f"setup leaves the string at {format_vertex(board.row_col(p))} "
                              "without a liberty")


class GameSnapshot:
    """The whole state of one Game at one moment (Game.snapshot), to put back with
    Game.restore; nothing done to the game afterwards changes it."""

    __slots__ = ("_state",)

    def __init__(self, state: dict[str, object]) -> None:
        self._state = state


# Values a game holds that are never changed in place: a snapshot shares them.
_IMMUTABLE = (type(None), bool, int, float, str, tuple, frozenset, Rules)


def _copied(state: dict[str, object]) -> dict[str, object]:
    """A copy of a game's attributes that shares nothing the game changes in place: the
    board copied, the lists, dicts and counters of the record copied (their items, moves
    and marks, are frozen), and whatever another module keeps on the game (core.ending's
    record) copied with copy.copy, which that module makes independent of the original."""
    out: dict[str, object] = {}
    for name, value in state.items():
        if isinstance(value, _IMMUTABLE):
            out[name] = value
        elif isinstance(value, Board):
            out[name] = value.copy()
        elif isinstance(value, (list, dict)):  # Counter is a dict
            out[name] = value.copy()
        else:
            out[name] = copy.copy(value)
    return out


class Game:
    """A game under one rule set, with its whole history.

    Public attributes (read only for callers):
      board -- the current position
      rules, komi -- the active rules and White's compensation
      setup -- stones placed before the first move (handicap, SGF AB/AW), as (point, colour)
      handicap -- number of handicap stones
      moves -- the moves played, in order
      captured -- {BLACK: n, WHITE: m}: stones of that colour captured during play (俘子)
      virtual -- {BLACK: n, WHITE: m}: passes, or virtual stones kept off the board (虚着)
    """

    width: int
    height: int
    board: Board
    setup: list[tuple[int, int]]
    handicap: int
    moves: list[Move]
    marks: list[Mark]

    def __init__(self, width: int = 19, height: int | None = None,
                 rules: Rules | None = None, komi: float = 7.5) -> None:
        self.rules = rules if rules is not None else Rules()
        self.komi = komi
        self.clear(width, height)

    # -- state derived from setup + moves -------------------------------------------

    def _reset_derived(self) -> None:
        self.captured = {BLACK: 0, WHITE: 0}
        self.virtual = {BLACK: 0, WHITE: 0}
        self.board_moves = {BLACK: 0, WHITE: 0}
        self._ko: tuple[int, int] | None = None  # (point, colour that may not play there)
        self._seen: Counter[int] = Counter()
        self._virtual_under_board: Counter[int] = Counter()
        self.forced_end = False
        self._seen[self._history_key(self._next_after_setup())] += 1

    def _next_after_setup(self) -> int:
        return WHITE if self.handicap else BLACK

    def pattern_hash(self) -> int:
        """Hash of the whole-board pattern (全局棋形): stones, plus virtual stones if used."""
        h = self.board.hash
        if self.rules.virtualMoves:
            h ^= _virtual_key(BLACK, self.virtual[BLACK]) ^ _virtual_key(WHITE, self.virtual[WHITE])
        return h

    def position_key(self, board_hash: int, virtual_black: int, virtual_white: int,
                     to_move: int) -> int:
        """A position's key as the active ko rule compares positions: the board, plus the
        virtual stones under virtual-move rules, plus the side to move under situational
        superko.  A search can key positions it only reads ahead with it."""
        key = board_hash
        if self.rules.virtualMoves:
            key ^= _virtual_key(BLACK, virtual_black) ^ _virtual_key(WHITE, virtual_white)
        if self.rules.ko == "SITUATIONAL" and to_move == WHITE:
            key ^= _SIDE_KEY
        return key

    def seen_keys(self) -> frozenset[int]:
        """The keys (`position_key`) of every position of the game so far."""
        return frozenset(self._seen)

    def _history_key(self, to_move: int) -> int:
        return self.position_key(self.board.hash, self.virtual[BLACK], self.virtual[WHITE],
                                 to_move)

    # -- queries ----------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        """The colour expected to move next (the opponent of the last mover)."""
        if self.moves:
            return opponent(self.moves[-1].colour)
        return self._next_after_setup()

    @property
    def first_mover(self) -> int | None:
        return self.moves[0].colour if self.moves else None

    @property
    def last_mover(self) -> int | None:
        return self.moves[-1].colour if self.moves else None

    def moves_made(self, colour: int) -> int:
        """Board moves plus passes / virtual moves of one side (handicap placement excluded)."""
        return self.board_moves[colour] + self.virtual[colour]

    def consecutive_passes(self) -> int:
        n = 0
        for move in reversed(self.moves):
            if move.point is not None:
                break
            n += 1
        return n

    def illegal_reason(self, colour: int, point: int) -> str | None:
        """Why a board move would be illegal now, or None when it is legal.

        Simple ko forbids the immediate retake at the ko point; the superko rules
        forbid it (and every other repetition) through the history of positions.
        """
        board = self.board
        if board.colour[point] != EMPTY:
            return "occupied" if board.colour[point] in (BLACK, WHITE) else "off board"
        rules = self.rules
        if rules.ko == "SIMPLE":
            if not board.is_legal(point, colour, rules.suicide):
                return "suicide"
            return "ko" if self._ko is not None and self._ko == (point, colour) else None
        try:
            after = board.hash_after(point, colour, rules.suicide)
        except IllegalMove:
            return "suicide"
        key = self.position_key(after, self.virtual[BLACK], self.virtual[WHITE],
                                opponent(colour))
        if key in self._seen:
            return "superko"
        return None

    def is_legal(self, colour: int, point: int | None) -> bool:
        return point is None or self.illegal_reason(colour, point) is None

    def legal_points(self, colour: int) -> list[int]:
        return [p for p in self.board.points
                if self.board.colour[p] == EMPTY and self.illegal_reason(colour, p) is None]

    # -- changes ----------------------------------------------------------------------

    def play(self, colour: int, point: int | None) -> list[int]:
        """Play a move (None = pass / virtual move).  Returns the points of removed stones.

        Raises IllegalPlay and changes nothing if the rules refuse the move.
        """
        if point is not None:
            reason = self.illegal_reason(colour, point)
            if reason is not None:
                raise IllegalPlay(reason)
        return self._apply(Move(colour, point))

    def _apply(self, move: Move) -> list[int]:
        colour, point = move.colour, move.point
        board = self.board
        if point is None:
            removed: list[int] = []
            if self.rules.virtualMoves:
                self._virtual_under_board[board.hash] += 1
                if self._virtual_under_board[board.hash] >= 4 and self.rules.ending == "NATURAL":
                    self.forced_end = True
            self.virtual[colour] += 1
            self._ko = None
        else:
            try:
                removed, suicide = board.play(point, colour, self.rules.suicide)
            except IllegalMove as exc:
                raise IllegalPlay(exc.reason) from None
            lost = colour if suicide else opponent(colour)
            self.captured[lost] += len(removed)
            self.board_moves[colour] += 1
            ko = board.ko_point
            self._ko = (ko, opponent(colour)) if ko is not None else None
        self.moves.append(move)
        self._seen[self._history_key(opponent(colour))] += 1
        return removed

    def place_handicap(self, points: list[int]) -> None:
        """Put handicap stones on an empty board (not part of the move history)."""
        if self.moves or self.setup:
            raise IllegalPlay("board not empty")
        for p in points:
            self.board.place_stone(p, BLACK)
        self.setup = [(p, BLACK) for p in points]
        self.handicap = len(points)
        self._reset_derived()

    def add_setup(self, stones: list[tuple[int, int]]) -> None:
        """Setup stones (SGF AB / AW) before any move; not handicap unless stated.

        Refused (IllegalPlay, nothing changed) when a point is given both colours or a
        string is left without a liberty: no game can reach such a position.
        """
        if self.moves:
            raise IllegalPlay("setup after moves")
        check_setup(self.board, stones)
        for p, colour in stones:
            self.board.place_stone(p, colour)
        self.setup.extend(stones)
        self._reset_derived()

    def undo(self) -> None:
        """Take back the last move, restoring the exact previous state."""
        if not self.moves:
            raise IllegalPlay("nothing to undo")
        self.replace_moves(self.moves[:-1])

    def replace_moves(self, moves: list[Move], check: bool = False) -> None:
        """Rebuild the game from its setup and the given moves.

        With check=False the moves are taken as played (rules may have changed
        since); with check=True an illegal move raises IllegalPlay and the game is
        left as before.
        """
        old = (self.board, self.moves, self.captured, self.virtual, self.board_moves, self._ko,
               self._seen, self._virtual_under_board, self.forced_end, self.marks)
        self.board = Board(self.width, self.height)
        for p, colour in self.setup:
            self.board.place_stone(p, colour)
        self.moves = []
        self._reset_derived()
        try:
            for move in moves:
                if check:
                    self.play(move.colour, move.point)
                else:
                    self._apply(move)
        except IllegalPlay:
            (self.board, self.moves, self.captured, self.virtual, self.board_moves, self._ko,
             self._seen, self._virtual_under_board, self.forced_end, self.marks) = old
            raise
        self.marks = [m for m in old[-1] if m.after <= len(self.moves)]

    def set_rules(self, rules: Rules) -> None:
        """Change the rules and replay the history under them.  If the record cannot be
        replayed (a block suicide the new rules forbid), nothing changes and IllegalPlay says
        why."""
        old = self.rules
        self.rules = rules
        try:
            self.replace_moves(list(self.moves))
        except IllegalPlay:
            self.rules = old
            raise

    def snapshot(self) -> GameSnapshot:
        """Everything this game is now, for `restore`: the position, the record, the rules
        and komi, the marks, the ending steps.  Moves, undo, set-up, clear, rule and komi
        changes made afterwards leave the snapshot as it was."""
        return GameSnapshot(_copied(self.__dict__))

    def restore(self, snapshot: GameSnapshot) -> None:
        """Make this game (the same object) again what it was when `snapshot` was taken.
        A snapshot may be restored any number of times."""
        self.__dict__.clear()
        self.__dict__.update(_copied(snapshot._state))

    def clear(self, width: int | None = None, height: int | None = None) -> None:
        """An empty board (new size optional); komi and rules are kept."""
        if width is not None:
            self.width = width
            self.height = width if height is None else height
        self.board = Board(self.width, self.height)
        self.setup = []
        self.handicap = 0
        self.moves = []
        self.marks = []
        self._reset_derived()

    # -- explicit judgement (marks) ---------------------------------------------------

    def mark_status(self, points: list[int], status: str) -> None:
        """Mark the whole strings at `points` alive / dead / seki."""
        board = self.board
        for p in points:
            if board.colour[p] not in (BLACK, WHITE):
                raise IllegalPlay("no stone at a marked point")
        for p in points:
            string = tuple(sorted(board.string_at(p)))
            self.marks.append(Mark(len(self.moves), "status", string, status, board.colour[p]))

    def mark_owner(self, points: list[int], owner: str) -> None:
        """Give empty points an explicit owner: b / w / public."""
        for p in points:
            if self.board.colour[p] != EMPTY:
                raise IllegalPlay("owner marks go on empty points")
        self.marks.append(Mark(len(self.moves), "owner", tuple(points), owner))

    def clear_marks(self) -> None:
        self.marks = []

    def effective_marks(self) -> tuple[dict[int, str], dict[int, str]]:
        """(status per stone point, owner per empty point) from the marks that still apply:
        a later mark wins; a mark whose stones are gone or changed colour no longer applies."""
        status: dict[int, str] = {}
        owner: dict[int, str] = {}
        colour = self.board.colour
        for mark in self.marks:
            if mark.kind == "status":
                for p in mark.points:
                    if colour[p] == mark.colour:
                        status[p] = mark.value
            else:
                for p in mark.points:
                    if colour[p] == EMPTY:
                        owner[p] = mark.value
        return status, owner

"""Board mechanics: stones, strings, liberties (气), captures (提子) and a Zobrist hash.

Nothing here knows about ko policy, superko or history: the board reports what a play did
(the stones it removed, whether it was a multi-stone suicide, the simple-ko point) and the
game layer decides what is allowed.  Single-stone suicide (颗子自尽) is always refused;
multi-stone suicide (块子自尽) is a flag of each call.

Representation (chosen for speed in pure Python):

* points are ints, indices into a 1-D list padded with ``EDGE`` around the board; one padding
  column is shared by the left and right edges (``stride = width + 1``);
* every string of connected stones is one ``Chain`` object holding its stones (a list) and its
  exact liberties (a set), and ``chain_of[p]`` is the chain at ``p`` (``None`` when empty);
  merging keeps the larger chain, so a stone is re-labelled O(log n) times at most;
* exact liberties make ``is_legal`` and ``hash_after`` O(number of neighbours), and each chain
  carries the XOR of its stones' Zobrist keys so a capture updates the hash in one step.

Zobrist keys come from a generator seeded with the board size, so hashes are the same in every
process and every run.
"""

from __future__ import annotations

import random
from functools import cache
from typing import cast

# The colours, their words and the largest size are the base layer's (one table of each),
# re-exported for the layers that read them from the board.
from ..base import BLACK as BLACK
from ..base import COLOUR_LETTER as COLOUR_LETTER
from ..base import COLOUR_NAME as COLOUR_NAME
from ..base import COLOUR_OF_WORD as COLOUR_OF_WORD
from ..base import EMPTY as EMPTY
from ..base import MAX_SIZE as MAX_SIZE
from ..base import WHITE as WHITE
from ..base import opponent as opponent

EDGE = 3  # the padding around the board in `colour`

_CHARS = {EMPTY: ".", BLACK: "X", WHITE: "O"}


class IllegalMove(ValueError):
    """A play the board cannot make; ``reason`` is "occupied", "suicide" or "off board"."""

    def __init__(self, reason: str, point: int | None = None) -> None:
        super().__init__(f"illegal move ({reason})" if point is None
                         else f"illegal move at {point} ({reason})")
        self.reason = reason
        self.point = point


class Chain:
    """One string of solidly connected stones of a colour, with its exact liberties (气).

    ``key`` is the XOR of the Zobrist keys of the stones.  Chains belong to their board:
    read them, never modify them.
    """

    __slots__ = ("colour", "stones", "libs", "key")

    def __init__(self, colour: int, stones: list[int], libs: set[int], key: int) -> None:
        self.colour = colour
        self.stones = stones
        self.libs = libs
        self.key = key

    def __repr__(self) -> str:
        return f"Chain({_CHARS[self.colour]}, stones={self.stones}, libs={sorted(self.libs)})"


@cache
def _geometry(width: int, height: int) -> tuple[
    tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[list[int], ...]
]:
    """Point list, neighbour and diagonal tables and Zobrist keys for one board size (shared,
    read-only)."""
    stride = width + 1
    size = (height + 2) * stride
    points = tuple((row + 1) * stride + col + 1 for row in range(height) for col in range(width))
    on_board = set(points)
    neighbours: list[tuple[int, ...]] = [()] * size
    diagonals: list[tuple[int, ...]] = [()] * size
    for p in points:
        neighbours[p] = tuple(q for q in (p - stride, p - 1, p + 1, p + stride) if q in on_board)
        diagonals[p] = tuple(q for q in (p - stride - 1, p - stride + 1, p + stride - 1,
                                         p + stride + 1) if q in on_board)
    rng = random.Random(f"gtp_weiqi zobrist {width}x{height}")
    keys: tuple[list[int], ...] = ([0] * size, [0] * size, [0] * size)
    for colour in (BLACK, WHITE):
        table = keys[colour]
        for p in points:
            key = 0
            while key == 0:
                key = rng.getrandbits(64)
            table[p] = key
    return points, tuple(neighbours), tuple(diagonals), keys


def zobrist_keys(width: int, height: int) -> tuple[list[int], ...]:
    """The Zobrist key tables of one board size, indexed [colour][point] (0 for EMPTY):
    what `Board.hash` is the XOR of.  Shared and read-only."""
    return _geometry(width, height)[3]


class Board:
    """A Go position: the stones, their strings and liberties, and its Zobrist hash.

    ``colour[p]`` is EMPTY, BLACK or WHITE on the board and EDGE on the padding.
    ``ko_point`` is the simple-ko point created by the last ``play()`` (sgfmill's rule: the play
    captured exactly one stone and the played stone is a single stone with one liberty), else
    None.
    """

    __slots__ = (
        "width", "height", "stride", "colour", "points", "neighbours", "diagonals",
        "chain_of", "hash", "ko_point", "_keys",
    )

    width: int
    height: int
    stride: int
    colour: list[int]
    points: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    diagonals: tuple[tuple[int, ...], ...]  # on-board diagonal neighbours (the eye test)
    chain_of: list[Chain | None]
    hash: int
    ko_point: int | None
    _keys: tuple[list[int], ...]

    def __init__(self, width: int, height: int | None = None) -> None:
        if height is None:
            height = width
        if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
            raise ValueError(f"board size {width}x{height} out of range 1..{MAX_SIZE}")
        self.width = width
        self.height = height
        self.stride = width + 1
        self.points, self.neighbours, self.diagonals, self._keys = _geometry(width, height)
        size = (height + 2) * self.stride
        self.colour = [EDGE] * size
        for p in self.points:
            self.colour[p] = EMPTY
        self.chain_of = [None] * size
        self.hash = 0
        self.ko_point = None

    # -- coordinates ------------------------------------------------------------------------

    def point(self, row: int, col: int) -> int:
        """The index of (row, col); row 0 is the bottom row, col 0 is column A."""
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise ValueError(f"({row}, {col}) is off a {self.width}x{self.height} board")
        return (row + 1) * self.stride + col + 1

    def row_col(self, p: int) -> tuple[int, int]:
        """The (row, col) of an on-board index."""
        if not self._on_board(p):
            raise ValueError(f"{p} is not a point of a {self.width}x{self.height} board")
        row, col = divmod(p, self.stride)
        return row - 1, col - 1

    def _on_board(self, p: int) -> bool:
        return 0 <= p < len(self.colour) and self.colour[p] != EDGE

    # -- copying and comparing -------------------------------------------------------------

    def copy(self) -> Board:
        """An independent copy (chains are duplicated, size tables are shared)."""
        new = Board.__new__(Board)
        new.width = self.width
        new.height = self.height
        new.stride = self.stride
        new.points = self.points
        new.neighbours = self.neighbours
        new.diagonals = self.diagonals
        new._keys = self._keys
        new.colour = self.colour[:]
        new.hash = self.hash
        new.ko_point = self.ko_point
        chain_of = self.chain_of[:]
        chains = set(chain_of)
        chains.discard(None)
        for ch in cast("set[Chain]", chains):
            stones = ch.stones[:]
            nc = Chain(ch.colour, stones, ch.libs.copy(), ch.key)
            for s in stones:
                chain_of[s] = nc
        new.chain_of = chain_of
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.width == other.width and self.height == other.height
                and self.colour == other.colour)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Board({self.width}, {self.height})"

    # -- playing ---------------------------------------------------------------------------

    def play(
        self, p: int, colour: int, multi_stone_suicide: bool = False
    ) -> tuple[list[int], bool]:
        """Place a stone and remove the opponent strings left without liberties (提子).

        Returns (removed points, suicide).  ``suicide`` is True when the play was a multi-stone
        suicide (块子自尽, only with ``multi_stone_suicide``): the mover's string, the new stone
        included, is then what was removed.  Raises IllegalMove, leaving the board unchanged,
        for an occupied or off-board point and for a suicide that is not allowed.
        """
        self._require_empty(p)
        board = self.colour
        if colour != BLACK and colour != WHITE:
            raise ValueError(f"cannot play colour {colour}")
        chain_of = self.chain_of
        nbrs = self.neighbours
        libs = set()
        own: list[Chain] = []
        opps: list[Chain] = []
        captured: list[Chain] = []
        for q in nbrs[p]:
            c = board[q]
            if c == EMPTY:
                libs.add(q)
            elif c == colour:
                ch = chain_of[q]
                if ch not in own:
                    own.append(ch)  # type: ignore[arg-type]  # q holds a stone
            else:
                ch = chain_of[q]
                if len(ch.libs) == 1:  # type: ignore[union-attr]  # q holds a stone
                    if ch not in captured:
                        captured.append(ch)  # type: ignore[arg-type]  # q holds a stone
                else:
                    opps.append(ch)  # type: ignore[arg-type]  # q holds a stone
        if not libs and not captured:
            for ch in own:
                if len(ch.libs) > 1:
                    break
            else:
                return self._suicide(p, colour, own, multi_stone_suicide)

        keys = self._keys[colour]
        key = keys[p]
        board[p] = colour
        for ch in opps:
            ch.libs.discard(p)
        # Join the new stone to its own strings, keeping the largest chain object.
        if not own:
            chain = Chain(colour, [p], libs, key)
            chain_of[p] = chain
        elif len(own) == 1:
            chain = own[0]
            chain.stones.append(p)
            chain_libs = chain.libs
            chain_libs.discard(p)
            chain_libs |= libs
            chain.key ^= key
            chain_of[p] = chain
        else:
            chain = own[0]
            for ch in own:
                if len(ch.stones) > len(chain.stones):
                    chain = ch
            stones = chain.stones
            chain_libs = chain.libs
            for ch in own:
                if ch is not chain:
                    stones += ch.stones
                    chain_libs |= ch.libs
                    chain.key ^= ch.key
                    for s in ch.stones:
                        chain_of[s] = chain
            stones.append(p)
            chain_libs |= libs
            chain_libs.discard(p)
            chain.key ^= key
            chain_of[p] = chain

        if captured:
            h = self.hash ^ key
            removed: list[int] = []
            for cap in captured:
                h ^= cap.key
                for s in cap.stones:
                    board[s] = EMPTY
                    chain_of[s] = None
                    for q in nbrs[s]:
                        if board[q] == colour:
                            chain_of[q].libs.add(s)  # type: ignore[union-attr]  # q holds a stone
                removed += cap.stones
            self.hash = h
            if len(removed) == 1 and len(chain.stones) == 1 and len(chain.libs) == 1:
                self.ko_point = removed[0]
            else:
                self.ko_point = None
            return removed, False
        self.hash ^= key
        self.ko_point = None
        return [], False

    def _require_empty(self, p: int) -> None:
        """Raise IllegalMove ("off board" or "occupied") unless p is an empty point of the
        board: what play() and hash_after() refuse first."""
        board = self.colour
        try:
            if board[p] == EMPTY and p >= 0:
                return
        except IndexError:
            raise IllegalMove("off board", p) from None
        if p < 0 or board[p] == EDGE:
            raise IllegalMove("off board", p)
        raise IllegalMove("occupied", p)

    def _suicide(
        self, p: int, colour: int, own: list[Chain], allowed: bool
    ) -> tuple[list[int], bool]:
        """Carry out a multi-stone suicide at p, or refuse it."""
        if not own or not allowed:
            raise IllegalMove("suicide", p)
        board = self.colour
        chain_of = self.chain_of
        nbrs = self.neighbours
        h = self.hash
        removed = [p]
        for ch in own:
            h ^= ch.key
            for s in ch.stones:
                board[s] = EMPTY
                chain_of[s] = None
            removed += ch.stones
        for s in removed:
            for q in nbrs[s]:
                other = chain_of[q]
                if other is not None:
                    other.libs.add(s)
        self.hash = h
        self.ko_point = None
        return removed, True

    def is_legal(self, p: int, colour: int, multi_stone_suicide: bool = False) -> bool:
        """Whether play(p, colour) would succeed (empty on-board point, not a forbidden
        suicide).  Ko is not checked."""
        board = self.colour
        if p < 0 or p >= len(board) or board[p] != EMPTY:
            return False
        chain_of = self.chain_of
        has_own = False
        for q in self.neighbours[p]:
            c = board[q]
            if c == EMPTY:
                return True
            if c == colour:
                if len(chain_of[q].libs) > 1:  # type: ignore[union-attr]  # q holds a stone
                    return True
                has_own = True
            elif len(chain_of[q].libs) == 1:  # type: ignore[union-attr]  # q holds a stone
                return True
        return multi_stone_suicide and has_own

    def hash_after(self, p: int, colour: int, multi_stone_suicide: bool = False) -> int:
        """The hash the position would have after play(p, colour); the board is not changed.

        Raises IllegalMove when play() would.
        """
        self._require_empty(p)
        board = self.colour
        chain_of = self.chain_of
        h = self.hash ^ self._keys[colour][p]
        breathes = False
        captured: list[Chain] = []
        own: list[Chain] = []
        for q in self.neighbours[p]:
            c = board[q]
            if c == EMPTY:
                breathes = True
            else:
                ch = chain_of[q]
                if c == colour:
                    if len(ch.libs) > 1:  # type: ignore[union-attr]  # q holds a stone
                        breathes = True
                    elif ch not in own:
                        own.append(ch)  # type: ignore[arg-type]  # q holds a stone
                elif (len(ch.libs) == 1  # type: ignore[union-attr]  # q holds a stone
                      and ch not in captured):
                    captured.append(ch)  # type: ignore[arg-type]  # q holds a stone
                    h ^= ch.key  # type: ignore[union-attr]  # q holds a stone
        if breathes or captured:
            return h
        if not own or not multi_stone_suicide:
            raise IllegalMove("suicide", p)
        h = self.hash
        for ch in own:
            h ^= ch.key
        return h

    def zobrist(self, p: int, colour: int) -> int:
        """The Zobrist key of a `colour` stone at p (0 for EMPTY)."""
        return self._keys[colour][p]

    # -- strings and liberties -------------------------------------------------------------

    def _chain(self, p: int) -> Chain:
        ch = self.chain_of[p] if 0 <= p < len(self.chain_of) else None
        if ch is None:
            raise ValueError(f"no stone at {p}")
        return ch

    def string_at(self, p: int) -> list[int]:
        """The stones of the string at p (a new list)."""
        return self._chain(p).stones[:]

    def liberties_at(self, p: int) -> set[int]:
        """The liberties (气) of the string at p.  The board's own set: do not modify it."""
        return self._chain(p).libs

    def liberty_count(self, p: int) -> int:
        """The number of liberties of the string at p."""
        return len(self._chain(p).libs)

    def strings(self) -> list[tuple[int, tuple[int, ...], frozenset[int]]]:
        """Every string as (colour, stones in point order, liberties), in point order."""
        result = []
        seen: set[int] = set()
        chain_of = self.chain_of
        for p in self.points:
            ch = chain_of[p]
            if ch is not None and id(ch) not in seen:
                seen.add(id(ch))
                result.append((ch.colour, tuple(sorted(ch.stones)), frozenset(ch.libs)))
        return result

    def is_eyeish(self, p: int, colour: int) -> bool:
        """Whether p is empty and every neighbour is a `colour` stone (a one-point eye shape)."""
        board = self.colour
        if board[p] != EMPTY:
            return False
        for q in self.neighbours[p]:
            if board[q] != colour:
                return False
        return True

    def count(self, colour: int) -> int:
        """The number of points of this colour (EMPTY counts empty points)."""
        if colour == EDGE:
            return 0
        return self.colour.count(colour)

    # -- setup edits -----------------------------------------------------------------------

    def place_stone(self, p: int, colour: int) -> None:
        """Put a setup stone at p (SGF AB/AW): no capture, strings and liberties kept exact.

        A stone already at p is replaced.  The position may be left with strings that have no
        liberties, as SGF setup allows.
        """
        if colour != BLACK and colour != WHITE:
            raise ValueError(f"cannot place colour {colour}")
        if not self._on_board(p):
            raise IllegalMove("off board", p)
        if self.colour[p] == colour:
            return
        if self.colour[p] != EMPTY:
            self.remove_stone(p)
        board = self.colour
        chain_of = self.chain_of
        key = self._keys[colour][p]
        board[p] = colour
        chain = Chain(colour, [p], set(), key)
        chain_of[p] = chain
        for q in self.neighbours[p]:
            c = board[q]
            if c == EMPTY:
                chain.libs.add(q)
                continue
            ch = chain_of[q]
            assert ch is not None
            if c != colour:
                ch.libs.discard(p)
            elif ch is not chain:
                small, big = (ch, chain) if len(ch.stones) <= len(chain.stones) else (chain, ch)
                big.stones += small.stones
                big.libs |= small.libs
                big.key ^= small.key
                for s in small.stones:
                    chain_of[s] = big
                chain = big
        chain.libs.discard(p)
        self.hash ^= key
        self.ko_point = None

    def remove_stone(self, p: int) -> None:
        """Take the stone at p off the board (SGF AE); strings and liberties kept exact.

        Removing a stone may split its string; the pieces are rebuilt.  An empty p is left
        as it is.
        """
        if not self._on_board(p):
            raise IllegalMove("off board", p)
        board = self.colour
        chain_of = self.chain_of
        ch = chain_of[p]
        if ch is None:
            return
        colour = ch.colour
        board[p] = EMPTY
        for s in ch.stones:
            chain_of[s] = None
        for s in ch.stones:
            if s != p and chain_of[s] is None:
                self._build_chain(s)
        for q in self.neighbours[p]:
            other = chain_of[q]
            if other is not None:
                other.libs.add(p)
        self.hash ^= self._keys[colour][p]
        self.ko_point = None

    def _build_chain(self, start: int) -> Chain:
        """Flood-fill the string at `start` into a new Chain and label its stones."""
        board = self.colour
        nbrs = self.neighbours
        keys = self._keys
        colour = board[start]
        stones = [start]
        libs: set[int] = set()
        seen = {start}
        key = 0
        for s in stones:  # the list grows while it is walked
            key ^= keys[colour][s]
            for q in nbrs[s]:
                c = board[q]
                if c == EMPTY:
                    libs.add(q)
                elif c == colour and q not in seen:
                    seen.add(q)
                    stones.append(q)
        chain = Chain(colour, stones, libs, key)
        for s in stones:
            self.chain_of[s] = chain
        return chain

"""What the judgement says: a status per string (alive 活, dead 死, seki 双活) and an owner per
empty point, in one `StatusReport`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..base import ALIVE as ALIVE
from ..base import COLOUR_LETTER, PUBLIC
from ..base import DEAD as DEAD
from ..base import SEKI as SEKI
from ..core.board import BLACK, EMPTY, WHITE

UNCLEAR = "unclear"  # no status: what a first mover leaves undecided
OWNER_NAME = {BLACK: COLOUR_LETTER[BLACK], WHITE: COLOUR_LETTER[WHITE], EMPTY: PUBLIC}
OWNER_COLOUR = {word: colour for colour, word in OWNER_NAME.items()}


@dataclass(frozen=True)
class FirstMove:
    """What each side achieves in one unclear string's fight by moving first.

    black, white -- the string's status when Black / White moves first: alive, dead or
        unclear
    black_move, white_move -- the first move that achieves it (a point; -1 for none)
    """

    black: str
    white: str
    black_move: int
    white_move: int

    @classmethod
    def of_owner(cls, owner: int, owner_first: str, owner_move: int, other_first: str,
                 other_move: int) -> FirstMove:
        """The outcomes of a string of `owner`, given from its owner's side: the status and
        move with the owner first, then with the opponent first."""
        if owner == BLACK:
            return cls(owner_first, other_first, owner_move, other_move)
        return cls(other_first, owner_first, other_move, owner_move)

    def outcome(self, colour: int) -> str:
        """The status when `colour` moves first."""
        return self.black if colour == BLACK else self.white

    def coherent(self, owner: int) -> bool:
        """Whether, for a string of `owner`, the outcomes agree with each other: not dead
        with its owner first yet alive with the opponent first.  Having the move never hurts
        (a side may pass), so such outcomes are the playouts' noise, not a reading."""
        return not (self.outcome(owner) == DEAD and self.outcome(3 - owner) == ALIVE)

    def settled(self, owner: int) -> str | None:
        """The status no first mover changes, for a string of `owner`: dead when it dies
        even with its owner first, alive when it lives even with the opponent first (the
        move is never a loss: a side may pass); None when neither holds, or when the
        outcomes are not `coherent` (noise settles nothing)."""
        if not self.coherent(owner):
            return None
        if self.outcome(owner) == DEAD:
            return DEAD
        if self.outcome(3 - owner) == ALIVE:
            return ALIVE
        return None

    def unchallenged(self, owner: int) -> str | None:
        """The status a first mover leaves standing, for a string of `owner`: what no first
        mover changes (`settled`), or else the one outcome decided when the other is unclear:
        alive with its owner first and unclear with the opponent first is alive (the
        opponent's best first move does not show a kill), unclear with its owner first and
        dead with the opponent first is dead (the owner's best first move does not show a
        save); None when neither, when the first mover decides (`depends`), or when the
        outcomes are not `coherent`."""
        if not self.coherent(owner):
            return None
        decided = {self.black, self.white} - {UNCLEAR}
        return decided.pop() if len(decided) == 1 else None

    def depends(self) -> bool:
        """Whether the first mover decides: alive with one side first, dead with the other
        (for `coherent` outcomes: the caller, who knows the owner, asks that first)."""
        return {self.black, self.white} == {ALIVE, DEAD}

    def describe(self, vertex: Callable[[int], str]) -> str:
        """In words, the moves named by `vertex`: 'depends on who moves first: Black first
        alive (D1), White first dead (D1)'."""
        return first_move_words(self.black, self.white, *self._moves(vertex))

    def describe_zh(self, vertex: Callable[[int], str] | None = None) -> str:
        """In Chinese: '黑先活，白先死' (先手决定: the first mover decides); with `vertex`,
        each side's first move too, '黑先活 (D1)，白先死 (D1)', so that a reader of Chinese
        alone learns where to play, as the English says."""
        moves = self._moves(vertex) if vertex is not None else (None, None)
        return first_move_words_zh(self.black, self.white, *moves)

    def _moves(self, vertex: Callable[[int], str]) -> tuple[str | None, str | None]:
        return tuple(vertex(m) if m >= 0 else None  # type: ignore[return-value]  # two items
                     for m in (self.black_move, self.white_move))


def first_move_words(black: str, white: str, black_move: str | None,
                     white_move: str | None) -> str:
    """'depends on who moves first: Black first alive (D1), White first dead (D1)' from
    each side's outcome and first move (None: a side without one)."""
    def first(name: str, status: str, move: str | None) -> str:
        return f"{name} first {status}" + (f" ({move})" if move else "")

    return (f"depends on who moves first: {first('Black', black, black_move)}, "
            f"{first('White', white, white_move)}")


def first_move_words_zh(black: str, white: str, black_move: str | None,
                        white_move: str | None) -> str:
    """The same in Chinese: '黑先活 (D1)，白先死 (D1)'."""
    def first(name: str, status: str, move: str | None) -> str:
        return f"{name}先{_ZH[status]}" + (f" ({move})" if move else "")

    return f"{first('黑', black, black_move)}，{first('白', white, white_move)}"


_ZH = {ALIVE: "活", DEAD: "死", UNCLEAR: "未定"}


@dataclass
class StatusReport:
    """The judgement of a finished position.

    status -- every stone point -> 'alive' | 'dead' | 'seki'
    owner -- every empty point once the dead stones are removed -> 'b' | 'w' | 'public'
    unclear -- the strings (their stone points) the judgement could not decide; they stay on
        the board, so their points read 'alive' in `status` and count for `owner`
    ownership -- every on-board point: +1 surely Black ... -1 surely White
    first_move -- the unclear strings (keys as in `unclear`) whose fate depends on who moves
        first -> a `FirstMove`: the status each side achieves by moving first,
        and its first move
    miai -- lone stones in open kos, as many of each colour, left standing (见合, miai),
        keys as in `unclear`, -> a `FirstMove` as for `first_move`: whoever moves first
        connects its own or takes one, and the other side does the same on another, so the
        count is that of the position as it stands under every method but stone scoring
        (docs/judgement.md); they read 'alive' (judgement/ko_stones.py)
    """

    status: dict[int, str]
    owner: dict[int, str]
    unclear: list[tuple[int, ...]]
    ownership: dict[int, float]
    first_move: dict[tuple[int, ...], FirstMove] = field(default_factory=dict)
    miai: dict[tuple[int, ...], FirstMove] = field(default_factory=dict)

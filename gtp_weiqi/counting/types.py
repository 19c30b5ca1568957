"""Plain data for the counting layer: what is counted, how it was judged, what came out.

The counting layer never sees a board object, a game record or a GTP command: it works on
these frozen records so that every method is a pure function of them.

Point -- (row, col), row 0 is the bottom row (GTP row 1), col 0 is column A.
Colours are their letters, the strings 'b' and 'w' (the base layer's COLOUR_LETTER): the
records are JSON and what a caller writes by hand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..base import ALIVE as ALIVE
from ..base import COLOUR_LETTER
from ..base import DEAD as DEAD
from ..base import PUBLIC as PUBLIC
from ..base import SEKI as SEKI
from ..base.colours import BLACK as _BLACK_CODE
from ..base.colours import WHITE as _WHITE_CODE

Point = tuple[int, int]

BLACK, WHITE = COLOUR_LETTER[_BLACK_CODE], COLOUR_LETTER[_WHITE_CODE]
COLOURS = (BLACK, WHITE)


def other(colour: str) -> str:
    """The opponent of a colour ('b' <-> 'w')."""
    return WHITE if colour == BLACK else BLACK


@dataclass(frozen=True)
class ScoringInput:
    """Everything a counting method needs to know about the game, as plain data.

    stones -- every stone on the board, dead ones included: point -> 'b' | 'w'
    captured -- stones of each colour captured during play (俘子); dead stones NOT included
    moves -- moves made by each colour: board moves plus passes / virtual moves (虚着);
        handicap placement excluded
    passes -- passes / virtual moves by each colour (included in `moves`)
    first_mover -- who made the first move of the game (after any handicap)
    last_mover -- who made the last move (board or pass); None if nobody moved
    handicap -- handicap stones (always Black's)
    komi -- White's compensation as GTP gives it; negative when White moved first and pays
    virtual_stones -- the passes are virtual moves (虚着), stones kept off the board that are
        refilled when the board is made (the natural version: "虚着之子要于做棋时回填",
        《计枰点围棋大规则艺术版》第二条); otherwise passes are free (the art version, the
        standard rules).  Only the `art` balancing asks: it refills them only then.
    """

    width: int
    height: int
    stones: Mapping[Point, str]
    captured: Mapping[str, int] = field(default_factory=dict)
    moves: Mapping[str, int] = field(default_factory=dict)
    passes: Mapping[str, int] = field(default_factory=dict)
    first_mover: str = BLACK
    last_mover: str | None = None
    handicap: int = 0
    komi: float = 0.0
    virtual_stones: bool = False



MAX_SIZE = 52  # the largest board side a record may have
_COLOUR_SET = frozenset(COLOURS)  # a membership test that hashes, as a dict's does


def _point_text(r: int, c: int) -> str:
    return f"({r}, {c})"


def check_input(inp: ScoringInput) -> None:
    """ValueError with the reason when `inp` is not a record the counting takes: the size,
    every stone's point and colour, the per-colour tables, the movers, handicap, komi."""
    w, h = inp.width, inp.height
    if not (isinstance(w, int) and isinstance(h, int) and 1 <= w <= MAX_SIZE
            and 1 <= h <= MAX_SIZE):
        raise ValueError(f"board size must be 1..{MAX_SIZE} each way, not {w}x{h}")
    rows, cols = range(h), range(w)
    for pt, colour in inp.stones.items():
        try:
            r, col = pt
            ok = r in rows and col in cols and type(r) is int and type(col) is int
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise ValueError(f"stones: {pt!r} is not a (row, col) point on the {w}x{h} board")
        if colour != BLACK and colour != WHITE:
            raise ValueError(f"stones: colour at {_point_text(*pt)} must be b or w, "
                             f"not {colour!r}")
    for name in ("captured", "moves", "passes"):
        table = getattr(inp, name)
        for key, value in table.items():
            if key not in _COLOUR_SET:
                raise ValueError(f"{name}: key must be b or w, not {key!r}")
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name}[{key}] must be a non-negative integer, not {value!r}")
    for c in COLOURS:
        if inp.passes.get(c, 0) > inp.moves.get(c, 0) and inp.moves.get(c, 0) > 0:
            raise ValueError(f"passes[{c}] exceeds moves[{c}]: passes are counted in moves")
    if inp.first_mover not in _COLOUR_SET:
        raise ValueError(f"first_mover must be b or w, not {inp.first_mover!r}")
    if inp.last_mover is not None and inp.last_mover not in _COLOUR_SET:
        raise ValueError(f"last_mover must be b, w or None, not {inp.last_mover!r}")
    if not isinstance(inp.handicap, int) or isinstance(inp.handicap, bool) or inp.handicap < 0:
        raise ValueError(f"handicap must be a non-negative integer, not {inp.handicap!r}")
    if not isinstance(inp.komi, (int, float)) or isinstance(inp.komi, bool) \
            or not math.isfinite(inp.komi):
        raise ValueError(f"komi must be a finite number, not {inp.komi!r}")


@dataclass(frozen=True)
class Judgement:
    """One judgement of the position, shared by every counting method.

    status -- 'alive' | 'dead' | 'seki' per stone point; absent = alive.  A string has one
        status.  Give 'seki' only to strings that live by seki alone (双活).
    owner -- explicit owner of empty points: 'b' | 'w' | 'public'; absent = derived per empty
        region after the dead stones are removed (one colour around it: that colour's 空;
        both or none: 公气).  An explicit owner inside a region that is not that colour's is
        a one-sided point: 单方权利官子 (a route) when the owner can fill it without
        self-atari, else 单方的气 (a basic eye); a claimed 单劫 point is the former.
    eyes -- optional explicit basic eye points (基本眼位): point -> colour.  A block with any
        of its own points listed keeps exactly the listed points as its basic eyes; other
        blocks get the default choice (see docs/counting.md).
    """

    status: Mapping[Point, str] = field(default_factory=dict)
    owner: Mapping[Point, str] = field(default_factory=dict)
    eyes: Mapping[Point, str] = field(default_factory=dict)


def number(x: float) -> int | float:
    """An int when the value is integral (JSON and results print without '.0')."""
    if isinstance(x, bool):
        return int(x)
    if isinstance(x, int):
        return x
    if math.isfinite(x) and x == int(x):
        return int(x)
    return x


def format_margin(margin: float, black_wins_ties: bool = False) -> str:
    """'B+1', 'W+0.5', '0' (integers without '.0'); 'B+0' when Black wins ties."""
    if margin > 0:
        return f"B+{number(margin)}"
    if margin < 0:
        return f"W+{number(-margin)}"
    return "B+0" if black_wins_ties else "0"


@dataclass(frozen=True)
class Outcome:
    """What a count under one method says, the fields of `Count` that the scoring library's
    `MethodScore` gives back as they are.

    slug, name_zh, name_en -- the method
    black / white -- the counts in the method's own unit (`unit_zh` / `unit_en`)
    margin -- Black minus White in board points (one stone = one point) after komi and
        handicap compensation; positive = Black ahead
    result -- 'B+1', 'W+0.5', '0'
    winner -- 'b', 'w' or None for a draw
    """

    slug: str
    name_zh: str
    name_en: str
    unit_zh: str
    unit_en: str
    black: float
    white: float
    margin: float
    result: str
    winner: str | None


@dataclass(frozen=True)
class Count(Outcome):
    """The result of one counting method: its `Outcome` and

    family -- the method's family: jihuozi (计活子), jipingdian (计枰点) or standard
    komi, handicap_bonus -- the compensation counted in `margin`
    params -- the method's parameters as used
    points -- the counts as board points adding up to N, where the method has them
    guibenshu -- the break-even counts (归本数) in board points and Black's excess over its
        own, where the counts add up to N
    artefacts -- plain JSON-able data a GUI can draw and a person can check
    """

    family: str
    komi: float
    handicap_bonus: float
    params: Mapping[str, Any]
    points: Mapping[str, float] | None
    guibenshu: Mapping[str, float] | None
    artefacts: Mapping[str, Any]

    def to_dict(self, artefacts: bool = True) -> dict[str, Any]:
        """JSON-able form (ints where integral)."""
        d: dict[str, Any] = {
            "slug": self.slug,
            "name_zh": self.name_zh,
            "name_en": self.name_en,
            "family": self.family,
            "unit": {"zh": self.unit_zh, "en": self.unit_en},
            "black": number(self.black),
            "white": number(self.white),
            "margin": number(self.margin),
            "result": self.result,
            "winner": self.winner,
            "komi": number(self.komi),
            "handicap_bonus": number(self.handicap_bonus),
            "params": dict(self.params),
            "points": None if self.points is None else
            {k: number(v) for k, v in self.points.items()},
            "guibenshu": None if self.guibenshu is None else
            {k: number(v) for k, v in self.guibenshu.items()},
        }
        if artefacts:
            d["artefacts"] = dict(self.artefacts)
        return d

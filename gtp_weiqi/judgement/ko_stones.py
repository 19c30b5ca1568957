"""Strings left in atari at their own connection point at the end of a game (劫, and the
plain kind).

A string s of colour c with one liberty x that touches a living string of c: c connects s
by playing x, and the opponent takes s only by playing x.  Two kinds: the *ko* kind, a lone stone
where every other neighbour of x is a stone of c (or the edge), so that the opponent's stone
on x has s as its only liberty (a ko capture); and the *plain* kind, where x also touches an
empty point or an opponent stone, so that the capture is no ko.  Records end with such strings
standing, most often without passes (the last moves of a Tygem record are such exchanges, and
the side left to move is the owner), and who moves next decides each of them.

How the games are counted (the players' result and KataGo, on human games of KGS and
Tygem; docs/judgement.md has the figures): a *single* such string, or several of one colour
only, is connected by its owner: the pipeline (`_settle_connections_in_atari`) judges the
position again with the connections played.  When each colour has one, the first to move
connects its own or takes the other's, and the other side answers on the other: 见合
(miai).  For lone stones in open kos, as many of each colour, whose plays change no other
verdict and no method's margin (`kos_in_miai`, and the pipeline's judgement and count of
them played out both ways, `margins_by_method`), the count is then the same whoever moves
first, and the same as the position's as it stands (stone scoring aside: docs/judgement.md):
they stand alive, as the players left them (the games measured keep most such pairs and
take both off in the others, a toss between two markings of one count, and never split
them: docs/judgement.md).  Otherwise (a plain kind among them, more of one colour, or a
play that changes something else) each depends on who moves first.
`connection_strings_in_atari` finds both kinds, each string on its own (two found beside
one opponent string may take it together: the pipeline checks).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..core.board import BLACK, COLOUR_LETTER, EMPTY, WHITE, Board, opponent
from ..counting import BALANCES, METHODS, Judgement, ScoringInput, analyse, count
from .regions import Neighbours


def connection_strings_in_atari(col: list[int], nbrs: Neighbours, head: dict[int, int],
                                stones: dict[int, list[int]], libs: dict[int, set[int]],
                                living: set[int]) -> dict[int, tuple[int, bool]]:
    """Head -> (colour, whether the capture is a ko) of the strings in atari whose liberty x
    touches `living` strings of their colour, none of them in atari (strings in atari at x
    too are joined by the same play, and left out), and whose opponent
    neighbours (beside the string or beside x) are all `living` (a string beside dead stones
    only is in no fight).  The ko kind: a lone stone with only its colour's stones around x.
    The plain kind, every other: the string x makes has two liberties or more, and no
    opponent string beside it is in atari (no capture either way but at x)."""
    found: dict[int, tuple[int, bool]] = {}
    for h, members in stones.items():
        if len(libs[h]) != 1:
            continue
        c = col[h]
        x = next(iter(libs[h]))
        around = [q for q in nbrs[x] if head.get(q) != h]  # on-board neighbours only
        joined = {head[q] for q in around if col[q] == c and libs[head[q]] != {x}}
        if not joined or not joined <= living or any(len(libs[g]) < 2 for g in joined):
            continue
        attackers = {head[q] for q in [*around, *(y for s in members for y in nbrs[s])]
                     if col[q] == opponent(c)}
        if not attackers or not attackers <= living:
            continue
        ko = len(members) == 1 and all(col[q] == c and head[q] in joined for q in around)
        if not ko:
            after = set().union(*(libs[g] for g in joined)) | {q for q in around
                                                               if col[q] == EMPTY}
            if len(after - {x}) < 2 or any(len(libs[a]) < 2 for a in attackers):
                continue
        found[h] = (c, ko)
    return found


def ko_connection_stones(col: list[int], nbrs: Neighbours, head: dict[int, int],
                         stones: dict[int, list[int]], libs: dict[int, set[int]],
                         living: set[int]) -> dict[int, int]:
    """Head -> colour of the ko kind of `connection_strings_in_atari`: lone stones whose
    capture at the liberty takes them alone, a ko."""
    return {h: c for h, (c, ko) in connection_strings_in_atari(
        col, nbrs, head, stones, libs, living).items() if ko}


def plain_connection_strings(col: list[int], nbrs: Neighbours, head: dict[int, int],
                             stones: dict[int, list[int]], libs: dict[int, set[int]],
                             living: set[int]) -> dict[int, int]:
    """Head -> colour of the plain kind of `connection_strings_in_atari`: strings whose
    capture at the liberty is no ko."""
    return {h: c for h, (c, ko) in connection_strings_in_atari(
        col, nbrs, head, stones, libs, living).items() if not ko}


def kos_in_miai(nbrs: Neighbours, head: dict[int, int], stones: dict[int, list[int]],
                libs: dict[int, set[int]], found: dict[int, tuple[int, bool]],
                seki: set[int]) -> bool:
    """Whether `found` (`connection_strings_in_atari`) may be kos in miai, as far as the
    position shows: lone stones in open kos only, as many of each colour; every string of
    the owner at a ko point with two liberties more than the kos it owns (each capture
    there takes one, and the last would leave it in atari, its owner filling a point the
    standing count leaves empty); none of the owner's or the taker's strings beside them in
    `seki` (heads: a capture gives it a liberty, and the seki reading, static, does not see
    the seki turn into a kill).  The pipeline then judges and counts the kos played out
    both ways (`_kos_stand_played_out`, `margins_by_method`).  With more than one of each
    colour the first to move may connect one and take another, a line those two do not
    count: each ko point must then touch one string of its owner and each ko stone one of
    the taker, so that no play joins two blocks."""
    colours = [c for c, ko in found.values() if ko]
    if not colours or len(colours) != len(found) or colours.count(BLACK) * 2 != len(colours):
        return False
    kos_owned: Counter[int] = Counter()
    for h in found:
        stone, point = stones[h][0], next(iter(libs[h]))
        owners = {head[q] for q in nbrs[point] if q != stone}
        takers = {head[q] for q in nbrs[stone] if q != point}
        if (owners | takers) & seki:
            return False
        if len(found) > 2 and (len(owners) != 1 or len(takers) != 1):
            return False
        kos_owned.update(owners)
    return all(len(libs[o]) >= 2 + n for o, n in kos_owned.items())


def _method_variants() -> tuple[tuple[str, dict[str, Any]], ...]:
    """Every counting method but stone scoring, under each balance (the bowl and the
    handicap bonus count the same stones either way; the a-point charges the first mover
    when it also moved last, a fact of the game's ending, not of the board).  Stone
    scoring takes an area holding a string in atari for seki, so it counts any open ko
    otherwise (docs/judgement.md)."""
    return tuple((slug, {"balance": balance} if balance else {})
                 for slug, info in METHODS.items() if slug != "stone"
                 for balance in (BALANCES if "balance" in info.params else ("",)))


METHOD_VARIANTS = _method_variants()


def margins_by_method(board: Board, status: Mapping[int, str], captured: int
                      ) -> tuple[float, ...]:
    """The margin of `board` under each of `METHOD_VARIANTS`, the stones at the points of
    `status` dead or in seki as it says (every other stone alive), each side having taken
    `captured` stones: what the kos in miai must leave unchanged played out either way."""
    rc = board.row_col
    stones = {rc(p): COLOUR_LETTER[board.colour[p]] for p in board.points
              if board.colour[p] in (BLACK, WHITE)}
    inp = ScoringInput(board.width, board.height, stones,
                       captured={COLOUR_LETTER[BLACK]: captured, COLOUR_LETTER[WHITE]: captured})
    judgement = Judgement(status={rc(p): s for p, s in status.items() if rc(p) in stones})
    analysis = analyse(inp, judgement)
    return tuple(count(slug, inp, judgement, analysis=analysis, **params).margin
                 for slug, params in METHOD_VARIANTS)

"""The lead in our count: KataGo's analysis, scored by the active counting method.

KataGo's `scoreLead` is the lead under the rules it was told (rules.py), and it cannot be
told every method of ours: the 计活子 methods, 计枰点 with its balancing (做棋) and its A / B
versions, Ing's fill-in count.  Under such a method the proxy counts KataGo's expected final
position with the project's own counting instead and puts that figure in `scoreLead` and
`scoreMean` of each relayed analysis line (`--engine-lead ours`, the default;
`--engine-lead backend` keeps KataGo's).  Under the methods KataGo scores itself (area,
territory, Tromp–Taylor, AGA, stone scoring) the figure stays KataGo's own.

The expected final position, from KataGo's ownership (row-major from the top-left, its sign
that of the side analysed, KataGo's default `reportAnalysisWinratesAs = SIDETOMOVE`):

* a string is dead when the mean ownership of its points is the opponent's (dead stones are
  the stones of the owner's opponent, as the judgement would mark them);
* an empty point belongs to the colour whose ownership it has, at least OWNED in size, and
  is public (公气) below that; points inside a region that is not yet closed count for that
  colour the way the counting takes an explicit owner (docs/counting.md);
* captures, moves, passes and virtual moves (虚着), handicap and komi are the game's now.

The root's ownership gives the root's figure (`rootInfo`).  A candidate move's figure comes
from its own ownership when the client asked `movesOwnership true`; otherwise it is KataGo's
lead for the move moved by the difference between our count and KataGo's at the root (the
rules' part of the lead, which a move does not change).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ....base.colours import BLACK, WHITE
from ....core.coords import parse_vertex
from ....core.game import Game
from ....counting import Judgement
from ....counting.methods import count
from ....judgement.marks import scoring_input
from ....scoring.service import Scorer

# The methods KataGo scores itself once told our rules: its figure stays.
KATAGO_OWN_METHODS = frozenset({"area", "territory", "tromp_taylor", "aga", "stone"})
OWNED = 0.1  # an empty point's ownership from which it is that colour's, not public
_SCORER = Scorer()


def ours_applies(game: Game) -> bool:
    """Whether the active method is one KataGo cannot score itself."""
    return game.rules.counting not in KATAGO_OWN_METHODS


def black_ownership(values: Sequence[float], game: Game, colour: int) -> dict[int, float]:
    """KataGo's ownership (row-major from the top-left, positive for `colour`, the side
    analysed) as Black's ownership per point."""
    board = game.board
    sign = 1.0 if colour == BLACK else -1.0
    out: dict[int, float] = {}
    for i, value in enumerate(values[:game.width * game.height]):
        row = game.height - 1 - i // game.width
        out[board.point(row, i % game.width)] = sign * value
    return out


def judgement_of(game: Game, owned: dict[int, float]) -> Judgement:
    """The expected final position's judgement: dead strings and the owners of empty
    points, from Black's ownership per point."""
    board = game.board
    rc = board.row_col
    status: dict[tuple[int, int], str] = {}
    for colour, stones, _libs in board.strings():
        toward = sum(owned.get(p, 0.0) for p in stones) / len(stones)
        if (toward if colour == BLACK else -toward) < 0:
            status.update((rc(p), "dead") for p in stones)
    owner: dict[tuple[int, int], str] = {}
    for p in board.points:
        if board.colour[p] in (BLACK, WHITE):
            continue
        value = owned.get(p, 0.0)
        owner[rc(p)] = "b" if value >= OWNED else "w" if value <= -OWNED else "public"
    return Judgement(status=status, owner=owner)


def black_margin(game: Game, owned: dict[int, float]) -> float:
    """Black's margin under the active method in the expected final position."""
    slug = game.rules.counting
    params = _SCORER.params_for(game, slug)
    return count(slug, scoring_input(game), judgement_of(game, owned), **params).margin


def lead_for(game: Game, values: Sequence[float], colour: int) -> float:
    """The lead of `colour` (the side analysed) in our count, from KataGo's ownership."""
    margin = black_margin(game, black_ownership(values, game, colour))
    return margin if colour == BLACK else -margin


def lead_after(game: Game, vertex: str, values: Sequence[float], colour: int) -> float | None:
    """The same after `colour` plays `vertex` (KataGo's movesOwnership, from the root's side
    analysed); None when the move is not legal here.  The game is as before afterwards."""
    try:
        rc = parse_vertex(vertex, game.width, game.height)
    except ValueError:
        return None
    point = None if rc is None else game.board.point(*rc)
    if point is not None and game.illegal_reason(colour, point) is not None:
        return None
    saved = game.snapshot()
    try:
        game.play(colour, point)
        margin = black_margin(game, black_ownership(values, game, colour))
    finally:
        game.restore(saved)
    return margin if colour == BLACK else -margin


@dataclass
class _Candidate:
    """One `info move` of a kata-analyze line: where its figures are among the tokens."""

    move: str
    lead_at: list[int]  # the indexes of the values of scoreLead and scoreMean
    lead: float | None = None
    ownership: list[float] | None = None


_OWNERSHIP_WORDS = ("movesOwnership", "movesOwnershipStdev", "ownership", "ownershipStdev")


def _read_floats(tokens: list[str], start: int, count_: int) -> list[float]:
    values = []
    for token in tokens[start:start + count_]:
        try:
            values.append(float(token))
        except ValueError:
            break
    return values


def rewrite_line(line: str, game: Game, colour: int, *, keep: set[str]) -> str:
    """A kata-analyze line with `scoreLead` and `scoreMean` in our count (lead.py's
    docstring says how), and without the ownership sections the client did not ask for
    (`keep` holds those it asked: ownership, movesOwnership).  A line without the root's
    ownership is returned as it came (minus those sections)."""
    tokens = line.split()
    n = game.width * game.height
    candidates: list[_Candidate] = []
    root_at: list[int] = []
    root_theirs: float | None = None
    ownership: list[float] | None = None
    drop: list[tuple[int, int]] = []  # token ranges left out
    section = ""
    i = 0
    while i < len(tokens):
        word = tokens[i]
        if word == "info" and i + 2 < len(tokens) and tokens[i + 1] == "move":
            candidates.append(_Candidate(tokens[i + 2], []))
            section = "info"
            i += 3
            continue
        if word == "rootInfo":
            section = "root"
            i += 1
            continue
        if word in _OWNERSHIP_WORDS:
            values = _read_floats(tokens, i + 1, n)
            if word == "ownership":
                ownership = values
            elif word == "movesOwnership" and candidates and section == "info":
                candidates[-1].ownership = values
            if word not in keep:
                drop.append((i, i + 1 + len(values)))
            i += 1 + len(values)
            continue
        if word in ("scoreLead", "scoreMean") and i + 1 < len(tokens):
            if section == "info" and candidates:
                candidates[-1].lead_at.append(i + 1)
                if word == "scoreLead":
                    candidates[-1].lead = _float(tokens[i + 1])
            elif section == "root":
                root_at.append(i + 1)
                if word == "scoreLead":
                    root_theirs = _float(tokens[i + 1])
            i += 2
            continue
        i += 1
    if ownership is not None and len(ownership) == n:
        ours_root = lead_for(game, ownership, colour)
        if root_theirs is None and candidates:
            root_theirs = candidates[0].lead  # the best move's, without rootInfo
        shift = None if root_theirs is None else ours_root - root_theirs
        for at in root_at:
            tokens[at] = _format(ours_root)
        for candidate in candidates:
            figure: float | None = None
            if candidate.ownership is not None and len(candidate.ownership) == n:
                figure = lead_after(game, candidate.move, candidate.ownership, colour)
            if figure is None and shift is not None and candidate.lead is not None:
                figure = candidate.lead + shift
            if figure is not None:
                for at in candidate.lead_at:
                    tokens[at] = _format(figure)
    for start, end in reversed(drop):
        del tokens[start:end]
    return " ".join(tokens)


def _float(token: str) -> float | None:
    try:
        return float(token)
    except ValueError:
        return None


def _format(value: float) -> str:
    return f"{value:.3f}"


__all__ = ["KATAGO_OWN_METHODS", "OWNED", "black_margin", "black_ownership", "judgement_of",
           "lead_after", "lead_for", "ours_applies", "rewrite_line"]

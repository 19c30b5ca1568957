"""Monte Carlo tree search (蒙特卡洛树搜索) with RAVE on the chain-set board, under the rules
of the game it is asked about.

* Tree: UCT-style selection without an exploration term; each child's value mixes its own
  win rate with its all-moves-as-first (AMAF / RAVE) win rate, ``beta = r / (r + n + n·r/K)``
  (Gelly and Silver); heuristic priors (captures, atari escapes, self-atari, 3x3 shapes,
  distance to the last move, first lines in empty areas) enter as virtual wins and visits.
  A leaf is expanded after ``expand_visits`` visits.
* Legality at the tree: the rules of the game.  Simple ko, or 禁全同 / superko over the
  whole-board pattern (virtual stones and the side to move included when the rules say so),
  checked against the game's history and the path from the root.  Suicide is never played,
  even where the rules allow block suicide (块子自尽).  A pass is a virtual move (虚着) when the
  rules have them: it changes the pattern and so lets a ko be retaken.
* The end: under two-pass endings two passes in a row end the game.  Tromp–Taylor counts
  the board as it stands (every stone alive), so that terminal is counted exactly; the other
  rules remove dead stones first, which a playout from that position approximates.  Under the
  natural version (计活子, 计枰点自然版) two virtual moves read as an agreed stop (dead stones
  removed), and four in a row under one pattern end the game by force with every stone
  alive, so the search captures dead stones before it lets that happen.
* Every playout is counted for the rule's count (see ``playout``): area, or area less two
  points per block under 计活子 and stone scoring; then komi and the handicap bonus.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..core.board import BLACK, EMPTY, WHITE, opponent, zobrist_keys
from ..core.game import Game
from ..core.playout_board import (
    KIND,
    NO_POINT,
    SAFE,
    SELF_ATARI,
    SNAPBACK,
    SUICIDE,
    TRUE_EYE,
    PlayoutBoard,
)
from ..counting.methods import METHODS, handicap_bonus
from ..judgement.marks import ALL_ALIVE_METHODS
from .patterns import encode, geometry, shape_table
from .playout import area_margin, empty_owner, exact_margin, run_playout

PASS = 0
RESIGN = -1

# Counting methods that charge every block (棋块) its basic eye points: the 计活子 family and
# stone scoring.
TAX_COUNTINGS = frozenset({slug for slug, m in METHODS.items() if m.family == "jihuozi"}
                          | {"stone"})

OPEN, JUDGED, EXACT = 0, 1, 2  # how a node ends the game: not / judged by playouts / as is


@dataclass
class Settings:
    """Search parameters (defaults tuned on 9x9 against GNU Go)."""

    rave_equiv: float = 3000.0
    expand_visits: int = 8
    prior_even: int = 10
    prior_capture_one: int = 15
    prior_capture_many: int = 30
    prior_escape: int = 20
    prior_self_atari: int = 15
    prior_shape: int = 10
    prior_near: tuple[int, int, int] = (24, 16, 8)
    prior_empty_area: int = 10
    prior_pass: tuple[int, int] = (10, 1)  # (visits, wins) for a pass
    resign_threshold: float = 0.0  # resign below this win rate (0: never)
    resign_min_visits: int = 100
    judged_pass_visits: int = 24  # playouts that judge the position before passing back


class Node:
    """A move in the tree.  ``colour`` made ``move`` (PASS for a pass); the statistics are
    from that colour's side: ``w`` wins in ``n`` playouts, ``pw`` / ``pn`` the prior as virtual
    wins / visits, ``rw`` / ``rn`` the AMAF statistics, ``score`` the sum of Black's margins."""

    __slots__ = ("move", "colour", "children", "n", "w", "pn", "pw", "rn", "rw", "score",
                 "score_sq", "end", "prior")

    def __init__(self, move: int, colour: int, pn: float = 0.0, pw: float = 0.0,
                 end: int = OPEN) -> None:
        self.move = move
        self.colour = colour
        self.children: list[Node] | None = None
        self.n = 0
        self.w = 0.0
        self.pn = pn
        self.pw = pw
        self.rn = 0
        self.rw = 0.0
        self.score = 0.0
        self.score_sq = 0.0
        self.end = end
        self.prior = 0.0

    def winrate(self) -> float:
        """The mover's win rate from the playouts (the prior when there are none)."""
        if self.n:
            return self.w / self.n
        return self.pw / self.pn if self.pn else 0.5


@dataclass
class MoveInfo:
    """One candidate of the root, for analysis output; rates and scores are the searching
    colour's (scoreLead > 0: that colour leads)."""

    move: int
    visits: int
    winrate: float
    score_lead: float
    score_stdev: float
    prior: float
    lcb: float
    order: int
    pv: list[int]


@dataclass
class Restriction:
    """KataGo's ``avoid`` / ``allow``: moves of `colour` at tree depths below `until`."""

    colour: int
    points: frozenset[int]
    until: int
    allow: bool


def white_compensation(game: Game) -> float:
    """Komi plus White's handicap bonus (whiteHandicapBonus: 0, N or N-1)."""
    return game.komi + handicap_bonus(game.rules.whiteHandicapBonus, game.handicap)


# -- the search ----------------------------------------------------------------------------


class Search:
    """One search from the game's current position for `colour`."""

    def __init__(self, game: Game, colour: int, seed: str, settings: Settings | None = None,
                 restrictions: list[Restriction] | None = None,
                 ownership: bool = False) -> None:
        self.colour = colour
        self.settings = settings or Settings()
        self.restrictions = restrictions or []
        rules = game.rules
        self.geo = geometry(game.width, game.height)
        self.compensation = white_compensation(game)
        self.tax = rules.counting in TAX_COUNTINGS
        self.all_alive = rules.counting in ALL_ALIVE_METHODS
        self.natural = rules.ending == "NATURAL"
        self.simple_ko = rules.ko == "SIMPLE"
        # positions keyed as the game's ko rule keys them: the game's own, then the tree's
        self.key = game.position_key
        self.history = frozenset() if self.simple_ko else game.seen_keys()
        self.rng = random.Random(seed)
        last = game.moves[-1] if game.moves else None
        self.root_passes = game.consecutive_passes()
        self.root_last = last.point if last is not None and last.point is not None else 0
        ko = game.board.ko_point
        root_ko = ko if (ko is not None and last is not None and last.point is not None
                         and colour == opponent(last.colour)) else NO_POINT
        self.board = PlayoutBoard.from_board(game.board, root_ko)
        self.max_playout = 3 * len(self.board.points) + 20
        self.root_hash = game.board.hash
        self.zobrist = zobrist_keys(game.width, game.height)
        self.root_virtual = (game.virtual[BLACK], game.virtual[WHITE])
        self.root = Node(PASS, opponent(colour))
        self.playouts = 0
        self.nodes = 1
        self.track_ownership = ownership
        self.ownership = [0] * len(self.board.colour) if ownership else []
        self._expand(self.root, self.board, self.root_hash, colour, self.root_last,
                     self.root_passes, self.root_virtual, [], 0)
        # After the opponent's pass, make sure a pass that ends the game gets counted.
        self.pass_child: Node | None = None
        self.pass_quota = 0
        for ch in self.root.children or ():
            if ch.move == PASS and ch.end != OPEN and self.root_passes >= 1:
                self.pass_child = ch
                self.pass_quota = 1 if ch.end == EXACT else self.settings.judged_pass_visits

    # -- ending model ---------------------------------------------------------------------

    def _end_after_pass(self, passes: int) -> int:
        """How the game stands after a pass that makes `passes` in a row."""
        if self.natural:
            if passes >= 4:
                return EXACT  # four virtual moves: forced end, every stone alive
            if passes == 2:
                return JUDGED  # read as an agreed stop by GTP controllers
            return OPEN
        if passes >= 2:
            return EXACT if self.all_alive else JUDGED
        return OPEN

    # -- expansion ------------------------------------------------------------------------

    def _expand(self, node: Node, board: PlayoutBoard, board_hash: int, c: int, last: int,
                passes: int, virtual: tuple[int, int], path_keys: list[int],
                depth: int) -> None:
        """Create the children of `node`: every legal move of c that does not fill c's own
        true eye, plus a pass; priors from the heuristics.  `board_hash` is the board's
        Zobrist hash (the game's keys), for superko."""
        s = self.settings
        col = board.colour
        move_kind = board.move_kind
        captured_by = board.captured_by
        keys = self.zobrist
        ko = board.ko_point
        geo = self.geo
        around = geo.around
        near = geo.near
        line = geo.line
        rc = geo.rc
        table = shape_table()
        opp = 3 - c
        simple = self.simple_ko
        history = self.history
        key_of = self.key
        vb, vw = virtual
        allowed: frozenset[int] | None = None
        avoided: set[int] = set()
        for rule in self.restrictions:
            if rule.colour == c and depth < rule.until:
                if rule.allow:
                    allowed = rule.points if allowed is None else allowed & rule.points
                else:
                    avoided |= rule.points
        lr, lc = rc[last] if last else (-99, -99)
        children: list[Node] = []
        for p in board.points:
            if col[p] != EMPTY or p in avoided or (allowed is not None and p not in allowed):
                continue
            kind = move_kind(p, c)
            if kind & TRUE_EYE:
                continue
            kind &= KIND
            if kind == SUICIDE:
                continue  # never played
            taken = captured_by(p, c) if kind >= SNAPBACK else ()
            if simple:
                if p == ko:
                    continue
            else:
                h = board_hash ^ keys[c][p]
                for t in taken:
                    h ^= keys[opp][t]
                key = key_of(h, vb, vw, opp)
                if key in history or key in path_keys:
                    continue
            captured = len(taken)
            pn = float(s.prior_even)
            pw = pn / 2
            if captured:
                bonus = s.prior_capture_one if captured == 1 else s.prior_capture_many
                pn += bonus
                pw += bonus
            if (kind == SAFE or captured) and board.is_own_atari_liberty(p, c):
                pn += s.prior_escape
                pw += s.prior_escape
            if kind == SELF_ATARI:
                pn += s.prior_self_atari
            if table[encode(col, around[p])]:
                pn += s.prior_shape
                pw += s.prior_shape
            if last:
                r, cc = rc[p]
                dr = abs(r - lr)
                dc = abs(cc - lc)
                cheb = dr if dr > dc else dc
                man = dr + dc
                if cheb <= 1:
                    bonus = s.prior_near[0]
                elif man <= 2:
                    bonus = s.prior_near[1]
                elif man <= 3:
                    bonus = s.prior_near[2]
                else:
                    bonus = 0
                pn += bonus
                pw += bonus
            for q in near[p]:
                if col[q] != EMPTY:
                    break
            else:
                # nothing within distance 3: first and second lines are slow, the third good
                if line[p] <= 2:
                    pn += s.prior_empty_area
                elif line[p] == 3:
                    pn += s.prior_empty_area
                    pw += s.prior_empty_area
            child = Node(p, c, pn, pw)
            child.prior = pw / pn
            children.append(child)
        if allowed is None or PASS in allowed:
            end = self._end_after_pass(passes + 1)
            pn, pw = s.prior_pass
            if depth == 0 and passes >= 1:
                pn, pw = float(s.prior_even), s.prior_even / 2  # answering a pass: weigh it
            child = Node(PASS, c, float(pn), float(pw), end)
            child.prior = pw / pn if pn else 0.0
            children.append(child)
        self.nodes += len(children)
        self.rng.shuffle(children)
        total = sum(ch.prior ** 2 for ch in children) or 1.0
        for ch in children:
            ch.prior = ch.prior ** 2 / total
        node.children = children

    # -- one simulation --------------------------------------------------------------------

    def _select(self, node: Node) -> Node:
        equiv = self.settings.rave_equiv
        best = None
        best_value = -1.0
        for ch in node.children:  # type: ignore[union-attr]  # expanded before it is selected from
            n = ch.n + ch.pn
            value = (ch.w + ch.pw) / n
            rn = ch.rn
            if rn:
                beta = rn / (rn + n + n * rn / equiv)
                value += beta * (ch.rw / rn - value)
            if value > best_value:
                best_value = value
                best = ch
        return best  # type: ignore[return-value]  # a node has children

    def simulate(self) -> None:
        """Descend the tree, expand a leaf, play out, and update the statistics."""
        board = self.board.copy()
        node = self.root
        path = [node]
        tree_moves: list[int] = []
        c = self.colour
        board_hash = self.root_hash
        keys = self.zobrist
        last = self.root_last
        passes = self.root_passes
        vb, vw = self.root_virtual
        path_keys: list[int] = []
        key_of = self.key
        simple = self.simple_ko
        expand_visits = self.settings.expand_visits
        while node.children is not None and node.end == OPEN:
            if not node.children:
                break
            if node is self.root and self.pass_child is not None \
                    and self.pass_child.n < self.pass_quota:
                child = self.pass_child
            else:
                child = self._select(node)
            m = child.move
            if m:
                removed = board.play(m, c)
                if not simple:
                    board_hash ^= keys[c][m]
                    for t in removed:
                        board_hash ^= keys[3 - c][t]
                last = m
                passes = 0
                tree_moves.append(m << 2 | c)
            else:
                if c == BLACK:
                    vb += 1
                else:
                    vw += 1
                board.play_pass()
                last = 0
                passes += 1
                tree_moves.append(0)
            c = 3 - c
            if not simple:
                path_keys.append(key_of(board_hash, vb, vw, c))
            path.append(child)
            node = child
            if node.end == OPEN and node.children is None and node.n + 1 >= expand_visits:
                self._expand(node, board, board_hash, c, last, passes, (vb, vw), path_keys,
                             len(tree_moves))
        seq: list[int] = []
        if node.end == EXACT:
            margin = exact_margin(board, self.tax)
        else:
            if node.end == JUDGED:
                # the referee judges dead stones as play from either side would show
                c = c if node.n % 2 == 0 else 3 - c
                last, passes = 0, 0
                board.play_pass()
            run_playout(board, c, last, min(passes, 1), self.geo, self.rng.random, seq,
                        self.max_playout)
            margin = area_margin(board, self.tax)
        self._update(path, tree_moves, seq, margin - self.compensation, board)

    def _update(self, path: list[Node], tree_moves: list[int], seq: list[int],
                margin: float, board: PlayoutBoard) -> None:
        self.playouts += 1
        if margin > 0:
            black_result = 1.0
        elif margin < 0:
            black_result = 0.0
        else:
            black_result = 0.5
        sq = margin * margin
        for node in path:
            node.n += 1
            node.w += black_result if node.colour == BLACK else 1.0 - black_result
            node.score += margin
            node.score_sq += sq
        # AMAF: for each node, the colour that first played each point after it.
        amaf = [0] * len(board.colour)
        for e in reversed(seq):
            amaf[e >> 2] = e & 3
        for d in range(len(path) - 1, -1, -1):
            if d < len(tree_moves) and tree_moves[d]:
                e = tree_moves[d]
                amaf[e >> 2] = e & 3
            children = path[d].children
            if not children:
                continue
            for ch in children:
                m = ch.move
                if m and amaf[m] == ch.colour:
                    ch.rn += 1
                    ch.rw += black_result if ch.colour == BLACK else 1.0 - black_result
        if self.track_ownership:
            own = self.ownership
            col = board.colour
            nbrs = board.neighbours
            for p in board.points:
                c = col[p]
                if c == EMPTY:
                    c = empty_owner(col, nbrs, p)
                if c == BLACK:
                    own[p] += 1
                elif c == WHITE:
                    own[p] -= 1

    # -- running ---------------------------------------------------------------------------

    def run(self, until: int | None = None, seconds: float | None = None,
            stop: Callable[[], bool] | None = None, check_every: int = 8) -> bool:
        """Simulate until `until` playouts in all, `seconds` of time, or `stop()` is true
        (checked every few playouts), whichever comes first.  With a playout budget it also
        stops once the most visited move can no longer be overtaken; that check falls on
        fixed playout counts, so a search cut into several runs makes the same choices.
        Returns True when the budget is used up (or the choice decided)."""
        if not self.root.children:
            return True
        start = time.perf_counter()
        first = self.playouts
        while True:
            k = self.playouts
            if until is not None and k >= until:
                return True
            if k and k % check_every == 0:
                if until is not None and self._decided(until - k):
                    return True
                if k > first:
                    if seconds is not None and time.perf_counter() - start >= seconds:
                        return False
                    if stop is not None and stop():
                        return False
            self.simulate()

    def _decided(self, remaining: int) -> bool:
        first = second = 0
        for ch in self.root.children:  # type: ignore[union-attr]  # the root is expanded
            if ch.n > first:
                first, second = ch.n, first
            elif ch.n > second:
                second = ch.n
        return first - second > remaining

    # -- results ---------------------------------------------------------------------------

    def ranked(self) -> list[Node]:
        """Root children, most visited first (then by win rate)."""
        children = self.root.children or []
        return sorted(children, key=lambda ch: (ch.n, ch.winrate()), reverse=True)

    def best_move(self, judged: float | None = None) -> int:
        """The move to play: a point, PASS or RESIGN.

        `judged` is Black's margin as the game would be counted if we passed now (after the
        opponent's pass), when the caller can count it the referee's way; without it the
        pass is judged by its playouts."""
        ranked = self.ranked()
        if not ranked:
            return PASS
        best = ranked[0]
        best_rate = best.winrate()
        pass_child = self.pass_child
        if pass_child is not None and pass_child.n > 0:
            # The opponent passed and our pass ends (or stops) the game: pass when the count
            # wins, or when nothing is left to gain.
            if judged is not None:
                mine = judged if self.colour == BLACK else -judged
                if mine > 0 or (mine == 0 and best_rate <= 0.5):
                    return PASS
            else:
                pass_rate = pass_child.winrate()
                if pass_rate > 0.5 and pass_rate >= best_rate - 0.1:
                    return PASS
            if best_rate < 0.1:
                return PASS
        threshold = self.settings.resign_threshold
        if (threshold > 0 and self.root.n >= self.settings.resign_min_visits
                and best.winrate() < threshold):
            return RESIGN
        if best.n == 0:
            return PASS
        return best.move

    def principal_variation(self, node: Node, limit: int = 12) -> list[int]:
        pv = [node.move]
        while node.children and len(pv) < limit:
            nxt = max(node.children, key=lambda ch: ch.n)
            if nxt.n == 0:
                break
            pv.append(nxt.move)
            node = nxt
        return pv

    def pv_visits(self, pv: list[int]) -> list[int]:
        """The visits of each node along a principal variation from the root."""
        counts = []
        node = self.root
        for move in pv:
            nxt = next((ch for ch in node.children or () if ch.move == move), None)
            if nxt is None:
                break
            counts.append(nxt.n)
            node = nxt
        return counts

    def infos(self, max_moves: int = 0) -> list[MoveInfo]:
        """The visited root children, best first, from the searching colour's side."""
        sign = 1.0 if self.colour == BLACK else -1.0
        result = []
        for order, ch in enumerate(ch for ch in self.ranked() if ch.n > 0):
            if max_moves and order >= max_moves:
                break
            n = ch.n
            rate = ch.w / n
            mean = ch.score / n
            var = max(ch.score_sq / n - mean * mean, 0.0)
            lcb = rate - 1.96 * math.sqrt(max(rate * (1 - rate), 0.01) / n)
            result.append(MoveInfo(ch.move, n, rate, sign * mean, math.sqrt(var), ch.prior,
                                   max(lcb, 0.0), order, self.principal_variation(ch)))
        return result

    def root_winrate(self) -> float:
        """The searching colour's win rate over all playouts."""
        root = self.root
        if not root.n:
            return 0.5
        return 1.0 - root.w / root.n  # the root node holds the other colour's side

    def root_score(self) -> float:
        """The searching colour's mean margin over all playouts."""
        root = self.root
        if not root.n:
            return 0.0
        mean = root.score / root.n
        return mean if self.colour == BLACK else -mean

    def ownership_map(self) -> list[float]:
        """Per point (board order), +1 owned by the searching colour ... -1 by the other."""
        n = max(self.playouts, 1)
        sign = 1.0 if self.colour == BLACK else -1.0
        return [sign * self.ownership[p] / n for p in self.board.points]

"""做棋: making the board, on a working copy of the judged position.

The numbers of every method follow from the figures of the analysis; the working board is
the artefact that shows them (the filled board of 填满, the refilled board of 数路 / 计目,
the board after 还棋头).  When a step cannot be shown on the board (a bowl of prisoners
larger than the side's 空, say), the count still follows the procedure and the step is
recorded in ``overflow`` or in the notes.

Balancing moves (docs/counting.md §5; 燕来《科学计目法怎样将棋做成等子局面》三) is
`balance()`: B-like procedures end with equal stones and give the 子空 margin; A-like
procedures split the first mover's surplus.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .analysis import EMPTY, NAME, PUB, Analysis, B, W
from .types import BLACK, COLOURS, WHITE

CODE = {BLACK: B, WHITE: W}

BALANCES = ("free", "virtual_refill", "pass_stones", "negative_b", "negative_a",
            "even_stop", "art")
B_LIKE = ("free", "virtual_refill", "pass_stones", "negative_b")
A_LIKE = ("negative_a", "even_stop", "art")
BALANCE_NAMES = {
    "free": ("自然做棋法", "free: stones taken off / put in from the bowls until equal"),
    "virtual_refill": ("以虚着平衡手数的回填做棋法",
                       "virtual moves refilled with the prisoners; the other side adds a "
                       "virtual move when the first mover moved last"),
    "pass_stones": ("放弃交子的回填做棋法（美国规则）",
                    "every pass hands a prisoner; the second mover passes last"),
    "negative_b": ("以B类负着平衡手数的回填做棋法",
                   "B-type negative move: the first mover takes a stone off inside its area"),
    "negative_a": ("以A类负着平衡手数的回填做棋法",
                   "A-type negative move: the first mover takes a boundary stone off, the "
                   "point is split"),
    "even_stop": ("偶数休止的回填做棋法",
                  "stop on an even number of moves: the second mover takes one dame, the "
                  "other dame are split"),
    "art": ("艺术做棋法", "art: after the refill the stone points are split evenly"),
}


def _other(c: str) -> str:
    return WHITE if c == BLACK else BLACK


class Work:
    """A mutable copy of the judged board (dead stones off) for 做棋."""

    def __init__(self, a: Analysis) -> None:
        self.a = a
        self.col = a.live[:]
        self.own = a.owner[:]
        self.placed: dict[str, list[int]] = {BLACK: [], WHITE: []}
        self.removed: dict[str, list[int]] = {BLACK: [], WHITE: []}
        self.to_public: list[int] = []
        self.overflow = {BLACK: 0, WHITE: 0}
        self.notes: list[str] = []

    # -- counting -----------------------------------------------------------------------

    def stones(self, c: str) -> int:
        code = CODE[c]
        return sum(1 for x in self.col if x == code)

    def own_empty(self, c: str) -> int:
        code = CODE[c]
        return sum(1 for p, x in enumerate(self.col) if x == EMPTY and self.own[p] == code)

    def public_count(self) -> int:
        return sum(1 for p, x in enumerate(self.col) if x == EMPTY and self.own[p] == PUB)

    # -- operations ---------------------------------------------------------------------

    def fill(self, c: str, n: int, candidates: list[int]) -> list[int]:
        """Put up to n stones of c on the given points (still empty, owned by c)."""
        code = CODE[c]
        out: list[int] = []
        for p in candidates:
            if len(out) >= n:
                break
            if self.col[p] == EMPTY and self.own[p] == code:
                self.col[p] = code
                self.own[p] = 0
                out.append(p)
        self.placed[c].extend(out)
        return out

    def refill(self, c: str, n: int, keep_eyes: bool) -> list[int]:
        """Fill n lost stones of c into c's own points: routes first, then (unless the
        basic eyes are kept) eyes; what does not fit is recorded as overflow."""
        a = self.a
        cands = list(a.routes[c])
        if not keep_eyes:
            cands += a.eyes[c]
        got = self.fill(c, n, cands)
        if len(got) < n:
            self.overflow[c] += n - len(got)
            self.notes.append(f"{n - len(got)} stone(s) of {c} found no own point to fill: "
                              f"counted as stones, their 目 counted negative")
        return got

    def take_off(self, c: str, n: int) -> list[int]:
        """Take up to n stones of c off into c's own 空 (the points become c's 目)."""
        a, col, own, nbrs = self.a, self.col, self.own, self.a.nbrs
        code = CODE[c]

        def ok(p: int) -> bool:
            return col[p] == code and all(col[q] == code or (col[q] == EMPTY and own[q] == code)
                                          for q in nbrs[p])

        def touches_own(p: int) -> bool:
            return any(col[q] == EMPTY and own[q] == code for q in nbrs[p])

        cands = [p for p in range(a.n) if ok(p)]
        cands.sort(key=lambda p: (not touches_own(p), p))
        out: list[int] = []
        pending = list(reversed(cands))
        while pending and len(out) < n:
            p = pending.pop()
            if not ok(p):
                continue
            col[p] = EMPTY
            own[p] = code
            out.append(p)
            for q in nbrs[p]:
                if ok(q):
                    pending.append(q)
        self.removed[c].extend(out)
        return out

    def negative_a(self, c: str, n: int) -> list[int]:
        """A-type negative moves: take n boundary stones of c off; the points become public."""
        a, col, nbrs = self.a, self.col, self.a.nbrs
        code, opp = CODE[c], CODE[_other(c)]
        first = [p for p in range(a.n) if col[p] == code and any(col[q] == opp for q in nbrs[p])]
        if len(first) < n:
            seen = set(first)
            first += [p for p in range(a.n) if col[p] == code and p not in seen]
        out = first[:n]
        for p in out:
            col[p] = EMPTY
            self.own[p] = PUB
        self.removed[c].extend(out)
        self.to_public.extend(out)
        return out

    def play_dame(self, c: str, n: int) -> list[int]:
        """Fill up to n public points (单官) with stones of c."""
        code = CODE[c]
        out: list[int] = []
        for p in range(self.a.n):
            if len(out) >= n:
                break
            if self.col[p] == EMPTY and self.own[p] == PUB:
                self.col[p] = code
                self.own[p] = 0
                out.append(p)
        self.placed[c].extend(out)
        return out

    def swap_heads(self, giver: str, k: int) -> list[int]:
        """还棋头: k boundary stones of the giver become the receiver's."""
        col, nbrs = self.col, self.a.nbrs
        code, opp = CODE[giver], CODE[_other(giver)]
        out: list[int] = []
        for p in range(self.a.n):
            if len(out) >= k:
                break
            if col[p] == code and any(col[q] == opp for q in nbrs[p]):
                out.append(p)
        for p in out:
            col[p] = opp
        return out

    def artefact(self) -> dict[str, object]:
        a = self.a
        return {
            "board": a.board_artefact(self.col),
            "placed": {c: a.rcs(v) for c, v in self.placed.items()},
            "removed": {c: a.rcs(v) for c, v in self.removed.items()},
            "made_public": a.rcs(self.to_public),
            "empty": {c: a.rcs(p for p in range(a.n) if self.col[p] == EMPTY
                               and self.own[p] == CODE[c]) for c in COLOURS},
            "public_empty": a.rcs(p for p in range(a.n) if self.col[p] == EMPTY
                                  and self.own[p] == PUB),
        }


@dataclass
class Balanced:
    """The outcome of one balancing procedure (docs/counting.md §5)."""

    balance: str
    family: str
    work: Work
    refill: dict[str, int]
    added_virtual: dict[str, int]
    negative: dict[str, int]
    dame: dict[str, int]
    taken_off: dict[str, int]
    put_in: dict[str, int]
    surplus: int  # Black minus White stones on the refilled board, before settling
    split: int  # stone points split evenly (A-like), Black minus White
    stones: dict[str, int] = field(default_factory=dict)
    mu: dict[str, int] = field(default_factory=dict)
    steps: list[str] = field(default_factory=list)

    def artefact(self) -> dict[str, object]:
        zh, en = BALANCE_NAMES[self.balance]
        d: dict[str, object] = {
            "balance": self.balance, "balance_zh": zh, "balance_en": en, "family": self.family,
            "refilled": dict(self.refill), "added_virtual_moves": dict(self.added_virtual),
            "negative_moves": dict(self.negative), "dame_played": dict(self.dame),
            "taken_off": dict(self.taken_off), "put_in": dict(self.put_in),
            "surplus_after_refill": self.surplus, "split_stone_points": self.split,
            "stones": dict(self.stones), "mu": dict(self.mu),
            "overflow": dict(self.work.overflow), "steps": list(self.steps),
            "notes": list(self.work.notes),
        }
        d.update(self.work.artefact())
        return d


def balance(a: Analysis, name: str, keep_eyes: bool, work: Work | None = None) -> Balanced:
    """Make the board have equal stones (停子之棋) by procedure `name` (docs/counting.md §5).

    keep_eyes -- refill only routes, keeping the basic eyes empty (数路法); otherwise the
    refill may use any own point (计目法).
    """
    w = work if work is not None else Work(a)
    first = a.inp.first_mover
    second = _other(first)
    d = a.M[first] - a.M[second]
    more, fewer = (first, second) if d >= 0 else (second, first)
    gap = abs(d)
    zero = {BLACK: 0, WHITE: 0}
    res = Balanced(name, "A-like" if name in A_LIKE else "B-like", w, dict(zero), dict(zero),
                   dict(zero), dict(zero), dict(zero), dict(zero), 0, 0)
    steps = res.steps

    # the art version's passes are free; virtual moves of the natural version are stones
    # to refill under every procedure, this one too (else the A point would be lost)
    refill_virtual = name != "art" or a.inp.virtual_stones
    if name != "free":
        for c in COLOURS:
            n = a.P[c] + (a.V[c] if refill_virtual else 0)
            if name in ("virtual_refill", "pass_stones") and c == fewer and gap:
                res.added_virtual[c] = gap
                n += gap
                steps.append(f"{c} adds {gap} virtual move(s) / pass stone(s) to balance moves")
            res.refill[c] = n
            w.refill(c, n, keep_eyes)
        steps.append("refill: lost stones (captured + dead"
                     + (" + virtual moves / passes)" if refill_virtual else ")")
                     + f" into own 空: b {res.refill[BLACK]}, w {res.refill[WHITE]}")

    def surplus() -> int:
        return (w.stones(BLACK) + w.overflow[BLACK]) - (w.stones(WHITE) + w.overflow[WHITE])

    res.surplus = surplus()

    if name == "negative_b" and gap:
        got = w.take_off(more, gap)
        res.negative[more] = gap
        if len(got) < gap:
            w.overflow[more] -= gap - len(got)
            w.notes.append(f"{gap - len(got)} B-type negative move(s) of {more} not shown")
        steps.append(f"{more} makes {gap} B-type negative move(s): stones off inside its area")
    elif name == "negative_a" and gap:
        got = w.negative_a(more, gap)
        res.negative[more] = len(got)
        if len(got) < gap:
            w.notes.append(f"{gap - len(got)} A-type negative move(s) of {more} impossible")
        steps.append(f"{more} makes {gap} A-type negative move(s): boundary stones off, the "
                     f"points split")
    elif name == "even_stop" and gap:
        got = w.play_dame(fewer, gap)
        res.dame[fewer] = len(got)
        steps.append(f"{fewer} plays {len(got)} dame to stop on an even number of moves")
        if len(got) < gap:
            neg = w.negative_a(more, gap - len(got))
            res.negative[more] = len(neg)
            steps.append(f"no dame left: {more} makes {len(neg)} A-type negative move(s) "
                         f"instead (our choice)")

    n = surplus()
    if res.family == "B-like":
        if n:
            big = BLACK if n > 0 else WHITE
            k = abs(n)
            got = w.take_off(big, k)
            res.taken_off[big] = len(got)
            rest = k - len(got)
            if rest:
                put = w.fill(_other(big), rest, list(a.routes[_other(big)])
                             + ([] if keep_eyes else list(a.eyes[_other(big)])))
                res.put_in[_other(big)] = len(put)
                rest -= len(put)
            if rest:
                # nothing left to show it with: count it as taken off
                w.overflow[big] -= rest
                res.taken_off[big] += rest
                w.notes.append(f"{rest} stone(s) of {big} counted as taken off (no room)")
            steps.append(f"equal stones: {big} takes {res.taken_off[big]} stone(s) off"
                         + (f", {_other(big)} puts {res.put_in[_other(big)]} in"
                            if res.put_in[_other(big)] else ""))
    else:
        res.split = n
        if n:
            steps.append(f"the {abs(n)} surplus stone point(s) of {'b' if n > 0 else 'w'} are "
                         f"split evenly")
    for c in COLOURS:
        res.stones[c] = w.stones(c) + w.overflow[c]
        res.mu[c] = w.own_empty(c) - w.overflow[c]
    return res


def apply_a_point(a: Analysis, work: Work) -> tuple[bool, str]:
    """The natural version A's extra point (docs/counting.md §4, `a_point`): when the other
    side proposed the stop (i.e. the first mover moved last), the first mover makes one
    A-type negative move.  Returns whether it applied and a note."""
    first = a.inp.first_mover
    if a.inp.last_mover != first:
        return False, "a_point: the first mover did not move last; no extra point"
    got = work.negative_a(first, 1)
    if not got:
        return False, "a_point: no stone of the first mover to take off"
    return True, f"a_point: {first} makes an A-type negative move (one point split)"


__all__ = ["BALANCES", "B_LIKE", "A_LIKE", "BALANCE_NAMES", "Work", "Balanced", "balance",
           "apply_a_point", "NAME"]

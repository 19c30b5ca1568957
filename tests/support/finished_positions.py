"""Random finished positions for property tests and benchmarks.

The board is cut into rectangles (at least 3 wide, 2 on boards under 8), each one
colour's solid wall.  A rectangle either gets isolated one-point eyes (pairwise not even
diagonally adjacent, away from rectangles of other colours) or, when large enough, a
hollow interior: a ring wall around one territory.  Adjacent rectangles of one colour merge
into one block.  Every block ends with at least two eyes, so it lives independently with
two basic eyes.  Opponent stones marked dead may be dropped into eyes and territories;
prisoners, passes, handicap and komi are drawn so that the move counts agree with the
stones (see `ScoringInput`).
"""

from __future__ import annotations

import random

from gtp_weiqi.counting.types import BLACK, DEAD, WHITE, Judgement, Point, ScoringInput

KOMIS = (0.0, 0.5, 6.5, 7.0, 7.5, 8.0, -8.0, -0.5)


def _cuts(rng: random.Random, length: int, minimum: int = 3) -> list[tuple[int, int]]:
    """Split 0..length-1 into spans of at least `minimum`."""
    spans = []
    start = 0
    while length - start >= 2 * minimum and rng.random() < 0.8:
        end = rng.randint(start + minimum, min(length - minimum, start + 3 * minimum))
        spans.append((start, end))
        start = end
    spans.append((start, length))
    return spans


def random_finished_position(rng: random.Random, width: int, height: int, *,
                             dead: bool = True, handicap: bool = False,
                             komi: float | None = None, tries: int = 200
                             ) -> tuple[ScoringInput, Judgement]:
    """A finished position: independently living blocks with two eyes or more each."""
    for _ in range(tries):
        got = _attempt(rng, width, height, dead, handicap, komi)
        if got is not None:
            return got
    raise RuntimeError("could not generate a position")


def _attempt(rng: random.Random, width: int, height: int, dead: bool, handicap: bool,
             komi: float | None) -> tuple[ScoringInput, Judgement] | None:
    rect_of: dict[Point, int] = {}
    rects: list[tuple[int, int, int, int]] = []
    colour_of: list[str] = []
    offset = rng.randint(0, 1)
    for i, (c0, c1) in enumerate(_cuts(rng, width, 3 if width >= 8 else 2)):
        for j, (r0, r1) in enumerate(_cuts(rng, height, 3 if height >= 8 else 2)):
            rid = len(rects)
            rects.append((r0, r1, c0, c1))
            parity = (i + j + offset) % 2 if rng.random() < 0.8 else rng.randint(0, 1)
            colour_of.append(BLACK if parity else WHITE)
            for r in range(r0, r1):
                for c in range(c0, c1):
                    rect_of[(r, c)] = rid
    if len(set(colour_of)) < 2 and len(rects) > 1:
        return None
    stones: dict[Point, str] = {p: colour_of[rid] for p, rid in rect_of.items()}
    holes: set[Point] = set()

    def inside(p: Point) -> bool:
        return 0 <= p[0] < height and 0 <= p[1] < width

    def interior(p: Point, rid: int) -> bool:
        r, c = p
        return all(not inside(q) or colour_of[rect_of[q]] == colour_of[rid]
                   for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))

    def free8(p: Point) -> bool:
        r, c = p
        return all((r + dr, c + dc) not in holes for dr in (-1, 0, 1) for dc in (-1, 0, 1))

    for rid, (r0, r1, c0, c1) in enumerate(rects):
        h, w = r1 - r0, c1 - c0
        if h >= 5 and w >= 5 and rng.random() < 0.4:
            ring_ok = True
            inner = [(r, c) for r in range(r0 + 1, r1 - 1) for c in range(c0 + 1, c1 - 1)]
            if ring_ok and all(free8(p) for p in inner):
                holes.update(inner)
                continue
        cands = [(r, c) for r in range(r0, r1) for c in range(c0, c1)
                 if interior((r, c), rid)]
        rng.shuffle(cands)
        want = rng.randint(2, max(2, len(cands) // 3))
        got = 0
        for p in cands:
            if got >= want:
                break
            if free8(p):
                holes.add(p)
                got += 1
    for p in holes:
        del stones[p]
    # every block (one colour's stones joined through its own holes) needs two holes
    seen: set[Point] = set()
    for start in list(stones):
        if start in seen:
            continue
        colour = stones[start]
        comp = [start]
        seen.add(start)
        n_holes = 0
        i = 0
        while i < len(comp):
            r, c = comp[i]
            for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if q in seen or not inside(q):
                    continue
                if stones.get(q) == colour:
                    seen.add(q)
                    comp.append(q)
                elif q in holes and colour_of[rect_of[q]] == colour:
                    seen.add(q)
                    comp.append(q)
                    n_holes += 1
            i += 1
        if n_holes < 2:
            return None
    status: dict[Point, str] = {}
    if dead:
        for p in sorted(holes):
            if rng.random() < 0.15:
                owner = colour_of[rect_of[p]]
                stones[p] = WHITE if owner == BLACK else BLACK
                status[p] = DEAD
    captured = {BLACK: rng.randint(0, 5), WHITE: rng.randint(0, 5)}
    passes = {BLACK: rng.randint(0, 2), WHITE: rng.randint(0, 2)}
    hcap = 0
    if handicap and rng.random() < 0.5:
        hcap = rng.randint(2, 4)
    on_board = {c: sum(1 for v in stones.values() if v == c) for c in (BLACK, WHITE)}
    if on_board[BLACK] < hcap:
        hcap = 0
    moves = {c: on_board[c] + captured[c] + passes[c] - (hcap if c == BLACK else 0)
             for c in (BLACK, WHITE)}
    first = WHITE if hcap else rng.choice((BLACK, WHITE))
    second = WHITE if first == BLACK else BLACK
    d = rng.randint(0, 1)
    cur = moves[first] - moves[second]
    if cur < d:
        passes[first] += d - cur
        moves[first] += d - cur
    elif cur > d:
        passes[second] += cur - d
        moves[second] += cur - d
    last = first if d else second
    k = komi if komi is not None else rng.choice(KOMIS)
    inp = ScoringInput(width, height, stones, captured, moves, passes, first, last, hcap, k)
    return inp, Judgement(status=status)

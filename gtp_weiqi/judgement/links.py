"""Stage 3 of the judgement, after the playouts: strings the playouts called dead, or left
undecided, that are joined to a living string of their colour (连接) are alive.

Two strings of one colour are *joined* when they share two liberties (a miai, 见合: a cut on
either is answered on the other) or one liberty the opponent cannot cut (a play there is a
suicide, or a self-atari taken back at once, neither as a ko nor into a snapback:
`unbreakable`).  A string sharing one liberty each with two living strings is joined to them
too: a cut from one is answered by joining the other (unless the cut also threatens another
string hanging there).  A string of three liberties or more may count links two points long
among its two: a liberty of its own beside an empty point that touches a living string and
that the opponent cannot cut once the owner stands on that liberty.  The playouts do not
answer cuts (the miai answer, tried in them, let dead groups connect into groups they then
called alive), so a group hanging on a living one by two such points dies in some of them
and may be called dead, or left undecided and then said to depend on who moves first; a
player, and a strong engine, sees it joined.  Joined is transitive: a chain of such links to
a living string keeps every string on it alive.

A string sharing no liberty with a living one may still hang on it from a point or two away,
every cut answered by joining (`revive_connected`): the tactical reader reads that, with
joining as the owner's only success.

A block of strings joined through their eyes, by miai and by points the opponent cannot
cut at (a false eye between them), that has two eyes (两只真眼, true single-point eyes or
small regions only its colour borders) lives too (`revive_two_eyed`):
the playouts fill an eye, or let a string beside one be taken, at random, and may lose a
group whose two eyes a player sees at a glance.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.board import EMPTY, Board
from ..core.playout_board import (
    KIND,
    SAFE,
    SELF_ATARI,
    SNAPBACK,
    SUICIDE,
    PlayoutBoard,
    true_eye,
)
from .regions import Blocks, border_colours, empty_regions
from .report import ALIVE, DEAD
from .tactics import Reader

CONNECTION_BUDGET = 1000  # positions read per string by `revive_connected`
MAX_EYE_REGION = 6  # points of an empty region only one colour borders counted as one eye


def revive_joined(board: Board, col: list[int], head: dict[int, int],
                  stones: dict[int, list[int]], string_status: dict[int, str],
                  certain: set[int]) -> list[int]:
    """Mark alive the strings called dead (not `certain` ones) or not yet decided that are
    joined, directly or through other such strings, to a string called alive, or that share
    two liberties in all with strings called alive; returns their heads."""
    doubtful = [h for h in sorted(stones)
                if string_status.get(h, DEAD) == DEAD and h not in certain]
    if not doubtful:
        return []
    position = PlayoutBoard(board, col)
    nbrs = board.neighbours
    libs = {h: position.liberties(h) for h in stones}
    held: dict[tuple[int, int], bool] = {}

    def protected(x: int, c: int) -> bool:
        """Whether the opponent of c cannot cut at x (`unbreakable`)."""
        key = (x, c)
        if key not in held:
            held[key] = unbreakable(position, x, c)
        return held[key]

    def joined(a: int, b: int) -> bool:
        common = libs[a] & libs[b]
        return len(common) >= 2 or any(protected(x, col[a]) for x in common)

    def step_links(d: int, links: set[int]) -> list[tuple[int, int]]:
        """d's links two points long: a liberty y of d (not in `links`), safe for d's owner,
        beside a point z, a liberty of a living string and not of d, that the opponent cannot
        cut once d's owner has played y."""
        c = col[d]
        found: list[tuple[int, int]] = []
        used: set[int] = set()  # each z serves one link: ways that share a point are one
        for y in sorted(libs[d] - links):
            if position.move_kind(y, c) & KIND < SAFE:
                continue
            after: PlayoutBoard | None = None
            for z in nbrs[y]:
                if col[z] != EMPTY or z in libs[d] or not any(
                        q in head and head[q] in living and col[q] == c for q in nbrs[z]):
                    continue
                if after is None:
                    after = position.copy()
                    after.play(y, c)
                if z not in used and unbreakable(after, z, c):
                    found.append((y, z))
                    used.add(z)
                    break
        return found

    def apart(d: int, near: set[int]) -> bool:
        """Whether d has two links in all to living strings, shared liberties or links two
        points long (`step_links`), no point of them a liberty of another string of its
        colour with two liberties or fewer (a cut there would threaten two at once)."""
        links = {x for a in near if a in living for x in libs[d] & libs[a]}
        ways = [{x} for x in links]
        if len(ways) < 2 and len(libs[d]) >= 3:
            ways += [{y, z} for y, z in step_links(d, links)]
        return len(ways) >= 2 and not any(
            head[q] != d and len(libs[head[q]]) <= 2
            for w in ways for x in w for q in nbrs[x] if col[q] == col[d])

    revived: list[int] = []
    living = {h for h in stones if string_status.get(h) == ALIVE}
    changed = True
    while changed:
        changed = False
        for d in doubtful:
            if d in living:
                continue
            near = {head[q] for x in libs[d] for q in nbrs[x]
                    if q in head and col[q] == col[d] and head[q] != d}
            if apart(d, near) or any(a in living and joined(d, a) for a in sorted(near)):
                string_status[d] = ALIVE
                living.add(d)
                revived.append(d)
                changed = True
    return revived


def revive_connected(board: Board, col: list[int], final: list[int], head: dict[int, int],
                     stones: dict[int, list[int]], string_status: dict[int, str],
                     certain: set[int], depends: set[int] | None = None) -> list[int]:
    """Mark alive the strings called dead (not `certain` ones, nor those in `depends`, whose
    fate the who-moves-first stage found to depend on it) or not yet decided, with one or
    two liberties and a living string of their colour near (beside a liberty, or beside an
    empty point beside one), that join a living string whatever the opponent plays first:
    read by the tactical reader (`Reader.joins_home`) on `final` (the position `col`
    without the strings called dead) with the string put back, the opponent cutting on and
    beside the liberties, the owner extending, taking and giving atari, and only a join
    with three liberties or more counting for it.  The links above need shared liberties;
    a stone two points away that joins in two ways the opponent cannot both stop is joined
    too.  Returns their heads."""
    nbrs = board.neighbours
    living = {h for h in stones if string_status.get(h) == ALIVE}  # as before this pass
    revived: list[int] = []
    for d in sorted(stones):
        if d in certain or depends and d in depends or string_status.get(d, DEAD) != DEAD:
            continue
        c = col[d]
        libs = {x for p in stones[d] for x in nbrs[p] if col[x] == EMPTY}
        if not 1 <= len(libs) <= 2:
            continue
        near = libs | {q for x in libs for q in nbrs[x] if col[q] == EMPTY}
        home = sorted({head[q] for x in near for q in nbrs[x]
                       if col[q] == c and head[q] in living})
        if not home:
            continue
        work = final
        if final[d] == EMPTY:
            work = final[:]
            for p in stones[d]:
                work[p] = c
        if Reader(PlayoutBoard(board, work), CONNECTION_BUDGET, home=home).joins_home(d):
            string_status[d] = ALIVE
            revived.append(d)
    return revived


def revive_two_eyed(board: Board, col: list[int], head: dict[int, int],
                    stones: dict[int, list[int]], string_status: dict[int, str],
                    certain: set[int]) -> list[int]:
    """Mark alive the strings called dead (not `certain` ones) in a block with two eyes
    (`true_eyes`, read without the opponent's strings called dead): the strings around one
    eye, and two strings joined by a miai or a point the opponent cannot cut at
    (`miai_links`), are one block.  Returns their heads."""
    dead = [h for h in sorted(stones) if string_status.get(h) == DEAD and h not in certain]
    revived: list[int] = []
    for c in sorted({col[h] for h in dead}):
        work = col[:]
        for h, ss in stones.items():
            if col[h] == 3 - c and string_status.get(h) == DEAD:
                for p in ss:
                    work[p] = EMPTY
        eyes, links = _eyes_and_links(board, work, c, head)
        blocks = _joined(links, eyes.values())
        count: dict[int, int] = {}
        for around in eyes.values():
            root = blocks.root(around[0])
            count[root] = count.get(root, 0) + 1
        for h in dead:
            if col[h] == c and h in blocks and count.get(blocks.root(h), 0) >= 2:
                string_status[h] = ALIVE
                revived.append(h)
    return revived


def true_eyes(board: Board, work: list[int], c: int, head: dict[int, int]
              ) -> dict[int, list[int]]:
    """The eyes of colour c in the colours `work` that no play from outside spoils: an eye's
    lowest point -> the sorted heads of the strings around it.

    An eye is either an empty point whose neighbours are all c's stones, true by its
    diagonals (真眼, `true_eye`: at most one opponent stone, none on the edge), where the
    opponent may not play (a suicide); or an empty region of 2 to `MAX_EYE_REGION` points
    that only c borders and where no opponent play takes a string around it (the
    opponent's stones played in it are taken: one eye at least).  It stays an eye while its
    strings hold together without it.  A string around it is *weak* when it touches no
    other eye, the opponent can atari it from outside (a liberty, not in an eye, it can
    take safely), and it has not two liberties beside strings touching two eyes that no
    other such string counts (a cut on one is answered by joining on the other, 见合).  A
    weak string must be joined to the others around the eye by another eye or a miai
    (`miai_links`); around a region, two of its points that each touch them all join them
    instead (the opponent's stone thrown in on one is taken from the other), and leave an
    eye.  An eye that fails is dropped, and the others read again, until none changes.
    """
    return _eyes_and_links(board, work, c, head)[0]


def _eyes_and_links(board: Board, work: list[int], c: int, head: dict[int, int]
                    ) -> tuple[dict[int, list[int]], list[tuple[int, int]]]:
    """`true_eyes`, and the `miai_links` outside every eye shape it started from."""
    position = PlayoutBoard(board, work)
    eyes = _eye_shapes(board, work, c, position)
    around = {k: sorted({head[q] for x in region for q in board.neighbours[x]
                         if work[q] == c}) for k, region in eyes.items()}
    links = miai_links(board, work, c, head, {x for r in eyes.values() for x in r}, position)
    changed = True
    while changed:
        changed = False
        weak = _weak_strings(board, position, work, c, head, eyes, around)
        for k in sorted(eyes):
            if weak.intersection(around[k]) and not _held_together(
                    board, work, c, head, eyes[k], around[k],
                    _joined(links, (around[e] for e in eyes if e != k))):
                del eyes[k]
                changed = True
    return {k: around[k] for k in eyes}, links


def _eye_shapes(board: Board, work: list[int], c: int, position: PlayoutBoard
                ) -> dict[int, list[int]]:
    """The eye shapes of colour c, before any is dropped: lowest point -> its points."""
    nbrs = board.neighbours
    regions, _ = empty_regions(work, board.points, nbrs)
    eyes: dict[int, list[int]] = {}
    for region in regions:
        if len(region) == 1:
            p = region[0]
            if (true_eye(work, nbrs[p], board.diagonals[p], c)
                    and position.move_kind(p, 3 - c) & KIND == SUICIDE):
                eyes[p] = region
        elif (len(region) <= MAX_EYE_REGION and border_colours(work, nbrs, region) == c
              and all(position.move_kind(x, 3 - c) & KIND < SNAPBACK for x in region)):
            eyes[region[0]] = region  # no opponent play inside takes a string around it
    return eyes


def _weak_strings(board: Board, position: PlayoutBoard, work: list[int], c: int,
                  head: dict[int, int], eyes: dict[int, list[int]],
                  around: dict[int, list[int]]) -> set[int]:
    """The strings around the eyes that touch only one, that the opponent can atari from
    outside, and that have not two liberties beside strings touching two eyes (ways to
    join them) that no other such string counts too (one cut there threatens both)."""
    points = {x for region in eyes.values() for x in region}
    touching: dict[int, int] = {}
    for k in eyes:
        for h in around[k]:
            touching[h] = touching.get(h, 0) + 1
    exposed = [h for h, n in sorted(touching.items()) if n < 2 and any(
        x not in points and position.move_kind(x, 3 - c) & KIND >= SAFE
        for x in position.liberties(h))]
    ways = {h: [x for x in sorted(position.liberties(h)) if x not in points and any(
        work[q] == c and head[q] != h and touching.get(head[q], 0) >= 2
        for q in board.neighbours[x])] for h in exposed}
    free = _uncontested(ways.values())
    return {h for h in exposed if sum(x in free for x in ways[h]) < 2}


def _held_together(board: Board, work: list[int], c: int, head: dict[int, int],
                   eye: list[int], hs: list[int], blocks: Blocks) -> bool:
    """Whether the strings `hs` around `eye` are one block without it (`blocks`), or, around
    a region, two of its points touch every block among them: filling one joins them, and
    the opponent's stone thrown in on one is taken from the other, which joins them too."""
    parts = {blocks.root(h) for h in hs}
    return len(parts) == 1 or sum(
        parts <= {blocks.root(head[q]) for q in board.neighbours[x] if work[q] == c}
        for x in eye) >= 2


def miai_links(board: Board, work: list[int], c: int, head: dict[int, int],
               eyes: set[int], position: PlayoutBoard) -> list[tuple[int, int]]:
    """The pairs of c's strings (heads, lower first) in the colours `work` (`position`)
    that share two liberties outside the points `eyes` that no other such pair shares: a
    cut on one is answered on the other (见合).  A point two pairs share is no link's: the
    opponent's play there cuts both, and only one can be answered.  Strings that share one
    liberty outside `eyes` that the opponent cannot break (`unbreakable`: a false eye
    between them, 假眼, is one) are linked too: an atari on one of them is answered by
    filling it."""
    nbrs = board.neighbours
    shared: dict[tuple[int, int], list[int]] = {}
    solid: set[tuple[int, int]] = set()
    for x in board.points:
        if work[x] != EMPTY or x in eyes:
            continue
        hs = sorted({head[q] for q in nbrs[x] if work[q] == c})
        if len(hs) >= 2 and unbreakable(position, x, c):
            solid.update((a, b) for i, a in enumerate(hs) for b in hs[i + 1:])
            continue
        for i, a in enumerate(hs):
            for b in hs[i + 1:]:
                shared.setdefault((a, b), []).append(x)
    candidates = {pair: xs for pair, xs in shared.items() if len(xs) >= 2}
    free = _uncontested(candidates.values())
    return sorted(solid | {pair for pair, xs in candidates.items()
                           if sum(x in free for x in xs) >= 2})


def unbreakable(position: PlayoutBoard, x: int, c: int) -> bool:
    """Whether c's opponent cannot cut at the empty point x: its play there is a suicide,
    or a self-atari that c takes back leaving two liberties (a throw-in c takes as a ko may
    be won by the opponent, one c takes into a snapback, 倒扑, is taken again: either way
    the opponent cuts after all)."""
    kind = position.move_kind(x, 3 - c) & KIND
    if kind != SELF_ATARI:
        return kind == SUICIDE
    after = position.copy()
    after.play(x, 3 - c)
    y = next(iter(after.liberties(x)))
    if not after.is_legal(y, c):
        return False
    after.play(y, c)
    return len(after.liberties(y)) >= 2  # no ko, no snapback


def _uncontested(groups: Iterable[list[int]]) -> set[int]:
    """The points that one of the groups holds and no other."""
    seen: dict[int, int] = {}
    for xs in groups:
        for x in xs:
            seen[x] = seen.get(x, 0) + 1
    return {x for x, n in seen.items() if n == 1}


def _joined(links: list[tuple[int, int]], eyes: Iterable[list[int]]) -> Blocks:
    """The blocks of strings joined by the links and around each eye."""
    blocks = Blocks()
    for a, b in links:
        blocks.join(a, b)
    for hs in eyes:
        for h in hs:
            blocks.join(hs[0], h)
    return blocks

"""The judgement as a pipeline of passes, cheapest and surest first, each named for what it
marks (死活与归属: a status per string, an owner per empty point):

1. `_mark_pass_alive`: Benson's unconditionally living strings, their territory and the
   dead stones inside it (`benson`);
2. the seki (双活) of the position without those dead stones, and their points (`seki`);
3. `_mark_by_playouts`: the other strings, by rounds of seeded ownership playouts that know
   seki (`ownership`, `decision`); `_mark_bent_four_dead`: 盘角曲四; `revive_holders`:
   strings called dead, or left undecided, that hold an opponent string shut in their
   liberties and take it into two eyes when forced are alive (眼中有子, `held`); `revive_joined`:
   strings called dead, or left undecided, that are joined (连接) to a living one are
   alive, and `revive_two_eyed`: those in a block with two eyes (两只真眼) too (`links`);
4. `make_consistent`: one verdict for strings joined by an own empty region (`consistency`);
5. `_mark_enclosed_by_reading`: a string shut in a small enclosure by a living wall is read
   out exactly, both sides moving first (`enclosed`), and so is a ring with the opponent's
   inner group shut inside it (a race, 对杀); what it proves overrules the playouts,
   and when the string is dead its colour's other strings in the enclosure are read too,
   when it lives the opponent's strings held inside it (alive when it cannot take them: 双活);
   a string the playouts left undecided whose reading turns on a ko (劫) is read again with
   each side free to retake kos in turn, and so is one they call alive that the attacker
   moving first takes without a ko (dead when it lives only by winning a ko);
6. `_explain_by_first_move`: of the strings still undecided, those that die even with their
   owner first (dead) or live even with the opponent first (alive), and those decided with
   one side first that the other side's first move leaves unclear (that verdict), then
   those whose fate depends on who moves first, with what each side achieves
   (`first_move`): they stay unclear; the links are read again after its verdicts;
   `revive_connected`: a string with one or two liberties near a living one of its colour
   that joins it whatever the opponent cuts first (tactical reading) is alive (`links`);
7. `_mark_free_alive`: the strings that could still live or escape (`openness`) are never
   dead;
8. `kill_bare_holders`: a string holding an opponent string is dead when the capture it is
   forced into leaves no two eyes and its other liberties are the opponent's to fill;
   `read_held_races`: a held string called dead that its holder cannot take with profit,
   or in time whoever moves first, is seki, one only the holder moving first takes depends
   on who moves first (`held`);
   `_revive_race_seki`: the strings of a race without eyes that nobody wins (无眼双活), or
   with an eye each or on one side (有眼双活), alive;
   `_revive_seki_around_taken`: dead strings in seki with an opponent whose eye holds a
   dead stone in atari, read with that stone taken in place, seki with it;
   `_revive_in_own_area`: strings called dead in a region only their own colour borders,
   once the dead stones are off, alive (dead stones stand in the opponent's area);
   `_open_lives_by_one_move`: strings called dead that one move of their owner makes
   pass-alive depend on who moves first, unclear (`first_move.lives_by_one_move`);
   `_open_joins_by_one_move`: so do those that one move of their owner joins to a living
   string of their colour (an unfinished boundary);
   `_settle_connections_in_atari`: strings left in atari at their own connection point (a
   lone stone in an open ko, or a capture that is no ko): when only one colour has such
   strings, the position is judged again with their connections played, and that judgement
   is taken for every string not proven; when both colours have, lone stones in open kos,
   as many of each colour, stand alive in miai (见合: the count is the same whoever moves
   first), and otherwise each depends on who moves first (`ko_stones`);
   `_mark_seki`: seki judged again without the dead stones; then the point owners (`owners`).

What none of them decides is *unclear*: said, not guessed.  Everything is deterministic for a
given board and seed: the only randomness is ``random.Random(seed)`` and no decision depends
on hash order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from ..core.board import BLACK, EMPTY, WHITE, Board, IllegalMove, opponent
from ..core.playout_board import PlayoutBoard
from .benson import pass_alive
from .consistency import make_consistent
from .decision import bent_four_in_corner, decide_by_playouts
from .enclosed import enclosure, read_kos, read_sides, wall_holds
from .first_move import FirstMove, first_move_outcomes, lives_by_one_move
from .held import kill_bare_holders, read_held_races, revive_holders
from .ko_stones import connection_strings_in_atari, kos_in_miai, margins_by_method
from .links import revive_connected, revive_joined, revive_two_eyed
from .openness import free_strings
from .owners import point_owners
from .ownership import OwnershipPlayouts
from .regions import border_colours, empty_regions, find_strings
from .report import ALIVE, DEAD, OWNER_COLOUR, SEKI, UNCLEAR, StatusReport
from .seki import SekiInfo, seki_in


class _Judging:
    """A judgement under way: the position's strings and what the passes marked so far.

    head, stones, libs -- the position's strings (`find_strings`)
    string_status -- head -> ALIVE | DEAD | SEKI for the strings decided
    certain -- heads whose verdict is proven (Benson, the exact readings): nothing overrules
        them
    fixed_owner -- points whose owner Benson settled -> colour
    work -- the colours without the stones Benson found dead
    ownership -- point -> +1 Black ... -1 White, where playouts judged it
    playouts -- the decision's playouts, once they ran (the first-move stage plays on)
    first_move -- unclear strings (stone points) whose fate depends on who moves first
    miai -- lone stones in open kos left standing in miai (`kos_in_miai`), with what
        each side achieves moving first
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.points = board.points
        self.nbrs = board.neighbours
        self.col = list(board.colour)
        self.head, self.stones, self.libs = find_strings(self.col, self.points, self.nbrs)
        self.string_status: dict[int, str] = {}
        self.certain: set[int] = set()
        self.fixed_owner: dict[int, int] = {}
        self.work = self.col[:]
        self.ownership: dict[int, float] = {}
        self.playouts: list[OwnershipPlayouts] = []
        self.first_move: dict[tuple[int, ...], FirstMove] = {}
        self.miai: dict[tuple[int, ...], FirstMove] = {}

    def put_back(self, final: list[int], heads: Iterable[int]) -> list[int]:
        """A copy of `final` with the stones of the strings `heads` on it."""
        trial = final[:]
        for h in heads:
            for p in self.stones[h]:
                trial[p] = self.col[p]
        return trial

    def dead_removed(self) -> list[int]:
        """The colours with every string marked dead taken off."""
        final = self.col[:]
        for h, st in self.string_status.items():
            if st == DEAD:
                for p in self.stones[h]:
                    final[p] = EMPTY
        return final


def judge(board: Board, *, seed: int = 0, playouts: int | None = None,
          multi_stone_suicide: bool = False) -> StatusReport:
    """Judge a finished position: statuses, point owners, unclear strings and ownership.

    seed -- the only source of randomness (``random.Random(seed)``): same board and seed,
        same report, in every process
    playouts -- playouts of the main round (the first round runs half as many); None
        chooses by board size (96; 64 above 100 points)
    multi_stone_suicide -- whether the rules allow it (Benson's vital regions change)
    The board is not modified.
    """
    return _judge(board, seed, playouts, multi_stone_suicide, connect=True)


def _judge(board: Board, seed: int, playouts: int | None, multi_stone_suicide: bool,
           connect: bool) -> StatusReport:
    """`judge`; `connect` -- whether the strings left in atari at their own connection
    point may be judged again with their connections played (once: not in that judgement)."""
    j = _Judging(board)
    _mark_pass_alive(j, multi_stone_suicide)
    seki = seki_in(board, j.work)
    _mark_by_playouts(j, seki, random.Random(seed), playouts)
    _mark_bent_four_dead(j)
    revive_holders(j.board, j.col, j.head, j.stones, j.string_status, j.certain)
    revive_joined(j.board, j.col, j.head, j.stones, j.string_status, j.certain)
    revive_two_eyed(j.board, j.col, j.head, j.stones, j.string_status, j.certain)
    make_consistent(j.col, j.points, j.nbrs, j.head, j.stones, j.string_status, j.certain)
    _mark_taken_in_atari(j)
    _mark_enclosed_by_reading(j)
    _explain_by_first_move(j)
    if revive_connected(j.board, j.col, j.dead_removed(), j.head, j.stones, j.string_status,
                        j.certain, {j.head[k[0]] for k in j.first_move}):
        _relink(j)
    _mark_free_alive(j)
    kill_bare_holders(j.board, j.col, j.dead_removed(), j.head, j.stones, j.string_status,
                      j.certain, j.ownership)
    j.first_move.update(read_held_races(j.board, j.col, j.dead_removed(), j.head, j.stones,
                                        j.string_status, j.certain))
    final = _revive_race_seki(j, seki)
    final = _revive_seki_around_taken(j, final)
    final = _revive_in_own_area(j, final)
    final = _open_lives_by_one_move(j, final, multi_stone_suicide)
    final = _open_joins_by_one_move(j, final)
    final = _settle_connections_in_atari(
        j, final, (lambda b: _judge(b, seed, playouts, multi_stone_suicide, connect=False))
        if connect else None)
    seki_final = _mark_seki(j, final)
    return _report(j, final, seki_final)


def _mark_pass_alive(j: _Judging, multi_stone_suicide: bool) -> None:
    """Benson for both colours: the pass-alive strings alive, their territory owned, the
    stones inside it dead; all certain."""
    for colour in (BLACK, WHITE):
        alive, territory, dead = pass_alive(j.col, j.points, j.nbrs, colour,
                                            multi_stone_suicide)
        for p in alive:
            j.string_status[j.head[p]] = ALIVE
            j.fixed_owner[p] = colour
        for p in territory:
            j.fixed_owner[p] = colour
        for p in dead:
            j.string_status[j.head[p]] = DEAD
    j.certain = set(j.string_status)
    for h, st in j.string_status.items():
        if st == DEAD:
            for p in j.stones[h]:
                j.work[p] = EMPTY


def _mark_free_alive(j: _Judging) -> None:
    """The strings still free (`openness`: they could still live or escape) are never dead:
    those the passes called dead, or left undecided with no first move to explain, are alive
    (the position as it stands); those whose fate depends on who moves first stay unclear,
    with both outcomes.  In an open position nothing is dead."""
    explained = {j.head[k[0]] for k in j.first_move}
    for p in sorted(free_strings(j.col, j.points, j.nbrs)):
        h = j.head[p]
        if h in j.certain or h in explained:
            continue
        if j.string_status.get(h, DEAD) == DEAD:
            j.string_status[h] = ALIVE


def _mark_by_playouts(j: _Judging, seki: SekiInfo, rng: random.Random,
                      playouts: int | None) -> None:
    """The strings still undecided, by the share of playouts that owned them; the seki
    points are kept from self-ataris."""
    undecided = [h for h in j.stones if h not in j.string_status]
    if not undecided:
        return
    protected = set(seki.shared) | set(seki.one_sided) | set(seki.own_liberties)
    protected |= set(seki.eyes)
    j.ownership = decide_by_playouts(j.board, j.col, j.work, j.stones, undecided,
                                     j.fixed_owner, protected, rng, playouts, j.string_status,
                                     keep=j.playouts)


def _mark_taken_in_atari(j: _Judging) -> None:
    """Strings called alive (not certain) in atari whose one liberty is a suicide for them
    and touches a stone of the opponent, every opponent string beside them called alive
    with two liberties or more: dead.  The opponent takes them when it likes, with no ko
    (its stone there joins its own), and their owner can neither extend nor take a stone
    around them; the playouts kept such a stone in the eye of a group they lost, and the
    group has been found alive since (joined to a living one)."""
    for h in sorted(j.stones):
        if j.string_status.get(h) != ALIVE or h in j.certain or len(j.libs[h]) != 1:
            continue
        x = next(iter(j.libs[h]))
        c = j.col[h]
        beside = {j.head[q] for p in j.stones[h] for q in j.nbrs[p] if j.col[q] == 3 - c}
        around = [q for q in j.nbrs[x] if j.col[q] != EMPTY]
        if (len(around) == len(j.nbrs[x])  # no empty point beside x: no room to extend
                and all(j.col[q] == 3 - c or j.head[q] == h for q in around)
                and any(j.col[q] == 3 - c for q in around)
                and all(j.string_status.get(g) == ALIVE and len(j.libs[g]) >= 2
                        for g in beside | {j.head[q] for q in around if j.col[q] == 3 - c})):
            j.string_status[h] = DEAD


def _mark_enclosed_by_reading(j: _Judging) -> None:
    """The strings shut in a small enclosure by a living wall, or with an inner group in a race's
    enclosure (`_enclosure_and_wall`), read out exactly (`enclosed`), the largest of each
    enclosure first: one the attacker cannot take moving first is alive, and the opponent
    strings held inside it are read the same way (`_read_in_enclosure`); one taken even with its
    owner moving first is dead, and the opponent stones held inside it then live (unless proven
    otherwise), and its colour's other strings there are read the same way; these verdicts are
    certain, and the consistency pass carries them to the strings they share an eye space with.
    One whose fate depends on who moves first keeps the verdict the playouts gave it.  A string
    the playouts left undecided whose reading turns on a ko is read again with kos (`read_kos`),
    and so is one they call alive that the attacker moving first takes without a ko (`_read`).
    When the largest string's reading cannot finish (a ko, or the budget) and no wall string is
    short (a short wall proves no life), the enclosure's next largest string is read, and only
    life is taken from it: a smaller string lost may be a sacrifice."""
    board = PlayoutBoard(j.board, j.col)
    settled = j.dead_removed()
    changed = False
    asked: set[int] = set()  # stones of enclosures answered already: one answer each
    unanswered: set[int] = set()  # stones of enclosures whose largest string read no verdict
    for h in sorted(j.stones, key=lambda h: (-len(j.stones[h]), h)):  # largest first
        if h in j.certain or h in asked:
            continue
        inside, walls = _enclosure_and_wall(j, board, h, settled)
        if inside is None:
            continue
        own = [x for x in inside if j.col[x] == j.col[h]]
        if walls is None:
            asked.update(own)  # the same wall for every string there
            continue
        read = _read(j, board, h, inside, walls)
        if read is None and not walls[0] and h not in unanswered:  # a ko or the budget
            unanswered.update(own)  # the next largest string there is asked, once
            continue
        asked.update(own)
        attacked, defended = read or (None, None)
        verdict = ALIVE if attacked is False else DEAD if attacked and defended else None
        if verdict is None or h in unanswered and verdict == DEAD:
            continue  # a smaller string lost may be a sacrifice: says nothing of the rest
        changed |= j.string_status.get(h) != verdict
        j.string_status[h] = verdict
        j.certain.add(h)
        if verdict == DEAD:
            for x in inside:  # the opponent strings held inside live, unless proven
                if j.col[x] != 3 - j.col[h]:
                    continue
                g = j.head[x]
                if g not in j.certain and j.string_status.get(g) != ALIVE:
                    j.string_status[g] = ALIVE
                    changed = True
            changed |= _read_in_enclosure(j, board, inside, walls, j.col[h], DEAD)
        else:
            changed |= _read_in_enclosure(j, board, inside, walls, 3 - j.col[h], ALIVE, h)
    if changed:
        _relink(j)


def _enclosure_and_wall(j: _Judging, board: PlayoutBoard, h: int, settled: list[int]
                        ) -> tuple[list[int] | None, tuple[list[int], list[int]] | None]:
    """The enclosure of the string at h and its `wall_holds`; when it has none, or its wall
    does not hold, the enclosure of a race (`enclosure` with `race`: a ring's inner group
    held inside, not counted as its wall) and its wall, if that is another one."""
    def standing(w: int) -> bool:
        return j.string_status.get(w) == ALIVE

    inside = enclosure(board, h)
    walls = None if inside is None else wall_holds(board, inside, standing, settled)
    if walls is None:
        wide = enclosure(board, h, race=True)
        if wide is not None and wide != inside:
            return wide, wall_holds(board, wide, standing, settled)
    return inside, walls


def _read_in_enclosure(j: _Judging, board: PlayoutBoard, inside: list[int],
                       walls: tuple[list[int], list[int]], colour: int, verdict: str,
                       holder: int | None = None) -> bool:
    """The strings of `colour` in the enclosure `inside` (not certain, not yet `verdict`),
    each read out there within the wall `walls` (`wall_holds`, found once: the verdicts
    given here are of strings inside, so the wall holds for them all), with `holder`
    standing when given: `verdict`, and certain, where the reading proves it: DEAD when
    taken even with the owner first, ALIVE when not taken even with the attacker first
    (with kos for a string the playouts left undecided, without a holder: `_read`).

    After the enclosure's largest string is dead, its colour's other strings are read so: one
    joined to it only across a point the opponent borders (a stone a jump away) shares no own
    region with it, so the consistency pass cannot carry its verdict there.  After it lives,
    the opponent's strings held inside it are, with it as their holder: those it cannot take
    are in seki (双活: a group whose only liberties are around the opponent's stones in its
    eye space, that neither side can approach)."""
    proof = (True, True) if verdict == DEAD else (False, False)
    changed = False
    for g in sorted({j.head[x] for x in inside if j.col[x] == colour}):
        if g in j.certain or j.string_status.get(g) == verdict:
            continue
        if _read(j, board, g, inside, walls, holder) == proof:
            j.string_status[g] = verdict
            j.certain.add(g)
            changed = True
    return changed


def _read(j: _Judging, board: PlayoutBoard, g: int, inside: list[int],
          walls: tuple[list[int], list[int]], holder: int | None = None
          ) -> tuple[bool, bool] | None:
    """`read_sides` for the string at g; when that turns on a ko (or the budget), with no
    holder and no short wall, `read_kos`: a reading with kos proves less, so it settles what
    the playouts left open, and overrules their "alive" only for a string the attacker
    moving first takes outright (no ko in that reading) and that its owner moving first
    saves only by retaking every ko: a group that lives only by winning a ko is dead."""
    attacked, defended = read_sides(board, g, inside, walls, holder)
    if attacked is not None and defended is not None:
        return attacked, defended
    if holder is not None or walls[0]:
        return None
    status = j.string_status.get(g)
    if status is None:
        return read_kos(board, g, inside)
    if status == ALIVE and attacked and read_kos(board, g, inside) == (True, True):
        return True, True
    return None


def _relink(j: _Judging) -> None:
    """After a later stage's verdicts: the links and one verdict per block again, for the
    strings the new verdicts touch; a string decided so leaves the who-moves-first list."""
    revive_joined(j.board, j.col, j.head, j.stones, j.string_status, j.certain)
    make_consistent(j.col, j.points, j.nbrs, j.head, j.stones, j.string_status, j.certain)
    j.first_move = {k: f for k, f in j.first_move.items()
                    if j.head[k[0]] not in j.string_status}


def _explain_by_first_move(j: _Judging) -> None:
    """Of the strings still undecided: those no first mover is shown to change, decided
    (`FirstMove.unchallenged`: what none changes, and what one side's first move decides
    and the other's leaves unclear); then those whose fate depends on who moves first
    (`first_move`), with each side's outcome, which stay unclear: a lone stone left in
    atari in an open ko (劫) is one.  Outcomes that contradict each other
    (`FirstMove.coherent`) are noise, and count as neither.  Strings the playouts decided
    are not asked again: a narrow decision is also what a group with a weakness that is not
    a real one gets, and asking costs playouts on almost every board."""
    undecided = [h for h in sorted(j.stones) if h not in j.string_status]
    if not undecided or not j.playouts:
        return
    found = first_move_outcomes(j.playouts[-1], [j.stones[h] for h in undecided],
                                played=PlayoutBoard(j.board, j.col))
    settled = False
    for key, first in found.items():
        h = j.head[key[0]]
        status = first.unchallenged(j.col[h])
        if status is not None:  # no first move is shown to change it
            j.string_status[h] = status
            settled = True
        elif first.depends() and first.coherent(j.col[h]):
            j.first_move[tuple(j.stones[h])] = first
    if settled:
        _relink(j)


def _mark_bent_four_dead(j: _Judging) -> None:
    """Bent four in the corner (盘角曲四) is dead, unless Benson said otherwise.  Read on the
    position without the stones called dead: the attacker's dead stones fill no liberty."""
    for h in bent_four_in_corner(j.board, j.dead_removed(), j.points, j.nbrs):
        if h not in j.certain:
            j.string_status[h] = DEAD


def _revive_race_seki(j: _Judging, seki: SekiInfo) -> list[int]:
    """The position without the dead stones, after the strings of a capturing race that
    neither side wins (无眼双活, or with eyes: 有眼双活; `seki.race_seki`) are made
    alive: random playouts fill such shared liberties as readily as any other point and so
    take one side or leave both undecided.  A race found before the playouts counts only if
    it is still one with the other dead stones off the board (a string short of liberties
    only because dead stones surround it is in no race)."""
    final = j.dead_removed()
    heads = {h for h in _heads(j, seki.races)
             if j.string_status.get(h) != ALIVE and h not in j.certain}
    if not heads:
        return final
    revived = _heads(j, seki_in(j.board, j.put_back(final, heads)).races) & heads
    for h in sorted(revived):
        j.string_status[h] = ALIVE
    return j.dead_removed() if revived else final


def _takings(j: _Judging) -> list[tuple[int, int, int]]:
    """The dead strings in atari on the board: (head, last liberty, the colour that takes)."""
    board = PlayoutBoard(j.board, j.col)
    takings = []
    for h, st in sorted(j.string_status.items()):
        libs = board.libs[h]
        if st == DEAD and libs is not None and len(libs) == 1:
            takings.append((h, min(libs), opponent(j.col[h])))
    return takings


def _taken_in_place(j: _Judging, final: list[int],
                    takings: list[tuple[int, int, int]]) -> list[int]:
    """`final` with each of the `takings` whose string is off it taken by a stone of the
    taker on its last liberty, where that point is empty and the stone joins a string of the
    taker: an eye with a dead stone in it (眼中有子) is as large as it is once the stone is
    taken, not as large as the points the dead stone and its liberty cover."""
    taken = list(final)
    for h, last, taker in takings:
        if (final[h] == EMPTY and taken[last] == EMPTY
                and any(taken[q] == taker for q in j.nbrs[last])):
            taken[last] = taker
    return taken


def _heads(j: _Judging, strings: list[tuple[int, ...]]) -> set[int]:
    """The heads of the board's strings among `strings`' stones (a stone that took is on no
    string of the board)."""
    return {j.head[p] for ss in strings for p in ss if j.col[p] != EMPTY}


def _revive_seki_around_taken(j: _Judging, final: list[int]) -> list[int]:
    """`final` after the dead strings (not certainly) that are seki (双活) with living
    opponent strings once put back with the other dead strings taken in place
    (`_taken_in_place`) read seki, with those partners: the dead stone in the opponent's
    eye is why the opponent cannot fill their shared liberty, but without it the eye looks
    one point larger than it is, and the seki one side's to win.  Only a seki of one eye
    each that a taking makes counts: the strings put back have an eye, and a partner that
    took shares a liberty with them.  Dead stones put back are no evidence otherwise: a
    dead group inside a large territory can look locked, and a taking can cost the taker a
    liberty it need not give."""
    takings = _takings(j)
    if not takings:
        return final
    _, region_of = empty_regions(final, j.points, j.nbrs)
    groups: dict[tuple[int, int], list[int]] = {}
    for h, st in sorted(j.string_status.items()):
        if st == DEAD and h not in j.certain:
            groups.setdefault((region_of[h], j.col[h]), []).append(h)
    revived: list[int] = []
    partners: set[int] = set()
    for (_, colour), heads in groups.items():
        trial = j.put_back(final, heads)
        taken = _taken_in_place(j, trial, takings)
        if taken == trial:
            continue
        seki = seki_in(j.board, taken)
        found = _heads(j, seki.strings)
        if not any(seki.eyes.get(q) == colour for h in found.intersection(heads)
                   for p in j.stones[h] for q in j.nbrs[p]):
            continue  # no eye of its own: no seki of one eye each
        found -= _heads(j, seki_in(j.board, trial).strings)
        position = PlayoutBoard(j.board, taken)
        takers = [position.head[h] for h in found
                  if j.col[h] != colour and j.string_status.get(h) in (ALIVE, SEKI)
                  and any(taken[p] != trial[p]
                          for p in position.stones[position.head[h]])]  # type: ignore[union-attr]  # at a head
        for h in sorted(found.intersection(heads)):
            libs: set[int] = position.libs[position.head[h]]  # type: ignore[assignment]
            sharing = [t for t in takers
                       if libs & position.libs[t]]  # type: ignore[operator]  # at a head
            if sharing:
                revived.append(h)
                partners.update(j.head[p] for t in sharing
                                for p in position.stones[t]  # type: ignore[union-attr]  # at a head
                                if j.col[p] != EMPTY)  # not the stone that took
    for h in revived:
        j.string_status[h] = SEKI
    for h in partners - j.certain:
        if j.string_status.get(h) == ALIVE:
            j.string_status[h] = SEKI
    return j.dead_removed() if revived else final


def _revive_in_own_area(j: _Judging, final: list[int]) -> list[int]:
    """`final` after the strings called dead (not certainly) that lie, with the dead stones
    off the board, in an empty region only their own colour borders are made alive: dead
    stones stand in the opponent's area, and no living opponent stone reaches these (a
    stone left inside the eye space of an opponent group that is itself dead, say)."""
    regions, region_of = empty_regions(final, j.points, j.nbrs)
    revived = [h for h, st in sorted(j.string_status.items())
               if st == DEAD and h not in j.certain
               and border_colours(final, j.nbrs, regions[region_of[h]]) == j.col[h]]
    for h in revived:
        j.string_status[h] = ALIVE
    return j.dead_removed() if revived else final


def _open_lives_by_one_move(j: _Judging, final: list[int], multi_stone_suicide: bool
                            ) -> list[int]:
    """`final` after the strings called dead (not certainly) that one move of their owner
    makes pass-alive (`lives_by_one_move`) are left unclear: their fate depends on who moves
    first, the owner living by that move.  The opponent moving first kills them, as the
    playouts found, at the same point (the vital point) where it may play there; when the
    owner can still live by one move after that, the opponent's outcome is unclear too.  A
    finished game leaves no such point open; a record stopped short of its end does.  Strings
    pass-alive already (once the opponent's dead stones are off) are not this pass's to
    open, and a bent four in the corner stays dead: the rules call it so
    (`_mark_bent_four_dead`)."""
    opened = False
    for colour in (BLACK, WHITE):
        dead = {h: j.stones[h] for h, st in sorted(j.string_status.items())
                if st == DEAD and h not in j.certain and j.col[h] == colour}
        if not dead:
            continue
        trial = j.put_back(j.dead_removed() if opened else final, dead)
        found = lives_by_one_move(j.board, trial, colour, dead, multi_stone_suicide)
        if not found:
            continue  # the common case: nothing below is computed
        standing = pass_alive(trial, j.points, j.nbrs, colour, multi_stone_suicide)[0]
        for h in [h for h in found if h in standing] + bent_four_in_corner(
                j.board, trial, j.points, j.nbrs):
            found.pop(h, None)
        played = PlayoutBoard(j.board, trial)
        for h, move in found.items():
            del j.string_status[h]
            opened = True
            owner_first, other_first = ALIVE, DEAD
            kill = move if played.is_legal(move, opponent(colour)) else -1
            if kill >= 0:
                after = played.copy()
                after.play(kill, opponent(colour))
                if after.colour[h] == colour and lives_by_one_move(
                        j.board, after.colour, colour, {h: j.stones[h]}, multi_stone_suicide):
                    other_first = UNCLEAR
            j.first_move[tuple(j.stones[h])] = FirstMove.of_owner(
                colour, owner_first, move, other_first, kill)
    return j.dead_removed() if opened else final


def _open_joins_by_one_move(j: _Judging, final: list[int]) -> list[int]:
    """`final` after the strings called dead (not certainly) that one move of their owner
    joins to a living string of their colour are left unclear: a liberty of theirs touches
    that string, and playing there leaves the joined string two liberties or more.  The owner
    moving first joins them there; the opponent moving first cuts there, and they die, as the
    playouts found.  A finished game leaves no such point open (the opponent seals it); a
    record stopped short of its end does, at an unfinished boundary.  Strings in atari are
    not this pass's: taken or joined at their one liberty, they are settled as such
    (`_settle_connections_in_atari`)."""
    col, nbrs, head = j.col, j.nbrs, j.head
    living = {h for h, st in j.string_status.items() if st == ALIVE}
    board: PlayoutBoard | None = None  # built for the first string with such a liberty
    opened = False
    for h in sorted(h for h, st in j.string_status.items() if st == DEAD and h not in j.certain):
        c = col[h]
        if len(j.libs[h]) < 2:
            continue
        beside = [x for x in sorted(j.libs[h])
                  if any(col[q] == c and head[q] != h and head[q] in living for q in nbrs[x])]
        if not beside:
            continue
        board = board or PlayoutBoard(j.board, j.col)
        join = next((x for x in beside
                     if board.is_legal(x, c) and board.liberties_after(x, c) >= 2), None)
        if join is None:
            continue
        del j.string_status[h]
        opened = True
        cut = join if board.is_legal(join, opponent(c)) else -1
        j.first_move[tuple(j.stones[h])] = FirstMove.of_owner(c, ALIVE, join, DEAD, cut)
    return j.dead_removed() if opened else final


def _settle_connections_in_atari(j: _Judging, final: list[int],
                                 judge_connected: Callable[[Board], StatusReport] | None
                                 ) -> list[int]:
    """`final` after the strings in atari at their own connection point (`ko_stones`: the
    lone stones of an open ko and the strings whose capture is no ko) are settled as the
    games measured count them.  When only one colour has such strings, its owner connects
    them: the position is judged again with those connections played (`judge_connected`),
    and that judgement's verdicts, and its ownership, are taken for every string not proven
    (an opponent group that lived by taking them may die once they are joined, and the
    strings of one group keep one verdict); without `judge_connected`, or when the
    connections take stones or one is illegal (`_connected`), they stand.  When both
    colours have, each depends on who moves first (the first to move connects its own or
    takes the other's), unclear, unless they are lone stones in open kos in miai
    (`kos_in_miai`): those stand alive, listed in `miai`.  Proven verdicts stay."""
    living = {h for h, st in j.string_status.items() if st in (ALIVE, SEKI)}
    kinds = {h: kind for h, kind in connection_strings_in_atari(
        j.col, j.nbrs, j.head, j.stones, j.libs, living).items() if h not in j.certain}
    found = {h: c for h, (c, _ko) in kinds.items()}
    if not found:
        return final
    point = {h: next(iter(j.libs[h])) for h in found}  # each string's one liberty
    if len(set(found.values())) == 2:
        seki = {j.head[ss[0]] for ss in seki_in(j.board, final).strings}
        in_miai = (judge_connected is not None
                   and kos_in_miai(j.nbrs, j.head, j.stones, j.libs, kinds, seki)
                   and _kos_stand_played_out(j, found, point, judge_connected))
        for h, c in found.items():
            fate = FirstMove.of_owner(c, ALIVE, point[h], DEAD, point[h])
            if in_miai:
                j.string_status[h] = ALIVE
                j.miai[tuple(j.stones[h])] = fate
                continue
            j.string_status.pop(h, None)
            j.first_move[tuple(j.stones[h])] = fate
        return j.dead_removed()
    connected = None if judge_connected is None else _connected(
        j.board, sorted(set(point.values())), next(iter(found.values())))
    if judge_connected is None or connected is None:
        for h in found:
            j.string_status[h] = ALIVE
        return j.dead_removed()
    again = judge_connected(connected)
    unclear_at = {p: u for u in again.unclear for p in u}
    for h in sorted(j.stones):  # every string: the position judged is the connected one
        if h in j.certain:
            continue
        p = j.stones[h][0]
        j.first_move.pop(tuple(j.stones[h]), None)
        if p in unclear_at:
            j.string_status.pop(h, None)
            fm = again.first_move.get(unclear_at[p])
            if fm is not None:
                j.first_move[tuple(j.stones[h])] = fm
        else:
            j.string_status[h] = again.status[p]
    j.ownership = dict(again.ownership)
    return j.dead_removed()


def _kos_stand_played_out(j: _Judging, kos: dict[int, int], point: dict[int, int],
                          judge_played: Callable[[Board], StatusReport]) -> bool:
    """Whether the kos `kos` (head -> colour; `point`: each one's liberty) change nothing
    played out either way, every owner connecting its own or every taker taking and
    filling: the position judged again gives each other stone the status it has now (seki
    counting as alive, unclear only as unclear; a capture that shortens a race shows here,
    a seki turned into a kill does not: `kos_in_miai` keeps kos beside a seki out), and
    the margin under every counting method but stone scoring (`margins_by_method`, each
    position with its own dead stones and seki) is the one standing (the methods that
    charge per block see a ko point that is the only link between two blocks)."""
    ours = {p: j.string_status.get(h, UNCLEAR) for h, ss in j.stones.items() if h not in kos
            for p in ss}
    standing = margins_by_method(j.board, {p: s for p, s in ours.items() if s in (DEAD, SEKI)},
                                 0)
    connect = [(point[h], c) for h, c in kos.items()]
    take_and_fill = ([(point[h], opponent(c)) for h, c in kos.items()]
                     + [(j.stones[h][0], opponent(c)) for h, c in kos.items()])
    # captured: the stones each side has taken once the moves are played
    for moves, captured in ((connect, 0), (take_and_fill, len(kos) // 2)):
        board = _played(j.board, moves, takes=True)
        if board is None:
            return False
        played = judge_played(board)
        unclear = {p for u in played.unclear for p in u}
        for p, status in ours.items():
            theirs = UNCLEAR if p in unclear else played.status.get(p, DEAD)
            if {status, theirs} - {ALIVE, SEKI} and status != theirs:
                return False
        not_alive = {p: s for p, s in played.status.items()
                     if s in (DEAD, SEKI) and p not in unclear}
        if margins_by_method(board, not_alive, captured) != standing:
            return False
    return True


def _connected(board: Board, points: list[int], colour: int) -> Board | None:
    """A copy of `board` with `colour` played at `points`, in order (the connections of
    strings in atari); None when one of them is illegal or takes stones (two such strings in
    atari around one opponent string: they are not independent, and the position after them
    is no longer the one being judged)."""
    return _played(board, [(x, colour) for x in points], takes=False)


def _played(board: Board, moves: list[tuple[int, int]], *, takes: bool) -> Board | None:
    """A copy of `board` with `moves` ((point, colour), in order) played; None when one of
    them is illegal, or, unless `takes`, takes stones."""
    played = board.copy()
    try:
        for x, colour in moves:
            taken, _ = played.play(x, colour)
            if taken and not takes:
                return None
    except IllegalMove:
        return None
    return played


def _mark_seki(j: _Judging, final: list[int]) -> SekiInfo:
    """Seki judged again on the position without the dead stones: its living strings read
    'seki'."""
    seki = seki_in(j.board, final)
    for ss in seki.strings:
        if j.string_status.get(j.head[ss[0]]) == ALIVE:
            j.string_status[j.head[ss[0]]] = SEKI
    return seki


def _report(j: _Judging, final: list[int], seki: SekiInfo) -> StatusReport:
    """The report: unclear strings stay on the board (their points read 'alive'), with what
    each side achieves moving first for those still unclear at the end; points no playout
    judged get the owner the passes found."""
    unclear = sorted(tuple(j.stones[h]) for h in j.stones if h not in j.string_status)
    status: dict[int, str] = {}
    for h, ss in j.stones.items():
        st = j.string_status.get(h, ALIVE)
        for p in ss:
            status[p] = st
    owner = point_owners(final, j.points, j.nbrs, seki)
    ownership = j.ownership
    for p, c in j.fixed_owner.items():
        ownership[p] = 1.0 if c == BLACK else -1.0
    for p in j.points:
        if p not in ownership:  # decided without playouts: the judged owner
            c = final[p] if final[p] != EMPTY else OWNER_COLOUR[owner[p]]
            ownership[p] = 1.0 if c == BLACK else -1.0 if c == WHITE else 0.0
    return StatusReport(status=status, owner=owner, unclear=unclear,
                        ownership={p: ownership[p] for p in j.points},
                        first_move={k: f for k, f in j.first_move.items()
                                    if j.head[k[0]] not in j.string_status},
                        miai={k: j.miai[k] for k in sorted(j.miai)
                              if j.string_status.get(j.head[k[0]]) == ALIVE})

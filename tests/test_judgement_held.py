"""A string holding an opponent string shut inside its liberties (眼中有子): it cannot be
taken while that string stands, and lives when the capture the opponent can force leaves two
eyes (`judgement/held.py`).

Diagrams: rows top first, X black, O white, '.' empty; row 1 is the bottom row.
"""

from __future__ import annotations

import pytest
from support.board_diagram import board_from_diagram, string_heads
from support.stand_ins import playouts_calling_dead, playouts_deciding

from gtp_weiqi.core.board import BLACK, Board
from gtp_weiqi.core.coords import parse_vertex
from gtp_weiqi.judgement import DEAD, judge, pipeline
from gtp_weiqi.judgement.held import forced_capture_eyes, kill_bare_holders, revive_holders


def at(board: Board, vertex: str) -> int:
    return board.point(*parse_vertex(vertex, board.width, board.height))


def points(board: Board, vertices: str) -> list[int]:
    return sorted(at(board, v) for v in vertices.split())


# White's living rows above the fights of several diagrams below
WHITE_ABOVE = """
    .O.O.O.O.
    OOOOOOOOO
    .O.O.O.O.
    OOOOOOOOO
"""

# Black's corner group has no eye; White's A2 B2 B3 have two liberties, A1 and C3, both
# Black's too.  White can fill Black's other liberties (A5 to D5, E2 to E4, D1), not A1 or
# C3: the first of them leaves both sides one liberty with Black to move, and Black takes.
# Forced to take, Black's stones on A1 and C3 leave a zigzag four (A2 B2 B3 C3, or A1 A2 B2
# B3): two eyes.  So Black lives (seki until then), as in a scored game of 2003 where both
# players and KataGo kept such a group alive.  The playouts take at once, into a bent three
# whose vital point White plays, and call it dead; its room is too big for the exact reading
# of small enclosures.
HOLDING_THREE = WHITE_ABOVE + """
    .....O.O.
    XXXX.OOOO
    XO.X.O.O.
    OOXX.OOOO
    .XX..O.O.
"""
BLACK_GROUP = "A4 B4 C4 D4 A3 D3 C2 D2 B1 C1"

# The same with White's stone on C3: its string A2 B2 B3 C3 has one liberty, A1, and the
# rule needs two (with one, Black must take at once or be taken: whoever moves first).
HOLDING_IN_ATARI = HOLDING_THREE.replace("XO.X.O.O.", "XOOX.O.O.")

# One White stone on A2 with two liberties, A1 and A3: forced to take it, Black keeps two
# points on the edge, one eye.
HOLDING_ONE = HOLDING_THREE.replace("XO.X.O.O.", ".XXX.O.O.").replace(
    "OOXX.OOOO", "OXXX.OOOO")

# Without D3 Black's wall is two strings and White's string touches both: neither holds it.
NOT_SHUT_IN = HOLDING_THREE.replace("XO.X.O.O.", "XO...O.O.")


# Black's edge group A5-C5-C1-A1 holds White's B2 B3 B4 with its companion A3, a lone stone
# whose liberties are White's two, A2 and A4.  Forced to take on either, Black joins A3 and
# keeps a bent four off the corner (A2 B2 B3 B4, or B2 B3 B4 A4): two eyes.  A scored game of
# 2018 had this shape with White holding; its lone stone kept the rule from reading it.
HOLDING_WITH_A_COMPANION = WHITE_ABOVE + """
    XXX..O.O.
    .OX..OOOO
    XOX..O.O.
    .OX..OOOO
    XXX..O.O.
"""

# a stand-in for the playouts calling every Black string dead and every White one alive
BLACK_DEAD = playouts_deciding(lambda colour, _stones: DEAD if colour == BLACK else "alive")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_group_holding_stones_it_takes_into_two_eyes_is_alive(monkeypatch, seed) -> None:
    board = board_from_diagram(HOLDING_THREE)
    monkeypatch.setattr(pipeline, "decide_by_playouts", BLACK_DEAD)
    report = judge(board, seed=seed)
    group = points(board, BLACK_GROUP)
    held = points(board, "A2 B2 B3")
    assert {report.status[p] for p in group} <= {"alive", "seki"}
    assert {report.status[p] for p in held} <= {"alive", "seki"}
    assert report.unclear == []


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_whole_judgement_keeps_the_holding_group_alive(seed: int) -> None:
    board = board_from_diagram(HOLDING_THREE)
    report = judge(board, seed=seed)
    # the playouts alone call Black's group dead here, at each of these seeds
    assert not any(report.status[p] == DEAD
                   for p in points(board, BLACK_GROUP + " A2 B2 B3"))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_holder_and_its_companion_live_together(seed: int) -> None:
    board = board_from_diagram(HOLDING_WITH_A_COMPANION)
    report = judge(board, seed=seed)  # the playouts alone call both dead at these seeds
    assert [report.status[at(board, v)] for v in ("A5", "A3", "B3")] == ["alive"] * 3
    assert report.unclear == []


def test_a_companion_is_revived_with_its_holder() -> None:
    board = board_from_diagram(HOLDING_WITH_A_COMPANION)
    head, stones = string_heads(board)
    status = {h: DEAD if board.colour[h] == BLACK else "alive" for h in stones}
    found = revive_holders(board, list(board.colour), head, stones, status, set())
    assert found == sorted(head[at(board, v)] for v in ("A5", "A3"))


# a stand-in for the playouts leaving every Black string undecided, every White one alive
BLACK_UNDECIDED = playouts_deciding(lambda colour, _stones: None if colour == BLACK else "alive")


def test_a_holder_the_playouts_leave_undecided_is_read_too(monkeypatch) -> None:
    # Left undecided by the stand-in (no playouts kept, so no stage after it asks who moves
    # first), the holder ended unclear; the reading now proves it alive.  In a Tygem game
    # of 2006 the stage asking who moves first called such a holder dead: White's ring of 29
    # stones around three black stones shut inside it.
    board = board_from_diagram(HOLDING_THREE)
    monkeypatch.setattr(pipeline, "decide_by_playouts", BLACK_UNDECIDED)
    report = judge(board, seed=0)
    assert {report.status[p] for p in points(board, BLACK_GROUP)} <= {"alive", "seki"}
    assert report.unclear == []


def test_a_holder_called_alive_is_not_read() -> None:
    # The rule only overrules "dead" or no verdict: one called alive is left as it is.
    board = board_from_diagram(HOLDING_THREE)
    head, stones = string_heads(board)
    status = {h: "alive" for h in stones}
    certain: set[int] = set()
    assert revive_holders(board, list(board.colour), head, stones, status, certain) == []
    assert certain == set()


# The same with White's wall on the D line: Black's group has no liberty but White's two,
# A2 and A4, so it and its lone stone A3 are each the other's companion.
HOLDER_AND_COMPANION_ALIKE = WHITE_ABOVE + """
    XXXOOO.O.
    .OXO.OOOO
    XOXO.O.O.
    .OXO.OOOO
    XXXO.O.O.
"""


def test_a_companion_is_revived_once() -> None:
    board = board_from_diagram(HOLDER_AND_COMPANION_ALIKE)
    head, stones = string_heads(board)
    status = {h: "alive" for h in stones if board.colour[h] != BLACK}
    found = revive_holders(board, list(board.colour), head, stones, status, set())
    assert found == sorted(head[at(board, v)] for v in ("A5", "A3"))


@pytest.mark.parametrize("called", [DEAD, None], ids=["called-dead", "undecided"])
@pytest.mark.parametrize("diagram, revived", [
    (HOLDING_THREE, True), (HOLDING_IN_ATARI, False), (HOLDING_ONE, False), (NOT_SHUT_IN, False),
], ids=["holding-three", "held-string-in-atari", "capture-leaves-one-eye", "not-shut-in"])
def test_the_rule_on_its_own(diagram: str, revived: bool, called: str | None) -> None:
    # Black's strings called dead or left undecided, White's alive: only a proof revives
    # Black's D4 string.
    board = board_from_diagram(diagram)
    head, stones = string_heads(board)
    status = {h: "alive" for h in stones if board.colour[h] != BLACK}
    if called is not None:
        status.update({h: called for h in stones if board.colour[h] == BLACK})
    certain: set[int] = set()
    found = revive_holders(board, list(board.colour), head, stones, status, certain)
    d4 = head[at(board, "D4")]
    assert (d4 in found) is revived
    assert status.get(d4) == ("alive" if revived else called)
    assert (d4 in certain) is revived


@pytest.mark.parametrize("space, libs, eyes", [
    ("A2 B2 B3 C3 A1", "A1 C3", True),  # a zigzag four whichever point is taken on
    ("A1 A2 B1 B2 C1", "C1", False),  # a square four: one eye
    ("A1 A2 A3 B2", "B2", False),  # a bent three is killed on its vital point (点眼)
    ("A1 A2 A3 B1", "A3", False),  # ... and a straight three
    ("A1 B1 C1 A2 A3", "A3", False),  # a bent four in the corner (盘角曲四)
    ("A1 B1 C1 D1 E1", "C1", True),  # two separate eyes
    ("A1 B1 C1 A2 B2 C2 D1", "D1", False),  # a rectangular six in the corner (角上板六): ko
    ("B1 C1 D1 B2 C2 D2 E1", "E1", True),  # ... away from the corner: two eyes
    ("A1 B1 C1 D1 E1 F1 G1 H1", "H1", None),  # seven points: not read (corner kos)
])
def test_the_space_a_forced_capture_leaves(space: str, libs: str, eyes: bool | None) -> None:
    # `space`: the held string and its liberties `libs`, all filled but the one taken on
    board = Board(9)
    string = sorted(set(points(board, space)) - set(points(board, libs)))
    assert forced_capture_eyes(board, string, set(points(board, libs))) is eyes


# -- a holder with no other liberty ----------------------------------------------------------

# White's corner group has two liberties, A2 and C2, both those of Black's A1 B1 C1.  Black
# fills A2; White must take at C2 or be taken, and the three points it takes with A2 are a
# bent four in the corner (盘角曲四): dead.  So White's group is dead and Black's stones live,
# as in a scored game of 2003 where both players and KataGo counted it so; the judgement
# called it seki before.
BLACK_ABOVE = """
    .X.X.X.X.
    XXXXXXXXX
    .X.X.X.X.
    XXXXXXXXX
    .X.X.X.X.
    XXXXXXXXX
"""
BARE_HOLDER = BLACK_ABOVE + """
    OOOOX.X.X
    .O.OXXXXX
    XXXOX.X.X
"""

# Black's B1 C1 D1 hold White's row the same way, with liberties A1 and E1; the capture White
# is forced into leaves a straight four on either side: two eyes, so it stays seki (双活).
BARE_HOLDER_WITH_TWO_EYES = BLACK_ABOVE + """
    XXXXXXX.X
    OOOOOOXXX
    .XXX.OX.X
"""


# The same with a liberty of White's outside, E1: Black fills it first (E1 and F1 both
# touch Black's living stones, so White makes no eye there), then A2.
HOLDER_WITH_A_LIBERTY_OUTSIDE = BARE_HOLDER.replace("XXXOX.X.X", "XXXO..X.X")


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("diagram", [BARE_HOLDER, HOLDER_WITH_A_LIBERTY_OUTSIDE],
                         ids=["no-other-liberty", "a-liberty-outside"])
def test_a_holder_forced_to_take_into_a_dead_shape_is_dead(diagram: str, seed: int) -> None:
    board = board_from_diagram(diagram)
    report = judge(board, seed=seed)
    assert {report.status[p] for p in points(board, "A3 B3 C3 D3 B2 D2 D1")} == {DEAD}
    assert {report.status[p] for p in points(board, "A1 B1 C1")} == {"alive"}
    assert report.unclear == []


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_holder_forced_to_take_into_two_eyes_stays_in_seki(seed: int) -> None:
    board = board_from_diagram(BARE_HOLDER_WITH_TWO_EYES)
    report = judge(board, seed=seed)
    assert {report.status[p] for p in points(board, "A2 B2 C2 D2 E2 F2 F1 B1 C1 D1")} \
        == {"seki"}


# White's corner group holds Black's A1 B1 C1 with three shared liberties (A2, B2, C2) and
# none of its own.  Black fills A2, then B2; White takes on C2 and is left a bulky five that
# Black kills on its vital point (filling C2 instead would leave a U of five: two eyes, so
# Black does not).  Filling one itself first does not help White: Black fills B2 and White
# takes into a pyramid four, or, when White filled B2, A2 and a bent four in the corner.
# Read over the three liberties, White is dead.  (A scored game of 2018 had this kind of
# shape, with White's outside liberty in a big region of Black's that this rule does not
# read: the playouts still keep that group alive.)
HOLDING_WITH_THREE_LIBERTIES = BLACK_ABOVE + """
    OOOOX.X.X
    ...OXXXXX
    XXXOX.X.X
"""


def kill_with_all_alive(diagram: str, certain: set[int] | None = None,
                        ownership: dict[int, float] | None = None
                        ) -> tuple[Board, dict[int, int], dict[int, str], list[int]]:
    """`kill_bare_holders` on its own, every string called alive: the board, the string
    heads, the statuses after it and the heads it killed."""
    board = board_from_diagram(diagram)
    head, stones = string_heads(board)
    status = dict.fromkeys(stones, "alive")
    killed = kill_bare_holders(board, list(board.colour), list(board.colour), head, stones,
                               status, set() if certain is None else certain, ownership)
    return board, head, status, killed


def test_a_holder_whose_three_shared_liberties_all_lead_to_a_dead_shape_is_dead() -> None:
    # the rule on its own, every string called alive: only the reading kills White's group
    certain: set[int] = set()
    board, head, status, killed = kill_with_all_alive(HOLDING_WITH_THREE_LIBERTIES, certain)
    white = head[at(board, "A3")]
    assert killed == [white]
    assert status[white] == DEAD and status[head[at(board, "A1")]] == "alive"
    assert {white, head[at(board, "A1")]} <= certain


# The same with a liberty of White's outside, E2, beside Black's lone E1, whose other
# liberty F1 is all Black's: White filling E2 ataris E1, and Black joins at F1 (as Black
# filling E2 joins it to E3).  E1 has one liberty that is not White's, but joins a living
# string on each of its liberties, so White takes nothing there and is dead as before.  The
# rule once asked two liberties of every string beside White and let such a group live (a
# white group of 18 stones in a scored Tygem game of 2016, called unclear).
HOLDING_BESIDE_A_STONE_THAT_JOINS = BLACK_ABOVE + """
    OOOOX.X.X
    ...O.XXXX
    XXXOX.X.X
"""


def test_a_holder_beside_a_stone_that_joins_on_each_liberty_is_dead() -> None:
    board, head, _status, killed = kill_with_all_alive(HOLDING_BESIDE_A_STONE_THAT_JOINS)
    assert killed == [head[at(board, "A3")]]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_whole_judgement_kills_that_holder(seed: int) -> None:
    board = board_from_diagram(HOLDING_BESIDE_A_STONE_THAT_JOINS)
    report = judge(board, seed=seed)
    assert {report.status[p] for p in points(board, "A3 B3 C3 D3 D2 D1")} == {DEAD}
    assert {report.status[p] for p in points(board, "A1 B1 C1 E1")} == {"alive"}
    assert report.unclear == []


# White's corner group of BARE_HOLDER with its outside liberties, E1 and E2, in an empty
# strip two rows high along the edge: E1 to J1 touch no Black stone, so on its own the rule
# cannot tell that White makes no eye there (White's group is not dead, nor seki, when it is
# not said); the playouts can, when they give the strip to Black in nearly every playout.
# A scored game of 2002 had a holder so, its outside liberties in an empty strip along the
# edge in its opponent's area, that the players and KataGo counted dead.
HOLDER_BESIDE_AN_EMPTY_STRIP = BLACK_ABOVE + """
    OOOOXXXXX
    .O.O.....
    XXXO.....
"""


@pytest.mark.parametrize(("owned", "dies"), [(0.9, True), (0.7, False), (None, False)])
def test_a_holder_whose_outside_lies_in_the_opponents_area_by_the_playouts_is_dead(
        owned: float | None, dies: bool) -> None:
    strip = points(board_from_diagram(HOLDER_BESIDE_AN_EMPTY_STRIP),
                   "E1 F1 G1 H1 J1 E2 F2 G2 H2 J2")
    ownership = None if owned is None else dict.fromkeys(strip, owned)  # Black's: +1
    board, head, status, killed = kill_with_all_alive(HOLDER_BESIDE_AN_EMPTY_STRIP,
                                                      ownership=ownership)
    white = head[at(board, "A3")]
    assert killed == ([white] if dies else [])
    assert status[white] == (DEAD if dies else "alive")


# White's corner group of BARE_HOLDER with an outside liberty, E1, beside White's lone F1,
# whose other liberty G1 is a point of Black's: F1 can only join the group, which gains
# nothing by it (Black fills G1 and E1, or takes F1 there), so the group is dead as before
# and F1 with it.  The rule once let any other white stone beside the outside save the group:
# a white group of 21 stones in a scored Tygem game of 2006, holding three black stones in
# the corner, kept alive so beside one such white stone in Black's area, that the players and
# KataGo counted dead.
HOLDER_BESIDE_ITS_OWN_STONE = BLACK_ABOVE + """
    OOOOX.X.X
    .O.OXXXXX
    XXXO.O.XX
"""

# White's group holds Black's A1 B1 C1 with A2 and C2, and has one liberty outside, E3, in
# its own wall beside Black's E4, whose other liberty E5 is a suicide for White: Black
# connects there first and then fills E3, a move more, which costs nothing where the group
# lives only in seki.  Filling E3 at once would put E4 in atari.  Taking Black's stones
# leaves a bent four in the corner or a straight three, so the group is dead.  A white group
# of 18 stones in a scored Tygem game of 2006, holding three black stones on the top edge,
# was kept alive so, beside two black stones with their connection left open.
HOLDER_BESIDE_A_FILLER_THAT_CONNECTS_FIRST = """
    .X.X.X.X.
    XXXXXXXXX
    .X.X.X.X.
    XXXXXXXXX
    XXXX.XXXX
    OOOOXOOOO
    OOOO.OOOO
    .O.OOOOOO
    XXXOOOOOO
"""


@pytest.mark.parametrize(("diagram", "also_dead"), [
    (HOLDER_BESIDE_ITS_OWN_STONE, "F1"), (HOLDER_BESIDE_A_FILLER_THAT_CONNECTS_FIRST, "")],
    ids=["beside-its-own-stone", "beside-a-filler-that-connects-first"])
def test_a_holder_with_nothing_outside_but_points_the_opponent_fills_is_dead(
        diagram: str, also_dead: str) -> None:
    certain: set[int] = set()
    board, head, status, killed = kill_with_all_alive(diagram, certain)
    white = head[at(board, "A3")]
    assert killed == sorted({white} | {head[p] for p in points(board, also_dead)})
    assert status[head[at(board, "A1")]] == "alive"
    assert set(killed) <= certain


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("diagram", [HOLDER_BESIDE_ITS_OWN_STONE,
                                     HOLDER_BESIDE_A_FILLER_THAT_CONNECTS_FIRST],
                         ids=["beside-its-own-stone", "beside-a-filler-that-connects-first"])
def test_the_whole_judgement_kills_those_holders(diagram: str, seed: int) -> None:
    board = board_from_diagram(diagram)
    report = judge(board, seed=seed)
    white = [p for p in board.points if board.colour[p] == 2]
    assert {report.status[p] for p in white} == {DEAD}
    assert {report.status[p] for p in points(board, "A1 B1 C1")} == {"alive"}
    assert report.unclear == []


# The rule reads the points beyond White's F1 as it reads the holder's own outside: here
# J1 touches no black stone, so without the playouts' word it cannot tell that White makes
# no eye there, and does not say the group is dead.
HOLDER_BESIDE_ITS_OWN_STONE_IN_THE_OPEN = BLACK_ABOVE + """
    OOOOX.X.X
    .O.OXXXX.
    XXXO.O...
"""

# White's F1-J3 shares G1, H2 and J2 with Black's H1 J1 and has E1 besides: with E1 filled
# by Black it is seki with H1 J1; with White's E1 it joins the corner group, takes H1 J1 and
# lives.  Black's H1 J1 has no liberty but White's, so it is no string Black fills from at
# no risk, and neither White group is dead.
HOLDER_BESIDE_ITS_OWN_STRING_IN_SEKI = BLACK_ABOVE + """
    OOOOXXOOO
    .O.OXOO..
    XXXO.O.XX
"""


@pytest.mark.parametrize("diagram", [HOLDER_BESIDE_ITS_OWN_STONE_IN_THE_OPEN,
                                     HOLDER_BESIDE_ITS_OWN_STRING_IN_SEKI],
                         ids=["in-the-open", "in-seki"])
def test_a_holder_beside_its_own_string_that_may_live_is_not_read(diagram: str) -> None:
    assert kill_with_all_alive(diagram)[3] == []


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_whole_judgement_kills_no_white_group_in_that_seki(seed: int) -> None:
    board = board_from_diagram(HOLDER_BESIDE_ITS_OWN_STRING_IN_SEKI)
    report = judge(board, seed=seed)
    assert not any(report.status[p] == DEAD for p in points(board, "D1 F1"))


def test_a_holder_beside_its_own_stone_proven_alive_is_not_read() -> None:
    board = board_from_diagram(HOLDER_BESIDE_ITS_OWN_STONE)
    head, _stones = string_heads(board)
    _board, _head, status, killed = kill_with_all_alive(HOLDER_BESIDE_ITS_OWN_STONE,
                                                        {head[at(board, "F1")]})
    assert killed == []
    assert status[head[at(board, "A3")]] == "alive"


# -- a held string in a race ----------------------------------------------------------------

# Black's group holds White's five stones (two shared liberties, A1 and C1) and has one
# liberty outside, E1.  Taking them leaves a bulky five that White kills on B2, so Black
# never takes; White cannot approach either: seki whoever moves first, as in a scored game of
# 2003 that the players left so.  The playouts called White's stones dead.
HELD_RACE = WHITE_ABOVE + """
    OOOOO.O.O
    XXXXOOOOO
    XOOXO.O.O
    XOOXOOOOO
    .O.X.O.O.
"""
HELD_STONES = "B1 B2 B3 C2 C3"

# Black's row holds White's straight four C1-F1 (liberties B1 and G1) and has one liberty
# outside, J1.  Black moving first takes it (B1, then G1) and keeps a straight four: two eyes;
# White moving first fills J1, and then neither side can approach.  Who moves first decides.
HELD_RACE_FIRST_MOVER = WHITE_ABOVE + """
    .O.O.O.O.
    OOOOOOOOO
    OOOOOOOOO
    XXXXXXXXO
    X.OOOO.X.
"""


def _held_called_dead(monkeypatch, board: Board, vertices: str) -> set[int]:
    """The playouts stand-in: the held stones dead, every other string alive."""
    held = set(points(board, vertices))
    monkeypatch.setattr(pipeline, "decide_by_playouts", playouts_calling_dead(held))
    return held


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_held_string_taken_into_a_killable_shape_is_seki(monkeypatch, seed: int) -> None:
    board = board_from_diagram(HELD_RACE)
    held = _held_called_dead(monkeypatch, board, HELD_STONES)
    report = judge(board, seed=seed)
    assert report.unclear == []
    # alive: the seki comes once White fills E1, which the seki reading does not play
    assert {report.status[p] for p in held} == {"alive"}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_whole_judgement_leaves_that_held_string_alive(seed: int) -> None:
    board = board_from_diagram(HELD_RACE)
    report = judge(board, seed=seed)
    assert not any(report.status[p] == DEAD for p in points(board, HELD_STONES))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_held_race_the_first_mover_decides_is_unclear_with_both_outcomes(
        monkeypatch, seed: int) -> None:
    board = board_from_diagram(HELD_RACE_FIRST_MOVER)
    _held_called_dead(monkeypatch, board, "C1 D1 E1 F1")
    report = judge(board, seed=seed)
    held = tuple(points(board, "C1 D1 E1 F1"))
    assert report.unclear == [held]
    first = report.first_move[held]
    assert (first.black, first.white) == (DEAD, "alive")
    assert (first.black_move, first.white_move) == (at(board, "B1"), at(board, "J1"))


# Black's eyeless corner group holds White's G8-J8 (shared liberties J9 and J7) and has one
# liberty outside, G6.  Taking them leaves a straight three that White kills on H8, so Black
# never takes; filling J9 or J7 lets Black take four stones into a bent four: seki.  White's
# F5-J5 and G4 beside G6 have one liberty of their own, F4, beside the living wall, where
# Black's play is a suicide: White connects there before it fills G6, a move more, which
# changes nothing in a seki.  A Tygem game of 2006 had this corner; the playouts took
# White's three stones, which the players and KataGo keep.
HELD_BESIDE_A_STRING_THAT_CONNECTS_FIRST = """
    .O.OOXXX.
    O.OOXXOOO
    OOOOXXXX.
    ...OXX.XX
    ...OXOOOO
    ...OO.OXX
    ....OOXX.
    .....OXXX
    .....OX..
"""


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_held_string_beside_a_filler_that_connects_first_is_seki(
        monkeypatch, seed: int) -> None:
    board = board_from_diagram(HELD_BESIDE_A_STRING_THAT_CONNECTS_FIRST)
    held = _held_called_dead(monkeypatch, board, "G8 H8 J8")
    report = judge(board, seed=seed)
    assert report.unclear == []
    assert {report.status[p] for p in held} == {"alive"}
    assert report.status[at(board, "G9")] == report.status[at(board, "F5")] == "alive"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_whole_judgement_keeps_that_seki(seed: int) -> None:
    board = board_from_diagram(HELD_BESIDE_A_STRING_THAT_CONNECTS_FIRST)
    report = judge(board, seed=seed)
    assert not any(report.status[p] == DEAD for p in points(board, "G8 H8 J8 G9 F5"))


# The same with Black's F3: Black's F4 joins it and leaves White's F5-J5 only G6, which gains
# it nothing, so Black takes them and lives, and G8-J8 die; only White moving first (F4)
# makes the seki.  A string whose connection the holder can cut first does not stand.
CONNECTION_THE_HOLDER_CUTS = HELD_BESIDE_A_STRING_THAT_CONNECTS_FIRST.replace(
    "....OOXX.", "....OXXX.")


def test_no_seki_where_the_holder_cuts_the_fillers_connection_first(monkeypatch) -> None:
    board = board_from_diagram(CONNECTION_THE_HOLDER_CUTS)
    held = _held_called_dead(monkeypatch, board, "G8 H8 J8")
    report = judge(board, seed=0)
    assert {report.status[p] for p in held} == {DEAD}

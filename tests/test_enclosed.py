"""The exhaustive reading of a small enclosed group (`judgement.enclosed`): what it reads on
the shapes whose answer every player knows, when it declines to read, and that in the
judgement its verdict, not the playouts', decides such a group.

Diagrams: rows top first, X black, O white, '.' empty; row 1 is the bottom row.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.board_diagram import board_from_diagram
from support.stand_ins import playouts_deciding

from gtp_weiqi.core.board import BLACK, WHITE, Board
from gtp_weiqi.core.coords import parse_vertex
from gtp_weiqi.core.playout_board import PlayoutBoard
from gtp_weiqi.judgement import ALIVE, DEAD, enclosed, judge, pipeline
from gtp_weiqi.judgement.enclosed import (
    EnclosureReader,
    enclosure,
    read_kos,
    read_sides,
    read_within,
    short_walls,
    wall,
    wall_holds,
)
from gtp_weiqi.judgement.tactics import two_eyes_by_shape


def at(board: Board, vertex: str) -> int:
    return board.point(*parse_vertex(vertex, board.width, board.height))


def read(diagram: str, vertex: str, standing: bool = True, race: bool = False
         ) -> tuple[bool, bool] | None:
    """(taken with the attacker first, taken with the owner first) for the string at vertex,
    every wall string taken as alive (or none), in its enclosure (a race's with `race`); the
    board must come back unchanged."""
    board = board_from_diagram(diagram)
    playout = PlayoutBoard(board, list(board.colour))
    before = list(playout.colour)
    inside = enclosure(playout, at(board, vertex), race=race)
    if inside is None:
        return None
    walls = wall_holds(playout, inside, lambda h: standing, list(board.colour))
    found = None if walls is None else read_within(playout, at(board, vertex), inside, walls)
    assert playout.colour == before
    return found


# White's ring on the edge around an eye space of three in a row (直三): Black's wall
# outside has plenty of liberties of its own.
STRAIGHT_THREE = """
    .........
    .........
    .........
    .........
    .........
    XXXXXX...
    OOOOOX...
    O...OX...
    OOOOOX...
"""

# The same ring one point longer: a straight four (直四) lives whoever moves first.
STRAIGHT_FOUR = """
    .........
    .........
    .........
    .........
    .........
    XXXXXXX..
    OOOOOOX..
    O....OX..
    OOOOOOX..
"""

# One eye and no more room: dead whoever moves first.
ONE_EYE = """
    .........
    .........
    .........
    .........
    .........
    XXXX.....
    OOOX.....
    O.OX.....
    OOOX.....
"""

# Black's wall has one liberty of its own outside (G1): a short wall, which White takes
# there whatever Black plays inside, so the reading can prove nothing alive.
SHORT_WALL = """
    .........
    .........
    .........
    .........
    .........
    OOOOOOO..
    XXXXXXO..
    OOOOOXO..
    O...OX...
"""


# White's eye space holds Black's stone A1 in the corner, the enclosure's first point: the
# wall is still Black's strings outside, not told by that point's colour.
CAPTIVE_IN_THE_CORNER = """
    .........
    .........
    .........
    .........
    .........
    XXXXXXXX.
    OOOOOOOX.
    O.....OX.
    X.OOOOOX.
"""


def test_a_captive_on_the_enclosures_first_point_leaves_the_wall_outside() -> None:
    assert read(CAPTIVE_IN_THE_CORNER, "C1") == (False, False)


def test_a_straight_three_depends_on_who_moves_first() -> None:
    assert read(STRAIGHT_THREE, "A1") == (True, False)


def test_a_straight_four_lives_whoever_moves_first() -> None:
    assert read(STRAIGHT_FOUR, "A1") == (False, False)


def test_one_eye_dies_whoever_moves_first() -> None:
    assert read(ONE_EYE, "A1") == (True, True)


def test_the_enclosure_holds_the_group_and_its_eye_space_not_the_wall() -> None:
    board = board_from_diagram(STRAIGHT_THREE)
    playout = PlayoutBoard(board, list(board.colour))
    inside = enclosure(playout, at(board, "A1"))
    assert inside is not None
    assert sorted(inside) == sorted(at(board, v) for v in (
        "A1", "B1", "C1", "D1", "E1", "A2", "B2", "C2", "D2", "E2",
        "A3", "B3", "C3", "D3", "E3"))


def test_no_reading_without_a_standing_wall() -> None:
    assert read(STRAIGHT_FOUR, "A1", standing=False) is None


def test_a_short_wall_proves_no_life() -> None:
    """The reading counts a short wall string taken as the owner's win, too generous to the
    owner to prove it alive: only death is read so."""
    assert read(SHORT_WALL, "B1") is None


# Black's group in White's area (A8 B8 C8 B7 B6 C6) has two liberties, A7 and C7, and no eye:
# dead whoever moves first.  White's A6 is a short wall string: one liberty outside, A5, and
# one inside.  The reading also plays on A5 (the opening), and counts A6 taken as Black's
# win; Black cannot take it (A5 is suicide while A6 has A7), so the group is dead.
SHORT_WALL_AROUND_A_DEAD_GROUP = """
    OOOO.....
    XXXO.....
    .X.O.....
    OXXO.....
    .OOO.....
    OOO......
    .........
    .........
    .........
"""

# The same with White's ring shut in by Black: its eyes are A5, the opening, and E6.  The
# reading plays on A5, so A5 is no eye of the wall, which then has one: it is no wall.
SHORT_WALL_WHOSE_OTHER_EYE_IS_THE_OPENING = """
    OOOOOX...
    XXXOOX...
    .X.OOOX..
    OXXO.OX..
    .OOOOOX..
    OOOXXXX..
    XXXX.....
    .........
    .........
"""

# White's A4 beside the opening is a string of the wall's colour with no life of its own
# (its liberties are the opening and A3, which Black's B3 borders); the wall itself lives
# on its eyes down the E file: what is beyond the opening must live apart too.
SHORT_WALL_WITH_A_WEAK_STRING_BEYOND = """
    OOOO.O...
    XXXO.O...
    .X.O.O...
    OXXO.O...
    .OOOOO...
    OXOOOO...
    .X.......
    XX.......
    .........
"""

# Black's corner (G1 G2 H2 J2 H3 G4 H4) holds White's J1 in atari and shares J3 with White's
# short wall on the right, whose one outside liberty, J7, is also the only liberty of
# Black's dead stone J6.  White's J7 takes J6 and frees a point the reading never plays, where
# Black would take the wall back (a seki): that line is left unread, and so the question.
SHORT_WALL_WHOSE_OPENING_TAKES_A_STONE = """
    .O.OOXXOO
    OOOOOXXOO
    .O.O.XXO.
    OOOO.XXOX
    .O.OOXOOO
    OOOOOOXXO
    .O.OOOOX.
    OOOOOOXXX
    .O.OOOX.O
"""


# White's two groups on the left edge, shut in by Black's living wall, share A5 and C7 with
# Black's B5 B6 B7 between them; each has one liberty outside (E7, A3): both are short wall
# strings of the three stones' enclosure.  White C7 then A5 takes the three, but only into a
# straight three (直三) that Black kills at B6; Black filling E7, A3 and C7 lets White take four
# into a bent four (曲四) that lives.  Nobody moves: a seki (双活), as a Tygem game had it on
# the left side, with the players and KataGo.  The reading would call the capture a proof of
# death; a short wall string whose only life is what it takes inside proves nothing.
SEKI_AROUND_THE_CAPTURERS_DEAD_SHAPE = """
    XXXXXX...
    OOOOXX...
    OX.O.X...
    OXOXXX...
    .XOX.....
    OOOX.....
    .OOX.....
    XXXX.....
    .........
"""


def test_no_reading_when_a_short_wall_lives_only_by_what_it_takes() -> None:
    assert read(SEKI_AROUND_THE_CAPTURERS_DEAD_SHAPE, "B6") is None


def test_a_short_wall_is_read_with_its_opening_and_proves_death() -> None:
    assert read(SHORT_WALL_AROUND_A_DEAD_GROUP, "A8") == (True, True)
    board = board_from_diagram(SHORT_WALL_AROUND_A_DEAD_GROUP)
    playout = PlayoutBoard(board, list(board.colour))
    heads = wall(playout, enclosure(playout, at(board, "A8")) or [])
    assert short_walls(playout, enclosure(playout, at(board, "A8")) or [], heads) == (
        [at(board, "A6")], [at(board, "A5")])


@pytest.mark.parametrize("diagram", [SHORT_WALL_WHOSE_OTHER_EYE_IS_THE_OPENING,
                                     SHORT_WALL_WITH_A_WEAK_STRING_BEYOND])
def test_no_reading_when_the_wall_lives_only_by_its_opening(diagram: str) -> None:
    assert read(diagram, "A8") is None


def test_a_line_that_takes_stones_beside_an_opening_is_not_read() -> None:
    assert read(SHORT_WALL_WHOSE_OPENING_TAKES_A_STONE, "G1") is None


def test_no_reading_of_a_group_that_reaches_open_space() -> None:
    board = board_from_diagram(STRAIGHT_THREE.replace("XXXXXX...", "XXXX.X..."))
    playout = PlayoutBoard(board, list(board.colour))
    assert enclosure(playout, at(board, "A1")) is None


# Black's wall all round a White group that has only the seeds of its own eyes: in a
# seki with a White group outside, the wall's life would hang on the inside.
WALL_WITH_ONE_EYE = """
    .........
    .........
    .........
    .........
    OOOOOOO..
    XXXXXXO..
    X.XXXXO..
    OOOOOXO..
    O...OX...
"""


def test_no_reading_when_the_wall_has_no_life_of_its_own() -> None:
    assert read(WALL_WITH_ONE_EYE, "A1") is None


# Black's wall around White's ring (two points inside: dead whoever moves first) has one eye
# space of its own, five points along the edge ending in the corner (F2 F1 G1 H1 J1), and
# White outside: no vital point there, two eyes whatever White plays, so the wall lives
# apart and the ring is read.
WALL_WITH_FIVE_ON_THE_EDGE = """
    .........
    .........
    OOOOOOOOO
    XXXXXXXXX
    XOOOOXXXX
    XO..OXXXX
    XOOOOXXXX
    XXXXX.XXX
    XXXXX....
"""

# The same wall with a bent four in the corner instead (J2 J1 H1 G1, 盘角曲四): a ko, no
# life of its own.
WALL_WITH_BENT_FOUR_IN_THE_CORNER = """
    .........
    .........
    OOOOOOOOO
    XXXXXXXXX
    XOOOOXXXX
    XO..OXXXX
    XOOOOXXXX
    XXXXXXXX.
    XXXXXX...
"""


def test_a_wall_lives_apart_on_one_eye_space_of_a_living_shape() -> None:
    assert read(WALL_WITH_FIVE_ON_THE_EDGE, "B3") == (True, True)
    assert read(WALL_WITH_BENT_FOUR_IN_THE_CORNER, "B3") is None


@pytest.mark.parametrize(("vertices", "two_eyes"), [
    (("A5", "B5", "C5", "D5"), True),  # straight four on the edge
    (("B2", "C2", "D2", "D3"), True),  # bent four off the corner
    (("F2", "F1", "G1", "H1", "J1"), True),  # five along the edge, ending in the corner
    (("D4", "E4", "F4", "D5", "E5", "F5"), True),  # rectangular six in the middle
    (("A1", "B1", "A2", "B2", "A3", "B3"), False),  # rectangular six in the corner: a ko
    (("A1", "B1", "C1", "A2"), False),  # bent four in the corner
    (("D4", "E4", "D5", "E5"), False),  # square four
    (("D4", "E4", "F4", "E5"), False),  # pyramid four: a vital point
    (("D4", "E4", "F4", "D5", "E5"), False),  # bulky five
    (("E4", "D5", "E5", "F5", "E6"), False),  # cross five
    (("D4", "E4", "F4"), False),  # straight three
])
def test_the_eye_spaces_two_eyes_by_shape(vertices: tuple[str, ...], two_eyes: bool) -> None:
    board = Board(9)
    assert two_eyes_by_shape([at(board, v) for v in vertices], board.neighbours) is two_eyes


# White's string in the corner of Black's area has two liberties, G2 and H2, and Black's H1
# and J2 inside it share J1, a liberty no White stone touches: stones cornered together on
# the edge, inside the enclosure, not part of the wall.  White cannot take them (J1 and H2
# are suicides, G2 puts White in atari): dead whoever moves first.
CORNERED_TOGETHER = """
    .........
    .........
    .........
    .........
    .........
    XXXXXXXXX
    XXXXXOOOO
    XXXXXO..X
    XXXXXOOX.
"""


def test_stones_cornered_together_inside_are_held_not_wall() -> None:
    board = board_from_diagram(CORNERED_TOGETHER)
    playout = PlayoutBoard(board, list(board.colour))
    inside = enclosure(playout, at(board, "F3"))
    assert inside is not None
    assert {at(board, v) for v in ("H1", "J1", "J2", "G2", "H2")} <= set(inside)
    assert read(CORNERED_TOGETHER, "F3") == (True, True)


# Black's corner group has three liberties, G9, G8 and J8, all of them liberties of White's
# H9 H8 too, which have a fourth, the corner point J9, that touches no Black stone but the
# empty J8 does: held inside, with J9 in the enclosure.  Black loses the race (three
# liberties to four, none of its own): dead whoever moves first.  A KGS game ended with such
# a corner, which the players and KataGo counted dead and the judgement left unclear: J9
# kept White's stones out of the enclosure, as wall without liberties outside.
HELD_WITH_THE_CORNER_POINT = """
    ....OX.O.
    ....OX.O.
    ....OXXXX
    ....OXOOX
    ....OOOOO
    .........
    .........
    .........
    .........
"""


def test_stones_whose_liberty_behind_them_touches_the_group_are_held() -> None:
    board = board_from_diagram(HELD_WITH_THE_CORNER_POINT)
    inside = enclosure(PlayoutBoard(board, list(board.colour)), at(board, "F9"))
    assert inside is not None
    assert {at(board, v) for v in ("H9", "H8", "J9", "G9", "G8", "J8")} <= set(inside)
    assert read(HELD_WITH_THE_CORNER_POINT, "F9") == (True, True)


@pytest.mark.parametrize("seed", range(3))
def test_that_corner_is_dead_when_the_playouts_leave_it_undecided(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "decide_by_playouts", playouts_deciding(
        lambda colour, _stones: None if colour == BLACK else ALIVE))
    board = board_from_diagram(HELD_WITH_THE_CORNER_POINT)
    report = judge(board, seed=seed)
    assert {report.status[p] for p in board.points if board.colour[p] == BLACK} == {DEAD}
    assert report.unclear == []


# -- in the judgement -------------------------------------------------------------------------

# White's group in Black's area with one eye space of two points: dead whoever moves first.
TWO_POINT_EYE_INSIDE = """
    XXXXXXXXX
    XXXXXXXXX
    XOOOOOX..
    XO..OOX..
    XOOOOOX..
    XXXXXXX..
    .........
    .........
    .........
"""

# White's group in Black's area has two eye shapes, C5 and E5; White's C4 and E4 beside
# them are single stones Black takes by filling the eye beside them, and White takes back:
# two kos (劫).  Even moving first White makes only one eye safe (filling the other): it
# lives only by winning a ko.
EYES_HELD_BY_KOS = """
    XXXXXXXXX
    XXXXXXXXX
    XXOXOXX..
    XOOOOOX..
    XO.O.OX..
    XXOXOXX..
    .XXXXX...
    .........
    .........
"""


# White's corner group has one eye, B2, and a second, E2, held by its F2: a single stone
# with one liberty, E2, that Black takes by playing there, and White takes back (劫).  White
# cannot make E2 an eye without a ko whoever moves first: filling it leaves one eye.
KO_FOR_LIFE_WHOEVER_MOVES_FIRST = """
    .........
    .........
    .........
    .........
    .........
    XXXXXXXX.
    OOOOOXX..
    O.OO.OX..
    OOOOOXX..
"""

# The same with F1 empty: White moving first joins F2 at F1 and E2 is an eye; Black moving
# first takes F1 and the eye is a ko only Black can start.
KO_ONLY_THE_ATTACKER_CAN_START = """
    .........
    .........
    .........
    .........
    .........
    XXXXXXXX.
    OOOOOXX..
    O.OO.OX..
    OOOOO.X..
"""


def plain_reading(diagram: str, vertex: str) -> tuple[bool | None, bool | None]:
    """(taken with the attacker first, taken with the owner first) read with no ko allowed."""
    board = board_from_diagram(diagram)
    playout = PlayoutBoard(board, list(board.colour))
    inside = enclosure(playout, at(board, vertex))
    assert inside is not None
    reader = EnclosureReader(playout, inside, at(board, vertex))
    return reader.taken(attacker_first=True), reader.taken(attacker_first=False)


def test_a_ko_is_not_read() -> None:
    assert read(EYES_HELD_BY_KOS, "C7") is None
    assert read(EYES_HELD_BY_KOS, "C4") == (True, True)  # the lone stone itself is lost


@pytest.mark.parametrize(("diagram", "expected"), [
    (EYES_HELD_BY_KOS, (True, True)),
    (KO_FOR_LIFE_WHOEVER_MOVES_FIRST, (True, True)),
    (KO_ONLY_THE_ATTACKER_CAN_START, (False, False)),
])
def test_a_ko_is_read_again_with_one_side_retaking_at_once(
        diagram: str, expected: tuple[bool, bool]) -> None:
    """A group that needs a ko (劫) even moving first is taken; one whose ko only the attacker
    can start, and that lives moving first, stands."""
    vertex = "C7" if diagram is EYES_HELD_BY_KOS else "A1"
    assert read(diagram, vertex) is None  # the reading without kos turns on the ko
    board = board_from_diagram(diagram)
    playout = PlayoutBoard(board, list(board.colour))
    inside = enclosure(playout, at(board, vertex))
    assert inside is not None
    before = list(playout.colour)
    assert read_kos(playout, at(board, vertex), inside) == expected
    assert playout.colour == before


def test_the_ko_reading_answers_nothing_when_who_moves_first_decides() -> None:
    """The straight three: the attacker moving first kills it, its owner moving first
    lives, kos or not; the reading with kos says neither dead nor alive."""
    board = board_from_diagram(STRAIGHT_THREE)
    playout = PlayoutBoard(board, list(board.colour))
    inside = enclosure(playout, at(board, "A1"))
    assert inside is not None
    assert read_kos(playout, at(board, "A1"), inside) is None


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("diagram", "expected"), [
    (KO_FOR_LIFE_WHOEVER_MOVES_FIRST, DEAD),
    (KO_ONLY_THE_ATTACKER_CAN_START, ALIVE),
])
def test_a_ko_settles_what_the_playouts_left_open(
        seed: int, diagram: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "decide_by_playouts", playouts_deciding(
        lambda colour, _stones: None if colour == WHITE else ALIVE))
    board = board_from_diagram(diagram)
    report = judge(board, seed=seed)
    assert [report.status[at(board, v)] for v in ("A1", "F2", "A4")] == [expected, expected, ALIVE]
    assert report.unclear == []


def test_a_ko_does_not_overrule_the_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reading that turns on a ko proves less than one that does not (threats decide a
    ko): a group the playouts call alive keeps that verdict."""
    monkeypatch.setattr(pipeline, "decide_by_playouts", _playouts_calling(None))
    monkeypatch.setattr(pipeline, "read_kos", lambda *_a: pytest.fail("a ko read"))
    board = board_from_diagram(KO_FOR_LIFE_WHOEVER_MOVES_FIRST)
    judge(board)


# Black's corner group in White's area has three liberties, H9, J9 and J7, around White's
# J8, and no other: White moving first takes it outright; Black moving first makes the corner
# only a ko (劫), so it lives only by winning one.  A Tygem game (2008-02) ended with a group
# of 21 stones so, which the playouts called alive and the players and KataGo dead.
LIVES_ONLY_BY_A_KO_THE_ATTACKER_NEEDS_NOT = """
    .O.OOXX..
    OOOOOOXXO
    OOOOOOOX.
    OOOOOXXXX
    OOOOOXXXX
    OOOOOOOOO
    OOOOOOOOO
    OOOOOOOOO
    .O.O.O.O.
"""


def test_the_attacker_takes_it_outright_and_its_owner_moving_first_gets_only_a_ko() -> None:
    board = board_from_diagram(LIVES_ONLY_BY_A_KO_THE_ATTACKER_NEEDS_NOT)
    assert plain_reading(LIVES_ONLY_BY_A_KO_THE_ATTACKER_NEEDS_NOT, "F9") == (True, None)
    playout = PlayoutBoard(board, list(board.colour))
    inside = enclosure(playout, at(board, "F9"))
    assert inside is not None
    assert read_kos(playout, at(board, "F9"), inside) == (True, True)


@pytest.mark.parametrize("seed", range(3))
def test_a_group_that_lives_only_by_a_ko_the_attacker_needs_not_is_dead_whatever_the_playouts(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The playouts made to call everything alive: the ko reading overrules them, as the
    attacker's reading without kos takes the group."""
    monkeypatch.setattr(pipeline, "decide_by_playouts", _playouts_calling(None))
    board = board_from_diagram(LIVES_ONLY_BY_A_KO_THE_ATTACKER_NEEDS_NOT)
    report = judge(board, seed=seed)
    assert [report.status[at(board, v)] for v in ("F9", "J8", "A8")] == [DEAD, ALIVE, ALIVE]
    assert report.unclear == []



# A race (对杀) inside Black's wall: White's ring of 13 stones has an eye of two points (H1,
# J1) and one liberty Black fills from outside (D4); Black's 7 stones inside it have two
# liberties, C1 and E1, both shared with White's stone D1, so Black cannot approach there
# without being taken.  White wins whoever moves first: throw-ins at C1 and E1 take Black's
# eye space away before Black fills White's three liberties.  Once Black's group is taken
# White's space is of 8 points and more, where no shape can be killed; the reading stops
# there instead of reading every play inside it (a long line that meets a ko).
RACE_AGAINST_A_HELD_GROUP = """
    .........
    .........
    .........
    .........
    ...X.....
    XXX.XXXXX
    OOOOOOOXX
    OXXXXXOOO
    OX.O.XO..
"""


def test_a_race_against_a_group_held_inside_is_read_out() -> None:
    """Black's 7 stones are no small string held inside: in the plain enclosure they are
    wall, which lives only inside, so nothing is read; in the race's they are held."""
    assert read(RACE_AGAINST_A_HELD_GROUP, "A1") is None
    assert read(RACE_AGAINST_A_HELD_GROUP, "A1", race=True) == (False, False)


def test_the_race_needs_the_space_left_once_the_inner_group_is_taken(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the big space as a living end, the lines after White takes Black's group go
    on inside White's space until one meets a ko: the reading cannot finish."""
    monkeypatch.setattr(enclosed, "BIG_SPACE", 10**6)
    assert read(RACE_AGAINST_A_HELD_GROUP, "A1", race=True) is None


# White's group in Black's area around a straight four (直四): alive, though not pass-alive
# (one eye space), so Benson's stage leaves it to the later ones.
STRAIGHT_FOUR_INSIDE = """
    XXXXXXXXX
    XXXXXXXXX
    XOOOOOOX.
    XO....OX.
    XOOOOOOX.
    XXXXXXXX.
    .........
    .........
    .........
"""


def _playouts_calling(colour_alive: int | None) -> Callable[..., dict[int, float]]:
    """A stand-in for the playouts that calls every undecided string alive (None), or alive
    for one colour and dead for the other: the playouts' verdict made wrong on purpose."""
    return playouts_deciding(
        lambda colour, _stones: ALIVE if colour_alive in (None, colour) else DEAD)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("diagram", "alive_colour", "vertices", "expected"), [
    (TWO_POINT_EYE_INSIDE, None, ("B7", "E6", "A9"), [DEAD, DEAD, ALIVE]),
    (STRAIGHT_FOUR_INSIDE, BLACK, ("B7", "G5", "A9"), [ALIVE, ALIVE, ALIVE]),
    (CORNERED_TOGETHER, None, ("F3", "H1", "J2", "A1"), [DEAD, ALIVE, ALIVE, ALIVE]),
    (SHORT_WALL_AROUND_A_DEAD_GROUP, None, ("A8", "C6", "A6", "A9"), [DEAD, DEAD, ALIVE, ALIVE]),
    (SEKI_AROUND_THE_CAPTURERS_DEAD_SHAPE, None, ("B6", "A8", "C5", "A9"),
     [ALIVE, ALIVE, ALIVE, ALIVE]),
    (RACE_AGAINST_A_HELD_GROUP, BLACK, ("A1", "B2", "D1", "A4"), [ALIVE, DEAD, ALIVE, ALIVE]),
])
def test_an_enclosed_group_is_read_whatever_the_playouts_say(
        seed: int, diagram: str, alive_colour: int | None, vertices: tuple[str, ...],
        expected: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    board = board_from_diagram(diagram)
    monkeypatch.setattr(pipeline, "decide_by_playouts", _playouts_calling(alive_colour))
    report = judge(board, seed=seed)
    assert [report.status[at(board, v)] for v in vertices] == expected


def test_without_the_reading_the_stand_in_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check on the test above: without the reading stage the wrong verdicts stand (and
    without the stage that leaves a dead group one move from two eyes unclear, which would
    leave the straight four's group unclear instead of alive)."""
    monkeypatch.setattr(pipeline, "_mark_enclosed_by_reading", lambda j: None)
    monkeypatch.setattr(pipeline, "_open_lives_by_one_move", lambda j, final, _m: final)
    board = board_from_diagram(TWO_POINT_EYE_INSIDE)
    monkeypatch.setattr(pipeline, "decide_by_playouts", _playouts_calling(None))
    assert judge(board).status[at(board, "B7")] == ALIVE
    board = board_from_diagram(STRAIGHT_FOUR_INSIDE)
    monkeypatch.setattr(pipeline, "decide_by_playouts", _playouts_calling(BLACK))
    assert judge(board).status[at(board, "B7")] == DEAD


# White's group in Black's area with one eye (C6 and D6), and White's G5 a jump away from it
# across F5, a point Black's F4 borders too: no own region joins G5 to the group, so the
# consistency pass cannot carry the group's verdict to it.  The reading finds the group taken
# even with White to move first (joining G5 at F5 makes no second eye); G5, read the same way
# in the same enclosure, is dead with it.
DEAD_GROUP_AND_A_STONE_A_JUMP_AWAY = """
    XXXXXXXXX
    XXXXXXXXX
    XOOOOOXXX
    XO..OOXX.
    XOOOO.OX.
    XXXXXXXX.
    .........
    .........
    .........
"""


@pytest.mark.parametrize("seed", range(3))
def test_a_stone_a_jump_away_dies_with_the_enclosed_group(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    board = board_from_diagram(DEAD_GROUP_AND_A_STONE_A_JUMP_AWAY)
    monkeypatch.setattr(pipeline, "decide_by_playouts", _playouts_calling(None))
    report = judge(board, seed=seed)
    assert [report.status[at(board, v)] for v in ("B7", "G5", "H5")] == [DEAD, DEAD, ALIVE]
    assert not report.unclear


# White's group on the edge has no liberty but the four points around Black's A3 and B4 inside
# its eye space: whoever fills one of them first loses the race (White filling B3, Black
# joins at A4 and takes White; Black filling, White takes Black).  Seki (双活): the black
# stones live, though White's group lives too and holds them.
STONES_IN_A_SEKI_EYE_SPACE = """
    .........
    .........
    XXXX.....
    OOOX.....
    O.OX.....
    .XOX.....
    X.OX.....
    .OOX.....
    OOXX.....
"""


# The check on it: White's group around a straight five (直五) with Black's C2 inside takes
# C2 whenever it likes (filling B2 or D2 is safe with the other points left), so C2 is dead.
STONE_A_LIVING_GROUP_TAKES = """
    .........
    .........
    .........
    .........
    .........
    XXXXXXXX.
    OOOOOOOX.
    O.X...OX.
    OOOOOOOX.
"""


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("diagram", "vertices", "expected"), [
    (STONES_IN_A_SEKI_EYE_SPACE, ("A3", "B4", "A6", "D7"), [ALIVE, ALIVE, ALIVE, ALIVE]),
    (STONE_A_LIVING_GROUP_TAKES, ("C2", "A1", "H1"), [DEAD, ALIVE, ALIVE]),
])
def test_stones_held_inside_a_living_group_live_only_in_seki(
        seed: int, diagram: str, vertices: tuple[str, ...], expected: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    board = board_from_diagram(diagram)
    monkeypatch.setattr(pipeline, "decide_by_playouts", playouts_deciding(
        lambda colour, stones: DEAD if colour == BLACK and len(stones) <= 2 else ALIVE))
    report = judge(board, seed=seed)
    assert [report.status[at(board, v)] for v in vertices] == expected
    assert not report.unclear


# White's ring around five points of Black's area, for the property below: the points
# inside are filled at random.
RING_OF_FIVE = """
    .........
    .........
    .........
    .........
    .........
    XXXXXXXX.
    OOOOOOOX.
    O.....OX.
    OOOOOOOX.
"""


@settings(max_examples=60, deadline=None)
@given(fill=st.lists(st.sampled_from(".XO"), min_size=5, max_size=5))
def test_having_the_move_never_hurts(fill: list[str]) -> None:
    """Whatever stands inside: a string taken with its owner moving first is taken with the
    attacker moving first too, and the reading leaves the board as it found it."""
    diagram = RING_OF_FIVE.replace("O.....OX.", "O" + "".join(fill) + "OX.")
    board = board_from_diagram(diagram)
    playout = PlayoutBoard(board, list(board.colour))
    target = playout.head[at(board, "A1")]
    if not playout.liberties(target):
        return  # the drawn position is no legal one
    inside = enclosure(playout, target)
    if inside is None:
        return
    before = list(playout.colour)
    reader = EnclosureReader(playout, inside, target)
    attacked, defended = reader.taken(True), reader.taken(False)
    assert playout.colour == before
    if attacked is not None and defended is not None:
        assert attacked or not defended


# White's group in Black's area is two strings around one eye space of six points, cut apart
# at B3: C3 D3 E3 F3 G3 H3 H2 H1 G1, and B2 B1 C1 D1 E1.  Each lives, read on its own.
TWO_STRINGS_AROUND_ONE_EYE_SPACE = """
    .........
    .........
    .........
    .........
    .........
    XXXXXXXXX
    X.OOOOOOX
    XO.....OX
    XOOOO.OOX
"""


@pytest.mark.parametrize("seed", range(3))
def test_when_the_largest_string_reads_nothing_a_smaller_one_is_asked(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The largest string's reading made to fail (as a ko or the budget makes it): the
    enclosure's other string is read, lives, and its link carries life to the largest.  The
    code before asked one question an enclosure, and reported both strings unclear."""
    board = board_from_diagram(TWO_STRINGS_AROUND_ONE_EYE_SPACE)
    largest = at(board, "C3")

    def failing_on_the_largest(playout: PlayoutBoard, p: int, inside: list[int],
                               walls: tuple[list[int], list[int]], holder: int | None = None
                               ) -> tuple[bool | None, bool | None]:
        if playout.head[p] == playout.head[largest]:
            return None, None
        return read_sides(playout, p, inside, walls, holder)

    monkeypatch.setattr(pipeline, "read_sides", failing_on_the_largest)
    monkeypatch.setattr(pipeline, "decide_by_playouts", _playouts_calling(BLACK))
    report = judge(board, seed=seed)
    assert [report.status[at(board, v)] for v in ("C3", "B2", "A4")] == [ALIVE, ALIVE, ALIVE]
    assert report.unclear == []


@pytest.mark.parametrize("seed", range(3))
def test_a_smaller_string_found_dead_says_nothing_of_its_group(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The largest string's reading made to fail, and the smaller one's made to say dead (as
    a sacrifice would read): the playouts' verdict stands for both.  Taken, the dead verdict
    would be certain and carry the whole block with it."""
    board = board_from_diagram(TWO_STRINGS_AROUND_ONE_EYE_SPACE)
    largest = at(board, "C3")

    def dead_when_smaller(playout: PlayoutBoard, p: int, inside: list[int],
                          walls: tuple[list[int], list[int]], holder: int | None = None
                          ) -> tuple[bool | None, bool | None]:
        return (None, None) if playout.head[p] == playout.head[largest] else (True, True)

    monkeypatch.setattr(pipeline, "read_sides", dead_when_smaller)
    monkeypatch.setattr(pipeline, "decide_by_playouts", _playouts_calling(None))
    report = judge(board, seed=seed)
    assert [report.status[at(board, v)] for v in ("C3", "B2")] == [ALIVE, ALIVE]

"""Positions the two passes left unfinished, where the side that moves first decides (先手决定):
the judgement leaves their strings unclear and says what each side achieves by moving first;
weiqi-unclear, final_status(_list), the gfx picture and final_score say so, and final_score
names the rules' procedure for a dispute (docs/ending.md, "Strings that depend on who moves
first") instead of choosing an outcome.

Diagrams: rows top first, X black, O white, '.' empty; row 1 is the bottom row.
"""

from __future__ import annotations

import re

import pytest
from conftest import fail, ok
from support.board_diagram import board_from_diagram
from support.stand_ins import playouts_deciding
from test_ending import engine_with, moves
from test_judgement import JOINED_BY_A_MIAI, WALLS_WITH_INVADERS

from gtp_weiqi.core.board import BLACK, WHITE, Board
from gtp_weiqi.core.coords import format_vertex, parse_vertex
from gtp_weiqi.judgement import ALIVE, DEAD, judge
from gtp_weiqi.judgement.first_move import lives_by_one_move
from gtp_weiqi.judgement.report import FirstMove
from gtp_weiqi.ui.gtp.commands import build_engine
from gtp_weiqi.ui.gtp.engine import WeiqiEngine

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

# An open point on the boundary that both can use: Black's corner group has the eye A1, and
# D1, next to White's E1, makes or takes its second eye (Black D1 leaves C1 an eye; White
# D1 leaves Black one eye).
OPEN_POINT = """
    .........
    .........
    .........
    .........
    OOOOO....
    OOOOO....
    OOOOOO...
    XXXXO....
    .X..O....
"""

# Two weak groups, one of each colour, each able to save itself by moving first: the D and E
# columns race with two liberties each (D1, D9 / E1, E9) between living walls.
RACE = """
    ..X..O...
    ..XOXO...
    ..XOXO...
    ..XOXO...
    ..XOXO...
    ..XOXO...
    ..XOXO...
    ..XOXO...
    ..X..O...
"""

# A ko the group's owner takes first: Black's two strings on the edge have one eye each (A1,
# J1) and are joined only through E1, where White's stone can be taken at E2 (a ko).  Black
# first takes it and connects: one group, two eyes.  White first takes A1 (or J1), and the
# other string follows.
KO = """
    .........
    .........
    .........
    .........
    .........
    .........
    OOOOOOOOO
    XXXO.OXXX
    .XXXOXXX.
"""


def engine_seeded(diagram: str, rules: str, seed: int) -> WeiqiEngine:
    """As test_ending.engine_with, with the engine's --seed (the judgement's seed)."""
    drawn = board_from_diagram(diagram)
    engine = build_engine(drawn.width, rules, seed=seed)
    stones = {c: [p for p in drawn.points if drawn.colour[p] == c] for c in (BLACK, WHITE)}
    for i in range(max(len(stones[BLACK]), len(stones[WHITE]))):
        for name, colour in (("b", BLACK), ("w", WHITE)):
            for p in stones[colour][i:i + 1]:
                ok(engine, f"play {name} {format_vertex(drawn.row_col(p))}")
    return engine


def first_moves(diagram: str, seed: int) -> dict[str, tuple[str, str, str, str]]:
    """Per unclear string whose fate depends on who moves first, named by its first stone:
    (Black first status, its move, White first status, its move)."""
    board = board_from_diagram(diagram)
    report = judge(board, seed=seed)
    name = {p: f"{COLUMNS[board.row_col(p)[1]]}{board.row_col(p)[0] + 1}" for p in board.points}
    out = {}
    for string, first in report.first_move.items():
        assert string in report.unclear
        assert all(report.status[p] == "alive" for p in string)  # unclear stays on the board
        out[name[min(string, key=lambda p: (-board.row_col(p)[0], board.row_col(p)[1]))]] = (
            first.black, name.get(first.black_move, "-"), first.white,
            name.get(first.white_move, "-"))
    return out


# The seeds below are ones at which the decision's shares leave the strings undecided (at
# others the playouts happen to decide them, as before this stage): the stage explains the
# strings left unclear, it does not ask again about decided ones.


@pytest.mark.parametrize("seed", [1, 2])
def test_an_open_boundary_point_makes_or_takes_the_second_eye(seed: int) -> None:
    assert first_moves(OPEN_POINT, seed) == {"A2": ("alive", "D1", "dead", "D1")}


@pytest.mark.parametrize("seed", [3, 6])
def test_two_weak_groups_in_a_race_each_live_when_their_side_moves_first(seed: int) -> None:
    found = first_moves(RACE, seed)
    assert set(found) == {"D8", "E8"}
    black, black_move, white, white_move = found["D8"]  # White's string
    assert (black, white) == ("dead", "alive")
    assert found["E8"][::2] == ("alive", "dead")  # Black's string
    # each side's first move takes a liberty of the other side's string
    assert black_move in ("D1", "D9") and white_move in ("E1", "E9")


@pytest.mark.parametrize("seed", [0, 5])
def test_a_ko_the_owner_takes_first_saves_the_group(seed: int) -> None:
    found = first_moves(KO, seed)
    assert set(found) == {"A2", "E1", "G2"}
    for string in ("A2", "G2"):  # Black's two strings
        black, black_move, white, white_move = found[string]
        assert (black, black_move, white) == ("alive", "E2", "dead")
        assert white_move in ("A1", "J1")
    assert found["E1"][0] == "dead" and found["E1"][1] == "E2" and found["E1"][2] == "alive"


def test_a_settled_position_has_no_first_move_question() -> None:
    board = board_from_diagram(WALLS_WITH_INVADERS)  # settled: the invaders are dead
    report = judge(board)
    assert report.unclear == [] and report.first_move == {}


@pytest.mark.parametrize("black, white, owner, settled, depends", [
    ("dead", "dead", BLACK, "dead", False),
    ("dead", "unclear", WHITE, None, False),  # dead with Black first only: not settled
    ("unclear", "alive", BLACK, "alive", False),  # Black's lives even with White first
    ("alive", "dead", BLACK, None, True),  # the first mover decides
    ("alive", "unclear", BLACK, None, False),  # White first undecided: unclear, not settled
    ("unclear", "dead", WHITE, "dead", False),  # White's string dies even with White first
])
def test_what_no_first_mover_changes_is_settled(black: str, white: str, owner: int,
                                                 settled: str | None, depends: bool) -> None:
    """Having the move never hurts (a side may pass): dead with its owner first is dead,
    alive with the opponent first is alive, whatever else the other outcome reads."""
    first = FirstMove(black, white, 0, 1)
    assert first.settled(owner) == settled
    assert first.depends() == depends


@pytest.mark.parametrize("black, white, owner, coherent", [
    ("alive", "dead", WHITE, False),  # White's dies with White first, lives with Black first
    ("dead", "alive", BLACK, False),  # the same for a string of Black
    ("alive", "dead", BLACK, True),  # the first mover decides
    ("unclear", "alive", BLACK, True),  # alive with White first: settled alive
    ("dead", "unclear", BLACK, True),  # dead with Black first: settled dead
])
def test_outcomes_that_contradict_each_other_settle_nothing(black: str, white: str,
                                                             owner: int, coherent: bool) -> None:
    """Dead with its owner first yet alive with the opponent first cannot be: having the move
    never hurts, so that is the playouts' noise, and such a reading settles nothing."""
    first = FirstMove(black, white, 0, 1)
    assert first.coherent(owner) == coherent
    if not coherent:
        assert first.settled(owner) is None


@pytest.mark.parametrize("black, white, owner, unchallenged", [
    ("alive", "unclear", BLACK, "alive"),  # White's best first move does not show a kill
    ("dead", "unclear", WHITE, "dead"),  # White's best first move does not show a save
    ("unclear", "alive", WHITE, "alive"),  # the same, the colours swapped
    ("unclear", "dead", BLACK, "dead"),
    ("unclear", "alive", BLACK, "alive"),  # settled: alive even with White first
    ("dead", "unclear", BLACK, "dead"),  # settled: dead even with Black first
    ("alive", "dead", BLACK, None),  # the first mover decides
    ("unclear", "unclear", BLACK, None),  # nothing decided either way
    ("dead", "alive", BLACK, None),  # not coherent: noise
])
def test_an_outcome_the_other_first_move_does_not_overturn_stands(
        black: str, white: str, owner: int, unchallenged: str | None) -> None:
    """Decided with one side first and unclear with the other: the decided outcome stands,
    the other side's first move not shown to change it (what no first mover changes is
    settled, as above)."""
    first = FirstMove(black, white, 0, 1)
    assert first.unchallenged(owner) == unchallenged
    settled = first.settled(owner)
    assert settled is None or first.unchallenged(owner) == settled


def test_outcomes_that_contradict_each_other_are_not_read_again(monkeypatch) -> None:
    """In a fight of White's D4-D5 (read dead with White first, alive with Black first: noise)
    and F4-F5 (left open), only F4-F5 is read again against the replies: a string whose
    outcomes contradict each other would spoil that reading for the whole fight."""
    from types import SimpleNamespace

    from gtp_weiqi.core.playout_board import PlayoutBoard
    from gtp_weiqi.judgement import first_move

    board = board_from_diagram(JOINED_BY_A_MIAI)
    base = PlayoutBoard(board, list(board.colour))
    left, right = (base.head[board.point(*parse_vertex(v, 9, 9))] for v in ("D5", "F5"))
    asked: list[list[int]] = []
    monkeypatch.setattr(first_move, "_fights", lambda _base, _unclear: [[left, right]])
    monkeypatch.setattr(first_move, "_scored_moves", lambda *_args: [])
    monkeypatch.setattr(first_move, "_judged", lambda _mc, _base, _fight, colour, *_args: (
        {left: "alive" if colour == BLACK else "dead"}, -1))
    monkeypatch.setattr(first_move, "_read_with_replies",
                        lambda _mc, _base, fight, *_args: asked.append(fight))
    found = first_move.first_move_outcomes(
        SimpleNamespace(base=base), [base.string(left), base.string(right)])  # type: ignore[arg-type]
    assert asked == [[right]]
    noise = found[tuple(sorted(base.string(left)))]
    assert not noise.coherent(WHITE) and noise.settled(WHITE) is None


# White's E1 is in atari at D1, and Black's capture there is a ko (劫): D1 would have the one
# liberty E1.  Both sides stopped with the ko open: Black, moving first, would take the stone;
# White, moving first, would connect it.  Games are counted with such a stone standing when
# it is the only one (a lone stone in atari at its own connection point, docs/judgement.md):
# the judgement calls it alive, at every seed, instead of leaving it to who moves first.
KO_LEFT_OPEN = """
    ...OX....
    ...OX....
    ...OX....
    ...OX....
    ...OX....
    ...OX....
    ...OX....
    ...OXX...
    ..O.OX...
"""

# The same with Black's D9 in atari at E9 too, where White's capture is a ko: each side has
# such a stone.  The first to move connects its own or takes the other's, and the other side
# does the other: 见合 (miai).  Played out either way, the count of points is that of the
# position as it stands (checked in test_ko_stones.py), so they stand, as the players left
# them.  Each ko point touches one string of its owner and each stone one of the taker's.
KOS_LEFT_OPEN_ON_BOTH_SIDES = """
    ..OX.XX..
    ..OOXX...
    ...OX....
    ...OX....
    ...OX....
    ...OX....
    ...OX....
    ..OOXX...
    .OO.OX...
"""


@pytest.mark.parametrize("seed", range(6))
def test_lone_stones_in_open_kos_of_both_colours_stand_in_miai(seed: int) -> None:
    board = board_from_diagram(KOS_LEFT_OPEN_ON_BOTH_SIDES)
    report = judge(board, seed=seed)
    e1, d1, d9, e9 = (board.point(*parse_vertex(v, 9, 9)) for v in ("E1", "D1", "D9", "E9"))
    assert report.unclear == [] and report.first_move == {}
    assert report.miai == {
        (e1,): FirstMove(black="dead", white="alive", black_move=d1, white_move=d1),
        (d9,): FirstMove(black="alive", white="dead", black_move=e9, white_move=e9)}
    assert set(report.status.values()) == {"alive"}


# As KO_LEFT_OPEN with Black's D9 in an open ko too, where each ko point joins two strings of
# its owner (C1 and the wall D2-D8; F9 and the wall E2-E8): connecting makes one string of
# two, taking leaves them two.  Every method but stone scoring counts both ways alike, so
# they stand in miai (`test_ko_stones`); the kos joining blocks that count otherwise there
# depend on who moves first.
KOS_JOINING_TWO_STRINGS = KO_LEFT_OPEN.replace("...OX....", "..OX.X...", 1)


# A second White stone in an open ko (E5, taken at D5): two of White's against one of
# Black's.  The first to move gets two of the three kos, so who moves first decides each
# (E5's point D5 also joins three White strings).
THREE_KOS = """
    ..OX.XX..
    ..OOXX...
    ...OX....
    ...OX....
    ..O.OX...
    ...OX....
    ...OX....
    ..OOXX...
    .OO.OX...
"""


@pytest.mark.parametrize("seed", range(3))
def test_lone_stones_in_open_kos_not_as_many_of_each_colour_depend_on_who_moves_first(
        seed: int) -> None:
    board = board_from_diagram(THREE_KOS)
    report = judge(board, seed=seed)
    e1, d1, e5, d5, d9, e9 = (board.point(*parse_vertex(v, 9, 9))
                              for v in ("E1", "D1", "E5", "D5", "D9", "E9"))
    assert report.miai == {}
    assert report.unclear == [(e1,), (e5,), (d9,)]
    assert report.first_move[(e1,)] == FirstMove(black="dead", white="alive", black_move=d1,
                                                 white_move=d1)
    assert report.first_move[(e5,)] == FirstMove(black="dead", white="alive", black_move=d5,
                                                 white_move=d5)
    assert report.first_move[(d9,)] == FirstMove(black="alive", white="dead", black_move=e9,
                                                 white_move=e9)


# Black's eleven stones in White's area have two eyes, D6 and F6, each with one White stone
# on a diagonal (C5, G5) and the point E5 on the other: Black on E5 joins D5 and F5 to the
# group and both eyes are real (two eyes, alive whatever White does); White on E5 makes both
# false and D5 and F5 are taken next.  The playouts called such a group dead (a Tygem game of
# 9-dan players stopped with one like it; the recorded result keeps it alive, Black moving
# next).  One move lives: the judgement does not call it dead.
ONE_MOVE_FROM_TWO_EYES = """
    .O.O.O.O.
    OOOOOOOOO
    OOXXXXXOO
    OOX.X.XOO
    OOOX.XOOO
    OOOOOOOOO
    OOOOOOOOO
    O.O.O.O.O
    .O.O.O.O.
"""


@pytest.mark.parametrize("seed", range(3))
def test_a_group_one_move_makes_two_eyes_depends_on_who_moves_first(seed: int) -> None:
    found = first_moves(ONE_MOVE_FROM_TWO_EYES, seed)
    assert set(found) == {"C7", "D5", "F5"}
    assert set(found.values()) == {("alive", "E5", "dead", "E5")}


@pytest.mark.parametrize(("move", "status"), [("b E5", "alive"), ("w E5", "dead")])
def test_the_group_once_the_vital_point_is_played_is_settled(move: str, status: str) -> None:
    board = board_from_diagram(ONE_MOVE_FROM_TWO_EYES)
    colour, vertex = move.split()
    board.play(board.point(*parse_vertex(vertex, 9, 9)), BLACK if colour == "b" else WHITE)
    report = judge(board, seed=0)
    assert report.unclear == [] and report.first_move == {}
    assert {report.status[p] for p in board.points if board.colour[p] == BLACK} == {status}


def test_when_the_owner_still_lives_after_the_vital_point_the_other_outcome_is_unclear(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A stand-in for the reading after White's E5 that still finds a move making Black's
    # strings pass-alive (as a second way to two eyes would): White first is then unclear,
    # not dead; Black first stays alive.
    from gtp_weiqi.judgement import pipeline

    real = pipeline.lives_by_one_move

    def still_lives(board: Board, col: list[int], colour: int, strings: dict[int, list[int]],
                    multi_stone_suicide: bool = False) -> dict[int, int]:
        found = real(board, col, colour, strings, multi_stone_suicide)
        if len(strings) == 1 and not found:  # the question asked after White's E5
            return dict.fromkeys(strings, board.point(*parse_vertex("E5", 9, 9)))
        return found

    monkeypatch.setattr(pipeline, "lives_by_one_move", still_lives)
    found = first_moves(ONE_MOVE_FROM_TWO_EYES, 0)
    assert set(found.values()) == {("alive", "E5", "unclear", "E5")}


def black_strings(board: Board) -> dict[int, list[int]]:
    return {s[0]: list(s) for c, s, _libs in board.strings() if c == BLACK}


def test_lives_by_one_move_names_the_vital_point_and_nothing_for_one_eye() -> None:
    board = board_from_diagram(ONE_MOVE_FROM_TWO_EYES)
    strings = black_strings(board)
    e5 = board.point(*parse_vertex("E5", 9, 9))
    assert lives_by_one_move(board, list(board.colour), BLACK, strings) == dict.fromkeys(
        strings, e5)
    one_eye = board_from_diagram(ONE_MOVE_FROM_TWO_EYES.replace("OOX.X.XOO", "OOX.XXXOO"))
    assert lives_by_one_move(one_eye, list(one_eye.colour), BLACK,
                             black_strings(one_eye)) == {}


# An unfinished boundary: Black's D5 stands in a gap of White's wall with two liberties, C5
# and E5, and E5 touches Black's living wall.  Black on E5 joins D5 to the wall; White on E5
# cuts it off, and C5, its last liberty, is White's to fill.  Human records stop with such
# points open (Tygem games of 9-dan players: a lone stone beside its wall that the playouts
# called dead, kept by the players and KataGo).  Both groups have two eyes.
JOINED_BY_ONE_MOVE = """
    .O.OX.X.X
    OOOOXXXXX
    OOOOXXXXX
    OOOO.XXXX
    OO.X.XXXX
    OOOO.XXXX
    OOOOXXXXX
    OOOOXXXXX
    .O.OX.X.X
"""


@pytest.mark.parametrize("seed", range(3))
def test_a_string_one_move_joins_to_a_living_one_depends_on_who_moves_first(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The playouts made to call D5 dead (the rest alive): the judgement leaves it unclear,
    joined by Black's E5 and cut off by White's."""
    from gtp_weiqi.judgement import pipeline

    board = board_from_diagram(JOINED_BY_ONE_MOVE)
    d5 = board.point(*parse_vertex("D5", 9, 9))
    monkeypatch.setattr(pipeline, "decide_by_playouts", playouts_deciding(
        lambda _colour, stones: DEAD if stones == [d5] else ALIVE))
    assert first_moves(JOINED_BY_ONE_MOVE, seed) == {"D5": ("alive", "E5", "dead", "E5")}


@pytest.mark.parametrize(("move", "status"), [("b E5", ALIVE), ("w E5", DEAD), ("w C5", ALIVE)])
def test_once_the_joining_point_or_the_other_liberty_is_played_nothing_is_open(
        move: str, status: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Joined by Black's E5, D5 is part of the living wall; cut off by White's, it keeps the
    playouts' verdict (made dead here); left in atari at E5 by White's C5, it is the stage
    for strings in atari at their own connection point's to settle (connected: only one
    colour has such a string)."""
    from gtp_weiqi.judgement import pipeline

    board = board_from_diagram(JOINED_BY_ONE_MOVE)
    d5 = board.point(*parse_vertex("D5", 9, 9))
    colour, vertex = move.split()
    board.play(board.point(*parse_vertex(vertex, 9, 9)), BLACK if colour == "b" else WHITE)
    monkeypatch.setattr(pipeline, "decide_by_playouts", playouts_deciding(
        lambda _colour, stones: DEAD if d5 in stones and len(stones) == 1 else ALIVE))
    report = judge(board, seed=0)
    assert report.unclear == [] and report.first_move == {}
    assert report.status[d5] == status


def test_strings_that_live_whoever_moves_first_are_decided_not_unclear() -> None:
    """g19_180 at seed 0: the playouts leave Black's B6 (18 stones) and A13 undecided beside
    a fight on the left side; with either side moving first both live, so they are alive.
    White's B10 is dead with Black first and undecided with White first: White's best first
    move is not shown to save it, so it is dead (GNU Go's two cleanups disagree on it)."""
    from test_gnugo_games import DATA, position

    _record, board = position(DATA / "19" / "g19_180.sgf")
    result = judge(board.copy(), seed=0)
    for vertex in ("B6", "A13"):
        p = board.point(*parse_vertex(vertex, 19, 19))
        assert result.status[p] == "alive", vertex
        assert all(p not in s for s in result.unclear), vertex
    b10 = board.point(*parse_vertex("B10", 19, 19))
    assert result.status[b10] == "dead"
    assert not any(b10 in s for s in result.unclear)
    assert not any(f.depends() for f in result.first_move.values())


# White's A7 touches Black's living wall; Black's A5 below it is dead in White's area, in
# atari at A6.  The playouts start without A5, and there Black's A6 is a play that takes A7's
# liberty; on the board it is a suicide (A5 and A6 would have no liberty and A7 keeps A8), as
# White's A6 takes A5 and joins A7.  A first move must be legal on the board as it is.
STONE_BESIDE_A_DEAD_ONE = """
    .X.X.XO..
    .XXXXXO..
    OXXXXXO..
    .OOOOOO..
    XO.......
    OO.......
    .........
    .........
    .........
"""


def test_a_first_move_only_a_dead_stones_removal_makes_legal_is_not_tried() -> None:
    import random

    from gtp_weiqi.core.board import EMPTY
    from gtp_weiqi.core.playout_board import PlayoutBoard
    from gtp_weiqi.judgement.first_move import _candidates, first_move_outcomes
    from gtp_weiqi.judgement.ownership import OwnershipPlayouts

    board = board_from_diagram(STONE_BESIDE_A_DEAD_ONE)
    at = {v: board.point(*parse_vertex(v, 9, 9)) for v in ("A5", "A6", "A7", "A8")}
    played = PlayoutBoard(board, list(board.colour))
    work = list(board.colour)
    work[at["A5"]] = EMPTY
    mc = OwnershipPlayouts(board, work, [p for p in board.points if work[p] == EMPTY], set(),
                           random.Random(0), [EMPTY] * len(work))
    assert at["A6"] in _candidates(mc.base, [at["A7"]], BLACK)
    tried = _candidates(mc.base, [at["A7"]], BLACK, played)
    assert at["A6"] not in tried and at["A8"] in tried
    first = first_move_outcomes(mc, [[at["A7"]]], played=played)[(at["A7"],)]
    assert first.black_move != at["A6"]


def test_a_reply_only_a_dead_stones_removal_makes_legal_is_not_tried(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The replies read against each first move are held to the board as it is too: after
    White's first move, Black's A6 beside the dead A5 is still a suicide."""
    import random

    from gtp_weiqi.core.board import EMPTY
    from gtp_weiqi.core.playout_board import PlayoutBoard
    from gtp_weiqi.judgement import first_move
    from gtp_weiqi.judgement.ownership import OwnershipPlayouts

    board = board_from_diagram(STONE_BESIDE_A_DEAD_ONE)
    at = {v: board.point(*parse_vertex(v, 9, 9)) for v in ("A5", "A6", "A7")}
    work = list(board.colour)
    work[at["A5"]] = EMPTY
    mc = OwnershipPlayouts(board, work, [p for p in board.points if work[p] == EMPTY], set(),
                           random.Random(0), [EMPTY] * len(work))
    tried: list[tuple[int, list[int]]] = []
    candidates = first_move._candidates

    def spy(base: PlayoutBoard, fight: list[int], colour: int,
            played: PlayoutBoard | None = None) -> list[int]:
        out = candidates(base, fight, colour, played)
        tried.append((colour, out))
        return out

    monkeypatch.setattr(first_move, "_candidates", spy)
    monkeypatch.setattr(first_move, "REPLIES", True)
    first_move._against_replies(mc, mc.base, [at["A7"]], 4, {
        WHITE: [(0, p) for p in candidates(mc.base, [at["A7"]], WHITE)],
        BLACK: []}, PlayoutBoard(board, list(board.colour)))
    replies = [moves for colour, moves in tried if colour == BLACK]
    assert replies and all(at["A6"] not in moves for moves in replies)


def test_the_first_move_outcomes_are_the_same_for_the_same_seed() -> None:
    board = board_from_diagram(KO)
    assert judge(board, seed=3).first_move == judge(board, seed=3).first_move


# -- GTP ---------------------------------------------------------------------------------------

OPEN_POINT_UNCLEAR = ("B1 A2 B2 C2 D2 depends on who moves first: Black first alive (D1), "
                      "White first dead (D1)")


def test_weiqi_unclear_final_status_and_the_picture_say_who_moves_first() -> None:
    engine = engine_seeded(OPEN_POINT, "jihuozi", seed=1)
    assert ok(engine, "weiqi-unclear") == OPEN_POINT_UNCLEAR
    assert ok(engine, "final_status_list unclear") == "B1 A2 B2 C2 D2"
    alive = ok(engine, "final_status_list alive")
    assert "B1" not in alive.split() and "E1" in alive.split()
    assert ok(engine, "final_status_list dead") == ""
    assert ok(engine, "final_status B1") == "unclear"
    assert ok(engine, "final_status E1") == "alive"
    gfx = ok(engine, "weiqi-gfx").splitlines()
    assert "B1 ?" in next(line for line in gfx if line.startswith("LABEL"))
    assert "TEXT 未定 B1: 黑先活 (D1)，白先死 (D1)" in gfx
    assert ("TEXT unclear B1: depends on who moves first: Black first alive (D1), "
            "White first dead (D1)") in gfx


def test_final_score_under_jihuozi_names_the_dispute_of_the_natural_version() -> None:
    engine = engine_seeded(OPEN_POINT, "jihuozi", seed=1)
    before = ("cannot score: B1 depends on who moves first (Black first W+74, White first "
              "W+87); settle it by play (实战解决): ")
    assert fail(engine, "final_score") == before + "play on, black to move"
    ok(engine, "weiqi-stop")  # Black proposes, White accepts: 协商休止
    ok(engine, "weiqi-stop")
    assert fail(engine, "final_score") == before + (
        "weiqi-dispute resumes play with two virtual moves, then black, the proposer, "
        "moves first")
    assert ok(engine, "weiqi-dispute").startswith("playing")
    moves(engine, "b d1")  # the dispute settled by play: Black makes its second eye
    ok(engine, "weiqi-stop")
    ok(engine, "weiqi-stop")
    assert ok(engine, "weiqi-unclear") == ""
    assert ok(engine, "final_score") == "W+73"


def test_final_score_under_the_art_version_asks_for_a_test_play_and_counts_after_it() -> None:
    engine = engine_seeded(RACE, "jipingdian-art", seed=3)
    moves(engine, "b pass", "w pass")  # 两弃休止
    answer = fail(engine, "final_score")
    assert re.fullmatch(
        r"cannot score: D2 E2 depend on who moves first \(Black first \S+, White first \S+\); "
        r"settle it by a test play \(实战解决\): weiqi-test_play \[colour\] from the paused "
        r"position, either side first, then weiqi-test_end", answer), answer
    ok(engine, "weiqi-test_play white")
    moves(engine, "w e1", "b e9", "w d9")  # White wins the race: D9 captures the E column
    # the stones it captured are dead; E1 and D9, plain 单官 White filled, are no one's 目
    assert ok(engine, "weiqi-test_end") == "E2 E3 E4 E5 E6 E7 E8"
    assert ok(engine, "weiqi-unclear") == ""
    assert ok(engine, "final_status_list dead") == "E2 E3 E4 E5 E6 E7 E8"
    assert re.fullmatch(r"W\+\d+(\.5)?", ok(engine, "final_score"))


def test_final_score_under_the_standard_rules_says_play_on() -> None:
    engine = engine_with(KO, "chinese")
    moves(engine, "b pass", "w pass")
    answer = fail(engine, "final_score")
    assert answer.startswith("cannot score: B1 E1 F1 depend on who moves first (Black first ")
    assert answer.endswith("); settle it by play: play on, black to move")
    assert fail(engine, "final_score_area") == answer
    moves(engine, "b e2", "w pass", "b e1")  # Black takes the ko first and connects
    assert ok(engine, "weiqi-unclear") == ""
    assert ok(engine, "final_status_list dead") == ""
    assert ok(engine, "final_score").startswith("W+")


def test_weiqi_score_lists_what_each_side_achieves_first() -> None:
    import json

    engine = engine_seeded(OPEN_POINT, "jihuozi", seed=1)
    detail = json.loads(ok(engine, "weiqi-score jihuozi"))
    assert [{k: f[k] for k in ("string", "black_first", "white_first", "black_move",
                               "white_move")} for f in detail["first_move"]] == [{
        "string": ["B1", "A2", "B2", "C2", "D2"], "black_first": "alive",
        "white_first": "dead", "black_move": "D1", "white_move": "D1"}]


@pytest.mark.parametrize("rules", ["japanese", "chinese", "jihuozi", "jipingdian-art"])
def test_kos_in_miai_are_said_by_weiqi_unclear_and_counted_as_they_stand(rules: str) -> None:
    engine = engine_seeded(KOS_LEFT_OPEN_ON_BOTH_SIDES, rules, seed=0)
    moves(engine, "b pass", "w pass")
    assert ok(engine, "weiqi-unclear") == "miai: E1 D9"
    assert ok(engine, "final_status_list unclear") == ""
    assert ok(engine, "final_status E1") == ok(engine, "final_status D9") == "alive"
    standing = ok(engine, "final_score")
    ok(engine, "weiqi-dead_stones E1")  # a mark on one: the pair is no longer in miai
    assert ok(engine, "weiqi-unclear") == ""
    assert ok(engine, "final_score") != standing

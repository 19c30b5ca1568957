"""The game record: handicap and setup, prisoners (俘子), virtual moves (虚着), undo by replay,
and property tests that undo and replay restore the exact state and that superko / 禁全同 never
let a position (pattern) repeat."""

from __future__ import annotations

import contextlib
import subprocess
import sys

import pytest
from conftest import dedent_diagram, diagram, game_from_diagram, play, preset, pt
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.board_diagram import board_diagram, board_from_diagram

from gtp_weiqi.core import ending
from gtp_weiqi.core.board import BLACK, EMPTY, WHITE
from gtp_weiqi.core.game import Game, IllegalPlay, Move


def state(game: Game) -> tuple[object, ...]:
    """Everything observable about a game, legality of every point included."""
    legal = tuple(
        (p, game.illegal_reason(BLACK, p), game.illegal_reason(WHITE, p))
        for p in game.board.points if game.board.colour[p] == EMPTY
    )
    return (
        board_diagram(game.board), game.board.hash, game.pattern_hash(), dict(game.captured),
        dict(game.virtual), dict(game.board_moves), game._ko, game.to_move,
        tuple(game.moves), game.forced_end, game.consecutive_passes(), legal,
    )


# -- basics ------------------------------------------------------------------------------------


def test_new_game_is_empty_with_black_to_move() -> None:
    game = Game(9)
    assert game.board.count(EMPTY) == 81 and game.to_move == BLACK
    assert game.captured == game.virtual == {BLACK: 0, WHITE: 0}
    assert game.first_mover is None and game.last_mover is None


def test_handicap_stones_are_setup_and_white_moves_first() -> None:
    game = Game(9)
    game.place_handicap([pt(game, "c3"), pt(game, "g7")])
    assert game.handicap == 2 and game.to_move == WHITE and not game.moves
    with pytest.raises(IllegalPlay, match="board not empty"):
        game.place_handicap([pt(game, "c7"), pt(game, "g3")])
    with pytest.raises(IllegalPlay):
        game.undo()
    play(game, "w e5")
    game.undo()
    assert game.board.count(BLACK) == 2 and game.handicap == 2


def test_moves_passes_and_counts_per_side() -> None:
    game = Game(9)
    play(game, "b e5", "w pass", "b pass", "w d4", "w d5")
    assert game.board_moves == {BLACK: 1, WHITE: 2}
    assert game.virtual == {BLACK: 1, WHITE: 1}
    assert game.moves_made(BLACK) == 2 and game.moves_made(WHITE) == 3
    assert game.first_mover == BLACK and game.last_mover == WHITE
    assert game.to_move == BLACK
    assert game.consecutive_passes() == 0
    play(game, "b pass", "w pass")
    assert game.consecutive_passes() == 2


def test_occupied_point_is_refused_and_nothing_changes() -> None:
    game = Game(9)
    play(game, "b e5")
    before = state(game)
    with pytest.raises(IllegalPlay, match="occupied"):
        play(game, "w e5")
    assert state(game) == before


def test_undo_restores_prisoners_and_the_captured_stone() -> None:
    game = game_from_diagram("""
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .
    """, "chinese")
    start = state(game)
    play(game, "b c4")
    assert game.captured[WHITE] == 1
    game.undo()
    assert state(game) == start


def test_undo_restores_the_ko_ban() -> None:
    game = game_from_diagram("""
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .
    """, "chinese")
    play(game, "b c4")
    assert game.illegal_reason(WHITE, pt(game, "b4")) == "ko"
    play(game, "w e1")
    assert game.is_legal(WHITE, pt(game, "b4"))
    game.undo()
    assert game.illegal_reason(WHITE, pt(game, "b4")) == "ko"


def test_replace_moves_with_check_refuses_an_illegal_record_and_keeps_the_game() -> None:
    game = Game(5)
    play(game, "b c3", "w c4")
    before = state(game)
    bad = [Move(BLACK, pt(game, "a1")), Move(WHITE, pt(game, "a1"))]
    with pytest.raises(IllegalPlay):
        game.replace_moves(bad, check=True)
    assert state(game) == before


def test_clear_keeps_rules_and_komi_and_can_resize() -> None:
    game = Game(9, rules=preset("jihuozi"), komi=8)
    play(game, "b e5", "w pass")
    game.clear(7)
    assert (game.width, game.height) == (7, 7) and not game.moves and not game.setup
    assert game.rules == preset("jihuozi") and game.komi == 8
    assert game.virtual == {BLACK: 0, WHITE: 0}
    game.clear(5, 3)
    assert (game.width, game.height) == (5, 3)


def test_virtual_moves_are_part_of_the_pattern_only_when_the_rules_say_so() -> None:
    tt = Game(5)
    vm = Game(5, rules=preset("jipingdian-natural-b"))
    for game in (tt, vm):
        play(game, "b c3")
    h_tt, h_vm = tt.pattern_hash(), vm.pattern_hash()
    for game in (tt, vm):
        play(game, "w pass")
    assert tt.pattern_hash() == h_tt
    assert vm.pattern_hash() != h_vm
    # Who kept the virtual stone matters: one black virtual stone is another pattern.
    other = Game(5, rules=preset("jipingdian-natural-b"))
    play(other, "b c3", "b pass")
    assert other.board == vm.board and other.pattern_hash() != vm.pattern_hash()


def test_natural_version_ends_after_four_virtual_moves_under_one_pattern() -> None:
    game = Game(5, rules=preset("jipingdian-natural-a"))
    play(game, "b c3", "w pass", "b pass", "w pass")
    assert not game.forced_end
    play(game, "b pass")
    assert game.forced_end
    game.undo()
    assert not game.forced_end


def test_set_rules_replays_under_the_new_rules() -> None:
    game = game_from_diagram("""
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .
    """, "chinese")
    play(game, "b c4", "w pass", "b pass")
    assert game.is_legal(WHITE, pt(game, "b4"))
    game.set_rules(preset("tromp-taylor"))
    assert game.illegal_reason(WHITE, pt(game, "b4")) == "superko"
    assert diagram(game) == dedent_diagram("""
        . X O . .
        X . X O .
        . X O . .
        . . . . .
        . . . . .
    """)


def test_set_rules_that_forbid_a_played_block_suicide_change_nothing() -> None:
    game = game_from_diagram("""
        X O . . .
        . O . . .
        O . . . .
        . . . . .
        . . . . .
    """, "tromp-taylor")
    play(game, "b a4")
    before = state(game)
    with pytest.raises(IllegalPlay, match="suicide"):
        game.set_rules(preset("chinese"))
    assert game.rules == preset("tromp-taylor")
    assert state(game) == before


PATTERN_SCRIPT = """
import sys
from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.core.game import Game
from gtp_weiqi.core.rules import lookup_preset
rules = lookup_preset(sys.argv[1])[0]
if sys.argv[2] == "white-first":
    warm = Game(5, rules=rules)
    for _ in range(3):
        warm.play(WHITE, None)
game = Game(5, rules=rules)
for colour, point in ((BLACK, None), (WHITE, 7), (WHITE, None), (BLACK, 15)):
    game.play(colour, point)
print(game.pattern_hash())
"""


@pytest.mark.parametrize("name", ["jihuozi", "aga"])
def test_pattern_hash_is_the_same_in_every_process(name: str) -> None:
    """Seeded move generation and saved hashes rely on it, whatever the process did before."""
    answers = set()
    for order in ("black-first", "white-first"):
        done = subprocess.run([sys.executable, "-c", PATTERN_SCRIPT, name, order],
                              capture_output=True, timeout=60, check=True)
        answers.add(done.stdout)
    assert len(answers) == 1


# -- property tests ------------------------------------------------------------------------------

PROPERTY_PRESETS = ["tromp-taylor", "chinese", "japanese", "aga", "new-zealand", "jihuozi",
                    "jipingdian-natural-a"]


def random_game(data: st.DataObject, name: str, size: int, steps: int,
                pass_weight: int = 8) -> Game:
    """A game driven only through legal moves, chosen by hypothesis; mostly alternating,
    sometimes the same colour twice, sometimes a pass / virtual move."""
    game = Game(size, rules=preset(name))
    for _ in range(steps):
        colour = game.to_move
        if data.draw(st.integers(0, 9), label="same colour") == 0:
            colour = 3 - colour
        legal = game.legal_points(colour)
        choice = data.draw(st.integers(0, len(legal) + len(legal) // pass_weight),
                           label="move")
        game.play(colour, legal[choice] if choice < len(legal) else None)
    return game


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(PROPERTY_PRESETS),
       size=st.integers(2, 5), steps=st.integers(1, 40))
def test_undo_restores_the_exact_previous_state(data: st.DataObject, name: str, size: int,
                                               steps: int) -> None:
    game = random_game(data, name, size, steps)
    states = []
    replay = Game(size, rules=preset(name))
    states.append(state(replay))
    for move in game.moves:
        replay.play(move.colour, move.point)
        states.append(state(replay))
    assert states[-1] == state(game)
    while game.moves:
        game.undo()
        states.pop()
        assert state(game) == states[-1]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(PROPERTY_PRESETS),
       size=st.integers(2, 6), steps=st.integers(1, 60))
def test_replaying_the_record_reproduces_the_state(data: st.DataObject, name: str, size: int,
                                                  steps: int) -> None:
    game = random_game(data, name, size, steps)
    again = Game(size, rules=preset(name))
    again.replace_moves(list(game.moves), check=True)
    assert state(again) == state(game)
    game.replace_moves(list(game.moves))
    assert state(again) == state(game)
    # The incrementally kept hash and strings agree with a board rebuilt from the picture.
    rebuilt = board_from_diagram(board_diagram(game.board))
    assert rebuilt.hash == game.board.hash
    assert rebuilt.strings() == game.board.strings()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(["tromp-taylor", "chinese-ogs", "ing"]),
       size=st.integers(2, 4), steps=st.integers(1, 80))
def test_positional_superko_never_repeats_a_board_after_a_board_play(
        data: st.DataObject, name: str, size: int, steps: int) -> None:
    game = random_game(data, name, size, steps, pass_weight=20)
    replay = Game(size, rules=preset(name))
    seen = {replay.board.hash}
    for move in game.moves:
        replay.play(move.colour, move.point)
        if move.point is not None:
            assert replay.board.hash not in seen
        seen.add(replay.board.hash)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(["jihuozi", "jipingdian-natural-a"]),
       size=st.integers(2, 4), steps=st.integers(1, 80))
def test_jinquantong_never_repeats_a_whole_board_pattern(
        data: st.DataObject, name: str, size: int, steps: int) -> None:
    """禁全同 over board + virtual stones: every pattern of the game is new, virtual moves
    included (they add a virtual stone, so they always make a new pattern)."""
    game = random_game(data, name, size, steps, pass_weight=4)
    replay = Game(size, rules=preset(name))
    seen = {(board_diagram(replay.board), replay.virtual[BLACK], replay.virtual[WHITE])}
    for move in game.moves:
        replay.play(move.colour, move.point)
        pattern = (board_diagram(replay.board), replay.virtual[BLACK], replay.virtual[WHITE])
        assert pattern not in seen
        seen.add(pattern)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(PROPERTY_PRESETS), size=st.integers(2, 5),
       steps=st.integers(0, 40))
def test_illegal_reason_agrees_with_play(data: st.DataObject, name: str, size: int,
                                         steps: int) -> None:
    """Every point the game calls legal can be played, and every refused one raises."""
    game = random_game(data, name, size, steps)
    for colour in (BLACK, WHITE):
        for p in game.board.points:
            reason = game.illegal_reason(colour, p) if game.board.colour[p] == EMPTY \
                else "occupied"
            before = state(game)
            if reason is None:
                game.play(colour, p)
                game.undo()
            else:
                with pytest.raises(IllegalPlay):
                    game.play(colour, p)
            assert state(game) == before


# -- snapshot and restore ------------------------------------------------------------------------


def whole_state(game: Game) -> tuple[object, ...]:
    """`state` plus what a snapshot also keeps: size, set-up, rules, komi, marks, the ending."""
    return (state(game), game.width, game.height, tuple(game.setup), game.handicap,
            game.rules, game.komi, tuple(game.marks), ending.describe(game))


def shake(game: Game, data: st.DataObject) -> None:
    """Change the game every way a command can: moves, undo, set-up, handicap, marks, komi,
    rules, an ending step, a clear to another size."""
    for _ in range(data.draw(st.integers(1, 8), label="changes")):
        kind = data.draw(st.sampled_from(["play", "undo", "komi", "rules", "mark", "stop",
                                          "clear", "handicap"]), label="change")
        colour = game.to_move
        legal = game.legal_points(colour)
        if kind == "play" and legal:
            game.play(colour, data.draw(st.sampled_from([*legal, None]), label="point"))
        elif kind == "undo" and game.moves:
            game.undo()
        elif kind == "komi":
            game.komi = data.draw(st.sampled_from([0.5, 6.5, -3.0]), label="komi")
        elif kind == "rules":
            with contextlib.suppress(IllegalPlay):  # a block suicide the rules forbid
                game.set_rules(preset(data.draw(st.sampled_from(["chinese", "jihuozi"]),
                                                label="rules")))
        elif kind == "mark":
            stones = [p for p in game.board.points if game.board.colour[p] != EMPTY]
            if stones:
                game.mark_status([stones[0]], "dead")
        elif kind == "stop":
            with contextlib.suppress(ending.EndingError):
                ending.stop(game)
        elif kind == "clear":
            game.clear(data.draw(st.integers(2, 5), label="size"))
        elif kind == "handicap" and not game.moves and not game.setup and game.width >= 3:
            game.place_handicap([game.board.points[0], game.board.points[-1]])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(["chinese", "jipingdian-natural-a", "jihuozi"]),
       size=st.integers(2, 5), steps=st.integers(0, 30))
def test_restore_puts_back_exactly_what_the_snapshot_took(
        data: st.DataObject, name: str, size: int, steps: int) -> None:
    """Whatever is done to a game after a snapshot, restoring it gives back the same state,
    in the same object, and the game goes on from there as the original would have (ko,
    superko and the ending steps included); the snapshot itself never changes."""
    game = random_game(data, name, size, steps)
    shake(game, data)
    taken = game.snapshot()
    before = whole_state(game)
    twin = Game(game.width, game.height, game.rules, game.komi)
    twin.restore(taken)
    assert whole_state(twin) == before
    for _ in range(2):  # a snapshot can be restored again
        same = game
        shake(game, data)
        game.restore(taken)
        assert game is same and whole_state(game) == before
    for _ in range(data.draw(st.integers(0, 10), label="continuation")):
        colour = game.to_move
        legal = game.legal_points(colour)
        point = data.draw(st.sampled_from([*legal, None]), label="next point")
        for g in (game, twin):
            g.play(colour, point)
        assert whole_state(game) == whole_state(twin)


def test_a_snapshot_keeps_the_ending_steps_and_the_handicap() -> None:
    game = Game(9, rules=preset("jipingdian-natural-b"))
    taken = game.snapshot()
    game.place_handicap([pt(game, "C3"), pt(game, "G7")])
    play(game, "w E5")
    ending.stop(game)
    assert ending.end_info(game).state == ending.PROPOSED
    game.restore(taken)
    assert not game.setup and not game.moves and game.board.count(EMPTY) == 81
    assert ending.end_info(game).state == ending.PLAYING
    play(game, "b E5")
    ending.stop(game)
    taken = game.snapshot()  # a proposal pending: the record of ending steps exists
    ending.stop(game)
    assert ending.end_info(game).state == ending.AGREED
    game.restore(taken)
    assert ending.end_info(game).state == ending.PROPOSED
    assert [m.point for m in game.moves] == [pt(game, "E5")]
    ending.refuse(game)
    assert ending.end_info(game).state == ending.PLAYING
    game.restore(taken)
    assert ending.end_info(game).state == ending.PROPOSED

"""How games end (终局), as GTP transcripts: the natural version's virtual moves, stop proposals,
refusal, dispute and forced end after four virtual moves (《计枰点围棋规则自然版》第五条); the art
version's pause after two passes, test play and long cycles (《计枰点围棋大规则艺术版》第八条,
第十一条, 第十三条; docs/ending.md); the A point; the two-passes-then-final_score reading; and
undo across every one of them."""

from __future__ import annotations

import pytest
from conftest import fail, ok, pt, snapshot
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support.board_diagram import board_diagram, board_from_diagram

from gtp_weiqi.core import ending
from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.core.coords import format_vertex
from gtp_weiqi.core.game import Game
from gtp_weiqi.core.rules import lookup_preset
from gtp_weiqi.ui.gtp.commands import build_engine
from gtp_weiqi.ui.gtp.engine import WeiqiEngine


def engine_with(diagram: str, rules: str) -> WeiqiEngine:
    """An engine whose game reached the drawn position by moves, Black and White stones
    alternating while both last (Black first), then the rest; no pass was played."""
    drawn = board_from_diagram(diagram)
    engine = build_engine(drawn.width, rules)
    stones = {colour: [p for p in drawn.points if drawn.colour[p] == colour]
              for colour in (BLACK, WHITE)}
    order = []
    for i in range(max(len(stones[BLACK]), len(stones[WHITE]))):
        order += [("b", stones[BLACK][i:i + 1]), ("w", stones[WHITE][i:i + 1])]
    for name, points in order:
        for p in points:
            ok(engine, f"play {name} {format_vertex(drawn.row_col(p))}")
    return engine


def moves(engine: WeiqiEngine, *plays: str) -> None:
    for text in plays:
        ok(engine, f"play {text}")


def state(engine: WeiqiEngine) -> str:
    """The ending's line of weiqi-end_state (its second line says whether the position is
    finished: tests/test_finished.py)."""
    return ok(engine, "weiqi-end_state").splitlines()[0]


def first_word(engine: WeiqiEngine) -> str:
    return state(engine).split()[0]


# Black's wall on column C, White's on D, and a black stone at B3 to make Black move last.
WALLS = """
    . . X O .
    . . X O .
    . X X O .
    . . X O .
    . . X O .
"""

# The same walls with a dead white stone at B3 in Black's area.
DEAD_INSIDE = """
    . . X O .
    . . X O .
    . O X O .
    . . X O .
    . . X O .
"""

# One ko on a 5x5 board: Black captures at C4, White takes back at B4.
KO = """
    . X O . .
    X O . O .
    . X O . .
    . . . . .
    . . . . .
"""

# Three kos (A: C8/B8, B: H8/G8, C: C4/B4).  From here `TRIPLE_KO_CYCLE` returns to the same
# position with Black to move: a long cycle (循环劫).
TRIPLE_KO = """
    . X O . . . O X .
    X O . O . O X . X
    . X O . . . O X .
    . . . . . . . . .
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""
TRIPLE_KO_CYCLE = ("b c8", "w h8", "b c4", "w b8", "b g8", "w b4")

# A black stone inside White's wall with one liberty (B3).
LONE_STONE = """
    . O . . .
    O X O . .
    . . . . .
    . . . . .
    . . . . .
"""


# -- natural version: virtual moves and the forced end (四虚终局) --------------------------------


def test_two_or_three_virtual_moves_leave_the_natural_game_going() -> None:
    engine = engine_with(WALLS, "jipingdian-natural-b")
    moves(engine, "w pass", "b pass")
    assert first_word(engine) == "playing"  # 第五条1: play goes on
    assert ending.end_info(engine.game).state == "agreed"  # the GTP reading, for the count
    moves(engine, "w pass")
    moves(engine, "b a1")  # play goes on after three virtual moves in a row
    assert first_word(engine) == "playing"


def test_four_consecutive_virtual_moves_end_the_game_with_every_stone_alive() -> None:
    engine = engine_with(WALLS, "jipingdian-natural-a")
    moves(engine, "w pass", "b pass", "w pass")
    assert first_word(engine) == "playing"  # a third virtual move goes on
    moves(engine, "b pass")
    assert state(engine) == "forced proposer=none a_point=false all_alive=true virtual=b:2,w:2"
    info = ending.end_info(engine.game)
    assert info == ending.EndInfo("forced", True, False, None)
    before = snapshot(engine)
    assert fail(engine, "play b a1").startswith("game is over")
    assert fail(engine, "play b pass").startswith("game is over")
    assert fail(engine, "genmove w").startswith("game is over")
    assert fail(engine, "weiqi-stop").startswith("game is over")
    assert fail(engine, "weiqi-dispute").startswith("game is over")
    assert snapshot(engine) == before
    ok(engine, "undo")
    assert first_word(engine) == "playing"
    moves(engine, "b a1")
    assert first_word(engine) == "playing"


def test_forced_end_counts_dead_stones_alive() -> None:
    engine = engine_with(DEAD_INSIDE, "jipingdian-natural-b")
    ok(engine, "weiqi-set_status dead b3")
    assert ok(engine, "final_status_list dead") == "B3"
    moves(engine, "b pass", "w pass", "b pass", "w pass")
    assert ok(engine, "final_status_list dead") == ""  # 四虚终局后盘内的棋子都是活子
    ok(engine, "undo")
    assert ok(engine, "final_status_list dead") == "B3"


def test_four_virtual_moves_under_one_board_pattern_count_when_not_consecutive() -> None:
    """Both sides: two virtual moves, a ko capture, two more under the other pattern, the ko
    taken back (隔虚可以回提), then the third and fourth virtual move under the first pattern."""
    engine = engine_with(KO, "jipingdian-natural-b")
    moves(engine, "b pass", "w pass", "b c4", "w pass", "b pass", "w b4", "b pass")
    assert first_word(engine) == "playing"
    moves(engine, "w pass")
    assert first_word(engine) == "forced"
    ok(engine, "undo")
    assert first_word(engine) == "playing"


def test_four_virtual_moves_of_one_side_alone_end_the_game() -> None:
    """Black alone makes a virtual move each time the triple ko comes round to the same board;
    White's virtual moves fall under another board, so only Black's four count."""
    engine = engine_with(TRIPLE_KO, "jipingdian-natural-b")
    cycle = ("b pass", "w h8", "b c8", "w pass", "b c4", "w b8", "b g8", "w b4")
    moves(engine, *(cycle * 3))
    assert first_word(engine) == "playing"
    moves(engine, "b pass")
    assert state(engine).startswith("forced proposer=none a_point=false all_alive=true "
                                    "virtual=b:4,w:3")


# -- natural version: agreed stop, refusal, dispute ----------------------------------------------


def test_the_player_to_move_proposes_and_the_other_accepts() -> None:
    engine = engine_with(WALLS, "jipingdian-natural-b")  # Black moved first and last
    played = len(engine.game.moves)
    assert fail(engine, "weiqi-stop b").startswith("only the player to move")
    assert ok(engine, "weiqi-stop").startswith("proposed proposer=white")
    assert fail(engine, "weiqi-stop w").startswith("white already proposed")
    assert ok(engine, "weiqi-stop b").startswith("agreed proposer=white a_point=false")
    assert state(engine).endswith("by=stop")
    assert fail(engine, "play w e1").startswith("game is paused by agreement")
    assert fail(engine, "weiqi-stop").startswith("game is already paused")
    assert fail(engine, "weiqi-refuse") == "no stop proposal to refuse"
    ok(engine, "undo")  # takes back the acceptance
    assert first_word(engine) == "proposed"
    ok(engine, "undo")  # and the proposal
    assert first_word(engine) == "playing"
    assert len(engine.game.moves) == played


def test_a_refused_proposal_costs_the_proposer_a_virtual_move() -> None:
    engine = engine_with(WALLS, "jipingdian-natural-b")
    ok(engine, "weiqi-stop")  # White proposes
    assert fail(engine, "weiqi-refuse w") == "the proposer cannot refuse its own proposal"
    assert ok(engine, "weiqi-refuse") == \
        "playing proposer=none a_point=false all_alive=false virtual=b:0,w:1"
    assert engine.game.moves[-1].colour == WHITE and engine.game.moves[-1].point is None
    assert engine.game.to_move == BLACK  # play goes on with the other side
    moves(engine, "b a1")
    ok(engine, "undo")
    ok(engine, "undo")  # the refusal and its virtual move together
    assert first_word(engine) == "proposed"
    assert engine.game.virtual == {BLACK: 0, WHITE: 0}


def test_any_move_lets_a_pending_proposal_lapse_and_undo_brings_it_back() -> None:
    engine = engine_with(WALLS, "jipingdian-natural-b")
    ok(engine, "weiqi-stop")
    moves(engine, "w e1")
    assert first_word(engine) == "playing"
    assert fail(engine, "weiqi-refuse") == "no stop proposal to refuse"
    ok(engine, "undo")
    assert first_word(engine) == "proposed"


def test_a_dispute_records_two_virtual_moves_then_the_proposer_moves() -> None:
    engine = engine_with(WALLS, "jipingdian-natural-b")
    assert fail(engine, "weiqi-dispute") == "no agreed stop to dispute"
    ok(engine, "weiqi-stop")
    ok(engine, "weiqi-stop")
    assert ok(engine, "weiqi-dispute").startswith("playing proposer=none")
    last = engine.game.moves[-2:]
    assert [(m.colour, m.point) for m in last] == [(WHITE, None), (BLACK, None)]
    assert engine.game.to_move == WHITE  # 再由轮走方（即提议休止方）先下
    moves(engine, "w e1")
    ok(engine, "undo")
    ok(engine, "undo")  # the dispute and both its virtual moves
    assert first_word(engine) == "agreed"
    assert engine.game.virtual == {BLACK: 0, WHITE: 0}


def test_a_dispute_after_two_virtual_moves_reaches_the_forced_end() -> None:
    """The dispute's virtual moves are virtual moves under the same board: with the two passes
    that were read as a stop, they make four."""
    engine = engine_with(WALLS, "jipingdian-natural-b")
    moves(engine, "w pass", "b pass")
    assert state(engine).startswith("playing proposer=white")
    ok(engine, "weiqi-dispute")
    assert first_word(engine) == "forced"
    ok(engine, "undo")
    assert state(engine).startswith("playing proposer=white")
    moves(engine, "w pass")  # a third virtual move: play goes on (虚着 never means stop)
    assert first_word(engine) == "playing"
    assert fail(engine, "weiqi-dispute") == "no agreed stop to dispute"
    moves(engine, "b pass")  # the fourth under this board
    assert state(engine).startswith("forced") and state(engine).endswith("virtual=b:2,w:2")
    ok(engine, "undo")
    assert first_word(engine) == "playing"


# -- the A point and the two-passes reading ------------------------------------------------------


def test_two_passes_then_final_score_reads_as_a_stop_proposed_by_the_first_passer() -> None:
    engine = engine_with(WALLS, "jipingdian-natural-a")
    ok(engine, "weiqi-set_status alive c1 d1")  # the count must not hang on the judgement
    moves(engine, "w pass", "b pass")
    assert state(engine) == \
        "playing proposer=white a_point=true all_alive=false virtual=b:1,w:1 by=passes"
    assert ending.end_info(engine.game) == ending.EndInfo("agreed", False, True, WHITE)
    with_a_point = ok(engine, "final_score")
    moves(engine, "w pass")  # a third virtual move: play goes on, no stop, no A point
    assert state(engine).startswith("playing proposer=none a_point=false")
    without = ok(engine, "final_score")
    assert (with_a_point, without) == ("W+2.5", "W+1.5")  # Black pays one more point
    ok(engine, "undo")
    assert ok(engine, "final_score") == with_a_point


def test_the_a_point_follows_white_proposing_first() -> None:
    engine = engine_with(WALLS, "jipingdian-natural-a")
    ok(engine, "weiqi-set_status alive c1 d1")
    ok(engine, "weiqi-stop")  # White proposes (Black moved last: 黑收后)
    ok(engine, "weiqi-stop")
    assert ending.end_info(engine.game).a_point
    assert ok(engine, "final_score") == "W+2.5"
    ok(engine, "undo")
    ok(engine, "undo")
    moves(engine, "w pass")
    ok(engine, "weiqi-stop")  # now Black proposes
    ok(engine, "weiqi-stop")
    assert not ending.end_info(engine.game).a_point
    assert ok(engine, "final_score") == "W+1.5"


def test_version_b_has_no_a_point() -> None:
    engine = engine_with(WALLS, "jipingdian-natural-b")
    ok(engine, "weiqi-stop")
    ok(engine, "weiqi-stop")
    assert state(engine).startswith("agreed proposer=white a_point=false")


def test_no_a_point_after_a_forced_end() -> None:
    engine = engine_with(WALLS, "jipingdian-natural-a")
    moves(engine, "w pass", "b pass", "w pass", "b pass")
    assert ending.end_info(engine.game) == ending.EndInfo("forced", True, False, None)


# -- art version: pause, test play ---------------------------------------------------------------


def test_one_pass_proposes_and_two_passes_pause_the_art_game() -> None:
    engine = engine_with(LONE_STONE, "jipingdian-art")
    moves(engine, "b pass")
    assert state(engine).startswith("proposed proposer=black")
    moves(engine, "w pass")
    assert state(engine).startswith("paused proposer=black")
    before = snapshot(engine)
    assert fail(engine, "play b d2").startswith("game is paused after two passes")
    assert fail(engine, "genmove b").startswith("game is paused")
    assert fail(engine, "weiqi-dispute").startswith("under the art version")
    assert fail(engine, "weiqi-refuse").startswith("under these rules a stop is refused")
    assert snapshot(engine) == before
    ok(engine, "undo")  # the pause is taken back with the second pass
    moves(engine, "w d2")
    assert first_word(engine) == "playing"


def test_weiqi_stop_is_a_pass_under_the_art_version_and_the_standard_rules() -> None:
    for rules, second in (("jipingdian-art", "paused"), ("chinese", "agreed")):
        engine = engine_with(LONE_STONE, rules)
        assert ok(engine, "weiqi-stop").startswith("proposed" if rules != "chinese" else "playing")
        assert ok(engine, "weiqi-stop").startswith(second)
        assert [m.point for m in engine.game.moves[-2:]] == [None, None]


def test_test_play_capture_marks_the_paused_stones_dead_and_restores_the_position() -> None:
    engine = engine_with(LONE_STONE, "jipingdian-art")
    moves(engine, "b pass", "w pass")
    paused = engine.game
    board = board_diagram(paused.board)
    assert fail(engine, "weiqi-test_end") == "no test play in progress"
    ok(engine, "weiqi-test_play white")
    assert engine.game is not paused
    assert state(engine).endswith("test_first=white test_moves=0")
    assert fail(engine, "weiqi-test_play") == "a test play is already in progress"
    assert ok(engine, "showboard").endswith("weiqi-test_end restores it")
    moves(engine, "w b3")  # captures B4 in the test play
    assert board_diagram(engine.game.board).splitlines()[1] == "O.O.."
    assert ok(engine, "weiqi-test_end") == "B4"
    assert engine.game is paused and board_diagram(paused.board) == board
    assert paused.moves[-1].point is None and paused.captured == {BLACK: 0, WHITE: 0}
    assert state(engine).startswith("paused proposer=black")
    assert ok(engine, "showboard").endswith(f"End state: {state(engine)}")
    assert ok(engine, "final_status_list dead") == "B4"


def test_undo_walks_back_through_the_test_play() -> None:
    engine = engine_with(LONE_STONE, "jipingdian-art")
    moves(engine, "b pass", "w pass")
    ok(engine, "weiqi-test_play")  # Black, the player to move, starts
    moves(engine, "b pass", "w b3")
    assert ok(engine, "weiqi-test_end") == "B4"
    paused = engine.game
    assert paused.marks
    ok(engine, "undo")  # back into the test play as it ended, its judgement withdrawn
    assert ending.trial_parent(engine.game) is paused and not paused.marks
    assert state(engine).endswith("test_first=black test_moves=2")
    ok(engine, "undo")
    ok(engine, "undo")
    assert state(engine).endswith("test_moves=0")
    ok(engine, "undo")  # the test play itself
    assert engine.game is paused and state(engine).startswith("paused")
    ok(engine, "undo")  # the second pass
    assert state(engine).startswith("proposed")


def test_test_play_starts_with_an_empty_repetition_history() -> None:
    """Under 禁全同 the paused game may not retake the ko (its earlier pattern would return);
    the test play starts from the paused pattern alone, so it may."""
    engine = engine_with(KO, "jipingdian-art")
    ok(engine, "kata-set-rule ko POSITIONAL")
    moves(engine, "b c4", "w pass", "b pass")
    paused = engine.game
    b4 = paused.board.point(3, 1)
    assert paused.illegal_reason(WHITE, b4) == "superko"
    ok(engine, "weiqi-test_play")  # White is to move
    moves(engine, "w b4")
    assert ok(engine, "weiqi-test_end") == "C4\npublic: B4"  # White took the ko back


def test_test_play_belongs_to_the_art_version() -> None:
    engine = engine_with(WALLS, "jipingdian-natural-b")
    moves(engine, "w pass", "b pass")
    assert fail(engine, "weiqi-test_play").startswith("test play belongs to the art version")
    engine = engine_with(LONE_STONE, "jipingdian-art")
    assert fail(engine, "weiqi-test_play").startswith("test play starts from a paused game")


def test_clear_board_in_a_test_play_starts_a_new_game() -> None:
    engine = engine_with(LONE_STONE, "jipingdian-art")
    moves(engine, "b pass", "w pass")
    ok(engine, "weiqi-test_play")
    ok(engine, "clear_board")
    assert ending.trial_parent(engine.game) is None
    assert first_word(engine) == "playing"
    moves(engine, "b c3")


# -- long cycles (长生, 循环劫) -------------------------------------------------------------------


def test_a_long_cycle_is_a_draw_under_the_art_version() -> None:
    engine = engine_with(TRIPLE_KO, "jipingdian-art")
    moves(engine, *TRIPLE_KO_CYCLE[:-1])
    assert first_word(engine) == "playing"
    moves(engine, TRIPLE_KO_CYCLE[-1])
    assert state(engine) == "draw proposer=none a_point=false all_alive=false virtual=b:0,w:0"
    assert ok(engine, "final_score") == "0"
    assert fail(engine, "play b c8").startswith("game is over: a long cycle")
    ok(engine, "undo")
    assert first_word(engine) == "playing"


def test_a_cycle_through_a_pass_is_no_long_cycle() -> None:
    engine = engine_with(TRIPLE_KO, "jipingdian-art")
    start = board_diagram(engine.game.board)
    moves(engine, "b c8", "w h8", "b pass", "w b8", "b c4", "w pass", "b g8", "w b4")
    assert board_diagram(engine.game.board) == start and engine.game.to_move == BLACK
    assert first_word(engine) == "playing"


def test_the_natural_version_forbids_the_cycle_by_default_or_makes_it_no_result() -> None:
    engine = engine_with(TRIPLE_KO, "jipingdian-natural-b")
    moves(engine, *TRIPLE_KO_CYCLE[:-1])
    assert fail(engine, f"play {TRIPLE_KO_CYCLE[-1]}") == "illegal move"  # 禁全同
    ok(engine, "kata-set-rule ko SIMPLE")
    ok(engine, "kata-set-rule cycles NO_RESULT")
    moves(engine, TRIPLE_KO_CYCLE[-1])
    assert first_word(engine) == "no_result"
    assert ok(engine, "final_score") == "Void"
    assert fail(engine, "play b pass").startswith("game is over")


def test_a_japanese_long_cycle_is_no_result_but_moves_are_not_refused() -> None:
    engine = engine_with(TRIPLE_KO, "japanese")
    moves(engine, *TRIPLE_KO_CYCLE)
    assert first_word(engine) == "no_result"
    moves(engine, "b c8")


# -- the API over a Game -------------------------------------------------------------------------


def test_end_info_works_on_a_bare_game() -> None:
    rules = lookup_preset("jipingdian-natural-a")
    assert rules is not None
    game = Game(5, rules=rules[0], komi=6.5)
    game.play(BLACK, game.board.point(2, 2))
    assert ending.end_info(game) == ending.EndInfo("playing", False, False, None)
    ending.stop(game)
    assert ending.end_info(game) == ending.EndInfo("proposed", False, False, WHITE)
    ending.refuse(game)
    assert game.virtual[WHITE] == 1
    assert ending.move_refusal(game) is None
    assert ending.undo(game) is game
    assert ending.end_info(game).state == "proposed" and game.virtual[WHITE] == 0
    ending.stop(game)
    assert ending.move_refusal(game) is not None
    with pytest.raises(ending.EndingError):
        ending.start_test_play(game)


def test_gogui_menu_lists_the_ending_commands() -> None:
    engine = build_engine(5, "jipingdian-natural-b")
    menu = ok(engine, "gogui-analyze_commands")
    assert "string/End State/weiqi-end_state" in menu.split("\n")


# -- undo takes back exactly one step ------------------------------------------------------------


def full_state(engine: WeiqiEngine) -> tuple[object, ...]:
    parent = ending.trial_parent(engine.game)
    # the ending's line of weiqi-end_state, read without the GTP command (whose second line,
    # finished or not, follows from the position and costs a judgement each time)
    return (snapshot(engine), ending.describe(engine.game), parent is not None,
            tuple(parent.marks) if parent is not None else ())


STEPS = st.lists(st.tuples(st.sampled_from(["move", "move", "move", "pass", "pass", "stop",
                                             "refuse", "dispute", "test_play", "test_end"]),
                           st.integers(0, 1000)), max_size=40)


@pytest.mark.parametrize("rules", ["jipingdian-natural-a", "jipingdian-art", "jihuozi"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=STEPS)
def test_undo_takes_back_exactly_one_step_and_refusals_change_nothing(
        rules: str, steps: list[tuple[str, int]]) -> None:
    engine = build_engine(5, rules)
    history = []
    for kind, n in steps:
        colour = "b" if n % 2 else "w"
        if kind == "move":
            game = engine.game
            legal = game.legal_points(game.to_move)
            if not legal:
                continue
            line = f"play {'b' if game.to_move == BLACK else 'w'} " \
                   f"{engine.format_point(legal[n % len(legal)])}"
        elif kind == "pass":
            line = f"play {'b' if engine.game.to_move == BLACK else 'w'} pass"
        elif kind == "test_end":
            line = "weiqi-test_end"
        else:
            line = f"weiqi-{kind}" + (f" {colour}" if n % 3 == 0 else "")
        before = full_state(engine)
        response, _ = engine.handle_line(line + "\n")
        assert response is not None and "internal error" not in response, (line, response)
        if response.startswith("="):
            history.append((line, before))
        else:
            assert full_state(engine) == before, (line, response)
    for line, before in reversed(history):
        ok(engine, "undo")
        assert full_state(engine) == before, line
    assert fail(engine, "undo") == "cannot undo"


def replayed(game: Game) -> Game:
    """The same record replayed into a new Game (no cached ending state)."""
    fresh = Game(game.width, game.height, game.rules, game.komi)
    fresh.add_setup(list(game.setup))
    fresh.replace_moves(list(game.moves))
    return fresh


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(st.integers(0, 10_000), max_size=60))
def test_the_cached_cycle_search_agrees_with_a_fresh_one(steps: list[int]) -> None:
    """Play and undo at random around the triple ko (art version: simple ko, cycles draw)."""
    drawn = board_from_diagram(TRIPLE_KO)
    rules = lookup_preset("jipingdian-art")
    assert rules is not None
    game = Game(9, rules=rules[0])
    game.add_setup([(p, drawn.colour[p]) for p in drawn.points if drawn.colour[p] != 0])
    captures = {BLACK: [pt(game, v) for v in ("c8", "g8", "c4")],
                WHITE: [pt(game, v) for v in ("b8", "h8", "b4")]}
    cycles = 0
    for n in steps:
        if n % 7 == 0 and game.moves:
            game.undo()
        else:
            options = [p for p in captures[game.to_move] if game.is_legal(game.to_move, p)]
            if n % 11 == 0 or not options:
                options.append(None)
            game.play(game.to_move, options[n % len(options)])
        found = ending.cycle_at(game)
        assert found == ending.cycle_at(replayed(game))
        cycles += found is not None
    event("a cycle was found" if cycles else "no cycle")


# -- what a test play settles besides dead stones (art version 第十三条 (2)-(4)) -----------

# Walls on columns C (Black) and D (White); D3 touches both: a point either side may claim.
SHARED_POINT = """
    . . X O .
    . . X O .
    . . X . O
    . . X O .
    . . X O .
"""


def _paused(diagram: str, *plays: str) -> WeiqiEngine:
    engine = engine_with(diagram, "jipingdian-art")
    moves(engine, *plays)
    if not state(engine).startswith("paused"):
        moves(engine, "b pass" if engine.game.to_move == BLACK else "w pass")
        moves(engine, "b pass" if engine.game.to_move == BLACK else "w pass")
    assert state(engine).startswith("paused")
    return engine


def _all_alive(engine: WeiqiEngine) -> None:
    """Mark every stone alive, so the count of an open little board needs no judgement."""
    board = engine.game.board
    stones = [format_vertex(board.row_col(p)) for p in board.points
              if board.colour[p] in (BLACK, WHITE)]
    ok(engine, "weiqi-set_status alive " + " ".join(stones))


def test_a_ko_point_the_test_play_takes_back_is_not_the_holder_s_point() -> None:
    """(2) 单劫不粘有1目: Black took the ko at C4 and left B4 unconnected; White disputes it.
    White takes the ko back in the test and connects: C4 is dead and B4 "不是这一方的目":
    public (B4 and C4 together touch both colours)."""
    engine = _paused(KO, "b c4")
    _all_alive(engine)
    before = ok(engine, "final_score")
    ok(engine, "weiqi-test_play white")
    moves(engine, "w b4", "b pass", "w c4")
    assert ok(engine, "weiqi-test_end") == "C4\npublic: B4"
    assert ok(engine, "final_status_list dead") == "C4"
    assert "B4" in ok(engine, "final_status_list dame").split()
    assert ok(engine, "final_score") != before


def test_a_ko_point_the_holder_connects_in_the_test_stays_the_holder_s() -> None:
    """(2) the other way: Black connects at B4 in the test; nothing to mark, B4 stays Black's."""
    engine = _paused(KO, "b c4")
    _all_alive(engine)
    before = ok(engine, "final_score")
    ok(engine, "weiqi-test_play white")
    moves(engine, "w pass", "b b4")
    assert ok(engine, "weiqi-test_end") == ""
    assert ok(engine, "final_score") == before


def test_an_enclosed_point_the_other_side_occupies_is_nobody_s() -> None:
    """(3) 单方棋子所围空点: White claims E1 inside its area; Black plays there in the test and
    White does not take the stone, so E1 is not White's point: public."""
    engine = _paused(LONE_STONE)
    ok(engine, "weiqi-test_play black")
    moves(engine, "b e1", "w b3")
    assert ok(engine, "weiqi-test_end") == "B4\npublic: E1"
    assert "E1" in ok(engine, "final_status_list dame").split()


def test_a_plain_dame_one_side_occupies_in_the_test_stays_public() -> None:
    """(4) gives a 目 only for a seki point the other side cannot occupy: D3 touches both
    walls and either side may fill it, so Black filling it proves nothing; it stays 公空
    (第九条, 第十二条(4)) and the count does not move."""
    engine = _paused(SHARED_POINT)
    before = ok(engine, "final_score")
    assert "D3" in ok(engine, "final_status_list dame").split()
    ok(engine, "weiqi-test_play black")
    moves(engine, "b d3")
    assert ok(engine, "weiqi-test_end") == ""
    assert "D3" in ok(engine, "final_status_list dame").split()
    assert ok(engine, "final_score") == before


# A seki (9x9): Black's A2 string (eye A1) against White's A3 string (eye F1); C1 only Black
# can fill safely, D1 only White (White at C1, or Black at D1, stands in atari).
SEKI_ONE_SIDED = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X . . . .
    O O O O X X X X .
    X X X O O O O X .
    . X . . O . O X .
"""


@pytest.mark.parametrize(("first", "point", "owner"), [("black", "c1", "b"),
                                                       ("white", "d1", "w")])
def test_a_seki_point_only_one_side_can_occupy_is_its_point(first: str, point: str,
                                                            owner: str) -> None:
    """(4) 单方有权占据的空点: C1 and D1 lie between the seki strings; the side that alone can
    occupy its point does so in the test (either side first), so the point is its 目."""
    engine = _paused(SEKI_ONE_SIDED)
    ok(engine, f"weiqi-test_play {first}")
    moves(engine, f"{first} {point}")
    assert ok(engine, "weiqi-test_end") == f"\n{owner}: {point.upper()}"
    territory = "black_territory" if owner == "b" else "white_territory"
    assert point.upper() in ok(engine, f"final_status_list {territory}").split()


@pytest.mark.parametrize("rules", ["jihuozi", "jipingdian-natural-a", "jipingdian-natural-b"])
def test_a_third_virtual_move_in_a_row_is_play_going_on(rules: str) -> None:
    """Virtual moves never mean stop; two in a row read as an agreed stop for GTP
    controllers, but a third one shows the game goes on."""
    engine = engine_with(LONE_STONE, rules)
    moves(engine, "b pass", "w pass")
    assert first_word(engine) == "playing"
    assert ending.end_info(engine.game).state == "agreed"
    moves(engine, "b pass")
    assert state(engine).startswith("playing proposer=none")


def test_the_a_point_is_charged_once_with_an_a_like_balancing() -> None:
    """Natural A, dengzi, balance negative_a: the balancing charges the first mover, so the
    A point of a stop White proposed is not charged again (once it was refused instead)."""
    engine = engine_with(WALLS, "jipingdian-natural-a")
    ok(engine, "weiqi-param counting dengzi")
    moves(engine, "w pass", "b pass")
    assert state(engine).startswith("playing proposer=white a_point=true")
    by_balancing = {}
    for balance in ("negative_a", "free"):
        ok(engine, f"weiqi-param balance {balance}")
        by_balancing[balance] = ok(engine, "final_score")
    assert by_balancing["negative_a"] == by_balancing["free"]  # one point, charged once


def test_cycles_under_a_superko_rule_say_they_have_no_effect(
        capsys: pytest.CaptureFixture[str]) -> None:
    engine = engine_with(LONE_STONE, "jihuozi")
    ok(engine, "kata-set-rule cycles NO_RESULT")
    assert "has no effect under ko POSITIONAL" in capsys.readouterr().err
    ok(engine, "kata-set-rule ko SIMPLE")
    assert capsys.readouterr().err == ""


# -- 计活子's natural end (自然终局): neither side has a route left ------------------------------

# Black's block keeps A7 and A1, White's G7 and G1, its two basic eyes each; D5 is Black's
# one route.  Once it is filled neither side has a way on: 《不计活子非好汉》, 问“按围棋基本规则，
# 怎样计活子？”: "一直下到双方无路可走而自然终局".
ONE_ROUTE_LEFT = """
    .XXXOO.
    XXXXOOO
    XXX.OOO
    XXXXOOO
    XXXXOOO
    XXXXOOO
    .XXXOO.
"""


def test_jihuozi_ends_naturally_when_neither_side_has_a_route_left() -> None:
    engine = engine_with(ONE_ROUTE_LEFT, "jihuozi")
    assert first_word(engine) == "playing"
    moves(engine, "b d5")
    assert state(engine) == ("natural_end proposer=none a_point=false all_alive=true "
                             "virtual=b:0,w:0 by=no_route_left")
    assert ok(engine, "showboard").endswith(f"End state: {state(engine)}")
    over = "game is over: neither side has a route left (自然终局)"
    assert fail(engine, "play w a7") == over  # no board move: only an own eye is left
    assert fail(engine, "weiqi-stop") == over
    # every stone alive: Black 26 stones, White 19 and komi 8
    assert ok(engine, "final_score") == "W+1"
    # a controller that keeps asking gets virtual moves, and the end stands
    assert ok(engine, "genmove w") == "PASS"
    moves(engine, "b pass")
    assert state(engine) == ("natural_end proposer=none a_point=false all_alive=true "
                             "virtual=b:1,w:1 by=no_route_left")
    assert ok(engine, "final_score") == "W+1"
    ok(engine, "undo")
    ok(engine, "undo")
    ok(engine, "undo")
    assert first_word(engine) == "playing"


def test_a_route_or_a_dame_left_to_either_side_keeps_the_game_going() -> None:
    white_route = """
        .XXXOO.
        XXXXOOO
        XXXXO.O
        XXXXOOO
        XXXXOOO
        XXXXOOO
        .XXXOO.
    """
    dame = """
        .XXXOO.
        XXXXOOO
        XXXXOOO
        XXXX.OO
        XXXXOOO
        XXXXOOO
        .XXXOO.
    """
    for diagram in (white_route, dame):
        engine = engine_with(diagram, "jihuozi")
        assert first_word(engine) == "playing"
        moves(engine, "b pass")  # Black has no route, the game goes on
        assert first_word(engine) == "playing"


def test_a_seki_s_shared_liberties_are_no_way_on() -> None:
    # Black's corner string and White's C2 D2 are in seki on C1 and D1: either side's stone
    # there would stand in atari, so the game is over with them empty.
    seki = """
        OOOOOO.
        OOOOOOO
        OOOOOOO
        OOOOOOO
        OXXXXOO
        OXOOXO.
        OX..XOO
    """
    assert first_word(engine_with(seki, "jihuozi")) == "natural_end"


def test_a_capture_in_the_other_side_s_last_eye_is_a_way_on() -> None:
    # White's upper block has one eye, G5, that Black can take it in.
    one_eye = """
        .XXXOOO
        XXXXOOO
        XXXXOO.
        XXXXOOO
        XXXXXXX
        XXXXXXX
        .XXXXX.
    """
    engine = engine_with(one_eye, "jihuozi")
    assert first_word(engine) == "playing"
    moves(engine, "b g5")  # takes the block: White has nothing left, Black eyes A7, A1, G1...
    assert first_word(engine) == "playing"  # ...and routes where White's stones were


def test_the_natural_end_belongs_to_jihuozi_only() -> None:
    filled = ONE_ROUTE_LEFT.replace("XXX.OOO", "XXXXOOO")
    for rules in ("jipingdian-natural-b", "chinese"):
        assert first_word(engine_with(filled, rules)) == "playing"
    assert first_word(engine_with(filled, "jihuozi")) == "natural_end"

"""The built-in player: playouts and their count, legality at the tree under every rule set,
tactics, passing and cleaning up as the rules' end requires, resigning, determinism, time."""

from __future__ import annotations

import random

import pytest
from conftest import (
    ONLY_EYES_LEFT,
    drawn_game,
    fail,
    game_from_diagram,
    make_engine,
    ok,
    play,
    preset,
    pt,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.board_diagram import board_diagram, board_from_diagram
from support.worked_example import EXAMPLE_7X7

from gtp_weiqi.core.board import BLACK, EMPTY, WHITE, Board, IllegalMove
from gtp_weiqi.core.coords import parse_vertex
from gtp_weiqi.core.game import Game
from gtp_weiqi.core.playout_board import PlayoutBoard, true_eye
from gtp_weiqi.core.rules import CANONICAL_PRESETS
from gtp_weiqi.player import PASS, Player, PlayerOptions, Search, Settings, after_pass
from gtp_weiqi.player.clock import TimeSystem, move_budget, parse_kgs
from gtp_weiqi.player.patterns import SHAPES, encode, geometry, shape_table
from gtp_weiqi.player.playout import area_margin, exact_margin, run_playout
from gtp_weiqi.player.search import white_compensation
from gtp_weiqi.ui.gtp.analysis_cmds import configure_player


def search(game: Game, colour: int, playouts: int, seed: str = "t", **kw: object) -> Search:
    s = Search(game, colour, seed, Settings(**kw))  # type: ignore[arg-type]
    s.run(playouts)
    return s


def mcts_engine(size: int = 9, rules: str = "tromp-taylor", komi: float | None = None,
                playouts: int = 200, resign: float = 0.0):
    engine = make_engine(size=size, rules=rules, komi=komi)
    configure_player(engine, "mcts", playouts=playouts, resign_threshold=resign)
    return engine


# -- the count at the end of a playout (every stone alive) ------------------------------------

# The 7x7 example of docs/counting.md §2 after the dead black stone at c2 is removed:
# Black 19 stones + 5 空 in one block, White 20 + 5 in two blocks.  Area: W+1 (zikong); less
# two basic eyes per block: B+1 (zilu / 计活子).
WORKED_EXAMPLE = EXAMPLE_7X7.replace("x", ".")


def playout_board(diagram: str) -> PlayoutBoard:
    return PlayoutBoard(board_from_diagram(diagram))


def test_count_of_the_worked_example_is_zikong_without_tax_and_zilu_with_it() -> None:
    board = playout_board(WORKED_EXAMPLE)
    assert exact_margin(board, tax=False) == -1
    assert exact_margin(board, tax=True) == 1
    assert area_margin(board, tax=False) == -1
    assert area_margin(board, tax=True) == 1


def test_strings_sharing_their_own_empty_points_are_one_block() -> None:
    # Three black strings joined only through their own 空 (c5 c4): one block, like White.
    board = playout_board("""
        . X . X .
        X X . X X
        . . X . .
        O O O O O
        . O . O .
    """)
    assert exact_margin(board, tax=True) == exact_margin(board, tax=False)


def test_each_extra_block_costs_two_points_under_the_tax() -> None:
    board = playout_board("""
        . X . X .
        X X O X X
        O O O O O
        . . . . .
        . . . . .
    """)
    # Black: two blocks (a5 b5 a4 b4 and d5 e5 d4 e4 with their eyes); White: one.
    assert exact_margin(board, tax=True) == exact_margin(board, tax=False) - 2


def test_playout_ends_on_a_legal_position_that_its_moves_reproduce() -> None:
    geo = geometry(9, 9)
    for seed in range(5):
        board = PlayoutBoard(Board(9))
        seq: list[int] = []
        run_playout(board, BLACK, 0, 0, geo, random.Random(seed).random, seq, 300)
        assert all(len(board.libs[h]) >= 1 for h in board.heads())
        replay = Board(9)
        ko = None
        for e in seq:
            p, colour = e >> 2, e & 3
            if p == 0:  # a pass lifts the ko
                ko = None
                continue
            assert p != ko and replay.colour[p] == EMPTY
            replay.play(p, colour)
            ko = replay.ko_point
        assert replay.colour == board.colour
        for p in board.points:  # nothing but eyes and shared points is left empty
            if board.colour[p] == EMPTY:
                owners = {board.colour[q] for q in board.neighbours[p]}
                assert owners in ({BLACK}, {WHITE}, {BLACK, WHITE}, {EMPTY, BLACK, WHITE},
                                  {EMPTY, BLACK}, {EMPTY, WHITE})


def test_playouts_are_reproducible_with_a_seed() -> None:
    geo = geometry(7, 7)
    results = []
    for _ in range(2):
        board = PlayoutBoard(Board(7))
        seq: list[int] = []
        run_playout(board, WHITE, 0, 0, geo, random.Random(42).random, seq, 200)
        results.append((board.colour, seq))
    assert results[0] == results[1]


def test_true_eye_needs_its_diagonals() -> None:
    board = board_from_diagram("""
        . X . . .
        X . X . .
        . X O . .
        . . . . .
        . . . . .
    """)
    corner = pt_board(board, "a5")
    middle = pt_board(board, "b4")
    assert true_eye(board.colour, board.neighbours[corner], board.diagonals[corner], BLACK)
    # b4 has one white diagonal (c3): still an eye in the middle of the board.
    assert true_eye(board.colour, board.neighbours[middle], board.diagonals[middle], BLACK)
    board.place_stone(pt_board(board, "a3"), WHITE)
    assert not true_eye(board.colour, board.neighbours[middle], board.diagonals[middle], BLACK)


def pt_board(board: Board, vertex: str) -> int:
    return board.point(*parse_vertex(vertex, board.width, board.height))


def test_shape_table_matches_every_orientation_and_both_colours() -> None:
    table = shape_table()
    board = board_from_diagram("""
        . . . . .
        . X O X .
        . . . . .
        . . . . .
        . . . . .
    """)  # an enclosing hane: X O X above the empty centre c3
    geo = geometry(5, 5)
    centre = pt_board(board, "c3")
    assert table[encode(board.colour, geo.around[centre])]
    swapped = board_from_diagram(board_diagram(board).replace("X", "o").replace("O", "X")
                                 .replace("o", "O"))
    assert table[encode(swapped.colour, geo.around[centre])]
    empty = Board(5)
    assert not table[encode(empty.colour, geo.around[centre])]
    assert len(SHAPES) == 13


# -- legality at the tree ------------------------------------------------------------------


def expected_root_moves(game: Game, colour: int) -> set[int]:
    """Every legal point that is neither a suicide nor the mover's own true eye, and pass."""
    board = game.board
    moves = {PASS}
    for p in game.legal_points(colour):
        if true_eye(board.colour, board.neighbours[p], board.diagonals[p], colour):
            continue
        trial = board.copy()
        try:
            _, suicide = trial.play(p, colour, True)
        except IllegalMove:
            continue
        if not suicide:
            moves.add(p)
    return moves


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(CANONICAL_PRESETS), size=st.integers(3, 6),
       steps=st.integers(0, 60))
def test_root_moves_are_exactly_the_rules_legal_ones(data: st.DataObject, name: str,
                                                     size: int, steps: int) -> None:
    game = drawn_game(data, name, size, steps)
    for colour in (BLACK, WHITE):
        s = Search(game, colour, "x")
        assert {ch.move for ch in s.root.children} == expected_root_moves(game, colour)


KO = """
    . X O . .
    X O . O .
    . X O . .
    . . . . .
    . . . . .
"""


def test_simple_ko_cannot_be_retaken_at_once() -> None:
    game = game_from_diagram(KO, "chinese")
    play(game, "b c4")
    s = search(game, WHITE, 100)
    assert pt(game, "b4") not in {ch.move for ch in s.root.children}


@pytest.mark.parametrize(("rules", "retake"), [("chinese-ogs", False), ("jihuozi", True)])
def test_virtual_moves_let_a_ko_be_retaken_only_where_they_are_part_of_the_pattern(
        rules: str, retake: bool) -> None:
    game = game_from_diagram(KO, rules)
    play(game, "b c4", "w pass", "b pass")  # 禁全同 with virtual stones: a new pattern
    s = Search(game, WHITE, "x")
    assert (pt(game, "b4") in {ch.move for ch in s.root.children}) is retake
    assert game.is_legal(WHITE, pt(game, "b4")) is retake


# -- tactics -------------------------------------------------------------------------------


def test_captures_a_string_in_atari() -> None:
    game = game_from_diagram("""
        . . . . . . .
        . X X X . . .
        . O O O X . .
        . X X X . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """, "chinese")
    assert search(game, BLACK, 200).best_move() == pt(game, "a5")


def test_escapes_from_atari() -> None:
    game = game_from_diagram("""
        . . . . . . .
        . . . . . . .
        . . . O . . .
        . . O X . . .
        . . . O . . .
        . . . . . . .
        . . . . . . .
    """, "chinese")
    assert search(game, BLACK, 300).best_move() == pt(game, "e4")


def test_never_fills_its_own_eye_and_passes_when_nothing_is_left() -> None:
    game = game_from_diagram(ONLY_EYES_LEFT)
    for colour in (BLACK, WHITE):
        s = search(game, colour, 50)
        assert [ch.move for ch in s.root.children] == [PASS]
        assert s.best_move() == PASS


# -- passing and cleaning up for the rules' end ---------------------------------------------

# White's b3 is dead inside Black's area.  Counted as it stands (every stone alive) it keeps
# Black's a/b columns neutral and White wins; with it removed Black wins.
DEAD_STONE = """
    . . X O .
    . . X O .
    . O X O .
    . . X O .
    . . X O .
"""


def test_tromp_taylor_captures_the_dead_stone_before_answering_a_pass() -> None:
    engine = mcts_engine(size=5, rules="tromp-taylor", komi=0.5, playouts=300)
    game = game_from_diagram(DEAD_STONE, "tromp-taylor", komi=0.5)
    engine.game = game
    for _ in range(8):
        ok(engine, "play w pass")
        if ok(engine, "genmove b") == "PASS":
            break
    assert game.consecutive_passes() == 2 and game.moves[0].point is None
    assert len(game.moves) > 2  # Black played before it passed
    assert game.board.colour[pt(game, "b3")] != WHITE
    assert exact_margin(game.board, tax=False) - 0.5 > 0


DEAD_STONE_7 = """
    . . . X O . .
    . . . X O . .
    . O . X O . .
    . . . X O . .
    . . . X O . .
    . . . X O . .
    . . . X O . .
"""


def test_area_rules_answer_a_pass_with_a_pass_when_the_referees_count_wins() -> None:
    engine = mcts_engine(size=7, rules="chinese", komi=0.5, playouts=300)
    engine.game = game_from_diagram(DEAD_STONE_7, "chinese", komi=0.5)
    ok(engine, "play w pass")  # dead stones are removed after two passes: Black may pass
    assert ok(engine, "genmove b") == "PASS"
    assert ok(engine, "final_score") == "B+6.5"


@pytest.mark.parametrize("diagram", [DEAD_STONE_7, DEAD_STONE.replace(". O X", ". . X")])
@pytest.mark.parametrize("rules", ["chinese", "jihuozi", "tromp-taylor"])
def test_the_players_count_after_a_pass_is_final_score(diagram: str, rules: str) -> None:
    size = 7 if diagram is DEAD_STONE_7 else 5
    engine = make_engine(size=size, rules=rules, komi=0.5)
    engine.game = game_from_diagram(diagram, rules, komi=0.5)
    ok(engine, "play w pass")
    margin = engine.player_commands.referee_margin(  # type: ignore[attr-defined]
        after_pass(engine.game, BLACK))
    ok(engine, "play b pass")
    score = ok(engine, "final_score")
    expected = 0.0 if score == "0" else float(score[2:]) * (1 if score[0] == "B" else -1)
    assert margin == expected


def test_a_pass_back_follows_the_judged_count() -> None:
    game = game_from_diagram(DEAD_STONE, "chinese", komi=0.5)
    play(game, "w pass")
    s = search(game, BLACK, 200)
    assert s.pass_child is not None and s.pass_child.n > 0
    assert s.best_move(judged=4.5) == PASS
    assert s.best_move(judged=-1.5) != PASS


def test_natural_version_cleans_up_before_the_fourth_virtual_move() -> None:
    game = game_from_diagram(DEAD_STONE, "jipingdian-natural-b", komi=0.5)
    play(game, "w pass", "b pass", "w pass")  # Black's pass would end the game by force
    assert search(game, BLACK, 300).best_move() != PASS
    cleaned = game_from_diagram(DEAD_STONE.replace(". O X", ". X X"), "jipingdian-natural-b",
                                komi=0.5)
    play(cleaned, "w pass", "b pass", "w pass")
    assert search(cleaned, BLACK, 300).best_move() == PASS


def test_resigns_only_when_a_threshold_is_set() -> None:
    diagram = """
        . O . O .
        O O O O O
        . . . . .
        . . . . .
        . . . . .
    """
    for threshold, expected in ((0.0, None), (0.2, "resign")):
        engine = mcts_engine(size=5, rules="chinese", komi=30.5, playouts=300, resign=threshold)
        engine.game = game_from_diagram(diagram, "chinese", komi=30.5)
        move = ok(engine, "genmove b")
        if expected:
            assert move == "resign"
            assert not engine.game.moves  # resigning plays nothing
        else:
            assert move != "resign"


# -- the player through GTP ---------------------------------------------------------------


def test_genmove_is_reproducible_and_reg_genmove_agrees() -> None:
    moves = []
    for _ in range(2):
        engine = mcts_engine(size=7, rules="chinese", playouts=150)
        ok(engine, "play b d4")
        suggestion = ok(engine, "reg_genmove w")
        moves.append(ok(engine, "genmove w"))
        assert moves[-1] == suggestion
    assert moves[0] == moves[1]


@pytest.mark.parametrize("name", ["tromp-taylor", "chinese", "japanese", "jihuozi",
                                  "jipingdian-natural-a", "jipingdian-art", "aga"])
def test_self_play_under_each_rule_set_is_legal_and_ends(name: str) -> None:
    engine = mcts_engine(size=5, rules=name, playouts=40)
    colour = "b"
    for _ in range(120):
        move = ok(engine, f"genmove {colour}")
        if move == "resign" or engine.game.consecutive_passes() >= 2:
            break
        colour = "w" if colour == "b" else "b"
    else:
        pytest.fail("self-play did not end")
    again = Game(5, rules=preset(name))
    again.replace_moves(list(engine.game.moves), check=True)
    assert again.board == engine.game.board


def test_the_simple_player_is_still_the_default_of_build_engine() -> None:
    engine = make_engine(size=5)
    assert engine.player_commands.player.options.name == "simple"  # type: ignore[attr-defined]
    ok(engine, "genmove b")


def test_compensation_includes_the_handicap_bonus_of_the_rules() -> None:
    game = Game(9, rules=preset("chinese"), komi=0.5)
    game.place_handicap([pt(game, "c3"), pt(game, "g7")])
    assert white_compensation(game) == 2.5
    game = Game(9, rules=preset("jihuozi"), komi=8)
    assert white_compensation(game) == 8


# -- time ------------------------------------------------------------------------------------


def test_gtp_time_settings_read_as_the_spec_says() -> None:
    assert TimeSystem.from_gtp(300, 0, 0).kind == "absolute"
    assert TimeSystem.from_gtp(0, 10, 0).kind == "none"
    assert TimeSystem.from_gtp(60, 30, 5) == TimeSystem("canadian", 60, 30, 5)


def test_kgs_time_settings_parse_and_refuse_wrong_counts() -> None:
    assert parse_kgs("byoyomi", [60, 10, 3]) == TimeSystem("byoyomi", 60, 10, 3)
    assert parse_kgs("NONE", []).kind == "none"
    for kind, values in (("absolute", []), ("canadian", [1, 2]), ("fischer", [1, 2])):
        with pytest.raises(ValueError):
            parse_kgs(kind, values)


def test_move_budget_spreads_main_time_and_uses_byoyomi() -> None:
    assert move_budget(None, None, 81, 0) is None
    absolute = TimeSystem("absolute", 120)
    early = move_budget(absolute, None, 81, 0)
    late = move_budget(absolute, (30, 0), 81, 60)
    assert early is not None and late is not None and 1 < early < 4 and late < early
    canadian = TimeSystem("canadian", 0, 50, 10)
    assert move_budget(canadian, (50, 10), 81, 40) == pytest.approx(0.8 * 5 - 0.25)
    byoyomi = TimeSystem("byoyomi", 0, 10, 3)
    assert move_budget(byoyomi, (10, 3), 81, 40) == pytest.approx(8 - 0.25)


def test_time_commands_feed_the_players_clock() -> None:
    engine = mcts_engine(size=9)
    player: Player = engine.player_commands.player  # type: ignore[attr-defined]
    ok(engine, "time_settings 0 50 10")
    assert player.time_system == TimeSystem("canadian", 0, 50, 10)
    ok(engine, "kgs-time_settings byoyomi 30 5 3")
    assert player.time_system == TimeSystem("byoyomi", 30, 5, 3)
    assert engine.time_settings == (30, 5, 1)
    before = (player.time_system, engine.time_settings)
    assert fail(engine, "kgs-time_settings canadian 1 2").startswith("syntax error")
    assert fail(engine, "kgs-time_settings sudden 1").startswith("syntax error")
    assert (player.time_system, engine.time_settings) == before
    ok(engine, "kgs-time_settings none")
    assert player.time_system == TimeSystem("none")


def test_effort_follows_options_then_the_clock() -> None:
    game = Game(9)
    player = Player(PlayerOptions(name="mcts"))
    assert player.effort(game, BLACK).playouts == 2000
    player.time_system = TimeSystem("canadian", 0, 10, 1)
    effort = player.effort(game, BLACK, (10, 1))
    assert effort.playouts is None and effort.seconds == pytest.approx(8 - 0.25)
    player.options.time_per_move = 2.0
    assert player.effort(game, BLACK, (10, 1)).seconds == 2.0
    player.options.playouts = 50
    assert player.effort(game, BLACK, (10, 1)).playouts == 50

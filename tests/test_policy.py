"""The simple genmove policy: legal under every preset, sensible in the obvious cases, and
games of genmove against genmove end with two passes."""

from __future__ import annotations

import random

import pytest
from conftest import ONLY_EYES_LEFT, drawn_game, game_from_diagram, make_engine, ok, preset, pt
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtp_weiqi.core.board import BLACK, EMPTY, WHITE
from gtp_weiqi.core.coords import LETTERS
from gtp_weiqi.core.game import Game
from gtp_weiqi.core.rules import CANONICAL_PRESETS
from gtp_weiqi.player.simple import choose_move
from gtp_weiqi.ui.gtp.engine import WeiqiEngine


def test_captures_a_string_in_atari() -> None:
    game = game_from_diagram("""
        . . . . .
        . . X . .
        . X O . .
        . . X . .
        . . . . .
    """)
    assert choose_move(game, BLACK, random.Random(0)) == pt(game, "d3")


def test_escapes_from_atari() -> None:
    game = game_from_diagram("""
        . . . . . . .
        . . . . . . .
        . . . O . . .
        . . O X . . .
        . . . O . . .
        . . . . . . .
        . . . . . . .
    """)
    assert choose_move(game, BLACK, random.Random(0)) == pt(game, "e4")


def test_never_fills_its_own_eye_and_passes_when_nothing_is_left() -> None:
    game = game_from_diagram(ONLY_EYES_LEFT)
    for seed in range(20):
        assert choose_move(game, BLACK, random.Random(seed)) is None
        assert choose_move(game, WHITE, random.Random(seed)) is None


def test_does_not_take_a_ko_it_may_not_retake() -> None:
    game = game_from_diagram("""
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .
    """, "chinese")
    game.play(BLACK, pt(game, "c4"))
    for seed in range(20):
        assert choose_move(game, WHITE, random.Random(seed)) != pt(game, "b4")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(CANONICAL_PRESETS), size=st.integers(2, 7),
       steps=st.integers(0, 50))
def test_choice_is_always_legal_in_random_positions(data: st.DataObject, name: str, size: int,
                                                   steps: int) -> None:
    game = drawn_game(data, name, size, steps)
    seed = data.draw(st.integers(0, 2**32))
    for colour in (BLACK, WHITE):
        move = choose_move(game, colour, random.Random(seed))
        assert move is None or (game.board.colour[move] == EMPTY and game.is_legal(colour, move))


MAX_MOVES = 400


@pytest.mark.parametrize("name", CANONICAL_PRESETS)
def test_genmove_against_genmove_ends_with_two_passes_and_never_plays_illegally(
        name: str) -> None:
    engine = make_engine(size=9, rules=name)
    colour = "b"
    passes = 0
    for _ in range(MAX_MOVES):
        suggestion = ok(engine, f"reg_genmove {colour}")
        before = len(engine.game.moves)
        move = ok(engine, f"genmove {colour}")
        assert move == "PASS" or (move[0] in LETTERS and move[1:].isdigit())
        assert move == suggestion  # deterministic, and reg_genmove did not play
        assert len(engine.game.moves) == before + 1
        passes = passes + 1 if move == "PASS" else 0
        if passes == 2:
            break
        colour = "w" if colour == "b" else "b"
    else:
        pytest.fail(f"no two consecutive passes within {MAX_MOVES} moves")
    # Replaying the record through the rules confirms every generated move was legal.
    again = Game(9, rules=preset(name))
    again.replace_moves(list(engine.game.moves), check=True)
    assert again.board == engine.game.board


def test_genmove_answers_pass_in_gnu_gos_form() -> None:
    engine = make_engine(size=2)
    ok(engine, "play b a1")
    ok(engine, "play w b2")
    assert ok(engine, "genmove b") == "PASS"
    assert ok(engine, "genmove w") == "PASS"
    assert engine.game.virtual == {BLACK: 1, WHITE: 1}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(CANONICAL_PRESETS), size=st.integers(2, 9),
       seed=st.integers(0, 2**31 - 1), first=st.sampled_from(["b", "w"]))
def test_seeded_self_play_is_legal_and_ends_in_bounded_moves(name: str, size: int, seed: int,
                                                              first: str) -> None:
    engine = WeiqiEngine(size=size, rules=name, seed=seed)
    colour = first
    for _ in range(4 * size * size + 10):
        move = ok(engine, f"genmove {colour}")
        assert move == "PASS" or (move[0] in LETTERS and move[1:].isdigit())
        if engine.game.consecutive_passes() >= 2:
            break
        colour = "w" if colour == "b" else "b"
    else:
        pytest.fail("self-play did not end with two passes")
    again = Game(size, rules=preset(name))
    again.replace_moves(list(engine.game.moves), check=True)
    assert again.board == engine.game.board

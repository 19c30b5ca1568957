"""How the engine's commands are composed (the docstrings of `Engine` and `WeiqiEngine`):
every command a layer refines is listed with the refinements it goes through, and each
extension point of the engine with what is registered on it.  A new `wrap` or hook fails
here until it is listed, so what `play` finally does can be read in one place."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import fail, make_engine, ok, snapshot

from gtp_weiqi.ui.gtp.protocol import (
    Engine,
    GtpError,
    Handler,
    check_arity,
    parse_colour,
    parse_float,
    parse_int,
)

# command -> its refinements, innermost first (the core handler is under the first)
WRAPPERS = {
    "play": ["EndingCommands.guard_play"],
    "undo": ["EndingCommands.undo_step"],
    "showboard": ["EndingCommands.showboard_with_state"],
    "genmove": ["EndingCommands.guard_mover"],
    "kgs-genmove_cleanup": ["EndingCommands.guard_mover"],
    "time_settings": ["PlayerCommands.time_settings_for_player"],
}

HOOKS = {
    "new_game_hooks": ["EndingCommands.forget_steps", "Player.new_game"],
    "analyze_hooks": ["EndingCommands.analyze_entries", "GfxCommands.analyze_entries"],
    "result_hooks": ["Scoring.sgf_result"],
    "cpu_time_hooks": [],
}


def test_each_refined_command_lists_its_wrappers() -> None:
    engine = make_engine()
    chains = {name: cmd.wrappers for name, cmd in engine.commands.items() if cmd.wrappers}
    assert chains == WRAPPERS


def test_each_extension_point_lists_what_is_registered_on_it() -> None:
    engine = make_engine()
    found = {name: [hook.__qualname__ for hook in getattr(engine, name)] for name in HOOKS}
    assert found == HOOKS


def test_wrappers_compose_outward_and_may_refuse() -> None:
    """The last wrapper runs first and decides whether the one it refines runs."""
    engine = Engine()
    calls: list[str] = []

    def core(args: list[str]) -> str:
        calls.append("core")
        return "core " + " ".join(args)

    def inner(handler: Handler, args: list[str]) -> str:
        calls.append("inner")
        return handler(args) + " +inner"

    def outer(handler: Handler, args: list[str]) -> str:
        calls.append("outer")
        if args == ["no"]:
            raise GtpError("refused")
        return handler(args) + " +outer"

    engine.register("cmd", core)
    engine.wrap("cmd", inner)
    engine.wrap("cmd", outer)
    assert engine.run_command("cmd", ["x"]) == "core x +inner +outer"
    assert calls == ["outer", "inner", "core"]
    assert engine.commands["cmd"].wrappers == [
        "test_wrappers_compose_outward_and_may_refuse.<locals>.inner",
        "test_wrappers_compose_outward_and_may_refuse.<locals>.outer"]
    calls.clear()
    with pytest.raises(GtpError, match="refused"):
        engine.run_command("cmd", ["no"])
    assert calls == ["outer"]
    engine.register("cmd", core)  # registering again replaces the command and its wrappers
    assert engine.commands["cmd"].wrappers == []
    assert engine.run_command("cmd", ["x"]) == "core x"


def test_a_refused_move_through_the_wrappers_leaves_the_game_as_it_was() -> None:
    engine = make_engine(rules="jipingdian-natural-b")
    ok(engine, "play b D4")
    ok(engine, "weiqi-stop")
    ok(engine, "weiqi-stop")
    before = snapshot(engine)
    assert fail(engine, "play w E5").startswith("game is paused by agreement")
    assert fail(engine, "genmove w").startswith("game is paused by agreement")
    assert snapshot(engine) == before


def test_the_new_game_hooks_run_after_the_core_reset(tmp_path: Path) -> None:
    engine = make_engine()
    seen: list[dict[int, tuple[int, int]]] = []
    engine.new_game_hooks.append(lambda: seen.append(dict(engine.time_left)))
    record = tmp_path / "game.sgf"
    record.write_text("(;GM[1]FF[4]SZ[9];B[dd])")
    for line in ("clear_board", "boardsize 13", f"loadsgf {record}"):
        ok(engine, "time_left b 30 0")
        ok(engine, line)
    assert seen == [{}, {}, {}]
    assert engine.time_left == {}


@pytest.mark.parametrize(("args", "low", "high", "good"), [
    ([], 0, None, True), (["a"], 0, None, False), (["a"], 0, 1, True), (["a", "b"], 0, 1, False),
    ([], 1, 2, False), (["a", "b"], 1, 2, True)])
def test_check_arity(args: list[str], low: int, high: int | None, good: bool) -> None:
    if good:
        check_arity(args, low, high)
    else:
        with pytest.raises(GtpError, match="^syntax error: wrong number of arguments$"):
            check_arity(args, low, high)


def test_the_argument_parsers() -> None:
    assert [parse_colour(w) for w in ("b", "W", "Black", "white")] == [1, 2, 1, 2]
    assert parse_int("0") == 0 and parse_int("2147483647") == 2**31 - 1
    assert parse_float("7.5") == 7.5 and parse_float("-3") == -3.0
    for parse, text in [(parse_colour, "red"), (parse_int, "-1"), (parse_int, "2147483648"),
                        (parse_int, "١"), (parse_float, "nan"), (parse_float, "x")]:
        with pytest.raises(GtpError, match="^syntax error: "):
            parse(text)

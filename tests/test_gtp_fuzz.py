"""Fuzzing the GTP engine: random and malformed input never crashes it, a `?` answer never
changes the game, and the session stays in sync afterwards."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest
from conftest import assert_well_framed, make_engine, snapshot, transcript
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from gtp_weiqi.ui.gtp.engine import WeiqiEngine
from gtp_weiqi.ui.gtp.protocol import preprocess


@pytest.fixture(scope="module", autouse=True)
def _in_a_scratch_directory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """`printsgf FILE` writes files and `loadsgf FILE` reads them: keep both in a scratch dir."""
    old = os.getcwd()
    scratch = tmp_path_factory.mktemp("fuzz")
    (scratch / "game.sgf").write_bytes(b"(;GM[1]FF[4]SZ[9]KM[5.5];B[ee];W[ce];B[];W[dd])")
    (scratch / "bad.sgf").write_bytes(b"(;GM[1]FF[4]SZ[9];B[ee];W[ee])")
    os.chdir(scratch)
    try:
        yield
    finally:
        os.chdir(old)


# GTP_WEIQI_FUZZ_SCALE=20 pytest tests/test_gtp_fuzz.py for a longer hunt.  CI runs the
# local count: twice the examples cost about 60 s of CPU more, and the whole suite already
# takes about 17 minutes on two cores.  The commands that search (top_moves_*: a search
# per example, a sixth of the file's time) have a test of their own.
SEARCH_SCALE = max(1, int(os.environ.get("GTP_WEIQI_FUZZ_SCALE", "1") or 1))
SCALE = SEARCH_SCALE
SEARCHING = ["top_moves_black", "top_moves_white"]
FUZZ = settings(max_examples=150 * SCALE, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

PRESETS = ["tromp-taylor", "chinese", "japanese", "jihuozi", "jipingdian-natural-a"]


def fresh_engine(rules: str, prelude: int) -> WeiqiEngine:
    """An engine with a little history, so that a wrongly accepted command would show."""
    engine = make_engine(size=9, rules=rules)
    lines = ["komi 6.5", "play b e5", "play w c3", "play b pass", "play w g7",
             "time_settings 300 30 5"]
    for line in lines[:prelude]:
        engine.handle_line(line + "\n")
    return engine


def check_line(engine: WeiqiEngine, line: str) -> None:
    """Send one line; check framing, no internal error, and that `?` changed nothing."""
    before = snapshot(engine)
    response, _quit = engine.handle_line(line)
    if response is None:
        assert snapshot(engine) == before
        return
    response.encode("utf-8")  # what serve() writes must be encodable
    assert_well_framed(response)
    assert "internal error" not in response, (line, response)
    if response.startswith("?"):
        assert snapshot(engine) == before, (line, response)


def check_in_sync(engine: WeiqiEngine) -> None:
    assert engine.handle_line("name\n") == ("= gtp_weiqi\n\n", False)
    assert engine.handle_line("77 protocol_version\n") == ("=77 2\n\n", False)


# -- argument and command strategies -----------------------------------------------------------

COMMANDS = sorted(set(make_engine().commands) - {"quit"})
UNKNOWN = ["foo", "PLAY", "Name", "final_scor", "kata-", "-", "=", "?", "lz-analyze",
           "gogui-interrupt", "play_", "1e5", "ｎａｍｅ"]

numbers = st.one_of(
    st.integers(-10, 30).map(str),
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from(["0", "00", "2147483647", "2147483648", "9" * 40, "1e308", "1e999", "-0",
                     "nan", "inf", "-inf", "0x10", "1_0", "６", "²", "٣", "7.5", ".5", "5.",
                     "+3", "1e", "--1"]),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)
vertices = st.one_of(
    st.builds(lambda c, r: f"{c}{r}", st.sampled_from("ABCDEFGHJKLMNOPQRSTUVWXYZIabcdehjtz"),
              st.integers(-2, 30)),
    st.sampled_from(["pass", "PASS", "Pass", "resign", "a", "1", "a1a", "aa1", "j", "i9",
                     "a٣", "Ａ1", ""]),
)
colours = st.sampled_from(["b", "w", "B", "W", "black", "white", "BLACK", "White", "x", "bw",
                           "empty", "0", "1", "2"])
json_texts = st.one_of(
    st.sampled_from(['{"ko":"SIMPLE"}', '{"komi":7}', "{", "{}", '{"scoring":"TERRITORY"}',
                     '{"a":' + "[" * 3000 + "]" * 3000 + "}", '{"bowl":' + "9" * 5000 + "}",
                     '{"ko":null}', '{"suicide":1}', '{"bowl":1e999}', '{"tax":["ALL"]}',
                     '{"virtualMoves":true}', '{"counting":"zilu","bowl":24}']),
    st.dictionaries(st.sampled_from(["ko", "scoring", "score", "tax", "suicide", "hasButton",
                                     "whiteHandicapBonus", "friendlyPassOk", "virtualMoves",
                                     "counting", "bowl", "komi", "x"]),
                    st.one_of(st.none(), st.booleans(), st.integers(-3, 30),
                              st.sampled_from(["SIMPLE", "AREA", "ALL", "N-1", "zilu", ""])),
                    max_size=4).map(json.dumps),
)
words = st.one_of(
    st.sampled_from(["chinese", "japanese", "jihuozi", "ko", "tax", "ALL", "true", "false",
                     "game.sgf", "bad.sgf", "missing.sgf", ".", "/", "out.sgf", "sub/out.sgf",
                     "new_zealand", "aga", "bowl", "²", "counting", "zilu"]),
    st.text(st.characters(blacklist_categories=("Cs", "Zs", "Cc", "Zl", "Zp"),
                          blacklist_characters="#"), min_size=1, max_size=12),
)
arguments = st.lists(st.one_of(numbers, vertices, colours, words, json_texts), max_size=6)
command_lines = st.builds(
    lambda ident, name, args: " ".join(([ident] if ident else []) + [name] + args),
    st.one_of(st.none(), st.integers(0, 10**12).map(str)),
    st.one_of(st.sampled_from(COMMANDS), st.sampled_from(UNKNOWN)),
    arguments,
)


# -- the properties ----------------------------------------------------------------------------


@FUZZ
@given(rules=st.sampled_from(PRESETS), prelude=st.integers(0, 6),
       lines=st.lists(command_lines, min_size=1, max_size=8))
def test_random_commands_with_random_arguments(rules: str, prelude: int,
                                               lines: list[str]) -> None:
    engine = fresh_engine(rules, prelude)
    for line in lines:
        check_line(engine, line + "\n")
    check_in_sync(engine)


@pytest.mark.parametrize("name", [c for c in COMMANDS if c not in SEARCHING])
@settings(max_examples=40 * SCALE, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(prelude=st.integers(0, 6), args=arguments)
@example(prelude=0, args=["bowl", "²"])  # int() of a Unicode digit that is no decimal
@example(prelude=0, args=['{"a":' + "[" * 3000 + "]" * 3000 + "}"])  # JSON nesting
@example(prelude=0, args=['{"bowl":' + "9" * 5000 + "}"])  # int too long to convert
def test_every_command_with_random_arguments(name: str, prelude: int, args: list[str]) -> None:
    engine = fresh_engine("tromp-taylor", prelude)
    check_line(engine, " ".join([name] + args) + "\n")
    check_in_sync(engine)


@pytest.mark.parametrize("name", [c for c in COMMANDS if c in SEARCHING])
@settings(max_examples=40 * SEARCH_SCALE, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(prelude=st.integers(0, 6), args=arguments)
def test_every_searching_command_with_random_arguments(name: str, prelude: int,
                                                       args: list[str]) -> None:
    """The same for the commands that search, at the local count in CI."""
    engine = fresh_engine("tromp-taylor", prelude)
    check_line(engine, " ".join([name] + args) + "\n")
    check_in_sync(engine)


@FUZZ
@given(prelude=st.integers(0, 6), lines=st.lists(st.binary(max_size=120), max_size=6))
def test_random_bytes_lines(prelude: int, lines: list[bytes]) -> None:
    engine = fresh_engine("jihuozi", prelude)
    for raw in lines:
        for part in raw.split(b"\n"):
            check_line(engine, part.decode("utf-8", errors="replace") + "\n")
    check_in_sync(engine)


@FUZZ
@given(prelude=st.integers(0, 6), lines=st.lists(st.text(max_size=80), max_size=6))
def test_random_unicode_lines(prelude: int, lines: list[str]) -> None:
    engine = fresh_engine("chinese", prelude)
    for text in lines:
        for part in text.split("\n"):
            check_line(engine, part + "\n")
    check_in_sync(engine)


@FUZZ
@given(name=st.sampled_from(COMMANDS + UNKNOWN), filler=st.sampled_from(["9", "a", " ", "{", "[",
                                                                        "é", "e5 ", "\t"]),
       length=st.integers(1000, 100_000))
def test_very_long_lines(name: str, filler: str, length: int) -> None:
    engine = fresh_engine("tromp-taylor", 3)
    check_line(engine, f"{name} {filler * (length // len(filler))}\n")
    check_line(engine, f"{filler * (length // len(filler))}\n")
    check_in_sync(engine)


def _is_quit(line: bytes) -> bool:
    """Whether a line is a `quit` command (which rightly ends the session early)."""
    words = [w for w in preprocess(line.decode("utf-8", "replace")).split(" ") if w]
    if words and words[0].isdigit() and words[0].isascii():
        words = words[1:]
    return bool(words) and words[0] == "quit"


@settings(max_examples=60 * SCALE, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.lists(st.one_of(st.binary(max_size=60),
                               command_lines.map(lambda s: s.encode("utf-8"))), max_size=10))
# An analysis stream with no candidate once ended with an extra blank line.
@example(data=[b"boardsize 9", b"play b a1", b"kata-analyze b 1 allow b A1 1"])
@example(data=[b"boardsize 9", b"play b a1", b"lz-analyze b 1 allow b A1 1"])
@example(data=[b"printsgf \xff\xfe.sgf", b"loadsgf \xff\xfe.sgf"])  # a file name is bytes
def test_a_random_byte_stream_through_the_serve_loop(data: list[bytes]) -> None:
    """Whatever arrives, every answer is framed and the final `name` is answered last."""
    assume(not any(_is_quit(line) for chunk in data for line in chunk.split(b"\n")))
    engine = fresh_engine("tromp-taylor", 4)
    stream = b"\n".join(data) + b"\n\r\n9 name\n"
    out = transcript(engine, stream)
    assert b"internal error" not in out
    parts = out.split(b"\n\n")
    assert parts[-1] == b""
    for part in parts[:-1]:
        assert_well_framed(part + b"\n\n")
    assert parts[-2] == b"=9 gtp_weiqi"

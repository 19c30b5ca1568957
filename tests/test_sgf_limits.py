"""A record under the size cap can still ask for minutes and gigabytes; the reader counts its
nodes, moves, nesting, values and escapes first (core.sgf_scan) and refuses it with the
limit before building anything.

The files of the reports (15 million passes in 60 MB, a million random moves, a million
nested variations) are scaled down to just over the real limits, or run against small
limits given to the scan.  Nothing here measures time: that nothing is built is checked by
making the reader fail if it is reached."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import fail, make_engine, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st
from sgfmill import sgf as sgfmill_sgf

from gtp_weiqi.core import sgf as core_sgf
from gtp_weiqi.core.sgf import SgfError, parse_sgf
from gtp_weiqi.core.sgf_scan import DEFAULT_LIMITS, Limits, TooLarge, scan
from gtp_weiqi.scoring import score_sgf
from gtp_weiqi.scoring.record import RecordError

TIMEOUT = 60
SMALL = Limits(nodes=50, main_line=20, depth=5, values=60, escapes=10)


def passes(n: int) -> bytes:
    """The first report's file: `n` pairs of passes."""
    return b"(;SZ[9]" + b";B[];W[]" * n + b")"


def nested(n: int) -> bytes:
    """A variation inside a variation, `n` deep."""
    return b"(;SZ[9]" + b"(;B[aa]" * n + b")" * (n + 1)


def random_moves(n: int, seed: int = 1) -> bytes:
    rng = random.Random(seed)
    moves = b"".join(b";%s[%s]" % (b"BW"[i % 2:i % 2 + 1],
                                  bytes(rng.choice(b"abcdefghi") for _ in range(2)))
                     for i in range(n))
    return b"(;SZ[9]" + moves + b")"


@pytest.fixture
def reader_never_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if the SGF reader (which builds the objects) is called at all."""
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the record was parsed before it was refused")
    monkeypatch.setattr(core_sgf.sgf_grammar, "parse_sgf_game", refuse)


@pytest.mark.parametrize("data, reason", [
    (passes(DEFAULT_LIMITS.main_line), "the main line has more than 10,000 nodes"),
    (nested(DEFAULT_LIMITS.depth + 1), "nested more than 10,000 deep"),
    (random_moves(DEFAULT_LIMITS.main_line + 1), "the main line has more than 10,000 nodes"),
    (b"(;SZ[9]" + b"(;C[x])" * (DEFAULT_LIMITS.nodes + 1) + b")",
     "more than 100,000 game trees"),
    (b"(;SZ[9]C[" + b"\\]" * (DEFAULT_LIMITS.escapes + 1) + b"])", "escapes (backslashes)"),
    (b"(;SZ[9]AB" + b"[aa]" * (DEFAULT_LIMITS.values + 1) + b")",
     "more than 200,000 property values"),
    (b"(;SZ[9]" + b"A " * (DEFAULT_LIMITS.values + 1) + b")",
     "more than 200,000 property names"),
], ids=["passes", "nesting", "random-moves", "variations", "escapes", "values", "names"])
def test_a_record_over_a_limit_is_refused_before_it_is_built(
        data: bytes, reason: str, reader_never_reached: None) -> None:
    with pytest.raises(SgfError, match="too large: ") as refused:
        parse_sgf(data)
    assert reason in str(refused.value)
    assert len(str(refused.value)) < 120


def test_the_limits_are_counted_by_the_scan_alone() -> None:
    """Each limit, small: one more than it is refused, as many as it is not."""
    cases = {
        "nodes": lambda n: b"(;" + b"(;C[x])" * (n - 1) + b")",
        "main_line": lambda n: b"(;" + b";" * (n - 1) + b")",
        "depth": lambda n: b"(;" + b"(;" * n + b")" * (n + 1),
        "values": lambda n: b"(;AB" + b"[aa]" * n + b")",
        "escapes": lambda n: b"(;C[" + b"\\]" * n + b"])",
    }
    for name, build in cases.items():
        limit = getattr(SMALL, name)
        if name == "depth":  # a depth of n takes n '(' inside the root's
            scan(build(limit - 1), SMALL)
            with pytest.raises(TooLarge):
                scan(build(limit), SMALL)
            continue
        scan(build(limit), SMALL)
        with pytest.raises(TooLarge):
            scan(build(limit + 1), SMALL)


def test_what_follows_the_first_game_is_not_counted() -> None:
    """A collection's later games, or junk after the game, are not the record's work."""
    data = b"(;SZ[9];B[ee])" + b"(;" + b";B[]" * 1000 + b")"
    scan(data, SMALL)
    assert parse_sgf(data).moves == [(1, (4, 4))]


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300), st.sampled_from([b"(;", b"(;C[", b"(;B[aa]("]))
def test_the_scan_of_any_bytes_refuses_or_lets_the_reader_answer(data: bytes,
                                                                  head: bytes) -> None:
    """The scan never fails otherwise than with TooLarge, and what it lets through is
    either read or refused by the reader with a reason."""
    blob = head + data
    try:
        scan(blob, SMALL)
    except TooLarge as exc:
        assert "limit" in str(exc)
        return
    try:
        parse_sgf(blob, SMALL)
    except SgfError as exc:
        assert str(exc)


def test_the_scan_counts_what_the_reader_builds() -> None:
    """On real-looking records with escapes, variations and comments, the scan's nodes and
    main line are the reader's: a limit of exactly the count passes and one less fails."""
    data = (b"(;GM[1]FF[4]SZ[9]C[a \\] b \\\\]RU[Japanese];B[ee]C[(;)]"
            b"(;W[cc];B[gg]C[x\\\\\\]y];W[dd])(;W[gc](;B[cg])(;B[dc])));")
    game = sgfmill_sgf.Sgf_game.from_bytes(data)
    main = len(game.get_main_sequence())
    nodes = sum(1 for _ in _walk(game.get_root()))
    scan(data, Limits(nodes=nodes, main_line=main, depth=3, values=100, escapes=100))
    with pytest.raises(TooLarge, match="main line"):
        scan(data, Limits(nodes=nodes, main_line=main - 1, depth=3))
    with pytest.raises(TooLarge, match="nodes"):
        scan(data, Limits(nodes=nodes - 1, main_line=main, depth=3))
    with pytest.raises(TooLarge, match="deep"):
        scan(data, Limits(nodes=nodes, main_line=main, depth=2))


def _walk(node: sgfmill_sgf.Tree_node) -> Iterator[sgfmill_sgf.Tree_node]:
    stack = [node]
    while stack:
        here = stack.pop()
        yield here
        stack.extend(here)


def test_replay_stops_at_the_first_illegal_move(tmp_path: Path) -> None:
    """A long record whose 10th move is illegal is refused naming move 10 (the report:
    10^6 random moves took 30 s to say so)."""
    data = b"(;SZ[9];B[ee];W[aa];B[bb];W[cc];B[dd];W[ff];B[gg];W[hh];B[ii];W[ee]" + \
        b";B[];W[]" * 4000 + b")"
    path = tmp_path / "illegal.sgf"
    path.write_bytes(data)
    engine = make_engine()
    before = snapshot(engine)
    message = fail(engine, f"loadsgf {path}")
    assert message == "cannot load file: move 10 is illegal (occupied)"
    assert snapshot(engine) == before


def test_gtp_and_score_refuse_the_first_report_at_once(tmp_path: Path) -> None:
    """The report's file, scaled down to just over the limit: `loadsgf` answers with the
    limit and the session goes on; `gtp-weiqi score` and the library say the same."""
    path = tmp_path / "p.sgf"
    path.write_bytes(passes(DEFAULT_LIMITS.main_line))
    done = subprocess.run([sys.executable, "-m", "gtp_weiqi"],
                          input=f"loadsgf {path}\nname\n".encode(), capture_output=True,
                          timeout=TIMEOUT)
    assert done.stdout.decode() == (
        "? cannot load file: too large: the main line has more than 10,000 nodes, the limit "
        "of moves\n\n= gtp_weiqi\n\n")
    assert b"Traceback" not in done.stderr
    scored = subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", str(path), "--lang",
                             "en"], capture_output=True, timeout=TIMEOUT)
    assert scored.returncode != 0 and b"Traceback" not in scored.stderr
    assert b"more than 10,000 nodes" in scored.stdout + scored.stderr
    with pytest.raises(RecordError, match="too large"):
        score_sgf(path)

"""The lead in our count: KataGo's ownership counted by the active method and put in the
relayed `scoreLead` / `scoreMean` (gtp_weiqi/ui/gtp/proxy/lead.py).  A stand-in back end
(tests/fake_katago.py) gives a known ownership map, always run; the real KataGo is in
test_proxy_katago.py.

The position: Black's wall on column E, White's on F, each owning its side; a lone Black
stone at H5 in White's area (ownership White's: dead).

    9 . . . . X O . . .
    ...
    5 . . . . X O . X .
    ...
    1 . . . . X O . . .
      A B C D E F G H J
"""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import ok

from gtp_weiqi.ui.gtp.commands import build_engine
from gtp_weiqi.ui.gtp.controller import Controller, SubprocessChannel
from gtp_weiqi.ui.gtp.engine import WeiqiEngine
from gtp_weiqi.ui.gtp.proxy.lead import lead_for, rewrite_line

FAKE = str(Path(__file__).resolve().parent / "fake_katago.py")
TIMEOUT = 30.0
WALLS = [f"{c} E{r}" if c == "b" else f"{c} F{r}" for r in range(1, 10) for c in "bw"]
# Black's ownership: columns A-E Black's, F-J White's (H5 included)
OWNERSHIP = [1.0 if col <= 4 else -1.0 for _row in range(9) for col in range(9)]


def fake(lead: float = 2.0) -> str:
    return shlex.join([sys.executable, FAKE, "--ownership", " ".join(map(str, OWNERSHIP)),
                       "--lead", str(lead)])


def margin_of(result: str) -> float:
    """B+1.5 -> 1.5, W+3 -> -3, 0 -> 0."""
    if result == "0":
        return 0.0
    sign = 1.0 if result[0] == "B" else -1.0
    return sign * float(result[2:])


def known_margin(rules: str, with_h5: bool = True, komi: float | None = None) -> float:
    """Black's margin of the position by our own final_score (no back end; the preset's
    komi unless given)."""
    engine = build_engine(9, rules, komi=komi)
    set_up(engine, with_h5)
    return margin_of(ok(engine, "final_score"))


def set_up(engine: WeiqiEngine, with_h5: bool = True) -> None:
    for move in [*WALLS, "b H5", "w pass"] if with_h5 else WALLS:
        ok(engine, f"play {move}")


def figures(line: str) -> list[tuple[str, float, float]]:
    """(move, scoreLead, scoreMean) of each candidate of a kata-analyze line."""
    return [(m.group(1), float(m.group(3)), float(m.group(2))) for m in re.finditer(
        r"info move (\S+) .*? scoreMean (\S+) .*? scoreLead (\S+)", line)]


@contextmanager
def served(*options: str) -> Iterator[tuple[Controller, SubprocessChannel]]:
    channel = SubprocessChannel([sys.executable, "-m", "gtp_weiqi", "--size", "9", *options,
                                 "--engine", fake()], numbered=True)
    controller = Controller(channel, "gtp-weiqi", TIMEOUT)
    try:
        yield controller, channel
    finally:
        controller.close(quick=True)


def first_report(channel: SubprocessChannel, command: str) -> str:
    lines: list[str] = []
    response = channel.stream(command, TIMEOUT, lambda start: None, lines.append,
                              lambda: bool(lines))
    assert response.ok, response
    return lines[0]


def test_the_lead_from_a_given_ownership_map_is_our_count() -> None:
    for rules in ("jihuozi", "jipingdian-natural-b", "chinese"):
        engine = build_engine(9, rules)
        set_up(engine)
        known = known_margin(rules)
        # the map from Black's view for Black, negated for White (KataGo's SIDETOMOVE)
        assert lead_for(engine.game, OWNERSHIP, 1) == pytest.approx(known)
        assert lead_for(engine.game, [-v for v in OWNERSHIP], 2) == pytest.approx(-known)
    # H5's stone is dead because its point is White's; were its point Black's, it would
    # live, and count 2 more under area counting (its point, and one less for White).
    engine = build_engine(9, "chinese")
    set_up(engine)
    alive_h5 = [1.0 if (row, col) == (4, 7) else OWNERSHIP[row * 9 + col]
                for row in range(9) for col in range(9)]
    assert lead_for(engine.game, alive_h5, 1) == lead_for(engine.game, OWNERSHIP, 1) + 2


def test_a_line_is_rewritten_root_shift_moves_ownership_and_sections_dropped() -> None:
    engine = build_engine(9, "jihuozi")
    set_up(engine)
    ours = known_margin("jihuozi")
    values = " ".join(map(str, OWNERSHIP))
    line = ("info move E5 visits 9 winrate 0.6 scoreMean 2.5 scoreStdev 9 scoreLead 2.5 "
            "order 0 pv E5 info move D4 visits 3 winrate 0.5 scoreMean 1.0 scoreStdev 9 "
            f"scoreLead 1.0 order 1 pv D4 rootInfo visits 12 scoreMean 2.0 scoreLead 2.0 "
            f"ownership {values}")
    rewritten = rewrite_line(line, engine.game, 1, keep=set())
    assert "ownership" not in rewritten  # not asked by the client
    # the root counted by us; each move KataGo's lead moved by the root's difference
    assert f"rootInfo visits 12 scoreMean {ours:.3f} scoreLead {ours:.3f}" in rewritten
    shift = ours - 2.0
    assert figures(rewritten) == [("E5", pytest.approx(2.5 + shift), pytest.approx(2.5 + shift)),
                                  ("D4", pytest.approx(1.0 + shift), pytest.approx(1.0 + shift))]
    assert rewrite_line(line, engine.game, 1, keep={"ownership"}).endswith(values)


def test_kata_analyze_through_the_proxy_carries_our_lead_under_jihuozi() -> None:
    ours = known_margin("jihuozi")
    with served("--rules", "jihuozi") as (controller, channel):
        for move in [*WALLS, "b H5", "w pass"]:
            controller.command("play", *move.split())
        line = first_report(channel, "kata-analyze b 5")
        assert "ownership" not in line  # added for our count, not relayed unasked
        (first, lead, mean), (second, lead2, _mean2) = figures(line)
        # no rootInfo: the best move's lead (2.0) is the root's; D4 is one less
        assert (first, second) == ("E5", "D4")
        assert lead == mean == pytest.approx(ours, abs=1e-3)
        assert lead2 == pytest.approx(ours - 1, abs=1e-3)
        line = first_report(channel, "kata-analyze w 5 ownership true movesOwnership true")
        assert " ownership " in line and " movesOwnership " in line
        # White's view.  E5 and D4 are occupied here, so their own ownership cannot be
        # counted after them: the root's difference serves (E5's lead is the root's).
        assert figures(line)[0][1] == pytest.approx(-ours, abs=1e-3)
        assert controller.command("name") == "gtp_weiqi (KataGo)"
        controller.command("quit")


def test_kata_analyze_keeps_katagos_figure_when_asked_or_under_area() -> None:
    for options in (("--rules", "jihuozi", "--engine-lead", "backend"), ("--rules", "chinese")):
        with served(*options) as (controller, channel):
            controller.command("play", "b", "E5")
            line = first_report(channel, "kata-analyze w 5")
            assert figures(line) == [("E5", 2.0, 2.0), ("D4", 1.0, 1.0)]
            assert "ownership" not in line
            controller.command("quit")


def test_a_move_with_its_own_ownership_is_counted_after_it() -> None:
    engine = build_engine(9, "jihuozi")
    set_up(engine)
    ok(engine, "undo")
    ok(engine, "undo")  # H5 and the pass gone: G5 is empty, and legal for Black
    # after G5, say, the G column is Black's: G5 lives, and the count changes with it
    after_g5 = [1.0 if col <= 4 or col == 6 else -1.0 for _row in range(9) for col in range(9)]
    values = " ".join(map(str, OWNERSHIP))
    line = ("info move G5 visits 9 scoreMean 5 scoreStdev 9 scoreLead 5 order 0 pv G5 "
            f"movesOwnership {' '.join(map(str, after_g5))} ownership {values}")
    rewritten = rewrite_line(line, engine.game, 1, keep={"movesOwnership"})
    after = build_engine(9, "jihuozi")
    for move in [*WALLS, "b G5"]:
        ok(after, f"play {move}")
    (_move, lead, mean), = figures(rewritten)
    counted = lead_for(after.game, after_g5, 1)
    assert counted != lead_for(engine.game, OWNERSHIP, 1)  # not the root's figure
    assert lead == mean == pytest.approx(counted, abs=1e-3)
    assert "movesOwnership" in rewritten and " ownership " not in rewritten


# -- Leela Zero's format, served from kata-analyze -------------------------------------------

# A move is a vertex or "pass", as Leela Zero itself writes it (KataGo lists a pass candidate
# when passing is among its choices).
LEELA_MOVE = r"(?:[A-HJ-T]\d+|pass)"
LEELA_CANDIDATE = (rf"info move ({LEELA_MOVE}) visits (\d+) winrate (\d+) prior (\d+) lcb (\d+) "
                   rf"scoreMean (\S+) order (\d+) pv ({LEELA_MOVE}(?: {LEELA_MOVE})*)")


def test_lz_analyze_is_served_from_kata_analyze_in_leela_zeros_format() -> None:
    ours = known_margin("jihuozi")
    with served("--rules", "jihuozi") as (controller, channel):
        listed = controller.command("list_commands").split("\n")
        assert {"lz-analyze", "lz-genmove_analyze"} <= set(listed)  # the back end has neither
        for move in [*WALLS, "b H5", "w pass"]:
            controller.command("play", *move.split())
        line = first_report(channel, "lz-analyze b 5")
        found = re.fullmatch(f"{LEELA_CANDIDATE} {LEELA_CANDIDATE}", line)
        assert found, line
        first, second = found.groups()[:8], found.groups()[8:]
        # win rate, prior and lcb in hundredths of a percent; our count's lead as scoreMean
        assert first == ("E5", "10", "6000", "4000", "5500", f"{ours:.3f}", "0", "E5 F6")
        assert second == ("D4", "9", "6000", "4000", "5500", f"{ours - 1:.3f}", "1", "D4 F6")
        controller.command("quit")


def test_lz_genmove_analyze_is_served_from_kata_genmove_analyze() -> None:
    with served("--rules", "chinese") as (controller, channel):
        lines: list[str] = []
        response = channel.stream("lz-genmove_analyze b 5", TIMEOUT, lambda start: None,
                                  lines.append, lambda: False)
        assert response.ok
        assert len(lines) == 2 and lines[1] == "play E5", lines
        # under area counting KataGo's own lead is the scoreMean
        assert re.fullmatch(f"{LEELA_CANDIDATE} {LEELA_CANDIDATE}", lines[0]), lines[0]
        assert " scoreMean 2.000000 " in lines[0]
        assert controller.command("printsgf").replace("\n", "").count(";B[ee]") == 1
        controller.command("quit")

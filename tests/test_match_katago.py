"""`gtp-weiqi match` with KataGo as a player: directly and behind the proxy (`gtp-weiqi
--engine "katago ..."`), under each family of presets, with time controls (KataGo gets its
own `kata-time_settings`), and as the judge engine of the referee.  Skipped without a KataGo
build (tests/support/katago.py); searches are kept to a few visits a move, and never more
than one KataGo runs at a time."""

from __future__ import annotations

import io
import json
import shlex
import sys
from pathlib import Path

import pytest
from conftest import gnugo
from sgfmill import sgf
from support.katago import katago_command, require_katago

from gtp_weiqi.ui.match.clock import TimeControl
from gtp_weiqi.ui.match.config import MatchConfig
from gtp_weiqi.ui.match.runner import run_match

FEW = 8  # visits a move in the family games: enough to play legal, sensible moves


def proxied(command: str, rules: str) -> str:
    """gtp-weiqi in front of `command` (proxy mode), under `rules`."""
    return shlex.join([sys.executable, "-m", "gtp_weiqi", "--rules", rules, "--engine",
                       command])


def finished(out: Path, games: int) -> list[dict]:
    records = [json.loads((out / f"game-{i:04d}.json").read_text()) for i in range(games)]
    for record in records:
        assert record["err"] == 0 and record["forfeit"] is None, record["err_msg"]
        sgf.Sgf_game.from_bytes((out / record["sgf"]).read_bytes())
    return records


def test_katago_plays_a_two_game_match_against_gnugo(tmp_path: Path) -> None:
    """KataGo (24 visits) against GNU Go level 1 on 9x9, colours alternating: two whole
    games, counted and recorded, each engine under its own label."""
    home = require_katago()
    out = tmp_path / "m"
    config = MatchConfig(katago_command(home), gnugo(), size=9, rules="chinese",
                         alternate=True, max_moves=200)
    summary = run_match(config, 2, out, stream=io.StringIO())
    assert summary["games"] == 2 and summary["errors"] == 0
    assert summary["labels"]["black_engine"].startswith("KataGo")
    assert summary["labels"]["white_engine"].startswith("GNU Go")
    records = finished(out, 2)
    assert {r["colours"]["B"] for r in records} == {"black_engine", "white_engine"}
    assert all(r["result"] != "?" and r["moves"] > 10 for r in records)


# Each family of presets once, KataGo directly or behind the proxy in turn (a KataGo start
# costs seconds: one game each keeps the file within a few minutes).
FAMILIES = [("tromp-taylor", False), ("chinese", True), ("japanese", False),
            ("stone-scoring", True), ("aga", False), ("ing", True), ("jihuozi", False),
            ("jipingdian-natural-a", True), ("jipingdian-art", False)]


@pytest.mark.parametrize(("rules", "behind_proxy"), FAMILIES)
def test_katago_plays_under_each_preset_family_with_a_clock(tmp_path: Path, rules: str,
                                                            behind_proxy: bool) -> None:
    """One short game (12 moves, then counted as it stands) under each family of rules,
    with --time: KataGo is told the rules (kata-set-rules) and the clock, in its own
    `kata-time_settings canadian 600 30 5` when it answers to it (directly) or
    time_settings, and plays every move legally under our rules."""
    home = require_katago()
    command = katago_command(home, visits=FEW)
    if behind_proxy:
        command = proxied(command, rules)
    out = tmp_path / "m"
    config = MatchConfig(command, gnugo(), size=9, rules=rules, max_moves=12,
                         time=TimeControl.parse("10m+30s/5"), gtp_log=True)
    summary = run_match(config, 1, out, stream=io.StringIO())
    assert summary["games"] == 1
    record = finished(out, 1)[0]
    assert record["moves"] == 12 or record["end"] != "limit"
    log = next((out / "gtplogs").glob("game-0000-B-*.log")).read_text()
    sent = [line[2:] for line in log.splitlines() if line.startswith("> ")]
    assert "kata-set-rules" in " ".join(sent) or behind_proxy
    clock = [line for line in sent if "time_settings" in line]
    assert clock, sent[:20]
    if not behind_proxy:
        assert clock[0] == "kata-time_settings canadian 600 30 5"
    else:
        assert clock[0] in ("kata-time_settings canadian 600 30 5", "time_settings 600 30 5")
    assert any(line.startswith("time_left b ") for line in sent)


def test_katago_as_the_judge_engine_of_a_match(tmp_path: Path) -> None:
    """--judge-engine: GNU Go against itself, KataGo giving the judgement's second opinion
    at the end of the game; the game is counted and recorded whole."""
    home = require_katago()
    out = tmp_path / "m"
    config = MatchConfig(gnugo(), gnugo(), size=9, rules="chinese", max_moves=200,
                         judge_engine=katago_command(home, visits=FEW))
    summary = run_match(config, 1, out, stream=io.StringIO())
    record = finished(out, 1)[0]
    assert summary["games"] == 1 and record["result"] != "?"
    assert not any("referee error" in note for note in record["notes"])
    assert json.loads((out / "match.json").read_text())["config"]["judge_engine"]

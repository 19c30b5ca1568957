"""The initial commands of configs/sabaki.md, sent through @sabaki/gtp as Sabaki sends them.

For every row of the table in configs/sabaki.md, tests/node/sabaki_initial.js starts the
engine, writes name / version / protocol_version / list_commands and the row's initial
commands in one batch, syncs the 7x7 worked example through ControllerStateTracker (komi,
boardsize, clear_board, 42 plays) and types the console commands the page documents.  The
rules the row promises must survive the sync, and the console must show the count of that
method: the same result the engine gives in-process.
"""

from __future__ import annotations

import json
import re

import pytest
from node_support import ROOT, engine_command, run_node_script

from gtp_weiqi.ui.gtp.commands import build_engine

SCRIPT = "sabaki_initial.js"
DOC = ROOT / "configs" / "sabaki.md"
TIMEOUT = 180

# The 7x7 worked example of docs/counting.md §2 as a game: White first, one capture each.
EXAMPLE_MOVES = ("Wb3 Bd6 We5 Bc4 Wf5 Bf2 Wa2 Bf6 Wc3 Bb4 Wc7 Be3 Wd2 Bg1 Wg6 Bb7 Wa3 Bf3 Wf7 "
                 "Bd3 Wf1 Bc2 We1 Bd7 Wb1 Bf4 We2 Bg2 We6 Ba4 We4 Bd4 Wc1 Bb6 Wd5 Bc5 Wg5 "
                 "Bg3 Wg4 Bc6 Wd1 Be7").split()
MOVES = [[m[0], m[1:].upper()] for m in EXAMPLE_MOVES]
ROW = re.compile(r"^\| `([^`]+)` \|[^|]*\| `([a-z_]+)` \|$")


def documented_profiles() -> list[tuple[str, str]]:
    """(initial commands, counting slug) for every row of the table in configs/sabaki.md."""
    rows = [ROW.match(line) for line in DOC.read_text(encoding="utf-8").splitlines()]
    return [(m.group(1), m.group(2)) for m in rows if m]


def console(slug: str) -> list[str]:
    return ["kata-get-rules", "weiqi-dead_stones C2", "weiqi-dead_stones show", "final_score",
            f"final_score_{slug}", "final_score_zikong", f"weiqi-gfx {slug}",
            f"weiqi-score {slug}"]


def in_process(commands: str, slug: str) -> str:
    """final_score for the same game, rules and marks, without Sabaki."""
    engine = build_engine(7)
    for cmd in [c for c in commands.split(";") if c.strip()] + ["komi 0"]:
        assert engine.handle_line(cmd)[0].startswith("=")
    for colour, vertex in MOVES:
        assert engine.handle_line(f"play {colour} {vertex}")[0].startswith("=")
    assert engine.handle_line("weiqi-dead_stones C2")[0].startswith("=")
    out = engine.handle_line(f"final_score_{slug}")[0]
    assert out.startswith("= ")
    return out[2:].strip()


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str, dict]]:
    profiles = documented_profiles()
    path, args = engine_command()
    run = {"engine": {"path": path, "args": args},
           "profiles": [{"commands": c, "console": console(s)} for c, s in profiles],
           "size": 7, "komi": 0, "moves": MOVES}
    spec = tmp_path_factory.mktemp("sabaki") / "run.json"
    results = run_node_script(SCRIPT, run, spec, TIMEOUT)["profiles"]
    assert len(results) == len(profiles)
    return [(c, s, r) for (c, s), r in zip(profiles, results, strict=True)]


def test_the_page_documents_every_family_of_methods() -> None:
    slugs = {s for _, s in documented_profiles()}
    assert {"jihuozi", "shulu", "jipingdian", "dengzi", "area", "territory"} <= slugs
    assert all(c.startswith("kata-set-rules ") for c, _ in documented_profiles())


def test_initial_commands_succeed_and_the_sync_goes_through(runs) -> None:
    for commands, _, r in runs:
        assert r["ok"], (commands, r["errors"])
        assert [x for x in r["initial"] if x["error"]] == [], commands
        assert len(r["initial"]) == len([c for c in commands.split(";") if c.strip()])
        failed = [e for e in r["transcript"] if e.get("error")]
        assert failed == [], (commands, failed)
        sent = [e["command"] for e in r["transcript"]]
        assert "komi 0" in sent and "boardsize 7" in sent
        assert sum(c.startswith("play ") for c in sent) == len(MOVES)


def test_rules_chosen_by_initial_commands_survive_the_sync(runs) -> None:
    for commands, slug, r in runs:
        rules = json.loads(r["console"][0]["content"])
        assert rules["counting"] == slug, commands


def test_console_shows_the_count_of_the_chosen_method(runs) -> None:
    for commands, slug, r in runs:
        answers = {c["command"]: c for c in r["console"]}
        assert all(not c["error"] for c in r["console"]), (commands, r["console"])
        assert answers["weiqi-dead_stones show"]["content"] == "C2"
        result = answers["final_score"]["content"]
        assert result == answers[f"final_score_{slug}"]["content"]
        assert result == in_process(commands, slug), commands
        assert answers["final_score_zikong"]["content"] == "W+1"
        gfx = answers[f"weiqi-gfx {slug}"]["content"].split("\n")
        assert gfx[0].split(" ")[0] in {"COLOR", "BLACK", "WHITE", "SQUARE", "MARK", "TRIANGLE",
                                        "CIRCLE", "VAR", "LABEL", "TEXT"}
        assert any(line.startswith(f"TEXT [{slug}] ") and line.endswith(f"({result})")
                   for line in gfx), gfx
        detail = json.loads(answers[f"weiqi-score {slug}"]["content"])
        assert detail["methods"][0]["result"] == result


def test_documented_results_of_the_worked_example(runs) -> None:
    results = {commands: {c["command"]: c["content"] for c in r["console"]}["final_score"]
               for commands, _, r in runs}
    assert results["kata-set-rules jihuozi"] == "B+1"
    assert results["kata-set-rules jipingdian-natural-b"] == "W+1"
    assert results["kata-set-rules chinese"] == "W+1"

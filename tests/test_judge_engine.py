"""A strong engine's second opinion on the dead stones (judgement/second_opinion.py, the
rule; ui/gtp/judge_engine.py, the engine over the GTP client).

Against a fake ownership back end (tests/fake_ownership_engine.py: always run) and the
real KataGo (support/katago.py: skipped without a build).  The position of most tests,
9x9, Black's wall on D and White's on F, E between them dame, a White stone at B5 in
Black's area and a Black one at H5 in White's, both dead to our judgement:

    9 . . . X . O . . .
    8 . . . X . O . . .
    7 . . . X . O . . .
    6 . . . X . O . . .
    5 . O . X . O . X .
    4 . . . X . O . . .
    3 . . . X . O . . .
    2 . . . X . O . . .
    1 . . . X . O . . .
      A B C D E F G H J
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from conftest import game_from_diagram, make_engine, ok, pt
from support.katago import katago_command, require_katago

from gtp_weiqi.core.game import Game
from gtp_weiqi.judgement import DEAD, judge
from gtp_weiqi.judgement.second_opinion import (
    CONFIDENT,
    OpinionJudge,
    OpinionReport,
    OpinionUnavailable,
    combine,
)
from gtp_weiqi.ui.gtp.engine import WeiqiEngine
from gtp_weiqi.ui.gtp.judge_engine import (
    EngineOwnership,
    attach,
    parse_raw_nn,
    parse_search,
    position_commands,
)

ROOT = Path(__file__).resolve().parent.parent
FAKE = f"{sys.executable} {Path(__file__).resolve().parent / 'fake_ownership_engine.py'}"
TIMEOUT = 60.0

WALLS = """
    . . . X . O . . .
    . . . X . O . . .
    . . . X . O . . .
    . . . X . O . . .
    . O . X . O . X .
    . . . X . O . . .
    . . . X . O . . .
    . . . X . O . . .
    . . . X . O . . .
"""
MOVES = [f"play {c} {col}{r}" for r in range(1, 10) for c, col in (("b", "D"), ("w", "F"))]
MOVES += ["play b H5", "play w B5", "play b pass", "play w pass"]


class Table:
    """An ownership source from a table (point -> +1 Black ... -1 White); counts its
    questions, and fails when told."""

    name = "Table"

    def __init__(self, ownership: Mapping[int, float] | None, fail: str | None = None
                 ) -> None:
        self.table = ownership
        self.fail = fail
        self.asked = 0

    def ownership(self, game: Game) -> Mapping[int, float] | None:
        self.asked += 1
        if self.fail is not None:
            raise OpinionUnavailable(self.fail)
        return self.table


def stones_owned(game: Game, **points: float) -> dict[int, float]:
    """Every stone owned by its colour at 0.95, points named (B5=-0.3) as given."""
    board = game.board
    table = {p: 0.95 if board.colour[p] == 1 else -0.95 if board.colour[p] == 2 else 0.0
             for p in board.points}
    for vertex, value in points.items():
        p = pt(game, vertex)
        assert p is not None
        table[p] = value
    return table


def walls(rules: str = "chinese") -> Game:
    return game_from_diagram(WALLS, rules, komi=0)


def status_of(report: OpinionReport, game: Game, vertex: str) -> str:
    p = pt(game, vertex)
    assert p is not None
    if any(p in s for s in report.unclear):
        return "unclear"
    return report.status[p]


# -- the rule, on the domain's own (no engine) -----------------------------------------------

def test_ours_says_both_lone_stones_dead() -> None:
    game = walls()
    report = judge(game.board)
    assert report.status[pt(game, "B5")] == DEAD  # type: ignore[index]
    assert report.status[pt(game, "H5")] == DEAD  # type: ignore[index]
    assert report.unclear == []


def test_agreement_is_the_verdict_with_no_view_kept() -> None:
    game = walls()
    own = judge(game.board)
    combined = combine(game.board, own, stones_owned(game, B5=0.9, H5=-0.9), engine="T")
    assert combined.views == {}
    assert combined.status == own.status and combined.unclear == []
    assert combined.owner == own.owner


def test_a_disagreement_the_engine_is_unsure_of_is_unclear_with_both_views() -> None:
    game = walls()
    combined = combine(game.board, judge(game.board), stones_owned(game, B5=-0.3, H5=-0.9),
                       engine="T")
    assert status_of(combined, game, "B5") == "unclear"
    assert status_of(combined, game, "H5") == DEAD
    (stones, view), = combined.views.items()
    assert stones == (pt(game, "B5"),)
    assert (view.ours, view.engine, view.verdict) == ("dead", "alive", "unclear")
    assert view.describe("KataGo") == "ours dead, KataGo alive (0.30 sure)"


def test_a_confident_engine_decides_a_disagreement() -> None:
    game = walls()
    combined = combine(game.board, judge(game.board), stones_owned(game, B5=-0.9, H5=-0.9),
                       engine="T")
    assert status_of(combined, game, "B5") == "alive"
    assert status_of(combined, game, "H5") == DEAD
    assert combined.views[(pt(game, "B5"),)].verdict == "alive"  # type: ignore[index]
    # the owners follow: B5 alive makes its neighbours nobody's (it touches Black's area)
    a5 = pt(game, "A5")
    assert combined.owner[a5] == "public"  # type: ignore[index]


def test_the_threshold_is_the_rules_edge() -> None:
    game = walls()
    own = judge(game.board)
    just = combine(game.board, own, stones_owned(game, B5=-CONFIDENT, H5=-0.9))
    below = combine(game.board, own, stones_owned(game, B5=-(CONFIDENT - 0.01), H5=-0.9))
    never = combine(game.board, own, stones_owned(game, B5=-1.0, H5=-0.9), confident=None)
    assert status_of(just, game, "B5") == "alive"
    assert status_of(below, game, "B5") == "unclear"
    assert status_of(never, game, "B5") == "unclear"


def test_benson_is_never_overruled() -> None:
    """A Black corner pass-alive with two eyes, a White stone dead inside it: the engine
    saying otherwise, however sure, changes nothing."""
    game = game_from_diagram("""
        . X . X O . .
        X X X X O . .
        . . O X O . .
        X X X X O . .
        O O O O O . .
        . . . . . . .
        . . . . . . .
    """, "chinese", komi=0)
    own = judge(game.board)
    c5 = pt(game, "C5")
    assert own.status[c5] == DEAD  # type: ignore[index]
    table = {p: -1.0 for p in game.board.points}  # White owns everything, surely
    combined = combine(game.board, own, table)
    assert combined.status[c5] == DEAD  # type: ignore[index]
    assert combined.status[pt(game, "D7")] == "alive"  # type: ignore[index]
    assert not any(c5 in s or pt(game, "D7") in s for s in combined.views)


def test_the_judge_asks_once_per_position_and_says_why_an_engine_failed() -> None:
    game = walls()
    source = Table(None, fail="engine died (killed by SIGKILL)")
    said: list[str] = []
    opinion = OpinionJudge(source, on_problem=said.append)
    first = opinion.report(game)
    opinion.report(game)
    assert isinstance(first, OpinionReport)
    assert first.failure == "engine died (killed by SIGKILL)"
    assert first.status == judge(game.board).status  # our own judgement, whole
    assert len(said) == 1 and "Table gave no second opinion" in said[0]
    good = OpinionJudge(Table(stones_owned(game, B5=0.9, H5=-0.9)))
    good.report(game)
    good.report(game)
    assert good.source.asked == 1  # type: ignore[attr-defined]


def test_no_opinion_for_a_game_leaves_the_report_ours() -> None:
    game = walls()
    opinion = OpinionJudge(Table(None))
    assert not isinstance(opinion.report(game), OpinionReport)


# -- reading KataGo's answers --------------------------------------------------------------

def test_raw_nn_blocks_are_averaged_and_turned_to_blacks_view() -> None:
    text = ("symmetry 0\nwhiteOwnership\n0.5 -1.0\n0.0 0.2\n"
            "symmetry 1\nwhiteOwnership\n0.7 -1.0\n0.0 0.4\n")
    grid = parse_raw_nn(text, 2, 2)
    assert grid[(1, 0)] == pytest.approx(-0.6)  # top-left, white's 0.6
    assert grid[(1, 1)] == pytest.approx(1.0)
    assert grid[(0, 1)] == pytest.approx(-0.3)
    with pytest.raises(ValueError):
        parse_raw_nn("symmetry 0\nwhiteOwnership\n0.1 0.2\n", 2, 2)


def test_search_ownership_is_for_the_side_to_move() -> None:
    text = "info move A1 visits 3 pv A1 ownership 0.5 -0.5 0.25 -0.25"
    assert parse_search(text, 2, 2, 1)[(1, 0)] == pytest.approx(0.5)
    assert parse_search(text, 2, 2, 2)[(1, 0)] == pytest.approx(-0.5)
    with pytest.raises(ValueError):
        parse_search("info move A1 visits 3", 2, 2, 1)


def test_the_engine_is_set_up_with_the_game_and_its_rules() -> None:
    engine = make_engine(9, "chinese")
    for line in ("komi 6.5", "fixed_handicap 2", "play w E5", "play b pass"):
        ok(engine, line)
    lines = position_commands(engine.game, {"kata-set-rules"})
    assert lines[:3] == ["boardsize 9", "clear_board", "komi 6.5"]
    assert lines[3].startswith("kata-set-rules ")
    assert lines[4:] == ["set_free_handicap C3 G7", "play w E5", "play b pass"]


# -- against the fake ownership back end ---------------------------------------------------

@pytest.fixture
def judged() -> Iterator[tuple[WeiqiEngine, list[str]]]:
    """A factory's result: the engine with the fake as its judge engine (arguments given
    by the test through `start`), and what it reported."""
    started: list[EngineOwnership] = []
    said: list[str] = []

    def start(*fake_args: str) -> WeiqiEngine:
        source = EngineOwnership.start(f"{FAKE} {' '.join(fake_args)}", timeout=TIMEOUT)
        started.append(source)
        engine = make_engine(9, "chinese", komi=0)
        attach(engine, source, said.append)
        for line in MOVES:
            ok(engine, line)
        return engine

    yield start, said  # type: ignore[misc]
    for source in started:
        source.close()


def test_gtp_agreement(judged) -> None:  # type: ignore[no-untyped-def]
    start, said = judged
    engine = start("--own B5=0.9", "--own H5=-0.9")
    assert ok(engine, "final_status_list dead").split() == ["B5", "H5"]
    assert ok(engine, "final_score") == "0"
    assert ok(engine, "weiqi-unclear") == ""
    assert ok(engine, "weiqi-second_opinion") == ""
    assert said == []


def test_gtp_disagreement_is_unclear_with_both_views(judged) -> None:  # type: ignore[no-untyped-def]
    start, _said = judged
    engine = start("--own B5=-0.3", "--own H5=-0.9")
    assert ok(engine, "final_status_list dead") == "H5"
    assert ok(engine, "final_status_list unclear") == "B5"
    # the first line is the string (a line of open points may follow: B5 left standing
    # touches Black's area)
    assert ok(engine, "weiqi-unclear").split("\n")[0] == (
        "B5 second opinion: ours dead, FakeOwner alive (0.30 sure)")
    assert ok(engine, "weiqi-second_opinion") == (
        "B5 ours dead, FakeOwner alive (0.30 sure) -> unclear")
    answer = engine.handle_line("final_score\n")[0]
    assert answer == "? cannot score: unclear B5\n\n"  # it changes the winner


def test_gtp_confident_override(judged) -> None:  # type: ignore[no-untyped-def]
    start, _said = judged
    engine = start("--own B5=-0.9", "--own H5=-0.9")
    assert ok(engine, "final_status_list dead") == "H5"
    assert ok(engine, "final_status B5") == "alive"
    # B5 alive leaves A-C nobody's (it touches Black's area): Black 9, White 36 + B5
    assert ok(engine, "final_score") == "W+28"
    assert ok(engine, "weiqi-second_opinion") == (
        "B5 ours dead, FakeOwner alive (0.90 sure) -> alive")


def test_gtp_search_answers_too(judged) -> None:  # type: ignore[no-untyped-def]
    start, _said = judged
    engine = start("--search", "--own B5=-0.9", "--own H5=-0.9")
    assert ok(engine, "final_status_list dead") == "H5"


def test_gtp_a_dead_judge_engine_is_reported_and_the_count_is_ours(judged) -> None:  # type: ignore[no-untyped-def]
    start, said = judged
    engine = start("--die-after 1", "--own B5=-0.9")
    assert ok(engine, "final_score") == "0"  # our judgement: both lone stones dead
    assert ok(engine, "final_status_list dead").split() == ["B5", "H5"]
    assert ok(engine, "weiqi-second_opinion").startswith("unavailable: engine died")
    assert len(said) == 1 and "gave no second opinion (engine died" in said[0]
    assert "counting from our own judgement alone" in said[0]


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gtp_weiqi", *args], input=stdin,
                          capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT,
                          check=False)


def test_the_command_line_option() -> None:
    script = "\n".join(["boardsize 9", "komi 0", *MOVES, "final_score",
                        "weiqi-second_opinion", "quit"]) + "\n"
    done = run_cli("--rules", "chinese", "--judge-engine",
                   f"{FAKE} --own B5=-0.9 --own H5=-0.9", stdin=script)
    assert done.returncode == 0, done.stderr
    assert "= W+28\n" in done.stdout
    assert "B5 ours dead, FakeOwner alive (0.90 sure) -> alive" in done.stdout
    bad = run_cli("--judge-engine", f"{FAKE} --name X", stdin="quit\n")
    assert bad.returncode == 0  # the fake lists kata-raw-nn: accepted
    refused = run_cli("--judge-engine", f"{sys.executable} -c pass", stdin="quit\n")
    assert refused.returncode == 2 and "cannot use the judge engine" in refused.stderr


def write_walls(path: Path) -> Path:
    """The game of MOVES as an SGF file at `path`."""
    def sgf_point(vertex: str) -> str:
        if vertex == "pass":
            return ""
        return "abcdefghi"["ABCDEFGHJ".index(vertex[0])] + "abcdefghi"[9 - int(vertex[1:])]

    body = "".join(f";{c.upper()}[{sgf_point(m)}]"
                   for c, m in (line.split()[1:] for line in MOVES))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"(;GM[1]FF[4]SZ[9]KM[0]RU[Chinese]{body})")
    return path


def test_score_with_a_judge_engine(tmp_path: Path) -> None:
    sgf = write_walls(tmp_path / "walls.sgf")
    done = subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", str(sgf),
                           "--judge-engine", f"{FAKE} --own B5=-0.9 --own H5=-0.9"],
                          capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "second opinion: B5: ours dead, FakeOwner alive (0.90 sure) -> alive" in done.stderr
    assert "W+28" in done.stdout


def _running(marker: str) -> list[int]:
    """The processes whose command line holds `marker`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_batch_with_a_judge_engine(tmp_path: Path, workers: str) -> None:
    """Each worker starts the engine once; every row says what it said; the summary counts
    the games it was asked about; no engine is left running."""
    for name in ("a", "b", "c"):
        write_walls(tmp_path / "games" / f"{name}.sgf")
    marker = f"FakeBatch{os.getpid()}w{workers}"
    done = subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", "games", "--lang", "en",
                           "--workers", workers, "--jsonl", "rows.jsonl", "--judge-engine",
                           f"{FAKE} --own B5=-0.9 --own H5=-0.9 --name {marker}"],
                          capture_output=True, text=True, timeout=TIMEOUT, cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), check=False)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in (tmp_path / "rows.jsonl").read_text().splitlines()]
    assert [r["result"] for r in rows] == ["W+28"] * 3
    for row in rows:
        assert row["second_opinion"] == {
            "engine": marker, "failure": None,
            "strings": [{"string": ["B5"], "ours": "dead", "engine": "alive",
                         "sureness": 0.9, "verdict": "alive"}]}
    assert f"second opinion ({marker}): 3 games, strings to decide in 3" in done.stdout
    assert _running(marker) == []


def test_a_batch_whose_judge_engine_dies_counts_on_and_says_so(tmp_path: Path) -> None:
    """The net is asked once per symmetry, eight questions a game: the engine dies on the
    second game, which is counted from our judgement alone, its row saying why."""
    write_walls(tmp_path / "games" / "a.sgf")
    second = write_walls(tmp_path / "games" / "b.sgf")  # another komi: asked again
    second.write_text(second.read_text().replace("KM[0]", "KM[1]"))
    done = subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", "games", "--lang", "en",
                           "--workers", "1", "--jsonl", "rows.jsonl", "--judge-engine",
                           f"{FAKE} --own B5=-0.9 --die-after 9", "--method", "area"],
                          capture_output=True, text=True, timeout=TIMEOUT, cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), check=False)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in (tmp_path / "rows.jsonl").read_text().splitlines()]
    assert [r["second_opinion"]["failure"] is None for r in rows] == [True, False]
    assert [r["dead"] for r in rows] == [[], ["B5", "H5"]]  # the engine's view, then ours
    assert "second opinion unavailable for 1 games: " in done.stdout


@pytest.mark.parametrize(("option", "message"), [
    ([f"{sys.executable} -c pass"], "cannot use the judge engine"),
    ([f"{FAKE}", "--dask", "local"], "--judge-engine: not with --dask"),
])
def test_a_batch_refuses_a_judge_engine_it_cannot_use(tmp_path: Path, option: list[str],
                                                      message: str) -> None:
    write_walls(tmp_path / "games" / "a.sgf")
    done = subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", "games", "--jsonl",
                           "rows.jsonl", "--judge-engine", *option],
                          capture_output=True, text=True, timeout=TIMEOUT, cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), check=False)
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert not (tmp_path / "rows.jsonl").exists()


@pytest.mark.parametrize("front", [[], ["score"], ["match", "--black", "gnugo", "--white",
                                                     "gnugo"]])
@pytest.mark.parametrize("option, message", [
    (["--judge-visits", "-1"], "--judge-visits must be 0 or more"),
    (["--judge-engine", " "], "--judge-engine: no command given"),
])
def test_every_front_refuses_the_same_bad_judge_options(front: list[str], option: list[str],
                                                         message: str, tmp_path: Path) -> None:
    """The engine, `score` and `match` share one definition of the options: the same bad
    value is refused by each, with the same words, before anything starts."""
    sgf = tmp_path / "walls.sgf"
    sgf.write_text("(;GM[1]FF[4]SZ[9]KM[0];B[ee])")
    where = [str(sgf)] if front == ["score"] else ["--out", str(tmp_path)] if front else []
    done = subprocess.run([sys.executable, "-m", "gtp_weiqi", *front, *where, *option],
                          input="quit\n", capture_output=True, text=True, timeout=TIMEOUT,
                          cwd=ROOT, check=False)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert message in done.stderr
    assert done.stdout == ""


def test_proxy_asks_a_back_end_that_reports_ownership() -> None:
    from gtp_weiqi.ui.gtp.proxy import start_proxy

    engine = make_engine(9, "chinese", komi=0)
    proxy = start_proxy(engine, f"{FAKE} --own B5=-0.9 --own H5=-0.9", timeout=TIMEOUT,
                        forward_stderr=False)
    try:
        for line in MOVES:
            ok(engine, line)
        assert ok(engine, "final_status_list dead") == "H5"
        assert ok(engine, "weiqi-second_opinion") == (
            "B5 ours dead, FakeOwner alive (0.90 sure) -> alive")
    finally:
        proxy.close()


NOT_LOADED = """
import atexit, runpy, sys
def check():
    loaded = sorted(m for m in sys.modules
                    if m.endswith(("second_opinion", "judge_engine")))
    sys.stderr.write("LOADED " + repr(loaded) + "\\n")
atexit.register(check)
sys.argv = ["gtp-weiqi", *sys.argv[1:]]
runpy.run_module("gtp_weiqi", run_name="__main__")
"""


@pytest.mark.parametrize("args", [[], ["--engine", f"{sys.executable} -m gtp_weiqi"]],
                         ids=["own", "proxy-without-ownership"])
def test_without_an_ownership_engine_nothing_of_it_is_imported(args: list[str]) -> None:
    script = "\n".join(["boardsize 9", "komi 0", *MOVES, "final_score",
                        "final_status_list dead", "weiqi-unclear", "quit"]) + "\n"
    done = subprocess.run([sys.executable, "-c", NOT_LOADED, "--rules", "chinese", *args],
                          input=script, capture_output=True, text=True, timeout=TIMEOUT,
                          cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    assert "= 0\n" in done.stdout
    assert "LOADED []" in done.stderr, done.stderr
    assert "weiqi-second_opinion" not in done.stdout


# -- against the real KataGo (skipped without a build) --------------------------------------

def test_katago_as_judge_engine_agrees_on_a_clear_position() -> None:
    home = require_katago()
    source = EngineOwnership.start(katago_command(home), timeout=TIMEOUT)
    try:
        engine = make_engine(9, "chinese", komi=0)
        said: list[str] = []
        attach(engine, source, said.append)
        for line in MOVES:
            ok(engine, line)
        assert ok(engine, "final_status_list dead").split() == ["B5", "H5"]
        assert ok(engine, "weiqi-second_opinion") == ""
        assert ok(engine, "final_score") == "0"
        assert said == []
        assert source.name.startswith("KataGo")
    finally:
        source.close()


def test_katago_search_gives_black_ownership() -> None:
    home = require_katago()
    source = EngineOwnership.start(katago_command(home), visits=8, timeout=TIMEOUT)
    try:
        game = walls()
        for line in ("b pass", "w pass"):
            colour, vertex = line.split()
            game.play(1 if colour == "b" else 2, None)
        owned = source.ownership(game)
        a1, j1 = pt(game, "A1"), pt(game, "J1")
        assert owned[a1] > 0.5 > -0.5 > owned[j1]  # type: ignore[index]
        assert owned[pt(game, "B5")] > 0.5  # type: ignore[index]  # the dead White stone
    finally:
        source.close()


def test_katago_as_the_judge_engine_of_a_batch(tmp_path: Path) -> None:
    """Two workers, each with its own KataGo: both games counted with its opinion (it
    agrees: nothing to decide), and no KataGo left running."""
    home = require_katago()
    for name in ("a", "b"):
        write_walls(tmp_path / "games" / f"{name}.sgf")
    command = katago_command(home)
    before = set(_running(command.split()[0]))  # another KataGo of the machine's is no leak
    done = subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", "games", "--lang", "en",
                           "--workers", "2", "--method", "area", "--jsonl", "rows.jsonl",
                           "--judge-engine", command],
                          capture_output=True, text=True, timeout=TIMEOUT * 3, cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), check=False)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in (tmp_path / "rows.jsonl").read_text().splitlines()]
    for row in rows:
        opinion = row["second_opinion"]
        assert opinion["engine"].startswith("KataGo") and opinion["failure"] is None, opinion
        assert row["dead"] == ["B5", "H5"] and row["result"] == "0"
    # every worker's KataGo has quit
    assert set(_running(command.split()[0])) - before == set()

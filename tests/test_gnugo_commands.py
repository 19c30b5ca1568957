"""GNU Go's command set and the referees' extensions, as transcripts: list_stones, captures,
is_legal, all_legal, move_history, estimate_score, level, top_moves_*, cputime (GoGui's),
gomill-cpu_time, gomill-describe_engine, gogui-interrupt and stop; printsgf's RE.  Where GNU
Go has the command, the answers are compared with the installed GNU Go's own on the same game."""

from __future__ import annotations

import random
import re
import sys
import time
from pathlib import Path

import pytest
from conftest import fail, gnugo_path, make_engine, ok, snapshot, transcript
from sgfmill import sgf

from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.player import default_playouts
from gtp_weiqi.ui.gtp.controller import Controller, SubprocessChannel
from gtp_weiqi.ui.gtp.engine import WeiqiEngine

NEW_COMMANDS = ("list_stones", "captures", "is_legal", "all_legal", "move_history",
                "estimate_score", "level", "top_moves_black", "top_moves_white",
                "cputime", "gomill-cpu_time", "gomill-describe_engine", "gogui-interrupt", "stop")
VERTEX = r"[A-HJ-Z]\d{1,2}"


def test_every_new_command_is_listed_and_known(engine: WeiqiEngine) -> None:
    listed = ok(engine, "list_commands").split("\n")
    for name in NEW_COMMANDS:
        assert name in listed
        assert ok(engine, f"known_command {name}") == "true"
    assert ok(engine, "known_command top_moves") == "false"  # GNU Go's, not offered here


# -- list_stones, captures ------------------------------------------------------------------------


def test_list_stones_lists_each_colour_from_the_top_row_down(engine: WeiqiEngine) -> None:
    data = (b"fixed_handicap 4\nlist_stones black\nlist_stones white\nplay w e5\nplay w a1\n"
            b"list_stones white\nlist_stones b\nlist_stones WHITE\n")
    assert transcript(engine, data) == (
        b"= C3 G7 C7 G3\n\n= C7 G7 C3 G3\n\n= \n\n= \n\n= \n\n= E5 A1\n\n"
        b"= C7 G7 C3 G3\n\n= E5 A1\n\n")


def test_captures_counts_the_stones_each_colour_took(engine: WeiqiEngine) -> None:
    # White's C4 is taken by Black's B4 (surrounded by B4 D4 C5 C3).
    for move in ("b c3", "w c4", "b d4", "w e6", "b c5", "w e4", "b b4"):
        ok(engine, f"play {move}")
    assert transcript(engine, b"captures black\ncaptures w\n1 captures white\n") == \
        b"= 1\n\n= 0\n\n=1 0\n\n"


@pytest.mark.parametrize("line, error", [
    ("list_stones", "syntax error: wrong number of arguments"),
    ("list_stones empty", "syntax error: invalid color 'empty'"),
    ("list_stones b w", "syntax error: wrong number of arguments"),
    ("captures", "syntax error: wrong number of arguments"),
    ("captures x", "syntax error: invalid color 'x'"),
])
def test_list_stones_and_captures_errors(engine: WeiqiEngine, line: str, error: str) -> None:
    ok(engine, "play b e5")
    before = snapshot(engine)
    assert fail(engine, line) == error
    assert snapshot(engine) == before


# -- is_legal, all_legal ---------------------------------------------------------------------------


def test_is_legal_answers_as_play_would() -> None:
    engine = make_engine(size=5, rules="chinese")
    # Black takes the ko at C3 ... White may not retake at once (simple ko).
    for move in ("b b3", "w c3", "b c2", "w d2", "b c4", "w d4", "b pass", "w e3", "b d3"):
        ok(engine, f"play {move}")
    data = (b"is_legal w c3\nis_legal w a1\nis_legal w d3\nis_legal b pass\nis_legal W C3\n"
            b"1 is_legal b b3\n")
    assert transcript(engine, data) == b"= 0\n\n= 1\n\n= 0\n\n= 1\n\n= 0\n\n=1 0\n\n"


def test_all_legal_lists_the_points_play_accepts() -> None:
    engine = make_engine(size=3, rules="chinese")
    for move in ("b a2", "w c3", "b b1"):
        ok(engine, f"play {move}")
    # A1 would be White suicide (forbidden); Black may fill its own point there.
    assert ok(engine, "all_legal black") == "A3 B3 B2 C2 A1 C1"
    assert ok(engine, "all_legal w") == "A3 B3 B2 C2 C1"


def test_nothing_is_legal_once_the_game_is_over() -> None:
    engine = make_engine(size=5, rules="jihuozi")
    for _ in range(2):
        ok(engine, "play b pass")
        ok(engine, "play w pass")  # four virtual moves under one pattern end the game
    assert fail(engine, "play b c3").startswith("game is over")
    assert ok(engine, "is_legal b c3") == "0"
    assert ok(engine, "is_legal b pass") == "0"
    assert ok(engine, "all_legal b") == ""


@pytest.mark.parametrize("line, error", [
    ("is_legal", "syntax error: wrong number of arguments"),
    ("is_legal b", "syntax error: wrong number of arguments"),
    ("is_legal x e5", "syntax error: invalid color 'x'"),
    ("is_legal b z9", "syntax error"),
    ("is_legal b e10", "syntax error"),
    ("all_legal", "syntax error: wrong number of arguments"),
    ("all_legal blue", "syntax error: invalid color 'blue'"),
])
def test_legality_errors(engine: WeiqiEngine, line: str, error: str) -> None:
    before = snapshot(engine)
    assert fail(engine, line).startswith(error)
    assert snapshot(engine) == before


# -- move_history ---------------------------------------------------------------------------------


def test_move_history_lists_the_moves_last_first_without_the_handicap(
        engine: WeiqiEngine) -> None:
    assert transcript(engine, b"move_history\nfixed_handicap 2\nmove_history\n") == \
        b"= \n\n= C3 G7\n\n= \n\n"
    for move in ("w e5", "b pass", "w d4"):
        ok(engine, f"play {move}")
    assert transcript(engine, b"7 move_history\n") == \
        b"=7 white D4\nblack PASS\nwhite E5\n\n"
    ok(engine, "undo")
    assert ok(engine, "move_history") == "black PASS\nwhite E5"
    assert fail(engine, "move_history 3") == "syntax error: wrong number of arguments"


# -- the same game through GNU Go ------------------------------------------------------------------


def random_game(size: int, moves: int, seed: int) -> list[tuple[str, str]]:
    """A legal game under simple ko with suicide forbidden (GNU Go's defaults), with
    captures and passes: random moves on a small board, a pass now and then."""
    engine = make_engine(size=size, rules="chinese")
    rng = random.Random(seed)
    played: list[tuple[str, str]] = []
    colour = "black"
    for _ in range(moves):
        legal = ok(engine, f"all_legal {colour}").split()
        vertex = "pass" if not legal or rng.random() < 0.05 else rng.choice(legal)
        ok(engine, f"play {colour} {vertex}")
        played.append((colour, vertex))
        colour = "white" if colour == "black" else "black"
    return played


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_board_queries_answer_as_gnu_go_does(seed: int) -> None:
    """list_stones, captures, is_legal, all_legal and move_history after every move of a game
    with captures, against the installed GNU Go's answers on the same game."""
    size = 7
    game = random_game(size, 70, seed)
    ours = make_engine(size=size, rules="chinese")
    with Controller.start([gnugo_path(), "--mode", "gtp"], "GNU Go", 60.0) as gnugo:
        for engine_answer in (gnugo.command("boardsize", str(size)),
                              ok(ours, f"boardsize {size}")):
            assert engine_answer == ""
        gnugo.command("clear_board")
        queries = ["list_stones black", "list_stones white", "captures black",
                   "captures white", "move_history"]
        captured = 0
        for n, (colour, vertex) in enumerate(game):
            gnugo.command("play", colour, vertex)
            ok(ours, f"play {colour} {vertex}")
            for query in queries + (["all_legal black", "all_legal white"] if n % 7 == 0
                                    else []):
                assert ok(ours, query) == gnugo.command(*query.split()), (n, query)
            captured = int(ok(ours, "captures black")) + int(ok(ours, "captures white"))
        for vertex in ("A1", "D4", "G7", "pass"):
            for colour in ("black", "white"):
                assert ok(ours, f"is_legal {colour} {vertex}") == \
                    gnugo.command("is_legal", colour, vertex)
    assert captured > 0  # the game had captures, so the counts were tested


# -- estimate_score --------------------------------------------------------------------------------


def test_estimate_score_on_an_empty_board_is_gnu_gos_answer(engine: WeiqiEngine) -> None:
    ok(engine, "komi 6.5")
    with Controller.start([gnugo_path(), "--mode", "gtp"], "GNU Go", 60.0) as gnugo:
        gnugo.command("boardsize", "9")
        gnugo.command("komi", "6.5")
        expected = gnugo.command("estimate_score")
    assert expected == "W+6.5 (upper bound: 6.5, lower: 6.5)"
    assert transcript(engine, b"estimate_score\n") == f"= {expected}\n\n".encode()


def test_estimate_score_is_the_active_rules_count_with_the_judgement(capsys) -> None:
    engine = make_engine(size=7, rules="jihuozi")
    for move in ("b d4", "w c3", "b d3", "w c4", "b d5", "w c5", "b d2", "w c2", "b d6",
                 "w c6"):
        ok(engine, f"play {move}")
    capsys.readouterr()
    text = ok(engine, "estimate_score")
    final = ok(engine, "final_score")  # the same count, as RE
    # the rows 1 and 7 are still open: the answer (GNU Go's form) estimates them, stderr
    # says so
    match = re.fullmatch(r"([BW])\+(\d+\.\d) \(upper bound: (-?\d+\.\d), lower: (-?\d+\.\d)\)",
                         text)
    assert match, text
    said = re.search(r"estimated: (\d+) open points to Black, (\d+) to White, \d+ "
                     r"undecided; as the position stands (\S+)", capsys.readouterr().err)
    assert said, text
    assert final == said[3]
    stands = float(final[2:]) * (1 if final[0] == "B" else -1)
    estimate = float(match[2]) * (1 if match[1] == "B" else -1)
    assert estimate != stands  # the open points moved it
    white_margin = float(match[2]) if match[1] == "W" else -float(match[2])
    assert float(match[4]) <= white_margin <= float(match[3])
    assert fail(engine, "estimate_score 1") == "syntax error: wrong number of arguments"


def test_estimate_score_bounds_span_the_unclear_strings() -> None:
    """A string the judgement cannot decide widens the bounds: the counts with it alive and
    with it dead (White's margin, as GNU Go gives its bounds)."""
    engine = make_engine(size=9, rules="chinese")
    scoring = engine.commands["final_score"].handler.__self__
    board = engine.game.board
    for move in ("b c3", "w g7", "b c4", "w g6"):
        ok(engine, f"play {move}")
    verdict = scoring.verdict()
    string = tuple(board.string_at(board.point(2, 2)))
    unclear = type(verdict)(verdict.status, verdict.owner, [string])
    scoring.verdict = lambda slug=None, game=None: unclear  # the judgement, made unsure
    outcomes = sorted(-c.margin for c in
                      scoring.scorer.unclear_outcomes(engine.game, "area", unclear))
    text = ok(engine, "estimate_score")
    # the opening's open points are estimated, which moves both bounds alike
    bounds = re.search(r"\(upper bound: (-?\d+\.\d), lower: (-?\d+\.\d)\)", text)
    assert bounds, text
    assert float(bounds[1]) - float(bounds[2]) == pytest.approx(outcomes[1] - outcomes[0])
    assert outcomes[0] < outcomes[1]


# -- level, top_moves ------------------------------------------------------------------------------


def mcts_engine(size: int = 9, **options: object) -> WeiqiEngine:
    from gtp_weiqi.ui.gtp.analysis_cmds import configure_player

    engine = make_engine(size=size)
    configure_player(engine, "mcts", **options)  # type: ignore[arg-type]
    return engine


def test_level_scales_the_players_effort() -> None:
    engine = mcts_engine(playouts=400)
    player = engine.player_commands.player  # type: ignore[attr-defined]
    assert player.effort(engine.game, BLACK).playouts == 400
    assert transcript(engine, b"level 1\n5 level 10\nlevel 3\n") == b"= \n\n=5 \n\n= \n\n"
    assert player.effort(engine.game, BLACK).playouts == 120
    ok(engine, "genmove b")
    assert player.last_search.playouts <= 120
    assert "level 3" in ok(engine, "gomill-describe_engine")
    timed = mcts_engine(time_per_move=2.0)
    ok(timed, "level 5")
    assert timed.player_commands.player.effort(timed.game, WHITE).seconds == 1.0  # type: ignore[attr-defined]
    default = mcts_engine()
    ok(default, "level 1")
    assert default.player_commands.player.effort(default.game, WHITE).playouts == \
        default_playouts(81) // 10  # type: ignore[attr-defined]


@pytest.mark.parametrize("line, error", [
    ("level", "syntax error: wrong number of arguments"),
    ("level 0", "level must be between 1 and 10"),
    ("level 11", "level must be between 1 and 10"),
    ("level -1", "syntax error: '-1' is not an integer"),
    ("level x", "syntax error: 'x' is not an integer"),
    ("level 1 2", "syntax error: wrong number of arguments"),
])
def test_level_errors_keep_the_level(line: str, error: str) -> None:
    engine = mcts_engine(playouts=100)
    ok(engine, "level 4")
    assert fail(engine, line) == error
    assert engine.player_commands.player.options.level == 4  # type: ignore[attr-defined]


def test_top_moves_lists_candidates_with_win_rates_and_plays_nothing() -> None:
    engine = mcts_engine(playouts=300)
    for move in ("b e5", "w c3"):
        ok(engine, f"play {move}")
    before = snapshot(engine)
    for colour in ("black", "white"):
        text = ok(engine, f"top_moves_{colour}")
        pairs = text.split()
        assert 2 <= len(pairs) <= 20 and len(pairs) % 2 == 0, text
        vertices, rates = pairs[0::2], [float(r) for r in pairs[1::2]]
        assert all(re.fullmatch(VERTEX, v) for v in vertices)
        assert all(ok(engine, f"is_legal {colour} {v}") == "1" for v in vertices)
        assert all(0 <= r <= 100 and re.fullmatch(r"\d+\.\d\d", s)
                   for r, s in zip(rates, pairs[1::2], strict=True))
    assert snapshot(engine) == before
    assert fail(engine, "top_moves_black b") == "syntax error: wrong number of arguments"


def test_top_moves_is_empty_when_the_game_is_over() -> None:
    engine = mcts_engine(size=5, playouts=50)
    ok(engine, "kata-set-rules jihuozi")
    for _ in range(2):
        ok(engine, "play b pass")
        ok(engine, "play w pass")
    assert transcript(engine, b"top_moves_black\n") == b"= \n\n"


# -- GoGui's and gomill's CPU time, gomill's description -----------------------------------------


@pytest.mark.parametrize("name", ["cputime", "gomill-cpu_time"])
def test_cpu_time_is_the_cpu_seconds_used(engine: WeiqiEngine, name: str) -> None:
    """GoGui's `cputime` (gogui-twogtp's CPU_B / CPU_W, gogui-regress's CPU column; GoGui
    reads the answer with Java's Double.parseDouble) and gomill's `gomill-cpu_time` are one
    command under two names: a float of seconds, growing with the CPU the engine spends."""
    first = float(ok(engine, name))
    deadline = time.process_time() + 0.05
    while time.process_time() < deadline:
        pass
    answer = transcript(engine, f"7 {name}\n8 {name} 1\n{name} now\n".encode())
    match = re.fullmatch(rb"=7 (\d+\.\d{3})\n\n"
                         rb"\?8 syntax error: wrong number of arguments\n\n"
                         rb"\? syntax error: wrong number of arguments\n\n", answer)
    assert match, answer
    assert float(match[1]) >= first + 0.04
    assert float(ok(engine, "cputime" if name != "cputime" else "gomill-cpu_time")) >= \
        float(match[1])  # the same clock under either name


def test_gomill_describe_engine_names_the_engine_its_rules_and_player() -> None:
    engine = mcts_engine(size=9, playouts=700)
    ok(engine, "kata-set-rules jihuozi")
    text = ok(engine, "gomill-describe_engine")
    lines = text.split("\n")
    assert lines[0].startswith("gtp_weiqi ")
    assert lines[1] == "rules: jihuozi, counting jihuozi, komi 8"  # the preset's komi: none was set
    assert lines[2] == "player: tree search, 700 playouts per move at level 10, seed 0"
    assert "simple" in ok(make_engine(), "gomill-describe_engine")
    assert fail(engine, "gomill-describe_engine x") == "syntax error: wrong number of arguments"


# -- gogui-interrupt and stop ----------------------------------------------------------------------


def test_gogui_interrupt_and_stop_answer_at_once(engine: WeiqiEngine) -> None:
    assert transcript(engine, b"gogui-interrupt\n2 stop\n") == b"= \n\n=2 \n\n"
    assert fail(engine, "gogui-interrupt now") == "syntax error: wrong number of arguments"
    assert fail(engine, "stop x") == "syntax error: wrong number of arguments"


def test_stop_ends_a_running_analysis(engine: WeiqiEngine) -> None:
    out = transcript(engine, b"lz-analyze b 10\nstop\nname\n")
    first, rest = out.split(b"\n", 1)
    assert first == b"= "
    stream, after = rest.split(b"\n\n", 1)
    assert stream.startswith(b"info move ")
    assert after == b"= \n\n= gtp_weiqi\n\n"


class Engine:
    """gtp-weiqi as a subprocess over the project's GTP channel, spoken to in raw bytes, as
    GoGui writes them (its `# interrupt` goes in while a command runs)."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        self.log = tmp_path / "engine.log"
        self.stderr: list[str] = []
        self.channel = SubprocessChannel(
            [sys.executable, "-m", "gtp_weiqi", "--log", str(self.log), *args],
            on_stderr=self.stderr.append)
        self.proc = self.channel.proc

    def send(self, data: bytes) -> None:
        self.channel.write_raw(data)

    def response(self) -> bytes:
        """The next whole response (up to its empty line)."""
        data = b""
        while not data.endswith(b"\n\n"):
            line = self.channel.read_raw_line(None)
            assert line, f"the engine closed its output after {data!r}"
            data += line
        return data

    def close(self) -> str:
        """`quit`, then stop the engine; all it wrote on stderr."""
        self.channel.close()
        return "\n".join(self.stderr)


@pytest.fixture
def long_thinker(tmp_path: Path):
    """An engine whose genmove would take hours: 50 million playouts per move.  Every wait
    below is bounded by the test's timeout, so a missed interrupt fails instead of hanging."""
    engine = Engine(tmp_path, "--size", "9", "--playouts", "50000000")
    try:
        yield engine
    finally:
        engine.channel.close(quick=True)


def run_with_timeout(function, seconds: float = 120.0):  # noqa: ANN001, ANN201
    """Run `function` in a thread; fail the test (not hang) if it does not finish."""
    import threading

    result: list[object] = []
    thread = threading.Thread(target=lambda: result.append(function()), daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"no answer within {seconds:.0f} s: the interrupt was not seen")
    return result[0]


def test_gogui_interrupt_stops_a_long_genmove_with_its_best_move_so_far(
        long_thinker: Engine) -> None:
    """GoGui writes `# interrupt` on the engine's stdin while genmove runs; the search stops
    and genmove answers (and plays) the best move found so far."""
    engine = long_thinker
    engine.send(b"1 gogui-interrupt\n")
    assert run_with_timeout(engine.response) == b"=1 \n\n"
    engine.send(b"2 genmove b\n")
    time.sleep(1.0)  # let the search run a little (not needed for the interrupt to work)
    engine.send(b"# interrupt\n")
    answer = run_with_timeout(engine.response)
    assert re.fullmatch(rb"=2 " + VERTEX.encode() + rb"\n\n", answer), answer
    engine.send(b"3 move_history\n4 top_moves_white\n")
    assert run_with_timeout(engine.response) == b"=3 black " + answer[3:-2] + b"\n\n"
    engine.send(b"# interrupt\n")  # top_moves runs the same long search
    hints = run_with_timeout(engine.response)
    assert re.fullmatch(rb"=4 (" + VERTEX.encode() + rb" \d+\.\d\d ?)+\n\n", hints), hints
    engine.send(b"5 name\n")
    assert run_with_timeout(engine.response) == b"=5 gtp_weiqi\n\n"  # nothing answered twice
    err = engine.close()
    playouts = [int(n) for n in re.findall(r"(\d+) playouts in", err)]
    assert len(playouts) == 1 and 0 < playouts[0] < 50_000_000, err
    log = engine.log.read_text()
    assert log.count("> # interrupt") == 2  # the transcript shows what GoGui sent


# -- printsgf's RE ---------------------------------------------------------------------------------


def sgf_root(engine: WeiqiEngine):  # noqa: ANN201
    return sgf.Sgf_game.from_bytes(ok(engine, "printsgf").encode()).get_root()


def test_printsgf_writes_the_result_once_the_game_has_ended(tmp_path: Path) -> None:
    engine = make_engine(size=5, rules="chinese")
    for move in ("b c3", "w pass"):
        ok(engine, f"play {move}")
    assert not sgf_root(engine).has_property("RE")
    ok(engine, "play b pass")  # two passes end the game
    assert sgf_root(engine).get("RE") == ok(engine, "final_score") == "B+17.5"
    path = tmp_path / "game.sgf"
    ok(engine, f"printsgf {path}")
    assert sgf.Sgf_game.from_bytes(path.read_bytes()).get_root().get("RE") == "B+17.5"
    ok(engine, "undo")
    assert not sgf_root(engine).has_property("RE")


def test_printsgf_result_follows_the_active_rules_ending() -> None:
    engine = make_engine(size=5, rules="jihuozi")
    ok(engine, "play b c3")
    ok(engine, "play w c4")
    for _ in range(2):
        ok(engine, "play b pass")
        ok(engine, "play w pass")  # four virtual moves: a forced end, every stone alive
    assert ok(engine, "weiqi-end_state").startswith("forced")
    assert sgf_root(engine).get("RE") == ok(engine, "final_score")


# -- in front of a real engine (proxy mode) --------------------------------------------------------


def test_in_front_of_gnu_go_the_player_commands_are_gnu_gos_and_the_queries_ours() -> None:
    """level and top_moves_* tune or ask the engine that chooses the moves, so in proxy mode
    they are GNU Go's; gogui-interrupt is not offered (a back end's genmove is not
    interrupted); the board queries, the count and the move history stay ours, and the
    pass form and --version-string hold there too."""
    from gtp_weiqi.ui.gtp.proxy import start_proxy

    engine = make_engine(size=9, rules="chinese")
    engine.reported_version = "0.17"
    proxy = start_proxy(engine, f"{gnugo_path()} --mode gtp --level 1", timeout=60.0)
    try:
        assert {"level", "top_moves_black", "top_moves_white"} <= proxy.passthroughs
        assert ok(engine, "known_command gogui-interrupt") == "false"
        for name in ("list_stones", "captures", "is_legal", "all_legal", "move_history",
                     "estimate_score", "cputime", "gomill-cpu_time", "stop"):
            assert name not in proxy.passthroughs and ok(engine, f"known_command {name}") == \
                "true"
        ok(engine, "level 3")  # GNU Go's answer
        for move in ("b e5", "w c3", "b d4"):
            ok(engine, f"play {move}")
        hint = ok(engine, "top_moves_white").split()
        assert hint and all(re.fullmatch(VERTEX, v) for v in hint[0::2])
        assert ok(engine, "list_stones black") == \
            ok(engine, "weiqi-passthrough list_stones black") == "E5 D4"
        assert ok(engine, "move_history") == "black D4\nwhite C3\nblack E5"
        assert ok(engine, "version") == "0.17"
        ok(engine, "genmove w")
        cpu = float(ok(engine, "gomill-cpu_time"))
        gnugo_cpu = float(ok(engine, "weiqi-passthrough cputime"))
        assert cpu >= gnugo_cpu  # ours and the back end's
        assert "cputime" not in proxy.passthroughs  # GoGui's name is ours too, the sum
        assert float(ok(engine, "cputime")) >= max(cpu, gnugo_cpu)
    finally:
        proxy.close()


def test_a_back_end_pass_is_answered_in_gnu_gos_form() -> None:
    from conftest import broken

    from gtp_weiqi.ui.gtp.proxy import start_proxy

    engine = make_engine(size=9)
    proxy = start_proxy(engine, broken("pass"), timeout=60.0)
    try:
        assert transcript(engine, b"genmove b\n3 genmove w\n") == b"= PASS\n\n=3 PASS\n\n"
    finally:
        proxy.close()

"""The match referee: real GNU Go games (standard rules with --alternate and --jobs 2, and
计活子 with virtual moves), every kind of forfeit with its reason, the endings (agreed,
cleanup at the stop, test play, four virtual moves), the records (SGF, gogui-twogtp's
.dat, the JSON summary), resuming after an interruption without repeating a game, and
gtp-weiqi as gogui-twogtp's -referee and as a gomill-style scorer."""

from __future__ import annotations

import io
import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import broken, gnugo
from sgfmill import sgf

from gtp_weiqi.core import ending
from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.core.coords import parse_vertex
from gtp_weiqi.core.game import Game, Move
from gtp_weiqi.core.rules import lookup_preset
from gtp_weiqi.core.sgf import build_game, parse_sgf
from gtp_weiqi.ui.gtp.controller import Controller, SubprocessChannel
from gtp_weiqi.ui.match import records
from gtp_weiqi.ui.match.config import GameSpec, MatchConfig
from gtp_weiqi.ui.match.referee import Referee, play_game
from gtp_weiqi.ui.match.runner import MatchError, Progress, prepare, run_match
from gtp_weiqi.ui.match.stats import report_text, summarise, wilson_interval

TIMEOUT = 120.0
SCORE = re.compile(r"^(?:[BW]\+\d+(?:\.\d+)?|0)$")
TITLE = "#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG"


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "gtp_weiqi", "match", *args]


def read_dat(path: Path) -> tuple[list[str], list[list[str]]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    split = lines.index("#")
    assert lines[split + 1] == TITLE
    rows = [line.split("\t") for line in lines[split + 2:]]
    assert all(len(row) == 13 for row in rows), rows
    return lines[:split], rows


def replay(path: Path) -> tuple[sgf.Sgf_game, Game]:
    """The SGF, and its moves replayed through our rules (an illegal move raises)."""
    data = path.read_bytes()
    parsed = parse_sgf(data)
    assert parsed.rules is not None
    return sgf.Sgf_game.from_bytes(data), build_game(parsed, parsed.rules, parsed.komi or 0)


# -- real games --------------------------------------------------------------------------------


def test_gnugo_match_with_alternating_colours_in_two_jobs(tmp_path: Path) -> None:
    out = tmp_path / "m"
    done = subprocess.run(
        cli("--black", gnugo(), "--white", gnugo() + " --komi 7.5", "--games", "2",
            "--size", "9", "--rules", "chinese", "--alternate", "--jobs", "2",
            "--max-moves", "150", "--out", str(out)),
        capture_output=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done.stderr.decode()
    assert "2 games in" in done.stdout.decode()
    header, rows = read_dat(out / "match.dat")
    keys = [line[2:].split(":")[0] for line in header]
    assert keys == sorted(keys) and {"Black", "White", "Referee", "Size", "Komi"} <= set(keys)
    assert "# Size: 9" in header and "# Komi: 7.5" in header
    assert [row[0] for row in rows] == ["0", "1"] and [row[4] for row in rows] == ["0", "1"]
    for game, row in enumerate(rows):
        record = json.loads((out / f"game-{game:04d}.json").read_text())
        assert row[3] == record["result_by_engine"]
        assert SCORE.match(record["result"]) and row[11] == "0"
        assert int(row[6]) == record["moves"] <= 150
        assert record["end"] in ("agreed", "cleanup", "limit")
        colours = record["colours"]
        assert colours == ({"B": "black_engine", "W": "white_engine"} if game == 0
                           else {"B": "white_engine", "W": "black_engine"})
        if record["result"][0] in "BW":  # the .dat keeps the engines' names, as twogtp does
            assert row[3][0] == ("BW"[(record["result"][0] == "W") != (game == 1)])
        sgf_game, replayed = replay(out / f"game-{game:04d}.sgf")
        root = sgf_game.get_root()
        assert root.get("RE") == record["result"]
        assert root.get("RU") == "chinese" and root.get("KM") == 7.5
        comment = root.get("C")
        for slug in ("jihuozi", "zilu", "shulu[free]", "dengzi[art]", "area", "territory",
                     "tromp_taylor"):
            assert f"  {slug} " in comment
        assert len(replayed.moves) == record["moves"]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 2
    wins = summary["wins"]
    assert wins["black_engine"].get("wins", 0) + wins["white_engine"].get("wins", 0) \
        + wins["black_engine"].get("draws", 0) == 2
    low, high = summary["win_rate"]["ci95"]
    assert 0 <= low <= summary["win_rate"]["rate"] <= high <= 1
    assert summary["time_per_move"]["black_engine"]["moves"] > 0
    assert summary["lengths"]["count"] == 2


def test_gnugo_match_under_jihuozi_passes_are_virtual_moves(tmp_path: Path) -> None:
    summary = run_match(MatchConfig(gnugo(), gnugo(), size=9, rules="jihuozi", max_moves=150),
                        1, tmp_path, stream=io.StringIO())
    record = json.loads((tmp_path / "game-0000.json").read_text())
    assert record["end"] in ("agreed", "forced", "limit")
    assert summary["games"] == 1
    sgf_game, replayed = replay(tmp_path / "game-0000.sgf")
    assert sgf_game.get_root().get("RU") == "jihuozi"
    assert sgf_game.get_root().get("KM") == 8
    if record["end"] != "limit":
        assert replayed.virtual[BLACK] + replayed.virtual[WHITE] >= 2


# -- forfeits ----------------------------------------------------------------------------------


def referee_record(black: str, white: str, **options: Any) -> dict[str, Any]:
    config = MatchConfig(black, white, size=9, **options)
    referee = Referee(GameSpec(0, config))
    outcome = referee.run()
    for player in referee.players.values():
        channel = player.controller.channel if player.controller else None
        assert not isinstance(channel, SubprocessChannel) or channel.proc.poll() is not None
    record = records.game_record(outcome)
    record["sgf_text"] = records.game_sgf(outcome, record).decode()
    return record


@pytest.mark.parametrize(("mode", "kind", "said"), [
    ("crash", "crash", "crashing on purpose (mode crash)"),
    ("midway", "crash", "middle of its answer"),
    ("garbage", "garbage", "@@ garbage @@"),
    ("badvertex", "garbage", "with 'banana'"),
    ("illegal", "illegal", "(occupied)"),
    ("refuse", "failed", "cannot generate a move"),
    ("refuseplay", "refused", "refused the legal move"),
    ("hang", "timeout", "no answer to 'genmove' within 1.45 s"),
])
def test_every_failure_forfeits_with_its_reason(mode: str, kind: str, said: str) -> None:
    record = referee_record(broken(), broken(mode, "--after", "2"), time_per_move=0.3)
    assert record["result"] == "B+F" and record["end"] == "forfeit"
    forfeit = record["forfeit"]
    assert forfeit["colour"] == "W" and forfeit["engine"] == "white_engine"
    assert forfeit["kind"] == kind and said in forfeit["message"], forfeit
    assert record["err"] == 1 and said in record["err_msg"]
    assert record["res"] == {"B": "B+F", "W": "B+F", "R": "B+F"}
    assert "RE[B+F]" in record["sgf_text"] and "White forfeits" in record["sgf_text"]


def test_a_forfeit_of_black_in_a_swapped_game_is_reported_for_the_right_engine() -> None:
    config = MatchConfig(broken("illegal", "--after", "1"), broken(), size=9, alternate=True)
    outcome = play_game(GameSpec(1, config))
    record = records.game_record(outcome)
    assert record["colours"] == {"B": "white_engine", "W": "black_engine"}
    assert record["result"] == "B+F"  # Black (white_engine) won: black_engine, as White, lost
    assert record["result_by_engine"] == "W+F"
    assert record["forfeit"]["engine"] == "black_engine"
    assert record["winner"] == "white_engine"


def test_resignation_ends_the_game() -> None:
    record = referee_record(broken("resign", "--after", "1"), broken())
    assert record["result"] == "W+R" and record["end"] == "resign" and record["err"] == 0


# -- endings -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "dead", "end", "result"), [
    ("tromp-taylor", "A1", "passes", "W+7.5"),
    ("chinese", None, "agreed", "W+7.5"),
    ("chinese", "A1", "cleanup", "W+7.5"),
    ("jihuozi", None, "agreed", "W+8"),
    ("jihuozi", "A1", "forced", "W+8"),
    ("jipingdian-art", None, "agreed", "W+6.5"),
    ("jipingdian-art", "A1", "cleanup", "W+6.5"),
])
def test_two_passes_end_by_agreement_or_lead_to_the_cleanup_the_rules_prescribe(
        rules: str, dead: str | None, end: str, result: str) -> None:
    extra = ("--dead", dead) if dead else ()
    record = referee_record(broken("pass", "--rules", rules),
                            broken("pass", "--rules", rules, *extra), rules=rules)
    assert record["end"] == end and record["result"] == result
    assert record["stop_at"] == 2 and record["err"] == 0
    moves = 2 if end in ("agreed", "passes") else 4
    assert record["moves"] == moves
    if end not in ("agreed", "passes"):
        assert "sees dead A1" in " ".join(record["notes"])
    if rules == "jipingdian-art" and end == "cleanup":
        assert "test play (实战解决)" in record["sgf_text"]
    if end == "forced":
        assert "四虚终局" in record["sgf_text"]


def test_stones_the_cleanup_captured_are_the_dead_stones_of_the_stopped_position() -> None:
    #   . . .            The stop comes after four moves; the cleanup's B B1 then
    #   X . .            captures the white stone at A1, which is therefore dead in
    #   O . .            the stopped position.
    rules = lookup_preset("chinese")
    assert rules is not None
    game = Game(9, 9, rules[0], 7.5)

    def point(vertex: str) -> int | None:
        rc = parse_vertex(vertex, 9, 9)
        return None if rc is None else game.board.point(*rc)

    moves = [Move(c, point(v)) for c, v in ((BLACK, "A2"), (WHITE, "A1"), (BLACK, "pass"),
                                           (WHITE, "pass"), (BLACK, "B1"), (WHITE, "pass"),
                                           (BLACK, "pass"))]
    for move in moves:
        game.play(move.colour, move.point)
    assert ending.captured_after(game, 4) == {point("A1")}
    assert ending.captured_after(game, 7) == set()


# Black walls off columns A-C, White columns G-J; White's B5 is dead inside Black's area:
#   . . . X . O . . .
#   . . . X . O . . .
#   . . . X . O . . .
#   . . . X . O . . .
#   . O . X . O . . .      row 5
#   . . . X . O . . .
#   . . . X . O . . .
#   . . . X . O . . .
#   . . . X . O . . .
# Black's engine says B5 is dead, White's says nothing is: no agreement, so Black captures
# it in the cleanup (B4 B6 A5 C5) and the position at the stop (move 22) is counted.
WALLS_BLACK = " ".join(f"D{n}" for n in range(1, 10)) + " pass pass B4 B6 A5 C5"
WALLS_WHITE = " ".join(f"F{n}" for n in range(1, 10)) + " B5"


@pytest.mark.parametrize(("rules", "result"), [("chinese", "W+7.5"), ("japanese", "W+5.5")])
def test_a_cleanup_capture_marks_the_stone_dead_at_the_stop(rules: str, result: str) -> None:
    record = referee_record(
        broken("script", "--moves", f"'{WALLS_BLACK}'", "--rules", rules, "--dead", "B5"),
        broken("script", "--moves", f"'{WALLS_WHITE}'", "--rules", rules, "--dead", "''"),
        rules=rules)
    assert record["end"] == "cleanup" and record["stop_at"] == 22
    assert record["moves"] == 31 and record["counted_at"] == 22
    assert record["dead"] == ["B5"]
    assert record["result"] == result  # the cleanup's own stones cost nothing
    # the notes name each engine by its label (both are BrokenGo 0.1.0, told apart)
    assert "White (BrokenGo 0.1.0 #2) sees dead none, we see B5" in " ".join(record["notes"])
    game = sgf.Sgf_game.from_string(record["sgf_text"])
    stop_node = game.get_main_sequence()[22]
    assert stop_node.get("DD") == {(4, 1)}


def test_the_move_limit_counts_the_position_as_it_stands() -> None:
    record = referee_record(broken(), broken(), rules="chinese", max_moves=6)
    assert record["end"] == "limit" and record["moves"] == 6
    assert SCORE.match(record["result"])
    assert "move limit" in record["sgf_text"]


# -- resuming ----------------------------------------------------------------------------------


def _wait_for_records(out: Path, count: int, proc: subprocess.Popen[bytes],
                      limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while len(list(out.glob("game-*.json"))) < count:
        assert proc.poll() is None, proc.communicate()[1].decode()
        assert time.monotonic() < deadline, "the games never finished"
        time.sleep(0.02)


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return f.read()
    except OSError:
        return "gone"


def _ended(pid: int) -> bool:
    """Gone, or a zombie waiting for its parent (no longer running)."""
    state = _state(pid)
    return state == "gone" or state.rsplit(")", 1)[1].split()[0] in ("Z", "X")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_interrupted_match_resumes_without_losing_or_repeating_games(tmp_path: Path,
                                                                       jobs: str) -> None:
    out = tmp_path / "m"
    journal = tmp_path / "journal"
    engine = broken("slow", "--delay", "0.02", "--journal", str(journal))
    argv = cli("--black", engine, "--white", engine, "--games", "4", "--size", "9",
               "--rules", "chinese", "--max-moves", "10", "--jobs", jobs, "--out", str(out))
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _wait_for_records(out, 2, proc)
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err.decode()
    assert "run the same command again" in err.decode()
    finished = {p.name: (p.read_bytes(), p.stat().st_mtime_ns)
                for p in out.glob("game-*.json")}
    assert 2 <= len(finished) < 4
    for line in journal.read_text().splitlines():  # every engine of the match has ended
        pid = int(line.split()[1])
        assert _ended(pid), _state(pid)
    done = subprocess.run(argv, capture_output=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done.stderr.decode()
    for name, (data, mtime) in finished.items():  # finished games were not played again
        path = out / name
        assert path.read_bytes() == data and path.stat().st_mtime_ns == mtime
    _header, rows = read_dat(out / "match.dat")
    assert [row[0] for row in rows] == ["0", "1", "2", "3"]
    assert not list(out.glob(".*.tmp"))
    assert json.loads((out / "summary.json").read_text())["games"] == 4
    complete = {p.name: p.stat().st_mtime_ns for p in out.glob("game-*.json")}
    again = subprocess.run(argv, capture_output=True, timeout=TIMEOUT, check=False)
    assert again.returncode == 0  # nothing left to play
    assert {p.name: p.stat().st_mtime_ns for p in out.glob("game-*.json")} == complete


def test_a_directory_holding_another_match_is_refused(tmp_path: Path) -> None:
    config = MatchConfig("a", "b", size=9, rules="chinese")
    records.write_json(tmp_path / "match.json", {
        "config": MatchConfig("a", "b", size=13, rules="chinese").identity(),
        "engines": {"black_engine": {}, "white_engine": {}}})
    with pytest.raises(MatchError, match="other settings .*size"):
        prepare(tmp_path, config, 2)


def test_an_engine_that_cannot_start_stops_the_match_before_any_game(tmp_path: Path) -> None:
    done = subprocess.run(cli("--black", broken("startcrash"), "--white", broken(),
                              "--size", "9", "--out", str(tmp_path / "m")),
                          capture_output=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 2
    assert "cannot start (mode startcrash)" in done.stderr.decode()
    assert not list((tmp_path / "m").glob("game-*"))


# -- summary and progress ----------------------------------------------------------------------


def test_the_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(10, 10)
    assert high == pytest.approx(1.0) and 0.72 < low < 0.73


def fake_record(game: int, winner: str | None, end: str = "agreed", margin: float | None = 3.5,
                swapped: bool = False) -> dict[str, Any]:
    colour = None
    if winner is not None:
        colour = ("B" if winner == "black_engine" else "W") if not swapped else \
            ("W" if winner == "black_engine" else "B")
    return {"game": game, "winner": winner, "winner_colour": colour, "margin": margin,
            "end": end, "moves": 50 + game, "err": 0,
            "forfeit": {"kind": "timeout"} if end == "forfeit" else None,
            "time": {"black_engine": {"moves": 25, "total": 2.5, "max": 0.5},
                     "white_engine": {"moves": 25, "total": 5.0, "max": 1.0}}}


def test_the_summary_counts_wins_per_engine_and_colour_with_an_interval() -> None:
    recs = [fake_record(0, "black_engine"), fake_record(1, "white_engine", swapped=True),
            fake_record(2, "black_engine", end="forfeit", margin=None),
            fake_record(3, None, margin=0.0)]
    summary = summarise(MatchConfig("a", "b", size=9), {}, recs)
    assert summary["wins"]["black_engine"]["wins"] == 2
    assert summary["wins"]["white_engine"]["forfeits_timeout"] == 1
    assert summary["wins"]["black_engine"]["draws"] == 1
    assert summary["by_colour"] == {"B": 3, "W": 0, "draws": 1, "no_result": 0}
    assert summary["win_rate"]["rate"] == 0.625
    assert summary["scores"]["histogram"] == {"-3.5": 1, "0.0": 1, "3.5": 1}
    assert summary["time_per_move"]["white_engine"]["mean_seconds"] == 0.2
    assert summary["lengths"]["mean"] == 51.5
    # every count is present, zeros too
    assert summary["wins"]["white_engine"]["forfeits_crash"] == 0
    assert summary["wins"]["black_engine"]["time_losses"] == 0
    assert summary["ends"]["resign"] == 0 and summary["ends"]["agreed"] == 3
    assert summary["duplicates"]["games"] == 0


def test_duplicate_games_are_marked_and_left_out_of_the_second_win_rate() -> None:
    """Games 2 and 4 repeat game 0 move for move with the same engines on the same colours;
    game 1 has the same moves with the engines swapped and game 3 the same moves and
    colours with another result: neither is a copy."""
    recs = [fake_record(0, "black_engine"), fake_record(1, "white_engine", swapped=True),
            fake_record(2, "black_engine"), fake_record(3, "white_engine", margin=0.5),
            fake_record(4, "black_engine")]
    results = ["B+3.5", "B+3.5", "B+3.5", "W+0.5", "B+3.5"]
    for r, result in zip(recs, results, strict=True):
        r.update(sequence="same", result=result, res={"B": "?", "W": "?", "R": result},
                 colours={"B": "white_engine" if r["game"] == 1 else "black_engine",
                          "W": "black_engine" if r["game"] == 1 else "white_engine"},
                 alternate=r["game"] == 1, cpu={}, err_msg="")
    config = MatchConfig("a", "b", size=9)
    summary = summarise(config, {}, recs)
    assert summary["duplicates"] == {
        "games": 2, "distinct": 3, "of": {"2": 0, "4": 0},
        "rule": "same engines on the same colours, same moves, same result as an earlier game"}
    assert summary["win_rate"]["rate"] == 0.6 and summary["win_rate"]["decided_games"] == 5
    alone = summary["win_rate"]["without_duplicates"]
    assert alone["rate"] == pytest.approx(1 / 3, abs=1e-4) and alone["decided_games"] == 3
    rows = [line.split("\t") for line in records.dat_text(config, {}, recs).splitlines()
            if not line.startswith("#")]
    assert [row[5] for row in rows] == ["-", "-", "0", "-", "0"]  # DUP
    text = report_text(summary, recs)
    assert "duplicates: 2 games repeat an earlier game move for move (3 distinct)" in text
    assert "black_engine win rate without them 33.3% (95% interval 6.2% .. 79.2%)" in text


LABELS = {"black_engine": "steady 1.0", "white_engine": "faulty 2.0"}


def test_progress_without_a_terminal_is_one_line_per_game() -> None:
    stream = io.StringIO()
    progress = Progress(3, 1, stream, LABELS)
    progress.update({"game": 1, "result": "B+F", "moves": 5, "duration": 0.5, "winner":
                     "black_engine", "forfeit": {"engine": "white_engine", "kind": "crash"},
                     "colours": {"B": "black_engine", "W": "white_engine"}})
    progress.update({"game": 2, "result": "B+Time", "moves": 7, "duration": 2.5, "winner":
                     "white_engine", "forfeit": {"engine": "black_engine", "kind": "time"},
                     "colours": {"B": "white_engine", "W": "black_engine"},
                     "opening": "a.sgf"})
    progress.close()
    assert stream.getvalue() == (
        "game 1: steady 1.0 (B) vs faulty 2.0 (W): B+F (faulty 2.0 forfeits: crash), 5 moves, "
        "0.5 s [2/3]\n"
        "game 2: faulty 2.0 (B) vs steady 1.0 (W): B+Time (steady 1.0 loses on time), "
        "7 moves, opening a.sgf, 2.5 s [3/3]\n")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_is_a_bar_redrawn_in_place() -> None:
    stream = Terminal()
    progress = Progress(4, 1, stream, LABELS)
    progress.update({"game": 1, "result": "W+3", "moves": 50, "duration": 1.0,
                     "winner": "white_engine", "forfeit": None})
    progress.close()
    frames = stream.getvalue().split("\r")[1:]
    assert len(frames) == 2 and frames[-1].endswith("\n")
    assert frames[0].startswith("[#######.") and " 1/4 games" in frames[0]
    assert frames[1].startswith("[###############...............] 2/4 games")
    assert "wins: steady 1.0: 0  faulty 2.0: 1" in frames[1] and "left" in frames[1]


# -- gtp-weiqi as a referee or scorer for other match runners ------------------------------------

GAME = ("BE5 WC4 BC6 WE3 BF3 WE4 BF4 WD5 BF6 WD6 BC7 WD7 BD8 WE8 BC8 WG7 BE2 WD2 BF7 WF8 BF2 "
        "WG6 BG5 WH2 BH6 WH7 BH5 WG3 BH3 WH4 BG2 WE6 BD1 WC2 BF5 WE7 BB5 WC1 BG4 WJ6 BB3 WC3 "
        "BB4 WE1 BJ5 WJ7 BF1 WD9 BC9 WE9 BD1 WB2 BA2 WE1 BG8 WH8 BD1 WA3 BA4 WE1 BG9 WH9 BD1 "
        "WC5 BE1 WB1 BA3 WA1 BA6 Wpass Bpass").split()


def test_gtp_weiqi_answers_gogui_twogtps_referee_exchange() -> None:
    channel = SubprocessChannel([sys.executable, "-m", "gtp_weiqi", "--rules", "chinese"])
    referee = Controller(channel, "referee", 60.0)
    try:
        for command in ("protocol_version", "name", "version", "list_commands"):
            assert referee.ask(command).ok
        assert referee.ask("gogui-interrupt").ok  # GoGui's probe: interrupts are supported
        for command in ("boardsize 9", "clear_board", "komi 7.5", "time_settings 0 5 1"):
            assert referee.ask(*command.split()).ok, command
        for move in GAME:
            assert referee.ask("play", move[0].lower(), move[1:]).ok, move
        result = referee.command("final_score")
        assert SCORE.match(result) and "\n" not in result and "\t" not in result
        assert result == "B+5.5"
        assert referee.ask("undo").ok and referee.ask("play", "b", "pass").ok
        assert referee.command("final_score") == result
        # gomill's ringmaster: known_command, then one line.
        assert referee.command("known_command", "final_score") == "true"
        assert referee.command("known_command", "final_status_list") == "true"
        dead = referee.command("final_status_list", "dead").split()
        assert sorted(dead) == ["G8", "G9", "H2", "H4"]
    finally:
        referee.close()
    assert channel.proc.returncode == 0

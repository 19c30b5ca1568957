"""Match time controls, openings and GTP logs: `--time` read as gogui-twogtp's -time and
kept on a clock per side (time_settings and time_left in the engines' transcripts, a slow
engine losing on time), `--openings` used as gogui-twogtp's -openings (in name order, each
twice with --alternate, sent with play, in the SGF and match.dat, bad files refused before
the match), `--gtp-log` transcripts written under the user's umask, and the --verbose
lines naming each engine by its label."""

from __future__ import annotations

import io
import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import broken
from sgfmill import sgf

from gtp_weiqi.ui.match.clock import GRACE, Clock, TimeControl, TimeSpecError
from gtp_weiqi.ui.match.config import MatchConfig
from gtp_weiqi.ui.match.openings import load_openings, opening_index
from gtp_weiqi.ui.match.runner import REPORT, MatchError, prepare, run_match

TIMEOUT = 120.0


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "gtp_weiqi", "match", *args]


def dat_rows(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    split = lines.index("#")
    title = lines[split + 1][1:].split("\t")
    return lines[:split], [dict(zip(title, line.split("\t"), strict=True))
                           for line in lines[split + 2:]]


# -- the time specification and the clock --------------------------------------------------


@pytest.mark.parametrize(("spec", "main", "byoyomi", "stones", "canonical"), [
    ("10m+30s/5", 600, 30, 5, "600s+30s/5"),
    ("5m", 300, 0, 0, "300s"),
    ("90s+10s/1", 90, 10, 1, "90s+10s/1"),
    ("10", 600, 0, 0, "600s"),  # minutes when no unit, as gogui-twogtp reads it
    ("1.5min+1sec/2", 90, 1, 2, "90s+1s/2"),
    ("0+30s/5", 0, 30, 5, "0s+30s/5"),
])
def test_time_specifications_are_read_as_gogui_twogtp_reads_them(
        spec: str, main: int, byoyomi: int, stones: int, canonical: str) -> None:
    control = TimeControl.parse(spec)
    assert (control.main, control.byoyomi, control.stones) == (main, byoyomi, stones)
    assert control.spec == canonical and TimeControl.parse(canonical) == control
    assert control.gtp_settings() == (str(main), str(byoyomi), str(stones))


@pytest.mark.parametrize(("spec", "why"), [
    ("", "is not a time"),
    ("ten minutes", "is not a time"),
    ("10h", "is not a time"),
    ("0", "main time must be positive without byo-yomi"),
    ("10m+30s", "needs its stones"),
    ("10m+30s/0", "stones must be at least 1"),
    ("10m+30s/x", "is not a whole number"),
    ("10m+0s/5", "byo-yomi time must be positive"),
    ("1.5s", "not a whole number of seconds"),
])
def test_bad_time_specifications_are_refused_with_the_reason(spec: str, why: str) -> None:
    with pytest.raises(TimeSpecError, match=why):
        TimeControl.parse(spec)


def test_the_clock_runs_main_time_into_canadian_periods() -> None:
    # 10 s main time, then 5 s for every 2 stones; the seconds are what each move took.
    clock = Clock(TimeControl(10, 5, 2))
    assert clock.time_left() == (10, 0) and clock.allowed() == 10 + 5 + GRACE
    assert clock.spend(4.0) is None and clock.time_left() == (6, 0)
    # 8 s: main time runs out 2 s into the move, which is the period's first stone
    assert clock.spend(8.0) is None and clock.time_left() == (3, 1)
    assert clock.allowed() == 3 + GRACE
    assert clock.spend(1.0) is None and clock.time_left() == (5, 2)  # a new period
    assert clock.spend(5.5) is None and clock.time_left() == (0, 1)  # over, within GRACE
    lost = clock.spend(0.6)
    assert lost is not None and "byo-yomi ran out" in lost and "1 stones still" in lost


def test_the_clock_of_absolute_time_has_no_periods() -> None:
    clock = Clock(TimeControl(5))
    assert clock.allowed() == 5 + GRACE
    assert clock.spend(5.5) is None and clock.time_left() == (0, 0)
    lost = clock.spend(0.6)
    assert lost is not None and "main time ran out: 6.1 s used of 5 s" in lost


def test_time_settings_and_time_left_are_sent_with_their_values(tmp_path: Path) -> None:
    """The transcripts show time_settings as given and, before every genmove, time_left
    for the side to move: stones 0 in main time; in byo-yomi the stones left in the period,
    5 4 3 2 1 and then a new period."""
    out = tmp_path / "m"
    for spec, name in (("10m+30s/5", "main"), ("0+30s/5", "byo")):
        config = MatchConfig(broken(), broken(), size=9, rules="chinese", max_moves=14,
                             time=TimeControl.parse(spec), gtp_log=True)
        run_match(config, 1, out / name, stream=io.StringIO())
    logs = {name: sorted((out / name / "gtplogs").iterdir()) for name in ("main", "byo")}
    assert [p.name for p in logs["main"]] == ["game-0000-B-BrokenGo_0.1.0_1.log",
                                              "game-0000-W-BrokenGo_0.1.0_2.log"]
    for name, settings, first in (("main", "600 30 5", "600 0"), ("byo", "0 30 5", "30 5")):
        for path, letter in zip(logs[name], "bw", strict=True):
            lines = path.read_text().splitlines()
            commands = [line[2:] for line in lines if line.startswith("> ")]
            assert f"time_settings {settings}" in commands
            asked = [i for i, c in enumerate(commands) if c.startswith("genmove")]
            assert len(asked) == 7
            told = []
            for i in asked:  # time_left for this side, right before each genmove
                word, colour, seconds, stones = commands[i - 1].split()
                assert (word, colour, commands[i]) == ("time_left", letter, f"genmove {letter}")
                told.append((int(seconds), int(stones)))
            assert f"{told[0][0]} {told[0][1]}" == first
            seconds = [s for s, _stones in told]
            if name == "main":
                assert all(stones == 0 for _s, stones in told)
                assert seconds == sorted(seconds, reverse=True)  # the clock only runs down
            else:
                assert [stones for _s, stones in told] == [5, 4, 3, 2, 1, 5, 4]
                assert told[5] == (30, 5)  # a new period, whole
                for period in (seconds[:5], seconds[5:]):
                    assert period == sorted(period, reverse=True) and period[0] == 30
    game = sgf.Sgf_game.from_bytes((out / "byo" / "game-0000.sgf").read_bytes())
    root = game.get_root()
    assert root.get("TM") == 0 and root.get("OT") == "5/30 Canadian"
    first_move = game.get_main_sequence()[1]
    assert first_move.get("OB") == 4 and 0 <= first_move.get("BL") <= 30


def test_a_slow_engine_loses_on_time(tmp_path: Path) -> None:
    """Black takes 3 s to answer; with one second on its clock (and the grace) it never
    answers in time: W+Time in every record, the reason in match.dat and the report."""
    out = tmp_path / "m"
    config = MatchConfig(broken("none", "--delay", "3"), broken(), size=9,
                         time=TimeControl.parse("1s"), black_label="slow", white_label="quick")
    summary = run_match(config, 1, out, stream=io.StringIO())
    record = json.loads((out / "game-0000.json").read_text())
    assert record["result"] == "W+Time" and record["end"] == "time"
    assert record["forfeit"]["kind"] == "time" and record["forfeit"]["engine"] == "black_engine"
    assert f"within the {1 + GRACE:.1f} s its clock allowed" in record["forfeit"]["message"]
    assert record["moves"] == 0 and record["winner"] == "white_engine"
    root = sgf.Sgf_game.from_bytes((out / "game-0000.sgf").read_bytes()).get_root()
    assert root.get("RE") == "W+Time" and root.get("TM") == 1
    assert "Loss on time: slow as Black" in root.get("C")
    header, rows = dat_rows(out / "match.dat")
    assert "# Time: 1s" in header
    assert rows[0]["RES_R"] == "W+Time" and rows[0]["ERR"] == "1"
    assert rows[0]["ERR_MSG"].startswith("slow (B) loses on time: no answer to genmove")
    report = (out / REPORT).read_text()
    assert "forfeits: 0\nlosses on time: 1 (time 1s)\n  game 0: slow (B): no answer" in report
    assert summary["wins"]["black_engine"]["time_losses"] == 1
    assert summary["ends"]["time"] == 1 and sum(summary["ends"].values()) == 1


def test_time_options_are_refused_before_any_engine_starts(tmp_path: Path) -> None:
    for extra, why in ((["--time", "10m+30s"], "--time '10m+30s': byo-yomi '30s' needs its "
                                                "stones"),
                       (["--time", "5m", "--time-per-move", "2"],
                        "give --time or --time-per-move, not both")):
        done = subprocess.run(cli("--black", "/nonexistent/engine", "--white", broken(),
                                  "--out", str(tmp_path / "m"), *extra),
                              capture_output=True, timeout=TIMEOUT, check=False)
        assert done.returncode == 2 and why in done.stderr.decode(), done.stderr.decode()
        assert not (tmp_path / "m").exists()


# -- openings --------------------------------------------------------------------------------


def test_openings_go_in_turn_and_twice_with_alternate() -> None:
    assert [opening_index(g, 3, alternate=False) for g in range(7)] == [0, 1, 2, 0, 1, 2, 0]
    assert [opening_index(g, 3, alternate=True) for g in range(7)] == [0, 0, 1, 1, 2, 2, 0]


def write_openings(folder: Path) -> Path:
    #   9 . . . . . . . . .      b.SGF: B C3, W G7, B G3 (upper-case extension: read too)
    #   7 . . X . . . O . .      a.sgf: B E5, W C7 (first in name order)
    #   5 . . . . X . . . .      notes.txt: not an opening
    #   3 . . X . . . X . .
    folder.mkdir()
    (folder / "a.sgf").write_text("(;GM[1]FF[4]SZ[9]KM[0.5]RU[Japanese];B[ee];W[cc])")
    (folder / "b.SGF").write_text("(;GM[1]FF[4]SZ[9];B[cg];W[gc];B[gg])")
    (folder / "notes.txt").write_text("not an opening")
    return folder


def test_games_start_from_the_openings_sent_to_both_engines(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    folder = write_openings(tmp_path / "openings")
    openings = load_openings(folder, 9, "chinese", None, 1000)
    assert [o.name for o in openings] == ["a.sgf", "b.SGF"]
    out = tmp_path / "m"
    config = MatchConfig(broken(), broken(), size=9, rules="chinese", max_moves=8,
                         alternate=True, openings=openings, openings_dir=str(folder),
                         gtp_log=True, verbose=True, black_label="one", white_label="two")
    run_match(config, 3, out, stream=io.StringIO())
    expected = {0: ("a.sgf", ["b E5", "w C7"]), 1: ("a.sgf", ["b E5", "w C7"]),
                2: ("b.SGF", ["b C3", "w G7", "b G3"])}
    header, rows = dat_rows(out / "match.dat")
    assert f"# Openings: {folder} (2 files)" in header
    assert [row["OPENING"] for row in rows] == ["a.sgf", "a.sgf", "b.SGF"]
    assert [row["ALT"] for row in rows] == ["0", "1", "0"]
    for game, (name, moves) in expected.items():
        record = json.loads((out / f"game-{game:04d}.json").read_text())
        assert record["opening"] == name and record["opening_moves"] == len(moves)
        sgf_game = sgf.Sgf_game.from_bytes((out / f"game-{game:04d}.sgf").read_bytes())
        root = sgf_game.get_root()
        assert root.get("KM") == 7.5 and root.get("RU") == "chinese"  # the match's, not KM[0.5]
        assert f"Opening: {name} ({len(moves)} moves, from {folder})" in root.get("C")
        played = []
        for node in sgf_game.get_main_sequence()[1:len(moves) + 1]:
            colour, (row, col) = node.get_move()
            played.append(f"{colour} {'ABCDEFGHJ'[col]}{row + 1}")
        assert played == moves
        assert f"end of the opening {name}" in sgf_game.get_main_sequence()[len(moves)].get("C")
        for log in (out / "gtplogs").glob(f"game-{game:04d}-*.log"):
            commands = [line[2:] for line in log.read_text().splitlines()
                        if line.startswith("> ")]
            first = commands.index("clear_board")
            plays = [c for c in commands[first:] if c.startswith(("play", "genmove"))]
            assert plays[:len(moves)] == [f"play {m}" for m in moves], log.name
            after = "b" if len(moves) % 2 == 0 else "w"  # then the side to move is asked
            asked = [c for c in plays if c.startswith("genmove")]
            mover = log.name.split("-")[2].lower()
            assert not asked or asked[0] == f"genmove {mover}"
            if mover == after:
                assert plays[len(moves)] == f"genmove {after}"
    err = capsys.readouterr().err
    heartbeat = [line for line in err.splitlines() if re.match(r"game \d+ move \d+:", line)]
    assert heartbeat and all(re.search(r": (one|two) \([BW]\) ", line) for line in heartbeat)
    assert "game 1 move 3: two (B) " in err  # game 1 swaps colours: two plays Black
    assert "black_engine" not in err and "white_engine" not in err


@pytest.mark.parametrize(("content", "why"), [
    ("(;GM[1]FF[4]SZ[13];B[dd])", "a 13x13 board, the match is 9x9"),
    ("(;GM[1]FF[4]SZ[9]AB[cc][dd];W[ee])", "setup stones or a handicap"),
    ("(;GM[1]FF[4]SZ[9];B[ee];W[ee])", "move 2 (White E5) is illegal under chinese"),
    ("(;GM[1]FF[4]SZ[9];B[ee];B[cc])", "move 2 is Black's, but White is to play"),
    ("(;GM[1]FF[4]SZ[9];W[ee])", "move 1 is White's, but Black is to play"),
    ("(;GM[1]FF[4]SZ[9];B[ee];W[];B[])", "moves 2 and 3 are two passes in a row"),
    ("(;GM[1]FF[4]SZ[9])", "no moves"),
    ("(;GM[1]FF[4]SZ[9];B[aa];W[bb];B[cc];W[dd];B[ee])", "5 moves, as many as --max-moves 5"),
    ("this is no SGF", "bad SGF"),
])
def test_a_bad_opening_is_refused_with_its_file_and_reason_before_the_match(
        tmp_path: Path, content: str, why: str) -> None:
    folder = tmp_path / "openings"
    folder.mkdir()
    (folder / "a-good.sgf").write_text("(;GM[1]FF[4]SZ[9];B[ee])")
    (folder / "b-bad.sgf").write_text(content)
    done = subprocess.run(cli("--black", "/nonexistent/engine", "--white", broken(),
                              "--size", "9", "--rules", "chinese", "--max-moves", "5",
                              "--openings", str(folder), "--out", str(tmp_path / "m")),
                          capture_output=True, timeout=TIMEOUT, check=False)
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert f"--openings: {folder / 'b-bad.sgf'}: " in err and why in err, err
    assert "/nonexistent/engine" not in err  # refused before any engine was started
    assert not (tmp_path / "m").exists()


@pytest.mark.parametrize("make", ["missing", "empty"])
def test_an_openings_folder_without_openings_is_refused(tmp_path: Path, make: str) -> None:
    folder = tmp_path / "openings"
    if make == "empty":
        folder.mkdir()
        (folder / "readme.txt").write_text("no openings here")
    done = subprocess.run(cli("--black", broken(), "--white", broken(), "--size", "9",
                              "--openings", str(folder), "--out", str(tmp_path / "m")),
                          capture_output=True, timeout=TIMEOUT, check=False)
    why = "is not a directory" if make == "missing" else "no .sgf files in"
    assert done.returncode == 2 and why in done.stderr.decode(), done.stderr.decode()


def test_a_match_resumes_only_with_the_same_openings(tmp_path: Path) -> None:
    folder = write_openings(tmp_path / "openings")
    out = tmp_path / "m"
    openings = load_openings(folder, 9, "chinese", None, 1000)
    config = MatchConfig(broken(), broken(), size=9, rules="chinese", max_moves=4,
                         openings=openings, openings_dir=str(folder))
    run_match(config, 1, out, stream=io.StringIO())
    prepare(out, config, 2)  # the same files: the match goes on
    (folder / "b.SGF").write_text("(;GM[1]FF[4]SZ[9];B[cg];W[gc];B[gh])")
    changed = MatchConfig(broken(), broken(), size=9, rules="chinese", max_moves=4,
                          openings=load_openings(folder, 9, "chinese", None, 1000),
                          openings_dir=str(folder))
    with pytest.raises(MatchError, match=r"other settings \(openings\)"):
        prepare(out, changed, 2)
    without = MatchConfig(broken(), broken(), size=9, rules="chinese", max_moves=4)
    with pytest.raises(MatchError, match=r"other settings \(openings\)"):
        prepare(out, without, 2)


# -- records readable under the user's umask ---------------------------------------------------


@pytest.mark.parametrize("umask", [0o022, 0o027])
def test_records_and_gtp_logs_keep_the_users_umask(tmp_path: Path, umask: int) -> None:
    out = tmp_path / "m"
    done = subprocess.run(cli("--black", broken(), "--white", broken(), "--size", "9",
                              "--max-moves", "4", "--gtp-log", "--out", str(out)),
                          capture_output=True, timeout=TIMEOUT, check=False,
                          preexec_fn=lambda: os.umask(umask))  # noqa: PLW1509
    assert done.returncode == 0, done.stderr.decode()
    files = [p for p in out.rglob("*") if p.is_file()]
    names = {p.relative_to(out).as_posix() for p in files}
    assert {"game-0000.sgf", "game-0000.json", "match.dat", "summary.json", "report.txt",
            "match.json", "gtplogs/game-0000-B-BrokenGo_0.1.0_1.log",
            "gtplogs/game-0000-W-BrokenGo_0.1.0_2.log"} <= names
    for path in files:  # group and others read them as far as the umask lets them
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask, path
    assert stat.S_IMODE((out / "gtplogs").stat().st_mode) == 0o777 & ~umask

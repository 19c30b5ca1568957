"""A batch that says what it left out and ends cleanly: every `.sgf` entry it does not count
(a pipe, a device link, a dangling link, a loop of links) is an error row with its reason,
never a wait on the pipe; an empty or missing folder is an error; the error rows are listed
at the end; --svg / --png / --json DIR write each game's pictures and count; Ctrl-C and
SIGTERM stop it with one line, no traceback and no line of a worker."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES_19 = ROOT / "tests" / "data" / "games" / "19"
GOOD = "(;GM[1]FF[4]SZ[9];B[ee];W[cc])"


def score(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", *args, "--lang", "en"],
                          capture_output=True, text=True, timeout=120, cwd=cwd, env=env)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_every_sgf_entry_not_counted_is_an_error_row_with_its_reason(tmp_path: Path) -> None:
    b = tmp_path / "b"
    b.mkdir()
    (b / "good.sgf").write_text(GOOD)
    os.mkfifo(b / "f.sgf")  # nobody writes to it: reading it would wait for ever
    os.symlink("/dev/zero", b / "z.sgf")
    os.symlink("nowhere.sgf", b / "d.sgf")
    os.symlink("l2.sgf", b / "l1.sgf")
    os.symlink("l1.sgf", b / "l2.sgf")
    run = score("b", "--workers", "1", "--jsonl", "rows.jsonl", cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    rows = {Path(r["file"]).name: r
            for r in map(json.loads, (tmp_path / "rows.jsonl").read_text().splitlines())}
    assert rows["good.sgf"]["error"] is None
    assert "is a pipe, not a regular file" in rows["f.sgf"]["error"]
    assert "is a character device, not a regular file" in rows["z.sgf"]["error"]
    assert "No such file or directory" in rows["d.sgf"]["error"]
    assert "symbolic links" in rows["l1.sgf"]["error"]
    assert "symbolic links" in rows["l2.sgf"]["error"]
    assert "counted 1 game, 5 errors" in run.stdout
    # the error rows, listed at the end with their reasons
    tail = run.stdout.splitlines()[-6:]
    assert tail[0] == "not counted (5):"
    assert tail[1:] == [f"  b/{name}: {rows[name]['error']}"
                        for name in ("d.sgf", "f.sgf", "l1.sgf", "l2.sgf", "z.sgf")]


def test_an_empty_or_missing_folder_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    for args in (["empty"], ["empty", "missing"], ["missing/"]):
        run = score(*args, cwd=tmp_path)
        assert run.returncode != 0, (args, run.stdout)
        assert "error" in run.stdout or "No such file" in run.stderr, run
    run = score("empty", cwd=tmp_path)
    assert run.stdout.splitlines()[-2:] == ["not counted (1):",
                                            "  empty: no .sgf file in this folder"]


def test_pictures_and_json_per_game_in_a_batch(tmp_path: Path) -> None:
    games = tmp_path / "games"
    (games / "kgs").mkdir(parents=True)
    (games / "a.sgf").write_text(GOOD)
    (games / "kgs" / "a.sgf").write_text(GOOD)  # the same name in another folder
    run = score("games", "--method", "zilu,area", "--svg", "pictures", "--json", "counts",
                "--workers", "2", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in (tmp_path / "pictures").iterdir()) == [
        "games_a-area.svg", "games_a-zilu.svg", "games_kgs_a-area.svg", "games_kgs_a-zilu.svg"]
    assert (tmp_path / "pictures" / "games_a-zilu.svg").read_text().startswith("<svg")
    counts = sorted(p.name for p in (tmp_path / "counts").iterdir())
    assert counts == ["games_a.json", "games_kgs_a.json"]
    data = json.loads((tmp_path / "counts" / "games_a.json").read_text())
    assert data["file"] == "games/a.sgf" and [m["slug"] for m in data["methods"]] == [
        "zilu", "area"]
    (tmp_path / "a-file").write_text("")
    refused = score("games", "--svg", "a-file", cwd=tmp_path)
    assert refused.returncode == 2 and "names a folder" in refused.stderr


@pytest.mark.parametrize(("signum", "group"), [(signal.SIGINT, True),
                                               (signal.SIGTERM, False),
                                               (signal.SIGTERM, True)])
def test_ctrl_c_and_sigterm_stop_a_batch_with_one_line(tmp_path: Path, signum: int,
                                                       group: bool) -> None:
    """The signal to the batch alone, or to its whole process group as a terminal's Ctrl-C
    and `kill -- -PGID` send it: the workers stop, the rows so far are whole, one line says
    so, and no process prints a traceback."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # twenty links to each stored game: a batch many times longer than the first snapshot
    # of the rows (two seconds), so the signal always comes while games are still counted
    games = tmp_path / "games"
    for copy in range(20):
        (games / str(copy)).mkdir(parents=True)
        for game in GAMES_19.glob("*.sgf"):
            (games / str(copy) / game.name).symlink_to(game)
    rows = tmp_path / "rows.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "gtp_weiqi", "score", str(games), "--workers", "2",
         "--lang", "en", "--jsonl", str(rows)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not rows.exists() and time.monotonic() < deadline:  # rows are being written
            time.sleep(0.2)
        assert rows.exists()
        if group:
            os.killpg(proc.pid, signum)
        else:
            proc.send_signal(signum)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 128 + signum, err
    assert "Traceback" not in err and "Error" not in err, err
    said = [line for line in err.splitlines() if line.strip()]
    assert len(said) == 1 and said[0].startswith("gtp-weiqi score: interrupted; "), err
    assert said[0].endswith("run the same command with --resume to count the rest")
    lines = rows.read_text().splitlines()
    assert lines and all(json.loads(line)["file"] for line in lines)  # whole rows only
    with pytest.raises(ProcessLookupError):  # no worker left behind in the group
        os.killpg(proc.pid, 0)

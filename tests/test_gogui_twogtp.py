"""The real gogui-twogtp (GoGui 1.6, GOGUI_HOME) runs two 9x9 games between two gtp-weiqi
players with gtp-weiqi as its `-referee`, `-alternate`, `-auto`, as configs/README.md shows.
Its result file (`game.dat`) holds every game's results, the referee's column filled with the
referee's `final_score` answer (the same count as the scoring library's for the SGF it wrote),
and CPU_B / CPU_W filled from the players' `cputime` answers (without `cputime` gogui-twogtp
writes 0 there).  The engines are this tree's code (`python -m gtp_weiqi` with PYTHONPATH),
with `--log` transcripts; every process started is stopped at the end, also on failure."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import unavailable
from gui_support import exchanges, group_alive, stop_group

import gtp_weiqi

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 300.0
RESULT = re.compile(r"[BW]\+(\d+(\.\d+)?|R)|0")


def engine(log: Path, *options: str) -> str:
    """The command line of this tree's engine, with a transcript in `log`."""
    return " ".join([sys.executable, "-m", "gtp_weiqi", "--log", str(log), *options])


def read_dat(path: Path) -> tuple[dict[str, str], list[dict[str, str]]]:
    """gogui-twogtp's result file: the `# Key: value` header, and one row per game keyed by
    the tab-separated title line `#GAME RES_B ...`."""
    header: dict[str, str] = {}
    rows = []
    titles: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#GAME"):
            titles = line[1:].split("\t")
        elif line.startswith("# "):
            key, _, value = line[2:].partition(": ")
            header[key] = value
        elif line and not line.startswith("#"):
            rows.append(dict(zip(titles, line.split("\t"), strict=False)))
    return header, rows


def inverse(result: str) -> str:
    """A result with the colours swapped (the .dat keeps the `-black` program's view)."""
    return result.translate(str.maketrans("BW", "WB"))


def answers(log: Path, command: str) -> list[str]:
    """The texts of the answers to `command` in an engine's transcript, in order."""
    return [e.text for e in exchanges(log) if e.command.split()[-1:] == [command]]


def test_gogui_twogtp_referees_with_gtp_weiqi_and_fills_the_cpu_columns(
        gogui: Path, tmp_path: Path) -> None:
    if shutil.which("java") is None:
        unavailable("java is missing (tests/install-deps.sh installs it)", "java not installed")
    logs = {who: tmp_path / f"{who}.log" for who in ("black", "white", "referee")}
    argv = [str(gogui / "bin" / "gogui-twogtp"),
            "-black", engine(logs["black"], "--rules chinese --playouts 20 --seed 1"),
            "-white", engine(logs["white"], "--rules chinese --playouts 20 --seed 2"),
            "-referee", engine(logs["referee"], "--rules chinese"),
            "-size", "9", "-games", "2", "-alternate", "-auto",
            "-sgffile", str(tmp_path / "game")]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open(tmp_path / "twogtp.out", "wb") as out:
        proc = subprocess.Popen(argv, cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + TIMEOUT
        while proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        if proc.poll() is None:
            pytest.fail(f"gogui-twogtp did not finish in {TIMEOUT:.0f} s")
        output = (tmp_path / "twogtp.out").read_text(errors="replace")
        assert proc.returncode == 0, output
        deadline = time.monotonic() + 10  # its engines answered `quit` and end
        while group_alive(proc) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not group_alive(proc), "an engine outlived gogui-twogtp"
    finally:
        stop_group(proc)

    header, rows = read_dat(tmp_path / "game.dat")
    assert header["Referee"] == header["Black"] == header["White"] == "gtp_weiqi"
    assert header["BlackVersion"] == gtp_weiqi.__version__
    assert (header["Size"], header["Komi"]) == ("9", "6.5")
    assert [(r["GAME"], r["ALT"], r["ERR"]) for r in rows] == [("0", "0", "0"), ("1", "1", "0")]
    referee_said = answers(logs["referee"], "final_score")
    assert len(referee_said) == 2
    cpu = {who: [float(a) for a in answers(logs[who], "cputime")] for who in ("black", "white")}
    for index, row in enumerate(rows):
        for column in ("RES_B", "RES_W", "RES_R"):
            assert RESULT.fullmatch(row[column]), row
        said = referee_said[index]
        # The referee's column is its final_score answer, seen from the -black program's side.
        assert row["RES_R"] == (inverse(said) if row["ALT"] == "1" else said)
        sgf = tmp_path / f"game-{index}.sgf"
        recorded = re.search(r"RE\[([^]]*)\]", sgf.read_text(encoding="utf-8"))
        assert recorded and recorded[1] == said
        counted = gtp_weiqi.score_sgf(sgf, methods=None, rules="chinese")
        assert counted.methods[0].result == said
        for who, column in (("black", "CPU_B"), ("white", "CPU_W")):
            # cputime is asked when a game starts and when it ends; the column is the
            # difference, to one decimal.
            start, end = cpu[who][2 * index], cpu[who][2 * index + 1]
            assert row[column] not in ("", "-", "0"), row
            assert float(row[column]) > 0
            assert abs(float(row[column]) - (end - start)) <= 0.051, (row, cpu)
    assert all(len(times) == 4 for times in cpu.values()), cpu

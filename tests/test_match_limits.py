"""`gtp-weiqi match` at the edges of its process: a file size limit (`ulimit -f`, as a full
disk refuses writes) and a Ctrl-C while it is still starting.  Each ends with one line that
says what happened and how to resume, never a traceback; the records stay whole and the
same command resumes."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import broken
from sgfmill import sgf

TIMEOUT = 120.0
ROOT = Path(__file__).resolve().parent.parent


def match_argv(out: Path, games: int = 3) -> list[str]:
    return [sys.executable, "-m", "gtp_weiqi", "match", "--black", broken(), "--white",
            broken(), "--games", str(games), "--size", "9", "--max-moves", "12", "--out",
            str(out), "--lang", "en"]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def check_whole(out: Path) -> int:
    """Every record in `out` reads whole (JSON and its SGF); no temporary file is left; the
    number of finished games."""
    assert not list(out.rglob(".*.tmp")), list(out.rglob(".*.tmp"))
    json.loads((out / "match.json").read_text())
    games = sorted(out.glob("game-*.json"))
    for path in games:
        record = json.loads(path.read_text())
        sgf.Sgf_game.from_bytes((out / record["sgf"]).read_bytes())
    return len(games)


def test_a_file_size_limit_ends_the_match_with_one_line_and_it_resumes(tmp_path: Path) -> None:
    """Under `ulimit -f 6` (6 KiB: the settings fit, a game's JSON record does not) the
    write fails with EFBIG; the match says so in one line, exits 1, and leaves whole
    records; the same command without the limit plays the three games."""
    out = tmp_path / "m"
    command = " ".join(f"'{word}'" for word in match_argv(out))
    done = subprocess.run(["bash", "-c", f"ulimit -f 6; exec {command}"], env=env(),
                          capture_output=True, timeout=TIMEOUT, check=False, cwd=ROOT)
    said = done.stderr.decode().splitlines()
    assert done.returncode == 1, done.stderr.decode()
    assert "Traceback" not in done.stderr.decode()
    assert len(said) == 1, said
    assert said[0].startswith("gtp-weiqi match: cannot write the records: File too large; "
                              f"0 of 3 games recorded whole in {out}; make room")
    assert said[0].endswith("run the same command again to play the rest")
    assert check_whole(out) == 0
    again = subprocess.run(match_argv(out), env=env(), capture_output=True, timeout=TIMEOUT,
                           check=False, cwd=ROOT)
    assert again.returncode == 0, again.stderr.decode()
    assert check_whole(out) == 3


# The points of the start-up a Ctrl-C is sent at: just after these modules are imported
# (`-X importtime` writes a line as each import ends): the command line, the match's first
# module, its last (then the runner's own body runs, the settings are checked and the
# engines started).  Before `gtp_weiqi.ui.cli` the interpreter's own start-up (site, runpy)
# runs no code of ours.
STAGES = ["gtp_weiqi.ui.cli", "gtp_weiqi.ui.match.config", "gtp_weiqi.ui.match.records",
          "gtp_weiqi.ui.match.progress"]


def installed_command() -> list[str]:
    """The `gtp-weiqi` console script pip installs (CI installs the package, so it must be
    there; elsewhere a test of it skips without it)."""
    script = shutil.which("gtp-weiqi")
    if script:
        return [script]
    if os.environ.get("CI"):
        pytest.fail("gtp-weiqi is not on PATH (pip install -e . installs it)")
    pytest.skip("gtp-weiqi is not installed")


@pytest.mark.parametrize("way_in", ["python -m gtp_weiqi", "gtp-weiqi"])
@pytest.mark.parametrize("stage", STAGES)
def test_a_ctrl_c_while_starting_says_one_line_and_no_traceback(tmp_path: Path, stage: str,
                                                                way_in: str) -> None:
    out = tmp_path / "m"
    command = [sys.executable, "-m", "gtp_weiqi"] if way_in != "gtp-weiqi" \
        else installed_command()
    argv = [*command, *match_argv(out)[3:]]
    # PYTHONPROFILEIMPORTTIME is `-X importtime` for a command that takes no interpreter
    # options (the console script)
    proc = subprocess.Popen(argv, env={**env(), "PYTHONPROFILEIMPORTTIME": "1"},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        assert proc.stderr is not None
        seen = []
        for raw in proc.stderr:
            line = raw.decode(errors="replace")
            seen.append(line)
            if line.startswith("import time:") and line.rstrip().endswith(f" {stage}"):
                proc.send_signal(signal.SIGINT)
                break
        else:
            pytest.fail(f"{stage} was never imported: {''.join(seen)[-2000:]}")
        _, rest = proc.communicate(timeout=TIMEOUT)
        tail = rest.decode(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = tail + "".join(seen)
    said = [line for line in tail.splitlines() if not line.startswith("import time:")]
    assert "Traceback" not in text, text[-3000:]
    assert proc.returncode == 130, (proc.returncode, said)
    assert len(said) == 1, said
    assert said[0].startswith(("gtp-weiqi: interrupted while starting, nothing written; ",
                               "gtp-weiqi match: interrupted; 0 of 3 games recorded in "))
    assert "run the same command again" in said[0]
    assert not list(out.glob("game-*.json"))

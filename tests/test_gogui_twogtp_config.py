"""configs/gogui-twogtp.conf through the real `gogui-twogtp -config` (GoGui 1.6): gtp-weiqi
against GNU Go level 1 on 9x9 under Chinese rules, gtp-weiqi the referee.

The file is run as written but for three words: `gtp-weiqi` becomes this tree's engine
(with few playouts, and a transcript), `gnugo` the GNU Go found (Debian puts it in
/usr/games, off root's PATH), and one game is played instead of ten.  Every process started
is stopped at the end, also on failure."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

from conftest import gnugo_path, unavailable
from gui_support import group_alive, stop_group
from test_gogui_twogtp import read_dat

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "configs" / "gogui-twogtp.conf"
TIMEOUT = 300.0


def config_words() -> list[str]:
    """The options as gogui-twogtp reads them: the lines joined by blanks, then split at
    blanks outside double quotes."""
    return shlex.split(" ".join(CONFIG.read_text(encoding="utf-8").splitlines()))


def test_the_config_says_what_configs_readme_says() -> None:
    words = config_words()
    options = dict(zip(words[::2], words[1::2], strict=False))
    assert options["-black"] == options["-referee"] == "gtp-weiqi --rules chinese"
    assert options["-white"].split()[0] == "gnugo"
    assert "-alternate" in words and "-auto" in words
    assert (options["-size"], options["-komi"]) == ("9", "7.5")
    readme = (ROOT / "configs" / "README.md").read_text(encoding="utf-8")
    assert "gogui-twogtp -config configs/gogui-twogtp.conf" in readme


def test_gogui_twogtp_plays_and_referees_a_game_from_the_config(
        gogui: Path, tmp_path: Path) -> None:
    if shutil.which("java") is None:
        unavailable("java is missing (tests/install-deps.sh installs it)", "java not installed")
    gnugo = gnugo_path()
    ours = " ".join([sys.executable, "-m", "gtp_weiqi", "--playouts", "20", "--seed", "1"])
    words = []
    for word in config_words():
        word = word.replace("gtp-weiqi", f"{ours} --log {tmp_path / 'log'}-{len(words)}", 1)
        words.append(word.replace("gnugo", gnugo, 1) if word.startswith("gnugo") else word)
    words[words.index("-games") + 1] = "1"
    conf = tmp_path / "twogtp.conf"
    conf.write_text(" ".join(shlex.quote(w).replace("'", '"') for w in words) + "\n",
                    encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open(tmp_path / "twogtp.out", "wb") as out:
        proc = subprocess.Popen([str(gogui / "bin" / "gogui-twogtp"), "-config", str(conf)],
                                cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + TIMEOUT
        while proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        output = (tmp_path / "twogtp.out").read_text(errors="replace")
        assert proc.poll() is not None, f"gogui-twogtp did not finish in {TIMEOUT:.0f} s"
        assert proc.returncode == 0, output
    finally:
        stop_group(proc)
    assert not group_alive(proc)
    header, rows = read_dat(tmp_path / "twogtp.dat")
    assert (header["Black"], header["Referee"], header["Size"], header["Komi"]) == \
        ("gtp_weiqi", "gtp_weiqi", "9", "7.5")
    assert header["White"] == "GNU Go"
    assert [(r["GAME"], r["ERR"]) for r in rows] == [("0", "0")]
    assert rows[0]["RES_R"] not in ("", "?")
    assert (tmp_path / "twogtp-0.sgf").is_file()

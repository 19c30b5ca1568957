"""GoGui 1.6 (GOGUI_HOME), the real Java program under Xvfb, with the shipped configurations:

- configs/gogui-prefs as the user's `.gogui-prefs` (GoGui keeps its preferences, the Program
  menu among them, in that file under `user.home`): Program > Attach lists the engine, choosing
  it (by the menus' keys) attaches it, and GoGui sends the preset's komi;
- configs/gogui.conf through `-config`: the engine attached at start, with that komi.

The engine is this tree's code (`python -m gtp_weiqi` with PYTHONPATH) with a `--log`
transcript in place of the installed `gtp-weiqi`.  GoGui's attach sequence is checked in the
transcript; its window title names the program it attached.  Every process started (Xvfb,
Java, the engine) is stopped at the end, also on failure."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

from gui_support import (
    Exchange,
    Screen,
    exchanges,
    group_alive,
    require,
    start_xvfb,
    stop_group,
    wait_for,
)
from support.katago import katago_command, require_katago

from gtp_weiqi.core.rules import lookup_preset

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = ROOT / "configs"
WIDTH, HEIGHT = 1280, 900
DEADLINE = 240.0  # Java starts slowly on a loaded machine
ATTACH = ["name", "protocol_version", "version", "list_commands", "gogui-interrupt", "name",
          "protocol_version", "gogui-analyze_commands", "boardsize 19", "clear_board"]


def engine(log: Path) -> str:
    """This tree's engine in place of `gtp-weiqi`, with a transcript."""
    return f"{sys.executable} -m gtp_weiqi --log {log}"


def preset_komi(command: str) -> float:
    """The komi of the preset a `gtp-weiqi --rules NAME` command line names."""
    words = shlex.split(command)
    found = lookup_preset(words[words.index("--rules") + 1])
    assert found is not None, command
    return found[1]


def properties(text: str) -> dict[str, str]:
    """The `key=value` lines of a Java properties file (no continuation lines here)."""
    return dict(line.split("=", 1) for line in text.splitlines()
                if line.strip() and not line.startswith("#"))


def run_gogui(gogui_build: Path, tmp_path: Path, home: Path, log: Path, args: list[str],
              attach: bool) -> tuple[list[Exchange], str]:
    """GoGui with `user.home` in `home`, until the engine has answered the komi command;
    with `attach`, the program is chosen as Program > Attach > 1 (Alt+P, A, 1).  Returns the
    transcript and the main window's title."""
    java = ["java", f"-Duser.home={home}", "-jar",
            str(gogui_build / "lib" / "gogui.jar"), *args]
    deadline = time.monotonic() + DEADLINE
    xvfb, display = start_xvfb(WIDTH, HEIGHT)
    gogui = None
    try:
        env = dict(os.environ, DISPLAY=display, HOME=str(home), PYTHONPATH=str(ROOT))
        with open(tmp_path / "gogui.out", "wb") as out:
            gogui = subprocess.Popen(java, env=env, stdout=out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, cwd=tmp_path,
                                     start_new_session=True)
        screen = Screen(env, WIDTH, HEIGHT, deadline)

        def shown(name: str) -> bool:
            """Whether a window of that title is shown."""
            try:
                return bool(screen.xdotool("search", "--onlyvisible", "--name", name).split())
            except subprocess.CalledProcessError:  # none yet
                return False

        def board_drawn() -> bool:
            """GoGui shows its window first and draws the content (board, menus) later."""
            data = screen.pixels()
            wood = 0
            for y in range(0, HEIGHT, 8):
                for x in range(0, WIDTH, 8):
                    r, g, b = screen.rgb(data, x, y)
                    wood += r > 180 and 140 < g < 215 and 60 < b < 170 and r - b > 60
            return wood > 2000

        if attach:
            wait_for("GoGui's main window", lambda: shown("^GoGui$"), deadline, log)
            wait_for("GoGui's board", board_drawn, deadline, log)
            assert not log.exists()  # nothing attached before the menu is used
            # With no window manager Java takes the keyboard only after a click: on the
            # menu bar's empty end (the window sits at 0,0 and is narrower than the screen).
            geometry = screen.xdotool("search", "--onlyvisible", "--name", "^GoGui$",
                                      "getwindowgeometry", "--shell")
            found = re.search(r"WIDTH=(\d+)", geometry)
            assert found, geometry
            width = int(found[1])
            for _ in range(3):  # keys sent before Java has taken the focus are lost
                screen.click(width - 10, 8)
                time.sleep(0.5)
                for key in ("alt+p", "a", "1"):
                    screen.xdotool("key", key)
                    time.sleep(0.5)
                started = time.monotonic() + 10
                while not log.exists() and time.monotonic() < started:
                    time.sleep(0.1)
                if log.exists():
                    break
                screen.xdotool("key", "Escape", "Escape")

        def komi_answered() -> bool:
            return any(e.command.startswith("komi") and e.response for e in exchanges(log))

        wait_for("GoGui's komi", komi_answered, deadline, log)
        titles = []
        for win in screen.xdotool("search", "--name", ".").split():
            try:
                titles.append(screen.xdotool("getwindowname", win).strip())
            except subprocess.CalledProcessError:
                pass
        assert gogui.poll() is None, "GoGui ended"
    finally:
        if gogui is not None:
            stop_group(gogui)
        stop_group(xvfb)
    assert gogui is not None and not group_alive(gogui)
    return exchanges(log), "\n".join(titles)


def check_attach(found: list[Exchange], komi: float) -> None:
    """GoGui's attach sequence (gogui/GoGui.java attachProgram, then initSynchronize), every
    command answered with success, and komi the preset's."""
    commands = [e.command for e in found]
    assert commands[:len(ATTACH) + 1] == [*ATTACH, f"komi {komi:g}"], commands
    assert all(e.response.startswith("= ") for e in found[:len(ATTACH) + 1])


def test_gogui_lists_the_shipped_program_entry_and_attaches_it_at_the_preset_komi(
        gogui: Path, tmp_path: Path) -> None:
    require(("java",))
    log = tmp_path / "engine.log"
    shipped = properties((CONFIGS / "gogui-prefs").read_text(encoding="utf-8"))
    command = shipped["net.sf.gogui.gui.program.0.command"]
    assert command.startswith("gtp-weiqi ")
    komi = preset_komi(command)
    assert float(shipped["net.sf.gogui.gogui.komi"]) == komi == 8
    home = tmp_path / "home"
    home.mkdir()
    text = (CONFIGS / "gogui-prefs").read_text(encoding="utf-8")
    (home / ".gogui-prefs").write_text(text.replace(
        f"command={command}", f"command={command.replace('gtp-weiqi', engine(log), 1)}"),
        encoding="utf-8")
    found, titles = run_gogui(gogui, tmp_path, home, log, [], attach=True)
    check_attach(found, komi)
    assert "gtp_weiqi 计活子" in titles.splitlines()  # the entry's label, from the file
    assert found[0].text == "gtp_weiqi"
    # GoGui keeps the entry and fills in the version the engine gave.
    kept = properties((home / ".gogui-prefs").read_text(encoding="latin-1"))
    assert kept["net.sf.gogui.gui.program.size"] == "1"
    assert kept["net.sf.gogui.gui.program.0.version"] == found[2].text


def test_gogui_config_attaches_the_engine_at_start_at_the_preset_komi(
        gogui: Path, tmp_path: Path) -> None:
    require(("java",))
    log = tmp_path / "engine.log"
    words = shlex.split(" ".join((CONFIGS / "gogui.conf").read_text().splitlines()))
    assert "-register" not in words  # GoGui 1.6 takes it but adds no menu entry with -program
    command = words[words.index("-program") + 1]
    assert command.startswith("gtp-weiqi ")
    komi = preset_komi(command)
    assert float(words[words.index("-komi") + 1]) == komi
    words[words.index("-program") + 1] = command.replace("gtp-weiqi", engine(log), 1)
    conf = tmp_path / "gogui.conf"
    # GoGui joins the lines and splits them at blanks outside double quotes
    # (util/StringUtil.java, splitArguments).
    conf.write_text(" ".join(f'"{w}"' if " " in w else w for w in words) + "\n")
    home = tmp_path / "home"
    home.mkdir()
    found, titles = run_gogui(gogui, tmp_path, home, log, ["-config", str(conf)], attach=False)
    check_attach(found, komi)
    assert re.search(r"gtp_weiqi --log \S+ --rules jihuozi", titles)  # -program's title


def test_gogui_attaches_gtp_weiqi_with_katago_behind_and_lists_its_analyze_commands(
        gogui: Path, tmp_path: Path) -> None:
    """GoGui with `-program "gtp-weiqi --rules jihuozi --engine <KataGo>"` (docs/proxy.md,
    GoGui with KataGo behind): the attach sequence, the proxy's name, and the analyze
    commands GoGui offers: gtp-weiqi's own count and dead stones."""
    require(("java",))
    katago = katago_command(require_katago())
    log = tmp_path / "engine.log"
    program = f'{engine(log)} --rules jihuozi --engine "{katago}"'
    home = tmp_path / "home"
    home.mkdir()
    found, titles = run_gogui(gogui, tmp_path, home, log,
                              ["-program", program, "-komi", "8", "-size", "19"], attach=False)
    # GoGui's attach sequence, without gogui-interrupt: the back end chooses the moves,
    # so the built-in player's interrupt is not listed (GoGui asks for it only when it is)
    commands = [e.command for e in found]
    expected = [c for c in ATTACH if c != "gogui-interrupt"]
    assert commands[:len(expected) + 1] == [*expected, "komi 8"], commands
    assert all(e.response.startswith("= ") for e in found[:len(expected) + 1])
    assert found[0].text == "gtp_weiqi (KataGo)"
    entries = next(e for e in found if e.command.endswith("gogui-analyze_commands"))
    lines = entries.response[1:].strip().splitlines()
    assert any("final_score" in line for line in lines), lines
    assert any("weiqi-" in line for line in lines), lines
    assert "gtp_weiqi" in titles

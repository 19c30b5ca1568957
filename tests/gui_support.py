"""Running a real GUI client under Xvfb: a display of its own, clicks and keys by xdotool, the
screen read back through ImageMagick's `import`, the engine's `--log` transcript read as
exchanges, and every process of the session stopped at the end.

A missing tool skips the test, and fails it under CI, which installs them all."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import unavailable

TOOLS = ("Xvfb", "xdotool", "import")


def require(programs: tuple[str, ...], paths: tuple[str, ...] = ()) -> None:
    """Skip (fail under CI) unless the programs are on PATH and the files exist."""
    missing = [p for p in TOOLS + programs if shutil.which(p) is None]
    missing += [p for p in paths if not os.path.exists(p)]
    if missing:
        unavailable(f"{', '.join(missing)} missing (tests/install-deps.sh installs them)",
                    f"{', '.join(missing)} not installed")


# -- the engine's transcript -------------------------------------------------------------------


@dataclass
class Exchange:
    command: str
    response: str  # as written, `= ...` / `? ...` up to the empty line; "" while unanswered

    @property
    def text(self) -> str:
        return self.response[1:].lstrip("0123456789").strip()


def exchanges(log: Path) -> list[Exchange]:
    """The commands of a `--log` transcript with their answers."""
    try:
        data = log.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    found = []
    for block in re.split(r"(?m)^> ", data)[1:]:
        command, _, response = block.partition("\n")
        found.append(Exchange(command.strip(), response if response.endswith("\n\n") else ""))
    return found


# -- the display -------------------------------------------------------------------------------


def start_xvfb(width: int, height: int) -> tuple[subprocess.Popen[bytes], str]:
    """Xvfb on a free display (it writes the number it took on a pipe)."""
    read_end, write_end = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0",
                             f"{width}x{height}x24", "-nolisten", "tcp"],
                            pass_fds=[write_end], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        number = pipe.readline().strip()
    if not number.isdigit():
        stop_group(proc)
        pytest.fail("Xvfb did not start")
    return proc, f":{number.decode()}"


def stop_group(proc: subprocess.Popen[bytes]) -> None:
    """Stop a process and everything it started (its own process group), and reap it."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            continue
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # children of the group may outlive its leader
            if not group_alive(proc):
                return
            time.sleep(0.1)


def line_centres(positions: list[int]) -> list[int]:
    """The centres of runs of consecutive positions (grid lines are a few pixels thick)."""
    runs: list[list[int]] = []
    for p in positions:
        if runs and p - runs[-1][-1] <= 1:
            runs[-1].append(p)
        else:
            runs.append([p])
    return [round(sum(run) / len(run)) for run in runs]


def group_alive(proc: subprocess.Popen[bytes]) -> bool:
    try:
        os.killpg(proc.pid, 0)
    except ProcessLookupError:
        return False
    return True


class Screen:
    """An Xvfb display: what is drawn on it, and the mouse and keyboard."""

    def __init__(self, env: dict[str, str], width: int, height: int, deadline: float) -> None:
        self.env = env
        self.width, self.height = width, height
        self.deadline = deadline

    def run(self, *argv: str) -> bytes:
        left = max(self.deadline - time.monotonic(), 1.0)
        return subprocess.run(argv, env=self.env, capture_output=True, check=True,
                              timeout=min(left, 30.0)).stdout

    def pixels(self) -> bytes:
        """The whole screen, 3 bytes (RGB) per pixel, rows from the top."""
        return self.run("import", "-window", "root", "-depth", "8", "rgb:-")

    def rgb(self, data: bytes, x: int, y: int) -> tuple[int, int, int]:
        i = (y * self.width + x) * 3
        return data[i], data[i + 1], data[i + 2]

    def xdotool(self, *args: str) -> str:
        return self.run("xdotool", *args).decode()

    def click(self, x: int, y: int) -> None:
        self.xdotool("mousemove", str(x), str(y), "click", "1")

    def key(self, x: int, y: int, key: str) -> None:
        """Press `key` in the window under (x, y): with no window manager, give it the focus
        first."""
        self.xdotool("mousemove", str(x), str(y))
        window = re.search(r"WINDOW=(\d+)", self.xdotool("getmouselocation", "--shell"))
        assert window, "no window under the pointer"
        self.xdotool("windowfocus", "--sync", window[1], "key", key)


def wait_for(what: str, ready: Callable[[], bool], deadline: float, log: Path) -> None:
    """Poll `ready` until it is true; fail with the transcript's end at the deadline."""
    while not ready():
        if time.monotonic() > deadline:
            tail = "".join(f"> {e.command}\n{e.response}" for e in exchanges(log)[-6:])
            pytest.fail(f"timed out waiting for {what}; the transcript ends:\n{tail}")
        time.sleep(0.1)

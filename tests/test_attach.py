"""GoGui attach: the engine started as the README says, driven byte for byte.

GoGui (gogui/GoGui.java attachProgram, gtp/GtpClient.java) sends its commands
one at a time and reads each response up to the first empty line; it takes the
response text from after the first space, so `=` and the id must always be
followed by a space, even for an empty response (`= \\n\\n`).  The engine is driven
through the project's GTP channel, whose responses keep the bytes as they came.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gtp_weiqi.ui.gtp.controller import SubprocessChannel

TIMEOUT = 60.0
CONFIGS = Path(__file__).resolve().parent.parent / "configs"
FRAME = re.compile(rb"([=?])(\d*) (.*)\n\n", re.DOTALL)
ANALYZE_TYPES = {
    "none", "string", "pstring", "hstring", "hpstring", "plist", "pspairs", "sboard",
    "cboard", "bwboard", "dboard", "gfx", "var", "varb", "varw", "varc", "varp", "varpo",
    "eplist", "param",
}
GOGUI_SEQUENCE = [
    "protocol_version", "name", "version", "list_commands", "gogui-analyze_commands",
    "boardsize 9", "clear_board", "komi 6.5", "play b e5", "play w c3", "genmove b",
    "showboard", "final_score", "quit",
]


def engine_argv() -> list[str]:
    """`gtp-weiqi`, the console script the README names; `python -m gtp_weiqi` without it
    (outside CI only: CI installs the package, so the script must be there)."""
    script = shutil.which("gtp-weiqi")
    if script:
        return [script]
    if os.environ.get("CI"):
        pytest.fail("gtp-weiqi is not on PATH (pip install -e . installs it)")
    return [sys.executable, "-m", "gtp_weiqi"]


class RawEngine:
    """The engine over the project's GTP channel, each response read as the bytes it wrote,
    with a timeout per response."""

    def __init__(self, argv: list[str] | None = None) -> None:
        self.channel = SubprocessChannel(argv or engine_argv())
        self.proc = self.channel.proc

    def exchange(self, line: bytes) -> bytes:
        """Write one command line; return its whole response, final blank line included."""
        return self.channel.exchange(line.decode("utf-8").rstrip("\n"), TIMEOUT).raw

    def rest_of_output(self) -> bytes:
        """Everything written after the last response, up to end of file."""
        return self.channel.read_rest(TIMEOUT)

    def close(self) -> None:
        self.channel.close(quick=True)


@pytest.fixture
def engine() -> Iterator[RawEngine]:
    eng = RawEngine()
    try:
        yield eng
    finally:
        eng.close()


def frame(response: bytes) -> tuple[bool, bytes, str]:
    """Split a response into (success, id, text), asserting GTP framing."""
    m = FRAME.fullmatch(response)
    assert m, f"bad framing: {response!r}"
    text = m.group(3).decode("utf-8")
    assert "\n\n" not in text and "\r" not in text and "\t" not in text, response
    return m.group(1) == b"=", m.group(2), text


def run_sequence(engine: RawEngine, with_ids: bool) -> dict[str, bytes]:
    responses = {}
    for i, command in enumerate(GOGUI_SEQUENCE):
        line = f"{i} {command}\n" if with_ids else f"{command}\n"
        responses[command] = engine.exchange(line.encode())
    return responses


def test_gogui_attach_sequence_with_ids_is_framed_byte_exact(engine: RawEngine) -> None:
    r = run_sequence(engine, with_ids=True)
    for i, command in enumerate(GOGUI_SEQUENCE):
        _, rid, _ = frame(r[command])
        assert rid == str(i).encode(), (command, r[command])
    assert r["protocol_version"] == b"=0 2\n\n"
    for i, command in enumerate(GOGUI_SEQUENCE):
        if command in ("boardsize 9", "clear_board", "komi 6.5", "play b e5", "play w c3",
                       "quit"):
            assert r[command] == f"={i} \n\n".encode(), (command, r[command])


def test_gogui_attach_sequence_without_ids_starts_with_equals_space(engine: RawEngine) -> None:
    r = run_sequence(engine, with_ids=False)
    assert r["protocol_version"] == b"= 2\n\n"
    assert r["boardsize 9"] == b"= \n\n"
    assert r["quit"] == b"= \n\n"
    for command in GOGUI_SEQUENCE:
        _, rid, _ = frame(r[command])
        assert rid == b"", (command, r[command])


def test_every_command_of_the_attach_sequence_succeeds(engine: RawEngine) -> None:
    r = run_sequence(engine, with_ids=True)
    failed = {c: r[c] for c in GOGUI_SEQUENCE if not frame(r[c])[0]}
    assert failed == {}


def test_engine_exits_after_quit(engine: RawEngine) -> None:
    run_sequence(engine, with_ids=True)
    assert engine.proc.wait(timeout=TIMEOUT) == 0
    assert engine.rest_of_output() == b""


def test_name_version_and_command_list_are_clean_lines(engine: RawEngine) -> None:
    r = run_sequence(engine, with_ids=True)
    _, _, name = frame(r["name"])
    _, _, version = frame(r["version"])
    assert name and "\n" not in name
    assert "\n" not in version
    _, _, listing = frame(r["list_commands"])
    names = listing.split("\n")
    assert all(re.fullmatch(r"[A-Za-z0-9_\-]+", n) for n in names), names
    required = {"protocol_version", "name", "version", "known_command", "list_commands",
                "quit", "boardsize", "clear_board", "komi", "play", "genmove"}
    assert required <= set(names)
    assert {"gogui-analyze_commands", "final_score", "showboard"} <= set(names)


def test_analyze_commands_follow_gogui_type_label_command(engine: RawEngine) -> None:
    r = run_sequence(engine, with_ids=True)
    _, _, text = frame(r["gogui-analyze_commands"])
    lines = [ln for ln in text.split("\n") if ln.strip() and not ln.startswith("#")]
    assert lines
    labels = []
    for line in lines:
        fields = line.split("/")
        assert 3 <= len(fields) <= 5, line
        assert fields[0] in ANALYZE_TYPES, line
        assert fields[1] and fields[2].strip(), line
        labels.append(fields[1])
    assert len(labels) == len(set(labels))


def test_genmove_plays_a_legal_point_and_final_score_is_one_line(engine: RawEngine) -> None:
    r = run_sequence(engine, with_ids=True)
    _, _, move = frame(r["genmove b"])
    assert re.fullmatch(r"(?i)[A-HJ][1-9]|pass|resign", move), move
    assert move.upper() not in ("E5", "C3")
    _, _, board = frame(r["showboard"])
    assert board.strip()
    ok, _, score = frame(r["final_score"])
    assert ok and re.fullmatch(r"[BW]\+\d+(\.\d+)?|0", score), r["final_score"]


def test_errors_are_framed_with_question_mark_id_and_space(engine: RawEngine) -> None:
    assert engine.exchange(b"7 frobnicate\n") == b"?7 unknown command\n\n"
    assert engine.exchange(b"boardsize 9\n") == b"= \n\n"
    assert engine.exchange(b"0 play b e5\n") == b"=0 \n\n"
    assert engine.exchange(b"0 play w e5\n") == b"?0 illegal move\n\n"
    assert engine.exchange(b"quit\n") == b"= \n\n"
    assert engine.proc.wait(timeout=TIMEOUT) == 0


def _resolve(argv: list[str]) -> list[str]:
    """A config's command line, with `gtp-weiqi` resolved as engine_argv() does."""
    if argv[0] == "gtp-weiqi":
        return [*engine_argv(), *argv[1:]]
    return argv


def test_gogui_conf_program_attaches_and_takes_the_komi_gogui_sends() -> None:
    """`gogui -config configs/gogui.conf`: GoGui joins the lines and splits them at blanks
    outside double quotes; the real GoGui runs it in tests/test_gogui_gui.py."""
    words = shlex.split(" ".join((CONFIGS / "gogui.conf").read_text().splitlines()))
    assert all(not w.startswith("#") for w in words)
    options = dict(zip(words[::2], words[1::2], strict=False))
    eng = RawEngine(_resolve(shlex.split(options["-program"])))
    try:
        assert eng.exchange(b"name\n").startswith(b"= ")
        assert eng.exchange(b"boardsize " + options.get("-size", "19").encode() + b"\n") \
            == b"= \n\n"
        assert eng.exchange(f"komi {options['-komi']}\n".encode()) == b"= \n\n"
        assert eng.exchange(b"get_komi\n") == b"= 8\n\n"  # 计活子's, as --rules jihuozi gives
        assert eng.exchange(b"quit\n") == b"= \n\n"
    finally:
        eng.close()


def test_gogui_program_entry_command_starts_an_engine_named_as_its_label() -> None:
    fields = dict(line.split(":", 1) for line in (CONFIGS / "gogui-program.txt").read_text()
                  .splitlines() if line and not line.startswith("#"))
    eng = RawEngine(_resolve(shlex.split(fields["Command"])))
    try:
        assert eng.exchange(b"name\n") == f"= {fields['Label'].strip()}\n\n".encode()
        rules = eng.exchange(b"kata-get-rules\n")
        assert rules.startswith(b"= ") and b"jihuozi" in rules
    finally:
        eng.close()

"""Messages a user can act on: each odd record of the hardening report gets a reason that
names the value (shown escaped and cut short), and an over-long back-end answer is said to
be too long, not that the engine hung."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from conftest import fail, make_engine, snapshot

from gtp_weiqi.core.rules import lookup_preset
from gtp_weiqi.core.sgf import SgfError, parse_sgf, unknown_rules_note
from gtp_weiqi.ui.gtp.controller import (
    MAX_LINE_BYTES,
    Controller,
    ProtocolError,
    SubprocessChannel,
)

TIMEOUT = 60.0


@pytest.mark.parametrize("data, message", [
    (b"(;SZ[9]AB[zz])", r"^bad setup in node 0: AB\[zz\] is not a point on a 9x9 board$"),
    (b"(;SZ[9]AW[j])", r"^bad setup in node 0: AW\[j\] is not a point on a 9x9 board$"),
    (b"(;SZ[9]AB[aa:zz])", r"^bad setup in node 0: AB\[aa:zz\] is not a point"),
    (b"(;SZ[9];B[ee]DD[j])", r"^bad mark in node 1: DD\[j\] is not a point on a 9x9 board$"),
    (b"(;SZ[9];B[ee]WQAL[zz])", r"^bad mark in node 1: WQAL\[zz\] is not a point"),
    (b"(;CA[\0]SZ[9])", r"^CA\[\\x00\] is not a character set this engine knows$"),
    (b"(;CA[mbcs]SZ[9];B[ee])", r"^CA\[mbcs\] is not a character set this engine knows$"),
    (b"(;CA[zlib_codec]SZ[9];B[ee])", r"^CA\[zlib_codec\] is a codec \(zlib\), not a "),
    (b"(;CA[base64]SZ[9];B[ee])", r"^CA\[base64\] is a codec \(base64\), not a character set"),
    (b"(;CA[rot13]SZ[9];B[ee])", r"^CA\[rot13\] is a codec \(rot-13\), not a character set"),
    (b"(;CA[UTF-16]SZ[9];B[ee])", r"^CA\[UTF-16\] is not a character set SGF can be written "),
    (b"(;SZ[9];B[ee]W[cc])", r"^node 1 holds both a black and a white move \(B and W\)"),
    (b"(;SZ[9]KM[1e400])", r"^KM\[1e400\] is not a komi \(a finite number\)$"),
    (b"(;GM[" + b"\x01" * 5000 + b"])", r"^GM\[(\\x01){10}\.\.\.\] is not a Go game"),
    (b"(;SZ[9];B[" + b"q" * 5000 + b"])", r"^move 1: B\[q{40}\.\.\.\] is not a point"),
], ids=["AB-off-board", "AW-one-letter", "AB-compressed", "DD-one-letter", "WQAL",
        "CA-null", "CA-mbcs", "CA-zlib", "CA-base64", "CA-rot13", "CA-utf16", "B-and-W",
        "KM-infinite", "GM-long", "move-long"])
def test_an_odd_record_is_refused_with_a_short_reason(data: bytes, message: str) -> None:
    with pytest.raises(SgfError, match=message) as refused:
        parse_sgf(data)
    assert len(str(refused.value)) <= 120


@pytest.mark.parametrize("charset", [b"UTF-8", b"utf8", b"GB2312", b"ISO-8859-1", b"Big5"])
def test_the_character_sets_of_real_records_are_read(charset: bytes) -> None:
    assert parse_sgf(b"(;CA[" + charset + b"]SZ[9];B[ee])").moves == [(1, (4, 4))]


def test_through_gtp_the_refusal_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bw.sgf"
    path.write_bytes(b"(;SZ[9];B[ee]W[cc])")
    engine = make_engine()
    before = snapshot(engine)
    assert fail(engine, f"loadsgf {path}").startswith("cannot load file: node 1 holds both")
    assert snapshot(engine) == before


def test_an_rule_set_not_understood_is_echoed_short_however_deep() -> None:
    """An RU of JSON nested 90,000 brackets deep: the note shows 40 characters of it."""
    data = b'(;SZ[9]RU[{"a":' + b"[" * 90_000 + b"\\]" * 90_000 + b"}])"
    parsed = parse_sgf(data)
    assert parsed.rules is None
    chinese = lookup_preset("chinese")
    assert chinese is not None
    note = unknown_rules_note(parsed, chinese[0])
    assert note is not None and len(note) < 150
    assert note.startswith('RU[{"a":[[[') and "...] is not a rules set" in note


def test_a_20_mb_answer_is_reported_as_too_long_not_hung() -> None:
    """A back end that answers `name` with 20 MB on one line: the controller stops reading
    at MAX_LINE_BYTES and says so (it used to wait for the line and report a hang)."""
    source = textwrap.dedent("""
        import sys
        for line in sys.stdin:
            if line.strip() == "name":
                sys.stdout.write("= " + "x" * 20_000_000 + "\\n\\n")
            else:
                sys.stdout.write("= \\n\\n")
            sys.stdout.flush()
    """)
    assert MAX_LINE_BYTES < 20_000_000
    channel = SubprocessChannel([sys.executable, "-c", source])
    controller = Controller(channel, "test engine", TIMEOUT)
    try:
        with pytest.raises(ProtocolError, match=r"answer line to 'name' is longer than 8 MiB"):
            controller.command("name")
    finally:
        controller.close(quick=True)
    assert channel.proc.poll() is not None

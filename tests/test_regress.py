"""The `.tst` regression runner (gtp_weiqi.ui.regress) and the engine's regression files.

The runner is tested against tests/fake_gtp_engine.py, so its parsing does not
depend on the engine; then tests/regress/*.tst run against the engine, and
against GNU Go to check that the files themselves follow the reference
implementation wherever GNU Go follows the GTP specification.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import gnugo_path
from hypothesis import assume, given
from hypothesis import strategies as st

from gtp_weiqi.ui import regress
from gtp_weiqi.ui.regress import (
    Entry,
    Expectation,
    Response,
    TstFormatError,
    judge,
    parse_expectation,
    parse_response,
    parse_tst,
    run_file,
)

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
REGRESS_DIR = TESTS / "regress"
FAKE = [sys.executable, str(TESTS / "fake_gtp_engine.py")]
TIMEOUT = 120




def _tst(tmp_path: Path, text: str, name: str = "t.tst") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _run_cli(*args: str, timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gtp_weiqi.ui.regress", *args],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)


# --- parsing -----------------------------------------------------------------------------

def test_expectation_plain_pattern_is_kept_verbatim() -> None:
    exp = parse_expectation(" [W\\+100.5]")
    assert exp == Expectation("W\\+100.5", False, False, False, "[W\\+100.5]")


def test_expectation_trailing_star_marks_expected_failure() -> None:
    exp = parse_expectation("[C3]*")
    assert exp.pattern == "C3" and exp.expected_failure and not exp.ignored


def test_expectation_trailing_ampersand_marks_ignored() -> None:
    exp = parse_expectation("[C3]&")
    assert exp.ignored and not exp.expected_failure


def test_expectation_bang_negates() -> None:
    exp = parse_expectation("[!PASS]")
    assert exp.negated and exp.pattern == "PASS"
    assert exp.matches("C3") and not exp.matches("PASS")


@pytest.mark.parametrize("bad", ["C3", "[C3", "C3]", "[(]"])
def test_expectation_without_brackets_or_with_bad_regex_is_refused(bad: str) -> None:
    with pytest.raises(TstFormatError):
        parse_expectation(bad)


def test_regex_is_anchored_at_both_ends() -> None:
    exp = parse_expectation("[C3]")
    assert exp.matches("C3")
    assert not exp.matches("C3 G7")
    assert not exp.matches("AC3")


def test_regex_dot_matches_newline_and_anchors_match_lines() -> None:
    assert parse_expectation("[a.b]").matches("a\nb")
    assert parse_expectation("[(?=.*^b$).*]").matches("a\nb\nc")


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
               max_size=30))
def test_escaped_text_matches_exactly_itself(text: str) -> None:
    text = text.strip()
    assume(not text.startswith("!"))  # a leading ! is the negation mark
    exp = parse_expectation("[" + re.escape(text) + "]")
    assert exp.matches(text)
    assert not exp.matches(text + "x")


def test_tst_numbered_lines_are_tests_and_others_plain_commands() -> None:
    entries = parse_tst("# comment\nboardsize 9\n\n12 genmove b\n#? [C3]*\n\t13\tname\n")
    assert entries == [
        Entry(2, "boardsize 9"),
        Entry(4, "genmove b", 12, parse_expectation("[C3]*")),
        Entry(6, "name", 13),
    ]


def test_tst_expectation_without_numbered_command_is_refused() -> None:
    with pytest.raises(TstFormatError):
        parse_tst("boardsize 9\n#? [x]\n")


def test_response_text_is_the_part_after_id_and_space() -> None:
    assert parse_response("=12 B+3.5") == Response(True, "B+3.5", "=12 B+3.5", 12)
    assert parse_response("? illegal move") == Response(False, "illegal move",
                                                        "? illegal move", None)
    assert parse_response("=3 A1\nB2").text == "A1\nB2"


def test_error_matches_a_positive_pattern_but_never_a_negated_one() -> None:
    error = parse_response("?4 illegal move")
    assert judge(Entry(1, "play b e5", 4, parse_expectation("[illegal move]")), error).passed
    assert not judge(Entry(1, "play b e5", 4, parse_expectation("[!C3]")), error).passed
    assert not judge(Entry(1, "play b e5", 4), error).passed
    strict = judge(Entry(1, "play b e5", 4, parse_expectation("[illegal move]")), error,
                   errors_fail=True)
    assert not strict.passed


def test_response_with_wrong_id_fails_even_when_expected_to_fail() -> None:
    outcome = judge(Entry(1, "name", 4, parse_expectation("[x]*")), parse_response("=5 x"))
    assert not outcome.passed and outcome.unexpected_failure


# --- running against the fake engine -----------------------------------------------------

FAKE_TST = """\
# passes
1 echo C3 G7
#? [C3 G7]
2 echo C3 G7
#? [C3.*]
3 fail illegal move
#? [illegal move]
4 lines a b
#? [a\\nb]
# expected failure that fails
5 echo C3
#? [G7]*
# negation
6 echo pass
#? [!C3]
# ignored
7 fail whatever
#? [x]&
# numbered without expectation: passes unless it errs
8 echo anything
unnumbered-unknown-command
"""


def test_fake_engine_file_passes_with_expected_failure_counted(tmp_path: Path) -> None:
    result = run_file(_tst(tmp_path, FAKE_TST), FAKE, timeout=TIMEOUT)
    assert result.error is None
    assert [o.entry.test_id for o in result.outcomes] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert not any(o.unexpected_failure or o.unexpected_pass for o in result.outcomes)
    assert [o.entry.test_id for o in result.outcomes if not o.passed] == [5]
    assert [e.command for e, _ in result.other_errors] == ["unnumbered-unknown-command"]


def test_unexpected_failure_is_reported_and_exits_1(tmp_path: Path) -> None:
    path = _tst(tmp_path, "1 echo C3 G7\n#? [C3]\n2 fail oops\n3 echo x\n#? [!x]\n")
    proc = _run_cli("--engine", " ".join(FAKE), str(path))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "1 unexpected FAIL" in proc.stdout and "=1 C3 G7" in proc.stdout
    assert "2 unexpected FAIL" in proc.stdout and "?2 oops" in proc.stdout
    assert "3 unexpected FAIL" in proc.stdout
    assert "3 unexpected failures" in proc.stdout.splitlines()[-1]


def test_unexpected_pass_is_reported_but_exits_0(tmp_path: Path) -> None:
    path = _tst(tmp_path, "1 echo C3\n#? [C3]*\n")
    proc = _run_cli("--engine", " ".join(FAKE), str(path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 unexpected PASS!" in proc.stdout
    assert proc.stdout.splitlines()[-1].startswith("Summary: 1 files, 1 tests: 1 passed")


def test_engine_runs_in_the_tst_directory_so_loadsgf_paths_are_relative(
        tmp_path: Path) -> None:
    sub = tmp_path / "suite"
    (sub / "games").mkdir(parents=True)
    (sub / "games" / "g.sgf").write_text("(;SZ[9])", encoding="utf-8")
    path = _tst(sub, f"1 loadsgf games/g.sgf\n#? []\n2 pwd\n#? [{re.escape(str(sub))}]\n")
    proc = _run_cli("--engine", " ".join(FAKE), str(path))  # run from the repository root
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_relative_engine_path_still_works_from_another_directory(tmp_path: Path) -> None:
    path = _tst(tmp_path, "1 name\n#? [Fake]\n")
    proc = subprocess.run(
        [sys.executable, "-m", "gtp_weiqi.ui.regress", "--engine",
         f"{sys.executable} tests/fake_gtp_engine.py", str(path)],
        capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_engine_crash_stops_the_file_and_exits_2(tmp_path: Path) -> None:
    path = _tst(tmp_path, "1 name\n2 crash\n3 name\n")
    result = run_file(path, FAKE, timeout=TIMEOUT)
    assert result.error is not None and "engine exited" in result.error
    assert [o.passed for o in result.outcomes] == [True, False]
    proc = _run_cli("--engine", " ".join(FAKE), str(path))
    assert proc.returncode == 2 and "ENGINE ERROR" in proc.stdout


def test_command_timeout_kills_the_engine_and_exits_2(tmp_path: Path) -> None:
    path = _tst(tmp_path, "1 sleep 60\n2 name\n")
    result = run_file(path, FAKE, timeout=0.5)
    assert result.error is not None and "no response within" in result.error
    assert [o.unexpected_failure for o in result.outcomes] == [True]


def test_engine_that_cannot_start_is_an_engine_error(tmp_path: Path) -> None:
    path = _tst(tmp_path, "1 name\n")
    result = run_file(path, [str(tmp_path / "no-such-engine")], timeout=TIMEOUT)
    assert result.error is not None and "cannot start engine" in result.error


def test_bad_tst_file_is_an_error_not_a_pass(tmp_path: Path) -> None:
    path = _tst(tmp_path, "1 name\n#? Fake\n")
    proc = _run_cli("--engine", " ".join(FAKE), str(path))
    assert proc.returncode == 2
    assert "expectation must be written [regex]" in proc.stdout


# --- the engine's regression files ---------------------------------------------------------

TST_FILES = sorted(REGRESS_DIR.glob("*.tst"))


def test_regression_files_exist() -> None:
    names = {p.stem for p in TST_FILES}
    assert {"captures", "ko", "suicide", "handicap", "undo", "errors"} <= names


def test_engine_passes_the_regression_files() -> None:
    """`gtp-weiqi regress tests/regress/*.tst` exits 0 with the engine."""
    proc = subprocess.run(
        [sys.executable, "-m", "gtp_weiqi", "regress", "--timeout", "60",
         *map(str, TST_FILES)],
        capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 unexpected failures" in proc.stdout


# Where GNU Go 3.8 departs from the GTP specification (error texts for handicap
# commands) or caches final_score across a komi change.
GNUGO_DEVIATIONS = {
    ("handicap", 15), ("handicap", 16), ("handicap", 30), ("handicap", 33),
    ("handicap", 46), ("handicap", 47), ("handicap", 48), ("handicap", 53),
    ("scoring", 10), ("scoring", 20),
}


def test_regression_files_agree_with_gnugo_where_gnugo_follows_the_spec() -> None:
    gnugo = gnugo_path()
    failures = set()
    for path in TST_FILES:
        result = run_file(path, [gnugo, "--mode", "gtp"], timeout=60)
        assert result.error is None, result.error
        failures |= {(path.stem, o.entry.test_id) for o in result.outcomes
                     if o.unexpected_failure or o.unexpected_pass}
    assert failures == GNUGO_DEVIATIONS


def test_regress_module_entry_point_prints_usage() -> None:
    proc = _run_cli("--help")
    assert proc.returncode == 0 and "--engine" in proc.stdout
    assert regress.main is not None

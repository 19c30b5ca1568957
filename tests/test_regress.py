"""The `.tst` regression runner (gtp_weiqi.ui.regress) and the engine's regression files.

The runner is tested against tests/fake_gtp_engine.py, so its parsing does not depend on
the engine, and against GoGui's own gogui-regress (when GOGUI_HOME names a GoGui build):
both must give every test the same verdict.  Then tests/regress/*.tst run against the
engine, under both runners, and against GNU Go to check that the files themselves follow
the reference implementation wherever GNU Go follows the GTP specification.

gogui-regress counts every error answer (``?``) as a failure, so the regression files
hold no command that should fail; the error paths they used to pin (illegal moves,
``cannot undo``, the handicap commands' errors, bad arguments) are the transcripts of
ERROR_TRANSCRIPTS below, run against the engine and GNU Go.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import assert_well_framed, gnugo_path, make_engine, transcript, unavailable
from hypothesis import assume, given
from hypothesis import strategies as st

from gtp_weiqi.ui import regress
from gtp_weiqi.ui.gtp.controller import Controller
from gtp_weiqi.ui.regress import (
    Answer,
    Counts,
    Entry,
    Expectation,
    TstFormatError,
    command_id,
    judge,
    parse_expectation,
    parse_tst,
    read_answer,
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
    assert exp == Expectation("W\\+100.5", False, False, "[W\\+100.5]")


def test_expectation_trailing_star_marks_expected_failure() -> None:
    exp = parse_expectation("[C3]*")
    assert exp.pattern == "C3" and exp.expected_failure


def test_expectation_bang_negates_and_spaces_inside_the_brackets_are_dropped() -> None:
    exp = parse_expectation("[ !PASS ]")
    assert exp.negated and exp.pattern == "PASS"
    assert exp.matches("C3") and not exp.matches("PASS")


@pytest.mark.parametrize("bad", ["C3", "[C3", "C3]", "[(]", "[C3]&", "[C3] *", "[C3]**",
                                 "*[C3]"])
def test_expectation_that_gogui_regress_refuses_is_refused(bad: str) -> None:
    """Brackets around the regex, then at most one '*': GNU Go's '&' is not read."""
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


def test_regex_classes_are_ascii_as_in_java() -> None:
    assert not parse_expectation("[\\d]").matches("\u0663")  # ARABIC-INDIC DIGIT THREE
    assert not parse_expectation("[(?i)\u00e9]").matches("\u00c9")
    assert parse_expectation("[(?i)pass]").matches("PASS")


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
        Entry(4, "12 genmove b", 12, parse_expectation("[C3]*"), True),
        Entry(6, "13 name", 13, None, True),
    ]
    assert entries[1].command == "genmove b"


def test_a_pattern_after_a_command_without_id_makes_it_a_test() -> None:
    """As in gogui-regress: the test has no id (gogui-regress shows -1)."""
    assert parse_tst("name\n#? [x]\nversion\n#?\n") == [
        Entry(1, "name", None, parse_expectation("[x]"), True), Entry(3, "version")]


@pytest.mark.parametrize("text", ["#? [x]\n", "1 name\n\n#? [x]\n", "1 name\n# note\n#? [x]\n",
                                  "1 name\n#? [x]\n#? [y]\n", "1 name\n#?\n#? [y]\n"])
def test_a_pattern_not_right_after_a_command_is_refused(text: str) -> None:
    with pytest.raises(TstFormatError, match="without preceding test command"):
        parse_tst(text)


@pytest.mark.parametrize(("line", "ident"), [
    ("12 genmove b", 12), ("0 name", 0), ("+7 name", 7), ("-0 name", 0),
    ("2147483647 name", 2147483647), ("2147483648 name", None), ("-1 name", None),
    ("12", None), ("12a name", None), ("name", None), ("\u0661\u0662 name", 12),
])
def test_command_ids_are_read_as_java_reads_them(line: str, ident: int | None) -> None:
    assert command_id(line) == ident


def test_response_text_follows_the_first_space_and_is_trimmed() -> None:
    assert read_answer(b"=12 B+3.5\n\n") == Answer(True, "B+3.5", "=12 B+3.5", 12)
    assert read_answer(b"? illegal move\n\n") == Answer(False, "illegal move",
                                                        "? illegal move", None)
    assert read_answer(b"\n=3 A1\r\nB2 \n\n").text == "A1\nB2"
    # No space on the first line: the text starts after the first space further on.
    assert read_answer(b"=3\nA1 B2\n\n").text == "B2"
    assert read_answer(b"=3\n\n").text == ""


def _entry(pattern: str | None, ident: int = 4) -> Entry:
    exp = parse_expectation(pattern) if pattern is not None else None
    return Entry(1, f"{ident} cmd", ident, exp, True)


def test_an_error_answer_fails_whatever_the_pattern_says() -> None:
    error = read_answer(b"?4 illegal move\n\n")
    for pattern in ("[illegal move]", "[!C3]", "[.*]", None):
        assert judge(_entry(pattern), error).unexpected_failure
    expected = judge(_entry("[illegal move]*"), error)
    assert expected.failed and not expected.unexpected_failure


def test_an_answer_with_a_wrong_id_is_judged_as_usual_and_noted() -> None:
    outcome = judge(_entry("[x]"), read_answer(b"=5 x\n\n"))
    assert not outcome.failed and "does not echo" in outcome.note


# --- running against the fake engine -----------------------------------------------------

# Every kind of verdict, and the lines whose reading is easy to get wrong; the comment
# after each test is its status in gogui-regress's report (pass, FAIL, fail, PASS).
VERDICTS_TST = """\
1 echo C3 G7
#? [C3 G7]
# pass
2 echo C3 G7
#? [C3]
# FAIL: the whole answer must match
3 fail illegal move
#? [illegal move]
# FAIL: an error answer always fails
4 lines a b c
#? [(?=.*^b$)a.*c]
# pass
5 echo C3
#? [G7]*
# fail: expected
6 echo C3
#? [C3]*
# PASS: unexpected
7 fail oops
#? [oops]*
# fail: an error answer to an expected failure
8 echo pass
#? [!C3]
# pass
9 fail oops
#? [!C3]
# FAIL
10 echo anything
# pass: no pattern, no error
11 fail oops
# FAIL: no pattern, an error
12 echo q
#?
# pass: an empty pattern is none
13 echo C3
#? [ C3 ]
# pass
echo abc
#? [abc]
# pass: a test without an id
unnumbered-unknown-command
-1 echo x
# other errors, not tests
+19 echo x
# FAIL: id 19, and the fake engine does not read '+19'
"""

VERDICTS = [(1, "pass"), (2, "FAIL"), (3, "FAIL"), (4, "pass"), (5, "fail"), (6, "PASS"),
            (7, "fail"), (8, "pass"), (9, "FAIL"), (10, "pass"), (11, "FAIL"), (12, "pass"),
            (13, "pass"), (-1, "pass"), (19, "FAIL")]


def _status(outcome: regress.Outcome) -> str:
    if outcome.failed:
        return "fail" if outcome.expected_failure else "FAIL"
    return "PASS" if outcome.expected_failure else "pass"


def _verdicts(result: regress.FileResult) -> list[tuple[int, str]]:
    return [(-1 if o.entry.test_id is None else o.entry.test_id, _status(o))
            for o in result.outcomes]


def test_every_kind_of_verdict_against_the_fake_engine(tmp_path: Path) -> None:
    result = run_file(_tst(tmp_path, VERDICTS_TST), FAKE, timeout=TIMEOUT)
    assert result.error is None
    assert _verdicts(result) == VERDICTS
    assert result.counts() == Counts(tests=15, unexpected_failures=5, expected_failures=2,
                                     unexpected_passes=1, expected_passes=7, other_errors=2)
    assert [e.line for e, _ in result.other_errors] == ["unnumbered-unknown-command",
                                                        "-1 echo x"]


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


def test_other_errors_are_shown_and_counted_but_exit_0(tmp_path: Path) -> None:
    path = _tst(tmp_path, "frobnicate\n1 name\n")
    proc = _run_cli("--engine", " ".join(FAKE), str(path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "other error: 'frobnicate' -> '? unknown command'" in proc.stdout
    assert " 1 other errors" in proc.stdout.splitlines()[-1]


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
    assert result.error is not None and "exited with code 3" in result.error
    assert [o.failed for o in result.outcomes] == [False, True]
    proc = _run_cli("--engine", " ".join(FAKE), str(path))
    assert proc.returncode == 2 and "ENGINE ERROR" in proc.stdout


def test_command_timeout_kills_the_engine_and_exits_2(tmp_path: Path) -> None:
    path = _tst(tmp_path, "1 sleep 60\n2 name\n")
    result = run_file(path, FAKE, timeout=0.5)
    assert result.error is not None and "within 0.5 s" in result.error
    assert [o.unexpected_failure for o in result.outcomes] == [True]


def test_engine_that_cannot_start_is_an_engine_error(tmp_path: Path) -> None:
    path = _tst(tmp_path, "1 name\n")
    result = run_file(path, [str(tmp_path / "no-such-engine")], timeout=TIMEOUT)
    assert result.error is not None and "cannot start engine" in result.error


def test_bad_tst_file_is_an_error_not_a_pass(tmp_path: Path) -> None:
    path = _tst(tmp_path, "1 name\n#? Fake\n")
    proc = _run_cli("--engine", " ".join(FAKE), str(path))
    assert proc.returncode == 2
    assert "FILE ERROR" in proc.stdout and "pattern has no opening bracket" in proc.stdout


def test_runner_has_no_gtp_client_of_its_own() -> None:
    """The runner speaks to engines through the project's controller only."""
    source = Path(regress.__file__).read_text(encoding="utf-8")
    assert "subprocess" not in source and "Popen" not in source


# --- the real gogui-regress ----------------------------------------------------------------

GOGUI_TIMEOUT = 300
COUNTS_COLUMNS = "#Tests\tFAIL\tfail\tPASS\tpass\tError"


def gogui_regress(gogui: Path, program: str, files: list[Path], out: Path
                  ) -> tuple[subprocess.CompletedProcess[str], Counts | None]:
    """Run GoGui's gogui-regress on `files` with `program`, its report in `out`; the
    process and the counts of its summary.dat (None when it wrote none)."""
    if shutil.which("java") is None:
        unavailable("java is not installed (install-deps installs it)", "java is not installed")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p))
    proc = subprocess.run([str(gogui / "bin" / "gogui-regress"), "-output", str(out), program,
                           *map(str, files)],
                          capture_output=True, text=True, timeout=GOGUI_TIMEOUT, env=env,
                          cwd=out.parent)
    summary = out / "summary.dat"
    if not summary.exists():
        return proc, None
    head, values = summary.read_text(encoding="utf-8").splitlines()[:2]
    assert head.startswith(COUNTS_COLUMNS), head
    return proc, Counts(*map(int, values.split("\t")[:6]))


def gogui_verdicts(out: Path, name: str) -> list[tuple[int, str]]:
    """The ID and Status columns of gogui-regress's table for one file."""
    html = (out / f"{name}.html").read_text(encoding="utf-8")
    return [(int(i), s) for i, s in re.findall(
        r'#(-?\d+)">-?\d+</a></td>\n<td align="center" bgcolor="[^"]*">(\w+)</td>', html)]


def test_runner_and_gogui_regress_agree_on_every_verdict(gogui: Path, tmp_path: Path) -> None:
    path = _tst(tmp_path, VERDICTS_TST, "verdicts.tst")
    proc, counts = gogui_regress(gogui, " ".join(FAKE), [path], tmp_path / "out")
    assert proc.returncode == 1, proc.stdout + proc.stderr  # unexpected failures
    ours = run_file(path, FAKE, timeout=TIMEOUT)
    assert counts == ours.counts()
    assert gogui_verdicts(tmp_path / "out", "verdicts") == _verdicts(ours) == VERDICTS
    own = _run_cli("--engine", " ".join(FAKE), str(path))
    assert own.returncode == proc.returncode


@pytest.mark.parametrize("text", ["1 name\n#? [Fake]&\n", "1 name\n\n#? [Fake]\n",
                                  "1 name\n#? Fake\n"])
def test_runner_and_gogui_regress_both_refuse_a_malformed_file(gogui: Path, tmp_path: Path,
                                                               text: str) -> None:
    path = _tst(tmp_path, text)
    proc, _counts = gogui_regress(gogui, " ".join(FAKE), [path], tmp_path / "out")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert _run_cli("--engine", " ".join(FAKE), str(path)).returncode == 2


# --- the engine's regression files ---------------------------------------------------------

TST_FILES = sorted(REGRESS_DIR.glob("*.tst"))
ENGINE = f"{sys.executable} -m gtp_weiqi"


def test_regression_files_exist() -> None:
    names = {p.stem for p in TST_FILES}
    assert {"arguments", "captures", "ko", "suicide", "handicap", "undo", "protocol",
            "scoring"} <= names


def test_engine_passes_the_regression_files() -> None:
    """`gtp-weiqi regress tests/regress/*.tst` exits 0 with the engine, and no command in
    the files answers with an error."""
    proc = subprocess.run(
        [sys.executable, "-m", "gtp_weiqi", "regress", "--timeout", "60",
         *map(str, TST_FILES)],
        capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    summary = proc.stdout.splitlines()[-1]
    assert " 0 unexpected failures, 0 unexpected passes, 0 expected failures, " \
           "0 other errors, 0 files stopped" in summary, proc.stdout


@pytest.mark.parametrize("path", TST_FILES, ids=[p.stem for p in TST_FILES])
def test_gogui_regress_passes_the_regression_file(gogui: Path, tmp_path: Path,
                                                  path: Path) -> None:
    """GoGui's gogui-regress runs the file with the engine: exit status 0, and the same
    counts as this package's runner (every test a pass, no other error)."""
    proc, counts = gogui_regress(gogui, ENGINE, [path], tmp_path / "out")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ours = run_file(path, [sys.executable, "-m", "gtp_weiqi"], timeout=60,
                    env=regress.engine_env(True))
    assert ours.error is None, ours.error
    assert counts == ours.counts()
    assert counts is not None and counts.tests == counts.expected_passes > 0
    assert gogui_verdicts(tmp_path / "out", path.stem) == _verdicts(ours)


# Where GNU Go 3.8 caches final_score across a komi change.
GNUGO_DEVIATIONS = {("scoring", 10), ("scoring", 20)}


def test_regression_files_agree_with_gnugo_where_gnugo_follows_the_spec() -> None:
    gnugo = gnugo_path()
    failures = set()
    for path in TST_FILES:
        result = run_file(path, [gnugo, "--mode", "gtp"], timeout=60)
        assert result.error is None, result.error
        assert not result.other_errors, (path, result.other_errors)
        failures |= {(path.stem, o.entry.test_id) for o in result.outcomes
                     if o.unexpected_failure or o.unexpected_pass}
    assert failures == GNUGO_DEVIATIONS


def test_regress_module_entry_point_prints_usage() -> None:
    proc = _run_cli("--help")
    assert proc.returncode == 0 and "--engine" in proc.stdout
    assert regress.main is not None


# --- the error paths, as transcripts ---------------------------------------------------------

# Moved here from tests/regress/*.tst (the ids are the files' own), since gogui-regress fails
# every error answer.  A line starting with '=' or '?' is the answer (status, id and text)
# the command on the line before must get; any other command must succeed.
ERROR_TRANSCRIPTS = {
    # formerly errors.tst: the spec's error texts, and syntax errors
    "arguments": """\
1 frobnicate
?1 unknown command
4 boardsize 0
?4 unacceptable size
5 boardsize 26
?5 unacceptable size
6 boardsize nine
?6 syntax error: 'nine' is not an integer
7 komi six
?7 syntax error: 'six' is not a number
boardsize 9
clear_board
10 play x e5
?10 syntax error: invalid color 'x'
11 play b k5
?11 syntax error: vertex off the board: 'k5'
12 play b i5
?12 syntax error: invalid vertex: 'i5'
13 play b e10
?13 syntax error: vertex off the board: 'e10'
14 play b
?14 syntax error: wrong number of arguments
15 play b e0
?15 syntax error: vertex off the board: 'e0'
20 play b e5
21 play b e5
?21 illegal move
22 play w e5
?22 illegal move
""",
    "captures": """\
boardsize 9
clear_board
komi 6.5
play b a1
play w b1
10 play w a1
?10 illegal move
clear_board
play b e5
play b e4
play w d5
play w d4
play w f5
play w f4
play w e6
20 play b e3
21 play w e5
?21 illegal move
clear_board
play w b1
play w c1
play w d1
play b b2
play b c2
play b d2
play b a1
40 play w c1
?40 illegal move
""",
    "handicap": """\
boardsize 9
clear_board
1 fixed_handicap 2
2 play b c3
?2 illegal move
3 play w g7
?3 illegal move
4 play w e5
5 undo
6 undo
?6 cannot undo
7 fixed_handicap 2
?7 board not empty
clear_board
13 fixed_handicap 9
14 play b e5
?14 illegal move
clear_board
15 fixed_handicap 1
?15 invalid number of stones
16 fixed_handicap 10
?16 invalid number of stones
17 play b e5
=17
boardsize 8
clear_board
30 fixed_handicap 5
?30 invalid number of stones
boardsize 6
clear_board
33 fixed_handicap 2
?33 invalid number of stones
boardsize 9
clear_board
40 set_free_handicap c3 g7 e5
41 play w e5
?41 illegal move
42 undo
?42 cannot undo
43 set_free_handicap d4 f6
?43 board not empty
clear_board
44 set_free_handicap A1 J9
45 play b a1
?45 illegal move
clear_board
46 set_free_handicap c3
?46 bad vertex list
47 set_free_handicap c3 c3
?47 bad vertex list
48 set_free_handicap c3 pass
?48 bad vertex list
clear_board
50 place_free_handicap 3
51 place_free_handicap 2
?51 board not empty
52 undo
?52 cannot undo
clear_board
53 place_free_handicap 1
?53 invalid number of stones
""",
    "ko": """\
boardsize 9
clear_board
play b d5
play b e4
play b e6
play w f4
play w f6
play w g5
play w e5
10 play b f5
11 play w e5
?11 illegal move
12 play w e5
?12 illegal move
play w b8
play b b7
13 play w e5
14 play b f5
?14 illegal move
""",
    "suicide": """\
boardsize 9
clear_board
play w a2
play w b1
10 play b a1
?10 illegal move
11 play w a1
clear_board
play w e6
play w d5
play w f5
play w e4
20 play b e5
?20 illegal move
21 play w e5
""",
    "undo": """\
boardsize 9
clear_board
1 undo
?1 cannot undo
play b e5
2 undo
3 play w e5
4 undo
5 undo
?5 cannot undo
play b c3
play w g7
play b c7
10 undo
11 undo
12 play w c3
?12 illegal move
13 undo
14 undo
?14 cannot undo
15 play w c3
clear_board
play b a1
play w b1
play w a2
20 undo
21 play w a1
?21 illegal move
22 play w a2
clear_board
play b e5
play w pass
30 undo
31 undo
32 undo
?32 cannot undo
clear_board
play b d5
play b e4
play b e6
play w f4
play w f6
play w g5
play w e5
play b f5
play w b8
play b b7
40 undo
41 undo
42 play w e5
?42 illegal move
clear_board
play b e5
clear_board
50 undo
?50 cannot undo
""",
}

# The tests above whose error text the GTP specification leaves free (any error will do).
FREE_TEXT = {("arguments", i) for i in (6, 7, 10, 11, 12, 13, 14, 15)}
# Where GNU Go 3.8 departs from the specification's error texts for the handicap commands.
GNUGO_ERROR_DEVIATIONS = {("handicap", i) for i in (15, 16, 30, 33, 46, 47, 48, 53)}


def _steps(text: str) -> list[tuple[str, str | None]]:
    """(command line, the answer it must get or None for any success)."""
    steps: list[tuple[str, str | None]] = []
    for line in text.splitlines():
        if line[:1] in "=?":
            steps[-1] = (steps[-1][0], line)
        else:
            steps.append((line, None))
    return steps


def _split_answer(first_line: str) -> tuple[str, str, str]:
    """'?12 illegal move' -> ('?', '12', 'illegal move')."""
    m = re.fullmatch(r"([=?])(\d*) ?(.*)", first_line)
    assert m, first_line
    return m.group(1), m.group(2), m.group(3).strip()


@pytest.mark.parametrize("name", sorted(ERROR_TRANSCRIPTS))
def test_error_paths_of_the_regression_files(name: str) -> None:
    steps = _steps(ERROR_TRANSCRIPTS[name])
    out = transcript(make_engine(), "".join(f"{line}\n" for line, _ in steps).encode())
    answers = [a + b"\n\n" for a in out[:-2].split(b"\n\n")] if out else []
    assert len(answers) == len(steps), out
    for (line, expected), answer in zip(steps, answers, strict=True):
        assert_well_framed(answer)
        got = _split_answer(answer.decode().split("\n")[0])
        if expected is None:
            assert got[0] == "=", (line, answer)
        else:
            assert got == _split_answer(expected), (line, answer)


def test_error_paths_agree_with_gnugo_where_gnugo_follows_the_spec() -> None:
    deviations = set()
    for name, text in sorted(ERROR_TRANSCRIPTS.items()):
        with Controller.start([gnugo_path(), "--mode", "gtp"], "gnugo", timeout=60) as gnugo:
            for line, expected in _steps(text):
                response = gnugo.ask_line(line)
                ident = command_id(line)
                if expected is None:
                    assert response.ok, (name, line, response)
                    continue
                status, _id, want = _split_answer(expected)
                if response.ok != (status == "=") or (
                        response.text != want and (name, ident) not in FREE_TEXT):
                    deviations.add((name, ident))
    assert deviations == GNUGO_ERROR_DEVIATIONS

"""Run gogui-regress regression files (`.tst`) against a GTP engine, with its verdicts.

Usage: ``gtp-weiqi regress [--engine CMD] [--timeout S] [-v] [--lang zh|en|both] FILE.tst ...``

The rules are those of GoGui 1.6's ``gogui-regress`` (the file format of GNU Go's
``regression/*.tst``), so that a file gets the same counts from either tool:

* each line is trimmed (spaces and control characters at both ends); blank lines and
  lines starting with ``#`` are not sent;
* any other line is sent to the engine as written (tabs made spaces).  When the text
  before its first space is a whole number from 0 to 2^31 - 1 the command is a *test*
  with that id;
* a ``#? [regex]`` line right after a command is that command's expectation (right
  after: a blank or comment line in between is a format error, as a ``#?`` at the start
  of the file or after another ``#?`` is).  A ``#?`` after a command without an id makes
  it a test too; an empty ``#?`` is no expectation at all;
* one trailing ``*`` after the ``]`` marks an expected failure; ``!`` at the start of the
  regex negates it; nothing else may follow the ``]`` (GNU Go's ``&`` is a format
  error).  Spaces just inside the brackets are dropped;
* the regex must match the whole response text (what follows the first space of the
  response, trimmed), with ``.`` matching newlines and ``^``/``$`` matching at line
  ends.  The regex is read by Python's `re` in ASCII mode, which agrees with Java's
  `Pattern` on the syntax such files use (classes, groups, lookaround, back-references,
  ``(?i)``, ``\\b``, ``\\s``);
* an error answer (``?``) fails its test whatever the expectation says (a negated one
  too, and an expected failure stays expected);
* a test without an expectation passes unless its answer is an error;
* an error answer to a command that is not a test is an *other error*: counted and
  shown, but not a failure.

Exit status: 0 when no test failed unexpectedly (an unexpected pass is reported but is
not a failure), 1 when one did, 2 when a file could not be read or is malformed, or an
engine could not be started, died or did not answer within the timeout.  Where
gogui-regress would stop the whole run there, this runner stops only that file.  Unlike
gogui-regress it also stops a file at garbage where a response should start (an engine
that breaks GTP framing), and it notes (without counting) an answer whose id does not
echo its test's id.

Each file gets a fresh engine process (through the project's GTP controller) whose
working directory is the file's directory, so ``loadsgf`` paths are relative to the
``.tst`` file, as with gogui-regress.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from ..core.lang import add_lang_argument, display_width, ljust, resolve, sentence, word
from .gtp.controller import ChannelError, Controller, EngineDied

DEFAULT_TIMEOUT = 30.0

_JAVA_WHITESPACE = "".join(map(chr, range(33)))  # what Java's String.trim removes
_JAVA_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # where Java's BufferedReader.readLine splits
_INT_RE = re.compile(r"[+-]?\d+")  # Java's Integer.parseInt: any decimal digits
_INT_MAX = 2**31 - 1


class TstFormatError(ValueError):
    """A `.tst` file that gogui-regress would refuse (it stops with exit status 2)."""


def java_trim(text: str) -> str:
    """`text` without the characters up to U+0020 at both ends (Java's ``String.trim``)."""
    return text.strip(_JAVA_WHITESPACE)


@dataclass(frozen=True)
class Expectation:
    """The ``#? [...]`` line after a command."""

    pattern: str
    negated: bool = False
    expected_failure: bool = False
    text: str = ""

    def matches(self, response: str) -> bool:
        """Whether the response text satisfies the expectation: the regex matches all of
        it (DOTALL, MULTILINE, ASCII classes), or, negated, does not."""
        found = re.fullmatch(self.pattern, response,
                             re.DOTALL | re.MULTILINE | re.ASCII) is not None
        return found != self.negated


@dataclass(frozen=True)
class Entry:
    """One line to send.  `test` says whether it is judged; `test_id` is its id (None
    for a command without one, which is a test only when a ``#?`` line follows it)."""

    lineno: int
    line: str
    test_id: int | None = None
    expectation: Expectation | None = None
    test: bool = False

    @property
    def command(self) -> str:
        """The command without its id."""
        return self.line.split(" ", 1)[1] if self.test_id is not None else self.line


@dataclass(frozen=True)
class Answer:
    """One response as gogui-regress reads it: `ok` for ``=``, `text` what follows its
    first space (trimmed), `raw` its lines; `ident` the id it carried."""

    ok: bool
    text: str
    raw: str
    ident: int | None = None


@dataclass
class Outcome:
    """The verdict on one test: `failed`, and whether a failure was expected."""

    entry: Entry
    answer: Answer | None
    failed: bool
    note: str = ""

    @property
    def expected_failure(self) -> bool:
        exp = self.entry.expectation
        return exp is not None and exp.expected_failure

    @property
    def unexpected_failure(self) -> bool:
        return self.failed and not self.expected_failure

    @property
    def unexpected_pass(self) -> bool:
        return not self.failed and self.expected_failure


@dataclass(frozen=True)
class Counts:
    """gogui-regress's columns: Tests, FAIL, fail, PASS, pass, Error."""

    tests: int = 0
    unexpected_failures: int = 0
    expected_failures: int = 0
    unexpected_passes: int = 0
    expected_passes: int = 0
    other_errors: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(*(a + b for a, b in zip(self.astuple(), other.astuple(), strict=True)))

    def astuple(self) -> tuple[int, int, int, int, int, int]:
        return (self.tests, self.unexpected_failures, self.expected_failures,
                self.unexpected_passes, self.expected_passes, self.other_errors)


@dataclass
class FileResult:
    """All verdicts for one `.tst` file, plus the error that stopped it, if any (`bad_file`:
    the file could not be read or is malformed, rather than the engine failing)."""

    path: Path
    outcomes: list[Outcome] = field(default_factory=list)
    error: str | None = None
    bad_file: bool = False
    other_errors: list[tuple[Entry, Answer]] = field(default_factory=list)

    def counts(self) -> Counts:
        """The counts gogui-regress writes for the file."""
        o = self.outcomes
        return Counts(
            tests=len(o),
            unexpected_failures=sum(x.unexpected_failure for x in o),
            expected_failures=sum(x.failed and x.expected_failure for x in o),
            unexpected_passes=sum(x.unexpected_pass for x in o),
            expected_passes=sum(not x.failed and not x.expected_failure for x in o),
            other_errors=len(self.other_errors))


def parse_expectation(text: str) -> Expectation:
    """Parse the part after ``#?`` (not empty): ``[regex]``, ``[!regex]``, then at most
    one ``*``."""
    body = java_trim(text)
    expected_failure = body.endswith("*")
    if expected_failure:
        body = body[:-1]
    if not body.startswith("["):
        raise TstFormatError(f"pattern has no opening bracket: {body!r}")
    if not body.endswith("]"):
        raise TstFormatError(f"pattern has no closing bracket: {body!r}")
    pattern = java_trim(body[1:-1])
    negated = pattern.startswith("!")
    if negated:
        pattern = pattern[1:]
    try:
        re.compile(pattern, re.DOTALL | re.MULTILINE | re.ASCII)
    except re.error as exc:
        raise TstFormatError(f"bad regex {pattern!r}: {exc}") from exc
    return Expectation(pattern, negated, expected_failure, java_trim(text))


def command_id(line: str) -> int | None:
    """The id of a command line: the text before its first space, when that is a Java
    int from 0 up; None otherwise (a command without an id)."""
    head, space, _rest = line.partition(" ")
    if not space or not _INT_RE.fullmatch(head):
        return None
    value = int(head)
    return value if 0 <= value <= _INT_MAX else None


def parse_tst(text: str) -> list[Entry]:
    """Split a `.tst` text into the lines to send, each ``#?`` attached to the command
    on the line before it."""
    entries: list[Entry] = []
    pending = False  # the previous line was a command, so a #? may follow
    for lineno, raw in enumerate(_JAVA_LINE_BREAK.split(text), start=1):
        line = java_trim(raw)
        if line.startswith("#?"):
            if not pending:
                raise TstFormatError(
                    f"line {lineno}: response pattern without preceding test command: {line}")
            pending = False
            body = java_trim(line[2:])
            if not body:
                continue
            try:
                exp = parse_expectation(body)
            except TstFormatError as exc:
                raise TstFormatError(f"line {lineno}: {exc}") from None
            prev = entries[-1]
            entries[-1] = Entry(prev.lineno, prev.line, prev.test_id, exp, test=True)
            continue
        pending = False
        if not line or line.startswith("#"):
            continue
        line = line.replace("\t", " ")
        ident = command_id(line)
        entries.append(Entry(lineno, line, ident, test=ident is not None))
        pending = True
    return entries


def read_answer(raw: bytes) -> Answer:
    """A response's bytes (as the controller kept them) read as gogui-regress reads them:
    lines split as Java splits them, lines before the one starting with ``=`` or ``?``
    dropped, and the text after the first space of the whole response, trimmed."""
    lines = _JAVA_LINE_BREAK.split(raw.decode("utf-8", errors="replace"))
    while lines and lines[0][:1] not in ("=", "?"):
        lines.pop(0)
    if "" in lines:
        lines = lines[:lines.index("")]
    full = "\n".join(lines)
    space = full.find(" ")
    text = java_trim(full[space:]) if space >= 0 else ""
    m = re.match(r"[=?]([0-9]+)", full)
    return Answer(full.startswith("="), text, full, int(m.group(1)) if m else None)


def judge(entry: Entry, answer: Answer) -> Outcome:
    """The verdict on one test: an error answer fails; otherwise the expectation decides
    (none: a pass)."""
    note = ""
    if entry.test_id is not None and answer.ident != entry.test_id:
        note = f"the answer's id {answer.ident} does not echo the test's id {entry.test_id}"
    exp = entry.expectation
    failed = not answer.ok or (exp is not None and not exp.matches(answer.text))
    return Outcome(entry, answer, failed, note)


def default_engine() -> list[str]:
    """The engine of this package, run by the current interpreter."""
    return [sys.executable, "-m", "gtp_weiqi"]


def engine_argv(spec: str | None) -> list[str]:
    """Split ``--engine``.  Relative paths in it (words holding a path separator that
    name an existing file, and the program itself) are made absolute, since each
    engine runs in its `.tst` file's directory."""
    if spec is None:
        return default_engine()
    argv = shlex.split(spec)
    if not argv:
        raise ValueError("empty engine command")
    seps = tuple(s for s in (os.sep, os.altsep) if s)
    for i, part in enumerate(argv):
        if any(sep in part for sep in seps) and (i == 0 or Path(part).exists()):
            argv[i] = str(Path(part).resolve())
    return argv


def engine_env(default: bool) -> dict[str, str]:
    """The environment for the engine; the default engine finds this package even uninstalled."""
    env = dict(os.environ)
    if default:
        root = str(Path(__file__).resolve().parent.parent.parent)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    return env


def _channel_error(exc: ChannelError) -> str:
    """The error's sentence, then the last lines of the engine's stderr."""
    tail = [line for line in exc.tail.splitlines() if line.strip()][-5:]
    return exc.message + "".join(f"\n  stderr: {line}" for line in tail)


def run_file(path: Path, argv: Sequence[str], timeout: float = DEFAULT_TIMEOUT,
             env: dict[str, str] | None = None) -> FileResult:
    """Run one `.tst` file in a fresh engine whose cwd is the file's directory."""
    result = FileResult(path)
    try:
        entries = parse_tst(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, TstFormatError) as exc:
        result.error = f"cannot read {path}: {exc}"
        result.bad_file = True
        return result
    try:
        engine = Controller.start(list(argv), name="engine", timeout=timeout,
                                  cwd=str(path.resolve().parent), env=env)
    except EngineDied as exc:
        result.error = f"cannot start engine {shlex.join(argv)}: {_channel_error(exc)}"
        return result
    try:
        for entry in entries:
            try:
                answer = read_answer(engine.ask_line(entry.line).raw)
            except ChannelError as exc:
                result.error = f"line {entry.lineno} '{entry.line}': {_channel_error(exc)}"
                if entry.test:
                    result.outcomes.append(Outcome(entry, None, True, exc.message))
                break
            if entry.test:
                result.outcomes.append(judge(entry, answer))
            elif not answer.ok:
                result.other_errors.append((entry, answer))
    finally:
        # An engine that stopped answering will not read `quit` either.
        engine.close(quick=result.error is not None)
    return result


def _describe(outcome: Outcome, lang: str = "en") -> str:
    """The command, the expectation and the answer of a test, under labels in `lang`."""
    entry = outcome.entry
    exp = entry.expectation.text if entry.expectation else word(lang, "(no error)")
    got = word(lang, "(no response)") if outcome.answer is None else outcome.answer.raw
    rows = [("command", entry.line), ("expected", exp), ("got", got)]
    if outcome.note:
        rows.append(("note", outcome.note))
    labels = [word(lang, label) + ":" for label, _ in rows]
    width = max(display_width(label) for label in labels) + 1
    return "\n".join(f"  {ljust(label, width)}{text}".replace("\n", "\n" + " " * (width + 2))
                     for label, (_, text) in zip(labels, rows, strict=True))


def _label(entry: Entry) -> str:
    return str(entry.test_id) if entry.test_id is not None else f"'{entry.line}'"


def report(result: FileResult, out: TextIO | None = None, verbose: bool = False,
           lang: str = "en") -> None:
    """Print unexpected failures and passes and notes (every test with `verbose`), in
    `lang` (both: Chinese, then English); commands, answers and errors' reasons as they
    are."""
    out = out or sys.stdout

    def say(text: str, **values: object) -> None:
        for line in sentence(lang, text, **values):
            print(line, file=out)

    for outcome in result.outcomes:
        where = f"{result.path}:{outcome.entry.lineno}"
        label = _label(outcome.entry)
        if outcome.unexpected_failure:
            say("{where}: {label} unexpected FAIL", where=where, label=label)
            print(_describe(outcome, lang), file=out)
        elif outcome.unexpected_pass:
            say("{where}: {label} unexpected PASS!", where=where, label=label)
            print(_describe(outcome, lang), file=out)
        else:
            if verbose:
                say("{where}: {label} failed (expected)" if outcome.failed
                    else "{where}: {label} passed", where=where, label=label)
            if outcome.note:
                say("{where}: {label} note: {note}", where=where, label=label,
                    note=outcome.note)
    for entry, answer in result.other_errors:
        say("{where}: other error: {line} -> {answer}", where=f"{result.path}:{entry.lineno}",
            line=f"'{entry.line}'", answer=repr(answer.raw))
    if result.error:
        say("{where}: FILE ERROR: {error}" if result.bad_file
            else "{where}: ENGINE ERROR: {error}", where=result.path, error=result.error)


def summarise(results: Sequence[FileResult], lang: str = "en") -> tuple[str, int]:
    """The summary (a line, two with both) and the exit status."""
    c = sum((r.counts() for r in results), Counts())
    errors = sum(r.error is not None for r in results)  # files stopped, bad or not
    line = "\n".join(sentence(
        lang, "Summary: {files} files, {tests} tests: {passed} passed, {failures} unexpected "
        "failures, {passes} unexpected passes, {expected} expected failures, {others} other "
        "errors, {stopped} files stopped", files=len(results), tests=c.tests,
        passed=c.expected_passes + c.unexpected_passes, failures=c.unexpected_failures,
        passes=c.unexpected_passes, expected=c.expected_failures, others=c.other_errors,
        stopped=errors))
    status = 2 if errors else 1 if c.unexpected_failures else 0
    return line, status


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `gtp-weiqi regress`."""
    parser.description = ("Run gogui-regress .tst regression files against a GTP engine, "
                          "with gogui-regress's verdicts.")
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE.tst")
    parser.add_argument("--engine", metavar="CMD",
                        help="engine command line (default: this package's engine, "
                             f"'{shlex.join(default_engine())}')")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"time allowed per command (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every test")
    add_lang_argument(parser)


def run(args: argparse.Namespace) -> int:
    """`gtp-weiqi regress`: run every file, print the summary; the exit status."""
    try:
        command = engine_argv(args.engine)
    except ValueError as exc:
        print(f"gtp-weiqi regress: {exc}", file=sys.stderr)
        return 2
    env = engine_env(args.engine is None)
    lang = resolve(args.lang)
    results = []
    for path in args.files:
        result = run_file(path, command, args.timeout, env)
        report(result, verbose=args.verbose, lang=lang)
        results.append(result)
    line, status = summarise(results, lang)
    print(line)
    return status


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: ``gtp-weiqi regress FILE.tst ...`` (the same parser as the
    command's)."""
    from .cli import run_subcommand

    return run_subcommand("regress", argv)


if __name__ == "__main__":
    sys.exit(main())

"""Run GNU Go / gogui-regress regression files (`.tst`) against a GTP engine.

Usage: ``gtp-weiqi regress [--engine CMD] [--timeout S] [-v] FILE.tst ...``

File format (GNU Go's ``regression/*.tst``, as gogui-regress reads it):

* every non-comment line is sent to the engine as a GTP command;
* a line that starts with a number is a *test*; the following ``#? [regex]`` line,
  if any, is its expectation.  The regex must match the whole response text (the
  text after ``=id `` / ``?id ``, stripped), with ``.`` matching newlines and
  ``^``/``$`` matching at line ends, as gogui-regress does with Java's
  ``Pattern.matches``;
* ``[!regex]`` negates the expectation, a trailing ``*`` marks an expected
  failure and a trailing ``&`` means the result is ignored;
* other lines starting with ``#`` and blank lines are comments and are not sent.

Error responses (``?``): a test without an expectation, or with a negated one,
fails on any error.  A positive expectation is matched against the error text
too, as GNU Go's ``regress.awk`` does, so that a file can pin the error strings
the GTP specification fixes (``#? [illegal move]``).  ``--errors-fail`` restores
gogui-regress's stricter reading, where every error is a failure.

Each file gets a fresh engine process whose working directory is the file's
directory, so ``loadsgf`` paths are relative to the ``.tst`` file.

Exit status: 0 when there is no unexpected failure, 1 when there is one, 2 when
an engine could not be run, died, timed out or a file could not be read.
"""

from __future__ import annotations

import argparse
import os
import queue
import re
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_TIMEOUT = 30.0

_ID_RE = re.compile(r"^(\d+)\s+(\S.*)$")
_RESPONSE_RE = re.compile(r"^([=?])(\d*)(.*)$", re.DOTALL)


class TstFormatError(ValueError):
    """A `.tst` file that cannot be read as a regression file."""


class EngineError(RuntimeError):
    """The engine died, timed out or broke the GTP framing."""


@dataclass(frozen=True)
class Expectation:
    """The ``#? [...]`` line after a numbered command."""

    pattern: str
    negated: bool = False
    expected_failure: bool = False
    ignored: bool = False
    text: str = ""

    def matches(self, response: str) -> bool:
        """Whether the response text satisfies the pattern (anchored, DOTALL|MULTILINE)."""
        found = re.fullmatch(self.pattern, response, re.DOTALL | re.MULTILINE) is not None
        return found != self.negated


@dataclass(frozen=True)
class Entry:
    """One line to send; a test when it carries a numeric id."""

    lineno: int
    command: str
    test_id: int | None = None
    expectation: Expectation | None = None


@dataclass(frozen=True)
class Response:
    """One GTP response: success flag and the text after ``=id ``."""

    ok: bool
    text: str
    raw: str
    id: int | None = None


@dataclass
class Outcome:
    """The verdict on one test."""

    entry: Entry
    response: Response | None
    passed: bool
    ignored: bool = False
    reason: str = ""

    @property
    def expected_failure(self) -> bool:
        exp = self.entry.expectation
        return exp is not None and exp.expected_failure

    @property
    def unexpected_failure(self) -> bool:
        """A failure not marked ``*``; broken framing or a dead engine always counts."""
        if self.ignored or self.passed:
            return False
        return not self.expected_failure or bool(self.reason)

    @property
    def unexpected_pass(self) -> bool:
        return not self.ignored and self.passed and self.expected_failure


@dataclass
class FileResult:
    """All verdicts for one `.tst` file, plus an engine error if one stopped the run."""

    path: Path
    outcomes: list[Outcome] = field(default_factory=list)
    error: str | None = None
    other_errors: list[tuple[Entry, Response]] = field(default_factory=list)


def parse_expectation(text: str) -> Expectation:
    """Parse the part after ``#?``: ``[regex]``, ``[!regex]``, with ``*`` / ``&`` suffixes."""
    body = text.strip()
    expected_failure = ignored = False
    while body and body[-1] in "*&":
        if body[-1] == "*":
            expected_failure = True
        else:
            ignored = True
        body = body[:-1].rstrip()
    if not (body.startswith("[") and body.endswith("]")) or len(body) < 2:
        raise TstFormatError(f"expectation must be written [regex]: {text.strip()!r}")
    pattern = body[1:-1].strip()
    negated = pattern.startswith("!")
    if negated:
        pattern = pattern[1:]
    try:
        re.compile(pattern)
    except re.error as exc:
        raise TstFormatError(f"bad regex {pattern!r}: {exc}") from exc
    return Expectation(pattern, negated, expected_failure, ignored, text.strip())


def parse_tst(text: str) -> list[Entry]:
    """Split a `.tst` text into commands, attaching each ``#?`` line to the test before it."""
    entries: list[Entry] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.replace("\t", " ").strip()
        if line.startswith("#?"):
            if not entries or entries[-1].test_id is None or entries[-1].expectation:
                raise TstFormatError(f"line {lineno}: '#?' without a preceding numbered command")
            prev = entries[-1]
            try:
                exp = parse_expectation(line[2:])
            except TstFormatError as exc:
                raise TstFormatError(f"line {lineno}: {exc}") from None
            entries[-1] = Entry(prev.lineno, prev.command, prev.test_id, exp)
            continue
        if not line or line.startswith("#"):
            continue
        m = _ID_RE.match(line)
        if m:
            entries.append(Entry(lineno, m.group(2), int(m.group(1))))
        else:
            entries.append(Entry(lineno, line))
    return entries


def parse_response(raw: str) -> Response:
    """Split ``=id text`` / ``?id text`` into success flag and stripped text."""
    m = _RESPONSE_RE.match(raw)
    if not m:
        raise EngineError(f"not a GTP response: {raw!r}")
    rid = int(m.group(2)) if m.group(2) else None
    return Response(m.group(1) == "=", m.group(3).strip(), raw, rid)


def judge(entry: Entry, response: Response, errors_fail: bool = False) -> Outcome:
    """Decide pass / fail for one numbered command."""
    if entry.test_id is not None and response.id != entry.test_id:
        return Outcome(entry, response, passed=False,
                       reason=f"response id {response.id} does not echo command id {entry.test_id}")
    exp = entry.expectation
    if exp is None:
        return Outcome(entry, response, passed=response.ok)
    if exp.ignored:
        return Outcome(entry, response, passed=True, ignored=True)
    if not response.ok and (errors_fail or exp.negated):
        return Outcome(entry, response, passed=False)
    return Outcome(entry, response, passed=exp.matches(response.text))


class GtpProcess:
    """An engine subprocess with a per-command timeout; always kill it with `close()`."""

    def __init__(self, argv: Sequence[str], cwd: Path | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.argv = list(argv)
        try:
            self.proc = subprocess.Popen(
                self.argv, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, bufsize=0)
        except OSError as exc:
            raise EngineError(f"cannot start engine {shlex.join(self.argv)}: {exc}") from exc
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self.stderr_tail: list[str] = []
        self._threads = [threading.Thread(target=self._pump_stdout, daemon=True),
                         threading.Thread(target=self._pump_stderr, daemon=True)]
        for thread in self._threads:
            thread.start()

    def _pump_stdout(self) -> None:
        assert self.proc.stdout is not None
        for line in iter(self.proc.stdout.readline, b""):
            self._lines.put(line)
        self._lines.put(None)

    def _pump_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in iter(self.proc.stderr.readline, b""):
            self.stderr_tail.append(line.decode("utf-8", "replace").rstrip("\n"))
            del self.stderr_tail[:-20]

    def send(self, command: str, timeout: float) -> str:
        """Send one command line and return the raw response without its final blank line."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(command.encode("utf-8") + b"\n")
            self.proc.stdin.flush()
        except OSError as exc:
            raise EngineError(f"engine closed its input ({exc})") from exc
        deadline = time.monotonic() + timeout
        lines: list[str] = []
        while True:
            remaining = deadline - time.monotonic()
            try:
                raw = self._lines.get(timeout=max(remaining, 0.0))
            except queue.Empty:
                raise EngineError(f"no response within {timeout:g} s") from None
            if raw is None:
                raise EngineError("engine exited" + (
                    f" (partial response {''.join(lines)!r})" if lines else ""))
            line = raw.decode("utf-8", "replace").replace("\r", "").rstrip("\n")
            if not lines and not line.strip():
                continue  # blank lines before a response are tolerated
            if not lines and line[:1] not in ("=", "?"):
                raise EngineError(f"response does not start with '=' or '?': {line!r}")
            if lines and not line:
                return "\n".join(lines)
            lines.append(line)

    def close(self, grace: float = 2.0) -> None:
        """Ask the engine to quit, then kill it if it lingers."""
        proc = self.proc
        if proc.poll() is None:
            try:
                assert proc.stdin is not None
                proc.stdin.write(b"quit\n")
                proc.stdin.flush()
                proc.stdin.close()
            except OSError:
                pass
            try:
                proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        # The readers stop at end of file; closing their pipes under them could hand
        # the file descriptors to the next engine while a read is still pending.
        for thread in self._threads:
            thread.join(timeout=grace)
        readers_done = not any(thread.is_alive() for thread in self._threads)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None and (stream is proc.stdin or readers_done):
                try:
                    stream.close()
                except OSError:
                    pass


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
        raise EngineError("empty engine command")
    seps = tuple(s for s in (os.sep, os.altsep) if s)
    for i, word in enumerate(argv):
        if any(sep in word for sep in seps) and (i == 0 or Path(word).exists()):
            argv[i] = str(Path(word).resolve())
    return argv


def engine_env(default: bool) -> dict[str, str]:
    """The environment for the engine; the default engine finds this package even uninstalled."""
    env = dict(os.environ)
    if default:
        root = str(Path(__file__).resolve().parent.parent)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    return env


def run_file(path: Path, argv: Sequence[str], timeout: float = DEFAULT_TIMEOUT,
             errors_fail: bool = False, env: dict[str, str] | None = None) -> FileResult:
    """Run one `.tst` file in a fresh engine whose cwd is the file's directory."""
    result = FileResult(path)
    try:
        entries = parse_tst(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, TstFormatError) as exc:
        result.error = f"cannot read {path}: {exc}"
        return result
    try:
        engine = GtpProcess(argv, cwd=path.resolve().parent, env=env)
    except EngineError as exc:
        result.error = str(exc)
        return result
    try:
        for entry in entries:
            line = entry.command if entry.test_id is None else f"{entry.test_id} {entry.command}"
            try:
                response = parse_response(engine.send(line, timeout))
            except EngineError as exc:
                result.error = f"line {entry.lineno} '{line}': {exc}"
                if engine.stderr_tail:
                    result.error += "\n  stderr: " + "\n  stderr: ".join(engine.stderr_tail[-5:])
                if entry.test_id is not None:
                    result.outcomes.append(Outcome(entry, None, passed=False, reason=str(exc)))
                break
            if entry.test_id is None:
                if not response.ok:
                    result.other_errors.append((entry, response))
                continue
            result.outcomes.append(judge(entry, response, errors_fail))
    finally:
        # An engine that stopped answering will not read `quit` either.
        engine.close(grace=0.2 if result.error else 2.0)
    return result


def _describe(outcome: Outcome) -> str:
    entry = outcome.entry
    exp = entry.expectation.text if entry.expectation else "(no error)"
    got = "(no response)" if outcome.response is None else outcome.response.raw
    got = got.replace("\n", "\n            ")
    text = (f"  command:  {entry.test_id} {entry.command}\n"
            f"  expected: {exp}\n"
            f"  got:      {got}")
    if outcome.reason:
        text += f"\n  note:     {outcome.reason}"
    return text


def report(result: FileResult, out=None, verbose: bool = False) -> None:
    """Print unexpected failures and passes (every test with `verbose`)."""
    out = out or sys.stdout
    for outcome in result.outcomes:
        where = f"{result.path}:{outcome.entry.lineno}"
        if outcome.unexpected_failure:
            print(f"{where}: {outcome.entry.test_id} unexpected FAIL", file=out)
            print(_describe(outcome), file=out)
        elif outcome.unexpected_pass:
            print(f"{where}: {outcome.entry.test_id} unexpected PASS!", file=out)
            print(_describe(outcome), file=out)
        elif verbose:
            verdict = ("ignored" if outcome.ignored else
                       "passed" if outcome.passed else "failed (expected)")
            print(f"{where}: {outcome.entry.test_id} {verdict}", file=out)
    if verbose:
        for entry, response in result.other_errors:
            print(f"{result.path}:{entry.lineno}: note: '{entry.command}' -> {response.raw!r}",
                  file=out)
    if result.error:
        print(f"{result.path}: ENGINE ERROR: {result.error}", file=out)


def summarise(results: Sequence[FileResult]) -> tuple[str, int]:
    """The summary line and the exit status."""
    outcomes = [o for r in results for o in r.outcomes]
    total = len(outcomes)
    passed = sum(o.passed and not o.ignored for o in outcomes)
    ignored = sum(o.ignored for o in outcomes)
    unexp_fail = sum(o.unexpected_failure for o in outcomes)
    unexp_pass = sum(o.unexpected_pass for o in outcomes)
    exp_fail = sum(not o.passed and not o.ignored and not o.unexpected_failure for o in outcomes)
    errors = sum(r.error is not None for r in results)
    line = (f"Summary: {len(results)} files, {total} tests: {passed} passed, "
            f"{unexp_fail} unexpected failures, {unexp_pass} unexpected passes, "
            f"{exp_fail} expected failures, {ignored} ignored, {errors} engine errors")
    status = 2 if errors else 1 if unexp_fail else 0
    return line, status


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `gtp-weiqi regress`."""
    parser.description = ("Run GNU Go / gogui-regress .tst regression files against a GTP "
                          "engine.")
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE.tst")
    parser.add_argument("--engine", metavar="CMD",
                        help="engine command line (default: this package's engine, "
                             f"'{shlex.join(default_engine())}')")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"time allowed per command (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--errors-fail", action="store_true",
                        help="count every '?' response as a failure, as gogui-regress does")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every test")


def run(args: argparse.Namespace) -> int:
    """`gtp-weiqi regress`: run every file, print the summary; the exit status."""
    try:
        command = engine_argv(args.engine)
    except (EngineError, ValueError) as exc:
        print(f"gtp-weiqi regress: {exc}", file=sys.stderr)
        return 2
    env = engine_env(args.engine is None)
    results = []
    for path in args.files:
        result = run_file(path, command, args.timeout, args.errors_fail, env)
        report(result, verbose=args.verbose)
        results.append(result)
    line, status = summarise(results)
    print(line)
    return status


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: ``gtp-weiqi regress FILE.tst ...`` (the same parser as the
    command's)."""
    from .cli import run_subcommand

    return run_subcommand("regress", argv)


if __name__ == "__main__":
    sys.exit(main())

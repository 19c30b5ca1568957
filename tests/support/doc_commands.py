"""The commands and code of the README and the docs pages, as the docs tests run them.

A page's code blocks (fenced, or indented by four spaces after a blank line) are of four
kinds:

- a shell session: lines starting with `$ ` are commands (a line ending in `\\` goes on),
  the lines after one, up to the next `$ ` line, are what it prints on stdout.  A line
  `...` stands for any number of lines, none included.  The test runs each command and
  compares;
- `gtp-weiqi ...` command lines without a prompt: the test checks that the command line
  parses (the options exist and take what they are given) without running it;
- ```pycon blocks: Python sessions (`>>>`), run as doctests and type-checked;
- ```python blocks: run as a script and type-checked, unless the info string says
  `python sketch` (a signature sketch or a program that needs a cluster: shown only).

Anything else (other programs' command lines, configuration files, diagrams) is shown,
not run.
"""

from __future__ import annotations

import doctest
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

ELLIPSIS = "..."


@dataclass
class Block:
    """One code block of a page: its language ('' for an indented block), its lines, and
    where it starts (1-based line number)."""

    page: Path
    line: int
    lang: str
    lines: list[str]
    info: list[str] = field(default_factory=list)  # words after the language

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


@dataclass
class Session:
    """A shell command of a session and the stdout it shows."""

    block: Block
    command: str
    expected: list[str] = field(default_factory=list)


def blocks(page: Path) -> list[Block]:
    """The code blocks of a markdown page."""
    found: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    previous_blank = True
    while i < len(lines):
        line = lines[i]
        fence = re.match(r"^(\s*)```(\w*)", line)
        if fence:
            indent = len(fence.group(1))
            start = i + 1
            i += 1
            body: list[str] = []
            while i < len(lines) and not lines[i].strip().startswith("```"):
                body.append(lines[i][indent:])
                i += 1
            found.append(Block(page, start + 1, fence.group(2), body,
                               line[fence.end():].split()))
            i += 1
            previous_blank = False
            continue
        if previous_blank and line.startswith("    ") and line.strip():
            start = i
            body = []
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                body.append(lines[i][4:])
                i += 1
            while body and not body[-1].strip():
                body.pop()
            found.append(Block(page, start + 1, "", body))
            previous_blank = True
            continue
        previous_blank = not line.strip()
        i += 1
    return found


def python_source(block: Block) -> str | None:
    """The program of a ```python block (None for a sketch or another kind), or the
    statements of a ```pycon session."""
    if block.lang == "python" and "sketch" not in block.info:
        return "\n".join(block.lines) + "\n"
    if block.lang == "pycon":
        return "".join(example.source for example in
                       doctest.DocTestParser().get_examples("\n".join(block.lines)))
    return None


def all_blocks() -> list[Block]:
    return [b for page in PAGES for b in blocks(page)]


def sessions(block: Block) -> list[Session]:
    """The `$ ` commands of a block with the output each shows; none for another kind."""
    if block.lang not in ("", "console", "sh", "shell") or \
            not any(line.startswith("$ ") for line in block.lines):
        return []
    out: list[Session] = []
    lines = iter(block.lines)
    for line in lines:
        if line.startswith("$ "):
            command = line[2:]
            while command.endswith("\\"):
                command = command[:-1] + " " + next(lines).strip()
            out.append(Session(block, command))
        elif out:
            out[-1].expected.append(line)
    for session in out:
        while session.expected and not session.expected[-1].strip():
            session.expected.pop()
    return out


def command_lines(block: Block) -> list[str]:
    """The `gtp-weiqi` command lines of a block without prompts (continuations joined,
    comments dropped), to be parsed rather than run."""
    if block.lang not in ("", "console", "sh", "shell", "bash") or \
            any(line.startswith("$ ") for line in block.lines):
        return []
    found = []
    lines = iter(block.lines)
    for line in lines:
        command = line.strip()
        while command.endswith("\\"):
            command = command[:-1] + " " + next(lines, "").strip()
        if command.startswith("gtp-weiqi ") or command == "gtp-weiqi":
            found.append(command)
    return found


def inline_commands(page: Path) -> list[str]:
    """The `gtp-weiqi ...` code spans of a page's text that are whole command lines (a
    subcommand named alone, or a line with `...` or `[options]` in it, is a name or a
    synopsis, not a command)."""
    text = page.read_text(encoding="utf-8")
    found = []
    for span in re.findall(r"`(gtp-weiqi(?: [^`]*)?)`", text):
        words = span.split()
        if ELLIPSIS in span or "[" in span or span.endswith(":") or (len(words) == 2 and words[1] in
                                                       ("score", "match", "regress")):
            continue
        found.append(span)
    return found


def argv_of(command: str) -> list[str]:
    """The arguments after `gtp-weiqi`, as the shell would split them (comments dropped)."""
    words = shlex.split(command, comments=True)
    assert words[0] == "gtp-weiqi", command
    return words[1:]


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether the output lines match the shown ones (trailing blanks ignored; a line
    `...` matches any run of lines)."""
    want = [line.rstrip() for line in expected]
    got = [line.rstrip() for line in actual]
    while got and not got[-1]:
        got.pop()

    def match(i: int, j: int) -> bool:
        if i == len(want):
            return j == len(got)
        if want[i] == ELLIPSIS:
            return any(match(i + 1, k) for k in range(j, len(got) + 1))
        return j < len(got) and want[i] == got[j] and match(i + 1, j + 1)

    return match(0, 0)


__all__ = ["Block", "PAGES", "ROOT", "Session", "all_blocks", "argv_of", "blocks",
           "command_lines", "inline_commands", "matches", "python_source", "sessions"]

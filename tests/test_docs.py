"""The docs stay followable: every link in docs/ and the README reaches a file and a heading,
every module the glossary names exists and defines the names given after it, and the
project cites only its own docs (never a design note or article file kept outside it)."""

from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.doc_commands import (
    PAGES,
    Block,
    all_blocks,
    argv_of,
    command_lines,
    inline_commands,
    matches,
    python_source,
    sessions,
)

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gtp_weiqi"
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`]+)`")


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    in_code = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and line.startswith("#"):
            base = github_anchor(line.lstrip("#"))
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def test_github_anchor_matches_github() -> None:
    assert github_anchor(" 3. 计活子 (子多为胜: count living stones)") == \
        "3-计活子-子多为胜-count-living-stones"
    assert github_anchor(" The natural version and 计活子 (`ending: NATURAL`)") == \
        "the-natural-version-and-计活子-ending-natural"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_links_reach_a_file_and_a_heading(doc: Path) -> None:
    bad = []
    for target in LINK.findall(doc.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # an address outside the repository
        file_part, _, anchor = target.partition("#")
        dest = (doc.parent / file_part).resolve() if file_part else doc
        if not dest.exists():
            bad.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            bad.append(f"{target}: no such heading in {dest.name}")
    assert bad == []


def _defined(module: Path) -> set[str]:
    """Top-level names of a module, and Class.attribute for what its classes define or
    assign to self."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    names: set[str] = set()

    def targets(node: ast.AST) -> list[str]:
        if isinstance(node, ast.Name):
            return [node.id]
        if isinstance(node, ast.Tuple):
            return [n for elt in node.elts for n in targets(elt)]
        return []

    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(n for t in node.targets for n in targets(t))
        elif isinstance(node, ast.AnnAssign):
            names.update(targets(node.target))
        elif isinstance(node, ast.ImportFrom):
            names.update(a.asname or a.name for a in node.names)
        if isinstance(node, ast.ClassDef):
            for sub in ast.walk(node):
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.add(f"{node.name}.{sub.name}")
                elif isinstance(sub, ast.AnnAssign) and isinstance(sub.target, ast.Name):
                    names.add(f"{node.name}.{sub.target.id}")
                elif isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) \
                        and isinstance(sub.value, ast.Name) and sub.value.id == "self":
                    names.add(f"{node.name}.{sub.attr}")
    return names


def glossary_references() -> list[tuple[str, str | None]]:
    """(module path, name) pairs from the glossary: a `module.py` token, and each `Name`
    token that follows it directly (separated by spaces or commas only)."""
    refs: list[tuple[str, str | None]] = []
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        for cell in line.split("|"):
            module = None
            last_end = 0
            for m in CODE.finditer(cell):
                token = m.group(1)
                between = cell[last_end:m.start()]
                last_end = m.end()
                if token.endswith(".py") or token.endswith("/"):
                    module = token
                    refs.append((module, None))
                elif module and module.endswith(".py") and re.fullmatch(r"[ ,]*", between) \
                        and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_]\w*)?", token):
                    refs.append((module, token))
                else:
                    module = None if not re.fullmatch(r"[ ,]*", between) else module
    return refs


def test_glossary_names_modules_and_names_that_exist() -> None:
    refs = glossary_references()
    assert len(refs) > 50
    bad = []
    for module, name in refs:
        path = PACKAGE / module
        if not path.exists():
            bad.append(f"{module}: no such module or folder")
        elif name is not None and name not in _defined(path):
            bad.append(f"{module}: defines no {name}")
    assert bad == []


def test_the_project_cites_only_its_own_docs() -> None:
    """No citation of the design note or the article files kept outside the repository."""
    design = "DESIGN" + ".md"
    seed = "seed"  # spelled apart so that this file does not match itself
    seed_file = re.compile(rf"\b{seed}s?\s+00\d|{seed}s/|\b{seed}\s+(article|says)|the {seed}s'")
    bad = []
    for folder in ("gtp_weiqi", "tests", "docs", "configs", "benchmarks"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".md", ".json", ".conf", ".txt", ".tst", ".sh") \
                    or "node_modules" in path.parts:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            if design in text or seed_file.search(text):
                bad.append(str(path.relative_to(ROOT)))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    if design in readme or seed_file.search(readme):
        bad.append("README.md")
    assert bad == []


def test_ci_runs_the_readme_test_command_itself() -> None:
    """A new user runs what CI runs: the README's test command is a line of .ci/run."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = readme.split("`.ci/run` runs this same line:", 1)[1].strip().splitlines()[0]
    assert command == "bash tests/install-deps.sh && ruff check . && mypy && python -m pytest"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in ci


def test_the_judgement_modules_give_their_stage_of_the_pipeline() -> None:
    """A judgement module that calls itself "Stage N" is named in item N of the pipeline's
    list of passes (judgement/pipeline.py)."""
    judgement = PACKAGE / "judgement"
    pipeline = ast.get_docstring(ast.parse((judgement / "pipeline.py").read_text("utf-8")))
    assert pipeline is not None
    stage_of: dict[str, int] = {}
    for number, item in re.findall(r"^(\d+)\. (.*?)(?=^\d+\. |\n\n)", pipeline, re.M | re.S):
        for name in CODE.findall(item):
            if (judgement / f"{name}.py").is_file():
                stage_of.setdefault(name, int(number))
    claimed = {}
    for path in sorted(judgement.glob("*.py")):
        found = re.match(r'"""Stage (\d+) of the judgement', path.read_text("utf-8"))
        if found:
            claimed[path.stem] = int(found[1])
    assert claimed, "no module gives its stage"
    assert claimed == {name: stage_of.get(name) for name in claimed}


# -- the commands and code of the pages run ------------------------------------------------------

DOC_BLOCKS = all_blocks()
SESSION_BLOCKS = [b for b in DOC_BLOCKS if sessions(b)]
COMMAND_LINES = [(b, c) for b in DOC_BLOCKS for c in command_lines(b)]
PYTHON_BLOCKS = [b for b in DOC_BLOCKS if python_source(b) is not None]
RUN_TIMEOUT = 300  # seconds for one command of a page (a short match on a loaded machine)


def test_the_pages_hold_commands_to_run() -> None:
    """The parser finds what the README shows: its quick start runs."""
    readme = [s.command for b in SESSION_BLOCKS if b.page.name == "README.md"
              for s in sessions(b)]
    assert any(c.startswith("gtp-weiqi score gtp_weiqi/data/example-7x7.sgf") for c in readme)
    assert any("| gtp-weiqi" in c for c in readme)
    assert COMMAND_LINES and PYTHON_BLOCKS


def test_shown_output_matches_as_documented() -> None:
    """`...` stands for any run of lines, none included; trailing blanks do not count."""
    assert matches(["a", "...", "d"], ["a", "b", "c", "d  ", ""])
    assert matches(["a", "...", "b"], ["a", "b"])
    assert matches(["..."], [])
    assert not matches(["a", "b"], ["a", "b", "c"])
    assert not matches(["a", "...", "d"], ["a", "b", "c"])
    assert not matches(["a"], ["b"])


@pytest.fixture
def reader_dir(tmp_path: Path) -> Path:
    """A folder like a checkout (the package, tests, configs and docs linked in) with
    `gtp-weiqi` on PATH running this tree's code, where a page's commands run."""
    for name in ("gtp_weiqi", "tests", "configs", "docs", "benchmarks"):
        (tmp_path / name).symlink_to(ROOT / name)
    bin_dir = tmp_path / ".bin"
    bin_dir.mkdir()
    script = bin_dir / "gtp-weiqi"
    script.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -m gtp_weiqi \"$@\"\n")
    script.chmod(0o755)
    return tmp_path


def reader_env(folder: Path) -> dict[str, str]:
    """The environment of a reader of the English pages: an English locale, this tree's
    package, `gtp-weiqi` and GNU Go (Debian puts it in /usr/games) on PATH."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("LC_ALL", "LC_MESSAGES", "GTP_WEIQI_LANG")}
    env.update(LANG="en_US.UTF-8", PYTHONPATH=str(ROOT),
               PATH=os.pathsep.join([str(folder / ".bin"), env.get("PATH", ""), "/usr/games"]))
    return env


@pytest.mark.parametrize("block", SESSION_BLOCKS, ids=lambda b: b.where)
def test_page_sessions_print_what_they_show(block: Block, reader_dir: Path) -> None:
    """Each `$ command` of a page runs in a checkout-like folder and prints on stdout what
    the page shows after it (`...` for lines left out)."""
    env = reader_env(reader_dir)
    for session in sessions(block):
        if "gnugo" in session.command and not shutil.which("gnugo", path=env["PATH"]):
            if os.environ.get("CI"):
                pytest.fail("GNU Go is not installed")
            pytest.skip("GNU Go is not installed")
        done = subprocess.run(["bash", "-c", session.command], cwd=reader_dir, env=env,
                              capture_output=True, text=True, timeout=RUN_TIMEOUT)
        shown = "\n".join(session.expected)
        assert done.returncode == 0, f"{session.command}\n{done.stderr}"
        assert matches(session.expected, done.stdout.splitlines()), \
            f"{block.where}: {session.command}\nshown:\n{shown}\nprinted:\n{done.stdout}"


@pytest.mark.parametrize("block, command", COMMAND_LINES,
                         ids=[f"{b.where}:{c.split()[1] if ' ' in c else c}"
                              for b, c in COMMAND_LINES])
def test_page_command_lines_parse(block: Block, command: str) -> None:
    """A command line shown without its output (a long match, a cluster) is at least one
    that `gtp-weiqi` accepts: its subcommand and options exist and take their values."""
    from gtp_weiqi.ui.cli import UsageStop, parse

    try:
        parse(argv_of(command))
    except UsageStop as stop:
        assert stop.code == 0, f"{block.where}: {command} is refused (status {stop.code})"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_page_inline_commands_parse(page: Path) -> None:
    """A `gtp-weiqi ...` command named in a page's text is one the command line accepts."""
    from gtp_weiqi.ui.cli import UsageStop, parse

    refused = []
    for command in inline_commands(page):
        try:
            parse(argv_of(command))
        except (UsageStop, SystemExit) as stop:
            if stop.code:  # 0: --help or --version, which end the command
                refused.append(command)
    assert refused == []


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=lambda b: b.where)
def test_page_python_runs(block: Block, reader_dir: Path) -> None:
    """A ```python block runs as a script, a ```pycon block as a doctest, in a
    checkout-like folder."""
    if block.lang == "pycon":
        program = ("import doctest, sys\n"
                   "test = doctest.DocTestParser().get_doctest(sys.stdin.read(), {}, "
                   f"{block.where!r}, None, 0)\n"
                   "runner = doctest.DocTestRunner()\nrunner.run(test)\n"
                   "sys.exit(1 if runner.failures else 0)\n")
        stdin = "\n".join(block.lines) + "\n"
    else:
        program, stdin = python_source(block) or "", ""
    done = subprocess.run([sys.executable, "-c", program], input=stdin, cwd=reader_dir,
                          env=reader_env(reader_dir), capture_output=True, text=True,
                          timeout=RUN_TIMEOUT)
    assert done.returncode == 0, f"{block.where}\n{done.stdout}\n{done.stderr}"


def test_the_api_and_the_pages_python_type_check(tmp_path: Path) -> None:
    """mypy sees the public API's real types (tests/typecheck/api_surface.py: never Any) and
    finds no error in the pages' Python examples, as a user's checker would see them.  In
    its own process: mypy raises the interpreter's recursion limit for good."""
    pytest.importorskip("mypy")
    files = [str(ROOT / "tests" / "typecheck" / "api_surface.py")]
    for block in PYTHON_BLOCKS:
        name = re.sub(r"\W", "_", block.where) + ".py"
        (tmp_path / name).write_text(python_source(block) or "", encoding="utf-8")
        files.append(str(tmp_path / name))
    env = dict(os.environ, MYPYPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "mypy", *files, "--follow-imports=silent",
                           "--ignore-missing-imports", "--no-error-summary", "--cache-dir",
                           str(ROOT / ".mypy_cache")], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=RUN_TIMEOUT)
    assert done.returncode == 0, done.stdout + done.stderr

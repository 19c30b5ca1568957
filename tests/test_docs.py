"""The docs stay followable: every link in docs/ and the README reaches a file and a heading,
every module the glossary names exists and defines the names given after it, and the
project cites only its own docs (never a design note or article file kept outside it)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

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

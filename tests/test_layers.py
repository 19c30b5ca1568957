"""The layers never import upward (docs/layers.md).

Every module under gtp_weiqi/ is parsed with `ast`; each import it makes, at module level or
inside a function, is resolved to the package it reaches, and an import of a higher layer
fails the test.  The order is base < core < counting < judgement < {pictures, player,
scoring} < ui; packages of one layer may import each other.  The root package
(gtp_weiqi/__init__.py) holds no layer: anybody may import it, and it may import from any
layer, but only lazily (inside a function), so that importing the core never loads the front
ends.  `gtp_weiqi/__main__.py` is the `python -m gtp_weiqi` entry point and sits above them
all.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gtp_weiqi"

LAYERS = {"base": 0, "core": 1, "counting": 2, "judgement": 3,
          "pictures": 4, "player": 4, "scoring": 4, "ui": 5}
ROOT = -1  # gtp_weiqi itself: __init__ (and its __version__)
MAIN = 6  # gtp_weiqi/__main__.py


def _module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _layer(module: str) -> int | None:
    """The layer of a module of the package, None for a module outside it."""
    parts = module.split(".")
    if parts[0] != "gtp_weiqi":
        return None
    if len(parts) == 1:
        return ROOT
    if parts[1] == "__main__":
        return MAIN
    if parts[1] not in LAYERS:
        raise AssertionError(f"{module}: gtp_weiqi/{parts[1]} belongs to no layer; "
                             "add it to docs/layers.md and to LAYERS here")
    return LAYERS[parts[1]]


def _imports(path: Path, module: str) -> list[tuple[int, str, bool]]:
    """(line, absolute module imported, whether at module level) for every import."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    top = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, id(node) in top) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level > 1:
                    base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if node.module is None or target in ("gtp_weiqi",):
                # `from . import x` / `from .. import x`: x may be a submodule
                found += [(node.lineno, f"{target}.{alias.name}", id(node) in top)
                          for alias in node.names]
            else:
                found.append((node.lineno, target, id(node) in top))
    return found


def _resolve(target: str) -> str:
    """`gtp_weiqi.__version__` names an attribute of the root, not a module."""
    parts = target.split(".")
    if len(parts) == 2 and parts[0] == "gtp_weiqi" and parts[1] not in LAYERS \
            and parts[1] != "__main__":
        return "gtp_weiqi"
    return target


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_module_is_in_a_layer() -> None:
    assert MODULES, "no modules found"
    for path in MODULES:
        assert _layer(_module_name(path)) is not None


def upward_imports(path: Path, package: Path = PACKAGE) -> list[str]:
    """The imports of `path` that break the layer rule, as readable lines."""
    module = _module_name(path, package)
    own = _layer(module)
    assert own is not None
    bad = []
    for line, target, at_top in _imports(path, module):
        layer = _layer(_resolve(target))
        if layer is None or layer == ROOT and own != ROOT:
            continue
        if own == ROOT:
            if at_top and layer != ROOT:
                bad.append(f"{path.name}:{line} imports {target} at module level")
        elif layer > own:
            bad.append(f"{module} (layer {own}) line {line} imports {target} (layer {layer})")
    return bad


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_upward_import(path: Path) -> None:
    assert upward_imports(path) == []


def test_the_check_catches_an_upward_import(tmp_path: Path) -> None:
    """The rule is not vacuous: a core module importing the judgement, the root importing
    a layer at module level, and a relative import two packages up are all caught."""
    fake = tmp_path / "gtp_weiqi"
    (fake / "core").mkdir(parents=True)
    (fake / "counting").mkdir()
    (fake / "__init__.py").write_text("from .ui.cli import main\n"
                                      "def lazy():\n    from .ui import cli\n")
    (fake / "core" / "board.py").write_text(
        "from ..judgement.pipeline import judge\nfrom .game import Game\n"
        "def f():\n    import gtp_weiqi.ui.cli\n    from .. import __version__\n")
    (fake / "counting" / "methods.py").write_text("from ..core import board\n")
    assert upward_imports(fake / "core" / "board.py", fake) == [
        "gtp_weiqi.core.board (layer 1) line 1 imports gtp_weiqi.judgement.pipeline (layer 3)",
        "gtp_weiqi.core.board (layer 1) line 4 imports gtp_weiqi.ui.cli (layer 5)",
    ]
    assert upward_imports(fake / "__init__.py", fake) == [
        "__init__.py:1 imports gtp_weiqi.ui.cli at module level"]
    assert upward_imports(fake / "counting" / "methods.py", fake) == []


def _defined_names(folder: Path) -> set[str]:
    """The classes, functions and module-level names every module of a folder defines."""
    names: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def test_the_layers_table_names_each_folders_modules() -> None:
    """docs/layers.md's table names every module (and sub-package, `name/`) of each folder,
    and every name it gives in backticks is one of them or a name they define."""
    doc = (PACKAGE.parent / "docs" / "layers.md").read_text(encoding="utf-8")
    rows = [line for line in doc.splitlines() if line.startswith("| ") and "| `" in line]
    folders = set()
    for row in rows:
        _, folder_cell, holds = (cell.strip() for cell in row.strip("|").split("|")[:3])
        folder = PACKAGE / folder_cell.strip("`/")
        folders.add(folder.name)
        named = set(re.findall(r"`([^`]+)`", holds))
        modules = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
        modules |= {f"{p.name}/" for p in folder.iterdir() if (p / "__init__.py").is_file()}
        assert sorted(modules - named) == [], f"{folder.name}/: modules the table omits"
        defined = _defined_names(folder)
        unknown = [n for n in named - modules
                   if re.fullmatch(r"\w+/?", n) and n.rstrip("/") not in defined]
        assert unknown == [], f"{folder.name}/: the table names what is not there"
    assert folders == set(LAYERS)

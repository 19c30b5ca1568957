"""Running the @sabaki/gtp scripts of tests/node: a JSON spec in, the script's JSON out.

A missing node or tests/node/node_modules skips the test, and fails it under CI, where
both must be installed."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from conftest import unavailable

ROOT = Path(__file__).resolve().parent.parent
NODE_DIR = ROOT / "tests" / "node"


def engine_command(program: str = "gtp-weiqi", args: list[str] | None = None
                   ) -> tuple[str, list[str]]:
    """The installed `program` with `args`; `python -m gtp_weiqi` if it is not on PATH."""
    args = list(args or [])
    script = shutil.which(program)
    if script:
        return script, args
    unavailable(f"{program} is not on PATH (pip install -e . installs it)", None)
    return sys.executable, ["-m", "gtp_weiqi", *args]


def node_executable() -> str:
    """node, once tests/node/node_modules holds @sabaki/gtp."""
    if not (NODE_DIR / "node_modules" / "@sabaki" / "gtp").is_dir():
        unavailable("tests/node/node_modules is missing: .ci/run must run npm ci there",
                    "tests/node/node_modules is absent (run `npm ci` in tests/node)")
    node = shutil.which("node")
    if node is None:
        unavailable("node is not installed", "node is not installed")
    assert node is not None
    return node


def run_node_script(script: str, spec: dict[str, Any], spec_path: Path,
                    timeout: float) -> dict[str, Any]:
    """Write `spec` to `spec_path`, run tests/node/`script` on it, and read its JSON output
    (the script must exit 0)."""
    node = node_executable()
    spec_path.write_text(json.dumps(spec), encoding="utf-8")
    proc = subprocess.run([node, str(NODE_DIR / script), str(spec_path)], capture_output=True,
                          text=True, timeout=timeout, cwd=NODE_DIR)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout)

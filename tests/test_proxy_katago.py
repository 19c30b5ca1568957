"""KataGo behind the proxy: the real KataGo (support/katago.py; skipped without a build),
with a few dozen visits a move.  One KataGo serves the whole module: each test starts from
`clear_board` and sets the rules it needs.  The rules KataGo is told per preset are read
back with its own `kata-get-rules`."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import ok, preset
from support.katago import katago_command, require_katago

from gtp_weiqi.core.rules import CANONICAL_PRESETS
from gtp_weiqi.ui.gtp.commands import build_engine
from gtp_weiqi.ui.gtp.engine import WeiqiEngine
from gtp_weiqi.ui.gtp.proxy import Proxy, start_proxy

TIMEOUT = 60.0


@pytest.fixture(scope="module")
def katago_proxy() -> Iterator[tuple[WeiqiEngine, Proxy]]:
    """gtp_weiqi on 9x9 in front of one KataGo for the module."""
    home = require_katago()
    engine = build_engine(9, "tromp-taylor")
    proxy = start_proxy(engine, katago_command(home), timeout=TIMEOUT, forward_stderr=False)
    try:
        yield engine, proxy
    finally:
        proxy.close()


@pytest.fixture
def katago(katago_proxy: tuple[WeiqiEngine, Proxy]) -> WeiqiEngine:
    """The shared proxy, on a cleared 9x9 board under Tromp–Taylor rules."""
    engine, proxy = katago_proxy
    ok(engine, "boardsize 9")
    ok(engine, "clear_board")
    ok(engine, "kata-set-rules tromp-taylor")
    ok(engine, "komi 7.5")
    assert proxy.dead is None and proxy.desync is None
    return engine


@pytest.mark.parametrize("name", CANONICAL_PRESETS)
def test_katago_is_told_each_presets_rules_in_its_own_fields(
        katago: WeiqiEngine, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    ok(katago, f"kata-set-rules {name}")
    told = json.loads(ok(katago, "weiqi-passthrough kata-get-rules"))
    assert told == json.loads(preset(name).to_katago_json())
    assert "closest it takes" not in capsys.readouterr().err

"""One JSON form of a count (docs/count.schema.json): ScoreResult.to_dict(), `gtp-weiqi
score --json`, a batch's JSON lines (a count and the batch's own fields, or an error row)
and the GTP answer of `weiqi-score` are each validated against the schema; numbers keep
their types; ScoreResult.from_dict reads every one of them back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")  # the test extra of pyproject.toml

from gtp_weiqi.counting import METHODS as COUNTING_METHODS  # noqa: E402
from gtp_weiqi.scoring import ScoreResult, score_position, score_sgf  # noqa: E402
from tests.conftest import make_engine, ok  # noqa: E402
from tests.test_finished import FINISHED_SGF, OPEN_SGF  # noqa: E402
from tests.test_score_cli import OPEN_POINT_FIRST_MOVE, open_point_sgf  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "docs" / "count.schema.json").read_text(encoding="utf-8"))


def validator(definition: str | None = None) -> Any:
    """A validator of the schema's root (a count), or of one of its definitions."""
    schema = SCHEMA if definition is None else {
        "$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{definition}"}
    cls = jsonschema.validators.validator_for(SCHEMA)
    cls.check_schema(SCHEMA)
    return cls(schema)


def valid(data: Any, definition: str | None = None) -> None:
    errors = sorted(validator(definition).iter_errors(data), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])


def numbers_are_floats(count: dict[str, Any]) -> None:
    """Stable number types: komi and every method's figures floats, counts of things ints."""
    assert isinstance(count["komi"], float) and isinstance(count["moves"], int)
    for entry in count["methods"]:
        for key in ("black", "white", "margin"):
            assert isinstance(entry[key], float), (entry["slug"], key)


RESULTS = {
    "finished, every method": lambda: score_sgf(FINISHED_SGF),
    "open position": lambda: score_sgf(OPEN_SGF, methods="area,zilu"),
    "resigned": lambda: score_sgf(FINISHED_SGF.read_text().replace("RE[B+13.5]", "RE[W+R]"),
                                  methods="area"),
    "who moves first": lambda: score_sgf(open_point_sgf(), methods="zilu,tromp_taylor",
                                         seed=1),
    "position, rules as JSON": lambda: score_position(
        ["C3", "D4"], ["E5"], size=9, methods="area", komi=7.5,
        rules='{"ko":"SIMPLE","scoring":"AREA","tax":"NONE","suicide":false,'
              '"hasButton":false,"whiteHandicapBonus":"0"}'),
}


@pytest.mark.parametrize("name", list(RESULTS))
def test_to_dict_is_a_count_and_from_dict_reads_it_back(name: str) -> None:
    result = RESULTS[name]()
    data = json.loads(json.dumps(result.to_dict(), ensure_ascii=False))
    valid(data)
    numbers_are_floats(data)
    back = ScoreResult.from_dict(data)
    assert back.to_dict() == data
    assert back.winners() == result.winners() and back.finish == result.finish
    brief = result.to_dict(brief=True)
    valid(brief)
    assert ScoreResult.from_dict(brief).winners() == result.winners()


def test_the_schema_refuses_what_is_not_a_count() -> None:
    data = score_sgf(FINISHED_SGF, methods="area").to_dict()
    for broken in (dict(data, komi="6.5"), dict(data, stray=1),
                   {k: v for k, v in data.items() if k != "finished"},
                   dict(data, methods=[dict(data["methods"][0], black="22")]),
                   dict(data, dead=["I5"])):  # there is no column I
        assert list(validator().iter_errors(broken)), broken


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", *args],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_score_json_is_a_count(tmp_path: Path) -> None:
    game = tmp_path / "open-point.sgf"
    game.write_bytes(open_point_sgf())
    for args in ([str(FINISHED_SGF), "--method", "all"], [str(game), "--seed", "1"]):
        run = cli(*args, "--json")
        assert run.returncode == 0, run.stderr
        data = json.loads(run.stdout)
        valid(data)
        numbers_are_floats(data)
        assert all("summary" in m for m in data["methods"]) and "analysis" in data
        again = ScoreResult.from_dict(data)
        assert [m.result for m in again.methods] == [m["result"] for m in data["methods"]]
    assert data["first_move"] == [OPEN_POINT_FIRST_MOVE]


def test_batch_lines_are_counts_with_their_own_fields_or_error_rows(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "a.sgf").write_text(FINISHED_SGF.read_text())
    (games / "b.sgf").write_text(OPEN_SGF)
    (games / "c.sgf").write_text("no game")
    rows_file = tmp_path / "rows.jsonl"
    cli(str(games), "--jsonl", str(rows_file), "--workers", "1", "--method", "area,zilu")
    rows = [json.loads(line) for line in rows_file.read_text().splitlines()]
    assert [r["error"] is None for r in rows] == [True, True, False]
    for row in rows:
        valid(row, "batch_line")
    valid(rows[0], "batch_row")
    valid(rows[2], "batch_error")
    numbers_are_floats(rows[0])
    assert rows[0]["margins"] == {m["slug"]: m["margin"] for m in rows[0]["methods"]}
    assert ScoreResult.from_dict(rows[1]).finished is False


@pytest.mark.parametrize("args", ["area", "shulu balance=art", "all"])
def test_gtp_weiqi_score_is_a_count(args: str) -> None:
    engine = make_engine(size=9, rules="chinese")
    ok(engine, f"loadsgf {FINISHED_SGF}")
    data = json.loads(ok(engine, f"weiqi-score {args}"))
    valid(data)
    numbers_are_floats(data)
    assert data["file"] == "<gtp>" and data["finished"] is True
    assert all("artefacts" in m and "family" in m for m in data["methods"])
    if args == "all":  # shulu and dengzi under every balancing, one entry each
        slugs = [m["slug"] for m in data["methods"]]
        assert set(slugs) == set(COUNTING_METHODS) and slugs.count("shulu") > 1
    area = next(m for m in data["methods"] if m["slug"] == "area") if args != "shulu balance=art" \
        else None
    if area is not None:
        assert area["result"] == score_sgf(FINISHED_SGF, methods="area",
                                           rules="chinese")["area"].result

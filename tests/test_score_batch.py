"""`gtp-weiqi score PATH ...` over a collection: directories, globs and stdin, JSON lines
and CSV rows in the order of the inputs, broken files as rows with their error, --resume,
worker processes giving the same bytes as one process, and the summary (winners that
differ between methods and from the record's RE)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_score_cli import EXAMPLE_MOVES, OPEN_POINT_FIRST_MOVE, open_point_sgf
from test_scoring_api import C2, TB, TW, example_sgf

from gtp_weiqi.scoring.batch import FIELDS, FINISH_FIELDS, recorded_winner, row_from_csv, summarise
from gtp_weiqi.ui.score_cli import main

ROOT = Path(__file__).resolve().parent.parent
METHODS = "zilu,zikong,area"


def collection(root: Path) -> list[str]:
    """A folder of records: the example marked three ways and judged, one illegal record,
    one that is no SGF, a file that is not *.sgf (left out), one in a sub-folder."""
    (root / "sub").mkdir(parents=True)
    files = {
        "a-dd.sgf": example_sgf(DD={C2}),
        "b-territory.sgf": example_sgf(TB=TB, TW=TW),
        "c-judged.sgf": example_sgf(),
        "d-illegal.sgf": b"(;SZ[9];B[ee];W[ee])",
        "e-junk.sgf": b"this is no game record",
        "notes.txt": b"(;SZ[9])",
        "sub/f-dd.sgf": example_sgf(DD={C2}).replace(b"RE[W+1]", b"RE[B+R]"),
    }
    for name, data in files.items():
        (root / name).write_bytes(data)
    return [str(root / n) for n in sorted(files) if n.endswith(".sgf")]


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def jsonl_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_folder_gives_one_row_per_game_in_order_with_errors_as_rows(tmp_path, capsys
                                                                      ) -> None:
    names = collection(tmp_path / "games")
    out = tmp_path / "rows.jsonl"
    code, stdout, _ = run(capsys, tmp_path / "games", "--jsonl", out, "--method", METHODS,
                          "--workers", 1)
    assert code == 1  # some files could not be counted
    rows = jsonl_rows(out)
    assert [r["file"] for r in rows] == sorted(names, key=lambda n: Path(n).as_posix())
    by_name = {Path(r["file"]).name: r for r in rows}
    assert by_name["a-dd.sgf"]["dead_source"] == "SGF DD"
    assert by_name["b-territory.sgf"]["dead_source"] == "SGF TB/TW"
    assert by_name["c-judged.sgf"]["dead_source"] == "judgement"
    for name in ("a-dd.sgf", "b-territory.sgf", "c-judged.sgf", "f-dd.sgf"):
        row = by_name[name]
        assert row["margins"] == {"zilu": 1, "zikong": -1, "area": -1}, name
        assert (row["size"], row["komi"], row["moves"], row["rules"]) == ([7, 7], 0, 42, "chinese")
        assert row["dead"] == ["C2"] and row["unclear"] == [] and row["error"] is None
        assert (row["method"], row["result"]) == ("area", "W+1")
    assert by_name["d-illegal.sgf"]["error"] == "move 2 is illegal (occupied)"
    assert by_name["e-junk.sgf"]["error"].startswith("bad SGF")
    assert by_name["e-junk.sgf"]["bytes"] == len(b"this is no game record")
    assert "counted 4 games, 2 errors" in stdout
    assert "methods that give the same winner in every game: zilu; zikong, area" in stdout
    assert "games whose winner differs between two of them:\n  zilu / zikong: 4\n" in stdout
    # the RE of four records: W+1 three times (as area counts), B+R once
    assert "(4 games name a winner): winner differs in 1; of the 3 with a margin, the " \
           "margin differs in 0" in stdout


def test_workers_and_one_process_write_the_same_bytes_and_csv_reads_back(tmp_path, capsys
                                                                         ) -> None:
    collection(tmp_path / "games")
    outputs = {}
    for workers in (1, 2):
        jsonl, table = tmp_path / f"w{workers}.jsonl", tmp_path / f"w{workers}.csv"
        run(capsys, tmp_path / "games", "--jsonl", jsonl, "--csv", table, "--method",
            METHODS, "--workers", workers)
        outputs[workers] = (jsonl.read_bytes(), table.read_bytes())
    assert outputs[1] == outputs[2]
    with open(tmp_path / "w2.csv", newline="", encoding="utf-8") as f:
        table = list(csv.DictReader(f))
    assert list(table[0])[-3:] == ["margin:zilu", "margin:zikong", "margin:area"]
    first = table[0]
    assert (first["dead_source"], first["dead"], first["margin:zikong"]) == ("SGF DD", "C2",
                                                                             "-1")
    assert table[3]["error"] == "move 2 is illegal (occupied)"


def test_resume_counts_only_the_missing_files_and_ends_with_the_same_file(tmp_path, capsys
                                                                          ) -> None:
    collection(tmp_path / "games")
    full = tmp_path / "full.jsonl"
    run(capsys, tmp_path / "games", "--jsonl", full, "--method", METHODS, "--workers", 1)
    part = tmp_path / "part.jsonl"
    lines = full.read_text(encoding="utf-8").splitlines(keepends=True)
    part.write_text("".join(lines[:3]), encoding="utf-8")
    code, stdout, _ = run(capsys, tmp_path / "games", "--jsonl", part, "--method", METHODS,
                          "--resume", "--workers", 2)
    assert "3 files in" in stdout and "3 already in the output, skipped" in stdout
    assert "counted 4 games, 2 errors" in stdout  # the summary covers the whole file
    assert part.read_bytes() == full.read_bytes()
    table = tmp_path / "t.csv"
    run(capsys, tmp_path / "games", "--csv", table, "--method", METHODS)
    before = table.read_bytes()
    code, stdout, _ = run(capsys, tmp_path / "games", "--csv", table, "--method", METHODS,
                          "--resume")
    assert "0 files in" in stdout and table.read_bytes() == before


def test_globs_and_stdin_and_missing_paths(tmp_path, capsys) -> None:
    collection(tmp_path / "games")
    out = tmp_path / "g.jsonl"
    code, stdout, _ = run(capsys, str(tmp_path / "games" / "**" / "*-dd.sgf"),
                          tmp_path / "none-*.sgf", tmp_path / "missing.sgf", "--jsonl", out,
                          "--method", "area")
    rows = jsonl_rows(out)
    assert [Path(r["file"]).name for r in rows] == ["a-dd.sgf", "f-dd.sgf", "none-*.sgf",
                                                    "missing.sgf"]
    assert rows[2]["error"] == "no file matches this pattern"
    assert rows[3]["error"] == "no such file or directory"
    done = subprocess.run(
        [sys.executable, "-m", "gtp_weiqi", "score", "-", "--jsonl", "-", "--method", "zilu"],
        input=example_sgf(DD={C2}), capture_output=True, timeout=120, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout.decode("utf-8").splitlines()[0])
    assert (row["file"], row["margins"], row["dead_source"]) == ("<stdin>", {"zilu": 1},
                                                                 "SGF DD")
    assert b"counted 1 game, 0 errors" in done.stderr  # stdout holds the rows


def test_options_for_one_game_are_refused_in_a_batch(tmp_path, capsys) -> None:
    collection(tmp_path / "games")
    for args, needle in ((["--dead", "C2"], "--dead: for one game only"),
                         (["--workers", "0"], "--workers must be at least 1"),
                         (["--resume"], "--resume needs an output file"),
                         (["--method", "nosuch"], "unknown counting method"),
                         (["--jsonl", "-", "--csv", "-"], "cannot both go to stdout")):
        code, _, err = run(capsys, tmp_path / "games", *args)
        assert code == 2 and needle in err, (args, err)


def test_one_file_still_prints_its_table(tmp_path, capsys) -> None:
    path = tmp_path / "one.sgf"
    path.write_bytes(example_sgf(DD={C2}))
    code, out, _ = run(capsys, path, "--method", "zilu")
    assert code == 0 and "Black wins by 1 stone (B+1)" in out
    assert len(EXAMPLE_MOVES) == 42


@pytest.mark.parametrize("text, expected", [
    ("B+3.5", ("B", 3.5)), ("W+R", ("W", None)), ("0", ("0", 0.0)), ("Draw", ("0", 0.0)),
    ("Void", (None, None)), ("?", (None, None)), (None, (None, None)), ("b+2", ("B", 2.0)),
])
def test_recorded_results_are_read_as_sgf_writes_them(text, expected) -> None:
    assert recorded_winner(text) == expected


def test_the_summary_counts_each_pair_of_methods_once() -> None:
    rows = [{"margins": {"a": 1, "b": -1, "c": 0}, "recorded_result": "B+1", "result": "B+1"},
            {"margins": {"a": 2, "b": 2, "c": -3}, "recorded_result": "W+2", "result": "B+2"},
            {"error": "bad"}]
    summary = summarise(rows)
    assert (summary.games, summary.errors) == (2, 1)
    assert summary.pairs == {("a", "b"): 1, ("a", "c"): 2, ("b", "c"): 2}
    assert summary.groups() == [["a"], ["b"], ["c"]]
    same = summarise([{"margins": {"a": 1, "b": 2, "c": -1}}, {"margins": {"a": -1, "b": -2,
                                                                           "c": -1}}])
    assert same.groups() == [["a", "b"], ["c"]]
    assert same.lines()[-2:] == ["games whose winner differs between two of them:",
                                 "  a / c: 1"]
    assert (summary.with_re, summary.re_winner_differs, summary.re_margin_differs) == (2, 1, 1)


# -- strings whose fate depends on who moves first ----------------------------------------------


def with_open_point(root: Path) -> None:
    """A folder of two records: the example with its dead stone marked, and
    test_first_move.OPEN_POINT, whose corner string D1 decides (unclear at seed 1)."""
    root.mkdir()
    (root / "a-dd.sgf").write_bytes(example_sgf(DD={C2}))
    (root / "b-open.sgf").write_bytes(open_point_sgf())


def test_rows_and_game_lines_say_why_a_string_is_unclear(tmp_path, capsys) -> None:
    with_open_point(tmp_path / "games")
    jsonl, table = tmp_path / "rows.jsonl", tmp_path / "rows.csv"
    code, _, _ = run(capsys, tmp_path / "games", "--jsonl", jsonl, "--csv", table,
                     "--method", "zilu", "--seed", 1, "--workers", 1)
    assert code == 0
    settled, open_row = jsonl_rows(jsonl)
    assert settled["first_move"] == [] and settled["unclear"] == []
    assert open_row["unclear"] == [OPEN_POINT_FIRST_MOVE["string"]]
    assert open_row["first_move"] == [OPEN_POINT_FIRST_MOVE]
    with open(table, newline="", encoding="utf-8") as f:
        header, *cells = list(csv.reader(f))
    assert header == [*FIELDS, "margin:zilu"]
    assert header[header.index("unclear"):header.index("error") + 1] == [
        "unclear", "first_move", "finished", "open_points", "unfinished_reason", "ended_by",
        "error"]
    rows = [dict(zip(header, c, strict=True)) for c in cells]
    assert rows[1]["first_move"] == "B1: Black first alive (D1), White first dead (D1)"
    assert row_from_csv(rows[1])["first_move"] == [OPEN_POINT_FIRST_MOVE]  # read back whole
    assert row_from_csv(rows[0])["first_move"] == []
    code, out, _ = run(capsys, tmp_path / "games" / "b-open.sgf", tmp_path / "games",
                       "--method", "zilu", "--seed", 1, "--workers", 1, "--lang", "both")
    name = tmp_path / "games" / "b-open.sgf"
    assert (f"{name}: W+74 (jihuozi, jihuozi, 贴 8), RE 无, 死子来自 死活与归属, 未定 B1 "
            "(黑先活 (D1)，白先死 (D1))") in out.splitlines()
    assert (f"{name}: W+74 (jihuozi, jihuozi, komi 8), RE none, dead stones from judgement, "
            "unclear B1 (depends on who moves first: Black first alive (D1), White first "
            "dead (D1))") in out.splitlines()


def test_resume_continues_a_csv_of_an_older_run_in_its_own_columns(tmp_path, capsys) -> None:
    """A CSV written before the first_move and finished columns: --resume reads it and writes
    the new rows without those columns, so the file keeps one header."""
    with_open_point(tmp_path / "games")
    table = tmp_path / "old.csv"
    run(capsys, tmp_path / "games", "--csv", table, "--method", "zilu", "--seed", 1,
        "--workers", 1)
    with open(table, newline="", encoding="utf-8") as f:
        header, settled, _ = list(csv.reader(f))
    gone = {header.index(f) for f in ("first_move", *FINISH_FIELDS)}
    old = [[c for i, c in enumerate(line) if i not in gone] for line in (header, settled)]
    table.write_text("".join(",".join(line) + "\n" for line in old), encoding="utf-8")
    code, stdout, _ = run(capsys, tmp_path / "games", "--csv", table, "--method", "zilu",
                          "--seed", 1, "--resume", "--workers", 1)
    assert code == 0 and "1 already in the output, skipped" in stdout
    with open(table, newline="", encoding="utf-8") as f:
        lines = list(csv.reader(f))
    assert lines[:2] == old and len(lines) == 3
    resumed = dict(zip(old[0], lines[2], strict=True))
    assert resumed["unclear"] == "B1 A2 B2 C2 D2" and resumed["margin:zilu"] == "-74"


def test_worker_processes_count_every_game_once_and_stop_when_the_reader_stops(tmp_path
                                                                               ) -> None:
    """Two workers take the games a few at a time as they finish: every input index comes
    back exactly once, each with its own row; a reader that stops early (an error, Ctrl-C)
    closes the rows and no worker is left counting."""
    import multiprocessing

    from gtp_weiqi.scoring.batch import BatchOptions
    from gtp_weiqi.ui.score_batch import count_locally, gather

    for i in range(40):
        (tmp_path / f"g{i:02}.sgf").write_bytes(example_sgf(DD={C2}) if i % 2 else b"junk")
    sources = gather([str(tmp_path)])
    options = BatchOptions(methods="zilu")
    rows = dict(count_locally(sources, options, 2))
    assert sorted(rows) == list(range(40))
    assert all(rows[i]["file"] == sources[i].name for i in rows)
    assert [bool(rows[i]["error"]) for i in range(40)] == [i % 2 == 0 for i in range(40)]
    assert multiprocessing.active_children() == []  # a finished run joined its workers
    early = count_locally(sources, options, 2)
    next(early)
    early.close()
    assert multiprocessing.active_children() == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers: Linux")
@pytest.mark.timeout(120)
def test_a_worker_killed_mid_batch_ends_the_batch_with_its_rows_kept(tmp_path, monkeypatch
                                                                     ) -> None:
    """A worker killed mid-batch (the out-of-memory killer, a crash in C) ends the batch
    with an error that says so, the rows already counted written, no worker left; the same
    command with --resume counts the rest."""
    import multiprocessing
    import os
    import signal

    from gtp_weiqi.scoring.batch import BatchOptions
    from gtp_weiqi.ui import score_batch
    from gtp_weiqi.ui.score_batch import BatchError, BatchSettings, run_batch

    games = tmp_path / "games"
    games.mkdir()
    for i in range(12):
        (games / f"g{i:02}.sgf").write_bytes(example_sgf(DD={C2}))
    counted = score_batch.count_source

    def dies_on_g07(source, *args):  # forked: the workers see it
        if source.name.endswith("g07.sgf"):
            os.kill(os.getpid(), signal.SIGKILL)
        return counted(source, *args)

    monkeypatch.setattr(score_batch, "count_source", dies_on_g07)
    out = tmp_path / "rows.jsonl"
    settings = BatchSettings(paths=[str(games)], options=BatchOptions(methods="zilu"),
                             methods=["zilu"], jsonl=str(out), workers=2)
    with pytest.raises(BatchError, match=r"killed by SIGKILL\); \d+ of 12 games written"):
        run_batch(settings, io.StringIO(), io.StringIO())
    assert multiprocessing.active_children() == []
    kept = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(kept) < 12 and not any(r["file"].endswith("g07.sgf") for r in kept)
    monkeypatch.setattr(score_batch, "count_source", counted)
    assert run_batch(dataclasses.replace(settings, resume=True), io.StringIO(),
                     io.StringIO()) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["file"] for r in rows) == sorted(str(games / f"g{i:02}.sgf")
                                                      for i in range(12))

"""The `gtp-weiqi` command line: mistyped names get a suggestion, Chinese method names work
where slugs do, options never swallow the file name, and a closed pipe ends quietly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gtp_weiqi import __version__
from gtp_weiqi.core.rules import RulesError, parse_rules
from gtp_weiqi.counting import METHODS, method_slug
from gtp_weiqi.ui.cli import main as cli_main
from tests.test_score_cli import EXAMPLE_MOVES, write_sgf


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_sgf(tmp_path_factory.mktemp("cli") / "example.sgf", EXAMPLE_MOVES)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli_main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_mistyped_subcommand_is_named_with_the_closest(capsys) -> None:
    code, out, err = run(capsys, "scroe", "game.sgf")
    assert code == 2 and out == ""
    assert "unknown subcommand 'scroe' (did you mean score?)" in err
    assert "known: regress, match, score" in err


def test_version(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        cli_main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"gtp-weiqi {__version__}"


def test_a_mistyped_preset_gets_the_closest_few_and_no_list() -> None:
    with pytest.raises(RulesError) as refused:
        parse_rules("chinees")
    text = str(refused.value)
    assert "unknown rules 'chinees' (did you mean chinese, chinese-ogs or chinese-kgs?)" in text
    assert "new-zealand" not in text and "jihuozi" not in text  # the full list: --help
    assert "`gtp-weiqi --help` lists them all" in text and len(text) < 200


def test_the_help_that_a_refusal_points_to_has_every_preset_and_method(capsys) -> None:
    from gtp_weiqi.core.rules import preset_names

    for argv, names in ((["--help"], preset_names()), (["score", "--help"], METHODS)):
        try:
            code = cli_main(argv)
        except SystemExit as stop:  # the top-level parser's help exits
            code = int(stop.code or 0)
        text = " ".join(capsys.readouterr().out.split())
        assert code == 0 and all(name in text for name in names), argv


def test_a_far_off_preset_gets_no_suggestion() -> None:
    with pytest.raises(RulesError) as refused:
        parse_rules("qqqqqqqq")
    assert "did you mean" not in str(refused.value)


@pytest.mark.parametrize(("name", "slug"), [
    ("子路合计法", "zilu"), ("计活子", "jihuozi"), ("计枰点", "jipingdian"),
    ("数路法", "shulu"), ("停子比路法", "shulu"), ("还棋头", "huanqitou"), ("ZILU", "zilu"),
    ("tromp-taylor", "tromp_taylor"),
])
def test_chinese_names_and_spellings_name_methods(name: str, slug: str) -> None:
    assert method_slug(name) == slug


def test_every_slug_and_chinese_name_names_its_method() -> None:
    for info in METHODS.values():
        assert method_slug(info.slug) == info.slug
        assert method_slug(info.name_zh) == info.slug


def test_a_mistyped_method_gets_a_suggestion(example, capsys) -> None:
    code, _, err = run(capsys, "score", example, "--method", "zlu")
    assert code == 2
    assert "unknown counting method 'zlu' (did you mean zilu?)" in err
    assert "tinglu" not in err and len(err) < 300


def test_score_takes_chinese_method_names(example, capsys) -> None:
    code, out, _ = run(capsys, "score", example, "--method", "子路合计法,计活子", "--dead", "c2")
    assert code == 0
    rows = [ln.split()[0] for ln in out.splitlines() if ln.split()[:1] in (["zilu"], ["jihuozi"])]
    assert rows == ["zilu", "jihuozi"]


def test_gtp_score_takes_a_chinese_method_name(capsys) -> None:
    from gtp_weiqi.ui.gtp.commands import build_engine

    engine = build_engine(size=7, rules="jihuozi", komi=0.0, seed=0)
    by_slug = engine.run_command("weiqi-score", ["zilu"])
    assert engine.run_command("weiqi-score", ["子路合计法"]) == by_slug


def test_dead_and_param_leave_the_file_name_alone(example, capsys) -> None:
    """`--dead C2 game.sgf` once took game.sgf for a vertex."""
    code, out, err = run(capsys, "score", "--dead", "c2", example, "--method", "zilu")
    assert code == 0, err
    assert "死子 dead stones (--dead): C2" in out
    code, _, err = run(capsys, "score", "--dead", "c2,b3", "--dead", "none", example,
                       "--method", "shulu", "--param", "balance=free,white_handicap_bonus=0")
    assert code == 0, err


def test_json_into_a_closed_pipe_ends_quietly(example) -> None:
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    proc = subprocess.run(
        f"{sys.executable} -m gtp_weiqi score {example} --method all --json | head -c 10",
        shell=True, capture_output=True, text=True, env=env, timeout=120, check=False)
    assert proc.stdout == '{\n "file":'
    assert proc.stderr == ""


@pytest.mark.parametrize(("option", "reason"), [
    (["--workers", "0"], "--workers must be at least 1, not 0"),
    (["--jobs", "0"], "--workers must be at least 1, not 0"),
    (["--timeout", "-1"], "--timeout must be a positive number of seconds, not -1"),
    (["--time-per-move", "nan"], "--time-per-move must be a positive number of seconds"),
    (["--black", "gnugo '"], "--black: cannot split \"gnugo '\" into words"),
    (["--rules", "chinees"], "(did you mean chinese, "),
])
def test_match_refuses_bad_values_before_starting_anything(tmp_path, capsys, option, reason
                                                           ) -> None:
    out = tmp_path / "records"
    args = ["match", "--black", "no-such-engine-here", "--white", "no-such-engine-here",
            "--out", str(out), *option]
    code, _, err = run(capsys, *args)
    assert code == 2
    assert reason in err
    assert not out.exists()  # nothing started, nothing written


def test_match_takes_workers_as_score_does_and_jobs_with_a_warning(tmp_path, capsys
                                                                  ) -> None:
    """One name for the number of processes in `match` and `score`: --workers; match's old
    --jobs still works and says it is deprecated."""
    from gtp_weiqi.ui.cli import build_parser

    for spelling, warned in (("--workers", False), ("--jobs", True)):
        args = build_parser().parse_args(["match", "--black", "x", "--white", "x", spelling, "3"])
        assert args.jobs == 3
        err = capsys.readouterr().err
        assert ("--jobs is deprecated; use --workers" in err) == warned


def test_match_refuses_a_file_as_its_folder(tmp_path, capsys) -> None:
    taken = tmp_path / "taken"
    taken.write_text("mine\n")
    code, _, err = run(capsys, "match", "--black", "x", "--white", "x", "--out", str(taken))
    assert code == 2 and "is a file, not a folder" in err
    assert taken.read_text() == "mine\n"


def test_a_missing_engine_is_named_once(tmp_path, capsys) -> None:
    code, _, err = run(capsys, "match", "--black", "no-such-engine-here", "--white",
                       "no-such-engine-here", "--out", str(tmp_path / "m"), "--size", "9")
    assert code == 2
    assert err.count("cannot start") == 1, err
    assert err.startswith("gtp-weiqi match: cannot start 'no-such-engine-here'")


@pytest.mark.parametrize(("option", "reason"), [
    (["--log", "/no/such/folder/gtp.log"], "--log: the folder /no/such/folder does not exist"),
    (["--engine", "gnugo '"], "--engine: cannot split"),
    (["--engine-timeout", "-1"], "--engine-timeout must be 0"),
    (["--time-per-move", "nan"], "--time-per-move > 0"),
])
def test_the_engine_refuses_bad_values_before_serving(capsys, option, reason) -> None:
    code, out, err = run(capsys, *option)
    assert code == 2 and out == ""
    assert reason in err


# -- one parser tree: the engine's options at the top, a parser per subcommand ------------


def test_the_help_lists_the_subcommands(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        cli_main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "gtp-weiqi [-h] [--version] [engine options]" in out
    assert "gtp-weiqi {regress,match,score} [-h] [options of the subcommand]" in out
    for name in ("regress", "match", "score"):
        assert f"\n    {name} " in out, name
    assert "--rules PRESET" in out and "--engine CMD" in out  # the engine's own options


@pytest.mark.parametrize(("name", "own_option"), [
    ("score", "--method SLUG|all"), ("match", "--black CMD"), ("regress", "--timeout SECONDS"),
])
def test_each_subcommand_has_its_own_help(capsys, name: str, own_option: str) -> None:
    code, out, err = run(capsys, name, "--help")
    assert code == 0 and err == ""
    assert out.startswith(f"usage: gtp-weiqi {name} [-h]")
    assert own_option in out
    assert "--engine-dead-stones" not in out  # the engine's options stay at the top


def test_a_mistyped_subcommand_after_engine_options_is_named_too(capsys) -> None:
    code, out, err = run(capsys, "--seed", "3", "mach")
    assert code == 2 and out == ""
    assert "unknown subcommand 'mach' (did you mean match?)" in err


def test_engine_options_before_a_subcommand_are_refused(example, capsys) -> None:
    """`gtp-weiqi --rules chinese score game.sgf` would count under the SGF's rules, not
    chinese: refused, with the order that works."""
    code, out, err = run(capsys, "--rules", "chinese", "score", example)
    assert code == 2 and out == ""
    assert "the engine option --rules does nothing with a subcommand" in err
    assert "gtp-weiqi score [its options]" in err


def test_a_subcommand_refusal_names_the_subcommand(capsys) -> None:
    code, out, err = run(capsys, "match", "--black", "x")
    assert code == 2 and out == ""
    assert err.startswith("usage: gtp-weiqi match")
    assert "gtp-weiqi match: error: the following arguments are required: --white" in err


def test_a_mistyped_method_gets_the_closest_and_help_lists_the_chinese_names(example, capsys
                                                                           ) -> None:
    code, _, err = run(capsys, "score", example, "--method", "jihuoz")
    assert code == 2
    assert "(did you mean jihuozi?)" in err and "子路合计法" not in err
    code, out, _ = run(capsys, "score", "--help")
    text = " ".join(out.split())
    assert code == 0 and "jihuozi = 计活子;" in text and "zilu = 子路合计法;" in text


GTP_MODULES = """
import atexit, sys
def loaded():
    heavy = ("gtp_weiqi.ui.match", "gtp_weiqi.ui.score_cli", "gtp_weiqi.ui.score_batch",
             "gtp_weiqi.ui.regress", "gtp_weiqi.ui.cluster", "gtp_weiqi.scoring.batch",
             "dask", "distributed", "tqdm", "multiprocessing")
    print("loaded:", sorted(m for m in sys.modules if m.startswith(heavy)), file=sys.stderr)
atexit.register(loaded)
from gtp_weiqi.ui.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_engine_options_without_a_subcommand_serve_gtp_without_the_subcommands() -> None:
    """The engine is the default; it starts without the match, batch and Dask code."""
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    proc = subprocess.run([sys.executable, "-c", GTP_MODULES, "--rules", "jihuozi", "--seed",
                           "3"], input="name\nkata-get-rules\nquit\n", capture_output=True,
                          text=True, env=env, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("= gtp_weiqi\n\n= {")
    assert '"counting":"jihuozi",' in proc.stdout and '"virtualMoves":true' in proc.stdout
    assert "loaded: []" in proc.stderr

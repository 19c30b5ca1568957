"""Match records a bot author reads: each engine under its label in every record, and a
plain-text report.txt (wins per engine and colour, forfeits with reasons, time per move), as
gomill's ringmaster writes one."""

from __future__ import annotations

import io
from pathlib import Path

from conftest import broken, gnugo
from sgfmill import sgf

from gtp_weiqi.ui.match.config import MatchConfig, engine_labels
from gtp_weiqi.ui.match.runner import REPORT, run_match


def test_default_labels_are_name_and_version_told_apart_when_equal() -> None:
    same = {"black_engine": ("GNU Go", "3.8"), "white_engine": ("GNU Go", "3.8")}
    assert engine_labels(MatchConfig("gnugo", "gnugo"), same) == {
        "black_engine": "GNU Go 3.8 #1", "white_engine": "GNU Go 3.8 #2"}
    config = MatchConfig("a", "b")
    assert engine_labels(config, same) == {"black_engine": "GNU Go 3.8 (a)",
                                           "white_engine": "GNU Go 3.8 (b)"}
    for black, white, apart in (
            ("gnugo --mode gtp --level 1", "gnugo --mode gtp --level 10", ("--level 1",
                                                                         "--level 10")),
            ("gnugo --mode gtp", "gnugo --mode gtp --level 2", ("without --level 2",
                                                                "--level 2")),
            ("/usr/games/gnugo --mode gtp", "/opt/gnugo --mode gtp", ("/usr/games/gnugo",
                                                                      "/opt/gnugo")),
            ("gnugo --mode gtp --level 1", "gnugo --mode gtp --level 1 --chinese-rules "
             "--capture-all-dead --positional-superko", None)):
        labels = engine_labels(MatchConfig(black, white), same)
        if apart is None:  # a difference too long for a label: numbered
            assert labels == {"black_engine": "GNU Go 3.8 #1", "white_engine": "GNU Go 3.8 #2"}
        else:
            assert labels == {"black_engine": f"GNU Go 3.8 ({apart[0]})",
                              "white_engine": f"GNU Go 3.8 ({apart[1]})"}
    other = {"black_engine": ("GNU Go", "3.8"), "white_engine": ("KataGo", "1.15")}
    assert engine_labels(config, other) == {"black_engine": "GNU Go 3.8",
                                            "white_engine": "KataGo 1.15"}
    assert engine_labels(config, {}) == {"black_engine": "black_engine",
                                         "white_engine": "white_engine"}


def test_two_gnugos_of_two_levels_are_labelled_by_level_and_copies_marked(
        tmp_path: Path) -> None:
    """GNU Go with a fixed seed plays the same game again with the same colours: with
    --alternate, game 2 repeats game 0 and game 3 repeats game 1, marked in DUP, the
    report and summary.json, and left out of the second win rate."""
    out = tmp_path / "m"
    config = MatchConfig(gnugo() + " --seed 7", gnugo().replace("--level 1", "--level 2")
                         + " --seed 7", size=7, alternate=True, max_moves=200)
    summary = run_match(config, 4, out, stream=io.StringIO())
    assert summary["labels"] == {"black_engine": "GNU Go 3.8 (--level 1)",
                                 "white_engine": "GNU Go 3.8 (--level 2)"}
    assert summary["duplicates"]["of"] == {"2": 0, "3": 1}
    assert summary["duplicates"]["distinct"] == 2
    assert summary["win_rate"]["without_duplicates"]["decided_games"] == 2
    dat = (out / "match.dat").read_text().splitlines()
    assert [line.split("\t")[5] for line in dat if not line.startswith("#")] == \
        ["-", "-", "0", "1"]
    assert "duplicates: 2 games repeat an earlier game move for move (2 distinct)" in \
        (out / REPORT).read_text()


def test_given_labels_win_over_the_engines_answers() -> None:
    config = MatchConfig("a", "b", black_label="gg-old", white_label="gg-new")
    same = {"black_engine": ("GNU Go", "3.8"), "white_engine": ("GNU Go", "3.8")}
    assert engine_labels(config, same) == {"black_engine": "gg-old", "white_engine": "gg-new"}


def test_two_gnugos_are_labelled_apart_in_every_record(tmp_path: Path) -> None:
    out = tmp_path / "m"
    config = MatchConfig(gnugo(), gnugo(), size=7, alternate=True, max_moves=200)
    summary = run_match(config, 2, out, stream=io.StringIO())
    assert summary["labels"] == {"black_engine": "GNU Go 3.8 #1",
                                 "white_engine": "GNU Go 3.8 #2"}
    first = sgf.Sgf_game.from_bytes((out / "game-0000.sgf").read_bytes()).get_root()
    second = sgf.Sgf_game.from_bytes((out / "game-0001.sgf").read_bytes()).get_root()
    assert (first.get("PB"), first.get("PW")) == ("GNU Go 3.8 #1", "GNU Go 3.8 #2")
    assert (second.get("PB"), second.get("PW")) == ("GNU Go 3.8 #2", "GNU Go 3.8 #1")
    dat = (out / "match.dat").read_text()
    assert "# BlackLabel: GNU Go 3.8 #1" in dat and "# WhiteLabel: GNU Go 3.8 #2" in dat
    report = (out / REPORT).read_text()
    assert report.startswith("2 games, 7x7, rules chinese, komi 7.5\n")
    rows = {line.split("  ")[0]: line.split()[-3:] for line in report.splitlines()
            if line.startswith("GNU Go 3.8 #") and "/" in line}
    wins = summary["wins"]
    for engine, label in summary["labels"].items():
        total, as_black, as_white = rows[label]
        assert total == f"{wins[engine].get('wins', 0)}/2"
        assert as_black == f"{wins[engine].get('wins_as_B', 0)}/1"
        assert as_white == f"{wins[engine].get('wins_as_W', 0)}/1"
    assert "forfeits: 0" in report
    assert "average time per move:" in report


def test_the_report_names_each_forfeit_with_its_label_and_reason(tmp_path: Path) -> None:
    out = tmp_path / "m"
    config = MatchConfig(broken(), broken("illegal", "--after", "1"), size=9,
                         black_label="steady", white_label="faulty")
    summary = run_match(config, 1, out, stream=io.StringIO())
    assert summary["wins"]["white_engine"]["forfeits"] == 1
    report = (out / REPORT).read_text()
    assert "forfeits: 1\n  game 0: faulty (W) illegal: " in report
    assert "(occupied)" in report
    root = sgf.Sgf_game.from_bytes((out / "game-0000.sgf").read_bytes()).get_root()
    assert (root.get("PB"), root.get("PW")) == ("steady", "faulty")
    assert "Black: steady [black_engine" in root.get("C")


def test_every_count_says_its_judgement_and_tromp_taylor_agrees_with_final_score() -> None:
    """Under the default rules the result (Tromp–Taylor, every stone alive) and the record's
    list of counts must not contradict each other:

       A B C D E F G
     7 . . X . O . .
     4 . . X X O . .      (columns C and E walls, rows 1-7)
     1 O . X . O . .      the lone White a1 is dead to the judgement, alive to Tromp–Taylor
    """
    import json

    from gtp_weiqi.ui.gtp.commands import build_engine

    engine = build_engine(size=7, rules="tromp-taylor", komi=0.0, seed=0)
    for row in range(1, 8):
        engine.run_command("play", ["b", f"c{row}"])
        engine.run_command("play", ["w", f"e{row}"])
    engine.run_command("play", ["b", "d4"])
    engine.run_command("play", ["w", "a1"])
    detail = json.loads(engine.run_command("weiqi-score", ["all"]))
    by_slug = {m["slug"]: m for m in detail["methods"]}
    assert by_slug["tromp_taylor"]["judgement"]["source"] == "all alive"
    assert by_slug["tromp_taylor"]["result"] == engine.run_command("final_score", []) == "W+14"
    assert by_slug["area"]["judgement"]["source"] == "judgement"
    assert by_slug["area"]["result"] == "B+1"  # a1 removed: Black 22 (A-C, d4), White 21


def test_a_game_is_an_outcome_value_the_records_are_written_from() -> None:
    """`Referee.run()` returns an `Outcome`: it pickles (a cluster worker sends it back), it
    ends with an `EndReason` whose value is the record's `end`, and the records made from a
    copy equal those made from the original."""
    import pickle

    from gtp_weiqi.ui.match import records
    from gtp_weiqi.ui.match.config import GameSpec
    from gtp_weiqi.ui.match.outcome import EndReason, Outcome
    from gtp_weiqi.ui.match.referee import play_game

    outcome = play_game(GameSpec(0, MatchConfig(broken(), broken(), size=9, max_moves=6)))
    assert isinstance(outcome, Outcome) and outcome.end is EndReason.LIMIT
    assert len(outcome.moves) == 6 and outcome.labels == {
        "black_engine": "BrokenGo 0.1.0 #1", "white_engine": "BrokenGo 0.1.0 #2"}
    copy = pickle.loads(pickle.dumps(outcome))
    record = records.game_record(outcome)
    assert record["end"] == "limit" and records.game_record(copy) == record
    assert records.game_sgf(copy, record) == records.game_sgf(outcome, record)
    forfeit = play_game(GameSpec(0, MatchConfig(broken(), broken("illegal", "--after", "1"),
                                                size=9)))
    assert forfeit.end is EndReason.FORFEIT and forfeit.forfeit is not None
    again = pickle.loads(pickle.dumps(forfeit)).forfeit
    assert (again.colour, again.kind, again.message) == (
        forfeit.forfeit.colour, forfeit.forfeit.kind, forfeit.forfeit.message)

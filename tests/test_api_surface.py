"""The typed, discoverable API: what `dir(gtp_weiqi)` shows, `gtp_weiqi.METHODS`, the
rules' own method on a result, sgfmill's objects taken as they are, a warning and a note for
every assumption, counting at move N, and `score_many` giving score_sgf's counts from worker
processes."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from sgfmill import boards, sgf

import gtp_weiqi
from gtp_weiqi import ScoreResult, ScoringError, ScoringWarning
from gtp_weiqi.counting import METHODS as REGISTRY
from gtp_weiqi.scoring import RecordError

GAMES = sorted((Path(__file__).parent / "data" / "games" / "9").glob("*.sgf"))[:6]


def test_dir_lists_every_public_name_and_each_resolves() -> None:
    names = [n for n in dir(gtp_weiqi) if not n.startswith("_")]
    assert {"METHODS", "MethodName", "score_many", "score_sgf", "ScoringWarning"} <= set(names)
    assert set(gtp_weiqi.__all__) <= set(dir(gtp_weiqi))
    for name in gtp_weiqi.__all__:
        assert getattr(gtp_weiqi, name) is not None


def test_methods_is_the_one_table_read_only() -> None:
    methods = gtp_weiqi.METHODS
    assert list(methods) == list(REGISTRY)  # every method the counting has, in its order
    zilu = methods["zilu"]
    assert (zilu.slug, zilu.name_zh, zilu.family, zilu.unit_zh, zilu.unit_en) == (
        "zilu", "子路合计法", "jihuozi", "子", "stones")
    assert {m.family for m in methods.values()} == {"jihuozi", "jipingdian", "standard"}
    with pytest.raises(TypeError):
        methods["zilu"] = zilu  # type: ignore[index]


def test_the_result_names_the_rules_own_method() -> None:
    area_only = gtp_weiqi.score_sgf(gtp_weiqi.EXAMPLE_SGF, methods="area")
    assert area_only.own_method == "jihuozi" and area_only.own is None  # not asked for
    everything = gtp_weiqi.score_sgf(gtp_weiqi.EXAMPLE_SGF, methods="all")
    assert everything.own is everything["jihuozi"]
    assert gtp_weiqi.score_sgf(gtp_weiqi.EXAMPLE_SGF, methods=None).own is not None
    assert everything.to_dict()["own_method"] == "jihuozi"
    chinese = gtp_weiqi.score_sgf(gtp_weiqi.EXAMPLE_SGF, rules="chinese", methods="zilu")
    assert chinese.own_method == "area"


def test_an_unknown_ru_is_a_warning_and_a_note() -> None:
    with pytest.warns(ScoringWarning, match=r"RU\[klingon\] is not a rules set"):
        result = gtp_weiqi.score_sgf(b"(;SZ[9]RU[klingon];B[ee];W[cc])", methods=None)
    assert result.rules == "chinese" and len(result.notes) == 1
    assert "counting under chinese" in result.notes[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a record that says what it means warns of nothing
        assert gtp_weiqi.score_sgf(gtp_weiqi.EXAMPLE_SGF).notes == ()


def test_dd_points_without_a_stone_are_a_note() -> None:
    with pytest.warns(ScoringWarning, match="DD marks empty point A9: ignored"):
        result = gtp_weiqi.score_sgf(b"(;SZ[9]RU[chinese];B[ee];W[cc]DD[aa][cc])")
    assert result.dead == ("C7",) and result.dead_source == "SGF DD"


def test_sgfmill_game_board_and_points_count_as_their_vertices() -> None:
    data = gtp_weiqi.EXAMPLE_SGF.read_bytes()
    game = sgf.Sgf_game.from_bytes(data)
    from_file = gtp_weiqi.score_sgf(gtp_weiqi.EXAMPLE_SGF, dead=["C2"])
    from_game = gtp_weiqi.score_sgf(game, dead=[(1, 2)])  # sgfmill's (row, col) of C2
    assert [m.result for m in from_game.methods] == [m.result for m in from_file.methods]
    assert from_game.dead == ("C2",)

    board = boards.Board(7)  # the final position, played by sgfmill itself
    for n in game.get_main_sequence():
        colour, move = n.get_move()
        if move is not None:
            board.play(move[0], move[1], colour)
    black = [format_rc(rc) for c, rc in board.list_occupied_points() if c == "b"]
    white = [format_rc(rc) for c, rc in board.list_occupied_points() if c == "w"]
    captured = {"b": 1, "w": 1}
    by_board = gtp_weiqi.score_position(board=board, komi=0, captured=captured, dead="C2",
                                        rules="jihuozi")
    by_points = gtp_weiqi.score_position(
        [rc for c, rc in board.list_occupied_points() if c == "b"],
        [rc for c, rc in board.list_occupied_points() if c == "w"], size=7, komi=0,
        captured=captured, dead=[(1, 2)], rules="jihuozi")
    by_words = gtp_weiqi.score_position(black, white, size=7, komi=0, captured=captured,
                                        dead="C2", rules="jihuozi")
    for other in (by_board, by_points):
        assert [m.result for m in other.methods] == [m.result for m in by_words.methods]
    assert by_words["jihuozi"].result == from_file["jihuozi"].result
    with pytest.raises(ScoringError, match="not both"):
        gtp_weiqi.score_position(["A1"], board=board)


def format_rc(rc: tuple[int, int]) -> str:
    return "ABCDEFGHJKLMNOPQRST"[rc[1]] + str(rc[0] + 1)


def test_counting_at_move_n_is_counting_the_first_n_moves() -> None:
    game = sgf.Sgf_game.from_bytes(GAMES[0].read_bytes())
    sequence = game.get_main_sequence()
    total = len(sequence) - 1
    for n in (0, 1, total // 2):
        cut = sgf.Sgf_game.from_bytes(GAMES[0].read_bytes())
        nodes = cut.get_main_sequence()
        if n + 1 < len(nodes):
            nodes[n + 1].delete()
        at_n = gtp_weiqi.score_sgf(GAMES[0], methods="all", move=n, dead="none")
        whole = gtp_weiqi.score_sgf(cut, methods="all", dead="none")
        assert at_n.moves == n == whole.moves
        assert [m.result for m in at_n.methods] == [m.result for m in whole.methods]
    assert gtp_weiqi.score_sgf(GAMES[0], move=total).moves == total
    with pytest.raises(RecordError, match=f"move {total + 1} is not in the record"):
        gtp_weiqi.score_sgf(GAMES[0], move=total + 1)


def test_counting_before_the_end_leaves_out_the_marks_of_the_end_with_a_note() -> None:
    record = b"(;SZ[9]RU[chinese]KM[0];B[ee];W[cc];B[dd]DD[cc])"
    assert gtp_weiqi.score_sgf(record).dead_source == "SGF DD"
    with pytest.warns(ScoringWarning, match="those of its last position, move 3"):
        early = gtp_weiqi.score_sgf(record, move=2)
    assert early.dead_source != "SGF DD" and early.moves == 2


def test_score_many_gives_score_sgf_counts_in_order_with_errors_in_place(tmp_path) -> None:
    broken = tmp_path / "broken.sgf"
    broken.write_text("(;SZ[9];B[ee];W[ee])")
    sources = [*GAMES[:3], broken, *GAMES[3:]]
    seen: list[tuple[int, int]] = []
    results = gtp_weiqi.score_many(sources, methods="area,zilu", workers=2,
                                   progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, len(sources)) for i in range(1, len(sources) + 1)]
    assert len(results) == len(sources)
    error = results[3]
    assert isinstance(error, RecordError) and error.move == 2 and "occupied" in str(error)
    for source, result in zip(sources, results, strict=True):
        if source is broken:
            continue
        assert isinstance(result, ScoreResult) and result.name == str(source)
        alone = gtp_weiqi.score_sgf(source, methods="area,zilu")
        assert result.to_dict() == alone.to_dict()
    here = gtp_weiqi.score_many(sources, methods="area,zilu", workers=1)
    assert [r.to_dict() if isinstance(r, ScoreResult) else str(r) for r in here] == \
        [r.to_dict() if isinstance(r, ScoreResult) else str(r) for r in results]


def test_score_many_warns_the_notes_of_its_records() -> None:
    with pytest.warns(ScoringWarning, match="RU.klingon"):
        [result] = gtp_weiqi.score_many([b"(;SZ[9]RU[klingon];B[ee])"], workers=1)
    assert isinstance(result, ScoreResult) and result.notes
    with pytest.raises(ScoringError, match="workers must be at least 1"):
        gtp_weiqi.score_many([], workers=0)


def test_score_move_option_counts_at_move_n(capsys) -> None:
    from gtp_weiqi.ui.cli import main as cli_main

    assert cli_main(["score", str(GAMES[0]), "--move", "10", "--method", "area",
                     "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert ", 10 moves (Black 5, White 5)," in out
    assert cli_main(["score", str(GAMES[0]), "--move", "999"]) == 1
    assert "move 999 is not in the record" in capsys.readouterr().err


def test_a_komi_nothing_gave_is_a_note() -> None:
    """Rules as JSON name no preset, so no preset brings a komi: 7.5 is assumed, and said."""
    rules = '{"ko": "SIMPLE", "scoring": "AREA"}'
    with pytest.warns(ScoringWarning, match="no komi given"):
        position = gtp_weiqi.score_position(["A1"], ["C3"], size=9, rules=rules, methods=None)
    assert position.komi == 7.5 and len(position.notes) == 1
    with pytest.warns(ScoringWarning, match="no komi given"):
        gtp_weiqi.score_sgf(b"(;SZ[9];B[ee])", rules=rules, methods=None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert gtp_weiqi.score_sgf(b"(;SZ[9]KM[6.5];B[ee])", rules=rules, methods=None).notes == ()
        assert gtp_weiqi.score_position(["A1"], size=9, rules=rules, komi=5).notes == ()


def test_score_many_sends_back_the_artefacts_only_when_asked() -> None:
    alone = gtp_weiqi.score_sgf(GAMES[0], methods="zilu,area")
    [light] = gtp_weiqi.score_many([GAMES[0]], methods="zilu,area", workers=1)
    [full] = gtp_weiqi.score_many([GAMES[0]], methods="zilu,area", workers=1, artefacts=True)
    assert isinstance(light, ScoreResult) and isinstance(full, ScoreResult)
    for slug in ("zilu", "area"):
        assert light[slug].count.artefacts == {} and alone[slug].count.artefacts
        assert light[slug].count.to_dict(artefacts=False) == \
            alone[slug].count.to_dict(artefacts=False)
        assert full[slug].count.to_dict() == alone[slug].count.to_dict()

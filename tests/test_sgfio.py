"""SGF in and out: the main line is replayed through the rules, an illegal or broken record is
refused with its reason, and what the engine writes reads back to the same game."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import play, preset, pt
from sgfmill import sgf

from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.core.game import Game
from gtp_weiqi.core.rules import Rules
from gtp_weiqi.core.sgf import SgfError, build_game, game_to_sgf, load_sgf, parse_sgf, rules_from_ru

TT = Rules()


def load_bytes(data: bytes, rules: Rules = TT, komi: float = 7.5,
               move_number: int | None = None) -> Game:
    return build_game(parse_sgf(data), rules, komi, move_number)


def test_moves_passes_komi_and_size_are_read() -> None:
    game = load_bytes(b"(;GM[1]FF[4]SZ[9]KM[5.5];B[ee];W[cc];B[];W[tt];B[dd])")
    assert (game.width, game.height, game.komi) == (9, 9, 5.5)
    assert [(m.colour, m.point) for m in game.moves] == [
        (BLACK, pt(game, "e5")), (WHITE, pt(game, "c7")), (BLACK, None), (WHITE, None),
        (BLACK, pt(game, "d6"))]
    assert game.virtual == {BLACK: 1, WHITE: 1}


def test_missing_komi_keeps_the_given_komi_and_rules() -> None:
    game = load_bytes(b"(;GM[1]FF[4]SZ[7];B[dd])", preset("chinese"), 3.5)
    assert game.komi == 3.5 and game.rules == preset("chinese")


@pytest.mark.parametrize(("ru", "name"), [
    ("Japanese", "japanese"), ("Chinese", "chinese"), ("AGA", "aga"), ("NZ", "new-zealand"),
    ("GOE", "ing"), ("TrompTaylor", "tromp-taylor"), ("Korean", "japanese"),
    ("tromp-taylor", "tromp-taylor"), ("jihuozi", "jihuozi"), ("chinese-ogs", "chinese-ogs"),
])
def test_ru_selects_a_preset(ru: str, name: str) -> None:
    assert rules_from_ru(ru) == preset(name)
    game = load_bytes(f"(;GM[1]FF[4]SZ[9]RU[{ru}];B[ee])".encode())
    assert game.rules == preset(name)


def test_unknown_ru_keeps_the_engine_rules() -> None:
    assert rules_from_ru("Martian") is None
    assert load_bytes(b"(;SZ[9]RU[Martian])", preset("aga")).rules == preset("aga")


def test_handicap_setup_becomes_handicap_with_white_to_move() -> None:
    game = load_bytes(b"(;GM[1]FF[4]SZ[9]HA[2]AB[cg][gc];W[ee])")
    assert game.handicap == 2 and len(game.moves) == 1
    assert game.board.colour[pt(game, "c3")] == BLACK


def test_plain_setup_stones_are_setup_not_handicap() -> None:
    game = load_bytes(b"(;GM[1]FF[4]SZ[9]AB[cc]AW[dd];B[ee])")
    assert game.handicap == 0 and len(game.setup) == 2
    assert game.board.colour[pt(game, "d6")] == WHITE


@pytest.mark.parametrize(("move_number", "played"), [(None, 3), (1, 0), (2, 1), (3, 2),
                                                     (4, 3), (99, 3), (0, 0)])
def test_move_number_stops_before_that_move(move_number: int | None, played: int) -> None:
    data = b"(;GM[1]FF[4]SZ[9];B[ee];W[cc];B[dd])"
    assert len(load_bytes(data, move_number=move_number).moves) == played


@pytest.mark.parametrize(("data", "message"), [
    (b"(;GM[1]SZ[9;B[ee]", "bad SGF"),
    (b"not an sgf at all", "bad SGF"),
    (b"", "bad SGF"),
    (b"(;GM[1]FF[4]SZ[9]KM[abc])", r"^KM\[abc\] is not a komi"),
    (b"(;GM[1]FF[4]SZ[30])", "bad SGF"),
    (b"(;GM[1]FF[4]SZ[1])", "not supported"),
    (b"(;GM[1]FF[4]SZ[9];B[ee];W[ee])", r"move 2 is illegal \(occupied\)"),
    (b"(;GM[1]FF[4]SZ[9];B[ee];AB[aa])", "^setup stones after move 1 are not supported"),
    (b"(;GM[1]FF[4]SZ[9];B[zz])", r"^move 1: B\[zz\] is not a point on a 9x9 board"),
    (b"(;GM[1]FF[4]SZ[9]HA[x])", "^bad SGF root"),
    (b"(;GM[1]FF[4]SZ[9]CA[foo])", r"^CA\[foo\] is not a character set this engine knows"),
    (b"(;GM[1]FF[4]SZ[5:7])", "bad SGF"),
    (b"(;GM[1]FF[4]SZ[9]KM[1e999])", r"^KM\[1e999\] is not a komi"),
    (b"(;GM[1]FF[4]SZ[9]AB[aa]AE[aa])", "AE"),
])
def test_broken_or_illegal_records_are_refused_with_the_reason(data: bytes,
                                                               message: str) -> None:
    with pytest.raises(SgfError, match=message):
        load_bytes(data)


def test_ko_retake_in_a_record_is_refused_as_illegal() -> None:
    # The ko of the rules tests, built by moves: W b4 at move 9 retakes at once.
    data = b"(;GM[1]FF[4]SZ[5];B[ba];B[ab];B[bc];W[ca];W[db];W[cc];W[bb];B[cb];W[bb])"
    with pytest.raises(SgfError, match=r"move 9 is illegal \(ko\)"):
        load_bytes(data, preset("chinese"))
    assert len(load_bytes(data, preset("chinese"), move_number=9).moves) == 8


def test_load_sgf_reads_a_file_and_reports_a_missing_one(tmp_path: Path) -> None:
    path = tmp_path / "g.sgf"
    path.write_bytes(b"(;GM[1]FF[4]SZ[9];B[ee])")
    assert len(load_sgf(str(path), TT, 7.5).moves) == 1
    with pytest.raises(SgfError, match="cannot read"):
        load_sgf(str(tmp_path / "missing.sgf"), TT, 7.5)


def same_game(a: Game, b: Game) -> bool:
    return (a.width == b.width and a.board == b.board and a.moves == b.moves
            and a.komi == b.komi and a.rules == b.rules and a.handicap == b.handicap
            and sorted(a.setup) == sorted(b.setup) and a.captured == b.captured
            and a.virtual == b.virtual)


@pytest.mark.parametrize("name", ["tromp-taylor", "japanese", "jihuozi", "aga-button",
                                  "jipingdian-art"])
def test_written_sgf_reads_back_to_the_same_game(name: str) -> None:
    game = Game(9, rules=preset(name), komi=-8)
    game.place_handicap([pt(game, "c3"), pt(game, "g7")])
    play(game, "w e5", "b pass", "w d5", "w c5", "b e6")
    again = load_bytes(game_to_sgf(game))
    assert same_game(game, again)


def test_custom_rules_are_written_as_json_and_pass_is_an_empty_move() -> None:
    rules = Rules(ko="SIMPLE", counting="zilu")
    game = Game(5, rules=rules)
    play(game, "b c3", "w pass")
    data = game_to_sgf(game)
    parsed = sgf.Sgf_game.from_bytes(data)
    root = parsed.get_root()
    assert root.get("RU") == rules.to_json()
    assert b"W[]" in data
    assert parsed.get_komi() == 7.5 and parsed.get_size() == 5


def test_rules_that_are_no_preset_round_trip_through_their_json() -> None:
    rules = Rules(ko="SITUATIONAL", suicide=False, virtualMoves=True, counting="zilu", bowl=24)
    game = Game(9, rules=rules)
    play(game, "b e5", "w pass", "b d4")
    again = load_bytes(game_to_sgf(game), preset("japanese"))
    assert again.rules == rules and same_game(game, again)


@pytest.mark.parametrize("ru", ['{"komi":7}', '{"ko":"SUPER"}', "{broken"])
def test_bad_json_in_ru_keeps_the_engine_rules(ru: str) -> None:
    assert rules_from_ru(ru) is None


def test_rectangular_games_are_not_written() -> None:
    with pytest.raises(SgfError, match="rectangular"):
        game_to_sgf(Game(5, 3))


def test_result_extra_properties_and_dead_marks_are_written() -> None:
    game = Game(5)
    play(game, "b c3", "w a1")
    data = game_to_sgf(game, extra_root={"C": "a ] comment"}, dead=[pt(game, "a1")],
                       result="B+3")
    parsed = sgf.Sgf_game.from_bytes(data)
    assert parsed.get_root().get("RE") == "B+3"
    assert parsed.get_root().get("C") == "a ] comment"
    assert parse_sgf(data).marks["DD"] == [(0, 0)]


def test_marks_survive_printsgf_and_loadsgf(tmp_path) -> None:
    """Dead, seki and alive marks and point owners are written to the SGF and read back."""
    from gtp_weiqi.ui.gtp.commands import build_engine

    engine = build_engine(size=9, rules="chinese")
    for line in ["play b c3", "play w d4", "play b e5", "play w g7",
                 "weiqi-set_status dead d4", "weiqi-set_status seki g7",
                 "weiqi-set_owner white a1", "weiqi-set_owner public b1"]:
        assert engine.handle_line(line)[0] == "= \n\n"
    path = tmp_path / "marked.sgf"
    assert engine.handle_line(f"printsgf {path}")[0] == "= \n\n"
    text = path.read_text()
    assert "DD[df]" in text and "WQSK[gc]" in text and "WQOW[ai]" in text and "WQOP[bi]" in text
    again = build_engine(size=9)
    assert again.handle_line(f"loadsgf {path}")[0] == "= \n\n"
    assert again.game.effective_marks() == engine.game.effective_marks()
    # C3 and E5 are unmarked: on this open board their status is the judgement's guess,
    # the same in both engines; the marked stones are reported as marked.
    for kind in ("dead", "seki", "alive"):
        line = f"final_status_list {kind}"
        assert again.handle_line(line)[0] == engine.handle_line(line)[0]
    assert "D4" in again.handle_line("final_status_list dead")[0].split()
    assert again.handle_line("final_status_list seki")[0] == "= G7\n\n"


def test_marks_follow_the_move_they_were_made_after(tmp_path) -> None:
    """Undo of the move a mark followed removes it; loadsgf to a move number applies none."""
    from gtp_weiqi.ui.gtp.commands import build_engine

    engine = build_engine(size=9, rules="chinese")
    for line in ["play b c3", "play w d4", "weiqi-set_status dead d4", "play b e5"]:
        engine.handle_line(line)
    path = tmp_path / "m.sgf"
    engine.handle_line(f"printsgf {path}")
    engine.handle_line("undo")
    assert engine.game.effective_marks() == ({engine.vertex("d4"): "dead"}, {})
    engine.handle_line("undo")
    assert engine.game.effective_marks() == ({}, {})
    partial = build_engine(size=9)
    assert partial.handle_line(f"loadsgf {path} 3")[0] == "= \n\n"
    assert partial.game.effective_marks() == ({}, {})

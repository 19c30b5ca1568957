"""Rules of play written as board diagrams (captures 提子, suicide 自尽, ko 劫 and superko,
禁全同 over board + virtual stones, docs/rules.md) and the rule presets with KataGo's JSON."""

from __future__ import annotations

import json

import pytest
from conftest import (
    dedent_diagram,
    diagram,
    fail,
    game_from_diagram,
    make_engine,
    ok,
    play,
    preset,
    pt,
    snapshot,
)

from gtp_weiqi.core.board import BLACK, WHITE
from gtp_weiqi.core.game import IllegalPlay
from gtp_weiqi.core.rules import (
    CANONICAL_PRESETS,
    Rules,
    RulesError,
    has_our_fields,
    lookup_preset,
    parse_rules,
    with_field,
)

ALL_PRESETS = list(CANONICAL_PRESETS)

# -- captures (提子) ---------------------------------------------------------------------------


def test_surrounded_stone_is_captured_and_counted_as_a_prisoner() -> None:
    game = game_from_diagram("""
        . . . . .
        . . X . .
        . X O X .
        . . . . .
        . . . . .
    """)
    removed = game.play(BLACK, pt(game, "c2"))
    assert removed == [pt(game, "c3")]
    assert diagram(game) == dedent_diagram("""
        . . . . .
        . . X . .
        . X . X .
        . . X . .
        . . . . .
    """)
    assert game.captured == {BLACK: 0, WHITE: 1}


def test_one_move_captures_two_strings_on_the_edge() -> None:
    game = game_from_diagram("""
        X O . O X
        . X . X .
        . . . . .
        . . . . .
        . . . . .
    """)
    removed = game.play(BLACK, pt(game, "c5"))
    assert sorted(removed) == sorted([pt(game, "b5"), pt(game, "d5")])
    assert game.captured[WHITE] == 2
    assert diagram(game) == dedent_diagram("""
        X . X . X
        . X . X .
        . . . . .
        . . . . .
        . . . . .
    """)


def test_capturing_a_large_string_in_the_corner() -> None:
    game = game_from_diagram("""
        O O O X .
        O O X . .
        O . X . .
        X X . . .
        . . . . .
    """)
    removed = game.play(BLACK, pt(game, "b3"))
    assert len(removed) == 6
    assert game.captured[WHITE] == 6
    assert game.board.count(WHITE) == 0


def test_a_move_without_liberties_that_captures_is_not_suicide() -> None:
    game = game_from_diagram("""
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .
    """, "chinese")
    assert game.play(BLACK, pt(game, "c4")) == [pt(game, "b4")]


# -- suicide (自尽) ------------------------------------------------------------------------------

SINGLE_SUICIDE = """
    . O . . .
    O . . . .
    . . . . .
    . . . . .
    . . . . .
"""

BLOCK_SUICIDE = """
    X O . . .
    . O . . .
    O . . . .
    . . . . .
    . . . . .
"""

BLOCK_SUICIDE_ALLOWED = ("tromp-taylor", "new-zealand", "ing", "jipingdian-natural-a",
                         "jipingdian-natural-b")


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_single_stone_suicide_is_never_legal(name: str) -> None:
    game = game_from_diagram(SINGLE_SUICIDE, name)
    before = diagram(game)
    assert game.illegal_reason(BLACK, pt(game, "a5")) == "suicide"
    with pytest.raises(IllegalPlay, match="suicide"):
        game.play(BLACK, pt(game, "a5"))
    assert diagram(game) == before and not game.moves


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_block_suicide_follows_the_rule_set(name: str) -> None:
    game = game_from_diagram(BLOCK_SUICIDE, name)
    before = diagram(game)
    if name in BLOCK_SUICIDE_ALLOWED:
        removed = game.play(BLACK, pt(game, "a4"))
        assert sorted(removed) == sorted([pt(game, "a4"), pt(game, "a5")])
        assert game.captured == {BLACK: 2, WHITE: 0}
        assert game.board.count(BLACK) == 0 and game.board.count(WHITE) == 3
    else:
        with pytest.raises(IllegalPlay, match="suicide"):
            game.play(BLACK, pt(game, "a4"))
        assert diagram(game) == before and not game.moves


def test_jihuozi_forbids_all_suicide_and_natural_version_allows_block_suicide() -> None:
    assert preset("jihuozi").suicide is False  # 尽敌气提: only enemy stones are removed
    assert preset("jipingdian-natural-a").suicide is True  # 应昌期: block suicide allowed
    assert preset("jipingdian-natural-b").suicide is True


# -- ko (劫) -----------------------------------------------------------------------------------

KO = """
    . X O . .
    X O . O .
    . X O . .
    . . . . .
    . . . . .
"""

SIMPLE_KO_PRESETS = [n for n in ALL_PRESETS if preset(n).ko == "SIMPLE"]
SUPERKO_PRESETS = [n for n in ALL_PRESETS if preset(n).ko != "SIMPLE"]


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_immediate_ko_retake_is_refused_under_every_ko_rule(name: str) -> None:
    game = game_from_diagram(KO, name)
    play(game, "b c4")
    before = diagram(game)
    assert not game.is_legal(WHITE, pt(game, "b4"))
    with pytest.raises(IllegalPlay):
        play(game, "w b4")
    assert diagram(game) == before and len(game.moves) == 1


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_ko_retake_is_legal_after_a_threat_and_answer_elsewhere(name: str) -> None:
    game = game_from_diagram(KO, name)
    play(game, "b c4", "w e1", "b e2", "w b4")
    assert game.captured == {BLACK: 1, WHITE: 1}
    assert game.board.colour[pt(game, "c4")] == 0


def test_simple_ko_ban_lasts_one_move_only() -> None:
    game = game_from_diagram(KO, "chinese")
    play(game, "b c4")
    assert game.illegal_reason(WHITE, pt(game, "b4")) == "ko"
    play(game, "w e1")
    # Black could fill the ko; the ban on White never applied to Black.
    assert game.is_legal(BLACK, pt(game, "b4"))
    play(game, "b e2")
    assert game.is_legal(WHITE, pt(game, "b4"))


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_ko_retake_after_two_passes(name: str) -> None:
    """B takes, W passes, B passes, W retakes: the board repeats the start.  Simple ko allows
    it; positional and situational superko forbid it; with virtual moves (虚着) the whole
    pattern (全局棋形) has two more virtual stones, so 禁全同 allows it."""
    game = game_from_diagram(KO, name)
    play(game, "b c4", "w pass", "b pass")
    rules = preset(name)
    if rules.ko == "SIMPLE" or rules.virtualMoves:
        play(game, "w b4")
        assert diagram(game) == dedent_diagram(KO)
    else:
        assert game.illegal_reason(WHITE, pt(game, "b4")) == "superko"
        with pytest.raises(IllegalPlay, match="superko"):
            play(game, "w b4")


def test_jihuozi_one_virtual_move_lets_the_ko_be_retaken() -> None:
    game = game_from_diagram(KO, "jihuozi")
    play(game, "b c4", "w pass")  # a virtual move: a white stone kept off the board
    assert game.virtual == {BLACK: 0, WHITE: 1}
    play(game, "w b4")  # consecutive same-colour plays are accepted
    assert diagram(game) == dedent_diagram(KO)
    # The same sequence under Tromp–Taylor: a pass is not part of the position.
    tt = game_from_diagram(KO, "tromp-taylor")
    play(tt, "b c4", "w pass")
    with pytest.raises(IllegalPlay, match="superko"):
        play(tt, "w b4")


def test_sensei_5x5_example_positional_and_situational_superko() -> None:
    """B1, W2 pass, B3 takes a ko, W4 retakes: W4 repeats the position after B1 (PSK) and
    the position after W2's pass with Black to move (SSK)."""
    for name in ("tromp-taylor", "chinese-ogs", "ing", "aga", "new-zealand"):
        game = game_from_diagram(KO, name)
        play(game, "b e1", "w pass", "b c4")
        before = diagram(game)
        with pytest.raises(IllegalPlay):
            play(game, "w b4")
        assert diagram(game) == before, name


def test_jihuozi_refuses_a_retake_that_repeats_board_and_virtual_counts() -> None:
    """In the 5x5 example W2's pass is a virtual move, so the pattern after W4 would equal the
    pattern after W2: same board and same virtual stones (禁全同)."""
    game = game_from_diagram(KO, "jihuozi")
    play(game, "b e1", "w pass", "b c4")
    assert game.illegal_reason(WHITE, pt(game, "b4")) in ("ko", "superko")
    with pytest.raises(IllegalPlay):
        play(game, "w b4")
    # One more virtual move by each side and the pattern is new: the retake is legal.
    play(game, "w pass", "b pass", "w b4")


SEND_TWO_RETURN_ONE = """
    . X X . .
    X O O X .
    . O . X .
    O . . . .
    . . . . .
"""


@pytest.mark.parametrize("name", ["tromp-taylor", "chinese-ogs", "ing", "jihuozi",
                                  "aga", "new-zealand", "chinese", "japanese"])
def test_sending_two_returning_one_separates_positional_from_situational(name: str) -> None:
    """B a3 sends two, W a5 takes them, B a4 returns one: the board is the start position
    again, now with White to move.  Only positional superko forbids B a4."""
    game = game_from_diagram(SEND_TWO_RETURN_ONE, name)
    play(game, "b a3", "w a5")
    assert game.captured[BLACK] == 2
    if preset(name).ko == "POSITIONAL":
        assert game.illegal_reason(BLACK, pt(game, "a4")) == "superko"
    else:
        play(game, "b a4")
        assert diagram(game) == dedent_diagram(SEND_TWO_RETURN_ONE)
        assert game.to_move == WHITE


TRIPLE_KO = """
    . X O . . . X O .
    X O . O . X . X O
    . X O . . . X O .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
"""
TRIPLE_KO_CYCLE = ("b c8", "w g8", "b c2", "w b8", "b h8", "w b2")


@pytest.mark.parametrize("name", SIMPLE_KO_PRESETS)
def test_simple_ko_does_not_stop_a_triple_ko_cycle(name: str) -> None:
    game = game_from_diagram(TRIPLE_KO, name)
    for _ in range(3):
        play(game, *TRIPLE_KO_CYCLE)
        assert diagram(game) == dedent_diagram(TRIPLE_KO)
    assert len(game.moves) == 18


@pytest.mark.parametrize("name", SUPERKO_PRESETS)
def test_superko_and_jinquantong_stop_a_triple_ko_cycle(name: str) -> None:
    game = game_from_diagram(TRIPLE_KO, name)
    play(game, *TRIPLE_KO_CYCLE[:5])
    last = pt(game, TRIPLE_KO_CYCLE[5].split()[1])
    assert game.illegal_reason(WHITE, last) == "superko"
    assert last not in game.legal_points(WHITE)


def test_jihuozi_triple_ko_with_a_virtual_move_inside_the_cycle_is_legal() -> None:
    """A virtual move inside the cycle changes the pattern, so closing it is no repetition."""
    game = game_from_diagram(TRIPLE_KO, "jihuozi")
    play(game, "b c8", "w g8", "b c2", "w b8", "b pass", "w pass", "b h8", "w b2")
    assert diagram(game) == dedent_diagram(TRIPLE_KO)
    assert game.virtual == {BLACK: 1, WHITE: 1}


def test_situational_superko_counts_the_side_to_move() -> None:
    """Under SSK a board repeated with the other side to move is no repetition (see the
    sending-two case); under PSK the side to move is ignored."""
    ssk = game_from_diagram(SEND_TWO_RETURN_ONE, "aga")
    psk = game_from_diagram(SEND_TWO_RETURN_ONE, "tromp-taylor")
    for game in (ssk, psk):
        play(game, "b a3", "w a5")
    assert ssk.is_legal(BLACK, pt(ssk, "a4"))
    assert not psk.is_legal(BLACK, pt(psk, "a4"))


# -- presets (KataGo's table, katago-rules.md §1.1) --------------------------------------------

# names -> (scoring, ko, tax, suicide, hasButton, whiteHandicapBonus, friendlyPassOk, komi)
KATAGO_TABLE: list[tuple[tuple[str, ...], tuple[object, ...]]] = [
    (("japanese", "korean"),
     ("TERRITORY", "SIMPLE", "SEKI", False, False, "0", False, 6.5)),
    (("chinese",), ("AREA", "SIMPLE", "NONE", False, False, "N", True, 7.5)),
    (("chineseogs", "chinese_ogs", "chinese-ogs", "chinesekgs", "chinese_kgs", "chinese-kgs"),
     ("AREA", "POSITIONAL", "NONE", False, False, "N", True, 7.5)),
    (("ancientarea", "ancient-area", "ancient_area", "ancient area", "stonescoring",
      "stone-scoring", "stone_scoring", "stone scoring"),
     ("AREA", "SIMPLE", "ALL", False, False, "0", True, 7.5)),
    (("ancientterritory", "ancient-territory", "ancient_territory", "ancient territory"),
     ("TERRITORY", "SIMPLE", "ALL", False, False, "0", False, 6.5)),
    (("agabutton", "aga-button", "aga_button", "aga button"),
     ("AREA", "SITUATIONAL", "NONE", False, True, "N-1", True, 7.0)),
    (("aga", "bga", "french"), ("AREA", "SITUATIONAL", "NONE", False, False, "N-1", True, 7.5)),
    (("nz", "newzealand", "new zealand", "new-zealand", "new_zealand"),
     ("AREA", "SITUATIONAL", "NONE", True, False, "0", True, 7.0)),
    (("tromp-taylor", "tromp_taylor", "tromp taylor", "tromptaylor"),
     ("AREA", "POSITIONAL", "NONE", True, False, "0", False, 7.5)),
    # KataGo's default komi for goe/ing is 7.5; ours is Ing SST's komi 8 (docs/rules.md).
    (("goe", "ing"), ("AREA", "POSITIONAL", "NONE", True, False, "0", True, 8.0)),
]
KATAGO_NAMES = [(name, row) for names, row in KATAGO_TABLE for name in names]


@pytest.mark.parametrize(("name", "row"), KATAGO_NAMES)
def test_katago_preset_names_map_to_katagos_fields(name: str, row: tuple[object, ...]) -> None:
    for spelling in (name, name.upper(), f"  {name.title()}  "):
        found = lookup_preset(spelling)
        assert found is not None, spelling
        rules, komi = found
        got = (rules.scoring, rules.ko, rules.tax, rules.suicide, rules.hasButton,
               rules.whiteHandicapBonus, rules.friendlyPassOk, komi)
        assert got == row, spelling


def katago_json(row: tuple[object, ...]) -> str:
    """KataGo's kata-get-rules text for one table row (written out, not via json.dumps)."""
    scoring, ko, tax, suicide, button, whb, fpok, _komi = row

    def b(v: object) -> str:
        return "true" if v else "false"

    return (f'{{"friendlyPassOk":{b(fpok)},"hasButton":{b(button)},"ko":"{ko}",'
            f'"scoring":"{scoring}","suicide":{b(suicide)},"tax":"{tax}",'
            f'"whiteHandicapBonus":"{whb}"}}')


KATAGO_KEYS = ("friendlyPassOk", "hasButton", "ko", "scoring", "suicide", "tax",
               "whiteHandicapBonus")
OUR_KEYS = ("aPoint", "balance", "bowl", "counting", "cycles", "ending", "virtualMoves")


def katago_part(text: str) -> str:
    """The KataGo keys of a kata-get-rules answer, in the order they appear, compact."""
    pairs = json.loads(text, object_pairs_hook=list)
    return "{" + ",".join(f"{json.dumps(k)}:{json.dumps(v)}" for k, v in pairs
                          if k in KATAGO_KEYS) + "}"


def test_kata_get_rules_matches_katagos_recorded_outputs() -> None:
    """cpp/tests/results/gtp/rules.txt.stdout: default, japanese, chinese, kgs chinese, kgs nz."""
    expected = [
        '{"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA",'
        '"suicide":true,"tax":"NONE","whiteHandicapBonus":"0"}',
        '{"friendlyPassOk":false,"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY",'
        '"suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"}',
        '{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"AREA",'
        '"suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}',
        '{"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA",'
        '"suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}',
        '{"friendlyPassOk":true,"hasButton":false,"ko":"SITUATIONAL","scoring":"AREA",'
        '"suicide":true,"tax":"NONE","whiteHandicapBonus":"0"}',
    ]
    engine = make_engine()
    got = [katago_part(ok(engine, "kata-get-rules"))]
    for line in ("kata-set-rules japanese", "kata-set-rules chinese", "kgs-rules chinese",
                 "kgs-rules new_zealand"):
        ok(engine, line)
        got.append(katago_part(ok(engine, "kata-get-rules")))
    assert got == expected


@pytest.mark.parametrize(("name", "row"), KATAGO_NAMES)
def test_kata_get_rules_is_katagos_json_plus_our_sorted_keys(name: str,
                                                             row: tuple[object, ...]) -> None:
    engine = make_engine()
    ok(engine, f"kata-set-rules {name}")
    text = ok(engine, "kata-get-rules")
    assert "\n" not in text and ": " not in text and ", " not in text
    keys = [k for k, _ in json.loads(text, object_pairs_hook=list)]
    assert keys == sorted(keys)
    assert set(keys) == set(KATAGO_KEYS) | set(OUR_KEYS)
    assert "komi" not in keys
    assert katago_part(text) == katago_json(row)


@pytest.mark.parametrize(("name", "row"), KATAGO_NAMES)
def test_what_a_katago_is_sent_is_katagos_json_and_no_field_of_ours(
        name: str, row: tuple[object, ...]) -> None:
    found = lookup_preset(name)
    assert found is not None
    rules = found[0]
    assert rules.to_katago_json() == katago_json(row)
    assert has_our_fields(rules.to_json()) and not has_our_fields(rules.to_katago_json())


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_every_preset_round_trips_through_its_json(name: str) -> None:
    rules = preset(name)
    again, komi = parse_rules(rules.to_json())
    assert again == rules and komi is None
    assert rules.preset_name == name


def test_our_presets_carry_the_articles_choices() -> None:
    jihuozi, komi = lookup_preset("计活子")  # type: ignore[misc]
    assert jihuozi.virtualMoves and jihuozi.ko == "POSITIONAL" and not jihuozi.suicide
    assert jihuozi.counting == "jihuozi" and jihuozi.balance == "virtual_refill" and komi == 8.0
    a, komi_a = lookup_preset("jipingdian-natural-a")  # type: ignore[misc]
    b, komi_b = lookup_preset("jipingdian-natural-b")  # type: ignore[misc]
    assert a.aPoint and not b.aPoint and (komi_a, komi_b) == (6.5, 7.5)
    assert a.virtualMoves and b.virtualMoves and a.ending == b.ending == "NATURAL"
    art, komi_art = lookup_preset("jipingdian-art")  # type: ignore[misc]
    assert art.ko == "SIMPLE" and art.cycles == "DRAW" and not art.suicide and komi_art == 6.5
    assert art.counting == "dengzi" and art.balance == "art" and not art.virtualMoves


def test_unknown_preset_names_are_not_found() -> None:
    for name in ("", "chinese2", "japan", "tromp", "{", "ogs"):
        assert lookup_preset(name) is None


# -- JSON and field input ------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("{}", {}),
    ('{"scoring":"TERRITORY"}', {"scoring": "TERRITORY", "tax": "SEKI", "counting": "territory"}),
    ('{"score":"TERRITORY"}', {"scoring": "TERRITORY", "tax": "SEKI", "counting": "territory"}),
    ('{"scoring":"AREA"}', {"scoring": "AREA", "tax": "NONE"}),
    ('{"scoring":"TERRITORY","tax":"ALL"}',
     {"scoring": "TERRITORY", "tax": "ALL", "counting": "territory"}),
    ('{"scoring":"AREA","ko":"SIMPLE","tax":"ALL","suicide":false}',
     {"scoring": "AREA", "ko": "SIMPLE", "tax": "ALL", "suicide": False}),
    ('{"ko":"SITUATIONAL","hasButton":true,"whiteHandicapBonus":"N-1","friendlyPassOk":true}',
     {"ko": "SITUATIONAL", "hasButton": True, "whiteHandicapBonus": "N-1",
      "friendlyPassOk": True}),
    ('{"virtualMoves":true,"counting":"zilu","bowl":24}',
     {"virtualMoves": True, "counting": "zilu", "bowl": 24}),
])
def test_json_rules_start_from_tromp_taylor_with_katagos_tax_default(
        text: str, expected: dict[str, object]) -> None:
    rules, komi = parse_rules(text)
    assert komi is None
    base = Rules().as_dict()
    for key, value in rules.as_dict().items():
        assert value == expected.get(key, base[key]), key


@pytest.mark.parametrize(("text", "message"), [
    ('{"komi":7.5}', "komi"),
    ('{"ko":"SIMPLE","komi":6}', "komi"),
    ('{"foo":1}', "unknown rules option"),
    ('{"ko":"SUPER"}', "ko must be one of"),
    ('{"suicide":"yes"}', "suicide"),
    ('{"suicide":1}', "suicide"),
    ('{"tax":5}', "tax"),
    ('{"bowl":-1}', "bowl"),
    ('{"bowl":1.5}', "bowl"),
    ('{"bowl":1e999}', "bowl"),
    ('{"ko":', "bad JSON"),
    ('{"a":' + "[" * 5000 + "]" * 5000 + "}", "JSON"),
    ('{"bowl":' + "9" * 5000 + "}", "JSON"),
    ("chinese2", "unknown rules"),
    ("", "no rules"),
])
def test_bad_rules_text_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        parse_rules(text)


@pytest.mark.parametrize(("key", "value"), [
    ("ko", "simpl"), ("suicide", "yes"), ("bowl", "²"), ("bowl", "-3"), ("bowl", "x"),
    ("komi", "7"), ("counting", "nonsense"), ("balance", "x"), ("whiteHandicapBonus", "2"),
])
def test_bad_field_values_are_refused(key: str, value: str) -> None:
    with pytest.raises(RulesError):
        with_field(Rules(), key, value)


# -- over GTP: kata-set-rules, kata-set-rule, kgs-rules ------------------------------------------


def test_kata_set_rules_keeps_the_komi_and_answers_empty() -> None:
    engine = make_engine(rules="chinese")
    ok(engine, "komi 3.5")
    assert ok(engine, "kata-set-rules japanese") == ""
    assert ok(engine, "get_komi") == "3.5"
    assert preset("japanese") == engine.game.rules


def test_kata_set_rules_accepts_json_with_spaces() -> None:
    engine = make_engine()
    ok(engine, 'kata-set-rules {"scoring": "TERRITORY", "ko": "SIMPLE"}')
    rules = engine.game.rules
    assert (rules.scoring, rules.tax, rules.ko) == ("TERRITORY", "SEKI", "SIMPLE")


@pytest.mark.parametrize("line", [
    "kata-set-rules",
    "kata-set-rules chinese2",
    'kata-set-rules {"komi":7.5}',
    'kata-set-rules {"foo":true}',
    'kata-set-rules {"ko":"SUPER"}',
    "kata-set-rules {bad json",
    'kata-set-rules {"bowl":' + "9" * 5000 + "}",
    "kata-set-rule",
    "kata-set-rule ko",
    "kata-set-rule ko SIMPLE extra",
    "kata-set-rule ko SUPER",
    "kata-set-rule komi 7",
    "kata-set-rule suicide yes",
    "kata-set-rule nothing true",
    "kata-set-rule bowl ²",
    "kgs-rules",
    "kgs-rules tromp-taylor",
    "kgs-rules chinese japanese",
    "kata-get-rules extra",
])
def test_bad_rules_commands_answer_an_error_and_change_nothing(line: str) -> None:
    engine = make_engine(rules="aga")
    ok(engine, "play b e5")
    before = snapshot(engine)
    message = fail(engine, line)
    assert message and "internal error" not in message
    assert snapshot(engine) == before


def test_unknown_rules_message_names_the_text_like_katago() -> None:
    engine = make_engine()
    assert fail(engine, "kata-set-rules chinese2").startswith("Unknown rules 'chinese2'")


@pytest.mark.parametrize(("key", "value", "field", "expected"), [
    ("ko", "simple", "ko", "SIMPLE"),
    ("ko", "SITUATIONAL", "ko", "SITUATIONAL"),
    ("score", "territory", "scoring", "TERRITORY"),
    ("scoring", "TERRITORY", "scoring", "TERRITORY"),
    ("tax", "ALL", "tax", "ALL"),
    ("suicide", "false", "suicide", False),
    ("hasButton", "true", "hasButton", True),
    ("whiteHandicapBonus", "n-1", "whiteHandicapBonus", "N-1"),
    ("friendlyPassOk", "true", "friendlyPassOk", True),
    ("virtualMoves", "true", "virtualMoves", True),
    ("counting", "ZILU", "counting", "zilu"),
    ("bowl", "24", "bowl", 24),
])
def test_kata_set_rule_changes_one_field(key: str, value: str, field: str,
                                         expected: object) -> None:
    engine = make_engine()
    assert ok(engine, f"kata-set-rule {key} {value}") == ""
    rules = engine.game.rules
    assert getattr(rules, field) == expected
    others = {k: v for k, v in rules.as_dict().items() if k != field}
    assert others == {k: v for k, v in Rules().as_dict().items() if k != field}


@pytest.mark.parametrize(("name", "preset_name"), [
    ("chinese", "chinese-ogs"), ("aga", "aga"), ("new_zealand", "new-zealand"),
    ("japanese", "japanese"), ("CHINESE", "chinese-ogs"),
])
def test_kgs_rules_selects_katagos_mapping(name: str, preset_name: str) -> None:
    engine = make_engine()
    assert ok(engine, f"kgs-rules {name}") == ""
    assert engine.game.rules == preset(preset_name)


def test_rules_change_replays_the_game_and_refuses_when_the_record_breaks_them() -> None:
    engine = make_engine(size=5)
    for move in ("b a5", "w b5", "w b4", "w a3", "b a4"):  # the last is a block suicide
        ok(engine, f"play {move}")
    assert engine.game.captured[BLACK] == 2
    before = snapshot(engine)
    message = fail(engine, "kata-set-rules chinese")
    assert "illegal under these rules" in message and "suicide" in message
    assert snapshot(engine) == before
    ok(engine, "kata-set-rules new-zealand")  # also allows block suicide
    assert engine.game.rules == preset("new-zealand")
    assert engine.game.captured[BLACK] == 2


def test_switching_to_superko_replays_the_history_under_it() -> None:
    engine = make_engine(size=5, rules="chinese")
    for move in ("b b5", "b a4", "b b3", "w c5", "w d4", "w c3", "w b4", "b c4"):
        ok(engine, f"play {move}")
    for move in ("w pass", "b pass"):
        ok(engine, f"play {move}")
    ok(engine, "kata-set-rules tromp-taylor")
    assert fail(engine, "play w b4") == "illegal move"
    ok(engine, "kata-set-rules chinese")
    ok(engine, "play w b4")

"""Sabaki compatibility: the engine driven through @sabaki/gtp, as Sabaki drives it.

tests/node/sabaki_sync.js starts the engine with @sabaki/gtp's Controller, sends
Sabaki's start-up batch and initial commands, syncs a 100-move handicap game
through ControllerStateTracker (set_free_handicap, then play commands, all
written at once), steps back and forward (undo / play), and reads back
showboard and printsgf.  The game comes from sgfmill's board, an independent
implementation of captures, so the engine's board is checked against it.
"""

from __future__ import annotations

import json
import random
import re
import shlex

import pytest
from node_support import ROOT, engine_command, run_node_script
from sgfmill import boards, sgf, sgf_moves

from gtp_weiqi.core.coords import format_vertex
from gtp_weiqi.core.coords import parse_vertex as parse_gtp_vertex

SCRIPT = "sabaki_sync.js"
TIMEOUT = 120
SIZE = 19
HANDICAP = ["D4", "D16", "Q4", "Q16"]
SABAKI_ENTRY = json.loads((ROOT / "configs" / "sabaki-engine.json").read_text(encoding="utf-8"))
# The shipped entry's initial commands, plus a komi as users often add.
INITIAL_COMMANDS = SABAKI_ENTRY["commands"] + ";komi 7.5"


def vertex(row: int, col: int) -> str:
    return format_vertex((row, col))


def parse_vertex(text: str) -> tuple[int, int]:
    return parse_gtp_vertex(text, SIZE, SIZE)


def _position_key(board: boards.Board) -> tuple:
    return tuple(sorted(board.list_occupied_points()))


def random_game(seed: int, n_moves: int, size: int = SIZE,
                handicap: list[str] | None = None) -> tuple[list[list[str]], boards.Board]:
    """A seeded game that every rule set accepts: no suicide, no repeated position.

    Black's handicap stones come first; White moves first after them.  Most moves
    fall in the lower-left 8x8 corner so that stones get captured; one pass per
    side is included, sent as Sabaki sends them (`play B pass`)."""
    rng = random.Random(seed)
    board = boards.Board(size)
    for v in handicap or []:
        board.play(*parse_vertex(v), "b")
    seen = {_position_key(board)}
    moves: list[list[str]] = []
    colour = "w" if handicap else "b"
    pass_at = {n_moves // 3, n_moves // 3 + 1}
    while len(moves) < n_moves:
        if len(moves) in pass_at:
            moves.append([colour.upper(), "pass"])
            colour = "b" if colour == "w" else "w"
            continue
        empties = [(r, c) for r in range(size) for c in range(size) if board.get(r, c) is None]
        rng.shuffle(empties)
        if rng.random() < 0.9:
            empties.sort(key=lambda p: max(p) >= 8)  # corner points first
        for r, c in empties:
            trial = board.copy()
            trial.play(r, c, colour)
            if trial.get(r, c) is None:  # suicide
                continue
            key = _position_key(trial)
            if key in seen:  # would repeat a position (ko and longer cycles)
                continue
            board = trial
            seen.add(key)
            moves.append([colour.upper(), vertex(r, c)])
            break
        else:
            moves.append([colour.upper(), "pass"])
        colour = "b" if colour == "w" else "w"
    return moves, board


def stones_captured(moves: list[list[str]], board: boards.Board,
                    handicap: list[str]) -> int:
    """Stones played (handicap included) that are no longer on the board."""
    played = len(handicap) + sum(v != "pass" for _, v in moves)
    return played - len(board.list_occupied_points())


def board_rows(board: boards.Board) -> list[str]:
    """Rows top first, X black, O white, . empty."""
    sym = {"b": "X", "w": "O", None: "."}
    return ["".join(sym[board.get(r, c)] for c in range(board.side))
            for r in range(board.side - 1, -1, -1)]


def sgf_final_board(text: str) -> boards.Board:
    game = sgf.Sgf_game.from_string(text)
    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, move in plays:
        if move is not None:
            board.play(move[0], move[1], colour)
    return board


def showboard_rows(text: str, size: int) -> list[str]:
    """Read a GNU Go style diagram: lines ` 19 . X O ... 19`, top row first."""
    rows = []
    for number in range(size, 0, -1):
        m = re.search(rf"^\s*{number}\s+((?:[.+XOxo]\s*){{{size}}})", text, re.MULTILINE)
        assert m, f"row {number} not found in showboard:\n{text}"
        cells = re.sub(r"\s+", "", m.group(1)).upper().replace("+", ".")
        rows.append(cells)
    return rows


@pytest.fixture(scope="module")
def synced(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, boards.Board, list]:
    moves, board = random_game(seed=2024, n_moves=100, handicap=HANDICAP)
    path, args = engine_command(SABAKI_ENTRY["path"], shlex.split(SABAKI_ENTRY["args"]))
    game = {"engine": {"path": path, "args": args, "commands": INITIAL_COMMANDS},
            "size": SIZE, "komi": 6.5, "handicap": HANDICAP, "moves": moves, "rewind": 5}
    result = run_node_script(SCRIPT, game, tmp_path_factory.mktemp("sabaki") / "game.json",
                             TIMEOUT)
    return result, board, moves


def _failures(result: dict) -> list[dict]:
    return [e for e in result["transcript"] if e.get("error")]


def test_sync_of_handicap_game_succeeds_without_engine_errors(synced) -> None:
    result, _, _ = synced
    assert result["ok"], result["errors"]
    assert _failures(result) == [], _failures(result)


def test_sync_sends_set_free_handicap_then_plays(synced) -> None:
    result, _, moves = synced
    sent = [e["command"] for e in result["transcript"]]
    first_play = next(i for i, c in enumerate(sent) if c.startswith("play "))
    assert sent[first_play - 1] == "set_free_handicap " + " ".join(sorted(HANDICAP))
    assert sent.count("undo") == 5
    assert f"play {moves[0][0]} {moves[0][1]}" in sent
    assert any(c.endswith(" pass") for c in sent)


def test_generated_game_has_captures_and_passes(synced) -> None:
    _, board, moves = synced
    assert len(moves) == 100
    assert stones_captured(moves, board, HANDICAP) >= 10
    assert sum(v == "pass" for _, v in moves) >= 2


def test_engine_board_matches_the_game_after_sync(synced) -> None:
    result, board, _ = synced
    assert not result["showboard"]["error"]
    assert showboard_rows(result["showboard"]["content"], SIZE) == board_rows(board)


def test_printsgf_replays_to_the_same_board(synced) -> None:
    result, board, _ = synced
    assert not result["printsgf"]["error"]
    assert board_rows(sgf_final_board(result["printsgf"]["content"])) == board_rows(board)


def test_rewind_by_undo_leaves_the_earlier_position(synced) -> None:
    result, _, moves = synced
    earlier = board_rows(sgf_final_board(result["after_rewind"]["content"]))
    ref = boards.Board(SIZE)
    for v in HANDICAP:
        ref.play(*parse_vertex(v), "b")
    for colour, v in moves[:-5]:
        if v != "pass":
            ref.play(*parse_vertex(v), colour.lower())
    assert earlier == board_rows(ref)


def test_shipped_sabaki_entry_has_the_fields_sabaki_reads() -> None:
    assert set(SABAKI_ENTRY) == {"name", "path", "args", "commands"}
    assert SABAKI_ENTRY["path"] == "gtp-weiqi"
    assert all(isinstance(v, str) for v in SABAKI_ENTRY.values())
    assert "kata-set-rules jihuozi" in SABAKI_ENTRY["commands"].split(";")


def test_start_up_batch_and_initial_commands_succeed(synced) -> None:
    result, _, _ = synced
    assert result["protocol_version"] == {"error": False, "content": "2"}
    assert result["name"]["content"] and not result["name"]["error"]
    assert not result["version"]["error"]
    assert [c for c in result["commands"] if c != c.strip() or not c] == []
    assert {"set_free_handicap", "undo", "kata-set-rules"} <= set(result["commands"])
    assert result["initial"] == [
        {"command": "kata-set-rules jihuozi", "error": False, "content": ""},
        {"command": "komi 7.5", "error": False, "content": ""},
    ]


def test_komi_from_sync_overrides_initial_komi_and_rules_stay_jihuozi(synced) -> None:
    result, _, _ = synced
    assert float(result["get_komi"]["content"]) == 6.5
    rules = json.loads(result["rules"]["content"])
    assert rules.get("counting") == "jihuozi" or "jihuozi" in result["rules"]["content"]


def test_engine_quits_promptly_when_sabaki_stops_it(synced) -> None:
    result, _, _ = synced
    assert result["transcript"][-1]["command"] == "quit"
    assert not result["transcript"][-1].get("error")

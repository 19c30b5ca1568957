"""What a match leaves on disk, every file written atomically (a temporary file in the same
directory, then `os.replace`), so an interrupted match never leaves half a record:

  match.json          the match's settings (a resumed match must repeat them)
  game-0000.sgf       each game: RU, KM, RE, the engines, the moves, and in the root
                      comment how the game ended and its count under every method
  game-0000.json      each game's record; its presence means the game is finished
  match.dat           gogui-twogtp's results table (`# Key: value` header, then
                      #GAME RES_B RES_W RES_R ALT DUP LEN TIME_B TIME_W CPU_B CPU_W ERR ERR_MSG,
                      and OPENING, the opening's file, when the match has openings)
  summary.json        wins, confidence interval, scores, lengths, times (stats.py)
  report.txt          the plain-text report (stats.py)
  gtplogs/            with --gtp-log: game-0000-B-<label>.log and game-0000-W-<label>.log,
                      each engine's GTP transcript of the game (commands as `> line`,
                      answers as the engine wrote them, its stderr as `# stderr: line`),
                      written before the game's record

Every file gets the mode a plain `open(path, "w")` would under the user's umask, so group
and others can read the records when the umask lets them (core.files.atomic_write).
"""

from __future__ import annotations

import datetime
import json
import re
import socket
from pathlib import Path
from typing import Any

from sgfmill import sgf

from ... import __version__
from ...core.board import BLACK, COLOUR_LETTER, WHITE
from ...core.coords import format_vertex
from ...core.files import atomic_write
from .config import ENGINES, MatchConfig, engine_labels
from .referee import Referee, inverse_result, parse_result

DAT_COLUMNS = ("GAME", "RES_B", "RES_W", "RES_R", "ALT", "DUP", "LEN", "TIME_B", "TIME_W",
               "CPU_B", "CPU_W", "ERR", "ERR_MSG")
OPENING_COLUMN = "OPENING"  # after gogui-twogtp's columns, whose readers find them by name
GTP_LOGS = "gtplogs"
_UPPER = {BLACK: "B", WHITE: "W"}


def write_json(path: Path, data: Any) -> None:
    atomic_write(path, (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))


def game_stem(index: int) -> str:
    return f"game-{index:04d}"


def remove_stale_temporaries(out: Path) -> None:
    """Temporary files left by a write that was interrupted (or killed) half way."""
    for path in [*out.glob(".*.tmp"), *(out / GTP_LOGS).glob(".*.tmp")]:
        try:
            path.unlink()
        except OSError:
            pass


# -- one game -----------------------------------------------------------------------------


def _rules_name(referee: Referee) -> str:
    rules = referee.engine.game.rules
    return rules.preset_name or rules.to_json()


def game_record(referee: Referee) -> dict[str, Any]:
    """The JSON record of one finished game."""
    spec = referee.spec
    players = referee.players
    winner, margin = parse_result(referee.result)
    engine_result = inverse_result(referee.result) if spec.swapped else referee.result
    res = {c: referee.final_scores[c] for c in (BLACK, WHITE)}
    by_engine = {players[c].engine: res[c] for c in (BLACK, WHITE)}
    dat_res = {key: (inverse_result(by_engine[engine]) if spec.swapped else by_engine[engine])
               for key, engine in (("B", ENGINES[0]), ("W", ENGINES[1]))}
    dat_res["R"] = engine_result
    forfeit = referee.forfeit
    labels = labels_of(referee)
    err_msg = ""
    if forfeit is not None:
        who = f"{labels[players[forfeit.colour].engine]} ({_UPPER[forfeit.colour]})"
        if forfeit.kind == "time":
            err_msg = f"{who} loses on time: {forfeit.message}"
        else:
            err_msg = f"{who} forfeits, {forfeit.kind}: {forfeit.message}"
    elif referee.result == "?" or referee.end == "error":
        err_msg = "; ".join(referee.notes)
    times = {p.engine: {"moves": len(p.move_times), "total": round(sum(p.move_times), 4),
                        "max": round(max(p.move_times, default=0.0), 4)}
             for p in players.values()}
    return {
        "game": spec.index,
        "alternate": spec.swapped,
        "colours": {"B": players[BLACK].engine, "W": players[WHITE].engine},
        "labels": labels,
        "names": {p.engine: p.name for p in players.values()},
        "versions": {p.engine: p.version for p in players.values()},
        "result": referee.result,
        "result_by_engine": engine_result,
        "winner_colour": _UPPER[winner] if winner is not None else None,
        "winner": players[winner].engine if winner is not None else None,
        "margin": margin,
        "end": referee.end,
        "forfeit": None if forfeit is None else {
            "colour": _UPPER[forfeit.colour], "engine": players[forfeit.colour].engine,
            "kind": forfeit.kind, "message": forfeit.message},
        "moves": len(referee.record_moves),
        "stop_at": referee.stop_at,
        "counted_at": referee.count_at,
        "dead": [format_vertex(referee.engine.game.board.row_col(p)) for p in referee.dead],
        "judged_dead": [format_vertex(referee.engine.game.board.row_col(p))
                        for p in referee.judged_dead],
        "notes": referee.notes,
        "res": dat_res,
        "time": times,
        "cpu": {p.engine: None if p.cpu is None else round(p.cpu, 3) for p in players.values()},
        "err": 1 if err_msg else 0,
        "err_msg": err_msg,
        "methods": referee.method_results(),
        "duration": round(referee.duration, 3),
        "sgf": game_stem(spec.index) + ".sgf",
        "opening": None if referee.opening is None else referee.opening.name,
        "opening_moves": referee.opening_moves,
        "time_control": None if spec.config.time is None else spec.config.time.spec,
        "clock": {p.engine: {"used": round(p.clock.used, 3), "left": p.clock.show()}
                  for p in players.values() if p.clock is not None},
    }


def labels_of(referee: Referee) -> dict[str, str]:
    """The engines' labels in this game (the given ones, else name and version)."""
    return referee.labels()


def _fmt(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def root_comment(referee: Referee, record: dict[str, Any]) -> str:
    spec = referee.spec
    config = spec.config
    players = referee.players
    lines = [f"gtp-weiqi match, game {spec.index}"]
    for colour in (BLACK, WHITE):
        p = players[colour]
        who = labels_of(referee)[p.engine]
        lines.append(f"{'Black' if colour == BLACK else 'White'}: {who} "
                     f"[{p.engine}: {p.command}]")
    lines.append(f"Rules: {_rules_name(referee)}; komi {_fmt(config.effective_komi)}")
    if config.time is not None:
        lines.append(f"Time: {config.time.describe()} per side (--time {config.time.spec})")
    if referee.opening is not None:
        lines.append(f"Opening: {referee.opening.name} ({referee.opening_moves} moves, from "
                     f"{config.openings_dir or 'the openings'})")
    end = {"agreed": "agreed end (dead stones agreed by both engines and the referee)",
           "passes": "two passes: counted as it stands (Tromp–Taylor)",
           "cleanup": "counted at the stop, dead stones as the cleanup captured them",
           "forced": "forced end: four virtual moves under one board pattern (四虚终局), "
                     "every stone alive",
           "natural_end": "natural end: neither side has a route left (自然终局), every stone "
                          "alive",
           "draw": "long cycle: a draw", "no_result": "long cycle: no result",
           "limit": "move limit reached: counted as it stands",
           "resign": "resignation", "forfeit": "forfeit",
           "time": "loss on time"}.get(referee.end, referee.end)
    lines.append(f"Result: {referee.result}; {end}")
    own = next((m for m in record["methods"] if m["method"] == referee.game.rules.counting),
               None)
    if own is not None and own.get("judgement"):
        lines.append(f"The result is the count of {own['method']} (the rules' own method), "
                     f"{own['judgement']}")
    if record["forfeit"]:
        f = record["forfeit"]
        side = "Black" if f["colour"] == "B" else "White"
        who = record["labels"].get(f["engine"], f["engine"])
        if f["kind"] == "time":
            lines.append(f"Loss on time: {who} as {side}: {f['message']}")
        else:
            lines.append(f"Forfeit: {who} as {side}, {f['kind']}: {f['message']}")
    if referee.stop_at is not None:
        lines.append(f"Stop after move {referee.stop_at}; counted position: move "
                     f"{referee.count_at}")
    for note in referee.notes:
        lines.append(f"Note: {note}")
    if record["dead"]:
        lines.append("Dead stones: " + " ".join(record["dead"]))
    elif record["judged_dead"]:
        lines.append("Dead stones to the judgement, removed only in the counts marked "
                     "[dead stones removed] (the result counts every stone alive): "
                     + " ".join(record["judged_dead"]))
    if record["methods"]:
        lines.append("Counting under every method (weiqi-score all):")
        for m in record["methods"]:
            unit = f" {m['unit']}" if m.get("unit") else ""
            judged = f" [{m['judgement']}]" if m.get("judgement") else ""
            lines.append(f"  {m['method']} {m['name']}: B {_fmt(m['black'])}, "
                         f"W {_fmt(m['white'])}{unit} -> {m['result']}{judged}")
    lines.append(f"final_score answers: Black {referee.final_scores[BLACK]}, "
                 f"White {referee.final_scores[WHITE]}, referee {referee.result}")
    return "\n".join(lines)


def game_sgf(referee: Referee, record: dict[str, Any]) -> bytes:
    """The SGF of one game: every move played (cleanup included), comments where the game
    stopped and ended, DD (dead stones) on the counted position."""
    game = referee.engine.game
    config = referee.spec.config
    out = sgf.Sgf_game(config.size)
    root = out.get_root()
    root.set("KM", float(config.effective_komi))
    root.set("RU", _rules_name(referee))
    root.set("RE", referee.result)
    root.set("AP", ("gtp_weiqi", __version__))
    root.set("DT", datetime.date.today().isoformat())
    root.set("GN", f"game {referee.spec.index}")
    for colour, prop in ((BLACK, "PB"), (WHITE, "PW")):
        p = referee.players[colour]
        root.set(prop, labels_of(referee)[p.engine])
    if config.time is not None:
        root.set("TM", float(config.time.main))
        overtime = config.time.sgf_overtime()
        if overtime is not None:
            root.set("OT", overtime)
    root.set("C", root_comment(referee, record))
    node = root
    board = game.board
    count_at = referee.count_at
    for number, (colour, point) in enumerate(referee.record_moves, start=1):
        node = node.new_child()
        if point is None:
            node.set_raw(_UPPER[colour], b"")
        else:
            node.set_move(COLOUR_LETTER[colour], board.row_col(point))
        if number in referee.move_clocks:
            left, stones = referee.move_clocks[number]
            node.set("BL" if colour == BLACK else "WL", left)
            if stones is not None:
                node.set("OB" if colour == BLACK else "OW", stones)
        if number in referee.comments:
            node.set("C", "\n".join(referee.comments[number]))
        if number == count_at and referee.dead:
            node.set("DD", {board.row_col(p) for p in referee.dead})
    if 0 in referee.comments:
        root.set("C", root.get("C") + "\n" + "\n".join(referee.comments[0]))
    return out.serialise()


def _file_label(label: str) -> str:
    """A label as part of a file name: letters, digits, `.`, `-`; anything else `_`."""
    return re.sub(r"[^A-Za-z0-9.-]+", "_", label).strip("_.") or "engine"


def gtp_log_name(index: int, colour: str, label: str) -> str:
    """`game-0003-B-GNU_Go_3.8_1.log`: the game, the colour, the engine's label."""
    return f"{game_stem(index)}-{colour}-{_file_label(label)}.log"


def gtp_logs(referee: Referee, record: dict[str, Any]) -> dict[str, bytes]:
    """Each engine's GTP transcript of the game, by file name (none without --gtp-log)."""
    logs = {}
    for colour, player in referee.players.items():
        if player.log is None:
            continue
        label = record["labels"][player.engine]
        head = (f"# gtp-weiqi match, game {referee.spec.index}: {label} as "
                f"{'Black' if colour == BLACK else 'White'} [{player.engine}: "
                f"{player.command}]\n").encode("utf-8", "replace")
        logs[gtp_log_name(referee.spec.index, _UPPER[colour], label)] = head + player.log.data()
    return logs


def game_files(referee: Referee) -> tuple[dict[str, Any], bytes, dict[str, bytes]]:
    """A finished game's JSON record, SGF and GTP logs, as plain data (a cluster worker
    sends them back to be written by the match's own process)."""
    record = game_record(referee)
    return record, game_sgf(referee, record), gtp_logs(referee, record)


def write_files(out: Path, record: dict[str, Any], sgf_data: bytes,
                logs: dict[str, bytes] | None = None) -> dict[str, Any]:
    """Write a game's GTP logs and SGF, then its JSON record (whose presence marks it
    done)."""
    stem = game_stem(record["game"])
    if logs:
        folder = out / GTP_LOGS
        folder.mkdir(exist_ok=True)
        for name, data in logs.items():
            atomic_write(folder / name, data)
    atomic_write(out / f"{stem}.sgf", sgf_data)
    write_json(out / f"{stem}.json", record)
    return record


def write_game(out: Path, referee: Referee) -> dict[str, Any]:
    """Write a finished game's SGF and JSON record."""
    return write_files(out, *game_files(referee))


def load_records(out: Path, games: int) -> dict[int, dict[str, Any]]:
    """The finished games of the match in `out` (numbers below `games`)."""
    done: dict[int, dict[str, Any]] = {}
    for path in sorted(out.glob("game-*.json")):
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        index = record.get("game")
        if isinstance(index, int) and 0 <= index < games and path.stem == game_stem(index):
            done[index] = record
    return done


# -- the results table --------------------------------------------------------------------


def _cell(value: Any) -> str:
    text = _fmt(value)
    return " ".join(text.replace("\t", " ").split())


def dat_text(config: MatchConfig, engines: dict[str, dict[str, str]],
             records: list[dict[str, Any]]) -> str:
    """gogui-twogtp's `.dat`: sorted `# Key: value` lines, `#`, the title row, one row per
    game (tab-separated; no tabs or newlines inside values)."""
    labels = engine_labels(config, {e: (engines.get(e, {}).get("name", ""),
                                        engines.get(e, {}).get("version", ""))
                                    for e in ENGINES})
    openings = "-"
    if config.openings:
        openings = f"{config.openings_dir or '-'} ({len(config.openings)} files)"
    header = {
        "Black": engines.get(ENGINES[0], {}).get("name", ""),
        "BlackCommand": config.black,
        "BlackLabel": labels[ENGINES[0]],
        "BlackVersion": engines.get(ENGINES[0], {}).get("version", ""),
        "White": engines.get(ENGINES[1], {}).get("name", ""),
        "WhiteCommand": config.white,
        "WhiteLabel": labels[ENGINES[1]],
        "WhiteVersion": engines.get(ENGINES[1], {}).get("version", ""),
        "Referee": "gtp-weiqi",
        "RefereeCommand": f"gtp-weiqi --size {config.size} --rules {config.rules}",
        "RefereeVersion": __version__,
        "Rules": config.rules,
        "Size": str(config.size),
        "Komi": _fmt(config.effective_komi),
        "Openings": openings,
        "Date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S"),
        "Host": socket.gethostname(),
        "Xml": "0",
    }
    if config.time is not None:
        header["Time"] = config.time.spec
    columns = DAT_COLUMNS + ((OPENING_COLUMN,) if config.openings else ())
    lines = [f"# {key}: {_cell(value)}" for key, value in sorted(header.items())]
    lines.append("#")
    lines.append("#" + "\t".join(columns))
    for r in sorted(records, key=lambda rec: rec["game"]):
        time_b = r["time"].get(ENGINES[0], {}).get("total", 0)
        time_w = r["time"].get(ENGINES[1], {}).get("total", 0)
        cpu_b = r["cpu"].get(ENGINES[0]) or 0
        cpu_w = r["cpu"].get(ENGINES[1]) or 0
        row = [r["game"], r["res"]["B"], r["res"]["W"], r["res"]["R"],
               1 if r["alternate"] else 0, "-", r["moves"], f"{time_b:.1f}", f"{time_w:.1f}",
               f"{cpu_b:.1f}", f"{cpu_w:.1f}", r["err"], r["err_msg"]]
        if config.openings:
            row.append(r.get("opening") or "-")
        lines.append("\t".join(_cell(v) for v in row))
    return "\n".join(lines) + "\n"

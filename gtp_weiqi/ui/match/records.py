"""What a match leaves on disk, every file written atomically (a temporary file in the same
directory, then `os.replace`), so an interrupted match never leaves half a record:

  match.json          the match's settings (a resumed match must repeat them)
  game-0000.sgf       each game: RU, KM, RE, the engines, the moves, and in the root
                      comment how the game ended and its count under every method
  game-0000.json      each game's record; its presence means the game is finished
  match.dat           gogui-twogtp's results table (`# Key: value` header, then
                      #GAME RES_B RES_W RES_R ALT DUP LEN TIME_B TIME_W CPU_B CPU_W ERR ERR_MSG,
                      and OPENING, the opening's file, when the match has openings; DUP is
                      the number of the earlier game a game repeats, else `-`: stats.py)
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
import hashlib
import json
import re
import socket
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sgfmill import sgf

from ... import __version__
from ...base.colours import BLACK, COLOUR_LETTER, COLOUR_NAME, WHITE
from ...core.coords import format_vertex
from ...core.files import atomic_write
from .config import ENGINES, MatchConfig, engine_labels
from .outcome import EndReason, Outcome, Point, inverse_result, parse_result
from .stats import duplicates

DAT_COLUMNS = ("GAME", "RES_B", "RES_W", "RES_R", "ALT", "DUP", "LEN", "TIME_B", "TIME_W",
               "CPU_B", "CPU_W", "ERR", "ERR_MSG")
OPENING_COLUMN = "OPENING"  # after gogui-twogtp's columns, whose readers find them by name
GTP_LOGS = "gtplogs"


def _upper(colour: int) -> str:
    return COLOUR_LETTER[colour].upper()


def write_json(path: Path, data: Any) -> None:
    atomic_write(path, (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))


def sequence_key(moves: Iterable[tuple[int | str, Point | None]]) -> str:
    """A short digest of a game's moves in order (`b C3 w pass ...`): two games with the
    same key played the same moves."""
    text = " ".join(f"{c if isinstance(c, str) else COLOUR_LETTER[c]} {format_vertex(p)}"
                    for c, p in moves)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:20]


def _sgf_sequence(path: Path) -> str | None:
    """The move key of a game's SGF (records written before the key was kept)."""
    try:
        game = sgf.Sgf_game.from_bytes(path.read_bytes())
        moves = [node.get_move() for node in game.get_main_sequence()[1:]]
    except (OSError, ValueError):
        return None
    return sequence_key([(c, p) for c, p in moves if c is not None])


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


def game_record(outcome: Outcome) -> dict[str, Any]:
    """The JSON record of one finished game."""
    spec = outcome.spec
    players = outcome.sides
    winner, margin = parse_result(outcome.result)
    engine_result = inverse_result(outcome.result) if spec.swapped else outcome.result
    res = {c: outcome.final_scores[c] for c in (BLACK, WHITE)}
    by_engine = {players[c].engine: res[c] for c in (BLACK, WHITE)}
    dat_res = {key: (inverse_result(by_engine[engine]) if spec.swapped else by_engine[engine])
               for key, engine in (("B", ENGINES[0]), ("W", ENGINES[1]))}
    dat_res["R"] = engine_result
    forfeit = outcome.forfeit
    labels = dict(outcome.labels)
    err_msg = ""
    if forfeit is not None:
        who = f"{labels[players[forfeit.colour].engine]} ({_upper(forfeit.colour)})"
        if forfeit.kind == "time":
            err_msg = f"{who} loses on time: {forfeit.message}"
        else:
            err_msg = f"{who} forfeits, {forfeit.kind}: {forfeit.message}"
    elif outcome.result == "?" or outcome.end is EndReason.ERROR:
        err_msg = "; ".join(outcome.notes)
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
        "result": outcome.result,
        "result_by_engine": engine_result,
        "winner_colour": _upper(winner) if winner is not None else None,
        "winner": players[winner].engine if winner is not None else None,
        "margin": margin,
        "end": outcome.end.value,
        "forfeit": None if forfeit is None else {
            "colour": _upper(forfeit.colour), "engine": players[forfeit.colour].engine,
            "kind": forfeit.kind, "message": forfeit.message},
        "moves": len(outcome.moves),
        "sequence": sequence_key(outcome.moves),
        "stop_at": outcome.stop_at,
        "counted_at": outcome.count_at,
        "dead": [format_vertex(p) for p in outcome.dead],
        "judged_dead": [format_vertex(p) for p in outcome.judged_dead],
        "notes": list(outcome.notes),
        "res": dat_res,
        "time": times,
        "cpu": {p.engine: None if p.cpu is None else round(p.cpu, 3) for p in players.values()},
        "err": 1 if err_msg else 0,
        "err_msg": err_msg,
        "methods": list(outcome.methods),
        "duration": round(outcome.duration, 3),
        "sgf": game_stem(spec.index) + ".sgf",
        "opening": outcome.opening,
        "opening_moves": outcome.opening_moves,
        "time_control": None if spec.config.time is None else spec.config.time.spec,
        "clock": {p.engine: {"used": round(p.clock_used, 3), "left": p.clock_left}
                  for p in players.values() if p.clock_used is not None},
    }


def _fmt(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def root_comment(outcome: Outcome, record: dict[str, Any]) -> str:
    """The SGF root's comment: the players, rules, time, opening, how the game ended, the
    notes, the dead stones and the count under every method."""
    spec = outcome.spec
    config = spec.config
    players = outcome.sides
    lines = [f"gtp-weiqi match, game {spec.index}"]
    for colour in (BLACK, WHITE):
        p = players[colour]
        who = outcome.labels[p.engine]
        lines.append(f"{COLOUR_NAME[colour].capitalize()}: {who} "
                     f"[{p.engine}: {p.command}]")
    lines.append(f"Rules: {outcome.rules_name}; komi {_fmt(config.effective_komi)}")
    if config.time is not None:
        lines.append(f"Time: {config.time.describe()} per side (--time {config.time.spec})")
    if outcome.opening is not None:
        lines.append(f"Opening: {outcome.opening} ({outcome.opening_moves} moves, from "
                     f"{config.openings_dir or 'the openings'})")
    lines.append(f"Result: {outcome.result}; {outcome.end.words}")
    own = next((m for m in record["methods"] if m["method"] == outcome.counting),
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
    if outcome.stop_at is not None:
        lines.append(f"Stop after move {outcome.stop_at}; counted position: move "
                     f"{outcome.count_at}")
    for note in outcome.notes:
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
    lines.append(f"final_score answers: Black {outcome.final_scores[BLACK]}, "
                 f"White {outcome.final_scores[WHITE]}, referee {outcome.result}")
    return "\n".join(lines)


def game_sgf(outcome: Outcome, record: dict[str, Any]) -> bytes:
    """The SGF of one game: every move played (cleanup included), comments where the game
    stopped and ended, DD (dead stones) on the counted position."""
    config = outcome.spec.config
    out = sgf.Sgf_game(config.size)
    root = out.get_root()
    root.set("KM", float(config.effective_komi))
    root.set("RU", outcome.rules_name)
    root.set("RE", outcome.result)
    root.set("AP", ("gtp_weiqi", __version__))
    root.set("DT", datetime.date.today().isoformat())
    root.set("GN", f"game {outcome.spec.index}")
    for colour, prop in ((BLACK, "PB"), (WHITE, "PW")):
        root.set(prop, outcome.labels[outcome.sides[colour].engine])
    if config.time is not None:
        root.set("TM", float(config.time.main))
        overtime = config.time.sgf_overtime()
        if overtime is not None:
            root.set("OT", overtime)
    root.set("C", root_comment(outcome, record))
    node = root
    count_at = outcome.count_at
    for number, (colour, point) in enumerate(outcome.moves, start=1):
        node = node.new_child()
        if point is None:
            node.set_raw(_upper(colour), b"")
        else:
            node.set_move(COLOUR_LETTER[colour], point)
        if number in outcome.move_clocks:
            left, stones = outcome.move_clocks[number]
            node.set("BL" if colour == BLACK else "WL", left)
            if stones is not None:
                node.set("OB" if colour == BLACK else "OW", stones)
        if number in outcome.comments:
            node.set("C", "\n".join(outcome.comments[number]))
        if number == count_at and outcome.dead:
            node.set("DD", set(outcome.dead))
    if 0 in outcome.comments:
        root.set("C", root.get("C") + "\n" + "\n".join(outcome.comments[0]))
    return out.serialise()


def _file_label(label: str) -> str:
    """A label as part of a file name: letters, digits, `.`, `-`; anything else `_`."""
    return re.sub(r"[^A-Za-z0-9.-]+", "_", label).strip("_.") or "engine"


def gtp_log_name(index: int, colour: str, label: str) -> str:
    """`game-0003-B-GNU_Go_3.8_1.log`: the game, the colour, the engine's label."""
    return f"{game_stem(index)}-{colour}-{_file_label(label)}.log"


def gtp_logs(outcome: Outcome, record: dict[str, Any]) -> dict[str, bytes]:
    """Each engine's GTP transcript of the game, by file name (none without --gtp-log)."""
    logs = {}
    for colour, player in outcome.sides.items():
        if player.log is None:
            continue
        label = record["labels"][player.engine]
        head = (f"# gtp-weiqi match, game {outcome.spec.index}: {label} as "
                f"{COLOUR_NAME[colour].capitalize()} [{player.engine}: "
                f"{player.command}]\n").encode("utf-8", "replace")
        logs[gtp_log_name(outcome.spec.index, _upper(colour), label)] = head + player.log
    return logs


def game_files(outcome: Outcome) -> tuple[dict[str, Any], bytes, dict[str, bytes]]:
    """A finished game's JSON record, SGF and GTP logs, as plain data (a cluster worker
    sends them back to be written by the match's own process)."""
    record = game_record(outcome)
    return record, game_sgf(outcome, record), gtp_logs(outcome, record)


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


def write_game(out: Path, outcome: Outcome) -> dict[str, Any]:
    """Write a finished game's SGF and JSON record."""
    return write_files(out, *game_files(outcome))


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
            if "sequence" not in record:
                record["sequence"] = _sgf_sequence(path.with_suffix(".sgf"))
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
    copies = duplicates(records)
    for r in sorted(records, key=lambda rec: rec["game"]):
        time_b = r["time"].get(ENGINES[0], {}).get("total", 0)
        time_w = r["time"].get(ENGINES[1], {}).get("total", 0)
        cpu_b = r["cpu"].get(ENGINES[0]) or 0
        cpu_w = r["cpu"].get(ENGINES[1]) or 0
        row = [r["game"], r["res"]["B"], r["res"]["W"], r["res"]["R"],
               1 if r["alternate"] else 0, copies.get(r["game"], "-"), r["moves"],
               f"{time_b:.1f}", f"{time_w:.1f}", f"{cpu_b:.1f}", f"{cpu_w:.1f}", r["err"],
               r["err_msg"]]
        if config.openings:
            row.append(r.get("opening") or "-")
        lines.append("\t".join(_cell(v) for v in row))
    return "\n".join(lines) + "\n"

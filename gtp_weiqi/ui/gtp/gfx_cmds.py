"""GTP commands that show the count on the board in GoGui, and GoGui's menu entries for them.

Added to a WeiqiEngine by `register_gfx_commands` (after the scoring commands):

  weiqi-gfx [slug] [key=value ...]   GoGui gfx picture of what a counting method built:
                                     blocks (棋块), basic eyes (基本眼位), routes (路), public
                                     points (公气), dead stones, territory, the filled or
                                     refilled board, and TEXT lines with the count in Chinese
                                     and / or English (--lang); without a slug, the active
                                     rules' method
  weiqi-ownership                    dboard: the ownership estimate, +1 Black ... -1 White,
                                     explicit marks applied
  weiqi-param [key value]            GoGui param dialog: rules preset, counting method, komi,
                                     balancing (做棋) and bowl size; `weiqi-param key value`
                                     changes one

gogui-analyze_commands then also lists these, a `string` entry per method for its
final_score_<slug>, and the dead-stone editor (`eplist/Dead stones/weiqi-dead_stones set`).
"""

from __future__ import annotations

from collections.abc import Container

from ...base import COUNTING_SLUGS
from ...core.board import BLACK, EMPTY
from ...core.rules import BALANCES, preset_names
from ...counting import METHODS, method_slug, parse_params
from ...judgement.marks import scoring_input
from ...pictures import FirstMoveNote, build_picture, to_gfx
from .engine import WeiqiEngine, format_number
from .protocol import GtpError, check_arity
from .scoring_cmds import scoring_of

FAMILY_ZH = {"jihuozi": "计活子", "jipingdian": "计枰点", "standard": "标准"}
SHORT_ZH = {
    "jihuozi": "默认", "zilu": "子路", "tianman_huozi": "填满", "tinglu": "停路比子",
    "shulu": "数路", "huanqitou": "还棋头", "jipingdian": "默认", "zikong": "子空",
    "tianman_pingdian": "填满计点", "dengkong": "等空比子", "dengzi": "等子比空",
    "area": "数子", "territory": "数目", "aga": "AGA", "ing": "应氏", "tromp_taylor": "TT",
    "stone": "数活子",
}
PARAM_KEYS = ("rules", "counting", "komi", "balance", "bowl")


def analyze_entries(known: Container[str]) -> list[str]:
    """This module's gogui-analyze_commands entries, for the commands the engine knows."""
    entries = [
        "param/Rules and Counting (规则与计法)/weiqi-param",
        "dboard/Ownership (归属)/weiqi-ownership",
        "eplist/Dead stones/weiqi-dead_stones set",
        "gfx/Count (current rules)/weiqi-gfx",
    ]
    for slug, info in METHODS.items():
        entries.append(f"gfx/{FAMILY_ZH[info.family]} {SHORT_ZH[slug]} {slug}/weiqi-gfx {slug}")
    entries.append("string/Final Score/final_score")
    for slug, info in METHODS.items():
        entries.append(f"string/Final Score {FAMILY_ZH[info.family]} {SHORT_ZH[slug]} {slug}"
                       f"/final_score_{slug}")
    return [e for e in entries if e.split("/")[2].split()[0] in known]


def _dboard_value(v: float) -> str:
    text = f"{max(-1.0, min(1.0, v)):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class GfxCommands:
    """weiqi-gfx, weiqi-ownership and weiqi-param for one engine."""

    def __init__(self, engine: WeiqiEngine) -> None:
        self.engine = engine
        self.scoring = scoring_of(engine)

    # -- weiqi-gfx ----------------------------------------------------------------------

    def cmd_gfx(self, args: list[str]) -> str:
        game = self.engine.game
        slug = game.rules.counting
        rest = args
        if args and "=" not in args[0]:
            rest = args[1:]
            try:
                slug = method_slug(args[0])
            except ValueError as exc:
                raise GtpError(str(exc)) from None
        try:
            given = parse_params(rest)
        except ValueError as exc:
            raise GtpError(str(exc)) from None
        verdict = self.scoring.verdict(slug)
        result = self.scoring.count(slug, verdict, given)
        rc = game.board.row_col
        unclear = [rc(s[0]) for s in verdict.unclear]

        def vertex(p: int) -> str:
            return self.engine.format_points([p])

        # why they are unclear, as the score command's pictures say it
        first_move = [FirstMoveNote(rc(string[0]), first.describe_zh(vertex),
                                    first.describe(vertex))
                      for string, first in verdict.first_move.items()]
        picture = build_picture(result, scoring_input(game).stones, unclear, first_move)
        return to_gfx(picture, self.engine.lang)

    # -- weiqi-ownership ----------------------------------------------------------------

    def cmd_ownership(self, args: list[str]) -> str:
        check_arity(args, 0)
        game = self.engine.game
        board = game.board
        report = self.scoring.judge.report(game)
        value = dict(report.ownership)
        status, owner = game.effective_marks()
        for p, st in status.items():
            sign = 1.0 if board.colour[p] == BLACK else -1.0
            value[p] = -sign if st == "dead" else sign
        for p, o in owner.items():
            value[p] = {"b": 1.0, "w": -1.0}.get(o, 0.0)
        if game.forced_end:
            for p in board.points:
                c = board.colour[p]
                if c != EMPTY:
                    value[p] = 1.0 if c == BLACK else -1.0
        rows = []
        for r in range(game.height - 1, -1, -1):
            rows.append(" ".join(_dboard_value(value.get(board.point(r, c), 0.0))
                                 for c in range(game.width)))
        return "\n".join(rows)

    # -- weiqi-param --------------------------------------------------------------------

    def _param_lines(self) -> list[str]:
        game = self.engine.game
        rules = game.rules
        presets = list(preset_names())
        current = rules.preset_name or "custom"
        if current == "custom":
            presets.append("custom")
        balances = ["default"] + [b for b in BALANCES if b]
        return [
            f"[list/{'/'.join(presets)}] rules {current}",
            f"[list/{'/'.join(COUNTING_SLUGS)}] counting {rules.counting}",
            f"[string] komi {format_number(game.komi)}",
            f"[list/{'/'.join(balances)}] balance {rules.balance or 'default'}",
            f"[string] bowl {rules.bowl}",
        ]

    def _run(self, name: str, args: list[str]) -> None:
        """Change state through the engine's own command, so every layer's hooks run."""
        self.engine.run_command(name, args)

    def cmd_param(self, args: list[str]) -> str:
        if not args:
            return "\n".join(self._param_lines())
        if len(args) != 2:
            raise GtpError("syntax error: weiqi-param [key value]; keys: "
                           + ", ".join(PARAM_KEYS))
        key, value = args[0].lower(), args[1]
        if key == "rules":
            if value.lower() == "custom":
                return ""
            self._run("kata-set-rules", [value])
        elif key == "counting":
            if value.lower() not in COUNTING_SLUGS:
                from ...core.names import did_you_mean

                raise GtpError(f"unknown counting method {value!r}"
                               f"{did_you_mean(value, COUNTING_SLUGS)}; `weiqi-methods` "
                               "lists them all")
            self._run("kata-set-rule", ["counting", value.lower()])
        elif key == "komi":
            self._run("komi", [value])
        elif key == "balance":
            v = value.lower().replace("-", "_")
            v = "" if v == "default" else v
            if v not in BALANCES:
                raise GtpError("balance must be one of default, "
                               + ", ".join(b for b in BALANCES if b))
            self._run("kata-set-rule", ["balance", v])
        elif key == "bowl":
            self._run("kata-set-rule", ["bowl", value])
        else:
            raise GtpError(f"unknown parameter {args[0]!r}; known: " + ", ".join(PARAM_KEYS))
        return ""

    # -- registration -------------------------------------------------------------------

    def register(self) -> None:
        engine = self.engine
        r = engine.register
        r("weiqi-gfx", self.cmd_gfx)
        r("weiqi-ownership", self.cmd_ownership)
        r("weiqi-param", self.cmd_param)
        engine.analyze_hooks.append(self.analyze_entries)

    def analyze_entries(self, entries: list[str]) -> list[str]:
        """This module's gogui-analyze_commands entries whose label and command the entries
        so far do not have already."""
        labels = {e.split("/")[1] for e in entries if e.count("/") >= 2}
        commands = {e.split("/", 2)[2] for e in entries if e.count("/") >= 2}
        added = []
        for entry in analyze_entries(self.engine.commands):
            _, label, command = entry.split("/", 2)
            if label not in labels and command not in commands:
                added.append(entry)
                labels.add(label)
        return added


def register_gfx_commands(engine: WeiqiEngine) -> GfxCommands:
    """Add weiqi-gfx, weiqi-ownership and weiqi-param and their GoGui menu entries."""
    gfx = GfxCommands(engine)
    gfx.register()
    return gfx


__all__ = ["GfxCommands", "analyze_entries", "register_gfx_commands"]

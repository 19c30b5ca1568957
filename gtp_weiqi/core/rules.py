"""Rules as data: a frozen record with KataGo's fields plus our own, and named presets
(docs/rules.md).

KataGo's fields keep KataGo's spellings (ko, scoring, tax, suicide, hasButton,
whiteHandicapBonus, friendlyPassOk) so that `kata-get-rules` / `kata-set-rules`
speak the same JSON.  Our fields describe the 计活子 / 计枰点 rules: virtual moves
(虚着) instead of passes, how the game ends, the A variant's extra point, what a
long cycle gives, and the default counting method.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, fields, replace
from typing import Any

from ..base import COUNTING_SLUGS

KO_RULES = ("SIMPLE", "POSITIONAL", "SITUATIONAL")
SCORING_RULES = ("AREA", "TERRITORY")
TAX_RULES = ("NONE", "SEKI", "ALL")
HANDICAP_BONUS = ("0", "N", "N-1")
ENDINGS = ("PASSES", "NATURAL", "ART")
CYCLES = ("FORBID", "NO_RESULT", "DRAW")
BALANCES = ("", "free", "virtual_refill", "pass_stones", "negative_b", "negative_a",
            "even_stop", "art")
KATAGO_FIELDS = ("ko", "scoring", "tax", "suicide", "hasButton", "whiteHandicapBonus",
                 "friendlyPassOk")


class RulesError(ValueError):
    """A rules text, JSON or field value that cannot be accepted."""


# Komi is a multiple of 0.5 of at most this magnitude: more than the 625 points of the
# largest board (25x25), so no komi that can decide a game is refused.  KataGo's bounds are
# narrower (±400: its boards stop at 19x19); in proxy mode its refusal of a larger komi is
# the back end's answer.
KOMI_LIMIT = 1000


def check_komi(value: float) -> float:
    """`value` as a komi, or RulesError saying why not: finite, at most KOMI_LIMIT in
    magnitude and a whole or half point, so every count stays exact and printable."""
    if math.isnan(value):
        raise RulesError("komi must be a number, not nan")
    if abs(value) > KOMI_LIMIT:
        raise RulesError(f"komi must be between -{KOMI_LIMIT} and {KOMI_LIMIT}, not {value:g}")
    if not (2 * value).is_integer():
        raise RulesError(f"komi must be a whole or half point, not {value!r}")
    return float(value) + 0.0  # -0.0 -> 0.0


def komi_argument(text: str) -> float:
    """An argparse type for --komi options."""
    import argparse

    try:
        return check_komi(float(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc) if isinstance(exc, RulesError)
                                         else f"{text!r} is not a number") from None


@dataclass(frozen=True)
class Rules:
    """One rule set.  Every field is plain data; presets are instances of this class.

    ko -- SIMPLE, POSITIONAL or SITUATIONAL.  With virtualMoves, POSITIONAL is
          禁全同: the whole-board pattern includes the virtual stones (《计枰点围棋规则自然版》
          第四条; docs/rules.md).
    suicide -- whether multi-stone suicide is legal (single-stone suicide never is).
    virtualMoves -- a pass is a virtual move (虚着): a stone kept off the board.
    ending -- PASSES (two passes end the game), NATURAL (计活子 / 计枰点自然版:
              agreed stop or four virtual moves under one pattern), ART (two passes
              pause; disputes are settled by test play).
    aPoint -- the natural version A: Black pays one more point when White proposed
              the stop first.
    cycles -- what a long cycle gives when the ko rule lets one happen.
    counting -- the counting method that `final_score` uses.
    balance -- the balancing procedure for shulu / dengzi ("" = the method's default).
    bowl -- bowl size for the tianman methods (0 = the method's default).
    """

    ko: str = "POSITIONAL"
    scoring: str = "AREA"
    tax: str = "NONE"
    suicide: bool = True
    hasButton: bool = False
    whiteHandicapBonus: str = "0"
    friendlyPassOk: bool = False
    virtualMoves: bool = False
    ending: str = "PASSES"
    aPoint: bool = False
    cycles: str = "FORBID"
    counting: str = "tromp_taylor"
    balance: str = ""
    bowl: int = 0

    def __post_init__(self) -> None:
        _check_choice("ko", self.ko, KO_RULES)
        _check_choice("scoring", self.scoring, SCORING_RULES)
        _check_choice("tax", self.tax, TAX_RULES)
        _check_choice("whiteHandicapBonus", self.whiteHandicapBonus, HANDICAP_BONUS)
        _check_choice("ending", self.ending, ENDINGS)
        _check_choice("cycles", self.cycles, CYCLES)
        _check_choice("counting", self.counting, COUNTING_SLUGS)
        for name in ("suicide", "hasButton", "friendlyPassOk", "virtualMoves", "aPoint"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be true or false")
        if not isinstance(self.bowl, int) or isinstance(self.bowl, bool) or self.bowl < 0:
            raise RulesError("bowl must be a non-negative integer")
        _check_choice("balance", self.balance, BALANCES)

    def to_json(self) -> str:
        """KataGo's JSON (keys sorted, no komi) plus our extra keys."""
        return json.dumps(self.as_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def to_katago_json(self) -> str:
        """KataGo's JSON of the fields KataGo has (virtual moves, endings and counting
        methods are ours alone), for `kata-set-rules` to a KataGo."""
        data = self.as_dict()
        return json.dumps({k: data[k] for k in KATAGO_FIELDS}, sort_keys=True,
                          separators=(",", ":"))

    def as_dict(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def preset_name(self) -> str | None:
        """The canonical preset these rules equal, if any."""
        for name in CANONICAL_PRESETS:
            if PRESETS[name][0] == self:
                return name
        return None


def has_our_fields(kata_get_rules: str) -> bool:
    """Whether an engine's `kata-get-rules` answer carries our own fields: the engine is
    another gtp_weiqi, and `kata-set-rules` may give it our whole rules (`to_json`) rather
    than KataGo's fields only (`to_katago_json`)."""
    return '"virtualMoves"' in kata_get_rules


def _check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise RulesError(f"{name} must be one of {', '.join(choices)}, not {value!r}")


_TT = Rules()

# name -> (rules, default komi).  Canonical names first; aliases below.
PRESETS: dict[str, tuple[Rules, float]] = {
    "tromp-taylor": (_TT, 7.5),
    "chinese": (Rules(ko="SIMPLE", suicide=False, whiteHandicapBonus="N", friendlyPassOk=True,
                      counting="area"), 7.5),
    "chinese-ogs": (Rules(ko="POSITIONAL", suicide=False, whiteHandicapBonus="N",
                          friendlyPassOk=True, counting="area"), 7.5),
    "japanese": (Rules(ko="SIMPLE", scoring="TERRITORY", tax="SEKI", suicide=False,
                       counting="territory", cycles="NO_RESULT"), 6.5),
    "stone-scoring": (Rules(ko="SIMPLE", tax="ALL", suicide=False, friendlyPassOk=True,
                            counting="stone"), 7.5),
    "ancient-territory": (Rules(ko="SIMPLE", scoring="TERRITORY", tax="ALL", suicide=False,
                                counting="territory", cycles="NO_RESULT"), 6.5),
    "aga-button": (Rules(ko="SITUATIONAL", suicide=False, hasButton=True,
                         whiteHandicapBonus="N-1", friendlyPassOk=True, counting="aga"), 7.0),
    "aga": (Rules(ko="SITUATIONAL", suicide=False, whiteHandicapBonus="N-1",
                  friendlyPassOk=True, counting="aga"), 7.5),
    "new-zealand": (Rules(ko="SITUATIONAL", suicide=True, friendlyPassOk=True,
                          counting="area"), 7.0),
    "ing": (Rules(ko="POSITIONAL", suicide=True, friendlyPassOk=True, counting="ing"), 8.0),
    "jihuozi": (Rules(ko="POSITIONAL", tax="ALL", suicide=False, friendlyPassOk=True,
                      virtualMoves=True, ending="NATURAL", counting="jihuozi",
                      balance="virtual_refill"), 8.0),
    "jipingdian-natural-a": (Rules(ko="POSITIONAL", suicide=True, friendlyPassOk=True,
                                   virtualMoves=True, ending="NATURAL", aPoint=True,
                                   counting="jipingdian"), 6.5),
    "jipingdian-natural-b": (Rules(ko="POSITIONAL", suicide=True, friendlyPassOk=True,
                                   virtualMoves=True, ending="NATURAL",
                                   counting="jipingdian"), 7.5),
    "jipingdian-art": (Rules(ko="SIMPLE", suicide=False, friendlyPassOk=True, ending="ART",
                             cycles="DRAW", counting="dengzi", balance="art"), 6.5),
}
CANONICAL_PRESETS = tuple(PRESETS)

# The one default preset of every front end (the engine, `match`, `score` for a record with
# no RU, the Python API): Chinese area counting.  Why (docs/rules.md, "The default preset"):
# the area rules most games are played under, the dead stones counted dead, so a game two
# people end by passing counts right (Tromp-Taylor counts every stone left on the board
# alive), and the same result as Tromp-Taylor for a game played out.
DEFAULT_PRESET = "chinese"

_ALIASES = {
    "tromptaylor": "tromp-taylor",
    "chinese-kgs": "chinese-ogs",
    "chineseogs": "chinese-ogs", "chinesekgs": "chinese-ogs",
    "korean": "japanese",
    "stonescoring": "stone-scoring", "ancient-area": "stone-scoring",
    "ancientarea": "stone-scoring",
    "ancientterritory": "ancient-territory",
    "agabutton": "aga-button",
    "bga": "aga", "french": "aga",
    "nz": "new-zealand", "newzealand": "new-zealand",
    "goe": "ing",
    "jipingdian": "jipingdian-natural-b",
    "jipingdian-natural": "jipingdian-natural-b",
    "jipingdian-a": "jipingdian-natural-a", "jipingdian-b": "jipingdian-natural-b",
    "计活子": "jihuozi", "计枰点": "jipingdian-natural-b",
}


def _normalise_name(name: str) -> str:
    key = name.strip().lower()
    for sep in ("_", " "):
        key = key.replace(sep, "-")
    return key


def lookup_preset(name: str) -> tuple[Rules, float] | None:
    """Find a preset by any of its names (KataGo's spellings, case-insensitive)."""
    key = _normalise_name(name)
    key = _ALIASES.get(key, _ALIASES.get(key.replace("-", ""), key))
    return PRESETS.get(key)


def preset_names() -> list[str]:
    return list(CANONICAL_PRESETS)


_BOOL_KEYS = ("suicide", "hasButton", "friendlyPassOk", "virtualMoves", "aPoint")
_UPPER_KEYS = ("ko", "scoring", "tax", "whiteHandicapBonus", "ending", "cycles")
_KEY_ALIASES = {"score": "scoring"}


def with_field(rules: Rules, key: str, value: object) -> Rules:
    """Return `rules` with one field changed; `value` may be a GTP token (text)."""
    key = _KEY_ALIASES.get(key, key)
    names = {f.name for f in fields(Rules)}
    if key not in names:
        raise RulesError(f"unknown rules option {key!r}")
    if isinstance(value, str):
        if key in _BOOL_KEYS:
            low = value.lower()
            if low not in ("true", "false"):
                raise RulesError(f"{key} must be true or false")
            value = low == "true"
        elif key in _UPPER_KEYS:
            value = value.upper()
        elif key == "bowl":
            if not (value.isascii() and value.isdigit()):
                raise RulesError("bowl must be a non-negative integer")
            value = int(value)
        elif key in ("counting", "balance"):
            value = value.lower()
    if key == "whiteHandicapBonus" and isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    change: dict[str, Any] = {key: value}  # Rules.__post_init__ checks the value
    return replace(rules, **change)


def parse_rules(text: str) -> tuple[Rules, float | None]:
    """Parse a preset name or a JSON object (KataGo's keys plus ours).

    Returns the rules and the preset's default komi (None for JSON).  JSON starts
    from the Tromp–Taylor values, as KataGo does; a `komi` key is refused.
    """
    text = text.strip()
    if not text:
        raise RulesError("no rules given")
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RulesError(f"bad JSON: {exc.msg}") from None
        except (ValueError, RecursionError):  # a number too long to convert, deep nesting
            raise RulesError("bad JSON: value too large or too deeply nested") from None
        if not isinstance(data, dict):
            raise RulesError("rules JSON must be an object")
        if "komi" in data:
            raise RulesError("komi is not part of the rules; use the komi command")
        rules = _TT
        data = {_KEY_ALIASES.get(k, k): v for k, v in data.items()}
        if "scoring" in data and "tax" not in data:
            scoring = str(data["scoring"]).upper()
            data["tax"] = "SEKI" if scoring == "TERRITORY" else "NONE"
        if "scoring" in data and "counting" not in data:
            data["counting"] = "territory" if str(data["scoring"]).upper() == "TERRITORY" \
                else rules.counting
        for key, value in data.items():
            if key in _BOOL_KEYS and not isinstance(value, bool):
                raise RulesError(f"{key} must be a JSON boolean")
            rules = with_field(rules, key, value)
        return rules, None
    found = lookup_preset(text)
    if found is None:
        raise RulesError(unknown_preset_message(text))
    return found


def unknown_preset_message(text: str) -> str:
    """The refusal of an unknown preset: the closest few names (every name and alias is in
    `gtp-weiqi --help`)."""
    from .names import FULL_LIST_HINT, did_you_mean

    spelled: dict[str, str] = {}  # one spelling of each name: not also its dashless twin
    for name in (*preset_names(), *_ALIASES):
        spelled.setdefault(name.replace("-", ""), name)
    hint = did_you_mean(_normalise_name(text), spelled.values())
    return f"unknown rules {text!r}{hint}; {FULL_LIST_HINT} (the presets and aliases)"

"""How each kind of back end is told our rules, closest first.

Another gtp_weiqi (its `kata-get-rules` carries our fields) gets our whole rules; KataGo
gets its own fields of ours through `kata-set-rules`, then the same without
`friendlyPassOk`, then weaker group taxes for networks that cannot play under tax ALL; an
engine with `kgs-rules` gets the nearest of its four rule sets; any other plays by its own
rules (komi is still sent, and every move is checked under ours).
"""

from __future__ import annotations

import json
from collections.abc import Set

from ....core.rules import Rules


def _weaker_taxes(tax: str) -> list[str]:
    """The group tax, then the closer of the weaker ones first (ALL -> SEKI -> NONE)."""
    order = ["ALL", "SEKI", "NONE"]
    return order[order.index(tax):]


def katago_candidates(rules: Rules) -> list[str]:
    """What `kata-set-rules` gets, closest first: KataGo's fields of our rules; the same
    without `friendlyPassOk` (older KataGo versions lack the key); then weaker group taxes,
    for networks that cannot play under tax ALL."""
    data = json.loads(rules.to_katago_json())
    texts: list[str] = []
    for tax in _weaker_taxes(str(data["tax"])):
        for drop in (False, True):
            fields = dict(data, tax=tax)
            if drop:
                fields.pop("friendlyPassOk")
            text = json.dumps(fields, sort_keys=True, separators=(",", ":"))
            if text not in texts:
                texts.append(text)
    return texts


def kgs_candidates(rules: Rules) -> list[str]:
    """What `kgs-rules` gets (its four rule sets), closest first."""
    if rules.scoring == "TERRITORY":
        return ["japanese"]
    if rules.hasButton or rules.whiteHandicapBonus == "N-1":
        return ["aga", "chinese"]
    if rules.ko == "SITUATIONAL" and rules.suicide:
        return ["new_zealand", "chinese"]
    return ["chinese"]


def rules_commands(rules: Rules, listed: Set[str], full_rules: bool
                   ) -> list[tuple[str, str]]:
    """The commands that tell a back end listing `listed` our rules, closest first:
    `full_rules` (another gtp_weiqi) the whole rules, `kata-set-rules` KataGo's fields, the
    nearest of `kgs-rules`' four sets, or nothing."""
    if full_rules:
        return [("kata-set-rules", rules.to_json())]
    if "kata-set-rules" in listed:
        return [("kata-set-rules", text) for text in katago_candidates(rules)]
    if "kgs-rules" in listed:
        return [("kgs-rules", name) for name in kgs_candidates(rules)]
    return []

"""Leela Zero's analysis served from KataGo's: `lz-analyze` and `lz-genmove_analyze` run
the back end's `kata-analyze` / `kata-genmove_analyze` with the same arguments, and each
report is written in Leela Zero 0.17's format, the one Lizzie 0.7.4 reads for an engine whose
name is not KataGo's:

    info move Q16 visits 80 winrate 4405 prior 1828 lcb 4379 scoreMean 1.5 order 0 pv Q16 D4

win rate, prior and lower confidence bound in hundredths of a percent (0..10000, the side
analysed's), `scoreMean` the lead of lead.py (our count's under a method KataGo cannot
score, else KataGo's `scoreLead`), the candidates one after another on one line.  KataGo's
other figures (utility, scoreStdev, ownership ...) are left out: Leela Zero has none.
"""

from __future__ import annotations

# lz- command served -> the back end's kata- command it runs
FROM_KATA = {"lz-analyze": "kata-analyze", "lz-genmove_analyze": "kata-genmove_analyze"}
# words after `pv` that end the variation in KataGo's lines
_AFTER_PV = frozenset({"pvVisits", "pvEdgeVisits", "movesOwnership", "movesOwnershipStdev",
                       "ownership", "ownershipStdev", "rootInfo", "info"})


def _ten_thousandths(text: str | None) -> str:
    """0.4405 -> '4405', kept within 0..10000 (KataGo's lcb can leave [0, 1])."""
    try:
        value = float(text) if text is not None else 0.0
    except ValueError:
        value = 0.0
    return str(min(10000, max(0, round(value * 10000))))


def to_leela(line: str) -> str:
    """A kata-analyze `info` line in Leela Zero's format (see above)."""
    tokens = line.split()
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if tokens[i] != "info" or i + 2 >= len(tokens) or tokens[i + 1] != "move":
            i += 1
            continue
        fields: dict[str, str] = {"move": tokens[i + 2]}
        i += 3
        pv: list[str] = []
        while i < len(tokens) and tokens[i] != "info":
            key = tokens[i]
            if key == "pv":
                i += 1
                while i < len(tokens) and tokens[i] not in _AFTER_PV:
                    pv.append(tokens[i])
                    i += 1
                continue
            if key in _AFTER_PV:  # a section of floats: skip to the next keyword we know
                i += 1
                while i < len(tokens) and tokens[i] not in _AFTER_PV:
                    i += 1
                continue
            if i + 1 < len(tokens):
                fields[key] = tokens[i + 1]
            i += 2
        lead = fields.get("scoreLead", fields.get("scoreMean"))
        part = [f"info move {fields['move']}", f"visits {fields.get('visits', '0')}",
                f"winrate {_ten_thousandths(fields.get('winrate'))}",
                f"prior {_ten_thousandths(fields.get('prior'))}",
                f"lcb {_ten_thousandths(fields.get('lcb'))}"]
        if lead is not None:
            part.append(f"scoreMean {lead}")
        part.append(f"order {fields.get('order', '0')}")
        part.append("pv " + " ".join(pv or [fields["move"]]))
        out.append(" ".join(part))
    return " ".join(out)


__all__ = ["FROM_KATA", "to_leela"]

"""Two outside references, implemented to their own definitions.

- `katago_stone_score`: KataGo's stone scoring (``stone-scoring`` preset: area scoring with
  tax ALL).  Area is Benson's pass-alive analysis plus empty regions bordered by one colour;
  every area region that touches a dame point or holds an owner's string in atari is seki
  (its empty points score nothing, its stones still count); every other 4-connected region
  of one colour's area is an independent-life region and pays 2.  Described from KataGo's
  documentation (docs/rules.html) and the behaviour of its
  ``Board::calculateIndependentLifeArea``; written here from that description.
- `tromp_taylor_score`: stones plus empty points that reach one colour only, nothing removed.
"""

from __future__ import annotations

from typing import Any

from .analysis import EMPTY, B, W, find_empty_regions, find_strings


def _area_for(pla: int, col: list[int], nbrs: tuple[tuple[int, ...], ...], sid_of: list[int],
              strings: list[list[int]], result: list[int]) -> None:
    """Benson pass-alive stones and territory for `pla`, then big territories (KataGo's
    calculateAreaForPla with safeBig and unsafeBig on, multi-stone suicide illegal)."""
    n = len(col)
    opp = W if pla == B else B
    region_of = [-1] * n
    regions: list[list[int]] = []
    vital: list[set[int]] = []
    internal: list[int] = []
    contains_opp: list[bool] = []
    at_least_one = any(c == pla for c in col)
    for p in range(n):
        if region_of[p] >= 0 or col[p] != EMPTY:
            continue
        rid = len(regions)
        members = [p]
        region_of[p] = rid
        v = {sid_of[q] for q in nbrs[p] if col[q] == pla}
        inner = 0
        has_opp = False
        i = 0
        while i < len(members):
            x = members[i]
            adj_pla = {sid_of[q] for q in nbrs[x] if col[q] == pla}
            if col[x] == EMPTY:
                v &= adj_pla
            if not adj_pla and inner < 2:
                inner += 1
            if col[x] == opp:
                has_opp = True
            for q in nbrs[x]:
                if (col[q] == EMPTY or col[q] == opp) and region_of[q] < 0:
                    region_of[q] = rid
                    members.append(q)
            i += 1
        regions.append(members)
        vital.append(v)
        internal.append(inner)
        contains_opp.append(has_opp)
    chains = [sid for sid, s in enumerate(strings) if col[s[0]] == pla]
    killed: set[int] = set()
    borders_dead = [False] * len(regions)
    while True:
        count = dict.fromkeys(chains, 0)
        for rid, v in enumerate(vital):
            if borders_dead[rid]:
                continue
            for sid in v:
                count[sid] += 1
        killed_any = False
        for sid in chains:
            if sid in killed or count[sid] >= 2:
                continue
            killed.add(sid)
            killed_any = True
            for p in strings[sid]:
                for q in nbrs[p]:
                    # (an opponent string without liberties is in no region)
                    if (col[q] == EMPTY or col[q] == opp) and region_of[q] >= 0:
                        borders_dead[region_of[q]] = True
        if not killed_any:
            break
    for sid in chains:
        if sid not in killed:
            for p in strings[sid]:
                result[p] = pla
    for rid, members in enumerate(regions):
        mark = (internal[rid] <= 1 and at_least_one and not borders_dead[rid]) or (
            at_least_one and not contains_opp[rid] and not borders_dead[rid])
        if mark:
            for p in members:
                result[p] = pla
        elif at_least_one and not contains_opp[rid]:
            for p in members:
                if result[p] == EMPTY:
                    result[p] = pla


def katago_stone_score(col: list[int], nbrs: tuple[tuple[int, ...], ...]) -> dict[str, Any]:
    """Stone scoring (AREA + TAX_ALL) of a board given as a flat colour list.

    Returns per colour: 'score' (area points of its independent regions plus its stones
    outside them, minus 2 per region), 'regions' (lists of points), 'seki' (area points
    treated as seki), 'area' (the basic area).
    """
    n = len(col)
    sid_of, strings = find_strings(col, nbrs)
    basic = [EMPTY] * n
    _area_for(B, col, nbrs, sid_of, strings, basic)
    _area_for(W, col, nbrs, sid_of, strings, basic)
    for p in range(n):
        if basic[p] == EMPTY:
            basic[p] = col[p]
    libs = []
    for s in strings:
        libs.append(len({q for p in s for q in nbrs[p] if col[q] == EMPTY}))
    seki = [False] * n
    for p in range(n):
        if basic[p] == EMPTY or seki[p]:
            continue
        atari = col[p] == basic[p] and libs[sid_of[p]] == 1
        dame = any(col[q] == EMPTY and basic[q] == EMPTY for q in nbrs[p])
        if not (atari or dame):
            continue
        pla = basic[p]
        seki[p] = True
        stack = [p]
        while stack:
            x = stack.pop()
            for q in nbrs[x]:
                if basic[q] == pla and not seki[q]:
                    seki[q] = True
                    stack.append(q)
    result = [EMPTY] * n
    regions: dict[int, list[list[int]]] = {B: [], W: []}
    for p in range(n):
        if basic[p] == EMPTY or seki[p] or result[p] == basic[p]:
            continue
        pla = basic[p]
        members = [p]
        result[p] = pla
        i = 0
        while i < len(members):
            for q in nbrs[members[i]]:
                if basic[q] == pla and not seki[q] and result[q] != pla:
                    result[q] = pla
                    members.append(q)
            i += 1
        regions[pla].append(sorted(members))
    for p in range(n):
        if basic[p] != EMPTY and basic[p] == col[p]:
            result[p] = basic[p]
    out: dict[str, Any] = {}
    for code, name in ((B, "b"), (W, "w")):
        pts = sum(1 for x in result if x == code)
        out[name] = {
            "score": pts - 2 * len(regions[code]),
            "counted_points": pts,
            "regions": regions[code],
            "seki": sorted(p for p in range(n) if seki[p] and basic[p] == code),
            "area": sorted(p for p in range(n) if basic[p] == code),
        }
    return out


def tromp_taylor_score(col: list[int], nbrs: tuple[tuple[int, ...], ...]) -> dict[str, Any]:
    """Tromp–Taylor: every stone counts; an empty point counts for a colour when it reaches
    that colour and not the other."""
    owned: dict[int, list[int]] = {B: [], W: []}
    neutral: list[int] = []
    _region_of, regions, reaches = find_empty_regions(col, nbrs)
    for members, reach in zip(regions, reaches, strict=True):
        if reach in (B, W):
            owned[reach].extend(members)
        else:
            neutral.extend(members)
    out: dict[str, Any] = {"neutral": sorted(neutral)}
    for code, name in ((B, "b"), (W, "w")):
        stones = sum(1 for x in col if x == code)
        out[name] = {"score": stones + len(owned[code]), "stones": stones,
                     "empty": sorted(owned[code])}
    return out

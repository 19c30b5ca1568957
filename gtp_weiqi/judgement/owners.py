"""The last pass of the judgement: who owns each empty point once the dead stones are off
(空, 公气, and the one-sided points of a seki)."""

from __future__ import annotations

from ..core.board import BLACK, EMPTY, WHITE
from .regions import Neighbours, border_colours, empty_regions
from .report import OWNER_NAME
from .seki import SekiInfo


def point_owners(col: list[int], points: tuple[int, ...], nbrs: Neighbours,
                 seki: SekiInfo) -> dict[int, str]:
    """Owner of each empty point of a position whose dead stones are removed.

    A region bordered by one colour is that colour's (空, seki eyes included); a region
    touching both is public (单官, 公气) except the one-sided points of a seki.
    """
    owner: dict[int, str] = {}
    for reg in empty_regions(col, points, nbrs)[0]:
        border = border_colours(col, nbrs, reg)
        if border in (BLACK, WHITE):
            name = OWNER_NAME[border]
            for p in reg:
                owner[p] = name
            continue
        for p in reg:
            c = seki.one_sided.get(p) or seki.own_liberties.get(p) or EMPTY
            owner[p] = OWNER_NAME[c]
    return owner

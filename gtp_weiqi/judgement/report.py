"""What the judgement says: a status per string (alive 活, dead 死, seki 双活) and an owner per
empty point, in one `StatusReport`."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.board import BLACK, EMPTY, WHITE

ALIVE, DEAD, SEKI = "alive", "dead", "seki"
OWNER_NAME = {BLACK: "b", WHITE: "w", EMPTY: "public"}
OWNER_COLOUR = {"b": BLACK, "w": WHITE, "public": EMPTY}


@dataclass
class StatusReport:
    """The judgement of a finished position.

    status -- every stone point -> 'alive' | 'dead' | 'seki'
    owner -- every empty point once the dead stones are removed -> 'b' | 'w' | 'public'
    unclear -- the strings (their stone points) the judgement could not decide; they stay on
        the board, so their points read 'alive' in `status` and count for `owner`
    ownership -- every on-board point: +1 surely Black ... -1 surely White
    """

    status: dict[int, str]
    owner: dict[int, str]
    unclear: list[tuple[int, ...]]
    ownership: dict[int, float]

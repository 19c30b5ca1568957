"""The words of a judgement: a stone string's status (死活) and a point's owner (归属)."""

from __future__ import annotations

from .colours import BLACK, COLOUR_LETTER, WHITE

ALIVE, DEAD, SEKI = "alive", "dead", "seki"  # 活, 死, 双活
STONE_STATUSES = (ALIVE, DEAD, SEKI)
PUBLIC = "public"  # a point neither side owns (公气)
OWNER_WORDS = (COLOUR_LETTER[BLACK], COLOUR_LETTER[WHITE], PUBLIC)

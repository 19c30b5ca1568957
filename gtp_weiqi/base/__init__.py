"""The facts every layer shares, one table of each (docs/layers.md: layer 0, below the core):
the colours and their words (`colours`), the words of a stone's status and of a point's
owner (`status`), the board sizes (`sizes`) and the counting methods' names (`methods`).

This package imports nothing else of gtp_weiqi, so the counting layer, which may not import
the core, reads the same tables as everyone.
"""

from .colours import BLACK, COLOUR_LETTER, COLOUR_NAME, COLOUR_OF_WORD, EMPTY, WHITE, opponent
from .methods import COUNTING_METHOD_NAMES, COUNTING_SLUGS, FAMILIES, MethodName
from .sizes import MAX_SIZE, MIN_SIZE
from .status import ALIVE, DEAD, OWNER_WORDS, PUBLIC, SEKI, STONE_STATUSES

__all__ = [
    "ALIVE", "BLACK", "COLOUR_LETTER", "COLOUR_NAME", "COLOUR_OF_WORD", "COUNTING_METHOD_NAMES",
    "COUNTING_SLUGS", "DEAD", "EMPTY", "FAMILIES", "MAX_SIZE", "MIN_SIZE", "MethodName",
    "OWNER_WORDS", "PUBLIC", "SEKI", "STONE_STATUSES", "WHITE", "opponent",
]

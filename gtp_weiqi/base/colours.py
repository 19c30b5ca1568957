"""The colours: one code (the board's), and the words GTP, SGF and people use for them."""

from __future__ import annotations

EMPTY, BLACK, WHITE = 0, 1, 2

# The letter GTP and SGF write (and the counting's plain records use), the name, and every
# word a GTP colour argument may be (lower case) with the colour it means.
COLOUR_LETTER = {BLACK: "b", WHITE: "w"}
COLOUR_NAME = {BLACK: "black", WHITE: "white"}
COLOUR_OF_WORD = {word: c for c in (BLACK, WHITE)
                  for word in (COLOUR_LETTER[c], COLOUR_NAME[c])}


def opponent(colour: int) -> int:
    """The other player's colour."""
    return 3 - colour

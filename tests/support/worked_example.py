"""The 7x7 worked example of docs/counting.md §2 (图一 of 燕来's 《不计活子非好汉》 and of his
article on the five 计活子 methods), one copy for every test and for the README pictures.

图一 无争局面: White moved first, 21 moves each, Black made the 42nd and last move; each side
captured one stone; the black stone at c2 (lower case: marked dead) is dead.
"""

from __future__ import annotations

from typing import Any

from gtp_weiqi.counting.types import Judgement, ScoringInput
from support.counting_diagram import from_diagram

EXAMPLE_7X7 = """
7 . X . X X O .
6 . X X X O . O
5 . . X O O O O
4 X X X X O X O
3 O O O X X X X
2 O . x O O X X
1 . O O O O O X
  a b c d e f g
"""
CAPTURED = {"b": 1, "w": 1}  # one stone taken by each side
FIRST_MOVER = "w"


def example_input(**params: Any) -> tuple[ScoringInput, Judgement]:
    """The example as the counting takes it (c2 marked dead); `params` as from_diagram's."""
    params = {"captured": CAPTURED, "first_mover": FIRST_MOVER, **params}
    return from_diagram(EXAMPLE_7X7, **params)


def final_rows(numbers: bool = True) -> str:
    """The final position, the dead stone still on the board: the rows of the example with
    its dead mark dropped (``7 . X . X X O .`` ..., without ``numbers`` ``. X . X X O .``),
    no column letters."""
    rows = [line.split(None, 0 if numbers else 1)[-1]
            for line in EXAMPLE_7X7.upper().splitlines()
            if line.strip() and line.split()[0].isdigit()]
    return "\n".join(rows) + "\n"

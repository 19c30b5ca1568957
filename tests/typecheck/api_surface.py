"""What a type checker sees of the public API: the real types, never Any.

Not a test module (pytest does not collect it, nothing here runs): tests/test_docs.py has
mypy check it with the pages' Python examples, so that `import gtp_weiqi` stays typed for
a user's checker and IDE.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from typing_extensions import assert_type

import gtp_weiqi

result = gtp_weiqi.score_sgf(gtp_weiqi.EXAMPLE_SGF, methods="zilu,area")
assert_type(result, gtp_weiqi.ScoreResult)
assert_type(gtp_weiqi.EXAMPLE_SGF, Path)
assert_type(result["zilu"], gtp_weiqi.MethodScore)
assert_type(result.methods, tuple[gtp_weiqi.MethodScore, ...])
assert_type(result.dead, tuple[str, ...])
assert_type(result.first_move, tuple[gtp_weiqi.FirstMoveString, ...])
assert_type(result["zilu"].result, str)
assert_type(result.to_dict(), dict[str, Any])
position = gtp_weiqi.score_position(black=["C3"], white=["D4"], size=9, methods=None)
assert_type(position, gtp_weiqi.ScoreResult)
assert_type(gtp_weiqi.__version__, str)
error: type[gtp_weiqi.ScoringError] = gtp_weiqi.RecordError

# the methods' table, the rules' own method, the notes, score_many, sgfmill's objects
assert_type(gtp_weiqi.METHODS["zilu"], gtp_weiqi.MethodName)
assert_type(gtp_weiqi.METHODS["zilu"].unit_en, str)
assert_type(result.own_method, str)
assert_type(result.own, gtp_weiqi.MethodScore | None)
assert_type(result.notes, tuple[str, ...])
many = gtp_weiqi.score_many([gtp_weiqi.EXAMPLE_SGF, b"(;SZ[9])"], workers=2,
                            progress=lambda done, total: None, artefacts=False)
assert_type(many, list[gtp_weiqi.ScoreResult | gtp_weiqi.ScoringError])
at_move = gtp_weiqi.score_sgf(gtp_weiqi.EXAMPLE_SGF, move=10, dead=[(1, 2), "C3"])
assert_type(at_move, gtp_weiqi.ScoreResult)
on_points = gtp_weiqi.score_position(black=[(2, 2)], white=["D4"], size=9)
assert_type(on_points, gtp_weiqi.ScoreResult)
warning: type[UserWarning] = gtp_weiqi.ScoringWarning

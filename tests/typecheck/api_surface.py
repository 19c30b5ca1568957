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

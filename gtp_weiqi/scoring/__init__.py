"""The scoring library (layer 4): judgement + marks + method + parameters -> counts.

    service.py  Scorer: the judge, the rules' choice of parameters, refusals
    record.py   an SGF record replayed, and where its dead stones come from
    result.py   ScoreResult / MethodScore, plain records with to_dict()
    api.py      score_sgf and score_position, the public Python API
    many.py     score_many: many records in worker processes (pool.py, also the batch's)
    batch.py    one row per game for counting collections (JSON lines, CSV)

It imports core, counting and judgement only; the GTP commands, the score command line
and the match referee count through it.
"""

from .api import count_record, score_position, score_sgf
from .many import score_many
from .record import DEAD_SOURCES, Record, RecordError, load_record
from .result import FirstMoveString, MethodScore, ScoreResult, ScoringWarning
from .service import Scorer, ScoringError, UnclearError

__all__ = ["DEAD_SOURCES", "FirstMoveString", "MethodScore", "Record", "RecordError",
           "ScoreResult", "Scorer", "ScoringError", "ScoringWarning", "UnclearError",
           "count_record", "load_record", "score_many", "score_position", "score_sgf"]

"""Layer 3, the end-of-game judgement: which strings are alive, dead or in seki, who owns
each empty point, and the marks (explicit statuses and owners) laid over it.  Uses the
core and the counting layer's plain records.

    report = judge(board, seed=0)         # a StatusReport: status, owner, unclear, ownership

The judgement is a pipeline (`pipeline`) of one stage per module: Benson's pass-alive
strings (`benson`), seki (`seki`), ownership playouts (`ownership`), the tactical reader
(`tactics`) and the decision by their shares (`decision`), consistency (`consistency`), who
moves first in what is still unclear (`first_move`), the point owners (`owners`); the
strings and regions they read are in `regions`, the report in `report`.  `marks` lays the
explicit marks over a report and makes the counting layer's input.
"""

from .benson import benson_alive
from .decision import ALIVE_SHARE, DEAD_SHARE
from .pipeline import judge
from .report import ALIVE, DEAD, SEKI, UNCLEAR, FirstMove, StatusReport
from .seki import SekiInfo, find_seki

__all__ = ["ALIVE", "ALIVE_SHARE", "DEAD", "DEAD_SHARE", "SEKI", "UNCLEAR", "FirstMove",
           "SekiInfo", "StatusReport", "benson_alive", "find_seki", "judge"]

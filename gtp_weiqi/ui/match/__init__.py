"""The match referee: `gtp-weiqi match` plays games between two GTP engines under one of
our rule sets, checks every move with gtp_weiqi's game, ends each game as the rules say,
counts it under every method, and writes SGF records, a gogui-twogtp style `.dat` table
and a JSON summary.

  config.py   the match settings (what a resumed match must repeat)
  referee.py  one game: engines, moves, ending, forfeits, losses on time, counting
  clock.py    --time: main time and Canadian byo-yomi, a clock per side
  openings.py --openings: the SGF files games start from, checked before the match
  records.py  SGF, the `.dat` table, GTP logs, atomic writes
  stats.py    the summary: wins, confidence interval, scores, lengths, times
  runner.py   the command line: scheduling (--workers), progress, resuming
"""

from .config import MatchConfig
from .referee import GameSpec, play_game

__all__ = ["GameSpec", "MatchConfig", "play_game"]

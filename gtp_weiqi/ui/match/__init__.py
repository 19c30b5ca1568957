"""The match referee: `gtp-weiqi match` plays games between two GTP engines under one of
our rule sets, checks every move with gtp_weiqi's game, ends each game as the rules say,
counts it under every method, and writes SGF records, a gogui-twogtp style `.dat` table
and a JSON summary.

  config.py   the match settings (what a resumed match must repeat), a game's spec
  referee.py  one game: moves, ending, forfeits, losses on time; returns an Outcome
  players.py  the engines of a game: starting them, their commands, times, transcripts
  count.py    the counted end: agreement on dead stones, cleanup marks, the count
  outcome.py  what a game came to, as values: EndReason, Forfeit, Side, Outcome
  clock.py    --time: main time and Canadian byo-yomi, a clock per side
  openings.py --openings: the SGF files games start from, checked before the match
  records.py  SGF, the `.dat` table, GTP logs, atomic writes
  stats.py    the summary: wins, confidence interval, scores, lengths, times
  runner.py   the command line: scheduling (--workers), resuming
  progress.py the progress on stderr: a bar or a line per game
"""

from .config import GameSpec, MatchConfig
from .outcome import EndReason, Outcome
from .referee import play_game

__all__ = ["EndReason", "GameSpec", "MatchConfig", "Outcome", "play_game"]

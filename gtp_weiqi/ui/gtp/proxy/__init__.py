"""Proxy (plugin) mode: `gtp-weiqi --engine CMD` puts a real GTP engine behind our rules.

The GUI talks to gtp_weiqi; gtp_weiqi keeps the game and answers every rules, judgement
and scoring command itself.  The back end (GNU Go, KataGo, Leela Zero, Pachi ...) chooses
the moves and answers its own other commands.  The modules, from the connection up:

  link      the back end's controller, its failures and how they are reported
  rules     how each kind of back end is told our rules
  sync      keeping the back end at our game's position
  moves     the back end's moves, checked under our rules
  streams   its analysis and genmove_analyze, relayed line by line
  lead      KataGo's lead counted by our method from its ownership
  leela     lz-analyze in Leela Zero's format, served from KataGo's kata-analyze
  relay     the proxy itself: our commands joined to the back end's
  session   start, serve, stop (signals included)

The connection is numbered: every command goes out with an id and the id of every answer
is checked (controller.py).
"""

from .link import Refused, Unavailable, describe_failure
from .moves import RESIGN
from .relay import Proxy
from .rules import katago_candidates, kgs_candidates
from .session import Signalled, serve_proxy, signals_end_session, start_proxy

__all__ = ["Proxy", "RESIGN", "Refused", "Signalled", "Unavailable", "describe_failure",
           "katago_candidates", "kgs_candidates", "serve_proxy",
           "signals_end_session", "start_proxy"]

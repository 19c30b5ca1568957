"""The board sizes the engine plays, scores and referees: 2x2 up to 25x25 (GTP's vertices
have 25 letters), square or rectangular."""

from __future__ import annotations

MIN_SIZE, MAX_SIZE = 2, 25

"""Layer 3, the end-of-game judgement: which strings are alive, dead or in seki, who owns
each empty point, and the marks (explicit statuses and owners) laid over it.  Uses the
core and the counting layer's plain records."""

"""Layer 5, the ways in: the GTP engine, its controller and proxy (`gtp`), the match
referee (`match`), and the command lines (`cli`, `score_cli`, `regress`).  Thin adapters
over the layers below; nothing below imports from here."""

"""The GTP side of gtp_weiqi: framing and registry (protocol), commands (engine)."""

"""`python -m gtp_weiqi`: the same as the `gtp-weiqi` command."""

import sys

from .ui.cli import main

if __name__ == "__main__":  # not when a spawned worker process imports this module again
    sys.exit(main())

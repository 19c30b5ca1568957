"""`python -m gtp_weiqi`: the same as the `gtp-weiqi` command."""

import sys

from .ui.cli import main

sys.exit(main())

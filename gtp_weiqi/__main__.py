"""`python -m gtp_weiqi`: the same as the `gtp-weiqi` command."""

import sys

try:
    from .ui.cli import main

    if __name__ == "__main__":  # not when a spawned worker process imports this module again
        sys.exit(main())
except KeyboardInterrupt:  # a Ctrl-C while the package is still being imported (or one that
    # arrived then and is delivered as main() begins): no traceback
    sys.stderr.write("gtp-weiqi: interrupted while starting, nothing written; run the same "
                     "command again\n")
    sys.exit(130)

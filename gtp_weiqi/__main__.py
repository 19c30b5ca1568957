"""`python -m gtp_weiqi`: the same as the `gtp-weiqi` command."""

import os
import signal
import sys

_STARTING = ("gtp-weiqi: interrupted while starting, nothing written; run the same command "
             "again\n")


def _interrupted_while_importing(_signum: int, _frame: object) -> None:
    """Ctrl-C while the package is imported: one line, exit 130 at once.  A KeyboardInterrupt
    raised there can land in an import lock's callback, where Python reports it as ignored
    and the command runs on; nothing has been written yet."""
    os.write(2, _STARTING.encode())
    os._exit(130)


# only in the command itself (a spawned worker imports this module as __mp_main__), and only
# where Ctrl-C is not ignored
_GUARDED = (__name__ == "__main__"
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler)
if _GUARDED:
    signal.signal(signal.SIGINT, _interrupted_while_importing)
try:
    from .ui.cli import main

    if _GUARDED:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if __name__ == "__main__":  # not when a spawned worker process imports this module again
        sys.exit(main())
except KeyboardInterrupt:  # a Ctrl-C delivered as main() begins: no traceback
    sys.stderr.write(_STARTING)
    sys.exit(130)

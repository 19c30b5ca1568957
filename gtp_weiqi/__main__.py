"""`python -m gtp_weiqi` and the `gtp-weiqi` command (`run`): the command line, with a
Ctrl-C while it starts ending at once in one line."""

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


def run() -> int:
    """The command: the modules the command line runs (the parser's and the named
    subcommand's) imported under the guard above (only where Ctrl-C is not ignored), then
    `gtp_weiqi.ui.cli.main` with Ctrl-C as usual.  This module imports nothing of the
    package at its top, so the guard holds from the first import to the last one the
    start makes at module level."""
    guarded = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if guarded:
        signal.signal(signal.SIGINT, _interrupted_while_importing)
    try:
        from .ui.cli import import_command, main

        import_command(sys.argv[1:])
        if guarded:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        return main()
    except KeyboardInterrupt:  # a Ctrl-C delivered as main() begins: no traceback
        sys.stderr.write(_STARTING)
        return 130


# not when a spawned worker process imports this module again (as __mp_main__)
if __name__ == "__main__":
    sys.exit(run())

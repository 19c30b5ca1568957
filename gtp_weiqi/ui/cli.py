"""The `gtp-weiqi` command: one argparse parser tree, a thin dispatcher.

    gtp-weiqi [engine options]        the GTP engine on stdin/stdout (engine_cli.py)
    gtp-weiqi score PATH ... [opts]   count SGF games (score_cli.py)
    gtp-weiqi match --black --white   referee games between two engines (match/runner.py)
    gtp-weiqi regress FILE.tst ...    run regression files against an engine (regress.py)

Each subcommand's module holds its options and its work as a pair, `add_arguments(parser)`
and `run(args) -> exit status`.  A subcommand's parser is filled, and its module imported,
only when that subcommand is named (or its help asked for), so that the engine, the
default, starts without loading the match, scoring-batch or Dask code.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .. import __version__
from ..core.names import did_you_mean

# name -> (module under gtp_weiqi.ui, one line for `gtp-weiqi --help`)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "regress": ("regress", "run GNU Go / gogui-regress .tst files against an engine"),
    "match": ("match.runner", "referee games between two GTP engines"),
    "score": ("score_cli", "count SGF games under any method: table, JSON, SVG, PNG, CSV"),
}
PROG = "gtp-weiqi"
# What a Ctrl-C before a subcommand has begun its work says (the subcommands say their own
# once they have begun).
INTERRUPTED = f"{PROG}: interrupted while starting, nothing written; run the same command again"


class UsageStop(Exception):
    """A parser's refusal (or the end of a subcommand's --help): the exit status, the
    text already written."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class _Parser(argparse.ArgumentParser):
    """The top parser: a refusal returns status 2 instead of leaving the interpreter, and
    an unknown subcommand is named with the closest one."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise UsageStop(2)

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        if isinstance(action, argparse._SubParsersAction) and value not in action.choices:
            raise argparse.ArgumentError(None, unknown_subcommand(str(value)))
        super()._check_value(action, value)


class _SubcommandParser(_Parser):
    """A subcommand's parser, filled by its module's add_arguments on first use; its
    --help ends the command with status 0 rather than leaving the interpreter."""

    def __init__(self, *args: Any, module: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.module = module
        self._filled = not module

    def fill(self) -> None:
        if not self._filled:
            self._filled = True
            subcommand_module(self.module).add_arguments(self)

    def parse_known_args(  # type: ignore[override]  # typeshed's are overloads
            self, args: Sequence[str] | None = None,
            namespace: argparse.Namespace | None = None
            ) -> tuple[argparse.Namespace, list[str]]:
        self.fill()
        return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        self.fill()
        return super().format_usage()

    def format_help(self) -> str:
        self.fill()
        return super().format_help()

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            print(message, file=sys.stderr, end="")
        raise UsageStop(status)


def subcommand_module(name: str) -> Any:
    """The module of a subcommand (its add_arguments and run)."""
    return importlib.import_module(f"{__package__}.{name}")


def import_command(argv: Sequence[str]) -> None:
    """Import the modules the command line `argv` will run (the engine's, and the named
    subcommand's), so that a caller can import them under its own Ctrl-C guard; the rest
    of the start (parsing, the subcommand's run) then imports nothing at module level."""
    from . import engine_cli  # noqa: F401  # the parser tree's top

    if argv and argv[0] in SUBCOMMANDS:
        subcommand_module(SUBCOMMANDS[argv[0]][0])


def unknown_subcommand(word: str) -> str:
    """The refusal of a first word that is neither an option nor a subcommand."""
    return (f"unknown subcommand {word!r}{did_you_mean(word, SUBCOMMANDS)}; "
            f"known: {', '.join(SUBCOMMANDS)} (or engine options, see --help)")


def build_parser() -> argparse.ArgumentParser:
    """The whole tree: the engine's options at the top, one parser per subcommand."""
    from . import engine_cli

    names = ",".join(SUBCOMMANDS)
    parser = _Parser(
        prog=PROG,
        usage=f"%(prog)s [-h] [--version] [engine options]\n"
              f"       %(prog)s {{{names}}} [-h] [options of the subcommand]",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="A GTP v2 engine that referees and scores Go under 计活子 (count living "
                    "stones), 计枰点 (count board points) and the standard rule sets. With no "
                    "subcommand it speaks GTP on stdin/stdout; the options below are the "
                    "engine's.",
        epilog=f"{PROG} COMMAND --help explains a subcommand's options.\n\n"
               + engine_cli.EPILOG,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    engine_cli.add_arguments(parser)
    commands = parser.add_subparsers(
        dest="command", title="subcommands", metavar="COMMAND",
        parser_class=_SubcommandParser)
    for name, (module, text) in SUBCOMMANDS.items():
        commands.add_parser(name, help=text, description=text, module=module,
                            prog=f"{PROG} {name}")
    return parser


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The parsed command line; UsageStop when it is refused (or help was printed)."""
    parser = build_parser()
    if argv and argv[0] == "score":
        from .score_cli import json_flag_last

        argv = json_flag_last(list(argv))
    args = parser.parse_args(argv)
    if args.command is not None and (not argv or argv[0] != args.command):
        first = argv[0] if argv else ""
        parser.error(f"the engine option {first} does nothing with a subcommand; name the "
                     f"subcommand first: {PROG} {args.command} [its options]")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    try:
        code = _main(argv)
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:  # Ctrl-C while starting up: no traceback, one line
        print(INTERRUPTED, file=sys.stderr)
        return 130
    except BrokenPipeError:  # `gtp-weiqi score --json | head`: the reader left, end quietly
        _silence_stdout()
        return 0


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's last flush does not complain."""
    import os

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parse(argv)
    except UsageStop as stop:
        return stop.code
    if args.command is None:
        from . import engine_cli

        return engine_cli.run(args)
    return int(subcommand_module(SUBCOMMANDS[args.command][0]).run(args))


def run_subcommand(name: str, argv: Sequence[str] | None = None) -> int:
    """`gtp-weiqi NAME ARGV...`: what each subcommand module's own main() does."""
    return main([name, *(sys.argv[1:] if argv is None else argv)])


__all__ = ["SUBCOMMANDS", "UsageStop", "build_parser", "import_command", "main", "parse",
           "run_subcommand"]

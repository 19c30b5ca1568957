"""The second-opinion options, ``--judge-engine CMD`` and ``--judge-visits N``: one definition
for the engine, ``score`` and ``match``, with one meaning of N everywhere (docs/judgement.md, "A
strong engine's second opinion").  Nothing of the second opinion itself is imported here."""

from __future__ import annotations

import argparse


def add_judge_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup,
                        asked: str) -> None:
    """Add both options; `asked` says when the engine is asked (words for the help)."""
    parser.add_argument("--judge-engine", metavar="CMD",
                        help=f"an engine that reports ownership (KataGo: kata-raw-nn), asked "
                             f"{asked} (docs/judgement.md)")
    parser.add_argument("--judge-visits", type=int, default=0, metavar="N",
                        help="0 (default): the judge engine's net alone; N: a search of N "
                             "visits (kata-search_analyze)")


def refused_judge_option(args: argparse.Namespace) -> str | None:
    """Why the options' values cannot work (a blank command, negative visits), or None."""
    if args.judge_engine is not None and not args.judge_engine.strip():
        return "--judge-engine: no command given"
    if args.judge_visits < 0:
        return "--judge-visits must be 0 or more"
    return None

"""The ``mahjong-bot`` command line (SPEC §5), the root: its ``run`` and ``web`` commands compose the
surfaces (``bot/``, ``web/``), which import nothing of each other.

Each subcommand lives in its own module with ``register(subparsers)``; the module sets
``handler`` on its parser, a function from the parsed arguments to an exit status.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import signal
import sys
from collections.abc import Sequence

SUBCOMMAND_MODULES: tuple[str, ...] = (
    "tiles",
    "simulate",
    "score",
    "render",
    "solitaire",
    "verify-wall",
    "run",
    "web",
    "ledger",
    "ratings",
    "tournament",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mahjong-bot",
        description="Four-player classic / Hong Kong mahjong and a daily mahjong solitaire.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {installed_version()}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        importlib.import_module(f"cli.{name.replace('-', '_')}").register(subparsers)
    return parser


def installed_version() -> str:
    """The version of the installed package (``pyproject.toml``), or "unknown" when run from sources."""
    try:
        return importlib.metadata.version("mahjong-bot")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    status: int = args.handler(args)
    return status


def console() -> int:
    """The installed ``mahjong-bot`` command."""
    # A reader that stops early (``| head``) ends the command quietly, as for any Unix tool.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    return main()


if __name__ == "__main__":
    sys.exit(console())

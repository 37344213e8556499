"""``mahjong-bot run``: start the Discord bot (SPEC §4.1), configured from the environment and ``.env``."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from typing import Any


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "run", help="start the Discord bot (DISCORD_TOKEN required; REDIS_URL, DATABASE_PATH, ... optional)"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from bot.app import MissingToken, Settings, create_bot
    from data.ledger import LedgerFileError
    from data.live_sqlite import LiveStoreFileError

    try:
        settings = Settings.from_env()
    except MissingToken as error:
        print(f"mahjong-bot: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"mahjong-bot: {error}", file=sys.stderr)
        return 2
    level = getattr(logging, settings.log_level, None)
    if not isinstance(level, int):
        print(
            f"mahjong-bot: LOG_LEVEL is one of DEBUG, INFO, WARNING, ERROR, not {settings.log_level!r}", file=sys.stderr
        )
        return 2
    import discord

    bot = create_bot(settings)
    # A container stops its process with SIGTERM: end as on Ctrl-C, closing the stores cleanly.
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        bot.run(settings.token, log_level=level, root_logger=True)
    except discord.LoginFailure:
        print(
            "mahjong-bot: Discord refused the token: check DISCORD_TOKEN (Developer Portal → Bot → Reset Token)",
            file=sys.stderr,
        )
        return 2
    except (LiveStoreFileError, LedgerFileError) as error:
        print(
            f"mahjong-bot: {error}. The file was left as it is: point DATABASE_PATH at another file, or restore "
            "this one from a backup.",
            file=sys.stderr,
        )
        return 2
    return 0

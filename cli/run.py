"""``mahjong-bot run``: start the Discord bot (SPEC §4.1), configured from the environment and ``.env``.

Exit status: 0 when stopped (Ctrl-C, or SIGTERM as a container is stopped, at any moment), 2 for a
setting to correct, 3 for a store that cannot be reached or written, 4 for Discord unreachable or
refusing the token (``bot.startup``); each said in one line on stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import logging
import signal
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.startup import PageStarter
    from core.settings import Settings


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "run",
        help="start the Discord bot (DISCORD_TOKEN required; REDIS_URL, DATABASE_PATH, ... optional)",
        description="Start the Discord bot, configured from the environment and a .env file in the current"
        " folder: DISCORD_TOKEN is required; REDIS_URL, DATABASE_PATH, DATABASE_URL, LOG_LEVEL, START_PATIENCE"
        " and the others are optional (see the README). It runs until Ctrl-C or SIGTERM (exit 0); a start that"
        " fails says why in one line and exits 2 (a setting to correct), 3 (a store that cannot be reached) or"
        " 4 (Discord unreachable, or refusing the token).",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from bot.startup import serve
    from core.settings import MissingToken, Settings
    from core.stores import CONFIGURATION

    try:
        settings = Settings.from_env()
    except (MissingToken, ValueError) as error:
        print(f"mahjong-bot: {error}", file=sys.stderr)
        return CONFIGURATION
    from cli.logs import setup_logging

    setup_logging(getattr(logging, settings.log_level))
    return run_until_stopped(serve(settings, page=page_starter(settings)), logging.getLogger(__name__))


def page_starter(settings: Settings) -> PageStarter | None:
    """With ``WEB_PORT``, what starts the page beside the bot: the root composes the two surfaces (the
    Activity asks Discord where discord.py itself reaches it, a test's fake Discord included)."""
    if settings.web_port is None:
        return None
    import discord

    from web.startup import serve_page

    return functools.partial(serve_page, settings, discord_api=discord.http.Route.BASE)


def run_until_stopped(work: Any, log: logging.Logger) -> int:
    """Run ``work`` until it ends or is stopped; the exit status: 0, or a failed start's own, said in one
    line. ``log``: the command's, which says it stopped."""
    from core.stores import StartFailure

    try:
        asyncio.run(until_stopped(work))
    except StartFailure as failure:
        print(f"mahjong-bot: {failure}", file=sys.stderr)
        return failure.status
    except (KeyboardInterrupt, asyncio.CancelledError):
        pass
    log.info("stopped")
    return 0


async def until_stopped(work: Any) -> None:
    """``work``, cancelled by SIGTERM (how a container is stopped) or SIGINT (Ctrl-C, the image's stop
    signal), so that what it opened is closed either way. SIGINT is taken here too, not left to Python:
    a process started in the background by a shell (``mahjong-bot run &``, nohup) inherits SIGINT
    ignored, and Python then raises no KeyboardInterrupt, so it would not stop."""
    task = asyncio.ensure_future(work)
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows' loop
        for stop in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(stop, task.cancel)
    await task

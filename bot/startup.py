"""Starting the bot: the application built (its stores opened and checked before anything else), then the
login, then the gateway; and, with ``WEB_PORT``, the page beside it over the same application (started by
what the command line hands in, ``web.startup.serve_page``: the surfaces are composed by the root, and
the Discord surface imports nothing of the page's).

Each failure is one line that names what to look at, with its own exit status (``core.stores``'s
``CONFIGURATION`` and ``STORE``, and ``DISCORD`` here), and no traceback. Discord not answering is tried
again as a store is (``core.stores.patiently``), within the settings' ``start_patience``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

import aiohttp
import discord

from bot import app
from bot.health import health_app, serve_health
from bot.metrics import Metrics
from core.application import Application, build_application
from core.settings import Settings
from core.stores import CONFIGURATION, Sleep, StartFailure, one_line, patiently, stores_in_use

log = logging.getLogger(__name__)

# Discord not answering, as discord.py and aiohttp raise it (a DNS failure, a refused connection, a
# timeout, a 5xx after discord.py's own retries).
_UNREACHABLE = (aiohttp.ClientError, OSError, asyncio.TimeoutError, discord.DiscordServerError)


DISCORD = 4
"""The exit status of a start that Discord refused or did not answer."""


async def logged_in(
    settings: Settings,
    application: Application,
    metrics: Metrics | None = None,
    sleep: Sleep = asyncio.sleep,
) -> app.MahjongBot:
    """A bot over ``application`` that has logged in and set itself up (the commands synced), not yet on the
    gateway. Discord unreachable is tried again within the patience, each attempt with a bot of its
    own (a failed login leaves its HTTP session behind); a refused token is not."""
    started = time.monotonic()

    async def attempt() -> app.MahjongBot:
        bot = app.create_bot(settings, application, metrics=metrics)
        try:
            await bot.login(settings.token)
        except BaseException:
            await bot.close()
            raise
        return bot

    try:
        bot = await patiently(attempt, _UNREACHABLE, "Discord", settings.start_patience, sleep)
    except discord.LoginFailure:
        raise StartFailure(
            DISCORD, "Discord refused the token: check DISCORD_TOKEN (Developer Portal → Bot → Reset Token)"
        ) from None
    except _UNREACHABLE as error:
        raise StartFailure(
            DISCORD,
            f"Discord did not answer in {time.monotonic() - started:.0f} s ({one_line(error)}): check this "
            "host's network and DNS",
        ) from None
    except discord.HTTPException as error:
        raise StartFailure(DISCORD, f"Discord refused the start: {error.status} {one_line(error)}") from None
    return bot


PageStarter = Callable[[Application], Awaitable[Callable[[], Awaitable[None]]]]
"""Starts the page over the bot's application and gives back what stops it."""


async def serve(settings: Settings, page: PageStarter | None = None) -> None:
    """Run the bot until it is stopped: the application, the login, then the gateway, and ``page`` beside
    them once logged in; everything it opened is closed however it ends (a stop at any moment included)."""
    application = await build_application(settings)
    stores = application.stores
    stop_health: Callable[[], Awaitable[None]] | None = None
    try:
        log.info("stores: %s", stores_in_use(settings))
        metrics = Metrics()
        running: list[app.MahjongBot] = []
        if settings.metrics_port is not None:
            health = health_app(
                lambda: bool(running) and running[0].is_ready() and not running[0].is_closed(),
                stores.live,
                stores.ledger,
                metrics,
            )
            try:
                stop_health = await serve_health(health, settings.metrics_host, settings.metrics_port)
            except OSError as error:
                raise StartFailure(
                    CONFIGURATION,
                    f"METRICS_PORT {settings.metrics_port} on {settings.metrics_host} cannot be served "
                    f"({one_line(error)}): choose a free port",
                ) from None
        bot = await logged_in(settings, application, metrics)
        running.append(bot)
        stop_page: Callable[[], Awaitable[None]] | None = None
        try:
            if page is not None:
                stop_page = await page(application)
            await bot.connect(reconnect=True)
        finally:
            if stop_page is not None:  # before the bot closes: no page request meets closed stores
                await stop_page()
            await bot.close()
    finally:
        if stop_health is not None:
            await stop_health()
        await application.stop()

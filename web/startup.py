"""The page started beside the bot, in its process (``WEB_PORT``): composed by ``mahjong-bot run``'s command
line with the bot's own application, so ``bot/`` imports nothing of ``web/``."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from core.application import Application
from core.settings import Settings
from core.stores import CONFIGURATION, StartFailure, one_line
from web.activity import ActivityConfig
from web.app import create_app
from web.server import serve

log = logging.getLogger(__name__)


async def serve_page(settings: Settings, application: Application, discord_api: str) -> Callable[[], Awaitable[None]]:
    """The page on ``WEB_PORT``, over the bot's own application (one service object, so a game is one
    game whichever surface moves it), with the Activity's routes when it is on (asking Discord at
    ``discord_api``, where the bot itself reaches it); what stops it."""
    activity = None
    if settings.activity:
        assert settings.client_id is not None and settings.client_secret is not None
        activity = ActivityConfig(settings.client_id, settings.client_secret, settings.token, discord_api)
    page = create_app(
        application.solitaire,
        application.stores.solitaire_ledger,
        application.stores.live,
        application.clock,
        activity=activity,
        trusted_proxies=settings.web_trusted_proxies,
        origins=settings.page_origins,
        tables=application.tables,
        events=application.events,
        tournaments=application.tournaments,
    )
    assert settings.web_port is not None  # called only with it
    try:
        runner = await serve(page, settings.web_host, settings.web_port)
    except OSError as error:
        raise StartFailure(
            CONFIGURATION,
            f"WEB_PORT {settings.web_port} on {settings.web_host} cannot be served ({one_line(error)}): "
            "choose a free port",
        ) from None
    shown_host = f"[{settings.web_host}]" if ":" in settings.web_host else settings.web_host
    log.info(
        "the solitaire page is on http://%s:%d/%s",
        shown_host,
        settings.web_port,
        f" (the Activity at {settings.public_url})" if activity is not None else "",
    )
    return runner.cleanup

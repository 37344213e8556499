"""``mahjong-bot web``: serve the solitaire and table pages alone (SPEC §5, §6, §7), with the table clock
that moves their computer seats and deadlines, on the stores ``mahjong-bot run`` uses (the embedded
SQLite file at ``DATABASE_PATH``, or ``REDIS_URL`` / ``DATABASE_URL`` when set), with no Discord: no token
is needed. ``--host`` / ``--port`` (or ``WEB_HOST`` / ``WEB_PORT``), 127.0.0.1:8080 by default.

Exit status: 0 when stopped (Ctrl-C or SIGTERM, at any moment), 2 for a setting to correct (a port
that cannot be served included), 3 for a store that cannot be reached or written; each said in one
line on stderr.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.settings import Settings

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "web",
        help="serve the solitaire and table pages alone, no Discord (WEB_HOST, WEB_PORT; DATABASE_PATH, ...)",
        description="Serve the solitaire and table pages alone (the table clock plays computer seats and"
        " deadlines), with no Discord and no token, on the stores the bot uses"
        " (DATABASE_PATH, or REDIS_URL and DATABASE_URL when set). It runs until Ctrl-C or SIGTERM (exit 0); a"
        " start that fails says why in one line and exits 2 (a setting to correct) or 3 (a store that cannot"
        " be reached).",
    )
    parser.add_argument("--host", help=f"the address to listen on (WEB_HOST; default {DEFAULT_HOST})")
    parser.add_argument("--port", type=_port, help=f"the port to listen on (WEB_PORT; default {DEFAULT_PORT})")
    parser.set_defaults(handler=run_web)


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 0 < int(text) < 65536):
        raise argparse.ArgumentTypeError(f"a port number from 1 to 65535, not {text!r}")
    return int(text)


def _env_port() -> int:
    text = os.environ.get("WEB_PORT", "").strip()
    if not text:
        return DEFAULT_PORT
    if not (text.isascii() and text.isdigit() and 0 < int(text) < 65536):
        raise ValueError(f"WEB_PORT is a port number from 1 to 65535, not {text!r}")
    return int(text)


def run_web(args: argparse.Namespace) -> int:
    from cli.logs import setup_logging
    from cli.run import run_until_stopped
    from core.settings import Settings
    from core.stores import CONFIGURATION

    try:
        settings = Settings.from_env(need_token=False)
        host = args.host or os.environ.get("WEB_HOST", "").strip() or DEFAULT_HOST
        port = args.port or _env_port()
    except ValueError as error:
        print(f"mahjong-bot: {error}", file=sys.stderr)
        return CONFIGURATION
    setup_logging(getattr(logging, settings.log_level))
    return run_until_stopped(serve_web(settings, host, port), log)


async def serve_web(settings: Settings, host: str, port: int) -> None:
    """Serve the page until cancelled, over the application the settings build (no Discord: neither
    discord.py nor Pillow is loaded); it and the server are stopped however it ends."""
    import asyncio

    from aiohttp import web

    from core.application import build_application
    from core.heap import collect_less_often, freeze_start_up
    from core.stores import CONFIGURATION, StartFailure, stores_in_use
    from web.app import create_app
    from web.server import serve

    application = await build_application(settings)
    runner: web.AppRunner | None = None
    try:
        log.info("stores: %s", stores_in_use(settings))
        # the page shows tables (SPEC §7): its computer seats and deadlines play with no bot running
        application.start()
        app = create_app(
            application.solitaire,
            application.stores.solitaire_ledger,
            application.stores.live,
            application.clock,
            trusted_proxies=settings.web_trusted_proxies,
            origins=settings.page_origins,
            tables=application.tables,
            events=application.events,
            tournaments=application.tournaments,
        )
        try:
            runner = await serve(app, host, port)
        except OSError as error:
            raise StartFailure(
                CONFIGURATION,
                f"WEB_PORT {port} on {host} cannot be served ({error.strerror or error}): choose a free port",
            ) from None
        shown_host = f"[{host}]" if ":" in host else host
        log.info("the solitaire and table pages are on http://%s:%d/ (Ctrl+C stops it)", shown_host, port)
        freeze_start_up()  # last: whatever start-up loaded, a full collection no longer scans
        collect_less_often()
        await asyncio.Event().wait()
    finally:
        if runner is not None:
            await runner.cleanup()
        await application.stop()  # the results of games just ended reach the ledger before it closes

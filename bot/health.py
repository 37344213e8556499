"""``/healthz`` and ``/metrics`` on ``METRICS_PORT``: what a container's health check and Prometheus read.

``/healthz`` answers 200 when the bot is connected to the gateway and both stores answer, else 503;
either way a JSON body says which part is not well. A store that does not answer within two seconds
counts as down: a health check must not hang on it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.metrics import Metrics
from data.ledger import Ledger
from data.live import LiveStore, StoreError

log = logging.getLogger(__name__)

CHECK_SECONDS = 2.0


async def _answers(check: Callable[[], Awaitable[object]]) -> bool:
    try:
        await asyncio.wait_for(check(), CHECK_SECONDS)
    except (StoreError, TimeoutError):
        return False
    return True


def health_app(connected: Callable[[], bool], store: LiveStore, ledger: Ledger, metrics: Metrics) -> web.Application:
    async def healthz(_: web.Request) -> web.Response:
        parts = {
            "gateway": connected(),
            "live_store": await _answers(lambda: store.read("health:probe")),
            "ledger": await _answers(lambda: ledger.guild_settings(0)),
        }
        return web.Response(
            status=200 if all(parts.values()) else 503,
            text=json.dumps(parts),
            content_type="application/json",
        )

    async def scrape(_: web.Request) -> web.Response:
        try:
            await asyncio.wait_for(metrics.refresh(store), CHECK_SECONDS)
        except (StoreError, TimeoutError) as error:
            log.info("the open tables were not counted for this scrape (%s)", error)
        return web.Response(body=metrics.text(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", scrape)
    return app


async def serve_health(app: web.Application, host: str, port: int) -> Callable[[], Awaitable[None]]:
    """Serve ``app``; what stops it."""
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    log.info("health and metrics on http://%s:%d/healthz and /metrics", host, port)
    return runner.cleanup

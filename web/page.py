"""What the page's server serves outside the API: the page, its static files, ``/healthz``, and the
headers every answer carries (its Content-Security-Policy, and who may frame it)."""

from __future__ import annotations

import asyncio
import pathlib
from collections.abc import Awaitable, Callable

from aiohttp import web

from data.live import LiveStore, StoreError

STATIC = pathlib.Path(__file__).with_name("static")
_HEALTH_SECONDS = 2.0

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"
)
"""The page's Content-Security-Policy: its own files only (no inline script, no other origin), as
Discord's Activity proxy requires and as is right for a page that takes no third-party content."""
ACTIVITY_FRAME_ANCESTORS = "frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com"
"""Who may frame the page when the Activity is on: Discord's clients (the page runs in an iframe of
``<client id>.discordsays.com`` inside discord.com, ptb and canary) and the page's own origin (a test's
stand-in for Discord's frame)."""


def add_page(app: web.Application, static: pathlib.Path, store: LiveStore) -> None:
    """The page at ``/`` and ``/solitaire``, its files under ``/static/`` and ``/healthz``."""
    page = _page(static)
    app.router.add_get("/", page)
    app.router.add_get("/solitaire", page)
    app.router.add_get("/healthz", _healthz(store))
    if static.is_dir():
        app.router.add_static("/static/", static, follow_symlinks=False)


def _page(static: pathlib.Path) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    async def page(_: web.Request) -> web.StreamResponse:
        index = static / "index.html"
        if not index.is_file():
            return web.Response(status=503, text="The solitaire page is not built: web/static/index.html is missing.\n")
        return web.FileResponse(index, headers={"Cache-Control": "no-cache"})

    return page


def _healthz(store: LiveStore) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def healthz(_: web.Request) -> web.Response:
        try:
            await asyncio.wait_for(store.read("health:probe"), _HEALTH_SECONDS)
        except (StoreError, TimeoutError):
            return web.Response(status=503, text="store unavailable")
        return web.Response(text="ok")

    return healthz


def security_headers(framed_by_discord: bool) -> Callable[[web.Request, web.StreamResponse], Awaitable[None]]:
    """The headers every answer carries (``on_response_prepare``)."""
    framing = ACTIVITY_FRAME_ANCESTORS if framed_by_discord else "frame-ancestors 'none'"
    policy = f"{PAGE_POLICY}; {framing}"

    async def add(_: web.Request, response: web.StreamResponse) -> None:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("Content-Security-Policy", policy)
        if not framed_by_discord:  # standalone, the page is never framed (older browsers read this one)
            response.headers.setdefault("X-Frame-Options", "DENY")

    return add

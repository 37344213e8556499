"""The solitaire page's server (SPEC §6): the page, its static files, ``/healthz`` and the JSON API,
assembled from their parts.

``create_app(service, ledger, store, clock)`` builds the aiohttp application over the solitaire service
that Discord's surface uses. Web players play on the deployment's web boards, guild ``WEB_GUILD`` (0),
as member = their player id; in the Discord Activity (``web.activity``, when ``create_app`` is given its
configuration) a request with the header ``X-Mahjong-Session`` is played as that session's member in
that server's slot, on that server's boards, the same as ``/solitaire`` in Discord.

- ``web.guard``: the checks every API request passes first (origin, floods, who plays, size) and the
  answers to what a route raises; a refused request changes nothing.
- ``web.bodies``: what each route reads of a request, as typed structures; ``web.errors``: the
  answers' error keys and words (in the page's language).
- ``web.game_routes``: games, leaderboards, pseudonyms, words; ``web.activity_routes``: the
  Activity's sign-in; ``web.sweep``: the web games nobody plays are dropped.
- ``web.page``: the page, its files, ``/healthz`` and the headers every answer carries.
- ``web.table_routes``, ``web.table_sockets``, ``web.table_hub``: the table page (SPEC §7), its
  sockets and what shows each its table, when ``create_app`` is given the tables; with them
  ``web.tournament_routes``, a tournament's page (SPEC §9).
"""

from __future__ import annotations

import asyncio
import contextlib
import pathlib
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from typing import Any

from aiohttp import web

from core.events import Events
from core.settings import Network, Origin
from core.solitaire.service import SolitaireService
from core.tables.service import TableService
from core.tournaments.service import TournamentService
from data.live import LiveStore
from data.solitaire_ledger import SolitaireLedger
from web.activity import ActivityBackend, ActivityConfig
from web.activity_routes import ActivityRoutes
from web.game_routes import GameRoutes
from web.guard import BODY_LIMIT, Guard, Handler
from web.limits import RateLimits
from web.origins import Origins
from web.page import STATIC, add_page, security_headers
from web.sweep import sweep
from web.table_routes import add_tables


def create_app(
    service: SolitaireService,
    ledger: SolitaireLedger,
    store: LiveStore,
    clock: Callable[[], float],
    *,
    limits: RateLimits | None = None,
    static: pathlib.Path = STATIC,
    activity: ActivityConfig | None = None,
    trusted_proxies: Sequence[Network] = (),
    origins: Sequence[Origin] = (),
    tables: TableService | None = None,
    events: Events | None = None,
    tournaments: TournamentService | None = None,
) -> web.Application:
    """The page's application. ``clock`` is the service's (the game's figures and the rate limits read it);
    ``store`` keeps the web secret (read at the application's start). With ``activity`` the Activity's routes
    are served too, and the page may be framed by Discord. ``trusted_proxies``: whose ``X-Forwarded-For`` names
    the client (``web.addresses``). ``origins``: where browsers reach the page besides the address a connection
    reached (``web.origins``; with the Activity, Discord's frame too). With ``tables`` and the application's
    ``events`` and ``tournaments``, the table page is served too (``web.table_routes``), and the tournaments'
    pages, whose fair play its sockets keep (``web.tournament_routes``)."""
    if not (tables is None) == (events is None) == (tournaments is None):
        raise ValueError("the table page takes the tables' and tournaments' services and the events that follow them")
    limits = limits or RateLimits()
    backend = None if activity is None else ActivityBackend(activity, clock, limits.discord)
    framed = () if activity is None else (("https", f"{activity.client_id}.discordsays.com", 443),)
    guard = Guard(store, clock, limits, backend, trusted_proxies, Origins((*origins, *framed)))

    @web.middleware
    async def guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
        return await guard.guard(request, handler)

    app = web.Application(middlewares=[guarded], client_max_size=BODY_LIMIT)
    app.on_startup.append(guard.start)
    app.cleanup_ctx.append(_running(lambda: sweep(service)))
    app.on_response_prepare.append(security_headers(framed_by_discord=backend is not None))
    add_page(app, static, store)
    GameRoutes(service, ledger, clock, limits).add_to(app)
    if backend is not None:
        ActivityRoutes(backend, store).add_to(app)
    if tables is not None and events is not None and tournaments is not None:
        add_tables(app, tables, events, tournaments, ledger, guard, backend, clock, limits, static)
    return app


def _running(
    work: Callable[[], Coroutine[Any, Any, None]],
) -> Callable[[web.Application], AsyncIterator[None]]:
    """A task for as long as the application runs (``cleanup_ctx``), cancelled at its cleanup."""

    async def running(_: web.Application) -> AsyncIterator[None]:
        task = asyncio.create_task(work())
        yield
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    return running

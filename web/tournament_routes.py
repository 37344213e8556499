"""A tournament's page route (SPEC §9): ``GET /tournament/<id>`` (and ``HEAD``) answers the page
``web.tournament_page`` writes, in the page's language (``?lang=`` or the browser's); a tournament the
store does not hold is 404 with words that say so, a store unavailable 503, an address asking too fast
429 (``RateLimits.address``, as the table page). Not cached: a reload shows the round as it stands."""

from __future__ import annotations

import logging
from collections.abc import Callable

from aiohttp import web

from core.tournaments.service import TournamentService
from data.live import StoreError
from web import words
from web.errors import ApiError, Said, too_many
from web.guard import Guard
from web.limits import RateLimits, TokenBuckets
from web.table_sockets import refused_page
from web.tournament_page import tournament_page

log = logging.getLogger(__name__)

TOURNAMENT_ID = r"[a-z0-9]{1,32}"
"""A tournament id's shape as a path may carry it (``core.tournaments.service.new_tournament_id`` makes 8)."""


class TournamentRoutes:
    def __init__(
        self, tournaments: TournamentService, guard: Guard, clock: Callable[[], float], limits: RateLimits
    ) -> None:
        self.tournaments = tournaments
        self.guard = guard
        self._pages = TokenBuckets(limits.address, clock)

    def add_to(self, app: web.Application) -> None:
        app.router.add_get(f"/tournament/{{tournament:{TOURNAMENT_ID}}}", self.page)

    async def page(self, request: web.Request) -> web.StreamResponse:
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        try:
            if not self._pages.take(self.guard.address(request)):
                raise too_many()
            found = await self.tournaments.read(request.match_info["tournament"])
        except ApiError as error:
            return refused_page(error, lang)
        except StoreError as error:
            log.warning("a tournament page found a store unavailable: %s", error)
            return refused_page(ApiError(503, "store_unavailable", Said("web", "error.store_down")), lang)
        if found is None:
            return refused_page(ApiError(404, "not_found", Said("web", "error.no_tournament")), lang)
        return web.Response(
            text=tournament_page(found.tournament, lang),
            content_type="text/html",
            headers={"Cache-Control": "no-store"},
        )

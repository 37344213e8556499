"""The Discord Activity's sign-in routes (``web.activity`` says how Discord vouches for a member).

``GET /api/activity`` tells the page the application's client id (for the Embedded App SDK);
``POST /api/activity/token`` exchanges an ``authorize`` code for an access token; ``POST
/api/activity/session`` turns that token and the instance into a signed session, and says which table
the instance's channel holds (``table``: its id, or null): an Activity launched in a table's thread, or
from its button (``core.tables.threads``), opens that table's page, ``/table/<id>``. Each call that asks
Discord on the page's behalf is limited per address (``RateLimits.discord``).
"""

from __future__ import annotations

import logging

from aiohttp import web

from core.tables.threads import table_in
from data.live import LiveStore
from web.activity import ActivityBackend, Denied, DiscordUnreachable
from web.bodies import NoQuery, SessionBody, TokenBody, json_body, query_of
from web.errors import ApiError, Said, json_answer, too_many
from web.guard import ADDRESS

log = logging.getLogger(__name__)


class ActivityRoutes:
    def __init__(self, backend: ActivityBackend, store: LiveStore) -> None:
        self.backend = backend
        self.store = store  # where the Discord surface says which table a channel holds

    def add_to(self, app: web.Application) -> None:
        app.on_startup.append(self.backend.discord.start)
        app.on_cleanup.append(self.backend.discord.close)
        app.router.add_get("/api/activity", self.get_activity)
        app.router.add_post("/api/activity/token", self.post_token)
        app.router.add_post("/api/activity/session", self.post_session)

    def _asking(self, request: web.Request) -> ActivityBackend:
        """The backend, for a call that asks Discord on the page's behalf (limited per address)."""
        if not self.backend.asking.take(request[ADDRESS]):
            raise too_many()
        return self.backend

    async def get_activity(self, request: web.Request) -> web.Response:
        query_of(request, NoQuery)
        return json_answer({"client_id": self.backend.config.client_id})

    async def post_token(self, request: web.Request) -> web.Response:
        body = await json_body(request, TokenBody)
        try:
            access_token = await self._asking(request).token(body.code)
        except Denied as denied:
            log.info("an Activity token exchange was refused: %s", denied)
            raise ApiError(403, "activity_denied", Said("web", "error.activity_denied")) from None
        except DiscordUnreachable as error:
            log.warning("Discord did not answer an Activity token exchange: %s", error)
            raise ApiError(503, "discord_down", Said("web", "error.discord_down")) from None
        return json_answer({"access_token": access_token})

    async def post_session(self, request: web.Request) -> web.Response:
        body = await json_body(request, SessionBody)
        try:
            session, signed = await self._asking(request).session(body.access_token, body.instance_id)
        except Denied as denied:
            log.info("an Activity session was refused: %s", denied)
            raise ApiError(403, "activity_denied", Said("web", "error.activity_denied")) from None
        except DiscordUnreachable as error:
            log.warning("Discord did not answer for an Activity session: %s", error)
            raise ApiError(503, "discord_down", Said("web", "error.discord_down")) from None
        table = None if session.channel_id is None else await table_in(self.store, session.channel_id)
        return json_answer(
            {
                "session": signed,
                "member": {"id": str(session.member_id), "name": session.name},
                "guild_id": str(session.guild_id),
                "table": table,
            }
        )

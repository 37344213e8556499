"""A finished hand's replay (SPEC §7.2): its page and its steps.

``GET /replay/<table-id>/<hand-number>[?seat=E|S|W|N][&step=K]`` serves ``web/static/replay.html``
for a hand of the ledger: any table's (a web table's or a Discord server's, by its id: anyone with the
link may watch the table anyway), and only once it is finished, since the ledger holds finished hands
alone. A tournament's table's hands wait for its round (SPEC §9: a round's results are withheld until
all its tables have ended, and every table of a round plays the same walls): until then they are 404 for
everyone, its players included, as a hand not finished. ``hand-number`` is 1-based, the number the table
page shows (``frame.hand_number``): hand ``n`` is the ledger's ``hand_id(table, n - 1)``. A hand the
ledger does not hold, or an address that names none, is 404; a ``seat`` that is not one of the hand's
winds or a ``step`` out of its steps, 400; an address asking too fast, 429: in plain words in the page's
language, and no tile.

``GET /replay/<table-id>/<hand-number>/steps?seat=E&lang=xx`` answers every step of the hand from that
seat at once, ``{"steps": N, "seat": "E", "frames": [...]}`` (``core.tables.replay.replay_frames``: SPEC
§7 frames with ``step``, ``steps`` and ``said``), compressed, and cacheable, since a finished hand never
changes: a hand of a hundred steps is one request, and stepping through it asks the server nothing.
Its refusals are the API's (``{"error": key, "message": words}``). The page is limited per address as the
table page is (``RateLimits.address``), the steps more (``RateLimits.replay_steps``: each answer replays
the hand).
"""

from __future__ import annotations

import asyncio
import logging
import pathlib
import re
from collections.abc import Callable
from typing import Any

from aiohttp import web

from core.tables.ledger_entries import hand_id
from core.tables.replay import parse_record, replay_frames, step_count
from core.tables.service import TableService
from core.tournaments.fair_play import place_of_table, withholds
from core.tournaments.service import TournamentService
from data.ledger import HandEntry, Ledger
from data.live import StoreError
from web import words
from web.errors import ApiError, Said, bad_request, json_answer, too_many
from web.guard import Guard
from web.limits import RateLimits, TokenBuckets
from web.table_sockets import refused_page

log = logging.getLogger(__name__)

_TABLE = re.compile(r"[a-z0-9]{1,32}")  # a table id (``web.table_routes.TABLE_ID``)
_NUMBER = re.compile(r"[1-9][0-9]{0,4}")
WINDS = "ESWN"
CACHED = "public, max-age=86400"
"""A replay's steps never change; a day, so that a release's new words or frames reach it in one."""


class ReplayRoutes:
    def __init__(
        self,
        ledger: Ledger,
        tables: TableService,
        tournaments: TournamentService,
        guard: Guard,
        clock: Callable[[], float],
        limits: RateLimits,
        static: pathlib.Path,
    ) -> None:
        self.ledger = ledger
        self.tables = tables
        self.tournaments = tournaments
        self.guard = guard
        self.static = static
        self._pages = TokenBuckets(limits.address, clock)
        self._steps = TokenBuckets(limits.replay_steps, clock)

    def add_to(self, app: web.Application) -> None:
        app.router.add_get("/replay/{table}/{number}", self.page)
        app.router.add_get("/replay/{table}/{number}/steps", self.steps)

    async def _hand(self, request: web.Request, buckets: TokenBuckets) -> HandEntry:
        """The hand the address names, from the ledger: 429 for an address asking too fast (``buckets``),
        404 for a hand the ledger does not hold (not finished, or none) or a tournament's round still
        withholds, 503 for a ledger or live store unavailable."""
        if not buckets.take(self.guard.address(request)):
            raise too_many()
        table, number = request.match_info["table"], request.match_info["number"]
        if not _TABLE.fullmatch(table) or not _NUMBER.fullmatch(number):
            raise ApiError(404, "not_found", Said("web", "error.not_found"))
        try:
            entry = await self.ledger.hand(hand_id(table, int(number) - 1))
            withheld = entry is not None and await self._withheld(table)
        except StoreError as error:
            log.warning("a replay found the ledger or the live store unavailable: %s", error)
            raise ApiError(503, "store_unavailable", Said("web", "error.store_down")) from None
        if entry is None or withheld:
            raise ApiError(404, "not_found", Said("web", "error.not_found"))
        return entry

    async def _withheld(self, table_id: str) -> bool:
        """Whether the table is a tournament's whose round has not ended (``withholds``). A table the live
        store keeps names its tournament; one it no longer keeps (removed three days after its end) may
        be an asynchronous round's whose other tables still play, so the tournaments are looked through:
        only for such old tables, whose replays are rarely asked for."""
        found = await self.tables.read(table_id)
        if found is not None:
            place = place_of_table(found.state)
            if place is None:
                return False
            stored = await self.tournaments.read(place.tournament_id)
            return stored is not None and withholds(stored.tournament, table_id)
        for tournament_id in await self.tournaments.every_id():
            stored = await self.tournaments.read(tournament_id)
            if stored is not None and withholds(stored.tournament, table_id):
                return True
        return False

    async def page(self, request: web.Request) -> web.StreamResponse:
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        try:
            entry = await self._hand(request, self._pages)
            _seat(request, entry)
            step = request.query.get("step")
            if step is not None:
                count = await asyncio.to_thread(step_count, parse_record(entry.record))
                if not step.isdecimal() or not 1 <= int(step) <= count:
                    raise bad_request("bad_field", "step")
        except ApiError as error:
            return refused_page(error, lang)
        page = self.static / "replay.html"
        if not page.is_file():
            return web.Response(status=503, text="The replay page is not built: web/static/replay.html is missing.\n")
        return web.FileResponse(page, headers={"Cache-Control": "no-cache"})

    async def steps(self, request: web.Request) -> web.StreamResponse:
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        try:
            entry = await self._hand(request, self._steps)
            wind = _seat(request, entry)
        except ApiError as error:
            return error.response(lang)
        frames = await asyncio.to_thread(replay_frames, entry, wind, lang)
        body: dict[str, Any] = {"steps": len(frames), "seat": WINDS[wind], "frames": frames}
        response = json_answer(body)
        response.headers["Cache-Control"] = CACHED
        response.headers["Vary"] = "Accept-Language"  # the words, when no ``lang`` says them
        response.enable_compression()
        return response


def _seat(request: web.Request, entry: HandEntry) -> int:
    """The wind the query's ``seat`` names among the hand's (East when it names none): 400 otherwise."""
    seat = request.query.get("seat", "E")
    if len(seat) != 1 or seat not in WINDS[: len(entry.seats)]:
        raise bad_request("bad_field", "seat")
    return WINDS.index(seat)

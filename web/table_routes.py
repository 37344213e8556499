"""The table page's routes (SPEC §7): a new table, the table's page, and its socket (``web.table_sockets``).

``GET /table/new?rules=classic|hongkong|family&computers=0..3[&length=…][&seed=N]`` (and ``HEAD``, which
aiohttp routes with it) opens nothing: link previews, prefetchers and monitors fetch such links. It
shows the Start page (``web.start_page``): the table it would open, in the page's language, and a Start
button whose form posts the same fields. ``POST /table/new`` (those fields, form-encoded) opens the table
on the web's server (``WEB_GUILD``) with its creator seated (the ``mj_player`` cookie's player, a
newcomer given one as the API gives it, named by their pseudonym or the neutral name) and redirects
(303) to ``/table/<id>``. The table gets what ``/mahjong new`` gives a server that set nothing
(``core.tables.options``): the rules' own length unless ``length`` says, live deadlines, strong computer
players, hints; its public words in the page's language. A ``seed`` makes a practice table: its walls
are that seed's, and it is never rated. Fields it does not take are 400 (the Start page's query too), a
foreign origin 403 (``web.origins``), a form over 4 KB 413, an address opening tables too fast 429
(``RateLimits.new_table``; the Start page is paced as any page): in the page's language, and nothing is
opened.

``GET /table/<id>`` serves ``web/static/table.html`` (503 while it is not built), 404 for a table that
does not exist; a newcomer's answer sets their cookie, so their socket plays them.
"""

from __future__ import annotations

import logging
import pathlib
from collections.abc import Callable, Iterable
from typing import Annotated, Literal

from aiohttp import web
from msgspec import UNSET, Meta, UnsetType

from core.events import Events
from core.refusal import Refusal
from core.tables.moves import Actor
from core.tables.options import SPEED_TIMINGS, table_defaults, table_rules, table_settings
from core.tables.service import TableService
from core.tournaments.service import TournamentService
from data.ledger import GuildSettings
from data.live import StoreError
from data.solitaire_ledger import SolitaireLedger
from game.errors import GameError
from game.rules import MatchLength, Ruleset
from web import words
from web.activity import ActivityBackend
from web.bodies import Body, fields_of, form_body
from web.errors import ApiError, Said, bad_request, too_many
from web.guard import WEB_GUILD, Guard
from web.identity import COOKIE
from web.limits import RateLimits, TokenBuckets
from web.replay_routes import ReplayRoutes
from web.start_page import start_page
from web.table_hub import TableHub
from web.table_results import WebResults
from web.table_sockets import TableSockets, refused_page
from web.tournament_routes import TournamentRoutes

log = logging.getLogger(__name__)

TABLE_ID = r"[a-z0-9]{1,32}"
"""A table id's shape as a path may carry it (``core.tables.service.new_table_id`` makes 8 of these)."""
SEED_LIMIT = 1 << 48
"""Seeds a practice table takes: those of every table's walls (``core.tables.service.new_seed``)."""


class NewTable(Body, frozen=True):
    """``/table/new``'s fields: the Start page's query, the form its Start button posts."""

    rules: Literal["classic", "hongkong", "family"]
    computers: Annotated[int, Meta(ge=0, le=3)] = 0
    length: MatchLength | UnsetType = UNSET
    seed: Annotated[int, Meta(ge=0, lt=SEED_LIMIT)] | UnsetType = UNSET


class TableRoutes:
    def __init__(
        self,
        tables: TableService,
        ledger: SolitaireLedger,
        guard: Guard,
        sockets: TableSockets,
        clock: Callable[[], float],
        limits: RateLimits,
        static: pathlib.Path,
    ) -> None:
        self.tables = tables
        self.ledger = ledger
        self.guard = guard
        self.sockets = sockets
        self.static = static
        self._new_tables = TokenBuckets(limits.new_table, clock)
        self._pages = TokenBuckets(limits.address, clock)

    def add_to(self, app: web.Application) -> None:
        # before the page's route, which "new" would match; GET shows the Start page, only its POST opens
        app.router.add_get("/table/new", self.start)
        app.router.add_post("/table/new", self.new_table)
        app.router.add_get(f"/table/{{table:{TABLE_ID}}}", self.page)
        app.router.add_get(f"/table/{{table:{TABLE_ID}}}/socket", self.sockets.socket)

    async def start(self, request: web.Request) -> web.StreamResponse:
        """The Start page of the table the query describes (``web.start_page``); it opens nothing."""
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        try:
            if not self._pages.take(self.guard.address(request)):
                raise too_many()
            chosen, rules = _chosen(request.query.items())
        except ApiError as error:
            return refused_page(error, lang)
        return web.Response(
            text=start_page(chosen, rules, lang),
            content_type="text/html",
            headers={"Cache-Control": "no-store"},
        )

    async def new_table(self, request: web.Request) -> web.StreamResponse:
        """The table the Start page's form describes, opened with its sender seated: 303 to its page."""
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        try:
            if not self.guard.same_origin(request):  # another site's form opens no table in the visitor's name
                raise ApiError(403, "foreign_origin", Said("web", "error.foreign_origin"))
            form, lang = await form_body(request, lang)
            query, rules = _chosen(form.items())
            length = None if query.length is UNSET else query.length
            if not self._new_tables.take(self.guard.address(request)):
                raise too_many()
            player = self.guard.ids.player(request.cookies.get(COOKIE))
            pseudonym = None if player.new else await self.ledger.pseudonym(WEB_GUILD, player.player_id)
            host = Actor(player.player_id, WEB_GUILD, pseudonym or words.say("player.unnamed", lang))
            defaults = table_defaults(GuildSettings(), SPEED_TIMINGS, rules=query.rules, length=length)
            opened = await self.tables.open(
                host=host,
                guild_id=WEB_GUILD,
                settings=table_settings(defaults, rules, lang),
                computers=query.computers,
                seed=None if query.seed is UNSET else query.seed,
            )
        except ApiError as error:
            return refused_page(error, lang)
        except Refusal as refusal:  # the store kept another table under the new id: try again
            log.warning("a web table could not be opened: %s", refusal.key)
            return refused_page(ApiError(503, "busy", Said("messages", "busy")), lang)
        except StoreError as error:
            log.warning("a web table could not be opened: %s", error)
            return refused_page(ApiError(503, "store_unavailable", Said("web", "error.store_down")), lang)
        response = web.Response(
            status=303, headers={"Location": f"/table/{opened.state.id}", "Cache-Control": "no-store"}
        )
        self.guard.give_cookie(request, response, player)
        return response

    async def page(self, request: web.Request) -> web.StreamResponse:
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        try:
            if not self._pages.take(self.guard.address(request)):
                raise too_many()
            found = await self.tables.read(request.match_info["table"])
        except ApiError as error:
            return refused_page(error, lang)
        except StoreError as error:
            log.warning("a table page found a store unavailable: %s", error)
            return refused_page(ApiError(503, "store_unavailable", Said("web", "error.store_down")), lang)
        if found is None:
            return refused_page(ApiError(404, "not_found", Said("web", "error.not_found")), lang)
        page = self.static / "table.html"
        if not page.is_file():
            return web.Response(status=503, text="The table page is not built: web/static/table.html is missing.\n")
        response = web.FileResponse(page, headers={"Cache-Control": "no-cache"})
        self.guard.give_cookie(request, response, self.guard.ids.player(request.cookies.get(COOKIE)))
        return response


def _chosen(fields: Iterable[tuple[str, object]]) -> tuple[NewTable, Ruleset]:
    """The table ``fields`` describe and its rules (``ApiError`` naming the field it does not take)."""
    chosen = fields_of(fields, NewTable)
    try:
        return chosen, table_rules(chosen.rules, None if chosen.length is UNSET else chosen.length)
    except GameError:  # the fields' choices are the engine's: never, unless they part
        raise bad_request("bad_field", "length") from None


TABLE_HUB = web.AppKey("table_hub", TableHub)
"""The application's hub (``web.table_hub``), for those who watch it (benchmarks, tests)."""


def add_tables(
    app: web.Application,
    tables: TableService,
    events: Events,
    tournaments: TournamentService,
    ledger: SolitaireLedger,
    guard: Guard,
    activity: ActivityBackend | None,
    clock: Callable[[], float],
    limits: RateLimits,
    static: pathlib.Path,
) -> TableHub:
    """The table page's routes on ``app`` (and the replays of its finished hands, ``web.replay_routes``,
    and the tournaments' pages, ``web.tournament_routes``), and its hub following the tables from the
    application's start to its shutdown (where every socket
    is closed, before aiohttp waits for its requests to end)."""
    hub = TableHub(tables, events, clock)
    results = WebResults(tables, events)
    sockets = TableSockets(hub, tables, tournaments, ledger, guard, activity, clock, limits)
    TableRoutes(tables, ledger, guard, sockets, clock, limits, static).add_to(app)
    ReplayRoutes(tables.ledger, tables, tournaments, guard, clock, limits, static).add_to(app)
    TournamentRoutes(tournaments, ledger, guard, clock, limits).add_to(app)

    async def start(_: web.Application) -> None:
        hub.start()
        results.start()

    async def close(_: web.Application) -> None:
        results.close()
        await hub.close()

    app.on_startup.append(start)
    app.on_shutdown.append(close)
    app.on_cleanup.append(close)
    app[TABLE_HUB] = hub
    return hub

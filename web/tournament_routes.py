"""A tournament's page routes (SPEC §9).

``GET /tournament/<id>`` (and ``HEAD``) answers the page ``web.tournament_page`` writes for its visitor
(the ``mj_player`` cookie's page player; a newcomer's answer sets one), in the page's language (``?lang=``
or the browser's); ``?said=<key>`` names the answer to the visitor's last press, which the page says
(a key it does not know is left unsaid). A tournament the store does not hold is 404 with words that say
so, a store unavailable 503, an address asking too fast 429 (``RateLimits.address``, as the table page).
Not cached: a reload shows the round as it stands.

``GET /tournament/new`` is the form that opens a web tournament (fetching it opens nothing); its press,
``POST /tournament/new``, opens one of the web's server whose organiser is the presser (each field within
its bounds, else 400 naming it; new tournaments at the new tables' pace per address) and leads to its page.
``POST /tournament/<id>/start|pause|resume|cancel`` are that organiser's presses, refused to anyone else.

``POST /tournament/<id>/name|join|checkin|leave`` (form-encoded, the page's forms) is a page player's
press: ``name`` sets their pseudonym (SPEC §6's rules, as ``POST /api/name``), ``join`` signs them up
under it (none yet: they are asked for it first), ``checkin`` and ``leave`` are the tournament's own
transitions (``core.tournaments.tournament``), applied by ``TournamentService.update`` with its
compare-and-set. Its answer is a 303 back to the page with ``said`` naming what happened or why it was
refused, so a reload posts nothing again. Only a tournament of the web's server takes page players (a
Discord server's tables take moves from their own members only): another's is answered that its members
sign up on Discord. A foreign origin is 403, a form over 4 KB 413, an address pressing too fast 429, an
unknown tournament 404: in words, nothing changed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from urllib.parse import urlencode

from aiohttp import web

from core.refusal import Refusal
from core.tournaments import tournament as life
from core.tournaments.seats import MAX_PLAYERS
from core.tournaments.service import TournamentService
from core.tournaments.tournament import BadSettings, Tournament, TournamentSettings
from data.ledger import LedgerValueError
from data.live import StoreError
from data.solitaire_ledger import PseudonymRefused, SolitaireLedger
from web import words
from web.bodies import form_body
from web.errors import ApiError, Said, bad_request, too_many
from web.guard import WEB_GUILD, Guard
from web.identity import COOKIE
from web.limits import RateLimits, TokenBuckets
from web.table_sockets import refused_page
from web.tournament_page import Visitor, new_tournament_page, tournament_page
from words import Lang

log = logging.getLogger(__name__)

TOURNAMENT_ID = r"[a-z0-9]{1,32}"
"""A tournament id's shape as a path may carry it (``core.tournaments.service.new_tournament_id`` makes 8)."""
PRESSES = "name|join|checkin|leave|start|pause|resume|cancel"

SAID: dict[str, Said] = {
    "named": Said("web", "tournament.said.named"),
    "joined": Said("web", "tournament.said.joined"),
    "checked": Said("web", "tournament.said.checked"),
    "left": Said("web", "tournament.said.left"),
    "name_first": Said("web", "tournament.said.name_first"),
    **{key: Said("web", f"tournament.said.{key}") for key in ("created", "started", "paused", "resumed", "cancelled")},
    "too_few": Said("web", "tournament.said.too_few"),
    "server_players": Said("web", "tournament.you.server"),
    "tournament_full": Said("messages", "tournament_full", {"limit": MAX_PLAYERS}),
    **{
        key: Said("messages", key)
        for key in (
            "tournament_joined",
            "tournament_not_joined",
            "tournament_signup_closed",
            "tournament_checkin_closed",
            "tournament_started",
            "tournament_not_playing",
            "tournament_over",
            "tournament_organiser_only",
            "tournament_not_paused",
            "tournament_round_playing",
            "sol_name_bad",
            "sol_name_taken",
            "sol_name_default",
            "busy",
        )
    },
}
"""What a press may answer, by the key ``?said=`` carries: what happened, or the refusal's own words."""
_FORM_FIELDS = {"signup_minutes": "signup", "checkin_minutes": "checkin"}
"""The new tournament form's names for ``TournamentSettings.asked``'s parameters, where they differ."""


class TournamentRoutes:
    def __init__(
        self,
        tournaments: TournamentService,
        ledger: SolitaireLedger,
        guard: Guard,
        clock: Callable[[], float],
        limits: RateLimits,
    ) -> None:
        self.tournaments = tournaments
        self.ledger = ledger
        self.guard = guard
        self.clock = clock
        self._pages = TokenBuckets(limits.address, clock)  # a press is a request as a page is
        self._new = TokenBuckets(limits.new_table, clock)  # a tournament opened as often as a table

    def add_to(self, app: web.Application) -> None:
        app.router.add_get("/tournament/new", self.new_page)
        app.router.add_post("/tournament/new", self.open)
        app.router.add_get(f"/tournament/{{tournament:{TOURNAMENT_ID}}}", self.page)
        app.router.add_post(f"/tournament/{{tournament:{TOURNAMENT_ID}}}/{{press:{PRESSES}}}", self.press)

    async def page(self, request: web.Request) -> web.StreamResponse:
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        player = self.guard.ids.player(request.cookies.get(COOKIE))
        try:
            if not self._pages.take(self.guard.address(request)):
                raise too_many()
            found = await self.tournaments.read(request.match_info["tournament"])
            pseudonym = None if player.new else await self.ledger.pseudonym(WEB_GUILD, player.player_id)
        except ApiError as error:
            return refused_page(error, lang)
        except StoreError as error:
            log.warning("a tournament page found a store unavailable: %s", error)
            return refused_page(ApiError(503, "store_unavailable", Said("web", "error.store_down")), lang)
        if found is None:
            return refused_page(ApiError(404, "not_found", Said("web", "error.no_tournament")), lang)
        key = request.query.get("said", "")
        made = found.tournament
        said = None if key not in SAID else (key, _said_text(SAID[key], made, player.player_id, lang))
        visitor = Visitor(None if player.new else player.player_id, pseudonym, self.clock(), said)
        response = web.Response(
            text=tournament_page(made, lang, visitor),
            content_type="text/html",
            headers={"Cache-Control": "no-store"},
        )
        self.guard.give_cookie(request, response, player)
        return response

    async def new_page(self, request: web.Request) -> web.StreamResponse:
        """The form that opens a web tournament (fetching it opens nothing)."""
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        if not self._pages.take(self.guard.address(request)):
            return refused_page(too_many(), lang)
        response = web.Response(
            text=new_tournament_page(lang), content_type="text/html", headers={"Cache-Control": "no-store"}
        )
        self.guard.give_cookie(request, response, self.guard.ids.player(request.cookies.get(COOKIE)))
        return response

    async def open(self, request: web.Request) -> web.StreamResponse:
        """The form's press: a tournament of the web's server opened, its presser its organiser, then 303 to
        its page. A field out of its bounds is 400 naming it, in the page's language; nothing is opened."""
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        player = self.guard.ids.player(request.cookies.get(COOKIE))
        try:
            if not self.guard.same_origin(request):
                raise ApiError(403, "foreign_origin", Said("web", "error.foreign_origin"))
            form, lang = await form_body(request, lang)
            settings = _settings_of(form, lang, self.clock())
            if not self._new.take(self.guard.address(request)):
                raise too_many()
            opened = await self.tournaments.open(WEB_GUILD, player.player_id, settings)
        except ApiError as error:
            return refused_page(error, lang)
        except StoreError as error:
            log.warning("a new tournament found a store unavailable: %s", error)
            return refused_page(ApiError(503, "store_unavailable", Said("web", "error.store_down")), lang)
        query = urlencode({"lang": lang, "said": "created"})
        response = web.Response(
            status=303,
            headers={"Location": f"/tournament/{opened.tournament.id}?{query}", "Cache-Control": "no-store"},
        )
        self.guard.give_cookie(request, response, player)
        return response

    async def press(self, request: web.Request) -> web.StreamResponse:
        """A page player's press (``name``, ``join``, ``checkin``, ``leave``): done or refused, then 303 back
        to the page, which says which."""
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        tournament_id = request.match_info["tournament"]
        player = self.guard.ids.player(request.cookies.get(COOKIE))
        try:
            if not self.guard.same_origin(request):  # another site's form presses nothing in the visitor's name
                raise ApiError(403, "foreign_origin", Said("web", "error.foreign_origin"))
            form, lang = await form_body(request, lang)
            if not self._pages.take(self.guard.address(request)):
                raise too_many()
            found = await self.tournaments.read(tournament_id)
            if found is None:
                raise ApiError(404, "not_found", Said("web", "error.no_tournament"))
            name = form.get("name")
            said = await self._pressed(
                request.match_info["press"], found.tournament, player.player_id, name if isinstance(name, str) else ""
            )
        except ApiError as error:
            return refused_page(error, lang)
        except StoreError as error:
            log.warning("a tournament press found a store unavailable: %s", error)
            return refused_page(ApiError(503, "store_unavailable", Said("web", "error.store_down")), lang)
        query = urlencode({"lang": lang, "said": said})
        response = web.Response(
            status=303, headers={"Location": f"/tournament/{tournament_id}?{query}", "Cache-Control": "no-store"}
        )
        self.guard.give_cookie(request, response, player)
        return response

    async def _pressed(self, press: str, made: Tournament, player_id: int, name: str) -> str:
        """Do ``press`` for ``player_id``: the key (of ``SAID``) of what happened or why nothing did."""
        if made.guild_id != WEB_GUILD:
            return "server_players"
        try:
            if press == "name":
                await self.ledger.set_pseudonym(WEB_GUILD, player_id, name.strip())
                return "named"
            if press == "join":
                pseudonym = await self.ledger.pseudonym(WEB_GUILD, player_id)
                if pseudonym is None:
                    return "name_first"
                await self.tournaments.update(
                    made.id, lambda current, now: life.join(current, player_id, now, pseudonym)
                )
                return "joined"
            if press == "start":
                await self.tournaments.start(made.id, player_id)
                return "started"
            if press in ("pause", "resume", "cancel"):
                act = {"pause": life.pause, "resume": life.resume, "cancel": life.cancel}[press]
                await self.tournaments.update(made.id, lambda current, now: act(current, player_id))
                return {"pause": "paused", "resume": "resumed", "cancel": "cancelled"}[press]
            if press == "checkin":
                await self.tournaments.update(made.id, lambda current, now: life.check_in(current, player_id, now))
                return "checked"
            await self.tournaments.update(made.id, lambda current, now: life.leave(current, player_id, now))
            return "left"
        except PseudonymRefused as refused:
            return refused.key
        except LedgerValueError:
            return "sol_name_bad"
        except Refusal as refusal:
            if refusal.key == "tournament_too_few":
                return "too_few"
            if refusal.key not in SAID:  # a transition's refusal without words here (a bug): said as busy
                log.error("a tournament press was refused %s, which the page cannot say", refusal.key)
                return "busy"
            return refusal.key


def _settings_of(form: Mapping[str, object], lang: Lang, now: float) -> TournamentSettings:
    """The form's tournament: each field read within its bounds, else 400 naming it."""

    def text(name: str) -> str:
        value = form.get(name, "")
        if not isinstance(value, str):
            raise bad_request("bad_field", name)
        return value

    def number(name: str) -> int:
        digits = text(name).strip()
        if not (digits.isascii() and digits.isdigit()):  # str.isdigit alone takes "²", which int refuses
            raise bad_request("bad_field", name)
        return int(digits)

    try:
        return TournamentSettings.asked(
            title=text("title"),
            rules=text("rules"),
            rounds=number("rounds"),
            length=text("length"),
            signup_minutes=number("signup"),
            checkin_minutes=number("checkin"),
            now=now,
            lang=lang,
        )
    except BadSettings as error:
        raise bad_request("bad_field", _FORM_FIELDS.get(error.field, error.field)) from None


def _said_text(said: Said, made: Tournament, player_id: int, lang: str) -> str:
    """``said`` in ``lang``; the words of a join name the player as the tournament does."""
    if said.key == "tournament.said.joined":
        return words.say(said.key, lang, name=made.name_of(player_id))
    return said.text(lang)

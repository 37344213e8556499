"""The solitaire page's server (SPEC §6): the page, its static files, ``/healthz`` and the JSON API.

``create_app(service, ledger, store, clock)`` builds the aiohttp application over the solitaire service
that Discord's surface uses: a pick on the page is a ``GameMove`` through ``SolitaireService``, with
its compare-and-set, its events and its ledger path, so the score is always the replay's. Web players
play on the deployment's web boards, guild ``WEB_GUILD`` (0), as member = their player id.

Every API request is checked before anything is read or written, and a refused request changes
nothing: a foreign ``Origin`` (403), a body over 4 KB (413), a flood (429, per player and per
address), a body that is not the route's JSON (400, naming the field), a move that is not current
(409, with the current game), a move the rules refuse (422, saying why). A move names its game only
to be checked: the game is always read from the requesting player's own slot, so another player's
game id reaches nothing. Errors are ``{"error": key, "message": text}`` in the page's language.

In the Discord Activity (``web.activity``, when ``create_app`` is given its configuration) a request
with the header ``X-Mahjong-Session`` is played as that session's member in that server's slot, on
that server's boards, the same as ``/solitaire`` in Discord; without the header, the cookie identity
applies as above.

Error keys: ``bad_json``, ``missing_field``, ``unknown_field``, ``bad_field`` (400);
``foreign_origin``, ``bad_session``, ``activity_denied`` (403); ``not_found``, ``no_game`` (404);
``method_not_allowed`` (405); ``stale``, ``other_game`` (409, with ``game``); ``too_large`` (413);
``refused`` (422, with ``game`` when the player has one); ``too_many_requests`` (429); ``internal``
(500); ``store_unavailable``, ``busy``, ``discord_down`` (503).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import pathlib
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from aiohttp import web

from bot import i18n
from core.refusal import Refusal
from core.solitaire import play
from core.solitaire.moves import GameMove, GameVerb
from core.solitaire.play import Outcome
from core.solitaire.service import Committed, SolitaireService
from core.solitaire.state import SolitaireState
from data.ledger import LedgerValueError
from data.live import LiveStore, StoreError
from data.solitaire_ledger import KINDS, Board, Kind, PseudonymRefused, SolitaireLedger
from game.solitaire.deal import SEED_LIMIT
from web import words
from web.activity import (
    INSTANCE_HEADER,
    SESSION_HEADER,
    ActivityBackend,
    ActivityConfig,
    Denied,
    DiscordUnreachable,
)
from web.addresses import Network, client_address, forwarded_secure
from web.identity import COOKIE, COOKIE_MAX_AGE, Player, PlayerIds, web_secret
from web.limits import RateLimits, TokenBuckets
from web.views import game_json, standing_json

log = logging.getLogger(__name__)

WEB_GUILD = 0
"""The web boards' guild id in the solitaire service and ledger (no Discord server has id 0)."""
UNNAMED = "?"
"""The name a web player's games carry (they have no display name). No pseudonym can be it (one is 2 to
32 letters), so a leaderboard line with it is shown under the catalog's neutral name instead."""
BODY_LIMIT = 4096
LEADERBOARD_ROWS = 10
STATIC = pathlib.Path(__file__).with_name("static")
_WHOLE_LIMIT = 1 << 31  # a bound on a tile id or a step read from a request; the game says which exist
_CREDENTIAL = re.compile(r"[A-Za-z0-9._~-]{1,200}")  # an OAuth2 code or access token (RFC 6749's characters)
UNPLAYED_SECONDS = 3600.0
"""A web game shown and never played is dropped after this long (anyone may open games: each answer
without a cookie starts one)."""
UNTOUCHED_SECONDS = 30 * 86400.0
"""A web game nobody has touched for this long is dropped (finished and recorded first if it was played)."""
SWEEP_SECONDS = 600.0
_HEALTH_SECONDS = 2.0
_JSON = functools.partial(json.dumps, ensure_ascii=False, separators=(",", ":"))
_VERBS: tuple[GameVerb | Literal["hint"], ...] = ("pair", "undo", "pause", "resume", "finish", "hint")

PLAYER = web.RequestKey("player", Player)
GUILD = web.RequestKey("guild", int)
"""Whose boards the request plays on: ``WEB_GUILD`` for the standalone page, the server of the
Activity session."""
SHOWN_NAME = web.RequestKey("shown_name", str)
LANG = web.RequestKey("lang", str)
ADDRESS = web.RequestKey("address", str)  # the client's, as web.addresses finds it
_ACTIVITY_PATHS = "/api/activity"


# --- errors ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Said:
    """A message to be said in the request's language: a ``web`` catalog key, or a ``messages`` one
    (the solitaire's refusals, worded once for every surface)."""

    catalog: Literal["web", "messages"]
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        if self.catalog == "web":
            return words.say(self.key, lang, **self.params)
        return i18n.say(self.key, lang, **self.params)


class ApiError(Exception):
    """A refused request: its status, its error key, what the player is told, and what else the answer
    carries (the current game)."""

    def __init__(self, status: int, error: str, said: Said, extra: Mapping[str, Any] | None = None) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.said = said
        self.extra = dict(extra or {})

    def with_game(self, game: Mapping[str, Any]) -> ApiError:
        return ApiError(self.status, self.error, self.said, {**self.extra, "game": game})

    def response(self, lang: str) -> web.Response:
        body = {"error": self.error, "message": self.said.text(lang), **self.extra}
        return json_answer(body, self.status)


def bad_request(error: str, field_name: str) -> ApiError:
    return ApiError(400, error, Said("web", f"error.{error}", {"field": shown_field(field_name)}))


def shown_field(name: str) -> str:
    """A field's name as a refusal repeats it: the sender's text, so only its first 40 printable
    characters, and none that cannot be written as UTF-8 (a lone surrogate from ``\\ud800``)."""
    return "".join(char for char in name[:40] if char.isprintable() and not 0xD800 <= ord(char) <= 0xDFFF)


def refusal_error(refusal: Refusal) -> ApiError:
    """How a refusal of the game or the service is answered on the web."""
    key = refusal.key
    if key == "sol_stale":
        return ApiError(409, "stale", Said("web", "error.stale"))
    if key == "sol_other_game":
        return ApiError(409, "other_game", Said("web", "error.other_game"))
    if key == "sol_no_game":
        return ApiError(404, "no_game", Said("web", "error.no_game"))
    if key == "sol_free_open":  # the Discord wording names a slash command
        return ApiError(422, "refused", Said("web", "error.free_open", refusal.params))
    if key == "sol_busy":
        return ApiError(503, "busy", Said("messages", key))
    return ApiError(422, "refused", Said("messages", key, refusal.params))


def json_answer(body: Mapping[str, Any], status: int = 200) -> web.Response:
    return web.json_response(body, status=status, dumps=_JSON, headers={"Cache-Control": "no-store"})


# --- reading requests -----------------------------------------------------------------------------


Check = Callable[[Any], bool]


def _whole(low: int, high: int) -> Check:
    return lambda value: type(value) is int and low <= value < high


def _one_of(*choices: str) -> Check:
    return lambda value: isinstance(value, str) and value in choices


def _text(longest: int) -> Check:
    return lambda value: isinstance(value, str) and 1 <= len(value) <= longest


def _tile_pair(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_whole(0, _WHOLE_LIMIT)(tile) for tile in value)


def _credential(value: Any) -> bool:
    return isinstance(value, str) and _CREDENTIAL.fullmatch(value) is not None


def _instance_id(value: Any) -> bool:
    return isinstance(value, str) and 1 <= len(value) <= 100


def _name(value: Any) -> bool:
    return value is None or (isinstance(value, str) and len(value) <= 100)


_MODE = _one_of(*KINDS)
_SEED = _whole(0, SEED_LIMIT)


async def json_body(
    request: web.Request, required: Mapping[str, Check], optional: Mapping[str, Check]
) -> dict[str, Any]:
    """The request's JSON object, each field checked: 400 for JSON that is not an object, a field
    missing, one the route does not take, or a value of the wrong type or out of range."""
    if request.content_type != "application/json":
        raise ApiError(400, "bad_json", Said("web", "error.bad_json"))
    try:
        body = json.loads(await request.read())
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: arrays nested a thousand deep
        raise ApiError(400, "bad_json", Said("web", "error.bad_json")) from None
    if not isinstance(body, dict):
        raise ApiError(400, "bad_json", Said("web", "error.bad_json"))
    for name in sorted(body):
        if name not in required and name not in optional:
            raise bad_request("unknown_field", name)
    for name, check in {**required, **optional}.items():
        if name not in body:
            if name in required:
                raise bad_request("missing_field", name)
        elif not check(body[name]):
            raise bad_request("bad_field", name)
    return body


def query_of(request: web.Request, checks: Mapping[str, Callable[[str], Any]]) -> dict[str, Any]:
    """The query's parameters, each read by its function (``ValueError``: 400 naming it); ``lang`` is
    every route's, and any other parameter is refused."""
    found: dict[str, Any] = {}
    for name, value in request.query.items():
        if name == "lang":
            continue
        if name not in checks or name in found:
            raise bad_request("unknown_field", name)
        try:
            found[name] = checks[name](value)
        except ValueError:
            raise bad_request("bad_field", name) from None
    return found


def _query_choice(*choices: str) -> Callable[[str], str]:
    def read(value: str) -> str:
        if value not in choices:
            raise ValueError(value)
        return value

    return read


def _query_seed(value: str) -> int:
    if not (value.isascii() and value.isdigit() and len(value) <= 20 and int(value) < SEED_LIMIT):
        raise ValueError(value)
    return int(value)


def same_origin(request: web.Request) -> bool:
    """Whether the request has no ``Origin`` or the server's own (its host and port as the browser
    reached it: behind a proxy that ends TLS the scheme differs, the host does not). A browser's
    ``Sec-Fetch-Site`` is read too: a link or a form on another site sends no ``Origin`` with a GET,
    but says ``cross-site`` there."""
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return False
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    scheme, separator, authority = origin.partition("://")
    return bool(separator) and scheme in ("http", "https") and authority.lower() == request.host.lower()


# --- the API --------------------------------------------------------------------------------------


class SolitaireApi:
    """The API's routes over one solitaire service, and the checks every API request passes first."""

    def __init__(
        self,
        service: SolitaireService,
        ledger: SolitaireLedger,
        store: LiveStore,
        clock: Callable[[], float],
        limits: RateLimits,
        activity: ActivityBackend | None = None,
        trusted_proxies: Sequence[Network] = (),
    ) -> None:
        self.service = service
        self._trusted_proxies = tuple(trusted_proxies)
        self.ledger = ledger
        self.store = store
        self.clock = clock
        self._per_player = TokenBuckets(limits.player, clock)
        self._per_address = TokenBuckets(limits.address, clock)
        self._hints = TokenBuckets(limits.hint, clock)
        self._new_games = TokenBuckets(limits.new_game, clock)
        self._ids: PlayerIds | None = None
        self.activity = activity

    async def start(self, _: web.Application) -> None:
        secret = await web_secret(self.store)
        self._ids = PlayerIds(secret)
        if self.activity is not None:
            self.activity.use_secret(secret)

    @property
    def ids(self) -> PlayerIds:
        if self._ids is None:
            raise RuntimeError("the web secret is read when the application starts")
        return self._ids

    # --- the checks -------------------------------------------------------------------------------

    async def guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if not request.path.startswith("/api/"):
            return await handler(request)
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        request[LANG] = lang
        player: Player | None = None
        response: web.StreamResponse
        try:
            if not same_origin(request):
                raise ApiError(403, "foreign_origin", Said("web", "error.foreign_origin"))
            forwarded = request.headers.getall("X-Forwarded-For", [])
            request[ADDRESS] = client_address(request.remote, forwarded, self._trusted_proxies)
            # An Activity's member is limited as a member only: every member's requests come through
            # Discord's proxy, whose few addresses say nothing of who sent them. Anyone else meets the
            # address's limit first: a flood without a cookie (a new id each) or with a forged session.
            member = not request.path.startswith(_ACTIVITY_PATHS) and self._activity_session(request)
            if not member and not self._per_address.take(request[ADDRESS]):
                raise ApiError(429, "too_many_requests", Said("web", "error.too_many"))
            if not request.path.startswith(_ACTIVITY_PATHS):  # those routes play no one: they make a session
                player = self._identify(request)
                if not self._per_player.take((request[GUILD], player.player_id)):
                    raise ApiError(429, "too_many_requests", Said("web", "error.too_many"))
            if request.content_length is not None and request.content_length > BODY_LIMIT:
                raise ApiError(413, "too_large", Said("web", "error.too_large"))
            response = await handler(request)
        except ApiError as error:
            response = error.response(lang)
        except Refusal as refusal:
            response = refusal_error(refusal).response(lang)
        except web.HTTPRequestEntityTooLarge:  # a body that said no length, read past the limit
            response = ApiError(413, "too_large", Said("web", "error.too_large")).response(lang)
        except web.HTTPNotFound:
            response = ApiError(404, "not_found", Said("web", "error.not_found")).response(lang)
        except web.HTTPMethodNotAllowed:
            response = ApiError(405, "method_not_allowed", Said("web", "error.not_found")).response(lang)
        except StoreError as error:
            log.warning("a web request found a store unavailable: %s", error)
            response = ApiError(503, "store_unavailable", Said("web", "error.store_down")).response(lang)
        except Exception:
            log.exception("the web request %s %s failed", request.method, request.path)
            response = ApiError(500, "internal", Said("web", "error.internal")).response(lang)
        if player is not None and player.new:  # an Activity's player is never new: no cookie is set
            response.set_cookie(
                COOKIE,
                self.ids.cookie_value(player.player_id),
                max_age=COOKIE_MAX_AGE,
                path="/",
                httponly=True,
                samesite="Lax",
                secure=request.secure or self._forwarded_secure(request),
            )
        return response

    def _forwarded_secure(self, request: web.Request) -> bool:
        """Whether the client reached a TLS-ending proxy the deployment trusts over HTTPS."""
        proto = request.headers.getall("X-Forwarded-Proto", [])
        return forwarded_secure(request.remote, proto, self._trusted_proxies)

    def _activity_session(self, request: web.Request) -> bool:
        """Whether the request carries a good Activity session (checked again by ``_identify``)."""
        shown = request.headers.get(SESSION_HEADER)
        if shown is None or self.activity is None:
            return False
        return self.activity.session_of(shown, request.headers.get(INSTANCE_HEADER)) is not None

    def _identify(self, request: web.Request) -> Player:
        """Who plays, and on whose boards: the Activity session's member in its server when the request
        carries one (403 for one forged, expired or of another instance), else the cookie's player."""
        shown = request.headers.get(SESSION_HEADER)
        if shown is None:
            player = self.ids.player(request.cookies.get(COOKIE))
            request[PLAYER], request[GUILD], request[SHOWN_NAME] = player, WEB_GUILD, UNNAMED
            return player
        instance_id = request.headers.get(INSTANCE_HEADER)
        session = None if self.activity is None else self.activity.session_of(shown, instance_id)
        if session is None:
            raise ApiError(403, "bad_session", Said("web", "error.bad_session"))
        player = Player(session.member_id, False)
        request[PLAYER], request[GUILD], request[SHOWN_NAME] = player, session.guild_id, session.name
        return player

    # --- the Activity -----------------------------------------------------------------------------

    def _backend(self, request: web.Request) -> ActivityBackend:
        """The Activity's backend, for a call that asks Discord on the page's behalf (limited per address)."""
        if self.activity is None:  # the routes exist only with it
            raise web.HTTPNotFound()
        if not self.activity.asking.take(request[ADDRESS]):
            raise ApiError(429, "too_many_requests", Said("web", "error.too_many"))
        return self.activity

    async def get_activity(self, request: web.Request) -> web.Response:
        query_of(request, {})
        assert self.activity is not None, "registered only with the Activity"
        return json_answer({"client_id": self.activity.config.client_id})

    async def post_activity_token(self, request: web.Request) -> web.Response:
        body = await json_body(request, {"code": _credential}, {})
        try:
            access_token = await self._backend(request).token(body["code"])
        except Denied as denied:
            log.info("an Activity token exchange was refused: %s", denied)
            raise ApiError(403, "activity_denied", Said("web", "error.activity_denied")) from None
        except DiscordUnreachable as error:
            log.warning("Discord did not answer an Activity token exchange: %s", error)
            raise ApiError(503, "discord_down", Said("web", "error.discord_down")) from None
        return json_answer({"access_token": access_token})

    async def post_activity_session(self, request: web.Request) -> web.Response:
        body = await json_body(request, {"access_token": _credential, "instance_id": _instance_id}, {})
        try:
            session, signed = await self._backend(request).session(body["access_token"], body["instance_id"])
        except Denied as denied:
            log.info("an Activity session was refused: %s", denied)
            raise ApiError(403, "activity_denied", Said("web", "error.activity_denied")) from None
        except DiscordUnreachable as error:
            log.warning("Discord did not answer for an Activity session: %s", error)
            raise ApiError(503, "discord_down", Said("web", "error.discord_down")) from None
        return json_answer(
            {
                "session": signed,
                "member": {"id": str(session.member_id), "name": session.name},
                "guild_id": str(session.guild_id),
            }
        )

    # --- games ------------------------------------------------------------------------------------

    async def get_game(self, request: web.Request) -> web.Response:
        query = query_of(request, {"mode": _query_choice(*KINDS), "seed": _query_seed})
        kind: Kind = "free" if query.get("mode") == "free" else "daily"
        if kind == "daily" and "seed" in query:
            raise bad_request("unknown_field", "seed")
        committed = await self._open(request, kind, query.get("seed"))
        return json_answer(await self._shown(committed))

    async def post_new(self, request: web.Request) -> web.Response:
        body = await json_body(request, {"mode": _MODE}, {"seed": _SEED})
        kind: Kind = body["mode"]
        if kind == "daily" and "seed" in body:
            raise bad_request("unknown_field", "seed")
        guild_id, player_id = request[GUILD], request[PLAYER].player_id
        current = await self.service.read(guild_id, player_id, kind)
        # an open daily of an earlier day is not the day's deal: the service finishes it for the new one
        if (
            current is not None
            and not current.state.game.over
            and (kind == "free" or current.state.day == self.service.today())
        ):
            error = ApiError(422, "refused", Said("web", "error.finish_first"))
            raise error.with_game(game_json(current.state, self.clock()))
        committed = await self._open(request, kind, body.get("seed"))
        return json_answer(await self._shown(committed))

    async def post_move(self, request: web.Request) -> web.Response:
        body = await json_body(
            request,
            {"mode": _MODE, "game": _text(40), "step": _whole(0, _WHOLE_LIMIT), "move": _one_of(*_VERBS)},
            {"tiles": _tile_pair},
        )
        verb = body["move"]
        if verb == "pair" and "tiles" not in body:
            raise bad_request("missing_field", "tiles")
        if verb != "pair" and "tiles" in body:
            raise bad_request("unknown_field", "tiles")
        kind: Kind = body["mode"]
        guild_id, player_id = request[GUILD], request[PLAYER].player_id
        try:
            if verb == "hint":
                return json_answer(await self._hint(guild_id, player_id, kind, body["game"], body["step"]))
            pair = (body["tiles"][0], body["tiles"][1]) if verb == "pair" else None
            move = GameMove(body["game"], body["step"], verb, pair)
            if verb == "finish":
                committed = await self.service.update(guild_id, player_id, kind, _confirmed_finish(move))
            else:
                committed = await self.service.act(guild_id, player_id, kind, move)
        except Refusal as refusal:
            raise await self._with_current(refusal_error(refusal), guild_id, player_id, kind) from None
        return json_answer(await self._game(committed.state, removed=committed.outcome.removed))

    async def _hint(self, guild_id: int, player_id: int, kind: Kind, game_id: str, step: int) -> dict[str, Any]:
        """A pair of a clearing order of the free game's board as it stands (none when the solver proves
        there is none, or finds none within its budget); it changes nothing."""
        if kind == "daily":
            raise Refusal("sol_no_hint_daily")
        current = await self.service.read(guild_id, player_id, kind)
        if current is None:
            raise Refusal("sol_no_game")
        state, now = current.state, self.clock()
        if state.id != game_id:
            raise Refusal("sol_other_game")
        if state.step != step:
            raise Refusal("sol_stale")
        if state.game.over:
            raise Refusal("sol_over")
        if state.game.is_paused(now):
            raise Refusal("sol_paused")
        # the solver may search for half a second: a hint is rarer than a pick
        if not self._hints.take(player_id):
            raise ApiError(429, "too_many_requests", Said("web", "error.too_many"))
        answer = await asyncio.to_thread(play.hint, state.game.board)
        return game_json(state, now, hint=answer.hint)

    async def _open(self, request: web.Request, kind: Kind, seed: int | None) -> Committed:
        guild_id, player_id, name = request[GUILD], request[PLAYER].player_id, request[SHOWN_NAME]
        # anyone may start web games (every answer without a cookie is a new player): each address only
        # so many, and those never played are dropped (``UNPLAYED_SECONDS``)
        starts = guild_id == WEB_GUILD and await self._starts_a_game(request, kind)
        if starts and not self._new_games.take(request[ADDRESS]):
            raise ApiError(429, "too_many_requests", Said("web", "error.too_many"))
        if kind == "daily":
            return await self.service.daily(guild_id, player_id, name)
        return await self.service.free(guild_id, player_id, name, seed)

    async def _starts_a_game(self, request: web.Request, kind: Kind) -> bool:
        """Whether opening ``kind`` writes a new game: the player has none open (of today, for a daily)."""
        if request[PLAYER].new:
            return True
        current = await self.service.read(request[GUILD], request[PLAYER].player_id, kind)
        if current is None or current.state.game.over:
            return True
        return kind == "daily" and current.state.day != self.service.today()

    async def _shown(self, committed: Committed) -> dict[str, Any]:
        """The game as the page draws it: the first time its board is shown, its clock starts."""
        if not committed.state.shown:
            committed = await self.service.shown(committed)
        return await self._game(committed.state)

    async def _game(self, state: SolitaireState, *, removed: tuple[int, int] | None = None) -> dict[str, Any]:
        """The game as the page draws it now; once it is over, with where it placed on its board."""
        shown = game_json(state, self.clock(), removed=removed)
        if state.game.over:
            board = Board("daily", state.day) if state.day is not None else Board("free")
            rank = await self.ledger.place_of(state.guild_id, state.member_id, board, shown["score"])
            shown["placed"] = {"board": state.kind, "rank": rank}
        return shown

    async def sweep(self) -> None:
        """Drop the web games nobody plays (``UNPLAYED_SECONDS``, ``UNTOUCHED_SECONDS``), every
        ``SWEEP_SECONDS``, for as long as the application runs."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                dropped = await self.service.expire(WEB_GUILD, UNPLAYED_SECONDS, UNTOUCHED_SECONDS)
            except StoreError as error:
                log.warning("the web games could not be swept: %s", error)
                continue
            if dropped:
                log.info("dropped %d web games nobody played or touched", dropped)

    async def _with_current(self, error: ApiError, guild_id: int, player_id: int, kind: Kind) -> ApiError:
        """A refused move's answer carries the game as it stands, so the page shows it again."""
        if error.status not in (409, 422):
            return error
        current = await self.service.read(guild_id, player_id, kind)
        return error if current is None else error.with_game(await self._game(current.state))

    # --- leaderboards and names -------------------------------------------------------------------

    async def get_leaderboard(self, request: web.Request) -> web.Response:
        query = query_of(request, {"board": _query_choice(*KINDS)})
        which = query.get("board", "daily")
        board = Board("daily", self.service.today()) if which == "daily" else Board("free")
        guild_id, player_id, lang = request[GUILD], request[PLAYER].player_id, request[LANG]
        unnamed = words.say("player.unnamed", lang)
        standings = await self.ledger.leaderboard(guild_id, board, LEADERBOARD_ROWS)
        own = await self.ledger.rank_of(guild_id, player_id, board)
        return json_answer(
            {
                "board": which,
                "rows": [standing_json(row, unnamed if row.name == UNNAMED else row.name) for row in standings],
                "own": None if own is None else standing_json(own, unnamed if own.name == UNNAMED else own.name),
            }
        )

    async def post_name(self, request: web.Request) -> web.Response:
        """The player's pseudonym on the web boards (null: the neutral name again), as ``/solitaire name``."""
        body = await json_body(request, {"name": _name}, {})
        guild_id, player_id = request[GUILD], request[PLAYER].player_id
        try:
            await self.ledger.set_pseudonym(guild_id, player_id, body["name"])
        except PseudonymRefused as refused:
            raise ApiError(422, "refused", Said("messages", refused.key)) from None
        except LedgerValueError:
            raise ApiError(422, "refused", Said("messages", "sol_name_bad")) from None
        return json_answer({"name": await self.ledger.pseudonym(guild_id, player_id)})

    async def get_words(self, request: web.Request) -> web.Response:
        query_of(request, {})
        lang = request[LANG]
        return json_answer({"lang": lang, "words": words.page_words(lang), "tiles": words.tile_names(lang)})

    # --- outside the API --------------------------------------------------------------------------

    async def healthz(self, _: web.Request) -> web.Response:
        try:
            await asyncio.wait_for(self.store.read("health:probe"), _HEALTH_SECONDS)
        except (StoreError, TimeoutError):
            return web.Response(status=503, text="store unavailable")
        return web.Response(text="ok")


def _confirmed_finish(move: GameMove) -> Callable[[SolitaireState, float], tuple[SolitaireState, Outcome]]:
    """Finish as the page sends it: once, after its own two presses (its first turns the button into a
    confirmation), so both of the engine's presses are made in one write."""

    def transition(state: SolitaireState, now: float) -> tuple[SolitaireState, Outcome]:
        state, outcome = play.act(state, move, now)
        if not state.game.over:
            state, outcome = play.act(state, replace(move, step=state.step), now)
        return state, outcome

    return transition


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


def _page(static: pathlib.Path) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    async def page(_: web.Request) -> web.StreamResponse:
        index = static / "index.html"
        if not index.is_file():
            return web.Response(status=503, text="The solitaire page is not built: web/static/index.html is missing.\n")
        return web.FileResponse(index, headers={"Cache-Control": "no-cache"})

    return page


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


def _security_headers(framed_by_discord: bool) -> Callable[[web.Request, web.StreamResponse], Awaitable[None]]:
    framing = ACTIVITY_FRAME_ANCESTORS if framed_by_discord else "frame-ancestors 'none'"
    policy = f"{PAGE_POLICY}; {framing}"

    async def add(_: web.Request, response: web.StreamResponse) -> None:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("Content-Security-Policy", policy)
        if not framed_by_discord:  # standalone, the page is never framed (older browsers read this one)
            response.headers.setdefault("X-Frame-Options", "DENY")

    return add


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
) -> web.Application:
    """The page's application. ``clock`` is the service's (the game's figures and the rate limits read
    it); ``store`` keeps the web secret (read at the application's start). With ``activity`` the
    Activity's routes are served too, and the page may be framed by Discord. ``trusted_proxies``: whose
    ``X-Forwarded-For`` names the client (``web.addresses``)."""
    limits = limits or RateLimits()
    backend = None if activity is None else ActivityBackend(activity, clock, limits.discord)
    api = SolitaireApi(service, ledger, store, clock, limits, backend, trusted_proxies)

    @web.middleware
    async def guard(
        request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        return await api.guard(request, handler)

    app = web.Application(middlewares=[guard], client_max_size=BODY_LIMIT)
    app.on_startup.append(api.start)
    app.cleanup_ctx.append(_running(api.sweep))
    app.on_response_prepare.append(_security_headers(framed_by_discord=backend is not None))
    page = _page(static)
    app.router.add_get("/", page)
    app.router.add_get("/solitaire", page)
    app.router.add_get("/healthz", api.healthz)
    if static.is_dir():
        app.router.add_static("/static/", static, follow_symlinks=False)
    app.router.add_get("/api/game", api.get_game)
    app.router.add_post("/api/new", api.post_new)
    app.router.add_post("/api/move", api.post_move)
    app.router.add_get("/api/leaderboard", api.get_leaderboard)
    app.router.add_post("/api/name", api.post_name)
    app.router.add_get("/api/words", api.get_words)
    if backend is not None:
        app.on_startup.append(backend.discord.start)
        app.on_cleanup.append(backend.discord.close)
        app.router.add_get("/api/activity", api.get_activity)
        app.router.add_post("/api/activity/token", api.post_activity_token)
        app.router.add_post("/api/activity/session", api.post_activity_session)
    return app

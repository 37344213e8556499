"""The checks every API request passes before anything is read or written, and its errors' answers.

In order: a foreign ``Origin`` (403, ``web.origins``), the address's flood (429), who plays (the Activity session's
member in its server, 403 for a session forged, expired or of another instance; else the cookie's
player on the web boards), the player's flood (429), a body that says it is over 4 KB (413). Whatever a
route then raises is answered here: an ``ApiError`` as it says, a refusal of the game as
``web.errors.refusal_error`` says, a store that does not answer 503, anything else 500 (logged). A new
player's answer sets their cookie.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from aiohttp import web

from core.refusal import Refusal
from core.settings import Network
from data.live import LiveStore, StoreError
from web import words
from web.activity import INSTANCE_HEADER, SESSION_HEADER, ActivityBackend
from web.addresses import client_address, forwarded_secure
from web.errors import ApiError, Said, refusal_error, too_many
from web.identity import COOKIE, COOKIE_MAX_AGE, Player, PlayerIds, web_secret
from web.limits import RateLimits, TokenBuckets
from web.origins import Origins

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

WEB_GUILD = 0
"""The web boards' guild id in the solitaire service and ledger (no Discord server has id 0)."""
UNNAMED = "?"
"""The name a web player's games carry (they have no display name). No pseudonym can be it (one is 2 to
32 letters), so a leaderboard line with it is shown under the catalog's neutral name instead."""
BODY_LIMIT = 4096
ACTIVITY_PATHS = "/api/activity"
"""The Activity's sign-in routes: they play no one (they make a session), so they have no player."""

PLAYER = web.RequestKey("player", Player)
GUILD = web.RequestKey("guild", int)
"""Whose boards the request plays on: ``WEB_GUILD`` for the standalone page, the server of the
Activity session."""
SHOWN_NAME = web.RequestKey("shown_name", str)
LANG = web.RequestKey("lang", str)
ADDRESS = web.RequestKey("address", str)  # the client's, as web.addresses finds it


class Guard:
    """The API's middleware (``guard``), over the players' ids (signed with the web secret, read when
    the application starts), the limits per address and per player, and the Activity's sessions."""

    def __init__(
        self,
        store: LiveStore,
        clock: Callable[[], float],
        limits: RateLimits,
        activity: ActivityBackend | None,
        trusted_proxies: Sequence[Network],
        origins: Origins,
    ) -> None:
        self._store = store
        self._origins = origins
        self._per_player = TokenBuckets(limits.player, clock)
        self._per_address = TokenBuckets(limits.address, clock)
        self._activity = activity
        self._trusted_proxies = tuple(trusted_proxies)
        self._ids: PlayerIds | None = None

    async def start(self, _: web.Application) -> None:
        secret = await web_secret(self._store)
        self._ids = PlayerIds(secret)
        if self._activity is not None:
            self._activity.use_secret(secret)

    @property
    def ids(self) -> PlayerIds:
        if self._ids is None:
            raise RuntimeError("the web secret is read when the application starts")
        return self._ids

    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith("/api/"):
            return await handler(request)
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        request[LANG] = lang
        player: Player | None = None
        response: web.StreamResponse
        try:
            player = self._admitted(request)
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
        if player is not None:  # an Activity's player is never new: no cookie is set
            self.give_cookie(request, response, player)
        return response

    def give_cookie(self, request: web.Request, response: web.StreamResponse, player: Player) -> None:
        """A new player's answer sets their cookie (the table page's routes answer new players too)."""
        if player.new:
            response.set_cookie(
                COOKIE,
                self.ids.cookie_value(player.player_id),
                max_age=COOKIE_MAX_AGE,
                path="/",
                httponly=True,
                samesite="Lax",
                secure=request.secure or self._forwarded_secure(request),
            )

    def same_origin(self, request: web.Request) -> bool:
        """Whether the request has no ``Origin`` or one of the page's own (``web.origins``): every route
        that changes something asks (the API here, a new table, a table's socket)."""
        return self._origins.allows(request)

    def address(self, request: web.Request) -> str:
        """The client's address, as its limits know it: its peer, or behind the trusted proxies the
        client they name (``web.addresses``)."""
        forwarded = request.headers.getall("X-Forwarded-For", [])
        return client_address(request.remote, forwarded, self._trusted_proxies)

    def _admitted(self, request: web.Request) -> Player | None:
        """Who the request plays (None on the Activity's sign-in routes), once its origin and its
        floods are checked."""
        if not self.same_origin(request):
            raise ApiError(403, "foreign_origin", Said("web", "error.foreign_origin"))
        request[ADDRESS] = self.address(request)
        signing_in = request.path.startswith(ACTIVITY_PATHS)
        # An Activity's member is limited as a member only: every member's requests come through
        # Discord's proxy, whose few addresses say nothing of who sent them. Anyone else meets the
        # address's limit first: a flood without a cookie (a new id each) or with a forged session.
        member = not signing_in and self._activity_session(request)
        if not member and not self._per_address.take(request[ADDRESS]):
            raise too_many()
        if signing_in:
            return None
        player = self._identify(request)
        if not self._per_player.take((request[GUILD], player.player_id)):
            raise too_many()
        return player

    def _forwarded_secure(self, request: web.Request) -> bool:
        """Whether the client reached a TLS-ending proxy the deployment trusts over HTTPS."""
        proto = request.headers.getall("X-Forwarded-Proto", [])
        return forwarded_secure(request.remote, proto, self._trusted_proxies)

    def _activity_session(self, request: web.Request) -> bool:
        """Whether the request carries a good Activity session (checked again by ``_identify``)."""
        shown = request.headers.get(SESSION_HEADER)
        if shown is None or self._activity is None:
            return False
        return self._activity.session_of(shown, request.headers.get(INSTANCE_HEADER)) is not None

    def _identify(self, request: web.Request) -> Player:
        """Who plays, and on whose boards: the Activity session's member in its server when the request
        carries one (403 for one forged, expired or of another instance), else the cookie's player."""
        shown = request.headers.get(SESSION_HEADER)
        if shown is None:
            player = self.ids.player(request.cookies.get(COOKIE))
            request[PLAYER], request[GUILD], request[SHOWN_NAME] = player, WEB_GUILD, UNNAMED
            return player
        instance_id = request.headers.get(INSTANCE_HEADER)
        session = None if self._activity is None else self._activity.session_of(shown, instance_id)
        if session is None:
            raise ApiError(403, "bad_session", Said("web", "error.bad_session"))
        player = Player(session.member_id, False)
        request[PLAYER], request[GUILD], request[SHOWN_NAME] = player, session.guild_id, session.name
        return player

"""The Discord Activity's backend (issue 25): who plays in the Activity, proved by Discord, never by the page.

The page, inside Discord, gets an OAuth2 code from the Embedded App SDK's ``authorize``;
``POST /api/activity/token`` exchanges it at Discord (``POST /oauth2/token`` with the client secret)
and answers only the access token. ``POST /api/activity/session`` then reads who the token's user is
(``GET /users/@me`` with that token) and where the Activity runs and who is in it
(``GET /applications/{id}/activity-instances/{instance}`` with the bot token): a user in that
instance, in a server, gets a session signed with the deployment's web secret over their id, the
server's id, the instance's channel, the instance's id, their name and an expiry 12 hours on. The page
sends it as the header ``X-Mahjong-Session`` (a table's socket as its first message); the API then plays
that member in that server's slot, the one ``/solitaire`` reads in Discord, and a table's socket plays
that member at a Discord table, in the seat their Discord clicks take. What the page says about itself
(its URL's ``guild_id`` or ``channel_id``, its user) is never read. The channel tells which table the
Activity opens, if any (``web.activity_routes``: ``core.tables.threads``).

Refusals are the API's (``web.errors``): ``activity_denied`` (403) when Discord refuses the code or the
token, or the user is not in the instance, or the instance is not in a server; ``bad_session`` (403)
for a session forged, expired, or shown for another instance; ``discord_down`` (503) when Discord
does not answer. Each address may ask Discord on the page's behalf only so often (``RateLimits.discord``):
every refused call spends the bot's budget of invalid requests, which Discord punishes with a ban.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from aiohttp import web

from web.limits import Rate, TokenBuckets

log = logging.getLogger(__name__)

SESSION_HEADER = "X-Mahjong-Session"
INSTANCE_HEADER = "X-Mahjong-Instance"
"""The instance the page runs in (its URL's ``instance_id``), when it says: a session of another
instance is then refused. It proves nothing by itself; it only keeps a session to its own instance."""
SESSION_SECONDS = 12 * 3600
DISCORD_API = "https://discord.com/api/v10"
_DISCORD_SECONDS = 10.0
_SESSION_PURPOSE = b"mahjong activity session\0"  # no standalone cookie's signed text starts so
_INSTANCE_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")
_SNOWFLAKE = re.compile(r"[1-9][0-9]{0,19}")
_NAME_LIMIT = 100


@dataclass(frozen=True, slots=True)
class ActivityConfig:
    """What the backend needs from the settings: the application's OAuth2 client, the bot token (for
    the instance check) and where Discord's API is (tests point it at the fake Discord)."""

    client_id: str
    client_secret: str = field(repr=False)
    bot_token: str = field(repr=False)
    discord_api: str = DISCORD_API


@dataclass(frozen=True, slots=True)
class ActivitySession:
    """A member playing in an Activity instance in a server, until ``expires`` (Unix seconds): at a table,
    ``Actor(member_id, guild_id, name)``, a Discord member at a Discord table. ``channel_id``: the channel
    (or thread) the instance runs in, as Discord said; None in a session signed before sessions named it
    (they expire within ``SESSION_SECONDS`` of the change), or where Discord named none."""

    member_id: int
    guild_id: int
    instance_id: str
    name: str
    expires: int
    channel_id: int | None = None


@dataclass(frozen=True, slots=True)
class SessionSigner:
    """Signs sessions and checks them: ``<member>.<guild>.<channel>.<instance>.<name, base64>.<expires>.<HMAC>``
    (``<channel>`` empty when Discord named none). A session signed before sessions named the channel,
    ``<member>.<guild>.<instance>.<name, base64>.<expires>.<HMAC>``, is still read, without a channel."""

    secret: bytes

    def _signature(self, text: str) -> str:
        digest = hmac.new(self.secret, _SESSION_PURPOSE + text.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()

    def signed(self, session: ActivitySession) -> str:
        name = base64.urlsafe_b64encode(session.name.encode()).rstrip(b"=").decode()
        channel = "" if session.channel_id is None else session.channel_id
        text = f"{session.member_id}.{session.guild_id}.{channel}.{session.instance_id}.{name}.{session.expires}"
        return f"{text}.{self._signature(text)}"

    def verified(self, value: str, now: float) -> ActivitySession | None:
        """The session ``value`` carries, if this deployment signed it and it has not expired; else None."""
        if not value.isascii():  # a header that is not UTF-8 arrives with surrogates; no session is so
            return None
        text, _, signature = value.rpartition(".")
        if not hmac.compare_digest(signature.encode(), self._signature(text).encode()):
            return None
        fields = text.split(".")  # signed by us: always these six, or the five of a session signed before
        member, guild, channel = (*fields[:2], "") if len(fields) == 5 else fields[:3]
        instance, name, expires = fields[-3:]
        if int(expires) <= now:
            return None
        shown = base64.urlsafe_b64decode(name + "=" * (-len(name) % 4)).decode()
        return ActivitySession(
            int(member), int(guild), instance, shown, int(expires), int(channel) if channel else None
        )


class DiscordRefused(Exception):
    """Discord answered a call on the page's behalf with a refusal (4xx)."""


class DiscordUnreachable(Exception):
    """Discord did not answer, or answered with a server error."""


class DiscordClient:
    """The three calls the backend makes to Discord's API, over one HTTP session."""

    def __init__(self, config: ActivityConfig) -> None:
        self.config = config
        self._http: aiohttp.ClientSession | None = None

    async def start(self, _: web.Application) -> None:
        self._http = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=_DISCORD_SECONDS),
            headers={"User-Agent": "DiscordBot (https://github.com/, mahjong-bot)"},
        )

    async def close(self, _: web.Application) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None

    async def exchange(self, code: str) -> str:
        """The access token for an ``authorize`` code (the authorization-code grant, form-encoded)."""
        form = {
            "client_id": self.config.client_id,
            "client_secret": self.config.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        body = await self._call("POST", "/oauth2/token", data=form)
        token = body.get("access_token")
        if not isinstance(token, str) or not token:
            raise DiscordUnreachable("the token exchange answered no access token")
        return token

    async def user_of(self, access_token: str) -> Mapping[str, Any]:
        return await self._call("GET", "/users/@me", authorization=f"Bearer {access_token}")

    async def instance(self, instance_id: str) -> Mapping[str, Any]:
        path = f"/applications/{self.config.client_id}/activity-instances/{instance_id}"
        return await self._call("GET", path, authorization=f"Bot {self.config.bot_token}")

    async def _call(
        self, method: str, path: str, *, data: Mapping[str, str] | None = None, authorization: str | None = None
    ) -> Mapping[str, Any]:
        if self._http is None:
            raise RuntimeError("the Discord client opens when the application starts")
        headers = {} if authorization is None else {"Authorization": authorization}
        try:
            async with self._http.request(method, self.config.discord_api + path, data=data, headers=headers) as answer:
                if answer.status >= 500 or answer.status == 429:
                    raise DiscordUnreachable(f"{method} {path}: {answer.status}")
                if answer.status >= 400:
                    raise DiscordRefused(f"{method} {path}: {answer.status}")
                body = await answer.json(content_type=None)
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            raise DiscordUnreachable(f"{method} {path}: {error!r}") from None
        if not isinstance(body, dict):
            raise DiscordUnreachable(f"{method} {path}: not a JSON object")
        return body


def _snowflake(value: Any) -> int | None:
    return int(value) if isinstance(value, str) and _SNOWFLAKE.fullmatch(value) else None


def player_name(user: Mapping[str, Any]) -> str:
    """How Discord shows a user who has no server nickname for us (``identify`` reads no nickname)."""
    for key in ("global_name", "username"):
        value = user.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()[:_NAME_LIMIT]
    return "?"


class Denied(Exception):
    """Discord does not vouch for what the page asked: the reason is for the log, never for the page."""


class ActivityBackend:
    """The two steps of the contract that need Discord (the token exchange, the session), and the
    signer of sessions (its secret is the web secret, read when the application starts)."""

    def __init__(self, config: ActivityConfig, clock: Callable[[], float], discord_rate: Rate) -> None:
        self.config = config
        self.clock = clock
        self.discord = DiscordClient(config)
        self.asking = TokenBuckets(discord_rate, clock)
        self._signer: SessionSigner | None = None

    def use_secret(self, secret: bytes) -> None:
        self._signer = SessionSigner(secret)

    @property
    def signer(self) -> SessionSigner:
        if self._signer is None:
            raise RuntimeError("the web secret is read when the application starts")
        return self._signer

    def session_of(self, value: str, instance_id: str | None) -> ActivitySession | None:
        """The request's session if it is valid, and, when the page names its instance, of that one."""
        session = self.signer.verified(value, self.clock())
        if session is None or (instance_id is not None and instance_id != session.instance_id):
            return None
        return session

    async def token(self, code: str) -> str:
        try:
            return await self.discord.exchange(code)
        except DiscordRefused as refused:
            raise Denied(f"the code was refused ({refused})") from None

    async def session(self, access_token: str, instance_id: str) -> tuple[ActivitySession, str]:
        """A session for the token's user in that instance, and it signed. ``Denied`` when Discord does
        not vouch for it: the user unknown, the instance unknown or not in a server, the user not in it."""
        if not _INSTANCE_ID.fullmatch(instance_id):
            raise Denied("the instance id is not one")
        try:
            user = await self.discord.user_of(access_token)
            instance = await self.discord.instance(instance_id)
        except DiscordRefused as refused:
            raise Denied(f"Discord does not vouch ({refused})") from None
        member_id = _snowflake(user.get("id"))
        location = instance.get("location")
        guild_id = _snowflake(location.get("guild_id")) if isinstance(location, dict) else None
        channel_id = _snowflake(location.get("channel_id")) if isinstance(location, dict) else None
        users = instance.get("users")
        if member_id is None or guild_id is None:
            raise Denied("no user, or an instance outside a server (the solitaire is a server's)")
        if instance.get("instance_id") != instance_id or not isinstance(users, list) or str(member_id) not in users:
            raise Denied(f"user {member_id} is not in the instance {instance_id}")
        expires = int(self.clock()) + SESSION_SECONDS
        session = ActivitySession(member_id, guild_id, instance_id, player_name(user), expires, channel_id)
        return session, self.signer.signed(session)

"""The fake Discord's world: snowflakes, guilds, channels, members, interactions, recorded calls.

Plain data; the rules live where they are enforced (``messages.py`` for message contents,
``rest.py`` for interaction timing), the wire shapes in ``payloads.py``.
"""

from __future__ import annotations

import asyncio
import base64
import fnmatch
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .messages import FakeAttachment, FakeFile, FakeMessage

DISCORD_EPOCH_MS = 1420070400000

# Channel types (https://discord.com/developers/docs/resources/channel#channel-object-channel-types).
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)

# The interaction callback type that acknowledges a component now and edits its message later.
DEFERRED_UPDATE_MESSAGE = 6

# What a new server gives @everyone (Discord's defaults), i.e. an ordinary member.
DEFAULT_MEMBER_PERMISSIONS: int = discord.Permissions(
    view_channel=True,
    create_instant_invite=True,
    change_nickname=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    use_external_stickers=True,
    read_message_history=True,
    use_application_commands=True,
    connect=True,
    speak=True,
    stream=True,
    use_voice_activation=True,
    request_to_speak=True,
    use_embedded_activities=True,
    use_soundboard=True,
    use_external_sounds=True,
    send_voice_messages=True,
    send_polls=True,
    use_external_apps=True,
).value

# What the bot's managed role gets by default (a typical invite for a game bot).
DEFAULT_BOT_PERMISSIONS: int = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    manage_threads=True,
    manage_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    use_external_emojis=True,
    use_application_commands=True,
).value

ADMINISTRATOR = discord.Permissions(administrator=True).value
ALL_PERMISSIONS = discord.Permissions.all().value


def iso(ts: float | None = None) -> str:
    """An ISO-8601 timestamp like Discord's (``2024-01-01T12:00:00.000000+00:00``)."""
    return datetime.fromtimestamp(time.time() if ts is None else ts, UTC).isoformat()


class Snowflakes:
    """Real-looking, strictly increasing snowflakes (wall-clock milliseconds, worker 1, process 0)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (1 << 17)
        self._last = max(value, self._last + 1)
        return self._last


@dataclass
class FakeUser:
    """A Discord user (the bot's own user, or the user of a member)."""

    id: int
    name: str
    bot: bool = False
    global_name: str | None = None
    discriminator: str = "0"
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None


@dataclass
class FakeMember:
    """A member of a fake guild: the person who clicks and types in the tests."""

    user_id: int
    name: str
    guild_id: int
    locale: str = "en-US"
    permissions: int = DEFAULT_MEMBER_PERMISSIONS
    nick: str | None = None
    global_name: str | None = None
    roles: list[int] = field(default_factory=list)
    bot: bool = False
    joined_at: str = field(default_factory=iso)

    @property
    def id(self) -> int:
        return self.user_id

    @property
    def mention(self) -> str:
        return f"<@{self.user_id}>"

    @property
    def display_name(self) -> str:
        return self.nick or self.global_name or self.name

    def resolved_permissions(self) -> int:
        """Permissions in a channel as an interaction reports them (no overwrites in the fake)."""
        return ALL_PERMISSIONS if self.permissions & ADMINISTRATOR else self.permissions


@dataclass
class FakeChannel:
    """A guild text channel, a thread (type 11/12) or a DM channel (type 1)."""

    id: int
    type: int
    name: str
    guild_id: int | None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    owner_id: int | None = None
    nsfw: bool = False
    rate_limit_per_user: int = 0
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    invitable: bool = True
    archive_timestamp: str = field(default_factory=iso)
    create_timestamp: str = field(default_factory=iso)
    member_ids: list[int] = field(default_factory=list)
    recipient_ids: list[int] = field(default_factory=list)
    last_message_id: int | None = None
    message_count: int = 0
    deleted: bool = False
    changed_at: float = float("-inf")  # the loop time of the last message posted, edited or deleted here

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    channels: list[FakeChannel] = field(default_factory=list)
    roles: list[FakeRole] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)
    locale: str = "en-US"
    joined_at: str = field(default_factory=iso)

    @property
    def text_channel(self) -> FakeChannel:
        """The "general" text channel every fake guild starts with."""
        return next(c for c in self.channels if c.type == GUILD_TEXT)

    @property
    def everyone(self) -> FakeRole:
        return next(r for r in self.roles if r.id == self.id)

    def channel(self, name: str) -> FakeChannel:
        return next(c for c in self.channels if c.name == name)


@dataclass
class FakeEmoji:
    """An application emoji uploaded by the bot."""

    id: int
    name: str
    image: bytes
    content_type: str
    animated: bool = False
    user_id: int | None = None


@dataclass
class Call:
    """One REST request the bot made, in the order the fake received it."""

    method: str
    route: str  # discord.py's Route.path template, e.g. "/channels/{channel_id}/messages"
    url: str
    params: dict[str, str]  # the template's parameters, extracted from the URL path
    query: dict[str, str]
    json: Any
    files: list[FakeFile]
    at: float
    interaction: FakeInteraction | None = None
    status: int = 0
    response: Any = None
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.method} {self.route}"

    def matches(self, pattern: str) -> bool:
        """``"PATCH /channels/{channel_id}/messages/{message_id}"``, a bare template, or a glob on the key."""
        return pattern in (self.key, self.route) or fnmatch.fnmatchcase(self.key, pattern)

    def __repr__(self) -> str:
        return f"<Call {self.key} {self.params} -> {self.status}>"


@dataclass(eq=False)
class FakeInteraction:
    """An interaction the fake dispatched, and everything the bot did with its token."""

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user_id: int
    channel: FakeChannel
    guild: FakeGuild | None
    payload: dict[str, Any]
    dispatched_at: float
    name: str = ""  # "demo ping" for a command, the custom_id for components and modals
    message: FakeMessage | None = None  # the message a component sits on
    message_edits_at_click: int = 0  # how many edits that message had when the interaction was sent
    ack_type: int | None = None
    ack_at: float | None = None
    response: FakeMessage | None = None  # what @original points to
    followups: list[FakeMessage] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    modal: dict[str, Any] | None = None  # the modal the bot opened (callback type 9)
    choices: list[dict[str, Any]] | None = None  # autocomplete results (callback type 8)
    activity_instance: FakeActivityInstance | None = None  # what a LAUNCH_ACTIVITY (type 12) launched or joined
    last_activity: float = 0.0
    deadline_handle: asyncio.TimerHandle | None = None
    _acked: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def acked(self) -> bool:
        return self.ack_type is not None

    @property
    def ack_seconds(self) -> float | None:
        return None if self.ack_at is None else self.ack_at - self.dispatched_at

    async def wait_ack(self, timeout: float = 5.0) -> FakeInteraction:
        """Waits until the bot's initial response was accepted."""
        try:
            await asyncio.wait_for(self._acked.wait(), timeout)
        except TimeoutError:
            tried = [c for c in self.calls if c.route.endswith("/callback")]
            raise TimeoutError(
                f"interaction {self.name!r} not acknowledged within {timeout} s (callback attempts: {tried})"
            ) from None
        return self

    async def wait_done(self, quiet: float = 0.2, timeout: float = 10.0) -> FakeInteraction:
        """Waits for the ack, then for a deferred "thinking" response to be filled in, or for the first
        edit or follow-up after a deferred update (the bot acknowledges before it works, so on a loaded
        machine that answer can come long after the ack), then until no call used this interaction's
        token for ``quiet`` seconds."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        await self.wait_ack(timeout)
        while True:
            thinking = self.response is not None and self.response.loading and not self.response.deleted
            waiting = thinking or self.awaits_update
            left = 0.02 if waiting else self.last_activity + quiet - loop.time()
            if left <= 0:
                return self
            if loop.time() + left > end:
                state = "still thinking" if thinking else "awaiting its update" if waiting else "still busy"
                raise TimeoutError(f"interaction {self.name!r} {state} after {timeout} s")
            await asyncio.sleep(left)

    @property
    def awaits_update(self) -> bool:
        """A deferred update (callback type 6) that nothing has followed yet: no edit or follow-up on this
        token, the message the component sits on unchanged since the click, and no message posted, edited
        or deleted in its channel since (a click's effect can be another message: a table's message, which
        is edited with the bot's token, not the click's)."""
        if self.ack_type != DEFERRED_UPDATE_MESSAGE:
            return False
        if any(not call.route.endswith("/callback") for call in self.calls):
            return False
        if self.channel.changed_at >= self.dispatched_at:
            return False
        return self.message is None or (self.message.edits == self.message_edits_at_click and not self.message.deleted)

    def __repr__(self) -> str:
        return f"<FakeInteraction type={self.type} {self.name!r} ack={self.ack_type}>"


@dataclass
class FakeActivityInstance:
    """A live instance of the app's Activity in a channel: launched by an interaction's LAUNCH_ACTIVITY
    response (or by a test), joined by whoever launches it again there."""

    id: str
    launch_id: int
    guild_id: int | None
    channel_id: int
    user_ids: list[int] = field(default_factory=list)


@dataclass
class World:
    """Everything the fake Discord knows, shared by the REST routes, the gateway and the test API."""

    snowflakes: Snowflakes = field(default_factory=Snowflakes)
    bot: FakeUser = field(default_factory=lambda: FakeUser(0, "FakeBot", bot=True, discriminator="8291"))
    owner: FakeUser = field(default_factory=lambda: FakeUser(0, "owner"))
    token: str = ""
    guilds: list[FakeGuild] = field(default_factory=list)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    users: dict[int, FakeUser] = field(default_factory=dict)
    messages: dict[int, FakeMessage] = field(default_factory=dict)
    interactions: dict[int, FakeInteraction] = field(default_factory=dict)
    tokens: dict[str, FakeInteraction] = field(default_factory=dict)
    emojis: list[FakeEmoji] = field(default_factory=list)
    threads: list[FakeChannel] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    unhandled: list[Call] = field(default_factory=list)
    internal_errors: list[str] = field(default_factory=list)  # bugs or gaps of the fake itself
    attachments: dict[int, FakeAttachment] = field(default_factory=dict)  # every upload, for the CDN
    client_secret: str = field(default_factory=lambda: secrets.token_urlsafe(24))  # the app's OAuth2 secret
    activities_enabled: bool = False  # the portal's Activities switch (LAUNCH_ACTIVITY, the Entry Point)
    activity_instances: dict[str, FakeActivityInstance] = field(default_factory=dict)
    oauth_codes: dict[str, int] = field(default_factory=dict)  # an authorize's code -> its user, used once
    access_tokens: dict[str, int] = field(default_factory=dict)  # a Bearer token -> its user

    def __post_init__(self) -> None:
        app_id = self.snowflakes.next()
        self.bot = FakeUser(app_id, "FakeBot", bot=True, discriminator="8291")
        self.owner = FakeUser(self.snowflakes.next(), "owner", global_name="Owner")
        self.users[self.bot.id] = self.bot
        self.users[self.owner.id] = self.owner
        self.token = f"{_b64(app_id)}.{secrets.token_urlsafe(4)}.{secrets.token_urlsafe(27)}"

    @property
    def application_id(self) -> int:
        return self.bot.id

    def guild(self, guild_id: int | None) -> FakeGuild | None:
        return next((g for g in self.guilds if g.id == guild_id), None)

    def member(self, guild_id: int | None, user_id: int) -> FakeMember | None:
        guild = self.guild(guild_id)
        return None if guild is None else guild.members.get(user_id)

    def new_token(self) -> str:
        return "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)


def _b64(n: int) -> str:
    return base64.b64encode(str(n).encode()).decode().rstrip("=")

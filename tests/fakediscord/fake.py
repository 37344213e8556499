"""``FakeDiscord``: the test-facing API. Builds the world, plays the users, and points discord.py at the server.

    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice", locale="fr")
        task = asyncio.create_task(bot.start(fake.token))
        await fake.wait_ready(bot)
        i = await fake.slash(alice, guild.text_channel, "demo ping")
        await i.wait_ack()

Only two class attributes of discord.py change while the fake runs (``Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY``); both are restored on exit. One fake at a time per process.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from types import TracebackType
from typing import Any, ClassVar, TypeVar

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from . import payloads
from .commands import CHAT_INPUT, MESSAGE_COMMAND, USER_COMMAND, CommandInputError, CommandRegistry, OptionResolver
from .commands import chat_input_data as _chat_input_data
from .gateway import (
    GUILD_MEMBERS,
    GUILD_PRESENCES,
    GUILDS,
    INVALID_SESSION,
    MESSAGE_CONTENT,
    PRIVILEGED,
    RECONNECT,
    Gateway,
    SentEvent,
)
from .messages import SELECT_TYPES, FakeAttachment, FakeFile, FakeMessage, apply_payload, guess_content_type
from .rest import ENTRY_POINT, Rest
from .server import Fault, Server
from .state import (
    ALL_PERMISSIONS,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    DM,
    GUILD_TEXT,
    Call,
    FakeActivityInstance,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeRole,
    FakeUser,
    World,
    iso,
)

# Application flags (https://discord.com/developers/docs/resources/application#application-object-application-flags).
GATEWAY_PRESENCE_LIMITED = 1 << 13
GATEWAY_GUILD_MEMBERS_LIMITED = 1 << 15
GATEWAY_MESSAGE_CONTENT_LIMITED = 1 << 19
APPLICATION_COMMAND_BADGE = 1 << 23

ClientT = TypeVar("ClientT", bound=discord.Client)
MessageRef = FakeMessage | int
Person = FakeMember | FakeUser


class FakeDiscord:
    """A scriptable Discord on 127.0.0.1 that an unmodified discord.py bot logs in to.

    ``ack_limit``: seconds allowed for the initial interaction response (Discord: 3).
    ``token_ttl``: seconds an interaction token works for followups and edits (Discord: 15 min).
    ``allowed_intents``: the privileged intents the developer portal grants (default: all three).
    ``ready_settle``: how long :meth:`wait_ready` without a bot waits after the last GUILD_CREATE.
    """

    _active: ClassVar[FakeDiscord | None] = None

    def __init__(
        self,
        *,
        ack_limit: float = 3.0,
        token_ttl: float = 15 * 60.0,
        allowed_intents: int | discord.Intents | None = None,
        ready_settle: float = 0.1,
        host: str = "127.0.0.1",
    ) -> None:
        self.ack_limit = ack_limit
        self.token_ttl = token_ttl
        if isinstance(allowed_intents, discord.Intents):
            allowed_intents = allowed_intents.value
        self.allowed_intents = PRIVILEGED if allowed_intents is None else allowed_intents & PRIVILEGED
        self.ready_settle = ready_settle
        self.host = host
        self.world = World()
        self.registry = CommandRegistry()
        self.gateway = Gateway(
            self.world,
            allowed_intents=self.allowed_intents,
            application_flags=self.application_flags,
            resume_url=lambda: self.gateway_url,
        )
        self.rest = Rest(self)
        self.server = Server(self)
        self.port = 0
        self._saved: tuple[str, yarl.URL] | None = None
        self._calls_tick = asyncio.Event()
        self._synced_tick = asyncio.Event()
        self.synced_count = 0
        self._tasks: set[asyncio.Task[Any]] = set()

    # --- lifecycle -----------------------------------------------------------------------------------------

    async def __aenter__(self) -> FakeDiscord:
        if FakeDiscord._active is not None:
            raise RuntimeError("another FakeDiscord is running in this process (Route.BASE is process-wide)")
        self.port = await self.server.start(self.host)
        self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = f"http://{self.host}:{self.port}/api/v10"
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        FakeDiscord._active = self
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        try:
            for i in self.world.interactions.values():
                if i.deadline_handle is not None:
                    i.deadline_handle.cancel()
            for task in list(self._tasks):
                task.cancel()
            if self._tasks:
                await asyncio.gather(*self._tasks, return_exceptions=True)
            await self.gateway.close_connections(1001)
            await self.server.stop()
        finally:
            if self._saved is not None:
                Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
                self._saved = None
            FakeDiscord._active = None
        if exc is None and self.world.internal_errors:
            raise AssertionError("the fake Discord itself failed:\n" + "\n".join(self.world.internal_errors))

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    @property
    def cdn_url(self) -> str:
        return f"http://{self.host}:{self.port}/cdn"

    @property
    def token(self) -> str:
        return self.world.token

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def bot_user(self) -> FakeUser:
        return self.world.bot

    @property
    def client_id(self) -> str:
        """The OAuth2 client id (the application's id, as Discord's portal shows it)."""
        return str(self.world.application_id)

    @property
    def client_secret(self) -> str:
        return self.world.client_secret

    def loop_time(self) -> float:
        return asyncio.get_running_loop().time()

    def application_flags(self) -> int:
        flags = APPLICATION_COMMAND_BADGE
        if self.allowed_intents & GUILD_PRESENCES:
            flags |= GATEWAY_PRESENCE_LIMITED
        if self.allowed_intents & GUILD_MEMBERS:
            flags |= GATEWAY_GUILD_MEMBERS_LIMITED
        if self.allowed_intents & MESSAGE_CONTENT:
            flags |= GATEWAY_MESSAGE_CONTENT_LIMITED
        return flags

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def settle(self) -> None:
        """Waits for the gateway events the synchronous ``add_*`` helpers scheduled."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # --- what the tests read -----------------------------------------------------------------------------

    @property
    def calls(self) -> list[Call]:
        return self.world.calls

    @property
    def violations(self) -> list[str]:
        return self.world.violations

    @property
    def unhandled(self) -> list[Call]:
        return self.world.unhandled

    @property
    def internal_errors(self) -> list[str]:
        """Exceptions inside the fake (raised as an AssertionError when the ``async with`` exits)."""
        return self.world.internal_errors

    @property
    def emojis(self) -> list[Any]:
        return self.world.emojis

    @property
    def threads(self) -> list[FakeChannel]:
        return self.world.threads

    @property
    def guilds(self) -> list[FakeGuild]:
        return self.world.guilds

    @property
    def commands(self) -> list[dict[str, Any]]:
        """Every synced command (global, then per guild; guild ones carry ``guild_id``)."""
        return self.registry.all()

    @property
    def interactions(self) -> list[FakeInteraction]:
        return list(self.world.interactions.values())

    def message(self, message_id: int) -> FakeMessage:
        return self.world.messages[message_id]

    def channel(self, channel_id: int) -> FakeChannel:
        return self.world.channels[channel_id]

    def channel_messages(
        self, channel: FakeChannel | int, *, ephemeral: bool | None = None, deleted: bool = False
    ) -> list[FakeMessage]:
        """Messages in a channel or thread, oldest first, as they are now. ``ephemeral``: None for all,
        False for what everyone sees, True for ephemeral ones only. Deleted ones only with ``deleted=True``.
        """
        cid = channel.id if isinstance(channel, FakeChannel) else int(channel)
        out = [m for m in self.world.messages.values() if m.channel_id == cid and (deleted or not m.deleted)]
        if ephemeral is not None:
            out = [m for m in out if m.ephemeral == ephemeral]
        return sorted(out, key=lambda m: m.id)

    def events(self, name: str | None = None) -> list[SentEvent]:
        """Gateway dispatches delivered to the bot (all sessions), optionally of one event name."""
        return [e for e in self.gateway.sent if name is None or e.name == name]

    def mark(self) -> int:
        """An index for ``wait_for_call(..., since=fake.mark())``."""
        return len(self.world.calls)

    # --- waiting -----------------------------------------------------------------------------------------

    def call_finished(self, call: Call) -> None:
        channel_id = call.params.get("channel_id")
        if call.method != "GET" and 200 <= call.status < 300 and channel_id is not None and channel_id.isdigit():
            channel = self.world.channels.get(int(channel_id))
            if channel is not None:
                channel.changed_at = call.at
        tick, self._calls_tick = self._calls_tick, asyncio.Event()
        tick.set()

    async def commands_synced(self) -> None:
        self.synced_count += 1
        tick, self._synced_tick = self._synced_tick, asyncio.Event()
        tick.set()

    async def wait_for_call(
        self,
        pattern: str,
        predicate: Callable[[Call], bool] | None = None,
        *,
        timeout: float = 5.0,
        since: int | None = None,
    ) -> Call:
        """The first answered call matching ``pattern`` ("METHOD /template", a template, or a glob on
        "METHOD /template") and ``predicate``, made after now -- or at index ``since`` or later."""
        start = len(self.world.calls) if since is None else since
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            for call in self.world.calls[start:]:
                if call.status and call.matches(pattern) and (predicate is None or predicate(call)):
                    return call
            left = end - loop.time()
            if left <= 0:
                seen = [c.key for c in self.world.calls[start:]]
                raise TimeoutError(f"no call {pattern!r} within {timeout} s; calls meanwhile: {seen}")
            tick = self._calls_tick
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(tick.wait(), left)

    async def wait_idle(self, quiet: float = 0.2, *, timeout: float = 10.0) -> None:
        """Waits until the bot made no REST call at all for ``quiet`` seconds (and no deferred response
        is still "thinking"): use it when a click also edits messages through channel routes, which
        :meth:`FakeInteraction.wait_done` cannot attribute to the click."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            last = max((c.at for c in self.world.calls), default=0.0)
            thinking = any(
                i.response is not None and i.response.loading and not i.response.deleted
                for i in self.world.interactions.values()
            )
            left = 0.02 if thinking else last + quiet - loop.time()
            if left <= 0:
                return
            if loop.time() + left > end:
                raise TimeoutError(f"the bot was still busy after {timeout} s")
            await asyncio.sleep(left)

    async def wait_ready(self, bot: discord.Client | None = None, *, timeout: float = 10.0) -> None:
        """Waits until a bot identified and got READY and every GUILD_CREATE.

        With ``bot``, also until its ``on_ready`` fired (exact); without, ``ready_settle`` seconds more,
        which covers a small ``guild_ready_timeout`` (pass e.g. 0.05 to the bot).
        """
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        cond = self.gateway.changed
        async with cond:
            await asyncio.wait_for(cond.wait_for(lambda: self.gateway.ready_session() is not None), timeout)
        session = self.gateway.ready_session()
        assert session is not None
        if bot is not None:
            await asyncio.wait_for(bot.wait_until_ready(), max(0.0, end - loop.time()))
            return
        await asyncio.sleep(max(0.0, session.ready_at + self.ready_settle - loop.time()))
        for _ in range(5):
            await asyncio.sleep(0)

    @contextlib.asynccontextmanager
    async def running(self, bot: ClientT, *, timeout: float = 10.0) -> AsyncIterator[ClientT]:
        """Runs ``bot.start(fake.token)`` until its ``on_ready``, yields it, then closes it and awaits it.

        If the bot stops before it is ready (bad token, disallowed intents...), its exception is raised;
        if it crashes while the test runs, that exception is raised (or noted on the test's own error)."""
        loop = asyncio.get_running_loop()
        task = loop.create_task(bot.start(self.token), name="fakediscord-bot")
        ready = loop.create_task(self.wait_ready(bot, timeout=timeout))
        try:
            await asyncio.wait({task, ready}, return_when=asyncio.FIRST_COMPLETED)
            if not ready.done():
                task.result()  # the bot's own error
                raise RuntimeError("the bot stopped before it was ready")
            ready.result()
            try:
                yield bot
            except BaseException as failure:
                crash = None if not task.done() or task.cancelled() else task.exception()
                if crash is not None:
                    failure.add_note(f"meanwhile the bot crashed: {crash!r}")
                raise
        finally:
            if not ready.done():
                ready.cancel()
                await asyncio.gather(ready, return_exceptions=True)
            if not bot.is_closed():
                await bot.close()
            if not task.done():
                await asyncio.wait_for(task, timeout)
        error = None if task.cancelled() else task.exception()
        if error is not None:  # the bot crashed while the test ran
            raise error

    async def wait_commands_synced(self, count: int = 1, *, timeout: float = 10.0) -> list[dict[str, Any]]:
        """Waits until the bot has bulk-overwritten (or created) its commands ``count`` times in all."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self.synced_count < count:
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError(f"the bot synced its commands {self.synced_count} times, not {count}")
            tick = self._synced_tick
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(tick.wait(), left)
        return self.commands

    # --- the world ---------------------------------------------------------------------------------------

    def _live(self) -> bool:
        return self.gateway.ready_session() is not None

    def add_guild(
        self, name: str = "Club", *, locale: str = "en-US", bot_permissions: int = DEFAULT_BOT_PERMISSIONS
    ) -> FakeGuild:
        """A guild with @everyone, the bot's managed role and member, the owner, and a "general" channel."""
        w = self.world
        gid = w.snowflakes.next()
        everyone = FakeRole(gid, "@everyone", DEFAULT_MEMBER_PERMISSIONS)
        bot_role = FakeRole(w.snowflakes.next(), w.bot.name, bot_permissions, position=1, managed=True, bot_id=w.bot.id)
        g = FakeGuild(gid, name, owner_id=w.owner.id, roles=[everyone, bot_role], locale=locale)
        general = FakeChannel(w.snowflakes.next(), GUILD_TEXT, "general", gid)
        g.channels.append(general)
        w.channels[general.id] = general
        g.members[w.bot.id] = FakeMember(
            w.bot.id,
            w.bot.name,
            gid,
            permissions=bot_permissions | DEFAULT_MEMBER_PERMISSIONS,
            roles=[bot_role.id],
            bot=True,
        )
        g.members[w.owner.id] = FakeMember(
            w.owner.id, w.owner.name, gid, permissions=ALL_PERMISSIONS, global_name=w.owner.global_name
        )
        w.guilds.append(g)
        if self._live():
            self._spawn(
                self.gateway.dispatch("GUILD_CREATE", payloads.guild_create(g, w), intent=GUILDS, guild_id=g.id)
            )
        return g

    def add_channel(self, guild: FakeGuild, name: str, *, topic: str | None = None) -> FakeChannel:
        c = FakeChannel(
            self.world.snowflakes.next(), GUILD_TEXT, name, guild.id, position=len(guild.channels), topic=topic
        )
        guild.channels.append(c)
        self.world.channels[c.id] = c
        if self._live():
            self._spawn(
                self.gateway.dispatch(
                    "CHANNEL_CREATE", payloads.channel(c, self.world), intent=GUILDS, guild_id=guild.id
                )
            )
        return c

    def add_role(self, guild: FakeGuild, name: str, permissions: int = 0) -> FakeRole:
        r = FakeRole(self.world.snowflakes.next(), name, permissions, position=len(guild.roles))
        guild.roles.append(r)
        return r

    def add_member(
        self,
        guild: FakeGuild,
        name: str,
        *,
        locale: str = "en-US",
        permissions: int | None = None,
        nick: str | None = None,
        global_name: str | None = None,
        roles: Sequence[FakeRole] = (),
    ) -> FakeMember:
        """A member. ``permissions`` (an int, e.g. ``discord.Permissions.all().value``) default to an
        ordinary member's; other values come with a role carrying them, so fetched members agree."""
        w = self.world
        role_ids = [r.id for r in roles]
        value = DEFAULT_MEMBER_PERMISSIONS if permissions is None else int(permissions)
        for r in roles:
            value |= r.permissions
        if permissions is not None and permissions != DEFAULT_MEMBER_PERMISSIONS:
            role_ids.append(self.add_role(guild, f"{name} role", int(permissions)).id)
        m = FakeMember(
            w.snowflakes.next(),
            name,
            guild.id,
            locale=locale,
            permissions=value,
            nick=nick,
            global_name=global_name,
            roles=role_ids,
        )
        guild.members[m.user_id] = m
        w.users[m.user_id] = FakeUser(m.user_id, name, global_name=global_name, locale=locale)
        if self._live():
            data = {**payloads.member(m), "guild_id": str(guild.id)}
            self._spawn(self.gateway.dispatch("GUILD_MEMBER_ADD", data, intent=GUILD_MEMBERS, guild_id=guild.id))
        return m

    # --- the Activity --------------------------------------------------------------------------------

    def enable_activities(self, *, handler: int = 2) -> dict[str, Any]:
        """The portal's Activities switch: LAUNCH_ACTIVITY answers work, and Discord creates the global
        Entry Point command ("launch", type 4), which a bulk overwrite may no longer leave out. Its
        ``handler``: 2 (DISCORD_LAUNCH_ACTIVITY, the default: Discord launches the Activity itself) or 1
        (APP_HANDLER: the app gets the interaction and answers it). Returns that command."""
        self.world.activities_enabled = True
        entry = {"name": "launch", "type": ENTRY_POINT, "handler": handler, "integration_types": [0, 1]}
        entry["contexts"] = [0, 1, 2]
        return self.registry.upsert(entry, None, self.world)

    def join_activity(self, who: Person | int, channel: FakeChannel) -> FakeActivityInstance:
        """``who`` launches the Activity in ``channel``: the channel's live instance, joined, or a new one
        (one instance per location, as Discord keeps it)."""
        user_id = who if isinstance(who, int) else self._user(who).id
        w = self.world
        instance = next((i for i in w.activity_instances.values() if i.channel_id == channel.id), None)
        if instance is None:
            launch_id = w.snowflakes.next()
            kind = "gc" if channel.guild_id is not None else "pc"
            instance_id = f"i-{launch_id}-{kind}-{channel.guild_id or ''}-{channel.id}"
            instance = FakeActivityInstance(instance_id, launch_id, channel.guild_id, channel.id)
            w.activity_instances[instance_id] = instance
        if user_id not in instance.user_ids:
            instance.user_ids.append(user_id)
        return instance

    def end_activity(self, instance: FakeActivityInstance) -> None:
        """Everyone left: Discord forgets the instance (its id is never used again)."""
        self.world.activity_instances.pop(instance.id, None)

    def authorize(self, who: Person) -> str:
        """What the Embedded App SDK's ``authorize`` gives the page once ``who`` consents: a code, good
        for one token exchange."""
        code = secrets.token_urlsafe(16)
        self.world.oauth_codes[code] = self._user(who).id
        return code

    def dm_channel(self, who: Person) -> FakeChannel | None:
        """The DM channel between the bot and ``who``, if the bot (or :meth:`open_dm`) opened one."""
        uid = self._user(who).id
        return next((c for c in self.world.channels.values() if c.type == DM and c.recipient_ids == [uid]), None)

    def open_dm(self, who: Person) -> FakeChannel:
        """The DM channel with ``who`` (created if needed), e.g. to run a slash command in a DM."""
        existing = self.dm_channel(who)
        if existing is not None:
            return existing
        c = FakeChannel(self.world.snowflakes.next(), DM, "", None, recipient_ids=[self._user(who).id])
        self.world.channels[c.id] = c
        return c

    def fail_next(
        self,
        route_pattern: str,
        status: int = 500,
        times: int = 1,
        json: Any = None,
        retry_after: float | None = None,
    ) -> Fault:
        """Answers the next ``times`` requests matching ``route_pattern`` (as in :meth:`wait_for_call`)
        with ``status``; 429 comes with Discord's rate-limit headers and body (``retry_after`` seconds)."""
        fault = Fault(route_pattern, status, times, json, retry_after)
        self.server.faults.append(fault)
        return fault

    # --- gateway controls --------------------------------------------------------------------------------

    def slow_next(self, route_pattern: str, seconds: float, times: int = 1) -> Fault:
        """The next ``times`` requests matching ``route_pattern`` are answered as usual, ``seconds`` late
        (Discord slow to answer, or a request that would time out)."""
        fault = Fault(route_pattern, None, times, None, None, delay=seconds)
        self.server.faults.append(fault)
        return fault

    async def dispatch(self, event: str, data: dict[str, Any], *, intent: int | None = None) -> int:
        """A raw gateway event to the bot."""
        return await self.gateway.dispatch(event, data, intent=intent)

    async def delete_message(self, message: MessageRef) -> None:
        """A moderator deletes a message: gone, MESSAGE_DELETE; later fetches and edits get 404 10008."""
        m = self._msg(message)
        m.deleted = True
        await self.rest.dispatch_delete(m)

    async def archive_thread(self, thread: FakeChannel) -> None:
        """What Discord's auto-archive does to a thread with no recent message: archived, THREAD_UPDATE."""
        thread.archived = True
        thread.archive_timestamp = iso()
        await self.rest.dispatch_channel("THREAD_UPDATE", thread)

    async def disconnect(self, code: int = 4000) -> None:
        """Closes the bot's websocket from Discord's side (4000: the bot resumes; 4004/4014: it gives up)."""
        await self.gateway.close_connections(code)

    async def request_reconnect(self) -> None:
        """Opcode 7 RECONNECT: the bot closes and resumes."""
        await self.gateway.send_op(RECONNECT, None)

    async def invalidate_session(self, resumable: bool = False) -> None:
        await self.gateway.send_op(INVALID_SESSION, resumable)

    # --- users acting ------------------------------------------------------------------------------------

    def _user(self, who: Person) -> FakeUser:
        uid = who.user_id if isinstance(who, FakeMember) else who.id
        return self.world.users[uid]

    def _msg(self, ref: MessageRef) -> FakeMessage:
        m = self.world.messages.get(ref if isinstance(ref, int) else ref.id)
        if m is None:
            raise CommandInputError(f"unknown message {ref!r}")
        return m

    def new_attachment(self, f: FakeFile) -> FakeAttachment:
        """An upload by a user (attachment options): stored for the CDN."""
        att = FakeAttachment(
            self.world.snowflakes.next(), f.filename, f.data, guess_content_type(f.filename, f.data), f.description
        )
        self.world.attachments[att.id] = att
        return att

    def _resolver(self, channel: FakeChannel) -> OptionResolver:
        return OptionResolver(
            self.world, self.world.guild(channel.guild_id), self.new_attachment, self.cdn_url, channel.id
        )

    async def _interact(
        self,
        kind: int,
        who: Person,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        name: str,
        message: FakeMessage | None = None,
        locale: str | None = None,
    ) -> FakeInteraction:
        if self.gateway.ready_session() is None:
            raise RuntimeError("no bot is connected to the fake gateway: start it and await fake.wait_ready()")
        w = self.world
        guild = w.guild(channel.guild_id)
        user = self._user(who)
        member = None
        if guild is not None:
            member = guild.members.get(user.id)
            if member is None:
                raise CommandInputError(f"{user.name} is not a member of {guild.name}")
        iid, token = w.snowflakes.next(), w.new_token()
        payload = payloads.interaction(
            w,
            interaction_id=iid,
            token=token,
            kind=kind,
            data=data,
            guild=guild,
            channel_obj=channel,
            member_obj=member,
            user_obj=user,
            locale=locale or (member.locale if member else user.locale),
            message_payload=payloads.message(message, w, self.cdn_url) if message is not None else None,
        )
        loop = asyncio.get_running_loop()
        i = FakeInteraction(iid, token, kind, user.id, channel, guild, payload, loop.time(), name=name, message=message)
        i.last_activity = i.dispatched_at
        i.message_edits_at_click = message.edits if message is not None else 0
        w.interactions[iid] = i
        w.tokens[token] = i
        i.deadline_handle = loop.call_at(i.dispatched_at + self.ack_limit, self._deadline, i)
        # Like Discord, to the shard of the interaction's guild only (DMs go to shard 0).
        await self.gateway.dispatch("INTERACTION_CREATE", payload, guild_id=guild.id if guild is not None else 0)
        return i

    def _deadline(self, i: FakeInteraction) -> None:
        if not i.acked:
            self.world.violations.append(f"interaction {i.name!r} not acknowledged within {self.ack_limit} s")

    async def slash(
        self,
        who: Person,
        channel: FakeChannel,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str | None = None,
    ) -> FakeInteraction:
        """``/command [group] [subcommand]`` with ``options`` by name, typed from the synced command tree.

        User, channel, role and attachment options take a FakeMember / FakeChannel / FakeRole /
        ``(filename, bytes)``; the interaction gets the matching ``resolved`` map."""
        parts = command.split()
        guild_id = channel.guild_id
        cmd = self.registry.find(parts[0], guild_id, CHAT_INPUT)
        data = _chat_input_data(cmd, parts[1:], options or {}, self._resolver(channel))
        return await self._interact(2, who, channel, data, name=command, locale=locale)

    async def autocomplete(
        self, who: Person, channel: FakeChannel, command: str, options: dict[str, Any], focused: str
    ) -> FakeInteraction:
        """Type-4 interaction while ``who`` types option ``focused``; read ``i.choices`` after ``wait_ack``."""
        parts = command.split()
        cmd = self.registry.find(parts[0], channel.guild_id, CHAT_INPUT)
        data = _chat_input_data(cmd, parts[1:], options, self._resolver(channel), focused=focused)
        return await self._interact(4, who, channel, data, name=command)

    async def user_command(self, who: Person, channel: FakeChannel, name: str, target: Person) -> FakeInteraction:
        cmd = self.registry.find(name, channel.guild_id, USER_COMMAND)
        resolver = self._resolver(channel)
        target_id = resolver.add_user(target.user_id if isinstance(target, FakeMember) else target.id)
        data = {
            "id": cmd["id"],
            "name": name,
            "type": USER_COMMAND,
            "target_id": target_id,
            "resolved": resolver.resolved,
        }
        return await self._interact(2, who, channel, data, name=name)

    async def entry_point(self, who: Person, channel: FakeChannel) -> FakeInteraction:
        """``who`` presses the App Launcher's Play (the Entry Point command) in ``channel``, with an
        ``APP_HANDLER`` Entry Point: the app gets the command's interaction (type 2, data type 4)."""
        [entry] = [c for c in self.registry.global_commands if c["type"] == ENTRY_POINT]
        if entry["handler"] != 1:
            raise AssertionError("with handler 2 Discord launches the Activity itself: the app hears nothing")
        data = {"id": entry["id"], "name": entry["name"], "type": ENTRY_POINT}
        return await self._interact(2, who, channel, data, name=entry["name"])

    async def message_command(
        self, who: Person, channel: FakeChannel, name: str, target: MessageRef
    ) -> FakeInteraction:
        cmd = self.registry.find(name, channel.guild_id, MESSAGE_COMMAND)
        resolver = self._resolver(channel)
        target_id = resolver.add_message(self._msg(target))
        data = {
            "id": cmd["id"],
            "name": name,
            "type": MESSAGE_COMMAND,
            "target_id": target_id,
            "resolved": resolver.resolved,
        }
        return await self._interact(2, who, channel, data, name=name)

    def _clickable(self, who: Person, msg: FakeMessage) -> None:
        if msg.deleted:
            raise CommandInputError(f"message {msg.id} was deleted")
        uid = self._user(who).id
        if msg.ephemeral and msg.visible_to != uid:
            raise CommandInputError(f"message {msg.id} is ephemeral for user {msg.visible_to}, not {uid}")

    async def click(self, who: Person, message: MessageRef, custom_id: str) -> FakeInteraction:
        """Presses the button ``custom_id`` on ``message`` (type-3 interaction carrying the message)."""
        msg = self._msg(message)
        self._clickable(who, msg)
        comp = msg.component(custom_id)
        if comp.get("type") != 2:
            raise CommandInputError(f"{custom_id!r} is a component of type {comp.get('type')}, not a button")
        if comp.get("disabled"):
            raise CommandInputError(f"button {custom_id!r} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(3, who, self.world.channels[msg.channel_id], data, name=custom_id, message=msg)

    async def forge_component(
        self,
        who: Person,
        message: MessageRef,
        custom_id: str,
        *,
        component_type: int = 2,
        values: Sequence[str] | None = None,
    ) -> FakeInteraction:
        """A component interaction on ``message`` whatever the message shows (a missing, disabled or stale
        custom_id, someone else's ephemeral message): what a modified client or a replayed request sends."""
        msg = self._msg(message)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = list(values)
        return await self._interact(3, who, self.world.channels[msg.channel_id], data, name=custom_id, message=msg)

    async def select(self, who: Person, message: MessageRef, custom_id: str, values: Sequence[Any]) -> FakeInteraction:
        """Chooses ``values`` in select ``custom_id``. String selects take option values (and get no
        ``resolved``); user/role/mentionable/channel selects take fakes or ids and get ``resolved``."""
        msg = self._msg(message)
        self._clickable(who, msg)
        comp = msg.component(custom_id)
        kind = comp.get("type")
        if kind not in SELECT_TYPES:
            raise CommandInputError(f"{custom_id!r} is a component of type {kind}, not a select")
        if comp.get("disabled"):
            raise CommandInputError(f"select {custom_id!r} is disabled")
        lo, hi = int(comp.get("min_values", 1)), int(comp.get("max_values", 1))
        if not lo <= len(values) <= hi:
            raise CommandInputError(f"select {custom_id!r} takes {lo} to {hi} values, not {len(values)}")
        channel = self.world.channels[msg.channel_id]
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == 3:
            allowed = [o["value"] for o in comp.get("options", [])]
            for v in values:
                if v not in allowed:
                    raise CommandInputError(f"{v!r} is not an option of {custom_id!r}: {allowed}")
            data["values"] = list(values)
        else:
            resolver = self._resolver(channel)
            data["values"] = [self._resolve_select_value(resolver, kind, v) for v in values]
            data["resolved"] = resolver.resolved
        return await self._interact(3, who, channel, data, name=custom_id, message=msg)

    @staticmethod
    def _resolve_select_value(resolver: OptionResolver, kind: int, v: Any) -> str:
        if kind == 5:
            return resolver.add_user(v)
        if kind == 6:
            return resolver.add_role(v)
        if kind == 8:
            return resolver.add_channel(v)
        return resolver.add_role(v) if isinstance(v, FakeRole) else resolver.add_user(v)

    async def modal_submit(
        self,
        who: Person,
        custom_id: str,
        values: dict[str, Any],
        *,
        interaction: FakeInteraction | None = None,
    ) -> FakeInteraction:
        """Submits the modal ``custom_id`` the bot opened for ``who`` (callback type 9) with field values
        by custom_id (text inputs: str; selects inside labels: a list)."""
        uid = self._user(who).id
        source = interaction
        if source is None:
            source = next(
                (
                    i
                    for i in reversed(self.world.interactions.values())
                    if i.modal is not None and i.modal.get("custom_id") == custom_id and i.user_id == uid
                ),
                None,
            )
        if source is None or source.modal is None:
            raise CommandInputError(f"the bot opened no modal {custom_id!r} for user {uid}")
        layout = payloads.numbered_components(source.modal.get("components") or [])
        remaining = dict(values)
        resolver = self._resolver(source.channel)
        components = [self._fill_modal(c, remaining, resolver) for c in layout]
        if remaining:
            raise CommandInputError(f"modal {custom_id!r} has no fields {sorted(remaining)}")
        data: dict[str, Any] = {"custom_id": custom_id, "components": components}
        if resolver.resolved:
            data["resolved"] = resolver.resolved
        message = source.message if source.type == 3 else None
        return await self._interact(5, who, source.channel, data, name=custom_id, message=message)

    def _fill_modal(self, c: dict[str, Any], values: dict[str, Any], resolver: OptionResolver) -> dict[str, Any]:
        kind = c.get("type")
        if kind == 1:
            return {
                "type": 1,
                "id": c["id"],
                "components": [self._fill_modal(x, values, resolver) for x in c.get("components", [])],
            }
        if kind == 18:
            return {"type": 18, "id": c["id"], "component": self._fill_modal(c["component"], values, resolver)}
        cid = str(c.get("custom_id"))
        if kind == 4:
            value = str(values.pop(cid, c.get("value") or ""))
            if c.get("required", True) and not value:
                raise CommandInputError(f"text input {cid!r} is required")
            lo, hi = int(c.get("min_length", 0)), int(c.get("max_length", 4000))
            if value and not lo <= len(value) <= hi:
                raise CommandInputError(f"text input {cid!r}: length {len(value)} not in [{lo}, {hi}]")
            return {"type": 4, "id": c["id"], "custom_id": cid, "value": value}
        if kind in SELECT_TYPES:
            chosen = list(values.pop(cid, []))
            if kind != 3:
                chosen = [self._resolve_select_value(resolver, int(kind), v) for v in chosen]
            return {"type": kind, "id": c["id"], "custom_id": cid, "values": chosen}
        out: dict[str, Any] = {"type": kind, "id": c["id"]}
        if "custom_id" in c:
            out["custom_id"] = cid
        return out

    async def post_message(
        self,
        who: Person,
        channel: FakeChannel,
        content: str = "",
        *,
        embeds: list[dict[str, Any]] | None = None,
        files: Sequence[tuple[str, bytes]] = (),
    ) -> FakeMessage:
        """A user writes in a channel; the bot gets MESSAGE_CREATE (content hidden without the intent)."""
        user = self._user(who)
        w = self.world
        m = FakeMessage(w.snowflakes.next(), channel.id, user.id, guild_id=channel.guild_id)
        uploads = [
            FakeFile(name, data, guess_content_type(name, data), index=n) for n, (name, data) in enumerate(files)
        ]
        apply_payload(m, {"content": content, "embeds": embeds or []}, uploads, w.snowflakes.next, edit=False)
        self.rest.store(m)
        await self.rest.dispatch_message("MESSAGE_CREATE", m)
        return m

    async def react(self, who: Person, message: MessageRef, emoji: str) -> None:
        """A user adds a reaction (unicode emoji, or ``name:id``)."""
        msg = self._msg(message)
        user = self._user(who)
        msg.reactions.setdefault(emoji, set()).add(user.id)
        name, _, emoji_id = emoji.partition(":")
        data: dict[str, Any] = {
            "user_id": str(user.id),
            "channel_id": str(msg.channel_id),
            "message_id": str(msg.id),
            "emoji": {"id": emoji_id or None, "name": name},
            "burst": False,
            "type": 0,
            "message_author_id": str(msg.author_id),
        }
        intent = 1 << 13
        if msg.guild_id is not None:
            intent = 1 << 10
            data["guild_id"] = str(msg.guild_id)
            guild = self.world.guild(msg.guild_id)
            if guild is not None and user.id in guild.members:
                data["member"] = payloads.member(guild.members[user.id])
        await self.gateway.dispatch("MESSAGE_REACTION_ADD", data, intent=intent, guild_id=msg.guild_id)

"""REST routes: what each request does to the world, what Discord answers, and the rules it enforces.

Handlers are registered with the exact template discord.py's ``Route`` uses. A handler returns the JSON
body (``None`` answers 204) or raises :class:`DiscordError` with Discord's status, code and message.
"""

from __future__ import annotations

import base64
import binascii
import copy
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import payloads
from .gateway import (
    DIRECT_MESSAGE_REACTIONS,
    DIRECT_MESSAGES,
    GUILD_MEMBERS,
    GUILD_MESSAGE_REACTIONS,
    GUILD_MESSAGES,
    GUILDS,
    Session,
)
from .messages import (
    COMPONENTS_V2,
    EPHEMERAL,
    LOADING,
    SETTABLE_FLAGS,
    FakeFile,
    FakeMessage,
    apply_payload,
    message_problems,
    modal_problems,
)
from .routes import Router
from .state import DM, GUILD_TEXT, PRIVATE_THREAD, PUBLIC_THREAD, Call, FakeChannel, FakeEmoji, FakeInteraction, iso

if TYPE_CHECKING:
    from .fake import FakeDiscord


class OAuthError(Exception):
    """An OAuth2 error (RFC 6749 5.2): ``{"error": …, "error_description": …}``, not a Discord error body."""

    def __init__(self, status: int, error: str, description: str | None = None) -> None:
        super().__init__(f"{status} {error}")
        self.status, self.error, self.description = status, error, description

    def body(self) -> dict[str, Any]:
        return {"error": self.error} | ({} if self.description is None else {"error_description": self.description})


class DiscordError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: dict[str, str] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        return payloads.error(self.code, self.message, self.errors)


@dataclass
class Request:
    call: Call
    params: dict[str, str]
    query: dict[str, str]
    json: Any
    files: list[FakeFile]
    bearer: int | None = None  # the user of the request's OAuth2 Bearer token (on BEARER_ROUTES only)

    def id(self, name: str) -> int:
        try:
            return int(self.params[name])
        except ValueError:
            raise DiscordError(404, 0, "404: Not Found") from None

    @property
    def body(self) -> dict[str, Any]:
        return self.json if isinstance(self.json, dict) else {}

    def flag(self, name: str) -> bool:
        return self.query.get(name, "").lower() in ("1", "true")


Handler = Callable[["Rest", Request], Awaitable[Any]]
_HANDLERS: list[tuple[str, str, Handler]] = []


def route(method: str, path: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        _HANDLERS.append((method, path, fn))
        return fn

    return register


UNKNOWN_CHANNEL = (404, 10003, "Unknown Channel")
UNKNOWN_MESSAGE = (404, 10008, "Unknown Message")
UNKNOWN_WEBHOOK = (404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION = (404, 10062, "Unknown interaction")
INVALID_WEBHOOK_TOKEN = (401, 50027, "Invalid Webhook Token")
ALREADY_ACKNOWLEDGED = (400, 40060, "Interaction has already been acknowledged.")
INVALID_FORM = (400, 50035, "Invalid Form Body")

# Which callback types each interaction type accepts
# (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object).
ALLOWED_CALLBACKS = {1: {1}, 2: {4, 5, 9, 12}, 3: {4, 5, 6, 7, 9, 12}, 4: {8}, 5: {4, 5, 6, 7, 12}}
LAUNCH_ACTIVITY = 12
# Command type 4, PRIMARY_ENTRY_POINT: created by Discord when the app's Activities are enabled
# (https://discord.com/developers/docs/interactions/application-commands#entry-point-commands).
ENTRY_POINT = 4
# A global bulk overwrite that leaves the Entry Point out is refused with 400 and code 50240. Discord's
# docs do not list the code; it is quoted from Discord's answers in public reports, e.g. a deployment
# log "400 Bad Request (error code: 50240): You cannot remove this app's Entry Point command in a bulk
# update operation. Please include the Entry Point command in your update request or delete it
# separately." and necord's commands service (necordjs/necord, "DiscordAPIError[50240]").
ENTRY_POINT_REMOVED = (
    400,
    50240,
    "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry "
    "Point command in your update request or delete it separately.",
)
# Routes whose caller is not the bot: the token exchange authenticates with the client id and secret in
# its form, and /users/@me also answers an OAuth2 Bearer token (the user who authorized the app).
CLIENT_CREDENTIAL_ROUTES = frozenset({"POST /oauth2/token"})
BEARER_ROUTES = frozenset({"GET /users/@me"})
EMOJI_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")


class Rest:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.world = fake.world
        self.router = Router()
        self.handlers: dict[str, Handler] = {}
        for method, path, fn in _HANDLERS:
            self.router.add(method, path)
            self.handlers[f"{method} {path}"] = fn

    async def handle(self, key: str, req: Request) -> Any:
        return await self.handlers[key](self, req)

    # --- helpers -------------------------------------------------------------------------------------------

    def now(self) -> float:
        return self.fake.loop_time()

    def violation(self, text: str) -> None:
        self.world.violations.append(text)

    def channel(self, channel_id: int) -> FakeChannel:
        c = self.world.channels.get(channel_id)
        if c is None or c.deleted:
            raise DiscordError(*UNKNOWN_CHANNEL)
        return c

    def channel_message(self, req: Request, action: str) -> FakeMessage:
        channel = self.channel(req.id("channel_id"))
        m = self.world.messages.get(req.id("message_id"))
        if m is None or m.deleted or m.channel_id != channel.id:
            raise DiscordError(*UNKNOWN_MESSAGE)
        if m.ephemeral:
            self.violation(
                f"{action} ephemeral message {m.id} through {req.call.key}: 404 (only the interaction "
                "webhook routes reach ephemeral messages)"
            )
            raise DiscordError(*UNKNOWN_MESSAGE)
        return m

    def cdn(self) -> str:
        return self.fake.cdn_url

    def message_json(self, m: FakeMessage) -> dict[str, Any]:
        return payloads.message(m, self.world, self.cdn())

    def check(self, m: FakeMessage, where: str) -> None:
        problems = message_problems(m)
        if problems:
            self.violation(f"{where}: {'; '.join(f'{k}: {v}' for k, v in problems.items())}")
            raise DiscordError(*INVALID_FORM, errors=problems)

    def new_message(
        self,
        channel: FakeChannel,
        payload: dict[str, Any],
        files: list[FakeFile],
        *,
        where: str,
        interaction: FakeInteraction | None = None,
        allow_ephemeral: bool = False,
        kind: int | None = None,
    ) -> FakeMessage:
        m = FakeMessage(self.world.snowflakes.next(), channel.id, self.world.bot.id, guild_id=channel.guild_id)
        apply_payload(m, payload, files, self.world.snowflakes.next, edit=False)
        if not allow_ephemeral:
            m.flags &= ~EPHEMERAL
        if interaction is not None:
            m.webhook_id = self.world.application_id
            m.interaction_id = interaction.id
            m.interaction_token = interaction.token
            m.type = kind if kind is not None else {2: 20}.get(interaction.type, 0)
            if interaction.type == 2 and interaction.payload.get("data", {}).get("type", 1) != 1:
                m.type = 23
            if m.ephemeral:
                m.visible_to = interaction.user_id
        elif m.message_reference:
            m.type = 19
        self.check(m, where)
        self.store(m)
        return m

    def store(self, m: FakeMessage) -> None:
        self.world.messages[m.id] = m
        for a in m.attachments:
            self.world.attachments[a.id] = a
        channel = self.world.channels.get(m.channel_id)
        if channel is not None and not m.ephemeral:
            channel.last_message_id = m.id
            if channel.is_thread:
                channel.message_count += 1

    def edit_message(self, m: FakeMessage, payload: dict[str, Any], files: list[FakeFile], where: str) -> None:
        """Applies an edit atomically: Discord refuses the whole edit when the result breaks a limit."""
        flags = payload.get("flags")
        if m.flags & COMPONENTS_V2 and flags is not None and not int(flags) & COMPONENTS_V2:
            self.violation(f"{where}: IS_COMPONENTS_V2 cannot be removed from message {m.id}")
            raise DiscordError(*INVALID_FORM, errors={"flags": "The IS_COMPONENTS_V2 flag cannot be removed."})
        trial = copy.copy(m)
        trial.history = list(m.history)
        trial.attachments = [copy.copy(a) for a in m.attachments]
        apply_payload(trial, payload, files, self.world.snowflakes.next, edit=True)
        self.check(trial, where)
        m.__dict__.update(trial.__dict__)
        for a in m.attachments:
            self.world.attachments[a.id] = a

    def message_intent(self, m: FakeMessage) -> int:
        return DIRECT_MESSAGES if m.guild_id is None else GUILD_MESSAGES

    async def dispatch_message(self, event: str, m: FakeMessage) -> None:
        if m.ephemeral:
            return  # Discord sends no gateway events for ephemeral messages
        data = self.message_json(m)
        if event == "MESSAGE_CREATE" and m.guild_id is not None:
            g = self.world.guild(m.guild_id)
            author = g.members.get(m.author_id) if g is not None else None
            if author is not None:
                data["member"] = payloads.member(author, with_user=False)

        def gated(session: Session) -> dict[str, Any]:
            if m.author_id == self.world.bot.id or m.guild_id is None or f"<@{self.world.bot.id}>" in m.content:
                return data
            hidden = {**data, "content": "", "embeds": [], "attachments": [], "components": []}
            hidden.pop("poll", None)
            return hidden

        await self.fake.gateway.dispatch(
            event, data, intent=self.message_intent(m), guild_id=m.guild_id, gate_content=gated
        )

    async def dispatch_delete(self, m: FakeMessage) -> None:
        if m.ephemeral:
            return
        data: dict[str, Any] = {"id": str(m.id), "channel_id": str(m.channel_id)}
        if m.guild_id is not None:
            data["guild_id"] = str(m.guild_id)
        await self.fake.gateway.dispatch("MESSAGE_DELETE", data, intent=self.message_intent(m), guild_id=m.guild_id)

    async def dispatch_channel(self, event: str, c: FakeChannel, extra: dict[str, Any] | None = None) -> None:
        data = {**payloads.channel(c, self.world), **(extra or {})}
        await self.fake.gateway.dispatch(event, data, intent=GUILDS, guild_id=c.guild_id)

    # --- the interaction token ---------------------------------------------------------------------------

    def token_interaction(self, req: Request, what: str) -> FakeInteraction:
        """The interaction behind ``/webhooks/{application_id}/{token}``, with the token's rules."""
        if req.id("webhook_id") != self.world.application_id:
            raise DiscordError(*UNKNOWN_WEBHOOK)
        i = self.world.tokens.get(req.params["webhook_token"])
        if i is None:
            raise DiscordError(*INVALID_WEBHOOK_TOKEN)
        age = self.now() - i.dispatched_at
        if age > self.fake.token_ttl:
            self.violation(
                f"{what} for {i.name!r} with a token {age:.0f} s old (tokens last "
                f"{self.fake.token_ttl:.0f} s): 401 50027"
            )
            raise DiscordError(*INVALID_WEBHOOK_TOKEN)
        if not i.acked:
            self.violation(f"{what} for {i.name!r} before the initial response: 404 10015")
            raise DiscordError(*UNKNOWN_WEBHOOK)
        return i

    def token_message(self, i: FakeInteraction, req: Request) -> FakeMessage:
        raw = req.params.get("message_id", "@original")
        if raw == "@original":
            m = i.response
        else:
            mid = req.id("message_id")
            m = next((f for f in [i.response, *i.followups] if f is not None and f.id == mid), None)
        if m is None or m.deleted:
            raise DiscordError(*UNKNOWN_MESSAGE)
        return m

    # === meta ================================================================================================

    @route("GET", "/users/@me")
    async def get_me(self, req: Request) -> Any:
        if req.bearer is not None:
            return payloads.oauth_user(self.world.users[req.bearer])
        return payloads.current_user(self.world.bot)

    @route("GET", "/users/{user_id}")
    async def get_user(self, req: Request) -> Any:
        u = self.world.users.get(req.id("user_id"))
        if u is None:
            raise DiscordError(404, 10013, "Unknown User")
        return payloads.user(u)

    @route("GET", "/oauth2/applications/@me")
    async def get_application(self, req: Request) -> Any:
        return payloads.application(self.world, self.fake.application_flags())

    @route("GET", "/applications/@me")
    async def get_application_me(self, req: Request) -> Any:
        return payloads.application(self.world, self.fake.application_flags())

    @route("GET", "/gateway")
    async def get_gateway(self, req: Request) -> Any:
        return {"url": self.fake.gateway_url}

    @route("GET", "/gateway/bot")
    async def get_gateway_bot(self, req: Request) -> Any:
        return {
            "url": self.fake.gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 86400000, "max_concurrency": 1},
        }

    # === application commands =============================================================================

    def _guild_param(self, req: Request) -> int | None:
        if "guild_id" not in req.params:
            return None
        gid = req.id("guild_id")
        if self.world.guild(gid) is None:
            raise DiscordError(403, 50001, "Missing Access")
        return gid

    def _check_app(self, req: Request) -> None:
        if req.id("application_id") != self.world.application_id:
            raise DiscordError(403, 50001, "Missing Access")

    async def _put_commands(self, req: Request) -> Any:
        self._check_app(req)
        body = req.json if isinstance(req.json, list) else []
        if len(body) > 100:
            raise DiscordError(*INVALID_FORM, errors={"_errors": "Must be 100 or fewer in length."})
        names = [(c.get("name"), c.get("type", 1)) for c in body]
        if len(set(names)) != len(names):
            raise DiscordError(*INVALID_FORM, errors={"_errors": "Application command names must be unique"})
        guild_id = self._guild_param(req)
        kept_out = guild_id is None and not any(c.get("type") == ENTRY_POINT for c in body)
        if kept_out and any(c.get("type") == ENTRY_POINT for c in self.fake.registry.global_commands):
            self.violation(f"{req.call.key} leaves out the Entry Point command: 400 50240")
            raise DiscordError(*ENTRY_POINT_REMOVED)
        out = self.fake.registry.overwrite(body, guild_id, self.world)
        await self.fake.commands_synced()
        return out

    async def _get_commands(self, req: Request) -> Any:
        self._check_app(req)
        gid = self._guild_param(req)
        if gid is None:
            return self.fake.registry.global_commands
        return self.fake.registry.guild_commands.get(gid, [])

    async def _post_command(self, req: Request) -> Any:
        self._check_app(req)
        out = self.fake.registry.upsert(req.body, self._guild_param(req), self.world)
        await self.fake.commands_synced()
        return out

    async def _one_command(self, req: Request) -> Any:
        self._check_app(req)
        gid = self._guild_param(req)
        cmds = self.fake.registry.global_commands if gid is None else self.fake.registry.guild_commands.get(gid, [])
        c = next((c for c in cmds if c["id"] == req.params["command_id"]), None)
        if c is None:
            raise DiscordError(404, 10063, "Unknown application command")
        if req.call.method == "DELETE":
            self.fake.registry.delete(int(c["id"]), gid)
            return None
        if req.call.method == "PATCH":
            c.update(req.body)
        return c

    put_commands = route("PUT", "/applications/{application_id}/commands")(_put_commands)
    put_guild_commands = route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")(_put_commands)
    get_commands = route("GET", "/applications/{application_id}/commands")(_get_commands)
    get_guild_commands = route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")(_get_commands)
    post_command = route("POST", "/applications/{application_id}/commands")(_post_command)
    post_guild_command = route("POST", "/applications/{application_id}/guilds/{guild_id}/commands")(_post_command)
    for _method in ("GET", "PATCH", "DELETE"):
        route(_method, "/applications/{application_id}/commands/{command_id}")(_one_command)
        route(_method, "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")(_one_command)
    del _method

    # === OAuth2 and the Activity =========================================================================

    @route("POST", "/oauth2/token")
    async def token_exchange(self, req: Request) -> Any:
        """The authorization-code grant (https://discord.com/developers/docs/topics/oauth2): a form with
        client_id, client_secret, grant_type and code; OAuth2's own error bodies, not Discord's codes."""
        form = req.body
        client = (form.get("client_id"), form.get("client_secret"))
        if client != (str(self.world.application_id), self.world.client_secret):
            raise OAuthError(401, "invalid_client")
        if form.get("grant_type") != "authorization_code":
            raise OAuthError(400, "unsupported_grant_type")
        user_id = self.world.oauth_codes.pop(str(form.get("code", "")), None)
        if user_id is None:
            raise OAuthError(400, "invalid_grant", 'Invalid "code" in request.')
        access_token = secrets.token_urlsafe(24)
        self.world.access_tokens[access_token] = user_id
        return payloads.oauth_token(access_token, secrets.token_urlsafe(24))

    @route("GET", "/applications/{application_id}/activity-instances/{instance_id}")
    async def get_activity_instance(self, req: Request) -> Any:
        self._check_app(req)
        instance = self.world.activity_instances.get(req.params["instance_id"])
        if instance is None:
            raise DiscordError(404, 10005, "Unknown Activity Instance")
        return payloads.activity_instance(instance, self.world.application_id)

    # === application emojis ===============================================================================

    @route("GET", "/applications/{application_id}/emojis")
    async def list_emojis(self, req: Request) -> Any:
        self._check_app(req)
        return {"items": [payloads.emoji(e, self.world) for e in self.world.emojis]}

    @route("POST", "/applications/{application_id}/emojis")
    async def create_emoji(self, req: Request) -> Any:
        self._check_app(req)
        name = str(req.body.get("name", ""))
        image = str(req.body.get("image", ""))
        if not EMOJI_NAME.match(name):
            raise DiscordError(*INVALID_FORM, errors={"name": "Must be 2 to 32 letters, digits or underscores."})
        if any(e.name == name for e in self.world.emojis):
            raise DiscordError(*INVALID_FORM, errors={"name": "APPLICATION_EMOJI_NAME_ALREADY_TAKEN"})
        if len(self.world.emojis) >= 2000:
            raise DiscordError(400, 30008, "Maximum number of emojis reached (2000)")
        match = re.match(r"^data:(image/(?:png|jpeg|gif|webp|avif));base64,(.*)$", image, re.S)
        if match is None:
            raise DiscordError(*INVALID_FORM, errors={"image": "Invalid image data"})
        try:
            data = base64.b64decode(match.group(2), validate=True)
        except binascii.Error:
            raise DiscordError(*INVALID_FORM, errors={"image": "Invalid image data"}) from None
        if len(data) > 256 * 1024:
            raise DiscordError(*INVALID_FORM, errors={"image": "File cannot be larger than 256.0 kb."})
        e = FakeEmoji(
            self.world.snowflakes.next(),
            name,
            data,
            match.group(1),
            animated=match.group(1) == "image/gif",
            user_id=self.world.bot.id,
        )
        self.world.emojis.append(e)
        return payloads.emoji(e, self.world)

    def _emoji(self, req: Request) -> FakeEmoji:
        self._check_app(req)
        e = next((e for e in self.world.emojis if e.id == req.id("emoji_id")), None)
        if e is None:
            raise DiscordError(404, 10014, "Unknown Emoji")
        return e

    @route("GET", "/applications/{application_id}/emojis/{emoji_id}")
    async def get_emoji(self, req: Request) -> Any:
        return payloads.emoji(self._emoji(req), self.world)

    @route("PATCH", "/applications/{application_id}/emojis/{emoji_id}")
    async def edit_emoji(self, req: Request) -> Any:
        e = self._emoji(req)
        if "name" in req.body:
            e.name = str(req.body["name"])
        return payloads.emoji(e, self.world)

    @route("DELETE", "/applications/{application_id}/emojis/{emoji_id}")
    async def delete_emoji(self, req: Request) -> Any:
        self.world.emojis.remove(self._emoji(req))
        return None

    # === interactions =====================================================================================

    @route("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
    async def callback(self, req: Request) -> Any:
        i = self.world.interactions.get(req.id("webhook_id"))
        if i is None or i.token != req.params["webhook_token"]:
            raise DiscordError(*UNKNOWN_INTERACTION)
        body = req.body
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        now = self.now()
        if i.acked:
            self.violation(
                f"second initial response (type {kind}) to {i.name!r}, already answered with type "
                f"{i.ack_type}: 400 40060"
            )
            raise DiscordError(*ALREADY_ACKNOWLEDGED)
        elapsed = now - i.dispatched_at
        if elapsed > self.fake.ack_limit:
            self.violation(
                f"initial response (type {kind}) to {i.name!r} after {elapsed:.2f} s (limit "
                f"{self.fake.ack_limit} s): 404 10062 Unknown interaction"
            )
            raise DiscordError(*UNKNOWN_INTERACTION)
        if kind not in ALLOWED_CALLBACKS.get(i.type, set()):
            self.violation(f"callback type {kind} is not valid for interaction type {i.type} ({i.name!r})")
            raise DiscordError(*INVALID_FORM, errors={"type": f"Interaction callback type {kind} is not valid here."})
        if kind == LAUNCH_ACTIVITY and not self.world.activities_enabled:
            self.violation(f"callback type 12 (LAUNCH_ACTIVITY) to {i.name!r} for an app without Activities enabled")
            raise DiscordError(*INVALID_FORM, errors={"type": "This application has no Activity."})
        if kind in (6, 7) and i.message is None:
            self.violation(f"callback type {kind} for {i.name!r}, which has no message to update")
            raise DiscordError(*INVALID_FORM, errors={"type": "This interaction has no message."})

        msg: FakeMessage | None = None
        where = f"initial response (type {kind}) to {i.name!r}"
        if kind == 4:
            msg = self.new_message(i.channel, data, req.files, where=where, interaction=i, allow_ephemeral=True)
            i.response = msg
        elif kind == 5:
            if int(data.get("flags") or 0) & COMPONENTS_V2:
                self.violation(f"{where}: a deferred response cannot carry IS_COMPONENTS_V2 (edit @original with it)")
                raise DiscordError(*INVALID_FORM, errors={"data.flags": "A deferred response may only be ephemeral."})
            msg = self.new_message(
                i.channel,
                {"flags": int(data.get("flags") or 0) & EPHEMERAL},
                [],
                where=where,
                interaction=i,
                allow_ephemeral=True,
            )
            msg.flags |= LOADING
            i.response = msg
        elif kind == 6:
            i.response = i.message
        elif kind == 7:
            assert i.message is not None
            self.edit_message(i.message, data, req.files, where)
            msg = i.response = i.message
        elif kind == 8:
            choices = data.get("choices") or []
            if len(choices) > 25:
                self.violation(f"{where}: {len(choices)} autocomplete choices (at most 25)")
                raise DiscordError(*INVALID_FORM, errors={"data.choices": "Must be 25 or fewer in length."})
            i.choices = choices
        elif kind == 9:
            problems = modal_problems(data)
            if problems:
                self.violation(f"{where}: {'; '.join(f'{k}: {v}' for k, v in problems.items())}")
                raise DiscordError(*INVALID_FORM, errors=problems)
            i.modal = data
        elif kind == LAUNCH_ACTIVITY:
            i.activity_instance = self.fake.join_activity(i.user_id, i.channel)
        i.ack_type, i.ack_at = kind, now
        i._acked.set()
        if i.deadline_handle is not None:
            i.deadline_handle.cancel()
        if msg is not None:
            await self.dispatch_message("MESSAGE_CREATE" if kind in (4, 5) else "MESSAGE_UPDATE", msg)
        if not req.flag("with_response"):
            return None
        if i.activity_instance is not None:
            return payloads.activity_callback_response(i.id, i.activity_instance)
        msg_json = self.message_json(msg) if msg is not None and kind != 6 else None
        return payloads.callback_response(
            i.id, kind, msg_json, ephemeral=bool(msg and msg.ephemeral), loading=kind == 5
        )

    @route("POST", "/webhooks/{webhook_id}/{webhook_token}")
    async def followup(self, req: Request) -> Any:
        i = self.token_interaction(req, "followup message")
        where = f"followup to {i.name!r}"
        original = i.response
        if i.ack_type == 5 and original is not None and original.loading and not original.deleted and not i.followups:
            # The first followup after a deferred "thinking" response becomes that response (unless the
            # bot deleted it: then the followup is a message of its own, with its own flags).
            payload = {k: v for k, v in req.body.items() if k != "flags"}
            if int(req.body.get("flags") or 0) & COMPONENTS_V2:  # the one flag such a followup may set
                payload["flags"] = (original.flags & SETTABLE_FLAGS) | COMPONENTS_V2
            self.edit_message(original, payload, req.files, where)
            m = original
            await self.dispatch_message("MESSAGE_UPDATE", m)
        else:
            m = self.new_message(i.channel, req.body, req.files, where=where, interaction=i, allow_ephemeral=True)
            await self.dispatch_message("MESSAGE_CREATE", m)
        i.followups.append(m)
        return self.message_json(m) if req.flag("wait") else None

    @route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
    async def get_original(self, req: Request) -> Any:
        i = self.token_interaction(req, "GET @original")
        return self.message_json(self.token_message(i, req))

    @route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
    async def get_followup(self, req: Request) -> Any:
        i = self.token_interaction(req, "GET followup message")
        return self.message_json(self.token_message(i, req))

    @route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
    async def edit_original(self, req: Request) -> Any:
        return await self._edit_token_message(req, "edit of @original")

    @route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
    async def edit_followup(self, req: Request) -> Any:
        return await self._edit_token_message(req, "edit of a followup message")

    async def _edit_token_message(self, req: Request, what: str) -> Any:
        i = self.token_interaction(req, what)
        m = self.token_message(i, req)
        self.edit_message(m, req.body, req.files, f"{what} of {i.name!r}")
        await self.dispatch_message("MESSAGE_UPDATE", m)
        return self.message_json(m)

    @route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
    async def delete_original(self, req: Request) -> Any:
        return await self._delete_token_message(req, "delete of @original")

    @route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
    async def delete_followup(self, req: Request) -> Any:
        return await self._delete_token_message(req, "delete of a followup message")

    async def _delete_token_message(self, req: Request, what: str) -> Any:
        i = self.token_interaction(req, what)
        m = self.token_message(i, req)
        m.deleted = True
        await self.dispatch_delete(m)
        return None

    # === channels and messages ============================================================================

    @route("GET", "/channels/{channel_id}")
    async def get_channel(self, req: Request) -> Any:
        return payloads.channel(self.channel(req.id("channel_id")), self.world)

    @route("PATCH", "/channels/{channel_id}")
    async def edit_channel(self, req: Request) -> Any:
        c = self.channel(req.id("channel_id"))
        body = req.body
        if c.is_thread:
            for key in ("name", "auto_archive_duration", "locked", "invitable", "rate_limit_per_user"):
                if key in body:
                    setattr(c, key, body[key])
            if "archived" in body:
                c.archived = bool(body["archived"])
                c.archive_timestamp = iso()
            await self.dispatch_channel("THREAD_UPDATE", c)
        else:
            for key in ("name", "topic", "nsfw", "rate_limit_per_user", "position"):
                if key in body:
                    setattr(c, key, body[key])
            await self.dispatch_channel("CHANNEL_UPDATE", c)
        return payloads.channel(c, self.world)

    @route("DELETE", "/channels/{channel_id}")
    async def delete_channel(self, req: Request) -> Any:
        c = self.channel(req.id("channel_id"))
        c.deleted = True
        data = payloads.channel(c, self.world)
        if c.is_thread:
            await self.fake.gateway.dispatch(
                "THREAD_DELETE",
                {"id": str(c.id), "guild_id": str(c.guild_id), "parent_id": str(c.parent_id), "type": c.type},
                intent=GUILDS,
                guild_id=c.guild_id,
            )
        elif c.type != DM:
            await self.dispatch_channel("CHANNEL_DELETE", c)
        return data

    @route("POST", "/channels/{channel_id}/typing")
    async def typing(self, req: Request) -> Any:
        self.channel(req.id("channel_id"))
        return None

    @route("GET", "/channels/{channel_id}/messages")
    async def list_messages(self, req: Request) -> Any:
        c = self.channel(req.id("channel_id"))
        limit = max(1, min(100, int(req.query.get("limit", 50))))
        msgs = [m for m in self.world.messages.values() if m.channel_id == c.id and not m.deleted and not m.ephemeral]
        msgs.sort(key=lambda m: m.id, reverse=True)
        if "before" in req.query:
            msgs = [m for m in msgs if m.id < int(req.query["before"])]
        if "after" in req.query:
            msgs = [m for m in msgs if m.id > int(req.query["after"])][-limit:]
        if "around" in req.query:
            pivot = int(req.query["around"])
            older = [m for m in msgs if m.id <= pivot][: (limit + 1) // 2]
            newer = [m for m in msgs if m.id > pivot][-(limit // 2) :] if limit > 1 else []
            msgs = newer + older
        return [self.message_json(m) for m in msgs[:limit]]

    @route("POST", "/channels/{channel_id}/messages")
    async def create_message(self, req: Request) -> Any:
        c = self.channel(req.id("channel_id"))
        if c.is_thread and c.locked:
            raise DiscordError(403, 50083, "Thread is archived")
        if c.is_thread and c.archived:
            c.archived = False  # sending to an archived (unlocked) thread unarchives it
            c.archive_timestamp = iso()
            await self.dispatch_channel("THREAD_UPDATE", c)
        m = self.new_message(c, req.body, req.files, where=f"message in channel {c.name!r}")
        await self.dispatch_message("MESSAGE_CREATE", m)
        return self.message_json(m)

    @route("GET", "/channels/{channel_id}/messages/{message_id}")
    async def get_message(self, req: Request) -> Any:
        return self.message_json(self.channel_message(req, "fetch of"))

    @route("PATCH", "/channels/{channel_id}/messages/{message_id}")
    async def edit_message_route(self, req: Request) -> Any:
        m = self.channel_message(req, "edit of")
        if m.author_id != self.world.bot.id:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        self.edit_message(m, req.body, req.files, f"edit of message {m.id}")
        await self.dispatch_message("MESSAGE_UPDATE", m)
        return self.message_json(m)

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}")
    async def delete_message(self, req: Request) -> Any:
        m = self.channel_message(req, "delete of")
        m.deleted = True
        await self.dispatch_delete(m)
        return None

    @route("POST", "/channels/{channel_id}/messages/bulk-delete")
    async def bulk_delete(self, req: Request) -> Any:
        c = self.channel(req.id("channel_id"))
        ids = [int(x) for x in req.body.get("messages", [])]
        if not 2 <= len(ids) <= 100:
            raise DiscordError(*INVALID_FORM, errors={"messages": "Must be between 2 and 100 in length."})
        gone = [self.world.messages[i] for i in ids if i in self.world.messages]
        for m in gone:
            m.deleted = True
        await self.fake.gateway.dispatch(
            "MESSAGE_DELETE_BULK",
            {"ids": [str(m.id) for m in gone], "channel_id": str(c.id), "guild_id": str(c.guild_id)},
            intent=GUILD_MESSAGES,
            guild_id=c.guild_id,
        )
        return None

    # --- reactions and pins --------------------------------------------------------------------------------

    async def _reaction(self, req: Request, user_id: int, add: bool) -> Any:
        m = self.channel_message(req, "reaction on")
        key = req.params["emoji"]
        users = m.reactions.setdefault(key, set())
        if add == (user_id in users):
            return None
        (users.add if add else users.discard)(user_id)
        name, _, emoji_id = key.partition(":")
        data: dict[str, Any] = {
            "user_id": str(user_id),
            "channel_id": str(m.channel_id),
            "message_id": str(m.id),
            "emoji": {"id": emoji_id or None, "name": name},
            "burst": False,
            "type": 0,
        }
        if m.guild_id is not None:
            data["guild_id"] = str(m.guild_id)
            if add:
                data["message_author_id"] = str(m.author_id)
        intent = DIRECT_MESSAGE_REACTIONS if m.guild_id is None else GUILD_MESSAGE_REACTIONS
        event = "MESSAGE_REACTION_ADD" if add else "MESSAGE_REACTION_REMOVE"
        await self.fake.gateway.dispatch(event, data, intent=intent, guild_id=m.guild_id)
        return None

    @route("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me")
    async def add_reaction(self, req: Request) -> Any:
        return await self._reaction(req, self.world.bot.id, True)

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me")
    async def remove_own_reaction(self, req: Request) -> Any:
        return await self._reaction(req, self.world.bot.id, False)

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/{member_id}")
    async def remove_reaction(self, req: Request) -> Any:
        return await self._reaction(req, req.id("member_id"), False)

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions")
    async def clear_reactions(self, req: Request) -> Any:
        self.channel_message(req, "clearing reactions of").reactions.clear()
        return None

    @route("PUT", "/channels/{channel_id}/messages/pins/{message_id}")
    async def pin(self, req: Request) -> Any:
        self.channel_message(req, "pin of").pinned = True
        return None

    @route("DELETE", "/channels/{channel_id}/messages/pins/{message_id}")
    async def unpin(self, req: Request) -> Any:
        self.channel_message(req, "unpin of").pinned = False
        return None

    # --- threads --------------------------------------------------------------------------------------------

    async def _new_thread(self, parent: FakeChannel, thread_id: int, kind: int, body: dict[str, Any]) -> FakeChannel:
        if parent.type != GUILD_TEXT:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise DiscordError(*INVALID_FORM, errors={"name": "Must be between 1 and 100 in length."})
        duration = int(body.get("auto_archive_duration") or 4320)
        if duration not in (60, 1440, 4320, 10080):
            raise DiscordError(*INVALID_FORM, errors={"auto_archive_duration": "Must be 60, 1440, 4320 or 10080."})
        t = FakeChannel(
            thread_id,
            kind,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=self.world.bot.id,
            auto_archive_duration=duration,
            invitable=bool(body.get("invitable", True)),
            rate_limit_per_user=int(body.get("rate_limit_per_user") or 0),
            member_ids=[self.world.bot.id],
        )
        self.world.channels[t.id] = t
        self.world.threads.append(t)
        guild = self.world.guild(parent.guild_id)
        if guild is not None:
            guild.channels.append(t)
        extra = {"newly_created": True, "member": payloads.thread_member(t, self.world.bot.id)}
        await self.dispatch_channel("THREAD_CREATE", t, extra)
        return t

    @route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
    async def thread_from_message(self, req: Request) -> Any:
        parent = self.channel(req.id("channel_id"))
        m = self.channel_message(req, "thread from")
        if m.thread_id is not None:
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        t = await self._new_thread(parent, m.id, PUBLIC_THREAD, req.body)
        m.thread_id = t.id
        await self.dispatch_message("MESSAGE_UPDATE", m)
        return payloads.channel(t, self.world)

    @route("POST", "/channels/{channel_id}/threads")
    async def thread_without_message(self, req: Request) -> Any:
        parent = self.channel(req.id("channel_id"))
        kind = int(req.body.get("type") or PRIVATE_THREAD)
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise DiscordError(*INVALID_FORM, errors={"type": "Must be 11 or 12."})
        t = await self._new_thread(parent, self.world.snowflakes.next(), kind, req.body)
        return payloads.channel(t, self.world)

    async def _thread_member(self, req: Request, user_id: int, add: bool) -> Any:
        t = self.channel(req.id("channel_id"))
        if not t.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if t.archived:
            raise DiscordError(400, 50083, "Thread is archived")
        guild = self.world.guild(t.guild_id)
        member = guild.members.get(user_id) if guild is not None else None
        if member is None:
            raise DiscordError(404, 10007, "Unknown Member")
        if add == (user_id in t.member_ids):
            return None
        data: dict[str, Any] = {"id": str(t.id), "guild_id": str(t.guild_id)}
        if add:
            t.member_ids.append(user_id)
            data["added_members"] = [
                {**payloads.thread_member(t, user_id), "member": payloads.member(member), "presence": None}
            ]
        else:
            t.member_ids.remove(user_id)
            data["removed_member_ids"] = [str(user_id)]
        data["member_count"] = min(len(t.member_ids), 50)
        intent = GUILDS if user_id == self.world.bot.id else GUILD_MEMBERS
        await self.fake.gateway.dispatch("THREAD_MEMBERS_UPDATE", data, intent=intent, guild_id=t.guild_id)
        return None

    @route("PUT", "/channels/{channel_id}/thread-members/@me")
    async def join_thread(self, req: Request) -> Any:
        return await self._thread_member(req, self.world.bot.id, True)

    @route("DELETE", "/channels/{channel_id}/thread-members/@me")
    async def leave_thread(self, req: Request) -> Any:
        return await self._thread_member(req, self.world.bot.id, False)

    @route("PUT", "/channels/{channel_id}/thread-members/{user_id}")
    async def add_thread_member(self, req: Request) -> Any:
        return await self._thread_member(req, req.id("user_id"), True)

    @route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")
    async def remove_thread_member(self, req: Request) -> Any:
        return await self._thread_member(req, req.id("user_id"), False)

    @route("GET", "/channels/{channel_id}/thread-members")
    async def thread_members(self, req: Request) -> Any:
        t = self.channel(req.id("channel_id"))
        return [payloads.thread_member(t, u) for u in t.member_ids]

    @route("GET", "/channels/{channel_id}/thread-members/{user_id}")
    async def thread_member(self, req: Request) -> Any:
        t = self.channel(req.id("channel_id"))
        if req.id("user_id") not in t.member_ids:
            raise DiscordError(404, 10007, "Unknown Member")
        return payloads.thread_member(t, req.id("user_id"))

    # === guilds, members, DMs =============================================================================

    def _guild(self, req: Request) -> Any:
        g = self.world.guild(req.id("guild_id"))
        if g is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        return g

    @route("GET", "/guilds/{guild_id}")
    async def get_guild(self, req: Request) -> Any:
        g = self._guild(req)
        data = payloads.guild(g)
        if req.flag("with_counts"):
            data.update(approximate_member_count=len(g.members), approximate_presence_count=0)
        return data

    @route("GET", "/guilds/{guild_id}/channels")
    async def guild_channels(self, req: Request) -> Any:
        g = self._guild(req)
        return [payloads.channel(c, self.world) for c in g.channels if not c.is_thread and not c.deleted]

    @route("GET", "/guilds/{guild_id}/roles")
    async def guild_roles(self, req: Request) -> Any:
        return [payloads.role(r) for r in self._guild(req).roles]

    @route("GET", "/guilds/{guild_id}/members/{member_id}")
    async def get_member(self, req: Request) -> Any:
        m = self._guild(req).members.get(req.id("member_id"))
        if m is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return payloads.member(m)

    @route("GET", "/guilds/{guild_id}/members")
    async def list_members(self, req: Request) -> Any:
        if not self.fake.allowed_intents & GUILD_MEMBERS:
            raise DiscordError(403, 50001, "Missing Access")
        g = self._guild(req)
        after = int(req.query.get("after", 0))
        limit = max(1, min(1000, int(req.query.get("limit", 1))))
        members = sorted((m for m in g.members.values() if m.user_id > after), key=lambda m: m.user_id)
        return [payloads.member(m) for m in members[:limit]]

    @route("POST", "/users/@me/channels")
    async def open_dm(self, req: Request) -> Any:
        uid = int(req.body.get("recipient_id", 0))
        if uid not in self.world.users or uid == self.world.bot.id:
            raise DiscordError(400, 50007, "Cannot send messages to this user")
        return payloads.channel(self.fake.open_dm(self.world.users[uid]), self.world)

"""Wire payloads in Discord's documented shapes (https://discord.com/developers/docs), API v10.

Only builders: no state changes here. ``cdn`` is the base URL the fake serves attachments and emoji from.
"""

from __future__ import annotations

import re
from typing import Any

from .messages import EPHEMERAL, FakeAttachment, FakeMessage, walk_components
from .state import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    DM,
    PRIVATE_THREAD,
    FakeActivityInstance,
    FakeChannel,
    FakeEmoji,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    World,
    iso,
)

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024  # 10 MiB, an unboosted guild
MENTION = re.compile(r"<@!?(\d+)>")


def user(u: FakeUser | FakeMember) -> dict[str, Any]:
    if isinstance(u, FakeMember):
        uid, name, bot, global_name, discriminator = u.user_id, u.name, u.bot, u.global_name, "0"
    else:
        uid, name, bot, global_name, discriminator = u.id, u.name, u.bot, u.global_name, u.discriminator
    data: dict[str, Any] = {
        "id": str(uid),
        "username": name,
        "discriminator": discriminator,
        "global_name": global_name,
        "avatar": None,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "collectibles": None,
        "primary_guild": None,
        "public_flags": 0,
        "flags": 0,
    }
    if bot:
        data["bot"] = True
    return data


def current_user(u: FakeUser) -> dict[str, Any]:
    """GET /users/@me for a bot: the user plus the private fields."""
    return {**user(u), "mfa_enabled": False, "locale": u.locale, "verified": True, "email": None, "premium_type": 0}


def member(m: FakeMember, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "nick": m.nick,
        "avatar": None,
        "banner": None,
        "roles": [str(r) for r in m.roles],
        "joined_at": m.joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
        "avatar_decoration_data": None,
    }
    if with_user:
        data["user"] = user(m)
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def role(r: FakeRole) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": r.managed,
        "mentionable": False,
        "flags": 0,
    }
    if r.bot_id is not None:
        data["tags"] = {"bot_id": str(r.bot_id)}
    return data


def member_permissions(guild: FakeGuild, m: FakeMember) -> int:
    """The member's permissions as an interaction reports them (no channel overwrites in the fake)."""
    return ALL_PERMISSIONS if guild.owner_id == m.user_id else m.resolved_permissions()


def channel(c: FakeChannel, world: World, *, permissions: int | None = None) -> dict[str, Any]:
    if c.type == DM:
        return {
            "id": str(c.id),
            "type": DM,
            "last_message_id": _opt_id(c.last_message_id),
            "flags": 0,
            "recipients": [user(world.users[u]) for u in c.recipient_ids if u in world.users],
        }
    data: dict[str, Any] = {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "name": c.name,
        "last_message_id": _opt_id(c.last_message_id),
        "rate_limit_per_user": c.rate_limit_per_user,
        "flags": 0,
        "parent_id": _opt_id(c.parent_id),
    }
    if c.is_thread:
        metadata: dict[str, Any] = {
            "archived": c.archived,
            "auto_archive_duration": c.auto_archive_duration,
            "archive_timestamp": c.archive_timestamp,
            "locked": c.locked,
            "create_timestamp": c.create_timestamp,
        }
        if c.type == PRIVATE_THREAD:
            metadata["invitable"] = c.invitable
        data.update(
            owner_id=str(c.owner_id),
            message_count=c.message_count,
            total_message_sent=c.message_count,
            member_count=min(len(c.member_ids), 50),
            thread_metadata=metadata,
            applied_tags=[],
        )
    else:
        data.update(position=c.position, permission_overwrites=[], topic=c.topic, nsfw=c.nsfw)
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def thread_member(c: FakeChannel, user_id: int, guild_id: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"id": str(c.id), "user_id": str(user_id), "join_timestamp": c.create_timestamp, "flags": 1}
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    return data


def guild(g: FakeGuild) -> dict[str, Any]:
    """The guild object (GET /guilds/{guild_id})."""
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(g.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(r) for r in g.roles],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": str(g.text_channel.id),
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "max_members": 500000,
        "max_video_channel_users": 25,
        "vanity_url_code": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": g.locale,
        "nsfw_level": 0,
        "nsfw": False,
        "incidents_data": None,
    }


def guild_create(g: FakeGuild, world: World) -> dict[str, Any]:
    """GUILD_CREATE: the guild plus channels, active threads and -- as Discord does -- only the bot's member."""
    bot_member = g.members[world.bot.id]
    channels = [c for c in g.channels if not c.is_thread and not c.deleted]
    threads = [c for c in world.threads if c.guild_id == g.id and not c.archived and not c.deleted]
    return {
        **guild(g),
        "joined_at": g.joined_at,
        "large": False,
        "unavailable": False,
        "member_count": len(g.members),
        "voice_states": [],
        "members": [member(bot_member)],
        "channels": [channel(c, world) for c in channels],
        "threads": [channel(c, world) for c in threads],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "embedded_activities": [],
        "application_command_counts": {},
        "lazy": True,
    }


def application(world: World, flags: int) -> dict[str, Any]:
    """GET /oauth2/applications/@me."""
    return {
        "id": str(world.application_id),
        "name": world.bot.name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "owner": user(world.owner),
        "team": None,
        "flags": flags,
        "hook": True,
        "bot": user(world.bot),
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "role_connections_verification_url": None,
        "tags": [],
        "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
        "integration_types_config": {"0": {}, "1": {}},
        "approximate_guild_count": len(world.guilds),
        "approximate_user_install_count": 0,
        "rpc_origins": [],
        "terms_of_service_url": None,
        "privacy_policy_url": None,
        "custom_install_url": None,
        "cover_image": None,
    }


def attachment(a: FakeAttachment, url: str, *, ephemeral: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(a.id),
        "filename": a.filename,
        "size": a.size,
        "url": url,
        "proxy_url": url,
        "content_type": a.content_type,
        "flags": 0,
    }
    if a.description is not None:
        data["description"] = a.description
    if a.title is not None:
        data["title"] = a.title
    size = a.image_size()
    if size is not None:
        data["width"], data["height"] = size
    if ephemeral:
        data["ephemeral"] = True
    return data


def attachment_url(cdn: str, channel_id: int, a: FakeAttachment) -> str:
    return f"{cdn}/attachments/{channel_id}/{a.id}/{a.filename}"


def _copied(value: Any) -> Any:
    """A copy of decoded JSON (dicts, lists and scalars): ``copy.deepcopy`` was a tenth of the fake's time
    under load."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    return value


def numbered_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy where every component has the numeric ``id`` Discord assigns when the sender gave none."""
    out = _copied(components)
    used = {c["id"] for c in walk_components(out) if isinstance(c.get("id"), int)}
    n = 0
    for c in walk_components(out):
        if c.get("id") is None:
            n += 1
            while n in used:
                n += 1
            c["id"] = n
    return out


def resolved_media(components: list[dict[str, Any]], m: FakeMessage, cdn: str) -> list[dict[str, Any]]:
    """Components as Discord returns them: a medium sent as ``attachment://name`` comes back as the
    attachment's address, with its size, type and id."""
    by_name = {a.filename: a for a in m.attachments}
    for c in walk_components(components):
        for media in _media_of(c):
            url = str(media.get("url") or "")
            found = by_name.get(url.removeprefix("attachment://")) if url.startswith("attachment://") else None
            if found is None:
                continue
            address = attachment_url(cdn, m.channel_id, found)
            media.update(url=address, proxy_url=address, content_type=found.content_type, attachment_id=str(found.id))
            size = found.image_size()
            if size is not None:
                media.update(width=size[0], height=size[1])
    return components


def _media_of(c: dict[str, Any]) -> list[dict[str, Any]]:
    if c.get("type") == 12:
        return [item["media"] for item in c.get("items") or [] if isinstance(item.get("media"), dict)]
    if c.get("type") == 11 and isinstance(c.get("media"), dict):
        return [c["media"]]
    if c.get("type") == 13 and isinstance(c.get("file"), dict):
        return [c["file"]]
    return []


def spoken(m: FakeMessage) -> str:
    """The text that may mention someone: the content, or a V2 layout's text displays."""
    return "\n".join(
        [m.content, *(str(c.get("content") or "") for c in walk_components(m.components) if c.get("type") == 10)]
    )


def message(m: FakeMessage, world: World, cdn: str) -> dict[str, Any]:
    author = world.users.get(m.author_id)
    author_json = user(author) if author is not None else user(_member_of(world, m))
    mentions = []
    for uid in dict.fromkeys(int(x) for x in MENTION.findall(spoken(m))):
        u = world.users.get(uid)
        if u is not None:
            mentions.append(user(u))
    data: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "type": m.type,
        "author": author_json,
        "content": m.content,
        "timestamp": m.timestamp,
        "edited_timestamp": m.edited_timestamp,
        "tts": m.tts,
        "mention_everyone": "@everyone" in m.content,
        "mentions": mentions,
        "mention_roles": [],
        "attachments": [
            attachment(a, attachment_url(cdn, m.channel_id, a), ephemeral=m.ephemeral) for a in m.attachments
        ],
        "embeds": m.embeds,
        "components": resolved_media(numbered_components(m.components), m, cdn),
        "pinned": m.pinned,
        "flags": m.flags,
    }
    if m.guild_id is not None:
        data["guild_id"] = str(m.guild_id)
    if m.nonce is not None:
        data["nonce"] = m.nonce
    if m.webhook_id is not None:
        data["webhook_id"] = str(m.webhook_id)
        data["application_id"] = str(world.application_id)
    if m.reactions:
        data["reactions"] = [
            {
                "count": len(users),
                "count_details": {"burst": 0, "normal": len(users)},
                "me": world.bot.id in users,
                "me_burst": False,
                "burst_colors": [],
                "emoji": _reaction_emoji(key),
            }
            for key, users in m.reactions.items()
            if users
        ]
    if m.message_reference is not None:
        data["message_reference"] = {"type": 0, **m.message_reference, "channel_id": str(m.channel_id)}
    if m.poll is not None:
        data["poll"] = m.poll
    if m.interaction_id is not None:
        i = world.interactions.get(m.interaction_id)
        if i is not None:
            data["interaction_metadata"] = interaction_metadata(i, world)
    if m.thread_id is not None and m.thread_id in world.channels:
        data["thread"] = channel(world.channels[m.thread_id], world)
    return data


def _member_of(world: World, m: FakeMessage) -> FakeMember:
    for g in world.guilds:
        if m.author_id in g.members:
            return g.members[m.author_id]
    return FakeMember(m.author_id, f"user{m.author_id}", 0)


def _reaction_emoji(key: str) -> dict[str, Any]:
    if ":" in key:
        name, _, emoji_id = key.partition(":")
        return {"id": emoji_id, "name": name}
    return {"id": None, "name": key}


def interaction_metadata(i: Any, world: World) -> dict[str, Any]:
    u = world.users.get(i.user_id)
    data: dict[str, Any] = {
        "id": str(i.id),
        "type": i.type,
        "user": user(u) if u is not None else {"id": str(i.user_id)},
        "authorizing_integration_owners": i.payload.get("authorizing_integration_owners", {}),
    }
    if i.type == 2:
        data["name"] = i.name
        data["command_type"] = i.payload.get("data", {}).get("type", 1)
    if i.type == 3 and i.message is not None:
        data["interacted_message_id"] = str(i.message.id)
    return data


def emoji(e: FakeEmoji, world: World) -> dict[str, Any]:
    return {
        "id": str(e.id),
        "name": e.name,
        "roles": [],
        "user": user(world.bot),
        "require_colons": True,
        "managed": False,
        "animated": e.animated,
        "available": True,
    }


def interaction(
    world: World,
    *,
    interaction_id: int,
    token: str,
    kind: int,
    data: dict[str, Any] | None,
    guild: FakeGuild | None,
    channel_obj: FakeChannel,
    member_obj: FakeMember | None,
    user_obj: FakeUser | None = None,
    locale: str = "en-US",
    message_payload: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """INTERACTION_CREATE (https://discord.com/developers/docs/interactions/receiving-and-responding)."""
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(world.application_id),
        "type": kind,
        "token": token,
        "version": 1,
        "locale": locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if data is not None:
        payload["data"] = data
    if guild is not None and member_obj is not None:
        perms = member_permissions(guild, member_obj)
        bot_perms = member_permissions(guild, guild.members[world.bot.id])
        payload.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": guild.locale, "features": []},
            guild_locale=guild.locale,
            member=member(member_obj, permissions=perms),
            app_permissions=str(bot_perms),
            authorizing_integration_owners={"0": str(guild.id)},
            context=0,
            channel=channel(channel_obj, world, permissions=perms),
            channel_id=str(channel_obj.id),
        )
    else:
        u = user_obj or world.owner
        payload.update(
            user=user(u),
            app_permissions=str(ALL_PERMISSIONS & ~ADMINISTRATOR),
            authorizing_integration_owners={"0": "0"},  # a guild-installed app in its DM with the user
            context=1,
            channel=channel(channel_obj, world),
            channel_id=str(channel_obj.id),
        )
    if message_payload is not None:
        payload["message"] = message_payload
    return payload


def callback_response(
    interaction_id: int, kind: int, msg: dict[str, Any] | None, *, ephemeral: bool, loading: bool
) -> dict[str, Any]:
    """The InteractionCallbackResponse answered to ``?with_response=true``."""
    inner: dict[str, Any] = {"id": str(interaction_id), "type": kind}
    if msg is not None:
        inner.update(
            response_message_id=msg["id"],
            response_message_loading=loading,
            response_message_ephemeral=bool(int(msg.get("flags", 0)) & EPHEMERAL) or ephemeral,
        )
    resource: dict[str, Any] = {"type": kind}
    if msg is not None:
        resource["message"] = msg
    return {"interaction": inner, "resource": resource}


def activity_callback_response(interaction_id: int, instance: FakeActivityInstance) -> dict[str, Any]:
    """The InteractionCallbackResponse of a LAUNCH_ACTIVITY (type 12): the instance launched or joined
    (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-callback-object)."""
    return {
        "interaction": {"id": str(interaction_id), "type": 12, "activity_instance_id": instance.id},
        "resource": {"type": 12, "activity_instance": {"id": instance.id}},
    }


def activity_instance(instance: FakeActivityInstance, application_id: int) -> dict[str, Any]:
    """GET /applications/{id}/activity-instances/{instance_id} with the bot token: the instance's location
    and the ids of the users in it (https://discord.com/developers/docs/resources/application, Activity
    Instance Object). ``kind`` is "gc" in a guild channel, "pc" in a DM or group DM."""
    location: dict[str, Any] = {
        "id": f"{'gc' if instance.guild_id is not None else 'pc'}-{instance.channel_id}",
        "kind": "gc" if instance.guild_id is not None else "pc",
        "channel_id": str(instance.channel_id),
    }
    if instance.guild_id is not None:
        location["guild_id"] = str(instance.guild_id)
    return {
        "application_id": str(application_id),
        "instance_id": instance.id,
        "launch_id": str(instance.launch_id),
        "location": location,
        "users": [str(user_id) for user_id in instance.user_ids],
    }


def oauth_token(access_token: str, refresh_token: str) -> dict[str, Any]:
    """The access token response of the authorization-code grant
    (https://discord.com/developers/docs/topics/oauth2#authorization-code-grant-access-token-response)."""
    return {
        "access_token": access_token,
        "token_type": "Bearer",
        "expires_in": 604800,
        "refresh_token": refresh_token,
        "scope": "identify",
    }


def oauth_user(u: FakeUser) -> dict[str, Any]:
    """GET /users/@me with a Bearer token of scope ``identify``: the user, without the email."""
    return {**user(u), "mfa_enabled": False, "locale": u.locale, "premium_type": 0}


def error(code: int, message_text: str, errors: dict[str, str] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"message": message_text, "code": code}
    if errors:
        body["errors"] = {path: {"_errors": [{"code": "INVALID", "message": why}]} for path, why in errors.items()}
    return body


def _opt_id(value: int | None) -> str | None:
    return None if value is None else str(value)


def now() -> str:
    return iso()

"""Application commands: what the bot synced, and turning a test's "mahjong new rules=classic" into the
``data`` of an INTERACTION_CREATE the way a Discord client builds it from the synced command tree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import payloads
from .messages import FakeAttachment, FakeFile, FakeMessage, guess_content_type
from .state import FakeChannel, FakeGuild, FakeMember, FakeRole, World

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3


class CommandInputError(ValueError):
    """The test asked for something a Discord client would not let a user send."""


@dataclass
class CommandRegistry:
    """Commands as the bot last bulk-overwrote them, global and per guild, with the ids Discord assigned."""

    global_commands: list[dict[str, Any]] = field(default_factory=list)
    guild_commands: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    versions: int = 0

    def all(self) -> list[dict[str, Any]]:
        out = list(self.global_commands)
        for cmds in self.guild_commands.values():
            out += cmds
        return out

    def overwrite(self, body: list[dict[str, Any]], guild_id: int | None, world: World) -> list[dict[str, Any]]:
        old = self.global_commands if guild_id is None else self.guild_commands.get(guild_id, [])
        ids = {(c["name"], c.get("type", 1)): c["id"] for c in old}
        out = [self._stored(c, guild_id, world, ids.get((c["name"], c.get("type", 1)))) for c in body]
        if guild_id is None:
            self.global_commands = out
        else:
            self.guild_commands[guild_id] = out
        return out

    def upsert(self, body: dict[str, Any], guild_id: int | None, world: World) -> dict[str, Any]:
        current = self.global_commands if guild_id is None else self.guild_commands.setdefault(guild_id, [])
        for i, c in enumerate(current):
            if c["name"] == body["name"] and c.get("type", 1) == body.get("type", 1):
                current[i] = self._stored(body, guild_id, world, c["id"])
                return current[i]
        stored = self._stored(body, guild_id, world, None)
        current.append(stored)
        return stored

    def delete(self, command_id: int, guild_id: int | None) -> bool:
        current = self.global_commands if guild_id is None else self.guild_commands.get(guild_id, [])
        for c in current:
            if c["id"] == str(command_id):
                current.remove(c)
                return True
        return False

    def _stored(self, c: dict[str, Any], guild_id: int | None, world: World, known: str | None) -> dict[str, Any]:
        self.versions += 1
        stored: dict[str, Any] = {
            "id": known or str(world.snowflakes.next()),
            "application_id": str(world.application_id),
            "version": str(world.snowflakes.next()),
            "type": 1,
            "name_localizations": None,
            "description": "",
            "description_localizations": None,
            "default_member_permissions": None,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            "options": [],
            **c,
        }
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    def find(self, name: str, guild_id: int | None, kind: int = CHAT_INPUT) -> dict[str, Any]:
        candidates = (self.guild_commands.get(guild_id, []) if guild_id is not None else []) + self.global_commands
        for c in candidates:
            if c["name"] == name and c.get("type", 1) == kind:
                return c
        known = sorted(c["name"] for c in self.all())
        raise CommandInputError(f"no synced command {name!r} (type {kind}) for guild {guild_id}; synced: {known}")


@dataclass
class OptionResolver:
    """Builds option values and the ``resolved`` map for users, channels, roles and attachments."""

    world: World
    guild: FakeGuild | None
    new_attachment: Callable[[FakeFile], FakeAttachment]
    cdn: str
    channel_id: int
    resolved: dict[str, dict[str, Any]] = field(default_factory=dict)

    def add_user(self, target: FakeMember | int) -> str:
        m = self._member(target)
        self.resolved.setdefault("users", {})[str(m.user_id)] = payloads.user(m)
        if self.guild is not None and m.user_id in self.guild.members:
            perms = payloads.member_permissions(self.guild, m)
            self.resolved.setdefault("members", {})[str(m.user_id)] = payloads.member(
                m, with_user=False, permissions=perms
            )
        return str(m.user_id)

    def add_channel(self, target: FakeChannel | int) -> str:
        c = target if isinstance(target, FakeChannel) else self.world.channels[int(target)]
        entry = payloads.channel(c, self.world, permissions=0)
        keep = ("id", "name", "type", "permissions", "parent_id", "thread_metadata", "guild_id")
        self.resolved.setdefault("channels", {})[str(c.id)] = {k: v for k, v in entry.items() if k in keep}
        return str(c.id)

    def add_role(self, target: FakeRole | int) -> str:
        if self.guild is None:
            raise CommandInputError("roles exist only in guilds")
        role_id = target.id if isinstance(target, FakeRole) else int(target)
        r = next((r for r in self.guild.roles if r.id == role_id), None)
        if r is None:
            raise CommandInputError(f"no role {role_id} in guild {self.guild.name}")
        self.resolved.setdefault("roles", {})[str(r.id)] = payloads.role(r)
        return str(r.id)

    def add_attachment(self, target: FakeFile | bytes | tuple[str, bytes]) -> str:
        if isinstance(target, bytes):
            target = FakeFile("file.bin", target, "application/octet-stream")
        elif isinstance(target, tuple):
            target = FakeFile(target[0], target[1], guess_content_type(target[0], target[1]))
        att = self.new_attachment(target)
        url = payloads.attachment_url(self.cdn, self.channel_id, att)
        self.resolved.setdefault("attachments", {})[str(att.id)] = payloads.attachment(att, url, ephemeral=True)
        return str(att.id)

    def add_message(self, msg: FakeMessage) -> str:
        self.resolved.setdefault("messages", {})[str(msg.id)] = payloads.message(msg, self.world, self.cdn)
        return str(msg.id)

    def _member(self, target: FakeMember | int) -> FakeMember:
        if isinstance(target, FakeMember):
            return target
        uid = int(target)
        if self.guild is not None and uid in self.guild.members:
            return self.guild.members[uid]
        for g in self.world.guilds:
            if uid in g.members:
                return g.members[uid]
        raise CommandInputError(f"unknown user {uid}")


def chat_input_data(
    command: dict[str, Any],
    path: list[str],
    options: dict[str, Any],
    resolver: OptionResolver,
    *,
    focused: str | None = None,
) -> dict[str, Any]:
    """``data`` for a CHAT_INPUT interaction: subcommand groups/subcommands from ``path``, typed options."""
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": CHAT_INPUT}
    if "guild_id" in command:
        data["guild_id"] = command["guild_id"]
    level = data
    defs: list[dict[str, Any]] = command.get("options") or []
    for part in path:
        sub = next((o for o in defs if o["name"] == part and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if sub is None:
            subs = [o["name"] for o in defs if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            raise CommandInputError(f"/{command['name']}: no subcommand {part!r} (has {subs})")
        node: dict[str, Any] = {"name": sub["name"], "type": sub["type"]}
        level.setdefault("options", []).append(node)
        level, defs = node, sub.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in defs):
        subs = [o["name"] for o in defs if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        raise CommandInputError(f"/{command['name']} {' '.join(path)}: choose a subcommand among {subs}")
    level["options"] = _values(command["name"], defs, options, resolver, focused)
    if resolver.resolved:
        data["resolved"] = resolver.resolved
    return data


def _values(
    name: str,
    defs: list[dict[str, Any]],
    options: dict[str, Any],
    resolver: OptionResolver,
    focused: str | None,
) -> list[dict[str, Any]]:
    by_name = {o["name"]: o for o in defs}
    for key in options:
        if key not in by_name:
            raise CommandInputError(f"/{name}: no option {key!r} (has {sorted(by_name)})")
    out: list[dict[str, Any]] = []
    for d in defs:  # in declaration order, like the client
        if d["name"] not in options:
            if d.get("required") and focused is None:
                raise CommandInputError(f"/{name}: option {d['name']!r} is required")
            continue
        value = options[d["name"]]
        entry: dict[str, Any] = {"name": d["name"], "type": d["type"]}
        if d["name"] == focused:
            entry.update(value=str(value), focused=True)
        else:
            entry["value"] = _typed(name, d, value, resolver)
        out.append(entry)
    return out


def _typed(name: str, d: dict[str, Any], value: Any, resolver: OptionResolver) -> Any:
    kind = d["type"]
    label = f"/{name} {d['name']}"
    if kind == STRING:
        if not isinstance(value, str):
            raise CommandInputError(f"{label}: a string, not {value!r}")
        lo, hi = d.get("min_length", 0), d.get("max_length", 6000)
        if not lo <= len(value) <= hi:
            raise CommandInputError(f"{label}: length {len(value)} not in [{lo}, {hi}]")
    elif kind == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CommandInputError(f"{label}: an integer, not {value!r}")
    elif kind == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise CommandInputError(f"{label}: a number, not {value!r}")
        value = float(value)
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise CommandInputError(f"{label}: a boolean, not {value!r}")
    elif kind == USER:
        return resolver.add_user(value)
    elif kind == CHANNEL:
        return resolver.add_channel(value)
    elif kind == ROLE:
        return resolver.add_role(value)
    elif kind == MENTIONABLE:
        return resolver.add_role(value) if isinstance(value, FakeRole) else resolver.add_user(value)
    elif kind == ATTACHMENT:
        return resolver.add_attachment(value)
    if kind in (INTEGER, NUMBER):
        lo, hi = d.get("min_value"), d.get("max_value")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise CommandInputError(f"{label}: {value} not in [{lo}, {hi}]")
    choices = d.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise CommandInputError(f"{label}: {value!r} is not one of {[c['value'] for c in choices]}")
    return value

"""Messages as the fake stores them, how create/edit payloads change them, and Discord's limits on them."""

from __future__ import annotations

import mimetypes
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .state import iso

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
COMPONENTS_V2 = 1 << 15
# Flags a create or edit may set (https://discord.com/developers/docs/resources/message#message-object-message-flags).
SETTABLE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2

SELECT_TYPES = (3, 5, 6, 7, 8)


@dataclass
class FakeFile:
    """A file part of a multipart request, with the alt text the payload's ``attachments`` gave it."""

    filename: str
    data: bytes
    content_type: str
    description: str | None = None
    index: int = 0


@dataclass
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    content_type: str
    description: str | None = None
    title: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def image_size(self) -> tuple[int, int] | None:
        """Width and height for PNG, GIF and JPEG data (Discord reports them for images)."""
        d = self.data
        if d[:8] == b"\x89PNG\r\n\x1a\n" and len(d) >= 24:
            w, h = struct.unpack(">II", d[16:24])
            return int(w), int(h)
        if d[:6] in (b"GIF87a", b"GIF89a") and len(d) >= 10:
            w, h = struct.unpack("<HH", d[6:10])
            return int(w), int(h)
        if d[:2] == b"\xff\xd8":
            i = 2
            while i + 9 < len(d):
                if d[i] != 0xFF:
                    break
                marker, length = d[i + 1], struct.unpack(">H", d[i + 2 : i + 4])[0]
                if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                    h, w = struct.unpack(">HH", d[i + 5 : i + 9])
                    return int(w), int(h)
                i += 2 + length
        return None


class ButtonInfo(NamedTuple):
    custom_id: str | None
    label: str | None
    emoji: str | None
    disabled: bool
    style: int


@dataclass(eq=False)
class FakeMessage:
    """A message in the fake's store, in its current state (edits applied)."""

    id: int
    channel_id: int
    author_id: int
    guild_id: int | None = None
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    visible_to: int | None = None  # the only user who sees an ephemeral message
    interaction_token: str | None = None
    interaction_id: int | None = None
    edits: int = 0
    deleted: bool = False
    type: int = 0
    tts: bool = False
    webhook_id: int | None = None
    nonce: str | int | None = None
    message_reference: dict[str, Any] | None = None
    poll: dict[str, Any] | None = None
    sticker_ids: list[int] = field(default_factory=list)
    reactions: dict[str, set[int]] = field(default_factory=dict)
    thread_id: int | None = None
    pinned: bool = False
    timestamp: str = field(default_factory=iso)
    edited_timestamp: str | None = None
    history: list[dict[str, Any]] = field(default_factory=list)  # the state before each edit

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def iter_components(self) -> Iterator[dict[str, Any]]:
        """Every component, depth first (action rows, their children, v2 containers, sections...)."""
        yield from walk_components(self.components)

    def component(self, custom_id: str) -> dict[str, Any]:
        for c in self.iter_components():
            if c.get("custom_id") == custom_id:
                return c
        raise LookupError(f"no component {custom_id!r} on message {self.id}; custom ids: {self.custom_ids()}")

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    def buttons(self) -> list[ButtonInfo]:
        return [
            ButtonInfo(
                c.get("custom_id"),
                c.get("label"),
                _emoji_text(c.get("emoji")),
                bool(c.get("disabled")),
                int(c.get("style", 1)),
            )
            for c in self.iter_components()
            if c.get("type") == 2
        ]

    def button(self, label: str | None = None, custom_id_prefix: str | None = None) -> ButtonInfo:
        for b in self.buttons():
            if label is not None and b.label != label:
                continue
            if custom_id_prefix is not None and not (b.custom_id or "").startswith(custom_id_prefix):
                continue
            return b
        raise LookupError(f"no button label={label!r} custom_id_prefix={custom_id_prefix!r}: {self.buttons()}")

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") in SELECT_TYPES]

    def text(self) -> str:
        """Content, embed texts and v2 text displays, one per line: what a reader sees."""
        parts = [self.content] if self.content else []
        for e in self.embeds:
            parts += [e.get(k, "") for k in ("title", "description") if e.get(k)]
            parts += [f"{f.get('name', '')}: {f.get('value', '')}" for f in e.get("fields", [])]
            if e.get("footer", {}).get("text"):
                parts.append(e["footer"]["text"])
        parts += [c["content"] for c in self.iter_components() if c.get("type") == 10 and c.get("content")]
        return "\n".join(parts)

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [(a.id, a.filename) for a in self.attachments],
            "flags": self.flags,
        }

    def __repr__(self) -> str:
        kind = "ephemeral " if self.ephemeral else ""
        return f"<FakeMessage {kind}{self.id} in {self.channel_id} content={self.content[:40]!r} edits={self.edits}>"


def _emoji_text(emoji: dict[str, Any] | None) -> str | None:
    if not emoji:
        return None
    if emoji.get("id"):
        return f"<{'a' if emoji.get('animated') else ''}:{emoji.get('name')}:{emoji['id']}>"
    return str(emoji.get("name"))


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for c in components:
        yield c
        yield from walk_components(c.get("components", []))
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                yield from walk_components([c[key]])


def payload_text(payload: dict[str, Any]) -> str:
    """What a create or edit payload says: its content, or its V2 layout's text displays."""
    texts = [
        str(c.get("content") or "") for c in walk_components(payload.get("components") or []) if c.get("type") == 10
    ]
    return "\n".join([payload["content"]] if payload.get("content") else texts)


def guess_content_type(filename: str, data: bytes) -> str:
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "image/png"
    guessed = mimetypes.guess_type(filename)[0]
    return guessed or "application/octet-stream"


def apply_payload(
    msg: FakeMessage,
    payload: dict[str, Any],
    files: list[FakeFile],
    new_id: Callable[[], int],
    *,
    edit: bool,
) -> None:
    """Changes ``msg`` the way a create (``edit=False``) or an edit payload changes a message on Discord.

    Edits: keys left out keep their value; ``attachments`` lists what remains (existing ids) and describes
    new uploads (``{"id": <files index>}``); files not described are appended.
    """
    if edit:
        msg.history.append(msg.snapshot())
        msg.edits += 1
        msg.edited_timestamp = iso()
    if "content" in payload:
        msg.content = payload["content"] or ""
    if "embeds" in payload:
        msg.embeds = [{"type": "rich", **e} for e in payload["embeds"] or []]
    if "components" in payload:
        msg.components = payload["components"] or []
    if "flags" in payload and payload["flags"] is not None:
        requested = int(payload["flags"])
        if edit:  # ephemeral and loading cannot be changed by an edit
            msg.flags = (msg.flags & ~SETTABLE_FLAGS) | (requested & SETTABLE_FLAGS)
        else:
            msg.flags = (msg.flags & (EPHEMERAL | LOADING)) | (requested & (SETTABLE_FLAGS | EPHEMERAL))
    if edit:
        msg.flags &= ~LOADING
    if not edit:
        msg.tts = bool(payload.get("tts", False))
        msg.nonce = payload.get("nonce")
        msg.message_reference = payload.get("message_reference")
        msg.poll = payload.get("poll")
        msg.sticker_ids = [int(s) for s in payload.get("sticker_ids") or []]

    by_index = {f.index: f for f in files}
    used: set[int] = set()
    if "attachments" in payload and payload["attachments"] is not None:
        existing = {a.id: a for a in msg.attachments}
        kept: list[FakeAttachment] = []
        for entry in payload["attachments"]:
            raw_id = entry.get("id")
            try:
                att_id = int(raw_id) if raw_id is not None else None
            except (TypeError, ValueError):
                att_id = None
            if att_id is not None and att_id in existing:
                att = existing[att_id]
                if "description" in entry:
                    att.description = entry["description"]
                kept.append(att)
            elif att_id is not None and att_id in by_index:
                f = by_index[att_id]
                used.add(att_id)
                kept.append(_attachment(f, new_id(), entry.get("description", f.description), entry.get("title")))
        msg.attachments = kept
    elif not edit:
        msg.attachments = []
    for f in files:
        if f.index not in used:
            msg.attachments.append(_attachment(f, new_id(), f.description, None))


def _attachment(f: FakeFile, att_id: int, description: str | None, title: str | None) -> FakeAttachment:
    return FakeAttachment(att_id, f.filename, f.data, guess_content_type(f.filename, f.data), description, title)


# --- Discord's limits ------------------------------------------------------------------------------------------


def message_problems(msg: FakeMessage) -> dict[str, str]:
    """What Discord would refuse in this message state, as ``{json path: reason}`` (empty: fine)."""
    problems: dict[str, str] = {}
    if len(msg.content) > 2000:
        problems["content"] = f"Must be 2000 or fewer in length ({len(msg.content)})."
    if len(msg.embeds) > 10:
        problems["embeds"] = f"Must be 10 or fewer in length ({len(msg.embeds)})."
    total = 0
    for i, e in enumerate(msg.embeds):
        total += _embed_problems(e, f"embeds.{i}", problems)
    if total > 6000:
        problems["embeds"] = f"Embed size exceeds maximum size of 6000 ({total})."
    if len(msg.attachments) > 10:
        problems["attachments"] = f"Must be 10 or fewer in length ({len(msg.attachments)})."
    for i, a in enumerate(msg.attachments):
        if a.description is not None and len(a.description) > 1024:
            problems[f"attachments.{i}.description"] = f"Must be 1024 or fewer in length ({len(a.description)})."
        if len(a.filename) > 1024:
            problems[f"attachments.{i}.filename"] = "Must be 1024 or fewer in length."
    if msg.flags & COMPONENTS_V2:
        if msg.content or msg.embeds or msg.poll or msg.sticker_ids:
            problems["content"] = "Messages with IS_COMPONENTS_V2 cannot have content, embeds, polls or stickers."
        problems.update(v2_problems(msg.components, {a.filename for a in msg.attachments}))
    else:
        problems.update(_v1_problems(msg.components))
    problems.update(custom_id_problems(msg.components))
    return problems


# Components V2 (https://discord.com/developers/docs/components/reference): what may hold what.
V2_TOP = {1, 9, 10, 12, 13, 14, 17}
V2_IN_CONTAINER = {1, 9, 10, 12, 13, 14}
V2_TEXT_LIMIT = 4000
V2_COMPONENT_LIMIT = 40


def v2_problems(components: list[dict[str, Any]], attachments: set[str]) -> dict[str, str]:
    """What Discord refuses in a Components V2 layout: 40 components counted nested, 4 000 characters
    of text displays in all, each component where it may stand, and media that name an attachment the
    message does not have (``attachment://name``)."""
    problems: dict[str, str] = {}
    count = sum(1 for _ in walk_components(components))
    if count > V2_COMPONENT_LIMIT:
        problems["components"] = f"Must be {V2_COMPONENT_LIMIT} or fewer in total ({count})."
    text = sum(len(str(c.get("content") or "")) for c in walk_components(components) if c.get("type") == 10)
    if text > V2_TEXT_LIMIT:
        problems["components"] = f"The text displays hold {text} characters (at most {V2_TEXT_LIMIT})."
    if not components:
        problems["components"] = "A Components V2 message needs at least one component."
    for i, c in enumerate(components):
        _v2_component(c, f"components.{i}", V2_TOP, attachments, problems)
    return problems


def _v2_component(
    c: dict[str, Any], path: str, allowed: set[int], attachments: set[str], problems: dict[str, str]
) -> None:
    kind = c.get("type")
    if kind not in allowed:
        problems[f"{path}.type"] = f"Component type {kind} cannot stand here."
        return
    if kind == 1:
        problems.update(_v1_problems([c], path))
    elif kind == 10:
        if not str(c.get("content") or ""):
            problems[f"{path}.content"] = "A text display needs content."
    elif kind == 12:
        items = c.get("items") or []
        if not 1 <= len(items) <= 10:
            problems[f"{path}.items"] = f"Must be between 1 and 10 in length ({len(items)})."
        for j, item in enumerate(items):
            _media(item.get("media"), f"{path}.items.{j}.media", attachments, problems)
            if len(str(item.get("description") or "")) > 1024:
                problems[f"{path}.items.{j}.description"] = "Must be 1024 or fewer in length."
    elif kind == 13:
        _media(c.get("file"), f"{path}.file", attachments, problems, attachment_only=True)
    elif kind == 9:
        texts = c.get("components") or []
        if not 1 <= len(texts) <= 3 or any(t.get("type") != 10 for t in texts):
            problems[f"{path}.components"] = "A section holds one to three text displays."
        accessory = c.get("accessory") or {}
        if accessory.get("type") == 2:
            problems.update(_component_problems(accessory, f"{path}.accessory"))
        elif accessory.get("type") == 11:
            _media(accessory.get("media"), f"{path}.accessory.media", attachments, problems)
        else:
            problems[f"{path}.accessory"] = "A section's accessory is a button or a thumbnail."
    elif kind == 17:
        children = c.get("components") or []
        if not children:
            problems[f"{path}.components"] = "A container needs at least one component."
        for j, child in enumerate(children):
            _v2_component(child, f"{path}.components.{j}", V2_IN_CONTAINER, attachments, problems)


def _media(
    media: Any, path: str, attachments: set[str], problems: dict[str, str], *, attachment_only: bool = False
) -> None:
    url = str((media or {}).get("url") or "") if isinstance(media, dict) else ""
    if not url:
        problems[path] = "Media need a url."
    elif url.startswith("attachment://"):
        if url.removeprefix("attachment://") not in attachments:
            problems[path] = f"{url} names no attachment of the message."
    elif attachment_only:
        problems[path] = "A file component takes only attachment:// references."


def _embed_problems(e: dict[str, Any], path: str, problems: dict[str, str]) -> int:
    limits = {"title": 256, "description": 4096}
    size = 0
    for key, limit in limits.items():
        text = str(e.get(key) or "")
        size += len(text)
        if len(text) > limit:
            problems[f"{path}.{key}"] = f"Must be {limit} or fewer in length ({len(text)})."
    fields = e.get("fields") or []
    if len(fields) > 25:
        problems[f"{path}.fields"] = f"Must be 25 or fewer in length ({len(fields)})."
    for j, f in enumerate(fields):
        for key, limit in (("name", 256), ("value", 1024)):
            text = str(f.get(key) or "")
            size += len(text)
            if len(text) > limit:
                problems[f"{path}.fields.{j}.{key}"] = f"Must be {limit} or fewer in length ({len(text)})."
    for key, sub, limit in (("footer", "text", 2048), ("author", "name", 256)):
        text = str((e.get(key) or {}).get(sub) or "")
        size += len(text)
        if len(text) > limit:
            problems[f"{path}.{key}.{sub}"] = f"Must be {limit} or fewer in length ({len(text)})."
    return size


def _v1_problems(components: list[dict[str, Any]], at: str | None = None) -> dict[str, str]:
    """The rules of a message without Components V2: up to five action rows at the top; ``at`` checks
    one action row of a V2 layout, at that path."""
    problems: dict[str, str] = {}
    if at is None and len(components) > 5:
        problems["components"] = f"Must be 5 or fewer in length ({len(components)} action rows)."
    for i, row in enumerate(components):
        path = at or f"components.{i}"
        if row.get("type") != 1:
            problems[f"{path}.type"] = f"Top-level components must be action rows (type 1), not {row.get('type')}."
            continue
        children = row.get("components") or []
        if not children:
            problems[f"{path}.components"] = "Action rows must hold 1 to 5 components."
        buttons = [c for c in children if c.get("type") == 2]
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if len(buttons) > 5:
            problems[f"{path}.components"] = f"Must be 5 or fewer in length ({len(buttons)} buttons)."
        if selects and len(children) > 1:
            problems[f"{path}.components"] = "A select menu must be alone in its action row."
        for j, c in enumerate(children):
            problems.update(_component_problems(c, f"{path}.components.{j}"))
    return problems


def _component_problems(c: dict[str, Any], path: str) -> dict[str, str]:
    problems: dict[str, str] = {}
    kind = c.get("type")
    if kind == 2:
        style = int(c.get("style", 1))
        if style == 5:
            if not c.get("url"):
                problems[f"{path}.url"] = "Link buttons need a url."
            if "custom_id" in c:
                problems[f"{path}.custom_id"] = "Link buttons cannot have a custom_id."
        elif style != 6 and not c.get("custom_id"):
            problems[f"{path}.custom_id"] = "Buttons need a custom_id."
        if len(str(c.get("label") or "")) > 80:
            problems[f"{path}.label"] = "Must be 80 or fewer in length."
        if not c.get("label") and not c.get("emoji") and style != 6:
            problems[f"{path}.label"] = "Buttons need a label or an emoji."
    elif kind in SELECT_TYPES:
        if len(str(c.get("placeholder") or "")) > 150:
            problems[f"{path}.placeholder"] = "Must be 150 or fewer in length."
        lo, hi = int(c.get("min_values", 1)), int(c.get("max_values", 1))
        if not 0 <= lo <= 25 or not 1 <= hi <= 25 or lo > hi:
            problems[f"{path}.max_values"] = f"min_values {lo} / max_values {hi} out of range."
        if kind == 3:
            options = c.get("options") or []
            if not 1 <= len(options) <= 25:
                problems[f"{path}.options"] = f"Must be between 1 and 25 in length ({len(options)})."
            if hi > max(len(options), 1):
                problems[f"{path}.max_values"] = f"max_values {hi} exceeds the {len(options)} options."
            values = [o.get("value") for o in options]
            if len(set(values)) != len(values):
                problems[f"{path}.options"] = "Option values must be unique."
            for k, o in enumerate(options):
                for key in ("label", "value", "description"):
                    if len(str(o.get(key) or "")) > 100:
                        problems[f"{path}.options.{k}.{key}"] = "Must be 100 or fewer in length."
    elif kind == 4:
        problems[f"{path}.type"] = "Text inputs are only allowed in modals."
    return problems


def custom_id_problems(components: list[dict[str, Any]]) -> dict[str, str]:
    problems: dict[str, str] = {}
    seen: set[str] = set()
    for c in walk_components(components):
        cid = c.get("custom_id")
        if cid is None:
            continue
        if len(cid) > 100:
            problems[f"custom_id {cid[:30]}..."] = f"Must be 100 or fewer in length ({len(cid)})."
        if cid in seen:
            problems[f"custom_id {cid}"] = "Component custom id cannot be duplicated."
        seen.add(cid)
    return problems


def modal_problems(data: dict[str, Any]) -> dict[str, str]:
    problems: dict[str, str] = {}
    if len(str(data.get("title") or "")) > 45:
        problems["data.title"] = "Must be 45 or fewer in length."
    if len(str(data.get("custom_id") or "")) > 100:
        problems["data.custom_id"] = "Must be 100 or fewer in length."
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        problems["data.components"] = f"Must be between 1 and 5 in length ({len(components)})."
    problems.update(custom_id_problems(components))
    return problems

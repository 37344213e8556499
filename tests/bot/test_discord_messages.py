"""A picture's attachment name carries a digest of its bytes, and an edit keeps what a message shows."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from bot.discord_messages import ShownAttachments, picture_name, shown_name
from bot.message_specs import Message, Picture
from render.rendered import Rendered


def picture(filename: str, data: bytes) -> Picture:
    return Picture(filename, Rendered(data, "alt", 1, 1))


def test_the_name_of_an_attachment_gives_back_the_presenters_name_and_tells_the_bytes_apart():
    for name in ("table-ab12-7.png", "solitaire-2025-03-14.png", "plain"):
        shown = shown_name(picture(name, b"one"))
        assert picture_name(shown) == name
        assert shown == shown_name(picture(name, b"one")) != shown_name(picture(name, b"two"))


def test_an_edit_keeps_the_attachment_of_a_picture_the_message_shows_and_uploads_the_others():
    shown = ShownAttachments(limit=2)
    same, changed = picture("hand-t-3.png", b"same"), picture("table-t-3.png", b"new")
    on_discord = SimpleNamespace(filename=shown_name(picture("hand-t-1.png", b"same")))
    stale = SimpleNamespace(filename=shown_name(picture("table-t-1.png", b"old")))
    shown.seen(SimpleNamespace(id=7, attachments=[on_discord, stale]))
    listed = shown.attachments(7, Message("", (same, changed)))
    assert listed[0] is on_discord
    assert isinstance(listed[1], discord.File) and listed[1].filename == shown_name(changed)
    # a message not seen here: what the interaction's message shows, else everything uploaded
    assert shown.attachments(8, Message("", (same,)), [on_discord])[0] is on_discord
    assert isinstance(shown.attachments(None, Message("", (same,)))[0], discord.File)
    # bounded: the oldest message seen is forgotten first
    shown.seen(SimpleNamespace(id=9, attachments=[]))
    shown.seen(SimpleNamespace(id=10, attachments=[]))
    assert isinstance(shown.attachments(7, Message("", (same,)))[0], discord.File)

"""A picture's attachment name carries a digest of its bytes, and an edit keeps what a message shows."""

from __future__ import annotations

import io
from types import SimpleNamespace

import discord

from bot.discord_messages import (
    ShownAttachments,
    components_of,
    files_of,
    picture_name,
    shown_name,
    text_of,
    view_of,
)
from bot.message_specs import ButtonSpec, Message, Picture
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


def _plain(item):
    return item


def test_a_message_becomes_a_v2_layout_that_names_each_picture_as_the_message_lists_it():
    kept = SimpleNamespace(filename=shown_name(picture("hand-t-1.png", b"same")))  # uploaded at an earlier step
    fresh = picture("table-t-3.png", b"new")
    message = Message(
        "**Classic** · hand 1",
        (picture("hand-t-3.png", b"same"), fresh),
        (
            *(ButtonSpec(f"b{number}", str(number), row=number // 7) for number in range(9)),
            ButtonSpec("loose", "Rules"),
        ),
    )
    layout = view_of(message, {}, _plain, [kept, discord.File(io.BytesIO(b"new"), filename=shown_name(fresh))])
    assert layout.has_components_v2()
    text, gallery, *rows = layout.to_components()
    assert text == {"type": 10, "content": "**Classic** · hand 1"}
    assert [item["media"]["url"] for item in gallery["items"]] == [
        f"attachment://{kept.filename}",
        f"attachment://{shown_name(fresh)}",
    ]
    assert [item["description"] for item in gallery["items"]] == ["alt", "alt"]
    # rows of five at most, in row order, the buttons without a row last
    assert [[button["custom_id"] for button in row["components"]] for row in rows] == [
        ["b0", "b1", "b2", "b3", "b4"],
        ["b5", "b6"],
        ["b7", "b8"],
        ["loose"],
    ]
    # a new message: each picture named as files_of uploads it
    new = Message("x", (fresh,))
    alone = view_of(new, {}, _plain, files_of(new)).to_components()[1]
    assert alone["items"][0]["media"]["url"] == f"attachment://{shown_name(fresh)}"


def test_the_text_of_a_v2_message_is_read_from_its_text_displays():
    layout = discord.ui.LayoutView()
    layout.add_item(discord.ui.Container(discord.ui.TextDisplay("in a container")))
    layout.add_item(discord.ui.TextDisplay("--commitment abc"))
    layout.add_item(discord.ui.Container(discord.ui.ActionRow(discord.ui.Button(label="Go", custom_id="go"))))
    components = [discord.components._component_factory(c) for c in layout.to_components()]
    message = SimpleNamespace(content="", components=components)
    assert text_of(message) == "in a container\n--commitment abc"
    # every component, nested ones included: the router finds a button inside a container's row
    assert [getattr(c, "custom_id", None) for c in components_of(message) if c.type.value == 2] == ["go"]
    assert text_of(SimpleNamespace(content="old style", components=[])) == "old style"


def test_a_button_on_its_tiles_is_a_section_of_their_emojis_with_the_button_beside():
    from game.tiles import Tile

    run = (Tile.M3, Tile.M4, Tile.M5)
    emojis = {tile: discord.PartialEmoji(name=f"t{tile.code}", id=1000 + tile) for tile in (Tile.M3, Tile.M4)}
    message = Message(
        "claim?",
        (),
        (
            ButtonSpec("pung", "Pung", row=0),
            ButtonSpec("chow0", "Chow 3-4-5 Char", "success", row=0, shows=run),
            ButtonSpec("pass", "Pass", "danger", row=0),
        ),
    )
    _, row, section = view_of(message, emojis, _plain, []).to_components()
    assert [button["custom_id"] for button in row["components"]] == ["pung", "pass"]
    assert section["type"] == 9 and section["accessory"]["custom_id"] == "chow0"
    assert section["accessory"]["label"] == "Chow 3-4-5 Char"  # still said in words, for screen readers
    # the emojis the bot has, the code of a tile without one
    assert section["components"] == [{"type": 10, "content": "<:t3m:1002> <:t4m:1003> `5m`"}]

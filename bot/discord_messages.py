"""From a presenter's plain ``Message`` to discord.py: its pictures as files with their alt text, its
selects and buttons as a view whose every component is wrapped in the caller's dynamic item (so the
components work after a restart and a forged id still reaches its desk).

A picture's file name carries a digest of its bytes, so that an edit can keep, instead of uploading it
again, a picture the message already shows (``ShownAttachments``): most changes at a table leave most
members' hand pictures as they were, and a member downloads only what changed."""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import discord

from bot.interaction import Interaction
from bot.message_specs import ButtonSpec, Message, Picture
from game.tiles import Tile

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
Wrap = Callable[[Any], discord.ui.Item[Any]]


def files_of(message: Message) -> list[discord.File]:
    return [_file(picture) for picture in message.pictures]


def shown_name(picture: Picture) -> str:
    """The picture's file name followed by a digest of its bytes (``table-x-12-<digest>.png``)."""
    digest = picture.rendered.digest
    stem, dot, extension = picture.filename.rpartition(".")
    return f"{stem}-{digest}.{extension}" if dot else f"{picture.filename}-{digest}"


def _digest_in(filename: str) -> str:
    """The digest ``shown_name`` put in a file name (the same digest means the same bytes)."""
    return filename.rpartition(".")[0].rpartition("-")[2]


def picture_name(filename: str) -> str:
    """The presenter's file name of a picture, from the name ``shown_name`` gave its attachment."""
    stem, dot, extension = filename.rpartition(".")
    return f"{stem.rpartition('-')[0]}.{extension}" if dot else filename.rpartition("-")[0]


def _file(picture: Picture) -> discord.File:
    return discord.File(
        io.BytesIO(picture.rendered.image_png),
        filename=shown_name(picture),
        description=picture.rendered.description,
    )


class ShownAttachments:
    """The attachments of the messages this process edits, as Discord last returned them, so that an
    edit lists a picture the message already shows by its attachment id (Discord keeps it) instead of
    uploading it again. Bounded to the ``limit`` messages edited last; a message it does not know
    (edited elsewhere, or before a restart) gets every picture uploaded, or is read from the message an
    interaction came from."""

    def __init__(self, limit: int = 4096) -> None:
        self._limit = limit
        self._shown: OrderedDict[int, tuple[discord.Attachment, ...]] = OrderedDict()

    def seen(self, message: discord.Message | None) -> None:
        """Remember what ``message`` (as Discord returned it after a send or an edit) shows."""
        if message is None:
            return
        self._shown[message.id] = tuple(message.attachments)
        self._shown.move_to_end(message.id)
        while len(self._shown) > self._limit:
            self._shown.popitem(last=False)

    def attachments(
        self, message_id: int | None, message: Message, current: Iterable[discord.Attachment] = ()
    ) -> list[discord.Attachment | discord.File]:
        """What an edit of ``message_id`` to ``message`` lists: the attachments it shows already (known
        here, else ``current``, the attachments of the message an interaction came from) for the
        pictures they are, new files for the others."""
        known = self._shown.get(message_id) if message_id is not None else None
        by_digest = {
            _digest_in(attachment.filename): attachment for attachment in (current if known is None else known)
        }
        listed: list[discord.Attachment | discord.File] = []
        for picture in message.pictures:
            kept = by_digest.get(picture.rendered.digest)
            listed.append(kept if kept is not None else _file(picture))
        return listed


def edited_message_id(interaction: Interaction) -> int | None:
    """The message an interaction's original response is, when it is the message the interaction came
    from (a component answered by a deferred update), else None (a new message)."""
    updates = interaction.response.type is discord.InteractionResponseType.deferred_message_update
    return interaction.message.id if updates and interaction.message is not None else None


def view_of(
    message: Message,
    emojis: Mapping[Tile, discord.PartialEmoji],
    wrap: Wrap,
    listed: Sequence[discord.Attachment | discord.File],
) -> discord.ui.LayoutView:
    """The message as Components V2: its text, its pictures in a gallery, the selects one to a row, then
    the buttons by their rows (rows of five for those without one). Sent without content: the text is
    in the layout, which holds up to 40 components instead of five rows. The gallery names each picture
    as the request lists it (``listed``: ``files_of`` for a new message, ``ShownAttachments.attachments``
    for an edit, where a kept attachment keeps the name it was uploaded with)."""
    layout = discord.ui.LayoutView(timeout=None)
    if message.content:
        layout.add_item(discord.ui.TextDisplay(message.content))
    if message.pictures:
        layout.add_item(
            discord.ui.MediaGallery(
                *(
                    discord.MediaGalleryItem(f"attachment://{item.filename}", description=picture.rendered.description)
                    for item, picture in zip(listed, message.pictures, strict=True)
                )
            )
        )
    for spec in message.selects:
        options = [
            discord.SelectOption(
                label=option.label,
                value=option.value,
                description=option.description,
                emoji=None if option.tile is None else emojis.get(option.tile),
            )
            for option in spec.options
        ]
        layout.add_item(
            discord.ui.ActionRow(
                wrap(discord.ui.Select(custom_id=spec.custom_id, placeholder=spec.placeholder, options=options))
            )
        )

    def item(button: ButtonSpec) -> discord.ui.Item[Any]:
        emoji = None if button.tile is None else emojis.get(button.tile)
        return wrap(
            discord.ui.Button(
                style=STYLES[button.style],
                label=button.label,
                custom_id=button.custom_id,
                disabled=button.disabled,
                emoji=emoji,
            )
        )

    for row in button_rows(message.buttons):
        plain = [button for button in row if not button.shows]
        if plain:
            layout.add_item(discord.ui.ActionRow(*(item(button) for button in plain)))
        for button in row:  # a button on its tiles: a section, their emojis as its text, the button beside
            if button.shows:
                layout.add_item(discord.ui.Section(tiles_text(button.shows, emojis), accessory=item(button)))
    return layout


def tiles_text(tiles: Sequence[Tile], emojis: Mapping[Tile, discord.PartialEmoji]) -> str:
    """Tiles as their emojis (a tile without one, when the emojis could not be uploaded, by its code)."""
    return " ".join(str(emojis[tile]) if tile in emojis else f"`{tile.code}`" for tile in tiles)


def text_card(blocks: Sequence[str]) -> discord.ui.LayoutView:
    """Text alone as Components V2: each block a text display, a line between them."""
    layout = discord.ui.LayoutView(timeout=None)
    for index, block in enumerate(blocks):
        if index:
            layout.add_item(discord.ui.Separator())
        layout.add_item(discord.ui.TextDisplay(block))
    return layout


def button_rows(buttons: Iterable[ButtonSpec]) -> list[list[ButtonSpec]]:
    """The buttons in their rows, in row order, five at most to a row; buttons without a row follow, in
    rows of five."""
    placed: dict[int, list[ButtonSpec]] = {}
    loose: list[ButtonSpec] = []
    for button in buttons:
        if button.row is None:
            loose.append(button)
        else:
            placed.setdefault(button.row, []).append(button)
    rows = [row[start : start + 5] for _, row in sorted(placed.items()) for start in range(0, len(row), 5)]
    return rows + [loose[start : start + 5] for start in range(0, len(loose), 5)]


def text_of(message: discord.Message) -> str:
    """What a message says: its content, or the text of its Components V2 layout."""
    parts = [message.content] if message.content else []
    parts += [
        component.content for component in _walk(message.components) if isinstance(component, discord.TextDisplay)
    ]
    return "\n".join(parts)


def _walk(components: Iterable[Any]) -> Iterable[Any]:
    for component in components:
        yield component
        yield from _walk(getattr(component, "children", ()))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory


def components_of(message: discord.Message) -> list[Any]:
    """Every component of a message, nested ones included (rows, their buttons and selects, sections)."""
    return list(_walk(message.components))

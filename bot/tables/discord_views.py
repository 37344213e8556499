"""From the presenter's plain messages to Discord: buttons as dynamic items, images as files with alt text.

Every table button is one ``TableButton``: a ``DynamicItem`` whose template matches the ``mj1:``
prefix, so buttons keep working after a restart and a forged or stale id still reaches the desk,
which answers it privately (``from_custom_id`` never raises: discord.py would only log it).
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.tables.presenter import ButtonSpec, Message
from game.tiles import Tile

if TYPE_CHECKING:
    from bot.tables.desk import TableDesk

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?s)mj1:.*"):
    def __init__(self, button: discord.ui.Button[Any]) -> None:
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> TableButton:
        custom_id = str(getattr(item, "custom_id", "") or "")
        return cls(discord.ui.Button(custom_id=custom_id, label="·"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        desk: TableDesk = interaction.client.desk
        await desk.on_button(interaction, self.item.custom_id or "")


def view_of(message: Message, emojis: Mapping[Tile, discord.PartialEmoji]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for spec in message.buttons:
        view.add_item(TableButton(_button(spec, emojis)))
    return view


def _button(spec: ButtonSpec, emojis: Mapping[Tile, discord.PartialEmoji]) -> discord.ui.Button[Any]:
    emoji = emojis.get(spec.tile) if spec.tile is not None else None
    return discord.ui.Button(
        style=_STYLES[spec.style], label=spec.label, custom_id=spec.custom_id, row=spec.row,
        disabled=spec.disabled, emoji=emoji,
    )


def files_of(message: Message) -> list[discord.File]:
    return [
        discord.File(io.BytesIO(picture.rendered.image_png), filename=picture.filename,
                     description=picture.rendered.description)
        for picture in message.pictures
    ]

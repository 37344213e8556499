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

from bot.prefixed_button import PrefixedButton
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


class TableButton(PrefixedButton, template=r"(?s)mj1:.*"):
    async def on_click(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        desk: TableDesk = interaction.client.desk
        await desk.on_button(interaction, custom_id)


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

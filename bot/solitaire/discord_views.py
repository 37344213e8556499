"""From the presenter's plain messages to Discord: selects and buttons as one dynamic item, images as files.

Every solitaire component is a ``SolitaireItem``: a ``DynamicItem`` matching the ``mjs1:`` prefix that
wraps the component as discord.py rebuilt it from the message (a select keeps its chosen values), so
components keep working after a restart and a forged or stale id still reaches the desk, which answers
it privately. ``from_custom_id`` never raises (discord.py would only log it).
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self

import discord

from bot.solitaire.presenter import Message
from game.tiles import Tile

if TYPE_CHECKING:
    from bot.solitaire.desk import SolitaireDesk

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class SolitaireItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"(?s)mjs1:.*"):
    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> Self:
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        desk: SolitaireDesk = interaction.client.solitaire
        await desk.on_component(interaction, str(getattr(self.item, "custom_id", "") or ""))


def view_of(message: Message, emojis: Mapping[Tile, discord.PartialEmoji]) -> discord.ui.View:
    """The selects one to a row, then the buttons on the row below them."""
    view = discord.ui.View(timeout=None)
    for row, spec in enumerate(message.selects):
        options = [discord.SelectOption(label=option.label, value=option.value, description=option.description,
                                        emoji=None if option.tile is None else emojis.get(option.tile))
                   for option in spec.options]
        view.add_item(SolitaireItem(discord.ui.Select(custom_id=spec.custom_id, placeholder=spec.placeholder,
                                                      options=options, row=row)))
    for button in message.buttons:
        view.add_item(SolitaireItem(discord.ui.Button(style=_STYLES[button.style], label=button.label,
                                                      custom_id=button.custom_id, disabled=button.disabled,
                                                      row=len(message.selects))))
    return view


def files_of(message: Message) -> list[discord.File]:
    return [
        discord.File(io.BytesIO(picture.rendered.image_png), filename=picture.filename,
                     description=picture.rendered.description)
        for picture in message.pictures
    ]

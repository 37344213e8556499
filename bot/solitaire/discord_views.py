"""From the presenter's plain messages to Discord: selects and buttons as one dynamic item, images as files.

Every solitaire component is a ``SolitaireItem``: a ``DynamicItem`` matching the ``mjs1:`` prefix that
wraps the component as discord.py rebuilt it from the message (a select keeps its chosen values), so
components keep working after a restart and a forged or stale id still reaches the desk, which answers
it privately. ``from_custom_id`` never raises (discord.py would only log it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self

import discord

from bot import discord_messages
from bot.discord_messages import files_of
from bot.message_specs import Message
from game.tiles import Tile

if TYPE_CHECKING:
    from bot.solitaire.desk import SolitaireDesk

__all__ = ["SolitaireItem", "files_of", "view_of"]


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
    return discord_messages.view_of(message, emojis, SolitaireItem)

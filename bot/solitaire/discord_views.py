"""From the presenter's plain messages to Discord: selects and buttons as one dynamic item, images as files.

Every solitaire component is a ``SolitaireItem``: a dynamic item matching the ``mjs1:`` prefix that
wraps the component as discord.py rebuilt it from the message (a select keeps its chosen values), so
components keep working after a restart and a forged or stale id still reaches the desk, which answers
it privately.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot import discord_messages
from bot.components import PrefixedItem, prefix_template
from bot.discord_messages import files_of
from bot.interaction import Interaction
from bot.message_specs import Message
from bot.solitaire.custom_ids import PREFIX
from game.tiles import Tile

__all__ = ["SolitaireItem", "files_of", "view_of"]


class SolitaireItem(PrefixedItem, template=prefix_template(PREFIX)):
    async def on_component(self, interaction: Interaction, custom_id: str) -> None:
        await interaction.client.solitaire.on_component(interaction, custom_id)


def view_of(
    message: Message,
    emojis: Mapping[Tile, discord.PartialEmoji],
    listed: Sequence[discord.Attachment | discord.File],
) -> discord.ui.LayoutView:
    return discord_messages.view_of(message, emojis, SolitaireItem, listed)

"""The table's buttons on Discord: every one is a ``TableButton``, a dynamic item whose template matches
the ``mj1:`` prefix, so buttons keep working after a restart and a forged or stale id still reaches the
router (``bot.tables.clicks``), which answers it privately.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot import discord_messages
from bot.components import PrefixedItem, prefix_template
from bot.discord_messages import files_of
from bot.interaction import Interaction
from bot.message_specs import Message
from bot.tables.custom_ids import PREFIX
from game.tiles import Tile

__all__ = ["TableButton", "files_of", "view_of"]


class TableButton(PrefixedItem, template=prefix_template(PREFIX)):
    async def on_component(self, interaction: Interaction, custom_id: str) -> None:
        await interaction.client.table_clicks.on_button(interaction, custom_id)


def view_of(
    message: Message,
    emojis: Mapping[Tile, discord.PartialEmoji],
    listed: Sequence[discord.Attachment | discord.File],
) -> discord.ui.LayoutView:
    return discord_messages.view_of(message, emojis, TableButton, listed)

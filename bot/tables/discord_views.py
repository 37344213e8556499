"""The table's buttons on Discord: every one is a ``TableButton``, a ``DynamicItem`` whose template matches
the ``mj1:`` prefix, so buttons keep working after a restart and a forged or stale id still reaches the
desk, which answers it privately (``from_custom_id`` never raises: discord.py would only log it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot import discord_messages
from bot.discord_messages import files_of
from bot.message_specs import Message
from bot.prefixed_button import PrefixedButton
from game.tiles import Tile

if TYPE_CHECKING:
    from bot.tables.desk import TableDesk

__all__ = ["TableButton", "files_of", "view_of"]


class TableButton(PrefixedButton, template=r"(?s)mj1:.*"):
    async def on_click(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        desk: TableDesk = interaction.client.desk
        await desk.on_button(interaction, custom_id)


def view_of(message: Message, emojis: Mapping[Tile, discord.PartialEmoji]) -> discord.ui.View:
    return discord_messages.view_of(message, emojis, TableButton)

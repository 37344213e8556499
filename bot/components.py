"""The one shape of every component this bot makes: a ``DynamicItem`` that takes every custom id of its
prefix, so components keep working after a restart and a forged or stale id still reaches its handler,
which answers it privately (``from_custom_id`` never raises: discord.py would only log it). Whatever
the handler raises is answered in one place (``bot.failures``)."""

from __future__ import annotations

import re
from typing import Any, Self, cast

import discord

from bot.failures import answer_failure
from bot.interaction import Interaction


def prefix_template(prefix: str) -> str:
    """The template of a ``PrefixedItem``: every custom id that starts with ``prefix``."""
    return rf"(?s){re.escape(prefix)}.*"


class PrefixedItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"(?!)"):
    """A subclass names its prefix in its template (``template=prefix_template(PREFIX)``) and answers
    clicks in ``on_component``; this base matches no id and is never registered. The item is the
    component as discord.py rebuilt it from the message, so a select keeps the values chosen."""

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any], match: Any, /
    ) -> Self:
        return cls(item)

    @property
    def custom_id_text(self) -> str:
        return str(getattr(self.item, "custom_id", "") or "")

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        # discord.py types a component's client loosely; these items are registered on MahjongBot alone
        ours = cast(Interaction, interaction)
        custom_id = self.custom_id_text
        try:
            await self.on_component(ours, custom_id)
        except Exception as error:
            await answer_failure(ours, error, custom_id)

    async def on_component(self, interaction: Interaction, custom_id: str) -> None:
        raise NotImplementedError


def owned_by_clicker(interaction: Interaction) -> bool:
    """A private message's components are its owner's: another member cannot press them (Discord never
    shows them one, but a forged or replayed request can name them)."""
    message = interaction.message
    if message is None or not message.flags.ephemeral or message.interaction_metadata is None:
        return True
    return message.interaction_metadata.user.id == interaction.user.id

"""The one shape of every button this bot makes: a ``DynamicItem`` that takes every custom id of its
prefix, so buttons keep working after a restart and a forged or stale id still reaches its handler,
which answers it privately. ``from_custom_id`` never raises (discord.py would only log it)."""

from __future__ import annotations

from typing import Any, Self

import discord


class PrefixedButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """A subclass names its prefix in its template (``template=r"(?s)mj1:.*"``) and answers clicks in
    ``on_click``; this base matches no id and is never registered."""

    def __init__(self, button: discord.ui.Button[Any]) -> None:
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> Self:
        custom_id = str(getattr(item, "custom_id", "") or "")
        return cls(discord.ui.Button(custom_id=custom_id, label="·"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await self.on_click(interaction, self.item.custom_id or "")

    async def on_click(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        raise NotImplementedError

"""How an interaction is acknowledged, and how it is told something privately afterwards.

Every handler acknowledges first (``acknowledge``): a private "thinking" reply for an answer of its
own, a public one for what is posted in the channel (a leaderboard), or a deferred update of the
message a component is on. Only then does it read a store, so Discord's three seconds are never spent
waiting for one. ``tell`` answers privately whatever was sent before, which is how refusals and
failures reach the member (``bot.failures``).
"""

from __future__ import annotations

import contextlib
import time
from typing import Literal

import discord

from bot.interaction import Interaction

Ack = Literal["private", "public", "update"]
_NO_MENTIONS = discord.AllowedMentions.none()


async def acknowledge(interaction: Interaction, ack: Ack) -> None:
    """Acknowledge as ``ack`` says; the time since Discord created the interaction goes to the metrics."""
    if ack == "private":
        await interaction.response.defer(ephemeral=True, thinking=True)
    elif ack == "public":
        await interaction.response.defer(thinking=True)
    else:
        await interaction.response.defer()
    interaction.extras["ack"] = ack
    waited = time.time() - interaction.created_at.timestamp()
    interaction.client.metrics.acknowledged.labels(interaction.type.name).observe(max(0.0, waited))


async def tell(interaction: Interaction, text: str) -> None:
    """``text``, privately: as the answer when nothing was sent yet, in place of a private "thinking"
    reply, else as a private follow-up (a public "thinking" reply is taken down first, so the channel
    is not left with it)."""
    with contextlib.suppress(discord.HTTPException):
        ack = interaction.extras.get("ack")
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=_NO_MENTIONS)
        elif ack == "private":
            await interaction.edit_original_response(content=text, allowed_mentions=_NO_MENTIONS)
        else:
            if ack == "public":
                with contextlib.suppress(discord.HTTPException):
                    await interaction.delete_original_response()
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=_NO_MENTIONS)

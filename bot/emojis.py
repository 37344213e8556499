"""The tile emojis on the hand's buttons: the project's own tile pictures, uploaded once per application.

Application emojis belong to the bot's application (no server needs to host them). At start the bot
lists the ones it already has and uploads only the missing ones, so a restart uploads nothing; the
ids are read back from Discord each time, never guessed.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from game.tiles import Tile
from render.tiles import emoji_name, emoji_png

log = logging.getLogger(__name__)


async def ensure_tile_emojis(client: discord.Client) -> dict[Tile, discord.PartialEmoji]:
    """Every tile's emoji (the English face), uploading those the application does not have yet."""
    existing = {emoji.name: emoji for emoji in await client.fetch_application_emojis()}
    found: dict[Tile, discord.PartialEmoji] = {}
    uploaded = 0
    for tile in Tile:
        name = emoji_name(tile, "en")
        emoji = existing.get(name)
        if emoji is None:
            image = await asyncio.to_thread(emoji_png, tile, "en")
            emoji = await client.create_application_emoji(name=name, image=image)
            uploaded += 1
        found[tile] = discord.PartialEmoji(name=emoji.name, id=emoji.id)
    log.info("tile emojis ready (%d uploaded, %d already there)", uploaded, len(found) - uploaded)
    return found

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


async def ensure_tile_emojis(
    client: discord.Client, *, upload: bool = True, wait: float = 5.0, looks: int = 12
) -> dict[Tile, discord.PartialEmoji]:
    """Every tile's emoji (the English face), uploading those the application does not have yet. A
    process that does not ``upload`` (a shard process other than the first) looks again every ``wait``
    seconds until the first has uploaded them all, and keeps what it found after ``looks`` tries."""
    existing = {emoji.name: emoji for emoji in await client.fetch_application_emojis()}
    names = {tile: emoji_name(tile, "en") for tile in Tile}
    for _ in range(looks if not upload else 0):
        if all(name in existing for name in names.values()):
            break
        await asyncio.sleep(wait)
        existing = {emoji.name: emoji for emoji in await client.fetch_application_emojis()}
    found: dict[Tile, discord.PartialEmoji] = {}
    uploaded = 0
    for tile, name in names.items():
        emoji = existing.get(name)
        if emoji is None and not upload:
            continue  # its button shows the label only
        if emoji is None:
            image = await asyncio.to_thread(emoji_png, tile, "en")
            emoji = await client.create_application_emoji(name=name, image=image)
            uploaded += 1
        found[tile] = discord.PartialEmoji(name=emoji.name, id=emoji.id)
    log.info("tile emojis ready (%d uploaded, %d already there)", uploaded, len(found) - uploaded)
    return found

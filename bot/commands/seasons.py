"""``/mahjong season [number]``: a season's rating standings on this server (SPEC §8), answered privately
in the member's language. The current season by default; an ended one by its number, with its final
standings (they stay readable: the ledger keeps each season's ratings). A number that is not one of the
server's seasons is answered with the seasons it has."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.commands.group import mahjong
from bot.discord_messages import text_card
from bot.interaction import Interaction
from bot.seasons.presenter import STANDINGS_SHOWN, not_a_season, standings_blocks
from core.ratings.seasons import season, season_at
from core.refusal import Refusal
from words.messages import lang_of

MOST_SEASONS = 10_000  # more than eight centuries of monthly seasons: what the command accepts


@mahjong.command(
    name="season", description=_("A rating season's standings on this server (the current one by default)")
)
@app_commands.describe(number=_("The season's number (an ended season shows its final standings)"))
async def season_command(
    interaction: Interaction, number: app_commands.Range[int, 1, MOST_SEASONS] | None = None
) -> None:
    lang = lang_of(interaction.locale)
    guild_id = interaction.guild_id
    if guild_id is None:
        raise Refusal("no_threads_here")
    services = await interaction.client.acknowledged(interaction, "private")
    now = interaction.client.clock()
    history = await services.ledger.season_modes(guild_id)
    current = season_at(history, now)
    if number is not None and not 1 <= number <= current.number:
        key, params = not_a_season(number, current.number)
        raise Refusal(key, **params)
    shown = current if number is None else season(history, number)
    standings = await services.ledger.season_standings(guild_id, shown.number, limit=STANDINGS_SHOWN)
    blocks = standings_blocks(shown, standings, lang, now=now, current=current)
    await interaction.edit_original_response(
        content=None, view=text_card(blocks), allowed_mentions=discord.AllowedMentions.none()
    )

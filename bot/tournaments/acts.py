"""What a member does to a tournament from Discord, by command or by the sign-up post's buttons: the
tournament meant (named, or the server's newest one going on), and joining, checking in and leaving,
each answered privately in the member's language."""

from __future__ import annotations

import discord

from bot.discord_messages import text_card
from bot.interaction import Interaction
from bot.tournaments import presenter
from bot.tournaments.custom_ids import Verb
from core.refusal import Refusal
from core.tournaments import tournament as life
from core.tournaments.service import Stored, TournamentService
from core.tournaments.tournament import Tournament
from words.messages import lang_of, say


async def named_or_current(
    services_tournaments: TournamentService, guild_id: int, tournament_id: str | None
) -> Tournament:
    """The tournament named, of this server; or the server's newest one still going on."""
    if tournament_id is not None:
        found = await services_tournaments.read(tournament_id.strip().lower())
        if found is None or found.tournament.guild_id != guild_id:
            raise Refusal("no_tournament")
        return found.tournament
    for made in await services_tournaments.of_guild(guild_id):
        if made.status in ("signup", "playing", "paused"):
            return made
    raise Refusal("tournament_none")


def guild_of(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise Refusal("no_threads_here")
    return interaction.guild_id


async def answer(interaction: Interaction, text: str) -> None:
    await interaction.edit_original_response(
        content=None, view=text_card([text]), allowed_mentions=discord.AllowedMentions.none()
    )


async def act(interaction: Interaction, verb: Verb, tournament_id: str | None) -> None:
    """Join, check in or leave, by command or by the sign-up post's button (acknowledged already)."""
    lang = lang_of(interaction.locale)
    guild_id = guild_of(interaction)
    services = await interaction.client.acknowledged(interaction, "private")
    made = await named_or_current(services.tournaments, guild_id, tournament_id)
    member = interaction.user.id
    stored: Stored
    if verb == "join":
        name = interaction.user.display_name
        stored = await services.tournaments.update(made.id, lambda current, now: life.join(current, member, now, name))
        key = "tournament_joined_now"
    elif verb == "checkin":
        stored = await services.tournaments.update(made.id, lambda current, now: life.check_in(current, member, now))
        key = "tournament_checked_now"
    else:
        stored = await services.tournaments.update(made.id, lambda current, now: life.leave(current, member, now))
        key = "tournament_left_now" if stored.tournament.status == "signup" else "tournament_left_playing"
    await answer(interaction, say(key, lang, name=presenter.title(stored.tournament, lang)))

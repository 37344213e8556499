"""The ``/solitaire`` group (SPEC §4.2): daily, free [seed], leaderboard [daily|free] [date], stats
[member], name, config (Manage Server).

Games are the desk's (``bot.solitaire.desk``); these handlers only read their options. Every answer is
private but the leaderboard, which is posted in the channel to be compared. ``config`` checks the
member's resolved Manage Server permission from the interaction on every call: ``default_permissions``
only hints to Discord who should see the command.
"""

from __future__ import annotations

from datetime import date

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _

from bot.interaction import Interaction
from core.refusal import Refusal
from data.ledger import LedgerValueError
from data.solitaire_ledger import Board, PseudonymRefused
from game.solitaire.deal import SEED_LIMIT
from words.messages import lang_of, say

solitaire = app_commands.Group(
    name="solitaire", description=_("Mahjong solitaire: the daily deal and free play"), guild_only=True
)
_NO_MENTIONS = discord.AllowedMentions.none()


@solitaire.command(
    name="daily", description=_("Play today's deal (the same for everyone; your best of the day counts)")
)
async def daily(interaction: Interaction) -> None:
    await interaction.client.solitaire.open(interaction, "daily")


@solitaire.command(name="free", description=_("Free play: a random deal, or the deal of a number"))
@app_commands.describe(seed=_("The deal's number (the same number always deals the same board)"))
async def free(interaction: Interaction, seed: app_commands.Range[int, 0, SEED_LIMIT - 1] | None = None) -> None:
    await interaction.client.solitaire.open(interaction, "free", seed)


@solitaire.command(name="leaderboard", description=_("This server's solitaire leaderboard, posted in the channel"))
@app_commands.describe(
    board=_("The daily deal's board or the free-play board"),
    date=_("The day of a daily board, YYYY-MM-DD (UTC; today by default)"),
)
@app_commands.choices(board=[Choice(name=_("Daily"), value="daily"), Choice(name=_("Free play"), value="free")])
async def leaderboard(
    interaction: Interaction, board: str = "daily", date: app_commands.Range[str, 1, 20] | None = None
) -> None:
    desk = interaction.client.solitaire
    if board == "free":
        if date is not None:
            raise Refusal("sol_lb_no_date")
        await desk.show_board(interaction, Board("free"), 1, edit=False)
        return
    day = _day(date, desk.service.today())
    if day is None:
        raise Refusal("sol_lb_bad_date", date=discord.utils.escape_markdown(date or ""))
    await desk.show_board(interaction, Board("daily", day), 1, edit=False)


def _day(text: str | None, today: date) -> date | None:
    """The day a member typed (today when none), or None if it is not a date up to today."""
    if text is None:
        return today
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        return None
    return day if day <= today else None


@solitaire.command(name="stats", description=_("A member's solitaire games on this server"))
@app_commands.describe(member=_("Whose statistics (yours by default)"))
async def stats(interaction: Interaction, member: discord.Member | None = None) -> None:
    await interaction.client.solitaire.show_stats(interaction, member or interaction.user)


@solitaire.command(name="name", description=_("Your name on this server's solitaire leaderboards"))
@app_commands.describe(pseudonym=_("2 to 32 letters or digits; leave it out to be shown by your server name"))
async def name(interaction: Interaction, pseudonym: app_commands.Range[str, 1, 40] | None = None) -> None:
    lang = lang_of(interaction.locale)
    if interaction.guild_id is None:
        raise Refusal("sol_guild_only")
    services = await interaction.client.acknowledged(interaction, "private")
    ledger = services.solitaire.service.ledger
    try:
        await ledger.set_pseudonym(interaction.guild_id, interaction.user.id, pseudonym)
    except PseudonymRefused as refused:
        raise Refusal(refused.key) from None
    except LedgerValueError:
        raise Refusal("sol_name_bad") from None
    shown = await ledger.pseudonym(interaction.guild_id, interaction.user.id)
    text = say("sol_name_cleared", lang) if shown is None else say("sol_name_set", lang, name=shown)
    await interaction.edit_original_response(content=text, allowed_mentions=_NO_MENTIONS)


@solitaire.command(name="config", description=_("Where the daily deal is posted at 00:00 UTC (Manage Server)"))
@app_commands.default_permissions(manage_guild=True)
@app_commands.describe(channel=_("Post the daily deal in this channel"), stop=_("Stop the daily posts"))
async def config(interaction: Interaction, channel: discord.TextChannel | None = None, stop: bool = False) -> None:
    """No option shows the setting; ``channel`` sets it (and today's post follows if it was not made),
    ``stop`` removes it."""
    lang = lang_of(interaction.locale)
    guild_id = interaction.guild_id
    if guild_id is None or not interaction.permissions.manage_guild:
        raise Refusal("sol_config_manage_only")
    if channel is not None and (getattr(channel, "guild", None) is None or channel.guild.id != guild_id):
        raise Refusal("sol_config_not_text")
    services = await interaction.client.acknowledged(interaction, "private")
    ledger = services.solitaire.service.ledger
    if stop:
        await ledger.set_post_channel(guild_id, None)
        await interaction.edit_original_response(content=say("sol_config_stopped", lang))
        return
    if channel is not None:
        await ledger.set_post_channel(guild_id, channel.id)
        services.daily_poster.wake()
    current = await ledger.post_channel(guild_id)
    shown = (
        say("sol_config_no_channel", lang)
        if current is None
        else say("sol_config_channel", lang, channel=f"<#{current}>")
    )
    await interaction.edit_original_response(
        content=shown if channel is None else say("sol_config_saved", lang) + "\n" + shown
    )

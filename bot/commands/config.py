"""``/mahjong config`` (a server's settings for new tables) and ``/mahjong mentions`` (a member's opt-out).

``default_permissions`` only hints to Discord who should see a command, and Discord ignores it on a
subcommand anyway; a member can still send the command (an old client, a forged request). So every
call checks the member's resolved Manage Server permission from the interaction itself before
anything is read or written. The settings live in the ledger database (``GuildSettings``); what
they mean for a table is ``bot.guild_config``. ``season:`` chooses the server's rating seasons (SPEC §8):
none, monthly or quarterly, UTC.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _

from bot.commands.group import LENGTH_CHOICES, LEVEL_CHOICES, RULE_CHOICES, SPEED_CHOICES, mahjong
from bot.guild_config import CLAIM_SECONDS, TURN_MINUTES, ConfigChange, changed, settings_text
from bot.interaction import Interaction
from core.ratings.seasons import season_at
from core.refusal import Refusal
from data.ledger import IDLE_HOURS, MINIMUM_FAN, RANKED_AFTER
from words import LANGS, Lang
from words.messages import lang_of, say

# Each catalog as the admin picks it, by its English name (the ``commands`` catalog translates it): a
# new catalog without a name here stops the import, so it cannot ship without its choice.
LANGUAGE_NAMES: dict[Lang, str] = {"en": "English", "fr": "French", "zh_TW": "Traditional Chinese"}


@mahjong.command(name="config", description=_("Server settings for new tables (Manage Server)"))
@app_commands.default_permissions(manage_guild=True)
@app_commands.describe(
    rules=_("The rules a new table gets when its host picks none"),
    speed=_("The speed a new table gets when its host picks none"),
    turn_minutes=_("Minutes a player has for a turn (instead of the speed's own)"),
    claim_seconds=_("Seconds a claim window stays open (instead of the speed's own)"),
    channel=_("Allow tables in this channel (add it to the list)"),
    clear_channels=_("Empty the list: tables may open in any channel again"),
    computers=_("Whether tables may have computer seats"),
    mentions=_("Whether tables mention the member whose turn it is"),
    lang=_("The language of the tables' public messages"),
    length=_("The match length a new table gets when its host picks none"),
    level=_("The computer players' level a new table gets"),
    hints=_("Whether new tables allow discard hints"),
    hide_claims=_("Whether new tables hide who could claim a discard"),
    seven_pairs=_("Whether seven pairs is a winning hand at new tables"),
    minimum_fan=_("The smallest winning hand at new Hong Kong tables, in fan"),
    idle_hours=_("Hours without any click after which an open table is closed"),
    ranked_after=_("Hands of a rule set a member plays before the leaderboard ranks them"),
    season=_("Rating seasons: none (one for all time), monthly or quarterly (UTC)"),
)
@app_commands.choices(
    rules=RULE_CHOICES,
    speed=SPEED_CHOICES,
    lang=[
        *(Choice(name=_(LANGUAGE_NAMES[lang]), value=lang) for lang in LANGS),
        Choice(name=_("The server's locale"), value="auto"),
    ],
    length=[*LENGTH_CHOICES, Choice(name=_("The rules' own"), value="rules")],
    level=LEVEL_CHOICES,
    season=[
        Choice(name=_("None: one season for all time"), value="none"),
        Choice(name=_("Monthly (UTC months)"), value="monthly"),
        Choice(name=_("Quarterly (UTC quarters)"), value="quarterly"),
    ],
)
async def config(
    interaction: Interaction,
    rules: str | None = None,
    speed: str | None = None,
    turn_minutes: app_commands.Range[int, TURN_MINUTES[0], TURN_MINUTES[1]] | None = None,
    claim_seconds: app_commands.Range[int, CLAIM_SECONDS[0], CLAIM_SECONDS[1]] | None = None,
    channel: discord.TextChannel | None = None,
    clear_channels: bool = False,
    computers: bool | None = None,
    mentions: bool | None = None,
    lang: str | None = None,
    length: str | None = None,
    level: str | None = None,
    hints: bool | None = None,
    hide_claims: bool | None = None,
    seven_pairs: bool | None = None,
    minimum_fan: app_commands.Range[int, MINIMUM_FAN[0], MINIMUM_FAN[1]] | None = None,
    idle_hours: app_commands.Range[int, IDLE_HOURS[0], IDLE_HOURS[1]] | None = None,
    ranked_after: app_commands.Range[int, RANKED_AFTER[0], RANKED_AFTER[1]] | None = None,
    season: str | None = None,
) -> None:
    """No option shows the settings; any option changes them in one write and shows the result. Discord
    reads the options from this signature; from here on they are one ``ConfigChange``, field for option.
    The season mode is the ledger's history of modes (``Ledger.set_season_mode``), written after the
    settings, once every option has been checked."""
    reader = lang_of(interaction.locale)
    if interaction.guild_id is None or not interaction.permissions.manage_guild:
        raise Refusal("config_manage_only")
    if channel is not None and getattr(channel, "guild", None) is not None and channel.guild.id != interaction.guild_id:
        raise Refusal("config_not_text_channel")
    change = ConfigChange(
        rules=rules,
        speed=speed,
        turn_minutes=turn_minutes,
        claim_seconds=claim_seconds,
        channel=None if channel is None else channel.id,
        clear_channels=clear_channels,
        computers=computers,
        mentions=mentions,
        lang=lang,
        length=length,
        level=level,
        hints=hints,
        hide_claims=hide_claims,
        seven_pairs=seven_pairs,
        minimum_fan=minimum_fan,
        idle_hours=idle_hours,
        ranked_after=ranked_after,
        season=season,
    )
    services = await interaction.client.acknowledged(interaction, "private")
    ledger = services.ledger
    current = await ledger.guild_settings(interaction.guild_id)
    now = interaction.client.clock()
    if change.asks_nothing:
        seasons = season_at(await ledger.season_modes(interaction.guild_id), now)
        await interaction.edit_original_response(content=settings_text(current, reader, seasons))
        return
    new = changed(current, change)
    if new != current:
        await ledger.set_guild_settings(interaction.guild_id, new)
    if change.season is not None:  # the ledger keeps the history of modes: the seasons are numbered by it
        history = await ledger.set_season_mode(interaction.guild_id, change.season, now)
        services.season_poster.wake()  # a change ends the running season: its end may be posted
    else:
        history = await ledger.season_modes(interaction.guild_id)
    shown = settings_text(new, reader, season_at(history, now))
    await interaction.edit_original_response(content=say("config_saved", reader) + "\n" + shown)


@mahjong.command(name="mentions", description=_("Whether tables on this server mention you when it is your turn"))
@app_commands.describe(state=_("On: mention me when a table waits for me; off: never"))
@app_commands.choices(state=[Choice(name=_("On"), value="on"), Choice(name=_("Off"), value="off")])
async def mentions(interaction: Interaction, state: str) -> None:
    """Each member's own opt-out, kept per server (the server's own switch is in ``/mahjong config``)."""
    reader = lang_of(interaction.locale)
    if interaction.guild_id is None:
        raise Refusal("no_threads_here")
    on = state == "on"
    services = await interaction.client.acknowledged(interaction, "private")
    await services.ledger.set_member_mentions(interaction.guild_id, interaction.user.id, on)
    await interaction.edit_original_response(content=say("mentions_on" if on else "mentions_off", reader))

"""``/mahjong config`` (a server's settings for new tables) and ``/mahjong mentions`` (a member's opt-out).

``default_permissions`` only hints to Discord who should see a command, and Discord ignores it on a
subcommand anyway; a member can still send the command (an old client, a forged request). So every
call checks the member's resolved Manage Server permission from the interaction itself before
anything is read or written. The settings live in the ledger database (``GuildSettings``); what
they mean for a table is ``bot.guild_config``.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _

from bot.commands.group import RULE_CHOICES, mahjong
from bot.guild_config import CLAIM_SECONDS, TURN_MINUTES, ConfigRefused, changed, settings_text
from bot.i18n import lang_of, say
from data.ledger import Ledger
from data.live import StoreUnavailable


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
)
@app_commands.choices(
    rules=RULE_CHOICES,
    speed=[Choice(name=_("Live"), value="live"), Choice(name=_("Asynchronous"), value="async")],
    lang=[Choice(name=_("English"), value="en"), Choice(name=_("French"), value="fr"),
          Choice(name=_("The server's locale"), value="auto")],
)
async def config(
    interaction: discord.Interaction[Any],
    rules: str | None = None,
    speed: str | None = None,
    turn_minutes: app_commands.Range[int, TURN_MINUTES[0], TURN_MINUTES[1]] | None = None,
    claim_seconds: app_commands.Range[int, CLAIM_SECONDS[0], CLAIM_SECONDS[1]] | None = None,
    channel: discord.TextChannel | None = None,
    clear_channels: bool = False,
    computers: bool | None = None,
    mentions: bool | None = None,
    lang: str | None = None,
) -> None:
    """No option shows the settings; any option changes them in one write and shows the result."""
    reader = lang_of(interaction.locale)
    if interaction.guild_id is None or not interaction.permissions.manage_guild:
        await interaction.response.send_message(say("config_manage_only", reader), ephemeral=True)
        return
    if channel is not None and getattr(channel, "guild", None) is not None and channel.guild.id != interaction.guild_id:
        await interaction.response.send_message(say("config_not_text_channel", reader), ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    ledger: Ledger = interaction.client.ledger
    try:
        current = await ledger.guild_settings(interaction.guild_id)
        asked = (rules, speed, turn_minutes, claim_seconds, channel, computers, mentions, lang)
        if all(value is None for value in asked) and not clear_channels:
            await interaction.edit_original_response(content=settings_text(current, reader))
            return
        new = changed(
            current, rules=rules, speed=speed, turn_minutes=turn_minutes, claim_seconds=claim_seconds,
            channel=None if channel is None else channel.id, clear_channels=clear_channels,
            computers=computers, mentions=mentions, lang=lang,
        )
        await ledger.set_guild_settings(interaction.guild_id, new)
    except ConfigRefused as refusal:
        await interaction.edit_original_response(content=say(refusal.key, reader, **refusal.params))
        return
    except StoreUnavailable:
        await interaction.edit_original_response(content=say("config_store_down", reader))
        return
    await interaction.edit_original_response(content=say("config_saved", reader) + "\n" + settings_text(new, reader))


@mahjong.command(name="mentions", description=_("Whether tables on this server mention you when it is your turn"))
@app_commands.describe(state=_("On: mention me when a table waits for me; off: never"))
@app_commands.choices(state=[Choice(name=_("On"), value="on"), Choice(name=_("Off"), value="off")])
async def mentions(interaction: discord.Interaction[Any], state: str) -> None:
    """Each member's own opt-out, kept per server (the server's own switch is in ``/mahjong config``)."""
    reader = lang_of(interaction.locale)
    if interaction.guild_id is None:
        await interaction.response.send_message(say("no_threads_here", reader), ephemeral=True)
        return
    on = state == "on"
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        await interaction.client.ledger.set_member_mentions(interaction.guild_id, interaction.user.id, on)
    except StoreUnavailable:
        await interaction.edit_original_response(content=say("config_store_down", reader))
        return
    await interaction.edit_original_response(content=say("mentions_on" if on else "mentions_off", reader))

"""``/mahjong new``: open a table (rule set and its main options, length, speed, computer seats)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _

from bot.commands.group import LEVEL_CHOICES, RULE_CHOICES, mahjong
from bot.guild_config import allowed_channel, channels_text, computers_allowed, table_defaults, table_lang
from bot.i18n import lang_of, say
from data.ledger import GuildSettings
from data.live import StoreUnavailable
from game.errors import GameError
from game.players import PLAYERS
from game.rules import MATCH_LENGTHS, RULE_NAMES, ruleset


@mahjong.command(name="new", description=_("Open a mahjong table in a new thread"))
@app_commands.describe(
    rules=_("The rules: classic, Hong Kong or the quick family game"),
    length=_("How long the match lasts"),
    speed=_("Live (a minute a turn) or asynchronous (hours a turn)"),
    computers=_("How many seats computer players take at once"),
    level=_("How well the computer players play"),
    players=_("Three players (classic and Hong Kong) or four"),
    open_hands=_("Every hand visible, for learning"),
    jokers=_("The boxed set's four jokers (classic)"),
    hints=_("Allow discard hints"),
    hide_claims=_("Every discard waits a few seconds, so nobody can tell who could claim it"),
    calling_rule=_("A player one tile from winning must announce it (classic)"),
    seven_pairs=_("Seven pairs is a winning hand"),
    minimum_fan=_("The smallest hand that may win, in fan (Hong Kong; 3 by default)"),
)
@app_commands.choices(
    rules=RULE_CHOICES,
    length=[
        Choice(name=_("One hand"), value="one_hand"),
        Choice(name=_("One wind round"), value="one_wind"),
        Choice(name=_("Four wind rounds"), value="four_winds"),
    ],
    speed=[Choice(name=_("Live"), value="live"), Choice(name=_("Asynchronous"), value="async")],
    level=LEVEL_CHOICES,
)
async def new(
    interaction: discord.Interaction[Any],
    rules: str | None = None,
    length: str | None = None,
    speed: str | None = None,
    computers: app_commands.Range[int, 0, 3] = 0,
    level: str | None = None,
    players: app_commands.Range[int, 3, 4] = 4,
    open_hands: bool = False,
    jokers: bool = False,
    hints: bool | None = None,
    hide_claims: bool | None = None,
    calling_rule: bool = False,
    seven_pairs: bool | None = None,
    minimum_fan: app_commands.Range[int, 0, 13] | None = None,
) -> None:
    """Options left out take the server's defaults (``/mahjong config``); the server may also limit
    where tables open and forbid computer seats, refused here before anything is stored."""
    lang = lang_of(interaction.locale)
    try:
        server = await _server_settings(interaction)
    except StoreUnavailable:
        await interaction.response.send_message(say("store_down", lang), ephemeral=True)
        return
    channel = interaction.channel
    if channel is not None and not allowed_channel(server, channel.id, getattr(channel, "parent_id", None)):
        await interaction.response.send_message(
            say("channel_not_allowed", lang, channels=channels_text(server, lang)), ephemeral=True
        )
        return
    if not computers_allowed(server, computers):
        await interaction.response.send_message(say("computers_not_allowed", lang), ephemeral=True)
        return
    refusal = _refusal(rules or server.default_rules, jokers, calling_rule, minimum_fan)
    if refusal is not None:
        await interaction.response.send_message(say(refusal, lang), ephemeral=True)
        return
    defaults = table_defaults(
        server,
        interaction.client.desk.timings,
        rules=rules,
        speed=speed,
        length=length,
        level=level,
        hints=hints,
        hide_claims=hide_claims,
        seven_pairs=seven_pairs,
        minimum_fan=minimum_fan,
    )
    try:
        table_rules = _table_rules(
            defaults.rules,
            defaults.length,
            players,
            open_hands,
            jokers,
            calling_rule,
            defaults.seven_pairs,
            defaults.minimum_fan,
        )
        if speed not in (None, "live", "async") or defaults.level not in PLAYERS:
            raise GameError(f"unknown speed {speed!r} or level {defaults.level!r}")
    except GameError as error:
        await interaction.response.send_message(say("bad_option", lang, detail=str(error)), ephemeral=True)
        return
    guild_lang = lang_of(interaction.guild_locale) if interaction.guild_locale else lang
    await interaction.client.desk.open_table(
        interaction,
        table_rules,
        defaults.speed,
        computers,
        defaults.level,
        defaults.hints,
        defaults.hide_claims,
        timing=defaults.timing,
        table_lang=table_lang(server, guild_lang),
    )


async def _server_settings(interaction: discord.Interaction[Any]) -> GuildSettings:
    """The server's settings, or the defaults outside a server (where nothing was ever configured)."""
    if interaction.guild_id is None:
        return GuildSettings()
    settings: GuildSettings = await interaction.client.ledger.guild_settings(interaction.guild_id)
    return settings


def _refusal(rules: str, jokers: bool, calling_rule: bool, minimum_fan: int | None) -> str | None:
    """The message for an option that the chosen rules do not have (the engine would refuse it too)."""
    if jokers and rules != "classic":
        return "option_jokers"
    if calling_rule and rules == "family":
        return "option_calling"
    if minimum_fan is not None and rules != "hongkong":
        return "option_minimum"
    return None


def _table_rules(
    rules: str,
    length: str | None,
    players: int,
    open_hands: bool,
    jokers: bool,
    calling_rule: bool,
    seven_pairs: bool,
    minimum_fan: int | None,
) -> Any:
    if rules not in RULE_NAMES:
        raise GameError(f"unknown rules {rules!r}")
    options: dict[str, Any] = {
        "players": players,
        "open_hands": open_hands,
        "calling_rule": calling_rule,
        "seven_pairs": seven_pairs,
    }
    if minimum_fan is not None:
        options["minimum_fan"] = minimum_fan
    if length is not None:
        if length not in MATCH_LENGTHS:
            raise GameError(f"unknown length {length!r}")
        options["length"] = length
    if jokers:
        options["jokers"] = True
    return ruleset(rules, **options)

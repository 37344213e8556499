"""``/mahjong new``: open a table (rule set and its main options, length, speed, computer seats, and a
duplicate deal's code: a practice table whose walls are the code's, never rated, SPEC §8).

The private answer says where the table opened; with the Discord Activity on, it carries the Activity's
launch button too (``bot.tables.clicks``), which opens the table in the Activity launched from there."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.commands.group import LENGTH_CHOICES, LEVEL_CHOICES, RULE_CHOICES, SPEED_CHOICES, mahjong
from bot.guild_config import allowed_channel, channels_text, computers_allowed, table_defaults, table_lang
from bot.interaction import Interaction
from bot.message_specs import Message
from bot.tables import presenter
from bot.tables.discord_views import view_of
from core.refusal import Refusal
from core.tables.deals import deal_code
from core.tables.moves import Actor
from core.tables.options import option_refusal, table_rules, table_settings
from game.errors import GameError
from game.players import PLAYERS
from words.messages import lang_of, say

log = logging.getLogger(__name__)


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
    learners=_("For learners: a discard waits, with no timer, for every member who may claim it"),
    calling_rule=_("A player one tile from winning must announce it (classic)"),
    seven_pairs=_("Seven pairs is a winning hand"),
    minimum_fan=_("The smallest hand that may win, in fan (Hong Kong; 3 by default)"),
    deal=_("A deal code (a word or a number): the same walls at every table opened with it, not rated"),
)
@app_commands.choices(
    rules=RULE_CHOICES,
    length=LENGTH_CHOICES,
    speed=SPEED_CHOICES,
    level=LEVEL_CHOICES,
)
async def new(
    interaction: Interaction,
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
    learners: bool = False,
    calling_rule: bool = False,
    seven_pairs: bool | None = None,
    minimum_fan: app_commands.Range[int, 0, 13] | None = None,
    deal: app_commands.Range[str, 1, 40] | None = None,
) -> None:
    """Options left out take the server's defaults (``/mahjong config``); the server may also limit
    where tables open and forbid computer seats, refused here before anything is stored. The answer is
    private: where the table opened."""
    lang = lang_of(interaction.locale)
    channel = interaction.channel
    guild_id = interaction.guild_id
    if guild_id is None or not isinstance(channel, discord.abc.Messageable):
        raise Refusal("no_threads_here")
    services = await interaction.client.acknowledged(interaction, "private")
    server = await services.ledger.guild_settings(guild_id)
    if not allowed_channel(server, channel.id, getattr(channel, "parent_id", None)):
        raise Refusal("channel_not_allowed", channels=channels_text(server, lang))
    if not computers_allowed(server, computers):
        raise Refusal("computers_not_allowed")
    if learners and hide_claims:
        raise Refusal("option_learners")
    code = None if deal is None else deal_code(deal)
    if deal is not None and code is None:
        raise Refusal("bad_deal")
    refusal = option_refusal(rules or server.default_rules, jokers, calling_rule, minimum_fan)
    if refusal is not None:
        raise Refusal(refusal)
    defaults = table_defaults(
        server,
        services.timings,
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
        chosen_rules = table_rules(
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
        raise Refusal("bad_option", detail=str(error)) from None
    guild_lang = lang_of(interaction.guild_locale) if interaction.guild_locale else lang
    # a server's default of hidden claims gives way to the member's choice of a learners' table
    settings = table_settings(defaults, chosen_rules, table_lang(server, guild_lang), learners=learners)
    host = Actor(interaction.user.id, guild_id, interaction.user.display_name)
    try:
        place, state = await services.table_messages.open_lobby(channel, guild_id, host, settings, computers, deal=code)
    except discord.HTTPException as error:
        log.warning("a lobby could not be posted in channel %s (%s)", channel.id, error.status)
        raise Refusal("no_permission") from None
    opened = say("opened_in", lang, place=f"<#{place}>")
    if not services.table_messages.activity:
        await interaction.edit_original_response(content=opened)
        return
    answer = Message(opened, (), (presenter.activity_button(state, lang),))
    await interaction.edit_original_response(content=None, view=view_of(answer, {}, []))

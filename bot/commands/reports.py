"""``/mahjong leaderboard``, ``/mahjong rating``, ``/mahjong stats`` and ``/mahjong history``: what the
ledgers say.

The leaderboard is meant to be compared, so it is posted in the channel, with the caller's own line
(their rank even when it is on another page) and Previous / Next buttons. It ranks by rating (SPEC §8)
unless asked for points (``by:points``, or a ``period``): a rule set's leaderboard of the current season,
the members with 5 rated matches in it, the computers listed apart at the end. By points, the ids of its
buttons (``bot.reports.board_id``) name the rule set, the page and the period, ``all`` or the month it
was posted in (``YYYYMM``), so a board keeps showing its month after the month ends; by rating, the
season (``bot.ratings_text.rating_board_id``), so a board keeps its season. ``deal:<code>`` lists every
table's result on a duplicate deal instead (``bot.ratings_text.deal_board_id``). A button works after a
restart (``LeaderboardButton`` is a ``DynamicItem``); a click edits the board in place and shows the
clicker's own line. The ids come from Discord as untrusted text: a rule set, month, season, deal or page
that is not one is answered privately, and nothing is changed.

Stats, history and ratings are one member's own business: they are answered privately.

Each answer opens ``LedgerReports`` on the ledger file for its few reads and closes it: a read-only
connection costs a millisecond, and so the bot needs no other connection kept open nor closed. Every
answer is acknowledged before the ledger is read.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _

from bot.answers import Ack
from bot.commands.group import RULE_CHOICES, mahjong
from bot.components import PrefixedItem, prefix_template
from bot.discord_messages import text_card, view_of
from bot.interaction import Interaction
from bot.message_specs import ButtonSpec, Message
from bot.ratings_text import (
    COMPUTER_LEVELS,
    PoolRating,
    deal_board_id,
    deal_board_text,
    parse_deal_board_id,
    parse_rating_board_id,
    rating_board_id,
    rating_board_text,
    rating_text,
)
from bot.reports import (
    PAGE_SIZE,
    REPORTS_PREFIX,
    UNRANKED_SHOWN,
    board_id,
    history_text,
    leaderboard_text,
    month_token,
    page_count,
    parse_board_id,
    period_start,
    stats_text,
)
from core.ratings.matches import computer_key, member_key
from core.refusal import Refusal
from core.tables.deals import deal_code
from data.ledger import GuildSettings
from data.ledger_reports import MemberStats
from data.live import StoreUnavailable
from game.rules import RULE_NAMES
from words import Lang
from words.messages import lang_of, say

HISTORY_LENGTH = 10
_NO_MENTIONS = discord.AllowedMentions.none()


@mahjong.command(name="leaderboard", description=_("This server's leaderboard, posted in the channel"))
@app_commands.describe(
    rules=_("The rules the leaderboard is kept for"),
    by=_("By rating this season (the default), or by points won"),
    period=_("By points: all time, or this month (UTC)"),
    page=_("The page of the leaderboard"),
    deal=_("A deal code: every table's result on that deal instead"),
)
@app_commands.choices(
    rules=RULE_CHOICES,
    by=[Choice(name=_("Rating"), value="rating"), Choice(name=_("Points won"), value="points")],
    period=[Choice(name=_("All time"), value="all"), Choice(name=_("This month"), value="month")],
)
async def leaderboard(
    interaction: Interaction,
    rules: str | None = None,
    by: str | None = None,
    period: str | None = None,
    page: app_commands.Range[int, 1, 1000] = 1,
    deal: app_commands.Range[str, 1, 40] | None = None,
) -> None:
    """Without a rule set, the server's default one (``/mahjong config``): what its tables play. A period
    asks for points (a rating has its seasons instead)."""
    if deal is not None:
        code = deal_code(deal)
        if code is None:
            raise Refusal("bad_deal")
        await show_deal_board(interaction, code, page, edit=False)
    elif (by or ("points" if period else "rating")) == "points":
        await show_board(interaction, rules, period or "all", page, edit=False)
    else:
        await show_rating_board(interaction, rules, None, page, edit=False)


async def show_board(interaction: Interaction, rules: str | None, token: str, page: int, *, edit: bool) -> None:
    """Post (or, from a button, edit in place) one page of the board; a page, rule set or month that
    is not one answers privately and leaves the board as it was."""
    lang = lang_of(interaction.locale)
    if token == "month":
        token = month_token(interaction.client.clock())
    try:
        since = period_start(token)
    except ValueError:
        raise Refusal("lb_bad_button") from None
    guild_id = interaction.guild_id
    if guild_id is None or page < 1 or (rules is not None and rules not in RULE_NAMES):
        raise Refusal("lb_bad_button")
    ack: Ack = "update" if edit else "public"
    services = await interaction.client.acknowledged(interaction, ack)
    settings = GuildSettings()
    with contextlib.suppress(StoreUnavailable):
        settings = await services.ledger.guild_settings(guild_id)
    rules = rules or settings.default_rules
    least = settings.ranked_after
    user = interaction.user
    reports = await services.reports()
    try:
        ranked = await reports.count_ranked(guild_id, rules, since, least)
        pages = page_count(ranked)
        if page > pages:
            raise Refusal("lb_page_out", page=page, pages=pages)
        standings = await reports.leaderboard(guild_id, rules, since, least, PAGE_SIZE, (page - 1) * PAGE_SIZE)
        own = await reports.rank_of(guild_id, user.id, rules, since, least)
        own_hands = own.hands if own else await reports.member_hands(guild_id, user.id, rules, since)
        waiting = await reports.unranked(guild_id, rules, since, least, UNRANKED_SHOWN)
    finally:
        await reports.close()
    text = leaderboard_text(
        lang, rules, token, page, pages, ranked, standings, own, user.display_name, own_hands, least, waiting
    )
    view = view_of(_board_card(text, lang, rules, token, page, pages), {}, LeaderboardButton, ())
    await interaction.edit_original_response(content=None, view=view, allowed_mentions=_NO_MENTIONS)


async def show_rating_board(
    interaction: Interaction, rules: str | None, season: int | None, page: int, *, edit: bool
) -> None:
    """Post (or, from a button, edit in place) one page of a rule set's leaderboard by rating for
    ``season`` (None: the current one); a page, rule set or season that is not one answers privately."""
    lang = lang_of(interaction.locale)
    guild_id = interaction.guild_id
    if guild_id is None or page < 1 or (rules is not None and rules not in RULE_NAMES):
        raise Refusal("lb_bad_button")
    services = await interaction.client.acknowledged(interaction, "update" if edit else "public")
    ledger = services.ledger
    settings = GuildSettings()
    with contextlib.suppress(StoreUnavailable):
        settings = await ledger.guild_settings(guild_id)
    rules = rules or settings.default_rules
    current = (await ledger.season_of(guild_id, interaction.client.clock())).number
    season = season or current
    if season > current:
        raise Refusal("lb_bad_button")
    ranked = await ledger.rating_count(guild_id, rules, season)
    pages = page_count(ranked)
    if page > pages:
        raise Refusal("lb_page_out", page=page, pages=pages)
    standings = await ledger.rating_leaderboard(guild_id, rules, season, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE)
    computers = await ledger.rating_leaderboard(guild_id, rules, season, computers=True, minimum=1)
    user = interaction.user
    own = next(
        (found for found in await ledger.ratings_of(guild_id, member_key(user.id), season) if found.rules == rules),
        None,
    )
    text = rating_board_text(lang, rules, season, page, pages, ranked, standings, computers, own, user.display_name)
    card = _paged(text, lang, page, pages, lambda target: rating_board_id(rules, season, target))
    view = view_of(card, {}, LeaderboardButton, ())
    await interaction.edit_original_response(content=None, view=view, allowed_mentions=_NO_MENTIONS)


async def show_deal_board(interaction: Interaction, deal: str, page: int, *, edit: bool) -> None:
    """Post (or edit in place) one page of a duplicate deal's tables on the server, best score first."""
    lang = lang_of(interaction.locale)
    guild_id = interaction.guild_id
    if guild_id is None or page < 1:
        raise Refusal("lb_bad_button")
    services = await interaction.client.acknowledged(interaction, "update" if edit else "public")
    total = await services.ledger.deal_match_count(guild_id, deal)
    pages = page_count(total)
    if page > pages:
        raise Refusal("lb_page_out", page=page, pages=pages)
    matches = await services.ledger.deal_matches(guild_id, deal, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE)
    text = deal_board_text(lang, deal, page, pages, total, matches)
    card = _paged(text, lang, page, pages, lambda target: deal_board_id(deal, target))
    view = view_of(card, {}, LeaderboardButton, ())
    await interaction.edit_original_response(content=None, view=view, allowed_mentions=_NO_MENTIONS)


def _board_card(text: str, lang: Lang, rules: str, token: str, page: int, pages: int) -> Message:
    """The board's text with Previous / Next below it."""
    return _paged(text, lang, page, pages, lambda target: board_id(rules, token, target))


def _paged(text: str, lang: Lang, page: int, pages: int, button_id: Callable[[int], str]) -> Message:
    """A board's text with Previous / Next below it, ``button_id`` naming the page each shows."""
    return Message(
        text,
        buttons=tuple(
            ButtonSpec(button_id(target), say(label, lang), row=0, disabled=disabled)
            for label, target, disabled in (
                ("btn_previous", page - 1, page <= 1),
                ("btn_next_page", page + 1, page >= pages),
            )
        ),
    )


class LeaderboardButton(PrefixedItem, template=prefix_template(REPORTS_PREFIX)):
    """Every leaderboard button: ``on_component`` parses the id, so a forged one gets a private answer."""

    async def on_component(self, interaction: Interaction, custom_id: str) -> None:
        by_rating = parse_rating_board_id(custom_id)
        if by_rating is not None:
            rules, season, page = by_rating
            await show_rating_board(interaction, rules, season, page, edit=True)
            return
        by_deal = parse_deal_board_id(custom_id)
        if by_deal is not None:
            await show_deal_board(interaction, *by_deal, edit=True)
            return
        found = parse_board_id(custom_id)
        if found is None:
            raise Refusal("lb_bad_button")
        rules_name, period, number = found
        await show_board(interaction, rules_name, period, number, edit=True)


@mahjong.command(name="stats", description=_("A member's hands, wins, deal-ins and best hand on this server"))
@app_commands.describe(member=_("Whose statistics (yours by default)"), rules=_("Only these rules"))
@app_commands.choices(rules=RULE_CHOICES)
async def stats(interaction: Interaction, member: discord.Member | None = None, rules: str | None = None) -> None:
    target = member or interaction.user
    if interaction.guild_id is None or (rules is not None and rules not in RULE_NAMES):
        raise Refusal("lb_bad_button")
    services = await interaction.client.acknowledged(interaction, "private")
    reports = await services.reports()
    try:
        chosen = [rules] if rules else await reports.rules_played(interaction.guild_id, target.id)
        sections: list[MemberStats] = [
            await reports.member_stats(interaction.guild_id, target.id, name) for name in chosen
        ]
    finally:
        await reports.close()
    text = stats_text(lang_of(interaction.locale), target.display_name, sections)
    await interaction.edit_original_response(content=None, view=text_card([text]), allowed_mentions=_NO_MENTIONS)


@mahjong.command(name="rating", description=_("A member's rating and rank in each rule set this season"))
@app_commands.describe(member=_("Whose rating (yours by default)"))
async def rating(interaction: Interaction, member: discord.Member | None = None) -> None:
    """The member's rating in each pool of the server for the current season, rank, provisional or not,
    matches played, against the computers, and their last rated matches' changes (privately)."""
    target = member or interaction.user
    guild_id = interaction.guild_id
    if guild_id is None:
        raise Refusal("lb_bad_button")
    services = await interaction.client.acknowledged(interaction, "private")
    ledger = services.ledger
    now = interaction.client.clock()
    season = (await ledger.season_of(guild_id, now)).number
    player = member_key(target.id)
    pools = []
    for found in await ledger.ratings_of(guild_id, player, season):
        ranked = await ledger.rating_count(guild_id, found.rules, season)
        computers = await ledger.pool_ratings(
            guild_id, found.rules, [computer_key(level) for level in COMPUTER_LEVELS], now
        )
        levels = {
            level: computers[computer_key(level)].rating
            for level in COMPUTER_LEVELS
            if computer_key(level) in computers
        }
        pools.append(PoolRating(found, ranked, levels))
    changes = await ledger.rating_changes(guild_id, player, limit=HISTORY_LENGTH) if pools else []
    text = rating_text(lang_of(interaction.locale), target.display_name, season, pools, changes)
    await interaction.edit_original_response(content=None, view=text_card([text]), allowed_mentions=_NO_MENTIONS)


@mahjong.command(name="history", description=_("Your last matches on this server"))
async def history(interaction: Interaction) -> None:
    if interaction.guild_id is None:
        raise Refusal("lb_bad_button")
    services = await interaction.client.acknowledged(interaction, "private")
    user = interaction.user
    matches = await services.ledger.matches(interaction.guild_id, member_id=user.id, limit=HISTORY_LENGTH)
    text = history_text(lang_of(interaction.locale), user.id, user.display_name, matches)
    await interaction.edit_original_response(content=None, view=text_card([text]), allowed_mentions=_NO_MENTIONS)

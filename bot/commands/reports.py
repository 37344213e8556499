"""``/mahjong leaderboard``, ``/mahjong stats`` and ``/mahjong history``: what the ledgers say.

The leaderboard is meant to be compared, so it is posted in the channel, with the caller's own line
(their rank even when it is on another page) and Previous / Next buttons. Their ids are
``mjr1:lb:{rules}:{period}:{page}`` with the period ``all`` or the month it was posted in
(``YYYYMM``), so a board keeps showing its month after the month ends, and a button works after a
restart (``LeaderboardButton`` is a ``DynamicItem``). A click edits the board in place and shows the
clicker's own line. The ids come from Discord as untrusted text: a rule set, month or page that is
not one is answered privately, and nothing is changed.

Stats and history are one member's own business: they are answered privately.

Each answer opens ``LedgerReports`` on the ledger file for its few reads and closes it: a read-only
connection costs a millisecond, and so the bot needs no other connection kept open nor closed.
"""

from __future__ import annotations

import contextlib
import logging
import re
import sqlite3
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _

from bot.commands.group import RULE_CHOICES, mahjong
from bot.i18n import lang_of, say
from bot.prefixed_button import PrefixedButton
from bot.reports import (
    MIN_HANDS,
    PAGE_SIZE,
    history_text,
    leaderboard_text,
    month_token,
    page_count,
    period_start,
    stats_text,
)
from data.ledger import LedgerFileError
from data.ledger_reports import LedgerReports, MemberStats
from data.live import StoreUnavailable
from game.rules import RULE_NAMES
from game.tiles import Lang

log = logging.getLogger(__name__)

REPORTS_PREFIX = "mjr1:"
HISTORY_LENGTH = 10
_NO_MENTIONS = discord.AllowedMentions.none()
_BOARD = re.compile(r"mjr1:lb:(?P<rules>[a-z]{1,20}):(?P<period>all|\d{6}):(?P<page>\d{1,4})")
_UNREADABLE = (LedgerFileError, StoreUnavailable, sqlite3.Error)


class ReportsUnavailable(Exception):
    """The ledger file cannot be read now: the member is told so privately."""


async def _open(interaction: discord.Interaction[Any]) -> LedgerReports:
    try:
        return await LedgerReports.open(interaction.client.settings.database_path)
    except _UNREADABLE as error:
        log.warning("the ledger cannot be read for a report: %s", error)
        raise ReportsUnavailable from error


async def _private(interaction: discord.Interaction[Any], text: str) -> None:
    await interaction.response.send_message(text, ephemeral=True, allowed_mentions=_NO_MENTIONS)


@mahjong.command(name="leaderboard", description=_("This server's leaderboard, posted in the channel"))
@app_commands.describe(
    rules=_("The rules the leaderboard is kept for"),
    period=_("All time, or this month (UTC)"),
    page=_("The page of the leaderboard"),
)
@app_commands.choices(
    rules=RULE_CHOICES, period=[Choice(name=_("All time"), value="all"), Choice(name=_("This month"), value="month")]
)
async def leaderboard(
    interaction: discord.Interaction[Any],
    rules: str | None = None,
    period: str = "all",
    page: app_commands.Range[int, 1, 1000] = 1,
) -> None:
    """Without a rule set, the server's default one (``/mahjong config``): what its tables play."""
    token = "all" if period == "all" else month_token(interaction.client.clock())
    if rules is None:
        rules = "classic"
        if interaction.guild_id is not None:
            with contextlib.suppress(StoreUnavailable):
                rules = (await interaction.client.ledger.guild_settings(interaction.guild_id)).default_rules
    await show_board(interaction, rules, token, page, edit=False)


async def show_board(interaction: discord.Interaction[Any], rules: str, token: str, page: int, *, edit: bool) -> None:
    """Post (or, from a button, edit in place) one page of the board; a page, rule set or month that
    is not one answers privately and leaves the board as it was."""
    lang = lang_of(interaction.locale)
    try:
        since, valid = period_start(token), True
    except ValueError:
        since, valid = None, False
    if not valid or rules not in RULE_NAMES or page < 1 or interaction.guild_id is None:
        await _private(interaction, say("lb_bad_button", lang))
        return
    user = interaction.user
    try:
        reports = await _open(interaction)
        try:
            ranked = await reports.count_ranked(interaction.guild_id, rules, since, MIN_HANDS)
            pages = page_count(ranked)
            if page > pages:
                await _private(interaction, say("lb_page_out", lang, page=page, pages=pages))
                return
            standings = await reports.leaderboard(
                interaction.guild_id, rules, since, MIN_HANDS, PAGE_SIZE, (page - 1) * PAGE_SIZE
            )
            own = await reports.rank_of(interaction.guild_id, user.id, rules, since, MIN_HANDS)
            own_hands = own.hands if own else await reports.member_hands(interaction.guild_id, user.id, rules, since)
        finally:
            await reports.close()
    except (ReportsUnavailable, *_UNREADABLE):
        await _private(interaction, say("reports_unavailable", lang))
        return
    text = leaderboard_text(lang, rules, token, page, pages, ranked, standings, own, user.display_name, own_hands)
    view = _board_view(lang, rules, token, page, pages)
    if edit:
        await interaction.response.edit_message(content=text, view=view, allowed_mentions=_NO_MENTIONS)
    else:
        await interaction.response.send_message(text, view=view, allowed_mentions=_NO_MENTIONS)


def board_id(rules: str, token: str, page: int) -> str:
    return f"{REPORTS_PREFIX}lb:{rules}:{token}:{page}"


def _board_view(lang: Lang, rules: str, token: str, page: int, pages: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for label, target, disabled in (("btn_previous", page - 1, page <= 1), ("btn_next_page", page + 1, page >= pages)):
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=say(label, lang),
            custom_id=board_id(rules, token, target),
            disabled=disabled,
            style=discord.ButtonStyle.secondary,
        )
        view.add_item(LeaderboardButton(button))
    return view


class LeaderboardButton(PrefixedButton, template=r"(?s)mjr1:.*"):
    """Every ``mjr1:`` button: ``on_click`` parses the id, so a forged one gets a private answer."""

    async def on_click(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        found = _BOARD.fullmatch(custom_id)
        if found is None:
            await _private(interaction, say("lb_bad_button", lang_of(interaction.locale)))
            return
        await show_board(interaction, found["rules"], found["period"], int(found["page"]), edit=True)


@mahjong.command(name="stats", description=_("A member's hands, wins, deal-ins and best hand on this server"))
@app_commands.describe(member=_("Whose statistics (yours by default)"), rules=_("Only these rules"))
@app_commands.choices(rules=RULE_CHOICES)
async def stats(
    interaction: discord.Interaction[Any], member: discord.Member | None = None, rules: str | None = None
) -> None:
    lang = lang_of(interaction.locale)
    target = member or interaction.user
    if interaction.guild_id is None or (rules is not None and rules not in RULE_NAMES):
        await _private(interaction, say("lb_bad_button", lang))
        return
    try:
        reports = await _open(interaction)
        try:
            chosen = [rules] if rules else await reports.rules_played(interaction.guild_id, target.id)
            sections: list[MemberStats] = [
                await reports.member_stats(interaction.guild_id, target.id, name) for name in chosen
            ]
        finally:
            await reports.close()
    except (ReportsUnavailable, *_UNREADABLE):
        await _private(interaction, say("reports_unavailable", lang))
        return
    await _private(interaction, stats_text(lang, target.display_name, sections))


@stats.error
async def _stats_error(interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
    """A ``member`` Discord resolved to someone not on the server: say so instead of failing."""
    if isinstance(error, app_commands.TransformerError) and not interaction.response.is_done():
        await _private(interaction, say("stats_not_member", lang_of(interaction.locale)))


@mahjong.command(name="history", description=_("Your last matches on this server"))
async def history(interaction: discord.Interaction[Any]) -> None:
    lang = lang_of(interaction.locale)
    if interaction.guild_id is None:
        await _private(interaction, say("lb_bad_button", lang))
        return
    try:
        matches = await interaction.client.ledger.matches(
            interaction.guild_id, member_id=interaction.user.id, limit=HISTORY_LENGTH
        )
    except _UNREADABLE:
        await _private(interaction, say("reports_unavailable", lang))
        return
    await _private(interaction, history_text(lang, interaction.user.id, interaction.user.display_name, matches))

"""``/mahjong tournament create | join | leave | checkin | start | standings | pause | resume | replace |
cancel`` (SPEC §9), and the sign-up post's buttons (Join, Check in, Leave) that do what the commands do.

Members who can manage the server organise: they create, start, pause, resume, replace a player and
cancel (``default_permissions`` only hints to Discord who should see a command, so the permission is read
on every call); they act with the organiser's authority. A tournament is named by its id where a server
runs several; left out, the server's newest tournament not over is meant. Every answer is private, in
the member's language; what the channel sees follows the tournament's changes (``bot.tournaments.posts``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _

from bot.commands.group import LENGTH_CHOICES, SPEED_CHOICES, mahjong
from bot.guild_config import table_lang
from bot.interaction import Interaction
from bot.reports import plain
from bot.tournaments import presenter
from bot.tournaments.acts import act, answer, guild_of, named_or_current
from core.refusal import Refusal
from core.tables.state import Speed
from core.tournaments import tournament as life
from core.tournaments.seats import MAX_ROUNDS, MIN_ROUNDS
from core.tournaments.tournament import (
    CHECKIN_MINUTES,
    NAME_LIMIT,
    SIGNUP_MINUTES,
    BadSettings,
    Tournament,
    TournamentSettings,
)
from words.messages import lang_of, say

tournament = app_commands.Group(name="tournament", description=_("A server's mahjong tournament"), parent=mahjong)

TOURNAMENT_RULE_CHOICES: list[Choice[str]] = [
    Choice(name=_("Classic"), value="classic"),
    Choice(name=_("Hong Kong"), value="hongkong"),
]
_WHICH = _("The tournament's id (the server's newest one by default)")


def _organising(interaction: Interaction, made: Tournament) -> int:
    """Who acts: a member who can manage the server acts as the organiser; anyone else is refused."""
    if not interaction.permissions.manage_guild:
        raise Refusal("tournament_manage_only")
    return made.organiser


@tournament.command(name="create", description=_("Open a tournament for sign-up in this channel (Manage Server)"))
@app_commands.describe(
    rules=_("The rules: classic or Hong Kong"),
    rounds=_("How many rounds (1 to 12)"),
    signup_minutes=_("Minutes until sign-up closes"),
    checkin_minutes=_("Minutes between sign-up closing and the start, to check in"),
    length=_("How long each round's match lasts"),
    speed=_("Live (a minute a turn) or asynchronous (hours a turn)"),
    title=_("The tournament's name"),
)
@app_commands.choices(rules=TOURNAMENT_RULE_CHOICES, length=LENGTH_CHOICES, speed=SPEED_CHOICES)
@app_commands.default_permissions(manage_guild=True)
async def create(
    interaction: Interaction,
    rules: str,
    rounds: app_commands.Range[int, MIN_ROUNDS, MAX_ROUNDS],
    signup_minutes: app_commands.Range[int, SIGNUP_MINUTES[0], SIGNUP_MINUTES[1]] = 60,
    checkin_minutes: app_commands.Range[int, CHECKIN_MINUTES[0], CHECKIN_MINUTES[1]] = 15,
    length: str = "one_wind",
    speed: str = "live",
    title: app_commands.Range[str, 1, NAME_LIMIT] | None = None,
) -> None:
    lang = lang_of(interaction.locale)
    guild_id = guild_of(interaction)
    channel = interaction.channel
    if channel is None or not isinstance(channel, discord.abc.Messageable):
        raise Refusal("no_threads_here")
    if not interaction.permissions.manage_guild:
        raise Refusal("tournament_manage_only")
    services = await interaction.client.acknowledged(interaction, "private")
    server = await services.ledger.guild_settings(guild_id)
    guild_lang = lang_of(interaction.guild_locale) if interaction.guild_locale else lang
    try:
        settings = TournamentSettings.asked(
            title=title or "",
            rules=rules,
            rounds=rounds,
            length=length,
            signup_minutes=signup_minutes,
            checkin_minutes=checkin_minutes,
            now=interaction.client.clock(),
            speed=cast(Speed, speed),  # a value no choice offers is refused by the settings themselves
            lang=table_lang(server, guild_lang),
        )
    except BadSettings as error:
        raise Refusal("tournament_bad_settings", detail=str(error)) from None
    opened = await services.tournaments.open(guild_id, interaction.user.id, settings)
    try:
        message_id = await services.tournament_posts.open_post(channel, channel.id, opened.tournament)
    except discord.HTTPException:
        await services.tournaments.update(opened.tournament.id, _cancelled)
        raise Refusal("no_permission") from None
    link = f"https://discord.com/channels/{guild_id}/{channel.id}/{message_id}"
    await answer(interaction, say("tournament_created", lang, name=presenter.title(opened.tournament, lang), link=link))


def _cancelled(made: Tournament, now: float) -> Tournament:
    return life.cancel(made, made.organiser)


@tournament.command(name="join", description=_("Sign up for the server's tournament"))
@app_commands.describe(tournament=_WHICH)
async def join(interaction: Interaction, tournament: app_commands.Range[str, 1, 20] | None = None) -> None:
    await act(interaction, "join", tournament)


@tournament.command(name="checkin", description=_("Say you are here, once sign-up has closed"))
@app_commands.describe(tournament=_WHICH)
async def checkin(interaction: Interaction, tournament: app_commands.Range[str, 1, 20] | None = None) -> None:
    await act(interaction, "checkin", tournament)


@tournament.command(name="leave", description=_("Leave the tournament (once started, a computer plays your seats)"))
@app_commands.describe(tournament=_WHICH)
async def leave(interaction: Interaction, tournament: app_commands.Range[str, 1, 20] | None = None) -> None:
    await act(interaction, "leave", tournament)


@tournament.command(name="start", description=_("Start the tournament with the players checked in (Manage Server)"))
@app_commands.describe(tournament=_WHICH)
@app_commands.default_permissions(manage_guild=True)
async def start(interaction: Interaction, tournament: app_commands.Range[str, 1, 20] | None = None) -> None:
    lang = lang_of(interaction.locale)
    guild_id = guild_of(interaction)
    services = await interaction.client.acknowledged(interaction, "private")
    made = await named_or_current(services.tournaments, guild_id, tournament)
    started = await services.tournaments.start(made.id, _organising(interaction, made))
    await answer(interaction, say("tournament_started_now", lang, name=presenter.title(started.tournament, lang)))


@tournament.command(name="standings", description=_("The tournament's standings after its last finished round"))
@app_commands.describe(tournament=_WHICH)
async def standings(interaction: Interaction, tournament: app_commands.Range[str, 1, 20] | None = None) -> None:
    lang = lang_of(interaction.locale)
    guild_id = guild_of(interaction)
    services = await interaction.client.acknowledged(interaction, "private")
    if tournament is None:  # the newest, even over: its final standings stay readable
        found = await services.tournaments.of_guild(guild_id)
        if not found:
            raise Refusal("tournament_none")
        made = found[0]
    else:
        made = await named_or_current(services.tournaments, guild_id, tournament)
    lines = made.shown_standings()
    if not lines:
        await answer(interaction, say("tournament_no_standings", lang, name=presenter.title(made, lang)))
        return
    await answer(interaction, presenter.standings_text(made, lines, lang, final=made.status == "over"))


async def _organise(
    interaction: Interaction,
    tournament_id: str | None,
    change: Callable[[Tournament, int], Tournament],
    key: str,
    **said: str,
) -> None:
    """The organiser's ``change`` (given the authority it acts with), answered with ``key`` (``said`` filled in)."""
    lang = lang_of(interaction.locale)
    guild_id = guild_of(interaction)
    services = await interaction.client.acknowledged(interaction, "private")
    made = await named_or_current(services.tournaments, guild_id, tournament_id)
    by = _organising(interaction, made)
    changed = await services.tournaments.update(made.id, lambda current, now: change(current, by))
    await answer(interaction, say(key, lang, name=presenter.title(changed.tournament, lang), **said))


@tournament.command(name="pause", description=_("Pause the tournament: no new round starts (Manage Server)"))
@app_commands.describe(tournament=_WHICH)
@app_commands.default_permissions(manage_guild=True)
async def pause(interaction: Interaction, tournament: app_commands.Range[str, 1, 20] | None = None) -> None:
    await _organise(interaction, tournament, life.pause, "tournament_paused_now")


@tournament.command(name="resume", description=_("Go on with a paused tournament (Manage Server)"))
@app_commands.describe(tournament=_WHICH)
@app_commands.default_permissions(manage_guild=True)
async def resume(interaction: Interaction, tournament: app_commands.Range[str, 1, 20] | None = None) -> None:
    await _organise(interaction, tournament, life.resume, "tournament_resumed_now")


@tournament.command(name="cancel", description=_("End the tournament now (Manage Server)"))
@app_commands.describe(tournament=_WHICH)
@app_commands.default_permissions(manage_guild=True)
async def cancel(interaction: Interaction, tournament: app_commands.Range[str, 1, 20] | None = None) -> None:
    await _organise(interaction, tournament, life.cancel, "tournament_cancelled_now")


@tournament.command(name="replace", description=_("Give a player's place to another member (Manage Server)"))
@app_commands.describe(gone=_("The player who leaves"), coming=_("The member who takes their place"), tournament=_WHICH)
@app_commands.default_permissions(manage_guild=True)
async def replace_player(
    interaction: Interaction,
    gone: discord.Member,
    coming: discord.Member,
    tournament: app_commands.Range[str, 1, 20] | None = None,
) -> None:
    name = coming.display_name

    def replaced(current: Tournament, by: int) -> Tournament:
        return life.replace_player(current, by, gone.id, coming.id, name)

    said = {"coming": plain(name), "gone": plain(gone.display_name)}
    await _organise(interaction, tournament, replaced, "tournament_replaced_now", **said)

"""A tournament's public side on Discord, after each of its changes (``TournamentChanged``): the sign-up
post edited to say who signed up and checked in, and what the tournament is doing; a round's tables
opened as threads in the tournament's channel (``TableMessages.show_opened``), each mentioning the
members it seats; the standings posted once after each round, and the podium at the end.

Of a bot in several processes, the process holding the server's shard shows it, wherever the change was
made; every post is claimed in the tournament's Discord record before it is sent (``DiscordTournaments``),
so a change heard twice, or again after a restart, posts nothing twice. Changes that come faster than
the post can be edited (a crowd pressing Join) are shown by the newest one alone, as a table's are.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from dataclasses import replace

import discord

from bot.discord_messages import files_of, text_card, view_of
from bot.tables.messages import TableMessages
from bot.tournaments import presenter
from bot.tournaments.item import TournamentButton
from bot.tournaments.record import DiscordTournament, DiscordTournaments
from core.tournaments.events import TournamentChanged
from core.tournaments.service import TournamentService
from core.tournaments.tournament import Tournament
from game.tiles import Tile

log = logging.getLogger(__name__)


class TournamentPosts:
    def __init__(
        self,
        client: discord.Client,
        tournaments: TournamentService,
        records: DiscordTournaments,
        table_messages: TableMessages,
        emojis: Mapping[Tile, discord.PartialEmoji],
        owns: Callable[[int], bool],
    ) -> None:
        self._client = client
        self._tournaments = tournaments
        self._records = records
        self._table_messages = table_messages
        self._emojis = emojis
        self._owns = owns
        self._locks: dict[str, asyncio.Lock] = {}
        self._newest: dict[str, int] = {}  # the newest version heard of each tournament
        self._shown: dict[str, int] = {}  # the version each tournament was last shown at

    async def open_post(self, channel: discord.abc.Messageable, channel_id: int, made: Tournament) -> int:
        """The sign-up post of a tournament just created, in ``channel``; returns its message id."""
        await self._records.record(made.id, DiscordTournament(channel_id))
        message = presenter.signup_message(made, made.settings.lang)
        files = files_of(message)
        sent = await channel.send(files=files, view=view_of(message, self._emojis, TournamentButton, files))
        await self._records.record(made.id, DiscordTournament(channel_id, sent.id))
        return sent.id

    async def __call__(self, event: TournamentChanged) -> None:
        if not self._owns(event.guild_id):
            return  # the process with the server's shard shows it
        record = await self._records.of(event.tournament_id)
        if record is None:  # not a tournament of Discord's (or its post is being sent)
            return
        self._newest[event.tournament_id] = max(self._newest.get(event.tournament_id, 0), event.version)
        async with self._locks.setdefault(event.tournament_id, asyncio.Lock()):
            if event.version < self._newest[event.tournament_id]:
                return  # a newer change waits behind this one, and shows everything (a crowd joining: one edit)
            found = await self._tournaments.read(event.tournament_id)
            if found is None or found.version <= self._shown.get(event.tournament_id, 0):
                return
            self._shown[event.tournament_id] = found.version
            made = found.tournament
            await self._edit_post(made, record)
            await self._open_threads(made, record)
            await self._post_standings(made, record)

    async def _edit_post(self, made: Tournament, record: DiscordTournament) -> None:
        if record.message_id is None:
            return
        message = presenter.signup_message(made, made.settings.lang)
        target = self._client.get_partial_messageable(record.channel_id).get_partial_message(record.message_id)
        try:
            await target.edit(content=None, attachments=[], view=view_of(message, self._emojis, TournamentButton, []))
        except discord.HTTPException as error:
            log.warning("tournament %s: the sign-up post could not be edited (%s)", made.id, error.status)

    async def _open_threads(self, made: Tournament, record: DiscordTournament) -> None:
        if made.status not in ("playing", "paused"):
            return
        lang = made.settings.lang
        for table in made.round_tables(made.round):
            if table.table_id is None or table.result is not None:
                continue
            try:
                await self._table_messages.show_opened(
                    table.table_id,
                    record.channel_id,
                    presenter.thread_name(made, table, lang),
                    presenter.seated_notice(made, table, lang),
                )
            except discord.HTTPException as error:
                log.warning("tournament %s: table %s could not be shown (%s)", made.id, table.table_id, error.status)

    async def _post_standings(self, made: Tournament, record: DiscordTournament) -> None:
        """The standings once a round but the last has ended (its last table ended, or the next round
        seated), then the podium once the tournament is over. The last round's end is seen before the
        tournament is marked over (the runner writes one, then the other): its standings would only say
        the podium's again."""
        lang = made.settings.lang
        if made.status == "over":
            if await self._records.claim_podium(made.id):
                await self._send(presenter.standings_text(made, made.shown_standings(), lang, final=True), made, record)
            return
        ended = made.round if made.round_over else made.round - 1
        if ended >= made.settings.rounds:  # the last round's end is the podium's, posted once it is over
            return
        if ended >= 1 and record.standings_round < ended and await self._records.claim_standings(made.id, ended):
            after = replace(made, round=ended)  # the standings as that round's end left them
            await self._send(presenter.standings_text(after, after.shown_standings(), lang, final=False), made, record)

    async def _send(self, text: str, made: Tournament, record: DiscordTournament) -> None:
        channel = self._client.get_partial_messageable(record.channel_id)
        try:
            await channel.send(view=text_card([text]), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning("tournament %s: the standings could not be posted (%s)", made.id, error.status)

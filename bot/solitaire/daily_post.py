"""The daily post: at 00:00 UTC, in each server's chosen channel, the new deal with a Play button, how
many members played the day before and its podium, and the server's streak of days on which someone
cleared the daily (up to yesterday, or today once cleared: a post made during the day counts it) —
once per server per day, however many processes run and however often they restart.

Each process looks at the UTC date every tick. When the day changes, at start (which catches up a
midnight the bot was down for), and when ``/solitaire config`` sets a channel, it goes through the
servers with a channel and posts where nobody has: a claim (``bot.solitaire.post_claims``, a key
created only if absent in the shared live store) makes one process the poster of a server's day, before
anything is sent; the others skip it. A claim never marked posted (its process died) is taken over once
it is ``POST_CLAIM_SECONDS`` old, and the new poster first looks for the day's post in the channel's latest
messages: a process that died after posting is not followed by a second post, one that died before it
by a late one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from datetime import date, timedelta
from typing import Any

import discord

from bot.discord_messages import picture_name
from bot.drawing import Drawer
from bot.solitaire import presenter
from bot.solitaire.discord_views import files_of, view_of
from bot.solitaire.post_claims import PostClaims
from core.outage import OutageLog
from core.solitaire.service import SolitaireService
from data.live import StoreUnavailable
from data.solitaire_ledger import Board
from words.messages import lang_of

log = logging.getLogger(__name__)
PODIUM = 3


class DailyPoster:
    def __init__(
        self,
        client: discord.Client,
        service: SolitaireService,
        claims: PostClaims,
        emojis: Any,
        *,
        tick: float = 1.0,
        drawer: Drawer | None = None,
    ) -> None:
        self._client = client
        self._draw = drawer or Drawer()  # at midnight every server's post is drawn at once
        self._service = service
        self._claims = claims
        self._emojis = emojis
        self._tick = tick
        self._holder = uuid.uuid4().hex
        self._wake = asyncio.Event()
        self._done: set[tuple[int, date]] = set()

    def wake(self) -> None:
        """Look again now (a server has just chosen its channel)."""
        self._wake.set()

    async def run(self) -> None:
        handled: date | None = None
        outage = OutageLog(log, "the daily posts wait", "the daily posts go on")
        while True:
            today = self._service.today()
            if today != handled or self._wake.is_set():
                self._wake.clear()
                try:
                    await self.post_due(today)
                    handled = today
                    outage.answered()
                except StoreUnavailable as error:
                    outage.failed(error)
                except Exception:
                    log.exception("the daily posts failed; they are tried again at the next tick")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._tick)

    async def post_due(self, today: date) -> None:
        """Post ``today``'s deal in every server with a channel where no process has posted it yet."""
        for guild_id, channel_id in await self._service.ledger.post_channels():
            if (guild_id, today) in self._done:
                continue
            claim = await self._claims.claim(guild_id, today, self._holder)
            found = await self._find_post(guild_id, channel_id, today) if claim == "late" else None
            if found is not None:
                await self._claims.posted(guild_id, today, found)
            elif claim is not None:
                await self._post(guild_id, channel_id, today)
            self._done.add((guild_id, today))
        self._done = {(guild, day) for guild, day in self._done if day >= today}

    async def _find_post(self, guild_id: int, channel_id: int, day: date) -> int | None:
        """The day's post among the channel's latest messages, if the process that claimed it made it."""
        me = self._client.user
        channel = self._client.get_partial_messageable(channel_id, guild_id=guild_id)
        name = presenter.post_filename(day)
        try:
            async for message in channel.history(limit=50):
                if (
                    me is not None
                    and message.author.id == me.id
                    and any(picture_name(attachment.filename) == name for attachment in message.attachments)
                ):
                    return message.id
        except discord.HTTPException as error:
            log.warning(
                "the channel %s of server %s cannot be read (%s): the daily post is made again",
                channel_id,
                guild_id,
                error.status,
            )
        return None

    async def _post(self, guild_id: int, channel_id: int, today: date) -> None:
        yesterday = today - timedelta(days=1)
        ledger = self._service.ledger
        podium = await ledger.leaderboard(guild_id, Board("daily", yesterday), PODIUM)
        players = await ledger.daily_players(guild_id, yesterday)
        streak = await ledger.clear_streak(guild_id, today)
        deal = await self._service.deal_of_day(today)
        guild = self._client.get_guild(guild_id)
        lang = lang_of(guild.preferred_locale) if guild is not None else "en"
        message = await self._draw(
            presenter.daily_post, today, deal.board(), podium, yesterday, lang, players=players, streak=streak
        )
        channel = self._client.get_partial_messageable(channel_id, guild_id=guild_id)
        files = files_of(message)
        try:
            sent = await channel.send(
                files=files,
                view=view_of(message, self._emojis, files),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as error:
            log.warning(
                "the daily solitaire post of server %s could not be sent in channel %s (%s)",
                guild_id,
                channel_id,
                error.status,
            )
            return
        await self._claims.posted(guild_id, today, sent.id)

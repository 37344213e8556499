"""The season's end post: once a server's season is over, its final standings (the champions of each pool
played in it) in the server's results channel, once, however many processes run and however often they
restart.

Only a server with seasons gets it: its mode is monthly or quarterly now, and the season that ended was
one of them (a season cut short by a change from one mode to the other is posted too; a server that turns
seasons off gets no post for the season its change ended, and the all-time season a server had before it
chose seasons is not posted). Only the latest season to end is posted: a bot down for several seasons
posts the last one when it is back, not a backlog. A season with no rated match is not posted.

When: each process looks ``POST_DELAY`` after each UTC month's start (which covers the quarters), at start
once the gateway is ready (which catches up a boundary the bot was down for), and ``POST_DELAY`` after
``/mahjong config season:`` changes the mode (a change ends the running season). The delay lets a match
that ended just before the boundary reach the ledger first. Each process looks at the servers of its own
shards (its guild cache) only, reading each one's history of modes from the ledger.

Once: a claim (``season-post:{guild}:{season}``, a live-store key created only if absent) makes one
process the poster of a server's season before anything is sent, as the daily solitaire post does
(``bot.solitaire.post_claims``): the others skip it. A claim never marked posted (its process died) is
taken over once it is ``POST_CLAIM_SECONDS`` old, and the new poster first looks for the post among the
channel's latest messages (its first line, in any language).

Where (the server has no results channel of its own: a table's results are posted in its thread): the
first of the server's table channels (``/mahjong config channel:``), where its tables open; else the
channel of the daily solitaire post (``/solitaire config channel:``); else the server's system channel
(Discord's, where it welcomes new members). With none of them there is no post, and the standings stay
readable with ``/mahjong season``. In the server's public language (``/mahjong config lang:``, else its
locale's), with no mention notifying anyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
import uuid
from collections.abc import Callable

import discord

from bot.discord_messages import text_card, text_of
from bot.guild_config import table_lang
from bot.post_claims import Claim, Claims
from bot.seasons.presenter import CHAMPIONS_SHOWN, end_post_blocks, end_title
from core.outage import OutageLog
from core.ratings.seasons import Season, season, season_at
from data.ledger import GuildSettings, Ledger
from data.live import LiveStore, StoreUnavailable
from data.solitaire_ledger import SolitaireLedger
from words import LANGS
from words.messages import lang_of

log = logging.getLogger(__name__)

POST_DELAY = 60.0
"""Seconds after a season's end before its standings are posted: a match that ended just before it is
written to the ledger by then."""
LOOKBACK = 50  # the channel's latest messages searched for a post a dead process may have made
SeasonClaim = Claim


def claim_key(guild_id: int, number: int) -> str:
    return f"season-post:{guild_id}:{number}"


class SeasonClaims:
    """Who posts a server's season end, and whether it was posted: one claim (``bot.post_claims``) per
    server and season; the claim of a season two back is dropped as a new one is made (only the latest
    ended season is posted)."""

    def __init__(self, store: LiveStore, clock: Callable[[], float]) -> None:
        self._claims = Claims(store, clock)

    async def claim(self, guild_id: int, number: int, holder: str) -> SeasonClaim | None:
        claimed = await self._claims.claim(claim_key(guild_id, number), holder)
        if claimed == "first" and number > 2:
            await self._claims.forget(claim_key(guild_id, number - 2))
        return claimed

    async def posted(self, guild_id: int, number: int, message_id: int) -> None:
        await self._claims.posted(claim_key(guild_id, number), message_id)


def month_of(moment: float) -> int:
    found = datetime.datetime.fromtimestamp(moment, datetime.UTC)
    return found.year * 12 + found.month - 1


class SeasonPoster:
    def __init__(
        self,
        client: discord.Client,
        ledger: Ledger,
        solitaire: SolitaireLedger,
        claims: SeasonClaims,
        clock: Callable[[], float],
        *,
        tick: float = 1.0,
    ) -> None:
        self._client = client
        self._ledger = ledger
        self._solitaire = solitaire
        self._claims = claims
        self._clock = clock
        self._tick = tick
        self._holder = uuid.uuid4().hex
        self._wake = asyncio.Event()
        self._again: float | None = None
        self.done: set[tuple[int, int]] = set()  # (server, season) gone through by this process

    def wake(self) -> None:
        """A server's season mode changed: look again once ``POST_DELAY`` has passed."""
        self._wake.set()

    async def run(self) -> None:
        await self._client.wait_until_ready()
        handled: int | None = None
        outage = OutageLog(log, "the season posts wait", "the season posts go on")
        while True:
            now = self._clock()
            if self._wake.is_set():
                self._wake.clear()
                self._again = now + POST_DELAY
            month = month_of(now - POST_DELAY)
            again = self._again is not None and now >= self._again
            if month != handled or again:
                try:
                    await self.post_due(now)
                    handled = month
                    if again:
                        self._again = None
                    outage.answered()
                except StoreUnavailable as error:
                    outage.failed(error)
                except Exception:
                    log.exception("the season posts failed; they are tried again at the next tick")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._tick)

    async def post_due(self, now: float) -> None:
        """Post the latest ended season of each server of this process's shards, where nobody has."""
        for guild in list(self._client.guilds):
            try:
                await self._post_for(guild, now - POST_DELAY)
            except StoreUnavailable:
                raise
            except Exception:
                log.exception("the season post of server %s failed", guild.id)

    async def _post_for(self, guild: discord.Guild, at: float) -> None:
        history = await self._ledger.season_modes(guild.id)
        if not history or history[-1].mode == "none":
            return
        current = season_at(history, at)
        if current.number < 2:
            return
        ended = season(history, current.number - 1)
        if ended.mode == "none" or (guild.id, ended.number) in self.done:
            return
        standings = await self._ledger.season_standings(guild.id, ended.number, limit=CHAMPIONS_SHOWN)
        settings = await self._ledger.guild_settings(guild.id)
        channel_id = await self._channel(guild, settings) if standings else None
        if channel_id is None:
            if standings:
                log.info("server %s has no channel for the end of season %s: not posted", guild.id, ended.number)
            self.done.add((guild.id, ended.number))
            return
        claim = await self._claims.claim(guild.id, ended.number, self._holder)
        found = await self._find_post(guild.id, channel_id, ended) if claim == "late" else None
        if found is not None:
            await self._claims.posted(guild.id, ended.number, found)
        elif claim is not None:
            lang = table_lang(settings, lang_of(guild.preferred_locale))
            await self._send(guild.id, channel_id, ended, end_post_blocks(ended, standings, lang))
        self.done.add((guild.id, ended.number))

    async def _channel(self, guild: discord.Guild, settings: GuildSettings) -> int | None:
        """The server's results channel (see the module's doc)."""
        for channel_id in settings.table_channels:
            if guild.get_channel(channel_id) is not None:
                return channel_id
        daily = await self._solitaire.post_channel(guild.id)
        if daily is not None:
            return daily
        return guild.system_channel.id if guild.system_channel is not None else None

    async def _find_post(self, guild_id: int, channel_id: int, ended: Season) -> int | None:
        me = self._client.user
        titles = tuple(end_title(ended, lang) for lang in LANGS)
        channel = self._client.get_partial_messageable(channel_id, guild_id=guild_id)
        try:
            async for message in channel.history(limit=LOOKBACK):
                if me is not None and message.author.id == me.id and text_of(message).startswith(titles):
                    return message.id
        except discord.HTTPException as error:
            log.warning(
                "the channel %s of server %s cannot be read (%s): the season post is made again",
                channel_id,
                guild_id,
                error.status,
            )
        return None

    async def _send(self, guild_id: int, channel_id: int, ended: Season, blocks: list[str]) -> None:
        channel = self._client.get_partial_messageable(channel_id, guild_id=guild_id)
        try:
            sent = await channel.send(view=text_card(blocks), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning(
                "the end of season %s of server %s could not be posted in channel %s (%s)",
                ended.number,
                guild_id,
                channel_id,
                error.status,
            )
            return
        await self._claims.posted(guild_id, ended.number, sent.id)

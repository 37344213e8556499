"""A table's public side on Discord: its thread and lobby, and, after each change, what everyone sees.

``TableMessages`` opens a table where ``/mahjong new`` was sent (a public thread, or the channel where
threads cannot be), and subscribes to the tables' changes (``core.events``): it posts a hand's result,
the notice of a table closed for idleness, edits the table message, and at an asynchronous table tells
the members it now waits for (a mention for a turn, a direct message for a claim window). Of a bot in
several processes, the process holding the table's server's shard does it, wherever the change was made
(the clock's process would otherwise spend its share of Discord's global limit on every table): a change
heard from another process comes without its state, which is read from the store. It keeps the thread
open while its table is, and posts the table message again when a moderator deletes it. Where each
table lives on Discord is this surface's own record (``bot.tables.places``). With the Discord Activity on
(``activity``), the lobby and the table message carry its launch button beside their own buttons. A result is
posted once: a process that dies before marking it posted leaves the table due, and the next look finds
the message or posts it.

Ratings (SPEC §8): a table that will be rated shows each member seat's rating in its pool beside the seat
(the lobby) or under the table (``presenter.SeatRatings``), read from the ledger in one read and kept for
the table's hand and seats, so moves do not read it again. The result of a rated match's last hand shows
each member's rating change: before it is drawn, the match is recorded here if its writer has not yet
(``TableService.record``: the ledger takes it once, whoever writes it first, and rates it as it records
it), so the changes are in the ledger; the result being posted once, so are they.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace

import discord

from bot.discord_messages import ShownAttachments, text_of
from bot.drawing import Drawer
from bot.message_specs import Message
from bot.tables import presenter
from bot.tables.discord_views import files_of, view_of
from bot.tables.places import DiscordPlace, DiscordPlaces
from core.ratings.matches import RATED_RULES, member_key, member_of
from core.ratings.model import Rating
from core.refusal import Refusal
from core.tables.events import TableChanged
from core.tables.finished import FinishedHand
from core.tables.moves import Actor, Lobby
from core.tables.service import Committed, TableService
from core.tables.state import TableSettings, TableState
from data.live import StoreError, StoreUnavailable
from game.tiles import Tile
from words.messages import say

log = logging.getLogger(__name__)

RESULT_LOOKBACK = 25  # the latest messages of a table's home searched for a result already posted
MentionsWanted = Callable[[int, list[int]], Awaitable[list[int]]]
Owns = Callable[[int], bool]
"""Whether this process holds the shard of a server (by its id)."""
MARK_TRIES = 5  # a result marked posted while its table moves on: tried again, a tick apart
"""Of ``members`` at a server's table, those to be told when it waits for them (the server's switch and
each member's own, ``/mahjong mentions``)."""


@dataclass
class _Shown:
    """What this process showed of one table: the newest version drawn, the newest one known (an older
    change waiting for the lock is not drawn when a newer one follows), the step of the last result
    posted here."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0
    newest: int = 0
    result_step: int | None = None
    ratings: tuple[tuple[object, ...], presenter.SeatRatings] | None = None  # the seats' ratings, and for what


async def _thread_in(channel: object, name: str, speed: str) -> discord.Thread | None:
    """A table's public thread named ``name`` in ``channel``; None where the channel allows none (the
    table then lives in the channel)."""
    if isinstance(channel, discord.TextChannel):
        try:
            return await channel.create_thread(
                name=name[:100],
                type=discord.ChannelType.public_thread,
                # a day for live tables; an asynchronous one keeps its thread open a week between moves
                auto_archive_duration=1440 if speed == "live" else 10080,
            )
        except discord.HTTPException as error:
            log.info("no thread in channel %s (%s): the table lives in the channel", channel.id, error.status)
    return None


def rated_table(state: TableState) -> bool:
    """Whether the table's match will be rated (SPEC §8): four players of a rated rule set, not a practice
    table (its seats, computers or members, are known only at its end)."""
    return state.settings.rules.name in RATED_RULES and state.players == 4 and not state.practice


class TableMessages:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        places: DiscordPlaces,
        draw: Drawer,
        emojis: Mapping[Tile, discord.PartialEmoji],
        mentions_wanted: MentionsWanted,
        owns: Owns,
        shown: ShownAttachments,
        on_shown: Callable[[float], None] = lambda seconds: None,
        *,
        activity: bool = False,
    ) -> None:
        self.activity = activity  # the Activity is on: the table's messages offer its launch button
        self._on_shown = on_shown  # seconds from a change heard here to its table message edited
        self._client = client
        self._shown = shown
        self._owns = owns
        self._service = service
        self._places = places
        self._draw = draw
        self._emojis = emojis
        self._mentions_wanted = mentions_wanted
        self._tables: dict[str, _Shown] = {}

    # --- opening a table ------------------------------------------------------------------------

    async def open_lobby(
        self,
        channel: discord.abc.Messageable,
        guild_id: int,
        host: Actor,
        settings: TableSettings,
        computers: int,
        *,
        deal: str | None = None,
    ) -> tuple[int, TableState]:
        """The table in the store (a duplicate ``deal``'s practice table, given its code), its thread (or
        the channel, where a thread cannot be made) and its lobby message; returns where the lobby is, and
        the table. ``discord.HTTPException`` when it cannot be posted (and no table is left waiting in the
        store for buttons nobody has)."""
        channel_id = getattr(channel, "id", 0)
        committed = await self._service.open(
            host=host, guild_id=guild_id, settings=settings, computers=computers, deal=deal
        )
        state = committed.state
        lang = settings.lang
        name = say("thread_name", lang, rules=presenter.rules_name(state, lang), host=host.name)
        thread = await _thread_in(channel, name, settings.speed)
        home, thread_id = (channel, None) if thread is None else (thread, thread.id)
        shown = self._tables.setdefault(state.id, _Shown())
        ratings = await self._seat_ratings(state, shown)
        message = presenter.lobby_message(state, lang, activity=self.activity, ratings=ratings)
        files = files_of(message)
        try:
            sent = await home.send(files=files, view=view_of(message, self._emojis, files))
        except discord.HTTPException:
            await self._service.act(state.id, host, Lobby("cancel"))
            raise
        await self._places.record(state.id, DiscordPlace(channel_id, thread_id, sent.id))
        if thread_id is not None:
            await self._places.index_thread(thread_id, state.id)
        else:  # the channel holds the table: an Activity launched there opens it
            await self._places.index_channel(channel_id, state.id)
        shown.version = max(shown.version, committed.version)
        return thread_id or channel_id, state

    async def show_opened(self, table_id: str, channel_id: int, thread_name: str, notice: str) -> None:
        """A table opened without a member's command (a tournament's round, SPEC §9): its thread in
        ``channel_id`` (the channel itself where threads cannot be made), ``notice`` first (it mentions
        the members it seats), then its table message. Each step is recorded before the next, so one
        said again (another change heard, a restart) finishes what is missing and repeats nothing."""
        place = await self._places.of(table_id)
        if place is None:
            channel = self._client.get_channel(channel_id)
            found = await self._service.read(table_id)
            if found is None:
                return
            thread = await _thread_in(channel, thread_name, found.state.settings.speed)
            thread_id = None if thread is None else thread.id
            place = DiscordPlace(channel_id, thread_id)
            await self._places.record(table_id, place)
            if thread_id is not None:
                await self._places.index_thread(thread_id, table_id)
            await self._client.get_partial_messageable(place.home).send(
                notice, allowed_mentions=discord.AllowedMentions(users=True)
            )
        if place.message_id is not None:
            return
        found = await self._service.read(table_id)
        if found is None:
            return
        state = found.state
        shown = self._tables.setdefault(table_id, _Shown())
        async with shown.lock:
            ratings = await self._seat_ratings(state, shown)
            message = await self._draw(
                presenter.table_message, state, state.settings.lang, activity=self.activity, ratings=ratings
            )
            files = files_of(message)
            home_channel = self._client.get_partial_messageable(place.home)
            sent = await home_channel.send(files=files, view=view_of(message, self._emojis, files))
            await self._places.record(table_id, replace(place, message_id=sent.id))
            shown.version = max(shown.version, found.version)

    # --- after each change ----------------------------------------------------------------------

    async def __call__(self, event: TableChanged) -> None:
        if event.happened == "removed":  # nothing left to show (its record goes: ``DiscordPlaces``)
            self._tables.pop(event.table_id, None)
            return
        if not self._owns(event.guild_id):
            return  # the process with the server's shard shows it
        heard = time.monotonic()
        state = event.state
        if state is None:  # another process's change: the table as it stands now
            current = await self._service.read_heard(event)
            if current is None:
                return
            state = current.state
        shown = self._tables.setdefault(event.table_id, _Shown())
        # a change left pending by a process that died may not have been shown either: it is drawn again
        edits = event.pending or event.happened not in ("answered", "nothing", "rated")
        if edits:
            shown.newest = max(shown.newest, event.version)
        async with shown.lock:
            place = await self._places.of(event.table_id)
            if place is None:  # its lobby is being posted (or could not be): nowhere to show it yet
                shown.version = max(shown.version, event.version)
            else:
                await self._show(event, state, place, shown, edits=edits, heard=heard)
        if not event.is_open:
            self._tables.pop(event.table_id, None)

    async def _show(
        self, event: TableChanged, state: TableState, place: DiscordPlace, shown: _Shown, *, edits: bool, heard: float
    ) -> None:
        if event.finished_hand is not None:
            await self._post_result(state, place, event.finished_hand, shown)
        elif state.last_hand is not None and state.result_unposted and shown.result_step != state.last_hand.step:
            await self._post_missing_result(state, place, state.last_hand, shown)
        if event.happened == "closed":
            await self._send(state, place, presenter.closed_message(state, state.settings.lang))
        if shown.version < event.version:
            shown.version = event.version
            # Changes that come faster than the message can be edited are shown by the newest one
            # alone: fewer edits keep a busy bot under Discord's global limit of requests.
            if edits and shown.newest <= event.version:
                await self._edit_table(state, place, shown)
                self._on_shown(time.monotonic() - heard)
            await self._mention(state, place, event.awaited, event.claim_window)

    async def _seat_ratings(self, state: TableState, shown: _Shown | None) -> presenter.SeatRatings:
        """The member seats' ratings in the table's pool for the season of now (a member with none yet
        at the season's start: 1000, provisional), read once for each hand and set of seats; none for a
        table that will not be rated, or when the ledger cannot say (the table is shown without them)."""
        if not rated_table(state):
            return {}
        members = tuple(seat.member_id for seat in state.seats if seat.member_id is not None)
        key = (state.hand_number, members, state.is_open)  # once over, the ratings the match left
        if shown is not None and shown.ratings is not None and shown.ratings[0] == key:
            return shown.ratings[1]
        try:
            found = await self._service.ledger.pool_ratings(
                state.guild_id,
                state.settings.rules.name,
                [member_key(member) for member in members],
                self._service.now(),
            )
        except (StoreError, OSError) as error:
            log.warning("table %s: the seats' ratings cannot be read (%s)", state.id, error)
            return {}
        start = Rating()
        ratings = {
            member: (found[key].rating.shown, found[key].provisional) if key in found else (start.shown, True)
            for member in members
            for key in (member_key(member),)
        }
        if shown is not None:
            shown.ratings = (key, ratings)
        return ratings

    async def _edit_table(self, state: TableState, place: DiscordPlace, shown: _Shown | None = None) -> None:
        if place.message_id is None:
            return
        ratings = await self._seat_ratings(state, shown)
        message = await self._draw(
            presenter.table_message, state, state.settings.lang, activity=self.activity, ratings=ratings
        )
        target = self._client.get_partial_messageable(place.home).get_partial_message(place.message_id)
        listed = self._shown.attachments(target.id, message)
        try:
            edited = await target.edit(content=None, attachments=listed, view=view_of(message, self._emojis, listed))
        except discord.NotFound:
            await self._repost_table(state, place, message)
        except discord.HTTPException as error:
            log.warning("table %s: the table message could not be edited (%s)", state.id, error.status)
        else:
            self._shown.seen(edited)

    async def _repost_table(self, state: TableState, place: DiscordPlace, message: Message) -> None:
        """The table message is gone (a moderator deleted it): without it nobody could press My hand, so
        an open table posts it again where it lives, and remembers the new one."""
        if not state.is_open:
            return
        channel = self._client.get_partial_messageable(place.home)
        files = files_of(message)
        try:
            sent = await channel.send(files=files, view=view_of(message, self._emojis, files))
        except discord.HTTPException as error:
            log.warning("table %s: its message was deleted and cannot be posted again (%s)", state.id, error.status)
            return
        self._shown.seen(sent)
        log.info("table %s: its message was deleted, posted again as %s", state.id, sent.id)
        with contextlib.suppress(Refusal):
            await self._places.moved(state.id, place, sent.id)

    async def _post_result(self, state: TableState, place: DiscordPlace, finished: FinishedHand, shown: _Shown) -> bool:
        """The hand's result message, then the mark that it is posted; a process killed in between leaves
        the mark unset, and the next one to look finds the message (``_post_missing_result``)."""
        changes = await self._rating_changes(state)
        message = await self._draw(
            presenter.result_message, state, finished, state.settings.lang, rating_changes=changes
        )
        if not await self._send(state, place, message):
            return False
        shown.result_step = finished.step
        await self._mark_posted(state.id, finished.step)
        return True

    async def _rating_changes(self, state: TableState) -> tuple[tuple[int, int, int], ...]:
        """Each member seat's rating change, when the state's match has just ended and is rated: the match
        is recorded first if it is not yet (its writer, here or in another process, may not have got to
        it: the ledger takes it once and rates it as it records it). Nothing when the ledger cannot say:
        the result is posted without them rather than not at all."""
        if state.status != "over" or not rated_table(state):
            return ()
        try:
            await self._service.record(state.id)
            changes = await self._service.ledger.match_rating_changes(state.id)
        except (StoreError, OSError, Refusal) as error:
            log.warning("table %s: the match's rating changes cannot be read (%s)", state.id, error)
            return ()
        return tuple(
            (change.seat, change.before.shown, change.after.shown)
            for change in changes
            if member_of(change.player) is not None
        )

    async def _post_missing_result(
        self, state: TableState, place: DiscordPlace, finished: FinishedHand, shown: _Shown
    ) -> None:
        """A hand ended in a process that died before showing it: post its result, unless the message is
        among the latest of the table's home already (the process died after posting, before marking)."""
        marker = f"--commitment {finished.commitment}"
        channel = self._client.get_partial_messageable(place.home)
        me = None if self._client.user is None else self._client.user.id
        try:
            async for earlier in channel.history(limit=RESULT_LOOKBACK):
                if earlier.author.id == me and marker in text_of(earlier):
                    shown.result_step = finished.step
                    await self._mark_posted(state.id, finished.step)
                    return
        except discord.HTTPException as error:
            log.warning("table %s: its home's latest messages cannot be read (%s)", state.id, error.status)
        log.info("table %s: posting the result of a hand whose process died before showing it", state.id)
        if not await self._post_result(state, place, finished, shown):
            # one try: a home the bot cannot post in must not bring the table due at every tick
            shown.result_step = finished.step
            await self._mark_posted(state.id, finished.step)

    async def _mark_posted(self, table_id: str, step: int) -> None:
        """Mark the result posted; a table moving fast (its clock in another process) may outrun the
        mark's compare-and-set, so it is tried again a little later."""
        for attempt in range(MARK_TRIES):
            try:
                await self._service.result_posted(table_id, step)
                return
            except Refusal as refusal:
                if refusal.key != "busy" or attempt == MARK_TRIES - 1:
                    log.warning("table %s: its result is posted but could not be marked (%s)", table_id, refusal.key)
                    return
            await asyncio.sleep(0.1 * (attempt + 1))

    async def _send(
        self,
        state: TableState,
        place: DiscordPlace,
        message: Message,
        *,
        mentions: discord.AllowedMentions | None = None,
    ) -> bool:
        """A new public message in the table's home (a result, a notice, a mention)."""
        channel = self._client.get_partial_messageable(place.home)
        notify = mentions or self._client.allowed_mentions or discord.AllowedMentions.none()
        files = files_of(message)
        try:
            await channel.send(
                files=files,
                view=view_of(message, self._emojis, files),
                allowed_mentions=notify,
            )
        except discord.HTTPException as error:
            log.warning("table %s: a message could not be posted (%s)", state.id, error.status)
            return False
        return True

    async def _mention(
        self, state: TableState, place: DiscordPlace, seats: tuple[int, ...], claim_window: bool
    ) -> None:
        """At an asynchronous table, tell the members it now waits for: a turn with a mention in the
        thread (whose turn it is is public), a claim window by direct message (naming in public who may
        claim would tell the table about their tiles). The server may turn mentions off, and each
        member may opt out (``/mahjong mentions``); live tables have their players watching."""
        if state.settings.speed != "async" or state.hand is None or state.status != "playing":
            return
        members = [
            member
            for seat in seats
            if not state.seats[seat].played_by_computer and (member := state.seats[seat].member_id) is not None
        ]
        if not members:
            return
        lang = state.settings.lang
        for member in await self._mentions_wanted(state.guild_id, members):
            when = presenter.relative(state.deadline)
            if claim_window:
                await self._direct(member, say("claim_mention", lang, place=f"<#{place.home}>", when=when))
            else:
                text = say("turn_mention", lang, member=f"<@{member}>", when=when)
                users = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(member)])
                await self._send(state, place, Message(text), mentions=users)

    async def _direct(self, member: int, text: str) -> None:
        """A direct message; a member who does not take them from the server is simply not told."""
        try:
            channel = await self._client.create_dm(discord.Object(member))  # cached after the first
            await channel.send(text)
        except discord.HTTPException as error:
            log.info("member %s cannot be sent a direct message (%s)", member, error.status)

    # --- the table's thread ---------------------------------------------------------------------

    async def keep_thread_open(self, thread_id: int, thread: discord.Thread | None) -> None:
        """Discord archived a thread after its archive duration without a new message (edits do not count):
        while its table is open, it is opened again, or its buttons and edits would stop working."""
        try:
            if await self._table_in_thread(thread_id) is None:
                return
            channel = thread or await self._client.fetch_channel(thread_id)
            if isinstance(channel, discord.Thread):
                await channel.edit(archived=False)
        except StoreUnavailable:
            log.warning("thread %s was archived while the live store is unavailable", thread_id)
        except discord.HTTPException as error:
            log.warning("thread %s of an open table could not be unarchived (%s)", thread_id, error.status)

    async def on_message_deleted(self, channel_id: int, message_id: int) -> None:
        """A table message deleted in a table's thread is posted again at once (a table living in a
        channel, without a thread, posts it again at its next change)."""
        try:
            current = await self._table_in_thread(channel_id)
            place = None if current is None else await self._places.of(current.state.id)
            if current is None or place is None or place.message_id != message_id:
                return
            ratings = await self._seat_ratings(current.state, self._tables.get(current.state.id))
            message = await self._draw(
                presenter.table_message,
                current.state,
                current.state.settings.lang,
                activity=self.activity,
                ratings=ratings,
            )
            await self._repost_table(current.state, place, message)
        except StoreUnavailable:
            log.warning("a table message was deleted while the live store is unavailable")

    async def _table_in_thread(self, thread_id: int) -> Committed | None:
        """The open table a thread holds, if any; a thread whose table is over is forgotten."""
        table_id = await self._places.table_of_thread(thread_id)
        if table_id is None:
            return None
        current = await self._service.read(table_id)
        if current is None or not current.state.is_open:
            await self._places.forget_thread(thread_id, table_id)
            return None
        return current

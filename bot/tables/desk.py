"""The tables on Discord: answer each click, show each change, run the table clock.

Every interaction is acknowledged first (a deferred reply or update), then the service runs the
engine in a worker thread, then the presenter draws off the event loop. After each committed change
the desk edits the table message once, posts a result when a hand ended, and refreshes the private
hand messages whose interaction token still lives (a token lasts 15 minutes; a player presses My
hand again for a fresh one). Hidden information only ever goes to its owner's own interaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.drawing import Drawer
from bot.i18n import lang_of, say
from bot.message_specs import Message
from bot.refusal import Refusal
from bot.tables import presenter
from bot.tables.custom_ids import BadCustomId, ButtonId, parse_custom_id
from bot.tables.discord_views import files_of, view_of
from bot.tables.service import Committed, TableService
from bot.tables.state import Place, Speed, TableSettings, TableState, Timing
from bot.tables.table import Change, load_round
from data.live import LiveStore, StoreUnavailable
from game.events import Answered
from game.phase import Phase
from game.rules import Ruleset
from game.tiles import Lang, Tile

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 14 * 60.0  # Discord's 15 minutes, less a margin for the last edit
RESULT_LOOKBACK = 25  # the latest messages of a table's home searched for a result already posted
_LOBBY_VERBS = frozenset({"join", "leave", "addcpu", "start", "cancel", "first"})
_PLAY_VERBS = frozenset({"d", "kong", "win", "call", "c", "p", "back", "next"})
_PRIVATE_VERBS = frozenset({"hand", "claim", "rules", "detail"})


@dataclass
class LiveHand:
    """A member's private hand message, editable through its interaction until ``expires``."""

    interaction: discord.Interaction[Any]
    seat: int
    lang: Lang
    expires: float


class TableDesk:
    def __init__(
        self,
        client: discord.Client,
        store: LiveStore,
        service: TableService,
        timings: Mapping[Speed, Timing],
        emojis: Mapping[Tile, discord.PartialEmoji],
        *,
        tick: float = 0.5,
        monotonic: Callable[[], float] = time.monotonic,
        drawer: Drawer | None = None,
    ) -> None:
        self._client = client
        self._store = store
        self.service = service
        self.timings = timings
        self._emojis = emojis
        self._tick = tick
        self._monotonic = monotonic
        self._holder = uuid.uuid4().hex
        self._draw = drawer or Drawer()
        self._live: dict[str, dict[int, LiveHand]] = {}  # table -> member -> their live private hand
        self._locks: dict[str, asyncio.Lock] = {}
        self._shown: dict[str, int] = {}
        self._next_edit: dict[str, int] = {}  # the newest version of each table waiting to be drawn
        self._awaited: dict[str, frozenset[int]] = {}

    # --- opening a table ------------------------------------------------------------------------

    async def open_table(
        self,
        interaction: discord.Interaction[Any],
        rules: Ruleset,
        speed: Speed,
        computers: int,
        level: str,
        hints: bool,
        hide_claims: bool = False,
        *,
        timing: Timing | None = None,
        table_lang: Lang | None = None,
    ) -> None:
        """``/mahjong new``: the lobby in a new public thread (the channel itself where threads cannot be).
        ``timing`` and ``table_lang`` are the server's (``/mahjong config``) when it set them; without
        them the table gets the speed's timing and the server locale's language."""
        lang = lang_of(interaction.locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel
        if interaction.guild_id is None or channel is None:
            await interaction.edit_original_response(content=say("no_threads_here", lang))
            return
        if table_lang is None:
            table_lang = lang_of(interaction.guild_locale) if interaction.guild_locale else lang
        settings = TableSettings(
            rules=rules,
            speed=speed,
            timing=timing or self.timings[speed],
            computer_level=level,
            hints=hints,
            lang=table_lang,
            hide_claims=hide_claims,
        )
        try:
            place = await self._open_lobby(interaction, settings, computers)
        except StoreUnavailable:
            await interaction.edit_original_response(content=say("store_down", lang))
            return
        except discord.HTTPException as error:
            log.warning("a lobby could not be posted in channel %s (%s)", channel.id, error.status)
            await interaction.edit_original_response(content=say("no_permission", lang))
            return
        await interaction.edit_original_response(content=say("opened_in", lang, place=f"<#{place}>"))

    async def _open_lobby(self, interaction: discord.Interaction[Any], settings: TableSettings, computers: int) -> int:
        """The table in the store, its thread (or the channel where a thread cannot be made) and its lobby
        message; returns where the lobby is."""
        channel = interaction.channel
        assert channel is not None and interaction.guild_id is not None
        lang = settings.lang
        name = interaction.user.display_name
        committed = await self.service.open(
            host_id=interaction.user.id,
            host_name=name,
            place=Place(interaction.guild_id, channel.id),
            settings=settings,
            computers=computers,
        )
        state = committed.state
        home: discord.abc.Messageable = channel  # type: ignore[assignment]
        thread_id = None
        if isinstance(channel, discord.TextChannel):
            try:
                thread = await channel.create_thread(
                    name=say("thread_name", lang, rules=presenter.rules_name(state, lang), host=name)[:100],
                    type=discord.ChannelType.public_thread,
                    # a day for live tables; an asynchronous one keeps its thread open a week between moves
                    auto_archive_duration=1440 if settings.speed == "live" else 10080,
                )
                home, thread_id = thread, thread.id
            except discord.HTTPException as error:
                log.info("no thread in channel %s (%s): the table lives in the channel", channel.id, error.status)
        message = presenter.lobby_message(state, lang)
        try:
            sent = await home.send(content=message.content, view=view_of(message, self._emojis))
        except discord.HTTPException:
            # no lobby message, no table: none is left waiting in the store for buttons nobody has
            await self.service.cancel(state.id, state.host_id)
            raise
        placed = await self.service.place(state.id, replace(state.place, thread_id=thread_id, message_id=sent.id))
        if thread_id is not None:
            await self.service.index_thread(thread_id, state.id)
        self._shown[state.id] = placed.version
        return thread_id or channel.id

    # --- clicks ---------------------------------------------------------------------------------

    async def on_button(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        lang = lang_of(interaction.locale)
        try:
            button = parse_custom_id(custom_id)
        except BadCustomId:
            await interaction.response.send_message(say("unknown_button", lang), ephemeral=True)
            return
        private = self._answers_privately(button, interaction)
        try:
            await self._on_button(interaction, button, lang)
        except StoreUnavailable:
            await self._tell(interaction, private, "store_down", lang)
        except Refusal as refusal:
            await self._tell(interaction, private, refusal.key, lang, **refusal.params)
        except Exception:
            log.exception("a click on %s failed", custom_id)
            await self._tell(interaction, private, "internal_error", lang)

    @staticmethod
    def _answers_privately(button: ButtonId, interaction: discord.Interaction[Any]) -> bool:
        """Buttons answered with a new private message (a 'thinking' reply that the answer replaces);
        the others update the message they are on. Hint redraws the private hand it is on, so one
        forged on a public message answers with a new private message: editing the message it came
        from would show the clicker's hand to the whole table."""
        return button.verb in _PRIVATE_VERBS or (button.verb == "hint" and not _from_private_message(interaction))

    async def _on_button(self, interaction: discord.Interaction[Any], button: ButtonId, lang: Lang) -> None:
        if self._answers_privately(button, interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await interaction.response.defer()
        if not _owned_by_clicker(interaction):
            raise Refusal("not_your_message")
        current = await self.service.read(button.table)
        if current is None:
            raise Refusal("no_table")
        if current.state.place.guild_id != interaction.guild_id:
            raise Refusal("wrong_guild")
        member = interaction.user.id
        if button.verb == "rules":
            await interaction.edit_original_response(content=presenter.rules_text(current.state, lang))
        elif button.verb == "detail":
            details = await self._draw(presenter.result_details, current.state, button.step, lang)
            await self._edit_original(interaction, details)
        elif button.verb in ("hand", "claim", "hint"):
            await self._show_hand(interaction, current.state, button, lang)
        elif button.verb in _LOBBY_VERBS:
            if button.verb == "addcpu" and not await self._computers_allowed(current.state.place.guild_id):
                raise Refusal("computers_not_allowed")
            await self.publish(await self._lobby(button, member, interaction.user.display_name))
        elif button.verb in _PLAY_VERBS:
            committed = await self.service.click(button.table, member, button)
            seat = committed.state.seat_of(member)
            shown = [self.publish(committed, answered=member)]
            if seat is not None and _from_private_message(interaction) and committed.state.hand is not None:
                # drawn beside the table, not before it: under load each drawing waits its turn in the queue
                shown.append(self._edit_hand(interaction, committed.state, seat, lang))
            await asyncio.gather(*shown)
        else:
            raise Refusal("unknown_button")

    async def _computers_allowed(self, guild_id: int) -> bool:
        """``/mahjong config`` may forbid computer seats: the lobby's Add computer button obeys it too,
        not only ``/mahjong new``'s option (read at the click, so a change applies to open lobbies)."""
        ledger = getattr(self._client, "ledger", None)
        if ledger is None:
            return True
        settings = await ledger.guild_settings(guild_id)
        return bool(settings.computers_allowed)

    async def _lobby(self, button: ButtonId, member: int, name: str) -> Committed:
        service = self.service
        if button.verb == "join":
            return await service.join(button.table, member, name)
        if button.verb == "leave":
            return await service.leave(button.table, member)
        if button.verb == "addcpu":
            return await service.add_computer(button.table, member)
        if button.verb == "start":
            return await service.start(button.table, member)
        if button.verb == "first" and button.number is not None:
            return await service.choose_first(button.table, member, button.number)
        return await service.cancel(button.table, member)

    async def _show_hand(
        self, interaction: discord.Interaction[Any], state: TableState, button: ButtonId, lang: Lang
    ) -> None:
        seat = state.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("not_seated")
        if state.hand is None:
            raise Refusal("no_hand_yet")
        if button.verb == "hint" and not state.settings.hints:
            raise Refusal("no_hints")
        await self._edit_hand(interaction, state, seat, lang, hint=button.verb == "hint", claim=button.verb == "claim")

    async def _edit_hand(
        self,
        interaction: discord.Interaction[Any],
        state: TableState,
        seat: int,
        lang: Lang,
        *,
        hint: bool = False,
        claim: bool = False,
    ) -> None:
        message = await self._draw(presenter.hand_message, state, seat, lang, hint=hint, for_claim=claim)
        await self._edit_original(interaction, message)
        self._live.setdefault(state.id, {})[interaction.user.id] = LiveHand(
            interaction, seat, lang, self._monotonic() + TOKEN_LIFETIME
        )

    async def _edit_original(self, interaction: discord.Interaction[Any], message: Message) -> None:
        await interaction.edit_original_response(
            content=message.content, attachments=files_of(message), view=view_of(message, self._emojis)
        )

    async def _tell(
        self, interaction: discord.Interaction[Any], private: bool, key: str, lang: Lang, **params: Any
    ) -> None:
        """A private answer, whether or not the interaction was acknowledged yet (``private``: it was, by a
        private 'thinking' reply that this answer replaces)."""
        text = say(key, lang, **params)
        with contextlib.suppress(discord.HTTPException):
            if not interaction.response.is_done():
                await interaction.response.send_message(text, ephemeral=True)
            elif private:
                await interaction.edit_original_response(content=text)
            else:
                await interaction.followup.send(text, ephemeral=True)

    # --- showing changes ------------------------------------------------------------------------

    async def publish(self, committed: Committed, *, answered: int | None = None) -> None:
        """Show a committed change: the table message once, a result, the live private hands, and the
        mentions of the members the table now waits for."""
        state = committed.state
        finished = committed.change.finished_hand
        edits = not _only_answers(committed)
        if edits:
            self._next_edit[state.id] = max(self._next_edit.get(state.id, 0), committed.version)
        if state.unrecorded:
            await self._record(state.id)
        lock = self._locks.setdefault(state.id, asyncio.Lock())
        async with lock:
            if finished is not None:
                await self._post_result(state, finished)
            elif state.result_unposted:
                await self._post_missing_result(state)
            if committed.change.closed:
                await self._send(state, presenter.closed_message(state, state.settings.lang))
            if self._shown.get(state.id, 0) >= committed.version:
                return
            self._shown[state.id] = committed.version
            waiting, claim_window = await self._waiting(state, committed.change)
            shown = []
            # Changes that come faster than the message can be edited are shown by the newest one alone:
            # a later change waiting for this lock will draw the table anyway (and fewer edits keep a
            # busy bot under Discord's global limit of requests).
            if edits and self._next_edit.get(state.id, 0) <= committed.version:
                shown.append(self._edit_table(state))
            if edits:
                shown.append(self._refresh_hands(state, waiting, skip=answered))
            else:  # who answered stays secret: the other hands in the window look as they did
                self._awaited[state.id] = waiting
            await asyncio.gather(*shown)  # the table and the hands drawn at once, each edited when ready
            await self._mention(state, committed.change.awaited, claim_window)
        if not state.is_open:
            self._forget(state.id)

    def _forget(self, table_id: str) -> None:
        """A closed table needs nothing kept in this process any more."""
        self._locks.pop(table_id, None)
        self._shown.pop(table_id, None)
        self._next_edit.pop(table_id, None)
        self._awaited.pop(table_id, None)
        self._live.pop(table_id, None)

    async def _record(self, table_id: str) -> None:
        """Hand the finished hands to the ledger; if it cannot take them now they stay pending in the
        live state, and the table comes due again until it can."""
        try:
            await self.service.record(table_id)
        except StoreUnavailable:
            log.warning("table %s: the ledger or the live store is unavailable; its results stay pending", table_id)

    async def _edit_table(self, state: TableState) -> None:
        if state.place.message_id is None:
            return
        message = await self._draw(presenter.table_message, state, state.settings.lang)
        target = self._client.get_partial_messageable(state.place.home).get_partial_message(state.place.message_id)
        try:
            await target.edit(
                content=message.content, attachments=files_of(message), view=view_of(message, self._emojis)
            )
        except discord.NotFound:
            await self._repost_table(state, message)
        except discord.HTTPException as error:
            log.warning("table %s: the table message could not be edited (%s)", state.id, error.status)

    async def _repost_table(self, state: TableState, message: Message) -> None:
        """The table message is gone (a moderator deleted it): without it nobody could press My hand, so
        an open table posts it again where it lives, and remembers the new one."""
        if not state.is_open:
            return
        channel = self._client.get_partial_messageable(state.place.home)
        try:
            sent = await channel.send(
                content=message.content, files=files_of(message), view=view_of(message, self._emojis)
            )
        except discord.HTTPException as error:
            log.warning("table %s: its message was deleted and cannot be posted again (%s)", state.id, error.status)
            return
        log.info("table %s: its message was deleted, posted again as %s", state.id, sent.id)
        with contextlib.suppress(Refusal):
            await self.service.place(state.id, replace(state.place, message_id=sent.id))

    async def _post_result(self, state: TableState, finished: dict[str, Any]) -> bool:
        """The hand's result message, then the mark that it is posted; a process killed in between leaves
        the mark unset, and the next one to look finds the message (``_post_missing_result``)."""
        message = await self._draw(presenter.result_message, state, finished, state.settings.lang)
        if not await self._send(state, message):
            return False
        with contextlib.suppress(Refusal):
            await self.service.result_posted(state.id, int(finished["step"]))
        return True

    async def _post_missing_result(self, state: TableState) -> None:
        """A hand ended in a process that died before showing it: post its result, unless the message is
        among the latest of the table's home already (the process died after posting, before marking)."""
        finished = state.last_hand
        assert finished is not None
        marker = f"--commitment {finished['commitment']}"
        channel = self._client.get_partial_messageable(state.place.home)
        try:
            async for earlier in channel.history(limit=RESULT_LOOKBACK):
                if earlier.author.id == getattr(self._client.user, "id", None) and marker in earlier.content:
                    with contextlib.suppress(Refusal):
                        await self.service.result_posted(state.id, int(finished["step"]))
                    return
        except discord.HTTPException as error:
            log.warning("table %s: its home's latest messages cannot be read (%s)", state.id, error.status)
        log.info("table %s: posting the result of a hand whose process died before showing it", state.id)
        if not await self._post_result(state, finished):
            # one try: a home the bot cannot post in must not bring the table due at every tick
            with contextlib.suppress(Refusal):
                await self.service.result_posted(state.id, int(finished["step"]))

    async def _send(
        self, state: TableState, message: Message, *, mentions: discord.AllowedMentions | None = None
    ) -> bool:
        """A new public message in the table's home (a result, a notice, a mention)."""
        channel = self._client.get_partial_messageable(state.place.home)
        notify = mentions or self._client.allowed_mentions or discord.AllowedMentions.none()
        try:
            await channel.send(
                content=message.content,
                files=files_of(message),
                view=view_of(message, self._emojis),
                allowed_mentions=notify,
            )
        except discord.HTTPException as error:
            log.warning("table %s: a message could not be posted (%s)", state.id, error.status)
            return False
        return True

    @staticmethod
    async def _waiting(state: TableState, change: Change) -> tuple[frozenset[int], bool]:
        """Whom the hand in play waits for, and whether in a claim window: as the transition said, or
        (a change that did not say) from the hand replayed."""
        if state.hand is None or state.status != "playing":
            return frozenset(), False
        if change.waiting is not None:
            return frozenset(change.waiting), change.claim_window
        hand = await asyncio.to_thread(load_round, state)
        return frozenset(hand.awaiting()), hand.phase in (Phase.CLAIM, Phase.ROB)

    async def _mention(self, state: TableState, seats: tuple[int, ...], claim_window: bool) -> None:
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
        ledger = getattr(self._client, "ledger", None)
        if ledger is not None:
            guild = state.place.guild_id
            if not (await ledger.guild_settings(guild)).mentions:
                return
            members = [member for member in members if await ledger.member_mentions(guild, member)]
        lang = state.settings.lang
        for member in members:
            if claim_window:
                await self._direct(
                    member,
                    say("claim_mention", lang, place=f"<#{state.place.home}>", when=presenter.relative(state.deadline)),
                )
            else:
                text = say("turn_mention", lang, member=f"<@{member}>", when=presenter.relative(state.deadline))
                await self._send(
                    state,
                    Message(text),
                    mentions=discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(member)]),
                )

    async def _direct(self, member: int, text: str) -> None:
        """A direct message; a member who does not take them from the server is simply not told."""
        try:
            channel = await self._client.create_dm(discord.Object(member))  # cached after the first
            await channel.send(text)
        except discord.HTTPException as error:
            log.info("member %s cannot be sent a direct message (%s)", member, error.status)

    async def _refresh_hands(self, state: TableState, awaited: frozenset[int], *, skip: int | None) -> None:
        """Edit the live private hands of the seats the table waits for now (``awaited``) or waited for
        before."""
        concerned = awaited | self._awaited.get(state.id, frozenset())
        self._awaited[state.id] = awaited
        now = self._monotonic()
        hands = self._live.get(state.id, {})
        for member, live in list(hands.items()):
            if live.expires < now:
                del hands[member]
        await asyncio.gather(
            *(
                self._refresh_hand(state, hands, member, live)
                for member, live in list(hands.items())
                if member != skip and live.seat in concerned and state.hand is not None
            )
        )

    async def _refresh_hand(self, state: TableState, hands: dict[int, LiveHand], member: int, live: LiveHand) -> None:
        message = await self._draw(presenter.hand_message, state, live.seat, live.lang)
        try:
            await self._edit_original(live.interaction, message)
        except discord.HTTPException:
            hands.pop(member, None)

    # --- the table's thread ---------------------------------------------------------------------

    async def keep_thread_open(self, thread_id: int, thread: discord.Thread | None) -> None:
        """Discord archived a thread after its archive duration without a new message (edits do not count):
        while its table is open, it is opened again, or its buttons and edits would stop working."""
        try:
            if await self.service.table_in_thread(thread_id) is None:
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
            current = await self.service.table_in_thread(channel_id)
            if current is None or current.state.place.message_id != message_id:
                return
            message = await self._draw(presenter.table_message, current.state, current.state.settings.lang)
            await self._repost_table(current.state, message)
        except StoreUnavailable:
            log.warning("a table message was deleted while the live store is unavailable")

    # --- the clock ------------------------------------------------------------------------------

    async def run_clock(self, clock: Callable[[], float]) -> None:
        """Fire due deadlines and computer moves while this process holds the clock's lease."""
        while True:
            try:
                if await self._store.acquire_lease("table-clock", self._holder, max(5.0, 10 * self._tick), clock()):
                    due = await self.service.due()
                    await asyncio.gather(*(self._wake(table_id) for table_id in due))
            except StoreUnavailable:
                log.warning("the live store is unavailable: the table clock waits")
            except Exception:
                log.exception("the table clock failed; it goes on")
            await asyncio.sleep(self._tick)

    async def _wake(self, table_id: str) -> None:
        try:
            committed = await self.service.wake(table_id)
        except StoreUnavailable:
            raise
        except Refusal as refusal:
            log.warning("table %s cannot be woken (%s): its timers are cleared", table_id, refusal.key)
            await self.service.park(table_id)
            return
        except Exception:
            # A bug must not fire again every tick: the table is parked and the error logged in full.
            log.exception("table %s failed on its clock: its timers are cleared", table_id)
            await self.service.park(table_id)
            return
        if committed is None:  # removed: it ended days ago
            self._forget(table_id)
            return
        await self.publish(committed)


def _only_answers(committed: Committed) -> bool:
    """A seat answered a claim window that stays open: the table looks the same to everyone (who answered
    what stays secret), so its message is not edited."""
    events = committed.change.events
    return bool(events) and all(isinstance(event, Answered) for event in events)


def _owned_by_clicker(interaction: discord.Interaction[Any]) -> bool:
    """A private message's buttons are its owner's: another member cannot press them (Discord never shows
    them one, but a forged or replayed request can name them)."""
    message = interaction.message
    if message is None or not message.flags.ephemeral or message.interaction_metadata is None:
        return True
    return message.interaction_metadata.user.id == interaction.user.id


def _from_private_message(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral

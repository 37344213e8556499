"""The members' private hands on Discord, kept current by the process that holds their interaction token.

A private hand is an ephemeral message, editable only through the interaction that answered it, for
15 minutes, and only by the process that received that interaction. ``LiveHands`` shows a hand as the
answer to its member's own click (My hand, Claim, Hint, or a move made from the hand), remembers the
interaction, and subscribes to every table change in every process (``core.events``): a change made
here (a click) or elsewhere (another process's clock, a computer seat) edits the hands of the seats
the table waits for now, or waited for before. A change made elsewhere arrives without its state: the
stored state is read then, so a hand shows the newest version, never an older one, and never one
version twice. After a gap in what this process heard, every hand it holds is read again.

Hidden information only ever goes to its owner's own interaction.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import discord

from bot.discord_messages import ShownAttachments, edited_message_id
from bot.drawing import Drawer
from bot.interaction import Interaction
from bot.message_specs import Message
from bot.tables import presenter
from bot.tables.discord_views import view_of
from core.tables.events import TableChanged
from core.tables.service import TableService
from core.tables.state import TableState
from game.tiles import Tile
from words import Lang

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 14 * 60.0  # Discord's 15 minutes, less a margin for the last edit
_EVERY_HAND = frozenset({"dealt", "hand_over", "closed", "lobby"})  # changes every seat's hand sees


@dataclass
class _Hand:
    """A member's private hand message, editable through ``interaction`` until ``expires`` (monotonic),
    showing the table's ``version``."""

    interaction: Interaction
    seat: int
    lang: Lang
    expires: float
    version: int
    message_id: int | None = None  # once edited: the private message, whose pictures it shows are known


@dataclass
class _Table:
    """The live hands of one table in this process: the newest change heard, the newest state known
    (``version``, ``state``), and whom the table waited for then (a seat it no longer waits for is
    shown that its turn is over)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    hands: dict[int, _Hand] = field(default_factory=dict)
    heard: int = 0
    version: int = 0
    state: TableState | None = None
    waiting: frozenset[int] = frozenset()


class LiveHands:
    def __init__(
        self,
        service: TableService,
        draw: Drawer,
        emojis: Mapping[Tile, discord.PartialEmoji],
        shown: ShownAttachments,
        *,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._service = service
        self._draw = draw
        self._emojis = emojis
        self._shown = shown
        self._monotonic = monotonic
        self._tables: dict[str, _Table] = {}

    async def show(
        self,
        interaction: Interaction,
        state: TableState,
        version: int,
        seat: int,
        lang: Lang,
        *,
        hint: bool = False,
        claim: bool = False,
    ) -> None:
        """Answer ``interaction`` with the member's hand at ``state`` (or a newer one this process has
        shown since), and keep it current from now on."""
        table = self._tables.setdefault(state.id, _Table())
        async with table.lock:
            if table.state is not None and table.version > version:
                state, version, hint = table.state, table.version, False
            message = await self._draw(presenter.hand_message, state, seat, lang, hint=hint, for_claim=claim)
            edited = edited_message_id(interaction)
            current = interaction.message.attachments if edited is not None and interaction.message else ()
            shown = await self._edit(interaction, message, edited, current)
            table.hands[interaction.user.id] = _Hand(
                interaction, seat, lang, self._monotonic() + TOKEN_LIFETIME, version, shown
            )
            if version > table.version:
                table.version, table.state = version, state
            table.waiting |= {seat}  # whatever comes next, this hand is shown it

    async def __call__(self, event: TableChanged) -> None:
        table = self._tables.get(event.table_id)
        if table is None:
            return
        if not event.is_open:
            self._tables.pop(event.table_id, None)
        if event.happened in ("nothing", "rated", "removed"):
            return
        async with table.lock:
            if event.version <= table.heard:
                return  # heard already, or older than what was heard
            state, version = event.state, event.version
            if state is None:  # another process's change: the store says what the table is now
                current = await self._service.read_heard(event)
                if current is None:
                    return
                state, version = current.state, current.version
            known = version == event.version and event.waiting is not None
            waiting = frozenset(event.waiting or ()) if known else _every_seat(table)
            before, table.waiting = table.waiting, waiting
            table.heard = version
            if version > table.version:
                table.version, table.state = version, state
            if event.happened == "answered" and version == event.version:
                return  # who answered stays secret: the other hands in the window look as they did
            concerned = None if event.happened in _EVERY_HAND or version != event.version else waiting | before
            await self._refresh(table, state, version, concerned, skip=event.answered_by)

    async def catch_up(self) -> None:
        """After a gap in what this process heard: every hand it holds, from the stored state."""
        for table_id, table in list(self._tables.items()):
            current = await self._service.read(table_id)
            if current is None:
                continue
            async with table.lock:
                if current.version <= table.heard:
                    continue
                table.heard = table.version = current.version
                table.state = current.state
                table.waiting = _every_seat(table)
                await self._refresh(table, current.state, current.version, None, skip=None)

    async def _refresh(
        self,
        table: _Table,
        state: TableState,
        version: int,
        concerned: frozenset[int] | None,
        *,
        skip: int | None,
    ) -> None:
        """Edit the live hands of ``concerned`` seats (None: every seat) that show an older version than
        ``state``'s."""
        now = self._monotonic()
        for member, hand in list(table.hands.items()):
            if hand.expires < now:
                del table.hands[member]
        if state.hand is None:
            return
        await asyncio.gather(
            *(
                self._refresh_hand(table, member, hand, state, version)
                for member, hand in list(table.hands.items())
                if member != skip and hand.version < version and (concerned is None or hand.seat in concerned)
            )
        )

    async def _refresh_hand(self, table: _Table, member: int, hand: _Hand, state: TableState, version: int) -> None:
        message = await self._draw(presenter.hand_message, state, hand.seat, hand.lang)
        try:
            hand.message_id = await self._edit(hand.interaction, message, hand.message_id)
        except discord.HTTPException:
            table.hands.pop(member, None)
            return
        hand.version = max(hand.version, version)

    async def _edit(
        self,
        interaction: Interaction,
        message: Message,
        message_id: int | None,
        current: Sequence[discord.Attachment] = (),
    ) -> int:
        """Edit the hand message, uploading only the pictures it does not show yet; returns its id."""
        listed = self._shown.attachments(message_id, message, current)
        edited = await interaction.edit_original_response(
            content=None, attachments=listed, view=view_of(message, self._emojis, listed)
        )
        self._shown.seen(edited)
        return edited.id


def _every_seat(table: _Table) -> frozenset[int]:
    """Whom the table may wait for, when no event said: every seat with a hand shown here."""
    return frozenset(hand.seat for hand in table.hands.values())

"""Where each table lives on Discord: the Discord surface's own record, kept in the live store beside the
table's state (which holds only what the core needs: the server).

``discord-table:{table}`` holds the channel the table was opened from, its thread (None where threads are
not allowed: the table lives in the channel) and its table message; ``thread:{thread}`` names the table a
thread holds, so an archived thread finds its table, and ``channel-table:{channel}`` the table a channel
that is not its thread holds (``core.tables.threads``: the Activity's sign-in reads both, to open the
table where it was launched). All are written with compare-and-set and carry no store deadline (the
table clock lists due keys, and would be crowded by keys it does not fire). They go when the table goes:
``TableService.wake`` publishes the removal (``removed``) before it removes the table, and this record's
subscriber drops them.

A table stored before this record existed (document version 1 or 2) kept its place in its own document
(``core.tables.state.LEGACY_PLACE``), which every write of the table keeps: it is read from there until
this record's first write takes it over.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from core.compare_and_set import retried
from core.tables.events import TableChanged
from core.tables.service import table_key
from core.tables.state import LEGACY_PLACE
from core.tables.threads import channel_key, table_named, thread_key
from data.live import LiveStore

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class DiscordPlace:
    """Where a table lives on Discord: the channel it was opened from, its thread (the channel itself where
    threads are not allowed) and its table message (None until it is posted)."""

    channel_id: int
    thread_id: int | None = None
    message_id: int | None = None

    @property
    def home(self) -> int:
        return self.thread_id if self.thread_id is not None else self.channel_id


def place_key(table_id: str) -> str:
    return f"discord-table:{table_id}"


class DiscordPlaces:
    def __init__(self, store: LiveStore) -> None:
        self._store = store

    async def of(self, table_id: str) -> DiscordPlace | None:
        """Where the table lives, or None when that is not known (its message not posted yet, or gone)."""
        found = await self._store.read(place_key(table_id))
        if found is not None:
            return _place(found.document)
        return await self._legacy(table_id)

    async def record(self, table_id: str, place: DiscordPlace) -> None:
        """The table lives at ``place`` now (its thread and table message, once posted)."""
        await self._update(table_id, lambda _: place)

    async def moved(self, table_id: str, place: DiscordPlace, message_id: int) -> None:
        """The table message of the table that lived at ``place`` was posted again as ``message_id``."""
        await self._update(table_id, lambda current: replace(current or place, message_id=message_id))

    async def index_thread(self, thread_id: int, table_id: str) -> None:
        """Remember which table a thread holds, so an archived thread finds its table."""
        await self._store.create(thread_key(thread_id), {"table": table_id})

    async def table_of_thread(self, thread_id: int) -> str | None:
        """The table a thread holds, if it holds one."""
        return await table_named(self._store, thread_key(thread_id))

    async def forget_thread(self, thread_id: int, table_id: str) -> None:
        """The thread no longer holds ``table_id`` (whose table is over); another table's index is kept."""
        await self._forget_key(thread_key(thread_id), table_id)

    async def index_channel(self, channel_id: int, table_id: str) -> None:
        """The channel ``channel_id`` (not the table's thread) holds ``table_id`` now, whichever it held."""
        key = channel_key(channel_id)

        async def attempt() -> bool | None:
            found = await self._store.read(key)
            if found is None:
                return True if await self._store.create(key, {"table": table_id}) else None
            if found.document.get("table") == table_id:
                return True
            return True if await self._store.write(key, found.version, {"table": table_id}) is not None else None

        await retried(attempt, "busy")

    async def launched(self, table_id: str, channel_id: int) -> None:
        """The table's Activity button was pressed in ``channel_id``: where that is the channel the table
        was opened from (not its thread, which names it already), the channel names it from now on."""
        place = await self.of(table_id)
        if place is not None and place.channel_id == channel_id and place.thread_id != channel_id:
            await self.index_channel(channel_id, table_id)

    async def _forget_key(self, key: str, table_id: str) -> None:
        found = await self._store.read(key)
        if found is not None and found.document.get("table") == table_id:
            await self._store.delete(key, found.version)

    async def forget(self, table_id: str) -> None:
        """The table is gone: so are its record and its thread's and its channel's index."""
        key = place_key(table_id)

        async def attempt() -> bool | None:
            found = await self._store.read(key)
            place = await self._legacy(table_id) if found is None else _place(found.document)
            if found is not None and not await self._store.delete(key, found.version):
                return None  # written meanwhile: read again, for the thread it names now
            if place is not None and place.thread_id is not None:
                await self.forget_thread(place.thread_id, table_id)
            if place is not None:
                await self._forget_key(channel_key(place.channel_id), table_id)
            return True

        await retried(attempt, "busy")

    async def __call__(self, event: TableChanged) -> None:
        """Subscribed where the change was made: a table removed takes its Discord record with it."""
        if event.happened == "removed":
            await self.forget(event.table_id)

    async def _update(self, table_id: str, change: Callable[[DiscordPlace | None], DiscordPlace]) -> None:
        key = place_key(table_id)

        async def attempt() -> bool | None:
            found = await self._store.read(key)
            if found is None:
                place = change(await self._legacy(table_id))
                return True if await self._store.create(key, _document(place)) else None
            place = change(_place(found.document))
            return True if await self._store.write(key, found.version, _document(place)) is not None else None

        await retried(attempt, "busy")

    async def _legacy(self, table_id: str) -> DiscordPlace | None:
        """The place a table stored before this record existed keeps in its own document, if any."""
        found = await self._store.read(table_key(table_id))
        legacy = None if found is None else found.document.get(LEGACY_PLACE)
        return None if legacy is None else _place(legacy)


def _document(place: DiscordPlace) -> dict[str, Any]:
    return {"channel": place.channel_id, "thread": place.thread_id, "message": place.message_id}


def _place(document: Any) -> DiscordPlace | None:
    """The place a stored document names; None, and a warning, for a damaged one (the table is then
    shown nowhere, as one whose message was never posted)."""
    channel, thread, message = (
        (document.get("channel"), document.get("thread"), document.get("message"))
        if isinstance(document, dict)
        else (None, None, None)
    )
    if type(channel) is not int or not all(value is None or type(value) is int for value in (thread, message)):
        log.warning("a table's place on Discord is damaged: %r", document)
        return None
    return DiscordPlace(channel, thread, message)

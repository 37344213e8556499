"""The tables' service: load a table, apply one transition with compare-and-set, keep its deadline.

It imports nothing of Discord, so clicks, the clock, computer seats and tests share one path: the
Discord layer turns a click into a call here and shows what comes back. The transition itself
(``bot.tables.table``) runs in a worker thread: the engine and the computer players never hold the
event loop. When another process or click moved the table meanwhile, the transition runs again on
the new state (where a button from the old state is refused as no longer current).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.refusal import Refusal
from bot.tables import table
from bot.tables.custom_ids import ButtonId
from bot.tables.ledger_entries import ledger_hand, ledger_match
from bot.tables.state import Place, TableSettings, TableState
from bot.tables.table import Change
from data.ledger import Ledger, LedgerConflict, LedgerValueError
from data.live import LiveStore

log = logging.getLogger(__name__)
Transition = Callable[[TableState, float], tuple[TableState, Change]]
_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"
_RETRIES = 8
RETENTION = 3 * 24 * 3600.0  # an ended table stays this long for its Details and Rules buttons, then goes


@dataclass(frozen=True, slots=True)
class Committed:
    """A table as written (or read), its store version, and what the transition did."""

    state: TableState
    version: int
    change: Change


def table_key(table_id: str) -> str:
    return f"table:{table_id}"


def thread_key(thread_id: int) -> str:
    return f"thread:{thread_id}"


def new_table_id() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(8))


def new_seed() -> int:
    return secrets.randbits(48)


class TableService:
    def __init__(
        self,
        store: LiveStore,
        ledger: Ledger,
        clock: Callable[[], float],
        *,
        make_id: Callable[[], str] = new_table_id,
        make_seed: Callable[[], int] = new_seed,
    ) -> None:
        self._store = store
        self._ledger = ledger
        self._clock = clock
        self._make_id = make_id
        self._make_seed = make_seed

    async def open(
        self,
        *,
        host_id: int,
        host_name: str,
        place: Place,
        settings: TableSettings,
        computers: int = 0,
    ) -> Committed:
        """A new lobby with its host seated and ``computers`` computer seats."""
        state = TableState(id=self._make_id(), host_id=host_id, place=place, settings=settings, seed=self._make_seed())
        state = table.touched(state, self._clock())
        state, _ = table.join(state, host_id, host_name)
        for _ in range(min(computers, state.players - 1)):
            state, _ = table.add_computer(state, host_id)
        created = await self._store.create(table_key(state.id), state.to_document(), deadline=state.wake_at)
        if not created:
            raise Refusal("busy")
        return Committed(state, 1, Change(lobby=True))

    async def read(self, table_id: str) -> Committed | None:
        found = await self._store.read(table_key(table_id))
        if found is None:
            return None
        return Committed(TableState.from_document(found.document), found.version, Change())

    async def update(self, table_id: str, transition: Transition, *, by_member: bool = True) -> Committed:
        """Apply ``transition`` to the table and write it if nobody moved it meanwhile (else retry). A
        change ``by_member`` (a click, not the clock or the bot's own bookkeeping) restarts the table's
        idle limit."""
        for _ in range(_RETRIES):
            current = await self.read(table_id)
            if current is None:
                raise Refusal("no_table")
            now = self._clock()
            state, change = await asyncio.to_thread(transition, current.state, now)
            if state == current.state:
                return Committed(state, current.version, change)
            if by_member:
                state = table.touched(state, now)
            if current.state.is_open and not state.is_open:
                state = replace(state, deadline=now + RETENTION, computer_at=None, hold_until=None)
            version = await self._store.write(
                table_key(table_id), current.version, state.to_document(), deadline=state.wake_at
            )
            if version is not None:
                return Committed(state, version, change)
        raise Refusal("busy")

    # --- what members and the clock ask for ---------------------------------------------------

    async def join(self, table_id: str, member_id: int, name: str) -> Committed:
        return await self.update(table_id, lambda state, now: table.join(state, member_id, name))

    async def leave(self, table_id: str, member_id: int) -> Committed:
        return await self.update(table_id, lambda state, now: table.leave(state, member_id))

    async def add_computer(self, table_id: str, member_id: int) -> Committed:
        return await self.update(table_id, lambda state, now: table.add_computer(state, member_id))

    async def choose_first(self, table_id: str, member_id: int, index: int) -> Committed:
        return await self.update(table_id, lambda state, now: table.choose_first(state, member_id, index))

    async def cancel(self, table_id: str, member_id: int) -> Committed:
        return await self.update(table_id, lambda state, now: table.cancel(state, member_id))

    async def start(self, table_id: str, member_id: int) -> Committed:
        return await self.update(table_id, lambda state, now: table.start(state, member_id, now))

    async def click(self, table_id: str, member_id: int, button: ButtonId) -> Committed:
        """A play button (discard, claim, pass, kong, mahjong, call, next hand, I'm back)."""
        return await self.update(table_id, lambda state, now: table.act(state, member_id, button, now))

    async def wake(self, table_id: str) -> Committed | None:
        """The clock's turn: computer moves and passed deadlines; None when the table ended long enough
        ago to be removed (once the ledger has everything it finished), with its thread's index."""
        current = await self.read(table_id)
        expired = current is not None and self._expired(current.state)
        if current is not None and expired and await self._store.delete(table_key(table_id), current.version):
            thread = current.state.place.thread_id
            index = None if thread is None else await self._store.read(thread_key(thread))
            if thread is not None and index is not None:
                await self._store.delete(thread_key(thread), index.version)
            return None
        return await self.update(table_id, table.wake, by_member=False)

    def _expired(self, state: TableState) -> bool:
        return (
            not state.is_open
            and not state.unrecorded
            and state.deadline is not None
            and state.deadline <= self._clock()
        )

    async def result_posted(self, table_id: str, step: int) -> Committed:
        return await self.update(table_id, lambda state, now: table.result_posted(state, step), by_member=False)

    async def place(self, table_id: str, place: Place) -> Committed:
        """Where the table now lives on Discord (its thread and table message, once created)."""
        return await self.update(table_id, lambda state, now: (replace(state, place=place), Change()), by_member=False)

    async def index_thread(self, thread_id: int, table_id: str) -> None:
        """Remember which table a thread holds, so an archived thread finds its table."""
        await self._store.create(thread_key(thread_id), {"table": table_id})

    async def table_in_thread(self, thread_id: int) -> Committed | None:
        """The open table a thread holds, if any; a thread whose table is over is forgotten."""
        key = thread_key(thread_id)
        found = await self._store.read(key)
        if found is None:
            return None
        table_id = found.document.get("table")
        current = await self.read(table_id) if isinstance(table_id, str) else None
        if current is None or not current.state.is_open:
            await self._store.delete(key, found.version)
            return None
        return current

    async def record(self, table_id: str) -> Committed | None:
        """Write the table's finished hands and match to the ledger, then drop them from its live state.

        Written first and dropped after: a process that dies in between leaves them pending, and the
        next writer's copy is the same entry under the same id, which the ledger takes once."""
        current = await self.read(table_id)
        if current is None or not current.state.unrecorded:
            return None
        written: set[tuple[str, str]] = set()
        for entry in current.state.unrecorded:
            try:
                if entry["kind"] == "hand":
                    await self._ledger.record_hand(ledger_hand(entry))
                else:
                    await self._ledger.record_match(ledger_match(entry))
            except (LedgerConflict, LedgerValueError, KeyError, TypeError, ValueError):
                # Another entry holds this id, or this one is damaged: the ledger keeps what it has,
                # and the table stops asking (or it would come due for ever).
                log.exception("table %s: the ledger refused %s %s", table_id, entry.get("kind"), entry.get("id"))
            written.add((str(entry["kind"]), str(entry["id"])))

        def forget_written(state: TableState, now: float) -> tuple[TableState, Change]:
            left = tuple(entry for entry in state.unrecorded if (entry["kind"], entry["id"]) not in written)
            return replace(state, unrecorded=left), Change()

        return await self.update(table_id, forget_written, by_member=False)

    async def park(self, table_id: str) -> None:
        """Clear the timers of a table whose clock cannot run (a damaged document), so it stops coming due."""
        key = table_key(table_id)
        found = await self._store.read(key)
        if found is not None:
            await self._store.write(key, found.version, found.document, deadline=None)

    async def due(self, limit: int = 50) -> list[str]:
        """The tables whose clock is due now."""
        keys = await self._store.due(self._clock(), limit)
        return [key.removeprefix("table:") for key in keys if key.startswith("table:")]

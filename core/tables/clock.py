"""The tables' clock: computer moves, passed deadlines, the next hand, idle tables closed.

One process at a time fires the deadlines, the one holding the store's ``table-clock`` lease, so a
deadline survives restarts and fires once however many processes share the store. Each due table is
woken through the service, which publishes what changed like any member's move: the clock shows
nothing itself.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable

from core.outage import OutageLog
from core.refusal import Refusal
from core.tables.service import TableService
from data.live import LiveStore, StoreUnavailable

log = logging.getLogger(__name__)

LEASE = "table-clock"


class TableClock:
    def __init__(
        self, store: LiveStore, service: TableService, clock: Callable[[], float], *, tick: float = 0.5
    ) -> None:
        self._store = store
        self._service = service
        self._clock = clock
        self.tick = tick
        self._holder = uuid.uuid4().hex
        self._outage = OutageLog(log, "the table clock waits", "the table clock goes on")
        self._following: dict[str, asyncio.Future[list[None]]] = {}  # tables whose last change is being shown

    async def run(self) -> None:
        """Fire due deadlines and computer moves while this process holds the clock's lease."""
        while True:
            try:
                if await self._store.acquire_lease(LEASE, self._holder, max(5.0, 10 * self.tick), self._clock()):
                    due = [table_id for table_id in await self._service.due() if table_id not in self._following]
                    await asyncio.gather(*(self.wake(table_id) for table_id in due))
                self._outage.answered()
            except StoreUnavailable as error:
                self._outage.failed(error)
            except Exception:
                log.exception("the table clock failed; it goes on")
            await asyncio.sleep(self.tick)

    async def wake(self, table_id: str) -> None:
        """Wake one table. Until what follows the change is done (its message, its result, its ledger
        entries), the clock leaves that table alone: a table never runs ahead of what it shows, nor its
        bookkeeping (a result marked posted) is outrun by its own clock; the others go on meanwhile."""
        try:
            committed = await self._service.wake(table_id)
            followed = None if committed is None else committed.followed
            if followed is not None and not followed.done():
                self._following[table_id] = followed
                followed.add_done_callback(lambda _: self._following.pop(table_id, None))
        except StoreUnavailable:
            raise
        except Refusal as refusal:
            log.warning("table %s cannot be woken (%s): its timers are cleared", table_id, refusal.key)
            await self._service.park(table_id)
        except Exception:
            # A bug must not fire again every tick: the table is parked and the error logged in full.
            log.exception("table %s failed on its clock: its timers are cleared", table_id)
            await self._service.park(table_id)

"""The ledger's subscriber: a change that leaves finished hands or a match in a table's live state hands
them to the ledger, once (``TableService.record``), in the process that made the change. A process that
dies first leaves them there; the table is then due at once, and the clock's look publishes it again."""

from __future__ import annotations

from core.tables.events import TableChanged
from core.tables.service import TableService


class LedgerWriter:
    def __init__(self, service: TableService) -> None:
        self._service = service

    async def __call__(self, event: TableChanged) -> None:
        if event.state is not None and event.state.unrecorded:
            await self._service.record(event.table_id)

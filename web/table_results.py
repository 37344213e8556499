"""A web table's hand result has no message to post: it is on every page the moment its state is.

On Discord a finished hand's result is posted in the table's thread, then marked posted
(``TableService.result_posted``); until it is, the table clock wakes the table to have it posted (a
process that died before showing it). A table of the page alone (``WEB_GUILD``) has no thread: its pages
show the result from the frames, so it is marked posted as it ends, by the process that ended it (or
whose clock found it unmarked). Without this the clock would find such a table due at every tick until
the match's end, and publish it again each time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from core.events import Events
from core.refusal import Refusal
from core.tables.events import TableChanged
from core.tables.service import TableService
from data.live import StoreError
from web.guard import WEB_GUILD

log = logging.getLogger(__name__)


class WebResults:
    """Marks the results of the page's own tables posted, from the changes made in this process."""

    def __init__(self, tables: TableService, events: Events) -> None:
        self.tables = tables
        self.events = events
        self._unsubscribe: Callable[[], None] | None = None

    def start(self) -> None:
        if self._unsubscribe is None:
            self._unsubscribe = self.events.subscribe(TableChanged, self.changed)

    def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    async def changed(self, event: TableChanged) -> None:
        state = event.state
        if event.guild_id != WEB_GUILD or state is None or not state.result_unposted or state.last_hand is None:
            return
        try:
            await self.tables.result_posted(event.table_id, state.last_hand.step)
        except (Refusal, StoreError) as error:  # the clock finds it again, and this tries again then
            log.info("table %s: its result could not be marked shown yet (%s)", event.table_id, error)

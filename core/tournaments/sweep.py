"""The tournaments' sweep: what a process left undone on a tournament under way, taken up by another.

The runner and the ledger writer follow the changes where they were made (``core.events``): the quick
path. A process that dies between writing a change and following it (a table's match ended, a round
started, a round's last result given) leaves the tournament waiting, and a change written by a process
with no runner (a script over the core) is followed by none. So every ``PERIOD`` seconds the process
holding the store's ``tournament-sweep`` lease (one at a time, however many share the store, as the
tables' clock) looks at each tournament under way: the ledger gets the state it may lack, and the runner
takes up what is left (``TournamentRunner.carry_on``), each step being idempotent.

A look reads the index of the tournaments under way, each of them, and the tables of their rounds still
without a result: never every tournament the store keeps.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable

from core.outage import OutageLog
from core.tournaments.ledger_writer import TournamentLedgerWriter
from core.tournaments.runner import TournamentRunner
from core.tournaments.service import TournamentService
from data.live import LiveStore, StoreUnavailable

log = logging.getLogger(__name__)

LEASE = "tournament-sweep"
PERIOD = 15.0
"""Seconds between the sweep's looks: how long a tournament waits at most when the process that should
have moved it on died (and the holder of the lease lives)."""


class TournamentSweep:
    def __init__(
        self,
        store: LiveStore,
        tournaments: TournamentService,
        runner: TournamentRunner,
        ledger: TournamentLedgerWriter,
        clock: Callable[[], float],
        *,
        period: float = PERIOD,
    ) -> None:
        self._store = store
        self._tournaments = tournaments
        self._runner = runner
        self._ledger = ledger
        self._clock = clock
        self.period = period
        self._holder = uuid.uuid4().hex
        self._outage = OutageLog(log, "the tournaments' sweep waits", "the tournaments' sweep goes on")

    async def run(self) -> None:
        """A look every period while this process holds the lease, and a first one at once whoever holds
        it: a process starting may be the restart of the one that held it (whose lease outlives it by up
        to two periods) and of the one that left work undone."""
        first = True
        while True:
            try:
                if not await self.tick() and first:
                    await self.sweep()
                first = False
                self._outage.answered()
            except StoreUnavailable as error:
                self._outage.failed(error)
            except Exception:
                log.exception("the tournaments' sweep failed; it goes on")
            await asyncio.sleep(self.period)

    async def tick(self) -> bool:
        """One look if this process holds the lease (taking it if free); whether it looked."""
        if not await self._store.acquire_lease(LEASE, self._holder, 2 * self.period, self._clock()):
            return False
        await self.sweep()
        return True

    async def sweep(self) -> None:
        """Each tournament under way: its state written to the ledger if it lacks it, what its runner left
        taken up. One failing is logged and the others go on (the next look tries it again)."""
        for tournament_id in await self._tournaments.under_way():
            try:
                found = await self._tournaments.read(tournament_id)
                if found is None:  # removed by hand: nothing to take up
                    await self._tournaments.unlist(tournament_id)
                    continue
                await self._ledger.keep(found)
                await self._runner.carry_on(found.tournament)
            except StoreUnavailable:
                raise
            except Exception:
                log.exception("tournament %s could not be taken up; the next look tries again", tournament_id)

"""The application's root: one function builds it from the settings, one stops it.

``build_application(settings)`` opens the stores (``core.stores``: the ledgers, then the live state, or
takes those it is given, as the tests do), joins the processes' events (``data.broadcast_for``: Redis
pub/sub beside a Redis store, this process alone on the embedded one), builds the table, solitaire and
tournament services and subscribes what must follow every change where it was made: the ledger writer of
the tables, the solitaire's result recorder, the tournaments' runner (which opens a round's tables and
moves a round on once its last table ends) and their ledger writer (a tournament's start, rounds and
end). A surface receives the application, subscribes its own followers (Discord's table messages and
private hands, the page's sockets) and calls ``start``, which runs the background work: the events heard
from other processes, the results a killed process left pending, and, for a surface that shows tables,
the table clock and the tournaments' sweep (what a stopped process left undone on a tournament under way,
its record in the ledger included, taken up at start and every ``PERIOD`` seconds after). ``stop`` ends
that work, lets the subscribers still running finish, and closes the stores it opened (never those it was
given).

``mahjong-bot run`` hands the application to the Discord client and, with ``WEB_PORT``, to the page;
``mahjong-bot web`` hands it to the page alone; the tests build it the same way.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from core.events import Events
from core.settings import Settings
from core.solitaire.events import SolitaireChanged
from core.solitaire.service import SolitaireService
from core.stores import ReportsOpener, Stores, open_stores, reports_opener
from core.tables.clock import TableClock
from core.tables.events import TableChanged
from core.tables.ledger_writer import LedgerWriter
from core.tables.service import TableService, new_seed
from core.tournaments.events import TournamentChanged
from core.tournaments.ledger_writer import TournamentLedgerWriter
from core.tournaments.runner import TournamentRunner
from core.tournaments.service import TournamentService
from core.tournaments.sweep import PERIOD, TournamentSweep
from data import broadcast_for
from data.broadcast import Broadcast

log = logging.getLogger(__name__)

CLOCK_TICK = 0.5
"""Seconds between the table clock's looks at the store's deadlines."""
STOP_PATIENCE = 5.0
"""Seconds ``stop`` waits for a background task that does not end when cancelled."""


@dataclass
class Application:
    """The services over their stores, and what keeps them going; built by ``build_application``."""

    settings: Settings
    clock: Callable[[], float]
    stores: Stores
    reports: ReportsOpener
    events: Events
    tables: TableService
    solitaire: SolitaireService
    tournaments: TournamentService
    tournament_runner: TournamentRunner
    tournament_ledger: TournamentLedgerWriter
    table_clock: TableClock
    tournament_sweep: TournamentSweep
    _close_stores: bool
    _background: list[asyncio.Task[None]] = field(default_factory=list)

    def start(self, *, tables: bool = True) -> None:
        """Start the background work, once the surfaces have subscribed (an event published before a
        subscriber is there does not reach it). ``tables``: run the table clock, which fires deadlines and
        computer seats (both surfaces show tables: the bot and the page alone run it; several processes
        may, each move being a compare-and-set); a process that shows no tables leaves it to one that does.
        Once only: a surface started again (a login tried again) finds it running."""
        if self._background:
            return
        self._run(self.events.run(), "events-from-other-processes")
        self._run(_record_pending(self.solitaire, self.settings.owns_guild), "solitaire-pending")
        if tables:
            self._run(self.table_clock.run(), "table-clock")
            self._run(self.tournament_sweep.run(), "tournament-sweep")

    async def stop(self) -> None:
        """End the background work, let the subscribers still running finish (a game just ended reaches
        the ledger before it closes), and close the stores the application opened."""
        await stop_tasks(self._background, STOP_PATIENCE)
        self._background.clear()
        await self.events.drain()
        if self._close_stores:
            await self.stores.close()

    def _run(self, work: Coroutine[Any, Any, None], name: str) -> None:
        self._background.append(asyncio.create_task(work, name=name))


async def build_application(
    settings: Settings,
    *,
    stores: Stores | None = None,
    reports: ReportsOpener | None = None,
    broadcast: Broadcast | None = None,
    clock: Callable[[], float] = time.time,
    make_seed: Callable[[], int] = new_seed,
    tick: float | None = None,
    sweep_period: float = PERIOD,
) -> Application:
    """The application the settings describe, on ``stores`` when given (they are then the caller's to
    close). ``clock``, ``make_seed``, ``tick`` and ``sweep_period`` are the tests' levers: the time every
    service reads, the tables' wall seeds, the table clock's period (``CLOCK_TICK`` when None), the
    seconds between the tournaments' sweep's looks."""
    opened = stores is None
    stores = stores or await open_stores(settings)
    events = Events(broadcast or broadcast_for(stores.live))
    tables = TableService(stores.live, stores.ledger, clock, events, make_seed=make_seed)
    secret = settings.daily_secret.encode() if settings.daily_secret else None
    solitaire = SolitaireService(stores.live, stores.solitaire_ledger, clock, events, daily_secret=secret)
    events.subscribe(TableChanged, LedgerWriter(tables))  # a finished hand goes to the ledger where it ended
    events.subscribe(SolitaireChanged, solitaire.record_ended)  # and so does a game
    tournaments = TournamentService(stores.live, clock, events=events)
    runner = TournamentRunner(tournaments, tables)
    events.subscribe(TableChanged, runner.changed)  # a tournament table's end, to its tournament
    events.subscribe(TournamentChanged, runner.heard)  # a round seated opens its tables, an ended one moves on
    tournament_ledger = TournamentLedgerWriter(tournaments, stores.ledger, clock)
    events.subscribe(TournamentChanged, tournament_ledger)  # its start, rounds and end to the ledger
    return Application(
        settings=settings,
        clock=clock,
        stores=stores,
        reports=reports or reports_opener(stores.ledger, settings.database_path),
        events=events,
        tables=tables,
        solitaire=solitaire,
        tournaments=tournaments,
        tournament_runner=runner,
        tournament_ledger=tournament_ledger,
        table_clock=TableClock(stores.live, tables, clock, tick=CLOCK_TICK if tick is None else tick),
        tournament_sweep=TournamentSweep(
            stores.live, tournaments, runner, tournament_ledger, clock, period=sweep_period
        ),
        _close_stores=opened,
    )


async def _record_pending(service: SolitaireService, owns_guild: Callable[[int], bool]) -> None:
    """At start, the solitaire results a killed process left unrecorded (``SolitaireService.record_pending``)."""
    try:
        recorded = await service.record_pending(owns_guild)
    except Exception:  # a store away at start: each game is still recorded at its member's next read
        log.exception("the solitaire results left pending could not be recorded now")
        return
    if recorded:
        log.info("recorded %d solitaire results a stopped process had left pending", recorded)


async def stop_tasks(tasks: list[asyncio.Task[None]], patience: float) -> None:
    """Cancel background loops and wait for them, but not for ever: a cancellation can be lost inside a
    client library (redis-py has turned one into a timeout, which the loop takes for an outage and goes
    on), so a loop still running is cancelled again until ``patience`` runs out, then left."""
    loop = asyncio.get_running_loop()
    end = loop.time() + patience
    running = {task for task in tasks if not task.done()}
    while running and loop.time() < end:
        for task in running:
            task.cancel()
        _, pending = await asyncio.wait(running, timeout=min(0.5, max(0.0, end - loop.time())))
        running = set(pending)
    for task in running:
        log.warning("the background task %s did not stop", task.get_name())

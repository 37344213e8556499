"""The tournaments' sweep (``core.tournaments.sweep``) over real tables, a real ledger and no runner
following the changes (the process that should have died, or never had one): it gives the results of
a round played out unheard and opens the next, opens a started round nobody opened, seats a round over
nobody moved on, writes the ledger's record of an end and takes the tournament off those under way. One
process sweeps at a time (the lease), another takes over once the holder is gone, and a process starting
looks at once. A look reads the index, the tournaments under way and their round's tables still playing."""

from __future__ import annotations

import asyncio
import logging
import pathlib

import pytest

from core.events import Events
from core.tables.events import TableChanged
from core.tables.ledger_writer import LedgerWriter
from core.tables.service import TableService, table_key
from core.tournaments import tournament as life
from core.tournaments.ledger_writer import TournamentLedgerWriter
from core.tournaments.runner import TournamentRunner, table_id_of
from core.tournaments.service import UNDER_WAY_KEY, TournamentService, tournament_key
from core.tournaments.sweep import LEASE, TournamentSweep
from core.tournaments.tournament import Tournament
from data.ledger import LedgerConflict
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from tests.bot.tables_helpers import GUILD, FakeClock, service_on
from tests.core.test_tournament_runner import SCHEDULE, play_due, results_shown, settled, site, started, table_settings
from tests.core.test_tournament_service import CountingStore

PERIOD = 30.0  # its lease outlasts the 20 s a tournament takes to start here


class Site:
    """A tournament's services on one store and ledger, the tables' ledger writer following their changes,
    and no runner following anything: only the sweep takes a tournament on."""

    def __init__(
        self,
        ledger: SqliteLedger,
        store: SqliteLiveStore,
        clock: FakeClock,
        events: Events,
        tables: TableService,
        tournaments: TournamentService,
        runner: TournamentRunner,
    ) -> None:
        self.ledger, self.store, self.clock, self.events = ledger, store, clock, events
        self.tables, self.tournaments, self.runner = tables, tournaments, runner
        self.recorder = TournamentLedgerWriter(tournaments, ledger, clock)
        events.subscribe(TableChanged, LedgerWriter(tables))
        events.subscribe(TableChanged, results_shown(tables))

    def sweep(self) -> TournamentSweep:
        """A sweep of a process of its own (its own lease holder) on this site's store."""
        return TournamentSweep(self.store, self.tournaments, self.runner, self.recorder, self.clock, period=PERIOD)

    async def read(self) -> Tournament:
        found = await self.tournaments.read("tour1")
        assert found is not None
        return found.tournament

    async def play_round(self, number: int) -> None:
        made = await self.read()
        await play_due(
            self.tables, self.store, self.clock, self.events, [t.table_id or "" for t in made.round_tables(number)]
        )

    async def all_open(self, made: Tournament, number: int) -> bool:
        """Every table of round ``number`` written in the tournament and open in the store, as the runner names it."""
        found = [await self.tables.read(table_id_of("tour1", number, index)) for index in range(2)]
        return [t.table_id for t in made.round_tables(number)] == [
            table_id_of("tour1", number, i) for i in range(2)
        ] and all(table is not None and table.state.is_open for table in found)


async def opened_site(folder: pathlib.Path) -> Site:
    here = Site(*await site(folder, "tour1", seed=77))
    await started(here.tournaments, here.clock, "hongkong", range(11, 16), SCHEDULE)
    return here


async def closed(here: Site) -> None:
    await here.events.drain()
    await here.store.close()
    await here.ledger.close()


@pytest.mark.asyncio
async def test_a_started_tournament_whose_tables_nobody_opened_is_opened_and_its_start_recorded(
    tmp_path: pathlib.Path,
) -> None:
    here = await opened_site(tmp_path)
    try:
        assert all(table.table_id is None for table in (await here.read()).tables)
        assert await here.sweep().tick()
        await settled(here.events)
        made = await here.read()
        assert made.round == 1 and await here.all_open(made, 1)
        recorded = await here.ledger.tournament(GUILD, "tour1")
        assert recorded is not None and recorded.status == "playing" and recorded.tables[0].table_id is None
    finally:
        await closed(here)


@pytest.mark.asyncio
async def test_a_state_the_ledger_refuses_is_said_once_and_the_tournament_is_still_taken_up(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Another server's tournament recorded under this id: the sweep says so once, not at every look,
    and opens the round all the same."""
    here = await opened_site(tmp_path)

    async def refused(entry: object) -> None:
        raise LedgerConflict("tournament tour1 is already recorded for another server")

    monkeypatch.setattr(here.ledger, "record_tournament", refused)
    try:
        sweep = here.sweep()
        with caplog.at_level(logging.ERROR, logger="core.tournaments"):
            for _ in range(3):
                assert await sweep.tick()
                await settled(here.events)
        refusals = [record for record in caplog.records if "the ledger refused" in record.getMessage()]
        assert len(refusals) == 1 and refusals[0].exc_info is not None
        assert not [record for record in caplog.records if "could not be taken up" in record.getMessage()]
        made = await here.read()
        assert made.round == 1 and await here.all_open(made, 1)
    finally:
        await closed(here)


@pytest.mark.asyncio
async def test_a_round_played_out_unheard_gets_its_results_and_the_next_round_then_the_end_is_recorded(
    tmp_path: pathlib.Path,
) -> None:
    here = await opened_site(tmp_path)
    sweep = here.sweep()
    try:
        await here.runner.open_round("tour1")
        await here.play_round(1)  # the matches end and no runner hears them
        unheard = await here.read()
        assert unheard.round == 1 and not unheard.round_over

        assert await sweep.tick()
        await settled(here.events)
        second = await here.read()
        assert all(table.result is not None for table in second.round_tables(1))
        assert second.round == 2 and await here.all_open(second, 2)
        assert [line.tables for line in second.shown_standings()] == [1] * 5

        await here.play_round(2)
        assert await sweep.tick()  # the last results: the tournament is over
        assert (await here.read()).status == "over"
        assert await here.tournaments.under_way() == ("tour1",)  # its end not in the ledger yet
        assert await sweep.tick()
        recorded = await here.ledger.tournament(GUILD, "tour1")
        assert recorded is not None and recorded.status == "over" and recorded.finished_at == here.clock.now
        assert await here.tournaments.under_way() == ()  # nothing left to take up: no more looked at
    finally:
        await closed(here)


@pytest.mark.asyncio
async def test_a_round_over_whose_next_round_nobody_seated_is_moved_on(tmp_path: pathlib.Path) -> None:
    here = await opened_site(tmp_path)
    try:
        made = await here.runner.open_round("tour1")
        await here.play_round(1)
        for table in made.round_tables(1):  # given by a process that died before moving the round on
            ended = await here.tables.read(table.table_id or "")
            assert ended is not None
            hands = tuple(tuple(float(paid) for paid in row.payments) for row in ended.state.sheet)
            await here.tournaments.update(
                "tour1", lambda current, now, t=ended.state.id, h=hands: life.table_finished(current, t, h)
            )
        over = await here.read()
        assert over.round == 1 and over.round_over

        assert await here.sweep().tick()
        await settled(here.events)
        second = await here.read()
        assert second.round == 2 and await here.all_open(second, 2)
    finally:
        await closed(here)


@pytest.mark.asyncio
async def test_one_process_sweeps_at_a_time_and_another_takes_over_when_it_is_gone(tmp_path: pathlib.Path) -> None:
    here = Site(*await site(tmp_path, "tour1", seed=77))
    holder, other = here.sweep(), here.sweep()
    try:
        assert await holder.tick()  # nothing under way yet: the lease taken all the same
        await started(here.tournaments, here.clock, "hongkong", range(11, 16), SCHEDULE)
        assert not await other.tick()
        assert all(table.table_id is None for table in (await here.read()).tables)  # the other did nothing

        here.clock.advance(PERIOD)
        assert await holder.tick() and not await other.tick()  # renewed at each look
        await settled(here.events)
        assert await here.all_open(await here.read(), 1)

        here.clock.advance(2 * PERIOD)  # the holder gone: its lease runs out
        assert await other.tick() and not await holder.tick()
    finally:
        await closed(here)


@pytest.mark.asyncio
async def test_a_process_starting_looks_at_once_though_the_lease_is_another_s(tmp_path: pathlib.Path) -> None:
    """Its own lease from before a restart, under another holder's name, outlives it: the first look is
    not held back by it."""
    here = await opened_site(tmp_path)
    assert await here.store.acquire_lease(LEASE, "the process before the restart", 2 * PERIOD, here.clock.now)
    running = asyncio.create_task(here.sweep().run())
    try:
        for _ in range(200):
            if all(table.table_id is not None for table in (await here.read()).round_tables(1)):
                break
            await asyncio.sleep(0.01)
        assert await here.all_open(await here.read(), 1)
    finally:
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
        await closed(here)


@pytest.mark.asyncio
async def test_a_look_reads_the_index_each_tournament_under_way_and_its_tables_still_playing(
    tmp_path: pathlib.Path,
) -> None:
    here = await opened_site(tmp_path)
    try:
        made = await here.runner.open_round("tour1")
        counting = CountingStore(here.store)
        tournaments = TournamentService(counting, here.clock)  # type: ignore[arg-type]
        tables = service_on(counting, here.ledger, here.clock, events=here.events)
        runner = TournamentRunner(tournaments, tables, table_settings)
        recorder = TournamentLedgerWriter(tournaments, here.ledger, here.clock)
        sweep = TournamentSweep(counting, tournaments, runner, recorder, here.clock, period=PERIOD)  # type: ignore[arg-type]
        assert await sweep.tick()
        playing = [table_key(table.table_id or "") for table in made.round_tables(1)]
        assert counting.read_keys == [UNDER_WAY_KEY, tournament_key("tour1"), *playing]
        assert counting.listings == []
        assert await here.read() == made  # nothing was left undone: nothing written
    finally:
        await closed(here)

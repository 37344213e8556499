"""A tournament's record in the ledger (SPEC §9, issue 46): written at its start, at each round's end and
at its end, whole; a process that dies at any moment loses nothing (the next write carries it all, and
after the last one the next process's start writes it); and from the ledger alone, its tables' hands,
each replaying to its result, the standings come out as the tournament showed them."""

from __future__ import annotations

import asyncio
import pathlib
from collections import defaultdict
from collections.abc import Awaitable, Callable

import pytest

from cli.ledger import replays
from core.application import build_application
from core.settings import Settings
from core.stores import Stores
from core.tables.events import TableChanged
from core.tables.ledger_writer import LedgerWriter
from core.tournaments import tournament as life
from core.tournaments.events import TournamentChanged
from core.tournaments.ledger_writer import TournamentLedgerWriter, tournament_entry, worth_recording
from core.tournaments.service import TournamentService
from core.tournaments.standings import TableResult, standings
from core.tournaments.tournament import TournamentSettings
from data.ledger import HandEntry
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from tests.bot.tables_helpers import GUILD, FakeClock
from tests.core.test_tournament_runner import ORGANISER, SCHEDULE, play_due, results_shown, settled, site, started

END = 1_800_000_000.0


def heard_into(heard: list[TournamentChanged]) -> Callable[[TournamentChanged], Awaitable[None]]:
    """A subscriber keeping every change heard (its state rides along: it was made here)."""

    async def keep(event: TournamentChanged) -> None:
        heard.append(event)

    return keep


@pytest.mark.asyncio
async def test_from_the_ledger_alone_a_whole_tournament_replays_to_its_standings(tmp_path: pathlib.Path) -> None:
    """Five members over two rounds, the runner and the ledger writers following the changes: the record
    at the end is the tournament whole, its states written were exactly its start, its rounds' ends and
    its end, and its tables' hands in the ledger (each replaying to its result) make its standings. Then
    a process that dies at any one of its changes, before the ledger has it, loses nothing."""
    ledger, store, clock, events, tables, tournaments, runner = await site(tmp_path, "tour1", seed=77)
    heard: list[TournamentChanged] = []
    events.subscribe(TableChanged, LedgerWriter(tables))
    events.subscribe(TableChanged, runner.changed)
    events.subscribe(TableChanged, results_shown(tables))
    events.subscribe(TournamentChanged, runner.heard)
    events.subscribe(TournamentChanged, TournamentLedgerWriter(tournaments, ledger, clock))
    events.subscribe(TournamentChanged, heard_into(heard))
    try:
        await started(tournaments, clock, "hongkong", range(11, 16), SCHEDULE)
        await settled(events)
        for number in (1, 2):
            made = (await tournaments.read("tour1")).tournament  # type: ignore[union-attr]
            assert made.round == number
            await play_due(tables, store, clock, events, [table.table_id or "" for table in made.round_tables(number)])
            await settled(events)
        final = await tournaments.read("tour1")
        assert final is not None and final.tournament.status == "over"
        over = final.tournament

        record = await ledger.tournament(GUILD, "tour1")
        assert record is not None and record.finished_at is not None
        assert record == tournament_entry(over, final.version, record.finished_at)
        assert record.names == {}  # none given at sign-up

        changes = sorted(heard, key=lambda event: event.version)
        written = [event.state for event in changes if event.state is not None and worth_recording(event.state)]
        assert [(made.status, made.round, made.round_over) for made in written] == [
            ("playing", 1, False),  # the start
            ("playing", 1, True),  # round 1's last result
            ("playing", 2, True),  # round 2's
            ("over", 2, True),  # the end
        ]

        # from the ledger alone: the tables the record names, their hands in the order they were played
        hands: dict[str, list[HandEntry]] = defaultdict(list)
        for hand in sorted(await ledger.hands(GUILD, limit=1000), key=lambda hand: (hand.table_id, hand.number)):
            hands[hand.table_id].append(hand)
        assert sorted(hands) == sorted(table.table_id or "" for table in record.tables)
        assert all(replays(hand) for played in hands.values() for hand in played)
        results = []
        for table in record.tables:
            assert table.table_id is not None
            scores = tuple(hand.payments for hand in hands[table.table_id])
            assert table.hands == scores  # the record's result is its hands' payments
            results.append(TableResult(table.round, table.numbers, scores))
        assert standings(results) == over.shown_standings() != []
        matches = await ledger.matches(GUILD)
        assert sorted(match.table_id for match in matches) == sorted(hands)

        await _a_restart_at_any_change_loses_nothing(tmp_path, tournaments, changes)
    finally:
        await store.close()
        await ledger.close()


async def _a_restart_at_any_change_loses_nothing(
    folder: pathlib.Path, tournaments: TournamentService, changes: list[TournamentChanged]
) -> None:
    """For each change, in a ledger of its own: the process that made it dies before its ledger write; a
    new process hears the changes after it, and each record written then is the tournament whole as it
    then was. After the last change no change comes: the sweep's look writes it (``keep``, from the
    store, which holds that last state)."""
    last = changes[-1]
    assert last.state is not None
    for lost in range(len(changes)):
        ledger = await SqliteLedger.open(folder / f"restart-{lost}.sqlite3")
        try:
            for event in changes[:lost]:
                await TournamentLedgerWriter(tournaments, ledger, lambda: END)(event)
            restarted = TournamentLedgerWriter(tournaments, ledger, lambda: END)
            for event in changes[lost + 1 :]:
                await restarted(event)
                assert event.state is not None
                if worth_recording(event.state):  # written whole: nothing lost before it is missing
                    finished_at = END if event.state.status == "over" else None
                    expected = tournament_entry(event.state, event.version, finished_at)
                    assert await ledger.tournament(GUILD, "tour1") == expected
            if lost == len(changes) - 1:
                stale = await ledger.tournament(GUILD, "tour1")
                assert stale is not None and stale.status == "playing"  # round 2's end: the last write heard
            stored = await tournaments.read("tour1")
            assert stored is not None
            await restarted.keep(stored)
            final = await ledger.tournament(GUILD, "tour1")
            assert final == tournament_entry(last.state, last.version, END), f"change {lost} lost"
        finally:
            await ledger.close()


@pytest.mark.asyncio
async def test_the_application_records_a_tournament_and_its_start_writes_what_a_stopped_process_left(
    tmp_path: pathlib.Path,
) -> None:
    """Built by ``build_application``, the writer hears the start and the cancellation; a tournament
    cancelled by a process that died before its ledger write is written at the next process's start."""
    live = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    ledger = await SqliteLedger.open(tmp_path / "ledger.sqlite3")
    stores = Stores(live, ledger, SqliteSolitaireLedger.beside(ledger))
    clock = FakeClock()
    settings = Settings(token="test", database_path=str(tmp_path / "ledger.sqlite3"))
    try:
        application = await build_application(settings, stores=stores, clock=clock)
        service = application.tournaments
        rules = TournamentSettings("classic", 1, "one_hand", signup_closes=clock.now + 10, checkin=60, name="Cup")
        made = (await service.open(GUILD, ORGANISER, rules)).tournament
        for member in range(11, 15):
            await service.update(made.id, lambda current, now, m=member: life.join(current, m, now, f"Ann {m}"))
        clock.now += 20
        for member in range(11, 15):
            await service.update(made.id, lambda current, now, m=member: life.check_in(current, m, now))
        assert await ledger.tournament(GUILD, made.id) is None  # sign-up is not kept
        await service.start(made.id, ORGANISER)
        await application.events.drain()
        begun = await ledger.tournament(GUILD, made.id)
        assert begun is not None and (begun.status, begun.name, begun.players) == ("playing", "Cup", (11, 12, 13, 14))
        assert begun.names == {member: f"Ann {member}" for member in range(11, 15)}

        # a process whose changes nobody hears cancels it and dies
        elsewhere = TournamentService(live, clock)
        cancelled = await elsewhere.update(made.id, lambda current, now: life.cancel(current, ORGANISER))
        assert (await ledger.tournament(GUILD, made.id)) == begun
        application = await build_application(settings, stores=stores, clock=clock)
        application.start()
        for _ in range(50):
            recorded = await ledger.tournament(GUILD, made.id)
            if recorded is not None and recorded.status == "cancelled":
                break
            await asyncio.sleep(0.01)
        await application.stop()
        assert recorded == tournament_entry(cancelled.tournament, cancelled.version, clock.now)
    finally:
        await live.close()
        await ledger.close()

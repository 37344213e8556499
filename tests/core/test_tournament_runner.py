"""A whole tournament carried by its runner over real tables (SPEC §9): five members checked in, two
rounds of two tables, every table of a round dealt the same walls from the same chairs, the members'
seats played by the clock (a member who left, by a computer from the start), each result given to the
tournament, a round's standings shown when its last table ends; a restart between rounds loses nothing;
the standings are those recomputed from the tables' own score sheets and the ledger has every match."""

from __future__ import annotations

import asyncio
import pathlib
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from core.compare_and_set import LONGEST_WAIT, Backoff
from core.events import Events
from core.tables import transitions
from core.tables.events import TableChanged
from core.tables.ledger_writer import LedgerWriter
from core.tables.rounds import load_round
from core.tables.service import TableService
from core.tables.state import Seat, TableDocumentError, TableSettings, TableState
from core.tournaments import tournament as life
from core.tournaments.events import TournamentChanged
from core.tournaments.runner import TournamentRunner, round_seed, table_id_of, tournament_table_settings
from core.tournaments.schedule import Schedule
from core.tournaments.service import CROWD_TRIES, TournamentService, tournament_key
from core.tournaments.standings import TableResult, standings
from core.tournaments.tournament import Tournament, TournamentSettings
from data.broadcast import MemoryBroadcast
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from game.rules import ruleset
from tests.bot.tables_helpers import GUILD, QUICK, FakeClock, service_on
from tests.core.tournament_helpers import schedule_of

ORGANISER = 1
SCHEDULE = schedule_of(
    (
        ((0, 1, 2, 3), (4, -1, -1, -1)),
        ((4, 0, -1, 1), (2, 3, -1, -1)),
    )
)


def table_settings(made: Tournament) -> TableSettings:
    return TableSettings(rules=ruleset(made.settings.rules, length="one_hand"), speed="live", timing=QUICK, hints=False)


async def site(
    folder: pathlib.Path, tournament_id: str, *, seed: int
) -> tuple[SqliteLedger, SqliteLiveStore, FakeClock, Events, TableService, TournamentService, TournamentRunner]:
    """A ledger and a live store in ``folder``, the tables' and tournaments' services on them and a runner."""
    ledger = await SqliteLedger.open(folder / "bot.sqlite3")
    store = await SqliteLiveStore.open(folder / "live.sqlite3")
    clock = FakeClock()
    events = Events(MemoryBroadcast())
    tables = service_on(store, ledger, clock, events=events)
    tournaments = TournamentService(store, clock, make_id=lambda: tournament_id, make_seed=lambda: seed, events=events)
    runner = TournamentRunner(tournaments, tables, table_settings)
    return ledger, store, clock, events, tables, tournaments, runner


async def started(
    tournaments: TournamentService, clock: FakeClock, rules: str, members: range, schedule: Schedule
) -> None:
    """A tournament of one-hand matches opened, ``members`` signed up and checked in, started on ``schedule``."""
    settings = TournamentSettings(rules, len(schedule.rounds), "one_hand", signup_closes=clock.now + 10, checkin=60)
    made = (await tournaments.open(GUILD, ORGANISER, settings)).tournament
    for member in members:
        await tournaments.update(made.id, lambda current, now, m=member: life.join(current, m, now))
    clock.now += 20
    for member in members:
        await tournaments.update(made.id, lambda current, now, m=member: life.check_in(current, m, now))
    await tournaments.update(made.id, lambda current, now: life.start(current, ORGANISER, schedule, now))


def results_shown(tables: TableService) -> Callable[[TableChanged], Awaitable[None]]:
    """What a surface does once it has shown a hand's result (a table waits for it before it is done)."""

    async def shown(event: TableChanged) -> None:
        if event.state is not None and event.state.result_unposted and event.state.last_hand is not None:
            await tables.result_posted(event.table_id, event.state.last_hand.step)

    return shown


async def play_due(
    tables: TableService, store: SqliteLiveStore, clock: FakeClock, events: Events, table_ids: list[str]
) -> None:
    """The clock runs until the tables' matches are over (not on to their removal, days later)."""
    for _ in range(20_000):
        found = [await tables.read(table_id) for table_id in table_ids]
        if all(table is not None and table.state.status == "over" for table in found):
            break
        due = await tables.due()
        if due:
            await tables.wake(due[0])
        elif (following := await store.next_deadline()) is not None:
            clock.now = following
        else:
            break
        await events.drain()
    await events.drain()


@pytest.mark.asyncio
async def test_a_tournament_of_two_rounds_is_carried_to_its_end_through_a_restart(tmp_path: pathlib.Path) -> None:
    ledger, store, clock, events, tables, tournaments, runner = await site(tmp_path, "tour1", seed=77)
    events.subscribe(TableChanged, LedgerWriter(tables))
    following = events.subscribe(TableChanged, runner.changed)
    events.subscribe(TableChanged, results_shown(tables))
    try:
        await started(tournaments, clock, "hongkong", range(11, 16), SCHEDULE)
        await tournaments.update("tour1", lambda made, now: life.leave(made, 15, now))  # before any table opens
        made = await runner.open_round("tour1")
        first = made.round_tables(1)
        assert [table.table_id for table in first] == [table_id_of("tour1", 1, 0), table_id_of("tour1", 1, 1)]
        dealt = [(await tables.read(table.table_id or "")) for table in first]
        walls = {load_round(found.state).seed for found in dealt if found is not None}
        assert len(walls) == 1  # the same walls at both tables of the round, from the round's seed
        assert {found.state.seed for found in dealt if found is not None} == {round_seed(made, 1)}
        lone = dealt[1]
        assert lone is not None and lone.state.seats[0].away  # 15 left: a computer plays their seat
        assert [seat.member_id for seat in dealt[0].state.seats] == [11, 12, 13, 14]  # type: ignore[union-attr]

        following()  # the process dies: round 1 is played to its end with no runner to hear it
        await play_due(tables, store, clock, events, [table.table_id or "" for table in first])
        unheard = (await tournaments.read("tour1")).tournament  # type: ignore[union-attr]
        assert unheard.round == 1 and not unheard.round_over and unheard.shown_standings() == []

        # a new process: its runner takes up what was left, the results given and round 2 opened
        runner_again = TournamentRunner(tournaments, tables, table_settings)
        events.subscribe(TableChanged, runner_again.changed)
        await runner_again.resume("tour1")
        after_one = (await tournaments.read("tour1")).tournament  # type: ignore[union-attr]
        assert after_one.round == 2 and all(table.result is not None for table in after_one.round_tables(1))
        assert [line.tables for line in after_one.shown_standings()] == [1] * 5
        assert all(table.table_id is not None for table in after_one.round_tables(2))
        await runner_again.resume("tour1")  # said again: nothing opened twice
        assert (await tournaments.read("tour1")).tournament == after_one  # type: ignore[union-attr]
        await play_due(tables, store, clock, events, [table.table_id or "" for table in after_one.round_tables(2)])
        over = (await tournaments.read("tour1")).tournament  # type: ignore[union-attr]
        assert over.status == "over"

        results = []
        for table in over.tables:
            found = await tables.read(table.table_id or "")
            assert found is not None and found.state.status == "over"
            hands = tuple(tuple(float(paid) for paid in row.payments) for row in found.state.sheet)
            results.append(TableResult(table.round, table.numbers, hands))
        assert over.shown_standings() == standings(results)  # recomputed from the tables themselves
        recorded = await ledger.matches(GUILD)
        assert sorted(match.table_id for match in recorded) == sorted(t.table_id or "" for t in over.tables)
        assert len(recorded) == 4
    finally:
        await store.close()
        await ledger.close()


def test_a_tables_tournament_place_is_kept_in_its_document_and_a_damaged_one_refused() -> None:
    seats = tuple(Seat(name=f"P{n}", member_id=n) for n in range(4))
    state = TableState("abcd1234", 1, GUILD, table_settings_for("classic"), 5, seats=seats, tournament="tour1/2/0")
    document = state.to_document()
    assert TableState.from_document(document) == state
    for damaged in ("tour1/2", "tour1/x/0", "/1/0", 7):
        document["extra"]["tournament"] = damaged
        with pytest.raises(TableDocumentError):
            TableState.from_document(document)
    assert table_id_of("tour1", 2, 0) == table_id_of("tour1", 2, 0) != table_id_of("tour1", 2, 1)
    assert len(table_id_of("tour1", 2, 0)) == 8 and table_id_of("tour1", 2, 0).isalnum()


def table_settings_for(rules: str) -> TableSettings:
    return TableSettings(rules=ruleset(rules), speed="live", timing=QUICK)


@pytest.mark.asyncio
async def test_a_table_closed_for_idleness_gives_the_hands_it_played_so_the_round_goes_on(
    tmp_path: pathlib.Path,
) -> None:
    ledger, store, clock, events, tables, tournaments, runner = await site(tmp_path, "tour2", seed=5)
    events.subscribe(TableChanged, runner.changed)
    try:
        await started(tournaments, clock, "classic", range(11, 15), schedule_of((((0, 1, 2, 3),),)))
        made = await runner.open_round("tour2")
        [table] = made.round_tables(1)
        await tables.update(table.table_id or "", transitions.close_idle, by_member=False)
        await events.drain()
        ended = (await tournaments.read("tour2")).tournament  # type: ignore[union-attr]
        assert ended.status == "over" and ended.round_tables(1)[0].result is not None
        assert ended.round_tables(1)[0].result.hands == ()  # type: ignore[union-attr]  (no hand finished)
        assert [line.points for line in ended.shown_standings()] == [1.75] * 4  # four tied seats share
    finally:
        await store.close()
        await ledger.close()


async def settled(events: Events) -> None:
    """Until no subscriber runs: each may publish changes whose subscribers start after it."""
    for _ in range(10):
        await events.drain()
        await asyncio.sleep(0)


@pytest.mark.asyncio
async def test_the_runner_follows_the_tournament_the_start_opens_a_round_and_its_end_the_next(
    tmp_path: pathlib.Path,
) -> None:
    """With nobody calling it, the runner hears the tournament: the organiser's start opens round 1's
    tables (the seats named as the members joined), their last result seats and opens round 2, whose end
    ends the tournament."""
    ledger, store, clock, events, tables, tournaments, runner = await site(tmp_path, "tour3", seed=21)
    events.subscribe(TableChanged, LedgerWriter(tables))
    events.subscribe(TableChanged, runner.changed)
    events.subscribe(TableChanged, results_shown(tables))
    events.subscribe(TournamentChanged, runner.heard)
    try:
        settings = TournamentSettings("classic", 2, "one_hand", signup_closes=clock.now + 10, checkin=60)
        made = (await tournaments.open(GUILD, ORGANISER, settings)).tournament
        for member in range(11, 15):
            await tournaments.update(made.id, lambda current, now, m=member: life.join(current, m, now, f"Ann {m}"))
        clock.now += 20
        for member in range(11, 15):
            await tournaments.update(made.id, lambda current, now, m=member: life.check_in(current, m, now))
        await tournaments.start(made.id, ORGANISER)
        await settled(events)
        first = (await tournaments.read("tour3")).tournament  # type: ignore[union-attr]
        [table] = first.round_tables(1)
        assert table.table_id == table_id_of("tour3", 1, 0)
        dealt = await tables.read(table.table_id)
        assert dealt is not None
        assert sorted(seat.name for seat in dealt.state.seats) == [f"Ann {m}" for m in range(11, 15)]
        await play_due(tables, store, clock, events, [table.table_id])
        await settled(events)
        second = (await tournaments.read("tour3")).tournament  # type: ignore[union-attr]
        assert second.round == 2 and second.round_tables(2)[0].table_id == table_id_of("tour3", 2, 0)
        await play_due(tables, store, clock, events, [table_id_of("tour3", 2, 0)])
        await settled(events)
        assert (await tournaments.read("tour3")).tournament.status == "over"  # type: ignore[union-attr]
    finally:
        await store.close()
        await ledger.close()


def test_a_tournament_table_plays_its_rules_length_speed_and_language_without_hints() -> None:
    settings = TournamentSettings("hongkong", 3, "one_hand", speed="async", lang="zh_TW")
    made = life.create("t", GUILD, ORGANISER, settings, 1)
    chosen = tournament_table_settings(made)
    assert (chosen.rules.name, chosen.rules.length, chosen.speed) == ("hongkong", "one_hand", "async")
    assert chosen.lang == "zh_TW"
    assert chosen.computer_level == "strong" and not chosen.hints and chosen.timing.turn == 12 * 3600.0


class ContendedStore:
    """The live store, where other writers win the first ``losses`` writes of one key."""

    def __init__(self, inner: SqliteLiveStore, key: str, losses: int) -> None:
        self._inner = inner
        self._key = key
        self._losses = losses
        self.lost = 0

    async def write(self, key: str, version: int, document: dict[str, Any], *, deadline: float | None = None):
        if key == self._key and self.lost < self._losses:
            self.lost += 1
            return None
        return await self._inner.write(key, version, document, deadline=deadline)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


@pytest.mark.asyncio
async def test_a_result_is_given_however_long_its_tournament_stays_busy(tmp_path: pathlib.Path) -> None:
    ledger, store, clock, events, tables, tournaments, runner = await site(tmp_path, "tour2", seed=5)
    try:
        await started(tournaments, clock, "classic", range(11, 15), schedule_of((((0, 1, 2, 3),),)))
        table = (await runner.open_round("tour2")).round_tables(1)[0]
        await play_due(tables, store, clock, events, [table.table_id or ""])  # no runner hears it end
        ended = await tables.read(table.table_id or "")
        assert ended is not None and ended.state.status == "over"

        # more lost writes than two whole updates try: each refused busy, the report tries again
        contended = ContendedStore(store, tournament_key("tour2"), losses=2 * CROWD_TRIES)
        waits: list[float] = []

        async def sleep(seconds: float) -> None:
            waits.append(seconds)

        busy = TournamentService(contended, clock, backoff=Backoff(random.Random(4), sleep))  # type: ignore[arg-type]
        await TournamentRunner(busy, tables, table_settings).report(ended.state)
        over = (await tournaments.read("tour2")).tournament  # type: ignore[union-attr]
        assert contended.lost == 2 * CROWD_TRIES
        assert over.tables[0].result is not None and over.status == "over"
        assert over.tables[0].result.hands == tuple(tuple(row.payments) for row in ended.state.sheet)
        assert len(waits) == 2 * (CROWD_TRIES - 1) and max(waits) <= LONGEST_WAIT
    finally:
        await store.close()
        await ledger.close()

"""Where a table lives on Discord (``bot.tables.places``): the surface's own record beside the table's
state, written with compare-and-set and without a store deadline; a table stored before it (its place in
its own document) keeps its message through the core's writes until the record takes it over; a channel
names the table opened there without a thread, or launched last from the channel it was opened from (what
the Activity's sign-in reads, with the thread's index: ``core.tables.threads``); and the record and the
thread's and channel's indexes go with the table when the clock removes it."""

from __future__ import annotations

import pytest
import pytest_asyncio

from bot.tables.places import DiscordPlace, DiscordPlaces, place_key
from core.events import Events
from core.tables.events import TableChanged
from core.tables.service import RETENTION, table_key
from core.tables.state import LEGACY_PLACE
from core.tables.threads import channel_key, table_in, thread_key
from data.broadcast import MemoryBroadcast
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from game.rules import ruleset
from tests.bot.tables_helpers import GUILD, FakeClock, cancel, join, open_table, service_on

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def world(tmp_path):
    store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    ledger = await SqliteLedger.open(tmp_path / "ledger.sqlite3")
    events, places, clock = Events(MemoryBroadcast()), DiscordPlaces(store), FakeClock()
    events.subscribe(TableChanged, places)
    yield store, service_on(store, ledger, clock, events=events), places, clock
    await ledger.close()
    await store.close()


async def _stored_before_the_record(store, table_id: str) -> None:
    """Rewrite a table's document as a version 2 one, its place on Discord inside (as stored before)."""
    found = await store.read(table_key(table_id))
    document = {key: value for key, value in found.document.items() if key != "guild"}
    document.update(version=2, place={"guild": GUILD, "channel": 200, "thread": 300, "message": 400})
    assert await store.write(table_key(table_id), found.version, document, deadline=found.deadline)


async def test_the_record_is_written_with_compare_and_set_and_no_deadline(world):
    store, service, places, _ = world
    table_id = (await open_table(service, ruleset("classic"), members=1)).state.id
    assert await places.of(table_id) is None
    await places.record(table_id, DiscordPlace(200, 300, 400))
    await places.moved(table_id, DiscordPlace(200, 300, 400), 401)
    assert await places.of(table_id) == DiscordPlace(200, 300, 401)
    assert (await places.of(table_id)).home == 300 and DiscordPlace(200).home == 200
    stored = await store.read(place_key(table_id))
    assert stored.version == 2 and stored.deadline is None  # the clock never lists the surface's keys
    await places.index_thread(300, table_id)
    assert (await store.read(thread_key(300))).deadline is None
    assert await places.table_of_thread(300) == table_id
    await places.forget_thread(300, "another")  # a thread's index names one table: another's is kept
    assert await places.table_of_thread(300) == table_id


async def test_a_table_stored_with_its_place_keeps_its_message_through_the_cores_writes(world):
    store, service, places, _ = world
    table_id = (await open_table(service, ruleset("classic"), members=1)).state.id
    await _stored_before_the_record(store, table_id)
    legacy = DiscordPlace(200, 300, 400)
    assert await places.of(table_id) == legacy
    joined = await join(service, table_id, 2)  # the core writes the table: the legacy place stays as it was
    assert joined.state.guild_id == GUILD and len(joined.state.seats) == 2
    stored = (await store.read(table_key(table_id))).document
    assert stored["version"] == 3 and stored[LEGACY_PLACE]["message"] == 400
    assert await places.of(table_id) == legacy
    await places.moved(table_id, legacy, 401)  # the record's first write takes it over
    assert await places.of(table_id) == DiscordPlace(200, 300, 401)


@pytest.mark.parametrize("legacy", [False, True])
async def test_the_removal_is_published_while_the_table_stands_and_takes_the_record_with_it(world, legacy):
    store, service, places, clock = world
    table_id = (await open_table(service, ruleset("classic"), members=1)).state.id
    if legacy:
        await _stored_before_the_record(store, table_id)
    else:
        await places.record(table_id, DiscordPlace(200, 300, 400))
    await places.index_thread(300, table_id)
    await places.launched(table_id, 200)  # its Activity launched from the channel it was opened from
    assert await table_in(store, 200) == table_id and await table_in(store, 300) == table_id
    await cancel(service, table_id, 1)
    standing: list[bool] = []

    async def removed(event: TableChanged) -> None:
        if event.happened == "removed":  # a process that dies now leaves the table due: it is published again
            standing.append(await store.read(table_key(table_id)) is not None)

    service._events.subscribe(TableChanged, removed)
    clock.advance(RETENTION + 1)
    assert await service.wake(table_id) is None
    assert standing == [True]
    assert await store.read(table_key(table_id)) is None
    assert await store.read(place_key(table_id)) is None and await store.read(thread_key(300)) is None
    assert await store.read(channel_key(200)) is None
    assert await places.of(table_id) is None


async def test_a_channel_names_the_table_opened_there_without_a_thread_or_launched_there_last(world):
    store, service, places, _ = world
    first = (await open_table(service, ruleset("classic"), members=1)).state.id
    second = (await open_table(service, ruleset("classic"), members=1)).state.id
    await places.record(first, DiscordPlace(200, None, 400))  # threads not allowed: it lives in the channel
    await places.index_channel(200, first)
    await places.record(second, DiscordPlace(200, 301, 401))  # opened from the same channel, in a thread
    await places.index_thread(301, second)
    assert (await table_in(store, 200), await table_in(store, 301)) == (first, second)
    await places.launched(second, 301)  # in its own thread: the thread names it already
    await places.launched(second, 999)  # not where it was opened from: a forged button names nothing
    await places.launched("zzzzzzzz", 200)  # no such table
    assert (await table_in(store, 200), await table_in(store, 999)) == (first, None)
    await places.launched(second, 200)  # on the /mahjong new answer, in the channel it was opened from
    assert await table_in(store, 200) == second
    stored = await store.read(channel_key(200))
    assert stored.document == {"table": second} and stored.deadline is None
    await places.forget(first)  # another table's index is kept
    assert await table_in(store, 200) == second
    await places.forget(second)
    assert await table_in(store, 200) is None and await table_in(store, 301) is None

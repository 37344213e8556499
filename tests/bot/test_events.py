"""Changes as events (``core.events``): an event's document round-trips; a process's subscribers where the
change was made hear it with its state, those ``everywhere`` hear it in every process (without the
state), a subscriber that fails stops no other, a gap in what a process heard is said, and the tables'
service publishes one event per committed change (none for its bookkeeping)."""

from __future__ import annotations

import asyncio
import logging
import random
from fractions import Fraction

import pytest
import pytest_asyncio

import core.tables.service as service_module
from bot.tables.places import DiscordPlace, DiscordPlaces
from core.events import Events
from core.refusal import Refusal
from core.solitaire.events import SolitaireChanged
from core.tables.events import TableChanged
from core.tables.finished import FinishedHand
from data.broadcast import MemoryBroadcast, MemoryNetwork
from data.ledger import HandEntry, MatchEntry, SeatEntry
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from game.rules import ruleset
from tests.bot.tables_helpers import FakeClock, join, member_move, open_table, service_on, start

SEATS = (SeatEntry("Ana", 1, None), SeatEntry("Strong 1", None, "strong"))
HAND = HandEntry(
    hand_id="abcdefgh:0",
    guild_id=100,
    table_id="abcdefgh",
    match_id="abcdefgh",
    number=0,
    rules={"name": "classic"},
    seats=SEATS,
    winner=0,
    discarder=1,
    self_drawn=False,
    score=24.0,
    fan=0,
    payments=(48.0, -48.0),
    patterns=("dragon_pung",),
    record="a record",
    finished_at=1000.5,
)
MATCH = MatchEntry("abcdefgh", 100, "abcdefgh", {"name": "classic"}, SEATS, (48.0, -48.5), 1, 1000.5)


def test_every_event_round_trips_through_its_document():
    finished = FinishedHand(HAND, seed=7, commitment="c0ffee", totals=(Fraction(48), Fraction(-97, 2)), step=12)
    events = [
        TableChanged("abcdefgh", 100, 3, 1, "lobby", True),
        TableChanged(
            "abcdefgh", 100, 9, 12, "hand_over", False, (1,), (), False, finished, MATCH, answered_by=5, pending=True
        ),
        TableChanged("abcdefgh", 100, 10, 13, "played", True, (0, 1), (0, 1), True),
        SolitaireChanged(100, 5, "daily", "game0000", 4, 3, True),
    ]
    for event in events:
        assert type(event).from_document(event.to_document()) == event
    with pytest.raises(ValueError):
        TableChanged.from_document({**events[0].to_document(), "happened": "exploded"})
    with pytest.raises(ValueError):
        SolitaireChanged.from_document({**events[-1].to_document(), "slot": "weather"})


@pytest.mark.asyncio
async def test_the_bus_reads_back_only_the_kinds_followed_from_afar_and_skips_the_rest():
    network = MemoryNetwork()
    here, there = Events(MemoryBroadcast(network)), Events(MemoryBroadcast(network))
    heard: list[object] = []

    async def record(event: object) -> None:
        heard.append(event)

    there.subscribe(SolitaireChanged, record, everywhere=True)
    listening = asyncio.create_task(there.run())
    await asyncio.sleep(0)
    table = TableChanged("abcdefgh", 100, 3, 1, "lobby", True)
    game = SolitaireChanged(100, 5, "daily", "game0000", 4, 3, False)
    await here.publish(table)  # no one there follows tables: not even read
    await here.publish(game)
    for _ in range(20):
        await asyncio.sleep(0.01)
        if heard:
            break
    await there.drain()
    listening.cancel()
    assert heard == [game]


@pytest.mark.asyncio
async def test_subscribers_here_hear_the_state_and_everywhere_ones_hear_every_process():
    network = MemoryNetwork()
    here, there = Events(MemoryBroadcast(network)), Events(MemoryBroadcast(network))
    heard: dict[str, list[TableChanged]] = {"here": [], "here everywhere": [], "there": [], "there everywhere": []}

    def recorder(name):
        async def record(event):
            heard[name].append(event)

        return record

    here.subscribe(TableChanged, recorder("here"))
    here.subscribe(TableChanged, recorder("here everywhere"), everywhere=True)
    there.subscribe(TableChanged, recorder("there"))
    there.subscribe(TableChanged, recorder("there everywhere"), everywhere=True)
    listening = asyncio.create_task(there.run())
    await asyncio.sleep(0)
    try:
        event = TableChanged("abcdefgh", 100, 3, 1, "lobby", True, state=object())  # type: ignore[arg-type]
        await here.publish(event)
        await here.drain()
        for _ in range(100):
            if heard["there everywhere"]:
                break
            await asyncio.sleep(0.01)
        await there.drain()
        assert heard["here"] == [event] and heard["here"][0].state is event.state
        assert heard["here everywhere"] == [event]
        assert heard["there"] == []  # what happens once happens where the change was made
        assert heard["there everywhere"] == [event] and heard["there everywhere"][0].state is None
    finally:
        listening.cancel()


@pytest.mark.asyncio
async def test_a_failing_subscriber_is_logged_and_stops_no_other(caplog):
    events = Events(MemoryBroadcast())
    heard = []

    async def broken(event):
        raise RuntimeError("a bug")

    async def fine(event):
        heard.append(event)

    events.subscribe(SolitaireChanged, broken)
    events.subscribe(SolitaireChanged, fine)
    event = SolitaireChanged(100, 5, "free", "game0000", 2, 1, False)
    with caplog.at_level(logging.ERROR, logger="core.events"):
        await events.publish(event)
        await events.drain()
    assert heard == [event]
    assert any("broken" in record.getMessage() and record.exc_info for record in caplog.records)


@pytest.mark.asyncio
async def test_a_gap_in_what_a_process_heard_calls_its_catch_up():
    network = MemoryNetwork()
    receiver = MemoryBroadcast(network)
    events = Events(receiver)
    caught_up = asyncio.Event()

    async def catch_up():
        caught_up.set()

    events.on_gap(catch_up)
    listening = asyncio.create_task(events.run())
    try:
        await asyncio.sleep(0)
        receiver.lose_messages()
        await asyncio.wait_for(caught_up.wait(), 2)
    finally:
        listening.cancel()


@pytest_asyncio.fixture
async def stores(tmp_path):
    store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    ledger = await SqliteLedger.open(tmp_path / "ledger.sqlite3")
    yield store, ledger
    await ledger.close()
    await store.close()


@pytest.mark.asyncio
async def test_the_service_publishes_one_event_per_committed_change_and_none_for_its_bookkeeping(stores):
    store, ledger = stores
    events = Events(MemoryBroadcast())
    heard: list[TableChanged] = []

    async def record(event):
        heard.append(event)

    events.subscribe(TableChanged, record)
    service = service_on(store, ledger, FakeClock(), events=events)
    opened = await open_table(service, ruleset("classic"), members=3, computers=1)
    table_id = opened.state.id
    await DiscordPlaces(store).record(table_id, DiscordPlace(200, 300, 400))  # where it lives: no change
    started = await start(service, table_id, 1)
    moved = await member_move(service, started, random.Random(1))
    await events.drain()
    versions = [event.version for event in heard]
    assert [event.happened for event in heard] == ["lobby", "lobby", "lobby", "dealt", "played"]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    assert heard[-1].version == moved.version and heard[-1].state == moved.state
    assert heard[-1].waiting == tuple(moved.change.waiting or ())
    with pytest.raises(Refusal):
        await join(service, table_id, 9)  # refused (the match began): nothing published
    await events.drain()
    assert len(heard) == 5


def counted_reads(store):
    """The keys ``store`` is read at from now on, in order."""
    reads: list[str] = []
    original = store.read

    async def counted(key):
        reads.append(key)
        return await original(key)

    store.read = counted
    return reads


def heard_of(committed):
    """The change ``committed`` made, as another process's event says it."""
    return TableChanged(committed.state.id, 100, committed.version, committed.state.step, "lobby", True)


@pytest.mark.asyncio
async def test_the_subscribers_of_a_change_heard_from_another_process_share_one_read_of_it(stores):
    store, ledger = stores
    reads = counted_reads(store)
    service = service_on(store, ledger, FakeClock())
    opened = await open_table(service, ruleset("classic"), members=2)
    heard = heard_of(opened)
    reads.clear()
    first, second = await asyncio.gather(service.read_heard(heard), service.read_heard(heard))
    assert first == second and first.version == opened.version and len(reads) == 1
    assert (await service.read_heard(heard)).version == opened.version and len(reads) == 1
    joined = await join(service, opened.state.id, 3)
    later = heard_of(joined)
    assert (await service.read_heard(later)).version == joined.version  # newer than the read kept: read again


@pytest.mark.asyncio
async def test_the_reads_of_heard_changes_kept_are_the_most_recently_heard(stores, monkeypatch):
    """Past ``HEARD_KEPT`` tables, the one heard longest ago is forgotten, not the one first heard: a table
    whose changes keep coming keeps its shared read while quiet ones come and go."""
    store, ledger = stores
    monkeypatch.setattr(service_module, "HEARD_KEPT", 2)
    reads = counted_reads(store)
    service = service_on(store, ledger, FakeClock())
    busy, quiet, other = [await open_table(service, ruleset("classic"), members=2) for _ in range(3)]

    reads.clear()
    await service.read_heard(heard_of(busy))
    await service.read_heard(heard_of(quiet))
    joined = await join(service, busy.state.id, 3)  # the busy table changes again, and is heard again
    await service.read_heard(heard_of(joined))
    await service.read_heard(heard_of(other))  # one table too many: the quiet one goes
    reads.clear()
    await service.read_heard(heard_of(joined))
    assert reads == []  # the busy table's read is still shared
    await service.read_heard(heard_of(quiet))
    assert reads == [f"table:{quiet.state.id}"]


@pytest.mark.asyncio
async def test_a_subscriber_taken_off_hears_nothing_more():
    events = Events(MemoryBroadcast(MemoryNetwork()))
    heard: list[object] = []

    async def record(event: object) -> None:
        heard.append(event)

    unfollow = events.subscribe(SolitaireChanged, record)
    first = SolitaireChanged(100, 5, "daily", "game0000", 1, 1, False)
    await events.publish(first)
    await events.drain()
    unfollow()
    unfollow()  # twice is once
    await events.publish(SolitaireChanged(100, 5, "daily", "game0000", 2, 2, False))
    await events.drain()
    assert heard == [first]

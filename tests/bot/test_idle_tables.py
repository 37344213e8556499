"""Idle tables: a member's click restarts the idle limit, the clock does not; past the limit the clock
closes the table and a started match reaches the ledger as closed, with its finished hands' totals.
Also the seats a change newly waits for (``Change.awaited``), which the mentions are sent for."""

from __future__ import annotations

import random

import pytest
import pytest_asyncio

from bot.tables.places import DiscordPlace, DiscordPlaces
from core.events import Events
from core.refusal import Refusal
from core.tables.events import TableChanged
from core.tables.moves import Play
from core.tables.rounds import load_round
from core.tables.service import RETENTION
from core.tables.state import Timing
from data.broadcast import MemoryBroadcast
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from game.rules import ruleset
from tests.bot.tables_helpers import FakeClock, act, cancel, join, member_move, open_table, service_on, start

pytestmark = pytest.mark.asyncio
IDLE = Timing(turn=30.0, claim=10.0, computer_pause=0.0, next_hand=5.0, idle=600.0)
PACED = Timing(turn=30.0, claim=10.0, computer_pause=3.0, next_hand=5.0, idle=600.0)  # a hand lasts minutes


@pytest_asyncio.fixture
async def service_and_ledger(tmp_path):
    store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    ledger = await SqliteLedger.open(tmp_path / "ledger.sqlite3")
    clock = FakeClock()
    yield service_on(store, ledger, clock), ledger, clock
    await ledger.close()
    await store.close()


async def _wake_due(service, clock) -> list:
    """What the desk's clock does: wake the tables due, and show their results (marked posted)."""
    woken = []
    for table_id in await service.due():
        committed = await service.wake(table_id)
        woken.append(committed)
        if committed is not None and committed.state.result_unposted:
            await service.result_posted(table_id, committed.state.last_hand.step)
    return woken


async def test_a_lobby_nobody_touches_is_closed_at_its_idle_limit(service_and_ledger):
    service, ledger, clock = service_and_ledger
    lobby = await open_table(service, ruleset("classic"), members=2, timing=IDLE)
    assert lobby.state.idle_at == clock.now + 600.0
    clock.advance(599.0)
    assert await service.due() == []
    joined = await join(service, lobby.state.id, 3, "Member 3")
    assert joined.state.idle_at == clock.now + 600.0  # a click starts the limit again
    clock.advance(599.0)
    assert await service.due() == []
    clock.advance(2.0)
    [closed] = await _wake_due(service, clock)
    assert closed.state.status == "closed" and closed.change.happened == "closed"
    assert closed.state.unrecorded == ()  # nothing was played
    assert closed.state.wake_at == clock.now + RETENTION  # kept a while for its buttons, then removed
    with pytest.raises(Refusal) as refused:
        await join(service, lobby.state.id, 4, "Member 4")
    assert refused.value.key == "table_closed"
    assert await ledger.matches(100) == []


async def test_a_match_nobody_plays_closes_and_is_recorded_as_closed(service_and_ledger):
    service, ledger, clock = service_and_ledger
    committed = await open_table(service, ruleset("classic", length="one_wind"), members=1, computers=3, timing=PACED)
    started = await start(service, committed.state.id, 1)
    assert started.state.idle_at == clock.now + 600.0
    # the member's turns are played by the clock, then by a computer: none of that counts as a click
    status = started.state.status
    while status in ("playing", "between"):
        woken = await _wake_due(service, clock)
        if not woken:
            clock.advance(1.0)
        for change in woken:
            await service.record(change.state.id)
            status = change.state.status
    assert clock.now >= started.state.idle_at
    current = await service.read(committed.state.id)
    assert current is not None and current.state.status == "closed"
    [match] = await ledger.matches(100)
    hands = await ledger.hands(100)
    assert match.ended == "closed" and match.hands == len(hands) >= 1
    assert list(match.totals) == [sum(hand.payments[seat] for hand in hands) for seat in range(4)]
    with pytest.raises(Refusal) as refused:
        await act(service, committed.state.id, 1, _any_button(current.state))
    assert refused.value.key == "table_closed"


def _any_button(state):
    return Play("back", state.step)


async def test_a_members_move_restarts_the_idle_limit_and_names_who_is_awaited_next(service_and_ledger):
    service, _, clock = service_and_ledger
    committed = await open_table(service, ruleset("classic"), members=4, timing=IDLE)
    started = await start(service, committed.state.id, 1)
    hand = load_round(started.state)
    assert started.change.awaited == tuple(hand.awaiting())  # the dealer, at the deal
    rng = random.Random(3)
    before = load_round(started.state).awaiting()
    clock.advance(100.0)
    moved = await member_move(service, started, rng)
    assert moved.state.idle_at == clock.now + 600.0
    now_awaited = load_round(moved.state).awaiting()
    assert moved.change.awaited == tuple(seat for seat in now_awaited if seat not in before)
    assert moved.change.awaited  # a discard always hands the table to someone else
    clock.advance(31.0)
    [timed_out] = await _wake_due(service, clock)
    assert timed_out.state.idle_at == moved.state.idle_at  # the clock's move is not a member's click


async def test_an_ended_table_is_removed_after_its_retention_with_its_thread_index(tmp_path):
    store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    ledger = await SqliteLedger.open(tmp_path / "ledger.sqlite3")
    events, places, clock = Events(MemoryBroadcast()), DiscordPlaces(store), FakeClock()
    events.subscribe(TableChanged, places)  # as the Discord surface does: the removal takes its record
    service = service_on(store, ledger, clock, events=events)
    lobby = await open_table(service, ruleset("classic"), members=1, timing=IDLE)
    table_id = lobby.state.id
    await places.record(table_id, DiscordPlace(200, 77, 78))
    await places.index_thread(77, table_id)
    cancelled = await cancel(service, table_id, 1)
    assert cancelled.state.status == "cancelled" and cancelled.state.wake_at == clock.now + RETENTION
    clock.advance(RETENTION - 1)
    assert await service.due() == []
    clock.advance(2)
    assert await service.due() == [table_id]
    assert await service.wake(table_id) is None
    assert await service.read(table_id) is None and await places.table_of_thread(77) is None
    assert await places.of(table_id) is None
    assert await service.due() == []
    await ledger.close()
    await store.close()

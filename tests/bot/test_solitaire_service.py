"""The solitaire service on the real stores (the embedded SQLite live store and the real Redis, the
SQLite ledger) under a fake clock: games found again, replays of the daily, results recorded exactly
once even across a crash between the two writes, compare-and-set between two clicks, and the daily
post claimed by one process only."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import date, timedelta

import pytest
import pytest_asyncio

from core.compare_and_set import RETRIES
from core.events import Events
from core.refusal import Refusal
from core.solitaire.events import SolitaireChanged
from core.solitaire.moves import GameMove
from core.solitaire.service import SolitaireService, daily_deal
from core.solitaire.state import SolitaireState, slot_key
from data.broadcast import MemoryBroadcast
from data.solitaire_ledger import Board, SolitaireResult
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.solitaire.deal import deal_for_seed

pytestmark = pytest.mark.asyncio

GUILD, ALICE, BOB = 501, 1, 2
MIDNIGHT = 1_741_910_400.0  # 2025-03-14 00:00 UTC
DAY = date(2025, 3, 14)


class FakeClock:
    def __init__(self, now: float = MIDNIGHT + 3600) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest_asyncio.fixture
async def ledger(tmp_path) -> AsyncIterator[SqliteSolitaireLedger]:
    opened = await SqliteSolitaireLedger.open(tmp_path / "ledger.sqlite3")
    try:
        yield opened
    finally:
        await opened.close()


def ids():
    counter = iter(range(10_000))
    return lambda: f"game{next(counter):04d}"


def service_on(store, ledger, clock) -> SolitaireService:
    """The service with the ledger's subscriber, as the bot wires it; its events run before it answers."""
    events = Events(MemoryBroadcast())
    service = SolitaireService(store, ledger, clock, events, make_id=ids(), make_seed=lambda: 7)
    events.subscribe(SolitaireChanged, service.record_ended)
    original = service.update

    async def update(*args, **kwargs):
        committed = await original(*args, **kwargs)
        await events.drain()
        return committed

    service.update = update  # type: ignore[method-assign]
    return service


def pair(state: SolitaireState, a: int, b: int) -> tuple[str, GameMove]:
    return state.kind, GameMove(state.id, state.step, "pair", (a, b))


async def finish(service: SolitaireService, member: int, kind: str = "daily") -> SolitaireState:
    current = await service.read(GUILD, member, kind)  # type: ignore[arg-type]
    for _ in range(2):
        state = current.state
        current = await service.act(GUILD, member, state.kind, GameMove(state.id, state.step, "finish"))
    recorded = await service.read(GUILD, member, kind)  # type: ignore[arg-type]  # as the ledger's subscriber left it
    return recorded.state


async def test_the_daily_goes_on_where_it_was_and_may_be_replayed(store, ledger):
    clock = FakeClock()
    service = service_on(store, ledger, clock)
    first = await service.daily(GUILD, ALICE, "Alice")
    assert first.state.day == DAY and first.state.game.seed == daily_deal(DAY, None).seed
    a, b = daily_deal(DAY, None).solution[0]
    clock.now += 20
    played = await service.act(GUILD, ALICE, *pair(first.state, a, b))
    again = await service.daily(GUILD, ALICE, "Alice")
    assert again.outcome.continued and again.state == played.state
    clock.now += 10
    ended = await finish(service, ALICE)
    assert ended.recorded and ended.game.over
    kept = await ledger.result(ended.id)
    assert kept is not None and (kept.pairs, kept.seconds, kept.score) == (1, 30, 100 - 30)
    replay = await service.daily(GUILD, ALICE, "Alice")
    assert replay.state.id != ended.id and not replay.state.game.over and replay.state.game.pairs == 0


async def test_an_open_daily_of_an_earlier_day_is_finished_and_counted_for_its_day(store, ledger):
    clock = FakeClock()
    service = service_on(store, ledger, clock)
    opened = await service.daily(GUILD, ALICE, "Alice")
    state = opened.state
    for a, b in daily_deal(DAY, None).solution[:3]:
        clock.now += 5
        state = (await service.act(GUILD, ALICE, *pair(state, a, b))).state
    clock.now = MIDNIGHT + 86_400 + 60  # the next UTC day
    today = await service.daily(GUILD, ALICE, "Alice")
    assert today.state.day == DAY + timedelta(days=1) and today.state.game.pairs == 0
    kept = await ledger.result(opened.state.id)
    # 15 s of play, then the idle stretch up to the clock's own pause (120 s) counts, the rest does not
    assert kept is not None and kept.day == DAY and (kept.pairs, kept.seconds, kept.score) == (3, 135, 165)
    assert [s.member_id for s in await ledger.leaderboard(GUILD, Board("daily", DAY))] == [ALICE]


async def test_another_free_deal_while_one_is_open_is_refused(store, ledger):
    service = service_on(store, ledger, FakeClock())
    opened = await service.free(GUILD, ALICE, "Alice", 42)
    assert opened.state.game.seed == 42
    assert (await service.free(GUILD, ALICE, "Alice", None)).state == opened.state
    assert (await service.free(GUILD, ALICE, "Alice", 42)).outcome.continued
    with pytest.raises(Refusal) as refused:
        await service.free(GUILD, ALICE, "Alice", 43)
    assert refused.value.key == "sol_free_open" and refused.value.params == {"seed": 42}
    assert (await service.read(GUILD, ALICE, "free")).state == opened.state
    await finish(service, ALICE, "free")
    assert (await service.free(GUILD, ALICE, "Alice", 43)).state.game.seed == 43


async def test_a_game_someone_else_writes_at_every_try_is_refused_as_busy(store, ledger, monkeypatch):
    """Each try reads the game afresh; after ``RETRIES`` writes that all lost, the move is refused, and so
    is a new game whose every creation lost."""
    service = service_on(store, ledger, FakeClock())
    opened = await service.free(GUILD, ALICE, "Alice", 7)
    a, b = deal_for_seed(7).solution[0]
    reads, tried = [], []
    read = store.read

    async def counted(key):
        reads.append(key)
        return await read(key)

    async def lost(key, *args, **kwargs):
        tried.append(key)
        return None

    monkeypatch.setattr(store, "read", counted)
    monkeypatch.setattr(store, "write", lost)
    with pytest.raises(Refusal) as refused:
        await service.act(GUILD, ALICE, *pair(opened.state, a, b))
    assert refused.value.key == "sol_busy"
    assert reads == [slot_key(GUILD, ALICE, "free")] * RETRIES
    tried.clear()
    monkeypatch.setattr(store, "create", lost)
    with pytest.raises(Refusal) as refused:
        await service.daily(GUILD, BOB, "Bob")
    assert refused.value.key == "sol_busy"
    assert tried == [slot_key(GUILD, BOB, "daily")] * RETRIES


async def test_two_clicks_on_one_step_apply_once(store, ledger):
    service = service_on(store, ledger, FakeClock())
    opened = await service.free(GUILD, ALICE, "Alice", 7)
    (a, b), (c, d) = deal_for_seed(7).solution[:2]
    results = await asyncio.gather(
        service.act(GUILD, ALICE, *pair(opened.state, a, b)),
        service.act(GUILD, ALICE, *pair(opened.state, c, d)),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(applied) == 1 and [r.key for r in refused] == ["sol_stale"]
    assert (await service.read(GUILD, ALICE, "free")).state.game.pairs == 1


async def test_a_result_left_pending_by_a_crash_is_recorded_once_by_the_next_read(store, ledger):
    clock = FakeClock()
    service = service_on(store, ledger, clock)
    opened = await service.free(GUILD, ALICE, "Alice", 7)
    state = opened.state
    ended = state.game.finish(clock.now).finish(clock.now)
    crashed = SolitaireState(
        state.id, state.guild_id, state.member_id, state.name, state.kind, None, ended, state.step + 2
    )  # what the live write holds when the ledger's write never came
    found = await store.read(slot_key(GUILD, ALICE, "free"))
    assert await store.write(crashed.key, found.version, crashed.to_document()) is not None
    assert await ledger.result(state.id) is None
    again = await service.read(GUILD, ALICE, "free")
    assert again.state.recorded and await ledger.result(state.id) is not None
    # a second process that read it pending too hands the ledger the very same result: kept once, no conflict
    same = SolitaireResult.of(state.id, GUILD, ALICE, "Alice", "free", None, ended, ended.clock.last_activity)
    assert not await ledger.record(same)
    assert await ledger.count_ranked(GUILD, Board("free")) == 0  # a zero score is kept, not listed
    assert (await ledger.member_stats(GUILD, ALICE, DAY)).games == 1


async def _left_pending(service: SolitaireService, store, clock, guild: int, member: int) -> SolitaireState:
    """A free game ended in the live state whose ledger write never came (its process was killed)."""
    state = (await service.free(guild, member, f"member {member}", 7)).state
    ended = state.game.finish(clock.now).finish(clock.now)
    crashed = SolitaireState(state.id, guild, member, state.name, state.kind, None, ended, state.step + 2)
    found = await store.read(slot_key(guild, member, "free"))
    assert await store.write(crashed.key, found.version, crashed.to_document()) is not None
    return crashed


async def test_a_starting_process_records_the_results_left_pending_in_its_servers_only(store, ledger):
    clock = FakeClock()
    service = service_on(store, ledger, clock)
    mine = await _left_pending(service, store, clock, GUILD, ALICE)
    elsewhere = await _left_pending(service, store, clock, GUILD + 1, BOB)
    still_open = (await service.daily(GUILD, BOB, "Bob")).state
    assert await service.record_pending(lambda guild: guild == GUILD) == 1
    assert await ledger.result(mine.id) is not None and await ledger.result(elsewhere.id) is None
    assert (await store.read(mine.key)).document["recorded"] is True
    assert await ledger.result(still_open.id) is None and not (await service.read(GUILD, BOB, "daily")).state.game.over
    assert await service.record_pending(lambda guild: guild == GUILD) == 0  # recorded once


async def test_a_damaged_game_is_dropped_so_the_next_one_can_start(store, ledger):
    service = service_on(store, ledger, FakeClock())
    assert await store.create(slot_key(GUILD, ALICE, "daily"), {"version": 1, "id": "broken"})
    assert await service.read(GUILD, ALICE, "daily") is None
    assert await store.read(slot_key(GUILD, ALICE, "daily")) is None
    assert (await service.daily(GUILD, ALICE, "Alice")).state.game.pairs == 0


async def test_the_clock_starts_when_the_board_reaches_the_member_not_when_the_game_is_created(store, ledger):
    clock = FakeClock()
    service = service_on(store, ledger, clock)
    opened = await service.free(GUILD, ALICE, "Alice", 12)
    clock.now += 9  # drawing and sending the first board took nine seconds
    await service.shown(opened)
    shown = (await service.read(GUILD, ALICE, "free")).state
    assert shown.game.seconds(clock.now) == 0 and shown.game.started_at == clock.now
    a, b = deal_for_seed(12).solution[0]
    clock.now += 4
    played = await service.act(GUILD, ALICE, *pair(shown, a, b))
    assert played.state.game.seconds(clock.now) == 4
    # once the member has played, the board had reached them: a late word of it changes nothing
    clock.now += 3
    await service.shown(played)
    assert (await service.read(GUILD, ALICE, "free")).state.game.started_at == shown.game.started_at
    # and the start survives the store's round trip, as the replay of the game does
    assert SolitaireState.from_document(played.state.to_document()).game.seconds(clock.now) == 7


async def test_the_clock_starts_once_however_often_the_board_is_shown_before_the_first_move(store, ledger):
    clock = FakeClock()
    service = service_on(store, ledger, clock)
    opened = await service.daily(GUILD, ALICE, "Alice")
    clock.now += 2
    first = await service.shown(opened)
    started_at = first.state.game.started_at
    # read the board, solve it elsewhere, read it again: the clock still runs from the first showing
    clock.now += 30
    again = await service.daily(GUILD, ALICE, "Alice")
    await service.shown(again)
    kept = (await service.read(GUILD, ALICE, "daily")).state
    assert kept.shown and kept.game.started_at == started_at
    assert kept.game.seconds(clock.now) == 30


async def test_a_game_stored_before_the_shown_field_reads_as_shown(store, ledger):
    opened = await service_on(store, ledger, FakeClock()).free(GUILD, ALICE, "Alice", 12)
    assert not opened.state.shown
    older = {key: value for key, value in opened.state.to_document().items() if key != "shown"}
    assert SolitaireState.from_document(older).shown

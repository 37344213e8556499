"""The shared move path replays a round once at most (issue 47): the tables this process wrote are read
back without being rebuilt (``core.tables.service.Known``, keyed by the store's version and its
document), and the round this process played is handed to the next move as it is
(``core.tables.rounds.load_round``); a version another process wrote, or a table opened again under
the same id, is never answered from what this process kept."""

from __future__ import annotations

import json
import random

import pytest
import pytest_asyncio

from core.refusal import Refusal
from core.tables import rounds
from core.tables.frame import frame, move_of
from core.tables.moves import Actor, Play
from core.tables.service import Known, table_key
from core.tables.state import TableState
from core.tables.transitions import move_for
from data.ledger_sqlite import SqliteLedger
from data.live import Versioned
from data.live_sqlite import SqliteLiveStore
from game.players.basic import BasicPlayer
from game.round import Round
from game.rules import ruleset
from tests.bot.tables_helpers import GUILD, FakeClock, act, open_table, service_on, start

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def store(tmp_path):
    opened = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    yield opened
    await opened.close()


@pytest_asyncio.fixture
async def ledger(tmp_path):
    opened = await SqliteLedger.open(tmp_path / "ledger.sqlite3")
    yield opened
    await opened.close()


def _copy(document: dict) -> dict:
    """A document as a store gives it back: equal, and its own objects."""
    return json.loads(json.dumps(document))


async def _started(store, ledger, clock):
    service = service_on(store, ledger, clock)
    committed = await open_table(service, ruleset("classic"), members=4)
    return service, await start(service, committed.state.id, 1)


def _replayed(state: TableState) -> Round:
    """The state's round rebuilt by the engine here, apart from anything the service keeps."""
    return Round.from_document(_copy(state.hand), rules=state.settings.rules)


def _next_move(state: TableState, rng: random.Random) -> tuple[int, Play]:
    hand = _replayed(state)
    seat = hand.awaiting()[0]
    member = state.seats[seat].member_id
    assert member is not None
    return member, move_for(state, hand, BasicPlayer().choose(hand.view(seat), rng))


async def test_known_answers_a_state_only_for_its_version_and_its_document(store, ledger):
    _, committed = await _started(store, ledger, FakeClock())
    state = committed.state
    document = state.to_document()
    known = Known()
    known.remember(state.id, 7, document, state)
    assert known.state(state.id, Versioned(7, _copy(document))) is state
    # another version (another process wrote it): rebuilt from what the store gave, then kept in its place
    later = known.state(state.id, Versioned(8, _copy(document)))
    assert later is not state and later == state
    assert known.state(state.id, Versioned(7, _copy(document))) is not state
    # the same version with another document (the table removed and opened again under its id)
    other = _copy(document)
    other["step"] = state.step + 5
    known.remember(state.id, 1, document, state)
    found = known.state(state.id, Versioned(1, other))
    assert found is not state and found.step == state.step + 5
    known.forget(state.id)
    assert len(known) == 0


async def test_known_keeps_a_bounded_number_of_tables(store, ledger):
    _, committed = await _started(store, ledger, FakeClock())
    state = committed.state
    document = state.to_document()
    known = Known(size=3)
    for number in range(5):
        known.remember(f"t{number}", 1, document, state)
    assert len(known) == 3
    assert known.state("t0", Versioned(1, _copy(document))) is not state  # the oldest forgotten
    assert known.state("t4", Versioned(1, _copy(document))) is state
    assert len(known) == 3


async def test_a_move_on_a_table_this_process_wrote_replays_nothing(store, ledger, monkeypatch):
    clock = FakeClock()
    service, committed = await _started(store, ledger, clock)

    def no_replay(*args, **kwargs):
        raise AssertionError("the round was replayed")

    class NoReplay:
        from_document = staticmethod(no_replay)

    monkeypatch.setattr(rounds, "round_resumed", no_replay)
    monkeypatch.setattr(rounds, "Round", NoReplay)  # the service's loads only: this test replays its own
    rng = random.Random(3)
    moves = 0
    while committed.state.status == "playing" and moves < 40:
        state = committed.state
        member, move = _next_move(state, rng)
        if moves % 2:  # the page's way: the move read from its message against the state it changes
            shown = frame(state, committed.version, member, clock(), _replayed(state))
            message = _message_of(shown, state, member, move, clock())

            def chosen(current, now, member=member, message=message):
                return move_of(current, member, message, now)

            committed = await service.act(state.id, Actor(member, GUILD, f"Member {member}"), chosen)
        else:  # Discord's: the button's move
            committed = await act(service, state.id, member, move)
        assert committed.written
        assert committed.state.hand == (await store.read(table_key(state.id))).document["hand"]
        moves += 1
    assert moves >= 10


def _message_of(shown: dict, state: TableState, member: int, move: Play, now: float) -> dict:
    """The page's message for ``move``: the frame's choice that stands for it."""
    for choice in shown["actions"]:
        message = {**choice, "step": shown["step"]}
        try:
            if move_of(state, member, message, now) == move:
                return message
        except Refusal:
            continue
    raise AssertionError(f"no choice of the frame is {move}")


async def test_a_version_another_process_wrote_is_read_as_stored(store, ledger, tmp_path):
    clock = FakeClock()
    here, committed = await _started(store, ledger, clock)
    table_id = committed.state.id
    other_store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    try:
        there = service_on(other_store, ledger, clock)
        rng = random.Random(5)
        for turn in range(12):
            service = there if turn % 3 == 2 else here  # now and then the other process moves
            current = await service.read(table_id)
            assert current is not None
            found = await store.read(table_key(table_id))
            assert found is not None and current.version == found.version
            assert current.state == TableState.from_document(found.document)
            if current.state.status != "playing":
                break
            member, move = _next_move(current.state, rng)
            before = len(_replayed(current.state).actions)
            committed = await act(service, table_id, member, move)
            assert len(_replayed(committed.state).actions) > before  # played on the stored state
            assert committed.state == TableState.from_document((await store.read(table_key(table_id))).document)
    finally:
        await other_store.close()


async def test_a_table_opened_again_under_its_id_is_not_answered_from_the_old_one(store, ledger):
    clock = FakeClock()
    service, committed = await _started(store, ledger, clock)
    table_id = committed.state.id
    old = await service.read(table_id)
    assert old is not None
    # removed, and opened again under the same id by another process (its own ids and seeds): the
    # store counts its versions from 1 again, and the same moves bring it to the same version
    assert await store.delete(table_key(table_id), old.version)
    other = service_on(store, ledger, clock, seed=12)
    opened = await open_table(other, ruleset("classic"), members=4)
    fresh = await start(other, opened.state.id, 1)
    assert fresh.state.id == table_id and fresh.version == old.version
    read = await service.read(table_id)
    assert read is not None and read.state is not old.state
    assert read.state == fresh.state and read.state.seed == 12 != old.state.seed


async def test_only_a_move_on_a_round_at_hand_runs_on_the_loop(store, ledger, tmp_path, monkeypatch):
    import core.tables.service as service_module

    clock = FakeClock()
    here, committed = await _started(store, ledger, clock)
    table_id = committed.state.id
    threaded: list[str] = []
    to_thread = service_module.asyncio.to_thread

    async def counted(function, *args, **kwargs):
        if getattr(function, "__module__", "").startswith("core.tables"):  # a table's transition
            threaded.append(function.__name__)
        return await to_thread(function, *args, **kwargs)

    monkeypatch.setattr(service_module.asyncio, "to_thread", counted)
    rng = random.Random(7)
    member, move = _next_move(committed.state, rng)
    committed = await act(here, table_id, member, move)  # the round this process dealt: on the loop
    assert threaded == []
    other_store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    try:
        there = service_on(other_store, ledger, clock)
        member, move = _next_move(committed.state, rng)
        await act(there, table_id, member, move)  # read back in "another process": its round is not at hand
        assert len(threaded) == 1
        current = await here.read(table_id)
        member, move = _next_move(current.state, rng)
        assert not rounds.at_hand(current.state)
        await act(here, table_id, member, move)  # the version the other wrote: carried on in a thread
        assert len(threaded) == 2
        wake = await here.wake(table_id)  # the clock: always in a thread (computer players think there)
        assert wake is not None and len(threaded) == 3
    finally:
        await other_store.close()

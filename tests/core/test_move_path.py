"""The shared move path replays a round once at most (issue 47): the tables this process wrote are read
back without being rebuilt (``core.tables.service.Known``, keyed by the store's version and its
document), and the round this process played is handed to the next move as it is
(``core.tables.rounds.load_round``); a version another process wrote, or a table opened again under
the same id, is never answered from what this process kept."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
import pytest_asyncio

from core.refusal import Refusal
from core.tables import rounds
from core.tables.frame import frame, move_of
from core.tables.moves import Actor, Play
from core.tables.service import KNOWN_FRESH, Known, table_key
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


async def test_known_offers_a_table_to_move_unread_only_while_fresh_and_open(store, ledger):
    _, committed = await _started(store, ledger, FakeClock())
    state = committed.state
    ticks = FakeClock(0.0)
    known = Known(clock=ticks)
    known.remember(state.id, 6, state.to_document(), state)
    assert known.fresh(state.id) == (6, state.to_document(), state)
    ticks.advance(KNOWN_FRESH + 1)
    assert known.fresh(state.id) is None  # too long ago: the store is asked
    assert known.state(state.id, Versioned(6, _copy(state.to_document()))) is state  # read again: fresh again
    assert known.fresh(state.id) is not None
    known.heard(state.id, 6)
    assert known.fresh(state.id) is not None  # that version, or an older one: still the newest known
    known.heard(state.id, 7)
    assert known.fresh(state.id) is None and len(known) == 0  # another process wrote a newer one
    ended = replace(state, status="over")
    known.remember(state.id, 9, ended.to_document(), ended)
    assert known.fresh(state.id) is None  # an ended table may be removed: never moved unread


async def test_a_move_after_this_process_wrote_the_table_reads_nothing(store, ledger, monkeypatch):
    clock = FakeClock()
    service, committed = await _started(store, ledger, clock)
    reads: list[str] = []
    read = store.read

    async def counted(key):
        reads.append(key)
        return await read(key)

    monkeypatch.setattr(store, "read", counted)
    rng = random.Random(9)
    for _ in range(10):
        member, move = _next_move(committed.state, rng)
        committed = await act(service, committed.state.id, member, move)
        assert committed.written
    assert reads == []
    stored = await read(table_key(committed.state.id))
    assert stored is not None and stored.version == committed.version
    assert TableState.from_document(stored.document) == committed.state


async def test_a_move_tried_on_a_version_another_process_replaced_is_played_on_the_stored_one(
    store, ledger, tmp_path, monkeypatch
):
    clock = FakeClock()
    here, committed = await _started(store, ledger, clock)
    table_id = committed.state.id
    other_store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    try:
        there = service_on(other_store, ledger, clock)
        rng = random.Random(11)
        kept_here = rounds._PLAYED
        lost: list[int] = []
        write = store.write

        async def counted(key, version, document, *, deadline=None):
            written = await write(key, version, document, deadline=deadline)
            lost.extend([version] if written is None else [])
            return written

        monkeypatch.setattr(store, "write", counted)
        for turn in range(6):
            # the other process, with its own kept rounds: what this one knows is then one version behind
            monkeypatch.setattr(rounds, "_PLAYED", rounds._Played())
            current = await there.read(table_id)
            assert current is not None and current.state.status == "playing"
            member, move = _next_move(current.state, rng)
            moved = await act(there, table_id, member, move)
            monkeypatch.setattr(rounds, "_PLAYED", kept_here)
            assert here._known.fresh(table_id) is not None  # not heard of: this process tries its own first
            if turn % 2:  # a move made from the stored state: refused as stale on the known one
                member, move = _next_move(moved.state, rng)
            else:  # a standing choice, taken at any step: written there, and lost to the newer version
                move = Play("standing", moved.state.step, 1)
                member = moved.state.seats[0].member_id
            committed = await act(here, table_id, member, move)
            stored = await store.read(table_key(table_id))
            assert stored is not None and committed.version == stored.version == moved.version + 1
            assert committed.state == TableState.from_document(stored.document)
            assert committed.state.hand["actions"][: len(moved.state.hand["actions"])] == moved.state.hand["actions"]
            if turn % 2:
                assert len(committed.state.hand["actions"]) > len(moved.state.hand["actions"])
                assert lost == []  # refused on the known version: nothing was tried there
            else:
                assert committed.state.seats[0].standing != moved.state.seats[0].standing
                assert lost == [moved.version - 1]  # tried on the known version, and lost to the newer one
            lost.clear()
            kept_here = rounds._PLAYED
    finally:
        await other_store.close()


async def test_the_round_a_move_left_is_lent_to_the_frames_and_kept_for_the_next_move(store, ledger):
    clock = FakeClock()
    service, committed = await _started(store, ledger, clock)
    member, move = _next_move(committed.state, random.Random(5))
    committed = await act(service, committed.state.id, member, move)
    state = committed.state
    assert rounds.at_hand(state)
    with rounds.lent_round(state) as lent:
        assert lent is not None and json.dumps(lent.to_document()) == json.dumps(state.hand)
        assert not rounds.at_hand(state)  # no transition takes it while it is lent
        with rounds.lent_round(state) as again:
            assert again is None  # lent once at a time
    assert rounds.at_hand(state) and rounds.load_round(state) is lent  # given back: the next move's as it is
    rounds.keep_round(state, lent)


async def test_a_round_is_lent_only_for_its_very_state_and_a_newer_one_kept_meanwhile_stays(store, ledger):
    clock = FakeClock()
    service, committed = await _started(store, ledger, clock)
    member, move = _next_move(committed.state, random.Random(6))
    moved = await act(service, committed.state.id, member, move)
    with rounds.lent_round(committed.state) as lent:
        assert lent is None  # the round kept is at the newer state's hand
    assert rounds.at_hand(moved.state)
    with rounds.lent_round(moved.state) as lent:
        assert lent is not None
        newer = _replayed(moved.state)
        rounds.keep_round(moved.state, newer)  # a transition in a worker thread kept its own meanwhile
    assert rounds.load_round(moved.state) is newer


async def test_the_frames_of_a_move_made_here_are_built_from_the_round_it_left(store, ledger, monkeypatch):
    """The hub reads no round of its own for a change this process made: the frames come from the round
    the move left, and are those a replay of the stored hand gives."""
    from aiohttp import web

    from core.events import Events
    from data.broadcast import MemoryBroadcast
    from web import table_hub

    class Kept(table_hub.Viewer):
        def offer(self, version: int, view: int | None, text: str) -> bool:
            self.said = json.loads(text)
            return True

    clock = FakeClock()
    service, committed = await _started(store, ledger, clock)
    member, move = _next_move(committed.state, random.Random(7))
    committed = await act(service, committed.state.id, member, move)
    state = committed.state
    hub = table_hub.TableHub(service, Events(MemoryBroadcast()), clock)
    viewers = [
        Kept(web.WebSocketResponse(), state.id, Actor(seat.member_id, GUILD), "en", None) for seat in state.seats
    ]
    for viewer in viewers:
        hub.watch(viewer)

    def no_replay(state: TableState) -> Round:
        raise AssertionError("the hub read a round of its own")

    monkeypatch.setattr(table_hub, "shown_round", no_replay)
    hub.show(state, committed.version)
    for viewer in viewers:
        assert viewer.said == json.loads(
            json.dumps(frame(state, committed.version, viewer.member, clock(), _replayed(state)))
        )
    assert rounds.at_hand(state)  # the lent round given back

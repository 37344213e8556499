"""The tables' service on a real store: matches played through it, claims by priority, stale and
doubled clicks, deadlines, and a restart on the same store (SQLite and Redis)."""

from __future__ import annotations

import asyncio
import random
import uuid

import pytest
import pytest_asyncio

from bot.tables.custom_ids import button_for
from core.compare_and_set import RETRIES
from core.refusal import Refusal
from core.tables.moves import Play
from core.tables.rounds import load_match, load_round
from core.tables.service import Committed
from core.tables.state import STANDING, TableState, Timing
from core.tables.transitions import Change, move_for, standing_move
from data.ledger_sqlite import SqliteLedger
from data.live_redis import RedisLiveStore
from data.live_sqlite import SqliteLiveStore
from game.actions import Claim, ClaimKind, Discard
from game.round import Phase
from game.rules import ruleset
from tests.bot.tables_helpers import (
    FakeClock,
    act,
    choose_first,
    everyone_ready,
    join,
    member_move,
    open_table,
    service_on,
    start,
)
from words.phrases import show

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture(params=["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
async def store_factory(request, tmp_path):
    """Opens the same store again on each call (a restart), and closes them all at the end."""
    opened = []
    namespace = f"test-{uuid.uuid4().hex}"

    async def open_store():
        if request.param == "sqlite":
            store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
        else:
            store = RedisLiveStore.from_url("redis://127.0.0.1:6379/0", namespace=namespace)
        opened.append(store)
        return store

    yield open_store
    if request.param == "redis":
        for key in await opened[-1].keys(""):
            found = await opened[-1].read(key)
            if found is not None:
                await opened[-1].delete(key, found.version)
    for store in opened:
        await store.close()


@pytest_asyncio.fixture
async def ledger(tmp_path):
    opened = await SqliteLedger.open(tmp_path / "ledger.sqlite3")
    yield opened
    await opened.close()


async def test_a_match_with_four_computers_runs_on_the_clock_alone(store_factory, ledger):
    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("classic", length="one_wind"), members=1, computers=3)
    table_id = committed.state.id
    committed = await start(service, table_id, 1)  # the host lets the clock play, and is soon away
    finished = 0
    for _ in range(5000):
        due = await service.due()
        if not due:
            following = await service._store.next_deadline()
            assert following is not None, "an open table always has a timer"
            clock.now = following
            continue
        committed = await service.wake(due[0])
        finished += committed.change.finished_hand is not None
        if committed.state.status == "playing":  # what the desk shows without replaying the hand
            hand = load_round(committed.state)
            assert committed.change.waiting == hand.awaiting()
            assert committed.change.claim_window == (hand.phase in (Phase.CLAIM, Phase.ROB))
        await service.record(due[0])  # what the desk does after each change: the ledger takes the results
        if committed.state.result_unposted:  # and the result message is posted
            await service.result_posted(due[0], committed.state.last_hand.step)
        if committed.state.status == "over":
            break
    assert committed.state.status == "over"
    match = load_match(committed.state)
    assert match.over and len(match.hands) == finished >= 4
    assert await service.due() == []
    assert (await service.read(table_id)).state.unrecorded == ()
    recorded = await ledger.hands(100, limit=100)
    assert sorted(hand.number for hand in recorded) == list(range(finished))
    assert [(m.match_id, m.hands) for m in await ledger.matches(100)] == [(table_id, finished)]


async def test_two_claims_sent_at_once_are_resolved_by_priority_not_by_arrival(store_factory, ledger):
    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("classic"), members=4)
    committed = await start(service, committed.state.id, 1)
    rng = random.Random(5)
    for _ in range(3000):
        state = committed.state
        hand = load_round(state)
        if hand.phase is Phase.CLAIM:
            options = {seat: hand.legal_actions(seat) for seat in hand.awaiting()}
            pungs = [seat for seat, legal in options.items() if Claim(seat, ClaimKind.PUNG) in legal]
            chows = [
                (seat, claim)
                for seat, legal in options.items()
                for claim in legal
                if isinstance(claim, Claim) and claim.kind is ClaimKind.CHOW and seat not in pungs
            ]
            if pungs and chows and len(options) == 2:
                break
        if state.status == "between":
            committed = await everyone_ready(service, committed)
            continue
        committed = await member_move(service, committed, rng)
    else:
        pytest.fail("no claim window with a pung and a chow came up")
    pung_seat, (chow_seat, chow) = pungs[0], chows[0]
    member_of = {seat: state.seats[seat].member_id for seat in options}
    chow_click = act(service, state.id, member_of[chow_seat], move_for(state, hand, chow))
    pung = Claim(pung_seat, ClaimKind.PUNG)
    pung_click = act(service, state.id, member_of[pung_seat], move_for(state, hand, pung))
    # the chow is sent first; when the pung is taken first after all (its store round trip the shorter,
    # on a busy host), it ends the window at once (nothing outranks it but a win) and the chow, a step
    # behind, is refused as stale: a late click, the table's outcome the same
    outcome = await asyncio.gather(chow_click, pung_click, return_exceptions=True)
    assert not isinstance(outcome[1], BaseException), outcome
    assert not isinstance(outcome[0], BaseException) or (isinstance(outcome[0], Refusal) and outcome[0].key == "stale")
    final = (await service.read(state.id)).state
    after = load_round(final)
    assert after.phase is Phase.DISCARD and after.turn == pung_seat
    assert after.view(None).seats[pung_seat].melds[-1].base == hand.view(None).last_discard[1]
    assert (
        not after.view(None).seats[chow_seat].melds
        or after.view(None).seats[chow_seat].melds == hand.view(None).seats[chow_seat].melds
    )


async def test_a_stale_or_doubled_click_is_refused_and_changes_nothing(store_factory, ledger):
    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("hongkong"), members=4)
    committed = await start(service, committed.state.id, 1)
    state = committed.state
    hand = load_round(state)
    seat = hand.turn
    member = state.seats[seat].member_id
    discard = next(action for action in hand.legal_actions(seat) if isinstance(action, Discard))
    button = move_for(state, hand, discard)
    results = await asyncio.gather(*(act(service, state.id, member, button) for _ in range(5)), return_exceptions=True)
    applied = [result for result in results if not isinstance(result, Exception)]
    refused = [result for result in results if isinstance(result, Refusal)]
    assert len(applied) == 1 and len(refused) == 4 and {error.key for error in refused} == {"stale"}
    after = await service.read(state.id)
    assert load_round(after.state).view(None).seats[seat].discards[-1].tile == discard.tile
    assert len(load_round(after.state).actions) == len(hand.actions) + 1


async def test_refusals_change_nothing(store_factory, ledger):
    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("classic"), members=4)
    committed = await start(service, committed.state.id, 1)
    state = committed.state
    before = await service.read(state.id)
    hand = load_round(state)
    idle = next(seat for seat in range(4) if seat not in hand.awaiting())
    cases = [
        (state.id, 99, Play("discard", state.step, 0), "not_seated"),
        (state.id, state.seats[idle].member_id, Play("discard", state.step, 0), "not_your_turn"),
        (state.id, state.seats[hand.turn].member_id, Play("discard", state.step, 14), "no_such_tile"),
        (state.id, state.seats[hand.turn].member_id, Play("claim", state.step, 0), "not_legal"),
        (state.id, state.seats[hand.turn].member_id, Play("discard", state.step + 1, 0), "stale"),
        (state.id, state.seats[hand.turn].member_id, Play("next", state.step), "stale"),
        (state.id, state.seats[hand.turn].member_id, Play("back", state.step), "not_away"),
        ("zzzzzzzz", state.seats[hand.turn].member_id, Play("discard", state.step, 0), "no_table"),
    ]
    for table_id, member, move, key in cases:
        with pytest.raises(Refusal) as refused:
            await act(service, table_id, member, move)
        assert refused.value.key == key, (move, refused.value.key)
    assert await service.read(state.id) == before


async def test_a_passed_deadline_plays_the_default_and_two_make_the_seat_away(store_factory, ledger):
    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("classic"), members=4)
    committed = await start(service, committed.state.id, 1)
    table_id = committed.state.id
    misses: dict[int, int] = {}
    for _ in range(400):
        state = committed.state
        if any(seat.away for seat in state.seats):
            break
        hand = load_round(state)
        clock.now = state.wake_at
        before_turn = hand.turn if hand.phase is Phase.DISCARD else None
        drawn = hand.view(before_turn).drawn if before_turn is not None else None
        committed = await service.wake(table_id)
        if before_turn is not None and committed.state.status == "playing":
            after = load_round(committed.state)
            assert after.view(None).seats[before_turn].discards[-1].tile == drawn
            misses[before_turn] = misses.get(before_turn, 0) + 1
    away = [index for index, seat in enumerate(committed.state.seats) if seat.away]
    assert away and misses[away[0]] >= 2
    member = committed.state.seats[away[0]].member_id
    back = await act(service, table_id, member, Play("back", committed.state.step))
    assert not back.state.seats[away[0]].away and back.state.seats[away[0]].missed == 0


async def test_claim_windows_pass_on_their_deadline(store_factory, ledger):
    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("classic"), members=4)
    committed = await start(service, committed.state.id, 1)
    rng = random.Random(2)
    for _ in range(500):
        if load_round(committed.state).phase is Phase.CLAIM:
            break
        committed = await member_move(service, committed, rng)
    state = committed.state
    hand = load_round(state)
    assert hand.phase is Phase.CLAIM and state.deadline == clock.now + state.settings.timing.claim
    discarder = hand.view(None).last_discard[0]
    clock.now = state.deadline
    after = await service.wake(state.id)
    assert load_round(after.state).phase is Phase.DISCARD
    assert load_round(after.state).turn == (discarder + 1) % 4
    assert load_round(after.state).actions[len(hand.actions)].text() == "close"


async def test_a_learners_claim_window_waits_for_every_member_who_may_claim(store_factory, ledger):
    from dataclasses import replace as with_

    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("classic"), members=3, computers=1)
    table_id = committed.state.id
    await service.update(
        table_id, lambda state, now: (with_(state, settings=with_(state.settings, learners=True)), Change())
    )
    committed = await start(service, table_id, 1)
    rng = random.Random(2)
    windows = 0
    for _ in range(400):
        state = committed.state
        if state.status != "playing":
            break
        hand = load_round(state)
        members = [seat for seat in hand.awaiting() if state.seats[seat].member_id is not None]
        if hand.phase is Phase.CLAIM and members:
            assert state.deadline is None  # the window has no timer for the members
            clock.advance(3600.0)  # an hour later the window still waits for them (computers have answered)
            if table_id in await service.due():
                committed = await service.wake(table_id)
            later = load_round(committed.state)
            assert later.phase is Phase.CLAIM and set(members) <= set(later.awaiting())
            windows += 1
        if not members:
            clock.now = state.wake_at
            committed = await service.wake(table_id)
            continue
        committed = await member_move(service, committed, rng)
        after = load_round(committed.state) if committed.state.status == "playing" else None
        if after is not None and after.phase is Phase.DISCARD and committed.state.seats[after.turn].member_id:
            assert committed.state.deadline is not None  # a member's turn keeps its time
    assert windows >= 3


async def test_a_restarted_process_continues_the_table_where_it_was(store_factory, ledger):
    clock = FakeClock()
    first = service_on(await store_factory(), ledger, clock)
    committed = await open_table(first, ruleset("hongkong", length="one_wind"), members=4)
    committed = await start(first, committed.state.id, 1)
    rng = random.Random(3)
    for _ in range(25):
        committed = await member_move(first, committed, rng)
    second = service_on(await store_factory(), ledger, clock)
    resumed = await second.read(committed.state.id)
    assert resumed.state == committed.state and resumed.version == committed.version
    assert TableState.from_document(resumed.state.to_document()) == resumed.state
    moved = await member_move(second, resumed, rng)
    assert len(load_round(moved.state).actions) > len(load_round(committed.state).actions)


async def test_a_mahjong_below_the_hong_kong_minimum_is_refused_with_its_reason(store_factory, ledger):
    from bot.tables.presenter import hand_message

    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("hongkong"), members=4)
    committed = await start(service, committed.state.id, 1)
    rng = random.Random(4)
    for _ in range(6000):
        state = committed.state
        if state.status == "between":
            committed = await everyone_ready(service, committed)
            continue
        hand = load_round(state)
        seat = hand.awaiting()[0]
        win_button = Play("win", state.step)
        if (
            hand.phase is Phase.DISCARD
            and button_for(state.id, state.step, win_button).text()
            in [button.custom_id for button in hand_message(state, seat, "en").buttons]
            and hand.win_refusal(seat) is not None
        ):
            break
        committed = await member_move(service, committed, rng)
    else:
        pytest.fail("no complete hand below the minimum came up")
    before = await service.read(state.id)
    with pytest.raises(Refusal) as refused:
        await act(service, state.id, state.seats[seat].member_id, win_button)
    reason = refused.value.params["reason"]
    assert refused.value.key == "win_refused" and reason.key == "below_minimum"
    assert "fan" in show(reason, "en") and "番" in show(reason, "zh_TW")
    assert await service.read(state.id) == before


async def test_hidden_claim_windows_hold_every_discard_whether_or_not_anyone_may_claim(store_factory, ledger):
    from dataclasses import replace as with_

    from bot.tables.presenter import table_message
    from core.tables.rounds import held

    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("classic"), members=4)
    table_id = committed.state.id
    await service.update(
        table_id, lambda state, now: (with_(state, settings=with_(state.settings, hide_claims=True)), Change())
    )
    committed = await start(service, table_id, 1)
    rng = random.Random(6)
    unclaimable = 0
    for _ in range(60):
        state = committed.state
        if state.status != "playing":
            break
        hand = load_round(state)
        if hand.phase is Phase.DISCARD and held(state, hand, clock.now):
            assert state.hold_until == pytest.approx(clock.now + state.settings.hold) or state.hold_until > clock.now
            assert f"mj1:{table_id}:{state.step}:claim" in [b.custom_id for b in table_message(state, "en").buttons]
            seat = hand.turn
            discard = next(a for a in hand.legal_actions(seat) if isinstance(a, Discard))
            with pytest.raises(Refusal) as refused:
                await act(service, table_id, state.seats[seat].member_id, move_for(state, hand, discard))
            assert refused.value.key == "claims_open"
            unclaimable += 1
            clock.now = state.hold_until
            committed = await service.wake(table_id)
            assert committed.state.hold_until is None and not held(committed.state, load_round(committed.state))
            continue
        committed = await member_move(service, committed, rng)
    assert unclaimable >= 5


async def test_in_the_family_game_the_host_picks_who_starts(store_factory, ledger):
    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("family"), members=4)
    table_id = committed.state.id
    with pytest.raises(Refusal) as refused:
        await choose_first(service, table_id, 2, 1)
    assert refused.value.key == "host_only"
    await choose_first(service, table_id, 1, 2)  # Member 3 starts
    committed = await start(service, table_id, 1)
    state = committed.state
    assert load_round(state).dealer == state.seat_of(3) == load_round(state).turn
    classic = await open_table(service, ruleset("classic"), members=4)
    with pytest.raises(Refusal) as refused:
        await choose_first(service, classic.state.id, 1, 2)
    assert refused.value.key == "not_legal"  # with a wall the dice decide


async def test_the_public_claim_button_shows_only_while_a_member_may_claim(store_factory, ledger):
    """Where claim windows are not hidden, Claim is for members who may answer the window: when only
    computer seats (or members a computer plays for) may, the button is not there to be pressed for
    nothing. Where they are hidden, Claim's answer says why it showed."""
    from dataclasses import replace as with_

    from bot.tables.presenter import hand_message, table_message

    def buttons(state: TableState) -> list[str]:
        return [button.custom_id for button in table_message(state, "en").buttons]

    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("classic"), members=4)
    committed = await start(service, committed.state.id, 1)
    rng = random.Random(3)
    windows = 0
    for _ in range(300):
        state = committed.state
        if state.status != "playing":
            break
        hand = load_round(state)
        if hand.phase is Phase.CLAIM:
            claim = f"mj1:{state.id}:{state.step}:claim"
            able = [
                seat for seat in hand.awaiting() if (hand.view(seat).claim or None) and hand.view(seat).claim.options
            ]
            assert (claim in buttons(state)) == bool(able)
            by_computers = with_(
                state,
                seats=tuple(
                    with_(seat, computer="basic") if index in able[:1] else with_(seat, away=index in able)
                    for index, seat in enumerate(state.seats)
                ),
            )
            assert claim not in buttons(by_computers)
            idle = next(seat for seat in range(4) if seat not in able)
            with pytest.raises(Refusal) as refused:
                hand_message(state, idle, "en", for_claim=True)
            assert refused.value.key == "no_claim"
            hidden = with_(state, settings=with_(state.settings, hide_claims=True))
            with pytest.raises(Refusal) as refused:
                hand_message(hidden, idle, "en", for_claim=True)
            assert refused.value.key == "no_claim_hidden"
            windows += 1
        committed = await member_move(service, committed, rng)
    assert windows >= 3


async def test_standing_choices_play_for_the_members_and_leave_them_the_rest(store_factory, ledger):
    """Four members turn on auto-win, no calls and auto-discard: the table then plays their moves on its
    clock (each the move ``standing_move`` names, never a discard where a win or a kong is possible),
    and waits for a member only when something is theirs to choose."""
    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("classic", length="one_hand"), members=4)
    table_id = committed.state.id
    committed = await start(service, table_id, 1)
    for member_id in range(1, 5):
        for number in range(3):
            committed = await act(service, table_id, member_id, Play("standing", 0, number))
    assert all(seat.standing == frozenset(STANDING) for seat in committed.state.seats)
    # a second press turns a choice off, and a third on again
    committed = await act(service, table_id, 1, Play("standing", 0, 1))
    assert committed.state.seats[committed.state.seat_of(1)].standing == {"auto_win", "auto_discard"}
    committed = await act(service, table_id, 1, Play("standing", 0, 1))
    rng = random.Random(4)
    automatic = chosen = 0
    for _ in range(600):
        state = committed.state
        if state.status != "playing":
            break
        hand = load_round(state)
        expected = [standing_move(state, hand, seat) for seat in hand.awaiting()]
        if any(move is not None for move in expected):
            # the table plays it on its clock; it sets no deadline unless a member is left to answer
            assert state.computer_at is not None and (state.deadline is None or None in expected)
            clock.now = state.computer_at
            committed = await service.wake(table_id)
            if committed.state.status == "playing":
                played = load_round(committed.state).actions[len(hand.actions) :]
                assert played and played[0] == next(move for move in expected if move is not None)
            automatic += 1
        else:
            # what is left to a member: a turn with a kong to decide, or with no drawn tile to let go
            assert state.computer_at is None and hand.phase is Phase.DISCARD
            seat = hand.turn
            kongs = [action for action in hand.legal_actions(seat) if not isinstance(action, Discard)]
            assert kongs or hand.view(seat).drawn is None, hand.legal_actions(seat)
            committed = await member_move(service, committed, rng)
            chosen += 1
    assert committed.state.status != "playing" or committed.state.last_hand is not None
    assert automatic > 20, (automatic, chosen)


async def test_a_turn_may_run_into_the_members_time_bank_which_lasts_the_hand(store_factory, ledger):
    """Twenty seconds a move plus sixty in all for the hand: what a turn takes beyond its twenty comes
    out of the bank; a turn the clock plays empties it; the next hand fills it again."""
    banked = Timing(turn=20.0, claim=10.0, computer_pause=0.0, next_hand=5.0, bank=60.0)
    clock = FakeClock()
    service = service_on(await store_factory(), ledger, clock)
    committed = await open_table(service, ruleset("classic"), members=1, computers=3, timing=banked)
    table_id = committed.state.id
    committed = await start(service, table_id, 1)

    async def members_turn() -> Committed:
        current = committed
        for _ in range(200):
            state = current.state
            hand = load_round(state)
            seat = state.seat_of(1)
            on_turn = state.status == "playing" and hand.phase is Phase.DISCARD and hand.turn == seat
            if on_turn and state.deadline is not None and state.computer_at is None:
                return current
            clock.now = min(time for time in (state.computer_at, state.deadline) if time is not None)
            current = await service.wake(table_id)
        raise AssertionError("the member never had a turn")

    def bank(state: TableState) -> float:
        return state.seats[state.seat_of(1)].bank

    committed = await members_turn()
    assert bank(committed.state) == 60.0 and committed.state.deadline == clock.now + 80.0
    clock.advance(30.0)  # ten seconds beyond the turn's own twenty
    committed = await member_move(service, committed, random.Random(1))
    assert bank(committed.state) == 50.0
    committed = await members_turn()
    assert committed.state.deadline == clock.now + 70.0
    clock.now = committed.state.deadline  # the clock plays the turn: the bank is spent
    committed = await service.wake(table_id)
    assert bank(committed.state) == 0.0
    committed = await members_turn()
    assert committed.state.deadline == clock.now + 20.0
    hand_number = committed.state.hand_number
    for _ in range(2000):  # the rest of the hand by the clock; then the next one
        state = committed.state
        if state.status == "playing" and state.hand_number > hand_number:
            break
        times = [time for time in (state.computer_at, state.deadline) if time is not None]
        clock.now = min(times)
        committed = await service.wake(table_id)
    assert committed.state.hand_number > hand_number
    assert bank(committed.state) == 60.0


async def test_a_table_someone_else_writes_at_every_try_is_refused_as_busy(store_factory, ledger, monkeypatch):
    """Each try reads the table afresh; after ``RETRIES`` writes that all lost, the click is refused."""
    store = await store_factory()
    service = service_on(store, ledger, FakeClock())
    table_id = (await open_table(service, ruleset("classic"), members=1)).state.id
    reads = []
    read = store.read

    async def counted(key):
        reads.append(key)
        return await read(key)

    async def lost(*args, **kwargs):
        return None

    monkeypatch.setattr(store, "read", counted)
    monkeypatch.setattr(store, "write", lost)
    with pytest.raises(Refusal) as refused:
        await join(service, table_id, 2)
    assert refused.value.key == "busy"
    assert reads == [f"table:{table_id}"] * RETRIES

"""SPEC §7.1's additions to the table's state and frames, over whole seeded hands: the seats' time banks
and computers' levels, the result's breakdown and the match's score sheet kept when a hand ends (and
their documents, old ones still read), and the next hand waiting for every member (``ready``)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from core.refusal import Refusal
from core.tables import transitions
from core.tables.finished import FinishedHand
from core.tables.frame import frame
from core.tables.ledger_entries import hand_id
from core.tables.moves import Actor, Lobby, Play
from core.tables.state import TableState
from tests.core.test_table_frame import MEMBERS, VIEWERS, lobby, play_hand, seated
from tests.frame_rule import assert_frame_rule, assert_same_public


def finished(rules: str, seed: int) -> TableState:
    """A table of two members and two computers whose first hand was played through the frames."""
    state, _ = play_hand(seated(lobby(rules, seed)), random.Random(seed))
    assert state.status in ("between", "over")
    return state


@pytest.mark.parametrize("rules", ["hongkong", "classic", "family"])
def test_the_seats_say_their_bank_and_level_and_the_table_its_computers_level(rules: str) -> None:
    state = seated(lobby(rules, 4, computer_level="basic"))
    shown = frame(state, 5, None, 1000.0)
    assert shown["computer_level"] == "basic"
    for seat in shown["seats"]:
        if seat["kind"] == "computer":
            assert seat["level"] == "basic" and seat["bank"] is None  # a computer never waits on the clock
        else:
            assert seat["level"] is None and seat["bank"] == int(state.settings.timing.bank)
    assert all(seat["bank"] is None for seat in frame(finished(rules, 4), 9, None, 1e6)["seats"])
    lobby_seats = frame(lobby(rules, 4), 1, None, 0.0)["seats"]
    assert [(seat["bank"], seat["level"]) for seat in lobby_seats] == [(None, None)] * 4
    assert frame(lobby(rules, 4), 1, None, 0.0)["log"] == [] and frame(lobby(rules, 4), 1, None, 0.0)["dealer"] is None


@pytest.mark.parametrize("rules", ["hongkong", "classic", "family"])
@pytest.mark.parametrize("seed", [1, 2, 3, 6])
def test_a_finished_hand_keeps_its_breakdown_and_its_row_of_the_sheet(rules: str, seed: int) -> None:
    state = finished(rules, seed)
    last = state.last_hand
    assert last is not None
    assert [key for key, _ in last.breakdown] == list(last.entry.patterns)
    if rules == "family" or last.entry.winner is None:
        assert last.breakdown == ()
    elif rules == "hongkong":
        assert sum(value for _, value in last.breakdown) >= last.entry.fan or last.entry.fan == 0
    result = frame(state, 9, None, 1e6)["result"]
    assert result["breakdown"] == [{"pattern": key, "value": value} for key, value in last.breakdown]
    (row,) = frame(state, 9, None, 1e6)["sheet"]
    assert row["hand"] == 1 and hand_id(state.id, row["hand"] - 1) == last.entry.hand_id
    assert (row["winner"], row["score"], row["self_drawn"]) == (result["winner"], result["score"], result["self_drawn"])
    assert row["payments"] == result["payments"]
    # both kept in the state's document, and an older document without them still read
    document = json.loads(json.dumps(state.to_document()))
    assert TableState.from_document(document) == state
    del document["last_hand"]["breakdown"], document["extra"]["sheet"]
    old = TableState.from_document(document)
    assert old.sheet == () and old.last_hand is not None and old.last_hand.breakdown == ()
    assert frame(old, 9, None, 1e6)["sheet"] == [] and frame(old, 9, None, 1e6)["result"]["breakdown"] == []
    assert FinishedHand.from_document(last.to_document()) == last


def test_the_sheet_lists_every_hand_of_the_match_with_that_hands_winds() -> None:
    state = seated(lobby("hongkong", 8))
    rng = random.Random(8)
    for number in range(1, 4):
        state, _ = play_hand(state, rng)
        sheet = frame(state, 100 + number, None, 1e6)["sheet"]
        assert [row["hand"] for row in sheet] == list(range(1, number + 1))
        names = {seat.name for seat in state.seats}
        assert all(set(row["names"].values()) == names and set(row["names"]) == set("ESWN") for row in sheet)
        if state.status != "between":
            break
        assert state.last_hand is not None  # its result shown and its entries recorded, as surfaces do
        state = replace(state, unrecorded=(), last_hand=replace(state.last_hand, posted=True))
        for member in MEMBERS:
            state, _ = transitions.act(state, member, Play("next", state.step), 1e6)
    rows = state.sheet
    assert len({row.dealer for row in rows}) >= 1 and [row.number for row in rows] == list(range(len(rows)))


def test_the_next_hand_waits_for_every_member_or_its_deadline() -> None:
    state = finished("classic", 2)
    if state.status != "between":
        pytest.skip("the match ended with its first hand")
    step, version = state.step, 50
    first, second = MEMBERS
    state, change = transitions.act(state, first, Play("next", step), 1e6)
    assert state.status == "between" and state.step == step and change.happened == "seat"
    frames: dict[int | None, dict[str, Any]] = {viewer: frame(state, version, viewer, 1e6) for viewer in VIEWERS}
    for shown in frames.values():
        assert_frame_rule(shown)
    assert_same_public(frames.values())
    chair = state.seat_of(first)
    assert frames[None]["ready"] == [frames[first]["viewer"]] and state.ready == {chair}
    assert frames[first]["actions"] == [] and frames[second]["actions"] == [{"action": "next-hand"}]
    with pytest.raises(Refusal) as refused:
        transitions.act(state, first, Play("next", step), 1e6)
    assert refused.value.key == "already_ready"
    assert TableState.from_document(json.loads(json.dumps(state.to_document()))) == state
    # the deadline deals the next hand without the second member
    assert state.deadline is not None
    dealt, _ = transitions.wake(state, state.deadline)
    assert dealt.status == "playing" and dealt.ready == frozenset() and frame(dealt, 51, None, 1e6)["ready"] == []
    # and so does the second member's press
    dealt, change = transitions.act(state, second, Play("next", step), 1e6)
    assert dealt.status == "playing" and change.happened == "dealt" and dealt.hand_number == 1


def test_a_member_the_table_plays_for_is_not_waited_for() -> None:
    state = finished("hongkong", 3)
    if state.status != "between":
        pytest.skip("the match ended with its first hand")
    second = state.seat_of(MEMBERS[1])
    assert second is not None
    state = state.with_seat(second, replace(state.seats[second], away=True))
    dealt, _ = transitions.act(state, MEMBERS[0], Play("next", state.step), 1e6)
    assert dealt.status == "playing"  # the only member not away pressed: as at a table of one member


def test_a_seat_is_renamed_in_the_lobby_only() -> None:
    state = lobby("classic", 5)
    renamed, change = transitions.apply(state, Actor(MEMBERS[0], 0, "Anabel"), Lobby("rename"), 0.0)
    assert change.happened == "lobby" and frame(renamed, 2, None, 0.0)["seats"][0]["name"] == "Anabel"
    for table, member, key in ((state, 99, "not_seated_lobby"), (seated(state), MEMBERS[0], "not_in_lobby")):
        with pytest.raises(Refusal) as refused:
            transitions.apply(table, Actor(member, 0, "Someone"), Lobby("rename"), 0.0)
        assert refused.value.key == key

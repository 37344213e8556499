"""``core.tables.replay``: a finished hand's steps as SPEC §7 frames from each seat (SPEC §7.2), over whole
hands played at a table in every rule set: the steps are ``/mahjong replay``'s, no other seat's concealed
tile shows before the last step, and the last step is the table's own frame of the finished hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.replay import replay_frame
from bot.replay import replay_frames as bot_steps
from core.tables.frame import faces, frame
from core.tables.replay import parse_record, replay_frames, replay_steps, step_count
from core.tables.state import TableState
from data.ledger import HandEntry
from tests.core.test_table_frame import lobby, play_hand, seated
from tests.frame_rule import assert_frame_rule, assert_same_public
from words.messages import say

REPLAY_ONLY = ("steps", "said")  # a replay's frame's fields beside the live frame's


def finished(rules: str, seed: int) -> tuple[TableState, HandEntry]:
    state, _ = play_hand(seated(lobby(rules, seed)), random.Random(seed))
    assert state.last_hand is not None
    return state, state.last_hand.entry


def live_part(shown: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in shown.items() if key not in REPLAY_ONLY}


def without_scores(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{key: value for key, value in seat.items() if key != "score"} for seat in seats]


@pytest.mark.parametrize("rules", ["hongkong", "classic", "family"])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_step_from_every_seat_shows_that_seat_alone_and_ends_on_the_stored_result(rules: str, seed: int) -> None:
    state, entry = finished(rules, seed)
    players = len(entry.seats)
    count = step_count(parse_record(entry.record))
    assert count == bot_steps(entry.record) > 2  # the same steps as /mahjong replay's
    views = [replay_frames(entry, wind, "en") for wind in range(players)]
    for wind, frames in enumerate(views):
        assert [shown["step"] for shown in frames] == list(range(1, count + 1))
        assert {shown["steps"] for shown in frames} == {count}
        for shown in frames:
            assert shown["viewer"] == "ESWN"[wind] and shown["actions"] == [] and shown["said"]
            assert shown["hand_number"] == entry.number + 1 and shown["table"] == state.id
            assert_frame_rule(live_part(shown))
        for shown in frames[:-1]:
            assert shown["state"] == "playing" and shown["result"] is None
            assert [seat["wind"] for seat in shown["seats"] if "hand" in seat] == ["ESWN"[wind]]
            assert {seat["score"] for seat in shown["seats"]} == {0}
    for step in range(count - 1):  # what is not the viewer's own is the same for every viewer
        assert_same_public([live_part(frames[step]) for frames in views])

    table = frame(state, 999, None, 1e6)  # the table's own frame of the finished hand, a spectator's
    for frames in views:
        last = frames[-1]
        assert last["state"] == "hand-over" and last["turn"] is None and last["discard"] is None
        assert without_scores(last["seats"]) == without_scores(table["seats"])
        assert {key: value for key, value in last["result"].items() if key != "names"} == {
            key: value for key, value in table["result"].items() if key != "totals"
        }
        assert {seat["wind"]: seat["score"] for seat in last["seats"]} == table["result"]["payments"]
        assert set(last["result"]["names"]) == set(entry.patterns)


def test_what_each_step_says_is_what_the_discord_replay_says() -> None:
    _, entry = finished("hongkong", 3)
    frames = replay_frames(entry, 2, "fr")
    for step in (1, 2, len(frames) // 2, len(frames)):
        assert frames[step - 1]["said"] in replay_frame(entry, step, "fr")[0]


def test_the_chosen_seats_hand_is_the_engines_view_of_it_at_each_step() -> None:
    _, entry = finished("classic", 2)
    record = parse_record(entry.record)
    frames = replay_frames(entry, 1, "en")  # South
    seat = (record.dealer + 1) % 4
    for (hand, _), shown in zip(replay_steps(record), frames, strict=True):
        own = next(item for item in shown["seats"] if item["wind"] == "S")
        concealed = hand.view(seat).concealed
        assert concealed is not None
        assert sorted(own["hand"]) == sorted(faces(list(concealed)))
        assert own["concealed"] == len(concealed)


def test_a_drawn_hand_ends_on_every_hand_shown_and_no_winner() -> None:
    state, entry = finished("hongkong", 3)  # the wall runs out
    assert entry.winner is None
    last = replay_frames(entry, 0, "zh_TW")[-1]
    table = frame(state, 999, None, 1e6)
    assert last["state"] == "hand-over" and last["wall"] == 0
    assert last["result"]["winner"] is None and last["result"]["winning_tile"] is None
    assert without_scores(last["seats"]) == without_scores(table["seats"])
    assert last["said"].endswith(say("replay_drawn", "zh_TW"))  # after the last discard nobody took

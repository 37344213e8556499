"""A tournament's schedule in its JSON notation (SPEC §9): written and read back to the same value, and a
document that is not a schedule refused with what is wrong."""

from __future__ import annotations

import json

import pytest

from core.tournaments import COMPUTER, MalformedSchedule, Schedule, Table, parse_schedule, schedule_document

SEVEN = Schedule(
    (
        (Table((0, 1, 2, COMPUTER)), Table((3, 4, 5, 6))),
        (Table((6, COMPUTER, 3, 0)), Table((1, 5, 2, 4))),
    )
)


def test_a_schedule_is_written_as_spec_9_says_and_read_back() -> None:
    document = schedule_document(SEVEN)
    assert json.dumps(document) == '{"rounds": [[[0, 1, 2, -1], [3, 4, 5, 6]], [[6, -1, 3, 0], [1, 5, 2, 4]]]}'
    assert parse_schedule(json.loads(json.dumps(document))) == SEVEN
    assert SEVEN.players == 7 and SEVEN.rounds[1][0].players == (6, 3, 0)


@pytest.mark.parametrize(
    ("document", "fault"),
    [
        ([], "JSON object"),
        ({"rounds": [[[0, 1, 2, 3]]], "players": 4}, "nothing else"),
        ({"rounds": []}, "one round or more"),
        ({"rounds": "x"}, "one round or more"),
        ({"rounds": [[]]}, "round 1 must list its tables"),
        ({"rounds": [[[0, 1, 2]]]}, "four seats"),
        ({"rounds": [[[0, 1, 2, 3, 4]]]}, "four seats"),
        ({"rounds": [[[0, 1, 2, -2]]]}, "four seats"),
        ({"rounds": [[[0, 1, 2, 3.0]]]}, "four seats"),
        ({"rounds": [[[0, 1, 2, True]]]}, "four seats"),
        ({"rounds": [[[0, 1, 2, "3"]]]}, "four seats"),
        ({"rounds": [[[0, 1, 2, 2]]]}, "round 1 does not seat the players 0 to 3 once each"),
        ({"rounds": [[[0, 1, 2, 4]]]}, "round 1 does not seat"),
        ({"rounds": [[[0, 1, 2, 3]], [[0, 1, 2, -1]]]}, "round 2 does not seat"),
        ({"rounds": [[[0, 1, 2, 3]], [[0, 1, 2, 3], [4, -1, -1, -1]]]}, "round 2 does not seat"),
    ],
)
def test_what_is_not_a_schedule_is_refused(document: object, fault: str) -> None:
    with pytest.raises(MalformedSchedule, match=fault):
        parse_schedule(document)

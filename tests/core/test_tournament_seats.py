"""The seating schedule of SPEC §9 (``core.tournaments.seat_tournament``): every round seats every player
once at tables of four with the fewest computer seats, one a table; no repeat meeting where a schedule
without one exists (16 players over 5 rounds), and otherwise no more than counting forces where that is
known; each player's winds within one of each other; no one sitting with computers more than their share,
and all within one of each other unless that costs repeats; the same arguments, the same schedule. What
holds whatever the search found is checked on a short search (``QUICK``); repeat meetings on the
command's own."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.tournaments import COMPUTER, Schedule, measure, parse_schedule, schedule_document, seat_tournament

QUICK = 20_000  # search steps for the checks that do not depend on how far the search went
PLAYERS = [4, 5, 7, 8, 13, 16, 17, 31, 64, 199, 200]
ROUNDS = [1, 5, 12]


def check_schedule(schedule: Schedule, players: int, rounds: int) -> None:
    """Valid (SPEC §9's notation, everyone once a round), the fewest computer seats, spread one a table
    (5 players: two tables for three), winds within one, no one's computer meetings above their share."""
    assert parse_schedule(schedule_document(schedule)) == schedule
    assert schedule.players == players and len(schedule.rounds) == rounds
    tables = math.ceil(players / 4)
    missing = 4 * tables - players
    for round_ in schedule.rounds:
        assert len(round_) == tables
        assert sum(table.seats.count(COMPUTER) for table in round_) == missing
        assert max(table.seats.count(COMPUTER) for table in round_) == math.ceil(missing / tables)
    measures = measure(schedule)
    assert measures.wind_spread <= 1
    total = sum(measures.computer_meetings)
    assert total == rounds * sum(seats.count(COMPUTER) * (4 - seats.count(COMPUTER)) for seats in _tables(schedule))
    assert max(measures.computer_meetings) == math.ceil(total / players)  # no one meets them more than needed


def _tables(schedule: Schedule) -> list[tuple[int, ...]]:
    return [table.seats for table in schedule.rounds[0]]


@pytest.mark.parametrize("rounds", ROUNDS)
@pytest.mark.parametrize("players", PLAYERS)
def test_every_schedule_is_valid_and_balanced(players: int, rounds: int) -> None:
    schedule = seat_tournament(players, rounds, seed=players + rounds, steps=QUICK)
    check_schedule(schedule, players, rounds)
    assert seat_tournament(players, rounds, seed=players + rounds, steps=QUICK) == schedule


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 200), st.integers(1, 12), st.integers(0, 2**64))
def test_any_players_and_rounds_give_a_valid_balanced_schedule(players: int, rounds: int, seed: int) -> None:
    check_schedule(seat_tournament(players, rounds, seed, steps=QUICK), players, rounds)


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        (16, 5),  # SPEC §9's example: the affine plane of order 4
        (15, 5),  # the same with a computer in the sixteenth seat
        (20, 5),
        (27, 9),
        (28, 9),
        (32, 9),
        (39, 12),
        (40, 12),
        (64, 12),
        (24, 6),  # rounds a longer search found, stored
        (23, 6),
        (22, 6),
        (48, 12),  # a base round rotated along cycles of 12
        (32, 10),  # the social golfer instance 8-4-10, as published
        (31, 10),
        (47, 12),  # the same, one computer point
        (46, 12),  # two computer points that never meet in these rounds
        (45, 12),  # three
        (17, 5),  # found by the search
        (23, 5),
        (50, 12),
        (100, 12),
        (199, 12),
        (200, 12),
    ],
)
def test_no_one_meets_twice_where_a_schedule_without_a_repeat_is_known(players: int, rounds: int) -> None:
    schedule = seat_tournament(players, rounds)
    assert measure(schedule).repeats == 0
    check_schedule(schedule, players, rounds)


@pytest.mark.parametrize(("players", "rounds"), [(15, 5), (27, 9), (39, 12), (5, 12), (13, 12), (199, 12)])
def test_computer_meetings_stay_within_one_where_that_costs_no_repeat(players: int, rounds: int) -> None:
    assert measure(seat_tournament(players, rounds)).computer_spread <= 1


def test_computer_meetings_move_apart_rather_than_players_meet_twice() -> None:
    """17 players over 2 rounds: nine sit with a computer each round. Kept within one, round 2's computer
    tables must take the eight who had none, who sat at two tables of four in round 1, so some of them
    meet again; instead a player may sit with computers twice, its share (⌈18/17⌉)."""
    found = measure(seat_tournament(17, 2))
    assert found.repeats == 0 and max(found.computer_meetings) == 2


@pytest.mark.parametrize(("players", "rounds"), [(4, 12), (16, 6), (16, 12), (28, 12), (40, 12)])
def test_beyond_a_whole_design_the_repeats_are_those_counting_forces(players: int, rounds: int) -> None:
    """Once every pair has met, each further meeting is a repeat: Σ meetings − the pairs."""
    forced = max(0, rounds * players * 3 // 2 - players * (players - 1) // 2)
    assert measure(seat_tournament(players, rounds)).repeats == forced


def test_the_same_arguments_give_the_same_schedule_after_a_search() -> None:
    first = seat_tournament(13, 5, seed=7)
    assert measure(first).repeats > 0  # the search ran its whole budget
    assert seat_tournament(13, 5, seed=7) == first


def test_a_seed_draws_the_players_onto_an_equally_good_schedule() -> None:
    schedules = [seat_tournament(22, 6, seed, steps=QUICK) for seed in (0, 1, 2**70)]
    assert len({schedule.rounds for schedule in schedules}) == 3
    measured = [measure(schedule) for schedule in schedules]
    assert len({(found.repeats, tuple(sorted(found.computer_meetings))) for found in measured}) == 1


@pytest.mark.parametrize(
    ("players", "rounds", "seed", "fault"),
    [
        (3, 1, 0, "4 to 200 players"),
        (201, 1, 0, "not 201"),
        (8, 0, 0, "1 to 12 rounds"),
        (8, 13, 0, "not 13"),
        (8, 1, -1, "0 or more"),
    ],
)
def test_what_spec_9_does_not_cover_is_refused(players: int, rounds: int, seed: int, fault: str) -> None:
    with pytest.raises(ValueError, match=fault):
        seat_tournament(players, rounds, seed)

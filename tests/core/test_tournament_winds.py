"""Each table's seats in wind order (``core.tournaments.winds``): whatever the tables, every table seats
its players at different winds, and every player's counts of E, S, W and N are within one of each other."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.tournaments.grouping import Seating, computer_seats
from core.tournaments.winds import COMPUTER, wind_order


def random_rounds(players: int, rounds: int, rng: random.Random) -> list[list[Seating]]:
    levels = computer_seats(players)
    seated = []
    for _ in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        tables, start = [], 0
        for level in levels:
            tables.append(Seating(tuple(order[start : start + 4 - level]), level))
            start += 4 - level
        seated.append(tables)
    return seated


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 60), st.integers(1, 12), st.integers(0, 2**32))
def test_any_tables_get_winds_as_even_as_the_rounds_allow(players: int, rounds: int, seed: int) -> None:
    grouped = random_rounds(players, rounds, random.Random(seed))
    counts = [[0] * 4 for _ in range(players)]
    for tables, ordered in zip(grouped, wind_order(grouped), strict=True):
        for seating, seats in zip(tables, ordered, strict=True):
            assert sorted(seat for seat in seats if seat != COMPUTER) == sorted(seating.players)
            assert seats.count(COMPUTER) == seating.computers
            for wind, seat in enumerate(seats):
                if seat != COMPUTER:
                    counts[seat][wind] += 1
    assert all(max(winds) - min(winds) <= 1 for winds in counts)
    if rounds % 4 == 0:
        assert all(winds == [rounds // 4] * 4 for winds in counts)

"""``seat_tournament``: the schedule of SPEC §9 for N players over R rounds (pure, deterministic).

1. Who sits with whom: a published construction where one gives rounds without a repeat meeting for N
   players (or N and one computer seat), ``core.tournaments.designs``; then the search of
   ``core.tournaments.grouping`` for the other rounds and to mend what remains. Both depend on N and R
   only, so every seed gets schedules of the same quality.
2. Each table's winds: ``core.tournaments.winds``.
3. The seed draws the players onto the schedule's numbers (a permutation, as a draw of names onto a
   template): it changes who meets whom and never how often.
"""

from __future__ import annotations

import random

from core.tournaments.designs import resolvable_rounds
from core.tournaments.grouping import STEPS, Seating, computer_seats, group
from core.tournaments.schedule import COMPUTER, Schedule, Table
from core.tournaments.winds import Seats, wind_order

MIN_PLAYERS, MAX_PLAYERS = 4, 200
MIN_ROUNDS, MAX_ROUNDS = 1, 12


def seat_tournament(players: int, rounds: int, seed: int = 0, *, steps: int = STEPS) -> Schedule:
    """The schedule; ValueError for players outside 4–200, rounds outside 1–12 or a negative seed.
    ``steps`` bounds the search (its default is the command's; tests of what holds whatever the search
    found may pass fewer)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"a schedule seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if not MIN_ROUNDS <= rounds <= MAX_ROUNDS:
        raise ValueError(f"a schedule has {MIN_ROUNDS} to {MAX_ROUNDS} rounds, not {rounds}")
    if seed < 0:
        raise ValueError(f"a seed is a whole number, 0 or more, not {seed}")
    search = random.Random(f"tournament seats: {players} players, {rounds} rounds")
    grouped = group(players, rounds, constructed_rounds(players)[:rounds], search, steps)
    draw = list(range(players))
    random.Random(f"tournament seats: {players} players, {rounds} rounds, seed {seed}").shuffle(draw)
    return Schedule(tuple(tuple(_drawn(seats, draw) for seats in tables) for tables in wind_order(grouped)))


def constructed_rounds(players: int) -> list[list[Seating]]:
    """The rounds a published construction gives for the players and their computer seats, when there
    is at most one computer seat a round: that seat is the design's last point, which the design seats
    with each player once at most, so computer meetings stay even. (With two or more, two computer
    points would share a table in some round.)"""
    missing = sum(computer_seats(players))
    if missing > 1:
        return []
    return [
        [
            Seating(tuple(point for point in block if point < players), missing if players in block else 0)
            for block in blocks
        ]
        for blocks in resolvable_rounds(players + missing)
    ]


def _drawn(seats: Seats, draw: list[int]) -> Table:
    east, south, west, north = (COMPUTER if seat == COMPUTER else draw[seat] for seat in seats)
    return Table((east, south, west, north))

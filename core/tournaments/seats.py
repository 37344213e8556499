"""``seat_tournament``: the schedule of SPEC §9 for N players over R rounds (pure, deterministic).

1. Who sits with whom: a published construction where one gives rounds without a repeat meeting for N
   players (or N and its computer seats, points that never meet), ``core.tournaments.designs``; then the search of
   ``core.tournaments.grouping`` for the other rounds and to mend what remains. Both depend on N and R
   only, so every seed gets schedules of the same quality.
2. Each table's winds: ``core.tournaments.winds``.
3. The seed draws the players onto the schedule's numbers (a permutation, as a draw of names onto a
   template): it changes who meets whom and never how often.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from core.tournaments.designs import Round, resolvable_rounds
from core.tournaments.grouping import STEPS, Seating, computer_seats, group
from core.tournaments.schedule import COMPUTER, Schedule, Table
from core.tournaments.winds import Seats, wind_order

MIN_PLAYERS, MAX_PLAYERS = 4, 200
MIN_ROUNDS, MAX_ROUNDS = 1, 12
CHOICES = 256  # sets of computer points weighed at most: 0.2 s at most over N 4–200 × R 1–12


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
    grouped = group(players, rounds, constructed_rounds(players, rounds), search, steps)
    draw = list(range(players))
    random.Random(f"tournament seats: {players} players, {rounds} rounds, seed {seed}").shuffle(draw)
    return Schedule(tuple(tuple(_drawn(seats, draw) for seats in tables) for tables in wind_order(grouped)))


def constructed_rounds(players: int, rounds: int) -> list[list[Seating]]:
    """Up to ``rounds`` rounds of a construction (``core.tournaments.designs``) for the players and their
    computer seats. The design has a point for each computer seat, and those points are ones that never
    sit together in these rounds: no table holds two computer seats, and a player meets each of them once
    at most. The construction is used only if the players' computer meetings are then within one of each
    other (so none exceeds its share, ⌈total / N⌉); otherwise the search lays every round."""
    missing = sum(computer_seats(players))
    points = players + missing
    design = resolvable_rounds(points)[:rounds]
    computers = _computer_points(design, points, missing)
    if computers is None:
        return []
    number = {point: index for index, point in enumerate(sorted(set(range(points)) - set(computers)) + computers)}
    return [
        [
            Seating(
                tuple(number[point] for point in block if point not in computers),
                sum(point in computers for point in block),
            )
            for block in blocks
        ]
        for blocks in design
    ]


def _computer_points(design: Sequence[Round], points: int, missing: int) -> list[int] | None:
    """The first ``missing`` points (the last points first: with one, the design's last point) that never
    share a table in ``design`` and whose meetings with the others are within one of each other, among
    the first ``CHOICES`` sets that never share a table; None if there is none."""
    if not design:
        return None
    met: list[set[int]] = [set() for _ in range(points)]
    for blocks in design:
        for block in blocks:
            for point in block:
                met[point].update(block)
    examined = 0

    def extend(chosen: list[int], below: int) -> list[int] | None:
        nonlocal examined
        if len(chosen) == missing:
            examined += 1
            seen = [sum(point in met[other] for other in chosen) for point in range(points) if point not in chosen]
            return chosen if max(seen) - min(seen) <= 1 else None
        for candidate in range(below - 1, -1, -1):
            if examined >= CHOICES:
                return None
            if not any(candidate in met[other] for other in chosen):
                found = extend([*chosen, candidate], candidate)
                if found is not None:
                    return found
        return None

    return extend([], points)


def _drawn(seats: Seats, draw: list[int]) -> Table:
    east, south, west, north = (COMPUTER if seat == COMPUTER else draw[seat] for seat in seats)
    return Table((east, south, west, north))

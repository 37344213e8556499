"""Seeded matches for the ratings' tests and benchmark: several servers and rule sets, members and computers
(three "strong" computers at one table now and then), ties (two-way, three-way, four-way), and matches that
are not rated (family, practice, closed, three-player), each with its own id and the moment it ended."""

from __future__ import annotations

import random
from typing import Any

from data.ledger import MatchEntry, SeatEntry

GUILDS = (1001, 2002)
RULES: dict[str, dict[str, Any]] = {
    "classic": {"name": "classic", "length": "one_wind"},
    "hongkong": {"name": "hongkong", "length": "one_wind", "minimum_fan": 3},
    "family": {"name": "family", "players": 4},
}
LEVELS = ("basic", "strong")


def seeded_matches(
    count: int, seed: int = 40, *, members: int = 12, start: float = 1_790_000_000.0
) -> list[MatchEntry]:
    """``count`` matches, oldest first, about one in five of them not rated."""
    chance = random.Random(seed)
    matches = []
    at = start
    for index in range(count):
        at += chance.choice((0.0, 0.5, 60.0, 3600.0, 86_400.0))  # 0: two matches ending in the same second
        rules = chance.choices(("classic", "hongkong", "family"), weights=(6, 4, 1))[0]
        seats = _seats(chance, members)
        totals = _totals(chance)
        kind = chance.choices(("rated", "practice", "closed", "three"), weights=(30, 2, 2, 1))[0]
        if kind == "three":
            seats, totals = seats[:3], totals[:3]
        matches.append(
            MatchEntry(
                match_id=f"m{seed}-{index:06}",
                guild_id=chance.choice(GUILDS),
                table_id=f"t{index}",
                rules=RULES[rules],
                seats=seats,
                totals=totals,
                hands=chance.randint(4, 16),
                finished_at=at,
                ended="closed" if kind == "closed" else "finished",
                practice=kind == "practice",
            )
        )
    return matches


def _seats(chance: random.Random, members: int) -> tuple[SeatEntry, ...]:
    humans = chance.choices((1, 2, 3, 4), weights=(3, 2, 2, 3))[0]
    chosen = chance.sample(range(1, members + 1), humans)
    seats = [SeatEntry(f"Member {member}", member, None) for member in chosen]
    level = chance.choice(LEVELS)
    while len(seats) < 4:
        if chance.random() < 0.5:
            level = chance.choice(LEVELS)  # else the same strength again: one player on several seats
        seats.append(SeatEntry(f"{level.capitalize()} {len(seats)}", None, level))
    if chance.random() < 0.1:  # a member away, a computer playing for them
        seats[0] = SeatEntry(seats[0].name, seats[0].member_id, "strong")
    chance.shuffle(seats)
    return tuple(seats)


def _totals(chance: random.Random) -> tuple[float, ...]:
    tie = chance.choices(("none", "two", "three", "four"), weights=(12, 4, 2, 1))[0]
    totals = [float(chance.randint(-200, 200)) + chance.choice((0.0, 0.5)) for _ in range(4)]
    if tie == "two":
        totals[1] = totals[0]
    elif tie == "three":
        totals[1] = totals[2] = totals[0]
    elif tie == "four":
        totals = [0.0] * 4
    chance.shuffle(totals)
    return tuple(totals)

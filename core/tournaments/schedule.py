"""A tournament's seating schedule (SPEC §9) as a value, and its JSON notation.

``{"rounds": [[[p, p, p, p], …tables], …rounds]}``: players are numbered 0…N−1, ``-1`` is a computer
seat, and each table lists its seats in the order E, S, W, N of its first hand. ``parse_schedule`` reads
the notation back and refuses what is not a schedule: every round must seat the same players 0…N−1, each
exactly once, at tables of four. ``schedule_document`` writes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SEATS = 4
COMPUTER = -1


class MalformedSchedule(ValueError):
    """A document that is not a schedule, and why."""


@dataclass(frozen=True, slots=True)
class Table:
    """A table's seats in the order E, S, W, N: a player's number or ``COMPUTER``."""

    seats: tuple[int, int, int, int]

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(seat for seat in self.seats if seat != COMPUTER)


@dataclass(frozen=True, slots=True)
class Schedule:
    """The tables of every round; every round seats the players 0…``players``−1 once each."""

    rounds: tuple[tuple[Table, ...], ...]

    @property
    def players(self) -> int:
        return sum(len(table.players) for table in self.rounds[0])


def schedule_document(schedule: Schedule) -> dict[str, Any]:
    return {"rounds": [[list(table.seats) for table in tables] for tables in schedule.rounds]}


def parse_schedule(document: object) -> Schedule:
    """The schedule a document writes; ``MalformedSchedule`` saying what is wrong with it."""
    if not isinstance(document, dict) or set(document) != {"rounds"}:
        raise MalformedSchedule('a schedule is a JSON object {"rounds": [...]} and nothing else')
    rounds = document["rounds"]
    if not isinstance(rounds, list) or not rounds:
        raise MalformedSchedule('"rounds" must list one round or more')
    schedule = Schedule(tuple(_round(tables, number) for number, tables in enumerate(rounds, start=1)))
    everyone = list(range(schedule.players))
    for number, tables in enumerate(schedule.rounds, start=1):
        seated = sorted(player for table in tables for player in table.players)
        if seated != everyone:
            raise MalformedSchedule(f"round {number} does not seat the players 0 to {len(everyone) - 1} once each")
    return schedule


def _round(tables: object, number: int) -> tuple[Table, ...]:
    if not isinstance(tables, list) or not tables:
        raise MalformedSchedule(f"round {number} must list its tables")
    return tuple(_table(seats, number) for seats in tables)


def _table(seats: object, number: int) -> Table:
    if (
        not isinstance(seats, list)
        or len(seats) != SEATS
        or not all(type(seat) is int and seat >= COMPUTER for seat in seats)
    ):
        raise MalformedSchedule(f"round {number}: a table is four seats, each a player's number or {COMPUTER}")
    east, south, west, north = seats
    return Table((east, south, west, north))

"""What the tournament tests share."""

from __future__ import annotations

from core.tournaments.schedule import Schedule, parse_schedule


def schedule_of(rounds: tuple[tuple[tuple[int, int, int, int], ...], ...]) -> Schedule:
    """A schedule written as rounds of tables of four seats (a player's number, ``-1`` a computer)."""
    return parse_schedule({"rounds": [[list(table) for table in tables] for tables in rounds]})

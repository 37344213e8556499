"""Tournaments (SPEC §9), pure: the seating schedule of their rounds. ``seat_tournament`` makes it
(``seats``) from published constructions (``designs``, over the finite fields of ``fields``), a search
(``grouping``) and the winds' colouring (``winds``); ``schedule`` holds it as a value and its JSON
notation, ``measures`` what SPEC §9 asks of it. ``docs/tournaments.md`` explains the method."""

from core.tournaments.measures import Measures, measure
from core.tournaments.schedule import COMPUTER, MalformedSchedule, Schedule, Table, parse_schedule, schedule_document
from core.tournaments.seats import MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, seat_tournament

__all__ = [
    "COMPUTER",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MIN_PLAYERS",
    "MIN_ROUNDS",
    "MalformedSchedule",
    "Measures",
    "Schedule",
    "Table",
    "measure",
    "parse_schedule",
    "schedule_document",
    "seat_tournament",
]

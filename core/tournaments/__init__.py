"""Tournaments (SPEC §9), pure. The seating schedule of their rounds: ``seat_tournament`` makes it
(``seats``) from published constructions (``designs``, over the finite fields of ``fields``), a search
(``grouping``) and the winds' colouring (``winds``); ``schedule`` holds it as a value and its JSON
notation, ``measures`` what SPEC §9 asks of it. A tournament's life from sign-up to its last round
(``tournament``), the standings of its finished tables (``standings``), where it is kept (``document``,
``service``), what carries it from round to round (``runner``) and its record in the ledger
(``ledger_writer``). ``docs/tournaments.md`` explains them."""

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

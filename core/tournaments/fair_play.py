"""SPEC §9's fair play at a tournament's tables: who may watch one, and what a watcher sees of it.

Every table of a round plays the same walls, so a player of the round who watched another of its tables
would see their own coming tiles: they cannot (``may_watch``) until their own table has finished. Anyone
else who is not seated at the table watches it one hand behind (``one_hand_behind``): a hand is shown
once the next one has started or the match is over, so nothing of a hand being played anywhere reaches
someone who could pass it on in time to a table still playing it. A round's hands are replayed
(SPEC §7.2) by no one until every table of the round has ended (``round_ended``): its results are withheld
until then, and a replay is its tiles.

Pure: the surfaces read the table and the tournament, and call these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.tables.state import TableState
from core.tournaments.tournament import Tournament


@dataclass(frozen=True, slots=True)
class Place:
    """Where a tournament's table stands in it: ``TableState.tournament`` read."""

    tournament_id: str
    round: int
    index: int


def place_of_table(state: TableState) -> Place | None:
    """The place of a tournament's table (``<tournament>/<round>/<index>``), or None for any other table."""
    if state.tournament is None:
        return None
    tournament_id, round_number, index = state.tournament.split("/")
    return Place(tournament_id, int(round_number), int(index))


def may_watch(tournament: Tournament, place: Place, member: int) -> bool:
    """Whether ``member`` may watch the table at ``place``: not while they are seated at another table of
    its round whose result has not come (the tournament holds a table's result once its match ended).
    Members are told apart by their id alone, as a table's seats are."""
    own = next(
        (table for table in tournament.round_tables(place.round) if member in table.seats),
        None,
    )
    return own is None or own.index == place.index or own.result is not None


def round_ended(tournament: Tournament, round_number: int) -> bool:
    """Whether every table of round ``round_number`` has ended (the tournament holds each one's result):
    from then on its results are shown and its hands replayed, for anyone."""
    tables = tournament.round_tables(round_number)
    return bool(tables) and all(table.result is not None for table in tables)


def withholds(tournament: Tournament, table_id: str) -> bool:
    """Whether ``table_id`` is one of the tournament's tables whose round has not ended: its hands are the
    walls the round's other tables may still be playing, replayed by no one yet."""
    found = next((table for table in tournament.tables if table.table_id == table_id), None)
    return found is not None and not round_ended(tournament, found.round)


FIELDS_KEPT = (
    "type",
    "table",
    "version",
    "step",
    "rules",
    "players",
    "hand_number",
    "viewer",
    "round_wind",
    "host",
    "dealer",
    "learners",
    "length",
    "computer_level",
)
"""What a frame one hand behind keeps of the spectator's frame as it is (none of it names a tile, nor says
how the hand goes); every other field is written anew, so a field added to frames later is never passed on
here by mistake."""
SEAT_FIELDS_KEPT = ("wind", "name", "kind", "level")


def hands_shown(state: TableState) -> int:
    """How many of the match's finished hands a watcher one hand behind sees: all of them once the match
    is over, else all but the last while the table waits between hands (the next has not started)."""
    finished = len(state.sheet)
    return finished - 1 if state.status == "between" and finished > 0 else finished


def behind(state: TableState) -> bool:
    """Whether a watcher one hand behind sees less of ``state`` than a spectator would: while its match is
    played (a hand under way, or between two), not in the lobby nor once it is over."""
    return state.tournament is not None and state.status in ("playing", "between")


def one_hand_behind(shown: dict[str, Any], state: TableState, dealer: int) -> dict[str, Any]:
    """The frame of a watcher one hand behind, from the spectator's frame ``shown`` of ``state`` (a
    tournament table whose match is being played, ``behind``; ``dealer`` the chair dealing the hand it is
    at): the seats' names and the scores after the hands shown, those hands in the score sheet, and
    nothing of the hand under way (no tile, no turn, no clock, no log, no result), with ``behind`` true."""
    shown_hands = hands_shown(state)
    chairs_by_wind = {seat["wind"]: seat for seat in shown["seats"]}
    totals = _totals(state, shown_hands)
    winds = ["ESWN"[(chair - dealer) % state.players] for chair in range(state.players)]
    seats = [
        {
            **{field: chairs_by_wind[wind][field] for field in SEAT_FIELDS_KEPT},
            "score": totals[chair],
            "concealed": 0,
            "discards": [],
            "melds": [],
            "bonus": [],
            "away": False,
            "calling": False,
            "bank": None,
        }
        for chair, wind in sorted(enumerate(winds), key=lambda pair: "ESWN".index(pair[1]))
    ]
    return {
        **{field: shown[field] for field in FIELDS_KEPT},
        "state": "playing",
        "seats": seats,
        "wall": 0,
        "turn": None,
        "awaited": [],
        "discard": None,
        "deadline": None,
        "actions": [],
        "result": None,
        "standing": None,
        "minimum_fan": 0,
        "commitment": None,
        "deal": None,
        "log": [],
        "ready": [],
        "ratings": [],
        "sheet": shown["sheet"][:shown_hands],
        "behind": True,
    }


def _totals(state: TableState, hands: int) -> list[int | float]:
    """Each chair's match score after its first ``hands`` hands: their payments summed (a match starts
    every chair at nought)."""
    totals = [sum(row.payments[chair] for row in state.sheet[:hands]) for chair in range(state.players)]
    return [int(total) if float(total).is_integer() else total for total in totals]

"""A tournament's standings (SPEC §9), a pure function of its tables' results.

Each table of a round gives its players placement points by their match totals: 4, 2, 1 and 0 for the
first to the fourth place, tied seats sharing the points of the places they share (two first: 3 each).
Players are ranked by their placement points, then by the sum of their tables' totals, then by their
duplicate score: every table of a round plays the same walls, so a seat's score in a hand is compared
with the mean score of the same seat (the same chair, dealt the same tiles) in the same hand at the
round's other tables, and the differences are summed. A computer seat scores and places like a player
(the table's points are shared among its four seats) but is not ranked.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from core.tournaments.schedule import COMPUTER

PLACE_POINTS = (4.0, 2.0, 1.0, 0.0)


class StandingsError(ValueError):
    """Results the standings cannot be made of: a table that is not four seats, two tables of one round
    seating one player, or a hand's scores not one per seat."""


@dataclass(frozen=True, slots=True)
class TableResult:
    """One finished table of a round: its seats' players (``COMPUTER`` for a computer seat) in chair order,
    and each hand's score per chair, in the order the hands were played."""

    round: int
    players: tuple[int, ...]
    hands: tuple[tuple[float, ...], ...]

    def __post_init__(self) -> None:
        if len(self.players) != len(PLACE_POINTS):
            raise StandingsError(f"a table seats {len(PLACE_POINTS)}, not {len(self.players)}")
        if any(len(scores) != len(self.players) for scores in self.hands):
            raise StandingsError("a hand's scores are one per seat")

    @property
    def totals(self) -> tuple[float, ...]:
        """Each chair's match total: its hands' scores summed."""
        return tuple(sum(scores[chair] for scores in self.hands) for chair in range(len(self.players)))


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line: rank (players equal on all three figures share it), placement points, the sum of
    their tables' totals, their duplicate score, and the tables they played."""

    rank: int
    player: int
    points: float
    score: float
    duplicate: float
    tables: int


def place_points(totals: Sequence[float]) -> tuple[float, ...]:
    """Each seat's placement points at one table, tied seats sharing the places they share."""
    order = sorted(range(len(totals)), key=lambda seat: -totals[seat])
    points = [0.0] * len(totals)
    place = 0
    while place < len(order):
        tied = [seat for seat in order[place:] if totals[seat] == totals[order[place]]]
        shared = sum(PLACE_POINTS[place : place + len(tied)]) / len(tied)
        for seat in tied:
            points[seat] = shared
        place += len(tied)
    return tuple(points)


def duplicate_scores(tables: Sequence[TableResult]) -> list[tuple[float, ...]]:
    """For the tables of one round (same walls), each table's chairs' duplicate scores: per hand, the
    chair's score less the mean of that chair's score in that hand at the other tables that played it.
    A table alone in its round, or a hand no other table played, adds nothing."""
    scores: list[tuple[float, ...]] = []
    for index, table in enumerate(tables):
        others = [other for at, other in enumerate(tables) if at != index]
        chairs = [0.0] * len(table.players)
        for hand, played in enumerate(table.hands):
            beside = [other.hands[hand] for other in others if hand < len(other.hands)]
            if not beside:
                continue
            for chair, score in enumerate(played):
                chairs[chair] += score - sum(row[chair] for row in beside) / len(beside)
        scores.append(tuple(chairs))
    return scores


def standings(results: Iterable[TableResult]) -> list[Standing]:
    """Every player's standing over the finished tables, best first."""
    by_round: dict[int, list[TableResult]] = defaultdict(list)
    for result in results:
        by_round[result.round].append(result)
    points: dict[int, float] = defaultdict(float)
    score: dict[int, float] = defaultdict(float)
    duplicate: dict[int, float] = defaultdict(float)
    tables: dict[int, int] = defaultdict(int)
    for number, round_tables in sorted(by_round.items()):
        seated = [player for table in round_tables for player in table.players if player != COMPUTER]
        if len(seated) != len(set(seated)):
            raise StandingsError(f"round {number} seats a player at two tables")
        for table, table_duplicate in zip(round_tables, duplicate_scores(round_tables), strict=True):
            totals = table.totals
            for chair, (player, placed) in enumerate(zip(table.players, place_points(totals), strict=True)):
                if player == COMPUTER:
                    continue
                points[player] += placed
                score[player] += totals[chair]
                duplicate[player] += table_duplicate[chair]
                tables[player] += 1
    ordered = sorted(tables, key=lambda player: (-points[player], -score[player], -duplicate[player], player))
    lines: list[Standing] = []
    for position, player in enumerate(ordered):
        figures = (points[player], score[player], duplicate[player])
        previous = lines[-1] if lines else None
        same = previous is not None and (previous.points, previous.score, previous.duplicate) == figures
        rank = previous.rank if same and previous is not None else position + 1
        lines.append(Standing(rank, player, *figures, tables[player]))
    return lines

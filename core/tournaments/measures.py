"""What SPEC §9 asks of a schedule, measured: repeat meetings, each player's winds, and how often each
player sits with computer seats. The tests hold the schedules to them and the benchmark reports them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from core.tournaments.schedule import COMPUTER, SEATS, Schedule


@dataclass(frozen=True, slots=True)
class Measures:
    repeats: int  # Σ over pairs of players of their meetings beyond the first
    wind_spread: int  # the most any player's count of one wind exceeds its count of another
    computer_meetings: tuple[int, ...]  # per player: the computer seats at its tables, over the rounds

    @property
    def computer_spread(self) -> int:
        return max(self.computer_meetings) - min(self.computer_meetings)


def measure(schedule: Schedule) -> Measures:
    meetings: Counter[tuple[int, int]] = Counter()
    winds = [[0] * SEATS for _ in range(schedule.players)]
    computers = [0] * schedule.players
    for tables in schedule.rounds:
        for table in tables:
            meetings.update(combinations(sorted(table.players), 2))
            for wind, seat in enumerate(table.seats):
                if seat != COMPUTER:
                    winds[seat][wind] += 1
                    computers[seat] += SEATS - len(table.players)
    return Measures(
        repeats=sum(count - 1 for count in meetings.values()),
        wind_spread=max(max(counts) - min(counts) for counts in winds),
        computer_meetings=tuple(computers),
    )

"""Who sits with whom: rounds of tables of four, with as few repeat meetings as the search finds.

Every round has the same tables: ⌈N/4⌉ of them, the 4⌈N/4⌉ − N computer seats spread over them one a
table (two at one table only for 5 players, whose two tables hold three). The rounds given (a published
construction's, ``core.tournaments.designs``) start the search; the others are laid greedily: the players
who have sat with fewest computers take the computer tables, then each player in a shuffled order takes
the table where it has met fewest of those already there.

Then simulated annealing swaps two players of a round: it picks a pair that has met twice or more, a round
where they met, one of the two, and the best of a few players drawn from the round's other tables. The
cost, zero exactly when no one meets twice, is 4 for each repeat meeting (a pair's meetings m beyond its
first) plus Σ C(m, 2): fewer repeats first, then, convex, the repeats that cannot be avoided (16 players
over 6 rounds) spread over many pairs rather than piled on a few. It stops at a lower bound of the cost
(the repeats the pairs' number forces; each player's meetings spread evenly over the others) or after a
fixed number of swaps weighed: a budget of steps, not of seconds, so the same arguments give the same
rounds on any machine.

Computer meetings (the computer seats at a player's tables, over the rounds): with computer seats, the
first half of the budget never swaps two players' computer meetings apart, so they stay within one of each
other as the greedy laid them. If repeats remain, the second half may move them apart, though never above
⌈total / N⌉, for a swap that lowers the cost, and its rounds are kept only if they have fewer repeat
meetings: SPEC §9 wants no repeat while a schedule without one exists, and no player meeting computers
more than needed (17 players over 2 rounds: none meets another twice, some sit with computers twice).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

SEATS = 4
STEPS = 2_400_000  # swaps weighed at most, both halves: about 1.5 s on this project's machine (docs/measurements.md)
DRAWS = 16  # partners weighed for each player moved: weighing is cheap next to choosing whom to move
REPEAT = 4  # the cost of a repeat meeting, beside Σ C(m, 2): fewer repeats first, then spread
HOT, COLD = 2.0, 0.2  # the temperature at the first and the last step, in units of the cost


@dataclass(frozen=True, slots=True)
class Seating:
    """A table of a round: its players and its computer seats (``len(players) + computers == 4``)."""

    players: tuple[int, ...]
    computers: int


def computer_seats(players: int) -> list[int]:
    """Each table's computer seats in a round: the fewest, spread as evenly as the tables allow."""
    tables = -(-players // SEATS)
    missing = tables * SEATS - players
    return [missing // tables + (1 if table < missing % tables else 0) for table in range(tables)]


def group(
    players: int, rounds: int, given: Sequence[Sequence[Seating]], rng: random.Random, steps: int = STEPS
) -> list[list[Seating]]:
    """``rounds`` rounds for ``players`` players, the ``given`` ones (at most ``rounds``) first."""
    state = _Rounds(players, rounds, computer_seats(players))
    for seated in given:
        state.add([list(table.players) for table in seated], [table.computers for table in seated])
    while len(state.members) < rounds:
        state.add_greedy(rng)
    if not any(state.levels):
        state.anneal(rng, steps, keep_even=True)
        return state.seatings()
    state.anneal(rng, steps // 2, keep_even=True)
    even, repeats = state.seatings(), state.repeats()
    if state.cost > state.floor():
        state.anneal(rng, steps - steps // 2, keep_even=False)
    return state.seatings() if state.repeats() < repeats else even


def least_cost(players: int, meetings: Sequence[int]) -> int:
    """A lower bound of Σ C(m, 2): each player's ``meetings`` spread as evenly as can be over the others."""
    others = players - 1
    total = 0
    for count in meetings:
        even, extra = divmod(count, others)
        total += (others - extra) * math.comb(even, 2) + extra * math.comb(even + 1, 2)
    return total // 2


class _Rounds:
    """The rounds being built and searched, with the counts a swap's cost reads."""

    def __init__(self, players: int, rounds: int, levels: list[int]) -> None:
        self.players = players
        self.levels = levels
        # the cost's change as a pair's meetings m go up by one (``adding[m]``) or down by one (``dropping[m]``)
        self.adding = [REPEAT * (m >= 1) + m for m in range(rounds + 1)]
        self.dropping = [REPEAT * (m >= 2) + m - 1 for m in range(rounds + 1)]
        self.members: list[list[list[int]]] = []  # round → table → players
        self.computers: list[list[int]] = []  # round → table → computer seats
        self.table_of: list[list[int]] = []  # round → player → table
        self.meetings = [[0] * players for _ in range(players)]
        self.computer_meetings = [0] * players
        self.cost = 0
        self.pairs_met = 0
        self.repeated: list[tuple[int, int]] = []  # the pairs that met twice or more, in no order
        self._repeated_at: dict[tuple[int, int], int] = {}

    def add(self, tables: list[list[int]], levels: list[int]) -> None:
        table_of = [0] * self.players
        for index, (members, level) in enumerate(zip(tables, levels, strict=True)):
            for position, player in enumerate(members):
                table_of[player] = index
                self.computer_meetings[player] += level
                for other in members[:position]:
                    self._meet(player, other, 1)
        self.members.append(tables)
        self.computers.append(levels)
        self.table_of.append(table_of)

    def add_greedy(self, rng: random.Random) -> None:
        order = list(range(self.players))
        rng.shuffle(order)
        order.sort(key=lambda player: self.computer_meetings[player])  # a stable sort: ties stay shuffled
        levels = sorted(self.levels, reverse=True)
        tables: list[list[int]] = [[] for _ in levels]
        start = 0
        for level in sorted(set(levels), reverse=True):
            indices = [index for index, other in enumerate(levels) if other == level]
            pool = order[start : start + (SEATS - level) * len(indices)]
            start += len(pool)
            rng.shuffle(pool)
            for player in pool:
                met = self.meetings[player]
                best = min(
                    (index for index in indices if len(tables[index]) < SEATS - level),
                    key=lambda index: sum(met[other] for other in tables[index]),
                )
                tables[best].append(player)
        self.add(tables, levels)

    def seatings(self) -> list[list[Seating]]:
        return [
            [Seating(tuple(members), computers) for members, computers in zip(tables, levels, strict=True)]
            for tables, levels in zip(self.members, self.computers, strict=True)
        ]

    def repeats(self) -> int:
        """Meetings beyond each pair's first."""
        meetings = (SEATS - 1) * len(self.members) * self.players - sum(self.computer_meetings)
        return meetings // 2 - self.pairs_met

    def floor(self) -> int:
        """A lower bound of the cost: the repeats forced once every pair has met, and ``least_cost`` of the
        players' meetings (three a round, less one a computer seat at their table)."""
        meetings = [(SEATS - 1) * len(self.members) - seen for seen in self.computer_meetings]
        forced = max(0, sum(meetings) // 2 - self.players * (self.players - 1) // 2)
        return least_cost(self.players, meetings) + REPEAT * forced

    def anneal(self, rng: random.Random, steps: int, keep_even: bool) -> None:
        """Swaps, as the module says. With ``keep_even`` no swap moves two players' computer meetings apart;
        without, only one that lowers the cost does, and none takes a player above ⌈total / N⌉."""
        if len(self.levels) < 2:
            return  # one table: nothing to swap
        floor = self.floor()
        moves = steps // DRAWS
        cooling = (COLD / HOT) ** (1 / max(moves, 1))
        temperature = HOT
        uniform = rng.random  # int(random() * n) draws as randrange(n) does, in a third of the time
        meetings, computer_meetings, repeated = self.meetings, self.computer_meetings, self.repeated
        adding, dropping = self.adding, self.dropping
        most = -(-sum(computer_meetings) // self.players)  # no one sits with computers more than this
        for _ in range(moves):
            if self.cost <= floor:
                return
            temperature *= cooling
            first, second = repeated[int(uniform() * len(repeated))]
            moved = first if uniform() < 0.5 else second
            together = [r for r, table_of in enumerate(self.table_of) if table_of[first] == table_of[second]]
            round_ = together[int(uniform() * len(together))]
            table_of, tables, levels = self.table_of[round_], self.members[round_], self.computers[round_]
            here = table_of[moved]
            mates = [x for x in tables[here] if x != moved]
            met_a, seen_a = meetings[moved], computer_meetings[moved]
            leaving = -sum(dropping[met_a[x]] for x in mates)  # what ``moved`` leaving its table changes
            chosen, lowest = -1, math.inf
            for _ in range(DRAWS):
                other = int(uniform() * self.players)
                there = table_of[other]
                if there == here:
                    continue
                step = levels[there] - levels[here]
                apart = False
                if step:
                    seen_b = computer_meetings[other]
                    if max(seen_a + step, seen_b - step) > most:
                        continue
                    apart = (seen_a + step) ** 2 + (seen_b - step) ** 2 > seen_a**2 + seen_b**2
                    if apart and keep_even:
                        continue
                met_b = meetings[other]
                change = leaving
                for x in mates:
                    change += adding[met_b[x]]
                for y in tables[there]:
                    if y != other:
                        change += adding[met_a[y]] - dropping[met_b[y]]
                if apart and change >= 0:
                    continue  # computer meetings move apart only for fewer repeats
                if change < lowest:
                    chosen, lowest = other, change
            if chosen >= 0 and (lowest <= 0 or uniform() < math.exp(-lowest / temperature)):
                self._swap(round_, moved, chosen)

    def _swap(self, round_: int, a: int, b: int) -> None:
        table_of, members = self.table_of[round_], self.members[round_]
        here, there = table_of[a], table_of[b]
        for x in members[here]:
            if x != a:
                self._meet(a, x, -1)
                self._meet(b, x, 1)
        for y in members[there]:
            if y != b:
                self._meet(b, y, -1)
                self._meet(a, y, 1)
        members[here][members[here].index(a)] = b
        members[there][members[there].index(b)] = a
        table_of[a], table_of[b] = there, here
        step = self.computers[round_][there] - self.computers[round_][here]
        self.computer_meetings[a] += step
        self.computer_meetings[b] -= step

    def _meet(self, a: int, b: int, change: int) -> None:
        before = self.meetings[a][b]
        after = before + change
        self.meetings[a][b] = self.meetings[b][a] = after
        self.cost += self.adding[before] if change > 0 else -self.dropping[before]
        self.pairs_met += (after > 0) - (before > 0)
        pair = (a, b) if a < b else (b, a)
        if before < 2 <= after:
            self._repeated_at[pair] = len(self.repeated)
            self.repeated.append(pair)
        elif after < 2 <= before:
            index = self._repeated_at.pop(pair)
            last = self.repeated.pop()
            if last != pair:
                self.repeated[index] = last
                self._repeated_at[last] = index

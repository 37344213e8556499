"""Each table's seats in wind order, so that every player's winds are as even as the rounds allow.

The seating is an edge colouring: a player is joined to each table it sits at, and an edge's colour is
the player's wind there (E, S, W, N). The edges of a table need four different colours. Cut each player's
rounds into runs of four (rounds 1–4, 5–8, 9–12) and make each run a vertex of its own: then every vertex
has at most four edges, and this bipartite graph has a proper colouring with four colours (Kőnig's edge
colouring theorem, built edge by edge: when the colour free at the run is taken at the table, swap two
colours along an alternating path from the table). A player gets every wind once in each full run of
four rounds and different winds in the last run, so its counts of E, S, W and N are within one of each
other (de Werra's equitable colourings of bipartite graphs). Computer seats take the winds left over.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.tournaments.grouping import Seating

WINDS = 4
COMPUTER = -1

Seats = tuple[int, int, int, int]


def wind_order(rounds: Sequence[Sequence[Seating]]) -> tuple[tuple[Seats, ...], ...]:
    """Every table's seats in the order E, S, W, N: a player's number, or ``COMPUTER``."""
    colouring = _Colouring()
    for round_, tables in enumerate(rounds):
        for table, seating in enumerate(tables):
            for player in seating.players:
                colouring.colour((player, round_ // WINDS), (round_, table))
    return tuple(
        tuple(
            _seats([colouring.at_table[(round_, table)].get(wind) for wind in range(WINDS)])
            for table in range(len(tables))
        )
        for round_, tables in enumerate(rounds)
    )


def _seats(winds: list[tuple[int, int] | None]) -> Seats:
    first, second, third, fourth = (COMPUTER if run is None else run[0] for run in winds)
    return first, second, third, fourth


Run = tuple[int, int]  # a player and a run of four rounds
Table = tuple[int, int]  # a round and a table


class _Colouring:
    def __init__(self) -> None:
        self.at_run: dict[Run, dict[int, Table]] = {}
        self.at_table: dict[Table, dict[int, Run]] = {}

    def colour(self, run: Run, table: Table) -> None:
        at_run = self.at_run.setdefault(run, {})
        at_table = self.at_table.setdefault(table, {})
        free_at_run = next(wind for wind in range(WINDS) if wind not in at_run)
        if free_at_run in at_table:
            free_at_table = next(wind for wind in range(WINDS) if wind not in at_table)
            self._swap_path(table, free_at_run, free_at_table)
        at_run[free_at_run] = table
        at_table[free_at_run] = run

    def _swap_path(self, table: Table, taken: int, free: int) -> None:
        """Swap ``taken`` and ``free`` along the path from ``table`` whose edges alternate them (starting
        with ``taken``), so that ``taken`` is free at ``table``. The path never reaches the run being
        coloured: it enters runs by ``taken`` edges, which that run has none of."""
        path: list[tuple[Run, Table, int]] = []
        while (run := self.at_table[table].get(taken)) is not None:
            path.append((run, table, taken))
            if (next_table := self.at_run[run].get(free)) is None:
                break
            path.append((run, next_table, free))
            table = next_table
        for run, on, wind in path:
            del self.at_run[run][wind]
            del self.at_table[on][wind]
        for run, on, wind in path:
            swapped = free if wind == taken else taken
            self.at_run[run][swapped] = on
            self.at_table[on][swapped] = run

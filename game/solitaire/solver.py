"""Decide whether a solitaire position can still be cleared, and give a removal order that does it.

Exhaustive depth-first search over pair removals (the player sees every face: "with peeking"), made
fast by three facts:

- **Safe removals.** When every remaining tile of a group (same face, or all flowers, or all seasons)
  is free, removing them all never hurts: taking tiles away only frees others, and nobody else needs
  them. Such groups go at once, without branching.
- **Few real choices.** A group has 0, 2 or 4 tiles left. With 4 left and 2 free there is one pair
  to take; with 3 free there are three; with 4 free (or 2 of 2) the removal is safe. So a node
  branches only on those groups.
- **Dead positions.** A group whose last two tiles lie one on top of the other can never be
  finished; and a group of four where every way to split it into two pairs puts a pair one on top of
  the other is dead too. Positions found dead are remembered (a set of bit masks), since different
  move orders reach the same position.

The search counts nodes and stops at ``node_budget``: the verdict is then ``UNKNOWN``, never a false
"unsolvable". ``UNSOLVABLE`` is only returned after the whole tree was explored. The result does not
depend on time or on anything but the position and the budget.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.solitaire.board import Board, match_group
from game.solitaire.layout import Layout, ids_of
from game.solitaire.prng import Xoshiro128

DEFAULT_NODE_BUDGET = 20_000
RUN_NODES = 100
JITTER = 20
_RESTART_SEED = "mahjong-bot/solitaire/solver-restart"


class Verdict(enum.Enum):
    SOLVABLE = "solvable"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SolverResult:
    """The verdict; for ``SOLVABLE``, ``order`` clears the board from the position; ``nodes`` searched."""

    verdict: Verdict
    order: tuple[tuple[int, int], ...]
    nodes: int

    @property
    def hint(self) -> tuple[int, int] | None:
        """The first pair of a winning order, or None when there is none (or none was found in budget)."""
        return self.order[0] if self.order else None


class _RunCut(Exception):
    """The current run reached its node limit (nothing learnt in the unfinished subtree is kept as dead)."""


class _Search:
    def __init__(self, board: Board) -> None:
        layout: Layout = board.layout
        self.above = layout.above
        self.left = layout.left
        self.right = layout.right
        self.limit = 0
        self.nodes = 0
        self.jitter: Xoshiro128 | None = None
        self.dead: set[int] = set()
        group_of = [match_group(face) for face in board.faces]
        keys = sorted(set(group_of))
        index = {key: i for i, key in enumerate(keys)}
        masks = [0] * len(keys)
        for tile_id, group in enumerate(group_of):
            masks[index[group]] |= 1 << tile_id
        # Each group's mask and tiles in id order, and the groups some of whose subsets can never be
        # finished (``_hopeless``): all depend on the deal only, and a node reads them instead of walking
        # bit masks.
        self.groups = [(mask, tuple(ids_of(mask))) for mask in masks]
        self.dead_subsets = [(tiles, dead) for _, tiles in self.groups if (dead := self._dead_subsets(tiles))]
        # Order choices by how much a tile holds up: the tiles it covers plus its row neighbours.
        size = len(layout)
        self.weight = [0] * size
        for tile_id in range(size):
            for other in ids_of(layout.above[tile_id] | layout.left[tile_id] | layout.right[tile_id]):
                self.weight[other] += 1

    def stacked(self, a: int, b: int) -> bool:
        return bool(self.above[a] >> b & 1 or self.above[b] >> a & 1)

    def _dead_subsets(self, tiles: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
        """The subsets of a group's ``tiles`` left in a position that can never be finished: its last two
        tiles one on the other, or four where every split into two pairs puts a pair one on the other."""
        dead: set[tuple[int, ...]] = set()
        for a_index, a in enumerate(tiles):
            for b in tiles[a_index + 1 :]:
                if self.stacked(a, b):
                    dead.add((a, b))
        if len(tiles) == 4:
            a, b, c, d = tiles
            if all(
                self.stacked(p, q) or self.stacked(r, s)
                for (p, q), (r, s) in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c)))
            ):
                dead.add(tiles)
        return frozenset(dead)

    def solve(self, present: int, moves: list[tuple[int, int]]) -> bool:
        """Whether ``present`` can be cleared; on success ``moves`` holds the removal order."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise _RunCut
        mark = len(moves)
        present = self._remove_safe(present, moves)
        if not present:
            return True
        if present in self.dead or self._hopeless(present):
            self.dead.add(present)
            del moves[mark:]
            return False
        for a, b in self._choices(present):
            moves.append((a, b))
            if self.solve(present & ~(1 << a | 1 << b), moves):
                return True
            moves.pop()
        self.dead.add(present)
        del moves[mark:]
        return False

    def _remove_safe(self, present: int, moves: list[tuple[int, int]]) -> int:
        above, left, right = self.above, self.left, self.right
        changed = True
        while changed and present:
            changed = False
            for mask, tiles in self.groups:
                if not present & mask:
                    continue
                for i in tiles:  # a loop, not all(): most groups stop at their first blocked tile
                    if present >> i & 1 and (present & above[i] or (present & left[i] and present & right[i])):
                        break
                else:
                    left_in_group = [i for i in tiles if present >> i & 1]
                    moves.extend((left_in_group[k], left_in_group[k + 1]) for k in range(0, len(left_in_group), 2))
                    present &= ~mask
                    changed = True
        return present

    def _hopeless(self, present: int) -> bool:
        return any(tuple(i for i in tiles if present >> i & 1) in dead for tiles, dead in self.dead_subsets)

    def _choices(self, present: int) -> list[tuple[int, int]]:
        above, left, right = self.above, self.left, self.right
        # Groups in the order of their first free tile, pairs in id order: the order the heuristic's
        # stable sort breaks ties in.
        free_by_group: list[list[int]] = []
        for mask, tiles in self.groups:
            if not present & mask:
                continue
            free: list[int] = []
            for i in tiles:  # a loop: a comprehension's own frame costs more than this body
                if present >> i & 1 and not present & above[i] and (not present & left[i] or not present & right[i]):
                    free.append(i)
            if len(free) > 1:
                free_by_group.append(free)
        free_by_group.sort()
        choices: list[tuple[int, int]] = []
        for free in free_by_group:
            for i in range(len(free)):
                for j in range(i + 1, len(free)):
                    choices.append((free[i], free[j]))
        weight = self.weight
        jitter = self.jitter
        # Heuristic order; in later runs each choice's weight gets seeded noise of up to JITTER
        # (integers scaled by 256, so the order is exact arithmetic on every platform).
        scored = [
            (-(256 * (weight[a] + weight[b]) + (jitter.below(256 * JITTER) if jitter else 0)), k)
            for k, (a, b) in enumerate(choices)
        ]
        scored.sort()
        choices = [choices[k] for _, k in scored]
        return choices


def luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 …: restart lengths with a bounded loss."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


def solve(board: Board, node_budget: int = DEFAULT_NODE_BUDGET) -> SolverResult:
    """Whether ``board`` can be cleared: a verdict, a removal order when solvable, the nodes searched.

    The search runs with restarts: the first run follows the plain heuristic order, later runs perturb
    it with seeded noise and get twice the nodes of the run before, all sharing what was proved dead.
    A run that ends without reaching its limit has explored everything: its answer is exact. When the
    whole ``node_budget`` is spent first, the verdict is ``UNKNOWN``.
    """
    if node_budget < 1:
        raise ValueError("the node budget must be at least 1")
    search = _Search(board)
    run = 0
    while search.nodes < node_budget:
        search.limit = min(search.nodes + RUN_NODES * luby(run + 1), node_budget)
        search.jitter = None if run == 0 else Xoshiro128.from_seed(f"{_RESTART_SEED}/{run}".encode())
        moves: list[tuple[int, int]] = []
        try:
            solvable = search.solve(board.present, moves)
        except _RunCut:
            search.nodes = search.limit
            run += 1
            continue
        if solvable:
            return SolverResult(Verdict.SOLVABLE, tuple(moves), search.nodes)
        return SolverResult(Verdict.UNSOLVABLE, (), search.nodes)
    return SolverResult(Verdict.UNKNOWN, (), search.nodes)

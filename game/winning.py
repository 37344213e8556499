"""Which concealed tiles make a winning hand under a rule set: the standard shape, the special
hands a rule set enables, and hands holding jokers.

Hands are 43-count vectors indexed by ``Tile`` (playing tiles 0–33, the joker at 42); bonus tiles
never stay in a hand. The number of sets still to make follows from the size (3n + 2 tiles).

Jokers: a joker stands for any tile of a chow or a pung, never of the pair, and a set keeps at
least one real tile. A hand with jokers is tested by a search that takes the lowest real tile
left and tries every way it can open a set with jokers filling the gaps (a pung from one, two or
three real tiles; a chow from the tile with its next or next-but-one rank), after choosing a real
pair. Every set of the hand contains a lowest real tile, so the search misses no reading, and it
is memoised on (counts, jokers). A joker may stand for a tile whose four copies are elsewhere (it is
the physical set that counts: ``1m 1m joker`` is a pung of 1m). Seven pairs and thirteen orphans
take no jokers.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.hand import (
    is_complete,
    is_seven_pairs,
    is_thirteen_orphans,
    regular_shanten,
    seven_pairs_shanten,
    thirteen_orphans_shanten,
)
from game.rules import Ruleset
from game.tiles import Tile

JOKER = int(Tile.JOKER)


def is_winning(counts: Sequence[int], ruleset: Ruleset) -> bool:
    """Whether concealed counts (3n + 2 tiles, jokers included) are a complete hand."""
    jokers = counts[JOKER]
    naturals = counts[:34]
    if jokers:
        return _complete_with_jokers(tuple(naturals), jokers)
    if is_complete(naturals):
        return True
    if sum(naturals) != 14:
        return False
    return (ruleset.seven_pairs and is_seven_pairs(naturals)) or (
        ruleset.thirteen_orphans and is_thirteen_orphans(naturals)
    )


def winning_tiles(counts: Sequence[int], ruleset: Ruleset) -> list[Tile]:
    """The tiles that would complete concealed counts of 3n + 1 tiles."""
    work = list(counts)
    found = []
    for index in range(34):
        if work[index] >= 4:
            continue
        work[index] += 1
        if is_winning(work, ruleset):
            found.append(Tile(index))
        work[index] -= 1
    return found


def is_ready(counts: Sequence[int], ruleset: Ruleset) -> bool:
    """Whether concealed counts of 3n + 1 tiles are one tile from winning.

    With jokers, the missing tile is searched as one more wild tile that may also complete the
    pair (a fifth copy of a kind is not ruled out, the only way this differs from ``winning_tiles``).
    """
    if counts[JOKER]:
        return _ready_with_jokers(tuple(counts[:34]), counts[JOKER])
    work = list(counts)
    for index in range(34):
        if work[index] >= 4:
            continue
        work[index] += 1
        won = is_winning(work, ruleset)
        work[index] -= 1
        if won:
            return True
    return False


def ready_discards(counts: Sequence[int], ruleset: Ruleset) -> list[Tile]:
    """The tiles whose discard leaves concealed counts of 3n + 2 tiles one tile from winning."""
    if not counts[JOKER] and shanten(counts[:34], ruleset) > 0:
        return []
    work = list(counts)
    keeping = []
    for index, count in enumerate(counts):
        if count:
            work[index] -= 1
            if is_ready(work, ruleset):
                keeping.append(Tile(index))
            work[index] += 1
    return keeping


def shanten(naturals: Sequence[int], ruleset: Ruleset) -> int:
    """How far natural tiles (3n + 1 or 3n + 2, no jokers) are from a win under ``ruleset``: the least of
    the regular shape's shanten and those of the special hands it allows, which take a whole hand
    (13 or 14 concealed tiles, no declared set)."""
    distance = regular_shanten(naturals)
    if sum(naturals) in (13, 14):
        if ruleset.seven_pairs:
            distance = min(distance, seven_pairs_shanten(naturals))
        if ruleset.thirteen_orphans:
            distance = min(distance, thirteen_orphans_shanten(naturals))
    return distance


@lru_cache(maxsize=1 << 16)
def _ready_with_jokers(naturals: tuple[int, ...], jokers: int) -> bool:
    work = list(naturals)
    for index in range(34):
        count = work[index]
        if not count:
            continue
        # The missing tile pairs with this one...
        work[index] -= 1
        found = _sets_with_jokers(tuple(work), jokers)
        work[index] += 1
        if found:
            return True
        if count >= 2:
            # ...or this is the pair and the missing tile joins a set, as a joker would, or with two jokers.
            work[index] -= 2
            rest = tuple(work)
            found = _sets_with_jokers(rest, jokers + 1) or (jokers >= 2 and _sets_with_jokers(rest, jokers - 2))
            work[index] += 2
            if found:
                return True
    return False


@lru_cache(maxsize=1 << 16)
def _complete_with_jokers(naturals: tuple[int, ...], jokers: int) -> bool:
    if (sum(naturals) + jokers) % 3 != 2:
        return False
    work = list(naturals)
    for pair in range(34):
        if work[pair] >= 2:
            work[pair] -= 2
            found = _sets_with_jokers(tuple(work), jokers)
            work[pair] += 2
            if found:
                return True
    return False


@lru_cache(maxsize=1 << 16)
def _sets_with_jokers(counts: tuple[int, ...], jokers: int) -> bool:
    """Whether ``counts`` plus exactly ``jokers`` wild tiles split into sets, each with a real tile."""
    low = next((index for index, count in enumerate(counts) if count), -1)
    if low < 0:
        return jokers == 0
    work = list(counts)
    for real in range(min(3, counts[low]), 0, -1):
        if 3 - real <= jokers:
            work[low] -= real
            found = _sets_with_jokers(tuple(work), jokers - (3 - real))
            work[low] += real
            if found:
                return True
    if low >= 27:
        return False
    rank = low % 9
    # The lowest real tile opens a chow with its next rank, its next-but-one, or both.
    for partners in ((1, 2), (1,), (2,)):
        if any(rank + step > 8 or not counts[low + step] for step in partners):
            continue
        needed = 3 - 1 - len(partners)
        if needed > jokers:
            continue
        work[low] -= 1
        for step in partners:
            work[low + step] -= 1
        found = _sets_with_jokers(tuple(work), jokers - needed)
        work[low] += 1
        for step in partners:
            work[low + step] += 1
        if found:
            return True
    return False

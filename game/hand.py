"""Hand shapes: winning-hand detection, every arrangement of a hand into sets, shanten, waits.

All functions work on the 34-count vector of concealed playing tiles. A hand with ``k`` declared
sets keeps ``14 - 3k`` (complete) or ``13 - 3k`` (waiting) concealed tiles; the functions infer
how many sets the concealed part must still make from its size.

The per-suit work is memoised on the suit's 9 counts: a suit (or the honours) is analysed once per
distinct pattern for the whole process, which is what makes the hot paths (bots, simulations) fast.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from game.errors import InvalidHand
from game.tiles import TERMINALS_AND_HONOURS, Tile, counts34

_SUIT_STARTS = (0, 9, 18)


class SetKind(enum.Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


@dataclass(frozen=True, slots=True)
class ConcealedSet:
    """A set found inside concealed tiles: a chow (by its lowest tile) or a pung."""

    kind: SetKind
    tile: Tile

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is SetKind.CHOW:
            return (self.tile, Tile(self.tile + 1), Tile(self.tile + 2))
        return (self.tile,) * (4 if self.kind is SetKind.KONG else 3)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One way to read concealed tiles as sets plus a pair (``pair`` is None for a hand of sets only)."""

    sets: tuple[ConcealedSet, ...]
    pair: Tile | None


# --- win detection --------------------------------------------------------------------------------


@cache
def _suit_splits(counts: tuple[int, ...], with_pair: bool) -> bool:
    """Whether a suit's 9 counts split into sets (and exactly one pair when ``with_pair``)."""
    first = next((i for i, c in enumerate(counts) if c), -1)
    if first < 0:
        return not with_pair
    c = list(counts)
    if with_pair and c[first] >= 2:
        c[first] -= 2
        if _suit_splits(tuple(c), False):
            return True
        c[first] += 2
    if c[first] >= 3:
        c[first] -= 3
        if _suit_splits(tuple(c), with_pair):
            return True
        c[first] += 3
    if first <= 6 and c[first + 1] and c[first + 2]:
        c[first] -= 1
        c[first + 1] -= 1
        c[first + 2] -= 1
        if _suit_splits(tuple(c), with_pair):
            return True
    if with_pair:
        # The pair may sit above the lowest tile: try it on every rank that has two.
        for rank in range(first + 1, 9):
            if counts[rank] >= 2:
                c = list(counts)
                c[rank] -= 2
                if _suit_splits(tuple(c), False):
                    return True
    return False


def is_complete(counts: Sequence[int]) -> bool:
    """Whether concealed counts (3n + 2 tiles) form n sets and one pair."""
    if sum(counts) % 3 != 2:
        return False
    pair_parts = 0
    for start in _SUIT_STARTS:
        part = tuple(counts[start : start + 9])
        total = sum(part)
        if total % 3 == 1:
            return False
        if total % 3 == 2:
            pair_parts += 1
            if pair_parts > 1 or not _suit_splits(part, True):
                return False
        elif not _suit_splits(part, False):
            return False
    for index in range(27, 34):
        count = counts[index]
        if count == 1 or count == 4:
            return False
        if count == 2:
            pair_parts += 1
            if pair_parts > 1:
                return False
    return pair_parts == 1


def is_winning_hand(tiles: Sequence[Tile]) -> bool:
    """Whether 14 concealed tiles form four sets and a pair (the standard shape)."""
    if len(tiles) != 14:
        raise InvalidHand(f"a winning hand has 14 concealed tiles, not {len(tiles)}")
    return is_complete(counts34(tiles))


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven distinct pairs (14 tiles)."""
    return sum(counts) == 14 and sum(1 for c in counts if c == 2) == 7


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """One of each terminal and honour plus one more of them (14 tiles)."""
    return (
        sum(counts) == 14
        and all(counts[t] >= 1 for t in TERMINALS_AND_HONOURS)
        and sum(counts[t] for t in TERMINALS_AND_HONOURS) == 14
    )


# --- arrangements ---------------------------------------------------------------------------------


def arrangements(counts: Sequence[int]) -> list[Arrangement]:
    """Every distinct way to read concealed counts (3n + 2 tiles) as n sets and a pair.

    Scoring takes the best of these; an empty list means the counts are not a complete hand.
    """
    if sum(counts) % 3 != 2 or not is_complete(counts):
        return []
    found: set[Arrangement] = set()
    work = list(counts)
    for pair in range(34):
        if work[pair] >= 2:
            work[pair] -= 2
            for sets in _set_readings(work, 0):
                found.add(Arrangement(tuple(sorted(sets, key=_set_order)), Tile(pair)))
            work[pair] += 2
    return sorted(found, key=lambda a: (a.pair, [_set_order(s) for s in a.sets]))


def _set_order(item: ConcealedSet) -> tuple[int, str]:
    return (item.tile, item.kind.value)


def _set_readings(work: list[int], start: int) -> Iterator[list[ConcealedSet]]:
    """Every reading of ``work`` as sets only, lowest tile first (``work`` is restored afterwards)."""
    index = next((i for i in range(start, 34) if work[i]), -1)
    if index < 0:
        yield []
        return
    if work[index] >= 3:
        work[index] -= 3
        for rest in _set_readings(work, index):
            yield [ConcealedSet(SetKind.PUNG, Tile(index)), *rest]
        work[index] += 3
    if index < 27 and index % 9 <= 6 and work[index + 1] and work[index + 2]:
        for offset in (0, 1, 2):
            work[index + offset] -= 1
        for rest in _set_readings(work, index):
            yield [ConcealedSet(SetKind.CHOW, Tile(index)), *rest]
        for offset in (0, 1, 2):
            work[index + offset] += 1


# --- shanten --------------------------------------------------------------------------------------


@cache
def _suit_blocks(counts: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """Pareto-best (sets, partial sets, head) readings of one suit's counts.

    A partial set is two tiles one draw from a set (a pair, two neighbours, two with a gap); the
    head is a pair kept as the hand's pair. Only readings not dominated by another are kept.
    """
    found: set[tuple[int, int, int]] = set()
    c = list(counts)

    def walk(rank: int, sets: int, partials: int, head: int) -> None:
        while rank < 9 and not c[rank]:
            rank += 1
        if rank == 9:
            found.add((sets, partials, head))
            return
        if c[rank] >= 3:
            c[rank] -= 3
            walk(rank, sets + 1, partials, head)
            c[rank] += 3
        if rank <= 6 and c[rank + 1] and c[rank + 2]:
            c[rank] -= 1
            c[rank + 1] -= 1
            c[rank + 2] -= 1
            walk(rank, sets + 1, partials, head)
            c[rank] += 1
            c[rank + 1] += 1
            c[rank + 2] += 1
        if c[rank] >= 2:
            c[rank] -= 2
            walk(rank, sets, partials + 1, head)
            if not head:
                walk(rank, sets, partials, 1)
            c[rank] += 2
        if rank <= 7 and c[rank + 1]:
            c[rank] -= 1
            c[rank + 1] -= 1
            walk(rank, sets, partials + 1, head)
            c[rank] += 1
            c[rank + 1] += 1
        if rank <= 6 and c[rank + 2]:
            c[rank] -= 1
            c[rank + 2] -= 1
            walk(rank, sets, partials + 1, head)
            c[rank] += 1
            c[rank + 2] += 1
        # Leave one tile of this rank unused.
        c[rank] -= 1
        walk(rank, sets, partials, head)
        c[rank] += 1

    walk(0, 0, 0, 0)
    return _pareto(found)


def _pareto(found: set[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
    return tuple(
        sorted(
            option
            for option in found
            if not any(
                other != option and other[0] >= option[0] and other[0] + other[1] >= option[0] + option[1]
                and other[1] >= option[1] and other[2] >= option[2]
                for other in found
            )
        )
    )


def _honour_blocks(counts: Sequence[int]) -> tuple[tuple[int, int, int], ...]:
    sets = sum(1 for c in counts if c >= 3)
    pairs = sum(1 for c in counts if c == 2)
    options = {(sets, pairs, 0)}
    if pairs:
        options.add((sets, pairs - 1, 1))
    return tuple(sorted(options))


def shanten(tiles: Sequence[Tile]) -> int:
    """Regular-hand shanten of 13 or 14 concealed tiles: −1 complete, 0 ready, 1 one away, …"""
    if len(tiles) not in (13, 14):
        raise InvalidHand(f"shanten takes 13 or 14 concealed tiles, not {len(tiles)}")
    return regular_shanten(counts34(tiles))


def regular_shanten(counts: Sequence[int]) -> int:
    """Regular-hand shanten of concealed counts (3n + 1 or 3n + 2 tiles, sets still to make = n)."""
    total = sum(counts)
    if total % 3 == 0 or total > 14:
        raise InvalidHand(f"a concealed hand has 3n + 1 or 3n + 2 tiles, not {total}")
    needed = total // 3
    parts = [_suit_blocks(tuple(counts[s : s + 9])) for s in _SUIT_STARTS]
    parts.append(_honour_blocks(counts[27:34]))
    best = 2 * needed
    for a in parts[0]:
        for b in parts[1]:
            for c in parts[2]:
                for d in parts[3]:
                    head = a[2] + b[2] + c[2] + d[2]
                    if head > 1:
                        continue
                    sets = a[0] + b[0] + c[0] + d[0]
                    partials = a[1] + b[1] + c[1] + d[1]
                    partials = min(partials, needed - sets)
                    value = 2 * needed - 2 * sets - partials - head
                    best = min(best, value)
    return best


def seven_pairs_shanten(counts: Sequence[int]) -> int:
    """Shanten towards seven distinct pairs (13 or 14 tiles)."""
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c >= 1)
    return 6 - pairs + max(0, 7 - kinds)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    """Shanten towards thirteen orphans (13 or 14 tiles)."""
    kinds = sum(1 for t in TERMINALS_AND_HONOURS if counts[t])
    has_pair = any(counts[t] >= 2 for t in TERMINALS_AND_HONOURS)
    return 13 - kinds - (1 if has_pair else 0)


def waits(counts: Sequence[int]) -> list[Tile]:
    """The tiles that would complete concealed counts of 3n + 1 tiles (regular shape)."""
    work = list(counts)
    result = []
    for index in range(34):
        if work[index] >= 4:
            continue
        work[index] += 1
        if is_complete(work):
            result.append(Tile(index))
        work[index] -= 1
    return result

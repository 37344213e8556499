"""Hand shapes: winning-hand detection, every arrangement of a hand into sets, shanten, waits.

All functions work on the 34-count vector of concealed playing tiles. A hand with ``k`` declared
sets keeps ``14 - 3k`` (complete) or ``13 - 3k`` (waiting) concealed tiles; the functions infer
how many sets the concealed part must still make from its size.

Win detection, shanten, waits and useful tiles read exact per-part tables (``game.hand_tables``)
memoised on each suit's 9 counts: a suit (or the honours) is analysed once per distinct pattern for
the whole process, which is what makes the hot paths (bots, simulations) fast.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from game.errors import InvalidHand
from game.hand_tables import (
    BROKEN,
    COMBINED,
    HONOUR_COMPLETIONS,
    HONOUR_GAINS,
    HONOUR_PART,
    HONOUR_STATUS,
    OPTIMAL_ENTRIES,
    PAIRED,
    SETS_ONLY,
    SHANTEN,
    SUIT_CODES,
    SUIT_COMPLETIONS,
    SUIT_GAINS,
    SUIT_PART,
    SUIT_STATUS,
    SUIT_STATUS_BY_CODE,
    UNKNOWN_STATUS,
    Pattern,
    learn_suit_status,
    part_of,
)
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


def _as_tuple(counts: Sequence[int]) -> tuple[int, ...]:
    """The 34 counts as a tuple, whose slices are the memo keys of the four parts."""
    if len(counts) != 34:
        raise InvalidHand(f"a hand is 34 tile counts, not {len(counts)}")
    return tuple(counts)


def is_complete(counts: Sequence[int]) -> bool:
    """Whether concealed counts (3n + 2 tiles, n ≤ 4) form n sets and one pair.

    Counts outside 0–4 raise InvalidHand, unless an honour held once or four times has already
    ruled the hand out (that check comes first because it settles most hands).
    """
    # The hottest path of all: compiled by mypyc, plain loops over the ints of a list[int] run as C
    # without boxing, so no slices, tuples or per-part look-ups by pattern here.
    whole: list[int] = counts if isinstance(counts, list) else list(counts)
    if len(whole) != 34:
        raise InvalidHand(f"a hand is 34 tile counts, not {len(whole)}")
    honour_pairs = 0
    impossible = False
    for index in range(27, 34):
        count = whole[index]
        if count == 1 or count == 4:
            return False  # most hands end here
        if count == 2:
            honour_pairs += 1
        elif count != 0 and count != 3:
            impossible = True
    total = SETS_ONLY if honour_pairs == 0 else PAIRED if honour_pairs == 1 else BROKEN
    statuses = SUIT_STATUS_BY_CODE
    suits = code = 0
    weight = 1  # 5**rank
    for count in whole:
        if count < 0 or count > 4:
            impossible = True
        code += count * weight
        weight *= 5
        if weight == SUIT_CODES:  # the suit's 9 ranks are read
            if not impossible:
                status = statuses[code]
                total += learn_suit_status(code) if status == UNKNOWN_STATUS else status
            suits += 1
            if suits == 3:
                break  # the honours are done
            code = 0
            weight = 1
    if impossible:
        raise InvalidHand(f"a hand holds 0 to 4 copies of a tile, not {sorted(set(whole) - set(range(5)))}")
    return total == PAIRED


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


def shanten(tiles: Sequence[Tile]) -> int:
    """Regular-hand shanten of 13 or 14 concealed tiles: −1 complete, 0 ready, 1 one away, …"""
    if len(tiles) not in (13, 14):
        raise InvalidHand(f"shanten takes 13 or 14 concealed tiles, not {len(tiles)}")
    return regular_shanten(counts34(tiles))


def regular_shanten(counts: Sequence[int]) -> int:
    """Regular-hand shanten of concealed counts (3n + 1 or 3n + 2 tiles, sets still to make = n).

    Exact: the least number of exchanges to a ready hand (to a complete one for 3n + 2 tiles,
    counted from −1), never counting on a fifth copy of a tile the hand holds four of.
    """
    whole = _as_tuple(counts)
    suits = COMBINED[COMBINED[SUIT_PART[whole[0:9]], SUIT_PART[whole[9:18]]], SUIT_PART[whole[18:27]]]
    return SHANTEN[suits, HONOUR_PART[whole[27:34]]]


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


def _mask_tiles(start: int, size: int) -> tuple[tuple[Tile, ...], ...]:
    return tuple(tuple(Tile(start + r) for r in range(size) if mask >> r & 1) for mask in range(1 << size))


# The tiles of each rank mask, per part: turning a mask into tiles is then one index.
_PART_TILES = (*(_mask_tiles(start, 9) for start in _SUIT_STARTS), _mask_tiles(27, 7))


def _parts(counts: Sequence[int]) -> tuple[Pattern, Pattern, Pattern, Pattern]:
    whole = _as_tuple(counts)
    return whole[0:9], whole[9:18], whole[18:27], whole[27:34]


def waits(counts: Sequence[int]) -> list[Tile]:
    """The tiles that would complete concealed counts of 3n + 1 tiles (regular shape).

    A tile the hand already holds four of is never a wait.
    """
    parts = _parts(counts)
    statuses = [SUIT_STATUS[parts[0]], SUIT_STATUS[parts[1]], SUIT_STATUS[parts[2]], HONOUR_STATUS[parts[3]]]
    everything = sum(statuses)
    result: list[Tile] = []
    for index, status in enumerate(statuses):
        others = everything - status
        if others > PAIRED:
            continue
        to_sets, to_pair = SUIT_COMPLETIONS[parts[index]] if index < 3 else HONOUR_COMPLETIONS[parts[index]]
        # The extra tile must give this part the pair exactly when no other part has it.
        result.extend(_PART_TILES[index][to_sets if others == PAIRED else to_pair])
    return result


def useful_tiles(counts: Sequence[int]) -> list[Tile]:
    """The tile kinds whose draw lowers the regular shanten of concealed counts of 3n + 1 tiles.

    Kinds the hand holds four of are excluded; callers count how many copies remain unseen.
    """
    parts = _parts(counts)
    ids = [SUIT_PART[parts[0]], SUIT_PART[parts[1]], SUIT_PART[parts[2]], HONOUR_PART[parts[3]]]
    first_two = COMBINED[ids[0], ids[1]]
    last_two = COMBINED[ids[2], ids[3]]
    held = part_of(first_two)[0] + part_of(last_two)[0]
    if held % 3 != 1 or held > 13:
        raise InvalidHand(f"useful tiles are for a hand of 3n + 1 tiles (at most 13), not {held}")
    rests = (
        COMBINED[ids[1], last_two],
        COMBINED[ids[0], last_two],
        COMBINED[first_two, ids[3]],
        COMBINED[first_two, ids[2]],
    )
    result: list[Tile] = []
    for index in range(4):
        gains = SUIT_GAINS[parts[index]] if index < 3 else HONOUR_GAINS[parts[index]]
        mask = 0
        for entry in OPTIMAL_ENTRIES[ids[index], rests[index]]:
            mask |= gains[entry]
        result.extend(_PART_TILES[index][mask])
    return result

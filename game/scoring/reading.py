"""Every reading of a winning hand: how its tiles split into sets and a pair, and how each set was made.

Scoring tries every reading and keeps the best. A reading differs from a plain arrangement in two
ways: it includes the declared sets, and it knows which set the winning tile completed, since a set
completed by a claimed discard counts as exposed for its points (several placements of the winning
tile give several readings). Jokers in the concealed tiles stand for any tile of a set, never of the
pair, and every set keeps at least one tile that is not a joker.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass

from game.hand import ConcealedSet, SetKind, arrangements, is_seven_pairs, is_thirteen_orphans
from game.tiles import Tile, counts34
from game.win import WinContext


class Shape(enum.Enum):
    REGULAR = "regular"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"


@dataclass(frozen=True, slots=True)
class ReadSet:
    """A set of the reading. ``concealed`` is False for a claimed set (declared exposed, or completed
    by the winning discard); ``declared`` says it was laid on the table before the win."""

    kind: SetKind
    tile: Tile
    concealed: bool
    declared: bool
    jokers: int = 0

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind is not SetKind.CHOW

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return ConcealedSet(self.kind, self.tile).tiles


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the whole hand. ``tiles`` are the playing tiles it stands for (jokers resolved,
    a kong gives four); ``pair`` is None for the special shapes."""

    shape: Shape
    sets: tuple[ReadSet, ...]
    pair: Tile | None
    tiles: tuple[Tile, ...]

    @property
    def pungs(self) -> tuple[ReadSet, ...]:
        """The pungs and kongs."""
        return tuple(s for s in self.sets if s.is_pung_or_kong)


# A concealed set found with jokers: the set and the positions (in natural order) jokers fill.
_JokerSet = tuple[ConcealedSet, tuple[int, ...]]


def readings(win: WinContext, *, seven_pairs: bool, thirteen_orphans: bool) -> list[Reading]:
    """Every reading of a validated win; empty when the tiles do not make a winning hand."""
    counts = counts34(win.concealed)
    jokers = win.concealed.count(Tile.JOKER)
    found: list[Reading] = []
    if not win.melds and not jokers:
        ordered = tuple(sorted(win.concealed))
        if seven_pairs and is_seven_pairs(counts):
            found.append(Reading(Shape.SEVEN_PAIRS, (), None, ordered))
        if thirteen_orphans and is_thirteen_orphans(counts):
            found.append(Reading(Shape.THIRTEEN_ORPHANS, (), None, ordered))
    declared = tuple(
        ReadSet(meld.kind, meld.base, concealed=not meld.exposed, declared=True, jokers=meld.jokers)
        for meld in win.melds
    )
    for joker_sets, pair in _concealed_arrangements(counts, jokers):
        for hand_sets in _placements(joker_sets, pair, win):
            # A canonical order, so that the order in which tiles and sets were given never shows.
            sets = tuple(sorted(hand_sets + declared, key=_read_set_order))
            tiles = tuple(sorted([tile for item in sets for tile in item.tiles] + [pair, pair]))
            found.append(Reading(Shape.REGULAR, sets, pair, tiles))
    return list(dict.fromkeys(found))


def _read_set_order(item: ReadSet) -> tuple[int, str, bool, bool, int]:
    return (item.tile, item.kind.value, item.concealed, item.declared, item.jokers)


def _concealed_arrangements(counts: list[int], jokers: int) -> list[tuple[tuple[_JokerSet, ...], Tile]]:
    if not jokers:
        return [(tuple((item, ()) for item in a.sets), a.pair) for a in arrangements(counts) if a.pair is not None]
    found: set[tuple[tuple[_JokerSet, ...], Tile]] = set()
    work = list(counts)
    for pair in range(34):
        if work[pair] >= 2:
            work[pair] -= 2
            for sets in _sets_with_jokers(work, jokers, 0):
                found.add((tuple(sorted(sets, key=_joker_set_order)), Tile(pair)))
            work[pair] += 2
    return sorted(found, key=lambda item: (item[1], [_joker_set_order(s) for s in item[0]]))


def _joker_set_order(item: _JokerSet) -> tuple[int, str, tuple[int, ...]]:
    return (item[0].tile, item[0].kind.value, item[1])


def _sets_with_jokers(work: list[int], jokers: int, start: int) -> Iterator[list[_JokerSet]]:
    """Every reading of ``work`` plus ``jokers`` wild tiles as sets, each with a natural tile.

    The lowest natural tile left must belong to some set: a pung of it, or a chow in which it is the
    lowest natural tile (lower places, where no natural tile is left, are jokers).
    """
    index = next((i for i in range(start, 34) if work[i]), -1)
    if index < 0:
        if jokers == 0:
            yield []
        return
    for natural in range(1, min(3, work[index]) + 1):
        wild = 3 - natural
        if wild <= jokers:
            work[index] -= natural
            for rest in _sets_with_jokers(work, jokers - wild, index):
                yield [(ConcealedSet(SetKind.PUNG, Tile(index)), tuple(range(natural, 3))), *rest]
            work[index] += natural
    if index >= 27:
        return
    suit_start = index - index % 9
    for base in range(max(index - 2, suit_start), index + 1):
        if base % 9 > 6:
            continue
        yield from _chows_with_jokers(work, jokers, index, base)


def _chows_with_jokers(work: list[int], jokers: int, index: int, base: int) -> Iterator[list[_JokerSet]]:
    below = index - base  # places under the lowest natural tile: jokers
    above = [base + place for place in range(below + 1, 3)]
    for use_natural in _choices(len(above)):
        slots = list(range(below))
        taken = [index]
        for place, tile, natural in zip(range(below + 1, 3), above, use_natural, strict=True):
            if natural:
                taken.append(tile)
            else:
                slots.append(place)
        if len(slots) > jokers or any(work[tile] < taken.count(tile) for tile in taken):
            continue
        for tile in taken:
            work[tile] -= 1
        for rest in _sets_with_jokers(work, jokers - len(slots), index):
            yield [(ConcealedSet(SetKind.CHOW, Tile(base)), tuple(slots)), *rest]
        for tile in taken:
            work[tile] += 1


def _choices(length: int) -> list[tuple[bool, ...]]:
    if length == 0:
        return [()]
    return [(first, *rest) for first in (True, False) for rest in _choices(length - 1)]


def _placements(joker_sets: tuple[_JokerSet, ...], pair: Tile, win: WinContext) -> Iterator[tuple[ReadSet, ...]]:
    """The concealed sets once the winning tile is placed: on a discard, the set it completes is claimed."""
    concealed = tuple(
        ReadSet(item.kind, item.tile, concealed=True, declared=False, jokers=len(slots)) for item, slots in joker_sets
    )
    if win.self_drawn:
        yield concealed
        return
    winning = win.winning_tile
    if winning == pair:
        yield concealed
    for position, (item, slots) in enumerate(joker_sets):
        natural = [tile for place, tile in enumerate(item.tiles) if place not in slots]
        if winning in natural:
            claimed = concealed[position]
            yield (
                *concealed[:position],
                ReadSet(claimed.kind, claimed.tile, concealed=False, declared=False, jokers=claimed.jokers),
                *concealed[position + 1 :],
            )

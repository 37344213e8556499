"""Declared sets: chows, pungs and kongs laid on the table (or a concealed kong), with jokers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.errors import InvalidHand
from game.hand import SetKind
from game.tiles import Tile, format_tiles


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set.

    ``base`` names the set (a pung's tile, a chow's lowest tile). ``joker_slots`` lists the
    positions (in the set's natural order) held by a joker. ``exposed`` is False only for a
    concealed kong. ``claimed_from`` is the seat whose discard completed it (None when built from
    one's own tiles); ``added`` marks a kong made by adding the fourth tile to an exposed pung.
    """

    kind: SetKind
    base: Tile
    exposed: bool = True
    claimed_from: int | None = None
    joker_slots: tuple[int, ...] = ()
    added: bool = False

    def __post_init__(self) -> None:
        if not self.base < 34:
            raise InvalidHand(f"a set is made of playing tiles, not {self.base.code}")
        if self.kind is SetKind.CHOW and (self.base >= 27 or self.base % 9 > 6):
            raise InvalidHand(f"no chow starts at {self.base.code}")
        if len(set(self.joker_slots)) != len(self.joker_slots) or not all(
            0 <= slot < self.size for slot in self.joker_slots
        ):
            raise InvalidHand(f"joker positions {self.joker_slots} do not fit a {self.kind.value}")
        if len(self.joker_slots) >= self.size:
            raise InvalidHand(f"a {self.kind.value} needs at least one tile that is not a joker")

    @property
    def size(self) -> int:
        return 4 if self.kind is SetKind.KONG else 3

    @property
    def jokers(self) -> int:
        return len(self.joker_slots)

    @property
    def natural_tiles(self) -> tuple[Tile, ...]:
        """The tiles the set stands for, jokers replaced by what they represent."""
        if self.kind is SetKind.CHOW:
            return (self.base, Tile(self.base + 1), Tile(self.base + 2))
        return (self.base,) * self.size

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The physical tiles in natural order, a joker where one stands in."""
        return tuple(Tile.JOKER if slot in self.joker_slots else tile for slot, tile in enumerate(self.natural_tiles))

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind is not SetKind.CHOW

    @classmethod
    def from_tiles(cls, tiles: Sequence[Tile], *, exposed: bool = True) -> Meld:
        """Read physical tiles (jokers allowed) as a set; raises ``InvalidHand`` if they are none.

        Jokers in a chow take the lowest places that fit (``0j8s9s`` is 7-8-9); one natural tile with
        jokers reads as a pung or kong (``0j0j9s`` is a pung of 9s).
        """
        jokers = sum(1 for tile in tiles if tile is Tile.JOKER)
        natural: list[Tile] = sorted(tile for tile in tiles if tile is not Tile.JOKER)
        shown = format_tiles(tiles)
        if len(tiles) not in (3, 4):
            raise InvalidHand(f"a set has 3 or 4 tiles, {shown!r} has {len(tiles)}")
        if not natural:
            raise InvalidHand(f"{shown!r}: a set needs at least one tile that is not a joker")
        if any(tile.is_bonus for tile in natural):
            raise InvalidHand(f"{shown!r}: flowers and seasons never make sets")
        if len(set(natural)) == 1:
            kind = SetKind.KONG if len(tiles) == 4 else SetKind.PUNG
            return cls(kind, natural[0], exposed=exposed, joker_slots=tuple(range(len(natural), len(tiles))))
        if len(tiles) == 3 and len(set(natural)) == len(natural):
            base = _chow_base(natural, jokers)
            if base is not None:
                slots = tuple(slot for slot in range(3) if Tile(base + slot) not in natural)
                return cls(SetKind.CHOW, base, exposed=exposed, joker_slots=slots)
        raise InvalidHand(f"{shown!r} is not a chow, a pung or a kong")

    def notation(self) -> str:
        return format_tiles(self.tiles)


def _chow_base(natural: list[Tile], jokers: int) -> Tile | None:
    """The lowest tile of the chow these tiles (plus ``jokers`` wild tiles) can make, if any."""
    low, high = natural[0], natural[-1]
    if low >= 27 or high >= 27 or low // 9 != high // 9 or high - low > 2:
        return None
    for base in range(max(low - jokers, (low // 9) * 9), low + 1):
        if base % 9 <= 6 and base + 2 >= high:
            return Tile(base)
    return None

"""A solitaire board: a layout, the face at each position, and which tiles are still present.

The matching rule (SPEC §3): two tiles match when they have the same face, or are both flowers, or
are both seasons — never a flower with a season. ``match_group`` turns that into one key per group of
four, so the 144 tiles form 36 groups of 4 and every match is "same group".
"""

from __future__ import annotations

from dataclasses import dataclass

from game.errors import IllegalAction
from game.solitaire.layout import PYRAMID, Layout, ids_of
from game.tiles import Tile

FLOWER_GROUP = int(Tile.PLUM)
SEASON_GROUP = int(Tile.SPRING)


def match_group(tile: Tile) -> int:
    """The matching key of a face: the face itself, or one key for all flowers and one for all seasons."""
    if tile.is_flower:
        return FLOWER_GROUP
    if tile.is_season:
        return SEASON_GROUP
    return int(tile)


def tiles_match(a: Tile, b: Tile) -> bool:
    """Whether two faces can be removed together."""
    return match_group(a) == match_group(b)


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable board: ``faces[id]`` for every position of ``layout``, ``present`` a bit mask of ids.

    ``remove`` and ``restore`` return new boards. The drawing reads ``layout.positions`` (coordinates),
    ``face(id)``, ``is_present(id)``, ``is_free(id)`` and ``free_ids()``.
    """

    faces: tuple[Tile, ...]
    present: int
    layout: Layout = PYRAMID

    def __post_init__(self) -> None:
        if len(self.faces) != len(self.layout):
            raise ValueError(f"{len(self.faces)} faces for a layout of {len(self.layout)} positions")
        if self.present & ~self.layout.full:
            raise ValueError("the present mask names positions outside the layout")

    @classmethod
    def full(cls, faces: tuple[Tile, ...], layout: Layout = PYRAMID) -> Board:
        """The board with every tile in place."""
        return cls(faces, layout.full, layout)

    def face(self, tile_id: int) -> Tile:
        return self.faces[tile_id]

    def is_present(self, tile_id: int) -> bool:
        return 0 <= tile_id < len(self.faces) and bool(self.present >> tile_id & 1)

    def is_free(self, tile_id: int) -> bool:
        """Present, not overlapped from any higher level, and open on the left or the right."""
        return self.is_present(tile_id) and self.layout.is_free(tile_id, self.present)

    def is_hidden(self, tile_id: int) -> bool:
        """Present and wholly covered by tiles of higher levels: no part of its face can be seen."""
        return self.is_present(tile_id) and self.layout.is_hidden(tile_id, self.present)

    def free_ids(self) -> list[int]:
        """The free tiles, in id order."""
        return self.layout.free_ids(self.present)

    @property
    def remaining(self) -> tuple[int, ...]:
        """The ids of the tiles still on the board, in id order."""
        return tuple(ids_of(self.present))

    @property
    def remaining_count(self) -> int:
        return self.present.bit_count()

    @property
    def cleared(self) -> bool:
        return self.present == 0

    def matching_free_pairs(self) -> list[tuple[int, int]]:
        """Every pair of free tiles that match, ``(a, b)`` with ``a < b``, in id order."""
        free = self.free_ids()
        groups = [match_group(self.faces[i]) for i in free]
        return [(free[i], free[j]) for i in range(len(free)) for j in range(i + 1, len(free)) if groups[i] == groups[j]]

    @property
    def stuck(self) -> bool:
        """Tiles remain but no free pair matches: the game cannot go on."""
        if self.cleared:
            return False
        seen: set[int] = set()
        for i in self.free_ids():
            group = match_group(self.faces[i])
            if group in seen:
                return False
            seen.add(group)
        return True

    def check_removable(self, a: int, b: int) -> None:
        """Raise ``IllegalAction`` (with the reason) unless ``a`` and ``b`` can be removed as a pair."""
        size = len(self.faces)
        for tile_id in (a, b):
            if not 0 <= tile_id < size:
                raise IllegalAction(f"there is no tile {tile_id} (ids go from 0 to {size - 1})")
        if a == b:
            raise IllegalAction(f"tile {a} cannot be paired with itself")
        for tile_id in (a, b):
            if not self.is_present(tile_id):
                raise IllegalAction(f"tile {tile_id} has already been removed")
        for tile_id in (a, b):
            if not self.layout.is_free(tile_id, self.present):
                raise IllegalAction(f"tile {tile_id} ({self.faces[tile_id].code}) is not free")
        if not tiles_match(self.faces[a], self.faces[b]):
            raise IllegalAction(f"tiles {a} ({self.faces[a].code}) and {b} ({self.faces[b].code}) do not match")

    def remove(self, a: int, b: int) -> Board:
        """The board without the pair ``a``, ``b``; raises ``IllegalAction`` if the pair is not removable."""
        self.check_removable(a, b)
        return Board(self.faces, self.present & ~(1 << a | 1 << b), self.layout)

    def restore(self, a: int, b: int) -> Board:
        """The board with the removed pair ``a``, ``b`` put back (an undo)."""
        for tile_id in (a, b):
            if self.is_present(tile_id):
                raise IllegalAction(f"tile {tile_id} is on the board, it cannot be put back")
        return Board(self.faces, self.present | 1 << a | 1 << b, self.layout)

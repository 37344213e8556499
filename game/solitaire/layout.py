"""The solitaire pyramid (SPEC §3): tile positions in half-tile units and the free rule.

A tile at ``(x, y, z)`` covers the square ``[x, x+2) × [y, y+2)`` on level ``z`` (portrait: x to the
right, y downwards, z upwards). Positions are numbered by ``(z, y, x)``: ``id`` is the index in that
order, and it is the id every other part of the product uses (deal JSON, move logs, the drawing).

A tile is **free** when no present tile on *any* higher level overlaps its square, even partly, and
its left side or its right side is open: no present tile on the same level at ``x ± 2`` whose rows
overlap. Up and down (y) do not count.

The rule is precomputed per position as three bit masks over position ids (``above``, ``left``,
``right``); a set of present tiles is an ``int`` whose bit ``id`` is set, so the free test is a few
integer ``&`` operations. That keeps the solver and the deal generator fast in pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

_COLUMNS = "ABCDEFGHIJKLMNOP"


@dataclass(frozen=True, slots=True)
class Position:
    """One place of a layout: ``id`` (index in (z, y, x) order) and half-tile coordinates."""

    id: int
    x: int
    y: int
    z: int

    @property
    def label(self) -> str:
        """``C4``: the column letter (A–H, left to right) and row number (1–9, top to bottom) of the base
        square the tile sits over, the name the picture and the menus give a tile. Two tiles sharing a
        label overlap, so the free tiles' labels are always distinct."""
        return f"{_COLUMNS[self.x // 2]}{self.y // 2 + 1}"

    def overlaps_square(self, other: Position) -> bool:
        """Whether the two squares overlap in the plane, whatever their levels."""
        return abs(self.x - other.x) < 2 and abs(self.y - other.y) < 2


@dataclass(frozen=True, slots=True)
class Layout:
    """A set of positions with the free rule precomputed. Build one with ``Layout.of(coordinates)``.

    ``above[i]``, ``left[i]``, ``right[i]`` are bit masks of the positions that cover tile ``i`` from
    any higher level, and that touch its left or right side on its own level. ``quarters[i]`` holds,
    for each of the four unit squares of tile ``i``, the mask of the higher positions covering it.
    """

    positions: tuple[Position, ...]
    above: tuple[int, ...] = field(repr=False)
    left: tuple[int, ...] = field(repr=False)
    right: tuple[int, ...] = field(repr=False)
    quarters: tuple[tuple[int, ...], ...] = field(repr=False)

    @classmethod
    def of(cls, coordinates: Iterable[tuple[int, int, int]]) -> Layout:
        """The layout of these ``(x, y, z)`` places; ids follow the (z, y, x) order.

        Raises ``ValueError`` for a negative coordinate or two tiles of one level that overlap.
        """
        ordered = sorted(set(coordinates), key=lambda c: (c[2], c[1], c[0]))
        positions = tuple(Position(i, x, y, z) for i, (x, y, z) in enumerate(ordered))
        for p in positions:
            if min(p.x, p.y, p.z) < 0:
                raise ValueError(f"negative coordinate in {p}")
        above, left, right, quarters = [], [], [], []
        for p in positions:
            above_mask = left_mask = right_mask = 0
            for q in positions:
                if q.id == p.id:
                    continue
                if q.z == p.z and p.overlaps_square(q):
                    raise ValueError(f"{p} and {q} overlap on level {p.z}")
                if q.z > p.z and p.overlaps_square(q):
                    above_mask |= 1 << q.id
                elif q.z == p.z and abs(q.y - p.y) < 2:
                    if q.x == p.x - 2:
                        left_mask |= 1 << q.id
                    elif q.x == p.x + 2:
                        right_mask |= 1 << q.id
            above.append(above_mask)
            left.append(left_mask)
            right.append(right_mask)
            quarters.append(tuple(_covering(positions, p, p.x + dx, p.y + dy) for dx in (0, 1) for dy in (0, 1)))
        return cls(positions, tuple(above), tuple(left), tuple(right), tuple(quarters))

    def __len__(self) -> int:
        return len(self.positions)

    @property
    def full(self) -> int:
        """The mask with every position present."""
        return (1 << len(self.positions)) - 1

    def is_free(self, tile_id: int, present: int) -> bool:
        """Whether tile ``tile_id`` is free among the ``present`` mask (the tile itself must be present)."""
        if not present >> tile_id & 1 or present & self.above[tile_id]:
            return False
        return not (present & self.left[tile_id]) or not (present & self.right[tile_id])

    def is_hidden(self, tile_id: int, present: int) -> bool:
        """Whether the ``present`` tiles of higher levels cover the whole square of tile ``tile_id``, so
        that no part of its face can be seen (SPEC §6: such a face never leaves the server)."""
        return all(present & mask for mask in self.quarters[tile_id])

    def free_ids(self, present: int) -> list[int]:
        """The free tiles among ``present``, in id order."""
        above, left, right = self.above, self.left, self.right
        return [
            i for i in ids_of(present) if not present & above[i] and (not present & left[i] or not present & right[i])
        ]


def _covering(positions: tuple[Position, ...], below: Position, x: int, y: int) -> int:
    """The mask of the positions above ``below`` whose squares cover the unit square at ``(x, y)``."""
    mask = 0
    for q in positions:
        if q.z > below.z and q.x <= x < q.x + 2 and q.y <= y < q.y + 2:
            mask |= 1 << q.id
    return mask


def ids_of(mask: int) -> Iterator[int]:
    """The ids whose bits are set in ``mask``, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(ids: Iterable[int]) -> int:
    """The mask with the bits of ``ids`` set."""
    mask = 0
    for i in ids:
        mask |= 1 << i
    return mask


# Level z: (columns x, rows y), exactly as SPEC §3 fixes them. Level 3 sits half a tile down (odd y).
_PYRAMID_LEVELS: tuple[tuple[range, range], ...] = (
    (range(0, 16, 2), range(0, 18, 2)),  # 8 × 9 = 72
    (range(2, 14, 2), range(2, 16, 2)),  # 6 × 7 = 42
    (range(4, 12, 2), range(4, 14, 2)),  # 4 × 5 = 20
    (range(6, 10, 2), range(5, 13, 2)),  # 2 × 4 = 8
    (range(6, 10, 2), range(8, 10, 2)),  # 2
)

PYRAMID_REVISION = 1
"""Bumped if the pyramid ever changes: it is part of every deal's seed string."""

PYRAMID: Layout = Layout.of(
    (x, y, z) for z, (columns, rows) in enumerate(_PYRAMID_LEVELS) for y in rows for x in columns
)
"""The 144 positions of the five-level pyramid, ids in (z, y, x) order."""

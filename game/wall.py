"""The wall (or, for the family rules, the shuffled pile) that tiles are drawn from.

The shuffled tiles are kept in drawing order: ``tiles[0]`` is the first tile after the break, and
``tiles[-1]`` the far end, where bonus and kong replacements come from. The dice and the break only
say where the wall was opened, for drawing the table: the stacks of the square are numbered 0, 1, …
clockwise from the right-hand end of the dealer's wall, the live end is drawn clockwise from
``break_stack`` and the far end counter-clockwise from the stack before it.

Everything comes from ``random.Random(seed)``: the same seed and rule set give the same wall.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules import Ruleset
from game.tiles import Tile, format_tiles

SIDES = 4


@dataclass(frozen=True, slots=True)
class WallGeometry:
    """Where the wall was opened and how far it has been drawn, for drawing it.

    ``live_taken`` and ``far_taken`` count tiles; a stack holds two.
    """

    dice: tuple[int, int]
    stacks_per_side: int
    stacks: int
    break_stack: int
    live_taken: int
    far_taken: int

    @property
    def live_stacks_taken(self) -> int:
        return (self.live_taken + 1) // 2

    @property
    def far_stacks_taken(self) -> int:
        return (self.far_taken + 1) // 2


class Wall:
    """The tiles still to draw, taken from the live end (``draw``) or the far end (``draw_far``)."""

    __slots__ = ("_back", "_front", "_text", "break_stack", "dice", "tiles")

    def __init__(
        self,
        tiles: tuple[Tile, ...],
        *,
        dice: tuple[int, int] | None,
        break_stack: int | None,
        front: int = 0,
        back: int = 0,
    ) -> None:
        self.tiles = tiles
        self.dice = dice
        self.break_stack = break_stack
        self._front = front
        self._back = back
        self._text: str | None = None

    def tiles_text(self) -> str:
        """``tiles`` in SPEC §1 notation, written once: the order never changes, and every move's hand
        document writes it."""
        if self._text is None:
            self._text = format_tiles(self.tiles)
        return self._text

    @classmethod
    def build(cls, ruleset: Ruleset, rng: random.Random) -> Wall:
        """Shuffle the rule set's tiles; with a wall, throw two dice and open it."""
        tiles = ruleset.tile_set()
        rng.shuffle(tiles)
        if not ruleset.has_wall:
            return cls(tuple(tiles), dice=None, break_stack=None)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        total = dice[0] + dice[1]
        stacks = (len(tiles) + 1) // 2
        per_side = -(-stacks // SIDES)
        # Count the walls counter-clockwise from the dealer's (the dealer's own is 1, South's 2), then
        # ``total`` stacks from the right-hand end of the chosen wall. Stacks are numbered clockwise,
        # so the k-th wall counter-clockwise is wall number -k clockwise.
        side = -(total - 1) % SIDES
        break_stack = (side * per_side + total) % stacks
        return cls(tuple(tiles), dice=dice, break_stack=break_stack)

    @property
    def left(self) -> int:
        return len(self.tiles) - self._front - self._back

    @property
    def taken(self) -> tuple[int, int]:
        """How many tiles were drawn from the live end and from the far end."""
        return self._front, self._back

    def remaining(self) -> tuple[Tile, ...]:
        """The tiles still in the wall, live end first."""
        return self.tiles[self._front : len(self.tiles) - self._back]

    def draw(self) -> Tile:
        if self.left <= 0:
            raise IndexError("the wall is empty")
        tile = self.tiles[self._front]
        self._front += 1
        return tile

    def draw_far(self) -> Tile:
        if self.left <= 0:
            raise IndexError("the wall is empty")
        self._back += 1
        return self.tiles[len(self.tiles) - self._back]

    def geometry(self) -> WallGeometry | None:
        if self.dice is None or self.break_stack is None:
            return None
        stacks = (len(self.tiles) + 1) // 2
        return WallGeometry(
            dice=self.dice,
            stacks_per_side=-(-stacks // SIDES),
            stacks=stacks,
            break_stack=self.break_stack,
            live_taken=self._front,
            far_taken=self._back,
        )

    def copy(self) -> Wall:
        return Wall(self.tiles, dice=self.dice, break_stack=self.break_stack, front=self._front, back=self._back)

"""What one seat may see of a hand: everything public, its own tiles, its own choices.

``Round.view(seat)`` builds a ``SeatView``; ``seat=None`` is a spectator. A view never holds
another seat's concealed tiles (unless the table plays open hands), another seat's drawn tile,
or what other seats may claim or have answered. Players and renderers work from views only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.actions import Action, Claim
from game.melds import Meld
from game.phase import Phase
from game.rules import RuleName
from game.tiles import Tile
from game.wall import WallGeometry

if TYPE_CHECKING:
    from game.result import HandResult


@dataclass(frozen=True, slots=True)
class DiscardedTile:
    """A tile in a seat's discards; ``claimed`` when someone took it into a set or a win."""

    tile: Tile
    claimed: bool = False


@dataclass(frozen=True, slots=True)
class SeatPublic:
    """What everyone sees of a seat. ``concealed`` is filled only when the table plays open hands."""

    seat: int
    wind: Tile
    melds: tuple[Meld, ...]
    bonus: tuple[Tile, ...]
    discards: tuple[DiscardedTile, ...]
    concealed_count: int
    calling: bool
    concealed: tuple[Tile, ...] | None = None


@dataclass(frozen=True, slots=True)
class ClaimView:
    """The open claim window as one seat sees it: the tile, its own options, whether it answered."""

    tile: Tile
    from_seat: int
    robbing: bool
    options: tuple[Claim, ...]
    answered: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    """A hand seen from ``seat`` (None: a spectator).

    ``concealed`` is the viewer's own hand, its drawn tile included; ``drawn`` repeats that tile so
    it can be shown apart. ``legal`` is exactly ``Round.legal_actions(seat)``. ``minimum_fan`` is the
    table's minimum (Hong Kong: the smallest hand that may win; 0 where the rules count no fan), so a
    player can plan for a hand the table will accept.
    """

    seat: int | None
    ruleset: RuleName
    round_wind: Tile
    dealer: int
    turn: int
    phase: Phase
    wall_left: int
    wall: WallGeometry | None
    seats: tuple[SeatPublic, ...]
    concealed: tuple[Tile, ...] | None
    drawn: Tile | None
    last_discard: tuple[int, Tile] | None
    claim: ClaimView | None
    legal: tuple[Action, ...]
    result: HandResult | None
    minimum_fan: int = 0

    @property
    def me(self) -> SeatPublic | None:
        return None if self.seat is None else self.seats[self.seat]

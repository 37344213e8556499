"""What happened, as ``Round.apply`` reports it: small frozen values, in the order they happened.

Events carry private information only in ``TileDrawn`` (the tile is the drawer's secret); a
front end shows other seats ``TileDrawn.public()``, which hides it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.actions import ClaimKind
from game.melds import Meld
from game.tiles import Tile


@dataclass(frozen=True, slots=True)
class TileDrawn:
    """A seat drew a tile (``tile`` is None in the public copy); ``far_end`` for replacements."""

    seat: int
    tile: Tile | None
    far_end: bool = False

    def public(self) -> TileDrawn:
        return replace(self, tile=None)


@dataclass(frozen=True, slots=True)
class BonusExposed:
    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class Discarded:
    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class ClaimWindowOpened:
    """A discard (or a tile added to a kong, ``robbing``) may be claimed; ``asked`` is how many seats may."""

    tile: Tile
    from_seat: int
    robbing: bool
    asked: int


@dataclass(frozen=True, slots=True)
class Answered:
    """A seat answered a claim window (what it answered stays secret until the window resolves)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SetClaimed:
    seat: int
    kind: ClaimKind
    meld: Meld


@dataclass(frozen=True, slots=True)
class KongDeclared:
    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class Called:
    seat: int


@dataclass(frozen=True, slots=True)
class HandWon:
    seat: int
    discarder: int | None
    tile: Tile


@dataclass(frozen=True, slots=True)
class HandDrawn:
    """The wall ran out before anyone won."""


Event = (
    TileDrawn
    | BonusExposed
    | Discarded
    | ClaimWindowOpened
    | Answered
    | SetClaimed
    | KongDeclared
    | Called
    | HandWon
    | HandDrawn
)

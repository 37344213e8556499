"""What happened, as ``Round.apply`` reports it: small frozen values, in the order they happened.

Events carry private information only in ``TileDrawn`` (the tile is the drawer's secret); a
front end shows other seats ``TileDrawn.public()``, which hides it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from game.actions import ClaimKind
from game.melds import Meld
from game.tiles import Tile, format_tiles


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


PublicKind = Literal["discard", "chow", "pung", "kong", "concealed-kong", "bonus", "mahjong", "draw"]


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """One event of a hand as every seat sees it (SPEC §7.1's log): who, what, and the tiles already
    public by it, as the table shows them (a discard's, a bonus tile's or the winning tile's face; a set
    as its seat's sets show it, a concealed kong included); a draw names no tile."""

    seat: int
    kind: PublicKind
    tiles: str


_CLAIMED: dict[ClaimKind, PublicKind] = {ClaimKind.CHOW: "chow", ClaimKind.PUNG: "pung", ClaimKind.KONG: "kong"}


def public_event(event: Event) -> PublicEvent | None:
    """``event`` as the hand's public log keeps it; None for what the log leaves out (a claim window
    opened or answered, a call, a drawn hand: the table shows those otherwise)."""
    if isinstance(event, TileDrawn):
        return PublicEvent(event.seat, "draw", "")
    if isinstance(event, Discarded):
        return PublicEvent(event.seat, "discard", format_tiles((event.tile,)))
    if isinstance(event, BonusExposed):
        return PublicEvent(event.seat, "bonus", format_tiles((event.tile,)))
    if isinstance(event, SetClaimed) and event.kind in _CLAIMED:
        return PublicEvent(event.seat, _CLAIMED[event.kind], format_tiles(event.meld.tiles))
    if isinstance(event, KongDeclared):
        kind: PublicKind = "kong" if event.meld.exposed else "concealed-kong"
        return PublicEvent(event.seat, kind, format_tiles(event.meld.tiles))
    if isinstance(event, HandWon):
        return PublicEvent(event.seat, "mahjong", format_tiles((event.tile,)))
    return None

"""How dangerous a discard is: the chance it hands an opponent the win (seed 000, tips 3 and 4).

Two factors per opponent: how likely the opponent is ready (``threat``: a called hand is, otherwise
it grows with the turns played and the sets laid), and how likely a ready opponent waits on the tile
(``exposure``). A tile the opponent discarded itself is the safest against it (genbutsu, tip 4); an
honour whose other copies are all visible cannot be waited on; one with a single copy left only as a
lone-tile wait; a suit an opponent collects (its sets are all of it, or it never discards it, tip 3)
is more dangerous against it, the other suits less.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.hand import SetKind
from game.tiles import Tile
from game.view import SeatPublic, SeatView

# The chance that one given kind completes a ready hand with no other information (a wait covers
# about two kinds of 34, and a middle tile fits more waits than a terminal).
BASE_EXPOSURE = 0.09
_RANK_FACTOR = (0.7, 0.9, 1.0, 1.0, 1.0, 1.0, 1.0, 0.9, 0.7)


@dataclass(frozen=True, slots=True)
class Risk:
    """The chance a discard deals in, and the opponent it is most dangerous against."""

    chance: float
    safe_against_leader: bool  # the most advanced opponent discarded this tile itself
    leader: int | None


def threat(public: SeatPublic) -> float:
    """How likely an opponent is ready, from what everyone sees of it."""
    if public.calling:
        return 1.0
    sets = len(public.melds)
    turns = len(public.discards)
    return min(0.9, 0.01 + 0.035 * turns + 0.12 * sets)


def collected_suit(public: SeatPublic) -> int | None:
    """The suit an opponent visibly collects: all its laid sets are of that suit (honours aside), or,
    after six discards, it has not let one tile of that suit go while letting go of the others."""
    suits = {meld.base // 9 for meld in public.melds if meld.base < 27}
    chows_only = all(meld.kind is SetKind.CHOW for meld in public.melds)
    if public.melds and len(suits) == 1 and (len(public.melds) >= 2 or chows_only):
        return suits.pop()
    discarded = [item.tile for item in public.discards if item.tile < 27]
    if len(public.discards) >= 6:
        never = [suit for suit in range(3) if not any(tile // 9 == suit for tile in discarded)]
        if len(never) == 1:
            return never[0]
    return None


def exposure(public: SeatPublic, tile: Tile, others_left: int) -> float:
    """Chance that ``public``, if ready, waits on ``tile``; ``others_left`` is how many copies of it
    could still be in the opponent's hand (unseen by the deciding seat)."""
    if any(item.tile == tile for item in public.discards):
        return 0.0
    if tile >= 27:
        if others_left == 0:
            return 0.0
        return BASE_EXPOSURE * (0.3 if others_left == 1 else 0.8)
    factor = _RANK_FACTOR[tile % 9] * (0.4 + 0.2 * others_left)
    suit = collected_suit(public)
    if suit is not None:
        factor *= 2.0 if tile // 9 == suit else 0.4
    return BASE_EXPOSURE * factor


def leader(view: SeatView) -> int | None:
    """The opponent most likely to be ready (None at a table of one)."""
    opponents = [public for public in view.seats if public.seat != view.seat]
    if not opponents:
        return None
    return max(opponents, key=threat).seat


def deal_in_risk(view: SeatView, tile: Tile, others_left: int) -> Risk:
    """The chance that discarding ``tile`` lets some opponent win."""
    safe = 1.0
    for public in view.seats:
        if public.seat == view.seat:
            continue
        safe *= 1.0 - threat(public) * exposure(public, tile, others_left)
    top = leader(view)
    genbutsu = top is not None and any(item.tile == tile for item in view.seats[top].discards)
    return Risk(1.0 - safe, genbutsu, top)

"""Reading the opponents: how likely each one can win on a given tile, from what a seat sees of it.

Two factors per opponent, as in ``game.players.safety``, but measured rather than guessed: the chance
the opponent holds a hand the table lets win on some discard (``ready_key``: its discards, its sets,
the fan its sets show), and the chance a given kind is one of its winning tiles when it does
(``tile_key``: a tile it let go itself, an honour by the copies still unseen, a suit tile by its rank,
the "suji" tiles three ranks away that it let go, and whether its sets collect the tile's suit). The
tables (``game.players.reading_tables``) count these in self-play of ``strong`` players with the
hidden hands known (``benchmarks/fit_reading.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.hand import SetKind
from game.players.reading_tables import READY, READY_PRIOR, WAIT, WAIT_PRIOR
from game.tiles import DRAGONS, WINDS
from game.view import SeatPublic, SeatView

READY_DISCARD_BAND = 3


def ready_key(public: SeatPublic, view: SeatView) -> tuple[int, int, int, int]:
    """What decides how likely an opponent is ready: its discards (in bands of three), its sets, the
    scoring honour sets among them, and whether its sets keep to one suit (with honours)."""
    players = len(view.seats)
    own_wind = WINDS[(public.seat - view.dealer) % players]
    scoring = sum(
        1
        for meld in public.melds
        if meld.kind is not SetKind.CHOW and (meld.base in DRAGONS or meld.base in (own_wind, view.round_wind))
    )
    suits = {meld.base // 9 for meld in public.melds if meld.base < 27}
    return (
        min(len(public.discards) // READY_DISCARD_BAND, 7),
        min(len(public.melds), 4),
        min(scoring, 2),
        int(bool(public.melds) and len(suits) <= 1),
    )


def collected(public: SeatPublic) -> int | None:
    """The suit the opponent's sets all belong to (honours aside), when it has two sets or more."""
    suits = {meld.base // 9 for meld in public.melds if meld.base < 27}
    if len(public.melds) >= 2 and len(suits) == 1:
        return suits.pop()
    return None


def tile_key(public: SeatPublic, kind: int, unseen: int, discarded: Sequence[bool]) -> tuple[int, ...]:
    """What decides how likely a ready opponent waits on ``kind``: whether it discarded it itself
    (``discarded``: per kind, for this opponent), for an honour the copies the deciding seat cannot see
    (``unseen``), for a suit tile its rank from the edge, how many of its suji it discarded, and whether
    the opponent collects that suit (1), another (2) or none visibly (0)."""
    if discarded[kind]:
        return (0,)
    if kind >= 27:
        return (1, min(unseen, 3))
    rank = kind % 9
    edge = min(rank, 8 - rank)  # 0 for 1 and 9, … 4 for 5
    suji = 0
    for step in (-3, 3):
        other = rank + step
        if 0 <= other < 9 and discarded[kind + step]:
            suji += 1
    sides = int(rank - 3 >= 0) + int(rank + 3 <= 8)
    suit = collected(public)
    collect = 0 if suit is None else 1 if suit == kind // 9 else 2
    return (2, edge, min(unseen, 3), suji * 2 // max(1, sides), collect)


def ready_chance(public: SeatPublic, view: SeatView) -> float:
    return READY.get(ready_key(public, view), READY_PRIOR)


def wait_chance(key: tuple[int, ...]) -> float:
    return WAIT.get(key, WAIT_PRIOR)


def discarded_kinds(public: SeatPublic) -> list[bool]:
    found = [False] * 34
    for item in public.discards:
        if item.tile < 34:
            found[item.tile] = True
    return found


def deal_in_chances(view: SeatView, kinds: Sequence[int], seen: Sequence[int], own: Sequence[int]) -> dict[int, float]:
    """For each of ``kinds``, the chance that discarding it lets an opponent win; ``seen`` are the copies
    visible outside the seat's hand, ``own`` its own counts."""
    opponents = [
        (ready_chance(public, view), public, discarded_kinds(public))
        for public in view.seats
        if public.seat != view.seat
    ]
    chances = {}
    for kind in kinds:
        unseen = max(0, 4 - seen[kind] - own[kind])
        safe = 1.0
        for ready, public, discarded in opponents:
            safe *= 1.0 - ready * wait_chance(tile_key(public, kind, unseen, discarded))
        chances[kind] = 1.0 - safe
    return chances

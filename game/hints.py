"""Hints for a human's turn: every discard with the tiles still out there that would improve the hand
left, ranked as the strong player ranks them, each with its reason (a phrase of the ``engine`` catalog).

The bot shows them in the hand view at an open-hands table, or on request where the table allows it;
``discard_hints`` only provides the data, from the seat's own view (never hidden information).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.phrases import Phrase
from game.players.evaluation import Table, counts_of
from game.players.strong import discard_motive, rank_discards
from game.players.teacher import explain_discard
from game.tiles import Tile
from game.view import SeatView


@dataclass(frozen=True, slots=True)
class DiscardHint:
    """One discard: ``shanten`` of the hand left (0 ready), ``useful`` copies still unseen that would
    improve it, spread over ``useful_kinds`` (kind, copies), the chance it deals in, and why."""

    tile: Tile
    shanten: int
    useful: int
    useful_kinds: tuple[tuple[Tile, int], ...]
    deal_in_chance: float
    best: bool
    reason: Phrase


def discard_hints(view: SeatView) -> tuple[DiscardHint, ...]:
    """The hints for ``view``'s seat when it has a discard to make (empty otherwise), best first."""
    if view.seat is None or view.concealed is None or view.claim is not None:
        return ()
    counts = counts_of(view.concealed)
    table = Table.of(view)
    options = rank_discards(view, table, counts, view.seats[view.seat].melds)
    if not options:
        return ()
    motive = discard_motive(options[0], options, counts, table)
    return tuple(
        DiscardHint(
            tile=option.tile,
            shanten=option.shanten,
            useful=option.useful,
            useful_kinds=option.useful_kinds,
            deal_in_chance=option.risk.chance,
            best=index == 0,
            reason=explain_discard(option, motive if index == 0 else None),
        )
        for index, option in enumerate(options)
    )

"""The basic player: greedy on shanten, then on the tiles still out there that would help.

- It always declares a win it may declare, and calls (calling rule) as soon as it may.
- It claims a set on a discard when the claim lowers its shanten, and passes otherwise.
- It declares a kong when that does not raise its shanten.
- It discards to minimise shanten (``game.hand.regular_shanten`` on its concealed tiles), then
  to maximise the useful tiles left: copies it cannot see of the kinds that would lower its
  shanten. It keeps jokers (a joker counts as whichever tile helps most) and, between equals,
  lets go of honours and terminals first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.actions import Action, AddedKong, Call, Claim, ClaimKind, ConcealedKong, DeclareWin, Discard, Pass
from game.hand import useful_tiles
from game.players.evaluation import counts_of, free_distance, near_kinds, visible_counts
from game.tiles import Tile
from game.view import SeatView

_JOKER = int(Tile.JOKER)


class BasicPlayer:
    name = "basic"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal
        for action in legal:
            if isinstance(action, DeclareWin) or (isinstance(action, Claim) and action.kind is ClaimKind.MAHJONG):
                return action
        for action in legal:
            if isinstance(action, Call):
                return action
        counts = counts_of(view.concealed or ())
        if view.claim is not None:
            return self._answer(view, counts, legal)
        return self._turn(view, counts, legal)

    def _answer(self, view: SeatView, counts: list[int], legal: Sequence[Action]) -> Action:
        assert view.claim is not None and view.seat is not None
        now = shanten(counts)
        best: tuple[int, Action] = (now, Pass(view.seat))
        for action in legal:
            if isinstance(action, Claim):
                after = shanten(counts_after_claim(counts, action, view.claim.tile))
                if after < best[0]:
                    best = (after, action)
        return best[1]

    def _turn(self, view: SeatView, counts: list[int], legal: Sequence[Action]) -> Action:
        now = shanten(counts)
        for action in legal:
            if isinstance(action, ConcealedKong | AddedKong):
                after = list(counts)
                after[action.tile] -= 4 if isinstance(action, ConcealedKong) else 1
                if shanten(after) <= now:
                    return action
        discards = [action for action in legal if isinstance(action, Discard)]
        kept_jokers = [action for action in discards if action.tile != Tile.JOKER]
        return self._best_discard(view, counts, kept_jokers or discards)

    def _best_discard(self, view: SeatView, counts: list[int], discards: Sequence[Discard]) -> Discard:
        by_shanten: list[tuple[int, Discard]] = []
        for action in discards:
            counts[action.tile] -= 1
            by_shanten.append((shanten(counts), action))
            counts[action.tile] += 1
        least = min(value for value, _ in by_shanten)
        tied = [action for value, action in by_shanten if value == least]
        if len(tied) == 1:
            return tied[0]
        seen = visible_counts(view)
        return max(
            tied,
            key=lambda action: (
                useful_copies(counts, action.tile, least, seen),
                action.tile.is_terminal_or_honour,
                -action.tile,
            ),
        )


def shanten(counts: Sequence[int]) -> int:
    """Regular-hand shanten of concealed counts, a joker counting as the best tile the hand could hold
    (``free_distance``, shared with the strong player's evaluation)."""
    return free_distance(counts)


def counts_after_claim(counts: Sequence[int], claim: Claim, tile: Tile) -> list[int]:
    """Concealed counts once the claimed set is laid (real tiles first, then jokers)."""
    after = list(counts)
    if claim.kind is ClaimKind.CHOW:
        assert claim.chow_base is not None
        needed = [claim.chow_base + step for step in range(3) if claim.chow_base + step != tile]
    else:
        needed = [int(tile)] * (3 if claim.kind is ClaimKind.KONG else 2)
    for kind in needed:
        if after[kind]:
            after[kind] -= 1
        else:
            after[_JOKER] -= 1
    return after


def useful_copies(counts: list[int], discard: Tile, level: int, seen: Sequence[int]) -> int:
    """Copies not visible to the player of the kinds that would lower the shanten after ``discard``."""
    counts[discard] -= 1
    if counts[_JOKER]:
        kinds = [kind for kind in near_kinds(counts) if counts[kind] < 4 and _lowers(counts, kind, level)]
    else:
        kinds = [int(tile) for tile in useful_tiles(counts[:34])]
    useful = sum(max(0, 4 - seen[kind] - counts[kind] - (1 if kind == discard else 0)) for kind in kinds)
    counts[discard] += 1
    return useful


def _lowers(counts: list[int], kind: int, level: int) -> bool:
    counts[kind] += 1
    lower = shanten(counts) < level
    counts[kind] -= 1
    return lower

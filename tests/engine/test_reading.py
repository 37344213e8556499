"""``game.players.reading``: the measured deal-in chance, read from a seat's view only."""

import random

import pytest

from game.actions import Discard
from game.players.evaluation import counts_of, visible_counts
from game.players.reading import deal_in_chances, discarded_kinds, ready_chance, tile_key
from game.players.strong import StrongPlayer
from game.round import Round
from game.rules import ruleset


def _late_views(rules_name: str, seed: int):
    """Every view of a seat about to discard, in a hand of four strong players."""
    hand = Round.deal(ruleset(rules_name), seed)
    player = StrongPlayer()
    while hand.result is None:
        seat = hand.awaiting()[0]
        view = hand.view(seat)
        action = player.choose(view, random.Random(0))
        if isinstance(action, Discard):
            yield view
        hand.apply(action)


@pytest.mark.parametrize("rules_name", ["hongkong", "classic"])
def test_chances_are_probabilities_and_a_tile_everyone_discarded_is_nearly_safe(rules_name):
    for seed in range(3):
        for view in _late_views(rules_name, seed):
            assert view.concealed is not None
            own = counts_of(view.concealed)
            kinds = sorted({int(tile) for tile in view.concealed if tile < 34})
            chances = deal_in_chances(view, kinds, visible_counts(view), own)
            assert set(chances) == set(kinds)
            assert all(0.0 <= chance <= 1.0 for chance in chances.values())
            assert chances == deal_in_chances(view, kinds, visible_counts(view), own)  # no randomness
            opponents = [public for public in view.seats if public.seat != view.seat]
            for kind in kinds:
                if all(discarded_kinds(public)[kind] for public in opponents):
                    assert chances[kind] < 0.01


def test_an_opponents_own_discard_is_its_safest_tile():
    view = next(view for view in _late_views("hongkong", 4) if len(view.seats[(view.seat + 1) % 4].discards) >= 6)
    public = view.seats[(view.seat + 1) % 4]
    discarded = discarded_kinds(public)
    kind = next(kind for kind in range(34) if discarded[kind])
    assert tile_key(public, kind, 2, discarded) == (0,)
    assert 0.0 <= ready_chance(public, view) <= 1.0

"""Invariants over random play, for every rule variant: tiles are conserved, hands keep their size,
legal actions and apply agree, illegal actions change nothing, documents round-trip, hands replay."""

import random
from collections import Counter

import pytest
from engine_helpers import tile_census
from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import (
    AddedKong,
    Call,
    Claim,
    ClaimKind,
    CloseWindow,
    ConcealedKong,
    DeclareWin,
    Discard,
    Pass,
)
from game.errors import IllegalAction
from game.round import Phase, Round
from game.rules import ruleset
from game.tiles import Tile

VARIANTS = {
    "classic": ruleset("classic"),
    "hongkong": ruleset("hongkong", seven_pairs=True),
    "family": ruleset("family"),
    "jokers+calling": ruleset("classic", jokers=True, calling_rule=True),
    "three players": ruleset("classic", players=3),
    "two players": ruleset("hongkong", players=2),
    "open hands": ruleset("family", open_hands=True),
}


def random_illegal(hand: Round, rng: random.Random):
    """An action drawn from everything a seat could try, whether legal or not."""
    seat = rng.randrange(-1, hand.ruleset.players + 1)
    tile = Tile(rng.randrange(43))
    kind = rng.choice(list(ClaimKind))
    candidates = [
        Discard(seat, tile),
        DeclareWin(seat),
        ConcealedKong(seat, tile),
        AddedKong(seat, tile),
        Claim(seat, kind, tile if kind is ClaimKind.CHOW else None),
        Pass(seat),
        Call(seat),
        CloseWindow(),
    ]
    return rng.choice(candidates)


def check_invariants(hand: Round, expected: Counter) -> None:
    assert tile_census(hand) == expected
    for seat in hand.ruleset.seats:
        public = hand.view(None).seats[seat]
        kongs = sum(1 for meld in public.melds if meld.size == 4)
        in_hand = public.concealed_count + sum(meld.size for meld in public.melds)
        holding = hand.phase is Phase.DISCARD and hand.turn == seat
        if hand.phase is not Phase.OVER:
            assert in_hand == 13 + kongs + (1 if holding else 0)
    document = hand.to_document()
    assert Round.from_document(document).to_document() == document


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_play_keeps_every_invariant(variant, seed, choices):
    rules = VARIANTS[variant]
    hand = Round.deal(rules, seed)
    expected = Counter(rules.tile_set())
    rng = random.Random(choices)
    check_invariants(hand, expected)
    steps = 0
    while hand.result is None:
        # Some illegal tries first: each raises and leaves the state exactly as it was.
        before = hand.to_document()
        for _ in range(3):
            action = random_illegal(hand, rng)
            if action in hand.legal_actions(action.seat):
                continue
            with pytest.raises(IllegalAction):
                hand.apply(action)
            assert hand.to_document() == before
        seat = hand.awaiting()[0]
        legal = hand.legal_actions(seat)
        assert legal, "a seat the hand waits for always has something to do"
        if hand.phase in (Phase.CLAIM, Phase.ROB) and rng.random() < 0.1:
            hand.apply(CloseWindow())
        else:
            hand.apply(rng.choice(legal))
        steps += 1
        if steps % 4 == 0 or hand.result is not None:
            check_invariants(hand, expected)
    assert hand.result is not None and hand.result.actions == len(hand.actions)
    assert hand.legal_actions(0) == [] and hand.awaiting() == ()
    # The same seed and actions replay the same hand, state for state.
    replayed = Round.replay(rules, seed, hand.actions)
    assert replayed.to_document() == hand.to_document()
    assert Round.from_record(hand.record()).to_document() == hand.to_document()


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_legal_action_applies(variant):
    """legal_actions ⇄ apply: at each step of a hand, every listed action applies on a copy."""
    rules = VARIANTS[variant]
    hand = Round.deal(rules, 7)
    rng = random.Random(7)
    while hand.result is None:
        document = hand.to_document()
        for seat in [None, *rules.seats]:
            for action in hand.legal_actions(seat):
                Round.from_document(document).apply(action)
        hand.apply(rng.choice(hand.legal_actions(hand.awaiting()[0])))


def test_a_hand_is_bounded_by_the_wall():
    rules = VARIANTS["classic"]
    for seed in range(20):
        hand = Round.deal(rules, seed)
        rng = random.Random(seed)
        while hand.result is None:
            hand.apply(rng.choice(hand.legal_actions(hand.awaiting()[0])))
        # Each draw takes a wall tile and each tile is discarded at most once, so a hand is short.
        assert len(hand.actions) < 4 * len(rules.tile_set())

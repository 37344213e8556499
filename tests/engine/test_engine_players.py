"""Computer players: they choose from the view's legal actions only, and the basic one is greedy."""

import random

from engine_helpers import play, rig

from game.actions import Claim, ClaimKind, DeclareWin, Discard, Pass
from game.hand import regular_shanten
from game.players import PLAYERS, make_player
from game.players.basic import BasicPlayer
from game.players.random_player import RandomPlayer
from game.round import Round
from game.rules import ruleset
from game.tiles import Tile, counts34

CLASSIC = ruleset("classic")
NOTHING = "19m19p19s1234567z"
WALL = "1z2z3z4z5z6z7z"


def test_registry():
    assert {"random", "basic"} <= set(PLAYERS)
    assert make_player("basic").name == "basic"


def test_random_player_picks_among_the_legal_actions_from_its_generator():
    hand = Round.deal(CLASSIC, 1)
    view = hand.view(0)
    picks = {RandomPlayer().choose(view, random.Random(seed)) for seed in range(40)}
    assert picks <= set(view.legal) and len(picks) > 3
    assert RandomPlayer().choose(view, random.Random(5)) == RandomPlayer().choose(view, random.Random(5))


def test_basic_declares_a_win_it_may_declare():
    hand = rig(CLASSIC, ["123m456m789m123s99s", NOTHING, NOTHING, NOTHING], wall=WALL, drawn="9s")
    assert BasicPlayer().choose(hand.view(0), random.Random(0)) == DeclareWin(0)
    hands = ["123m456m789m12s99s5p", NOTHING, NOTHING, "123p789p234s678s5p"]
    hand = rig(CLASSIC, hands, wall=WALL, drawn="5p")
    play(hand, "0 d 5p")
    assert BasicPlayer().choose(hand.view(3), random.Random(0)) == Claim(3, ClaimKind.MAHJONG)


def test_basic_discards_to_the_lowest_shanten():
    for seed in range(15):
        hand = Round.deal(CLASSIC, seed)
        view = hand.view(0)
        action = BasicPlayer().choose(view, random.Random(0))
        if not isinstance(action, Discard):
            continue
        counts = counts34(view.concealed)

        def after(tile, counts=counts):
            rest = list(counts)
            rest[tile] -= 1
            return regular_shanten(rest)

        assert after(action.tile) == min(after(tile) for tile in set(view.concealed))


def test_basic_breaks_ties_by_the_tiles_that_help_most():
    # 123m 456m 789m 11p and 3s, 5s, 9s: dropping 9s keeps 3s5s waiting on the 4s (and 3s/5s pairs).
    hand = rig(CLASSIC, ["123m456m789m11p35s9s", NOTHING, NOTHING, NOTHING], wall=WALL, drawn="9s")
    assert BasicPlayer().choose(hand.view(0), random.Random(0)) == Discard(0, Tile.S9)


def test_basic_claims_only_what_lowers_its_shanten():
    # Seat 2 holds 55p in a scattered hand: a pung of 5p helps. Seat 1's 4p6p also help as a chow.
    hands = ["123m456m789m12s99s5p", "46p19m19s19p34567z", "55p19m19s19p4z5z6z7z2m", NOTHING]
    hand = rig(CLASSIC, hands, wall=WALL, drawn="5p")
    play(hand, "0 d 5p")
    assert BasicPlayer().choose(hand.view(1), random.Random(0)) == Claim(1, ClaimKind.CHOW, Tile.P4)
    assert BasicPlayer().choose(hand.view(2), random.Random(0)) == Claim(2, ClaimKind.PUNG)
    # A ready hand (456p twice, 111z, 222z, waiting on 3z) gains nothing from a chow or pung of 5p.
    hands = ["123m456m789m12s99s5p", "456p456p111z222z3z", NOTHING, NOTHING]
    hand = rig(CLASSIC, hands, wall=WALL, drawn="5p")
    play(hand, "0 d 5p")
    assert BasicPlayer().choose(hand.view(1), random.Random(0)) == Pass(1)


def test_basic_keeps_its_jokers():
    hand = rig(
        ruleset("classic", jokers=True), ["0j19m19p19s1234567z", NOTHING, NOTHING, NOTHING], wall=WALL, drawn="0j"
    )
    assert BasicPlayer().choose(hand.view(0), random.Random(0)).tile != Tile.JOKER

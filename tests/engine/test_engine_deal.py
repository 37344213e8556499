"""Rule sets as data, the wall and the deal (SPEC §2)."""

import random

import pytest

from game.errors import InvalidNotation
from game.round import Phase, Round
from game.rules import Ruleset, ruleset
from game.tiles import Tile
from game.wall import Wall


def test_rule_set_defaults():
    classic, hongkong, family = ruleset("classic"), ruleset("hongkong"), ruleset("family")
    assert (classic.name, classic.length, classic.bonus_tiles) == ("classic", "four_winds", True)
    assert classic.minimum_fan == 0
    assert (hongkong.minimum_fan, hongkong.thirteen_orphans, hongkong.seven_pairs) == (3, True, False)
    assert (family.length, family.bonus_tiles, family.jokers, family.has_wall) == ("one_hand", False, False, False)
    assert ruleset("classic", length="one_wind").prevailing_winds == (Tile.EAST,)
    assert ruleset("classic").prevailing_winds == (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)


@pytest.mark.parametrize(
    ("options", "size"), [({}, 144), ({"jokers": True}, 148), ({"players": 3}, 116), ({"bonus_tiles": False}, 136)]
)
def test_tile_sets(options, size):
    assert len(ruleset("classic", **options).tile_set()) == size


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("riichi", {}),
        ("classic", {"players": 5}),
        ("classic", {"dragons": True}),
        ("classic", {"jokers": "yes"}),
        ("classic", {"length": "forever"}),
        ("family", {"bonus_tiles": True}),
        ("hongkong", {"minimum_fan": -1}),
    ],
)
def test_bad_rule_sets_are_refused_with_a_reason(name, options):
    with pytest.raises(InvalidNotation):
        ruleset(name, **options)


def test_rule_set_document_round_trip():
    rules = ruleset("hongkong", jokers=True, players=3, open_hands=True)
    assert Ruleset.from_document(rules.to_document()) == rules
    with pytest.raises(InvalidNotation):
        Ruleset.from_document({"name": "classic", "speed": 2})


@pytest.mark.parametrize("rules", [ruleset("classic"), ruleset("hongkong", jokers=True), ruleset("family")])
def test_the_deal_is_reproducible_and_depends_on_the_seed(rules):
    assert Round.deal(rules, 99).to_document() == Round.deal(rules, 99).to_document()
    assert Round.deal(rules, 99).to_document()["wall"] != Round.deal(rules, 100).to_document()["wall"]


@pytest.mark.parametrize("dealer", [0, 2])
def test_thirteen_tiles_each_fourteen_to_the_dealer_bonus_tiles_exposed(dealer):
    rules = ruleset("classic")
    for seed in range(20):
        hand = Round.deal(rules, seed, dealer=dealer)
        view = hand.view(None)
        assert hand.phase is Phase.DISCARD and hand.turn == dealer
        for seat in range(4):
            concealed = hand.concealed(seat)
            assert len(concealed) == (14 if seat == dealer else 13)
            assert not any(tile.is_bonus for tile in concealed)
        bonus = sum(len(public.bonus) for public in view.seats)
        # Bonus tiles were replaced from the far end; the dealing itself took 53 tiles from the live end.
        assert view.wall.live_taken == 53 and view.wall.far_taken == bonus
        assert view.wall_left == 144 - 53 - bonus
        assert hand.view(dealer).drawn is not None


def test_wall_geometry():
    geometries = [Round.deal(ruleset("classic"), seed).view(None).wall for seed in range(40)]
    for geometry in geometries:
        assert all(1 <= die <= 6 for die in geometry.dice)
        assert geometry.stacks == 72 and geometry.stacks_per_side == 18
        assert 0 <= geometry.break_stack < 72
    assert len({geometry.dice for geometry in geometries}) > 5
    assert Round.deal(ruleset("family"), 1).view(None).wall is None


def test_the_wall_running_out_draws_the_hand():
    rules = ruleset("classic")
    hand = Round.deal(rules, 4)
    # Everyone discards what they drew and nobody claims: the wall runs out and nobody wins.
    while hand.result is None:
        seat = hand.awaiting()[0]
        legal = hand.legal_actions(seat)
        drawn = hand.view(seat).drawn
        passes = [action for action in legal if action.text().endswith(" p")]
        discards = [action for action in legal if action.text() == f"{seat} d {drawn.code if drawn else ''}"]
        hand.apply((passes or discards or [a for a in legal if " d " in a.text()])[0])
    assert hand.result.winner is None and hand.result.wall_left == 0
    assert hand.result.discarder is None and not hand.result.self_drawn


def test_dealer_and_wind_are_checked():
    with pytest.raises(InvalidNotation):
        Round.deal(ruleset("classic"), 1, dealer=4)
    with pytest.raises(InvalidNotation):
        Round.deal(ruleset("classic"), 1, round_wind=Tile.RED)
    with pytest.raises(InvalidNotation):
        Round.deal(ruleset("classic"), "seed")


def test_the_dice_count_the_walls_counter_clockwise_from_the_dealer():
    # Stacks are numbered clockwise from the dealer's wall: 0–17 East's, 18–35 North's, 36–53 West's,
    # 54–71 South's. A total of 2 opens South's wall (counter-clockwise next), 5 the dealer's again.
    walls_by_total = {2: 3, 3: 2, 4: 1, 5: 0, 6: 3, 9: 0, 12: 1}
    seen = set()
    for seed in range(400):
        geometry = Wall.build(ruleset("classic"), random.Random(seed)).geometry()
        total = sum(geometry.dice)
        if total in walls_by_total:
            seen.add(total)
            assert geometry.break_stack // 18 == walls_by_total[total], (geometry.dice, geometry.break_stack)
            assert geometry.break_stack % 18 == total % 18
    assert seen == set(walls_by_total)

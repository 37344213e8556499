"""What a seat may see: never another seat's concealed or drawn tiles, nor their claim options."""

import random

import pytest
from engine_helpers import play, random_game, rig

from game.round import Phase, Round
from game.round_document import rigged_round
from game.rules import ruleset
from game.tiles import format_tiles, parse_tiles


def swap_hidden_tile(document, seat):
    """The same state except that one of ``seat``'s concealed tiles (not its drawn tile) and a wall
    tile still to draw have changed places: only ``seat`` could tell the two states apart."""
    entry = document["seats"][seat]
    concealed = parse_tiles(entry["concealed"])
    wall = parse_tiles(document["wall"]["tiles"])
    front, back = document["wall"]["taken"]
    for index, tile in enumerate(concealed):
        if entry["drawn"] is not None and tile.code == entry["drawn"]:
            continue
        for position in range(front, len(wall) - back):
            if wall[position] != tile:
                concealed[index], wall[position] = wall[position], tile
                entry["concealed"] = format_tiles(sorted(concealed))
                document["wall"]["tiles"] = format_tiles(wall)
                return document
    return None


@pytest.mark.parametrize("seed", range(6))
def test_a_view_does_not_depend_on_other_seats_hidden_tiles(seed):
    rules = ruleset("classic")
    hand = random_game(rules, seed, steps=random.Random(seed).randrange(1, 40))
    if hand.result is not None:
        return
    for hidden_seat in range(4):
        changed = swap_hidden_tile(hand.to_document(), hidden_seat)
        assert changed is not None
        other = rigged_round(changed)  # a position no seed need produce: rigged, not replayed
        assert other.concealed(hidden_seat) != hand.concealed(hidden_seat)
        for viewer in range(4):
            if viewer != hidden_seat:
                assert other.view(viewer) == hand.view(viewer)
        assert other.view(None) == hand.view(None)
        assert other.view(hidden_seat) != hand.view(hidden_seat)


def test_a_view_shows_the_viewers_own_hand_and_choices():
    hand = Round.deal(ruleset("hongkong"), 8, dealer=1)
    view = hand.view(1)
    assert sorted(view.concealed) == sorted(hand.concealed(1))
    assert list(view.legal) == hand.legal_actions(1)
    assert view.drawn is not None and view.turn == 1 and view.dealer == 1
    other = hand.view(2)
    assert other.drawn is None and other.legal == ()
    assert all(public.concealed is None for public in other.seats)
    spectator = hand.view(None)
    assert spectator.concealed is None and spectator.legal == () and spectator.claim is None


def test_the_claim_window_as_each_seat_sees_it():
    nothing = "19m19p19s1234567z"
    hands = ["123m456m789m12s99s5p", "46p111z222z333z6z7z", "55p19m19s19p4z5z6z7z2m", nothing]
    hand = rig(ruleset("classic"), hands, wall="1z2z3z4z", drawn="5p")
    play(hand, "0 d 5p")
    one, two, three = hand.view(1).claim, hand.view(2).claim, hand.view(3).claim
    assert [claim.text() for claim in one.options] == ["1 c chow 4p"] and not one.answered
    assert [claim.text() for claim in two.options] == ["2 c pung"]
    assert three.options == () and three.tile.code == "5p" and three.from_seat == 0
    play(hand, "1 c chow 4p")
    assert hand.view(1).claim.answered and hand.view(1).legal == ()
    assert hand.phase is Phase.CLAIM


def test_views_are_values():
    hand = Round.deal(ruleset("classic"), 3)
    assert hand.view(0) == hand.view(0)
    with pytest.raises(AttributeError):
        hand.view(0).turn = 2

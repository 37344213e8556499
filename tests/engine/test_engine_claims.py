"""Claims on a discard (seeds 000 and 002): priorities, the chow restriction, skipped turns, kongs."""

import pytest
from engine_helpers import legal_texts, play, rig

from game.errors import IllegalAction, NotYourTurn
from game.hand import SetKind
from game.melds import Meld
from game.round import Phase
from game.rules import ruleset
from game.tiles import Tile

CLASSIC = ruleset("classic")
WALL = "1z2z3z4z5z6z7z1z2z3z4z5z6z7z"

# Seat 0 is about to discard 5p. Seat 1 can chow it (4p6p), seat 2 can pung it (5p5p), seat 3 wins on it.
DEALER = "123m456m789m12s99s5p"
CHOWER = "46p111z222z333z6z7z"
PUNGER = "55p19m19s19p4z5z6z7z2m"
WINNER = "123p789p234s678s5p"


def contested():
    return rig(CLASSIC, [DEALER, CHOWER, PUNGER, WINNER], wall=WALL, drawn="5p")


def test_each_seat_is_offered_what_it_may_claim():
    hand = contested()
    play(hand, "0 d 5p")
    assert hand.phase is Phase.CLAIM
    assert hand.awaiting() == (1, 2, 3)
    assert legal_texts(hand, 1) == ["1 c chow 4p", "1 p"]
    assert legal_texts(hand, 2) == ["2 c pung", "2 p"]
    assert legal_texts(hand, 3) == ["3 c mahjong", "3 p"]
    assert legal_texts(hand, 0) == []
    assert [action.text() for action in hand.legal_actions(None)] == ["close"]


def test_mahjong_beats_pung_beats_chow():
    hand = contested()
    play(hand, "0 d 5p", "1 c chow 4p", "2 c pung", "3 c mahjong")
    assert (hand.result.winner, hand.result.discarder, hand.result.self_drawn) == (3, 0, False)
    assert hand.result.win.winning_tile == Tile.P5
    assert hand.view(None).seats[0].discards[-1].claimed


def test_a_pending_higher_claim_blocks_the_window_and_the_lower_claim_waits():
    hand = contested()
    play(hand, "0 d 5p", "1 c chow 4p")
    assert hand.phase is Phase.CLAIM and hand.awaiting() == (2, 3)
    play(hand, "2 c pung")
    assert hand.phase is Phase.CLAIM and hand.awaiting() == (3,)
    play(hand, "3 p")
    # The pung goes to seat 2, which now discards: seat 1 lost its turn (skipped).
    assert hand.phase is Phase.DISCARD and hand.turn == 2
    assert hand.view(2).seats[2].melds == (Meld(SetKind.PUNG, Tile.P5, claimed_from=0),)
    assert hand.view(2).drawn is None
    assert hand.view(1).seats[1].melds == ()


def test_the_chow_is_kept_until_the_higher_seats_pass():
    hand = contested()
    play(hand, "0 d 5p", "1 c chow 4p", "2 p", "3 p")
    assert hand.turn == 1
    meld = hand.view(1).seats[1].melds[0]
    assert (meld.kind, meld.base, meld.claimed_from) == (SetKind.CHOW, Tile.P4, 0)


def test_a_mahjong_claim_of_the_nearest_seat_resolves_at_once():
    hand = contested()
    play(hand, "0 d 5p", "3 c mahjong")
    assert hand.result is not None and hand.result.winner == 3


def test_closing_the_window_passes_the_silent_seats_and_keeps_the_claims_made():
    hand = contested()
    play(hand, "0 d 5p", "2 c pung", "close")
    assert hand.turn == 2 and hand.phase is Phase.DISCARD
    assert len(hand.view(2).seats[2].melds) == 1


def test_everyone_passing_gives_the_next_seat_its_draw():
    hand = contested()
    play(hand, "0 d 5p", "1 p", "2 p", "3 p")
    assert hand.turn == 1 and hand.phase is Phase.DISCARD
    assert hand.view(1).drawn == Tile.EAST  # the first tile of the wall's live end


@pytest.mark.parametrize(("discarder", "first", "second"), [(0, 1, 3), (2, 3, 1)])
def test_two_mahjong_claims_go_to_the_first_in_turn_order_after_the_discarder(discarder, first, second):
    hands = ["19m19p19s1234567z"] * 4
    hands[discarder] = "123m456m789m12s99s5p"
    hands[first] = hands[second] = "123p789p234s678s5p"
    hand = rig(CLASSIC, hands, wall=WALL, dealer=discarder, drawn="5p")
    play(hand, f"{discarder} d 5p", f"{second} c mahjong")
    assert hand.result is None, "the nearer seat may still claim mahjong"
    play(hand, f"{first} c mahjong")
    assert hand.result.winner == first


def test_only_the_next_seat_may_chow():
    hands = ["123m456m789m12s99s5p", "19m19p19s1234567z", "46p111z222z333z6z7z", "19m19p19s1234567z"]
    hand = rig(CLASSIC, hands, wall=WALL, drawn="5p")
    play(hand, "0 d 5p")
    # Nobody may claim: seat 2 holds the chow's tiles but is not next, so no window is even opened.
    assert hand.phase is Phase.DISCARD and hand.turn == 1


def test_a_seat_that_may_not_claim_is_not_asked_and_may_not_answer():
    hands = [DEALER, "19m19p19s1234567z", PUNGER, "19m19p19s1234567z"]
    hand = rig(CLASSIC, hands, wall=WALL, drawn="5p")
    play(hand, "0 d 5p")
    assert hand.awaiting() == (2,)
    with pytest.raises(NotYourTurn):
        play(hand, "1 p")
    with pytest.raises(IllegalAction):
        play(hand, "2 c kong")


def test_claimed_kong_draws_its_replacement_from_the_far_end():
    hands = [DEALER, "19m19p19s1234567z", "555p19m19s19p4z5z6z7z", "19m19p19s1234567z"]
    hand = rig(CLASSIC, hands, wall="1z2z3z4z5z6z7z9p", drawn="5p")
    play(hand, "0 d 5p", "2 c kong")
    view = hand.view(2)
    assert view.seats[2].melds[0].kind is SetKind.KONG
    assert view.drawn == Tile.P9  # the far end of the wall, not the live end (1z)
    assert view.wall.far_taken == 1 and view.wall.live_taken == 0
    assert hand.turn == 2 and hand.phase is Phase.DISCARD


def test_concealed_kong_is_declared_on_ones_turn_and_replaced_from_the_far_end():
    hand = rig(CLASSIC, ["1111m456m789m12s99s", *["19m19p19s1234567z"] * 3], wall="1z2z3z4z5z6z7z9p", drawn="9s")
    assert "0 ck 1m" in legal_texts(hand, 0)
    play(hand, "0 ck 1m")
    view = hand.view(0)
    assert view.seats[0].melds == (Meld(SetKind.KONG, Tile.M1, exposed=False),)
    assert view.drawn == Tile.P9 and hand.turn == 0
    assert view.seats[0].concealed_count == 11


ROBBED_HANDS = [
    "5p456m789m12s99s",  # with its pung of 5p: eleven tiles, the drawn 5p among them
    "19m19p19s1234567z",
    "19m19p19s1234567z",
    "123p789p234s678s5p",
]
PUNG_OF_5P = {0: [Meld(SetKind.PUNG, Tile.P5, claimed_from=1)]}


def test_an_added_kong_may_be_robbed_by_a_seat_that_wins_on_it():
    hand = rig(CLASSIC, ROBBED_HANDS, wall=WALL, drawn="5p", melds=PUNG_OF_5P)
    play(hand, "0 ak 5p")
    assert hand.phase is Phase.ROB and hand.awaiting() == (3,)
    assert legal_texts(hand, 3) == ["3 c mahjong", "3 p"]
    play(hand, "3 c mahjong")
    result = hand.result
    assert (result.winner, result.discarder, result.win.robbing_kong) == (3, 0, True)
    assert hand.view(None).seats[0].melds[0].kind is SetKind.PUNG  # the kong never happened


def test_an_added_kong_nobody_robs_completes_and_draws_from_the_far_end():
    hand = rig(CLASSIC, ROBBED_HANDS, wall="1z2z3z4z5z6z7z9p", drawn="5p", melds=PUNG_OF_5P)
    play(hand, "0 ak 5p", "3 p")
    meld = hand.view(0).seats[0].melds[0]
    assert (meld.kind, meld.added, meld.claimed_from) == (SetKind.KONG, True, 1)
    assert hand.view(0).drawn == Tile.P9


def test_only_mahjong_may_rob_a_kong():
    hands = [ROBBED_HANDS[0], "55p19m19s19p4z5z6z7z2m", "46p111z222z333z6z7z", "19m19p19s1234567z"]
    hand = rig(CLASSIC, hands, wall="1z2z3z4z5z6z7z9p", drawn="5p", melds=PUNG_OF_5P)
    play(hand, "0 ak 5p")
    # Seat 1 could pung a 5p and seat 2 chow it, but an added tile may only be robbed by a win.
    assert hand.phase is Phase.DISCARD and hand.turn == 0


def test_no_kong_when_the_wall_is_empty():
    hand = rig(CLASSIC, ["1111m456m789m12s99s", *["19m19p19s1234567z"] * 3], wall="", drawn="9s")
    assert not any("ck" in text for text in legal_texts(hand, 0))


def test_the_last_discard_on_an_empty_wall_ends_in_a_draw():
    hand = rig(CLASSIC, [DEALER, *["19m19p19s1234567z"] * 3], wall="", drawn="5p")
    play(hand, "0 d 5p")
    assert hand.result.winner is None and hand.result.wall_left == 0
    assert hand.phase is Phase.OVER


def test_a_win_on_the_last_discard_is_flagged():
    hand = rig(CLASSIC, [DEALER, "19m19p19s1234567z", "19m19p19s1234567z", WINNER], wall="", drawn="5p")
    play(hand, "0 d 5p", "3 c mahjong")
    assert hand.result.win.last_tile

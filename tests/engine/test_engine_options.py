"""Rule options (seed 000): jokers, the calling rule, open hands, three and two players, family;
and the wins that depend on timing (heavenly, earthly, kong replacement)."""

from collections import Counter

import pytest
from engine_helpers import legal_texts, play, random_game, rig

from game.actions import Claim, ClaimKind
from game.errors import IllegalAction
from game.hand import SetKind
from game.phrases import phrase
from game.round import Phase, Round
from game.rules import ruleset
from game.tiles import WINDS, Tile
from game.win import WinVerdict

WALL = "1z2z3z4z5z6z7z1z2z3z4z5z6z7z"
NOTHING = "19m19p19s1234567z"

# --- jokers ---------------------------------------------------------------------------------------

JOKERS = ruleset("classic", jokers=True)


def test_a_discarded_joker_cannot_be_claimed():
    hands = ["123m456m789m12s99s0j", "0j0j0j19p19s123456z", NOTHING, NOTHING]
    hand = rig(JOKERS, hands, wall=WALL, drawn="0j")
    play(hand, "0 d 0j")
    assert hand.phase is Phase.DISCARD and hand.turn == 1


def test_a_joker_fills_a_claimed_pung_and_a_claimed_chow():
    hands = ["123m456m789m12s99s5p", "4p0j111z222z333z6z7z", "5p0j19m19s19p1z4z5z6z7z", NOTHING]
    hand = rig(JOKERS, hands, wall=WALL, drawn="5p")
    play(hand, "0 d 5p")
    assert "1 c chow 3p" in legal_texts(hand, 1) and "1 c chow 4p" in legal_texts(hand, 1)
    play(hand, "1 c chow 3p", "2 c pung")
    pung = hand.view(2).seats[2].melds[0]
    assert (pung.kind, pung.joker_slots, pung.tiles) == (SetKind.PUNG, (2,), (Tile.P5, Tile.P5, Tile.JOKER))
    assert hand.view(2).concealed.count(Tile.JOKER) == 0


def test_a_chow_takes_real_tiles_before_jokers():
    hands = ["123m456m789m12s99s5p", "46p0j111z222z333z6z", NOTHING, NOTHING]
    hand = rig(JOKERS, hands, wall=WALL, drawn="5p")
    play(hand, "0 d 5p", "1 c chow 4p")
    chow = hand.view(1).seats[1].melds[0]
    assert chow.joker_slots == () and Tile.JOKER in hand.view(1).concealed


def test_a_joker_completes_a_set_but_never_the_pair():
    # 123m 456m 78m+joker 123s, pair 99s: a win on the drawn joker.
    hand = rig(JOKERS, ["123m456m78m123s99s0j", NOTHING, NOTHING, NOTHING], wall=WALL, drawn="0j")
    assert "0 win" in legal_texts(hand, 0)
    # 123m 456m 789m 123s and 9s + joker: the joker would have to be the pair.
    hand = rig(JOKERS, ["123m456m789m123s9s0j", NOTHING, NOTHING, NOTHING], wall=WALL, drawn="0j")
    assert "0 win" not in legal_texts(hand, 0)


@pytest.mark.parametrize(("discard", "wins"), [("5z", True), ("5p", False)])
def test_a_seat_holding_a_joker_wins_on_the_discard_that_pairs_its_single_tile(discard, wins):
    # Joker + 2p3p is a chow; 789p 234s 678s; the single 5z waits for its pair (a joker cannot be it).
    hands = [f"123m456m789m12s99s{discard}", NOTHING, NOTHING, "0j23p789p234s678s5z"]
    hand = rig(JOKERS, hands, wall=WALL, drawn=discard)
    play(hand, f"0 d {discard}")
    assert ("3 c mahjong" in legal_texts(hand, 3)) == wins


# --- the calling rule -----------------------------------------------------------------------------

CALLING = ruleset("classic", calling_rule=True)
COMPLETE = "123m456m789m123s99s"


def test_without_a_call_a_complete_hand_does_not_count():
    hand = rig(CALLING, [COMPLETE, NOTHING, NOTHING, NOTHING], wall=WALL, drawn="9s")
    assert "0 win" not in legal_texts(hand, 0)
    hand = rig(CALLING, [COMPLETE, NOTHING, NOTHING, NOTHING], wall=WALL, drawn="9s", calling={0: True})
    assert "0 win" in legal_texts(hand, 0)


def test_a_call_is_announced_then_the_discard_keeps_the_hand_ready():
    hand = rig(CALLING, ["123m456m789m12s99s5z", NOTHING, NOTHING, NOTHING], wall="3s1z2z3z4z5z", drawn="5z")
    assert "0 call" in legal_texts(hand, 0)
    play(hand, "0 call")
    assert hand.view(1).seats[0].calling
    # Only discarding the 5z keeps the hand one tile from winning.
    assert legal_texts(hand, 0) == ["0 d 5z"]
    with pytest.raises(IllegalAction):
        play(hand, "0 d 1m")
    play(hand, "0 d 5z")
    assert hand.turn == 1 and hand.view(2).seats[0].calling


def test_a_calling_seat_wins_on_a_discard_and_a_silent_one_does_not():
    hands = ["123m456m789m12s99s3p", "12p456p789p234s55z", NOTHING, NOTHING]
    hand = rig(CALLING, hands, wall=WALL, drawn="3p")
    play(hand, "0 d 3p")
    assert "1 c mahjong" not in legal_texts(hand, 1), "seat 1 did not call, so 3p is no win for it"
    assert "1 c chow 1p" in legal_texts(hand, 1)
    hand = rig(CALLING, hands, wall=WALL, drawn="3p", calling={1: True})
    play(hand, "0 d 3p")
    assert "1 c mahjong" in legal_texts(hand, 1)


# --- open hands, three and two players, family ----------------------------------------------------


@pytest.mark.parametrize("open_hands", [False, True])
def test_open_hands_show_every_hand(open_hands):
    hand = Round.deal(ruleset("hongkong", open_hands=open_hands), 5)
    view = hand.view(1)
    for seat in range(4):
        shown = view.seats[seat].concealed
        assert (shown is not None) == open_hands
        if open_hands:
            assert Counter(shown) == Counter(hand.concealed(seat))
    assert Counter(view.concealed) == Counter(hand.concealed(1))


def test_three_players_remove_characters_two_to_eight_and_expose_north():
    rules = ruleset("classic", players=3)
    tiles = Counter(rules.tile_set())
    assert all(tiles[Tile(index)] == 0 for index in range(1, 8))
    assert tiles[Tile.M1] == tiles[Tile.M9] == tiles[Tile.NORTH] == 4
    assert sum(tiles.values()) == 144 - 28
    exposed_norths = 0
    for seed in range(10):
        hand = Round.deal(rules, seed)
        assert len(hand.view(0).seats) == 3
        for seat in range(3):
            assert Tile.NORTH not in hand.concealed(seat)
            exposed_norths += hand.view(None).seats[seat].bonus.count(Tile.NORTH)
    assert exposed_norths > 0, "North tiles dealt are exposed as bonus tiles"
    hand = random_game(rules, 3)
    assert hand.result is not None and {action.seat for action in hand.actions} <= {0, 1, 2}


def test_two_players_claim_only_from_each_other():
    rules = ruleset("classic", players=2)
    hand = rig(rules, ["123m456m789m12s99s5p", "46p55p111z222z33z7z"], wall=WALL, drawn="5p")
    play(hand, "0 d 5p")
    assert hand.awaiting() == (1,)
    assert legal_texts(hand, 1) == ["1 c pung", "1 c chow 4p", "1 p"]
    assert [public.wind for public in hand.view(1).seats] == [WINDS[0], WINDS[1]]


def test_family_rules_have_no_bonus_tiles_jokers_or_wall():
    rules = ruleset("family")
    assert len(rules.tile_set()) == 136 and rules.length == "one_hand"
    hand = Round.deal(rules, 11, dealer=2)
    view = hand.view(2)
    assert view.wall is None and view.turn == 2
    assert len(view.concealed) == 14 and all(len(hand.concealed(seat)) == 13 for seat in (0, 1, 3))
    with pytest.raises(ValueError, match="flowers"):
        ruleset("family", jokers=True)


# --- timing flags ---------------------------------------------------------------------------------


def test_heavenly_hand():
    hand = rig(ruleset("classic"), [COMPLETE, NOTHING, NOTHING, NOTHING], wall=WALL, drawn="9s", first_turn=True)
    play(hand, "0 win")
    assert hand.result.win.heavenly and hand.result.self_drawn


def test_earthly_hand():
    hands = ["123m456m789m12s99s5p", NOTHING, NOTHING, "123p789p234s678s5p"]
    hand = rig(ruleset("classic"), hands, wall=WALL, drawn="5p", first_turn=True)
    play(hand, "0 d 5p")
    play(hand, "3 c mahjong")
    assert hand.result.win.earthly and not hand.result.win.heavenly


def test_a_win_on_a_kong_replacement_is_flagged():
    hand = rig(ruleset("classic"), ["1111m456m789m12s99s", NOTHING, NOTHING, NOTHING], wall="1z3s")
    play(hand, "0 ck 1m")
    assert hand.view(0).drawn == Tile.S3
    play(hand, "0 win")
    win = hand.result.win
    assert win.kong_replacement and win.self_drawn and not win.double_kong_replacement
    assert [meld.kind for meld in win.melds] == [SetKind.KONG]
    assert len(win.concealed) == 11


def test_seat_wind_of_the_win_follows_the_dealer():
    hands = ["123p789p234s678s5p", NOTHING, "123m456m789m12s99s5p", NOTHING]
    hand = rig(ruleset("classic"), hands, wall=WALL, dealer=1, turn=2, drawn="5p")
    play(hand, "2 d 5p", "0 c mahjong")
    # Seat 0 sits North of a table where seat 1 deals.
    assert hand.result.win.seat == 3 and hand.result.win.seat_wind == Tile.NORTH


class RefuseSmallHands:
    """A judge that refuses every win on a discard (a stand-in for a minimum of fan)."""

    def judge(self, win):
        if win.self_drawn:
            return WinVerdict(True)
        return WinVerdict(False, phrase("below_minimum", needed=3, fan=0))


def test_the_judge_decides_which_wins_are_legal():
    hands = ["123m456m789m12s99s5p", NOTHING, NOTHING, "123p789p234s678s5p"]
    hand = rig(ruleset("hongkong"), hands, wall=WALL, drawn="5p", judge=RefuseSmallHands())
    play(hand, "0 d 5p")
    assert Claim(3, ClaimKind.MAHJONG) not in hand.legal_actions(3)
    hand = rig(
        ruleset("hongkong"), [COMPLETE, NOTHING, NOTHING, NOTHING], wall=WALL, drawn="9s", judge=RefuseSmallHands()
    )
    assert "0 win" in legal_texts(hand, 0)

"""Seed 000's six tips ("Pour aller plus loin"), each on a hand-made position for the strong player."""

import pytest
from players_helpers import chow, position, pung

import game.players.strong as strong
from game.actions import Claim, ClaimKind, Discard, Pass
from game.hints import discard_hints
from game.players.safety import collected_suit, exposure
from game.players.strong import Motive, decide
from game.tiles import Tile
from words.phrases import show


def discarded(view) -> str:
    action = decide(view).action
    assert isinstance(action, Discard)
    return action.tile.code


def test_tip1_isolated_honours_go_first():
    # North (not a scoring wind for East in the East round), 2 and 5 of bamboo are all isolated.
    decision = decide(position("123m789m123p99p4z5s2s"))
    assert decision.action == Discard(0, Tile.NORTH)
    assert decision.motive is Motive.ISOLATED_HONOUR


def test_tip1_then_isolated_terminals_keeping_middle_tiles():
    decision = decide(position("123m789m123p99p9s5s2s"))
    assert decision.action == Discard(0, Tile.S9)
    assert decision.motive is Motive.ISOLATED_TERMINAL


def test_tip2_two_sided_wait_counts_eight_tiles_against_four():
    # 4-5 of bamboo waits on 3 or 6 (eight tiles), 3-5 of circles on 4 only (four tiles).
    view = position("123m456m11s99p45s35p")
    assert discarded(view) in ("3p", "5p")
    hints = {hint.tile.code: hint for hint in discard_hints(view)}
    keep_45 = dict(hints["3p"].useful_kinds)
    keep_35 = dict(hints["4s"].useful_kinds)
    assert keep_45[Tile.S3] + keep_45[Tile.S6] == 8
    assert keep_35[Tile.P4] == 4 and Tile.S3 not in keep_35
    assert hints["3p"].useful > hints["4s"].useful


def test_tip2_visible_copies_are_not_counted():
    view = position("123m456m11s99p45s35p", discards={2: "6s6s6s"})
    hints = {hint.tile.code: hint for hint in discard_hints(view)}
    assert dict(hints["3p"].useful_kinds)[Tile.S6] == 1


def test_tip3_a_tile_three_times_visible_goes_before_a_live_one():
    # Two lone winds; two more Norths are on the table, so the one held can never be a pung.
    decision = decide(position("123m456m789p99s2z4z5s", discards={1: "4z4z"}))
    assert decision.action == Discard(0, Tile.NORTH)
    assert decision.motive is Motive.DEAD_TILE
    # Without those discards the South goes (lowest first between equals): the reading made the difference.
    assert discarded(position("123m456m789p99s2z4z5s")) == "2z"


def test_tip3_a_collected_suit_is_more_dangerous_against_its_collector():
    collector = position("123m", melds={2: [pung("2s"), chow("5s")]}).seats[2]
    assert collected_suit(collector) == 2
    assert exposure(collector, Tile.S5, 3) > exposure(collector, Tile.M5, 3)
    never = position("123m", discards={3: "1m9m2p5p8m7p"}).seats[3]
    assert collected_suit(never) == 2


@pytest.fixture
def defending(monkeypatch):
    """Tip 4's defence, as Hong Kong and family tables play it, on these classic positions: classic
    itself no longer defends (a deal-in costs only the hand there; issue 45), so it is turned on, as it
    was, without the second step."""
    monkeypatch.setattr(strong, "CAUTION_FROM", {**strong.CAUTION_FROM, "classic": 0.5})
    monkeypatch.setattr(strong, "SECOND_STEP", {})


def test_classic_plays_for_the_win_late_and_far_from_ready():
    # Only the winner scores: a discard that deals in costs the hand, as any opponent's win would.
    leader = {1: [pung("5z", claimed_from=0), pung("6z", claimed_from=0)]}
    hand = "1359m4579p1368s27z"
    late = position(hand, wall_left=8, melds=leader, discards={1: "5p8s2m1z4z3s1p2s6m"})
    early = position(hand, wall_left=80)
    assert decide(late).action == decide(early).action
    assert decide(late).motive not in (Motive.DEFEND_GENBUTSU, Motive.DEFEND_SAFE)


@pytest.mark.usefixtures("defending")
def test_tip4_late_and_far_from_ready_the_leaders_own_discards_are_played():
    leader = {1: [pung("7z", claimed_from=0), chow("3p", claimed_from=0)]}
    late = position("159m159p159s12345z", wall_left=10, melds=leader, discards={1: "5s2m8m9p1z3z6s", 2: "4m", 3: "6p"})
    assert decide(late).action.tile in {Tile.S5, Tile.P9, Tile.EAST, Tile.WEST}  # the leader's own discards
    # Early, with nobody close, the same hand plays for itself: a lone honour, not the 5 of bamboo.
    early = position("159m159p159s12345z", wall_left=80, discards={1: "5s"})
    assert decide(early).action.tile >= 27


@pytest.mark.usefixtures("defending")
def test_tip4_defence_gives_up_an_efficient_discard_for_a_safe_one():
    leader = {1: [pung("5z", claimed_from=0), pung("6z", claimed_from=0)]}
    hand = "1359m4579p1368s27z"
    late = position(hand, wall_left=8, melds=leader, discards={1: "5p8s2m1z4z3s1p2s6m"})
    early = position(hand, wall_left=80)
    assert decide(early).action != decide(late).action
    assert decide(late).action.tile in {Tile.P5, Tile.S8, Tile.S3}
    assert decide(late).motive is Motive.DEFEND_GENBUTSU


def test_tip5_claim_a_dragon_pung():
    decision = decide(position("13m456p2378s77z59p", claim=("7z", 2)))
    assert decision.action == Claim(0, ClaimKind.PUNG)
    assert decision.motive is Motive.SCORING_PUNG


def test_tip5_claim_to_finish_a_nearly_ready_hand():
    decision = decide(position("123m456p68m99s55s2z", claim=("5s", 2)))
    assert decision.action == Claim(0, ClaimKind.PUNG)
    assert decision.motive is Motive.CLAIM_READY


def test_tip5_keep_the_hand_concealed_rather_than_claim_to_start():
    # Hong Kong: the concealed fan counts towards the minimum; a plain pung far from ready is not worth it.
    decision = decide(position("55m19p258s13579s2z", rules="hongkong", claim=("5m", 2)))
    assert decision.action == Pass(0)
    assert decision.motive is Motive.PASS_CONCEALED


def test_tip6_keep_the_honour_pair_that_scores():
    # Four pairs: one must be broken. The dragon pair, and the East pair of East in the East round, stay.
    assert discarded(position("123m456p77z22p99s88s")) != "7z"
    assert discarded(position("123m456p11z22p99s44z")) != "1z"
    assert decide(position("123m456p77z22p99s88s")).motive is Motive.KEEP_SCORING_PAIR


def test_tip5_no_claim_that_brings_the_hand_no_closer():
    # Ready on 7 of characters already: a pung of 5 of bamboo would only show the hand.
    assert decide(position("123m456p789s55s68m", claim=("5s", 2))).action == Pass(0)


def test_classic_keeps_the_discard_whose_useful_draws_leave_the_most_useful_tiles():
    # Letting the 7 of characters go leaves the most useful tiles (81), the 4 fewer (75) for the same
    # hand's worth; but the draws that improve the hand after the 4 leave more useful tiles after them.
    hand = "1m4m7m7m9m5p6p7p8p3s8s9s9s1m"
    decision = decide(position(hand))
    assert decision.action == Discard(0, Tile.M4)
    assert decision.motive is Motive.SECOND_STEP
    assert decision.options[0].useful < decision.options[1].useful and decision.options[1].tile == Tile.M7
    hint = discard_hints(position(hand))[0]  # the hint suggests what strong plays, and why
    assert hint.tile == Tile.M4 and hint.reason.key == "teacher.discard.second_step"
    said = [show(hint.reason, lang) for lang in ("en", "fr", "zh_TW")]
    assert all(said) and len(set(said)) == 3 and "next step" in said[0]
    # Hong Kong and family tables choose as before.
    assert decide(position(hand, rules="family")).action == Discard(0, Tile.M7)

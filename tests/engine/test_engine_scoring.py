"""The scorers plugged into the engine: the Hong Kong minimum refuses small wins with a reason,
every win the engine produces scores, and payments follow the rule set."""

import random
from fractions import Fraction

import pytest
from engine_helpers import play, rig
from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import Claim, ClaimKind
from game.errors import IllegalAction
from game.match import Match
from game.phrases import phrase
from game.players import make_player
from game.players.autoplay import play_round
from game.round_document import rigged_round
from game.rules import ruleset
from game.scoring import score_classic, score_hongkong
from game.scoring.table import judge_for_table, settings_for, settle_hand
from game.tiles import parse_tiles
from game.win import WinContext, WinVerdict
from words.phrases import show

WALL = "1z2z3z4z5z6z7z1z2z3z4z5z6z7z"
NOTHING = "19m19p19s1234567z"
# Three chows, a pair of 6s and a pair of 5p: the discarded 5p makes a pung (so the seat is asked)
# and completes the hand, worth 1 fan for the concealed hand plus the bonus fan for no flowers,
# which does not count towards the minimum of 3.
SMALL = "123p789p234s66s55p"
# A pung of red dragons, a pung of green dragons and the rest in circles: well above 3 fan.
BIG = "777z666z123p456p5p"


def hongkong_table():
    rules = ruleset("hongkong")
    return rules, judge_for_table(rules)


def test_a_win_below_the_minimum_is_refused_with_a_reason_in_every_language():
    rules, judge = hongkong_table()
    hand = rig(rules, ["123m456m789m12s99s5p", NOTHING, NOTHING, SMALL], wall=WALL, drawn="5p", judge=judge)
    play(hand, "0 d 5p")
    assert Claim(3, ClaimKind.MAHJONG) not in hand.legal_actions(3)
    refusal = hand.win_refusal(3)
    assert refusal is not None and not refusal.legal
    assert refusal.reason == phrase("below_minimum", needed=3, fan=refusal.reason.param("fan"))
    said = {lang: show(refusal.reason, lang) for lang in ("en", "fr", "zh_TW")}
    assert said["en"].startswith("3 fan are needed") and said["fr"].startswith("il faut 3 fan")
    assert said["zh_TW"].startswith("要 3 番")
    before = hand.to_document()
    with pytest.raises(IllegalAction, match=r"below_minimum\(needed=3, fan="):
        hand.apply(Claim(3, ClaimKind.MAHJONG))
    assert hand.to_document() == before


def test_a_win_above_the_minimum_is_offered_and_scored():
    rules, judge = hongkong_table()
    hand = rig(rules, ["123m456m789m12s99s5p", NOTHING, NOTHING, BIG], wall=WALL, drawn="5p", judge=judge)
    play(hand, "0 d 5p")
    assert hand.win_refusal(3) is None
    play(hand, "3 c mahjong")
    result = hand.result
    assert result.winner == 3 and result.discarder == 0
    scored = settle_hand(rules, result)
    fan = score_hongkong(result.win, settings_for(rules)).fan
    assert scored.fan == fan >= 3
    assert sum(scored.payments) == 0 and scored.payments[3] == scored.score > 0
    assert scored.payments[0] == -scored.score and scored.payments[1] == scored.payments[2] == 0


def test_a_round_restored_without_a_judge_keeps_the_minimum_of_its_rule_set():
    rules = ruleset("hongkong")
    hand = rig(rules, ["123m456m789m12s99s5p", NOTHING, NOTHING, SMALL], wall=WALL, drawn="5p")
    play(hand, "0 d 5p")
    restored = rigged_round(hand.to_document())  # a rigged position: restored as such, without a judge
    for table in (hand, restored):
        assert Claim(3, ClaimKind.MAHJONG) not in table.legal_actions(3)
        refusal = table.win_refusal(3)
        assert refusal is not None and refusal.reason is not None and refusal.reason.param("needed") == 3


def test_a_judge_of_the_table_overrides_the_rule_set():
    class AcceptEveryHand:
        def judge(self, win: WinContext) -> WinVerdict:
            return WinVerdict(True)

    hand = rig(
        ruleset("hongkong"),
        ["123m456m789m12s99s5p", NOTHING, NOTHING, SMALL],
        wall=WALL,
        drawn="5p",
        judge=AcceptEveryHand(),
    )
    play(hand, "0 d 5p")
    assert Claim(3, ClaimKind.MAHJONG) in hand.legal_actions(3)


def test_a_classic_hand_pays_its_score_to_the_winner_only():
    rules = ruleset("classic")
    hand = rig(
        rules, ["123m456m789m12s99s5p", NOTHING, NOTHING, BIG], wall=WALL, drawn="5p", judge=judge_for_table(rules)
    )
    play(hand, "0 d 5p", "3 c mahjong")
    scored = settle_hand(rules, hand.result)
    expected = score_classic(hand.result.win, settings_for(rules)).score
    assert scored.payments == (0, 0, 0, expected) and scored.score == expected and scored.fan == 0


def test_three_players_score_north_as_a_bonus_tile():
    rules = ruleset("classic", players=3)
    hand = rig(
        rules,
        ["123m456p789s12s99s5p", NOTHING[:-2] + "1z", BIG],
        wall=WALL,
        drawn="5p",
        bonus={2: "4z4z"},
        judge=judge_for_table(rules),
    )
    play(hand, "0 d 5p", "2 c mahjong")
    breakdown = score_classic(hand.result.win, settings_for(rules)).items
    assert [item.points for item in breakdown if item.key == "north_bonus"] == [4, 4]
    assert len(settle_hand(rules, hand.result).payments) == 3


@pytest.mark.parametrize("name", ["classic", "hongkong"])
def test_every_win_of_a_simulated_match_scores_and_meets_the_rules(name):
    rules = ruleset(name, length="one_wind")
    wins = 0
    for seed in range(3):
        match = Match(
            rules, seed, settle=lambda result: settle_hand(rules, result).payments, judge=judge_for_table(rules)
        )
        players = [make_player("basic") for _ in rules.seats]
        rng = random.Random(seed)
        while not match.over and len(match.hands) < 40:
            hand = match.next_round()
            result = play_round(hand, players, rng)
            played = match.finish_hand(hand)
            if result.winner is None:
                assert played.payments == (0, 0, 0, 0)
                continue
            wins += 1
            if name == "hongkong":
                assert score_hongkong(result.win, settings_for(rules)).meets_minimum
                assert sum(played.payments) == 0
            else:
                assert played.payments[result.winner] == score_classic(result.win).score
    assert wins > 0


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.booleans())
def test_scoring_never_fails_on_a_win_the_engine_produces(seed, jokers):
    rules = ruleset("classic", jokers=jokers)
    hand = Match(rules, seed, judge=judge_for_table(rules)).next_round()
    result = play_round(hand, [make_player("basic") for _ in rules.seats], random.Random(seed))
    if result.winner is None:
        return
    scored = settle_hand(rules, result)
    assert scored.score >= 20 and scored.payments[result.winner] == scored.score
    if not jokers:
        # The same hand, judged by Hong Kong fan, scores too (whether or not it reaches the minimum).
        assert score_hongkong(result.win).fan >= 0


def test_hong_kong_tables_refuse_jokers():
    with pytest.raises(Exception, match="jokers"):
        settings_for(ruleset("hongkong", jokers=True))


def test_everyone_pays_makes_half_portions_exact():
    from game.scoring import HongKongSettings, PaymentConvention
    from game.scoring.payments import hongkong_payments

    settings = HongKongSettings(payment=PaymentConvention.EVERYONE_PAYS, min_fan=0)
    assert hongkong_payments(1, 0, 2, settings) == (Fraction(2), Fraction(-1, 2), Fraction(-1), Fraction(-1, 2))
    assert hongkong_payments(8, 1, 0, settings, seats=3) == (Fraction(-8), Fraction(12), Fraction(-4))
    assert parse_tiles("5p")

"""A match (seeds 000, 002): dealer rotation, the prevailing wind, the match length, totals."""

import random

import pytest

from game.errors import IllegalAction, InvalidNotation
from game.match import Match, matches_hands
from game.players import make_player
from game.players.autoplay import play_round
from game.rules import ruleset
from game.tiles import Tile


def play_match(match, players, hands=None, seed=0):
    rng = random.Random(seed)
    played = []
    while not match.over and (hands is None or len(played) < hands):
        before = (match.dealer, match.round_wind)
        hand = match.next_round()
        play_round(hand, players, rng)
        played.append((before, match.finish_hand(hand), (match.dealer, match.round_wind, match.over)))
    return played


def check_rotation(match, played):
    passes = 0
    for (dealer, wind), hand, (next_dealer, next_wind, over) in played:
        assert (hand.dealer, hand.round_wind) == (dealer, wind)
        winner = hand.result.winner
        if winner is None or winner == dealer:
            assert (next_dealer, next_wind, over) == (dealer, wind, False), "East keeps the deal after a win or a draw"
        else:
            assert next_dealer == (dealer + 1) % match.ruleset.players, "the deal passes to the next seat"
            passes += 1
            went_round = next_dealer == match.first_dealer
            assert (next_wind != wind) == (went_round and not over)
            assert over == (went_round and wind == match.ruleset.prevailing_winds[-1])
    return passes


def test_one_wind_round():
    match = Match(ruleset("classic", length="one_wind"), 5)
    played = play_match(match, [make_player("basic") for _ in range(4)])
    assert match.over
    assert check_rotation(match, played) == 4
    assert {hand.round_wind for _, hand, _ in played} == {Tile.EAST}
    assert match.dealer == match.first_dealer


def test_four_wind_rounds():
    match = Match(ruleset("hongkong"), 2)
    played = play_match(match, [make_player("random"), *[make_player("basic") for _ in range(3)]])
    assert match.over
    assert check_rotation(match, played) == 16
    winds = []
    for _, hand, _ in played:
        if not winds or winds[-1] != hand.round_wind:
            winds.append(hand.round_wind)
    assert winds == [Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH]
    assert len(played) >= 16
    with pytest.raises(IllegalAction):
        match.next_round()


def test_random_players_draw_hands_which_keep_the_deal():
    match = Match(ruleset("classic"), 9)
    played = play_match(match, [make_player("random") for _ in range(4)], hands=30)
    assert any(hand.result.winner is None for _, hand, _ in played)
    check_rotation(match, played)


def test_family_game_ends_at_the_first_win_and_the_host_picks_who_starts():
    match = Match(ruleset("family"), 4, first_dealer=2)
    assert match.dealer == 2
    played = play_match(match, [make_player("basic") for _ in range(4)])
    assert match.over and played[-1][1].result.winner is not None
    assert all(hand.result.winner is None for _, hand, _ in played[:-1])
    assert match.totals == [0, 0, 0, 0]


def test_the_first_dealer_is_drawn_from_the_seed():
    dealers = {Match(ruleset("classic"), seed).first_dealer for seed in range(30)}
    assert dealers == {0, 1, 2, 3}
    assert Match(ruleset("classic"), 7).first_dealer == Match(ruleset("classic"), 7).first_dealer


def winner_takes_ten(result):
    payments = [0, 0, 0, 0]
    if result.winner is not None:
        payments[result.winner] = 30
        for seat in range(4):
            if seat != result.winner:
                payments[seat] = -10
    return payments


def test_totals_come_from_the_settle_function_and_the_document_round_trips():
    match = Match(ruleset("hongkong"), 3, settle=winner_takes_ten)
    played = play_match(match, [make_player("basic") for _ in range(4)], hands=6)
    wins = [sum(1 for _, hand, _ in played if hand.result.winner == seat) for seat in range(4)]
    won = sum(wins)  # a Hong Kong hand below the minimum cannot be won: some hands are drawn, and pay nothing
    assert match.totals == [40 * win - 10 * won for win in wins]
    copy = Match.from_document(match.to_document(), settle=winner_takes_ten)
    assert copy.to_document() == match.to_document()
    assert (copy.dealer, copy.round_wind, copy.totals, copy.over) == (
        match.dealer,
        match.round_wind,
        match.totals,
        match.over,
    )
    with pytest.raises(InvalidNotation):
        Match.from_document(match.to_document())  # settled otherwise, the payments do not follow


def test_a_hand_from_elsewhere_is_refused():
    match = Match(ruleset("classic"), 1)
    other = Match(ruleset("classic"), 2).next_round()
    play_round(other, [make_player("basic") for _ in range(4)], random.Random(0))
    with pytest.raises(IllegalAction):
        match.finish_hand(other)
    with pytest.raises(IllegalAction):
        match.finish_hand(match.next_round())  # not over yet


def test_a_settle_function_must_pay_every_seat():
    match = Match(ruleset("classic"), 1, settle=lambda result: (1, -1))
    hand = match.next_round()
    play_round(hand, [make_player("basic") for _ in range(4)], random.Random(0))
    with pytest.raises(ValueError, match="payments"):
        match.finish_hand(hand)


def test_a_series_of_matches_deals_hand_after_hand_the_same_for_the_same_key():
    rules = ruleset("family")  # a one-hand match: every hand starts a new match
    players = [make_player("basic") for _ in range(4)]

    def seeds(key):
        dealt = []
        for hand in matches_hands(rules, key, 5):
            play_round(hand, players, random.Random(0))
            dealt.append(hand.seed)
        return dealt

    first = seeds("series")
    assert len(first) == len(set(first)) == 5
    assert seeds("series") == first and seeds("other") != first


def test_a_series_will_not_deal_on_before_the_hand_is_over():
    series = matches_hands(ruleset("classic"), "series", 2)
    next(series)
    with pytest.raises(IllegalAction):
        next(series)

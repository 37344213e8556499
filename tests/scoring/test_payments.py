"""Payments (reference/scoring.md §2.2–2.3): Hong Kong sums to zero; classic credits the winner only."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scoring_helpers import make_win

from game.errors import IllegalAction
from game.scoring import (
    ClassicSettings,
    HongKongSettings,
    PaymentConvention,
    UnscorableHand,
    classic_payments,
    hongkong_payments,
    settle,
)

DISCARDER = HongKongSettings()
EVERYONE = HongKongSettings(payment=PaymentConvention.EVERYONE_PAYS)

# §2.3: (fan, P, self-drawn each, 半銃 discarder, 半銃 each other, 全銃 discarder)
TABLE = [
    (3, 8, 8, 8, 4, 16),
    (4, 16, 16, 16, 8, 32),
    (5, 24, 24, 24, 12, 48),
    (7, 48, 48, 48, 24, 96),
    (10, 128, 128, 128, 64, 256),
    (13, 384, 384, 384, 192, 768),
]


@pytest.mark.parametrize(("fan", "portion", "each", "half_discarder", "half_other", "full_discarder"), TABLE)
def test_payment_table(fan, portion, each, half_discarder, half_other, full_discarder):
    assert hongkong_payments(portion, 2, None, DISCARDER) == (-each, -each, 3 * each, -each)
    assert hongkong_payments(portion, 2, None, EVERYONE) == (-each, -each, 3 * each, -each)
    assert hongkong_payments(portion, 0, 3, DISCARDER) == (full_discarder, 0, 0, -full_discarder)
    assert hongkong_payments(portion, 0, 3, EVERYONE) == (
        half_discarder + 2 * half_other,
        -half_other,
        -half_other,
        -half_discarder,
    )


def test_half_a_portion_is_exact():
    assert hongkong_payments(1, 1, 0, EVERYONE) == (-1, 2, Fraction(-1, 2), Fraction(-1, 2))


def test_the_stake_multiplies_every_payment():
    stake = HongKongSettings(stake=Fraction(5, 2))
    assert hongkong_payments(8, 1, 2, stake) == (0, 40, -40, 0)


@settings(max_examples=200, deadline=None)
@given(
    base=st.integers(1, 10_000),
    winner=st.integers(0, 3),
    discarder=st.none() | st.integers(0, 3),
    convention=st.sampled_from(PaymentConvention),
    stake=st.fractions(min_value=Fraction(1, 10), max_value=100),
)
def test_hong_kong_payments_sum_to_zero(base, winner, discarder, convention, stake):
    table = HongKongSettings(payment=convention, stake=stake)
    if discarder == winner:
        with pytest.raises(IllegalAction):
            hongkong_payments(base, winner, discarder, table)
        return
    amounts = hongkong_payments(base, winner, discarder, table)
    assert sum(amounts) == 0
    assert amounts[winner] == stake * base * (3 if discarder is None else 2)
    assert all(amount <= 0 for seat, amount in enumerate(amounts) if seat != winner)


def test_classic_only_the_winner_scores():
    assert classic_payments(96, 2) == (0, 0, 96, 0)


def test_settle_scores_and_pays():
    win = make_win("[234m] 567m 789m 123m 11m", seat="S")  # pure one suit 7 + all chows 1 + no flowers 1
    # South's wind, at table seat 3 (the dealer sits at seat 2); seat 2 dealt in.
    assert settle(win, 3, 2, DISCARDER).payments == (0, 0, -2 * 96, 2 * 96)
    assert settle(win, 3, 2, DISCARDER).score == 9
    assert settle(win, 3, 2, ClassicSettings()).payments == (0, 0, 0, 40)


def test_settle_refuses_a_hand_below_the_minimum_and_a_wrong_discarder():
    win = make_win("[234m] 555p 678p 789s 11s", seat="S")
    with pytest.raises(UnscorableHand) as caught:
        settle(win, 1, 0, DISCARDER)
    assert caught.value.reason.key == "below_minimum" and caught.value.reason.param("needed") == 3
    with pytest.raises(IllegalAction):
        settle(win, 1, None, ClassicSettings())
    with pytest.raises(IllegalAction):
        settle(win, 1, 1, ClassicSettings())
    with pytest.raises(IllegalAction):
        settle(make_win("[234m] 555p 678p 789s 11s", self_drawn=True), 0, 1, ClassicSettings())

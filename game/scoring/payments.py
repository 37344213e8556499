"""Who pays whom at the end of a hand (SPEC §5 simulate; reference/scoring.md §2.2).

Payments are each seat's gain (positive) or loss (negative), seats 0–3. Hong Kong payments always sum
to zero; a classic hand only credits the winner with the hand's score (the match ledger adds it to
the winner's total). Amounts are exact fractions: half a portion is a real payment when "everyone
pays" on a discard.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.errors import IllegalAction
from game.scoring.classic import score_classic
from game.scoring.hongkong import score_hongkong
from game.scoring.minimum import below_minimum
from game.scoring.settings import ClassicSettings, HongKongSettings, PaymentConvention
from game.win import WinContext

SEATS = 4

Payments = tuple[Fraction, Fraction, Fraction, Fraction]


@dataclass(frozen=True, slots=True)
class Settlement:
    """The outcome of a won hand: ``score`` is the classic score or the Hong Kong fan."""

    score: int
    payments: Payments


def hongkong_payments(base: int, winner: int, discarder: int | None, settings: HongKongSettings) -> Payments:
    """Payments for a hand worth ``base`` base points; ``discarder`` is None for a self-drawn win.

    One portion is ``stake × base``. Self-drawn: each loser pays a portion. On a discard the winner
    collects two portions: all from the discarder, or one from the discarder and half from each other.
    """
    _check_seats(winner, discarder)
    portion = settings.stake * base
    amounts = [Fraction(0)] * SEATS
    for seat in range(SEATS):
        if seat == winner:
            continue
        if discarder is None:
            amounts[seat] = -portion
        elif settings.payment is PaymentConvention.DISCARDER_PAYS:
            amounts[seat] = -2 * portion if seat == discarder else Fraction(0)
        else:
            amounts[seat] = -portion if seat == discarder else -portion / 2
    amounts[winner] = -sum(amounts, Fraction(0))
    return _four(amounts)


def classic_payments(score: int, winner: int) -> Payments:
    """Only the winner scores: the hand's score is the winner's gain, the others get 0."""
    _check_seats(winner, None)
    return _four([Fraction(score) if seat == winner else Fraction(0) for seat in range(SEATS)])


def settle(
    win: WinContext, winner: int, discarder: int | None, settings: ClassicSettings | HongKongSettings
) -> Settlement:
    """Score ``win`` and settle it between table seats.

    ``winner`` and ``discarder`` are table seats (``win.seat`` is the winner's wind, counted from the
    dealer); ``discarder`` is None when self-drawn, and the konger when a kong was robbed.

    Raises ``UnscorableHand`` for a hand that is not a legal mahjong (in Hong Kong, below the minimum).
    """
    if win.self_drawn != (discarder is None):
        raise IllegalAction("a self-drawn win has no discarder; a win on a discard (or a robbed kong) has one")
    _check_seats(winner, discarder)
    if isinstance(settings, ClassicSettings):
        classic = score_classic(win, settings)
        return Settlement(classic.score, classic_payments(classic.score, winner))
    scored = score_hongkong(win, settings)
    refusal = below_minimum(scored, settings)
    if refusal is not None:
        raise refusal
    return Settlement(scored.fan, hongkong_payments(scored.base_points, winner, discarder, settings))


def _check_seats(winner: int, discarder: int | None) -> None:
    if not 0 <= winner < SEATS or (discarder is not None and not 0 <= discarder < SEATS):
        raise IllegalAction(f"seats are 0 to {SEATS - 1}: winner {winner}, discarder {discarder}")
    if winner == discarder:
        raise IllegalAction(f"seat {winner} cannot win on its own discard")


def _four(amounts: list[Fraction]) -> Payments:
    return (amounts[0], amounts[1], amounts[2], amounts[3])

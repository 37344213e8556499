"""Who pays whom at the end of a hand (SPEC §5 simulate; reference/scoring.md §2.2).

Payments are each seat's gain (positive) or loss (negative), one per seat of the table (4, or 3 or 2
for the smaller tables). Hong Kong payments always sum to zero; a classic hand only credits the
winner with the hand's score (the match ledger adds it to the winner's total). Amounts are exact
fractions: half a portion is a real payment when "everyone pays" on a discard.
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

Payments = tuple[Fraction, ...]


@dataclass(frozen=True, slots=True)
class Settlement:
    """The outcome of a won hand: ``score`` is the classic score or the Hong Kong fan."""

    score: int
    payments: Payments


def hongkong_payments(
    base: int, winner: int, discarder: int | None, settings: HongKongSettings, *, seats: int = 4
) -> Payments:
    """Payments for a hand worth ``base`` base points; ``discarder`` is None for a self-drawn win.

    One portion is ``stake × base``. Self-drawn: each loser pays a portion. On a discard, "everyone
    pays": the discarder pays a portion and each other loser half of one; "discarder pays for all":
    the discarder pays that whole amount alone (two portions at a table of four).
    """
    _check_seats(winner, discarder, seats)
    portion = settings.stake * base
    amounts = [Fraction(0)] * seats
    others = seats - 2
    for seat in range(seats):
        if seat == winner:
            continue
        if discarder is None:
            amounts[seat] = -portion
        elif settings.payment is PaymentConvention.DISCARDER_PAYS:
            amounts[seat] = -(portion + others * portion / 2) if seat == discarder else Fraction(0)
        else:
            amounts[seat] = -portion if seat == discarder else -portion / 2
    amounts[winner] = -sum(amounts, Fraction(0))
    return tuple(amounts)


def classic_payments(score: int, winner: int, *, seats: int = 4) -> Payments:
    """Only the winner scores: the hand's score is the winner's gain, the others get 0."""
    _check_seats(winner, None, seats)
    return tuple(Fraction(score) if seat == winner else Fraction(0) for seat in range(seats))


def settle(
    win: WinContext,
    winner: int,
    discarder: int | None,
    settings: ClassicSettings | HongKongSettings,
    *,
    seats: int = 4,
) -> Settlement:
    """Score ``win`` and settle it between table seats.

    ``winner`` and ``discarder`` are table seats (``win.seat`` is the winner's wind, counted from the
    dealer); ``discarder`` is None when self-drawn, and the konger when a kong was robbed.

    Raises ``UnscorableHand`` for a hand that is not a legal mahjong (in Hong Kong, below the minimum).
    """
    if win.self_drawn != (discarder is None):
        raise IllegalAction("a self-drawn win has no discarder; a win on a discard (or a robbed kong) has one")
    _check_seats(winner, discarder, seats)
    if isinstance(settings, ClassicSettings):
        classic = score_classic(win, settings)
        return Settlement(classic.score, classic_payments(classic.score, winner, seats=seats))
    scored = score_hongkong(win, settings)
    refusal = below_minimum(scored, settings)
    if refusal is not None:
        raise refusal
    return Settlement(scored.fan, hongkong_payments(scored.base_points, winner, discarder, settings, seats=seats))


def _check_seats(winner: int, discarder: int | None, seats: int) -> None:
    if not 0 <= winner < seats or (discarder is not None and not 0 <= discarder < seats):
        raise IllegalAction(f"seats are 0 to {seats - 1}: winner {winner}, discarder {discarder}")
    if winner == discarder:
        raise IllegalAction(f"seat {winner} cannot win on its own discard")

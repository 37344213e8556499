"""The scorers' error: a hand that cannot be scored, and why, as a phrase of the ``engine`` catalog.

It is an ``InvalidHand``, so callers that catch ``GameError`` keep working; ``reason`` lets a judge
turn it into a player-facing refusal, said in the player's language by the display layer.
"""

from __future__ import annotations

from game.errors import InvalidHand
from game.phrases import Phrase


class UnscorableHand(InvalidHand):
    """A win description that is impossible, or a hand that is not a winning hand."""

    def __init__(self, reason: Phrase) -> None:
        super().__init__(str(reason))
        self.reason = reason

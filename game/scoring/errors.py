"""The scorers' error: a hand that cannot be scored, explained in English and French.

It is an ``InvalidHand``, so callers that catch ``GameError`` keep working; the bilingual label lets a
judge turn it into a player-facing reason.
"""

from __future__ import annotations

from game.errors import InvalidHand
from game.scoring.common import Label


class UnscorableHand(InvalidHand):
    """A win description that is impossible, or a hand that is not a winning hand."""

    def __init__(self, en: str, fr: str) -> None:
        super().__init__(en)
        self.label = Label(en, fr)

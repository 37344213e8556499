"""The Hong Kong minimum: below it a complete hand is not a legal mahjong (seed 002, "seuil minimal")."""

from __future__ import annotations

from game.phrases import phrase
from game.scoring.errors import UnscorableHand
from game.scoring.hongkong import HongKongScore
from game.scoring.settings import HongKongSettings


def below_minimum(score: HongKongScore, settings: HongKongSettings) -> UnscorableHand | None:
    """The refusal for a hand below the table's minimum, or None when it may be declared."""
    if score.meets_minimum:
        return None
    return UnscorableHand(phrase("below_minimum", needed=settings.min_fan, fan=score.hand_fan))

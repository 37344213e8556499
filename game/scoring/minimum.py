"""The Hong Kong minimum: below it a complete hand is not a legal mahjong (seed 002, "seuil minimal")."""

from __future__ import annotations

from game.scoring.errors import UnscorableHand
from game.scoring.hongkong import HongKongScore
from game.scoring.settings import HongKongSettings


def below_minimum(score: HongKongScore, settings: HongKongSettings) -> UnscorableHand | None:
    """The refusal for a hand below the table's minimum, or None when it may be declared."""
    if score.meets_minimum:
        return None
    return UnscorableHand(
        f"{settings.min_fan} fan are needed to declare mahjong; this hand has {score.hand_fan} "
        "(flower and season fan do not count)",
        f"il faut {settings.min_fan} fan pour annoncer mahjong ; cette main en a {score.hand_fan} "
        "(les fan des fleurs et saisons ne comptent pas)",
    )

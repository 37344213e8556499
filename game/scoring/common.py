"""What every scorer shares: the breakdown lines a scorer returns.

A breakdown line is the unit the bot shows to players and the ``score`` command prints: what was
recognised (``key``, stable for scripts), its name as a phrase of the ``engine`` catalog (the display
layer says it in the reader's language), and what it is worth.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.phrases import Phrase


@dataclass(frozen=True, slots=True)
class PointsItem:
    """A line of a classic breakdown: points added and doubles applied to the whole hand."""

    key: str
    label: Phrase
    points: int = 0
    doubles: int = 0


@dataclass(frozen=True, slots=True)
class FanItem:
    """A line of a Hong Kong breakdown.

    ``bonus`` marks flower and season fan, which do not count towards the minimum; ``limit`` marks a
    limit hand, which scores the cap on its own.
    """

    key: str
    label: Phrase
    fan: int
    bonus: bool = False
    limit: bool = False

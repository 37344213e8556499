"""Table settings of both rule families, with the defaults of reference/scoring.md.

Settings are chosen before the first tile and never change during a match; a bad choice raises
``InvalidNotation`` naming the allowed values.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from game.errors import InvalidNotation
from game.scoring.house import HOUSE_RULES


class Spicy(enum.Enum):
    """How fan become base points: half-spicy (半辣上, doubling every 2 fan above 4) or full-spicy (2^fan)."""

    HALF = "half"
    FULL = "full"


class PaymentConvention(enum.Enum):
    """Who pays on a win by discard (reference/scoring.md §2.2).

    ``DISCARDER_PAYS``: the discarder pays for all three (全銃); ``EVERYONE_PAYS``: the discarder pays one
    portion and the two others half a portion each (半銃). On a self-drawn win everyone pays a portion.
    """

    DISCARDER_PAYS = "discarder"
    EVERYONE_PAYS = "everyone"


@dataclass(frozen=True, slots=True)
class ClassicSettings:
    """Classic points-and-doubles: no limit unless set; house rules by catalogue key (see ``house.py``).

    ``north_bonus``: a three-player table, where North is a bonus tile (4 points, like a flower).
    """

    jokers: bool = False
    limit: int | None = None
    house_rules: frozenset[str] = field(default_factory=frozenset)
    north_bonus: bool = False

    def __post_init__(self) -> None:
        unknown = sorted(self.house_rules - HOUSE_RULES.keys())
        if unknown:
            raise InvalidNotation(
                f"unknown house rule(s) {', '.join(unknown)}; the catalogue has {', '.join(HOUSE_RULES)}"
            )
        if self.limit is not None and self.limit <= 0:
            raise InvalidNotation(f"the limit must be a positive score, not {self.limit}")
        limits = sorted(key for key in self.house_rules if HOUSE_RULES[key].limit)
        if limits and self.limit is None:
            raise InvalidNotation(f"limit hands ({', '.join(limits)}) need a limit: set one first")


@dataclass(frozen=True, slots=True)
class HongKongSettings:
    """Hong Kong fan: minimum 3 (bonus fan excluded), cap 13, half-spicy, discarder pays for all.

    ``small_four_winds_fan`` None makes small four winds a limit hand (the default); Wikipedia's 6 is
    the option. ``bonus_tiles`` False is a table without flowers and seasons (no "no flowers" fan).
    ``stake`` is the money per base point. ``north_bonus``: a three-player table, where North is a
    bonus tile (no fan of its own, but the hand is no longer without bonus tiles).
    """

    min_fan: int = 3
    cap: int = 13
    spicy: Spicy = Spicy.HALF
    payment: PaymentConvention = PaymentConvention.DISCARDER_PAYS
    seven_pairs: bool = False
    thirteen_orphans: bool = True
    small_four_winds_fan: int | None = None
    bonus_tiles: bool = True
    stake: Fraction = Fraction(1)
    north_bonus: bool = False

    def __post_init__(self) -> None:
        if self.cap < 1:
            raise InvalidNotation(f"the fan cap must be at least 1, not {self.cap}")
        if not 0 <= self.min_fan <= self.cap:
            raise InvalidNotation(f"the minimum fan must be between 0 and the cap {self.cap}, not {self.min_fan}")
        if self.small_four_winds_fan is not None and self.small_four_winds_fan < 1:
            raise InvalidNotation(f"small four winds must be worth at least 1 fan, not {self.small_four_winds_fan}")
        if self.stake <= 0:
            raise InvalidNotation(f"the stake must be positive, not {self.stake}")

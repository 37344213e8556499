"""What a computer player is: a name and a choice among the legal actions of a view.

Players never see the ``Round``, only a ``SeatView``, so they know what a person in the seat
would know. They take their randomness from the ``random.Random`` they are given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from game.actions import Action
from game.view import SeatView


class Player(Protocol):
    name: str

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """One of ``view.legal`` (never empty when a player is asked)."""
        ...


PlayerFactory = Callable[[], Player]

"""The random player: any legal action, drawn from the seeded generator it is given."""

from __future__ import annotations

import random

from game.actions import Action
from game.view import SeatView


class RandomPlayer:
    name = "random"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(view.legal)

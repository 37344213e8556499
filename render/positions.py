"""Seeded example positions for previews, documentation and checks (``mahjong-bot render``).

A round is dealt from the seed and played on by seeded random legal actions, claims included, so the
pictures show discards, declared sets and a wall that has been drawn from.
"""

from __future__ import annotations

import random

from game.actions import Claim, DeclareWin, Pass
from game.round import Phase, Round
from game.rules import ruleset

SEATS = 4


def played_round(seed: int, *, rules: str = "classic", actions: int = 70) -> Round:
    """The round dealt from ``seed``, after up to ``actions`` seeded random actions (never a win)."""
    game = Round.deal(ruleset(rules), seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.view(None).phase is Phase.OVER:
            break
        choices = [
            action
            for seat in range(SEATS)
            for action in game.legal_actions(seat)
            if not isinstance(action, DeclareWin)
        ]
        if not choices:
            break
        claims = [action for action in choices if isinstance(action, Claim)]
        # Claims are rare among the legal actions; take one often enough that sets show on the table.
        if claims and rng.random() < 0.6:
            game.apply(rng.choice(claims))
            continue
        passes = [action for action in choices if isinstance(action, Pass)]
        game.apply(passes[0] if passes else rng.choice(choices))
    return game

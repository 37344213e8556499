"""Playing a hand through with computer players, asking each awaited seat in turn order."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.players.base import Player
from game.result import HandResult
from game.round import Round


def play_round(hand: Round, players: Sequence[Player], rng: random.Random) -> HandResult:
    """Ask the players (one per seat) until the hand is over; the wall running out bounds it."""
    if len(players) != hand.ruleset.players:
        raise ValueError(f"{len(players)} players for a table of {hand.ruleset.players}")
    result = hand.result
    while result is None:
        seat = hand.awaiting()[0]
        hand.apply(players[seat].choose(hand.view(seat), rng))
        result = hand.result
    return result

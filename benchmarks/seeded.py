"""Seeded hands for the benchmarks: matches played one after the other, each from its own seed."""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.match import Match
from game.round import Round
from game.rules import Ruleset
from game.win import WinJudge


def seeded_hands(rules: Ruleset, key: str, hands: int, judge: WinJudge | None = None) -> Iterator[Round]:
    """``hands`` hands to play, in matches seeded from ``key``; a hand must be over when the next is asked
    for (the match settles it then)."""
    number = 0
    match = Match(rules, random.Random(f"{key}:0").getrandbits(48), judge=judge)
    for _ in range(hands):
        if match.over:
            number += 1
            match = Match(rules, random.Random(f"{key}:{number}").getrandbits(48), judge=judge)
        hand = match.next_round()
        yield hand
        match.finish_hand(hand)

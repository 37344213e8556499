"""Seeded example positions for previews, documentation and checks (``mahjong-bot render``).

A round is dealt from the seed and played on by seeded random legal actions, claims included, so the
pictures show discards, declared sets and a wall that has been drawn from.
"""

from __future__ import annotations

import random

from game.actions import Claim, DeclareWin, Pass
from game.hand import SetKind
from game.melds import Meld
from game.round import Phase, Round
from game.rules import RuleName, ruleset
from game.tiles import BONUS_TILES, Tile
from game.win import WinContext

SEATS = 4


def played_round(seed: int, *, rules: RuleName = "classic", actions: int = 70) -> Round:
    """The round dealt from ``seed``, after about ``actions`` seeded random actions (never a win), stopped
    when a seat is to discard if that comes within a few more actions."""
    game = Round.deal(ruleset(rules), seed)
    rng = random.Random(seed)
    for step in range(actions + 12):
        phase = game.view(None).phase
        if phase is Phase.OVER or (step >= actions and phase is Phase.DISCARD):
            break
        choices = [
            action for seat in range(SEATS) for action in game.legal_actions(seat) if not isinstance(action, DeclareWin)
        ]
        if not choices:
            break
        claims = [action for action in choices if isinstance(action, Claim)]
        # Claims are rare among the legal actions; take one often enough that sets show on the table.
        if claims and rng.random() < 0.3:
            game.apply(rng.choice(claims))
            continue
        passes = [action for action in choices if isinstance(action, Pass)]
        game.apply(passes[0] if passes else rng.choice(choices))
    return game


def winning_hand(seed: int) -> WinContext:
    """A seeded complete hand: four sets and a pair, some sets claimed, maybe bonus tiles."""
    rng = random.Random(seed)
    counts = [0] * 34
    sets: list[tuple[SetKind, Tile]] = []
    while len(sets) < 4:
        if rng.random() < 0.5:
            base = Tile(rng.randrange(3) * 9 + rng.randrange(7))
            needed = [base, Tile(base + 1), Tile(base + 2)]
            kind = SetKind.CHOW
        else:
            base = Tile(rng.randrange(34))
            needed = [base] * 3
            kind = SetKind.PUNG
        if all(counts[tile] + needed.count(tile) <= 4 for tile in needed):
            for tile in needed:
                counts[tile] += 1
            sets.append((kind, base))
    pair = next(tile for tile in (Tile(rng.randrange(34)) for _ in range(1000)) if counts[tile] <= 2)
    seat = rng.randrange(SEATS)
    exposed = rng.randrange(3)
    melds = tuple(
        Meld(kind, base, claimed_from=(seat + rng.randrange(1, SEATS)) % SEATS) for kind, base in sets[:exposed]
    )
    concealed: list[Tile] = [pair, pair]
    for kind, base in sets[exposed:]:
        concealed += [base, Tile(base + 1), Tile(base + 2)] if kind is SetKind.CHOW else [base] * 3
    bonus = tuple(sorted(rng.sample(BONUS_TILES, rng.randrange(3))))
    return WinContext(
        concealed=tuple(concealed),
        melds=melds,
        winning_tile=rng.choice(concealed),
        self_drawn=rng.random() < 0.4,
        seat=seat,
        round_wind=Tile.EAST,
        bonus=bonus,
    )

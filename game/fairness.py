"""The wall commitment: proof that a hand's wall was fixed before its first tile was drawn.

When a hand starts, the table shows ``wall_commitment(rules, seed)``, a SHA-256 of the seed and of
the wall's order; the result reveals the seed. Anyone can then rebuild the wall from the rule set
and the seed (``mahjong-bot verify-wall``) and check that the digest is the one shown before play.
"""

from __future__ import annotations

import hashlib
import random

from game.rules import Ruleset
from game.tiles import Tile
from game.wall import Wall

_DOMAIN = "mahjong-bot wall v1"


def wall_order(rules: Ruleset, seed: int) -> tuple[Tile, ...]:
    """The wall of the hand dealt with ``seed``, in drawing order (as ``Round.deal`` builds it)."""
    return Wall.build(rules, random.Random(seed)).tiles


def wall_commitment(rules: Ruleset, seed: int) -> str:
    """The hex SHA-256 of the seed and the wall order, one tile code after the other."""
    order = " ".join(tile.code for tile in wall_order(rules, seed))
    return hashlib.sha256(f"{_DOMAIN}\n{seed}\n{order}".encode()).hexdigest()

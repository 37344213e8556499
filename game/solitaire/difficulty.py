"""How hard a deal is: the share of seeded random players who get stuck before clearing it.

A random player removes, at each step, a pair chosen uniformly among the free matching pairs, until
the board is empty or no pair is left. Every reverse-removal deal is solvable, but many are easy to
ruin; the stuck rate over ``PLAYERS`` such games (0.0 = nobody gets stuck, 1.0 = everybody does) ranks
deals by how unforgiving they are, which is what a daily band needs. The players draw from the
project's PRNG seeded by the deal's seed, so the measure is a pure function of the deal.
``DIFFICULTY_VERSION`` is part of the daily seed string: changing the measure changes daily deals.
"""

from __future__ import annotations

from game.solitaire.board import Board, match_group
from game.solitaire.prng import Xoshiro128

DIFFICULTY_VERSION = 1
PLAYERS = 16


def random_playout(board: Board, rng: Xoshiro128) -> int:
    """Play ``board`` by uniformly random pairs; return the number of tiles left (0 = cleared)."""
    layout, faces = board.layout, board.faces
    groups = [match_group(face) for face in faces]
    present = board.present
    while present:
        free = layout.free_ids(present)
        pairs = [(a, b) for index, a in enumerate(free) for b in free[index + 1 :] if groups[a] == groups[b]]
        if not pairs:
            break
        a, b = pairs[rng.below(len(pairs))]
        present &= ~(1 << a | 1 << b)
    return present.bit_count()


def stuck_rate(board: Board, seed: int, players: int = PLAYERS) -> float:
    """The share of ``players`` seeded random games on ``board`` that end stuck."""
    rng = Xoshiro128.from_seed(f"mahjong-bot/solitaire/difficulty-v{DIFFICULTY_VERSION}/{seed}".encode())
    stuck = sum(1 for _ in range(players) if random_playout(board, rng))
    return stuck / players

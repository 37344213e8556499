"""The solitaire score (SPEC §3, seed 004): 100 a pair, 2 800 for a cleared board, −20 an undo, −1 a second.

Seed 004's examples: a board cleared in 8 minutes without undo scores 7 200 + 2 800 − 480 = 9 520;
a game stuck after 50 pairs with 3 undos and 10 minutes scores 5 000 − 60 − 600 = 4 340. "Pairs" are
the pairs off the board at the end: an undone pair no longer counts (it would otherwise be worth
remove-undo-remove farming).
"""

from __future__ import annotations

PAIR_POINTS = 100
CLEAR_BONUS = 2800
UNDO_COST = 20
SECOND_COST = 1


def solitaire_score(pairs: int, cleared: bool, undos: int, seconds: int) -> int:
    """The score, never below zero."""
    if min(pairs, undos, seconds) < 0:
        raise ValueError("pairs, undos and seconds cannot be negative")
    total = PAIR_POINTS * pairs + (CLEAR_BONUS if cleared else 0) - UNDO_COST * undos - SECOND_COST * seconds
    return max(0, total)

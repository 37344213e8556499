"""The shanten the computer players (basic and strong alike) give a hand holding jokers, against trying
every assignment of them."""

import itertools
import random

import pytest

from game.hand import regular_shanten
from game.players.evaluation import free_distance
from game.tiles import Tile

WALL = [kind for kind in range(34) for _ in range(4)]


def exact_shanten(counts):
    """The least regular shanten over every kind each joker could stand for (at most four of a kind)."""
    jokers = counts[Tile.JOKER]
    best = 99
    for kinds in itertools.combinations_with_replacement(range(34), jokers):
        work = list(counts[:34])
        for kind in kinds:
            work[kind] += 1
        if max(work) <= 4:
            best = min(best, regular_shanten(work))
    return best


def random_hand(rng, jokers):
    counts = [0] * 43
    for kind in rng.sample(WALL, rng.choice([13, 14]) - jokers):
        counts[kind] += 1
    counts[Tile.JOKER] = jokers
    return counts


@pytest.mark.parametrize("jokers", [1, 2])
def test_with_one_or_two_jokers_the_shanten_is_exact(jokers):
    rng = random.Random(jokers)
    for _ in range(300):
        counts = random_hand(rng, jokers)
        assert free_distance(counts) == exact_shanten(counts), counts


def test_with_three_jokers_the_shanten_is_never_more_than_one_off():
    rng = random.Random(3)
    for _ in range(40):
        counts = random_hand(rng, 3)
        assert abs(free_distance(counts) - exact_shanten(counts)) <= 1, counts

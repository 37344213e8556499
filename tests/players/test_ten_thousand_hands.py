"""The issue's check: 10 000 simulated hands without one illegal action.

Every level plays (random, basic, strong, teacher) under every rule set and variant, seats rotating
from hand to hand. Each table has one thinking seat (strong or teacher, in turn), which keeps the run
to about two minutes on two processes; the other seats are basic and random players, whose odd
choices (claims for nothing, discarded jokers, passes on a win) give the thinking seat positions a
table of equals would not. Each chosen action must be one of ``view.legal``, and each hand must end.
"""

import multiprocessing
import random

import pytest
from players_helpers import VARIANTS

from game.match import matches_hands
from game.players import make_player
from game.rules import ruleset
from game.scoring import judge_for

TOTAL_HANDS = 10_000
LINEUPS = (("strong", "basic", "random", "basic"), ("teacher", "random", "basic", "random"))
PARTS_PER_VARIANT = 2  # two jobs per variant spread the work evenly over the processes
MOST_ACTIONS = 2_000  # far above any real hand: a hand still going then is stuck


def play_part(job: tuple[int, int, int]) -> tuple[int, int, set[str]]:
    """Play ``hands`` hands of variant ``index``; return the hands, the actions and the names that chose."""
    index, part, hands = job
    name, options = VARIANTS[index]
    rules = ruleset(name, **options)
    judge = judge_for(name) if name in ("classic", "hongkong") else None
    rng = random.Random(f"legality:{index}:{part}")
    actions = 0
    chose: set[str] = set()
    for number, hand in enumerate(matches_hands(rules, f"legality:{index}:{part}", hands, judge)):
        lineup = LINEUPS[number % len(LINEUPS)]
        names = [lineup[(chair + number) % rules.players] for chair in range(rules.players)]
        players = [make_player(player) for player in names]
        steps = 0
        while hand.result is None:
            seat = hand.awaiting()[0]
            view = hand.view(seat)
            action = players[seat].choose(view, rng)
            assert action in view.legal, f"{name} {options}, hand {number}: {names[seat]} chose {action}"
            chose.add(names[seat])
            hand.apply(action)
            steps += 1
            assert steps < MOST_ACTIONS, f"{name} {options}, hand {number} does not end"
        actions += steps
    return hands, actions, chose


@pytest.mark.slow  # about two minutes: plain ``pytest`` skips it, ``.ci/run`` runs it (``pytest -m slow``)
def test_ten_thousand_hands_without_an_illegal_action():
    per_part = TOTAL_HANDS // (len(VARIANTS) * PARTS_PER_VARIANT)
    jobs = [(index, part, per_part) for index in range(len(VARIANTS)) for part in range(PARTS_PER_VARIANT)]
    extra = TOTAL_HANDS - per_part * len(jobs)
    jobs[-1] = (jobs[-1][0], jobs[-1][1], per_part + extra)  # the cheapest variant (family) takes the rest
    with multiprocessing.get_context("fork").Pool(2) as pool:
        results = pool.map(play_part, jobs, chunksize=1)
    assert sum(hands for hands, _, _ in results) == TOTAL_HANDS
    assert set().union(*(chose for _, _, chose in results)) == {"random", "basic", "strong", "teacher"}
    assert all(actions > 0 for _, actions, _ in results)

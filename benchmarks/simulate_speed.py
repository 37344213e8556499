"""Simulated hands per second, measured side by side in one run.

    .venv/bin/python benchmarks/simulate_speed.py [--hands 300]

For each rule set: four basic players, then four random players (the cost of the engine itself:
dealing, legal actions, claim windows, views). A first unmeasured run warms the shape tables.
"""

from __future__ import annotations

import argparse
import random
import time

from game.match import matches_hands
from game.players import make_player
from game.players.autoplay import play_round
from game.rules import ruleset


def hands_per_second(rules_name: str, player: str, hands: int, seed: int) -> tuple[float, float, float]:
    rules = ruleset(rules_name)
    players = [make_player(player) for _ in rules.seats]
    rng = random.Random(seed)
    actions = wins = 0
    start = time.perf_counter()
    for hand in matches_hands(rules, f"simulate-speed:{seed}", hands):
        result = play_round(hand, players, rng)
        actions += result.actions
        wins += result.winner is not None
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions / hands, wins / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    hands_per_second("classic", "basic", 100, seed=99)  # warm the memoised hand-shape tables
    print(f"{'rules':<10} {'players':<8} {'hands/s':>9} {'actions/hand':>13} {'won':>6}")
    for rules_name in ("classic", "hongkong", "family"):
        for player in ("basic", "random"):
            speed, actions, won = hands_per_second(rules_name, player, args.hands, seed=1)
            print(f"{rules_name:<10} {player:<8} {speed:>9.1f} {actions:>13.1f} {won:>6.0%}")


if __name__ == "__main__":
    main()

"""How long a computer player takes per decision, measured on the decisions of real hands.

    .venv/bin/python benchmarks/decision_speed.py --hands 100 --seed 1

Plays ``--hands`` hands of each rule set with the four players given (default: strong, basic,
strong, basic) and times every ``choose`` call, then prints per player and rule set the number of
decisions, the median, the 99th percentile and the slowest, in milliseconds, side by side. Only
decisions with a real choice (more than one legal action) are counted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence

from game.match import matches_hands
from game.players import make_player
from game.rules import ruleset
from game.scoring import judge_for


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="strong,basic,strong,basic")
    args = parser.parse_args(argv)
    names = args.players.split(",")
    players = [make_player(name) for name in names]
    print("| rules | player | decisions | median ms | p99 ms | max ms |")
    print("|---|---|---|---|---|---|")
    for rules_name in ("classic", "hongkong"):
        rules = ruleset(rules_name)
        timings: dict[str, list[float]] = defaultdict(list)
        rng = random.Random(args.seed)
        for hand in matches_hands(rules, f"decision-speed:{args.seed}", args.hands, judge_for(rules_name)):
            while hand.result is None:
                seat = hand.awaiting()[0]
                view = hand.view(seat)
                started = time.perf_counter()
                action = players[seat].choose(view, rng)
                elapsed = time.perf_counter() - started
                if len(view.legal) > 1:
                    timings[names[seat]].append(1000 * elapsed)
                hand.apply(action)
        for name in dict.fromkeys(names):
            times = sorted(timings[name])
            p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
            print(
                f"| {rules_name} | {name} | {len(times)} | {statistics.median(times):.2f} "
                f"| {p99:.2f} | {times[-1]:.2f} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

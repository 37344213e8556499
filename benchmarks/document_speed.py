"""What trusting nothing costs: ``Round.from_document`` replays the document's own record and compares.

    .venv/bin/python benchmarks/document_speed.py [--hands 200]

Four basic players play hands (the rule set's judge at the table); every tenth state of each hand is
written with ``to_document``, passed through JSON as the store would, and read back with
``Round.from_document`` (deal, replay every action, write the replay's document, compare the two).
Prints the time per read by the number of actions replayed, and the cost of ``to_document`` alone.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from game.match import matches_hands
from game.players import make_player
from game.round import Round
from game.rules import ruleset
from game.scoring.table import judge_for_table

BUCKETS = ((0, 25), (25, 50), (50, 75), (75, 100), (100, 125), (125, 10_000))


def measure(rules_name: str, hands: int, seed: int) -> None:
    rules = ruleset(rules_name)
    judge = judge_for_table(rules)
    players = [make_player("basic") for _ in rules.seats]
    rng = random.Random(seed)
    reads: dict[tuple[int, int], list[float]] = {bucket: [] for bucket in BUCKETS}
    writes: list[float] = []
    for hand in matches_hands(rules, f"document-speed:{seed}", hands, judge):
        step = 0
        while True:
            if step % 10 == 0 or hand.result is not None:
                start = time.perf_counter()
                document = hand.to_document()
                writes.append(time.perf_counter() - start)
                stored = json.loads(json.dumps(document))
                start = time.perf_counter()
                Round.from_document(stored, judge=judge)
                elapsed = time.perf_counter() - start
                bucket = next(b for b in BUCKETS if b[0] <= len(hand.actions) < b[1])
                reads[bucket].append(elapsed)
            if hand.result is not None:
                break
            seat = hand.awaiting()[0]
            hand.apply(players[seat].choose(hand.view(seat), rng))
            step += 1
    print(f"{rules_name}: to_document median {statistics.median(writes) * 1e6:.0f} µs")
    for (low, high), times in reads.items():
        if times:
            times.sort()
            p95 = times[int(0.95 * (len(times) - 1))]
            label = f"{low}–{high - 1}" if high < 10_000 else f"{low}+"
            print(
                f"  {label:>8} actions: {len(times):5} reads, median {statistics.median(times) * 1e3:6.2f} ms,"
                f" p95 {p95 * 1e3:6.2f} ms, max {times[-1] * 1e3:6.2f} ms"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name in ("classic", "hongkong"):
        measure(name, args.hands, args.seed)


if __name__ == "__main__":
    main()

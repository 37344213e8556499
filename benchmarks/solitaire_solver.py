"""Solitaire timings, side by side in one run: deal generation, daily deal, and the solver per position.

Positions: the 1 000 fresh deals of seeds 0–999; mid-game positions along each deal's own solution
(still solvable); and mid-game positions after random play (often already lost, so the solver has to
prove it). Prints p50 / p95 / max wall time per position and the verdict counts.

    .venv/bin/python benchmarks/solitaire_solver.py [--deals 1000] [--budget 20000]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable
from datetime import date, timedelta

from game.solitaire.board import Board
from game.solitaire.deal import deal_for_date, deal_for_seed
from game.solitaire.difficulty import stuck_rate
from game.solitaire.prng import Xoshiro128
from game.solitaire.replay import replay
from game.solitaire.solver import DEFAULT_NODE_BUDGET, solve


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000  # noqa: E731
    return f"p50 {pick(0.50):7.2f} ms  p95 {pick(0.95):7.2f} ms  max {ordered[-1] * 1000:8.1f} ms"


def timed(label: str, items: list[Board], budget: int) -> None:
    times, verdicts, nodes = [], Counter[str](), []
    for board in items:
        start = time.perf_counter()
        result = solve(board, budget)
        times.append(time.perf_counter() - start)
        verdicts[result.verdict.value] += 1
        nodes.append(result.nodes)
    nodes.sort()
    print(
        f"{label:<34} n={len(items):5}  {percentiles(times)}  nodes p95 {nodes[int(0.95 * len(nodes))]:6}"
        f"  {dict(verdicts)}"
    )


def clock(label: str, count: int, work: Callable[[int], object]) -> None:
    times = []
    for i in range(count):
        start = time.perf_counter()
        work(i)
        times.append(time.perf_counter() - start)
    print(f"{label:<34} n={count:5}  {percentiles(times)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--budget", type=int, default=DEFAULT_NODE_BUDGET)
    args = parser.parse_args()

    clock("deal_for_seed (generation)", args.deals, deal_for_seed)
    deals = [deal_for_seed(seed) for seed in range(args.deals)]
    clock("difficulty (16 random players)", min(200, args.deals), lambda i: stuck_rate(deals[i].board(), i))
    clock("deal_for_date (daily, with band)", 60, lambda i: deal_for_date(date(2025, 1, 1) + timedelta(days=i)))

    timed("solve: fresh deals", [deal.board() for deal in deals], args.budget)
    along = []
    for seed, deal in enumerate(deals):
        depth = Xoshiro128.from_seed(b"along-%d" % seed).below(60) + 1
        along.append(replay(deal.board(), deal.solution[:depth]).board)
    timed("solve: mid-game on the solution", along, args.budget)
    wandering = []
    for seed, deal in enumerate(deals):
        rng = Xoshiro128.from_seed(b"random-%d" % seed)
        board = deal.board()
        for _ in range(rng.below(60) + 1):
            pairs = board.matching_free_pairs()
            if not pairs:
                break
            board = board.remove(*pairs[rng.below(len(pairs))])
        wandering.append(board)
    timed("solve: mid-game after random play", wandering, args.budget)


if __name__ == "__main__":
    main()

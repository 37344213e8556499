"""Scoring speed: random winning hands scored per second by each scorer, measured side by side.

Run: ``.venv/bin/python benchmarks/scoring_speed.py --hands 5000``.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from hk_crosscheck import random_win

from game.scoring import ClassicSettings, HongKongSettings, judge_for, score_classic, score_hongkong


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    wins = [random_win(rng) for _ in range(args.hands)]
    jokers = ClassicSettings(jokers=True)
    runs = {
        "classic score": lambda w: score_classic(w),
        "classic score, jokers allowed": lambda w: score_classic(w, jokers),
        "hongkong score": lambda w: score_hongkong(w),
        "hongkong judge": lambda w: judge_for("hongkong", HongKongSettings()).judge(w),
    }
    print(f"{args.hands} random winning hands (seed {args.seed})")
    for name, run in runs.items():
        start = time.perf_counter()
        for win in wins:
            run(win)
        elapsed = time.perf_counter() - start
        print(f"{name:32s} {args.hands / elapsed:10.0f} hands/s  {1e6 * elapsed / args.hands:8.1f} µs/hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Hand analysis speed against the PyPI package ``mahjong`` 2.1.0, on the same hands in one run.

    .venv/bin/python benchmarks/hand_speed.py [--hands 20000] [--seed 1] [--rounds 3]

Two kinds of hands, 13 and 14 tiles in turn: uniformly random (drawn from the 136 tiles) and near
a win (four random sets and a pair with 0, 1 or 2 tiles exchanged). Each row times our function and
the package's on the same hands, working on the same 34-count lists:

- win: ``is_complete`` against ``Agari.is_agari`` (14-tile hands);
- shanten: ``regular_shanten`` against ``Shanten.calculate_shanten_for_regular_hand``;
- useful: ``useful_tiles`` against the package's shanten before and after each of the 34 draws
  (what a player built on the package would do; 13-tile hands);
- waits: ``waits`` against ``Agari.is_agari`` after each draw (13-tile hands).

Our side runs compiled by mypyc when installed with ``pip install -e .`` (``setup.py``); the first
line printed says whether it is. The package is plain Python.

*cold*: our caches emptied just before the pass, so every new suit pattern is analysed then.
*warm*: after a warm-up pass over other hands of the same kind, on hands not seen before; best of
``--rounds`` alternated passes, which keeps a busy machine from favouring either side.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from importlib.machinery import EXTENSION_SUFFIXES

from mahjong.agari import Agari
from mahjong.shanten import Shanten

import game.hand
from game.hand import is_complete, regular_shanten, useful_tiles, waits
from game.hand_tables import clear_caches

Counts = list[int]
WALL = [kind for kind in range(34) for _ in range(4)]
CHOW_STARTS = [kind for kind in range(27) if kind % 9 <= 6]


def uniform_hand(rng: random.Random, size: int) -> Counts:
    counts = [0] * 34
    for kind in rng.sample(WALL, size):
        counts[kind] += 1
    return counts


def near_win_hand(rng: random.Random, swaps: int, size: int) -> Counts:
    counts = [0] * 34
    sets = 0
    while sets < 4:
        start = rng.choice(CHOW_STARTS)
        kinds = [start, start + 1, start + 2] if rng.random() < 0.5 else [rng.randrange(34)] * 3
        if all(counts[k] + kinds.count(k) <= 4 for k in kinds):
            for k in kinds:
                counts[k] += 1
            sets += 1
    counts[rng.choice([k for k in range(34) if counts[k] <= 2])] += 2
    for _ in range(swaps):
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
    for _ in range(swaps):
        counts[rng.choice([k for k in range(34) if counts[k] < 4])] += 1
    for _ in range(14 - size):
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
    return counts


def make_hands(kind: str, seed: int, count: int) -> list[Counts]:
    rng = random.Random(seed)
    if kind == "uniform":
        return [uniform_hand(rng, 13 + i % 2) for i in range(count)]
    return [near_win_hand(rng, i % 3, 13 + i % 2) for i in range(count)]


# --- the package's side of each row ---------------------------------------------------------------

_AGARI = Agari()
_package_shanten = Shanten.calculate_shanten_for_regular_hand


def package_useful(counts: Counts) -> list[int]:
    before = _package_shanten(counts)
    found = []
    for kind in range(34):
        if counts[kind] < 4:
            counts[kind] += 1
            if _package_shanten(counts) < before:
                found.append(kind)
            counts[kind] -= 1
    return found


def package_waits(counts: Counts) -> list[int]:
    found = []
    for kind in range(34):
        if counts[kind] < 4:
            counts[kind] += 1
            if _AGARI.is_agari(counts):
                found.append(kind)
            counts[kind] -= 1
    return found


ROWS: list[tuple[str, int | None, Callable[[Counts], object], Callable[[Counts], object]]] = [
    ("win", 14, is_complete, _AGARI.is_agari),
    ("shanten", None, regular_shanten, _package_shanten),
    ("useful", 13, useful_tiles, package_useful),
    ("waits", 13, waits, package_waits),
]


def seconds(function: Callable[[Counts], object], hands: Sequence[Counts]) -> float:
    start = time.perf_counter()
    for hand in hands:
        function(hand)
    return time.perf_counter() - start


def report(label: str, calls: int, ours: float, theirs: float) -> None:
    print(
        f"{label:<24} {calls:>7} calls  ours {ours / calls * 1e6:8.2f} µs ({calls / ours:>9,.0f}/s)  "
        f"mahjong {theirs / calls * 1e6:8.2f} µs ({calls / theirs:>9,.0f}/s)  ratio {theirs / ours:6.1f}×"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20_000, help="hands of each kind per pass")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="alternated warm passes; the best counts")
    args = parser.parse_args()
    compiled = any(game.hand.__file__.endswith(suffix) for suffix in EXTENSION_SUFFIXES)
    print(f"game.hand: {'compiled by mypyc' if compiled else 'interpreted (not compiled)'} ({game.hand.__file__})")
    for kind in ("uniform", "near-win"):
        cold_hands = make_hands(kind, args.seed, args.hands)
        warmup_hands = make_hands(kind, args.seed + 1, args.hands)
        warm_hands = make_hands(kind, args.seed + 2, args.hands)
        print(f"{kind} hands")
        for name, size, ours, theirs in ROWS:
            cold = [h for h in cold_hands if size is None or sum(h) == size]
            warm = [h for h in warm_hands if size is None or sum(h) == size]
            clear_caches()
            report(f"  {name} cold", len(cold), seconds(ours, cold), seconds(theirs, cold))
            seconds(ours, [h for h in warmup_hands if size is None or sum(h) == size])
            best_ours = best_theirs = float("inf")
            for _ in range(args.rounds):
                best_ours = min(best_ours, seconds(ours, warm))
                best_theirs = min(best_theirs, seconds(theirs, warm))
            report(f"  {name} warm", len(warm), best_ours, best_theirs)


if __name__ == "__main__":
    main()

"""Counts the tables of ``game.players.reading`` in self-play of four ``strong`` players, the hidden hands
known: at every discard, for every opponent, whether some discard would let it win (a win the table
accepts: the Hong Kong minimum counted), and for each kind the discarding seat holds, whether that
kind would. Writes ``game/players/reading_tables.py``.

    .venv/bin/python benchmarks/fit_reading.py --rules hongkong --walls 400 --seed 1000

The walls are those of ``benchmarks/duplicate.py`` for ``--seed``: fit on a seed the measurements do
not use (they use 7, 11 and the seeds of docs/measurements.md).
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import sys
from collections.abc import Sequence
from multiprocessing import Pool

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from duplicate import deal

from game.actions import Discard
from game.players.evaluation import counts_of, visible_counts
from game.players.reading import discarded_kinds, ready_key, tile_key
from game.players.strong import decide
from game.rules import ruleset
from game.tiles import Tile

TABLES = pathlib.Path(__file__).resolve().parents[1] / "game" / "players" / "reading_tables.py"
SMOOTHING = 20.0  # pseudo-observations of the prior in every cell
Counts = dict[tuple[int, ...], list[int]]


def play_wall(job: tuple[str, int, int]) -> tuple[Counts, Counts]:
    rules_name, seed, wall = job
    hand = deal(ruleset(rules_name), seed, wall)
    ready: Counts = collections.defaultdict(lambda: [0, 0])
    wait: Counts = collections.defaultdict(lambda: [0, 0])
    while hand.result is None:
        seat = hand.awaiting()[0]
        view = hand.view(seat)
        decision = decide(view)
        if isinstance(decision.action, Discard) and view.concealed is not None:
            own = counts_of(view.concealed)
            seen = visible_counts(view)
            kinds = sorted({int(tile) for tile in view.concealed if tile < 34})
            for public in view.seats:
                if public.seat == seat:
                    continue
                held = hand._hands[public.seat]
                wins = [
                    held[kind] < 4 and hand._discard_win(public.seat, Tile(kind), robbing=False) is not None
                    for kind in range(34)
                ]
                is_ready = any(wins)
                cell = ready[ready_key(public, view)]
                cell[0] += 1
                cell[1] += is_ready
                if not is_ready:
                    continue
                discarded = discarded_kinds(public)
                for kind in kinds:
                    unseen = max(0, 4 - seen[kind] - own[kind])
                    cell = wait[tile_key(public, kind, unseen, discarded)]
                    cell[0] += 1
                    cell[1] += wins[kind]
        hand.apply(decision.action)
    return dict(ready), dict(wait)


def merged(parts: Sequence[Counts]) -> Counts:
    total: Counts = collections.defaultdict(lambda: [0, 0])
    for part in parts:
        for key, (count, positive) in part.items():
            total[key][0] += count
            total[key][1] += positive
    return dict(total)


def smoothed(counts: Counts) -> tuple[float, dict[tuple[int, ...], float]]:
    count = sum(cell[0] for cell in counts.values())
    prior = sum(cell[1] for cell in counts.values()) / max(1, count)
    return prior, {key: (positive + SMOOTHING * prior) / (seen + SMOOTHING) for key, (seen, positive) in counts.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="hongkong")
    parser.add_argument("--walls", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    with Pool(args.jobs) as pool:
        results = pool.map(play_wall, [(args.rules, args.seed, wall) for wall in range(args.walls)], chunksize=4)
    ready_prior, ready = smoothed(merged([part[0] for part in results]))
    wait_prior, wait = smoothed(merged([part[1] for part in results]))
    lines = [
        f'"""Tables of ``game.players.reading``: {args.rules}, {args.walls} walls of seed {args.seed}, counted by',
        f'``benchmarks/fit_reading.py --rules {args.rules} --walls {args.walls} --seed {args.seed}``."""',
        "",
        f"READY_PRIOR = {ready_prior:.5f}",
        f"WAIT_PRIOR = {wait_prior:.5f}",
        "READY: dict[tuple[int, ...], float] = {",
        *(f"    {key}: {value:.5f}," for key, value in sorted(ready.items())),
        "}",
        "WAIT: dict[tuple[int, ...], float] = {",
        *(f"    {key}: {value:.5f}," for key, value in sorted(wait.items())),
        "}",
    ]
    TABLES.write_text("\n".join(lines) + "\n")
    print(f"ready prior {ready_prior:.4f} over {len(ready)} cells; wait prior {wait_prior:.4f} over {len(wait)} cells")
    return 0


if __name__ == "__main__":
    sys.exit(main())

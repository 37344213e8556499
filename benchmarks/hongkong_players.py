"""How the computer players finish Hong Kong hands, at the table's own minimum fan (issue 14).

    .venv/bin/python benchmarks/hongkong_players.py --hands 2000 --seed 1
    .venv/bin/python benchmarks/hongkong_players.py --hands 2000 --minimum 3,1,0 --lineups strong,strong,strong,strong

For each minimum and each lineup (the first name is the player under test) it plays ``--hands`` hands
of Hong Kong matches in four equal parts, the lineup rotated one chair each part, exactly as
``mahjong-bot simulate`` plays a table (``judge_for_table`` and ``settle_hand`` of the table's rule
set, so the judge refuses what is below *that* minimum and the payments are the table's). It prints
per lineup the share of drawn hands, then per player its share of the wins (25 % is parity), how
often it dealt in, its fan per win, its net payment per hand-seat, and the time of its decisions
that had a real choice (median and 99th percentile, in ms; CPU shared by ``--jobs`` processes).

``benchmarks/strength.py`` measures both rule sets at the default minimum, with its own judge; this
script is the one that varies the minimum.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool

from strength import Part, Tally, merge  # run as a script: benchmarks/ is on the path

from game.match import matches_hands
from game.players import make_player
from game.rules import ruleset
from game.scoring.table import judge_for_table, settle_hand

Job = tuple[int, tuple[str, ...], int, int, int]


def play_part(job: Job) -> Part:
    """``hands`` hands at ``minimum`` fan, chair c playing ``lineup[(c - shift) % 4]``."""
    minimum, lineup, shift, hands, seed = job
    rules = ruleset("hongkong", minimum_fan=minimum, players=len(lineup))
    names = [lineup[(chair - shift) % len(lineup)] for chair in range(rules.players)]
    players = [make_player(name) for name in names]
    rng = random.Random(f"hongkong-players:{seed}:{shift}:players")
    part = Part({name: Tally() for name in names})
    for hand in matches_hands(rules, f"hongkong-players:{seed}:{shift}", hands, judge_for_table(rules)):
        while hand.result is None:
            seat = hand.awaiting()[0]
            view = hand.view(seat)
            started = time.perf_counter()
            action = players[seat].choose(view, rng)
            elapsed = time.perf_counter() - started
            if len(view.legal) > 1:
                part.tallies[names[seat]].decisions_ms.append(1000 * elapsed)
            hand.apply(action)
        result = hand.result
        score = settle_hand(rules, result)
        part.count(names, result, score.fan, score.payments)
    return part


def report(minimum: int, lineup: Sequence[str], total: Part) -> list[str]:
    lines = [
        f"**minimum {minimum} fan**, {'/'.join(lineup)}: {total.hands} hands, "
        f"{100 * total.drawn / total.hands:.1f} % drawn",
        "",
        "| player | win share | deal-in rate | fan per win | net per hand | median ms | p99 ms |",
        "|---|---|---|---|---|---|---|",
    ]
    wins = sum(tally.wins for tally in total.tallies.values())
    for name in dict.fromkeys(lineup):
        tally = total.tallies[name]
        share = tally.wins / max(wins, 1) / (tally.seats / total.hands)  # per seat: 25 % is parity
        times = sorted(tally.decisions_ms)
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
        lines.append(
            f"| {name} | {100 * share:.1f} % | {100 * tally.deal_ins / tally.seats:.1f} % "
            f"| {tally.win_score / max(tally.wins, 1):.1f} | {float(tally.gain) / tally.seats:+.2f} "
            f"| {statistics.median(times) if times else 0.0:.2f} | {p99:.2f} |"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per minimum and lineup (a multiple of 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minimum", default="3,1,0", help="the tables' minimum fan, comma-separated")
    parser.add_argument(
        "--lineups",
        default="strong,strong,strong,strong;basic,basic,basic,basic;strong,basic,basic,basic",
        help="lineups separated by ';', players by ','",
    )
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    args = parser.parse_args(argv)
    lineups = [tuple(lineup.split(",")) for lineup in args.lineups.split(";")]
    for minimum in (int(text) for text in args.minimum.split(",")):
        for lineup in lineups:
            jobs: list[Job] = [(minimum, lineup, shift, args.hands // 4, args.seed) for shift in range(4)]
            started = time.perf_counter()
            with Pool(args.jobs) as pool:
                total = merge(pool.map(play_part, jobs))
            print("\n".join(report(minimum, lineup, total)))
            print(f"\n({time.perf_counter() - started:.0f} s)\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

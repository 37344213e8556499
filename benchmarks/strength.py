"""How strong the computer players are: seeded matches, seats rotated, scored under each rule set.

    .venv/bin/python benchmarks/strength.py --hands 2000 --seed 1
    .venv/bin/python benchmarks/strength.py --hands 1000 --rules hongkong --lineup strong,strong,strong,strong

For each rule set it plays ``--hands`` hands of ``--lineup`` (the first name is the player under
test) in four equal parts, the player under test sitting in chair 0, 1, 2, then 3, and prints one
markdown table: per player, its share of the wins (parity is 25 %), how often it dealt in, the
average score of its wins and its average gain per hand-seat; then the share of drawn hands and
the average hand length.

The hands are played as ``mahjong-bot simulate`` plays them (``Match`` and ``play_round``, the rule
set's win judge, so a Hong Kong hand below 3 fan cannot be declared, and the default scorers):
classic credits the winner with the hand's score; Hong Kong pays half-spicy base points, the
discarder paying for all. This script adds the seat rotation, the per-player tallies and the
processes; ``simulate``'s summary line carries the same per-seat wins, deal-ins and payments.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from multiprocessing import Pool

from game.match import matches_hands
from game.players import make_player
from game.players.autoplay import play_round
from game.result import HandResult
from game.rules import Ruleset, ruleset
from game.scoring import HongKongSettings, base_points, hongkong_payments, judge_for, score_classic, score_hongkong


@dataclass
class Tally:
    seats: int = 0  # hand-seats played (one per hand per chair)
    wins: int = 0
    deal_ins: int = 0
    win_score: int = 0  # classic score or Hong Kong fan of the wins
    gain: Fraction = field(default_factory=Fraction)
    decisions_ms: list[float] = field(default_factory=list)  # those with a real choice, where timed


@dataclass
class Part:
    """What one process played (``benchmarks/hongkong_players.py`` tallies its hands with it too)."""

    tallies: dict[str, Tally]
    hands: int = 0
    drawn: int = 0
    actions: int = 0
    seconds: float = 0.0

    def count(self, names: Sequence[str], result: HandResult, win_score: int, gains: Sequence[Fraction]) -> None:
        """One finished hand, chair c played by ``names[c]``."""
        self.hands += 1
        self.actions += result.actions
        self.drawn += result.winner is None
        for chair, name in enumerate(names):
            tally = self.tallies[name]
            tally.seats += 1
            tally.gain += gains[chair]
            if result.winner == chair:
                tally.wins += 1
                tally.win_score += win_score
            if result.discarder == chair:
                tally.deal_ins += 1


def payments(rules: Ruleset, result: HandResult) -> tuple[int, list[Fraction]]:
    """The winner's score (classic points, Hong Kong fan) and each chair's gain."""
    gains = [Fraction(0)] * rules.players
    if result.winner is None or result.win is None:
        return 0, gains
    if rules.name == "hongkong":
        settings = HongKongSettings()
        scored = score_hongkong(result.win, settings)
        paid = hongkong_payments(base_points(scored.fan, settings.spicy), result.winner, result.discarder, settings)
        return scored.fan, list(paid)
    score = score_classic(result.win).score
    gains[result.winner] = Fraction(score)
    return score, gains


def play_part(job: tuple[str, Sequence[str], int, int, int]) -> Part:
    """``hands`` hands with ``lineup`` rotated by ``shift`` chairs (chair c plays lineup[(c - shift) % 4])."""
    rules_name, lineup, shift, hands, seed = job
    rules = ruleset(rules_name)
    names = [lineup[(chair - shift) % len(lineup)] for chair in range(rules.players)]
    players = [make_player(name) for name in names]
    judge = judge_for(rules.name)
    rng = random.Random(f"strength:{seed}:{shift}:players")
    part = Part({name: Tally() for name in set(names)})
    started = time.process_time()
    for hand in matches_hands(rules, f"strength:{seed}:{shift}", hands, judge):
        result = play_round(hand, players, rng)
        score, gains = payments(rules, result)
        part.count(names, result, score, gains)
    part.seconds = time.process_time() - started
    return part


def merge(parts: Sequence[Part]) -> Part:
    total = Part(defaultdict(Tally))
    for part in parts:
        total.hands += part.hands
        total.drawn += part.drawn
        total.actions += part.actions
        total.seconds += part.seconds
        for name, tally in part.tallies.items():
            into = total.tallies[name]
            into.seats += tally.seats
            into.wins += tally.wins
            into.deal_ins += tally.deal_ins
            into.win_score += tally.win_score
            into.gain += tally.gain
            into.decisions_ms += tally.decisions_ms
    return total


def table(rules_name: str, lineup: Sequence[str], total: Part) -> list[str]:
    score_name = "fan per win" if rules_name == "hongkong" else "score per win"
    gain_name = "net payment per hand" if rules_name == "hongkong" else "score per hand"
    lines = [
        f"**{rules_name}**, {'/'.join(lineup)}: {total.hands} hands, "
        f"{100 * total.drawn / total.hands:.1f} % drawn, {total.actions / total.hands:.1f} actions per hand",
        "",
        f"| player | win share | deal-in rate | {score_name} | {gain_name} |",
        "|---|---|---|---|---|",
    ]
    wins = sum(tally.wins for tally in total.tallies.values())
    for name in dict.fromkeys(lineup):
        tally = total.tallies[name]
        seats_per_hand = tally.seats / total.hands
        share = tally.wins / max(wins, 1) / seats_per_hand  # per seat: 25 % is parity at four seats
        lines.append(
            f"| {name} | {100 * share:.1f} % "
            f"| {100 * tally.deal_ins / tally.seats:.1f} % "
            f"| {tally.win_score / max(tally.wins, 1):.1f} "
            f"| {float(tally.gain) / tally.seats:+.2f} |"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per rule set (a multiple of 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="classic,hongkong")
    parser.add_argument("--lineup", default="strong,basic,basic,basic")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    args = parser.parse_args(argv)
    lineup = args.lineup.split(",")
    for rules_name in args.rules.split(","):
        jobs = [(rules_name, lineup, shift, args.hands // 4, args.seed) for shift in range(4)]
        started = time.perf_counter()
        with Pool(args.jobs) as pool:
            total = merge(pool.map(play_part, jobs))
        print("\n".join(table(rules_name, lineup, total)))
        print(
            f"\n({time.perf_counter() - started:.0f} s wall, {total.seconds:.0f} s CPU, "
            f"{1000 * total.seconds / total.hands:.1f} ms CPU per hand)\n"
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Where ``strong``'s deal-ins come from, and how well its deal-in risk predicts them, at a table of four
``strong`` players (issue 45: the defence a level above ``strong`` would have to improve on).

    .venv/bin/python benchmarks/strong_deal_ins.py --rules hongkong --walls 150 --seed 99

Plays the walls of ``benchmarks/duplicate.py`` (the first hand of each seeded match) with four ``strong``
players and, at every discard, keeps what ``strong.decide`` saw: the chosen discard's shanten (towards
the plan followed), the wall left and the risk ``game.players.safety`` gave it. At the end of the hand
the discarder's last discard is the one that dealt in. It prints, per band of predicted risk, the
discards and the share that really dealt in (the calibration of the risk); then, per shanten and band
of the wall left, the discards, the deal-ins, and how often the discarding seat still won the hand.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import sys
from collections.abc import Sequence

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from duplicate import deal

from game.actions import Discard
from game.players.strong import decide
from game.rules import ruleset

RISK_BAND = 0.02
WALL_BAND = 20


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="hongkong")
    parser.add_argument("--walls", type=int, default=150)
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args(argv)
    rules = ruleset(args.rules)
    by_risk: dict[int, list[float]] = collections.defaultdict(lambda: [0, 0.0, 0])  # discards, predicted, dealt
    by_state: dict[tuple[int, int], list[int]] = collections.defaultdict(lambda: [0, 0, 0])  # discards, dealt, won
    outcomes: collections.Counter[str] = collections.Counter()
    for wall in range(args.walls):
        hand = deal(rules, args.seed, wall)
        kept: list[tuple[int, int, int, float]] = []  # seat, shanten, wall left, risk
        while hand.result is None:
            seat = hand.awaiting()[0]
            view = hand.view(seat)
            decision = decide(view)
            if isinstance(decision.action, Discard):
                option = next(option for option in decision.options if option.tile == decision.action.tile)
                kept.append((seat, option.shanten, view.wall_left, option.risk.chance))
            hand.apply(decision.action)
        result = hand.result
        dealt_at = None
        if result.discarder is not None:
            dealt_at = max(index for index, item in enumerate(kept) if item[0] == result.discarder)
        outcomes["drawn" if result.winner is None else "discard" if result.discarder is not None else "self-drawn"] += 1
        for index, (seat, shanten, wall_left, risk) in enumerate(kept):
            dealt = index == dealt_at
            band = by_risk[min(int(risk / RISK_BAND), 12)]
            band[0] += 1
            band[1] += risk
            band[2] += dealt
            state = by_state[(min(shanten, 3), wall_left // WALL_BAND)]
            state[0] += 1
            state[1] += dealt
            state[2] += result.winner == seat
    print(f"{args.rules}, strong×4, {args.walls} walls of seed {args.seed}: {dict(outcomes)}\n")
    print("| predicted risk | discards | predicted (mean) | dealt in |\n|---|---|---|---|")
    for band, (count, predicted, dealt) in sorted(by_risk.items()):
        low = band * RISK_BAND
        print(
            f"| {low:.2f}{'+' if band == 12 else f'–{low + RISK_BAND:.2f}'} | {count:.0f} "
            f"| {predicted / count:.3f} | {dealt / count:.3f} |"
        )
    print("\n| shanten after the discard | wall left | discards | deal-ins | the seat won the hand |")
    print("|---|---|---|---|---|")
    for (shanten, wall_band), (count, dealt, won) in sorted(by_state.items()):
        wall_text = f"{wall_band * WALL_BAND}–{wall_band * WALL_BAND + WALL_BAND - 1}"
        print(f"| {'3+' if shanten == 3 else shanten} | {wall_text} | {count} | {dealt} | {won / count:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

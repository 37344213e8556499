"""How far a player can get above ``basic`` at a classic table, lever by lever, on the same deals.

    .venv/bin/python benchmarks/classic_levers.py --hands 4000 --seed 1

The strength goal asks ``strong`` to score 1.5× what a ``basic`` seat scores per hand in classic,
where only the winner scores. This script measures what each way of playing better is worth there,
side by side in one run: every contender sits in one chair against three ``basic`` players, seats
rotated as in ``benchmarks/strength.py``, on the same seeded deals. The contenders:

- ``basic`` itself (the control: its ratio shows the noise of the run);
- ``strong``, the player the goal is about;
- one-lever changes to ``basic``: ``no-claims`` (stays concealed for the double, claims only a
  win), ``ready-claims`` (claims only to get ready or for a scoring pung), ``keep-honours`` (keeps
  live dragons and scoring winds while three or more steps from ready), ``claim-weighted``
  (counts a useful tile by how many seats could hand it over: a pung from any discard, a chow from
  one seat);
- two bounds no fair player can reach: ``basic`` and ``strong`` with a **clairvoyant defence** that
  looks at the hidden hands and, whenever the chosen discard would deal in, swaps it for the most
  useful discard at most one step further from ready that does not.

For each it prints the win share, the score per win, the score per hand and the ratio to the
average ``basic`` seat at the same table.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing import Pool

from game.actions import Action, Claim, ClaimKind, Discard, Pass
from game.match import matches_hands
from game.players import make_player
from game.players.base import Player
from game.players.basic import BasicPlayer, counts_after_claim, shanten, useful_copies
from game.players.evaluation import Table, counts_of, visible_counts
from game.round import Phase, Round
from game.rules import ruleset
from game.scoring import judge_for, score_classic
from game.view import SeatView


class NoClaims(BasicPlayer):
    """Claims nothing but a win: every hand it wins is concealed (one double)."""

    def _answer(self, view: SeatView, counts: list[int], legal: Sequence[Action]) -> Action:
        assert view.seat is not None
        return Pass(view.seat)


class ReadyClaims(BasicPlayer):
    """Claims only a set that makes the hand ready, or a pung that scores a double."""

    def _answer(self, view: SeatView, counts: list[int], legal: Sequence[Action]) -> Action:
        assert view.claim is not None and view.seat is not None
        table = Table.of(view)
        best: tuple[int, Action] = (shanten(counts), Pass(view.seat))
        for action in legal:
            if isinstance(action, Claim):
                after = shanten(counts_after_claim(counts, action, view.claim.tile))
                scoring = action.kind is not ClaimKind.CHOW and bool(table.honour_weight(view.claim.tile))
                if after < best[0] and (after == 0 or scoring):
                    best = (after, action)
        return best[1]


class KeepHonours(BasicPlayer):
    """Among its least-shanten discards, keeps dragons and scoring winds: pairs always, single tiles
    with two copies unseen while three or more steps from ready."""

    def _best_discard(self, view: SeatView, counts: list[int], discards: Sequence[Discard]) -> Discard:
        level, tied = _least_shanten(counts, discards)
        table = Table.of(view)

        def live_scoring(action: Discard) -> bool:
            kind = action.tile
            if kind < 27 or kind >= 34 or not table.honour_weight(kind):
                return False
            return counts[kind] >= 2 or (table.unseen(counts, kind) >= 2 and level >= 3)

        tied = [action for action in tied if not live_scoring(action)] or tied
        return max(tied, key=lambda action: _basic_key(counts, action, level, table.seen))


class ClaimWeighted(BasicPlayer):
    """Between least-shanten discards, counts each useful copy by the seats that may hand it over:
    a draw, a pung from any of three discarders, a chow from one (a ready hand wins on any)."""

    def _best_discard(self, view: SeatView, counts: list[int], discards: Sequence[Discard]) -> Discard:
        level, tied = _least_shanten(counts, discards)
        if counts[-1]:  # jokers: the plain rule
            return super()._best_discard(view, counts, discards)
        seen = visible_counts(view)

        def weight(action: Discard) -> tuple[float, bool, int]:
            counts[action.tile] -= 1
            total = _sightings(counts, level, seen)
            counts[action.tile] += 1
            return (total, action.tile.is_terminal_or_honour, -action.tile)

        return max(tied, key=weight)


def _least_shanten(counts: list[int], discards: Sequence[Discard]) -> tuple[int, list[Discard]]:
    levels = []
    for action in discards:
        counts[action.tile] -= 1
        levels.append(shanten(counts))
        counts[action.tile] += 1
    least = min(levels)
    return least, [action for action, level in zip(discards, levels, strict=True) if level == least]


def _basic_key(counts: list[int], action: Discard, level: int, seen: Sequence[int]) -> tuple[int, bool, int]:
    return (useful_copies(counts, action.tile, level, seen), action.tile.is_terminal_or_honour, -action.tile)


def _sightings(counts: list[int], level: int, seen: Sequence[int]) -> float:
    total = 0.0
    for kind in range(34):
        left = 4 - seen[kind] - counts[kind]
        if left <= 0:
            continue
        counts[kind] += 1
        drawn = shanten(counts) < level
        counts[kind] -= 1
        if level == 0:
            total += 4 * left * drawn
            continue
        weight = float(drawn)
        if counts[kind] >= 2:
            counts[kind] -= 2
            weight += 3 * (shanten(counts) < level)
            counts[kind] += 2
        if kind < 27 and _chow_lowers(counts, kind, level):
            weight += 1
        total += left * weight
    return total


def _chow_lowers(counts: list[int], kind: int, level: int) -> bool:
    rank = kind % 9
    for first in range(max(0, rank - 2), min(rank, 6) + 1):
        others = [kind - rank + first + step for step in range(3) if first + step != rank]
        if all(counts[other] for other in others):
            for other in others:
                counts[other] -= 1
            lowers = shanten(counts) < level
            for other in others:
                counts[other] += 1
            if lowers:
                return True
    return False


# --- the clairvoyant defence ----------------------------------------------------------------------


def deals_in(hand: Round, action: Action, players: Sequence[Player], rng: random.Random) -> bool:
    """Whether ``action`` (a discard) loses the hand to a claim, the others answering as they would."""
    trial = copy.deepcopy(hand)
    trial.apply(action)
    while trial.result is None and trial.phase in (Phase.CLAIM, Phase.ROB):
        seat = trial.awaiting()[0]
        trial.apply(players[seat].choose(trial.view(seat), rng))
    result = trial.result
    return result is not None and result.winner is not None and result.discarder == action.seat


def clairvoyant(hand: Round, view: SeatView, chosen: Action, players: Sequence[Player], rng: random.Random) -> Action:
    if not isinstance(chosen, Discard) or not deals_in(hand, chosen, players, rng):
        return chosen
    counts = counts_of(view.concealed or ())
    seen = visible_counts(view)
    counts[chosen.tile] -= 1
    limit = shanten(counts) + 1
    counts[chosen.tile] += 1
    safe = []
    for action in view.legal:
        if isinstance(action, Discard) and action != chosen:
            counts[action.tile] -= 1
            level = shanten(counts)
            counts[action.tile] += 1
            if level <= limit and not deals_in(hand, action, players, rng):
                safe.append((level, -useful_copies(counts, action.tile, level, seen), action.tile, action))
    return min(safe)[3] if safe else chosen


# --- the table ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Contender:
    name: str
    player: Callable[[], Player]
    oracle: bool = False


CONTENDERS = {
    contender.name: contender
    for contender in (
        Contender("basic", BasicPlayer),
        Contender("strong", lambda: make_player("strong")),
        Contender("no-claims", NoClaims),
        Contender("ready-claims", ReadyClaims),
        Contender("keep-honours", KeepHonours),
        Contender("claim-weighted", ClaimWeighted),
        Contender("basic + clairvoyant defence", BasicPlayer, oracle=True),
        Contender("strong + clairvoyant defence", lambda: make_player("strong"), oracle=True),
    )
}


@dataclass
class Tally:
    hands: int = 0
    wins: int = 0
    score: int = 0
    basic_score: int = 0  # summed over the three basic seats


def play_part(job: tuple[str, int, int, int]) -> Tally:
    """``hands`` hands with the contender in chair ``chair`` and basic players elsewhere."""
    name, chair, hands, seed = job
    contender = CONTENDERS[name]
    rules = ruleset("classic")
    judge = judge_for("classic")
    players: list[Player] = [contender.player() if seat == chair else BasicPlayer() for seat in range(4)]
    rng = random.Random(f"levers:{seed}:{chair}:players")
    tally = Tally()
    for hand in matches_hands(rules, f"levers:{seed}:{chair}", hands, judge):
        while hand.result is None:
            seat = hand.awaiting()[0]
            view = hand.view(seat)
            action = players[seat].choose(view, rng)
            if contender.oracle and seat == chair:
                action = clairvoyant(hand, view, action, players, rng)
            hand.apply(action)
        result = hand.result
        tally.hands += 1
        if result.winner is not None and result.win is not None:
            score = score_classic(result.win).score
            if result.winner == chair:
                tally.wins += 1
                tally.score += score
            else:
                tally.basic_score += score
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=4000, help="hands per contender (a multiple of 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=",".join(CONTENDERS), help="contenders, comma-separated")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    args = parser.parse_args(argv)
    names = args.only.split(",")
    unknown = [name for name in names if name not in CONTENDERS]
    if unknown:
        parser.error(f"unknown contender {unknown[0]!r}: choose among {', '.join(CONTENDERS)}")
    started = time.perf_counter()
    jobs = [(name, chair, args.hands // 4, args.seed) for name in names for chair in range(4)]
    with Pool(args.jobs) as pool:
        parts = pool.map(play_part, jobs)
    print(f"classic, {args.hands} hands per contender against three basic players, seed {args.seed}\n")
    print("| contender | win share | score per win | score per hand | basic seat per hand | ratio |")
    print("|---|---|---|---|---|---|")
    for index, name in enumerate(names):
        total = Tally()
        for part in parts[4 * index : 4 * index + 4]:
            total.hands += part.hands
            total.wins += part.wins
            total.score += part.score
            total.basic_score += part.basic_score
        mine = total.score / total.hands
        basic = total.basic_score / total.hands / 3
        print(
            f"| {name} | {100 * total.wins / total.hands:.1f} % | {total.score / max(total.wins, 1):.1f} "
            f"| {mine:.2f} | {basic:.2f} | {mine / basic:.2f} |"
        )
    print(f"\n({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

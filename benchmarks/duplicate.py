"""One challenger against three champions on duplicate deals: the same walls, the challenger in every chair.

    .venv/bin/python benchmarks/duplicate.py --rules classic,hongkong --lineup strong,basic,basic,basic --walls 1000
    .venv/bin/python benchmarks/duplicate.py --rules classic --lineup strong,strong,strong,strong --walls 300
    .venv/bin/python benchmarks/duplicate.py --lineup my_ai.adapter:Player,strong,strong,strong --null --json out.json

The method of the IJCAI/Botzone Chinese Official mahjong competitions and of Mortal's "one challenger
against three champions": luck is mostly the wall, so every wall is played four times, the lineup
rotated so that the challenger (the first name) sits in chair 0, 1, 2 and 3 in turn against three
copies of the champion, and the challenger is compared with the champions on the same walls.

Wall i of a run is the first hand of a ``Match`` seeded from (``--seed``, i), dealt afresh for each
seating (its dealer is the match's, drawn from the seed, so the challenger deals in one seating of
four). The match seeds are 48-bit hashes of "duplicate:S:wall:i", so the walls of different seeds,
or of the same seed and different indices, coincide with a probability of about n² / 2⁴⁹ for n walls in
all: not in practice. The players' randomness comes from a generator seeded from the wall and the
seating, and every hand gets fresh players (an outside player's class is constructed each hand:
keep what is costly to load at module level), so a run replays exactly however its walls are shared
among the processes.

Names are the levels ``game.players.make_player`` knows, or ``module.path:ClassName`` for an outside
player class constructed with no arguments (an adapter for an outside AI). Hands are played and paid
as ``mahjong-bot simulate`` does (``play_round``, the table's judge, ``settle_hand``). Per hand and
chair the script keeps the payment, the placement (rank 1–4 of the hand's payments, tied chairs
sharing the average of their ranks: in classic only the winner scores, so the three others share
3.0; a drawn hand gives everyone 2.5; the family game pays nothing, so its winner ranks first and the
others share 3.0), the win and the deal-in (the chair discarded the winning tile).

It prints, per rule set and lineup: per level (the challenger's seat, the champions' seats) the mean
score a hand, placement, win rate and deal-in rate, and the share of drawn hands, each with a 95 %
interval; then the paired difference on the same walls (per wall: the challenger's mean over its
four seatings minus the champions' mean), for placement (champions' minus challenger's, so positive
means "places better") and score, and whether its interval leaves 0 out. Intervals are the normal
approximation, mean ± 1.96 standard errors, over walls: the hands of one wall share its luck, so the
wall, not the hand, is the independent sample. Then CPU time: a hand in all, and a seat's decisions a
hand per level.

Self-play (four equal names, or ``--null``, which adds the challenger against three copies of itself
on the same walls) is the null test: each chair's mean placement should be 2.5 within its interval,
and the paired difference of seat 0's player against the rest must not be significant.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pathlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from multiprocessing import Pool
from typing import Any

from game.actions import Action
from game.errors import InvalidNotation
from game.match import Match
from game.players import Player, PlayerFactory, make_player
from game.players.autoplay import play_round
from game.round import Round
from game.rules import Ruleset, ruleset
from game.scoring.table import judge_for_table, settings_for, settle_hand
from game.view import SeatView

CHAIRS = 4  # the challenger sits in each once per wall
Z_95 = statistics.NormalDist().inv_cdf(0.975)


# --- statistics -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean and its 95 % confidence interval over ``count`` independent samples."""

    mean: float
    low: float
    high: float
    count: int

    @property
    def significant(self) -> bool:
        """Whether the interval leaves 0 out."""
        return self.low > 0 or self.high < 0

    def to_json(self) -> dict[str, Any]:
        return {"mean": self.mean, "low": self.low, "high": self.high, "count": self.count}


def interval(samples: Sequence[float]) -> Interval:
    """The mean ± 1.96 standard errors (the normal approximation, sound for the hundreds of walls a run
    plays); at least two samples, the spread being estimated from them."""
    if len(samples) < 2:
        raise ValueError(f"an interval needs two samples or more, not {len(samples)}")
    centre = statistics.fmean(samples)
    half = Z_95 * statistics.stdev(samples, centre) / len(samples) ** 0.5
    return Interval(centre, centre - half, centre + half, len(samples))


def paired_difference(first: Sequence[float], second: Sequence[float]) -> Interval:
    """The interval of ``first[w] - second[w]`` over the walls ``w``: both sides played wall ``w``, so
    its luck cancels out of the difference."""
    return interval([mine - theirs for mine, theirs in zip(first, second, strict=True)])


def placements(amounts: Sequence[Fraction]) -> tuple[float, ...]:
    """Each chair's rank for one hand, 1 for the largest amount; tied chairs share the average of the
    ranks they cover, so the ranks always sum to 1 + 2 + … + n (classic 20, 0, 0, 0 → 1, 3, 3, 3)."""
    return tuple(
        1 + sum(other > amount for other in amounts) + (sum(other == amount for other in amounts) - 1) / 2
        for amount in amounts
    )


# --- playing --------------------------------------------------------------------------------------


def make(name: str) -> Player:
    """A level ``make_player`` knows, or an instance of ``module.path:ClassName``."""
    if ":" not in name:
        return make_player(name)
    module_name, _, class_name = name.partition(":")
    factory: PlayerFactory = getattr(importlib.import_module(module_name), class_name)
    return factory()


class TimedPlayer:
    """A player whose decisions' CPU time is added up, to tell its cost from the engine's."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.seconds = 0.0

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        started = time.process_time()
        action = self.player.choose(view, rng)
        self.seconds += time.process_time() - started
        return action


def match_seed(seed: int, wall: int) -> int:
    """The seed of the match whose first hand is wall ``wall`` of a run seeded ``seed``."""
    return random.Random(f"duplicate:{seed}:wall:{wall}").getrandbits(48)


def deal(rules: Ruleset, seed: int, wall: int) -> Round:
    """Wall ``wall`` of the run, freshly dealt: the first hand of its match."""
    return Match(rules, match_seed(seed, wall), judge=judge_for_table(rules)).next_round()


def plays_itself(lineup: Sequence[str]) -> bool:
    """Whether the lineup is self-play, the null test."""
    return len(set(lineup)) == 1


def seated(lineup: Sequence[str], challenger_chair: int) -> tuple[str, ...]:
    """The lineup rotated so that its first name sits in ``challenger_chair``."""
    return tuple(lineup[(chair - challenger_chair) % CHAIRS] for chair in range(CHAIRS))


@dataclass(frozen=True, slots=True)
class Seating:
    """One hand: a wall played with the challenger in ``challenger_chair``; the tuples go by chair."""

    challenger_chair: int
    payments: tuple[Fraction, ...]
    placements: tuple[float, ...]
    winner: int | None
    discarder: int | None  # the chair that dealt in (None for a self-drawn win or a drawn hand)
    seconds: float  # CPU, the whole hand
    decision_seconds: tuple[float, ...]  # CPU, each chair's player deciding


@dataclass(frozen=True, slots=True)
class WallPlay:
    """One wall of a run, played in every seating (the challenger in chair 0, 1, 2, then 3)."""

    seatings: tuple[Seating, ...]


def play_seating(rules: Ruleset, lineup: Sequence[str], seed: int, wall: int, challenger_chair: int) -> Seating:
    players = [TimedPlayer(make(name)) for name in seated(lineup, challenger_chair)]
    rng = random.Random(f"duplicate:{seed}:wall:{wall}:seating:{challenger_chair}:players")
    started = time.process_time()
    result = play_round(deal(rules, seed, wall), players, rng)
    payments = settle_hand(rules, result).payments
    seconds = time.process_time() - started
    # The family game pays nothing: there the win alone places a chair.
    ranked = (
        payments
        if settings_for(rules) is not None
        else tuple(Fraction(chair == result.winner) for chair in rules.seats)
    )
    return Seating(
        challenger_chair,
        payments,
        placements(ranked),
        result.winner,
        result.discarder,
        seconds,
        tuple(player.seconds for player in players),
    )


def play_wall(job: tuple[str, tuple[str, ...], int, int]) -> WallPlay:
    """Wall ``wall`` of the run seeded ``seed``, played by ``lineup`` in each of the four seatings."""
    rules_name, lineup, seed, wall = job
    rules = ruleset(rules_name)
    seatings = tuple(play_seating(rules, lineup, seed, wall, chair) for chair in range(CHAIRS))
    return WallPlay(seatings)


# --- the report -----------------------------------------------------------------------------------

Measure = Callable[[Seating, int], float]


def score(seating: Seating, chair: int) -> float:
    return float(seating.payments[chair])


def placement(seating: Seating, chair: int) -> float:
    return seating.placements[chair]


def won(seating: Seating, chair: int) -> float:
    return float(seating.winner == chair)


def dealt_in(seating: Seating, chair: int) -> float:
    return float(seating.discarder == chair)


def deciding(seating: Seating, chair: int) -> float:
    return seating.decision_seconds[chair]


def challenger_mean(play: WallPlay, measure: Measure) -> float:
    """The challenger's mean on one wall, over its four seatings."""
    return statistics.fmean(measure(seating, seating.challenger_chair) for seating in play.seatings)


def champions_mean(play: WallPlay, measure: Measure) -> float:
    """The champions' mean on one wall, over their three chairs of each seating."""
    return statistics.fmean(
        measure(seating, chair)
        for seating in play.seatings
        for chair in range(CHAIRS)
        if chair != seating.challenger_chair
    )


@dataclass(frozen=True, slots=True)
class Level:
    """How the seats of one level did: means a hand and a seat, intervals over walls."""

    name: str
    score: Interval
    placement: Interval
    win_rate: Interval
    deal_in_rate: Interval
    decision_ms: float  # CPU a hand, one seat's decisions

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "score": self.score.to_json(),
            "placement": self.placement.to_json(),
            "win_rate": self.win_rate.to_json(),
            "deal_in_rate": self.deal_in_rate.to_json(),
            "decision_ms": self.decision_ms,
        }


def level(name: str, plays: Sequence[WallPlay], wall_mean: Callable[[WallPlay, Measure], float]) -> Level:
    def over_walls(measure: Measure) -> Interval:
        return interval([wall_mean(play, measure) for play in plays])

    decision_seconds = statistics.fmean(wall_mean(play, deciding) for play in plays)
    return Level(
        name, over_walls(score), over_walls(placement), over_walls(won), over_walls(dealt_in), 1000 * decision_seconds
    )


@dataclass(frozen=True, slots=True)
class Report:
    """A rule set and lineup over ``walls`` walls of the run seeded ``seed``."""

    rules: str
    lineup: tuple[str, ...]
    seed: int
    walls: int
    challenger: Level
    champions: Level
    drawn_rate: Interval
    places_better: Interval  # per wall: champions' mean placement − challenger's
    score_better: Interval  # per wall: challenger's mean score − champions'
    chair_placements: tuple[Interval, ...] | None  # self-play only: each chair's placement, the seatings mixed
    alike_walls: int | None  # self-play only: walls whose four seatings ended alike, chair by chair
    hand_ms: float  # CPU a hand, engine and players

    def to_json(self) -> dict[str, Any]:
        paired = {
            "places_better": self.places_better.to_json() | {"significant": self.places_better.significant},
            "score_better": self.score_better.to_json() | {"significant": self.score_better.significant},
        }
        return {
            "rules": self.rules,
            "lineup": list(self.lineup),
            "seed": self.seed,
            "walls": self.walls,
            "hands": self.walls * CHAIRS,
            "challenger": self.challenger.to_json(),
            "champions": self.champions.to_json(),
            "drawn_rate": self.drawn_rate.to_json(),
            "paired": paired,
            "chair_placements": None
            if self.chair_placements is None
            else [placed.to_json() for placed in self.chair_placements],
            "alike_walls": self.alike_walls,
            "hand_ms": self.hand_ms,
        }


def summarise(rules: str, lineup: Sequence[str], seed: int, plays: Sequence[WallPlay]) -> Report:
    challenger = level(lineup[0], plays, challenger_mean)
    champions = level(lineup[1], plays, champions_mean)
    drawn = interval([statistics.fmean(seating.winner is None for seating in play.seatings) for play in plays])
    places_better = paired_difference(
        [champions_mean(play, placement) for play in plays], [challenger_mean(play, placement) for play in plays]
    )
    score_better = paired_difference(
        [challenger_mean(play, score) for play in plays], [champions_mean(play, score) for play in plays]
    )
    chair_placements = alike_walls = None
    if plays_itself(lineup):
        chair_placements = tuple(
            interval([statistics.fmean(seating.placements[chair] for seating in play.seatings) for play in plays])
            for chair in range(CHAIRS)
        )
        # Players that never draw on their generator play a self-play wall alike in every seating: then
        # the paired difference is 0 by construction, a check of the rotation rather than of the noise.
        alike_walls = sum(
            len({(seating.winner, seating.discarder, seating.payments) for seating in play.seatings}) == 1
            for play in plays
        )
    hand_seconds = statistics.fmean(seating.seconds for play in plays for seating in play.seatings)
    return Report(
        rules,
        tuple(lineup),
        seed,
        len(plays),
        challenger,
        champions,
        drawn,
        places_better,
        score_better,
        chair_placements,
        alike_walls,
        1000 * hand_seconds,
    )


def plus_minus(value: Interval, scale: float = 1.0, digits: int = 2, sign: str = "") -> str:
    return f"{scale * value.mean:{sign}.{digits}f} ± {scale * (value.high - value.mean):.{digits}f}"


def bounds(value: Interval, digits: int) -> str:
    return f"[{value.low:+.{digits}f}, {value.high:+.{digits}f}]"


def markdown(report: Report) -> list[str]:
    challenger, champions = report.challenger, report.champions
    if plays_itself(report.lineup):
        title = f"{challenger.name}×4 (self-play: the null test)"
        names = (f"{challenger.name}, seat 0's player", f"{champions.name}, the three others")
        pairing = "seat 0's player against the rest"
    else:
        title = f"{challenger.name} against three {champions.name}"
        names = (f"{challenger.name} (challenger)", f"{champions.name} (champions)")
        pairing = f"{challenger.name} against {champions.name}"
    lines = [
        f"**{report.rules}**, {title}: {report.walls} walls (seed {report.seed}), each in 4 seatings, "
        f"{report.walls * CHAIRS} hands",
        "",
        "| seat | score a hand | placement | win rate | deal-in rate | decisions, ms CPU a hand |",
        "|---|---|---|---|---|---|",
    ]
    for name, seats in zip(names, (challenger, champions), strict=True):
        lines.append(
            f"| {name} | {plus_minus(seats.score, sign='+')} | {plus_minus(seats.placement)} "
            f"| {plus_minus(seats.win_rate, 100, 1)} % | {plus_minus(seats.deal_in_rate, 100, 1)} % "
            f"| {seats.decision_ms:.2f} |"
        )
    lines += [
        "",
        f"Drawn hands {plus_minus(report.drawn_rate, 100, 1)} %; {report.hand_ms:.1f} ms CPU a hand, "
        "engine and players.",
        "",
        f"| paired on the same walls: {pairing} | mean | 95 % interval | significant |",
        "|---|---|---|---|",
        f"| places better a hand (champions' placement − challenger's) | {report.places_better.mean:+.3f} "
        f"| {bounds(report.places_better, 3)} | {'yes' if report.places_better.significant else 'no'} |",
        f"| scores more a hand (challenger − a champion seat) | {report.score_better.mean:+.2f} "
        f"| {bounds(report.score_better, 2)} | {'yes' if report.score_better.significant else 'no'} |",
    ]
    if report.chair_placements is not None:
        lines += [
            "",
            "| chair | " + " | ".join(str(chair) for chair in range(CHAIRS)) + " |",
            "|---|" + "---|" * CHAIRS,
            "| placement (2.5 when seats do not matter) | "
            + " | ".join(plus_minus(placed, digits=3) for placed in report.chair_placements)
            + " |",
            "",
            f"{report.alike_walls} walls of {report.walls} ended alike, chair by chair, in their four seatings.",
        ]
    return lines


def lineups(lineup: tuple[str, ...], null: bool) -> list[tuple[str, ...]]:
    """The lineup, then with ``null`` its challenger against three copies of itself (unless it already is)."""
    return [lineup, (lineup[0],) * CHAIRS] if null and not plays_itself(lineup) else [lineup]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="classic,hongkong", help="rule sets, comma-separated")
    parser.add_argument(
        "--lineup",
        default="strong,basic,basic,basic",
        help="challenger,champion,champion,champion: levels or module.path:ClassName",
    )
    parser.add_argument("--walls", type=int, default=1000, help="walls, each played in the 4 seatings")
    parser.add_argument("--seed", type=int, default=1, help="the walls derive from it")
    parser.add_argument("--null", action="store_true", help="also play the challenger against itself")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--json", type=pathlib.Path, help="write the figures there")
    args = parser.parse_args(argv)
    lineup = tuple(name.strip() for name in args.lineup.split(","))
    if len(lineup) != CHAIRS or len(set(lineup[1:])) != 1:
        parser.error("--lineup is a challenger then three copies of one champion, e.g. strong,basic,basic,basic")
    if args.walls < 2:
        parser.error("--walls is 2 or more: the intervals estimate their spread from the walls")
    rules_names = args.rules.split(",")
    try:
        for rules_name in rules_names:
            ruleset(rules_name)
        for name in set(lineup):
            make(name)
    except (InvalidNotation, ImportError, AttributeError) as error:
        parser.error(str(error))
    reports = []
    for rules_name in rules_names:
        for played in lineups(lineup, args.null):
            started = time.perf_counter()
            jobs = [(rules_name, played, args.seed, wall) for wall in range(args.walls)]
            with Pool(args.jobs) as pool:
                plays = pool.map(play_wall, jobs, chunksize=8)
            report = summarise(rules_name, played, args.seed, plays)
            reports.append(report)
            print("\n".join(markdown(report)))
            print(f"\n({time.perf_counter() - started:.0f} s wall)\n")
            sys.stdout.flush()
    if args.json is not None:
        command = ["benchmarks/duplicate.py", *(argv if argv is not None else sys.argv[1:])]
        figures = {"command": command, "reports": [report.to_json() for report in reports]}
        args.json.write_text(json.dumps(figures, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``mahjong-bot simulate``: computer players play N hands; one JSON line per hand, then a summary.

The seats keep their player for the whole run while the winds rotate round them (matches follow
one another until N hands are played). Same arguments, same lines: every hand, match and player
decision draws from generators seeded by ``--seed``.

The table scores with ``game.scoring.table``: the Hong Kong judge refuses wins below the minimum,
and each hand's payments come from the rule set's scorer (the family game has no score).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from fractions import Fraction
from typing import Any

from cli.inputs import whole_number
from game.errors import GameError
from game.match import json_number, matches_hands
from game.players import Player, make_player
from game.players.autoplay import play_round
from game.rules import Ruleset, ruleset
from game.scoring.table import judge_for_table, settle_hand

MAX_HANDS = 1_000_000  # several hours of play: more is a typing slip, not a run


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "simulate",
        help="computer players play hands; prints one JSON line per hand and a summary",
        description="Computer players play N hands, match after match, and print one JSON line per hand, then"
        " a summary line. The same arguments always print the same lines.",
    )
    parser.add_argument(
        "--hands", type=whole_number, required=True, help=f"how many hands to play (at most {MAX_HANDS})"
    )
    parser.add_argument("--seed", type=whole_number, required=True, help="the same seed replays the same hands")
    parser.add_argument(
        "--rules", default="classic", help="the rule set: classic, hongkong or family (default classic)"
    )
    parser.add_argument(
        "--players",
        default="basic,basic,basic,basic",
        help="a player per seat, comma-separated (2 to 4 seats), e.g. random,basic,basic,basic",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        if not 0 <= args.hands <= MAX_HANDS:
            raise GameError(f"--hands is a number of hands from 0 to {MAX_HANDS}, not {args.hands}")
        names = [name.strip() for name in args.players.split(",")]
        if len(names) not in (2, 3, 4):
            raise GameError(f"--players names 2, 3 or 4 seats, not {len(names)}")
        players = [make_player(name) for name in names]
        rules = ruleset(args.rules, players=len(names))
    except GameError as error:
        print(json.dumps({"valid": False, "error": str(error)}, ensure_ascii=False))
        return 1
    for line in simulate(rules, players_names=names, players=players, hands=args.hands, seed=args.seed):
        sys.stdout.write(json.dumps(line) + "\n")
    return 0


def simulate(
    rules: Ruleset, *, players_names: list[str], players: list[Player], hands: int, seed: int
) -> list[dict[str, Any]]:
    """The lines of a run: one per hand, then ``{"summary": ...}``."""
    rng = random.Random(f"simulate:{seed}:players")
    wins = [0] * rules.players
    self_drawn = [0] * rules.players
    deal_ins = [0] * rules.players
    totals = [Fraction(0)] * rules.players
    draws = 0
    lines: list[dict[str, Any]] = []
    series = matches_hands(rules, f"simulate:{seed}:match", hands, judge_for_table(rules))
    for number, hand in enumerate(series):
        result = play_round(hand, players, rng)
        # Each hand is scored once, here; the match only moves the deal on (its totals go unused).
        score = settle_hand(rules, result)
        if result.winner is None:
            draws += 1
        else:
            wins[result.winner] += 1
            self_drawn[result.winner] += result.self_drawn
        if result.discarder is not None:
            deal_ins[result.discarder] += 1
        totals = [total + paid for total, paid in zip(totals, score.payments, strict=True)]
        line: dict[str, Any] = {
            "hand": number,
            "winner": result.winner,
            "discarder": result.discarder,
            "self_drawn": result.self_drawn,
            "score": json_number(score.score),
        }
        if rules.name == "hongkong":
            line["fan"] = score.fan
        line |= {
            "payments": [json_number(paid) for paid in score.payments],
            "wall_left": result.wall_left,
            "actions": result.actions,
        }
        lines.append(line)
    lines.append(
        {
            "summary": {
                "rules": rules.name,
                "players": players_names,
                "seed": seed,
                "hands": hands,
                "wins": wins,
                "self_drawn": self_drawn,
                "deal_ins": deal_ins,
                "draws": draws,
                "payments": [json_number(total) for total in totals],
            }
        }
    )
    return lines

"""``mahjong-bot verify-wall``: rebuild a hand's wall from its revealed seed and check the commitment.

When a hand starts the table shows a SHA-256 commitment to its wall; its result reveals the seed.
This command recomputes the commitment from the rule set and the seed and, given ``--commitment``,
says whether it matches what the table showed before the first tile was drawn.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.errors import GameError
from game.fairness import wall_commitment, wall_order
from game.rules import RULE_NAMES, ruleset


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "verify-wall",
        help="recompute a hand's wall commitment from its revealed seed",
        description="Rebuild a finished hand's wall from the seed its result revealed and print it with its"
        " SHA-256 commitment; with --commitment, say first whether it is the one the table showed.",
    )
    parser.add_argument("--rules", choices=RULE_NAMES, required=True, help="the rule set the table played")
    parser.add_argument("--seed", required=True, help="the seed the result revealed")
    parser.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=4, help="how many players sat at the table (default 4)"
    )
    parser.add_argument("--jokers", action="store_true", help="the table played with jokers")
    parser.add_argument("--commitment", help="the digest the table showed; the answer says whether it matches")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        seed = _seed(args.seed)
        options: dict[str, Any] = {"players": args.players}
        if args.jokers:
            options["jokers"] = True
        rules = ruleset(args.rules, **options)
        digest = wall_commitment(rules, seed)
        report: dict[str, Any] = {"valid": True, "seed": seed, "commitment": digest}
        # the answer to the question asked comes before the 144 tiles of the wall
        if args.commitment is not None:
            report["matches"] = args.commitment.strip().lower() == digest
        report["wall"] = " ".join(tile.code for tile in wall_order(rules, seed))
    except GameError as error:
        print(json.dumps({"valid": False, "error": str(error)}, ensure_ascii=False))
        return 1
    if report.get("matches") is False:
        print(
            f"The wall of seed {seed} does not match the commitment given: its commitment is {digest}.",
            file=sys.stderr,
        )
    print(json.dumps(report, ensure_ascii=False))
    return 0 if report.get("matches", True) else 1


def _seed(text: str) -> int:
    cleaned = text.strip()
    if not cleaned.isascii() or not cleaned.isdigit() or len(cleaned) > 20:
        raise GameError(f"a seed is a whole number of at most 20 digits, not {text!r}")
    return int(cleaned)

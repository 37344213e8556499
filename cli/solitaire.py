"""``mahjong-bot solitaire deal|verify`` (SPEC §5): print a deal, or check a move log and recompute its score.

The daily deal's deployment secret is read here, from ``MAHJONG_DAILY_SECRET`` (unset or empty: the
deal comes from the date alone), and passed into the engine.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from datetime import date
from typing import Any

from cli.inputs import read_json_stdin
from game.errors import GameError
from game.solitaire.deal import SEED_LIMIT, Deal, deal_for_date, deal_for_seed
from game.solitaire.layout import PYRAMID
from game.solitaire.replay import MalformedMove, MoveRefused, parse_moves, replay
from game.strict import short

SECRET_VARIABLE = "MAHJONG_DAILY_SECRET"
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # ASCII digits: \d would take ٢٠٢٤


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "solitaire",
        help="solitaire deals and score checks",
        description="The mahjong solitaire's deals, and the check of a game's moves and score.",
    )
    commands = parser.add_subparsers(dest="solitaire_command", required=True, metavar="ACTION")

    deal = commands.add_parser(
        "deal",
        help="print a deal as JSON (the daily deal of a UTC date, or a seed's)",
        description=f"Print a deal as JSON: its 144 tiles by (z, y, x). The daily deal reads {SECRET_VARIABLE}"
        " as the bot does.",
    )
    which = deal.add_mutually_exclusive_group(required=True)
    which.add_argument("--date", help="a UTC date, YYYY-MM-DD: that day's daily deal")
    which.add_argument("--seed", help=f"a free-play seed, 0 to {SEED_LIMIT - 1}")
    deal.add_argument("--solution", action="store_true", help="add the removal order the deal was built from")
    deal.set_defaults(handler=run_deal)

    verify = commands.add_parser(
        "verify",
        help='read {"date"|"seed", "moves", "seconds"} on stdin, replay the moves, print the score',
        description='Read {"date": "YYYY-MM-DD"} or {"seed": N} with "moves": [[id, id], "undo", ...] and'
        ' "seconds": N as JSON on stdin, replay the moves and print the score; a refused move prints'
        ' {"valid": false, "move": index, "error": ...} and exits with status 1.',
    )
    verify.set_defaults(handler=run_verify)


def daily_secret() -> bytes | None:
    secret = os.environ.get(SECRET_VARIABLE, "")
    return secret.encode() if secret else None


def parse_date(text: str) -> date:
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        raise ValueError(f"{short(text)} is not a date written YYYY-MM-DD")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{short(text)} is not a calendar date") from None


def parse_seed(value: object) -> int:
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,20}", value.strip()):
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEED_LIMIT:
        raise ValueError(f"{short(value)} is not a seed: seeds are integers from 0 to {SEED_LIMIT - 1}")
    return value


def deal_document(deal: Deal, with_solution: bool) -> dict[str, Any]:
    document: dict[str, Any] = {
        "seed": deal.seed,
        "tiles": [{"id": p.id, "x": p.x, "y": p.y, "z": p.z, "face": deal.faces[p.id].code} for p in PYRAMID.positions],
    }
    if with_solution:
        document["solution"] = [[a, b] for a, b in deal.solution]
    return document


def emit(document: dict[str, Any]) -> None:
    json.dump(document, sys.stdout, ensure_ascii=False)
    print()


def run_deal(args: argparse.Namespace) -> int:
    try:
        deal = (
            deal_for_date(parse_date(args.date), daily_secret()) if args.date else deal_for_seed(parse_seed(args.seed))
        )
    except ValueError as error:
        emit({"valid": False, "error": str(error)})
        return 1
    emit(deal_document(deal, args.solution))
    return 0


def run_verify(args: argparse.Namespace) -> int:
    try:
        document = read_json_stdin()
    except GameError as error:
        return _refuse(None, str(error))
    try:
        deal = _deal_of(document)
        moves = parse_moves(document.get("moves"))
        seconds = document.get("seconds")
        if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds < 0:
            raise ValueError(f'"seconds" must be a whole number of seconds, 0 or more, not {seconds!r}')
        outcome = replay(deal.board(), moves)
    except (MoveRefused, MalformedMove) as error:
        return _refuse(error.index, str(error))
    except (GameError, ValueError) as error:
        return _refuse(None, str(error))
    emit(
        {
            "valid": True,
            "pairs": outcome.pairs,
            "cleared": outcome.cleared,
            "undos": outcome.undos,
            "seconds": seconds,
            "score": outcome.score(seconds),
        }
    )
    return 0


def _deal_of(document: object) -> Deal:
    if not isinstance(document, dict):
        raise ValueError('the input must be a JSON object: {"date" or "seed", "moves", "seconds"}')
    if ("date" in document) == ("seed" in document):
        raise ValueError('give exactly one of "date" (YYYY-MM-DD) and "seed"')
    if "date" in document:
        return deal_for_date(parse_date(document["date"]), daily_secret())
    return deal_for_seed(parse_seed(document["seed"]))


def _refuse(index: int | None, error: str) -> int:
    emit({"valid": False, "move": index, "error": error})
    return 1

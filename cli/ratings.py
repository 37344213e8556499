"""``mahjong-bot ratings`` (SPEC §8, stable): ratings of finished matches given as JSON lines on stdin.

Each line, oldest match first, is ``{"pool": "…", "seats": [{"player": "…", "score": N}, … four]}``: a
club can rate the results of its physical tables with the bot's own code (``core.ratings``: the same
model, the same ties, the same order), one pool per name it gives. It prints one JSON object,
``{"players": [{"player", "pool", "mu", "sigma", "ordinal", "matches"}, …]}`` sorted by pool, then ordinal
(highest first), then player. Blank lines are skipped; a line that is not such a match (not JSON, not an
object, no pool, not four seats, a seat without a player or a numeric score, one player on two seats) is
refused on stderr with its line number, exit status 1, and nothing on stdout. Seasons are the bot's
business, not this command's: every line counts in one season.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable
from typing import Any

from cli.inputs import parse_json
from core.ratings.book import RatingBook
from core.ratings.model import SEATS
from game.errors import InvalidNotation


class MalformedLine(ValueError):
    """A line that is not a match: its number and what is wrong with it."""

    def __init__(self, number: int, reason: str) -> None:
        super().__init__(f"line {number}: {reason}")
        self.number = number


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "ratings",
        help="rate finished matches read as JSON lines (the bot's ratings, SPEC §8)",
        description="Rate finished four-player matches read on stdin, one JSON line each, oldest first:"
        ' {"pool": "...", "seats": [{"player": "...", "score": N}, ... four]}, with the model the bot rates its'
        " servers' matches with (equal scores share a place). Print every player's rating per pool as one JSON"
        ' object, {"players": [{"player", "pool", "mu", "sigma", "ordinal", "matches"}, ...]}, sorted by pool'
        " then ordinal, highest first. A malformed line is refused on stderr with its number, exit status 1.",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        players = rate_lines(sys.stdin)
    except MalformedLine as error:
        print(f"mahjong-bot ratings: {error}", file=sys.stderr)
        return 1
    except UnicodeDecodeError:
        print("mahjong-bot ratings: the input is not UTF-8 text", file=sys.stderr)
        return 1
    print(json.dumps({"players": players}, ensure_ascii=False))
    return 0


def rate_lines(lines: Iterable[str]) -> list[dict[str, Any]]:
    """Every player's rating per pool after the matches of ``lines`` (``MalformedLine`` for the first bad
    one), sorted as the command prints them."""
    book: RatingBook[str] = RatingBook()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        pool, players, scores = read_match(line, number)
        book.rate(pool, 1, players, scores)
    ranked = sorted(book.totals().items(), key=lambda item: (item[0][0], -item[1][0].ordinal, item[0][1]))
    return [
        {
            "player": player,
            "pool": pool,
            "mu": rating.mu,
            "sigma": rating.sigma,
            "ordinal": rating.ordinal,
            "matches": matches,
        }
        for (pool, player), (rating, matches) in ranked
    ]


def read_match(line: str, number: int) -> tuple[str, tuple[str, ...], tuple[float, ...]]:
    """A line's pool, players and scores by seat; ``MalformedLine`` saying what is wrong."""
    try:
        line.encode("utf-8")  # stdin read with surrogateescape (a C or UTF-8 mode locale) keeps bad bytes
    except UnicodeEncodeError:
        raise MalformedLine(number, "not UTF-8 text") from None
    try:
        document = parse_json(line)
    except InvalidNotation as error:
        raise MalformedLine(number, str(error).replace("the input is", "not a match:", 1)) from None
    if not isinstance(document, dict):
        raise MalformedLine(number, 'a match is a JSON object {"pool": ..., "seats": [...]}')
    pool = document.get("pool")
    if not isinstance(pool, str) or not pool:
        raise MalformedLine(number, '"pool" must be a non-empty text')
    seats = document.get("seats")
    if not isinstance(seats, list) or len(seats) != SEATS:
        found = f"{len(seats)} seats" if isinstance(seats, list) else "none"
        raise MalformedLine(number, f'"seats" must list the {SEATS} seats of the match, not {found}')
    players: list[str] = []
    scores: list[float] = []
    for index, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise MalformedLine(number, f'seat {index + 1} must be an object {{"player": ..., "score": ...}}')
        player, score = seat.get("player"), seat.get("score")
        if not isinstance(player, str) or not player:
            raise MalformedLine(number, f'seat {index + 1}: "player" must be a non-empty text')
        if player in players:
            raise MalformedLine(number, f"seat {index + 1}: {player!r} is already at seat {players.index(player) + 1}")
        players.append(player)
        scores.append(_score(score, number, index))
    return pool, tuple(players), tuple(scores)


def _score(value: Any, number: int, index: int) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MalformedLine(number, f'seat {index + 1}: "score" must be a number, not {json.dumps(value)[:40]}')
    try:
        score = float(value)
    except OverflowError:
        score = math.inf
    if not math.isfinite(score):
        raise MalformedLine(number, f'seat {index + 1}: "score" must be a finite number')
    return score

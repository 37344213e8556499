"""``mahjong-bot tournament seats`` (SPEC §9, stable): a tournament's seating schedule as JSON.

``--players N --rounds R [--seed S]`` prints ``{"rounds": [[[p, p, p, p], …tables], …rounds]}``: players
0…N−1, ``-1`` a computer seat, each table's seats in the order E, S, W, N of its first hand
(``core.tournaments``). The same arguments print the same schedule. A number out of range (players 4–200,
rounds 1–12, a seed of 0 or more) gets ``{"valid": false, "error": ...}`` and exit status 1; a value that
is not a whole number is argparse's usage error (status 2).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cli.inputs import whole_number
from core.tournaments.schedule import schedule_document
from core.tournaments.seats import MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, seat_tournament


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "tournament",
        help="tournaments: the seating schedule",
        description="Tournaments (SPEC §9): the seating schedule of their rounds.",
    )
    commands = parser.add_subparsers(dest="tournament_command", required=True, metavar="ACTION")
    seats = commands.add_parser(
        "seats",
        help="print the seating schedule of N players over R rounds as JSON",
        description='Print the seating schedule as JSON, {"rounds": [[[p, p, p, p], ...tables], ...rounds]}:'
        " players 0 to N-1, -1 a computer seat, each table's seats in the order E, S, W, N of its first hand."
        " Every round seats every player once at tables of four with the fewest computer seats; as few repeat"
        " meetings as can be found (none when a schedule without exists); each player's winds within one of"
        " each other; computer seats spread evenly. The same arguments print the same schedule.",
    )
    seats.add_argument(
        "--players", type=whole_number, required=True, help=f"how many players, {MIN_PLAYERS} to {MAX_PLAYERS}"
    )
    seats.add_argument(
        "--rounds", type=whole_number, required=True, help=f"how many rounds, {MIN_ROUNDS} to {MAX_ROUNDS}"
    )
    seats.add_argument(
        "--seed",
        type=whole_number,
        default=0,
        help="draws the players onto the schedule's numbers, 0 or more (default 0): any seed gives a schedule as good",
    )
    seats.set_defaults(handler=run_seats)


def run_seats(args: argparse.Namespace) -> int:
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        return _refuse(f"--players is a number of players from {MIN_PLAYERS} to {MAX_PLAYERS}, not {args.players}")
    if not MIN_ROUNDS <= args.rounds <= MAX_ROUNDS:
        return _refuse(f"--rounds is a number of rounds from {MIN_ROUNDS} to {MAX_ROUNDS}, not {args.rounds}")
    if args.seed < 0:
        return _refuse(f"--seed is a whole number, 0 or more, not {args.seed}")
    print(json.dumps(schedule_document(seat_tournament(args.players, args.rounds, args.seed))))
    return 0


def _refuse(error: str) -> int:
    print(json.dumps({"valid": False, "error": error}))
    return 1

"""``mahjong-bot tournament seats`` (issue 46): the schedule's time and quality over a grid of players × rounds.

For each (N, R): the time of ``seat_tournament`` in-process; the rounds a published construction gave;
the repeat meetings and the counting bound (meetings beyond the pairs there are must repeat; 0 when there
are enough pairs, though a schedule without a repeat may still not exist); the largest spread of a
player's wind counts; the computer meetings per player (fewest–most). Then the slowest case again as the
whole command, process start included (best of three).

    .venv/bin/python benchmarks/tournament_seats.py [--players 16,24] [--rounds 5,6]
    .venv/bin/python benchmarks/tournament_seats.py --all    # every N 4–200 × R 1–12: a summary
"""

from __future__ import annotations

import argparse
import math
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.tournaments import measure, seat_tournament  # noqa: E402
from core.tournaments.grouping import computer_seats  # noqa: E402
from core.tournaments.seats import constructed_rounds  # noqa: E402

PLAYERS = [4, 5, 7, 8, 13, 14, 16, 17, 20, 22, 24, 28, 31, 32, 36, 40, 44, 48, 64, 100, 199, 200]
ROUNDS = [1, 4, 5, 6, 8, 10, 12]


def forced_repeats(players: int, rounds: int) -> int:
    meetings = rounds * sum(math.comb(4 - computers, 2) for computers in computer_seats(players))
    return max(0, meetings - math.comb(players, 2))


def row(players: int, rounds: int) -> tuple[float, str, bool]:
    start = time.perf_counter()
    schedule = seat_tournament(players, rounds)
    seconds = time.perf_counter() - start
    found = measure(schedule)
    forced = forced_repeats(players, rounds)
    built = len(constructed_rounds(players, rounds))
    line = (
        f"| {players} | {rounds} | {seconds:.2f} | {built} | {found.repeats} | {forced} | {found.wind_spread}"
        f" | {min(found.computer_meetings)}–{max(found.computer_meetings)} |"
    )
    return seconds, line, found.repeats > forced


def command_seconds(players: int, rounds: int) -> float:
    command = [sys.executable, "-c", "import sys; from cli import console; sys.exit(console())"]
    command += ["tournament", "seats", "--players", str(players), "--rounds", str(rounds)]
    times = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default=",".join(map(str, PLAYERS)), help="players, comma-separated")
    parser.add_argument("--rounds", default=",".join(map(str, ROUNDS)), help="rounds, comma-separated")
    parser.add_argument("--all", action="store_true", help="every N 4–200 and R 1–12; print only a summary")
    args = parser.parse_args()
    grid = (
        [(players, rounds) for players in range(4, 201) for rounds in range(1, 13)]
        if args.all
        else [(int(p), int(r)) for p in args.players.split(",") for r in args.rounds.split(",")]
    )
    if not args.all:
        print("| N | R | seconds | constructed rounds | repeats | counting bound | wind spread | computer meetings |")
        print("|---|---|---|---|---|---|---|---|")
    slowest, above_bound = (0.0, 0, 0), []
    for players, rounds in grid:
        seconds, line, above = row(players, rounds)
        if not args.all:
            print(line, flush=True)
        if above:
            above_bound.append(line)
        slowest = max(slowest, (seconds, players, rounds))
    seconds, players, rounds = slowest
    print(f"\n{len(grid)} cases; slowest {players} × {rounds}: {seconds:.2f} s in-process,", end=" ")
    print(f"{command_seconds(players, rounds):.2f} s as the command; {len(above_bound)} above the counting bound")
    if args.all:
        print("\n".join(above_bound))


if __name__ == "__main__":
    main()

"""The solitaire pyramid redrawn after each pick of seeded games, from the board to the PNG's bytes, at this
checkout and, with ``--before``, at an earlier revision side by side.

    .venv/bin/python benchmarks/pyramid_redraw.py [--games 2] [--repeat 2] [--fresh 30]
    .venv/bin/python benchmarks/pyramid_redraw.py --before e851eb5^    # the drawing before the redraw

What it measures is ``render.pyramid.render_pyramid`` as the revision has it, called as the bot calls it.
Each seeded deal (``deal_for_seed``) is played along its solution and the board drawn after every pick,
a tile selected after every other one (a member's first click), the games in English and French in
turn, at full size and small (the channel post). For each size it prints the time from board to PNG
bytes (median, p99): of the fresh deal of seed 5, ``--fresh`` times; of every board along ``--games``
games, ``--repeat`` passes, once a first pass has drawn every tile's picture (as in a running bot); and
of each board of a game not seen before, once. Then the PNGs' sizes (median and largest), and whether
every picture comes out the same bytes when drawn again.

With ``--before REV`` the same script runs in a git worktree of ``REV`` (``benchmarks/beside.py``), on
that revision's own ``render`` package, and its figures are printed beside this checkout's: the code
compared is each revision's, not a copy kept here. ``e851eb5^`` is the drawing before the redraw (each
tile an RGBA sprite composited onto RGBA felt, then an adaptive 256-colour palette and PNG level 6);
its tiles were 96 pixels wide, 64 since 5dbb9a8, so its pictures are larger too (the sizes say by how
much) and are not compared pixel by pixel.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this revision's packages, also in a worktree beside the installed checkout

from benchmarks.beside import run_at  # noqa: E402
from benchmarks.table_redraw import summary, timed  # noqa: E402
from game.solitaire.deal import deal_for_seed  # noqa: E402
from render.pyramid import render_pyramid  # noqa: E402


@dataclass(frozen=True)
class Case:
    board: Any  # game.solitaire.board.Board, as the revision measured has it
    selected: int | None
    lang: str
    name: str


def along_games(first: int, games: int) -> Iterator[Case]:
    """Every board of each seeded game from the deal to the last pair, a tile selected every other time."""
    for seed in range(first, first + games):
        deal = deal_for_seed(seed)
        board = deal.board()
        lang = "en" if seed % 2 else "fr"
        for pick, (a, b) in enumerate(deal.solution):
            free = board.free_ids()
            yield Case(board, free[pick % len(free)] if pick % 2 else None, lang, f"seed {seed} pick {pick}")
            board = board.remove(a, b)


def png(case: Case, small: bool) -> bytes:
    return render_pyramid(case.board, selected=case.selected, small=small, lang=case.lang).image_png


def measured(games: int, repeat: int, fresh: int) -> dict[str, Any]:
    """This revision's figures: timings in milliseconds, sizes in bytes."""
    cases = list(along_games(1, games))
    start = time.perf_counter()
    for case in cases:  # every tile's picture drawn once, out of the timings
        for small in (False, True):
            png(case, small)
    figures: dict[str, Any] = {"first pass": time.perf_counter() - start}
    fresh_case = Case(deal_for_seed(5).board(), None, "en", "fresh deal")
    unseen = list(along_games(games + 1, 1))
    for small in (False, True):
        figures["small" if small else "full"] = {
            "fresh": [timed(partial(png, fresh_case, small)) for _ in range(fresh)],
            "along": [timed(partial(png, case, small)) for _ in range(repeat) for case in cases],
            "unseen": [timed(partial(png, case, small)) for case in unseen],
            "sizes": [len(png(case, small)) for case in cases],
        }
    checked = cases[::6]
    figures["unstable"] = sum(png(case, small) != png(case, small) for case in checked for small in (False, True))
    figures["checked"] = 2 * len(checked)
    return figures


def report(label: str, figures: dict[str, Any]) -> None:
    print(f"{label}: first pass over the games (every tile's picture): {figures['first pass']:.1f} s")
    for size in ("full", "small"):
        timings = figures[size]
        sizes = [size_bytes / 1024 for size_bytes in timings["sizes"]]
        print(f"  {'full size' if size == 'full' else 'small (channel post)'}:")
        print(f"    fresh deal          {summary(timings['fresh'])}")
        print(f"    along the games     {summary(timings['along'])}")
        print(f"    a game not seen     {summary(timings['unseen'])}")
        print(f"    PNG size            median {statistics.median(sizes):4.0f} KB, largest {max(sizes):4.0f} KB")
    print(f"  {figures['unstable']} of {figures['checked']} pictures differ when drawn again")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2, help="seeded games played along (72 boards each)")
    parser.add_argument("--repeat", type=int, default=2, help="measured passes over the games' boards")
    parser.add_argument("--fresh", type=int, default=30, help="renders of the fresh deal")
    parser.add_argument("--before", metavar="REVISION", help="measure that revision too, beside this checkout")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = parser.parse_args()
    arguments = ["--games", str(args.games), "--repeat", str(args.repeat), "--fresh", str(args.fresh)]

    if args.json:
        print(json.dumps(measured(args.games, args.repeat, args.fresh)))
        return
    # Other work on the machine moves these timings: its load is printed with them.
    print(f"load average (1, 5, 15 min): {', '.join(f'{load:.2f}' for load in os.getloadavg())}")
    if args.before:
        report(f"at {args.before}", run_at(args.before, "pyramid_redraw.py", arguments))
    report("this checkout", measured(args.games, args.repeat, args.fresh))
    print(f"load average (1, 5, 15 min): {', '.join(f'{load:.2f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()

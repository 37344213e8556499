"""The drawing processes' work under load, replayed: what each kind of drawing costs, side by side.

    DRAW_LOG=/tmp/draws.pkl .venv/bin/python benchmarks/load.py --sizes 1000 --duration 60 --warmup 10
    .venv/bin/python benchmarks/drawing_replay.py /tmp/draws.pkl [--skip 0.6] [--profile /tmp/draws.prof]
    .venv/bin/python benchmarks/drawing_replay.py /tmp/draws.pkl --against /tmp/base

``DRAW_LOG`` (``tests/bot/run_against_fake.py``) records every drawing the bot asked of its drawing
processes during a load run, the function and its arguments. This replays them in order in one process
after the drawing processes' own warm-up, leaving out the first ``--skip`` share of them (the tables'
opening), and prints the CPU each kind of drawing took (the table, a private hand, a solitaire board:
the presenter's whole call, pictures and all, and pickling its answer as a worker does).

With ``--against DIR`` (another checkout, e.g. a ``git worktree`` of an older commit), the same
recording is replayed by this checkout and by ``DIR`` at the same time, one process each on the two
cores, and the ratio of their CPU is printed: the machine's speed changes from one minute to the next,
so only figures taken together compare. Both checkouts must take the recorded arguments. One process
replays everything, so the caches a drawing process keeps serve every drawing here, as if the bot had
one drawing process, not two.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import json
import pathlib
import pickle
import subprocess
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent


def recorded(path: str) -> list[tuple[Any, tuple[Any, ...], dict[str, Any]]]:
    records = []
    with open(path, "rb") as log:
        while True:
            try:
                records.append(pickle.load(log))
            except EOFError:
                return records


def replay(path: str, skip: float, profile: str | None) -> dict[str, Any]:
    from bot.drawing import warm_up

    records = recorded(path)
    replayed = records[int(len(records) * skip) :]
    warm_up()
    spent: dict[str, float] = collections.defaultdict(float)
    counts = collections.Counter(function.__name__ for function, _, _ in replayed)
    profiler = cProfile.Profile() if profile else None
    if profiler is not None:
        profiler.enable()
    start = time.process_time()
    for function, args, keywords in replayed:
        before = time.process_time()
        pickle.dumps(function(*args, **keywords))
        spent[function.__name__] += time.process_time() - before
    total = time.process_time() - start
    if profiler is not None and profile:
        profiler.disable()
        profiler.dump_stats(profile)
    return {"drawings": len(replayed), "cpu": total, "kinds": {name: [counts[name], spent[name]] for name in counts}}


def show(name: str, figures: dict[str, Any]) -> None:
    print(f"{name}: {figures['drawings']} drawings, {figures['cpu']:.1f} s of CPU, "
          f"{1000 * figures['cpu'] / figures['drawings']:.2f} ms a drawing")  # fmt: skip
    for kind, (count, cpu) in sorted(figures["kinds"].items()):
        print(f"  {kind:<16} {count:6} × {1000 * cpu / count:6.2f} ms")


def side_by_side(path: str, skip: float, other: pathlib.Path) -> None:
    """Both checkouts at once, each in its own process, on its own code (this script replays both)."""
    runs = {
        name: subprocess.Popen(
            [sys.executable, __file__, path, "--skip", str(skip), "--code", str(folder), "--json"],
            cwd=folder,
            env={"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin"},
            stdout=subprocess.PIPE,
            text=True,
        )
        for name, folder in (("this checkout", ROOT), (str(other), other))
    }
    figures = {name: json.loads(run.communicate()[0]) for name, run in runs.items()}
    for name, each in figures.items():
        show(name, each)
    mine, theirs = (each["cpu"] / each["drawings"] for each in figures.values())
    print(f"CPU a drawing, this checkout / {other}: {mine / theirs:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("recording")
    parser.add_argument("--skip", type=float, default=0.6, help="the share of drawings left out at the start")
    parser.add_argument("--profile", default=None, help="write cProfile stats of the replay there")
    parser.add_argument("--against", type=pathlib.Path, default=None, help="another checkout, replayed beside")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--code", type=pathlib.Path, default=ROOT, help="the checkout whose code draws")
    args = parser.parse_args()
    if args.against is not None:
        side_by_side(args.recording, args.skip, args.against.resolve())
        return
    sys.path.insert(0, str(args.code))
    figures = replay(args.recording, args.skip, args.profile)
    if args.json:
        print(json.dumps(figures))
    else:
        show(str(args.code), figures)


if __name__ == "__main__":
    main()

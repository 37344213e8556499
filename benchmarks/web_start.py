"""``mahjong-bot web`` from its command to a page that answers: the time, the resident memory, and which
libraries it loaded (issue 38: the page alone should load neither discord.py nor Pillow).

    .venv/bin/python benchmarks/web_start.py [--runs 5]
    .venv/bin/python benchmarks/web_start.py --beside <revision>   # that revision's figures in the same run

Each run starts ``mahjong-bot web`` (this checkout's code, the interpreter of this virtual environment:
``benchmarks/page_server.py``) on a fresh embedded SQLite store in a temporary folder, asks ``/healthz``
every 10 ms until it answers 200, reads the process's VmRSS from ``/proc`` a second later, then stops it
with SIGTERM. A ``sitecustomize`` put on the process's path writes the modules it had loaded when it exits.
Printed: the median and the spread of the runs, and the count of discord.py's, Pillow's and aiohttp's
modules.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import statistics
import sys
import tempfile
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.beside import run_at  # noqa: E402
from benchmarks.page_server import free_port, start_page, stop_page  # noqa: E402

_SITECUSTOMIZE = """
import atexit, os, sys
def _write():
    with open(os.environ["WEB_START_MODULES"], "w") as out:
        out.write("\\n".join(sorted(sys.modules)))
atexit.register(_write)
"""
LIBRARIES = ("discord", "PIL", "aiohttp")


def rss_kib(pid: int) -> int:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


async def one_run() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        place = pathlib.Path(folder)
        (place / "sitecustomize.py").write_text(_SITECUSTOMIZE)
        settings = {
            "DATABASE_PATH": str(place / "web.sqlite3"),
            "PYTHONPATH": os.pathsep.join([str(ROOT), str(place)]),
            "WEB_START_MODULES": str(place / "modules.txt"),
        }
        started = time.perf_counter()
        process = await start_page(place, free_port(), settings)
        try:
            ready = time.perf_counter() - started
            await asyncio.sleep(1.0)
            rss = rss_kib(process.pid)
        finally:
            await stop_page(process)
        modules = (place / "modules.txt").read_text().split()
    counts = {library: sum(1 for name in modules if name.split(".")[0] == library) for library in LIBRARIES}
    return {"seconds": ready, "rss_mib": rss / 1024, "modules": len(modules), **counts}


def measure(runs: int) -> dict[str, Any]:
    results = [asyncio.run(one_run()) for _ in range(runs)]
    seconds = [result["seconds"] for result in results]
    rss = [result["rss_mib"] for result in results]
    return {
        "runs": runs,
        "seconds_median": statistics.median(seconds),
        "seconds_min": min(seconds),
        "seconds_max": max(seconds),
        "rss_mib_median": statistics.median(rss),
        "modules": results[-1]["modules"],
        **{library: results[-1][library] for library in LIBRARIES},
    }


def show(label: str, figures: dict[str, Any]) -> None:
    print(
        f"{label:>12}: ready in {figures['seconds_median']:.2f} s (min {figures['seconds_min']:.2f}, max "
        f"{figures['seconds_max']:.2f}), RSS {figures['rss_mib_median']:.1f} MiB; {figures['modules']} modules "
        f"(discord {figures['discord']}, PIL {figures['PIL']}, aiohttp {figures['aiohttp']})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="starts measured (default 5)")
    parser.add_argument("--beside", metavar="REVISION", help="measure that revision too, in the same run")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = parser.parse_args()
    if args.beside:
        before = run_at(args.beside, "web_start.py", ["--runs", str(args.runs)])
    figures = measure(args.runs)
    if args.json:
        print(json.dumps(figures))
        return
    if args.beside:
        show(args.beside[:10], before)
    show("this checkout", figures)
    if args.beside:
        print(
            f"ratios (this / {args.beside[:10]}): time {figures['seconds_median'] / before['seconds_median']:.2f}, "
            f"RSS {figures['rss_mib_median'] / before['rss_mib_median']:.2f}"
        )


if __name__ == "__main__":
    main()

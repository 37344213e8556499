"""``benchmarks/pyramid_redraw.py`` runs on the ``render`` package of the revision it measures (no copy of
old drawing code): here this checkout's, as ``--before`` runs it at another revision, through ``--json``."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "pyramid_redraw.py"


def test_the_benchmark_measures_this_checkouts_pyramid_and_says_so_in_json(tmp_path):
    # Run from elsewhere: the script finds its own revision's packages, as in a worktree beside this one.
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--json", "--games", "1", "--repeat", "1", "--fresh", "2"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(run.stdout.strip().splitlines()[-1])
    boards = 72  # a pyramid deal's pairs: the board before each pick
    for size in ("full", "small"):
        measured = figures[size]
        assert len(measured["fresh"]) == 2 and len(measured["along"]) == len(measured["sizes"]) == boards
        assert len(measured["unseen"]) == boards and all(ms > 0 for ms in measured["along"])
        assert all(size_bytes > 1000 for size_bytes in measured["sizes"])
    assert figures["unstable"] == 0 and figures["checked"] == 2 * len(range(0, boards, 6))

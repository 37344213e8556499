"""Optional cross-check against hk-mahjong 3.2.0 (npm): every disagreement must be a known, sourced one.

Skips unless node and ``benchmarks/hk_crosscheck/node_modules`` are present
(``npm install --prefix benchmarks/hk_crosscheck``). The full report is ``benchmarks/hk_crosscheck.py``.
"""

import importlib.util
import json
import pathlib
import random
import subprocess

import pytest

from game.scoring import score_hongkong

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "hk_crosscheck.py"


def load_crosscheck():
    spec = importlib.util.spec_from_file_location("hk_crosscheck", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.optional
def test_hk_mahjong_agrees_up_to_known_differences():
    crosscheck = load_crosscheck()
    if not crosscheck.oracle_available():
        pytest.skip("hk-mahjong is not installed (npm install --prefix benchmarks/hk_crosscheck)")
    rng = random.Random(7)
    wins = [crosscheck.random_win(rng) for _ in range(500)]
    lines = "".join(json.dumps(crosscheck.oracle_input(win)) + "\n" for win in wins)
    output = subprocess.run(
        ["node", str(crosscheck.ORACLE_DIR / "oracle.js")], input=lines, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    unexplained = []
    for win, line in zip(wins, output, strict=True):
        theirs = json.loads(line)
        ours = score_hongkong(win, crosscheck.SETTINGS)
        mine = "limit" if ours.limit_hand else ours.fan
        other = theirs["value"] if theirs["value"] == "limit" else min(theirs["value"], crosscheck.CAP)
        if mine != other and crosscheck.explain(win, ours, theirs) == "unexplained":
            unexplained.append((win, ours, theirs))
    assert unexplained == []

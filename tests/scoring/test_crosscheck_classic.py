"""Optional cross-check of the classic scorer against Kajongg (KDE, GPL-2.0), run as an external tool.

Skips unless Kajongg is installed for the system python3 (Debian: ``apt-get install -y kajongg``, which
``.ci/run`` tries). The full report is ``benchmarks/classic_crosscheck.py``.
"""

import importlib.util
import pathlib
import random
import sys

import pytest

from game.hand import SetKind
from game.melds import Meld
from game.scoring import classic, score_classic
from game.tiles import Tile, parse_tiles
from game.win import WinContext

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "classic_crosscheck.py"


def load_crosscheck():
    spec = importlib.util.spec_from_file_location("classic_crosscheck", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    # Its dataclasses resolve their annotations through sys.modules.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def crosscheck():
    module = load_crosscheck()
    if not module.oracle_available():
        pytest.skip("Kajongg is not installed (apt-get install -y kajongg)")
    return module


def unexplained(crosscheck, ruleset, hands, seed, house=False):
    rng = random.Random(seed)
    wins = [crosscheck.random_win(rng, max_chows=1 if ruleset == "bmja" else 4) for _ in range(hands)]
    scope = crosscheck.scope_for(ruleset, house)
    return [
        (outcome.win, outcome.differences())
        for outcome in crosscheck.crosscheck(wins, scope)
        if any(not source.startswith("known") for _what, source in outcome.differences())
    ]


@pytest.mark.optional
@pytest.mark.parametrize(("ruleset", "house"), [("dmjl", False), ("bmja", False), ("dmjl", True)])
def test_kajongg_agrees_up_to_known_differences(crosscheck, ruleset, house):
    assert unexplained(crosscheck, ruleset, 300, seed=11, house=house) == []


@pytest.mark.optional
def test_reference_vector_scores_the_same_in_kajongg_and_here(crosscheck):
    # reference/scoring.md §3.5: West wins in the East round on a discard completing the pair of 5 bamboo,
    # with exposed pungs of 1 circles and West, a concealed pung of 7 and chow 1-2-3 characters.
    # Kajongg DMJL gives 36 points × 2 = 72 there (2 of them for the pair of 2..8 and 2 for the only
    # possible tile, which the boxed set does not have); the boxed set gives 32 × 2 = 64.
    win = WinContext(
        concealed=tuple(parse_tiles("123777m55s")),
        melds=(Meld(SetKind.PUNG, Tile.P1, claimed_from=0), Meld(SetKind.PUNG, Tile.WEST, claimed_from=1)),
        winning_tile=Tile.S5,
        self_drawn=False,
        seat=2,
        round_wind=Tile.EAST,
    )
    ((_reading, string),) = crosscheck.kajongg_hands(win)
    (answer,) = crosscheck.run_oracle("dmjl", [{"seat": 2, "round": 0, "hands": [string]}])
    (result,) = answer["results"]
    assert (result["points"], result["doubles"]) == (36, 1)
    assert score_classic(win).score == 64
    (outcome,) = crosscheck.crosscheck([win], crosscheck.scope_for("dmjl"))
    assert outcome.differences() == []


@pytest.mark.optional
@pytest.mark.parametrize("mutation", ["terminal_kong_points", "mahjong_points"])
def test_crosscheck_catches_a_wrong_value(crosscheck, monkeypatch, mutation):
    # The harness must be able to fail: break one value of the table and expect unexplained disagreements.
    if mutation == "terminal_kong_points":
        right = classic.set_points
        monkeypatch.setattr(
            classic,
            "set_points",
            lambda item: (
                right(item) // 2 if item.kind is SetKind.KONG and item.tile.is_terminal_or_honour else right(item)
            ),
        )
    else:
        monkeypatch.setattr(classic, "MAHJONG_POINTS", 10)
    assert unexplained(crosscheck, "dmjl", 150, seed=3)

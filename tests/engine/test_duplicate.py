"""``benchmarks/duplicate.py``: its statistics, and a tiny run that plays one wall in every seating."""

import importlib.util
import math
import pathlib
import sys
from fractions import Fraction

import pytest

from game.players.basic import BasicPlayer
from game.rules import ruleset

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "duplicate.py"


@pytest.fixture(scope="module")
def duplicate():
    spec = importlib.util.spec_from_file_location("duplicate_benchmark", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["duplicate_benchmark"] = module  # its dataclasses look their module up while being made
    spec.loader.exec_module(module)
    yield module
    del sys.modules["duplicate_benchmark"]


@pytest.mark.parametrize(
    ("payments", "expected"),
    [
        ((0, 0, 20, 0), (3, 3, 1, 3)),  # classic: only the winner scores
        ((0, 0, 0, 0), (2.5, 2.5, 2.5, 2.5)),  # a drawn hand
        ((64, -64, 0, 0), (1, 4, 2.5, 2.5)),  # Hong Kong: the discarder pays for all
        ((-32, 96, -32, -32), (3, 1, 3, 3)),  # Hong Kong: self-drawn, everyone pays
        ((3, 1, 2, 0), (1, 3, 2, 4)),
        ((5, 5, 0, -10), (1.5, 1.5, 3, 4)),
    ],
)
def test_placements_rank_the_payments_ties_sharing_the_average(duplicate, payments, expected):
    placed = duplicate.placements([Fraction(paid) for paid in payments])
    assert placed == expected and sum(placed) == 10


def test_the_interval_is_the_mean_within_1_96_standard_errors(duplicate):
    known = duplicate.interval([1.0, 2.0, 3.0, 4.0, 5.0])  # standard deviation √2.5, standard error √0.5
    assert known.mean == 3 and known.count == 5
    assert math.isclose(known.high - known.mean, 1.959964 * math.sqrt(0.5), rel_tol=1e-6)
    assert math.isclose(known.mean - known.low, known.high - known.mean) and known.significant
    assert not duplicate.interval([-1.0, 1.0]).significant
    with pytest.raises(ValueError):
        duplicate.interval([1.0])


def test_the_paired_difference_takes_each_walls_difference(duplicate):
    # The walls' luck (here 10, 20, 30) is shared by both sides and cancels out.
    same_gap = duplicate.paired_difference([11.0, 22.0, 33.0], [10.0, 20.0, 30.0])
    assert same_gap.mean == 2 and same_gap.significant
    assert not duplicate.paired_difference([11.0, 19.0, 31.0], [10.0, 20.0, 30.0]).significant


def test_the_lineup_turns_so_the_challenger_sits_in_each_chair(duplicate):
    lineup = ("strong", "basic", "basic", "basic")
    assert [duplicate.seated(lineup, chair).index("strong") for chair in range(4)] == [0, 1, 2, 3]
    assert duplicate.seated(("a", "b", "c", "d"), 1) == ("d", "a", "b", "c")


def test_an_outside_player_is_named_by_its_module_and_class(duplicate):
    assert isinstance(duplicate.make("game.players.basic:BasicPlayer"), BasicPlayer)


def test_each_seating_plays_the_same_wall_dealt_afresh(duplicate, monkeypatch):
    dealt = []
    play_round = duplicate.play_round

    def play_recording_the_deal(hand, players, rng):
        dealt.append((hand, hand.to_document()))
        return play_round(hand, players, rng)

    monkeypatch.setattr(duplicate, "play_round", play_recording_the_deal)
    lineup = ("basic",) * 4
    plays = [duplicate.play_wall(("classic", lineup, 7, wall)) for wall in range(2)]
    assert len(dealt) == 8
    for wall in range(2):
        seatings = dealt[4 * wall : 4 * wall + 4]
        assert len({id(hand) for hand, _ in seatings}) == 4
        assert all(document == seatings[0][1] for _, document in seatings)
    assert dealt[0][1]["wall"] != dealt[4][1]["wall"]
    assert dealt[0][1] == duplicate.deal(ruleset("classic"), 7, 0).to_document()
    for play in plays:
        assert [seating.challenger_chair for seating in play.seatings] == [0, 1, 2, 3]
        assert all(sum(seating.placements) == 10 for seating in play.seatings)
    report = duplicate.summarise("classic", lineup, 7, plays)
    assert report.walls == 2 and len(report.chair_placements) == 4
    # basic×4 plays a wall alike in every seating: seat 0's player is exactly the others' equal.
    assert report.alike_walls == 2 and report.places_better.mean == 0 and not report.places_better.significant
    assert math.isclose(sum(placed.mean for placed in report.chair_placements), 10)

"""``benchmarks/expert_levers.py``: every contender plays a hand through in each rule set, and the
figures of ``strong`` and its evaluation it changes while deciding are back as they were afterwards."""

import importlib.util
import inspect
import pathlib
import random

import pytest

import game.players.evaluation as evaluation
import game.players.hongkong_plans as hongkong_plans
import game.players.strong as strong
from game.match import Match
from game.players.autoplay import play_round
from game.players.strong import StrongPlayer
from game.rules import ruleset
from game.scoring.table import judge_for_table

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "expert_levers.py"


def _load():
    spec = importlib.util.spec_from_file_location("expert_levers_benchmark", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LEVERS = _load()
CONTENDERS = sorted(
    name
    for name, value in vars(LEVERS).items()
    if inspect.isclass(value)
    and value.__module__ == LEVERS.__name__
    and not name.startswith("_")
    and callable(getattr(value, "choose", None))
)


def _figures():
    return (
        dict(strong.CAUTION_FROM),
        dict(strong.SECOND_STEP),
        dict(strong.DEAL_IN_COST),
        strong.CAUTION_PER_FAN,
        dict(evaluation.OPPONENT_HAZARD),
        evaluation.PAIR_TO_PUNG,
        evaluation.hand_score,
        hongkong_plans.base_points,
    )


@pytest.mark.parametrize("rules_name", ["classic", "hongkong"])
@pytest.mark.parametrize("name", CONTENDERS)
def test_a_contender_plays_a_hand_and_leaves_strong_as_it_was(name, rules_name):
    rules = ruleset(rules_name)
    before = _figures()
    hand = Match(rules, 3, judge=judge_for_table(rules)).next_round()
    players = [getattr(LEVERS, name)(), StrongPlayer(), StrongPlayer(), StrongPlayer()]
    result = play_round(hand, players, random.Random(1))  # an illegal action would raise
    assert result is not None
    assert _figures() == before


def test_every_contender_is_tried():
    assert {"NoCaution", "Speed", "FoldWhenFar", "SafeTies", "ClaimOnlyFaster", "StrongBefore"} <= set(CONTENDERS)

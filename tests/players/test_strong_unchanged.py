"""Issue 45, item 3: ``strong`` plays classic for the win (the second step, no caution), and nothing
else about it changed. The digests below are of every decision the previous ``strong`` made (before
2026-12-06's change) over seeded hands in each rule set and variant: ``strong`` must still make them
all at Hong Kong and family tables, and ``benchmarks/expert_levers.py``'s ``StrongBefore`` (the
previous ``strong``, kept for the duplicate comparison) must make them at classic ones."""

import hashlib
import importlib.util
import pathlib
import random

import pytest
from players_helpers import VARIANTS

from game.match import matches_hands
from game.players.basic import BasicPlayer
from game.players.strong import StrongPlayer
from game.rules import ruleset
from game.scoring import judge_for

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "expert_levers.py"
HANDS = 30


def _levers():
    spec = importlib.util.spec_from_file_location("expert_levers_for_strong", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def decisions_digest(player, name, options, hands=HANDS):
    """Hands of ``player`` in every chair of ``player``, ``basic``, ``player``, ``player`` (as many chairs
    as the table has): the number of decisions ``player`` made and a digest of them all."""
    rules = ruleset(name, **options)
    judge = judge_for(rules.name) if rules.name in ("classic", "hongkong") else None
    lineup = [player, BasicPlayer(), player, player][: rules.players]
    rng = random.Random(5)
    digest = hashlib.sha256()
    made = 0
    for hand in matches_hands(rules, f"strong-unchanged:{name}:{sorted(options.items())}", hands, judge):
        while hand.result is None:
            seat = hand.awaiting()[0]
            action = lineup[seat].choose(hand.view(seat), rng)
            if lineup[seat] is player:
                digest.update(f"{seat}:{action!r};".encode())
                made += 1
            hand.apply(action)
    return made, digest.hexdigest()[:16]


# The previous strong's decisions, variant by variant (VARIANTS' order): (decisions, digest).
BEFORE = {
    "classic": (1164, "3887b3985eb49d8c"),
    "hongkong": (1923, "d704df2bb13472e3"),
    "classic-calling_rule=True-jokers=True": (1815, "4b88d50fbfa62672"),
    "classic-open_hands=True-players=3": (1141, "0b68f3b3c9f01dc2"),
    "hongkong-players=2": (1087, "08691c9b17233d7e"),
    "hongkong-minimum_fan=1": (2019, "5f82586fb9b7daf8"),
    "family": (1143, "d701e061591f6dd4"),
}


def _variant_id(variant):
    name, options = variant
    return name + "".join(f"-{key}={value}" for key, value in sorted(options.items()))


@pytest.mark.parametrize("variant", VARIANTS, ids=_variant_id)
def test_strong_decides_as_before_outside_classic_and_strong_before_in_classic(variant):
    name, options = variant
    player = _levers().StrongBefore() if name == "classic" else StrongPlayer()
    assert decisions_digest(player, name, options) == BEFORE[_variant_id(variant)]

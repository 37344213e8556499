"""Hong Kong: the strong player plans for a winning hand that meets the table's own minimum fan."""

import random

from players_helpers import chow, position
from test_strong_play import play_hands

from game.actions import Claim, ClaimKind, Discard, Pass
from game.hand import regular_shanten
from game.hints import discard_hints
from game.match import matches_hands
from game.players.evaluation import FREE, Plan, Table, counts_of
from game.players.hongkong_plans import evaluate_hongkong, hongkong_distance
from game.players.strong import Motive, decide
from game.players.teacher import TeacherPlayer
from game.rules import ruleset
from game.scoring.table import judge_for_table
from game.tiles import Tile, parse_tiles
from words.phrases import show

# A chow of characters laid: no concealed fan. The hand is ready with a chow and a run of circles
# (any winning hand, 0 fan: at most 1 with a self-drawn win), while the nearest hand of 3 fan is
# mixed one suit in characters, five exchanges away, giving up the circles.
READY_BELOW_MINIMUM = {"hand": "456m345p678p9m2m", "rules": "hongkong", "melds": {0: [chow("1m")]}}


def test_the_view_carries_the_tables_minimum():
    rules = ruleset("hongkong", minimum_fan=1)
    hand = next(iter(matches_hands(rules, "view-minimum", 1, judge_for_table(rules))))
    assert hand.view(0).minimum_fan == 1
    assert position("123m", rules="hongkong").minimum_fan == 3


def test_a_farther_hand_that_meets_the_minimum_beats_the_nearest_one_below_it():
    view = position(**READY_BELOW_MINIMUM)
    decision = decide(view)
    assert isinstance(decision.action, Discard)
    # The ready discards (2m, 9m) would keep a hand the table refuses; a circle goes instead.
    assert decision.action.tile in parse_tiles("345678p")
    assert decision.plan is not None and decision.plan.plan == Plan("mixed", 0)
    assert decision.plan.fan is not None and decision.plan.fan >= 3
    # The free hand is nearer, but worth nothing at this table.
    counts = counts_of(view.concealed)
    counts[Tile.M2] -= 1
    plans = evaluate_hongkong(counts, view.seats[0].melds, Table.of(view))
    free = next(value for value in plans if value.plan == FREE)
    assert free.distance == 0 and free.expected == 0
    assert all(value.distance > free.distance for value in plans if value.expected > 0)


def test_where_any_hand_wins_the_nearest_is_kept():
    view = position(**READY_BELOW_MINIMUM, minimum_fan=0)
    decision = decide(view)
    assert decision.action in (Discard(0, Tile.M2), Discard(0, Tile.M9))
    assert decision.motive is Motive.READY


def test_a_claim_is_refused_when_the_claimed_hand_could_no_longer_reach_the_minimum():
    # Chowing 5p would make the hand ready (7m wait), but with two suits laid no hand of 3 fan is left:
    # the Red Dragon pung and a self-drawn win make 2. Kept, the hand can still be mixed one suit.
    claim = {"hand": "456m89m77z34p5s", "rules": "hongkong", "melds": {0: [chow("1m")]}, "claim": ("5p", 3)}
    view = position(**claim)
    assert Claim(0, ClaimKind.CHOW, Tile.P3) in view.legal
    decision = decide(view)
    assert decision.action == Pass(0)
    assert decision.motive is Motive.PASS_BELOW_MINIMUM
    reason = TeacherPlayer().advise(view).reason
    assert reason.key == "teacher.pass.below_minimum" and reason.param("tile") == Tile.P5
    assert "minimum" in show(reason, "en") and "minimum" in show(reason, "fr") and "最低番數" in show(reason, "zh_TW")
    # At a table of 1 fan the chowed hand could still win (the dragon pung alone is enough): if the
    # chow is let go, it is for the hand kept, not for the minimum.
    assert decide(position(**claim, minimum_fan=1)).motive is not Motive.PASS_BELOW_MINIMUM


def test_the_plan_switches_with_the_tiles():
    # Pairs of circles and bamboo, a run 8-9 of circles, North: what the next draw brings decides.
    base = "11p55p89p22s55s77s4z"
    plans = {drawn: decide(position(base + drawn, rules="hongkong")).plan for drawn in ("7p", "2s", "1z")}
    assert plans["7p"] is not None and plans["7p"].plan.kind == "mixed" and plans["7p"].plan.suit == 1
    assert plans["2s"] is not None and plans["2s"].plan.kind == "pungs"
    assert plans["1z"] is not None and plans["1z"].plan.kind == "mixed" and plans["1z"].plan.suit == 2


def test_hints_and_the_teacher_name_the_plan_in_every_language():
    view = position("11p55p89p22s55s77s4z7p", rules="hongkong")
    best = discard_hints(view)[0]
    english, french, chinese = (show(best.reason, lang) for lang in ("en", "fr", "zh_TW"))
    assert "mixed one suit in Circles" in english
    assert "une famille et des honneurs en Cercles" in french
    assert "筒子混一色" in chinese
    assert "from ready" in english and "d'être prête" in french and "叫糊" in chinese
    advice = TeacherPlayer().advise(view)
    assert advice.reason == best.reason
    # Every hint of a Hong Kong hand says where it is heading.
    aims = {hint.reason.param("aim").key for hint in discard_hints(view) if hint.reason.key == "teacher.with_aim"}
    assert aims <= {"teacher.aim", "teacher.aim.out_of_reach"}
    assert all(hint.reason.key == "teacher.with_aim" for hint in discard_hints(view))


def test_hint_counts_are_those_of_the_plan_followed():
    # In Hong Kong a hint's shanten and useful tiles are the plan's: the exchanges to a hand the
    # table accepts, and the unseen copies of the kinds that bring that plan closer (a direct count).
    view = position("11p55p89p22s55s77s4z7p", rules="hongkong", discards={1: "2s9p"})
    seen = counts_of(parse_tiles("2s9p"))
    for option in decide(view).options:
        counts = counts_of(view.concealed)
        counts[option.tile] -= 1
        level = hongkong_distance(option.best.plan, counts)
        assert option.shanten == level == option.best.distance
        expected = {}
        for kind in range(34):
            if counts[kind] < 4:
                counts[kind] += 1
                if hongkong_distance(option.best.plan, counts) < level and 4 - seen[kind] - counts[kind] + 1 > 0:
                    expected[kind] = 4 - seen[kind] - counts[kind] + 1
                counts[kind] -= 1
        assert {int(tile): copies for tile, copies in option.useful_kinds} == expected
        assert option.useful == sum(expected.values())


def test_plan_distances_are_shanten():
    rng = random.Random(5)
    wall = [kind for kind in range(34) for _ in range(4)]
    for _ in range(300):
        counts = [0] * 43
        for kind in rng.sample(wall, 13):
            counts[kind] += 1
        assert hongkong_distance(FREE, counts) == regular_shanten(counts[:34])
    # Mixed one suit in circles: 1-9 of circles, a pair of East, ready on the pair or a tile of the run.
    ready = counts_of(parse_tiles("123456789p11z55z"))
    assert hongkong_distance(Plan("mixed", 1), ready) == 0
    assert hongkong_distance(Plan("pure", 1), ready) > 0
    # Counting on a pung of Red Dragon from a pair: one more copy to find, the pair still to make.
    dragons = counts_of(parse_tiles("123456789p77z1s"))
    assert hongkong_distance(Plan("free", None, (Tile.RED,)), dragons) == 1


def test_the_same_seed_gives_the_same_hands_at_every_minimum():
    for minimum in (0, 1, 3):
        rules = ruleset("hongkong", minimum_fan=minimum)
        first = play_hands(rules, ["strong", "teacher", "basic", "strong"], 3, seed=11)
        assert first == play_hands(rules, ["strong", "teacher", "basic", "strong"], 3, seed=11)

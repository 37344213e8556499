"""The outside player hk-mahjong 0.1.0 (``benchmarks/outside_hk_mahjong.py``) at our Hong Kong tables.

Skips unless hk-mahjong is installed: it is a benchmark-only dependency
(``pip install --require-hashes -r requirements/build.lock -r requirements/bench.lock``).
"""

from __future__ import annotations

import json
import pathlib
import random
import subprocess
import sys

import pytest

pytest.importorskip(
    "hk_mahjong", reason="hk-mahjong is not installed (requirements/bench.lock: a benchmark-only dependency)"
)

from engine_helpers import play, rig

from benchmarks.outside_hk_mahjong import HkMahjongPlayer, averaged_places
from game.actions import Claim, ClaimKind, ConcealedKong, DeclareWin, Discard
from game.match import Match
from game.players import make_player
from game.rules import ruleset
from game.scoring.table import judge_for_table
from game.tiles import Tile

ROOT = pathlib.Path(__file__).resolve().parents[2]
HONG_KONG = ruleset("hongkong")
NOTHING = "19m19p19s1234567z"
WALL = "1z2z3z4z5z6z7z"


def play_walls(walls: range) -> tuple[list[list[str]], HkMahjongPlayer]:
    """The first hand of each wall's match, hk-mahjong in chair ``wall % 4`` and ``strong`` in the others;
    every choice checked against the view's legal actions. Each hand's actions as text."""
    outside, strong = HkMahjongPlayer(), make_player("strong")
    judge = judge_for_table(HONG_KONG)
    records = []
    for wall in walls:
        hand = Match(HONG_KONG, wall, judge=judge).next_round()
        players = [outside if chair == wall % 4 else strong for chair in range(4)]
        rng = random.Random(wall)
        for _ in range(1000):
            if hand.result is not None:
                break
            seat = hand.awaiting()[0]
            view = hand.view(seat)
            action = players[seat].choose(view, rng)
            assert action in view.legal, (wall, action, view.legal)
            hand.apply(action)
        assert hand.result is not None, wall
        records.append([action.text() for action in hand.actions])
    return records, outside


def test_twenty_hands_against_strong_every_choice_legal_and_every_hand_over():
    records, outside = play_walls(range(20))
    assert len(records) == 20 and outside.decisions > 200
    assert outside.last_error is None
    assert set(outside.fallbacks) <= {"win_refused", "kong_refused", "discard_refused", "claim_refused"}
    assert outside.fallback_count == sum(outside.fallbacks.values()) < outside.decisions / 10
    assert play_walls(range(3))[0] == records[:3]  # the same walls, new players: the same hands


def test_the_same_walls_play_alike_in_another_process():
    # hk-mahjong breaks its discard ties by the order of a set of its tiles, whose hashes differ between
    # processes unless the adapter gives them its own: another process must play the same hands.
    code = (
        "import json, sys; sys.path[:0] = [sys.argv[1], sys.argv[1] + '/tests/engine']; "
        "from test_outside_hk_mahjong import play_walls; print(json.dumps(play_walls(range(3))[0]))"
    )
    theirs = subprocess.run(
        [sys.executable, "-c", code, str(ROOT)], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert json.loads(theirs) == play_walls(range(3))[0]


def test_a_win_the_table_offers_is_claimed():
    hands = [NOTHING + "4m", "1112223334499m", NOTHING, NOTHING]
    hand = rig(HONG_KONG, hands, wall=WALL, drawn="4m", judge=judge_for_table(HONG_KONG))
    play(hand, "0 d 4m")
    view = hand.view(1)
    assert Claim(1, ClaimKind.MAHJONG) in view.legal
    assert HkMahjongPlayer().choose(view, random.Random(0)) == Claim(1, ClaimKind.MAHJONG)


def test_below_the_minimum_its_chow_is_mapped_to_the_chow_we_offer():
    hands = [NOTHING + "4m", "23m456p789p111s55s", NOTHING, NOTHING]
    hand = rig(HONG_KONG, hands, wall=WALL, drawn="4m", judge=judge_for_table(HONG_KONG))
    play(hand, "0 d 4m")
    view = hand.view(1)
    assert Claim(1, ClaimKind.MAHJONG) not in view.legal  # a complete hand, but below 3 fan
    player = HkMahjongPlayer()
    assert player.choose(view, random.Random(0)) == Claim(1, ClaimKind.CHOW, Tile.M2)
    assert player.fallback_count == 0


def test_a_self_drawn_win_below_the_minimum_falls_back_to_its_discard():
    hands = ["23m456p789p111s55s4m", NOTHING, NOTHING, NOTHING]
    hand = rig(HONG_KONG, hands, wall=WALL, drawn="4m", bonus={0: "2f"}, judge=judge_for_table(HONG_KONG))
    view = hand.view(0)
    assert DeclareWin(0) not in view.legal
    player = HkMahjongPlayer()
    action = player.choose(view, random.Random(0))
    assert isinstance(action, Discard) and action in view.legal
    assert dict(player.fallbacks) == {"win_refused": 1}


def test_its_concealed_kong():
    hand = rig(HONG_KONG, ["5555p19m19s12345z7z", NOTHING, NOTHING, NOTHING], wall=WALL, drawn="7z")
    assert HkMahjongPlayer().choose(hand.view(0), random.Random(0)) == ConcealedKong(0, Tile.P5)


def test_placements_share_the_ranks_they_tie_on():
    assert averaged_places([24, -8, -8, -8]) == [1, 3, 3, 3]
    assert averaged_places([0, 0, 0, 0]) == [2.5] * 4
    assert averaged_places([16, 16, -16, -16]) == [1.5, 1.5, 3.5, 3.5]

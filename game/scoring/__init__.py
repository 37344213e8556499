"""Scoring of both rule families: classic points-and-doubles and Hong Kong fan, with payments.

Entry points for the engine and the command line:

- ``score_classic(win, settings) -> ClassicScore`` and ``score_hongkong(win, settings) -> HongKongScore``;
- ``judge_for(rules_name, settings) -> WinJudge``: whether a complete hand may be declared;
- ``settle(win, winner, discarder, settings) -> Settlement``: the hand's per-seat payments;
  ``hongkong_payments`` and ``classic_payments`` for when the score is already known.
"""

from game.scoring.classic import ClassicScore, score_classic
from game.scoring.common import FanItem, PointsItem
from game.scoring.errors import UnscorableHand
from game.scoring.hongkong import HongKongScore, base_points, score_hongkong
from game.scoring.house import HOUSE_RULES, HouseRule
from game.scoring.judges import RULE_SETS, ClassicJudge, HongKongJudge, judge_for
from game.scoring.payments import Payments, Settlement, classic_payments, hongkong_payments, settle
from game.scoring.settings import ClassicSettings, HongKongSettings, PaymentConvention, Spicy

__all__ = [
    "HOUSE_RULES",
    "RULE_SETS",
    "ClassicJudge",
    "ClassicScore",
    "ClassicSettings",
    "FanItem",
    "HongKongJudge",
    "HongKongScore",
    "HongKongSettings",
    "HouseRule",
    "PaymentConvention",
    "Payments",
    "PointsItem",
    "Settlement",
    "Spicy",
    "UnscorableHand",
    "base_points",
    "classic_payments",
    "hongkong_payments",
    "judge_for",
    "score_classic",
    "score_hongkong",
    "settle",
]

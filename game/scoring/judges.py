"""Each rule set's ``WinJudge``: may this complete hand be declared a mahjong, and if not, why."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.errors import InvalidNotation
from game.rules import RULE_NAMES, RuleName
from game.scoring.classic import score_classic
from game.scoring.errors import UnscorableHand
from game.scoring.hongkong import score_hongkong
from game.scoring.minimum import below_minimum
from game.scoring.settings import ClassicSettings, HongKongSettings
from game.win import WinContext, WinJudge, WinVerdict

RULE_SETS = RULE_NAMES


@dataclass(frozen=True, slots=True)
class ClassicJudge:
    """Classic (and family) rules accept every winning hand."""

    settings: ClassicSettings = field(default_factory=ClassicSettings)

    def judge(self, win: WinContext) -> WinVerdict:
        try:
            score_classic(win, self.settings)
        except UnscorableHand as error:
            return WinVerdict(False, error.reason)
        return WinVerdict(True)


@dataclass(frozen=True, slots=True)
class HongKongJudge:
    """Hong Kong rules refuse a winning hand below the minimum fan (flower and season fan excluded)."""

    settings: HongKongSettings = field(default_factory=HongKongSettings)

    def judge(self, win: WinContext) -> WinVerdict:
        try:
            refusal = below_minimum(score_hongkong(win, self.settings), self.settings)
        except UnscorableHand as error:
            refusal = error
        if refusal is None:
            return WinVerdict(True)
        return WinVerdict(False, refusal.reason)


def judge_for(rules_name: RuleName, settings: ClassicSettings | HongKongSettings | None = None) -> WinJudge:
    """The judge of a rule set by its name (``classic``, ``hongkong``, ``family``), with its settings."""
    if rules_name == "hongkong" and isinstance(settings, HongKongSettings | None):
        return HongKongJudge(settings or HongKongSettings())
    if rules_name == "classic" and isinstance(settings, ClassicSettings | None):
        return ClassicJudge(settings or ClassicSettings())
    if rules_name == "family" and settings is None:
        return ClassicJudge()
    if rules_name not in RULE_SETS:
        raise InvalidNotation(f"unknown rule set {rules_name!r}; choose from {', '.join(RULE_SETS)}")
    raise InvalidNotation(f"{type(settings).__name__} are not settings of the {rules_name} rules")

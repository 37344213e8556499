"""Scoring for a table: the settings its rule set implies, its win judge, what a finished hand pays.

This is the seam between the engine (``Round``, ``Match``) and the scorers: the engine asks the
judge whether a win may be declared; the match asks ``settle_hand`` what a finished hand pays.
Settings a rule set does not carry (the HK cap, spicy table, payment convention and stake; the
classic limit and house rules) take their defaults unless the table passes its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from game.errors import InvalidNotation
from game.result import HandResult
from game.rules import Ruleset
from game.scoring.judges import ClassicJudge, HongKongJudge
from game.scoring.payments import Payments, settle
from game.scoring.settings import ClassicSettings, HongKongSettings
from game.win import WinJudge

TableSettings = ClassicSettings | HongKongSettings


@dataclass(frozen=True, slots=True)
class HandScore:
    """What a finished hand scored: ``score`` is the winner's gain, ``fan`` the HK fan (0 for classic),
    ``payments`` each seat's gain or loss."""

    score: Fraction
    fan: int
    payments: Payments


def settings_for(rules: Ruleset, base: TableSettings | None = None) -> TableSettings | None:
    """The scoring settings of a table playing ``rules`` (None for the family game, which has no score).

    ``base`` carries the table's own choices (cap, payments, limit, house rules…); the options the
    rule set itself fixes (jokers, special hands, minimum, bonus tiles, three players) override it.
    """
    north_bonus = rules.players == 3
    if rules.name == "family":
        return None
    if rules.name == "classic":
        classic = base if isinstance(base, ClassicSettings) else ClassicSettings()
        if base is not None and not isinstance(base, ClassicSettings):
            raise InvalidNotation("Hong Kong settings do not apply to the classic rules")
        return replace(classic, jokers=rules.jokers, north_bonus=north_bonus)
    if rules.jokers:
        raise InvalidNotation("jokers are an option of the classic rules, not of the Hong Kong rules")
    if base is not None and not isinstance(base, HongKongSettings):
        raise InvalidNotation("classic settings do not apply to the Hong Kong rules")
    return replace(
        base or HongKongSettings(),
        min_fan=rules.minimum_fan,
        seven_pairs=rules.seven_pairs,
        thirteen_orphans=rules.thirteen_orphans,
        bonus_tiles=rules.bonus_tiles,
        north_bonus=north_bonus,
    )


def judge_for_table(rules: Ruleset, settings: TableSettings | None = None) -> WinJudge | None:
    """The judge the engine consults before a win (None: any complete hand may win, as in the family game)."""
    chosen = settings_for(rules, settings)
    if isinstance(chosen, HongKongSettings):
        return HongKongJudge(chosen)
    if isinstance(chosen, ClassicSettings):
        return ClassicJudge(chosen)
    return None


def default_judge(rules: Ruleset) -> WinJudge | None:
    """The judge a round follows when its table names none: the rule set's own, or none where the rule
    set has no scorer (the engine deals a Hong Kong hand with jokers, but no Hong Kong table scores one)."""
    try:
        return judge_for_table(rules)
    except InvalidNotation:
        return None


def settle_hand(rules: Ruleset, result: HandResult, settings: TableSettings | None = None) -> HandScore:
    """Score a finished hand and settle it between the table's seats (a drawn hand pays nothing)."""
    nothing = tuple(Fraction(0) for _ in rules.seats)
    chosen = settings_for(rules, settings)
    if result.winner is None or result.win is None or chosen is None:
        return HandScore(Fraction(0), 0, nothing)
    discarder = None if result.self_drawn else result.discarder
    settlement = settle(result.win, result.winner, discarder, chosen, seats=rules.players)
    fan = settlement.score if isinstance(chosen, HongKongSettings) else 0
    return HandScore(settlement.payments[result.winner], fan, settlement.payments)

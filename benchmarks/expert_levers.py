"""Contenders for a level above ``strong``, each one idea, to seat against three ``strong`` players on
duplicate deals with ``benchmarks/duplicate.py`` (names ``expert_levers:ClassName``, the script's folder being
on its path):

    .venv/bin/python benchmarks/duplicate.py --rules classic --walls 400 --seed 7 \\
        --lineup expert_levers:NoCaution,strong,strong,strong

- ``StrongBefore``: ``strong`` as it was before 2026-12-06, when it began to play classic for the win
  (issue 45, item 3): caution from 0.5 in classic, no second step; Hong Kong and family as ``strong``.
  The contenders measured in classic are built on it, so that they play as they were measured.
- ``NoCaution``: ``StrongBefore`` that never weighs the chance its discard deals in (all rule sets).
- ``EarlyCaution``: ``strong`` whose caution starts where any hand wins, whatever the Hong Kong minimum
  (``CAUTION_PER_FAN`` 0): it defends sooner at a 3-fan table.
- ``CostlierDealIn``: ``strong`` for which dealing in costs twice as much in Hong Kong (48 for 24).
- ``DrawLookahead``: expectimax over the next own draw: each of ``strong``'s three best discards is
  worth the mean, over the unseen tiles, of the best hand ``strong``'s evaluation finds after drawing
  that tile and discarding again (a far tile is discarded back: the hand as it is).
- ``RaceRollouts``: in classic, each of ``NoCaution``'s three best discards is played out 24 times on the
  same shuffles of the unseen tiles (common random numbers): the player draws, discards greedily on
  shanten, and wins on its draw or on any of the three discards that follow each of its turns, with
  a chance per turn that an opponent wins first; the discard with the most wins goes.
- ``Speed``: every win worth the same, since the placement counts who wins and not by how much
  (classic: every plan worth 1 and no caution; Hong Kong: base points 1 whatever the fan, a deal-in
  costing a win's worth).
- ``FoldWhenFar`` (``FoldWhenFar1``): in Hong Kong, a hand two (one) exchanges or more from ready lets
  go of the safest tile once an opponent's ``threat`` reaches 0.6 (0.7); classic: ``NoCaution``.
- ``ClassicPower15``, ``ClassicHalfPower``, ``ClassicHazard15``, ``ClassicHazard04``, ``ClassicPairs``:
  ``NoCaution`` in classic with the hand's worth raised to a power, the opponents' hazard per turn
  changed, or scoring pairs counted on more; Hong Kong: ``strong``.
- ``SafeTies`` (``SafeTies90``): in Hong Kong, the safest of the discards within 3 % (10 %) of the best
  expected gain at the best shanten, however early; classic: ``strong``.
- ``ClaimOnlyFaster``: in classic, ``NoCaution`` that claims a set only when it lowers the shanten.
- ``ReadRisk`` (``ReadRisk8``): in Hong Kong, ``strong`` with ``game.players.reading``'s measured deal-in
  chance weighed in full, a deal-in costing 24 (8); classic: ``NoCaution``.
- ``ReadTies``: in Hong Kong, the safest by ``reading`` among the discards ``strong`` cannot tell apart.
- ``ReadFold15`` (``ReadFold25``, ``ReadFold15Wary``; ``ReadFold`` itself at 8 %): ``ReadTies``, and a
  hand under 15 % (25 %) to finish lets go of the safest tile instead of one over 2 % (1 %) to deal in.
- ``ReadFoldKeep``: ``ReadFold15``, letting go of the best tile for the hand among those under 2 %.
- ``ClassicSecondStep`` (``ClassicSecondStepWider``): in classic, ``NoCaution`` choosing between the
  discards of the same shanten (and the same useful tiles and 97 % of the expected gain; within 25 %)
  the one whose useful draws leave the most useful tiles ("ukeire" two steps deep); Hong Kong:
  ``strong``. Within 10 % (``ClassicSecondStepWide``, confirmed on seed 11) it became ``strong``'s own
  classic play on 2026-12-06, and was removed from here.

``strong``'s figures are module constants; a contender changes them only while it decides (the three
``strong`` players at its table decide with the real ones). docs/measurements.md gives what each
measured: none is stronger than ``strong`` by the 0.10 of a place a hand the expert level must be.
Those figures were measured against ``StrongBefore`` (then ``strong``): to seat them again against it,
``--lineup expert_levers:NAME,expert_levers:StrongBefore,expert_levers:StrongBefore,expert_levers:StrongBefore``.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import game.players.evaluation as evaluation
import game.players.hongkong_plans as hongkong_plans
import game.players.reading as reading
import game.players.safety as safety
import game.players.strong as strong
from game.actions import Action, Claim, ClaimKind, Discard, Pass
from game.hand import regular_shanten
from game.players.evaluation import Table, counts_of, visible_counts
from game.players.safety import threat
from game.players.strong import DiscardOption
from game.tiles import Tile
from game.view import SeatView

TURN_HAZARD = 0.04  # the chance per turn that an opponent finishes first, in a rollout
ROLLOUTS = 24
CANDIDATES = 3


@contextlib.contextmanager
def strong_figures(**figures: Any) -> Iterator[None]:
    """``strong``'s module constants changed for the duration of one decision."""
    kept = {name: getattr(strong, name) for name in figures}
    for name, value in figures.items():
        setattr(strong, name, value)
    try:
        yield
    finally:
        for name, value in kept.items():
            setattr(strong, name, value)


def _before(**figures: Any) -> contextlib.AbstractContextManager[None]:
    """``strong`` as it was before it played classic for the win (issue 45, item 3): caution from 0.5 in
    classic and no second step; ``figures`` changed too."""
    figures.setdefault("CAUTION_FROM", {**strong.CAUTION_FROM, "classic": 0.5})
    figures.setdefault("SECOND_STEP", {})
    return strong_figures(**figures)


class StrongBefore:
    """``strong`` before it played classic for the win: caution from 0.5 in classic, no second step (the
    same in Hong Kong and family). The champion the new ``strong`` was measured against."""

    name = "strong-before"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        with _before():
            return strong.decide(view).action


class NoCaution:
    """``StrongBefore`` that never weighs the chance its discard deals in, in any rule set."""

    name = "no-caution"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        never = {rules: 99.0 for rules in strong.CAUTION_FROM}
        with _before(CAUTION_FROM=never):
            return strong.decide(view).action


class EarlyCaution:
    name = "early-caution"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        with strong_figures(CAUTION_PER_FAN=0.0):
            return strong.decide(view).action


class CostlierDealIn:
    name = "costlier-deal-in"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        with strong_figures(DEAL_IN_COST={**strong.DEAL_IN_COST, "hongkong": 48.0}):
            return strong.decide(view).action


def _joins(counts: list[int], kind: int) -> bool:
    """Whether a drawn ``kind`` could join the hand at all (a copy, or a suit neighbour within two)."""
    if counts[kind]:
        return True
    if kind >= 27:
        return False
    rank = kind % 9
    return any(0 <= rank + step < 9 and counts[kind + step] for step in (-2, -1, 1, 2))


class DrawLookahead:
    name = "draw-lookahead"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        with _before():
            return self._choose(view)

    def _choose(self, view: SeatView) -> Action:
        decision = strong.decide(view)
        if not isinstance(decision.action, Discard) or len(decision.options) < 2 or view.concealed is None:
            return decision.action
        assert view.seat is not None
        table = Table.of(view)
        counts = counts_of(view.concealed)
        melds = view.seats[view.seat].melds
        weight = strong.caution(view)
        cost = strong.DEAL_IN_COST[table.rules]
        best: tuple[float, int] | None = None
        for option in decision.options[:CANDIDATES]:
            counts[option.tile] -= 1
            value = self._after_a_draw(counts, melds, table, option.best.expected)
            counts[option.tile] += 1
            danger = weight * option.risk.chance
            utility = value * (1 - danger) - danger * cost
            if best is None or utility > best[0]:
                best = (utility, option.tile)
        assert best is not None
        return next(a for a in view.legal if isinstance(a, Discard) and a.tile == best[1])

    @staticmethod
    def _after_a_draw(counts: list[int], melds: Any, table: Table, as_it_is: float) -> float:
        total, weight = 0.0, 0
        for kind in range(34):
            left = table.unseen(counts, kind)
            if not left:
                continue
            weight += left
            if not _joins(counts, kind):
                total += left * as_it_is
                continue
            counts[kind] += 1
            found = as_it_is
            for discard in range(34):
                if counts[discard] and discard != kind:
                    counts[discard] -= 1
                    found = max(found, strong.plans_of(counts, melds, table)[0].expected)
                    counts[discard] += 1
            counts[kind] -= 1
            total += left * found
        return total / max(1, weight)


def _greedy_discard(counts: list[int]) -> int:
    """The discard that leaves the lowest shanten (an honour first between equals)."""
    best: tuple[int, bool, int] | None = None
    for kind in range(34):
        if counts[kind]:
            counts[kind] -= 1
            key = (regular_shanten(counts), kind < 27, kind)
            counts[kind] += 1
            if best is None or key < best:
                best = key
    assert best is not None
    return best[2]


def _race(counts: list[int], pool: list[int], order: list[int], turns: int) -> float:
    """One rollout of a 13-tile hand: the chance-weighted win (0 when it does not win in ``turns``)."""
    hand = list(counts)
    drawn = 0
    alive = 1.0
    for _ in range(turns):
        if drawn + 4 > len(order):
            break
        hand[pool[order[drawn]]] += 1
        drawn += 1
        if regular_shanten(hand) == -1:
            return alive
        hand[_greedy_discard(hand)] -= 1
        for _ in range(3):  # each opponent's discard, on which the hand may win
            tile = pool[order[drawn]]
            drawn += 1
            hand[tile] += 1
            won = regular_shanten(hand) == -1
            hand[tile] -= 1
            if won:
                return alive
        alive *= 1 - TURN_HAZARD
    return 0.0


class RaceRollouts:
    name = "race-rollouts"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        with _before(CAUTION_FROM={rules: 99.0 for rules in strong.CAUTION_FROM}):
            decision = strong.decide(view)  # no caution: a deal-in costs a classic hand nothing but the race
        if (
            view.ruleset != "classic"
            or not isinstance(decision.action, Discard)
            or len(decision.options) < 2
            or view.concealed is None
        ):
            return decision.action
        counts = counts_of(view.concealed)
        if any(counts[34:]):  # jokers: the rollout's shanten does not know them
            return decision.action
        hand = counts[:34]
        seen = visible_counts(view)
        pool = [kind for kind in range(34) for _ in range(max(0, 4 - seen[kind] - hand[kind]))]
        orders = []
        for _ in range(ROLLOUTS):
            order = list(range(len(pool)))
            rng.shuffle(order)
            orders.append(order)
        turns = max(1, view.wall_left // 4)
        best: tuple[float, int, int] | None = None
        for rank, option in enumerate(decision.options[:CANDIDATES]):
            hand[option.tile] -= 1
            wins = sum(_race(hand, pool, order, turns) for order in orders) / ROLLOUTS
            hand[option.tile] += 1
            if best is None or (wins, -rank) > (best[0], -best[1]):
                best = (wins, rank, option.tile)
        assert best is not None
        return next(a for a in view.legal if isinstance(a, Discard) and a.tile == best[2])


# --- playing for the placement, not the points ------------------------------------------------------


def _worth_one(*_: Any) -> float:
    return 1.0


def _base_one(fan: int, *_: Any) -> int:
    return 1


class Speed:
    """Every win worth the same (the placement counts who wins, not by how much); classic: no caution
    (a deal-in loses no more than any other opponent's win); Hong Kong: a deal-in costs a win."""

    name = "speed"
    deal_in_cost = 3.2  # Hong Kong, in the units of a win by discard (2.3 portions + 0.87 spared)

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.ruleset == "hongkong":
            kept = hongkong_plans.base_points
            hongkong_plans.base_points = _base_one  # type: ignore[assignment]
            try:
                with strong_figures(DEAL_IN_COST={**strong.DEAL_IN_COST, "hongkong": self.deal_in_cost}):
                    return strong.decide(view).action
            finally:
                hongkong_plans.base_points = kept
        kept_score = evaluation.hand_score
        evaluation.hand_score = _worth_one  # type: ignore[assignment]
        try:
            with _before(CAUTION_FROM={rules: 99.0 for rules in strong.CAUTION_FROM}):
                return strong.decide(view).action
        finally:
            evaluation.hand_score = kept_score


class FoldWhenFar:
    """``strong``, except that a hand still ``far`` exchanges from ready (its best discard's) lets go of the
    safest tile once an opponent looks ready (``threat`` from ``ready_from``): its chance to win is
    then small, and a deal-in costs the most (Hong Kong). Classic: ``NoCaution``."""

    name = "fold-when-far"
    far = 2
    ready_from = 0.6

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.ruleset != "hongkong":
            return NoCaution().choose(view, rng)
        decision = strong.decide(view)
        if not isinstance(decision.action, Discard) or not decision.options:
            return decision.action
        best = decision.options[0]
        top = max((threat(public) for public in view.seats if public.seat != view.seat), default=0.0)
        if best.shanten < self.far or top < self.ready_from:
            return decision.action
        safest = min(decision.options, key=lambda option: (round(option.risk.chance, 4), -option.utility))
        return next(a for a in view.legal if isinstance(a, Discard) and a.tile == safest.tile)


class FoldWhenFar1(FoldWhenFar):
    name = "fold-when-far-1"
    far = 1
    ready_from = 0.7


# --- classic: only the winner scores -------------------------------------------------------------------


class _ClassicVariant:
    """``NoCaution`` with the classic hand's worth raised to ``power`` and the opponents' hazard per turn
    ``hazard`` (``strong``'s 0.08): how far speed is preferred to points."""

    name = "classic-variant"
    power = 1.0
    hazard = 0.08
    pair_to_pung = evaluation.PAIR_TO_PUNG

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.ruleset == "hongkong":
            return strong.decide(view).action
        kept = evaluation.hand_score, evaluation.PAIR_TO_PUNG, dict(evaluation.OPPONENT_HAZARD)
        power = self.power

        def powered(*args: Any) -> float:
            return float(kept[0](*args) ** power)

        evaluation.hand_score = powered  # type: ignore[assignment]
        evaluation.PAIR_TO_PUNG = self.pair_to_pung
        evaluation.OPPONENT_HAZARD["classic"] = self.hazard
        try:
            with _before(
                CAUTION_FROM={rules: 99.0 for rules in strong.CAUTION_FROM},
                DEAL_IN_COST={**strong.DEAL_IN_COST, "classic": strong.DEAL_IN_COST["classic"] ** power},
            ):
                return strong.decide(view).action
        finally:
            evaluation.hand_score, evaluation.PAIR_TO_PUNG = kept[0], kept[1]
            evaluation.OPPONENT_HAZARD.update(kept[2])


class ClassicHalfPower(_ClassicVariant):
    power = 0.5


class ClassicPower15(_ClassicVariant):
    power = 1.5


class ClassicHazard15(_ClassicVariant):
    hazard = 0.15


class ClassicHazard04(_ClassicVariant):
    hazard = 0.04


class ClassicPairs(_ClassicVariant):
    pair_to_pung = 0.7


class SafeTies:
    """``strong``, except that among the discards that keep as good a hand (the best's shanten, and at
    least ``tolerance`` of its expected gain) the one least likely to deal in goes, however early: at a
    Hong Kong table a nearly free safety. Classic: ``strong``."""

    name = "safe-ties"
    tolerance = 0.97

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        decision = strong.decide(view)
        if view.ruleset != "hongkong" or not isinstance(decision.action, Discard) or len(decision.options) < 2:
            return decision.action
        best = decision.options[0]
        close = [
            option
            for option in decision.options
            if option.shanten <= best.shanten and option.best.expected >= self.tolerance * best.best.expected
        ]
        safest = min(close, key=lambda option: (round(option.risk.chance, 4), -option.utility))
        return next(a for a in view.legal if isinstance(a, Discard) and a.tile == safest.tile)


class SafeTies90(SafeTies):
    name = "safe-ties-90"
    tolerance = 0.9


class ClaimOnlyFaster:
    """Classic: ``NoCaution``, claiming a set only when it brings the hand nearer a win (no claim for a
    plan's points alone: the placement counts the win, not its size). Hong Kong: ``strong``."""

    name = "claim-only-faster"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.ruleset == "hongkong":
            return strong.decide(view).action
        action = NoCaution().choose(view, rng)
        if not isinstance(action, Claim) or action.kind is ClaimKind.MAHJONG or view.claim is None:
            return action
        assert view.seat is not None and view.concealed is not None
        table = Table.of(view)
        counts = counts_of(view.concealed)
        melds = view.seats[view.seat].melds
        keep = strong.progress(strong.plans_of(counts, melds, table), table).distance
        after, meld = strong._after_claim(counts, action, view.claim.tile)
        if action.kind is ClaimKind.KONG:
            distance = strong.progress(strong.plans_of(after, [*melds, meld], table), table).distance
        else:
            distance = strong._best_after_discard(after, [*melds, meld], table)[1]
        return action if distance < keep else Pass(view.seat)


# --- reading the opponents (game.players.reading): a measured deal-in chance ---------------------------


class ReadRisk:
    """Hong Kong: ``strong`` whose deal-in chance is ``game.players.reading``'s, counted in self-play with
    the hidden hands known, and weighed in full from the first discard (the counted chance is already
    small while no one is ready), a deal-in costing ``deal_in_cost``. Classic: ``NoCaution``."""

    name = "read-risk"
    deal_in_cost = 24.0

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.ruleset != "hongkong":
            return NoCaution().choose(view, rng)
        assert view.concealed is not None
        own = counts_of(view.concealed)
        seen = visible_counts(view)
        kinds = sorted({int(tile) for tile in view.concealed if tile < 34})
        chances = reading.deal_in_chances(view, kinds, seen, own)
        top = safety.leader(view)
        top_discards = set() if top is None else {int(item.tile) for item in view.seats[top].discards}

        def measured(_: SeatView, tile: Any, __: int) -> safety.Risk:
            return safety.Risk(chances.get(int(tile), 0.0), int(tile) in top_discards, top)

        kept = strong.deal_in_risk, strong.caution
        strong.deal_in_risk = measured  # type: ignore[assignment]
        strong.caution = lambda _: 1.0  # type: ignore[assignment]
        try:
            with strong_figures(DEAL_IN_COST={**strong.DEAL_IN_COST, "hongkong": self.deal_in_cost}):
                return strong.decide(view).action
        finally:
            strong.deal_in_risk, strong.caution = kept


class ReadRisk40(ReadRisk):
    name = "read-risk-40"
    deal_in_cost = 40.0


class ReadRisk8(ReadRisk):
    name = "read-risk-8"
    deal_in_cost = 8.0


class ReadTies:
    """Hong Kong: ``strong``, except that among the discards as good as its choice (the same shanten, as
    many useful tiles or more, and ``tolerance`` of its expected gain) the one ``game.players.reading``
    finds least likely to deal in goes. Classic: ``NoCaution``."""

    name = "read-ties"
    tolerance = 0.99

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.ruleset != "hongkong":
            return NoCaution().choose(view, rng)
        decision = strong.decide(view)
        if not isinstance(decision.action, Discard) or len(decision.options) < 2:
            return decision.action
        assert view.concealed is not None
        best = decision.options[0]
        close = [
            option
            for option in decision.options
            if option.shanten == best.shanten
            and option.useful >= best.useful
            and option.best.expected >= self.tolerance * best.best.expected
        ]
        if len(close) < 2:
            return decision.action
        chances = reading.deal_in_chances(
            view, [int(option.tile) for option in close], visible_counts(view), counts_of(view.concealed)
        )
        safest = min(close, key=lambda option: (round(chances[int(option.tile)], 4), -option.utility))
        return next(a for a in view.legal if isinstance(a, Discard) and a.tile == safest.tile)


class ReadTies95(ReadTies):
    name = "read-ties-95"
    tolerance = 0.95


class ReadFold(ReadTies):
    """``ReadTies``, and a hand whose chance to finish (``strong``'s estimate) is below ``hopeless`` lets
    go of the safest tile instead of one ``game.players.reading`` finds riskier than ``risky``."""

    name = "read-fold"
    hopeless = 0.08
    risky = 0.03

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        action = super().choose(view, rng)
        if view.ruleset != "hongkong" or not isinstance(action, Discard):
            return action
        decision = strong.decide(view)
        best = decision.options[0]
        finishing = best.best.expected / best.best.score if best.best.score else 0.0
        if finishing >= self.hopeless:
            return action
        assert view.concealed is not None
        chances = reading.deal_in_chances(
            view, [int(option.tile) for option in decision.options], visible_counts(view), counts_of(view.concealed)
        )
        if chances[int(action.tile)] < self.risky:
            return action
        tile = self.let_go(decision.options, chances, action.tile)
        return action if tile is None else next(a for a in view.legal if isinstance(a, Discard) and a.tile == tile)

    def let_go(self, options: Sequence[DiscardOption], chances: Mapping[int, float], chosen: Tile) -> Tile | None:
        """What a hopeless hand discards instead of ``chosen`` (too risky), None to keep it: the safest,
        when it is less than half as risky."""
        safest = min(options, key=lambda option: (round(chances[int(option.tile)], 4), -option.utility))
        return None if chances[int(safest.tile)] * 2 > chances[int(chosen)] else safest.tile


class ReadFold15(ReadFold):
    name = "read-fold-15"
    hopeless = 0.15
    risky = 0.02


class ReadFold25(ReadFold):
    name = "read-fold-25"
    hopeless = 0.25
    risky = 0.02


class ReadFold15Wary(ReadFold):
    name = "read-fold-15-wary"
    hopeless = 0.15
    risky = 0.01


class ReadFoldKeep(ReadFold):
    """``ReadFold15``, but a hopeless hand lets go of the best discard for the hand among those below
    ``risky`` (the safest only when none is)."""

    name = "read-fold-keep"
    hopeless = 0.15
    risky = 0.02

    def let_go(self, options: Sequence[DiscardOption], chances: Mapping[int, float], chosen: Tile) -> Tile | None:
        calm = [option for option in options if chances[int(option.tile)] < self.risky]
        return calm[0].tile if calm else super().let_go(options, chances, chosen)  # the options are best first


# --- classic: the second step's useful tiles, between equal discards ----------------------------------


class ClassicSecondStep:
    """Classic: ``NoCaution``, choosing between the discards it cannot tell apart (the same shanten and
    useful tiles, 97 % of the expected gain) the one whose useful draws leave the most useful tiles
    after them (``strong.second_step``). Hong Kong: ``StrongBefore``. Within 10 % of the best's useful
    tiles and expected gain (``ClassicSecondStepWide``), it is ``strong``'s classic play since
    2026-12-06."""

    name = "classic-second-step"
    tolerance = 0.97
    useful_share = 1.0

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.ruleset == "hongkong":
            return StrongBefore().choose(view, rng)
        with _before(CAUTION_FROM={rules: 99.0 for rules in strong.CAUTION_FROM}):
            decision = strong.decide(view)
        if not isinstance(decision.action, Discard) or len(decision.options) < 2 or view.concealed is None:
            return decision.action
        counts = counts_of(view.concealed)
        if counts[34:].count(0) != len(counts[34:]) or decision.options[0].shanten == 0:
            return decision.action  # jokers, or a ready hand: its wait is what counts
        best = decision.options[0]
        close = [
            option
            for option in decision.options
            if option.shanten == best.shanten
            and option.useful >= self.useful_share * best.useful
            and option.best.expected >= self.tolerance * best.best.expected
        ]
        if len(close) < 2:
            return decision.action
        hand = counts[:34]
        seen = visible_counts(view)
        left = [max(0, 4 - seen[kind] - hand[kind]) for kind in range(34)]
        scored = []
        for rank, option in enumerate(close):
            hand[option.tile] -= 1
            scored.append((strong.second_step(hand, left), -rank, option.tile))
            hand[option.tile] += 1
        tile = max(scored)[2]
        return next(a for a in view.legal if isinstance(a, Discard) and a.tile == tile)


class ClassicSecondStepWider(ClassicSecondStep):
    """``ClassicSecondStep`` between the discards within 25 % of the best's useful tiles and expected gain."""

    name = "classic-second-step-wider"
    tolerance = 0.75
    useful_share = 0.75

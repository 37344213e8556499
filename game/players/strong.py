"""The strong player: seed 000's six tips, made measurable, and aware of what the table scores.

Every decision weighs, for each choice, the hand it leaves (``game.players.evaluation``: the plans it
may follow, their shanten, the unseen tiles that help, what a win would score under the table's
rules) against the chance that a discard deals in (``game.players.safety``):

- a discard keeps the hand whose best plan has the highest expected gain, discounted by the chance
  the tile lets an opponent win and what that costs; between equals it keeps the most useful tiles,
  then lets go of isolated honours before terminals before middle tiles (tips 1, 2, 3, 6); late in a
  hand, far from ready, the discount wins and the player defends (tip 4; not at a classic table);
- a claim is made only when the hand it leaves is worth more than the concealed hand kept: to get
  ready, to make a scoring pung, or for a plan that scores, the lost concealed double counted (tip 5);
- wins and calls are always declared, kongs made when they do not lower the hand's worth.

At a classic table, where only the winner scores, the player plays for the win: it never weighs
the chance of dealing in (another player's win costs it the same whoever discards), and between
discards of the same shanten within a tenth of the best's useful tiles and expected gain it keeps the
one whose useful draws leave the most useful tiles after them (``second_step``: tile efficiency two
draws deep). Measured on duplicate deals in docs/measurements.md (issue 45, item 3).

At a Hong Kong table the plans are those that can meet the table's own minimum fan
(``game.players.hongkong_plans``), and progress is measured towards the plan followed: a discard
keeps the hand closest to a win the table will accept, and a claim is made only when the hand it
leaves can still meet the minimum.

``StrongPlayer.decide`` returns the choice with its motive; the teacher turns motives into sentences.
It reads the ``SeatView`` only and uses no randomness, so the same view always gives the same choice.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.actions import Action, AddedKong, Call, Claim, ClaimKind, ConcealedKong, DeclareWin, Discard, Pass
from game.hand import SetKind, regular_shanten, useful_tiles
from game.melds import Meld
from game.players.evaluation import FREE, JOKER, PlanValue, Table, counts_of, evaluate
from game.players.hongkong_plans import evaluate_hongkong, nearest_plan
from game.players.safety import Risk, deal_in_risk, threat
from game.rules import RuleName
from game.tiles import Tile
from game.view import SeatView

# What dealing in costs besides the hand one gives up, on each table's scale: in Hong Kong the
# discarder pays the winner's two portions (about 3 fan); in classic only the winner scores, so it is
# the chance given to an opponent rather than points lost.
DEAL_IN_COST: dict[RuleName, float] = {"hongkong": 24.0, "classic": 12.0, "family": 0.5}
# A claim must leave a hand worth this share of the hand kept. Measured (benchmarks/strength.py):
# at a classic table of players who claim freely, staying concealed for the double loses more hands
# than it gains points, so a claim that keeps a fifth of the worth is taken; in Hong Kong the
# concealed fan often makes the minimum, so a claim must beat the hand kept.
CLAIM_MARGIN: dict[RuleName, float] = {"hongkong": 1.05, "classic": 0.2, "family": 0.2}
# Caution grows from nothing to full as the most advanced opponent's chance to be ready goes
# from CAUTION_FROM to CAUTION_FROM + CAUTION_SPAN; None: never. Classic never defends: a deal-in
# there costs no points, only the hand, as any other opponent's win would. Defending from 0.3 lost
# more wins than it saved (benchmarks/strength.py, seeds 1 and 2, 2000 hands: 0.99 and 0.86 of a
# basic seat's score per hand from 0.3, 1.08 from 0.5), and on duplicate deals never defending
# placed better than defending from 0.5 (docs/measurements.md, 2026-12-06: +0.019 [+0.005, +0.033]
# of a place a hand, 1000 walls of seed 11).
# In Hong Kong the minimum holds opponents back: an opponent who looks ready often cannot win yet, and
# a table that defends from 0.3 at a 3-fan minimum ends most hands drawn (79.7 % of strong × 4 hands;
# benchmarks/hongkong_players.py); caution starts at 0.3 where any hand wins, later by
# CAUTION_PER_FAN for each fan of the minimum, up to three.
CAUTION_FROM: dict[RuleName, float | None] = {"hongkong": 0.3, "classic": None, "family": 0.3}
CAUTION_PER_FAN = 0.5 / 3
CAUTION_SPAN = 0.4  # a claim must beat the concealed hand by this factor (exposing tells the table)
# Where the second step chooses between discards (``second_step_first``): among those of the best's
# shanten with at least this share of its useful tiles and of its expected gain. Only in classic,
# where the placement counts who wins: on duplicate deals it placed +0.026 of a place a hand better
# than the same player without it (1000 walls of seed 11; docs/measurements.md, 2026-12-06).
SECOND_STEP: dict[RuleName, float] = {"classic": 0.9}


class Motive(enum.Enum):
    """Why a choice was made: the teacher explains each in a sentence."""

    WIN = "win"
    CALL = "call"
    CLAIM_WIN = "claim_win"
    SCORING_PUNG = "scoring_pung"
    CLAIM_READY = "claim_ready"
    CLAIM_PLAN = "claim_plan"
    CLAIM_PROGRESS = "claim_progress"
    PASS_CONCEALED = "pass_concealed"
    PASS_BELOW_MINIMUM = "pass_below_minimum"
    PASS = "pass"
    KONG = "kong"
    READY = "ready"
    ISOLATED_HONOUR = "isolated_honour"
    ISOLATED_TERMINAL = "isolated_terminal"
    DEAD_TILE = "dead_tile"
    KEEP_SCORING_PAIR = "keep_scoring_pair"
    PLAN = "plan"
    EFFICIENT = "efficient"
    SECOND_STEP = "second_step"
    DEFEND_GENBUTSU = "defend_genbutsu"
    DEFEND_SAFE = "defend_safe"


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One possible discard: the shanten and useful tiles after it (of the free hand; in Hong Kong, of
    the plan followed), the best plan, the risk."""

    tile: Tile
    shanten: int
    useful: int
    useful_kinds: tuple[tuple[Tile, int], ...]
    best: PlanValue
    risk: Risk
    utility: float


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice and why: ``options`` ranks the discards considered (best first) when a discard was
    weighed; ``tile`` is the tile the motive is about; ``plan`` the plan followed."""

    action: Action
    motive: Motive
    tile: Tile | None = None
    options: tuple[DiscardOption, ...] = ()
    plan: PlanValue | None = None


class StrongPlayer:
    name = "strong"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return decide(view).action


def decide(view: SeatView) -> Decision:
    """The strong player's choice among ``view.legal``, with its motive."""
    legal = view.legal
    for action in legal:
        if isinstance(action, DeclareWin):
            return Decision(action, Motive.WIN)
        if isinstance(action, Claim) and action.kind is ClaimKind.MAHJONG:
            return Decision(action, Motive.CLAIM_WIN, view.claim.tile if view.claim else None)
    for action in legal:
        if isinstance(action, Call):
            return Decision(action, Motive.CALL)
    assert view.seat is not None and view.concealed is not None
    table = Table.of(view)
    counts = counts_of(view.concealed)
    melds = view.seats[view.seat].melds
    if view.claim is not None:
        return _answer(view, table, counts, melds)
    return _turn(view, table, counts, melds)


def plans_of(counts: list[int], melds: Sequence[Meld], table: Table) -> list[PlanValue]:
    """The plans of a 13-tile hand, best expected gain first: at a Hong Kong table, those that can meet
    its minimum (and the free plan, worth nothing when it cannot)."""
    if table.rules == "hongkong":
        return evaluate_hongkong(counts, melds, table)
    return evaluate(counts, melds, table)


def progress(plans: Sequence[PlanValue], table: Table) -> PlanValue:
    """The plan whose shanten and useful tiles measure how far the hand is: the free hand, except in
    Hong Kong, where only a hand meeting the minimum wins: the plan followed, or else the nearest."""
    if table.rules != "hongkong":
        return next(value for value in plans if value.plan == FREE)
    return plans[0] if plans[0].expected > 0 else nearest_plan(plans)


# --- discards -------------------------------------------------------------------------------------


def rank_discards(view: SeatView, table: Table, counts: list[int], melds: Sequence[Meld]) -> list[DiscardOption]:
    """Every legal discard (jokers only when nothing else may go), best first: by ``weigh_discards``,
    the second step's choice first where the table plays it (``second_step_first``)."""
    return second_step_first(view, table, counts, weigh_discards(view, table, counts, melds))


def weigh_discards(view: SeatView, table: Table, counts: list[int], melds: Sequence[Meld]) -> list[DiscardOption]:
    """Every legal discard (jokers only when nothing else may go), by its utility, best first."""
    assert view.seat is not None
    tiles = sorted({action.tile for action in view.legal if isinstance(action, Discard)})
    naturals = [tile for tile in tiles if tile != JOKER]
    cost = DEAL_IN_COST[table.rules]
    weight = caution(view)
    options = []
    for tile in naturals or tiles:
        counts[tile] -= 1
        plans = plans_of(counts, melds, table)
        measure = progress(plans, table)
        left = 0 if tile == JOKER else max(0, 4 - table.seen[tile] - counts[tile] - 1)
        counts[tile] += 1
        risk = deal_in_risk(view, tile, left)
        danger = weight * risk.chance
        best = plans[0]
        # Tie-breaks, far below any real difference in worth: more useful tiles, a shorter way, and
        # the tile that does least for the hand goes first (tip 1).
        utility = (
            best.expected * (1 - danger)
            - danger * cost
            + 1e-3 * (measure.useful - 20 * measure.distance)
            - 1e-5 * keep_value(tile, counts, table)
        )
        options.append(DiscardOption(tile, measure.distance, measure.useful, measure.kinds, best, risk, utility))
    return sorted(options, key=lambda option: (-option.utility, option.tile))


def second_step_first(
    view: SeatView, table: Table, counts: list[int], options: list[DiscardOption]
) -> list[DiscardOption]:
    """``options`` (best first), with the second step's choice moved to the front where the table plays
    it (``SECOND_STEP``): between the discards of the best's shanten and at least the given share of its
    useful tiles and expected gain, the one whose useful draws leave the most useful tiles
    (``second_step``), the better ranked between equals. Not for a ready hand (its wait is what counts)
    nor a hand with jokers or bonus tiles among its concealed ones (the count knows 34 kinds)."""
    share = SECOND_STEP.get(table.rules)
    if share is None or len(options) < 2 or options[0].shanten == 0 or any(counts[34:]):
        return options
    best = options[0]
    close = [
        option
        for option in options
        if option.shanten == best.shanten
        and option.useful >= share * best.useful
        and option.best.expected >= share * best.best.expected
    ]
    if len(close) < 2:
        return options
    hand = counts[:34]
    left = [table.unseen(hand, kind) for kind in range(34)]
    scored = []
    for rank, option in enumerate(close):
        hand[option.tile] -= 1
        scored.append((second_step(hand, left), -rank, option.tile))
        hand[option.tile] += 1
    tile = max(scored)[2]
    chosen = next(option for option in options if option.tile == tile)
    return [chosen, *(option for option in options if option is not chosen)]


def second_step(counts: list[int], left: Sequence[int]) -> int:
    """For 13 tiles (34 counts, ``left`` unseen copies per kind): over each draw that lowers the shanten,
    its unseen copies times the useful copies the best discard then keeps ("ukeire" two steps deep)."""
    level = regular_shanten(counts)
    total = 0
    for kind in useful_tiles(counts):
        if not left[kind]:
            continue
        counts[kind] += 1
        best = 0
        for discard in range(34):
            if counts[discard] and discard != kind:
                counts[discard] -= 1
                if regular_shanten(counts) < level:
                    best = max(best, sum(left[other] - (other == kind) for other in useful_tiles(counts)))
                counts[discard] += 1
        counts[kind] -= 1
        total += left[kind] * best
    return total


def caution(view: SeatView) -> float:
    """How much the risk of dealing in weighs, 0 to 1: nothing while no opponent looks close to ready
    (early discards are chosen for the hand), fully once one probably is; never in classic."""
    start = CAUTION_FROM[view.ruleset]
    if start is None:
        return 0.0
    top = max((threat(public) for public in view.seats if public.seat != view.seat), default=0.0)
    if view.ruleset == "hongkong":
        start += CAUTION_PER_FAN * min(3, view.minimum_fan)
    return min(1.0, max(0.0, (top - start) / CAUTION_SPAN))


def keep_value(tile: Tile, counts: Sequence[int], table: Table) -> int:
    """How much a tile does for the hand by itself (tip 1, tip 6): a scoring honour pair most, then
    any pair, tiles with neighbours, middle tiles, then 2 and 8, terminals, and lone honours least."""
    held = counts[tile]
    if tile >= 27:
        value = 10 * (held - 1)
        if held >= 2 and table.honour_weight(tile):
            value += 20
        return value
    rank = tile % 9
    value = (0, 1, 2, 3, 3, 3, 2, 1, 0)[rank] + 10 * (held - 1)
    for step in (-2, -1, 1, 2):
        other = rank + step
        if 0 <= other < 9 and counts[tile - rank + other]:
            value += 3 if abs(step) == 1 else 2
    return value


def discard_motive(
    option: DiscardOption, options: Sequence[DiscardOption], counts: Sequence[int], table: Table
) -> Motive:
    """Why ``option`` (the first of ``options``) was preferred."""
    # Chosen over the better weighed discard by the second step (``second_step_first``): never a defence.
    stepped = option.tile != min(options, key=lambda other: (-other.utility, other.tile)).tile
    attack = max(options, key=lambda other: (other.best.expected, other.useful - 20 * other.shanten))
    tile = option.tile
    given_up = attack.best.expected - option.best.expected
    if not stepped and given_up > 0.02 * attack.best.expected and option.risk.chance < attack.risk.chance:
        return Motive.DEFEND_GENBUTSU if option.risk.safe_against_leader else Motive.DEFEND_SAFE
    if option.shanten == 0:
        return Motive.READY
    if option.best.plan != FREE:
        return Motive.PLAN
    if tile >= 27 and counts[tile] == 1:
        return Motive.DEAD_TILE if table.seen[tile] >= 2 else Motive.ISOLATED_HONOUR
    if any(counts[kind] == 2 and table.honour_weight(kind) for kind in range(27, 34)) and tile != attack.tile:
        return Motive.KEEP_SCORING_PAIR
    if tile.is_terminal and counts[tile] == 1 and not _has_neighbour(tile, counts):
        return Motive.ISOLATED_TERMINAL
    if any(counts[kind] == 2 and table.honour_weight(kind) for kind in range(27, 34)):
        others = [other for other in options if other.shanten == option.shanten and other.tile != tile]
        if any(other.tile >= 27 and counts[other.tile] == 2 for other in others):
            return Motive.KEEP_SCORING_PAIR
    return Motive.SECOND_STEP if stepped else Motive.EFFICIENT


def _has_neighbour(tile: Tile, counts: Sequence[int]) -> bool:
    rank = tile % 9
    return any(0 <= rank + step < 9 and counts[tile + step] for step in (-2, -1, 1, 2))


def _turn(view: SeatView, table: Table, counts: list[int], melds: Sequence[Meld]) -> Decision:
    weighed = weigh_discards(view, table, counts, melds)
    best = weighed[0]
    for action in view.legal:
        if isinstance(action, ConcealedKong | AddedKong):
            after = list(counts)
            after[action.tile] -= 4 if isinstance(action, ConcealedKong) else 1
            kong = Meld(SetKind.KONG, action.tile, exposed=isinstance(action, AddedKong))
            rest = [meld for meld in melds if not (isinstance(action, AddedKong) and meld.base == action.tile)]
            plans = plans_of(after, [*rest, kong], table)
            worth = plans[0]
            if progress(plans, table).distance <= best.shanten and worth.expected >= 0.95 * best.best.expected:
                return Decision(action, Motive.KONG, action.tile, plan=worth)
    options = second_step_first(view, table, counts, weighed)
    best = options[0]
    discard = next(a for a in view.legal if isinstance(a, Discard) and a.tile == best.tile)
    return Decision(discard, discard_motive(best, options, counts, table), best.tile, tuple(options), best.best)


# --- claims ---------------------------------------------------------------------------------------


def _answer(view: SeatView, table: Table, counts: list[int], melds: Sequence[Meld]) -> Decision:
    claim_view = view.claim
    assert claim_view is not None and view.seat is not None
    tile = claim_view.tile
    keep_plans = plans_of(counts, melds, table)
    keep = keep_plans[0]
    keep_distance = progress(keep_plans, table).distance
    # Once a set is exposed there is no concealed double left to lose; a claim that makes the hand
    # ready finishes it (tip 5). Outside Hong Kong, where the minimum decides, these are taken.
    open_hand = any(meld.exposed for meld in melds) or table.rules == "family"
    best: tuple[float, Claim, PlanValue, int] | None = None
    below_minimum = False  # a claim would have brought the hand closer, but to no hand the table accepts
    for action in view.legal:
        if not isinstance(action, Claim):
            continue
        after, meld = _after_claim(counts, action, tile)
        laid = [*melds, meld]
        if action.kind is ClaimKind.KONG:
            plans = plans_of(after, laid, table)
            worth, distance = plans[0], progress(plans, table).distance
        else:
            worth, distance = _best_after_discard(after, laid, table)
        if table.rules == "hongkong" and worth.expected <= 0:
            below_minimum = below_minimum or distance < keep_distance
            continue  # the claimed hand can no longer reach the table's minimum
        # A claim that brings the hand no closer only shows it to the table, unless it serves a plan
        # that scores (a scoring pung, a one-suit hand, all pungs).
        purposeful = distance < keep_distance or worth.plan != FREE or bool(table.honour_weight(tile))
        wanted = purposeful and (
            worth.expected > keep.expected * CLAIM_MARGIN[table.rules]
            or (table.rules != "hongkong" and distance < keep_distance and (open_hand or distance == 0))
        )
        if wanted and (best is None or worth.expected > best[0]):
            best = (worth.expected, action, worth, distance)
    if best is None:
        concealed = not any(meld.exposed for meld in melds)
        motive = Motive.PASS_CONCEALED if concealed else Motive.PASS
        if below_minimum:
            motive = Motive.PASS_BELOW_MINIMUM
        return Decision(Pass(view.seat), motive, tile, plan=keep)
    _, claim, worth, distance = best
    if claim.kind is not ClaimKind.CHOW and table.honour_weight(tile):
        motive = Motive.SCORING_PUNG
    elif distance == 0:
        motive = Motive.CLAIM_READY
    elif worth.plan != FREE:
        motive = Motive.CLAIM_PLAN
    else:
        motive = Motive.CLAIM_PROGRESS
    return Decision(claim, motive, tile, plan=worth)


def _best_after_discard(counts: list[int], melds: Sequence[Meld], table: Table) -> tuple[PlanValue, int]:
    """The best plan (and the shanten that measures progress) the hand can keep after laying a set and
    discarding."""
    best: tuple[PlanValue, int] | None = None
    naturals = [kind for kind in range(34) if counts[kind]]
    # A joker goes only when nothing else may (as in ``rank_discards``): a hand left with jokers alone.
    for kind in naturals or [JOKER]:
        counts[kind] -= 1
        plans = plans_of(counts, melds, table)
        counts[kind] += 1
        distance = progress(plans, table).distance
        if best is None or plans[0].expected > best[0].expected:
            best = (plans[0], distance)
    assert best is not None
    return best


def _after_claim(counts: Sequence[int], claim: Claim, tile: Tile) -> tuple[list[int], Meld]:
    """Concealed counts once the claimed set is laid (real tiles first, then jokers), and the set."""
    after = list(counts)
    if claim.kind is ClaimKind.CHOW:
        assert claim.chow_base is not None
        needed = [claim.chow_base + step for step in range(3) if claim.chow_base + step != tile]
        meld = Meld(SetKind.CHOW, claim.chow_base)
    else:
        kong = claim.kind is ClaimKind.KONG
        needed = [int(tile)] * (3 if kong else 2)
        meld = Meld(SetKind.KONG if kong else SetKind.PUNG, tile)
    for kind in needed:
        if after[kind]:
            after[kind] -= 1
        else:
            after[JOKER] -= 1
    return after, meld

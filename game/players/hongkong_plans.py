"""Hong Kong plans: the winning hands that meet the table's minimum fan, and how far the hand is from each.

At a Hong Kong table a complete hand below the minimum cannot be declared, so what matters is the
distance to a winning hand *that meets the minimum*. A plan is a shape (any hand, mixed or pure one
suit, all pungs) and the scoring honours it counts on making pungs of (``Plan.pungs_of``). Its fan on
completion adds the shape's, the honour pungs' (laid, held or counted on), the concealed hand's while
no set is exposed, and a self-drawn win's when the plan needs that last fan; a plan still more than
one fan short is not followed, and one exactly one short wins only on its own draw.

Distances are exact shanten towards the plan, read from the per-part overlap tables of
``game.hand_tables`` (a hand's shanten is ``3n + 1`` minus the most of its tiles a complete hand of
``n`` sets and a pair keeps): the suits a plan leaves out keep nothing, and an honour counted on as a
pung keeps up to three of its copies and takes one of the sets. The useful tiles are those that raise
that overlap, read from the same tables' gains.

A plan's worth is its chance to finish (``finish_chance``) times what a win brings: base points of its
fan, two portions on a discard, three when self-drawn; and what it spares, since a hand won is a hand
no opponent wins: about the payment an opponent's win at that minimum costs the seat. Without that
second part a ready hand at a low minimum would be thrown away for a far pure one suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from game.hand import SetKind, useful_tiles
from game.hand_tables import COMBINED, EMPTY, HONOUR_GAINS, HONOUR_PART, SUIT_GAINS, SUIT_PART, part_of
from game.melds import Meld
from game.players.evaluation import (
    DRAWS_PER_TURN,
    FREE,
    HONOURS,
    JOKER,
    WIN_SIGHTS,
    Plan,
    PlanValue,
    Table,
    finish_chance,
    near_kinds,
)
from game.scoring.hongkong import base_points
from game.tiles import DRAGONS, Tile

# The share of wins that are self-drawn (simulated tables), for the fan and portions a win may add.
SELF_DRAWN_SHARE = 0.3
SHAPE_FAN = {"free": 0, "mixed": 3, "pure": 7, "pungs": 3}
THREE_DRAGONS_EXTRA = 5  # great three dragons count 8 fan, not three dragon pungs' 3
CAP = 13
# What an opponent's win costs the seat, in portions: self-drawn (a share SELF_DRAWN_SHARE) it pays one;
# on a discard (the rest) the discarder pays two, and the seat is the discarder one time in three.
OPPONENT_WIN_PORTIONS = SELF_DRAWN_SHARE + (1 - SELF_DRAWN_SHARE) * 2 / 3
TYPICAL_FAN_ABOVE_MINIMUM = 1  # opponents' wins count about a fan more than the minimum
# A plan further than this from the nearest one that meets the minimum is not weighed.
REACH = 2
# Tiles seen per turn by a hand that must stay concealed (its draw only) and by one that may only
# win on its own draw; the others claim and win as the evaluation's defaults say.
CONCEALED_DRAWS = 1.0
SELF_DRAWN_SIGHTS = 1.0
_FAR = 99  # a distance no hand reaches: the plan is impossible
_SUITS = ((0, 9), (9, 18), (18, 27))
_TILES = tuple(Tile(kind) for kind in range(34))
_PART_TILES = tuple(tuple(Tile(start + rank) for rank in range(end - start)) for start, end in (*_SUITS, (27, 34)))


def evaluate_hongkong(counts: list[int], melds: Sequence[Meld], table: Table) -> list[PlanValue]:
    """The plans of a 13-tile hand (3n + 1 concealed tiles) that can meet the table's minimum, best
    expected gain first, and always the free plan (worth nothing when it cannot meet the minimum).

    A hand with no set exposed weighs each plan twice: kept concealed (its fan counts, but it grows on
    its own draws only) and open to claims; the better of the two is the plan's worth."""
    exposed = any(meld.exposed for meld in melds)
    made = tuple(meld.base for meld in melds if meld.kind is not SetKind.CHOW and meld.base >= 27)
    reached: list[tuple[Plan, int, int]] = []  # plan, distance, fan without the concealed hand's
    free_distance = hongkong_distance(FREE, counts)
    nearest = _FAR
    # Plans that cannot meet the minimum are not measured, and the others nearest first by a bound
    # (a one-suit hand must let every other tile go), so that the far ones need no measuring.
    meeting = [
        (_bound(plan, counts), plan, fan)
        for plan in candidate_plans(counts, melds, table)
        if table.minimum - (fan := plan_fan(plan, made, table)) - (not exposed) <= 1
    ]
    for bound, plan, fan in sorted(meeting, key=lambda item: item[0]):
        if bound > nearest + REACH:
            break
        distance = free_distance if plan == FREE else hongkong_distance(plan, counts)
        if distance < _FAR:
            reached.append((plan, distance, fan))
            nearest = min(nearest, distance)
    values = [
        _value(plan, distance, fan, exposed, counts, table)
        for plan, distance, fan in reached
        if distance <= nearest + REACH
    ]
    if not any(value.plan == FREE for value in values):
        kinds = tuple(_useful(FREE, counts, table, free_distance))
        values.append(PlanValue(FREE, free_distance, sum(left for _, left in kinds), 0.0, 0.0, kinds, fan=0))
    return sorted(values, key=lambda value: -value.expected)


def _bound(plan: Plan, counts: Sequence[int]) -> int:
    """A distance the plan is never nearer than: a one-suit hand lets go of every tile outside it
    (one of them may be the discard still to come)."""
    if plan.kind not in ("mixed", "pure"):
        return 0
    assert plan.suit is not None
    start, end = _SUITS[plan.suit]
    kept = sum(counts[start:end]) + (sum(counts[27:34]) if plan.kind == "mixed" else 0)
    return sum(counts[:34]) + counts[JOKER] - kept - 1


def nearest_plan(plans: Sequence[PlanValue]) -> PlanValue:
    """The plan the fewest exchanges away among those that meet the minimum (the free plan when none
    does); between equals, the one worth most."""
    meeting = [value for value in plans if value.expected > 0] or [value for value in plans if value.plan == FREE]
    return min(meeting, key=lambda value: (value.distance, -value.expected))


def candidate_plans(counts: Sequence[int], melds: Sequence[Meld], table: Table) -> list[Plan]:
    """The shapes the laid sets still allow, each alone and with the scoring honour pairs held counted
    on as pungs (one at a time, or all); honours held three times are always kept as pungs."""
    suits = {meld.base // 9 for meld in melds if meld.base < 27}
    chows = any(meld.kind is SetKind.CHOW for meld in melds)
    honour_melds = any(meld.base >= 27 for meld in melds)
    scoring = [_TILES[kind] for kind in HONOURS if table.honour_weight(kind)]
    held = tuple(kind for kind in scoring if counts[kind] >= 3)
    pairs = [kind for kind in scoring if counts[kind] == 2 and table.unseen(counts, kind)]
    extras: list[tuple[Tile, ...]] = [()] + [(kind,) for kind in pairs]
    if len(pairs) > 1:
        extras += [tuple(pair) for pair in combinations(pairs, 2)]
    shapes = [FREE]
    for suit in range(3):
        if suits <= {suit}:
            shapes.append(Plan("mixed", suit))
            if not honour_melds:
                shapes.append(Plan("pure", suit))
    if not chows:
        shapes.append(Plan("pungs"))
    plans = []
    for shape in shapes:
        if shape.kind == "pure":
            plans.append(shape)
            continue
        for extra in extras:
            plans.append(Plan(shape.kind, shape.suit, tuple(sorted((*held, *extra)))))
    return plans


def plan_fan(plan: Plan, made: Sequence[Tile], table: Table) -> int:
    """The fan a plan's finished hand counts for sure, besides the concealed hand and a self-drawn win:
    its shape's, and the scoring honour pungs laid (``made``) or counted on."""
    pungs = set(made) | set(plan.pungs_of)
    fan = SHAPE_FAN[plan.kind] + sum(table.honour_weight(kind) for kind in pungs)
    if all(dragon in pungs for dragon in DRAGONS):
        fan += THREE_DRAGONS_EXTRA
    return min(CAP, fan)


def hongkong_distance(plan: Plan, counts: Sequence[int]) -> int:
    """Shanten towards ``plan`` of concealed counts (3n + 1 tiles: to ready; 3n + 2: to complete),
    the declared sets taken to fit the plan. A joker saves one exchange."""
    size = sum(counts[:34]) + counts[JOKER]
    sets = size // 3 - len(plan.pungs_of)
    if sets < 0:
        return _FAR
    kept = sum(min(counts[kind], 3) for kind in plan.pungs_of)
    if plan.kind == "pungs":
        kept += _pungs_overlap(counts, plan.pungs_of, sets)
    else:
        kept += _overlap(_kept_parts(plan, counts), sets)
    floor = -1 if size % 3 == 2 else 0
    return max(floor, 3 * (size // 3) + 1 - kept - counts[JOKER])


Parts = tuple[tuple[int, tuple[int, ...]], ...]  # (part index 0–3, its counts) for each part kept


def _kept_parts(plan: Plan, counts: Sequence[int]) -> Parts:
    """The parts of the hand the plan keeps; the honours counted on as pungs are left out of the
    honour part (they are kept apart)."""
    honours = tuple(0 if kind in plan.pungs_of else counts[kind] for kind in HONOURS)
    if plan.kind == "free":
        return ((0, tuple(counts[0:9])), (1, tuple(counts[9:18])), (2, tuple(counts[18:27])), (3, honours))
    assert plan.suit is not None
    start, end = _SUITS[plan.suit]
    suit = (plan.suit, tuple(counts[start:end]))
    return (suit, (3, honours)) if plan.kind == "mixed" else (suit,)


def _part_id(index: int, pattern: tuple[int, ...]) -> int:
    return SUIT_PART[pattern] if index < 3 else HONOUR_PART[pattern]


@lru_cache(maxsize=1 << 16)
def _overlap(parts: Parts, sets: int) -> int:
    """The most tiles of ``parts`` a hand of ``sets`` sets and a pair keeps."""
    combined = EMPTY
    for index, pattern in parts:
        combined = COMBINED[combined, _part_id(index, pattern)]
    return part_of(combined)[1][2 * sets + 1]


def _pungs_overlap(counts: Sequence[int], forced: Sequence[Tile], sets: int) -> int:
    """The most tiles a hand of ``sets`` pungs and a pair keeps, the ``forced`` kinds aside: the best
    kinds make the pungs and the next one the pair (taking the pair from a pung kind never keeps more)."""
    by_count = [0, 0, 0, 0]  # kinds held once, twice, three times or more
    for kind in range(34):
        if counts[kind]:
            by_count[min(counts[kind], 3)] += 1
    for kind in forced:
        if counts[kind]:
            by_count[min(counts[kind], 3)] -= 1
    kept = 0
    for count in (3, 2, 1):
        taken = min(sets, by_count[count])
        kept += count * taken
        sets -= taken
        by_count[count] -= taken
    pair = next((count for count in (3, 2, 1) if by_count[count]), 0)
    return kept + min(pair, 2)


# --- useful tiles ---------------------------------------------------------------------------------


def _useful(plan: Plan, counts: list[int], table: Table, level: int) -> list[tuple[Tile, int]]:
    """For 3n + 1 concealed counts at ``level`` (the plan's distance): the kinds whose draw brings the
    plan closer, with the copies of each still unseen (kinds with none left are not listed)."""
    if counts[JOKER] or plan.kind == "pungs":
        kinds: Sequence[int] = _lowering_kinds(plan, counts, level)
    elif plan == FREE:
        kinds = useful_tiles(counts[:34])
    else:
        kinds = _gaining_kinds(plan, counts)
    seen = table.seen
    return [(_TILES[kind], left) for kind in kinds if (left := 4 - seen[kind] - counts[kind]) > 0]


def _gaining_kinds(plan: Plan, counts: Sequence[int]) -> list[int]:
    """The kinds that raise the plan's overlap: those of its kept parts (``_gains``), and the honours
    counted on, below three."""
    sets = sum(counts[:34]) // 3 - len(plan.pungs_of)
    found = [int(kind) for kind in plan.pungs_of if counts[kind] < 3]
    return sorted(found + [kind for kind in _gains(_kept_parts(plan, counts), sets) if kind not in plan.pungs_of])


@lru_cache(maxsize=1 << 16)
def _gains(parts: Parts, sets: int) -> tuple[int, ...]:
    """The kinds whose draw raises ``_overlap(parts, sets)``: in each part, the ranks that raise an
    entry of its table that some best sharing of the sets and the pair uses."""
    ids = [_part_id(index, pattern) for index, pattern in parts]
    found: list[int] = []
    for position, (index, pattern) in enumerate(parts):
        rest = EMPTY
        for other, part in enumerate(ids):
            if other != position:
                rest = COMBINED[rest, part]
        own, others = part_of(ids[position])[1], part_of(rest)[1]
        shares = [(2 * m + p, own[2 * m + p] + others[2 * (sets - m) + 1 - p]) for m in range(sets + 1) for p in (0, 1)]
        best = max(kept for _, kept in shares)
        gains = SUIT_GAINS[pattern] if index < 3 else HONOUR_GAINS[pattern]
        mask = 0
        for entry, kept in shares:
            if kept == best:
                mask |= gains[entry]
        tiles = _PART_TILES[index]
        found += [int(tiles[rank]) for rank in range(len(tiles)) if mask >> rank & 1]
    return tuple(found)


def _lowering_kinds(plan: Plan, counts: list[int], level: int) -> list[int]:
    """The kinds whose draw takes the plan below ``level``, tried one by one (hands with jokers, and
    all pungs, whose overlap depends only on how many kinds are held once, twice…: one try per count)."""
    found = []
    by_count: dict[int, bool] = {}
    allowed = _allowed_kinds(plan)
    for kind in near_kinds(counts) if counts[JOKER] or plan.kind != "pungs" else range(34):
        held = counts[kind]
        if held == 4 or not allowed[kind]:
            continue
        pooled = plan.kind == "pungs" and kind not in plan.pungs_of
        lowers = by_count.get(held) if pooled else None
        if lowers is None:
            counts[kind] += 1
            lowers = hongkong_distance(plan, counts) < level
            counts[kind] -= 1
            if pooled:
                by_count[held] = lowers
        if lowers:
            found.append(kind)
    return found


def _allowed_kinds(plan: Plan) -> tuple[bool, ...]:
    if plan.kind in ("free", "pungs"):
        return (True,) * 34
    assert plan.suit is not None
    return tuple(kind // 9 == plan.suit if kind < 27 else plan.kind == "mixed" for kind in range(34))


# --- worth ----------------------------------------------------------------------------------------


def _value(plan: Plan, distance: int, fan: int, exposed: bool, counts: list[int], table: Table) -> PlanValue:
    """What following ``plan`` is worth: the chance to finish it times the payment of its fan and what
    the win spares, open to claims or (while no set is exposed) kept concealed, whichever is worth more."""
    kinds = tuple(_useful(plan, counts, table, distance))
    useful = sum(left for _, left in kinds)
    spared = OPPONENT_WIN_PORTIONS * base_points(min(CAP, table.minimum + TYPICAL_FAN_ABOVE_MINIMUM))
    best: PlanValue | None = None
    for concealed in (False, True) if not exposed else (False,):
        total = fan + concealed
        missing = table.minimum - total
        if missing > 1:
            continue
        self_drawn = missing == 1
        chance = finish_chance(
            distance,
            useful,
            table,
            plan,
            draws=CONCEALED_DRAWS if concealed else DRAWS_PER_TURN,
            sights=SELF_DRAWN_SIGHTS if self_drawn else WIN_SIGHTS,
        )
        expected_fan = total + (1 if self_drawn else SELF_DRAWN_SHARE) + table.own_bonus
        portions = 3 if self_drawn else 2 + SELF_DRAWN_SHARE  # a discard pays two portions, a self-drawn win three
        score = portions * base_points(min(CAP, round(expected_fan))) + spared
        fan_counted = total + self_drawn
        value = PlanValue(plan, distance, useful, score, chance * score, kinds, fan_counted, concealed, self_drawn)
        if best is None or value.expected > best.expected:
            best = value
    assert best is not None  # the caller keeps only plans one fan short at most, concealed
    return best

"""What a hand is worth to the player holding it: how far it is from winning, how many tiles still out
there would bring it closer, and what it would score, for each plan the hand could follow.

Everything here reads a ``Table`` built from a ``SeatView`` (never the hidden state): the copies of
each kind the seat cannot see, the seat and prevailing winds, the rule family. The figures follow
seed 000's tips: the useful tiles are counted over what is not yet visible (tip 2, tip 3), pairs of
dragons and of scoring winds are valued as the doubles they may become (tip 6), and a plan's worth
is its chance to finish times what it would score under the table's rules. This module scores the
classic doubles (and the family game, which has no score); the Hong Kong plans, which must meet the
table's minimum fan, are ``game.players.hongkong_plans``.

Hands are 43-count vectors indexed by ``Tile`` (jokers at 42), as in the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from game.hand import SetKind, regular_shanten, useful_tiles
from game.melds import Meld
from game.rules import RuleName
from game.tiles import DRAGONS, WINDS, Tile
from game.view import SeatView

JOKER = int(Tile.JOKER)
_TILES = tuple(Tile(kind) for kind in range(34))
HONOURS = range(27, 34)
_PARKING = (*HONOURS, *range(27))  # where a joker joins nothing: an honour the hand lacks, first

# The chance a scoring pair is still turned into a pung before the hand ends, and the share of wins
# that are self-drawn: rough figures from simulated tables, used to value what is not there yet.
PAIR_TO_PUNG = 0.35
SELF_DRAWN_SHARE = 0.3
# How many tiles a seat effectively sees per turn: its draw and the claims it may make on the way,
# and its draw plus the discards it may win on when ready.
DRAWS_PER_TURN = 1.3
WIN_SIGHTS = 3.0
TYPICAL_WAIT = 6.0
TYPICAL_GAIN = 14.0
USEFUL_BOUNDS = (0.75, 1.25)
# The share of the useful tiles a plan keeps: a one-suit hand or a hand of pungs waits for fewer kinds.
PLAN_BREADTH = {"free": 1.0, "mixed": 0.6, "pure": 0.3, "pungs": 0.4}
# The chance per turn that an opponent finishes first, at a table of players who claim freely
# (classic) or who must reach a minimum of fan (Hong Kong: that of a 3-fan minimum; each fan less
# below 3 brings it towards the free tables', where any hand wins).
OPPONENT_HAZARD: dict[RuleName, float] = {"classic": 0.08, "hongkong": 0.04, "family": 0.08}
HAZARD_PER_FAN_BELOW_3 = 0.02


@dataclass(frozen=True, slots=True)
class Table:
    """What the deciding seat knows of the table, beyond its own tiles."""

    rules: RuleName
    seat_wind: Tile
    round_wind: Tile
    seen: tuple[int, ...]  # per kind (34), copies visible outside the seat's own concealed tiles
    wall_left: int
    bonus: int  # the seat's flowers and seasons
    own_bonus: int  # those that are its own (seat) flower or season
    unseen_total: int  # tiles the seat cannot see, less a hand's worth held by each opponent's 13
    minimum: int = 0  # the fan a win must count (Hong Kong), from the view

    @classmethod
    def of(cls, view: SeatView) -> Table:
        assert view.seat is not None
        players = len(view.seats)
        seat_wind = WINDS[(view.seat - view.dealer) % players]
        me = view.seats[view.seat]
        seen = visible_counts(view)
        return cls(
            rules=view.ruleset,
            seat_wind=seat_wind,
            round_wind=view.round_wind,
            seen=tuple(seen),
            wall_left=view.wall_left,
            bonus=len(me.bonus),
            own_bonus=sum(1 for tile in me.bonus if tile.is_bonus and WINDS[tile.bonus_seat] == seat_wind),
            unseen_total=max(1, 4 * 34 - sum(seen) - 13),
            minimum=view.minimum_fan,
        )

    def unseen(self, counts: Sequence[int], kind: int) -> int:
        """Copies of ``kind`` the seat can still hope for: neither visible nor in its own hand."""
        return max(0, 4 - self.seen[kind] - counts[kind])

    def honour_weight(self, kind: int) -> int:
        """How many doubles (classic) or fan (Hong Kong) a pung of ``kind`` is worth."""
        if kind in DRAGONS:
            return 1
        return (kind == self.seat_wind) + (kind == self.round_wind)


def visible_counts(view: SeatView) -> list[int]:
    """Per kind, the copies a seat sees outside its own hand: discards left on the table, declared
    sets (jokers stand for nothing), and other hands when the table plays open hands."""
    seen = [0] * 34
    for public in view.seats:
        for discarded in public.discards:
            if not discarded.claimed and discarded.tile < 34:
                seen[discarded.tile] += 1
        for meld in public.melds:
            for tile in meld.tiles:
                if tile < 34:
                    seen[tile] += 1
        if public.concealed is not None and public.seat != view.seat:
            for tile in public.concealed:
                if tile < 34:
                    seen[tile] += 1
    return seen


def counts_of(tiles: Sequence[Tile]) -> list[int]:
    counts = [0] * 43
    for tile in tiles:
        counts[tile] += 1
    return counts


# --- plans ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """A shape the hand aims at. ``kind``: ``free`` (any winning hand), ``mixed`` (one suit and
    honours), ``pure`` (one suit, no honours), ``pungs`` (all pungs); ``suit`` 0–2 for the one-suit plans.
    ``pungs_of``: the scoring honours a Hong Kong plan counts on making pungs of, for their fan."""

    kind: str
    suit: int | None = None
    pungs_of: tuple[Tile, ...] = ()

    def allows(self, kind: int) -> bool:
        return _allowed(self.kind, self.suit)[kind]

    def allows_meld(self, meld: Meld) -> bool:
        if self.kind == "pungs":
            return meld.kind is not SetKind.CHOW
        return self.allows(meld.base)


FREE = Plan("free")


@cache
def _allowed(kind: str, suit: int | None) -> tuple[bool, ...]:
    """Per tile kind (34), whether a plan keeps it."""
    if kind in ("free", "pungs"):
        return (True,) * 34
    assert suit is not None
    return tuple(tile // 9 == suit if tile < 27 else kind == "mixed" for tile in range(34))


# Off-plan tiles are replaced, for the shanten tables, by tiles that can never join anything: one
# of each rank 1, 5, 9 of a suit the plan leaves out (gaps of four ranks make no block).
_FILLERS = {
    suit: [start + rank for start in (0, 9, 18) if start != 9 * suit for rank in (0, 4, 8)] for suit in range(3)
}


def plan_distance(plan: Plan, counts: Sequence[int]) -> int:
    """Shanten towards ``plan`` of concealed counts (3n + 1 or 3n + 2 tiles; the declared sets are
    taken to fit the plan): how many exchanges before it is ready (or, for 3n + 2, complete)."""
    if plan.kind == "free":
        return free_distance(counts)
    # A joker is counted as a tile that joins nothing, then as one exchange saved.
    jokers = counts[JOKER]
    naturals = counts[:34]
    if plan.kind == "pungs":
        return _pungs_distance(naturals, jokers) - jokers
    assert plan.suit is not None
    start = 9 * plan.suit
    mixed = plan.kind == "mixed"
    part = tuple(counts[start : start + 9])
    honours = tuple(counts[27:34]) if mixed else ()
    off = sum(naturals) + jokers - sum(part) - sum(honours)
    return _suit_distance(mixed, plan.suit, part, honours, off) - jokers


def free_distance(counts: Sequence[int]) -> int:
    """Regular shanten of concealed counts. A joker is first laid on a kind the hand lacks (an honour
    first, where it joins nothing), then saves one exchange: it is the best tile the hand could draw
    (never below ready, or complete for 3n + 2 tiles). One table look-up, exact with one or two jokers
    (tested against every assignment of them); with three, about one hand in 300 comes out one
    exchange too close."""
    jokers = counts[JOKER]
    work = list(counts[:34])
    if not jokers:
        return regular_shanten(work)
    for kind in [kind for kind in _PARKING if not work[kind]][:jokers]:
        work[kind] += 1
    floor = -1 if sum(work) % 3 == 2 else 0
    return max(floor, regular_shanten(work) - jokers)


@lru_cache(maxsize=1 << 16)
def _suit_distance(mixed: bool, suit: int, part: tuple[int, ...], honours: tuple[int, ...], off: int) -> int:
    """Shanten of a hand keeping ``part`` (the plan's suit) and, for a mixed plan, ``honours``, with
    ``off`` other tiles that join nothing."""
    fillers = _FILLERS[suit] + ([] if mixed else list(HONOURS))
    if off > len(fillers):
        return 8 + off - len(fillers)  # too far to be worth a shanten figure
    distance = regular_shanten(_suit_work(mixed, suit, part, honours, fillers[:off]))
    # A filler left alone would be the last wait; it still has to go.
    return distance + 1 if off and distance <= 0 else distance


def _pungs_distance(naturals: Sequence[int], jokers: int) -> int:
    """Exchanges to a hand of pungs and a pair (3n + 1 tiles: to ready; 3n + 2: to complete)."""
    size = sum(naturals) + jokers
    sets = size // 3
    pairs = naturals.count(2)
    pungs = min(naturals.count(3) + naturals.count(4), sets)
    head = pairs > 0
    pairs -= head
    fed = min(pairs, sets - pungs)
    missing = fed + 2 * (sets - pungs - fed) + (0 if head else 1)
    return missing - 1


def live_plans(counts: Sequence[int], melds: Sequence[Meld], table: Table) -> list[tuple[Plan, int]]:
    """The plans worth following, each with its distance: the free hand, plus the patterns that score
    (a one-suit hand in the suit the hand leans to, all pungs) when they are not much further than
    the free hand."""
    free = plan_distance(FREE, counts)
    plans = [(FREE, free)]
    if table.rules == "family":
        return plans
    per_suit = [sum(counts[start : start + 9]) for start in (0, 9, 18)]
    suit = max(range(3), key=lambda index: per_suit[index])
    candidates = [(Plan("mixed", suit), 2), (Plan("pure", suit), 1), (Plan("pungs"), 2)]
    for plan, reach in candidates:
        if all(plan.allows_meld(meld) for meld in melds):
            distance = plan_distance(plan, counts)
            if distance <= free + reach:
                plans.append((plan, distance))
    return plans


# --- useful tiles ---------------------------------------------------------------------------------


def useful_kinds(plan: Plan, counts: list[int], table: Table, level: int | None = None) -> list[tuple[Tile, int]]:
    """For concealed counts of 3n + 1 tiles: the kinds whose draw brings ``plan`` closer, with the
    copies of each still unseen (kinds with none left are not listed). ``level``, when given, is
    ``plan_distance(plan, counts)``."""
    if plan.kind in ("mixed", "pure"):
        kinds: Sequence[int] = _suit_useful(plan, counts)
    elif plan == FREE and not counts[JOKER]:
        # Without jokers the free plan's shanten is the regular one, read from the hand tables.
        kinds = useful_tiles(counts[:34])
    else:
        if level is None:
            level = plan_distance(plan, counts)
        kinds = _lowering_kinds(plan, counts, level)
    seen = table.seen
    return [(_TILES[kind], left) for kind in kinds if (left := 4 - seen[kind] - counts[kind]) > 0]


def _lowering_kinds(plan: Plan, counts: list[int], level: int) -> list[int]:
    """The kinds, among those that can join a tile in hand, whose draw takes ``plan`` below ``level``.
    The all-pungs distance depends only on how many kinds are held once, twice…: one try per count."""
    found = []
    by_count: dict[int, bool] = {}
    for kind in near_kinds(counts):
        held = counts[kind]
        if held == 4:
            continue  # no copy left to draw
        lowers = by_count.get(held) if plan.kind == "pungs" else None
        if lowers is None:
            counts[kind] += 1
            lowers = plan_distance(plan, counts) < level
            counts[kind] -= 1
            by_count[held] = lowers
        if lowers:
            found.append(kind)
    return found


def _suit_useful(plan: Plan, counts: Sequence[int]) -> tuple[int, ...]:
    assert plan.suit is not None
    start = 9 * plan.suit
    mixed = plan.kind == "mixed"
    part = tuple(counts[start : start + 9])
    honours = tuple(counts[27:34]) if mixed else ()
    off = sum(counts[:34]) + counts[JOKER] - sum(part) - sum(honours)
    return _suit_useful_kinds(mixed, plan.suit, part, honours, off)


@lru_cache(maxsize=1 << 16)
def _suit_useful_kinds(
    mixed: bool, suit: int, part: tuple[int, ...], honours: tuple[int, ...], off: int
) -> tuple[int, ...]:
    """The plan's kinds whose draw lowers ``_suit_distance``. The off-plan tiles stay as they are,
    so these are the kinds that lower the regular shanten of the filled hand, except where the
    filler rule (a ready hand with a filler still counts one more) absorbs the step."""
    fillers = _FILLERS[suit] + ([] if mixed else list(HONOURS))
    if off > len(fillers):
        return ()
    work = _suit_work(mixed, suit, part, honours, fillers[:off])
    if off and regular_shanten(work) == 1:
        return ()  # one step from ready, the filler left alone is then the last wait: no gain
    allowed = _allowed("mixed" if mixed else "pure", suit)
    return tuple(sorted(int(tile) for tile in useful_tiles(work) if allowed[tile]))


def _suit_work(
    mixed: bool, suit: int, part: tuple[int, ...], honours: tuple[int, ...], fillers: Sequence[int]
) -> list[int]:
    """The 34 counts of a one-suit plan's hand: its suit, its honours when mixed, the fillers."""
    work = [0] * 34
    work[9 * suit : 9 * suit + 9] = part
    if mixed:
        work[27:34] = honours
    for kind in fillers:
        work[kind] += 1
    return work


def near_kinds(counts: Sequence[int]) -> list[int]:
    """Kinds that can make a block with a tile in hand (with jokers, every kind)."""
    if counts[JOKER]:
        return list(range(34))
    near: set[int] = set()
    for kind in range(34):
        if not counts[kind]:
            continue
        if kind >= 27:
            near.add(kind)
            continue
        base = kind - kind % 9
        near.update(range(max(base, kind - 2), min(base + 9, kind + 3)))
    return sorted(near)


# --- worth ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlanValue:
    """A plan for a 13-tile hand: distance (shanten), useful copies left (``kinds``: per kind), what a
    win would bring, and the expected gain (chance to finish × score).

    Hong Kong plans also say what the finished hand counts towards the table's minimum: ``fan`` (None
    elsewhere), the concealed hand's fan and a self-drawn win's included when the plan needs them
    (``concealed``: it must stay concealed; ``self_drawn``: it can only win on its own draw)."""

    plan: Plan
    distance: int
    useful: int
    score: float
    expected: float
    kinds: tuple[tuple[Tile, int], ...] = ()
    fan: int | None = None
    concealed: bool = False
    self_drawn: bool = False


def finish_chance(
    distance: int,
    useful: int,
    table: Table,
    plan: Plan = FREE,
    *,
    draws: float = DRAWS_PER_TURN,
    sights: float = WIN_SIGHTS,
) -> float:
    """Chance to complete a hand ``distance`` steps from ready, ``useful`` copies helping now.

    Each step waits for one useful tile, seen at the seat's draws and (through claims) at others'
    discards; after the first step, whose useful tiles are known, a hand ``s`` steps from ready has
    about ``typical_useful(s)`` of them, and the last step is also won on any player's discard. Every step is a
    race against an opponent finishing first, and against the wall running out. ``draws`` and
    ``sights`` are the tiles seen per turn on the way and when ready: fewer for a hand that may not
    claim (it must stay concealed) or may only win on its own draw.
    """
    if distance < 0:
        return 1.0
    unseen_total = table.unseen_total
    turns_left = max(1.0, table.wall_left / 4)
    against = opponent_hazard(table) + 1 / turns_left
    chance = 1.0
    for step in range(distance + 1):
        left = distance - step  # steps still to go after this one
        typical = typical_useful(left) * PLAN_BREADTH[plan.kind]
        # The useful tiles known now, held within bounds of the typical figure: a step nearer a win
        # always counts for more than a wider choice of tiles (shanten first, then useful tiles).
        copies = min(max(useful, USEFUL_BOUNDS[0] * typical), USEFUL_BOUNDS[1] * typical) if step == 0 else typical
        per_turn = min(0.95, copies / unseen_total * (sights if left == 0 else draws))
        chance *= per_turn / (per_turn + against)
    return chance


def opponent_hazard(table: Table) -> float:
    """The chance per turn that an opponent wins first: lower where a high minimum holds them back."""
    hazard = OPPONENT_HAZARD[table.rules]
    if table.rules == "hongkong":
        hazard += HAZARD_PER_FAN_BELOW_3 * max(0, 3 - table.minimum)
    return hazard


def typical_useful(distance: int) -> float:
    """About how many unseen copies help a hand ``distance`` steps from ready (a ready hand's wait)."""
    return TYPICAL_WAIT + TYPICAL_GAIN * distance


def evaluate(counts: list[int], melds: Sequence[Meld], table: Table) -> list[PlanValue]:
    """Every live plan of a 13-tile hand (3n + 1 concealed tiles), best expected gain first (classic
    and family tables; Hong Kong's are ``hongkong_plans.evaluate_hongkong``)."""
    values = []
    for plan, distance in live_plans(counts, melds, table):
        kinds = tuple(useful_kinds(plan, counts, table, distance))
        useful = sum(left for _, left in kinds)
        score = hand_score(plan, counts, melds, table)
        expected = finish_chance(distance, useful, table, plan) * score
        values.append(PlanValue(plan, distance, useful, score, expected, kinds))
    return sorted(values, key=lambda value: -value.expected)


def hand_score(plan: Plan, counts: Sequence[int], melds: Sequence[Meld], table: Table) -> float:
    """What winning with ``plan`` from this hand would bring, on the table's scale (classic points; 1
    for the family game, which has no score)."""
    if table.rules == "family":
        return 1.0
    exposed = any(meld.exposed for meld in melds)
    sure = 0  # doubles or fan from scoring pungs already made
    pairs = 0  # doubles or fan that scoring pairs may become
    points = 20 + 4 * table.bonus
    for meld in melds:
        if meld.kind is not SetKind.CHOW:
            sure += table.honour_weight(meld.base)
            points += _set_points(meld.base, meld.kind is SetKind.KONG, concealed=not meld.exposed)
    allowed = _allowed(plan.kind, plan.suit)
    for kind in range(34):
        if counts[kind] < 2 or not allowed[kind]:
            continue  # a lone tile scores nothing, and the plan lets off-plan tiles go
        if counts[kind] >= 3:
            sure += table.honour_weight(kind)
            points += _set_points(Tile(kind), False, concealed=True)
        elif counts[kind] == 2 and kind >= 27:
            weight = table.honour_weight(kind)
            pairs += weight
            points += 2 * (weight > 0)
    doubles = sure + PAIR_TO_PUNG * pairs + (not exposed) + (plan.kind == "pure")
    if plan.kind == "pungs":
        points += 4 * max(0, 4 - len(melds) - sum(1 for count in counts[:34] if count >= 3))
    return float(points * 2**doubles)


def _set_points(tile: Tile, kong: bool, *, concealed: bool) -> int:
    points = 2 * (2 if tile.is_terminal_or_honour else 1) * (2 if concealed else 1)
    return points * (4 if kong else 1)

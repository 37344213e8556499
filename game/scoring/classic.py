"""Classic points-and-doubles scoring (seed 000, "Le barème complet des points"; SPEC §2 classic).

Only the winner scores: the points of the sets, pairs and bonus tiles plus 20 for mahjong, doubled
once per double; a table may add a limit and house rules from the written catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.hand import SetKind
from game.phrases import phrase
from game.scoring import patterns
from game.scoring.common import PointsItem
from game.scoring.house import HOUSE_RULES
from game.scoring.reading import Reading, ReadSet, readings
from game.scoring.settings import ClassicSettings
from game.scoring.validation import not_a_winning_hand, validate_win
from game.tiles import DRAGONS
from game.win import WinContext

MAHJONG_POINTS = 20
BONUS_TILE_POINTS = 4
PAIR_POINTS = 2


@dataclass(frozen=True, slots=True)
class ClassicScore:
    """The hand's score: ``points`` × 2^``doubles``, or the limit (``limit_hand``, or a capped score)."""

    points: int
    doubles: int
    score: int
    items: tuple[PointsItem, ...]
    limit_hand: bool = False


def set_points(item: ReadSet) -> int:
    """Pung 2, doubled for terminals or honours, doubled if concealed; a kong is four pungs; a chow 0."""
    if item.kind is SetKind.CHOW:
        return 0
    points = 2 * (2 if item.tile.is_terminal_or_honour else 1) * (2 if item.concealed else 1)
    return points * (4 if item.kind is SetKind.KONG else 1)


def score_classic(win: WinContext, settings: ClassicSettings | None = None) -> ClassicScore:
    """Score a win under classic rules, taking the best reading of the hand.

    Raises ``UnscorableHand`` (an ``InvalidHand``) for an impossible description or a hand that is
    not a winning hand.
    """
    settings = settings or ClassicSettings()
    validate_win(win, jokers_allowed=settings.jokers, north_bonus=settings.north_bonus)
    options = readings(win, seven_pairs=False, thirteen_orphans="thirteen_orphans" in settings.house_rules)
    if not options:
        raise not_a_winning_hand(win)
    scored = [_score_reading(reading, win, settings) for reading in options]
    return max(scored, key=lambda s: (s.score, s.points, s.doubles))


def _score_reading(reading: Reading, win: WinContext, settings: ClassicSettings) -> ClassicScore:
    items = [*_set_items(reading, win), *_pair_items(reading, win), *_bonus_items(win)]
    items.append(PointsItem("mahjong", phrase("mahjong"), points=MAHJONG_POINTS))
    if win.is_concealed:
        # The line's key is the ledger's, shared with Hong Kong; its words are classic's own.
        items.append(PointsItem("concealed_hand", phrase("fully_concealed_hand"), doubles=1))
    if patterns.pure_one_suit(reading):
        items.append(PointsItem("one_suit", phrase("one_suit"), doubles=1))
    limits: list[PointsItem] = []
    for key in sorted(settings.house_rules):
        rule = HOUSE_RULES[key]
        count = rule.occurrences(reading, win)
        if count and rule.limit:
            limits.append(PointsItem(f"house_{key}", rule.label))
        elif count:
            items.append(PointsItem(f"house_{key}", rule.label, doubles=rule.doubles * count))
    points = sum(item.points for item in items)
    doubles = sum(item.doubles for item in items)
    if limits and settings.limit is not None:
        return ClassicScore(points, doubles, settings.limit, (*limits, *items), limit_hand=True)
    score = points * 2**doubles
    if settings.limit is not None:
        score = min(score, settings.limit)
    return ClassicScore(points, doubles, score, tuple(items))


def _set_items(reading: Reading, win: WinContext) -> list[PointsItem]:
    items: list[PointsItem] = []
    for item in reading.sets:
        key = f"{'concealed' if item.concealed else 'exposed'}_{item.kind.value}"
        items.append(PointsItem(key, phrase(key, tile=item.tile), points=set_points(item)))
        if not item.is_pung_or_kong:
            continue
        if item.tile in DRAGONS:
            items.append(PointsItem("dragon_set", phrase("dragon_set", tile=item.tile), doubles=1))
        if item.tile == win.seat_wind:
            items.append(PointsItem("own_wind_set", phrase("own_wind_set", tile=item.tile), doubles=1))
        if item.tile == win.round_wind:
            items.append(PointsItem("prevailing_wind_set", phrase("prevailing_wind_set", tile=item.tile), doubles=1))
    return items


def _pair_items(reading: Reading, win: WinContext) -> list[PointsItem]:
    pair = reading.pair
    if pair is None:
        return []
    items: list[PointsItem] = []
    if pair in DRAGONS:
        items.append(PointsItem("dragon_pair", phrase("dragon_pair", tile=pair), points=PAIR_POINTS))
    if pair == win.seat_wind:
        items.append(PointsItem("own_wind_pair", phrase("own_wind_pair", tile=pair), points=PAIR_POINTS))
    if pair == win.round_wind:
        items.append(PointsItem("prevailing_wind_pair", phrase("prevailing_wind_pair", tile=pair), points=PAIR_POINTS))
    return items


def _bonus_items(win: WinContext) -> list[PointsItem]:
    items = []
    for tile in sorted(win.bonus):
        # Three players: North is laid aside like a flower and scores like one.
        key = "flower" if tile.is_flower else "season" if tile.is_season else "north_bonus"
        items.append(PointsItem(key, phrase(key, tile=tile), points=BONUS_TILE_POINTS))
    return items

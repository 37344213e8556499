"""Classic points-and-doubles scoring (seed 000, "Le barème complet des points"; SPEC §2 classic).

Only the winner scores: the points of the sets, pairs and bonus tiles plus 20 for mahjong, doubled
once per double; a table may add a limit and house rules from the written catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.hand import SetKind
from game.scoring import patterns
from game.scoring.common import Label, PointsItem, tile_label
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


_SET_NAMES = {
    (SetKind.PUNG, False): Label("Exposed pung of {tile}", "Pung exposé de {tile}"),
    (SetKind.PUNG, True): Label("Concealed pung of {tile}", "Pung caché de {tile}"),
    (SetKind.KONG, False): Label("Exposed kong of {tile}", "Kong exposé de {tile}"),
    (SetKind.KONG, True): Label("Concealed kong of {tile}", "Kong caché de {tile}"),
    (SetKind.CHOW, False): Label("Exposed chow from {tile}", "Chow exposé à partir de {tile}"),
    (SetKind.CHOW, True): Label("Concealed chow from {tile}", "Chow caché à partir de {tile}"),
}


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
    items.append(PointsItem("mahjong", Label("Mahjong", "Mah-Jong"), points=MAHJONG_POINTS))
    if win.is_concealed:
        items.append(PointsItem("concealed_hand", Label("Fully concealed hand", "Main entièrement cachée"), doubles=1))
    if patterns.pure_one_suit(reading):
        items.append(PointsItem("one_suit", Label("One suit", "Une seule famille"), doubles=1))
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
        name = tile_label(_SET_NAMES[item.kind, item.concealed], item.tile)
        key = f"{'concealed' if item.concealed else 'exposed'}_{item.kind.value}"
        items.append(PointsItem(key, name, points=set_points(item)))
        if not item.is_pung_or_kong:
            continue
        if item.tile in DRAGONS:
            items.append(
                PointsItem(
                    "dragon_set", tile_label(Label("Set of {tile}", "Brelan ou carré de {tile}"), item.tile), doubles=1
                )
            )
        if item.tile == win.seat_wind:
            items.append(
                PointsItem(
                    "own_wind_set",
                    tile_label(Label("Set of own wind ({tile})", "Brelan ou carré de son vent ({tile})"), item.tile),
                    doubles=1,
                )
            )
        if item.tile == win.round_wind:
            items.append(
                PointsItem(
                    "prevailing_wind_set",
                    tile_label(
                        Label("Set of the prevailing wind ({tile})", "Brelan ou carré du vent dominant ({tile})"),
                        item.tile,
                    ),
                    doubles=1,
                )
            )
    return items


def _pair_items(reading: Reading, win: WinContext) -> list[PointsItem]:
    pair = reading.pair
    if pair is None:
        return []
    items: list[PointsItem] = []
    if pair in DRAGONS:
        items.append(
            PointsItem("dragon_pair", tile_label(Label("Pair of {tile}", "Paire de {tile}"), pair), points=PAIR_POINTS)
        )
    if pair == win.seat_wind:
        items.append(
            PointsItem(
                "own_wind_pair",
                tile_label(Label("Pair of own wind ({tile})", "Paire de son vent ({tile})"), pair),
                points=PAIR_POINTS,
            )
        )
    if pair == win.round_wind:
        items.append(
            PointsItem(
                "prevailing_wind_pair",
                tile_label(Label("Pair of the prevailing wind ({tile})", "Paire du vent dominant ({tile})"), pair),
                points=PAIR_POINTS,
            )
        )
    return items


def _bonus_items(win: WinContext) -> list[PointsItem]:
    names = {
        "flower": Label("Flower: {tile}", "Fleur : {tile}"),
        "season": Label("Season: {tile}", "Saison : {tile}"),
        # Three players: North is laid aside like a flower and scores like one.
        "north_bonus": Label("North as a bonus tile", "Nord en tuile bonus"),
    }
    items = []
    for tile in sorted(win.bonus):
        key = "flower" if tile.is_flower else "season" if tile.is_season else "north_bonus"
        items.append(PointsItem(key, tile_label(names[key], tile), points=BONUS_TILE_POINTS))
    return items

"""Hong Kong old-style fan scoring (seed 002; reference/scoring.md §1 and §2.1).

Fan are summed over every recognised pattern, only the tightest pattern of a family counting (pure
one suit over mixed, three-dragon hands over the separate dragon pungs, a complete flower set over
the seat flower, a double kong over a single one); a limit hand scores the cap alone. Flower and
season fan do not count towards the minimum needed to declare mahjong.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.phrases import Phrase, phrase
from game.scoring import patterns
from game.scoring.common import FanItem
from game.scoring.reading import Reading, Shape, readings
from game.scoring.settings import HongKongSettings, Spicy
from game.scoring.validation import not_a_winning_hand, validate_win
from game.tiles import DRAGONS
from game.win import WinContext


@dataclass(frozen=True, slots=True)
class HongKongScore:
    """``fan`` is the capped total; ``meets_minimum`` compares the fan without bonus fan (a limit hand
    always meets it); ``base_points`` converts ``fan`` through the table's spicy table."""

    fan: int
    patterns: tuple[FanItem, ...]
    meets_minimum: bool
    base_points: int
    limit_hand: bool = False

    @property
    def hand_fan(self) -> int:
        """The fan that count towards the minimum (all but flowers and seasons), before the cap."""
        return sum(item.fan for item in self.patterns if not item.bonus)


def base_points(fan: int, spicy: Spicy = Spicy.HALF) -> int:
    """B(f): 2^f, or on the half-spicy table 2^f up to 4 fan, then doubling every 2 fan (odd fan take
    the midpoint: 5 → 24, 7 → 48, 13 → 384)."""
    if fan < 0:
        raise ValueError(f"fan cannot be negative: {fan}")
    if spicy is Spicy.FULL or fan <= 4:
        return 1 << fan
    if fan % 2 == 0:
        return 1 << (fan // 2 + 2)
    return 3 << ((fan - 1) // 2 + 1)


def score_hongkong(win: WinContext, settings: HongKongSettings | None = None) -> HongKongScore:
    """Score a win under Hong Kong rules, taking the best reading of the hand.

    Raises ``UnscorableHand`` for an impossible description or a hand that is not a winning hand;
    a winning hand below the minimum is scored with ``meets_minimum`` False.
    """
    settings = settings or HongKongSettings()
    validate_win(win, jokers_allowed=False, north_bonus=settings.north_bonus)
    options = readings(win, seven_pairs=settings.seven_pairs, thirteen_orphans=settings.thirteen_orphans)
    if not options:
        raise not_a_winning_hand(win)
    scored = [_score_reading(reading, win, settings) for reading in options]
    return max(scored, key=lambda s: (s.meets_minimum, s.fan, s.hand_fan))


def _score_reading(reading: Reading, win: WinContext, settings: HongKongSettings) -> HongKongScore:
    limits = _limit_hands(reading, win, settings)
    if limits:
        patterns_found = tuple(FanItem(key, label, settings.cap, limit=True) for key, label in limits)
        return HongKongScore(settings.cap, patterns_found, True, base_points(settings.cap, settings.spicy), True)
    items = [*_winning_condition(win), *_honours(reading, win, settings), *_hand_pattern(reading, win)]
    if not any(item.fan for item in items):
        items.append(FanItem("chicken_hand", phrase("chicken_hand"), 0))
    items += _bonus(win, settings)
    total = sum(item.fan for item in items)
    fan = min(total, settings.cap)
    hand_fan = sum(item.fan for item in items if not item.bonus)
    return HongKongScore(fan, tuple(items), hand_fan >= settings.min_fan, base_points(fan, settings.spicy))


def _limit_hands(reading: Reading, win: WinContext, settings: HongKongSettings) -> list[tuple[str, Phrase]]:
    checks = [
        ("heavenly_hand", win.heavenly),
        ("earthly_hand", win.earthly),
        ("thirteen_orphans", reading.shape is Shape.THIRTEEN_ORPHANS),
        ("nine_gates", patterns.nine_gates(reading, win)),
        ("all_honours", patterns.all_honours(reading)),
        ("all_terminals", patterns.all_terminals(reading)),
        ("four_kongs", patterns.kongs(reading) == 4),
        ("four_concealed_pungs", patterns.concealed_pungs(reading) == 4),
        ("great_four_winds", patterns.big_four_winds(reading)),
        ("small_four_winds", settings.small_four_winds_fan is None and patterns.little_four_winds(reading)),
        ("eight_bonus_tiles", sum(1 for tile in win.bonus if tile.is_bonus) == 8),
    ]
    return [(key, phrase(key)) for key, applies in checks if applies]


def _winning_condition(win: WinContext) -> list[FanItem]:
    items: list[FanItem] = []
    if win.self_drawn:
        items.append(FanItem("self_drawn", phrase("self_drawn"), 1))
    if win.is_concealed:
        items.append(FanItem("concealed_hand", phrase("concealed_hand"), 1))
    if win.last_tile:
        items.append(FanItem("last_tile", phrase("last_tile"), 1))
    if win.double_kong_replacement:
        items.append(
            FanItem(
                "double_kong_replacement",
                phrase("double_kong_replacement"),
                8,
            )
        )
    elif win.kong_replacement:
        items.append(FanItem("kong_replacement", phrase("kong_replacement"), 1))
    if win.robbing_kong:
        items.append(FanItem("robbing_kong", phrase("robbing_kong"), 1))
    return items


def _honours(reading: Reading, win: WinContext, settings: HongKongSettings) -> list[FanItem]:
    items: list[FanItem] = []
    if patterns.big_three_dragons(reading):
        items.append(FanItem("great_three_dragons", phrase("great_three_dragons"), 8))
    elif patterns.little_three_dragons(reading):
        items.append(FanItem("small_three_dragons", phrase("small_three_dragons"), 5))
    else:
        items += [
            FanItem("dragon_pung", phrase("dragon_pung", tile=s.tile), 1) for s in reading.pungs if s.tile in DRAGONS
        ]
    for s in reading.pungs:
        if s.tile == win.seat_wind:
            items.append(
                FanItem(
                    "seat_wind_pung",
                    phrase("seat_wind_pung", tile=s.tile),
                    1,
                )
            )
        if s.tile == win.round_wind:
            items.append(
                FanItem(
                    "prevailing_wind_pung",
                    phrase("prevailing_wind_pung", tile=s.tile),
                    1,
                )
            )
    if settings.small_four_winds_fan is not None and patterns.little_four_winds(reading):
        items.append(FanItem("small_four_winds", phrase("small_four_winds"), settings.small_four_winds_fan))
    return items


def _hand_pattern(reading: Reading, win: WinContext) -> list[FanItem]:
    items: list[FanItem] = []
    if reading.shape is Shape.SEVEN_PAIRS:
        items.append(FanItem("seven_pairs", phrase("seven_pairs"), 4))
    if patterns.all_chows(reading) and reading.pair is not None and not _scoring_pair(reading, win):
        items.append(FanItem("all_chows", phrase("all_chows"), 1))
    if patterns.all_pungs(reading):
        items.append(FanItem("all_pungs", phrase("all_pungs"), 3))
    if patterns.pure_one_suit(reading):
        items.append(FanItem("pure_one_suit", phrase("pure_one_suit"), 7))
    elif patterns.mixed_one_suit(reading):
        items.append(FanItem("mixed_one_suit", phrase("mixed_one_suit"), 3))
    if patterns.mixed_orphans(reading):
        items.append(FanItem("mixed_orphans", phrase("mixed_orphans"), 1))
    return items


def _scoring_pair(reading: Reading, win: WinContext) -> bool:
    """A pair that scores on its own (a dragon, the seat wind, the prevailing wind): no all-chows fan then."""
    return reading.pair in DRAGONS or reading.pair in (win.seat_wind, win.round_wind)


def _bonus(win: WinContext, settings: HongKongSettings) -> list[FanItem]:
    if not settings.bonus_tiles:
        return []
    if not win.bonus:
        return [FanItem("no_bonus_tiles", phrase("no_bonus_tiles"), 1, bonus=True)]
    items: list[FanItem] = []
    flowers_complete, seasons_complete = patterns.complete_bonus_sets(win)
    if flowers_complete:
        items.append(FanItem("all_flowers", phrase("all_flowers"), 2, bonus=True))
    if seasons_complete:
        items.append(FanItem("all_seasons", phrase("all_seasons"), 2, bonus=True))
    for tile in patterns.own_bonus_tiles(win):
        if (tile.is_flower and not flowers_complete) or (tile.is_season and not seasons_complete):
            key = "seat_flower" if tile.is_flower else "seat_season"
            items.append(FanItem(key, phrase(key, tile=tile), 1, bonus=True))
    return items

"""The written catalogue of house rules a classic table may add (seed 000: "à condition de les écrire").

Each entry is either extra doubles or a limit hand (worth the table's limit, so it needs one). Values
follow reference/scoring.md §3.3–3.4, taking the most widely shared value where sources differ.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.phrases import Phrase, phrase
from game.scoring import patterns as p
from game.scoring.reading import Reading, Shape
from game.win import WinContext


@dataclass(frozen=True, slots=True)
class HouseRule:
    """``occurrences`` says how many times the rule applies to a hand (0 = not at all)."""

    key: str
    occurrences: Callable[[Reading, WinContext], int]
    doubles: int = 0
    limit: bool = False

    @property
    def label(self) -> Phrase:
        """The rule's name, under the key of its breakdown line (``house_no_chows``)."""
        return phrase(f"house_{self.key}")


def _flag(test: Callable[[Reading, WinContext], bool]) -> Callable[[Reading, WinContext], int]:
    return lambda reading, win: int(test(reading, win))


HOUSE_DOUBLES: tuple[HouseRule, ...] = (
    HouseRule("no_chows", _flag(lambda r, w: p.all_pungs(r)), doubles=1),
    HouseRule(
        "terminals_and_honours",
        _flag(lambda r, w: p.terminals_and_honours_only(r)),
        doubles=1,
    ),
    HouseRule(
        "mixed_one_suit",
        _flag(lambda r, w: p.mixed_one_suit(r)),
        doubles=1,
    ),
    HouseRule(
        "three_concealed_pungs",
        _flag(lambda r, w: p.concealed_pungs(r) >= 3),
        doubles=1,
    ),
    HouseRule(
        "little_three_dragons",
        _flag(lambda r, w: p.little_three_dragons(r)),
        doubles=1,
    ),
    HouseRule(
        "big_three_dragons",
        _flag(lambda r, w: p.big_three_dragons(r)),
        doubles=2,
    ),
    HouseRule(
        "little_four_winds",
        _flag(lambda r, w: p.little_four_winds(r)),
        doubles=1,
    ),
    HouseRule(
        "big_four_winds",
        _flag(lambda r, w: p.big_four_winds(r)),
        doubles=2,
    ),
    HouseRule(
        "own_flower_and_season",
        _flag(lambda r, w: len(p.own_bonus_tiles(w)) == 2),
        doubles=1,
    ),
    HouseRule(
        "four_flowers_or_seasons",
        lambda r, w: sum(p.complete_bonus_sets(w)),
        doubles=1,
    ),
    HouseRule(
        "last_tile",
        _flag(lambda r, w: w.last_tile),
        doubles=1,
    ),
    HouseRule(
        "replacement_tile",
        _flag(lambda r, w: w.kong_replacement or w.double_kong_replacement),
        doubles=1,
    ),
    HouseRule("robbing_kong", _flag(lambda r, w: w.robbing_kong), doubles=1),
)

HOUSE_LIMITS: tuple[HouseRule, ...] = (
    HouseRule(
        "heavenly_earthly",
        _flag(lambda r, w: w.heavenly or w.earthly),
        limit=True,
    ),
    HouseRule(
        "thirteen_orphans",
        _flag(lambda r, w: r.shape is Shape.THIRTEEN_ORPHANS),
        limit=True,
    ),
    HouseRule("nine_gates", _flag(p.nine_gates), limit=True),
    HouseRule("all_honours", _flag(lambda r, w: p.all_honours(r)), limit=True),
    HouseRule("all_terminals", _flag(lambda r, w: p.all_terminals(r)), limit=True),
    HouseRule("four_kongs", _flag(lambda r, w: p.kongs(r) == 4), limit=True),
    HouseRule(
        "four_concealed_pungs",
        _flag(lambda r, w: p.concealed_pungs(r) == 4),
        limit=True,
    ),
    HouseRule("all_green", _flag(lambda r, w: p.all_green(r)), limit=True),
    HouseRule(
        "kong_upon_kong",
        _flag(lambda r, w: w.double_kong_replacement),
        limit=True,
    ),
)

HOUSE_RULES: dict[str, HouseRule] = {rule.key: rule for rule in HOUSE_DOUBLES + HOUSE_LIMITS}

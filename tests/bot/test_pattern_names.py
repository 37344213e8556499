"""Every scoring key the scorers can write to the ledger has a name in both languages for the stats."""

from __future__ import annotations

import pathlib
import re

import pytest

from bot.pattern_names import PATTERN_NAMES, pattern_name
from game.scoring.house import HOUSE_RULES

SCORING = pathlib.Path(__file__).resolve().parents[2] / "game" / "scoring"
# The literal keys of breakdown lines: FanItem("key", …), PointsItem("key", …), ("key", Label(…)) pairs.
_LITERAL = re.compile(r'(?:FanItem|PointsItem)\(\s*"([a-z_]+)"|\(\s*"([a-z_]+)",\s*Label\(|"([a-z_]+)" if tile')


def _scorer_keys() -> set[str]:
    keys: set[str] = set()
    for source in ("classic.py", "hongkong.py"):
        for match in _LITERAL.finditer((SCORING / source).read_text(encoding="utf-8")):
            keys.update(group for group in match.groups() if group)
    # the keys the scorers build: a classic set's, a bonus tile's, the other seat bonus, the house rules'
    keys |= {f"{state}_{kind}" for state in ("exposed", "concealed") for kind in ("pung", "kong", "chow")}
    keys |= {"flower", "season", "north_bonus", "seat_season"}
    keys |= {f"house_{key}" for key in HOUSE_RULES}
    return keys


def test_the_scan_finds_the_scorers_keys():
    keys = _scorer_keys()
    assert {"dragon_pung", "mixed_one_suit", "chicken_hand", "mahjong", "dragon_set", "seat_flower"} <= keys
    assert len(keys) > 60


@pytest.mark.parametrize("key", sorted(_scorer_keys()))
def test_every_key_has_a_name_in_both_languages(key):
    english, french = PATTERN_NAMES[key]
    assert english and french and pattern_name(key, "en") == english and pattern_name(key, "fr") == french


def test_no_name_for_a_key_no_scorer_writes():
    assert set(PATTERN_NAMES) <= _scorer_keys()


def test_an_unknown_key_shows_as_words():
    assert pattern_name("some_new_pattern", "fr") == "some new pattern"

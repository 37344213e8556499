"""Every scoring key the scorers can write to the ledger has a name in every language for the stats."""

from __future__ import annotations

import pathlib
import re

import pytest

from game.scoring.house import HOUSE_RULES
from tests.words.catalogs import texts
from words import LANGS
from words.patterns import pattern_name
from words.phrases import show

SCORING = pathlib.Path(__file__).resolve().parents[2] / "game" / "scoring"
# The literal keys of breakdown lines: FanItem("key", …), PointsItem("key", …), the ("key", applies)
# pairs of the limit hands, ``"key" if tile…`` choices.
_LITERAL = re.compile(r'(?:FanItem|PointsItem)\(\s*"([a-z_]+)"|^\s*\("([a-z_]+)",|"([a-z_]+)" if tile', re.MULTILINE)


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
def test_every_key_has_a_name_in_every_language(key):
    names = [pattern_name(key, lang) for lang in LANGS]
    assert all(names) and key.replace("_", " ") not in names
    assert len(set(names)) == len(names), names


def test_the_house_rules_are_named_as_their_breakdown_lines():
    for key, rule in HOUSE_RULES.items():
        assert all(pattern_name(f"house_{key}", lang) == show(rule.label, lang) for lang in LANGS)


def test_hong_kong_names_in_traditional_chinese():
    assert pattern_name("pure_one_suit", "zh_TW") == "清一色" and pattern_name("all_pungs", "zh_TW") == "對對糊"
    assert (
        pattern_name("dragon_pung", "zh_TW") == "三元牌碰" and pattern_name("house_nine_gates", "zh_TW") == "九子連環"
    )
    assert (pattern_name("dragon_pung", "en"), pattern_name("dragon_pung", "fr")) == ("Dragon pung", "Pung de dragons")


def test_no_name_for_a_key_no_scorer_writes():
    assert set(texts("patterns")) <= _scorer_keys()


def test_an_unknown_key_shows_as_words():
    assert pattern_name("some_new_pattern", "fr") == "some new pattern"
    assert pattern_name("house_some_new_rule", "zh_TW") == "house some new rule"

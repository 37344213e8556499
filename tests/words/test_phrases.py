"""The engine's phrases said in a language: tiles by their names, nested phrases, plural counts."""

from __future__ import annotations

import pytest

from game.phrases import Phrase, and_list, phrase
from game.tiles import Tile
from tests.words.catalogs import placeholders, texts
from words import LANGS, MissingWord
from words.phrases import show


def test_a_tile_param_is_shown_by_its_name_in_the_language():
    pung = phrase("dragon_pung", tile=Tile.RED)
    assert show(pung, "en") == "Pung of Red Dragon"
    assert show(pung, "fr") == "Pung de Dragon rouge"
    assert show(pung, "zh_TW") == "碰 紅中"


def test_a_nested_phrase_is_shown_in_the_same_language():
    plan = phrase("teacher.plan.mixed_one_suit", suit=phrase("suit.p"))
    named = phrase("teacher.claim.plan", tile=Tile.P5, plan=plan)
    assert (
        show(named, "en") == "Claim 5 Circles: it fits the plan (mixed one suit in Circles) and brings the hand closer."
    )
    assert (
        show(named, "fr")
        == "Prenez 5 Cercles : elle sert le plan (une famille et des honneurs en Cercles) et rapproche la main."
    )
    assert show(named, "zh_TW").startswith("要 五筒：") and "筒子混一色" in show(named, "zh_TW")


def test_a_list_is_said_with_the_languages_and():
    pungs = phrase("teacher.plan.pungs_of", tiles=and_list(Tile.RED, Tile.GREEN, Tile.EAST))
    assert show(pungs, "en") == "pungs of Red Dragon and Green Dragon and East Wind"
    assert show(pungs, "fr") == "des pungs de Dragon rouge et Dragon vert et Vent d'Est"
    assert show(pungs, "zh_TW") == "碰 紅中、發財、東風"


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "1 tile from ready", "2 tiles from ready"),
        ("fr", "à 1 tuile d'être prête", "à 2 tuiles d'être prête"),
        ("zh_TW", "還差 1 張叫糊", "還差 2 張叫糊"),
    ],
)
def test_a_count_takes_the_plural_form_of_the_language(lang, one, two):
    assert show(phrase("teacher.tiles_from_ready", count=1), lang) == one
    assert show(phrase("teacher.tiles_from_ready", count=2), lang) == two


def test_french_says_zero_in_the_singular_and_english_in_the_plural():
    assert show(phrase("teacher.tiles", count=0), "en") == "0 tiles"
    assert show(phrase("teacher.tiles", count=0), "fr") == "0 tuile"


def test_a_count_in_a_phrase_without_a_plural_entry_reads_the_entry():
    reason = phrase("unscorable.too_many_sets", declared=5, count=5)
    assert show(reason, "en") == "5 declared sets: a winning hand has 4 sets and a pair"


def test_a_key_no_catalog_has_raises_missing_word():
    with pytest.raises(MissingWord, match="engine:no_such_phrase"):
        show(phrase("no_such_phrase"), "fr")


def test_a_phrase_is_a_value_its_key_and_params_in_order():
    assert phrase("and", first=1, second=Tile.P5) == Phrase("and", (("first", 1), ("second", Tile.P5)))
    assert phrase("and", first=1, second=Tile.P5).param("second") is Tile.P5
    assert str(phrase("and", first=phrase("suit.m"), second=Tile.P5)) == "and(first=suit.m, second=5p)"
    with pytest.raises(KeyError):
        phrase("and").param("first")


def test_every_engine_key_is_said_in_every_language_with_its_params_filled():
    for key, forms in texts("engine").items():
        names = set().union(*(placeholders(form) for form in forms))
        params = {name: Tile.P5 if name == "tile" else 2 for name in names}
        for lang in LANGS:
            said = show(phrase(key, **params), lang)
            assert said.strip() and "{" not in said, (key, lang)

"""Every catalog complete and consistent: the same keys in every language, none empty or left in
English, the same placeholders, the right plural forms, and every ``.mo`` compiled from its ``.po``."""

from __future__ import annotations

import re

import pytest

from tests.words.catalogs import catalog, placeholders, texts
from words import DEFAULT_LANG, DOMAINS, LANGS, MissingWord, lang_of, plural, text
from words.compile import main as compile_main

OTHER_LANGS = [lang for lang in LANGS if lang != DEFAULT_LANG]
PLURAL_FORMS = {"en": 2, "fr": 2, "zh_TW": 1}

# Texts rightly the same as the English: the game's own words that French keeps; in zh_TW only the
# Latin letters in the corner of the wind tiles (their Chinese sign is drawn large in the middle).
SAME_AS_ENGLISH = {
    "fr": {
        ("messages", key)
        for key in ("thread_name", "btn_win", "btn_kong", "btn_pung", "btn_claim_kong", "btn_chow", "result_fan")
    }
    | {("messages", "sol_btn_pause"), ("web", "action.pause"), ("names", "rules.hongkong"), ("names", "option.jokers")}
    | {("web", "table.result.fan_value"), ("web", "table.result.points_value")}
    | {("names", f"unit.{unit}") for unit in ("seconds", "minutes", "hours")}
    | {("messages", "sol_lb_header"), ("counts", "points")}
    | {("help", key) for key in ("classic.points.chow", "classic.points.mahjong", "score.bonus")}
    | {("tiles", key) for key in ("short.1z", "short.2z", "short.4z", "short.2f", "short.3f", "short.4f", "short.7f")}
    | {("tiles", "suited_short.s"), ("tiles", "name.joker"), ("tiles", "short.joker")}
    | {
        ("commands", key)
        for key in ("Hong Kong", "mahjong", "solitaire", "jokers", "score", "bonus", "page", "mentions", "date")
    }
    | {("pictures", key) for key in ("solitaire", "list.comma", "list.semicolon", "sentence", "tiles.words")}
    | {("pictures", key) for key in ("set.chow", "set.pung", "set.kong", "set.words", "set.run", "pyramid.alt.tile")}
    | {("pictures", key) for key in ("face.1z", "face.2z", "face.4z", "table.score", "result.fan")}
    | {("pictures", key) for key in ("result.bonus_item", "result.hongkong.total", "solitaire.total")},
    "zh_TW": {("pictures", f"face.{wind}z") for wind in range(1, 5)},
}


def test_the_languages_are_the_catalogs_folders_english_first():
    assert LANGS[0] == "en" and set(LANGS) >= {"en", "fr"}
    assert {"messages", "names"} <= set(DOMAINS)


@pytest.mark.parametrize("lang", OTHER_LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_key_is_in_every_language_with_the_same_placeholders(domain: str, lang: str) -> None:
    english, translated = texts(domain), texts(domain, lang)
    assert sorted(set(english) - set(translated)) == [], "missing"
    assert sorted(set(translated) - set(english)) == [], "not in English"
    for key, forms in translated.items():
        assert all(form.strip() or form == "\u202f" for form in forms), f"{key}: empty"  # a separator may be a space
        wanted = set().union(*(placeholders(form) for form in english[key]))
        for form in forms:
            assert placeholders(form) <= wanted | {"n"}, f"{key}: {form!r}"
        assert set().union(*(placeholders(form) for form in forms)) | {"n"} >= wanted, f"{key}: a placeholder lost"


@pytest.mark.parametrize("lang", OTHER_LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_no_translation_is_left_in_english(domain: str, lang: str) -> None:
    english, translated = texts(domain), texts(domain, lang)
    same = {
        (domain, key)
        for key, forms in translated.items()
        if forms == english[key] and re.search(r"[^\W\d_]", re.sub(r"\{[^}]*\}", "", forms[0]))
    }
    assert same <= SAME_AS_ENGLISH.get(lang, set()), sorted(same - SAME_AS_ENGLISH.get(lang, set()))


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_declares_the_plural_forms_of_its_language(lang: str) -> None:
    for domain in DOMAINS:
        assert catalog(domain, lang).num_plurals == PLURAL_FORMS[lang], domain
        for key, forms in texts(domain, lang).items():
            english = texts(domain)[key]
            assert len(forms) == (PLURAL_FORMS[lang] if len(english) > 1 else 1), key


def test_every_compiled_catalog_is_its_source_compiled(capsys: pytest.CaptureFixture[str]) -> None:
    assert compile_main(["--check"]) == 0, capsys.readouterr().out


def test_a_discord_locale_picks_its_catalog_or_its_language_or_english():
    assert lang_of("fr") == "fr" and lang_of("en-US") == "en" and lang_of("pt-BR") == "en"
    if "zh_TW" in LANGS:
        assert lang_of("zh-TW") == "zh_TW" and lang_of("zh-CN") == "zh_TW"


def test_a_key_no_catalog_has_raises_instead_of_showing_itself():
    with pytest.raises(MissingWord):
        text("messages", "no_such_message_key", "fr")
    with pytest.raises(MissingWord):
        plural("messages", "no_such_message_key", 2, "en")

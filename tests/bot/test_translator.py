"""The slash commands in every catalog's language: the real command tree, as discord.py sends it to
Discord through ``MahjongTranslator``, checked against Discord's rules for localized names and texts."""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from discord import Locale, app_commands

from bot.commands import mahjong
from bot.commands.config import LANGUAGE_NAMES
from bot.commands.solitaire import solitaire
from bot.translator import CATALOG_LANGS, DOMAIN, MahjongTranslator
from tests.words.catalogs import texts
from tests.words.test_catalogs import SAME_AS_ENGLISH
from words import DEFAULT_LANG, LANGS

# Discord's rule for a command, option or group name: ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$,
# lowercase where the script has case (the standard library's re has no \p classes: the Devanagari and
# Thai blocks stand for their scripts, whose vowel signs are marks, not letters).
DEVANAGARI_AND_THAI = (range(0x0900, 0x0980), range(0xA8E0, 0xA900), range(0x0E00, 0x0E80))
TEXT_LIMIT = 100  # a description or a choice name
GROUPS = (mahjong, solitaire)
# The locale each catalog is sent to Discord as (zh-CN reads zh_TW too, checked below).
LOCALE_OF = {"fr": Locale.french, "zh_TW": Locale.taiwan_chinese}
OTHER_LANGS = [lang for lang in LANGS if lang != DEFAULT_LANG]


@dataclass(frozen=True, slots=True)
class Shown:
    """One string of the payload: where it is (``mahjong new rules``), what it is, the English and the localized."""

    path: str
    kind: str  # "name", "description" or "choice"
    english: str
    localized: str | None


def is_discord_name(name: str) -> bool:
    def allowed(character: str) -> bool:
        return (
            character in "-_"
            or unicodedata.category(character)[0] in "LN"
            or any(ord(character) in block for block in DEVANAGARI_AND_THAI)
        )

    return 1 <= len(name) <= 32 and all(map(allowed, name)) and name == name.lower()


def test_the_name_rule_is_discords():
    assert all(map(is_discord_name, ("new", "open_hands", "開枱", "起糊番數", "x" * 32, "नया", "ใหม่")))
    assert not any(map(is_discord_name, ("", "x" * 33, "open hands", "New", "règles!", "開枱：")))


def payloads() -> list[dict[str, Any]]:
    async def translated() -> list[dict[str, Any]]:
        tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
        return [await group.get_translated_payload(tree, MahjongTranslator()) for group in GROUPS]

    return asyncio.run(translated())


PAYLOADS = payloads()


def shown(document: dict[str, Any], locale: Locale, path: str = "") -> Iterator[Shown]:
    """Every name, description and choice of a command, its options and subcommands, in ``locale``."""
    here = f"{path} {document['name']}".strip()
    yield Shown(here, "name", document["name"], document.get("name_localizations", {}).get(locale.value))
    yield Shown(
        here, "description", document["description"], document.get("description_localizations", {}).get(locale.value)
    )
    for choice in document.get("choices", []):
        yield Shown(here, "choice", choice["name"], choice.get("name_localizations", {}).get(locale.value))
    for option in document.get("options", []):
        yield from shown(option, locale, here)


def every_shown(locale: Locale) -> list[Shown]:
    return [found for document in PAYLOADS for found in shown(document, locale)]


def siblings(document: dict[str, Any], path: str = "") -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Each command with its options (or subcommands): the names that must differ from one another."""
    here = f"{path} {document['name']}".strip()
    options = document.get("options", [])
    yield here, options
    for option in options:
        yield from siblings(option, here)


def name_in(document: dict[str, Any], lang: str) -> str:
    if lang == DEFAULT_LANG:
        return str(document["name"])
    return str(document["name_localizations"][LOCALE_OF[lang].value])


def test_every_catalog_language_is_sent_to_discord():
    assert set(LOCALE_OF) == set(OTHER_LANGS), "a new catalog needs its Discord locale here"
    assert {CATALOG_LANGS[locale] for locale in LOCALE_OF.values()} == set(OTHER_LANGS)
    assert CATALOG_LANGS[Locale.chinese] == "zh_TW"  # until a Simplified catalog exists
    assert Locale.american_english not in CATALOG_LANGS and Locale.german not in CATALOG_LANGS


def test_the_tree_is_walked_whole():
    english = every_shown(Locale.french)
    paths = {found.path for found in english}
    assert {"mahjong new rules", "mahjong config lang", "mahjong score round", "solitaire config stop"} <= paths
    assert {found.english for found in english if found.kind == "choice"} >= {"Classic", "East", "Traditional Chinese"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_name_follows_discords_rule_and_every_text_fits(lang: str) -> None:
    for found in every_shown(LOCALE_OF.get(lang, Locale.american_english)):
        words = found.english if lang == DEFAULT_LANG else found.localized
        assert words, f"{found.path} {found.kind}: not sent in {lang}"
        if found.kind == "name":
            assert is_discord_name(words), f"{found.path}: {words!r}"
        else:
            assert 1 <= len(words) <= TEXT_LIMIT, f"{found.path} {found.kind}: {words!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_sibling_names_differ_in_every_language(lang: str) -> None:
    for document in PAYLOADS:
        for path, options in siblings(document):
            names = [name_in(option, lang) for option in options]
            assert len(names) == len(set(names)), f"{path} in {lang}: {sorted(names)}"
    choices: dict[str, list[str | None]] = {}
    for found in every_shown(LOCALE_OF.get(lang, Locale.american_english)):
        if found.kind == "choice":
            choices.setdefault(found.path, []).append(found.english if lang == DEFAULT_LANG else found.localized)
    assert choices
    for path, names_shown in choices.items():
        assert len(names_shown) == len(set(names_shown)), f"{path} choices in {lang}: {names_shown}"


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_every_localized_text_is_the_catalogs_not_the_english(lang: str) -> None:
    catalog = {key: forms[0] for key, forms in texts(DOMAIN, lang).items()}
    kept = SAME_AS_ENGLISH.get(lang, set())  # what French rightly keeps (Hong Kong, score…); Chinese keeps nothing
    for found in every_shown(LOCALE_OF[lang]):
        assert found.english in catalog, f"{found.path} {found.kind}: {found.english!r} is in no {lang} catalog"
        assert found.localized == catalog[found.english], found.path
        assert found.localized != found.english or (DOMAIN, found.english) in kept, f"{found.path}: left in English"


def test_simplified_chinese_reads_the_traditional_catalog():
    traditional = every_shown(Locale.taiwan_chinese)
    simplified = every_shown(Locale.chinese)
    assert [found.localized for found in simplified] == [found.localized for found in traditional]
    new = next(found for found in traditional if found.path == "mahjong new" and found.kind == "name")
    assert new.localized == "開枱"


def test_a_string_no_catalog_has_is_left_to_discords_default():
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    translate = MahjongTranslator().translate
    assert asyncio.run(translate(app_commands.locale_str("No such command text"), Locale.french, context)) is None
    assert asyncio.run(translate(app_commands.locale_str("Classic"), Locale.british_english, context)) is None
    assert asyncio.run(translate(app_commands.locale_str("Classic"), Locale.french, context)) == "Classique"


def test_every_catalog_is_a_language_choice_named_in_the_commands_catalog():
    assert set(LANGUAGE_NAMES) == set(LANGS)
    for lang in OTHER_LANGS:
        assert texts(DOMAIN, lang)[LANGUAGE_NAMES[lang]] != (LANGUAGE_NAMES[lang],)
    assert texts(DOMAIN, "zh_TW")["Traditional Chinese"] == ("繁體中文",)

"""The slash commands' names, descriptions and choices in each member's language (``app_commands.Translator``).

Discord shows each member the command names, descriptions, options and choices in their own client's
language. discord.py hands the translator the English string written in the code (``locale_str``), so
the ``commands`` catalog, unlike the others, is keyed by that English text; a Discord locale reads the
catalog ``words.lang_of`` gives it (zh-CN reads the Traditional Chinese one until it has its own).
"""

from __future__ import annotations

from discord import Locale, app_commands

from words import DEFAULT_LANG, Lang, MissingWord, lang_of, text

DOMAIN = "commands"

# The Discord locales with a catalog of their own (or a stand-in): English ones need no translation.
CATALOG_LANGS: dict[Locale, Lang] = {locale: lang_of(locale) for locale in Locale if lang_of(locale) != DEFAULT_LANG}


class MahjongTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        lang = CATALOG_LANGS.get(locale)
        if lang is None:
            return None
        try:
            return text(DOMAIN, string.message, lang)
        except MissingWord:
            # A string the catalogs lack (the tests walk the tree so none does): the English the code
            # wrote is then the right thing for Discord to show, rather than failing the whole sync.
            return None

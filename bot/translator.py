"""French names and descriptions of the slash commands (``app_commands.Translator``).

Discord shows each member the command names, descriptions, options and choices in their own client's
language; the English strings in the code are the keys, the French ones are in ``bot.command_words``.
"""

from __future__ import annotations

from discord import Locale, app_commands

from bot.command_words import FRENCH, FRENCH_NAMES


class MahjongTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale is not Locale.french:
            return None
        location = context.location
        if location in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
        ):
            return FRENCH_NAMES.get(string.message)
        return FRENCH.get(string.message)

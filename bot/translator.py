"""French names and descriptions of the slash commands (``app_commands.Translator``).

Discord shows each member the command names, descriptions, options and choices in their own client's
language; the English strings in the code are the keys, the French ones are here.
"""

from __future__ import annotations

from discord import Locale, app_commands

FRENCH: dict[str, str] = {
    "Four-player mahjong tables": "Tables de mahjong à quatre",
    "Open a mahjong table in a new thread": "Ouvrir une table de mahjong dans un nouveau fil",
    "The rules: classic, Hong Kong or the quick family game":
        "Les règles : classiques, Hong Kong ou la version familiale",
    "How long the match lasts": "La durée de la partie",
    "Live (a minute a turn) or asynchronous (hours a turn)":
        "En direct (une minute par tour) ou asynchrone (des heures)",
    "How many seats computer players take at once": "Combien de places prennent des joueurs ordinateur",
    "How well the computer players play": "Le niveau des joueurs ordinateur",
    "Three players (classic and Hong Kong) or four": "Trois joueurs (classique et Hong Kong) ou quatre",
    "Every hand visible, for learning": "Toutes les mains visibles, pour apprendre",
    "The boxed set's four jokers (classic)": "Les quatre jokers du coffret (classique)",
    "Allow discard hints": "Autoriser les conseils de défausse",
    "Classic": "Classique",
    "Hong Kong": "Hong Kong",
    "Family": "Familiale",
    "One hand": "Une main",
    "One wind round": "Un tour de vent",
    "Four wind rounds": "Quatre tours de vent",
    "Live": "En direct",
    "Asynchronous": "Asynchrone",
    "Strong": "Fort",
    "Basic": "Simple",
    "Teacher": "Professeur",
    "Random": "Au hasard",
}

# Command and option names must stay lower-case words without spaces for Discord.
FRENCH_NAMES: dict[str, str] = {
    "new": "nouvelle",
    "rules": "regles",
    "length": "duree",
    "speed": "rythme",
    "computers": "ordinateurs",
    "level": "niveau",
    "players": "joueurs",
    "open_hands": "mains_ouvertes",
    "jokers": "jokers",
    "hints": "conseils",
}


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

"""The ``/mahjong`` command group: each module of ``bot.commands`` adds its subcommands to it."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _

from core.tables.state import SPEEDS, Speed
from game.rules import MATCH_LENGTHS, MatchLength

mahjong = app_commands.Group(name="mahjong", description=_("Four-player mahjong tables"), guild_only=True)

# The rule-set choices every command that names a rule set offers (one list, one set of translations).
RULE_CHOICES: list[Choice[str]] = [
    Choice(name=_("Classic"), value="classic"),
    Choice(name=_("Hong Kong"), value="hongkong"),
    Choice(name=_("Family"), value="family"),
]
# The speeds and the match lengths, for /mahjong new and the server's defaults in /mahjong config, each
# by its English name (the ``commands`` catalog translates it): one without a name stops the import.
_SPEED_NAMES: dict[Speed, str] = {"live": "Live", "async": "Asynchronous"}
SPEED_CHOICES: list[Choice[str]] = [Choice(name=_(_SPEED_NAMES[speed]), value=speed) for speed in SPEEDS]
_LENGTH_NAMES: dict[MatchLength, str] = {
    "one_hand": "One hand (a drawn hand is dealt again)",
    "one_wind": "One wind round",
    "four_winds": "Four wind rounds",
}
LENGTH_CHOICES: list[Choice[str]] = [Choice(name=_(_LENGTH_NAMES[length]), value=length) for length in MATCH_LENGTHS]
# The computer players' levels, for /mahjong new and the server's default in /mahjong config.
LEVEL_CHOICES: list[Choice[str]] = [
    Choice(name=_("Strong"), value="strong"),
    Choice(name=_("Basic"), value="basic"),
    Choice(name=_("Teacher"), value="teacher"),
    Choice(name=_("Random"), value="random"),
]

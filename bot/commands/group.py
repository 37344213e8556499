"""The ``/mahjong`` command group: each module of ``bot.commands`` adds its subcommands to it."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _

mahjong = app_commands.Group(name="mahjong", description=_("Four-player mahjong tables"), guild_only=True)

# The rule-set choices every command that names a rule set offers (one list, one set of translations).
RULE_CHOICES: list[Choice[str]] = [
    Choice(name=_("Classic"), value="classic"),
    Choice(name=_("Hong Kong"), value="hongkong"),
    Choice(name=_("Family"), value="family"),
]
# The computer players' levels, for /mahjong new and the server's default in /mahjong config.
LEVEL_CHOICES: list[Choice[str]] = [
    Choice(name=_("Strong"), value="strong"),
    Choice(name=_("Basic"), value="basic"),
    Choice(name=_("Teacher"), value="teacher"),
    Choice(name=_("Random"), value="random"),
]

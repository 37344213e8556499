"""The ``/mahjong`` command group: each module of ``bot.commands`` adds its subcommands to it."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str as _

mahjong = app_commands.Group(name="mahjong", description=_("Four-player mahjong tables"), guild_only=True)

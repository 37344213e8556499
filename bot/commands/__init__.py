"""The slash commands: the ``/mahjong`` group and its subcommands, one module per concern."""

from bot.commands import config as config
from bot.commands import info as info
from bot.commands import replay as replay
from bot.commands import reports as reports
from bot.commands import seasons as seasons
from bot.commands import tables as tables
from bot.commands import tournament as tournament
from bot.commands.group import mahjong

__all__ = ["mahjong"]

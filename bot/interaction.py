"""The interactions this bot answers, typed with their client: ``Interaction`` is
``discord.Interaction[MahjongBot]``, so ``interaction.client`` is checked like everything else."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import discord

if TYPE_CHECKING:
    from bot.app import MahjongBot

    Interaction: TypeAlias = discord.Interaction[MahjongBot]
else:
    Interaction: TypeAlias = discord.Interaction

"""The interactions this bot answers, typed with what they reach of it: ``Interaction`` is
``discord.Interaction[Bot]``, so ``interaction.client`` is checked like everything else, against the
Protocol ``Bot`` rather than the client class that implements it (``bot.app.MahjongBot``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeAlias

import discord

if TYPE_CHECKING:
    from bot.answers import Ack
    from bot.metrics import Metrics
    from bot.services import Services
    from bot.solitaire.desk import SolitaireDesk
    from bot.tables.clicks import TableClicks
    from core.settings import Settings


class Bot(Protocol):
    """What the commands, buttons and answers use of the bot, as ``interaction.client``."""

    @property
    def settings(self) -> Settings: ...

    @property
    def metrics(self) -> Metrics: ...

    @property
    def table_clicks(self) -> TableClicks: ...

    @property
    def solitaire(self) -> SolitaireDesk: ...

    def clock(self) -> float: ...

    async def acknowledged(self, interaction: Interaction, ack: Ack) -> Services:
        """Acknowledge ``interaction``, then hand over what a command may read and change."""
        ...


if TYPE_CHECKING:
    # discord.py bounds an interaction's client type by its class discord.Client, which a Protocol cannot
    # subclass (Python has no intersection of a class and a Protocol). Nothing here reaches discord.Client's
    # own members through ``interaction.client``, so the bound is waived at this one place; mypy still checks
    # that the client answering these interactions is a Bot wherever the two meet (MahjongTree's overrides).
    Interaction: TypeAlias = discord.Interaction[Bot]  # type: ignore[type-var]
else:
    Interaction: TypeAlias = discord.Interaction

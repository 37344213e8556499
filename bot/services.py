"""What a command may read and change (``Services``), handed to it by the bot once its interaction is
acknowledged (``bot.interaction.Bot.acknowledged``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.seasons.post import SeasonPoster
    from bot.solitaire.daily_post import DailyPoster
    from bot.solitaire.desk import SolitaireDesk
    from bot.tables.messages import TableMessages
    from bot.tournaments.posts import TournamentPosts
    from core.stores import ReportsOpener
    from core.tables.service import TableService
    from core.tables.state import Speed, Timing
    from core.tournaments.service import TournamentService
    from data.ledger import Ledger


@dataclass(frozen=True, slots=True)
class Services:
    """What a command may read and change: handed to it only once its interaction is acknowledged
    (``MahjongBot.acknowledged``), so no command can keep Discord waiting on a store."""

    ledger: Ledger
    reports: ReportsOpener
    tables: TableService
    table_messages: TableMessages
    timings: Mapping[Speed, Timing]
    solitaire: SolitaireDesk
    daily_poster: DailyPoster
    season_poster: SeasonPoster
    tournaments: TournamentService
    tournament_posts: TournamentPosts

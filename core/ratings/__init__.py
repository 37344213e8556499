"""Ratings and seasons (SPEC §8), pure: the model (``model``), which matches are rated and who for each
seat (``matches``), ratings kept while matches are rated in order (``book``) and seasons (``seasons``).
The ledgers store them (``data.ledger_ratings``); ``docs/ratings.md`` explains them to admins and members."""

from core.ratings.book import Held, RatingBook, SeatChange, rate_seats
from core.ratings.matches import computer_key, is_computer, member_key, member_of, player_key, players_of, rated
from core.ratings.model import (
    MU,
    PROVISIONAL_BELOW,
    SIGMA,
    START_SIGMA,
    Rating,
    ordinal,
    places,
    provisional,
    rate,
    rate_players,
    season_start,
    shown,
)
from core.ratings.seasons import SEASON_MODES, ModeChange, Season, season, season_at, seasons_until

__all__ = [
    "MU",
    "PROVISIONAL_BELOW",
    "SEASON_MODES",
    "SIGMA",
    "START_SIGMA",
    "Held",
    "ModeChange",
    "Rating",
    "RatingBook",
    "Season",
    "SeatChange",
    "computer_key",
    "is_computer",
    "member_key",
    "member_of",
    "ordinal",
    "places",
    "player_key",
    "players_of",
    "provisional",
    "rate",
    "rate_players",
    "rate_seats",
    "rated",
    "season",
    "season_at",
    "season_start",
    "seasons_until",
    "shown",
]

"""Ratings kept in memory while matches are rated one after another, oldest first: what ``mahjong-bot
ratings`` prints and what ``mahjong-bot ledger rerate`` rebuilds from the ledger to compare with the
stored ratings. The ledgers rate a match the same way in the database (``data.ledger_ratings``), with the
same ``rate_seats`` from the same ``before``: a player's rating in the pool and season if they have one,
else the season's start from their last rating in the pool (``model.season_start``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from core.ratings.model import Rating, places, rate_players, season_start

_Pool = TypeVar("_Pool", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Held:
    """A player's rating in one pool and season, and how many rated matches they played in it."""

    rating: Rating
    matches: int


@dataclass(frozen=True, slots=True)
class SeatChange:
    """What a rated match did to one seat's player: their place (1 to 4, equal scores sharing one), their
    rating before and after it, and their rated matches in the season after it."""

    seat: int
    player: str
    place: int
    before: Rating
    after: Rating
    matches: int


def rate_seats(before: Mapping[str, Held], players: Sequence[str], scores: Sequence[float]) -> tuple[SeatChange, ...]:
    """One match rated: ``players`` and ``scores`` by seat, ``before`` each player's rating before it."""
    after = rate_players({player: held.rating for player, held in before.items()}, players, scores)
    placed = places(scores)
    return tuple(
        SeatChange(seat, player, placed[seat], before[player].rating, after[player], before[player].matches + 1)
        for seat, player in enumerate(players)
    )


class RatingBook(Generic[_Pool]):
    """Every player's rating per pool and season, as the matches rated so far leave them."""

    def __init__(self) -> None:
        self.held: dict[tuple[_Pool, int, str], Held] = {}
        self._latest: dict[tuple[_Pool, str], int] = {}  # the newest season each player has a rating in

    def before(self, pool: _Pool, season: int, player: str) -> Held:
        """A player's rating before their next match of ``season`` in ``pool``."""
        found = self.held.get((pool, season, player))
        if found is not None:
            return found
        latest = self._latest.get((pool, player))
        last = None if latest is None else self.held[(pool, latest, player)].rating
        return Held(season_start(last), 0)

    def rate(self, pool: _Pool, season: int, players: Sequence[str], scores: Sequence[float]) -> tuple[SeatChange, ...]:
        """Rate the next match of ``pool`` (seasons never going back) and keep its players' new ratings."""
        changes = rate_seats({player: self.before(pool, season, player) for player in players}, players, scores)
        for change in changes:
            self.held[(pool, season, change.player)] = Held(change.after, change.matches)
            self._latest[(pool, change.player)] = season
        return changes

    def totals(self) -> dict[tuple[_Pool, str], tuple[Rating, int]]:
        """Each player's latest rating in each pool, and their rated matches in it over every season."""
        found: dict[tuple[_Pool, str], tuple[Rating, int]] = {}
        for (pool, player), season in self._latest.items():
            found[(pool, player)] = (self.held[(pool, season, player)].rating, 0)
        for (pool, _, player), held in self.held.items():
            rating, matches = found[(pool, player)]
            found[(pool, player)] = (rating, matches + held.matches)
        return found

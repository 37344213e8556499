"""What the ledgers answer about ratings (SPEC §8): a player's rating in a pool, a leaderboard's line, what
a rated match did to a seat, and what a replay of the ledger found. Values only: the ledgers' Protocol
(``data.ledger``) names them and the ratings' store (``data.ledger_ratings``) makes them, so neither of
those two modules needs the other's to say what it returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.ratings.matches import MEMBER
from core.ratings.model import PROVISIONAL_BELOW, Rating


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's rating in one pool (``rules``) for ``season``: their rating there (the season's start
    from their last one, if they have not played in it yet), their rated matches in the season and in
    every season up to it, their ``rank`` on the season's leaderboard (among members, or among computers;
    None until ``PROVISIONAL_BELOW`` matches in the season), and whether their rating is provisional
    (fewer than ``PROVISIONAL_BELOW`` rated matches in the pool)."""

    rules: str
    player: str
    season: int
    rating: Rating
    matches: int
    total: int
    rank: int | None

    @property
    def provisional(self) -> bool:
        return self.total < PROVISIONAL_BELOW


@dataclass(frozen=True, slots=True)
class RatingStanding:
    """A line of a season's rating leaderboard: the player, their rank (equal ordinals sharing one), rating,
    rated matches in the season and in every season up to it."""

    rank: int
    player: str
    rating: Rating
    matches: int
    total: int

    @property
    def member_id(self) -> int | None:
        return int(self.player.removeprefix(MEMBER)) if self.player.startswith(MEMBER) else None

    @property
    def provisional(self) -> bool:
        return self.total < PROVISIONAL_BELOW


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated match did to one seat's player (``SeatChange``), with the match and its pool."""

    match_id: str
    guild_id: int
    rules: str
    season: int
    finished_at: float
    seat: int
    player: str
    place: int
    before: Rating
    after: Rating
    matches: int

    @property
    def shown_change(self) -> int:
        """The change on the shown scale (``Rating.shown``), as a result card writes it: +12, -8."""
        return self.after.shown - self.before.shown


@dataclass
class Rerated:
    """What ``rerate`` found: the rated matches and ratings the ledger's matches give, whether they are
    the stored ones (the first differences named), and whether the stored ones were replaced by them."""

    matches: int = 0
    pools: int = 0
    ratings: int = 0
    equal: bool = True
    differences: list[str] = field(default_factory=list)
    repaired: bool = False

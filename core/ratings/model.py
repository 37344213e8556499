"""The rating model (SPEC §8): Weng–Lin's Bayesian rating with the Plackett–Luce model, as the ``openskill``
package implements it, with its defaults (μ 25, σ 25/3, β 25/6, τ 25/300, no σ limit, no balance).

A match ranks its seats by final score, highest first; equal scores share a place (``places`` gives
standard competition places, 1 2 2 4), passed to openskill (≥ 6.2) as ranks, which it rates as ties
(Weng–Lin's treatment, each tied seat counted among the others' equals): tied seats of equal ratings
come out equal. A player's rating is shown as its ordinal μ − 3σ (what
the model is 99.7 % sure the player is above) on the scale ``shown``, provisional until 5 rated matches.

``rate`` rates one match's seats from their ratings before it; ``rate_players`` does it for a match whose
seats name players, several seats possibly the same player (three "strong" computers): each seat is rated
as if it were a player of its own, from the player's one rating, and the player's new rating is the mean
of its seats' (μ and σ each). Pure and deterministic: the same inputs give the same floats, bit for bit,
which is what makes the stored ratings equal to the ratings rebuilt from the ledger (``rerate``).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from openskill.models import PlackettLuce, PlackettLuceRating

MU = 25.0
SIGMA = 25.0 / 3.0
START_SIGMA = SIGMA  # a new season puts each player's σ back here, keeping their μ
Z = 3.0  # the ordinal is μ − Z·σ
PROVISIONAL_BELOW = 5  # rated matches in a pool before a player's rating is no longer provisional
SEATS = 4

# The shown scale: 1000 + 40 × ordinal, rounded. A new player (μ 25, σ 25/3, ordinal 0) shows 1000; an
# average player whose σ has settled near 1.5 shows about 1800; each point of μ is 40 on the scale.
SCALE_BASE = 1000.0
SCALE_FACTOR = 40.0

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)
_Key = TypeVar("_Key", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill as the model believes it: mean ``mu`` and uncertainty ``sigma``."""

    mu: float = MU
    sigma: float = SIGMA
    # openskill's own object for the same values, when ``rate`` made this rating: the next match rates from
    # it without making another (openskill gives each a random id, a third of a match's cost)
    native: PlackettLuceRating | None = field(default=None, compare=False, repr=False)

    @property
    def ordinal(self) -> float:
        return ordinal(self)

    @property
    def shown(self) -> int:
        return shown(self)


def ordinal(rating: Rating) -> float:
    """μ − 3σ: the rating a leaderboard orders by."""
    return rating.mu - Z * rating.sigma


def shown(rating: Rating) -> int:
    """The rating as members see it: 1000 + 40 × ordinal, rounded to a whole number."""
    return round(SCALE_BASE + SCALE_FACTOR * ordinal(rating))


def provisional(matches: int) -> bool:
    """Whether a rating from ``matches`` rated matches is still provisional (fewer than 5)."""
    return matches < PROVISIONAL_BELOW


def season_start(last: Rating | None) -> Rating:
    """A player's rating at the start of a season: their last μ (25 for a newcomer), σ back at its start."""
    return Rating(MU if last is None else last.mu, START_SIGMA)


def places(scores: Sequence[float]) -> tuple[int, ...]:
    """Each seat's place by score, highest first, equal scores sharing the better place: 1 2 2 4."""
    return tuple(1 + sum(1 for other in scores if other > score) for score in scores)


def rate(ratings: Sequence[Rating], scores: Sequence[float]) -> tuple[Rating, ...]:
    """Each seat's rating after a match it finished with ``scores`` (one per seat, in the same order),
    every seat a player of its own. ``ValueError`` for fewer than two seats, or not one score per seat,
    or a score that is not a finite number."""
    if len(ratings) != len(scores) or len(ratings) < 2:
        raise ValueError(f"{len(ratings)} ratings for {len(scores)} scores: a match has two seats or more")
    if not all(map(math.isfinite, scores)):  # the ratings are the model's own, finite
        raise ValueError("scores must be finite numbers")
    teams = []
    for index, rating in enumerate(ratings):
        native = rating.native
        # one object on two seats would be one seat to openskill (its deep copy keeps them one); and a
        # rating changed by ``dataclasses.replace`` keeps an object of other values
        if (
            native is None
            or (native.mu, native.sigma) != (rating.mu, rating.sigma)
            or any(other.native is native for other in ratings[:index])
        ):
            native = PlackettLuceRating(rating.mu, rating.sigma)
        teams.append([native])
    rated = _MODEL.rate(teams, ranks=[float(place) for place in places(scores)])
    return tuple(Rating(team[0].mu, team[0].sigma, team[0]) for team in rated)


def rate_players(
    ratings: Mapping[_Key, Rating], players: Sequence[_Key], scores: Sequence[float]
) -> dict[_Key, Rating]:
    """The new rating of each player of a match whose seats are ``players`` (one per seat, a player
    possibly on several seats) with ``scores``, from ``ratings`` (each player's before it): each seat
    rated from its player's rating, a player's new rating the mean of its seats'."""
    seated = rate([ratings[player] for player in players], scores)
    by_player: dict[_Key, list[Rating]] = {}
    for player, rating in zip(players, seated, strict=True):
        by_player.setdefault(player, []).append(rating)
    return {player: _mean(found) for player, found in by_player.items()}


def _mean(ratings: list[Rating]) -> Rating:
    if len(ratings) == 1:
        return ratings[0]
    return Rating(
        math.fsum(rating.mu for rating in ratings) / len(ratings),
        math.fsum(rating.sigma for rating in ratings) / len(ratings),
    )

"""The words of ratings (``bot.ratings_text``) without a bot: the leaderboards' button ids read back and
forged ones refused, and every card within one Discord message in every language, however long the
names and however many the lines."""

from __future__ import annotations

import pytest

from bot.ratings_text import (
    PoolRating,
    deal_board_id,
    deal_board_text,
    parse_deal_board_id,
    parse_rating_board_id,
    rating_board_id,
    rating_board_text,
    rating_text,
)
from core.ratings import Rating
from data.ledger import MatchEntry, SeatEntry
from data.rating_values import PlayerRating, RatingChange, RatingStanding
from words import LANGS

LONG = "_*" * 40


def test_the_boards_ids_read_back_and_forged_ones_are_refused() -> None:
    assert parse_rating_board_id(rating_board_id("hongkong", 12, 3)) == ("hongkong", 12, 3)
    assert parse_deal_board_id(deal_board_id("spring-24", 2)) == ("spring-24", 2)
    assert parse_deal_board_id(deal_board_id("麻雀", 1)) == ("麻雀", 1)
    for forged in ("mjr1:lr:chess:1:1", "mjr1:lr:classic:0:1", "mjr1:lr:classic:1:x", "mjr1:lr:classic:1:1:2"):
        assert parse_rating_board_id(forged) is None, forged
    for forged in ("mjr1:ld:Spring:1", "mjr1:ld:a b:1", "mjr1:ld::1", "mjr1:ld:007:1", "mjr1:ld:spring:"):
        assert parse_deal_board_id(forged) is None, forged


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_fits_one_message(lang: str) -> None:
    rating = PlayerRating("classic", "member:1", 3, Rating(30.0, 2.0), 4, 4, None)
    change = RatingChange("m", 1, "classic", 3, 1.7e9, 0, "member:1", 2, Rating(), Rating(26.0, 7.0), 1)
    card = rating_text(
        lang, LONG, 3, [PoolRating(rating, 999, {"strong": Rating(), "basic": Rating()})] * 2, [change] * 10
    )
    assert len(card) <= 2000 and card.count("\n") > 10
    standings = [RatingStanding(rank, f"member:{10**17 + rank}", Rating(), 999, 999) for rank in range(1, 11)]
    computers = [
        RatingStanding(1, "computer:strong", Rating(), 9, 9),
        RatingStanding(2, "computer:basic", Rating(), 9, 9),
    ]
    board = rating_board_text(lang, "hongkong", 3, 100, 100, 999, standings, computers, rating, LONG)
    assert len(board) <= 2000 and str(Rating(30.0, 2.0).shown) in board.splitlines()[-1]
    seats = tuple(SeatEntry(LONG, None, "strong") for _ in range(4))
    match = MatchEntry(
        "m", 1, "m", {"name": "hongkong"}, seats, (1.5, -0.5, -0.5, -0.5), 1, 1.7e9, practice=True, deal="x"
    )
    deal = deal_board_text(lang, "x" * 24, 9, 9, 90, [match] * 10)
    assert len(deal) <= 2000 and "+1.5" in deal

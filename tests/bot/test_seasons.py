"""Seasons on Discord without a bot: the words of a season (its days, UTC, in every language; a season cut
short by a change of mode), the end post's text, and the end post's claims on both live stores (one
process posts a server's season, a claim lost with its process is taken over late, claims two seasons
back are dropped)."""

from __future__ import annotations

import asyncio

import pytest

from bot.seasons.post import SeasonClaims, claim_key, month_of
from bot.seasons.presenter import end_post_blocks, not_a_season, span, standings_blocks
from bot.solitaire.post_claims import POST_CLAIM_SECONDS
from core.ratings.model import Rating
from core.ratings.seasons import ModeChange, Season, season, season_at
from data.rating_values import RatingStanding
from tests.bot.test_solitaire_service import FakeClock

MARCH = 1_740_787_200.0  # 2025-03-01 00:00 UTC
APRIL = 1_743_465_600.0
JULY = 1_751_328_000.0
GUILD = 42


@pytest.mark.parametrize(
    ("found", "lang", "wanted"),
    [
        (Season(2, "monthly", MARCH, APRIL), "en", "2025-03-01 to 2025-03-31 (UTC)"),
        (Season(2, "monthly", MARCH, APRIL), "fr", "du 2025-03-01 au 2025-03-31 (UTC)"),
        (Season(2, "monthly", MARCH, APRIL), "zh_TW", "2025-03-01 至 2025-03-31（UTC）"),
        (Season(1, "quarterly", None, APRIL), "en", "until 2025-03-31 (UTC)"),
        (Season(3, "quarterly", APRIL, None), "fr", "depuis le 2025-04-01 (UTC)"),
        (Season(1, "none", None, None), "zh_TW", "全期"),
        # cut short during a day by a change of mode: that day is its last
        (Season(2, "monthly", MARCH, MARCH + 9.5 * 86_400), "en", "2025-03-01 to 2025-03-10 (UTC)"),
    ],
)
def test_a_seasons_days_in_every_language(found: Season, lang: str, wanted: str) -> None:
    assert span(found, lang) == wanted


def test_the_seasons_of_a_history_are_the_ones_the_words_name() -> None:
    history = [ModeChange(MARCH - 10 * 86_400, "monthly", from_start=True), ModeChange(APRIL + 3600, "quarterly")]
    assert season(history, 2) == Season(2, "monthly", MARCH, APRIL)
    cut = season(history, 3)  # April under the monthly mode, cut an hour in by the change
    assert cut == Season(3, "monthly", APRIL, APRIL + 3600) and span(cut, "en") == "2025-04-01 to 2025-04-01 (UTC)"
    assert season_at(history, APRIL + 7200) == Season(4, "quarterly", APRIL + 3600, JULY)
    assert month_of(APRIL - 0.5) + 1 == month_of(APRIL) == 2025 * 12 + 3


def test_the_end_post_names_the_champions_and_says_when_a_pool_had_nobody_ranked() -> None:
    standings = {
        "classic": [
            RatingStanding(1, "member:7", Rating(40.0, 2.0), 9, 20),
            RatingStanding(1, "member:8", Rating(40.0, 2.0), 6, 6),
            RatingStanding(3, "member:9", Rating(20.0, 5.0), 5, 5),
        ],
        "hongkong": [],
    }
    blocks = end_post_blocks(Season(4, "quarterly", APRIL, JULY), standings, "en")
    assert blocks == [
        "🏁 **Season 4 is over** · quarterly · 2025-04-01 to 2025-06-30 (UTC)\n"
        "The champions of each rule set, among the members with 5 rated matches in the season:",
        "**Classic**\n🏆 1. <@7> — 2\u202f360 · 9 rated matches\n🏆 1. <@8> — 2\u202f360 · 6 rated matches\n"
        "3. <@9> — 1\u202f200 · 5 rated matches",
        "**Hong Kong**\nNobody ranked: a member is ranked after 5 rated matches in the season.",
        "Season 5 has begun: each player starts it from their rating, its uncertainty back at the start."
        " `/mahjong season 4` shows these final standings again.",
    ]


def test_a_running_season_with_no_match_says_so_and_how_to_see_the_others() -> None:
    current = Season(2, "monthly", MARCH, APRIL)
    assert standings_blocks(current, {}, "fr", now=MARCH + 5, current=current) == [
        "**Saison 2** · mensuelle · du 2025-03-01 au 2025-03-31 (UTC)\n"
        "La saison en cours : elle se termine <t:1743465600:R>.",
        "Aucune partie classée dans cette saison pour l'instant.",
        "La saison en cours est la saison 2 ; `/mahjong saison` suivi d'un numéro montre le classement final"
        " d'une saison passée.",
    ]
    assert not_a_season(9, 1) == ("season_not_one_only", {"number": 9})
    assert not_a_season(9, 4) == ("season_not_one", {"number": 9, "last": 4})


@pytest.mark.asyncio
async def test_one_process_claims_a_seasons_post_and_a_lost_claim_is_taken_over_late(store) -> None:
    clock = FakeClock()
    first, second = SeasonClaims(store, clock), SeasonClaims(store, clock)
    claims = await asyncio.gather(first.claim(GUILD, 3, "one"), second.claim(GUILD, 3, "two"))
    assert sorted(claims, key=str) == [None, "first"]
    assert await first.claim(GUILD, 3, "one") is None
    clock.now += POST_CLAIM_SECONDS / 2
    assert await second.claim(GUILD, 3, "two") is None  # not old yet: its process may be posting
    clock.now += POST_CLAIM_SECONDS
    assert await second.claim(GUILD, 3, "two") == "late"
    assert (await store.read(claim_key(GUILD, 3))).document["holder"] == "two"
    await second.posted(GUILD, 3, 1234)
    clock.now += POST_CLAIM_SECONDS * 2
    assert await first.claim(GUILD, 3, "one") is None  # posted: never again
    # the claim of the season two back goes when the next one is claimed
    assert await first.claim(GUILD, 5, "one") == "first"
    assert await store.read(claim_key(GUILD, 3)) is None

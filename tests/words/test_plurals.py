"""Every counted word agrees with its number in every language, read through the bot's real messages:
English has one form for 1 and one for every other number, French is singular for 0 and 1
(``n > 1``), Chinese has one form (a measure word, no plural)."""

from __future__ import annotations

import pytest

from bot.reports import leaderboard_text, stats_text
from bot.solitaire import presenter
from data.ledger_reports import MemberStats
from data.solitaire_ledger import SolitaireStats
from tests.words.catalogs import texts
from words import LANGS
from words.messages import count


def member_stats(hands: int, wins: int, deal_ins: int) -> MemberStats:
    return MemberStats(1, "classic", hands, wins, deal_ins, 10.0 * hands, None, ())


def solitaire_stats(games: int, clears: int, streak: int) -> SolitaireStats:
    return SolitaireStats(games, clears, 9520, None, 480.0 if clears else None, streak)


def stats_line(lang: str, hands: int, wins: int, deal_ins: int) -> str:
    return stats_text(lang, "Ana", [member_stats(hands, wins, deal_ins)]).splitlines()[1]


def leaderboard_header(lang: str, min_hands: int, ranked: int) -> str:
    return leaderboard_text(lang, "classic", "all", 1, 1, ranked, [], None, "Ana", 0, min_hands).splitlines()[1]


# (language, number): what a member's statistics say with that many hands, wins and deal-ins
MEMBER_STATS = {
    ("en", 1): "1 hand · 1 win (100%) · 1 deal-in · +10 per hand",
    ("en", 2): "2 hands · 2 wins (100%) · 2 deal-ins · +10 per hand",
    ("fr", 1): "1 main · 1 victoire (100 %) · 1 défausse fatale · +10 par main",
    ("fr", 2): "2 mains · 2 victoires (100 %) · 2 défausses fatales · +10 par main",
    ("zh_TW", 1): "1 局 · 食糊 1 次（100%）· 出銃 1 次 · 每局 +10",
    ("zh_TW", 2): "2 局 · 食糊 2 次（100%）· 出銃 2 次 · 每局 +10",
}


@pytest.mark.parametrize(("lang", "n"), sorted(MEMBER_STATS))
def test_a_members_statistics_count_their_hands_wins_and_deal_ins_in_the_right_form(lang: str, n: int) -> None:
    assert MEMBER_STATS[lang, n] in stats_line(lang, hands=n, wins=n, deal_ins=n)


@pytest.mark.parametrize(
    ("lang", "wanted"),
    [
        ("en", "3 hands · 0 wins (0%) · 0 deal-ins"),
        ("fr", "3 mains · 0 victoire (0 %) · 0 défausse fatale"),
        ("zh_TW", "3 局 · 食糊 0 次（0%）· 出銃 0 次"),
    ],
)
def test_none_is_plural_in_english_and_singular_in_french(lang: str, wanted: str) -> None:
    assert wanted in stats_line(lang, hands=3, wins=0, deal_ins=0)


@pytest.mark.parametrize(
    ("lang", "games", "clears", "streak", "wanted"),
    [
        ("en", 1, 1, 1, ["1 game · 1 cleared ·", "Daily streak: 1 day in a row"]),
        ("en", 2, 2, 2, ["2 games · 2 cleared ·", "Daily streak: 2 days in a row"]),
        ("fr", 2, 0, 0, ["2 parties · 0 plateau vidé ·", "Série : 0 jour d'affilée"]),
        ("fr", 1, 1, 1, ["1 partie · 1 plateau vidé ·", "Série : 1 jour d'affilée"]),
        ("fr", 2, 2, 2, ["2 parties · 2 plateaux vidés ·", "Série : 2 jours d'affilée"]),
        ("zh_TW", 1, 1, 1, ["1 局 · 清空 1 局 ·", "每日牌局：連續 1 日"]),
        ("zh_TW", 2, 2, 2, ["2 局 · 清空 2 局 ·", "每日牌局：連續 2 日"]),
    ],
)
def test_the_solitaire_statistics_count_games_clears_and_days(
    lang: str, games: int, clears: int, streak: int, wanted: list[str]
) -> None:
    shown = presenter.stats_text("Ana", solitaire_stats(games, clears, streak), lang)
    assert all(part in shown for part in wanted), shown


@pytest.mark.parametrize(
    ("lang", "min_hands", "ranked", "wanted"),
    [
        ("en", 1, 1, "At least 1 hand to be ranked · 1 ranked · page 1/1"),
        ("en", 2, 2, "At least 2 hands to be ranked · 2 ranked · page 1/1"),
        ("fr", 1, 0, "Au moins 1 main pour être classé · 0 classé · page 1/1"),
        ("fr", 1, 1, "Au moins 1 main pour être classé · 1 classé · page 1/1"),
        ("fr", 2, 2, "Au moins 2 mains pour être classé · 2 classés · page 1/1"),
        ("zh_TW", 1, 1, "最少 1 局才可上榜 · 1 人上榜 · 第 1/1 頁"),
        ("zh_TW", 2, 2, "最少 2 局才可上榜 · 2 人上榜 · 第 1/1 頁"),
    ],
)
def test_the_leaderboard_counts_the_hands_needed_and_the_members_ranked(
    lang: str, min_hands: int, ranked: int, wanted: str
) -> None:
    assert leaderboard_header(lang, min_hands, ranked) == wanted


@pytest.mark.parametrize(
    ("lang", "score", "wanted"),
    [
        ("en", 1, "1 point"),
        ("en", 0, "0 points"),
        ("fr", 0, "0 point"),
        ("fr", 9856, "9\u202f856 points"),
        ("zh_TW", 1, "1 分"),
        ("zh_TW", 9856, "9,856 分"),
    ],
)
def test_a_solitaire_score_is_counted_in_points(lang: str, score: int, wanted: str) -> None:
    assert presenter.points(score, lang) == wanted


@pytest.mark.parametrize("lang", LANGS)
def test_every_counted_word_shows_its_number_in_every_form(lang: str) -> None:
    for key, forms in texts("counts", lang).items():
        assert all("{n}" in form or "{shown}" in form for form in forms), key
        assert "7" in count(key, 7, lang, shown="7", day="2026-12-05"), key  # a count may name its day too

"""The words of ratings where members see them (SPEC §8), in every language of the catalogs: ``/mahjong
rating``, the leaderboard by rating and the list of a duplicate deal's tables (``/mahjong leaderboard``).
Plain functions of the ledger's figures (no Discord import), so each text is checked without a bot.

A rating is shown on the scale ``core.ratings.model.shown`` (1000 + 40 × ordinal). On a leaderboard a
member is named by a mention (``<@id>``): Discord shows it as the member's name on the server, and the bot
sends every message with no mention allowed, so nobody is notified. A count comes formed with its noun
(``words.messages.count``), and each text is cut to one Discord message as the other reports are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.reports import PAGE_SIZE, REPORTS_PREFIX, fit, plain, rules_label, signed
from core.ratings.matches import member_of
from core.ratings.model import PROVISIONAL_BELOW, Rating
from core.tables.deals import deal_code
from data.ledger import MatchEntry
from data.rating_values import PlayerRating, RatingChange, RatingStanding
from game.match import places
from game.rules import RULE_NAMES
from words import Lang
from words.levels import level_name
from words.messages import count, say

COMPUTER_LEVELS = ("strong", "basic")  # the computers a member is measured against
CHANGES_SHOWN = 10
_RATING_BOARD = re.compile(
    re.escape(REPORTS_PREFIX) + r"lr:(?P<rules>[a-z]{1,20}):(?P<season>\d{1,5}):(?P<page>\d{1,4})"
)
_DEAL_BOARD = re.compile(re.escape(REPORTS_PREFIX) + r"ld:(?P<deal>[^:]{1,24}):(?P<page>\d{1,4})")


@dataclass(frozen=True, slots=True)
class PoolRating:
    """A member's rating in one pool for the season, how many are ranked there, and the computers'
    ratings there (by level, those that have one)."""

    rating: PlayerRating
    ranked: int
    computers: Mapping[str, Rating]


# --- the leaderboards' buttons -------------------------------------------------------------------------


def rating_board_id(rules: str, season: int, page: int) -> str:
    """The custom id of the button that shows ``page`` of a rating board: ``mjr1:lr:{rules}:{season}:{page}``
    (the board keeps its season once the next has begun)."""
    return f"{REPORTS_PREFIX}lr:{rules}:{season}:{page}"


def parse_rating_board_id(custom_id: str) -> tuple[str, int, int] | None:
    """The rule set, season and page a rating board's button names; None for an id that is no such button."""
    found = _RATING_BOARD.fullmatch(custom_id)
    if found is None or found["rules"] not in RULE_NAMES or int(found["season"]) < 1:
        return None
    return found["rules"], int(found["season"]), int(found["page"])


def deal_board_id(deal: str, page: int) -> str:
    """The custom id of the button that shows ``page`` of a deal's tables: ``mjr1:ld:{deal}:{page}``."""
    return f"{REPORTS_PREFIX}ld:{deal}:{page}"


def parse_deal_board_id(custom_id: str) -> tuple[str, int] | None:
    """The deal code and page a deal board's button names; None for an id that is no such button."""
    found = _DEAL_BOARD.fullmatch(custom_id)
    if found is None or deal_code(found["deal"]) != found["deal"]:
        return None
    return found["deal"], int(found["page"])


# --- words ---------------------------------------------------------------------------------------------


def member_name(player: str) -> str:
    found = member_of(player)
    return f"<@{found}>" if found is not None else player


def change_text(before: int, after: int) -> str:
    """A rating change as a card writes it: ``1012 → 1031 (+19)``."""
    return f"{before} → {after} ({after - before:+d})"


def rating_text(
    lang: Lang,
    name: str,
    season: int,
    pools: Sequence[PoolRating],
    changes: Sequence[RatingChange],
) -> str:
    """``/mahjong rating``: the member's rating in each pool of the server for the season (rank, or how
    many rated matches until ranked; provisional, and how many rated matches until it is not), matches
    played, how they stand against the computers, then their last rated matches' changes."""
    if not pools:
        return say("rating_none", lang, name=plain(name))
    lines: list[str] = []
    for pool in pools:
        rating = pool.rating
        shown = rating.rating.shown
        status = [str(shown)]
        if rating.provisional:
            left = PROVISIONAL_BELOW - rating.total
            status.append(say("rating_provisional", lang, left=count("rated_matches", left, lang)))
        if rating.rank is not None:
            status.append(say("rating_rank", lang, rank=rating.rank, count=pool.ranked))
        else:
            status.append(say("rating_unranked", lang, min=count("rated_matches", PROVISIONAL_BELOW, lang)))
        status.append(
            say(
                "rating_played",
                lang,
                season=count("rated_matches", rating.matches, lang),
                total=count("rated_matches", rating.total, lang),
            )
        )
        lines.append(say("rating_pool", lang, rules=rules_label(rating.rules, lang), rating=" · ".join(status)))
        against = [
            say(
                "rating_computer",
                lang,
                level=level_name(level, lang),
                rating=pool.computers[level].shown,
                difference=f"{shown - pool.computers[level].shown:+d}",
            )
            for level in COMPUTER_LEVELS
            if level in pool.computers
        ]
        if against:
            lines.append(say("rating_computers", lang, computers=" · ".join(against)))
    if changes:
        lines += ["", say("rating_changes_title", lang)]
        lines += [
            say(
                "rating_change_line",
                lang,
                when=f"<t:{int(change.finished_at)}:d>",
                rules=rules_label(change.rules, lang),
                place=change.place,
                change=change_text(change.before.shown, change.after.shown),
            )
            for change in changes[:CHANGES_SHOWN]
        ]
    return fit([say("rating_title", lang, name=plain(name), season=season)], lines)


def rating_board_text(
    lang: Lang,
    rules: str,
    season: int,
    page: int,
    pages: int,
    ranked: int,
    standings: Sequence[RatingStanding],
    computers: Sequence[RatingStanding],
    own: PlayerRating | None,
    own_name: str,
) -> str:
    """One page of a pool's season leaderboard by rating (members with ``PROVISIONAL_BELOW`` rated matches
    in the season), the computers apart at the end, and the caller's own line."""
    least = count("rated_matches", PROVISIONAL_BELOW, lang)
    head = [
        say("lb_rating_title", lang, rules=rules_label(rules, lang), season=season),
        say("lb_rating_header", lang, min=least, count=count("ranked", ranked, lang), page=page, pages=pages),
    ]
    lines = [
        say(
            "lb_rating_line",
            lang,
            rank=standing.rank,
            member=member_name(standing.player),
            rating=standing.rating.shown,
            matches=count("rated_matches", standing.matches, lang),
        )
        for standing in standings
    ] or [say("lb_rating_empty", lang, min=least)]
    if computers:
        listed = " · ".join(
            f"{level_name(standing.player.partition(':')[2], lang)} {standing.rating.shown}"
            f" ({count('rated_matches', standing.matches, lang)})"
            for standing in computers
        )
        lines += ["", say("lb_rating_computers", lang, computers=listed)]
    if own is None:
        tail = say("lb_rating_you_none", lang, name=plain(own_name))
    elif own.rank is None:
        tail = say(
            "lb_rating_you_unranked",
            lang,
            name=plain(own_name),
            rating=own.rating.shown,
            matches=count("rated_matches", own.matches, lang),
            min=least,
        )
    else:
        tail = say("lb_rating_you", lang, name=plain(own_name), rank=own.rank, count=ranked, rating=own.rating.shown)
    return fit(head, lines, ["", tail])


def deal_board_text(lang: Lang, deal: str, page: int, pages: int, total: int, matches: Sequence[MatchEntry]) -> str:
    """One page of a duplicate deal's tables on the server, best score first: when each ended, its rules,
    its seats by final score (highest first)."""
    head = [
        say("lb_deal_title", lang, deal=deal),
        say("lb_deal_header", lang, count=count("deal_tables", total, lang), page=page, pages=pages),
    ]
    lines = []
    for number, match in enumerate(matches, start=1 + (page - 1) * PAGE_SIZE):
        placed = places(match.totals)
        order = sorted(range(len(match.seats)), key=lambda seat: (placed[seat], seat))
        seats = " · ".join(_seat_text(match, seat) for seat in order)
        closed = say("history_closed", lang) if match.ended == "closed" else ""
        when = f"<t:{int(match.finished_at)}:d>"
        lines.append(f"{number}. {when} · {rules_label(match.rules_name, lang)} · {seats}{closed}")
    if not lines:
        lines = [say("lb_deal_empty", lang, deal=deal)]
    return fit(head, lines)


def _seat_text(match: MatchEntry, seat: int) -> str:
    marker = "🤖 " if match.seats[seat].computer else ""
    return f"{marker}{plain(match.seats[seat].name)} {signed(match.totals[seat])}"

"""The words of seasons (SPEC §8), in every language of the catalogs: a season named with its mode and
dates, a season's standings (``/mahjong season``) and the season's end post. Plain functions of the
ledger's figures (no Discord import), so each text is checked without a bot.

A member is named by a mention (``<@id>``): Discord shows it as the member's name on the server, and the
bot sends every message with no mention allowed, so nobody is notified. A rating is shown on the scale
of ``core.ratings.model.shown`` (1000 + 40 × ordinal).
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping, Sequence

from core.ratings.matches import member_of
from core.ratings.model import PROVISIONAL_BELOW
from core.ratings.seasons import Season
from data.rating_values import RatingStanding
from game.rules import RULE_NAMES
from words import Lang, text
from words.messages import count, name_of, say

CHAMPIONS_SHOWN = 3  # the end post: each pool's podium, its champion (or tied champions) first
STANDINGS_SHOWN = 10  # /mahjong season: each pool's first ten
TROPHY = "🏆"


def day_of(moment: float) -> str:
    return datetime.datetime.fromtimestamp(moment, datetime.UTC).date().isoformat()


def last_day(end: float) -> str:
    """The last day of a season that ends at ``end``: the day before, when it ends at midnight."""
    moment = datetime.datetime.fromtimestamp(end, datetime.UTC)
    day = moment.date() - datetime.timedelta(days=1) if moment.time() == datetime.time() else moment.date()
    return day.isoformat()


def span(season: Season, lang: Lang) -> str:
    """The season's days, UTC: its first and its last (the day before its end, unless it was cut short
    during a day by a change of mode), or "all time" for a season with neither."""
    last = None if season.end is None else last_day(season.end)
    if season.start is None and last is None:
        return say("season_span_all", lang)
    if season.start is None:
        return say("season_span_until", lang, end=last)
    if last is None:
        return say("season_span_since", lang, start=day_of(season.start))
    return say("season_span", lang, start=day_of(season.start), end=last)


def season_title(season: Season, lang: Lang) -> str:
    return say(
        "season_title",
        lang,
        number=season.number,
        mode=say(f"season_mode_{season.mode}", lang),
        span=span(season, lang),
    )


def end_title(season: Season, lang: Lang) -> str:
    """The end post's first line: how a process that takes a claim over finds a post already made."""
    return say(
        "season_end_title",
        lang,
        number=season.number,
        mode=say(f"season_mode_{season.mode}", lang),
        span=span(season, lang),
    )


def rating_number(value: int, lang: Lang) -> str:
    """``1 234`` with a thin space between thousands in English and French, ``1,234`` in Hong Kong."""
    return f"{value:,}".replace(",", text("names", "number.thousands", lang))


def member_name(player: str) -> str:
    found = member_of(player)
    return f"<@{found}>" if found is not None else player


def standing_line(standing: RatingStanding, lang: Lang, *, trophy: bool = False) -> str:
    line = say(
        "season_line",
        lang,
        rank=standing.rank,
        member=member_name(standing.player),
        rating=rating_number(standing.rating.shown, lang),
        matches=count("season_matches", standing.matches, lang),
    )
    return f"{TROPHY} {line}" if trophy and standing.rank == 1 else line


def pools_blocks(
    standings: Mapping[str, Sequence[RatingStanding]], lang: Lang, *, shown: int, trophy: bool
) -> list[str]:
    """One block per pool played in the season: its name, then its first ``shown`` lines, or that nobody
    was ranked in it (fewer than ``PROVISIONAL_BELOW`` rated matches each)."""
    blocks = []
    for rules, lines in standings.items():
        name = name_of("rules", rules, lang) if rules in RULE_NAMES else rules
        body = [standing_line(standing, lang, trophy=trophy) for standing in lines[:shown]]
        if not body:
            body = [say("season_nobody", lang, min=count("season_matches", PROVISIONAL_BELOW, lang))]
        blocks.append("\n".join((f"**{name}**", *body)))
    return blocks


def standings_blocks(
    season: Season,
    standings: Mapping[str, Sequence[RatingStanding]],
    lang: Lang,
    *,
    now: float,
    current: Season,
) -> list[str]:
    """``/mahjong season``: the season's title and whether it runs or is over, each pool's standings, and
    the server's seasons (``current`` the one running now): how to see an earlier one, or, on a server
    without seasons, how to choose them."""
    ended = season.end is not None and season.end <= now
    if ended:
        state = say("season_ended", lang)
    elif season.end is not None:
        state = say("season_current", lang, when=f"<t:{math.ceil(season.end)}:R>")
    else:
        state = say("season_current_open", lang)
    pools = pools_blocks(standings, lang, shown=STANDINGS_SHOWN, trophy=ended)
    if not pools:
        pools = [say("season_no_match_ended" if ended else "season_no_match", lang)]
    if current.number > 1:
        pools.append(say("season_list", lang, last=current.number))
    elif current.mode == "none":
        pools.append(say("season_hint_config", lang))
    return [f"{season_title(season, lang)}\n{state}", *pools]


def end_post_blocks(season: Season, standings: Mapping[str, Sequence[RatingStanding]], lang: Lang) -> list[str]:
    """The season's end post: its title, the champions of each pool played in it (the podium, the
    champion with a trophy), and the next season begun."""
    head = "\n".join(
        (end_title(season, lang), say("season_end_intro", lang, min=count("season_matches", PROVISIONAL_BELOW, lang)))
    )
    pools = pools_blocks(standings, lang, shown=CHAMPIONS_SHOWN, trophy=True)
    return [head, *pools, say("season_end_next", lang, next=season.number + 1, number=season.number)]


def not_a_season(number: int, last: int) -> tuple[str, dict[str, int]]:
    """The refusal of a season number the server has not had: its key and params."""
    if last == 1:
        return "season_not_one_only", {"number": number}
    return "season_not_one", {"number": number, "last": last}

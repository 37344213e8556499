"""The text of ``/mahjong leaderboard``, ``stats`` and ``history``, in every language of the catalogs.

Plain functions of the ledger's figures (no Discord import), so every page can be checked without a
bot. A count comes formed with its noun (``words.messages.count``: ``1 hand``, ``2 mains``, ``3 局``), so that
the noun agrees with its number in every language. Each text is one Discord message: names are cut to
a length and markdown in them is escaped (a member's name is theirs to choose, and must not bold or
hide the rest of the board), and lines that would pass 2000 characters are left out rather than making
the message fail.
"""

from __future__ import annotations

import calendar
import re
import time
from collections.abc import Sequence

from data.ledger import MatchEntry
from data.ledger_reports import MemberStats, Standing
from game.match import places
from game.rules import RULE_NAMES
from words import Lang
from words.messages import count, name_of, say
from words.patterns import pattern_name

MESSAGE_LIMIT = 2000
PAGE_SIZE = 10
UNRANKED_SHOWN = 10  # members named under the leaderboard as not yet ranked
NAME_LENGTH = 32
_MONTH = re.compile(r"(\d{4})(\d{2})")
REPORTS_PREFIX = "mjr1:"  # written here only: the bot routes a click by it (bot.app, bot.failures)
_BOARD_ID = re.compile(re.escape(REPORTS_PREFIX) + r"lb:(?P<rules>[a-z]{1,20}):(?P<period>all|\d{6}):(?P<page>\d{1,4})")
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]<@])")


def month_token(now: float) -> str:
    """The UTC month of ``now`` as ``YYYYMM``: a button keeps the month it was posted in."""
    moment = time.gmtime(now)
    return f"{moment.tm_year:04d}{moment.tm_mon:02d}"


def board_id(rules: str, token: str, page: int) -> str:
    """The custom id of the button that shows ``page`` of a board: ``mjr1:lb:{rules}:{period}:{page}``."""
    return f"{REPORTS_PREFIX}lb:{rules}:{token}:{page}"


def parse_board_id(custom_id: str) -> tuple[str, str, int] | None:
    """The rule set, period and page a leaderboard button names; None for an id that is no such button
    (forged, or of a rule set there is not). The period is checked where it is read (``period_start``)."""
    found = _BOARD_ID.fullmatch(custom_id)
    if found is None or found["rules"] not in RULE_NAMES:
        return None
    return found["rules"], found["period"], int(found["page"])


def period_start(token: str) -> float | None:
    """When a period starts: None for ``all``; ``ValueError`` for a month that is not one (a forged id)."""
    if token == "all":
        return None
    found = _MONTH.fullmatch(token)
    if found is None or not 2000 <= int(found[1]) <= 9999 or not 1 <= int(found[2]) <= 12:
        raise ValueError(f"not a period: {token!r}")
    return float(calendar.timegm((int(found[1]), int(found[2]), 1, 0, 0, 0)))


def page_count(ranked: int) -> int:
    """Pages of a leaderboard: at least one, which says that nobody is ranked yet."""
    return max(1, -(-ranked // PAGE_SIZE))


def plain(name: str) -> str:
    """A member's name as text: cut to ``NAME_LENGTH`` and its markdown escaped."""
    name = " ".join(name.split())[:NAME_LENGTH] or "?"
    return _MARKDOWN.sub(r"\\\1", name)


def signed(value: float) -> str:
    """A total as a scoreboard writes it: ``+100``, ``-32``, ``+12.5``."""
    return f"{round(value):+d}" if float(value).is_integer() else f"{value:+.1f}"


def rules_label(rules: str, lang: Lang) -> str:
    return name_of("rules", rules, lang) if rules in RULE_NAMES else rules


def leaderboard_text(
    lang: Lang,
    rules: str,
    token: str,
    page: int,
    pages: int,
    ranked: int,
    standings: Sequence[Standing],
    own: Standing | None,
    own_name: str,
    own_hands: int,
    min_hands: int,
    unranked: Sequence[tuple[str, int]] = (),
) -> str:
    """One page of the leaderboard, the members not yet ranked (the server's ``ranked_after``) and the
    caller's own line (their rank wherever its page is)."""
    period = say("lb_all_time", lang) if token == "all" else say("lb_month", lang, month=f"{token[:4]}-{token[4:]}")
    head = [
        say("lb_title", lang, rules=rules_label(rules, lang), period=period),
        say(
            "lb_header",
            lang,
            min=count("hands", min_hands, lang),
            count=count("ranked", ranked, lang),
            page=page,
            pages=pages,
        ),
    ]
    lines = [
        say(
            "lb_line",
            lang,
            rank=s.rank,
            name=plain(s.name),
            net=signed(s.net),
            per_hand=signed(s.per_hand),
            wins=count("wins", s.wins, lang),
            hands=count("hands", s.hands, lang),
        )
        for s in standings
    ]
    if not lines:
        lines = [say("lb_empty", lang, min=count("hands", min_hands, lang))]
    if unranked:
        names = ", ".join(f"{plain(name)} ({hands})" for name, hands in unranked)
        lines += ["", say("lb_unranked", lang, min=count("hands", min_hands, lang), names=names)]
    if own is None:
        tail = say("lb_you_unranked", lang, name=plain(own_name), hands=own_hands, min=count("hands", min_hands, lang))
    else:
        tail = say(
            "lb_you",
            lang,
            name=plain(own_name),
            rank=own.rank,
            count=ranked,
            net=signed(own.net),
            hands=count("hands", own.hands, lang),
        )
    return fit(head, lines, ["", tail])


def stats_text(lang: Lang, name: str, sections: Sequence[MemberStats]) -> str:
    """A member's figures, one section per rule set they played (sections with no hands left out)."""
    played = [section for section in sections if section.hands]
    if not played:
        return say("stats_none", lang, name=plain(name))
    lines: list[str] = []
    for section in played:
        lines.append(
            say(
                "stats_rules",
                lang,
                rules=rules_label(section.rules or "", lang),
                hands=count("hands", section.hands, lang),
                wins=count("wins", section.wins, lang),
                rate=say("win_rate", lang, percent=round(section.win_rate * 100)),
                deal_ins=count("deal_ins", section.deal_ins, lang),
                per_hand=signed(section.per_hand),
                net=signed(section.net),
            )
        )
        if section.best is not None:
            fan = f" ({say('result_fan', lang, fan=section.best.fan)})" if section.rules == "hongkong" else ""
            lines.append(
                say(
                    "stats_best",
                    lang,
                    value=signed(section.best.value),
                    fan=fan,
                    when=f"<t:{int(section.best.finished_at)}:D>",
                )
            )
        if section.patterns:
            patterns = ", ".join(f"{pattern_name(pattern, lang)} ×{times}" for pattern, times in section.patterns)
            lines.append(say("stats_patterns", lang, patterns=patterns))
    return fit([say("stats_title", lang, name=plain(name))], lines, [])


def history_text(lang: Lang, member_id: int, name: str, matches: Sequence[MatchEntry]) -> str:
    """The member's last matches, newest first: when, rules, length, their place and total, the others."""
    if not matches:
        return say("history_none", lang, name=plain(name))
    lines = []
    for match in matches:
        mine = next((index for index, seat in enumerate(match.seats) if seat.member_id == member_id), None)
        if mine is None:
            continue
        total = match.totals[mine]
        place = places(match.totals)[mine]
        others = ", ".join(plain(seat.name) for index, seat in enumerate(match.seats) if index != mine)
        lines.append(
            say(
                "history_line",
                lang,
                when=f"<t:{int(match.finished_at)}:d>",
                rules=rules_label(match.rules_name, lang),
                hands=count("hands", match.hands, lang),
                place=place,
                seats=len(match.seats),
                total=signed(total),
                others=others,
                closed=say("history_closed", lang) if match.ended == "closed" else "",
            )
            + (
                say("history_hands", lang, first=f"{match.match_id}:0", last=f"{match.match_id}:{match.hands - 1}")
                if match.hands
                else ""
            )
        )
    return fit([say("history_title", lang, name=plain(name))], lines, [])


def fit(head: Sequence[str], lines: Sequence[str], tail: Sequence[str] = ()) -> str:
    """``head``, as many of ``lines`` as fit in one message, and ``tail`` (never cut)."""
    budget = MESSAGE_LIMIT - sum(len(line) + 1 for line in (*head, *tail))
    kept: list[str] = []
    for line in lines:
        budget -= len(line) + 1
        if budget < 0:
            break
        kept.append(line)
    return "\n".join((*head, *kept, *tail))[:MESSAGE_LIMIT]

"""A tournament's page (SPEC §9, ``GET /tournament/<id>``), written on the server: its name, rules, status
and round, what its visitor may do in it, its standings as they may be shown, this round's tables to join
or watch, and the rounds over with their hands' replays (SPEC §7.2).

A tournament of the web's own server (``WEB_GUILD``) is the page players' (SPEC §6's ``mj_player``
players): the page offers its visitor the pseudonym form and Join before sign-up closes, Check in during
the check-in window and Leave, each a form posting to ``web.tournament_routes``, whose answer the page
then says; once seated, it marks the visitor's table. Its organiser also sees ``#organiser``: Start,
Pause, Resume and Cancel as its status allows. ``new_tournament_page`` is the form that opens one. A
Discord server's tournament is its members', who sign up on Discord: the page says so (a page player's
moves could not reach its tables, which take moves from their own server only).

Plain HTML with no script, styled by ``/static/tournament.css`` (the page's Content-Security-Policy
allows no inline style): it says what the tournament holds when it is asked, a reload says more. What it
shows follows SPEC §9's withholding: the standings are ``Tournament.shown_standings`` (a round's results
wait for its last table), and a round's replays are linked only once the round is over (until then its
tables' walls are still being played elsewhere). Every text is escaped.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Literal

from core.tournaments.seats import MAX_ROUNDS, MIN_ROUNDS
from core.tournaments.standings import Standing
from core.tournaments.tournament import (
    CHECKIN_MINUTES,
    NAME_LIMIT,
    SIGNUP_MINUTES,
    TOURNAMENT_RULES,
    RoundTable,
    Tournament,
)
from game.rules import MATCH_LENGTHS
from web import words
from web.guard import WEB_GUILD
from words import Lang, text

WINDS = "ESWN"
VisitorPlace = Literal["server", "out", "signed", "checked", "player", "absent"]
"""Where the visitor stands in a tournament (``#you``'s ``data-you``): ``server`` a Discord server's
tournament (its members sign up on Discord), ``out`` not in it, ``signed`` signed up, ``checked`` checked
in, ``player`` one of its players since the start, ``absent`` a player who left (a computer plays for them)."""


@dataclass(frozen=True, slots=True)
class Visitor:
    """Who asks for the page: the ``mj_player`` cookie's page player (None: a browser without one yet),
    their pseudonym, the time now (what they may press depends on it), and the answer to their last press
    on the page (its key, and its words in the page's language)."""

    player_id: int | None
    pseudonym: str | None
    now: float
    said: tuple[str, str] | None = None


def visitor_place(tournament: Tournament, player_id: int | None) -> VisitorPlace:
    if tournament.guild_id != WEB_GUILD:
        return "server"
    if player_id is None:
        return "out"
    if tournament.status == "signup":
        if player_id in tournament.checked:
            return "checked"
        return "signed" if player_id in tournament.signed else "out"
    if player_id not in tournament.players:
        return "out"
    return "absent" if player_id in tournament.absent else "player"


def _head(lang: Lang, title: str) -> str:
    """A tournament page's document up to its body: its language, the stylesheet and ``title`` (escaped
    already)."""
    return (
        "<!doctype html>\n"
        f'<html lang="{_e(lang.replace("_", "-"))}">\n'
        '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark"><link rel="icon" href="data:,">'
        '<link rel="stylesheet" href="/static/tournament.css">'
        f"<title>{title}</title></head>\n"
    )


def tournament_page(tournament: Tournament, lang: Lang, visitor: Visitor) -> str:
    """The page of ``tournament`` in ``lang``, as ``visitor`` sees it."""
    title = tournament.settings.name or words.say("tournament.unnamed", lang)
    rounds = tournament.settings.rounds
    figures = (
        (words.say("tournament.rules", lang), words.say(f"table.rules.{tournament.settings.rules}", lang)),
        (words.say("tournament.length", lang), text("names", f"length.{tournament.settings.length}", lang)),
        (words.say("tournament.status", lang), words.say(f"tournament.status.{tournament.status}", lang)),
        (
            words.say("tournament.round", lang),
            words.say("tournament.round_of", lang, round=str(tournament.round), rounds=str(rounds))
            if tournament.round
            else words.say("tournament.not_started", lang, count=str(len(tournament.signed))),
        ),
    )
    sections = [_you(tournament, visitor, lang), *_organiser(tournament, visitor, lang), _standings(tournament, lang)]
    for number in range(tournament.round, 0, -1):  # the round being played first, then the older ones
        sections.append(_round(tournament, number, visitor.player_id, lang))
    return (
        _head(lang, _e(title))
        + f'<body><main id="tournament" data-tournament-id="{_e(tournament.id)}" data-status="{tournament.status}" '
        f'data-round="{tournament.round}" data-rounds="{rounds}" data-rules="{_e(tournament.settings.rules)}">\n'
        f"<h1>{_e(title)}</h1>\n"
        '<dl class="figures">\n'
        + "".join(f"<div><dt>{_e(name)}</dt><dd>{_e(value)}</dd></div>\n" for name, value in figures)
        + "</dl>\n"
        + f'<p class="fair-play">{_e(words.say("tournament.fair_play", lang))}</p>\n'
        + "".join(sections)
        + "</main></body></html>\n"
    )


def _you(tournament: Tournament, visitor: Visitor, lang: Lang) -> str:
    """What the visitor may do in the tournament: its words say where they stand, its forms post a press
    (``web.tournament_routes``), and ``#said`` says what their last press answered."""
    place = visitor_place(tournament, visitor.player_id)
    settings = tournament.settings
    name = "" if visitor.player_id is None else tournament.name_of(visitor.player_id)
    lines: list[str] = []
    forms: list[str] = []
    if place == "server":
        lines.append(words.say("tournament.you.server", lang))
    elif place == "out" and tournament.status == "signup" and visitor.now < settings.signup_closes:
        lines.append(words.say("tournament.you.out", lang))
        forms += [_name_form(tournament, visitor, lang), _press(tournament, "join", lang)]
    elif place == "out":
        lines.append(words.say("tournament.you.not_playing", lang))
    elif place == "signed":
        lines.append(words.say("tournament.you.signed", lang, name=name))
        if settings.signup_closes <= visitor.now < settings.starts_at:
            lines.append(words.say("tournament.you.checkin_now", lang))
            forms.append(_press(tournament, "checkin", lang))
        else:
            lines.append(words.say("tournament.you.checkin_later", lang))
        forms.append(_press(tournament, "leave", lang))
    elif place == "checked":
        lines.append(words.say("tournament.you.checked", lang, name=name))
        forms.append(_press(tournament, "leave", lang))
    elif place == "player":
        lines.append(words.say("tournament.you.player", lang, name=name))
        if tournament.status in ("playing", "paused"):
            lines.append(words.say("tournament.you.leave_later", lang))
            forms.append(_press(tournament, "leave", lang))
    else:
        lines.append(words.say("tournament.you.absent", lang))
    said = ""
    if visitor.said is not None:
        key, shown = visitor.said
        said = f'<p id="said" role="status" data-said="{_e(key)}">{_e(shown)}</p>\n'
    title = _e(words.say("tournament.you", lang))
    return (
        f'<section id="you" data-you="{place}" aria-labelledby="you-title"><h2 id="you-title">{title}</h2>\n'
        + said
        + "".join(f"<p>{_e(line)}</p>\n" for line in lines)
        + "".join(forms)
        + "</section>\n"
    )


ORGANISER_PRESSES: dict[str, tuple[str, ...]] = {
    "signup": ("start", "cancel"),
    "playing": ("pause", "cancel"),
    "paused": ("resume", "cancel"),
}
"""What the organiser of a web tournament may press on its page, by its status."""


def _organiser(tournament: Tournament, visitor: Visitor, lang: Lang) -> list[str]:
    """The organiser's part of a web tournament's page (``#organiser``): start it, pause or resume it, cancel
    it. A Discord server's tournament is run on Discord (Manage Server), and no one else sees this."""
    if tournament.guild_id != WEB_GUILD or visitor.player_id != tournament.organiser:
        return []
    presses = ORGANISER_PRESSES.get(tournament.status, ())
    title = _e(words.say("tournament.organiser", lang))
    return [
        '<section id="organiser" aria-labelledby="organiser-title">'
        f'<h2 id="organiser-title">{title}</h2>\n'
        f"<p>{_e(words.say('tournament.organiser.note', lang))}</p>\n"
        + "".join(_press(tournament, verb, lang) for verb in presses)
        + "</section>\n"
    ]


def new_tournament_page(lang: Lang) -> str:
    """``GET /tournament/new``: the form that opens a web tournament, its visitor its organiser."""
    title = _e(words.say("tournament.new.title", lang))

    def choice(name: str, label: str, options: tuple[tuple[str, str], ...], chosen: str) -> str:
        shown = "".join(
            f'<option value="{_e(value)}"{" selected" if value == chosen else ""}>{_e(text_)}</option>'
            for value, text_ in options
        )
        return f'<label for="{name}">{_e(label)}</label><select id="{name}" name="{name}">{shown}</select>\n'

    def number(name: str, label: str, low: int, high: int, value: int) -> str:
        return (
            f'<label for="{name}">{_e(label)}</label>'
            f'<input id="{name}" name="{name}" type="number" min="{low}" max="{high}" value="{value}" required>\n'
        )

    rules = tuple((name, words.say(f"table.rules.{name}", lang)) for name in TOURNAMENT_RULES)
    lengths = tuple((name, text("names", f"length.{name}", lang)) for name in MATCH_LENGTHS)
    return (
        _head(lang, title) + f'<body><main id="tournament" data-status="new">\n<h1>{title}</h1>\n'
        f"<p>{_e(words.say('tournament.new.intro', lang))}</p>\n"
        '<form class="new" method="post" action="/tournament/new">'
        f'<input type="hidden" name="lang" value="{_e(lang)}">\n'
        f'<label for="title">{_e(words.say("tournament.new.name", lang))}</label>'
        f'<input id="title" name="title" maxlength="{NAME_LIMIT}" autocomplete="off">\n'
        + choice("rules", words.say("tournament.new.rules", lang), rules, "hongkong")
        + number("rounds", words.say("tournament.new.rounds", lang), MIN_ROUNDS, MAX_ROUNDS, 4)
        + choice("length", words.say("tournament.new.length", lang), lengths, "one_wind")
        + number("signup", words.say("tournament.new.signup", lang), *SIGNUP_MINUTES, 60)
        + number("checkin", words.say("tournament.new.checkin", lang), *CHECKIN_MINUTES, 15)
        + f'<button type="submit" data-action="open-tournament">{_e(words.say("tournament.new.create", lang))}'
        "</button></form>\n</main></body></html>\n"
    )


def _name_form(tournament: Tournament, visitor: Visitor, lang: Lang) -> str:
    """SPEC §6's pseudonym form: the name the visitor's seats will show (asked before they join)."""
    label = _e(words.say("tournament.name.label", lang))
    return (
        f'<form class="name" method="post" action="/tournament/{_e(tournament.id)}/name">'
        f'<input type="hidden" name="lang" value="{_e(lang)}">'
        f'<label for="pseudonym">{label}</label>'
        f'<input id="pseudonym" name="name" value="{_e(visitor.pseudonym or "")}" maxlength="32" '
        'autocomplete="nickname" required>'
        f'<button type="submit" data-action="save-name">{_e(words.say("name.save", lang))}</button></form>\n'
    )


def _press(tournament: Tournament, verb: str, lang: Lang) -> str:
    """A button posting ``verb`` (join, checkin, leave; the organiser's start, pause, resume, cancel) for the
    visitor: ``data-action="<verb>-tournament"``."""
    return (
        f'<form class="press" method="post" action="/tournament/{_e(tournament.id)}/{verb}">'
        f'<input type="hidden" name="lang" value="{_e(lang)}">'
        f'<button type="submit" data-action="{verb}-tournament">{_e(words.say(f"tournament.{verb}", lang))}'
        "</button></form>\n"
    )


def _standings(tournament: Tournament, lang: Lang) -> str:
    lines = tournament.shown_standings()
    title = _e(words.say("tournament.standings", lang))
    heading = f'<section aria-labelledby="standings-title"><h2 id="standings-title">{title}</h2>\n'
    withheld = f"<p>{_e(words.say('tournament.withheld', lang))}</p>\n"
    if not lines:
        none_yet = _e(words.say("tournament.no_standings", lang))
        return f'{heading}<p id="standings" data-empty="true">{none_yet}</p>\n{withheld}</section>\n'
    columns = ("rank", "player", "points", "score", "duplicate", "tables")
    head = "".join(f'<th scope="col">{_e(words.say(f"tournament.column.{column}", lang))}</th>' for column in columns)
    rows = "".join(_standing_row(tournament, line, lang) for line in lines)
    return (
        f'{heading}<div class="scroll" role="region" aria-labelledby="standings-title" tabindex="0">'
        f'<table id="standings"><thead><tr>{head}</tr></thead>\n<tbody>\n{rows}</tbody></table></div>\n'
        f"{withheld}</section>\n"
    )


def _standing_row(tournament: Tournament, line: Standing, lang: Lang) -> str:
    name = tournament.name_of(tournament.players[line.player])
    figures = (_figure(line.points, lang), _figure(line.score, lang), _figure(line.duplicate, lang), str(line.tables))
    return (
        f'<tr data-player="{line.player}" data-name="{_e(name)}" data-rank="{line.rank}" '
        f'data-points="{_number(line.points)}" data-score="{_number(line.score)}" '
        f'data-duplicate="{_number(line.duplicate)}" data-tables="{line.tables}">'
        f'<td>{line.rank}</td><th scope="row">{_e(name)}</th>'
        + "".join(f"<td>{figure}</td>" for figure in figures)
        + "</tr>\n"
    )


def _round(tournament: Tournament, number: int, player_id: int | None, lang: Lang) -> str:
    """A round's tables: to join or watch while the round is played, with their replays once it is over;
    the table seating ``player_id`` (the visitor) marked as theirs."""
    over = number < tournament.round or tournament.round_over
    key = "tournament.round_over" if over else "tournament.round_playing"
    title = words.say(key, lang, round=str(number))
    tables = "".join(_table(tournament, table, over, player_id, lang) for table in tournament.round_tables(number))
    return (
        f'<section aria-labelledby="round-{number}-title" data-round-tables="{number}" '
        f'data-over="{"true" if over else "false"}"><h2 id="round-{number}-title">{_e(title)}</h2>\n'
        f'<ol class="tables">\n{tables}</ol></section>\n'
    )


def _table(tournament: Tournament, table: RoundTable, over: bool, player_id: int | None, lang: Lang) -> str:
    label = words.say("tournament.table", lang, number=str(table.index + 1))
    yours = player_id is not None and player_id in table.seats
    mark = f' <strong class="yours">{_e(words.say("tournament.your_table", lang))}</strong>' if yours else ""
    state = "waiting" if table.table_id is None else ("finished" if table.result is not None else "playing")
    seats = "".join(
        f'<li data-seat="{WINDS[chair]}">{_e(_seat_name(tournament, member, lang))}</li>'
        for chair, member in enumerate(table.seats)
    )
    if table.table_id is None:
        heading = f"<h3>{_e(label)}{mark}</h3><p>{_e(words.say('tournament.opening', lang))}</p>"
        hooks = f'data-table="" data-index="{table.index}" data-state="{state}"'
    else:
        shown_id = _e(table.table_id)
        link_word = "tournament.view_table" if table.result is not None else "tournament.join_or_watch"
        heading = (
            f'<h3>{_e(label)}{mark}</h3><p><a href="/table/{shown_id}" data-action="open-table">'
            f"{_e(words.say(link_word, lang, table=label))}</a></p>"
        )
        hooks = f'data-table="{shown_id}" data-index="{table.index}" data-state="{state}"'
    if yours:
        hooks += ' data-you="true"'
    replays = _replays(table, lang) if over else ""
    seat_list = f'<ul class="seats" aria-label="{_e(words.say("tournament.seats", lang, table=label))}">{seats}</ul>'
    return f"<li {hooks}>{heading}{seat_list}{replays}</li>\n"


def _replays(table: RoundTable, lang: Lang) -> str:
    """Links to the finished hands' replays of a table whose round is over (its result counts its hands)."""
    if table.table_id is None or table.result is None or not table.result.hands:
        return ""
    table_label = words.say("tournament.table", lang, number=str(table.index + 1))
    label = words.say("tournament.replays", lang, table=table_label)
    links = "".join(
        f'<li><a href="/replay/{_e(table.table_id)}/{hand}" data-replay="{hand}">'
        f"{_e(words.say('tournament.hand', lang, number=str(hand)))}</a></li>"
        for hand in range(1, len(table.result.hands) + 1)
    )
    return f'<nav class="replays" aria-label="{_e(label)}"><ul>{links}</ul></nav>'


def _seat_name(tournament: Tournament, member: int | None, lang: Lang) -> str:
    if member is None:
        return words.say("tournament.computer", lang)
    if member in tournament.absent:
        return words.say("tournament.absent", lang, name=tournament.name_of(member))
    return tournament.name_of(member)


def _number(value: float) -> str:
    """A figure as the page's attributes carry it: whole numbers without a point, others to two places."""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")


def _figure(value: float, lang: Lang) -> str:
    """A figure as the page shows it: French writes a decimal comma."""
    shown = _number(value)
    return shown.replace(".", ",") if lang == "fr" else shown


def _e(value: str) -> str:
    return html.escape(value, quote=True)

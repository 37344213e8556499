"""The Start page of ``GET /table/new?…`` (``web.table_routes``): the table the address describes, in the
page's language, and a Start button whose form posts the same fields to ``POST /table/new``, which opens
it. Fetching the address opens nothing (link previews, prefetchers and monitors fetch links); one press
does.

Plain HTML written here, with no script and no style of its own: the page's Content-Security-Policy
(``web.page``) forbids inline ones and allows a form posted to the page's own origin
(``form-action 'self'``), and forbids framing it, so no other site can lay the button under a
visitor's click. Every text is escaped; the hidden fields are the ones read, written back as
``web.bodies`` read them.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from msgspec import UNSET

from game.rules import Ruleset
from web import words
from words import Lang, text

if TYPE_CHECKING:
    from web.table_routes import NewTable


def start_page(chosen: NewTable, rules: Ruleset, lang: Lang) -> str:
    """The Start page of the table ``chosen`` describes (its rules ``rules``), in ``lang``."""
    fields = {"rules": chosen.rules, "computers": str(chosen.computers), "lang": lang}
    if chosen.length is not UNSET:
        fields["length"] = chosen.length
    if chosen.seed is not UNSET:
        fields["seed"] = str(chosen.seed)
    figures = (
        (words.say("start.rules", lang), words.say(f"table.rules.{chosen.rules}", lang)),
        (words.say("start.length", lang), text("names", f"length.{rules.length}", lang)),
        (words.say("start.computers", lang), str(chosen.computers)),
    )
    practice = (
        ""
        if chosen.seed is UNSET
        else f'<p data-practice="{chosen.seed}">{_e(words.say("start.practice", lang, deal=str(chosen.seed)))}</p>\n'
    )
    title = _e(words.say("start.title", lang))
    return (
        "<!doctype html>\n"
        f'<html lang="{_e(lang.replace("_", "-"))}">\n'
        '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark"><link rel="icon" href="data:,">'  # no /favicon.ico asked
        f"<title>{title}</title></head>\n"
        f'<body><main id="start" data-rules="{_e(chosen.rules)}" data-computers="{chosen.computers}">\n'
        f"<h1>{title}</h1>\n"
        "<dl>\n"
        + "".join(f"<dt>{_e(name)}</dt><dd>{_e(value)}</dd>\n" for name, value in figures)
        + "</dl>\n"
        + practice
        + f"<p>{_e(words.say('start.intro', lang))}</p>\n"
        '<form method="post" action="/table/new">\n'
        + "".join(f'<input type="hidden" name="{name}" value="{_e(value)}">\n' for name, value in fields.items())
        + f'<button type="submit" data-action="open-table">{_e(words.say("start.action", lang))}</button>\n'
        "</form>\n"
        "</main></body></html>\n"
    )


def _e(value: str) -> str:
    return html.escape(value, quote=True)

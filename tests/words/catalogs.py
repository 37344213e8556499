"""The catalogs' sources as tests read them: every entry of a domain in a language, with Babel."""

from __future__ import annotations

import string
from functools import cache

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from words import DEFAULT_LANG, Lang
from words.catalog import LOCALES


@cache
def catalog(domain: str, lang: Lang) -> Catalog:
    with (LOCALES / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as source:
        return read_po(source, abort_invalid=True)


def texts(domain: str, lang: Lang = DEFAULT_LANG) -> dict[str, tuple[str, ...]]:
    """Every key of ``domain`` with its text (or its plural forms) in ``lang``, the header left out."""
    found: dict[str, tuple[str, ...]] = {}
    for message in catalog(domain, lang):
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple | list) else message.id
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        found[key] = tuple(strings)
    return found


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

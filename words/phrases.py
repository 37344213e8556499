"""The engine's phrases in a language: ``show(phrase, lang)`` reads the ``engine`` catalog.

A phrase (``game.phrases.Phrase``) is a key and its parameters. Its template is the catalog's entry for
the key, the plural entry's form for the count when the catalog has one and the phrase a ``count``
(or ``n``) parameter; a tile parameter shows as the tile's name, a nested phrase as its own text, a
number and a text as they are. Breakdown lines and hints are shown on every click, and the same
phrases come back again and again (the same pungs, the same refusals): a shown phrase is cached.
"""

from __future__ import annotations

from functools import lru_cache

from game.phrases import Phrase, PhraseParam
from game.tiles import Tile
from words.catalog import Lang, MissingWord, plural_template, template
from words.tiles import tile_name

DOMAIN = "engine"
_COUNTS = ("count", "n")  # the parameters a plural entry's form follows


@lru_cache(maxsize=8192)
def show(phrase: Phrase, lang: Lang) -> str:
    """``phrase`` in ``lang``; ``MissingWord`` for a key the catalogs lack, even in English."""
    values = {name: _shown(value, lang) for name, value in phrase.params}
    return _form(phrase.key, lang, _count(phrase)).format(**values)


def _shown(value: PhraseParam, lang: Lang) -> str | int:
    if isinstance(value, Phrase):
        return show(value, lang)
    if isinstance(value, Tile):  # before int: a Tile is an IntEnum
        return tile_name(value, lang)
    return value


def _count(phrase: Phrase) -> int | None:
    for name, value in phrase.params:
        if name in _COUNTS and type(value) is int:
            return value
    return None


@lru_cache(maxsize=2048)
def _form(key: str, lang: Lang, count: int | None) -> str:
    """The template: the plural form for ``count`` when the catalog has a plural entry, else the entry."""
    if count is not None:
        try:
            return plural_template(DOMAIN, key, count, lang)
        except MissingWord:
            pass  # an entry with a single form, whatever the count
    return template(DOMAIN, key, lang)

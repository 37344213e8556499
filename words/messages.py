"""The words of the bot and the page: messages and the names shown, read from the catalogs in ``words``.

Private answers follow the member's Discord locale (``lang_of(interaction.locale)``); public
messages follow the table's language. ``say(key, lang, **params)`` fills a message of the
``messages`` catalog; ``name_of(kind, code, lang)`` is a rule set's, a match length's, a speed's, an
option's or a wind's name from the ``names`` catalog.
"""

from __future__ import annotations

from typing import Any, Literal

from game.phrases import Phrase
from words import Lang, lang_of, plural, text
from words.phrases import show

__all__ = ["Lang", "count", "duration", "lang_of", "name_of", "say"]

NameKind = Literal["rules", "length", "speed", "option", "wind"]


def count(key: str, n: int, lang: Lang, **params: Any) -> str:
    """``n`` things with their noun agreeing in ``lang`` (``1 hand``, ``2 mains``, ``3 局``), from the
    ``counts`` catalog: messages take the counted phrase formed, never a bare number and a fixed plural."""
    return plural("counts", key, n, lang, **params)


def duration(seconds: float, lang: Lang) -> str:
    """A wait as people write it: ``15 s``, ``1 min``, ``12 h`` (``12 小時`` in Chinese)."""
    if seconds >= 3600:
        return text("names", "unit.hours", lang, n=f"{seconds / 3600:g}")
    if seconds >= 60:
        return text("names", "unit.minutes", lang, n=f"{seconds / 60:g}")
    return text("names", "unit.seconds", lang, n=f"{seconds:g}")


def name_of(kind: NameKind, code: str, lang: Lang) -> str:
    """The name of a rule set (``classic``), a match length, a speed, an option or a wind (``1z``)."""
    return text("names", f"{kind}.{code}", lang)


def say(key: str, lang: Lang, **params: Any) -> str:
    """The message ``key`` in ``lang``, filled with ``params``; an engine ``Phrase`` is said in ``lang`` too."""
    for name, value in params.items():  # params is this call's own dict: said in place, no copy
        if isinstance(value, Phrase):
            params[name] = show(value, lang)
    return text("messages", key, lang, **params)

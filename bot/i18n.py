"""The bot's words: its messages and the names it shows, read from the catalogs in ``words``.

Private answers follow the member's Discord locale (``lang_of(interaction.locale)``); public
messages follow the table's language. ``say(key, lang, **params)`` fills a message of the
``messages`` catalog; ``name_of(kind, code, lang)`` is a rule set's, a match length's, a speed's, an
option's or a wind's name from the ``names`` catalog.
"""

from __future__ import annotations

from typing import Any, Literal

from words import Lang, lang_of, text

__all__ = ["Lang", "duration", "lang_of", "name_of", "say"]

NameKind = Literal["rules", "length", "speed", "option", "wind"]


def duration(seconds: float) -> str:
    """A wait as people write it: ``15 s``, ``1 min``, ``12 h`` (the same in every language)."""
    if seconds >= 3600:
        return f"{seconds / 3600:g} h"
    if seconds >= 60:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


def name_of(kind: NameKind, code: str, lang: Lang) -> str:
    """The name of a rule set (``classic``), a match length, a speed, an option or a wind (``1z``)."""
    return text("names", f"{kind}.{code}", lang)


def say(key: str, lang: Lang, **params: Any) -> str:
    """The message ``key`` in ``lang``, filled with ``params``."""
    return text("messages", key, lang, **params)

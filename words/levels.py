"""A computer player's level in words (``commands`` catalog: ``Strong``, ``Fort``, ``高手``), and a computer
seat's name in a reader's language.

A table stores a computer seat's name once, when it is added, as ``"Strong 2"`` (its level and its
number among the table's computers); each surface says it in its reader's language from that.
"""

from __future__ import annotations

from words import Lang, MissingWord, text


def level_name(level: str, lang: Lang) -> str:
    """A computer's strength as ``/mahjong new``'s level option names it (``Strong``, ``Fort``, ``高手``)."""
    try:
        return text("commands", level.capitalize(), lang)
    except MissingWord:
        return level


def computer_name(stored: str, level: str, lang: Lang) -> str:
    """The stored name of a computer seat of ``level`` (``"Strong 2"``) said in ``lang`` (``"Fort 2"``); a
    name not of that form is shown as stored."""
    head, _, number = stored.rpartition(" ")
    if not number.isdecimal() or head != level.capitalize():
        return stored
    return f"{level_name(level, lang)} {number}"

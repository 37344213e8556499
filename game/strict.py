"""Strict readers for untrusted JSON values: each returns the value with its exact type or raises
``InvalidNotation`` naming what was expected.

JSON read by Python is loose in ways that matter for a stored game: ``True == 1``, ``1.0 == 1``,
``bool("false")`` is true, ``int("١")`` is 1. These readers accept a bool only where a bool is meant
(never ``"false"`` or ``0``), an integer only as an ``int`` (never a bool or a float), and text only as
``str``; ``MALFORMED`` lists the exceptions that malformed input can raise on its way through the
engine, for the entry points that turn them into ``InvalidNotation``.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from game.errors import InvalidNotation

# What malformed input can raise inside a decoder (a missing key, a list where a dict was meant, a
# structure nested too deep, an integer too long to print …): entry points turn these into
# ``InvalidNotation`` so that a caller only ever sees the engine's errors.
MALFORMED: tuple[type[BaseException], ...] = (
    TypeError,
    KeyError,
    RecursionError,
    AttributeError,
    IndexError,
    AssertionError,
    ValueError,
)

_SHORT = 60


def short(value: object) -> str:
    """A repr of ``value`` cut to a length that fits in an error message."""
    try:
        text = repr(value)
    except MALFORMED:  # an int too long to print, a structure nested too deep
        if isinstance(value, int):
            return f"an integer of {value.bit_length()} bits"
        return f"a {type(value).__name__} too deep to print"
    return text if len(text) <= _SHORT else text[: _SHORT - 1] + "…"


def integer(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an int in ``[low, high]`` (either end open when None); a bool is not an int."""
    if type(value) is not int:
        raise InvalidNotation(f"{what} is a whole number, not {short(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low}" if high is None else f"up to {high}" if low is None else f"from {low} to {high}"
        raise InvalidNotation(f"{what} goes {span}, not {short(value)}")
    return value


def boolean(value: object, what: str) -> bool:
    """``value`` as a bool: JSON ``true`` or ``false`` only."""
    if type(value) is not bool:
        raise InvalidNotation(f"{what} is true or false, not {short(value)}")
    return value


def text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise InvalidNotation(f"{what} is a string, not {short(value)}")
    return value


def listed(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidNotation(f"{what} is a list, not {short(value)}")
    return value


def fields(value: object, what: str, required: Collection[str], optional: Collection[str] = ()) -> dict[str, Any]:
    """``value`` as an object holding every key of ``required``, and no key outside ``optional``."""
    if not isinstance(value, dict):
        raise InvalidNotation(f"{what} is an object, not {short(value)}")
    missing = [key for key in required if key not in value]
    if missing:
        raise InvalidNotation(f"{what} lacks {', '.join(repr(key) for key in missing)}")
    unknown = [key for key in value if key not in required and key not in optional]
    if unknown:
        raise InvalidNotation(f"{what} has unknown fields: {', '.join(short(key) for key in unknown[:3])}")
    return value


def canonical(document: object) -> str:
    """One text per JSON value (keys sorted, no spaces): two documents are the same value with the same
    types exactly when their canonical texts are equal (``1`` and ``true`` and ``1.0`` differ)."""
    try:
        return json.dumps(document, sort_keys=True, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except MALFORMED as error:
        raise InvalidNotation(f"not a JSON value ({type(error).__name__})") from None

"""Readers of the values inside an untrusted JSON document the live store keeps (a table, a finished
hand, a tournament, a solitaire game), each refusing a bad value with its document's own error.

JSON read by Python is loose in ways that matter for a stored document: ``True == 1`` and a bool is an
``int``, ``1.0 == 1``, ``bool("false")`` is true. These readers take an integer only as an ``int`` (never
a bool or a float), a number only as an ``int`` or a ``float`` (never a bool), a bool only as ``true`` or
``false``, text only as ``str`` within its length, and say what they expected and what they found, cut
to a length that fits in a log line (``game.strict.short``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from game.strict import short


@dataclass(frozen=True, slots=True)
class DocumentReader:
    """The readers of one kind of document: every refusal is ``error(message)``."""

    error: type[ValueError]

    def integer(self, value: Any, low: int | None = None) -> int:
        """``value`` as an int, at least ``low`` when given; a bool is not one."""
        if type(value) is not int:
            raise self.error(f"expected a whole number, not {short(value)}")
        if low is not None and value < low:
            raise self.error(f"expected a whole number from {low}, not {short(value)}")
        return value

    def optional_integer(self, value: Any) -> int | None:
        return None if value is None else self.integer(value)

    def int_or_float(self, value: Any, low: float | None = None) -> int | float:
        """``value`` as JSON wrote it, an int or a float, at least ``low`` when given; a bool is neither."""
        if type(value) not in (int, float):
            raise self.error(f"expected a number, not {short(value)}")
        if low is not None and value < low:
            raise self.error(f"expected a number from {low}, not {short(value)}")
        return cast(int | float, value)

    def number(self, value: Any, low: float | None = None) -> float:
        """``value`` (``int_or_float``) as a float; an integer too large for one is refused, not raised
        as the ``OverflowError`` no document's reader catches."""
        exact = self.int_or_float(value, low)
        try:
            return float(exact)
        except OverflowError:
            raise self.error(f"expected a number, not {short(value)}") from None

    def optional_number(self, value: Any, low: float | None = None) -> float | None:
        return None if value is None else self.number(value, low)

    def boolean(self, value: Any) -> bool:
        """``value`` as a bool: JSON ``true`` or ``false`` only, never ``0`` or ``"false"``."""
        if type(value) is not bool:
            raise self.error(f"expected true or false, not {short(value)}")
        return value

    def text(self, value: Any, longest: int, shortest: int = 0) -> str:
        """``value`` as a str of ``shortest`` to ``longest`` characters."""
        if not isinstance(value, str) or not shortest <= len(value) <= longest:
            raise self.error(f"expected a text of {shortest} to {longest} characters, not {short(value)}")
        return value

    def optional_text(self, value: Any, longest: int, shortest: int = 0) -> str | None:
        return None if value is None else self.text(value, longest, shortest)

    def mapping(self, value: Any) -> dict[str, Any]:
        """``value`` as a JSON object."""
        if not isinstance(value, dict):
            raise self.error(f"expected an object, not {short(value)}")
        return value

    def optional_mapping(self, value: Any) -> dict[str, Any] | None:
        return None if value is None else self.mapping(value)

    def listed(self, value: Any) -> list[Any]:
        """``value`` as a JSON list."""
        if not isinstance(value, list):
            raise self.error(f"expected a list, not {short(value)}")
        return value

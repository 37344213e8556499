"""The one error a game's pure transitions raise for a request they do not take."""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """A request refused, changing nothing; ``key`` names the message (``words.messages``), ``params`` fill it."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __reduce__(self) -> tuple[Any, ...]:
        # raised in a drawing process and pickled back: keep the parameters, not only the key
        return (_refusal, (self.key, self.params))


def _refusal(key: str, params: dict[str, Any]) -> Refusal:
    return Refusal(key, **params)

"""What the engine says, without a language: a phrase is a stable key and its parameters.

The engine explains itself (a breakdown line, why a hand cannot be scored, why a win is refused, a
teacher's hint) with a ``Phrase``; the display layer (``words.phrases.show``) turns it into a
language through the ``engine`` catalog. A parameter is a number (a count the catalog may make
plural, under the name ``count`` or ``n``), a piece of text taken as it is (quoted input, a tile
code), a tile (shown by its name in the reader's language) or another phrase (shown the same way).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from game.tiles import Tile

PhraseParam: TypeAlias = "int | str | Tile | Phrase"


@dataclass(frozen=True, slots=True)
class Phrase:
    """A message of the ``engine`` catalog by its key, with its parameters in a fixed order.

    Frozen and hashable, so the display layer can cache what it shows.
    """

    key: str
    params: tuple[tuple[str, PhraseParam], ...] = ()

    def __str__(self) -> str:
        # For developers (logs, exception texts): players read ``words.phrases.show``.
        if not self.params:
            return self.key
        shown = ", ".join(f"{name}={_debug(value)}" for name, value in self.params)
        return f"{self.key}({shown})"

    def param(self, name: str) -> PhraseParam:
        """The parameter ``name``; a KeyError when the phrase has none by that name."""
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)


def _debug(value: PhraseParam) -> str:
    return value.code if isinstance(value, Tile) else str(value)


def phrase(key: str, /, **params: PhraseParam) -> Phrase:
    """``phrase("dragon_pung", tile=Tile.RED)``: the phrase ``key`` with ``params``."""
    return Phrase(key, tuple(params.items()))


def and_list(first: PhraseParam, second: PhraseParam, *more: PhraseParam) -> Phrase:
    """Two items or more said as a list ("A and B and C"), nested ``and`` phrases."""
    joined = phrase("and", first=first, second=second)
    for item in more:
        joined = phrase("and", first=joined, second=item)
    return joined

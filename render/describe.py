"""Words for the text descriptions (alt text) of the images: tiles and sets in notation and in words,
from the ``pictures`` catalog (its templates hold each language's word order and punctuation)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.hand import SetKind
from game.melds import Meld
from game.tiles import Tile, format_tiles
from words import Lang
from words.catalog import plural, text
from words.tiles import tile_name


def phrase(key: str, lang: Lang, /, **params: Any) -> str:
    """The message ``key`` of the ``pictures`` catalog in ``lang``."""
    return text("pictures", key, lang, **params)


def listed(items: Iterable[str], lang: Lang, *, long: bool = False) -> str:
    """Items joined as ``lang`` lists them (``a, b`` / ``a、b``); ``long`` items with semicolons."""
    return phrase("list.semicolon" if long else "list.comma", lang).join(items)


def sentence(content: str, lang: Lang) -> str:
    """``content`` ended as a sentence of ``lang`` (a full stop, or ``。``)."""
    return phrase("sentence", lang, text=content)


def tiles_in_words(tiles: Iterable[Tile], lang: Lang = "en") -> str:
    """``1m 1m 5z`` → ``1m1m5z (1 Characters, 1 Characters, White Dragon)``."""
    tiles = list(tiles)
    names = listed((tile_name(tile, lang) for tile in tiles), lang)
    return phrase("tiles.words", lang, codes=format_tiles(tiles), names=names)


def meld_words(meld: Meld, lang: Lang = "en") -> str:
    """``pung 777z (Red Dragon)``, ``concealed kong 1111m (1 Characters)``."""
    kind = phrase(f"set.{meld.kind.name.lower()}", lang)
    if not meld.exposed:
        kind = phrase("set.concealed", lang, kind=kind)
    natural = meld.natural_tiles
    named = (
        tile_name(natural[0], lang)
        if meld.kind is not SetKind.CHOW
        else phrase(
            "set.run", lang, first=tile_name(natural[0], lang), last=text("tiles", f"number.{natural[-1].number}", lang)
        )
    )
    params = {"kind": kind, "notation": meld.notation(), "named": named}
    if meld.jokers:
        return plural("pictures", "set.words_jokers", meld.jokers, lang, **params)
    return phrase("set.words", lang, **params)

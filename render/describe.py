"""Words for the text descriptions (alt text) of the images: tiles and sets in notation and in words."""

from __future__ import annotations

from collections.abc import Iterable

from game.hand import SetKind
from game.melds import Meld
from game.tiles import Tile, format_tiles
from words import Lang
from words.tiles import tile_name

_KIND: dict[Lang, dict[SetKind, str]] = {
    "en": {SetKind.CHOW: "chow", SetKind.PUNG: "pung", SetKind.KONG: "kong"},
    "fr": {SetKind.CHOW: "chow", SetKind.PUNG: "pung", SetKind.KONG: "kong"},
}
_CONCEALED: dict[Lang, str] = {"en": "concealed", "fr": "caché"}
_JOKERS: dict[Lang, str] = {"en": "with {n} joker(s)", "fr": "avec {n} joker(s)"}


def tiles_in_words(tiles: Iterable[Tile], lang: Lang = "en") -> str:
    """``1m 1m 5z`` → ``1m1m5z (1 Characters, 1 Characters, White Dragon)``."""
    tiles = list(tiles)
    return f"{format_tiles(tiles)} ({', '.join(tile_name(tile, lang) for tile in tiles)})"


def meld_words(meld: Meld, lang: Lang = "en") -> str:
    """``pung 777z (Red Dragon)``, ``concealed kong 1111m (1 Characters)``."""
    kind = _KIND[lang][meld.kind]
    if not meld.exposed:
        kind = f"{kind} {_CONCEALED[lang]}" if lang == "fr" else f"{_CONCEALED[lang]} {kind}"
    natural = meld.natural_tiles
    named = (
        tile_name(natural[0], lang)
        if meld.kind is not SetKind.CHOW
        else (f"{tile_name(natural[0], lang)}–{natural[-1].number}")
    )
    jokers = f" {_JOKERS[lang].format(n=meld.jokers)}" if meld.jokers else ""
    return f"{kind} {meld.notation()} ({named}){jokers}"


def colon(lang: Lang) -> str:
    """A colon as each language writes it (French puts a space before it)."""
    return "\u00a0:" if lang == "fr" else ":"

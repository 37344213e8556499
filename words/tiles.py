"""A tile's readable name (``5 Circles``, ``東風``) and its short sign (``5 Circ``, ``東``) in a language,
from the ``tiles`` catalog: the engine knows tiles by code only."""

from __future__ import annotations

from game.tiles import SUITED_SUITS, Tile
from words.catalog import Lang, text


def _key(tile: Tile) -> str:
    return "joker" if tile is Tile.JOKER else tile.code


def tile_name(tile: Tile, lang: Lang) -> str:
    """The full readable name, e.g. ``5 Circles`` / ``5 Cercles``, ``East Wind`` / ``Vent d'Est``."""
    if tile.suit in SUITED_SUITS:
        return text("tiles", f"suited.{tile.suit.value}", lang, number=text("tiles", f"number.{tile.number}", lang))
    return text("tiles", f"name.{_key(tile)}", lang)


def tile_label(tile: Tile, lang: Lang) -> str:
    """A short sign for buttons and tile faces: ``5 Circ``, ``E``, ``Red``, ``Plum``."""
    if tile.suit in SUITED_SUITS:
        return text(
            "tiles", f"suited_short.{tile.suit.value}", lang, number=text("tiles", f"number.{tile.number}", lang)
        )
    return text("tiles", f"short.{_key(tile)}", lang)

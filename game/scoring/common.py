"""What every scorer shares: bilingual labels and the breakdown lines a scorer returns.

A breakdown line is the unit the bot shows to players and the ``score`` command prints: what was
recognised (``key``, stable for scripts), its name in English and French, and what it is worth.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.tiles import Lang, Tile, tile_name


@dataclass(frozen=True, slots=True)
class Label:
    """One text in the two languages of the product."""

    en: str
    fr: str

    def text(self, lang: Lang) -> str:
        return self.fr if lang == "fr" else self.en


def tile_label(template: Label, tile: Tile) -> Label:
    """Fill ``{tile}`` in both texts with the tile's readable name in that language."""
    return Label(template.en.format(tile=tile_name(tile, "en")), template.fr.format(tile=tile_name(tile, "fr")))


@dataclass(frozen=True, slots=True)
class PointsItem:
    """A line of a classic breakdown: points added and doubles applied to the whole hand."""

    key: str
    label: Label
    points: int = 0
    doubles: int = 0


@dataclass(frozen=True, slots=True)
class FanItem:
    """A line of a Hong Kong breakdown.

    ``bonus`` marks flower and season fan, which do not count towards the minimum; ``limit`` marks a
    limit hand, which scores the cap on its own.
    """

    key: str
    label: Label
    fan: int
    bonus: bool = False
    limit: bool = False

import pytest

from game import InvalidHand, parse_tiles
from game.hand import SetKind
from game.melds import Meld
from game.tiles import Tile


@pytest.mark.parametrize(
    ("text", "kind", "base", "jokers"),
    [
        ("777z", SetKind.PUNG, Tile.RED, 0),
        ("1111m", SetKind.KONG, Tile.M1, 0),
        ("345p", SetKind.CHOW, Tile.P3, 0),
        ("5p0j7p", SetKind.CHOW, Tile.P5, 1),
        ("0j8s9s", SetKind.CHOW, Tile.S7, 1),
        ("0j0j9s", SetKind.PUNG, Tile.S9, 2),
        ("77z0j", SetKind.PUNG, Tile.RED, 1),
    ],
)
def test_meld_reading(text, kind, base, jokers):
    meld = Meld.from_tiles(parse_tiles(text))
    assert (meld.kind, meld.base, meld.jokers) == (kind, base, jokers)
    assert sorted(meld.tiles) == sorted(parse_tiles(text))
    assert Meld.from_tiles(parse_tiles(meld.notation())) == meld


@pytest.mark.parametrize("text", ["124m", "123z", "12m3p", "1f2f3f", "0j0j0j", "11m", "11112m"])
def test_not_a_meld(text):
    with pytest.raises(InvalidHand):
        Meld.from_tiles(parse_tiles(text))


def test_concealed_kong_flag():
    meld = Meld.from_tiles(parse_tiles("1111m"), exposed=False)
    assert not meld.exposed and meld.size == 4

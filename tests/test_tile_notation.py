import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import InvalidNotation, Tile, format_tiles, parse_tiles
from game.tiles import Suit, counts34, full_set, tiles_of_counts
from words import LANGS
from words.tiles import tile_label, tile_name


def test_spec_example_expands_groups():
    assert parse_tiles("123m456p77z") == [
        Tile.M1,
        Tile.M2,
        Tile.M3,
        Tile.P4,
        Tile.P5,
        Tile.P6,
        Tile.RED,
        Tile.RED,
    ]


def test_whitespace_is_ignored():
    assert parse_tiles(" 12 3m\n4 5p ") == parse_tiles("123m45p")


def test_every_tile_code_round_trips():
    for tile in Tile:
        assert Tile.from_code(tile.code) is tile
        assert parse_tiles(tile.code) == [tile]


def test_box_counts():
    assert len(full_set()) == 144
    assert len(full_set(jokers=True)) == 148
    assert full_set(jokers=True).count(Tile.JOKER) == 4


def test_honour_and_bonus_meanings():
    assert [t.code for t in (Tile.EAST, Tile.NORTH, Tile.WHITE, Tile.GREEN, Tile.RED)] == [
        "1z",
        "4z",
        "5z",
        "6z",
        "7z",
    ]
    assert Tile.from_code("1f").bonus_seat == 0
    assert Tile.from_code("5f").bonus_seat == 0
    assert Tile.from_code("8f").bonus_seat == 3
    assert Tile.from_code("4f").is_flower and Tile.from_code("5f").is_season
    assert Tile.M1.is_terminal and Tile.S9.is_terminal and not Tile.P5.is_terminal
    assert Tile.EAST.is_wind and Tile.RED.is_dragon and not Tile.RED.is_wind


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("8z", "no tile 8z"),
        ("0m", "no tile 0m"),
        ("9f", "no tile 9f"),
        ("1j", "joker is written 0j"),
        ("123", "has no suit letter"),
        ("m", "has no digits"),
        ("12x", "unexpected 'x' at position 2"),
    ],
)
def test_bad_notation_says_what_is_wrong(text, fragment):
    with pytest.raises(InvalidNotation, match=fragment):
        parse_tiles(text)


tiles_strategy = st.lists(st.sampled_from(list(Tile)), max_size=30)


@given(tiles_strategy)
def test_format_then_parse_is_identity(tiles):
    assert parse_tiles(format_tiles(tiles)) == tiles


@given(tiles_strategy)
def test_canonical_text_round_trips(tiles):
    text = format_tiles(tiles)
    assert format_tiles(parse_tiles(text)) == text


@given(st.lists(st.sampled_from(list(Tile)[:34]), max_size=14))
def test_counts_round_trip(tiles):
    assert tiles_of_counts(counts34(tiles)) == sorted(tiles)


def test_names_in_both_languages_are_distinct_and_readable():
    for lang in LANGS:
        names = [tile_name(t, lang) for t in Tile if not t.is_joker]
        assert len(set(names)) == len(names)
        labels = [tile_label(t, lang) for t in Tile if not t.is_joker]
        assert len(set(labels)) == len(labels)
    assert tile_name(Tile.P5, "fr") == "5 Cercles"
    assert tile_name(Tile.EAST, "fr") == "Vent d'Est"
    assert tile_label(Tile.WEST, "fr") == "O"
    assert tile_label(Tile.WEST, "en") == "W"


def test_a_suited_tiles_short_label_abbreviates_its_name():
    """One name per suit: a button's "5 Circ" is short for the "5 Circles" of the score lines, word by word
    (in Chinese the sign is the name, 五筒)."""
    for lang in LANGS:
        for tile in Tile:
            if tile.suit in (Suit.CHARACTERS, Suit.CIRCLES, Suit.BAMBOO):
                short, full = tile_label(tile, lang).split(" "), tile_name(tile, lang).split(" ")
                assert len(short) == len(full) and all(map(str.startswith, full, short)), (
                    tile_label(tile, lang),
                    tile_name(tile, lang),
                )

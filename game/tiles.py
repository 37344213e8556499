"""Tiles and their notation (SPEC §1); their readable names are the display layer's (``words.tiles``).

A tile is a ``Tile`` member: an ``IntEnum`` whose value is its kind index. The 34 playing kinds use
the usual order (1m…9m, 1p…9p, 1s…9s, East South West North White Green Red = 0…33), so a hand is
also a list of 34 counts; bonus tiles follow (34…41) and the joker is 42.

Notation: digits followed by a suit letter, ``123m456p77z``; whitespace is ignored. ``m`` characters,
``p`` circles, ``s`` bamboo, ``z`` honours (1–4 winds E S W N, 5–7 dragons White Green Red), ``f``
flowers 1–4 and seasons 5–8, ``j`` the joker written ``0j``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from game.errors import InvalidNotation
from game.strict import short  # quotes the input cut short: it may be a page long


class Suit(enum.Enum):
    """The families of tiles, with their notation letter as value."""

    CHARACTERS = "m"
    CIRCLES = "p"
    BAMBOO = "s"
    HONOURS = "z"
    BONUS = "f"
    JOKER = "j"


class Tile(enum.IntEnum):
    """One kind of tile; the value is its index (0–33 playing tiles, 34–41 bonus, 42 joker)."""

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M9 = 8
    P1 = 9
    P2 = 10
    P3 = 11
    P4 = 12
    P5 = 13
    P6 = 14
    P7 = 15
    P8 = 16
    P9 = 17
    S1 = 18
    S2 = 19
    S3 = 20
    S4 = 21
    S5 = 22
    S6 = 23
    S7 = 24
    S8 = 25
    S9 = 26
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    WHITE = 31
    GREEN = 32
    RED = 33
    PLUM = 34
    ORCHID = 35
    CHRYSANTHEMUM = 36
    BAMBOO_FLOWER = 37
    SPRING = 38
    SUMMER = 39
    AUTUMN = 40
    WINTER = 41
    JOKER = 42

    # The properties read precomputed tables: they sit on hot paths (hand analysis, bots).
    @property
    def suit(self) -> Suit:
        return _SUIT[self]

    @property
    def number(self) -> int:
        """The digit of the notation: rank 1–9, honour 1–7, bonus 1–8, 0 for the joker."""
        return _NUMBER[self]

    @property
    def code(self) -> str:
        """The notation of this single tile, e.g. ``5p``."""
        return _CODE[self]

    @property
    def is_suited(self) -> bool:
        return self < 27

    @property
    def is_honour(self) -> bool:
        return 27 <= self < 34

    @property
    def is_wind(self) -> bool:
        return 27 <= self < 31

    @property
    def is_dragon(self) -> bool:
        return 31 <= self < 34

    @property
    def is_terminal(self) -> bool:
        return self < 27 and self % 9 in (0, 8)

    @property
    def is_terminal_or_honour(self) -> bool:
        return self.is_terminal or self.is_honour

    @property
    def is_bonus(self) -> bool:
        return 34 <= self < 42

    @property
    def is_flower(self) -> bool:
        return 34 <= self < 38

    @property
    def is_season(self) -> bool:
        return 38 <= self < 42

    @property
    def is_joker(self) -> bool:
        return self == 42

    @property
    def bonus_seat(self) -> int:
        """For a flower or season, the seat it belongs to (0 = East … 3 = North)."""
        if not self.is_bonus:
            raise ValueError(f"{self.code} is not a flower or a season")
        return (self - 34) % 4

    @classmethod
    def from_code(cls, code: str) -> Tile:
        """The tile written ``code`` (one ASCII digit and one suit letter); ``InvalidNotation`` for anything
        else, a string or not (``５p`` and ``²p`` are not tiles)."""
        tile = _BY_CODE.get(code.strip()) if isinstance(code, str) else None
        if tile is None:
            raise InvalidNotation(f"{short(code)} is not a tile (examples: 5p, 7z, 2f, 0j)")
        return tile

    def __repr__(self) -> str:
        return f"Tile.from_code({self.code!r})"

    def __str__(self) -> str:
        return self.code


PLAYING_TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(34))
BONUS_TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(34, 42))
WINDS: tuple[Tile, ...] = (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)
DRAGONS: tuple[Tile, ...] = (Tile.WHITE, Tile.GREEN, Tile.RED)
TERMINALS_AND_HONOURS: tuple[Tile, ...] = tuple(t for t in PLAYING_TILES if t.is_terminal_or_honour)
SUITED_SUITS: tuple[Suit, ...] = (Suit.CHARACTERS, Suit.CIRCLES, Suit.BAMBOO)

_SUIT_OF_LETTER = {suit.value: suit for suit in Suit}
_FIRST_INDEX = {Suit.CHARACTERS: 0, Suit.CIRCLES: 9, Suit.BAMBOO: 18, Suit.HONOURS: 27, Suit.BONUS: 34}
_DIGITS = {Suit.CHARACTERS: 9, Suit.CIRCLES: 9, Suit.BAMBOO: 9, Suit.HONOURS: 7, Suit.BONUS: 8}


def _suit_of(index: int) -> Suit:
    if index < 27:
        return SUITED_SUITS[index // 9]
    if index < 34:
        return Suit.HONOURS
    if index < 42:
        return Suit.BONUS
    return Suit.JOKER


_SUIT = {tile: _suit_of(tile) for tile in Tile}
_BY_INDEX: tuple[Tile, ...] = tuple(sorted(Tile))  # ``Tile(index)`` without the enum's lookup
_NUMBER = {tile: 0 if tile.is_joker else tile - _FIRST_INDEX[_SUIT[tile]] + 1 for tile in Tile}
_CODE = {tile: f"{_NUMBER[tile]}{_SUIT[tile].value}" for tile in Tile}
_BY_CODE = {code: tile for tile, code in _CODE.items()}


def wind_of_seat(seat: int) -> Tile:
    """The wind tile of a seat (0 = East … 3 = North)."""
    return WINDS[seat]


def parse_tiles(text: str) -> list[Tile]:
    """Parse compact notation (``123m456p77z``) into tiles, in the order written.

    Raises ``InvalidNotation`` naming the faulty part: a digit with no suit letter after it, a
    letter with no digits before it, or a digit that does not exist in its suit (``8z``, ``1j``).
    Digits are the ASCII ``0``–``9`` only: ``²``, ``①``, ``١`` and full-width ``５`` are refused,
    though Python's ``isdigit`` (and for some, ``int``) would take them.
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"tiles are written in notation such as '123m 77z', not {short(text)}")
    tiles: list[Tile] = []
    digits: list[str] = []
    for position, char in enumerate(text):
        if char.isspace():
            continue
        if char in _ASCII_DIGITS:
            digits.append(char)
            continue
        suit = _SUIT_OF_LETTER.get(char)
        if suit is None:
            raise InvalidNotation(
                f"unexpected {char!r} at position {position} in {short(text)}: tiles are digits 0-9 followed by "
                "m (characters), p (circles), s (bamboo), z (honours), f (flowers/seasons) or j (joker)"
            )
        if not digits:
            raise InvalidNotation(f"suit letter {char!r} at position {position} in {short(text)} has no digits")
        for digit in digits:
            tiles.append(_tile_of(_ASCII_DIGITS.index(digit), suit, text))
        digits.clear()
    if digits:
        raise InvalidNotation(f"{short(''.join(digits))} at the end of {short(text)} has no suit letter")
    return tiles


_ASCII_DIGITS = "0123456789"


def _tile_of(number: int, suit: Suit, text: str) -> Tile:
    if suit is Suit.JOKER:
        if number != 0:
            raise InvalidNotation(f"the joker is written 0j, not {number}j (in {short(text)})")
        return Tile.JOKER
    if not 1 <= number <= _DIGITS[suit]:
        raise InvalidNotation(
            f"there is no tile {number}{suit.value} (in {short(text)}): {suit.value} goes from 1 to {_DIGITS[suit]}"
        )
    return Tile(_FIRST_INDEX[suit] + number - 1)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Write tiles in compact notation, in the given order: consecutive tiles of a suit share its letter."""
    parts: list[str] = []
    run_letter = ""
    for tile in tiles:
        digit, letter = _WRITTEN[tile]
        if letter != run_letter:
            if run_letter:
                parts.append(run_letter)
            run_letter = letter
        parts.append(digit)
    if run_letter:
        parts.append(run_letter)
    return "".join(parts)


# each tile's digit and suit letter as written, by its index (every hand's document writes them)
_WRITTEN: tuple[tuple[str, str], ...] = tuple((str(_NUMBER[tile]), _SUIT[tile].value) for tile in sorted(Tile))


def sort_tiles(tiles: Iterable[Tile]) -> list[Tile]:
    """Tiles in the usual display order: characters, circles, bamboo, honours, bonus, jokers."""
    return sorted(tiles)


def counts34(tiles: Iterable[Tile]) -> list[int]:
    """The 34-count vector of the playing tiles among ``tiles`` (bonus tiles and jokers are ignored)."""
    counts = [0] * 34
    for tile in tiles:
        if tile < 34:
            counts[tile] += 1
    return counts


def tiles_of_counts(counts: Sequence[int]) -> list[Tile]:
    """The sorted tiles of a 34-count vector."""
    return [_BY_INDEX[index] for index, count in enumerate(counts) if count for _ in range(count)]


def full_set(*, jokers: bool = False) -> list[Tile]:
    """Every tile of the box: 4 of each playing kind, one of each bonus tile, 4 jokers if asked."""
    tiles = [tile for tile in PLAYING_TILES for _ in range(4)] + list(BONUS_TILES)
    if jokers:
        tiles += [Tile.JOKER] * 4
    return tiles

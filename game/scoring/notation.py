"""The one-line hand notation of the score calculators, read into a ``WinContext``.

``mahjong-bot score`` and Discord's ``/mahjong score`` take the same line, typed by people at a
physical table: ``234m [777z] (2222s) 456p 99s`` lists the concealed tiles (the winning tile among
them), ``[…]`` a set laid on the table (claimed) and ``(…)`` a concealed kong. The reading lives here,
in the engine, so that both front ends accept the same lines and say the same things about them.

What people type is untrusted: every fault raises ``NotationError``, whose ``reason`` (a phrase of
the ``engine`` catalog, key ``notation.…``) names the faulty part and quotes the input cut short,
whatever its length or its characters (``²m`` is not a tile, though ``'²'.isdigit()``).
"""

from __future__ import annotations

import re

from game.errors import InvalidHand, InvalidNotation
from game.hand import SetKind
from game.melds import Meld
from game.phrases import Phrase, PhraseParam, phrase
from game.strict import short
from game.tiles import WINDS, Suit, Tile, format_tiles
from game.win import WinContext

_WIND_LETTERS = {"E": 0, "S": 1, "W": 2, "O": 2, "N": 3}
_TOKEN = re.compile(r"\[[^\]]*\]|\([^)]*\)|[^\[\]()]+")
_BY_CODE = {tile.code: tile for tile in Tile}
_LETTERS = frozenset(suit.value for suit in Suit)
_DIGITS = "0123456789"

WINNING_TILE = phrase("notation.winning_tile")
SEAT_WIND = phrase("notation.seat_wind")
ROUND_WIND = phrase("notation.round_wind")


class NotationError(InvalidNotation):
    """Text that is not the hand notation; ``reason`` says why."""

    def __init__(self, reason: Phrase) -> None:
        super().__init__(str(reason))
        self.reason = reason


def read_tiles(text: str) -> list[Tile]:
    """The tiles of compact notation (``123m456p77z``, whitespace ignored), in the order written."""
    tiles: list[Tile] = []
    digits: list[str] = []
    for char in text:
        if char.isspace():
            continue
        if char in _DIGITS:
            digits.append(char)
            continue
        if char not in _LETTERS:
            raise NotationError(phrase("notation.unexpected_char", char=short(char), text=short(text)))
        if not digits:
            raise NotationError(phrase("notation.letter_without_digits", letter=repr(char), text=short(text)))
        tiles += [_tile(digit + char, text) for digit in digits]
        digits.clear()
    if digits:
        raise NotationError(phrase("notation.digits_without_letter", digits=short("".join(digits)), text=short(text)))
    return tiles


def _tile(code: str, text: str) -> Tile:
    tile = _BY_CODE.get(code)
    if tile is not None:
        return tile
    letter = code[-1]
    numbers = sorted(int(other[0]) for other in _BY_CODE if other[-1] == letter)
    if len(numbers) == 1:
        existing = phrase("notation.only_tile", letter=letter, tile=f"{numbers[0]}{letter}")
    else:
        existing = phrase("notation.tile_span", letter=letter, span=f"{numbers[0]}{letter}–{numbers[-1]}{letter}")
    raise NotationError(phrase("notation.no_such_tile", code=code, text=short(text), existing=existing))


def read_tile(text: str, what: PhraseParam) -> Tile:
    """Exactly one tile; ``what`` names it in the messages (``WINNING_TILE``, or a JSON field's name)."""
    tiles = read_tiles(text)
    if len(tiles) != 1:
        raise NotationError(phrase("notation.not_one_tile", what=what, text=short(text)))
    return tiles[0]


def read_wind(text: str, what: PhraseParam) -> int:
    """A wind as a seat number (0 = East … 3 = North): ``E S W N`` (``O`` for Ouest too) or ``1z``–``4z``."""
    letter = text.strip().upper()
    if letter in _WIND_LETTERS:
        return _WIND_LETTERS[letter]
    tile = _BY_CODE.get(text.strip())
    if tile in WINDS:
        return WINDS.index(tile)
    raise NotationError(phrase("notation.not_a_wind", what=what, text=short(text)))


def read_meld(text: str, *, exposed: bool) -> Meld:
    """A declared set: a claimed chow, pung or kong (``exposed``), or a concealed kong."""
    tiles = read_tiles(text)
    if len(tiles) not in (3, 4):
        raise NotationError(phrase("notation.set_size", text=short(text), size=len(tiles)))
    if any(tile.is_bonus for tile in tiles):
        raise NotationError(phrase("notation.bonus_in_set", text=short(text)))
    try:
        meld = Meld.from_tiles(tiles, exposed=exposed)
    except InvalidHand:
        # Size and bonus tiles are checked above: what is left is jokers alone, or no set shape.
        key = "notation.only_jokers" if all(tile is Tile.JOKER for tile in tiles) else "notation.not_a_set"
        raise NotationError(phrase(key, shown=repr(format_tiles(tiles)))) from None
    if not exposed and meld.kind is not SetKind.KONG:
        raise NotationError(phrase("notation.concealed_not_kong", text=short(text)))
    return meld


def read_hand(
    line: str,
    *,
    win: str | None = None,
    self_drawn: bool = False,
    seat: str = "E",
    round_wind: str = "E",
    bonus: str = "",
    last_tile: bool = False,
    kong_replacement: bool = False,
    double_kong_replacement: bool = False,
    robbing_kong: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
) -> WinContext:
    """The win the line describes. ``win`` is the winning tile (default: the last concealed tile
    written); ``seat`` and ``round_wind`` are winds as ``read_wind`` takes them; ``bonus`` the flowers
    and seasons held (``1f6f``). Whether the hand is a winning one is the scorer's question."""
    tokens = _TOKEN.findall(line)
    if "".join(tokens) != line:
        raise NotationError(phrase("notation.unbalanced", text=short(line)))
    concealed: list[Tile] = []
    melds: list[Meld] = []
    for token in tokens:
        if token.startswith("["):
            melds.append(read_meld(token[1:-1], exposed=True))
        elif token.startswith("("):
            melds.append(read_meld(token[1:-1], exposed=False))
        else:
            concealed += read_tiles(token)
    if not concealed:
        raise NotationError(phrase("notation.no_concealed_tiles"))
    return WinContext(
        concealed=tuple(concealed),
        melds=tuple(melds),
        winning_tile=read_tile(win, WINNING_TILE) if win else concealed[-1],
        self_drawn=self_drawn,
        seat=read_wind(seat, SEAT_WIND),
        round_wind=WINDS[read_wind(round_wind, ROUND_WIND)],
        bonus=tuple(read_tiles(bonus)),
        last_tile=last_tile,
        kong_replacement=kong_replacement,
        double_kong_replacement=double_kong_replacement,
        robbing_kong=robbing_kong,
        heavenly=heavenly,
        earthly=earthly,
    )

"""The one-line hand notation of the score calculators, read into a ``WinContext``.

``mahjong-bot score`` and Discord's ``/mahjong score`` take the same line, typed by people at a
physical table: ``234m [777z] (2222s) 456p 99s`` lists the concealed tiles (the winning tile among
them), ``[…]`` a set laid on the table (claimed) and ``(…)`` a concealed kong. The reading lives here,
in the engine, so that both front ends accept the same lines and say the same things about them.

What people type is untrusted: every fault raises ``NotationError``, which names the faulty part in
English and French and quotes the input cut short, whatever its length or its characters (``²m`` is
not a tile, though ``'²'.isdigit()``).
"""

from __future__ import annotations

import re

from game.errors import InvalidHand, InvalidNotation
from game.hand import SetKind
from game.melds import Meld
from game.scoring.common import Label
from game.strict import short
from game.tiles import WINDS, Suit, Tile
from game.win import WinContext

_WIND_LETTERS = {"E": 0, "S": 1, "W": 2, "O": 2, "N": 3}
_TOKEN = re.compile(r"\[[^\]]*\]|\([^)]*\)|[^\[\]()]+")
_BY_CODE = {tile.code: tile for tile in Tile}
_LETTERS = frozenset(suit.value for suit in Suit)
_DIGITS = "0123456789"

WINNING_TILE = Label("the winning tile", "la tuile gagnante")
SEAT_WIND = Label("the seat wind", "le vent du gagnant")
ROUND_WIND = Label("the prevailing wind", "le vent dominant")


class NotationError(InvalidNotation):
    """Text that is not the hand notation; ``label`` says why in English and French."""

    def __init__(self, en: str, fr: str) -> None:
        super().__init__(en)
        self.label = Label(en, fr)


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
            raise NotationError(
                f"unexpected {short(char)} in {short(text)}: tiles are digits followed by m (characters), "
                "p (circles), s (bamboo), z (honours), f (flowers/seasons) or j (joker)",
                f"caractère inattendu {short(char)} dans {short(text)} : une tuile s'écrit avec des chiffres "
                "suivis de m (caractères), p (cercles), s (bambous), z (honneurs), f (fleurs/saisons) ou j (joker)",
            )
        if not digits:
            raise NotationError(
                f"suit letter {char!r} in {short(text)} has no digits before it",
                f"la lettre de famille {char!r} dans {short(text)} n'a pas de chiffre devant elle",
            )
        tiles += [_tile(digit + char, text) for digit in digits]
        digits.clear()
    if digits:
        raise NotationError(
            f"{short(''.join(digits))} at the end of {short(text)} has no suit letter",
            f"{short(''.join(digits))} à la fin de {short(text)} n'a pas de lettre de famille",
        )
    return tiles


def _tile(code: str, text: str) -> Tile:
    tile = _BY_CODE.get(code)
    if tile is not None:
        return tile
    letter = code[-1]
    numbers = sorted(int(other[0]) for other in _BY_CODE if other[-1] == letter)
    if len(numbers) == 1:
        en, fr = f"the only {letter} tile is {numbers[0]}{letter}", f"la seule tuile {letter} est {numbers[0]}{letter}"
    else:
        span = f"{numbers[0]}{letter}–{numbers[-1]}{letter}"
        en, fr = f"the {letter} tiles are {span}", f"les tuiles {letter} sont {span}"
    raise NotationError(
        f"there is no tile {code} (in {short(text)}): {en}",
        f"la tuile {code} n'existe pas (dans {short(text)}) : {fr}",
    )


def read_tile(text: str, what: Label) -> Tile:
    """Exactly one tile; ``what`` names it in the messages (``the winning tile``)."""
    tiles = read_tiles(text)
    if len(tiles) != 1:
        raise NotationError(
            f"{what.en} is one tile, not {short(text)}", f"{what.fr} est une seule tuile, pas {short(text)}"
        )
    return tiles[0]


def read_wind(text: str, what: Label) -> int:
    """A wind as a seat number (0 = East … 3 = North): ``E S W N`` (``O`` for Ouest too) or ``1z``–``4z``."""
    letter = text.strip().upper()
    if letter in _WIND_LETTERS:
        return _WIND_LETTERS[letter]
    tile = _BY_CODE.get(text.strip())
    if tile in WINDS:
        return WINDS.index(tile)
    raise NotationError(
        f"{what.en} must be a wind, E, S, W or N (or 1z-4z), not {short(text)}",
        f"{what.fr} doit être un vent, E, S, O ou N (ou 1z-4z), pas {short(text)}",
    )


def read_meld(text: str, *, exposed: bool) -> Meld:
    """A declared set: a claimed chow, pung or kong (``exposed``), or a concealed kong."""
    tiles = read_tiles(text)
    if len(tiles) not in (3, 4):
        raise NotationError(
            f"a set has 3 or 4 tiles: {short(text)} has {len(tiles)}",
            f"une combinaison a 3 ou 4 tuiles : {short(text)} en a {len(tiles)}",
        )
    if any(tile.is_bonus for tile in tiles):
        raise NotationError(
            f"{short(text)}: flowers and seasons never make sets",
            f"{short(text)} : les fleurs et les saisons ne forment jamais de combinaison",
        )
    try:
        meld = Meld.from_tiles(tiles, exposed=exposed)
    except InvalidHand as error:
        raise NotationError(str(error), f"{short(text)} n'est ni un chow, ni un pung, ni un kong") from None
    if not exposed and meld.kind is not SetKind.KONG:
        raise NotationError(
            f"{short(text)}: only a kong is declared concealed; a concealed chow or pung stays among the "
            "concealed tiles",
            f"{short(text)} : seul un kong se déclare caché ; un chow ou un pung caché reste parmi les tuiles "
            "de la main",
        )
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
        raise NotationError(
            f"unbalanced brackets in {short(line)}: write exposed sets as [777z], concealed kongs as (1111m)",
            f"crochets ou parenthèses mal fermés dans {short(line)} : écrivez une combinaison posée [777z], "
            "un kong caché (1111m)",
        )
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
        raise NotationError(
            "the hand has no concealed tiles: the winning tile at least is among them",
            "la main n'a aucune tuile cachée : la tuile gagnante au moins en fait partie",
        )
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

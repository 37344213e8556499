"""What a seat (or the table's clock) can do: small frozen values with a text and a JSON form.

Text form, one action per line in records (``seat`` first, tiles in notation)::

    0 d 5p           Discard(0, 5p)
    0 win            DeclareWin(0)            mahjong on one's own tile
    0 ck 5p          ConcealedKong(0, 5p)
    0 ak 5p          AddedKong(0, 5p)
    2 c pung         Claim(2, PUNG)           also mahjong, kong; a chow names its lowest tile:
    1 c chow 3m      Claim(1, CHOW, 3m)
    3 p              Pass(3)
    0 call           Call(0)                  calling rule: one tile from winning
    close            CloseWindow()            the claim window's time is up

Draws, bonus-tile and kong replacements happen by themselves, so seed + actions replay a hand.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any

from game.errors import InvalidNotation
from game.strict import fields, integer, short
from game.tiles import Tile


class ClaimKind(enum.Enum):
    """What a seat may claim; the order of the members is the priority order."""

    MAHJONG = "mahjong"
    PUNG = "pung"
    KONG = "kong"
    CHOW = "chow"

    @property
    def priority(self) -> int:
        """0 beats 1 beats 2: mahjong > pung or kong > chow."""
        return _PRIORITY[self]


_PRIORITY = {ClaimKind.MAHJONG: 0, ClaimKind.PUNG: 1, ClaimKind.KONG: 1, ClaimKind.CHOW: 2}


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    tile: Tile

    def text(self) -> str:
        return f"{self.seat} d {self.tile.code}"


@dataclass(frozen=True, slots=True)
class DeclareWin:
    """Mahjong on a tile one drew (or on the dealt hand)."""

    seat: int

    def text(self) -> str:
        return f"{self.seat} win"


@dataclass(frozen=True, slots=True)
class ConcealedKong:
    seat: int
    tile: Tile

    def text(self) -> str:
        return f"{self.seat} ck {self.tile.code}"


@dataclass(frozen=True, slots=True)
class AddedKong:
    """The fourth tile laid onto one's exposed pung."""

    seat: int
    tile: Tile

    def text(self) -> str:
        return f"{self.seat} ak {self.tile.code}"


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim on the discard (or, for ``mahjong``, on a tile added to a kong).

    ``chow_base`` is the lowest tile of the chow, and None for every other kind.
    """

    seat: int
    kind: ClaimKind
    chow_base: Tile | None = None

    def __post_init__(self) -> None:
        if (self.kind is ClaimKind.CHOW) != (self.chow_base is not None):
            raise InvalidNotation("a chow claim names its lowest tile, and only a chow claim does")

    def text(self) -> str:
        if self.chow_base is not None:
            return f"{self.seat} c chow {self.chow_base.code}"
        return f"{self.seat} c {self.kind.value}"


@dataclass(frozen=True, slots=True)
class Pass:
    seat: int

    def text(self) -> str:
        return f"{self.seat} p"


@dataclass(frozen=True, slots=True)
class Call:
    """Announcing one tile from winning (calling rule); the seat then discards, staying ready."""

    seat: int

    def text(self) -> str:
        return f"{self.seat} call"


@dataclass(frozen=True, slots=True)
class CloseWindow:
    """The claim window's time is up: every seat that has not answered passes."""

    @property
    def seat(self) -> None:
        return None

    def text(self) -> str:
        return "close"


Action = Discard | DeclareWin | ConcealedKong | AddedKong | Claim | Pass | Call | CloseWindow


def parse_action(text: str) -> Action:
    """Read an action from its text form (see the module docstring); the seat is written in ASCII digits
    (``²`` or ``١`` are not seats, though ``str.isdigit`` says they are digits)."""
    if not isinstance(text, str):
        raise InvalidNotation(f"an action is text such as '0 d 5p', not {short(text)}")
    words = text.split()
    if words == ["close"]:
        return CloseWindow()
    if len(words) < 2 or not _SEAT.fullmatch(words[0]):
        raise InvalidNotation(f"{short(text)} is not an action: expected a seat then a verb, e.g. '0 d 5p'")
    seat = int(words[0])
    verb, rest = words[1], words[2:]
    if verb == "d" and len(rest) == 1:
        return Discard(seat, Tile.from_code(rest[0]))
    if verb == "ck" and len(rest) == 1:
        return ConcealedKong(seat, Tile.from_code(rest[0]))
    if verb == "ak" and len(rest) == 1:
        return AddedKong(seat, Tile.from_code(rest[0]))
    if verb == "win" and not rest:
        return DeclareWin(seat)
    if verb == "p" and not rest:
        return Pass(seat)
    if verb == "call" and not rest:
        return Call(seat)
    if verb == "c" and rest:
        kind = _claim_kind(rest[0], text)
        if kind is ClaimKind.CHOW and len(rest) == 2:
            return Claim(seat, kind, Tile.from_code(rest[1]))
        if kind is not ClaimKind.CHOW and len(rest) == 1:
            return Claim(seat, kind)
    raise InvalidNotation(
        f"{short(text)} is not an action (forms: d TILE, win, ck TILE, ak TILE, c KIND, p, call, close)"
    )


def _claim_kind(word: object, text: str) -> ClaimKind:
    kind = _CLAIM_KINDS.get(word) if isinstance(word, str) else None
    if kind is None:
        raise InvalidNotation(f"{short(word)} in {short(text)} is not a claim: mahjong, pung, kong or chow")
    return kind


_CLAIM_KINDS = {kind.value: kind for kind in ClaimKind}
_SEAT = re.compile(r"[0-9]{1,3}")  # ASCII digits: a seat is 0–3, and a long number is not a seat


_TYPE_NAMES: dict[type, str] = {
    Discard: "discard",
    DeclareWin: "win",
    ConcealedKong: "concealed_kong",
    AddedKong: "added_kong",
    Claim: "claim",
    Pass: "pass",
    Call: "call",
    CloseWindow: "close",
}


def check_action(action: object) -> Action:
    """``action`` itself if it is one of this module's actions with fields of the right types (a seat
    an ``int``, not a bool or a string; a tile a ``Tile``, not an int); else ``InvalidNotation``. The
    dataclasses do not check their fields, and ``Discard(True, 5)`` would compare equal to ``Discard(1, 5m)``."""
    if type(action) is CloseWindow:
        return action
    if type(action) not in _TYPE_NAMES or not isinstance(
        action, Discard | DeclareWin | ConcealedKong | AddedKong | Claim | Pass | Call
    ):
        raise InvalidNotation(f"{short(action)} is not an action")
    if type(action.seat) is not int:
        raise InvalidNotation(f"an action's seat is a whole number, not {short(action.seat)}")
    if isinstance(action, Discard | ConcealedKong | AddedKong) and type(action.tile) is not Tile:
        raise InvalidNotation(f"an action's tile is a Tile, not {short(action.tile)}")
    if isinstance(action, Claim):
        if type(action.kind) is not ClaimKind:
            raise InvalidNotation(f"a claim's kind is a ClaimKind, not {short(action.kind)}")
        if (action.kind is ClaimKind.CHOW) != (type(action.chow_base) is Tile):
            raise InvalidNotation("a chow claim names its lowest tile (a Tile), and only a chow claim does")
    return action


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form: ``{"type": "discard", "seat": 0, "tile": "5p"}``."""
    action = check_action(action)
    document: dict[str, Any] = {"type": _TYPE_NAMES[type(action)]}
    if action.seat is not None:
        document["seat"] = action.seat
    if isinstance(action, Discard | ConcealedKong | AddedKong):
        document["tile"] = action.tile.code
    if isinstance(action, Claim):
        document["kind"] = action.kind.value
        if action.chow_base is not None:
            document["chow_base"] = action.chow_base.code
    return document


_JSON_FIELDS: dict[str, tuple[str, ...]] = {
    "discard": ("seat", "tile"),
    "win": ("seat",),
    "concealed_kong": ("seat", "tile"),
    "added_kong": ("seat", "tile"),
    "claim": ("seat", "kind"),
    "pass": ("seat",),
    "call": ("seat",),
    "close": (),
}


def action_from_json(document: Any) -> Action:
    """The action ``action_to_json`` wrote; ``InvalidNotation`` for anything else (an unknown type, a
    missing or extra field, a seat that is not a whole number from 0, a tile that is not a tile code)."""
    if not isinstance(document, dict):
        raise InvalidNotation(f"an action is a JSON object, not {short(document)}")
    kind = document.get("type")
    required = _JSON_FIELDS.get(kind) if isinstance(kind, str) else None
    if required is None:
        raise InvalidNotation(f"unknown action type {short(kind)}")
    document = fields(document, f"a {kind} action", ("type", *required), ("chow_base",) if kind == "claim" else ())
    if kind == "close":
        return CloseWindow()
    seat = integer(document["seat"], "an action's seat", 0)
    if kind == "discard":
        return Discard(seat, Tile.from_code(document["tile"]))
    if kind == "concealed_kong":
        return ConcealedKong(seat, Tile.from_code(document["tile"]))
    if kind == "added_kong":
        return AddedKong(seat, Tile.from_code(document["tile"]))
    if kind == "claim":
        base = document.get("chow_base")
        return Claim(seat, _claim_kind(document["kind"], "a claim"), None if base is None else Tile.from_code(base))
    if kind == "win":
        return DeclareWin(seat)
    if kind == "pass":
        return Pass(seat)
    return Call(seat)

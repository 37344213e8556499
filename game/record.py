"""Serialising hands: the record that replays a hand, and the JSON codecs of the values in a state.

A ``HandRecord`` is all it takes to replay a hand exactly: the rule set, the seed, the dealer, the
prevailing wind and the actions in order. Its text form is a header line of JSON then one action
per line (``game.actions`` text form)::

    {"ruleset": {"name": "classic", ...}, "seed": 42, "dealer": 0, "round_wind": "1z"}
    0 d 7z
    1 p
    ...

``Round.record()`` makes one and ``Round.from_record(record)`` replays it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.actions import Action, parse_action
from game.errors import GameError, InvalidNotation
from game.hand import SetKind
from game.melds import Meld
from game.rules import Ruleset
from game.strict import MALFORMED, boolean, fields, integer, listed, short, text
from game.tiles import WINDS, Tile, format_tiles, parse_tiles
from game.win import WinContext


@dataclass(frozen=True, slots=True)
class HandRecord:
    ruleset: Ruleset
    seed: int
    dealer: int
    round_wind: Tile
    actions: tuple[Action, ...]

    def header(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset.to_document(),
            "seed": self.seed,
            "dealer": self.dealer,
            "round_wind": self.round_wind.code,
        }

    def to_text(self) -> str:
        lines = [json.dumps(self.header(), separators=(",", ":"))]
        lines += [action.text() for action in self.actions]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> HandRecord:
        if not isinstance(text, str):
            raise InvalidNotation(f"a hand record is text, not a {type(text).__name__}")
        lines = [line for line in text.splitlines() if line.strip()]
        if not lines:
            raise InvalidNotation("an empty text is not a hand record")
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError as error:
            raise InvalidNotation(f"the first line of a hand record is JSON: {error}") from None
        except MALFORMED as error:  # nested too deep, a number too long
            raise InvalidNotation(f"a hand record header is unusable JSON ({type(error).__name__})") from None
        return cls.from_header(header, [parse_action(line) for line in lines[1:]])

    @classmethod
    def from_header(cls, header: Any, actions: Sequence[Action]) -> HandRecord:
        header = fields(header, "a hand record header", ("ruleset", "seed", "dealer", "round_wind"))
        rules = Ruleset.from_document(header["ruleset"])
        return cls(
            ruleset=rules,
            seed=integer(header["seed"], "the seed"),
            dealer=integer(header["dealer"], "the dealer", 0, rules.players - 1),
            round_wind=wind_from_code(header["round_wind"]),
            actions=tuple(actions),
        )


def wind_from_code(code: Any) -> Tile:
    if not isinstance(code, str):
        raise InvalidNotation(f"a wind is written 1z–4z, not {short(code)}")
    tile = Tile.from_code(code)
    if tile not in WINDS:
        raise InvalidNotation(f"{short(code)} is not a wind")
    return tile


def tiles_from_text(notation: Any) -> tuple[Tile, ...]:
    if not isinstance(notation, str):
        raise InvalidNotation(f"tiles are written in notation, not {short(notation)}")
    return tuple(parse_tiles(notation))


def tile_from_code(code: Any, what: str = "a tile") -> Tile:
    return Tile.from_code(text(code, what))


def tile_or_none(code: Any) -> Tile | None:
    return None if code is None else tile_from_code(code)


def meld_to_json(meld: Meld) -> dict[str, Any]:
    document: dict[str, Any] = {"kind": meld.kind.value, "base": meld.base.code, "exposed": meld.exposed}
    if meld.claimed_from is not None:
        document["from"] = meld.claimed_from
    if meld.joker_slots:
        document["jokers"] = list(meld.joker_slots)
    if meld.added:
        document["added"] = True
    return document


_SET_KINDS = {kind.value: kind for kind in SetKind}


def meld_from_json(document: Any, players: int = 4) -> Meld:
    """A declared set as ``meld_to_json`` writes it (``from`` a seat below ``players``); strict types."""
    document = fields(document, "a declared set", ("kind", "base", "exposed"), ("from", "jokers", "added"))
    kind = _SET_KINDS.get(text(document["kind"], "a set's kind"))
    if kind is None:
        raise InvalidNotation(f"a set is a chow, a pung or a kong, not {short(document['kind'])}")
    claimed_from = document.get("from")
    jokers = listed(document.get("jokers", []), "a set's joker positions")
    try:
        return Meld(
            kind=kind,
            base=tile_from_code(document["base"], "a set's tile"),
            exposed=boolean(document["exposed"], "a set's exposed flag"),
            claimed_from=None if claimed_from is None else integer(claimed_from, "a set's seat", 0, players - 1),
            joker_slots=tuple(integer(slot, "a joker position", 0, 3) for slot in jokers),
            added=boolean(document.get("added", False), "a set's added flag"),
        )
    except InvalidNotation:
        raise
    except GameError as error:  # InvalidHand: no chow starts there, too many jokers …
        raise InvalidNotation(f"{short(document)} is not a declared set: {error}") from None


_WIN_FLAGS = ("last_tile", "kong_replacement", "double_kong_replacement", "robbing_kong", "heavenly", "earthly")


def win_to_json(win: WinContext) -> dict[str, Any]:
    document: dict[str, Any] = {
        "concealed": format_tiles(win.concealed),
        "melds": [meld_to_json(meld) for meld in win.melds],
        "winning_tile": win.winning_tile.code,
        "self_drawn": win.self_drawn,
        "seat": win.seat,
        "round_wind": win.round_wind.code,
        "bonus": format_tiles(win.bonus),
    }
    for flag in _WIN_FLAGS:
        if getattr(win, flag):
            document[flag] = True
    return document


_WIN_FIELDS = ("concealed", "melds", "winning_tile", "self_drawn", "seat", "round_wind", "bonus")


def win_from_json(document: Any) -> WinContext:
    """A win as ``win_to_json`` writes it; strict types (``"false"`` is not a flag, ``1.0`` not a seat)."""
    document = fields(document, "a win description", _WIN_FIELDS, _WIN_FLAGS)
    return WinContext(
        concealed=tiles_from_text(document["concealed"]),
        melds=tuple(meld_from_json(meld) for meld in listed(document["melds"], "a win's sets")),
        winning_tile=tile_from_code(document["winning_tile"], "the winning tile"),
        self_drawn=boolean(document["self_drawn"], "a win's self_drawn flag"),
        seat=integer(document["seat"], "a win's seat wind", 0, len(WINDS) - 1),
        round_wind=wind_from_code(document["round_wind"]),
        bonus=tiles_from_text(document["bonus"]),
        **{flag: boolean(document.get(flag, False), f"a win's {flag} flag") for flag in _WIN_FLAGS},
    )

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
from game.errors import InvalidNotation
from game.hand import SetKind
from game.melds import Meld
from game.rules import Ruleset
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
        lines = [line for line in text.splitlines() if line.strip()]
        if not lines:
            raise InvalidNotation("an empty text is not a hand record")
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError as error:
            raise InvalidNotation(f"the first line of a hand record is JSON: {error}") from None
        return cls.from_header(header, [parse_action(line) for line in lines[1:]])

    @classmethod
    def from_header(cls, header: Any, actions: Sequence[Action]) -> HandRecord:
        if not isinstance(header, dict):
            raise InvalidNotation(f"a hand record header is an object, not {header!r}")
        seed, dealer = header.get("seed"), header.get("dealer")
        if not isinstance(seed, int) or not isinstance(dealer, int):
            raise InvalidNotation(f"a hand record needs an integer seed and dealer: {header!r}")
        return cls(
            ruleset=Ruleset.from_document(header.get("ruleset")),
            seed=seed,
            dealer=dealer,
            round_wind=wind_from_code(header.get("round_wind")),
            actions=tuple(actions),
        )


def wind_from_code(code: Any) -> Tile:
    if not isinstance(code, str):
        raise InvalidNotation(f"a wind is written 1z–4z, not {code!r}")
    tile = Tile.from_code(code)
    if tile not in WINDS:
        raise InvalidNotation(f"{code!r} is not a wind")
    return tile


def tiles_from_text(text: Any) -> tuple[Tile, ...]:
    if not isinstance(text, str):
        raise InvalidNotation(f"tiles are written in notation, not {text!r}")
    return tuple(parse_tiles(text))


def tile_or_none(code: Any) -> Tile | None:
    return None if code is None else Tile.from_code(str(code))


def meld_to_json(meld: Meld) -> dict[str, Any]:
    document: dict[str, Any] = {"kind": meld.kind.value, "base": meld.base.code, "exposed": meld.exposed}
    if meld.claimed_from is not None:
        document["from"] = meld.claimed_from
    if meld.joker_slots:
        document["jokers"] = list(meld.joker_slots)
    if meld.added:
        document["added"] = True
    return document


def meld_from_json(document: Any) -> Meld:
    try:
        return Meld(
            kind=SetKind(document["kind"]),
            base=Tile.from_code(document["base"]),
            exposed=bool(document["exposed"]),
            claimed_from=document.get("from"),
            joker_slots=tuple(int(slot) for slot in document.get("jokers", ())),
            added=bool(document.get("added", False)),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise InvalidNotation(f"{document!r} is not a declared set: {error}") from None


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


def win_from_json(document: Any) -> WinContext:
    try:
        return WinContext(
            concealed=tiles_from_text(document["concealed"]),
            melds=tuple(meld_from_json(meld) for meld in document["melds"]),
            winning_tile=Tile.from_code(document["winning_tile"]),
            self_drawn=bool(document["self_drawn"]),
            seat=int(document["seat"]),
            round_wind=wind_from_code(document["round_wind"]),
            bonus=tiles_from_text(document["bonus"]),
            **{flag: bool(document.get(flag, False)) for flag in _WIN_FLAGS},
        )
    except (KeyError, TypeError, AttributeError) as error:
        raise InvalidNotation(f"{document!r} is not a win description: {error}") from None

"""Custom ids of the table's buttons (SPEC §4.3): ``mj1:{table}:{step}:{verb}[:{n}]``.

``mj1`` is the versioned prefix, ``table`` the table's id, ``step`` the decision point the button was
drawn for (see ``core.tables.state``), ``verb`` what it does and ``n`` a small number: the slot of a
tile in the hand as numbered on the image, or the rank of a choice among the legal ones. No custom
id names a tile, so none reveals a concealed one. They are parsed as untrusted input: anything that
is not exactly this shape is refused with ``BadCustomId``.

This is the Discord vocabulary of the table: ``move_of`` turns a button into the surface-neutral
``Move`` the service takes (``core.tables.moves``), and ``button_for`` a move back into its button. The
buttons that only show something (a private hand, the rules, a result's details) are no move, nor is the
one that launches the Discord Activity on the table (``launch``, on the lobby and the table message).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, get_args

from core.tables.moves import Lobby, LobbyVerb, Move, Play, PlayVerb

PREFIX = "mj1:"  # written here only: the bot routes a click by it (bot.app, bot.tables.discord_views)
TABLE_ID = re.compile(r"[a-z0-9]{8}")

Verb = Literal[
    # lobby
    "join",
    "leave",
    "addcpu",
    "start",
    "cancel",
    "first",
    # table message
    "hand",
    "claim",
    "rules",
    "next",
    "detail",
    "launch",
    # a player's own hand message
    "d",
    "kong",
    "win",
    "call",
    "hint",
    "c",
    "p",
    "back",
    "auto",
]
VERBS: frozenset[str] = frozenset(get_args(Verb))
_LOBBY_MOVES: dict[Verb, LobbyVerb] = {
    "join": "join", "leave": "leave", "addcpu": "add_computer", "first": "choose_first", "start": "start",
    "cancel": "cancel",
}  # fmt: skip
_PLAY_MOVES: dict[Verb, PlayVerb] = {
    "d": "discard", "kong": "kong", "win": "win", "call": "call", "c": "claim", "p": "pass", "next": "next",
    "back": "back", "auto": "standing",
}  # fmt: skip
_BUTTONS: dict[str, Verb] = {move: verb for verb, move in (*_LOBBY_MOVES.items(), *_PLAY_MOVES.items())}
_TAKES_NUMBER = frozenset({"d", "kong", "c", "first", "auto"})
_PATTERN = re.compile(re.escape(PREFIX) + r"([a-z0-9]{8}):(0|[1-9][0-9]{0,6}):([a-z]{1,6})(?::(0|[1-9][0-9]?))?")


class BadCustomId(ValueError):
    """A custom id that is not one of the table's buttons."""


@dataclass(frozen=True, slots=True)
class ButtonId:
    table: str
    step: int
    verb: Verb
    number: int | None = None

    def __post_init__(self) -> None:
        if not TABLE_ID.fullmatch(self.table):
            raise BadCustomId(f"not a table id: {self.table!r}")
        if self.verb not in VERBS or (self.number is not None) != (self.verb in _TAKES_NUMBER):
            raise BadCustomId(f"not a button: {self.verb!r} {self.number!r}")

    def text(self) -> str:
        tail = "" if self.number is None else f":{self.number}"
        return f"{PREFIX}{self.table}:{self.step}:{self.verb}{tail}"

    def move(self) -> Move | None:
        """The move this button makes; None for a button that only shows something."""
        if self.verb in _LOBBY_MOVES:
            return Lobby(_LOBBY_MOVES[self.verb], self.number)
        if self.verb in _PLAY_MOVES:
            return Play(_PLAY_MOVES[self.verb], self.step, self.number)
        return None


def button_for(table_id: str, step: int, move: Move) -> ButtonId:
    """The button that makes ``move`` at the table's ``step`` (the inverse of ``ButtonId.move``)."""
    return ButtonId(table_id, step if isinstance(move, Lobby) else move.step, _BUTTONS[move.verb], move.number)


def parse_custom_id(text: str) -> ButtonId:
    """The button a custom id names; ``BadCustomId`` for anything else (forged, truncated, too long)."""
    if not isinstance(text, str) or len(text) > 100 or not text.isascii():
        raise BadCustomId("not a table button")
    found = _PATTERN.fullmatch(text)
    if found is None:
        raise BadCustomId("not a table button")
    table, step, verb, number = found.groups()
    if verb not in VERBS:
        raise BadCustomId(f"unknown button {verb!r}")
    return ButtonId(table, int(step), verb, None if number is None else int(number))  # type: ignore[arg-type]  # checked above

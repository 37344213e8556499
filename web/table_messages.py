"""What a table page may say over its socket (SPEC §7; docs/table-page.md, "The wire"), read as untrusted input.

Each message is one JSON object of at most ``MESSAGE_LIMIT`` bytes (the socket refuses a longer one
itself), whose ``type`` says which: ``hello`` (the Activity's session, first and once), ``move`` (one of
the frame's actions, with its step), ``standing`` (a standing choice turned on or off), ``hint`` or
``name`` (the player's pseudonym). They are
msgspec structures as the API's bodies are (``web.bodies``): every field typed and bounded, nothing
coerced, an unknown field refused. ``read`` answers a message or raises ``Garbled`` with the refusal's
key and words.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, get_args

import msgspec
from msgspec import UNSET, Meta, UnsetType

from web.errors import Said, shown_field

MESSAGE_LIMIT = 1024
"""The largest message a page sends, in bytes (a move is some 80)."""

Action = Literal[
    "discard",
    "chow",
    "pung",
    "kong",
    "mahjong",
    "pass",
    "call",
    "back",
    "join",
    "leave",
    "add-computer",
    "start",
    "cancel",
    "first",
    "next-hand",
]
"""The frame's actions a page may send as moves (``core.tables.frame.FRAME_ACTIONS`` but ``hint``, which
is asked for by a message of its own, ``HintMessage``)."""
ACTIONS: frozenset[str] = frozenset(get_args(Action))
Tiles = Annotated[str, Meta(pattern=r"\A[1-9mpszfj]{1,16}\Z")]
"""Tiles as a frame's action names them, in SPEC §1's notation (a few faces at most)."""
Step = Annotated[int, Meta(ge=0, lt=1 << 31)]


class Hello(msgspec.Struct, tag_field="type", tag="hello", forbid_unknown_fields=True, frozen=True):
    """The Activity's session (``web.activity``), and the instance the page runs in when it says."""

    session: Annotated[str, Meta(min_length=1, max_length=600)]
    instance: Annotated[str, Meta(min_length=1, max_length=100)] | UnsetType = UNSET


class MoveMessage(msgspec.Struct, tag_field="type", tag="move", forbid_unknown_fields=True, frozen=True):
    """One of the frame's actions as it offered it (``tiles``, ``seat`` where it had them) and its step."""

    action: Action
    step: Step | UnsetType = UNSET
    tiles: Tiles | UnsetType = UNSET
    seat: Literal["E", "S", "W", "N"] | UnsetType = UNSET

    def fields(self) -> dict[str, Any]:
        """The message as ``core.tables.frame.move_of`` reads it."""
        sent = {"action": self.action, "step": self.step, "tiles": self.tiles, "seat": self.seat}
        return {name: value for name, value in sent.items() if value is not UNSET}


class StandingMessage(msgspec.Struct, tag_field="type", tag="standing", forbid_unknown_fields=True, frozen=True):
    """A standing choice turned on or off (``core.tables.state.STANDING``)."""

    choice: Literal["auto_win", "no_calls", "auto_discard"]

    def fields(self) -> dict[str, Any]:
        return {"action": "standing", "choice": self.choice}


class HintMessage(msgspec.Struct, tag_field="type", tag="hint", forbid_unknown_fields=True, frozen=True):
    """The page's Hint pressed at ``step``: answered ``{"type": "hint", "step": …, "tiles": face}`` to that
    socket alone (``core.tables.frame.hint_of``), as Discord's Hint button answers its member."""

    step: Step


class Ping(msgspec.Struct, tag_field="type", tag="ping", forbid_unknown_fields=True, frozen=True):
    """The page asking whether its socket still carries: answered ``{"type": "pong"}`` to that socket,
    by anyone (a watcher too). A browser's script sees no WebSocket ping frames, so a page that heard
    nothing for a while asks this way, and finds a silent network within SPEC §7.1's 30 seconds."""


class NameMessage(msgspec.Struct, tag_field="type", tag="name", forbid_unknown_fields=True, frozen=True):
    """The page's pseudonym form (SPEC §7.1): the player's pseudonym (null: the neutral name again), set
    as ``POST /api/name`` sets it, and their seat renamed while the table is in its lobby; answered
    ``{"type": "name", "name": stored, "editable": true}`` to that socket alone."""

    name: Annotated[str, Meta(max_length=100)] | None


Message = Hello | MoveMessage | StandingMessage | HintMessage | NameMessage | Ping
_DECODER = msgspec.json.Decoder(Message)
_NAMED: tuple[tuple[str, str], ...] = (
    ("Object contains unknown field `", "unknown_field"),
    ("Object missing required field `", "missing_field"),
)
_AT_FIELD = " - at `$."


class Garbled(Exception):
    """A message that is none of the page's: its refusal's key and words."""

    def __init__(self, error: str, said: Said) -> None:
        super().__init__(error)
        self.error = error
        self.said = said


def read(raw: str | bytes) -> Message:
    """The message ``raw`` says, or ``Garbled``: ``bad_json`` for no JSON object or an unknown ``type``,
    ``unknown_field``, ``missing_field`` or ``bad_field`` naming the field."""
    try:
        return _DECODER.decode(raw)
    except msgspec.ValidationError as error:
        raise _garbled(str(error)) from None
    except msgspec.DecodeError:
        raise Garbled("bad_json", Said("web", "error.bad_json")) from None


def _garbled(message: str) -> Garbled:
    for prefix, error in _NAMED:
        if message.startswith(prefix) and message.endswith("`"):
            name = message[len(prefix) : -1]
            return Garbled(error, Said("web", f"error.{error}", {"field": shown_field(name)}))
    _, at, place = message.rpartition(_AT_FIELD)
    name = re.split(r"[.\[`]", place, maxsplit=1)[0] if at else ""
    if not name or name == "type":  # no object, or none of the page's messages
        return Garbled("bad_json", Said("web", "error.bad_json"))
    return Garbled("bad_field", Said("web", "error.bad_field", {"field": shown_field(name)}))

"""A member's solitaire game as the live state keeps it: who, which deal, the engine's game, its step.

Each member has one daily and one free slot per server, under ``solitaire:{guild}:{member}:{kind}``,
so a game left open is found again from any command or button, in any process. The engine's game is
stored as its own document (seed, start, timed events) and rebuilt by replaying it, so a stored game
only ever holds what the rules allowed. ``step`` counts the accepted actions: components carry the
step they were drawn for, and one from an older state is refused as no longer current.

``shown`` says whether the game's board has reached its player: the clock starts then, once (SPEC §3);
a board read again before the first move does not start it again. A document written before the field
existed is taken as shown.

``recorded`` says whether the ledger has the game's result: a game is over and unrecorded between the
write that ends it and the ledger's write; whoever reads it next records it (the ledger keeps a result
once under the game's id).

``from_document`` treats its input as untrusted and raises ``SolitaireDocumentError`` for anything
that is not exactly such a document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from core.documents import DocumentReader
from data.solitaire_ledger import KINDS, Kind
from game.errors import InvalidNotation
from game.solitaire.game import Game

DOCUMENT_VERSION = 1
GAME_ID = re.compile(r"[a-z0-9]{8}")
_KEYS = ("version", "id", "guild", "member", "name", "kind", "day", "game", "step", "recorded", "shown")
_KEYS_BEFORE_SHOWN = tuple(key for key in _KEYS if key != "shown")


class SolitaireDocumentError(ValueError):
    """A stored document that is not a solitaire game."""


_reader = DocumentReader(SolitaireDocumentError)
_TEXT = 100  # the longest id, name or day a game keeps


SLOT_PREFIX = "solitaire:"
_SLOT_KEY = re.compile(rf"solitaire:(-?[0-9]+):([0-9]+):({'|'.join(KINDS)})")


def slot_key(guild_id: int, member_id: int, kind: Kind) -> str:
    return f"{SLOT_PREFIX}{guild_id}:{member_id}:{kind}"


def parse_slot_key(key: str) -> tuple[int, int, Kind] | None:
    """The server, member and kind of a game's key (``slot_key``); None for a key of another shape."""
    match = _SLOT_KEY.fullmatch(key)
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2)), _kind(match.group(3))


@dataclass(frozen=True, slots=True)
class SolitaireState:
    """``name`` is the member's server display name when the game began (the ledger's fallback name);
    ``day`` the UTC date of a daily deal (None in free play)."""

    id: str
    guild_id: int
    member_id: int
    name: str
    kind: Kind
    day: date | None
    game: Game
    step: int = 0
    recorded: bool = False
    shown: bool = False

    def __post_init__(self) -> None:
        if not GAME_ID.fullmatch(self.id):
            raise SolitaireDocumentError(f"not a game id: {self.id!r}")
        if self.kind not in KINDS or (self.kind == "daily") != (self.day is not None):
            raise SolitaireDocumentError("a daily game has its day, a free one none")

    @property
    def key(self) -> str:
        return slot_key(self.guild_id, self.member_id, self.kind)

    @property
    def pending(self) -> bool:
        """Over, and the ledger does not have it yet."""
        return self.game.over and not self.recorded

    def to_document(self) -> dict[str, Any]:
        return {
            "version": DOCUMENT_VERSION,
            "id": self.id,
            "guild": self.guild_id,
            "member": self.member_id,
            "name": self.name,
            "kind": self.kind,
            "day": None if self.day is None else self.day.isoformat(),
            "game": self.game.to_document(),
            "step": self.step,
            "recorded": self.recorded,
            "shown": self.shown,
        }

    @classmethod
    def from_document(cls, document: Any) -> SolitaireState:
        if not isinstance(document, dict) or document.get("version") != DOCUMENT_VERSION:
            raise SolitaireDocumentError(f"not a solitaire game document of version {DOCUMENT_VERSION}")
        if sorted(document) not in (sorted(_KEYS), sorted(_KEYS_BEFORE_SHOWN)):
            raise SolitaireDocumentError(f"a solitaire game document has exactly the fields {', '.join(_KEYS)}")
        try:
            game = Game.from_document(document["game"])
            iso_day = _reader.optional_text(document["day"], _TEXT, shortest=1)
            day = None if iso_day is None else date.fromisoformat(iso_day)
        except (InvalidNotation, ValueError) as error:
            raise SolitaireDocumentError(f"malformed solitaire game: {error}") from None
        return cls(
            id=_reader.text(document["id"], _TEXT, shortest=1),
            guild_id=_reader.integer(document["guild"], low=0),
            member_id=_reader.integer(document["member"], low=0),
            name=_reader.text(document["name"], _TEXT, shortest=1),
            kind=_kind(document["kind"]),
            day=day,
            game=game,
            step=_reader.integer(document["step"], low=0),
            recorded=_reader.boolean(document["recorded"]),
            shown=_reader.boolean(document.get("shown", True)),
        )


def _kind(value: Any) -> Kind:
    for kind in KINDS:
        if value == kind:
            return kind
    raise SolitaireDocumentError(f"unknown kind of game {value!r}")

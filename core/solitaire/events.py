"""What a solitaire game's committed change tells its subscribers (``core.events``): ``SolitaireChanged``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from core.solitaire.state import SolitaireState
from data.solitaire_ledger import KINDS, Kind


@dataclass(frozen=True, slots=True)
class SolitaireChanged:
    """A member's solitaire game, changed: its slot (server, member, kind), the game and its new version
    and step, whether it is over. ``state`` as in ``TableChanged``: in the process that made it only."""

    guild_id: int
    member_id: int
    kind: Kind
    game_id: str
    version: int
    step: int
    over: bool
    state: SolitaireState | None = field(default=None, compare=False, repr=False)

    KIND: ClassVar[str] = "solitaire"

    def to_document(self) -> dict[str, Any]:
        return {
            "kind": self.KIND,
            "guild": self.guild_id,
            "member": self.member_id,
            "slot": self.kind,
            "game": self.game_id,
            "version": self.version,
            "step": self.step,
            "over": self.over,
        }

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> SolitaireChanged:
        kind = document["slot"]
        if kind not in KINDS:
            raise ValueError(f"not a solitaire kind: {kind!r}")
        return cls(
            guild_id=int(document["guild"]),
            member_id=int(document["member"]),
            kind=kind,
            game_id=str(document["game"]),
            version=int(document["version"]),
            step=int(document["step"]),
            over=bool(document["over"]),
        )

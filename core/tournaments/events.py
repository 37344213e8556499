"""What a tournament's committed change tells its subscribers (``core.events``): ``TournamentChanged``.

Every write of a tournament publishes one: a sign-up, a check-in, the start, a table opened or ended, a
round moved on, a pause, the end. A surface follows it to keep what it shows in step (Discord's sign-up
post, a round's tables as threads, the standings after a round, the podium): it reads the tournament
again for what it needs (``state`` rides along in the process that made the change only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from core.tournaments.tournament import Tournament


@dataclass(frozen=True, slots=True)
class TournamentChanged:
    """A tournament changed: which one, of which server, its new version."""

    tournament_id: str
    guild_id: int
    version: int
    state: Tournament | None = field(default=None, compare=False, repr=False)

    KIND: ClassVar[str] = "tournament"

    def to_document(self) -> dict[str, Any]:
        return {"kind": self.KIND, "tournament": self.tournament_id, "guild": self.guild_id, "version": self.version}

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> TournamentChanged:
        return cls(
            tournament_id=str(document["tournament"]),
            guild_id=int(document["guild"]),
            version=int(document["version"]),
        )

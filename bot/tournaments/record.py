"""Where a tournament lives on Discord: the Discord surface's own record beside the tournament (which holds
only what the core needs), ``discord-tournament:{id}`` in the live store.

It holds the channel the tournament was created in (its round tables open as threads there), its sign-up
post, and what has been posted once and must never be posted twice: the standings after each round (the
last round posted) and the podium. A post is claimed with compare-and-set before it is sent, so two
processes hearing the same change, or a process restarted after a round ended, post it once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from core.compare_and_set import retried
from data.live import LiveStore

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class DiscordTournament:
    channel_id: int
    message_id: int | None = None  # the sign-up post, once sent
    standings_round: int = 0  # the last round whose standings were posted
    podium: bool = False  # the final standings posted

    def to_document(self) -> dict[str, Any]:
        return {
            "channel": self.channel_id,
            "message": self.message_id,
            "standings": self.standings_round,
            "podium": self.podium,
        }

    @classmethod
    def from_document(cls, document: Any) -> DiscordTournament | None:
        """The record a stored document names; None, and a warning, for a damaged one."""
        if isinstance(document, dict):
            channel, message = document.get("channel"), document.get("message")
            standings, podium = document.get("standings"), document.get("podium")
            if (
                type(channel) is int
                and (message is None or type(message) is int)
                and type(standings) is int
                and type(podium) is bool
            ):
                return cls(channel, message, standings, podium)
        log.warning("a tournament's place on Discord is damaged: %r", document)
        return None


def record_key(tournament_id: str) -> str:
    return f"discord-tournament:{tournament_id}"


class DiscordTournaments:
    def __init__(self, store: LiveStore) -> None:
        self._store = store

    async def of(self, tournament_id: str) -> DiscordTournament | None:
        found = await self._store.read(record_key(tournament_id))
        return None if found is None else DiscordTournament.from_document(found.document)

    async def record(self, tournament_id: str, place: DiscordTournament) -> None:
        """The tournament lives at ``place`` (its channel, and its sign-up post once sent)."""
        await self._change(tournament_id, lambda current: replace(current or place, message_id=place.message_id))

    async def claim_standings(self, tournament_id: str, round_number: int) -> bool:
        """Whether this caller is the one to post the standings after ``round_number`` (none posted them)."""
        return await self._claim(
            tournament_id,
            lambda current: current.standings_round < round_number,
            lambda current: replace(current, standings_round=round_number),
        )

    async def claim_podium(self, tournament_id: str) -> bool:
        """Whether this caller is the one to post the final standings."""
        return await self._claim(
            tournament_id, lambda current: not current.podium, lambda current: replace(current, podium=True)
        )

    async def _claim(
        self,
        tournament_id: str,
        due: Callable[[DiscordTournament], bool],
        claimed: Callable[[DiscordTournament], DiscordTournament],
    ) -> bool:
        key = record_key(tournament_id)

        async def attempt() -> bool | None:
            found = await self._store.read(key)
            current = None if found is None else DiscordTournament.from_document(found.document)
            if found is None or current is None or not due(current):
                return False
            written = await self._store.write(key, found.version, claimed(current).to_document())
            return None if written is None else True

        return await retried(attempt, "busy")

    async def _change(
        self, tournament_id: str, change: Callable[[DiscordTournament | None], DiscordTournament]
    ) -> None:
        key = record_key(tournament_id)

        async def attempt() -> bool | None:
            found = await self._store.read(key)
            if found is None:
                return True if await self._store.create(key, change(None).to_document()) else None
            changed = change(DiscordTournament.from_document(found.document)).to_document()
            return True if await self._store.write(key, found.version, changed) is not None else None

        await retried(attempt, "busy")

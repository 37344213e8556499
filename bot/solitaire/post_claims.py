"""Who posts a server's daily deal in Discord, and whether it was posted: the Discord surface's own record,
one live-store key per server and day, shared by every process of the bot.

``claim`` makes one process the poster of a server's day, before anything is sent: the key is created only
if absent, so of two processes the one that created it posts and the other skips. A claim never marked
posted (its process died) is taken over once it is ``POST_CLAIM_SECONDS`` old (``late``): the new poster
first looks for the day's post in the channel, since its process may have died after posting. The claims
of days long past are dropped as new ones are made.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any, Literal

from data.live import LiveStore

POST_CLAIM_SECONDS = 600.0
"""A daily post claimed and not marked posted for this long was lost with its process: another may post."""
PostClaim = Literal["first", "late"]


def post_key(guild_id: int, day: date) -> str:
    return f"solitaire-post:{guild_id}:{day.isoformat()}"


class PostClaims:
    def __init__(self, store: LiveStore, clock: Callable[[], float]) -> None:
        self._store = store
        self._clock = clock

    async def claim(self, guild_id: int, day: date, holder: str) -> PostClaim | None:
        """Whether this process is the one to post ``day``'s deal on this server: ``first`` when it created
        the day's key, ``late`` when it takes over a claim left unmarked for ``POST_CLAIM_SECONDS`` (its
        process may have died before or after posting: look in the channel first), None otherwise."""
        key = post_key(guild_id, day)
        now = self._clock()
        document: dict[str, Any] = {"holder": holder, "claimed_at": now, "message": None}
        if await self._store.create(key, document):
            await self._forget(guild_id, day - timedelta(days=2))
            return "first"
        found = await self._store.read(key)
        if found is None or found.document.get("message") is not None:
            return None
        claimed_at = found.document.get("claimed_at")
        if not isinstance(claimed_at, int | float) or now - claimed_at < POST_CLAIM_SECONDS:
            return None
        return "late" if await self._store.write(key, found.version, document) is not None else None

    async def posted(self, guild_id: int, day: date, message_id: int) -> None:
        """Mark the day's post as made (it will not be made again, whoever looks)."""
        key = post_key(guild_id, day)
        found = await self._store.read(key)
        if found is not None:
            await self._store.write(key, found.version, {**found.document, "message": message_id})

    async def _forget(self, guild_id: int, day: date) -> None:
        """The claim of a day long past is not needed any more."""
        key = post_key(guild_id, day)
        found = await self._store.read(key)
        if found is not None:
            await self._store.delete(key, found.version)

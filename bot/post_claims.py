"""Who makes a post that must be made once, and whether it was: the Discord surface's own record, one
live-store key per post, shared by every process of the bot (the daily solitaire post, a season's end).

``claim`` makes one process the poster before anything is sent: the key is created only if absent, so of
two processes the one that created it posts and the other skips. A claim never marked posted (its process
died) is taken over once it is ``POST_CLAIM_SECONDS`` old (``late``): the new poster first looks for the
post in the channel, since its process may have died after posting. ``forget`` drops a claim no longer
needed (a post long past), so the keys do not pile up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from data.live import LiveStore

POST_CLAIM_SECONDS = 600.0
"""A post claimed and not marked posted for this long was lost with its process: another may post."""
Claim = Literal["first", "late"]


class Claims:
    def __init__(self, store: LiveStore, clock: Callable[[], float]) -> None:
        self._store = store
        self._clock = clock

    async def claim(self, key: str, holder: str) -> Claim | None:
        """Whether this process is the one to make the post ``key`` names: ``first`` when it created the
        key, ``late`` when it takes over a claim left unmarked for ``POST_CLAIM_SECONDS`` (its process may
        have died before or after posting: look in the channel first), None otherwise."""
        now = self._clock()
        document: dict[str, Any] = {"holder": holder, "claimed_at": now, "message": None}
        if await self._store.create(key, document):
            return "first"
        found = await self._store.read(key)
        if found is None or found.document.get("message") is not None:
            return None
        claimed_at = found.document.get("claimed_at")
        if not isinstance(claimed_at, int | float) or now - claimed_at < POST_CLAIM_SECONDS:
            return None
        return "late" if await self._store.write(key, found.version, document) is not None else None

    async def posted(self, key: str, message_id: int) -> None:
        """Mark the post as made (it will not be made again, whoever looks)."""
        found = await self._store.read(key)
        if found is not None:
            await self._store.write(key, found.version, {**found.document, "message": message_id})

    async def forget(self, key: str) -> None:
        """Drop a claim no longer needed."""
        found = await self._store.read(key)
        if found is not None:
            await self._store.delete(key, found.version)

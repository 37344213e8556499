"""Who posts a server's daily deal in Discord, and whether it was posted: one claim (``bot.post_claims``) per
server and day. The claims of days long past are dropped as new ones are made.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

from bot.post_claims import POST_CLAIM_SECONDS, Claim, Claims
from data.live import LiveStore

__all__ = ["POST_CLAIM_SECONDS", "PostClaim", "PostClaims", "post_key"]
PostClaim = Claim


def post_key(guild_id: int, day: date) -> str:
    return f"solitaire-post:{guild_id}:{day.isoformat()}"


class PostClaims:
    def __init__(self, store: LiveStore, clock: Callable[[], float]) -> None:
        self._claims = Claims(store, clock)

    async def claim(self, guild_id: int, day: date, holder: str) -> PostClaim | None:
        """Whether this process is the one to post ``day``'s deal on this server (``Claims.claim``)."""
        claimed = await self._claims.claim(post_key(guild_id, day), holder)
        if claimed == "first":
            await self._claims.forget(post_key(guild_id, day - timedelta(days=2)))
        return claimed

    async def posted(self, guild_id: int, day: date, message_id: int) -> None:
        """Mark the day's post as made (it will not be made again, whoever looks)."""
        await self._claims.posted(post_key(guild_id, day), message_id)

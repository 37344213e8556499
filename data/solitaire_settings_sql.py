"""The part of the solitaire's ledger both backends keep with the same SQL: members' pseudonyms and the
servers' daily-post channels, written once with ``?`` placeholders (PostgreSQL's ledger numbers them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from data.solitaire_ledger import check_pseudonym

Row = tuple[Any, ...]


class SolitaireSettingsSql:
    """Pseudonyms and post channels, over a backend's ``_all`` (rows of a read) and ``_execute`` (one
    changing statement)."""

    async def _all(self, sql: str, parameters: Sequence[Any]) -> list[Row]:
        raise NotImplementedError

    async def _execute(self, sql: str, parameters: Sequence[Any]) -> None:
        raise NotImplementedError

    async def set_pseudonym(self, guild_id: int, member_id: int, name: str | None) -> None:
        if name is None:
            await self._execute(
                "DELETE FROM solitaire_pseudonyms WHERE guild_id = ? AND member_id = ?", (guild_id, member_id)
            )
            return
        await self._execute(
            "INSERT INTO solitaire_pseudonyms (guild_id, member_id, name) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, member_id) DO UPDATE SET name = excluded.name",
            (guild_id, member_id, check_pseudonym(name)),
        )

    async def pseudonym(self, guild_id: int, member_id: int) -> str | None:
        rows = await self._all(
            "SELECT name FROM solitaire_pseudonyms WHERE guild_id = ? AND member_id = ?", (guild_id, member_id)
        )
        return str(rows[0][0]) if rows else None

    async def set_post_channel(self, guild_id: int, channel_id: int | None) -> None:
        if channel_id is None:
            await self._execute("DELETE FROM solitaire_post_channels WHERE guild_id = ?", (guild_id,))
            return
        await self._execute(
            "INSERT INTO solitaire_post_channels (guild_id, channel_id) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id",
            (guild_id, channel_id),
        )

    async def post_channel(self, guild_id: int) -> int | None:
        rows = await self._all("SELECT channel_id FROM solitaire_post_channels WHERE guild_id = ?", (guild_id,))
        return int(rows[0][0]) if rows else None

    async def post_channels(self) -> list[tuple[int, int]]:
        rows = await self._all("SELECT guild_id, channel_id FROM solitaire_post_channels ORDER BY guild_id", ())
        return [(int(guild), int(channel)) for guild, channel in rows]

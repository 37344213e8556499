"""The part of the solitaire's ledger both backends keep alike: a result recorded exactly once, members'
pseudonyms and the servers' daily-post channels, the SQL written once with ``?`` placeholders
(PostgreSQL's ledger numbers them).

A pseudonym is compared with the server's others by reading them all (a server's pseudonyms are a few
hundred names at most) rather than by a stored skeleton: a skeleton is Unicode's data of the day, which
a newer ``confusables.txt`` changes, and names kept before the rule may already resemble one another."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from typing import Any

from data.ledger import LedgerConflict
from data.solitaire_ledger import SolitaireResult, check_pseudonym, refuse_lookalike

Row = tuple[Any, ...]
Statement = tuple[str, Sequence[Any]]

_SET_PSEUDONYM = (
    "INSERT INTO solitaire_pseudonyms (guild_id, member_id, name) VALUES (?, ?, ?)"
    " ON CONFLICT (guild_id, member_id) DO UPDATE SET name = excluded.name"
)


def json_text(value: Any) -> str:
    """Canonical JSON (sorted keys), so one document is always the same text."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, sort_keys=True, separators=(",", ":"))


class SolitaireSql:
    """Results, pseudonyms and post channels, over a backend's ``_insert`` (a result's row, only if its
    id is new: True if it was), ``result`` (one result by its id), ``_all`` (rows of a read),
    ``_execute`` (one changing statement) and ``_write_checked`` (a read, a check of its rows, a
    write, as one).

    Exactly once: a result's id is the live game's, so a completion written again after a crash finds
    its id taken and is compared with the stored result, to tell a replay (nothing to do) from a conflict."""

    async def _insert(self, result: SolitaireResult) -> bool:
        raise NotImplementedError

    async def result(self, result_id: str) -> SolitaireResult | None:
        raise NotImplementedError

    async def _all(self, sql: str, parameters: Sequence[Any]) -> list[Row]:
        raise NotImplementedError

    async def _execute(self, sql: str, parameters: Sequence[Any]) -> None:
        raise NotImplementedError

    async def _write_checked(self, read: Statement, check: Callable[[list[Row]], None], write: Statement) -> None:
        """``write`` unless ``check`` raises on the rows of ``read``, in one transaction that runs as if
        alone: no other write comes between what was read and what is written."""
        raise NotImplementedError

    async def record(self, result: SolitaireResult) -> bool:
        if await self._insert(result):
            return True
        stored = await self.result(result.result_id)
        # as the ledger gives a result back: its game through JSON, its moves a tuple
        expected = dataclasses.replace(result, game=json.loads(json_text(result.game)), moves=tuple(result.moves))
        if stored != expected:
            raise LedgerConflict(f"solitaire result {result.result_id} is already recorded with other contents")
        return False

    async def set_pseudonym(self, guild_id: int, member_id: int, name: str | None, *, copied: bool = False) -> None:
        if name is None:
            await self._execute(
                "DELETE FROM solitaire_pseudonyms WHERE guild_id = ? AND member_id = ?", (guild_id, member_id)
            )
            return
        checked = check_pseudonym(name)
        if copied:
            await self._execute(_SET_PSEUDONYM, (guild_id, member_id, checked))
            return
        await self._write_checked(
            ("SELECT name FROM solitaire_pseudonyms WHERE guild_id = ? AND member_id <> ?", (guild_id, member_id)),
            lambda rows: refuse_lookalike(checked, (str(other) for (other,) in rows)),
            (_SET_PSEUDONYM, (guild_id, member_id, checked)),
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

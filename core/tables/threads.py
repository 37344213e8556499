"""Which table a Discord thread or channel holds: the part of the Discord surface's record
(``bot.tables.places``) that the page reads too, when the Activity signs in where a table lives.

``thread:{thread}`` names the table a thread holds: a table opened in a new thread is that thread's only
table. ``channel-table:{channel}`` names a table in a channel that is not its thread: the table opened
there without a thread (where threads cannot be made, or ``/mahjong new`` was sent in a thread), or the
one whose Activity button was pressed last in the channel it was opened from (the ``/mahjong new``
answer, or the table message of a table without a thread). A channel may hold several tables; the
newest of these wins, as Discord keeps one Activity instance a channel for everybody in it. Neither key
carries a store deadline, and both go when their table goes (another table's are kept).

Both are written by the Discord surface alone; ``table_in`` reads them for anyone (the Activity's sign-in
in ``web.activity``), which is why they live in the core: the page imports nothing of the Discord surface.
"""

from __future__ import annotations

from data.live import LiveStore


def thread_key(thread_id: int) -> str:
    return f"thread:{thread_id}"


def channel_key(channel_id: int) -> str:
    return f"channel-table:{channel_id}"


async def table_named(store: LiveStore, key: str) -> str | None:
    """The table a thread's or a channel's key names, if any."""
    found = await store.read(key)
    table_id = None if found is None else found.document.get("table")
    return table_id if isinstance(table_id, str) else None


async def table_of_thread(store: LiveStore, thread_id: int) -> str | None:
    """The table a thread holds, if it holds one."""
    return await table_named(store, thread_key(thread_id))


async def table_in(store: LiveStore, channel_id: int) -> str | None:
    """The table an Activity launched in ``channel_id`` opens: the thread's table, else the channel's."""
    return await table_of_thread(store, channel_id) or await table_named(store, channel_key(channel_id))

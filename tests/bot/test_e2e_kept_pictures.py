"""A picture a message already shows is kept, not uploaded again: the table message between a discard
and the next, a private hand that a change elsewhere left as it was. Played through clicks by four
members against the fake Discord, which keeps an attachment an edit lists by id."""

from __future__ import annotations

import itertools
import random

import pytest

from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import World, play_one_move, running_bot, start_members_table, table_state
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

NAMES = [("Alice", "en-US"), ("Bob", "fr"), ("Chloé", "fr"), ("Dan", "en-GB")]


def versions(message) -> list[tuple[int, ...]]:
    """The attachment ids of each version of a message, oldest first."""
    shown = [tuple(attachment_id for attachment_id, _ in before["attachments"]) for before in message.history]
    return [*shown, tuple(attachment.id for attachment in message.attachments)]


async def test_pictures_unchanged_by_a_change_are_kept_and_changed_ones_uploaded(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = [fake.add_member(guild, name=name, locale=locale) for name, locale in NAMES]
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store, first_seed=3000) as bot:
                world = World(fake, bot, store, guild, members)
                table, table_id = await start_members_table(
                    fake, members, guild.text_channel, {"rules": "hongkong", "length": "one_hand"}
                )
                rng = random.Random(5)
                for _ in range(40):
                    await play_one_move(world, table_id, table, rng)
                assert (await table_state(store, table_id)).status == "playing"
                await fake.wait_idle(quiet=0.2)
                attachments = fake.world.attachments
                messages = [table, *(m for m in fake.channel_messages(fake.threads[-1].id, ephemeral=True))]
                kept = uploaded = 0
                for message in messages:
                    shown = [ids for ids in versions(message) if ids]
                    assert all(len(ids) == 1 for ids in shown), message  # the picture never goes missing
                    for before, after in itertools.pairwise(shown):
                        if before == after:
                            kept += 1
                        else:
                            uploaded += 1
                            # an upload is a picture that changed: never the bytes the message showed
                            assert attachments[before[0]].data != attachments[after[0]].data
                assert kept > 10 and uploaded > 10, (kept, uploaded)
                table_versions = [ids for ids in versions(table) if ids]
                assert len(set(table_versions)) < len(table_versions)  # the table kept its picture too
                assert fake.violations == []
        finally:
            await store.close()

"""Members of several languages at one table, end to end: each reads their own hand in their Discord
locale's language (French, Traditional Chinese; zh-CN members read the Traditional Chinese too), while
the table's public message follows the server: its language setting, else its own locale."""

from __future__ import annotations

import random
import re

import discord
import pytest

from data.live_sqlite import SqliteLiveStore
from game.tiles import SUITED_SUITS, Tile
from tests.bot.e2e_helpers import World, play_one_move, running_bot, start_members_table, table_state
from tests.fakediscord import FakeDiscord
from tests.fakediscord.messages import walk_components
from words import LANGS
from words.tiles import tile_label

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

MANAGE = discord.Permissions(manage_guild=True).value
# Each member, their Discord locale, and the catalog they must read.
MEMBERS = [("Mei", "zh-TW", "zh_TW"), ("Zoé", "fr", "fr"), ("Bob", "en-US", "en"), ("Wen", "zh-CN", "zh_TW")]
CHINESE = re.compile(r"[\u4e00-\u9fff]")


def _labels(language: str) -> set[str]:
    """The suited tiles' signs in one language only (the honours' may be shared: E, Joker)."""
    mine = {tile_label(tile, language) for tile in Tile if tile.suit in SUITED_SUITS}
    others = {
        tile_label(tile, other) for tile in Tile if tile.suit in SUITED_SUITS for other in LANGS if other != language
    }
    return mine - others


def _tile_buttons(message) -> list[str]:
    """The signs on a hand message's tile buttons ("3 · 五筒" → "五筒")."""
    return [
        component["label"].split(" · ", 1)[1]
        for component in walk_components(message.components)
        if component.get("type") == 2 and ":d:" in component.get("custom_id", "")
    ]


async def _played_table(fake, bot, guild, members, store, channel) -> tuple[object, str]:
    table, table_id = await start_members_table(fake, members, channel, {"rules": "hongkong", "length": "one_hand"})
    world = World(fake, bot, store, guild, members)
    rng = random.Random(11)
    for _ in range(10):  # every member opens their hand message on their turn
        if (await table_state(store, table_id)).status != "playing":
            break
        await play_one_move(world, table_id, table, rng)
    await fake.wait_idle(quiet=0.2)
    return table, table_id


async def test_each_member_reads_their_hand_in_their_language_and_the_table_speaks_the_servers(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="香港麻雀會", locale="zh-TW")
        members = [fake.add_member(guild, name=name, locale=locale) for name, locale, _ in MEMBERS]
        admin = fake.add_member(guild, name="Ada", permissions=MANAGE, locale="en-US")
        store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
        try:
            async with running_bot(fake, store, database_path=str(tmp_path / "ledger.sqlite3"), first_seed=4100) as bot:
                # No language set: the server's own locale, Traditional Chinese, for the public table.
                table, table_id = await _played_table(fake, bot, guild, members, store, guild.text_channel)
                assert (await table_state(store, table_id)).settings.lang == "zh_TW"
                assert CHINESE.search(table.text()) and "香港" in table.text(), table.text()
                hands = fake.channel_messages(fake.threads[-1].id, ephemeral=True)
                for member, (_, _, language) in zip(members, MEMBERS, strict=True):
                    own = [hand for hand in hands if hand.visible_to == member.id and _tile_buttons(hand)]
                    assert own, f"{member.name} never opened their hand"
                    for hand in own:
                        signs = set(_tile_buttons(hand))
                        suited = {sign for sign in signs if sign in set().union(*(_labels(lang) for lang in LANGS))}
                        assert suited and suited <= _labels(language), (member.name, signs)
                        assert bool(CHINESE.search(hand.text())) == (language == "zh_TW"), (member.name, hand.text())

                # The server chooses French: the next table speaks French in public, the hands stay each
                # member's own.
                config = await fake.slash(admin, guild.text_channel, "mahjong config", {"lang": "fr"})
                await config.wait_done()
                assert config.response.ephemeral
                table, table_id = await _played_table(fake, bot, guild, members, store, guild.text_channel)
                assert (await table_state(store, table_id)).settings.lang == "fr"
                assert "Hong Kong" in table.text() and not CHINESE.search(table.text()), table.text()
                hands = fake.channel_messages(fake.threads[-1].id, ephemeral=True)
                mei = [hand for hand in hands if hand.visible_to == members[0].id and _tile_buttons(hand)]
                assert mei and all(set(_tile_buttons(hand)) & _labels("zh_TW") for hand in mei)
                assert fake.violations == []
        finally:
            await store.close()

"""End to end through the fake Discord: ``/mahjong config`` is checked on the server (a member without
Manage Server who sends it anyway is refused and nothing is stored), values out of range are refused
with a message naming the range, ``/mahjong new`` follows what an admin set (rules, speed, deadlines,
channels, computers, language), the settings survive a restart, and ``/mahjong mentions`` opts out."""

from __future__ import annotations

import discord
import pytest

from data.ledger import GuildSettings
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import running_bot, table_id_of, table_state
from tests.fakediscord import CommandInputError, FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

MANAGE = discord.Permissions(manage_guild=True).value


async def _slash(fake, who, channel, command, options=None):
    interaction = await fake.slash(who, channel, command, options or {})
    await interaction.wait_done()
    return interaction


async def _stored(path, guild_id):
    ledger = await SqliteLedger.open(path)
    try:
        return await ledger.guild_settings(guild_id)
    finally:
        await ledger.close()


async def _mentions(path, guild_id, member_id):
    ledger = await SqliteLedger.open(path)
    try:
        return await ledger.member_mentions(guild_id, member_id)
    finally:
        await ledger.close()


async def test_config_is_for_manage_server_and_new_tables_follow_it(tmp_path):
    database = str(tmp_path / "bot.sqlite3")
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        tables = fake.add_channel(guild, "tables")
        admin = fake.add_member(guild, name="Ada", permissions=MANAGE)
        member = fake.add_member(guild, name="Bob")
        store = await SqliteLiveStore.open(database)
        try:
            async with running_bot(fake, store, database_path=database):
                command = next(c for c in fake.commands if c["name"] == "mahjong")
                assert {option["name"] for option in command["options"]} >= {"config", "mentions"}

                # a member without Manage Server sends the command anyway: refused, nothing stored
                refused = await _slash(
                    fake, member, guild.text_channel, "mahjong config", {"rules": "hongkong", "computers": False}
                )
                assert refused.response.ephemeral
                assert "Manage Server" in refused.response.text()
                assert await _stored(database, guild.id) == GuildSettings()

                # no option: the settings shown, unchanged
                shown = await _slash(fake, admin, guild.text_channel, "mahjong config")
                assert shown.response.ephemeral and "Classic" in shown.response.text()
                assert "any channel" in shown.response.text()

                # the admin sets the defaults and a table channel: saved and shown back
                done = await _slash(
                    fake,
                    admin,
                    guild.text_channel,
                    "mahjong config",
                    {"rules": "hongkong", "speed": "async", "turn_minutes": 90, "claim_seconds": 45, "channel": tables},
                )
                text = done.response.text()
                assert done.response.ephemeral and text.startswith("Saved.")
                assert "Hong Kong" in text and "asynchronous" in text and "1.5 h" in text and "45 s" in text
                assert f"<#{tables.id}>" in text
                settings = await _stored(database, guild.id)
                assert settings == GuildSettings(
                    default_rules="hongkong",
                    default_speed="async",
                    turn_seconds=5400.0,
                    claim_seconds=45.0,
                    table_channels=(tables.id,),
                )

                # out of range: Discord's client refuses it, and a request that gets past a client is
                # refused by the bot with the range, nothing changed
                with pytest.raises(CommandInputError):
                    await fake.slash(admin, guild.text_channel, "mahjong config", {"turn_minutes": 0})
                forged = await _forged_config(fake, admin, guild.text_channel, {"turn_minutes": 0})
                assert "turn_minutes must be between 1 and 10080, not 0" in forged.response.text()
                assert "Nothing was changed" in forged.response.text()
                forged = await _forged_config(fake, admin, guild.text_channel, {"claim_seconds": 10**6})
                assert "claim_seconds must be between 5 and 86400" in forged.response.text()
                assert await _stored(database, guild.id) == settings

                # a table outside the listed channels: refused privately, naming the channel
                elsewhere = await _slash(fake, member, guild.text_channel, "mahjong new")
                assert elsewhere.response.ephemeral
                assert f"<#{tables.id}>" in elsewhere.response.text()
                assert fake.threads == []

                # no options in the listed channel: a Hong Kong table, asynchronous, with the server's deadlines
                opened = await _slash(fake, member, tables, "mahjong new")
                lobby = fake.channel_messages(fake.threads[-1].id)[-1]
                assert "Hong Kong" in lobby.text()
                state = await table_state(store, table_id_of(lobby))
                assert state.settings.rules.name == "hongkong" and state.settings.speed == "async"
                assert (state.settings.timing.turn, state.settings.timing.claim) == (5400.0, 45.0)
                assert state.settings.lang == "en"
                assert opened.response.ephemeral

                # computer seats forbidden: the option and the lobby's button are both refused
                await _slash(fake, admin, guild.text_channel, "mahjong config", {"computers": False, "lang": "fr"})
                no_cpu = await _slash(fake, admin, tables, "mahjong new", {"computers": 2})
                assert no_cpu.response.ephemeral and "not allowed" in no_cpu.response.text()
                add = lobby.button(label="Add computer").custom_id
                clicked = await fake.click(member, lobby, add)
                await clicked.wait_done()
                assert any("not allowed" in message.text() for message in clicked.followups)
                assert all(seat.computer is None for seat in (await table_state(store, state.id)).seats)

                # the public language set to French: the next lobby is in French (the host writes English)
                await _slash(fake, admin, tables, "mahjong new", {"rules": "classic"})
                french = fake.channel_messages(fake.threads[-1].id)[-1]
                assert "Table de mahjong" in french.text()

                # a member opts out of mentions
                off = await _slash(fake, member, tables, "mahjong mentions", {"state": "off"})
                assert off.response.ephemeral and "not be mentioned" in off.response.text()
                assert await _mentions(database, guild.id, member.id) is False
                assert await _mentions(database, guild.id, admin.id) is True

            saved = await _stored(database, guild.id)
            async with running_bot(fake, store, database_path=database):
                again = await _slash(fake, admin, guild.text_channel, "mahjong config")
                text = again.response.text()
                assert "Hong Kong" in text and "not allowed" in text and "French" in text
                assert f"<#{tables.id}>" in text

                # clearing the list: tables may open anywhere again
                cleared = await _slash(fake, admin, guild.text_channel, "mahjong config", {"clear_channels": True})
                assert "any channel" in cleared.response.text()
            assert saved.lang == "fr" and saved.computers_allowed is False
            assert (await _stored(database, guild.id)).table_channels == ()
        finally:
            await store.close()
        assert fake.violations == []


async def _forged_config(fake, who, channel, options):
    """``/mahjong config`` as a modified client could send it: option values the real client would
    refuse, built from the synced command without the fake's client-side checks."""
    command = fake.registry.find("mahjong", channel.guild_id, 1)
    sub = next(option for option in command["options"] if option["name"] == "config")
    data = {
        "id": command["id"],
        "name": "mahjong",
        "type": 1,
        "options": [
            {
                "name": "config",
                "type": sub["type"],
                "options": [
                    {"name": name, "type": next(o["type"] for o in sub["options"] if o["name"] == name), "value": value}
                    for name, value in options.items()
                ],
            },
        ],
    }
    interaction = await fake._interact(2, who, channel, data, name="mahjong config")
    await interaction.wait_done()
    return interaction


async def test_the_servers_table_options_fill_what_a_new_table_leaves_out(tmp_path):
    database = str(tmp_path / "bot.sqlite3")
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        admin = fake.add_member(guild, name="Ada", permissions=MANAGE, locale="fr")
        store = await SqliteLiveStore.open(database)
        try:
            async with running_bot(fake, store, database_path=database):
                done = await _slash(
                    fake,
                    admin,
                    guild.text_channel,
                    "mahjong config",
                    {
                        "rules": "hongkong",
                        "length": "one_hand",
                        "level": "basic",
                        "hints": False,
                        "hide_claims": True,
                        "seven_pairs": True,
                        "minimum_fan": 1,
                        "idle_hours": 48,
                    },
                )
                text = done.response.text()
                assert done.response.ephemeral and "une main" in text and "basic" in text and "48 h" in text
                assert "Minimum Hong Kong : 1" in text and "Conseils : non" in text
                assert (await _stored(database, guild.id)).default_minimum_fan == 1

                await _slash(fake, admin, guild.text_channel, "mahjong new", {"computers": 1})
                state = await table_state(store, table_id_of(fake.channel_messages(fake.threads[-1].id)[-1]))
                rules = state.settings.rules
                assert (rules.name, rules.length, rules.seven_pairs, rules.minimum_fan) == (
                    "hongkong",
                    "one_hand",
                    True,
                    1,
                )
                assert (state.settings.computer_level, state.settings.hints, state.settings.hide_claims) == (
                    "basic",
                    False,
                    True,
                )
                assert state.settings.timing.idle == 48 * 3600.0
                assert state.seats[1].computer == "basic"

                # the member's own choices win; a classic table does not take the Hong Kong minimum
                await _slash(
                    fake,
                    admin,
                    guild.text_channel,
                    "mahjong new",
                    {"rules": "classic", "length": "one_wind", "level": "teacher", "hints": True, "seven_pairs": False},
                )
                state = await table_state(store, table_id_of(fake.channel_messages(fake.threads[-1].id)[-1]))
                rules = state.settings.rules
                assert (rules.name, rules.length, rules.seven_pairs) == ("classic", "one_wind", False)
                assert (state.settings.computer_level, state.settings.hints) == ("teacher", True)

                # a learners' table gives way to no server default: its claim windows wait, so none is hidden
                await _slash(fake, admin, guild.text_channel, "mahjong new", {"learners": True})
                lobby = fake.channel_messages(fake.threads[-1].id)[-1]
                state = await table_state(store, table_id_of(lobby))
                assert (state.settings.learners, state.settings.hide_claims) == (True, False)
                assert "learners' table: claims wait for you" in lobby.text()  # the server's language
                threads = len(fake.threads)
                refused = await _slash(
                    fake, admin, guild.text_channel, "mahjong new", {"learners": True, "hide_claims": True}
                )
                assert "ne peut pas cacher ses fenêtres de prise" in refused.response.text()
                assert len(fake.threads) == threads

                # "the rules' own" length again
                await _slash(fake, admin, guild.text_channel, "mahjong config", {"length": "rules"})
                assert (await _stored(database, guild.id)).default_length is None
        finally:
            await store.close()
        assert fake.violations == []

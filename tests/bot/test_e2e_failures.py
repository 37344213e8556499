"""Errors in one place (issue 21): a command or a component that fails is logged at ERROR with its name
(a command's, or the component's custom id) and its traceback, and the member is told privately, in
their language, that nothing was done; a store that cannot be reached is said so. Nothing hides a
failure from the log."""

from __future__ import annotations

import logging

import pytest

from data.live import StoreUnavailable
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import running_bot, table_id_of, wait_until
from tests.fakediscord import FakeDiscord
from words.messages import say

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]


async def test_a_failing_command_is_logged_with_its_name_and_told_privately_in_the_members_language(
    tmp_path, monkeypatch, caplog
):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        claire = fake.add_member(guild, name="Claire", locale="fr")
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store, database_path=str(tmp_path / "bot.sqlite3")) as bot:
                ledger = bot._services.ledger

                async def broken(*args, **kwargs):
                    raise RuntimeError("a bug in the ledger")

                monkeypatch.setattr(ledger, "matches", broken)
                with caplog.at_level(logging.ERROR, logger="bot.failures"):
                    asked = await fake.slash(claire, guild.text_channel, "mahjong history", {})
                    await asked.wait_done()
                assert asked.response.ephemeral and asked.response.text() == say("command_failed", "fr")
                [logged] = [record for record in caplog.records if "mahjong history" in record.getMessage()]
                assert logged.levelno == logging.ERROR and logged.exc_info and "a bug" in str(logged.exc_info[1])

                async def unreachable(*args, **kwargs):
                    raise StoreUnavailable("the ledger file is locked")

                monkeypatch.setattr(ledger, "guild_settings", unreachable)
                caplog.clear()
                with caplog.at_level(logging.ERROR, logger="bot.failures"):
                    opened = await fake.slash(claire, guild.text_channel, "mahjong new", {"rules": "classic"})
                    await opened.wait_done()
                assert opened.response.ephemeral and opened.response.text() == say("store_down", "fr")
                assert any(
                    "mahjong new" in record.getMessage() and record.levelno == logging.ERROR
                    for record in caplog.records
                )
                assert fake.violations == []
        finally:
            await store.close()


async def test_a_failing_component_is_logged_with_its_custom_id(tmp_path, monkeypatch, caplog):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        host, guest = fake.add_member(guild, name="Host"), fake.add_member(guild, name="Guest", locale="fr")
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store) as bot:
                opened = await fake.slash(host, guild.text_channel, "mahjong new", {"rules": "classic"})
                await opened.wait_done()
                lobby = fake.channel_messages(fake.threads[-1].id)[-1]
                join = f"mj1:{table_id_of(lobby)}:0:join"

                async def broken(*args, **kwargs):
                    raise RuntimeError("a bug in the service")

                monkeypatch.setattr(bot.table_messages._service, "act", broken)
                with caplog.at_level(logging.ERROR, logger="bot.failures"):
                    clicked = await fake.click(guest, lobby, join)
                    await clicked.wait_done()
                assert clicked.followups[-1].ephemeral and clicked.followups[-1].text() == say("internal_error", "fr")
                [logged] = [record for record in caplog.records if join in record.getMessage()]
                assert logged.levelno == logging.ERROR and logged.exc_info
        finally:
            await store.close()


async def test_a_click_acknowledged_too_late_is_one_warning_line_without_a_traceback(tmp_path, caplog):
    async with FakeDiscord(ack_limit=0.0) as fake:  # every acknowledgement arrives after the limit
        guild = fake.add_guild(name="Club")
        ana = fake.add_member(guild, name="Ana")
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store, database_path=str(tmp_path / "bot.sqlite3")):
                with caplog.at_level(logging.WARNING, logger="bot.failures"):
                    await fake.slash(ana, guild.text_channel, "mahjong new", {"rules": "classic"})

                    async def said() -> bool:
                        return any(record.name == "bot.failures" for record in caplog.records)

                    await wait_until(said, what="the failure said")
        finally:
            await store.close()
    said = [record for record in caplog.records if record.name == "bot.failures"]
    assert [(record.levelno, record.exc_info) for record in said] == [(logging.WARNING, None)]
    assert "mahjong new" in said[0].getMessage() and "too late" in said[0].getMessage()

"""Seasons on Discord (SPEC §8, issue 40), end to end against the fake Discord in English, French and
Traditional Chinese: ``/mahjong config season:`` is for Manage Server only, stores the mode in the ledger's
history of modes and shows it with the other settings."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from core.ratings.seasons import ModeChange
from data.ledger import GuildSettings, MatchEntry, SeatEntry
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from tests.bot.test_e2e_solitaire import FakeClock, command, solitaire_bot
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

MANAGE = discord.Permissions(manage_guild=True).value
FEB_20 = 1_740_009_600.0  # 2025-02-20 00:00 UTC
MARCH = 1_740_787_200.0  # 2025-03-01 00:00 UTC
MARCH_10 = 1_741_564_800.0
APRIL = 1_743_465_600.0  # 2025-04-01 00:00 UTC
MAY = 1_746_057_600.0  # 2025-05-01 00:00 UTC
HOUR = 3600.0
TOTALS = (30.0, 10.0, -10.0, -30.0)


def match(guild: Any, number: int, rules: str, seats: tuple[Any, ...], at: float) -> MatchEntry:
    """A finished four-seat match of ``guild``: the seats (members, or a computer's strength) in the order
    of their totals, best first."""
    return MatchEntry(
        match_id=f"{guild.id}-{number:03}",
        guild_id=guild.id,
        table_id=f"{guild.id}-{number:03}",
        rules={"name": rules},
        seats=tuple(
            SeatEntry(seat, None, seat) if isinstance(seat, str) else SeatEntry(seat.name, seat.id, None)
            for seat in seats
        ),
        totals=TOTALS,
        hands=4,
        finished_at=at,
    )


async def seed(path: Any, modes: dict[int, str], matches: list[MatchEntry], settings: dict[int, GuildSettings]) -> None:
    """The ledger as the bot finds it: each server's season mode chosen on 20 February (before any of its
    matches: from the start), its matches, its settings."""
    ledger = await SqliteLedger.open(path)
    try:
        for guild_id, mode in modes.items():
            await ledger.set_season_mode(guild_id, mode, FEB_20)
        for entry in matches:
            assert await ledger.record_match(entry)
        for guild_id, chosen in settings.items():
            await ledger.set_guild_settings(guild_id, chosen)
    finally:
        await ledger.close()


async def modes_of(path: Any, guild_id: int) -> list[ModeChange]:
    ledger = await SqliteLedger.open(path)
    try:
        return await ledger.season_modes(guild_id)
    finally:
        await ledger.close()


def season_line(text: str) -> str:
    return next(
        line for line in text.splitlines() if line.startswith(("Rating seasons", "Saisons de cote", "評分賽季"))
    )


# --- /mahjong config season: ------------------------------------------------------------------------


async def test_config_season_is_for_manage_server_and_shown_with_the_settings(tmp_path):
    path = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        ada = fake.add_member(guild, name="Ada", permissions=MANAGE)
        zoe = fake.add_member(guild, name="Zoé", permissions=MANAGE, locale="fr")
        mei = fake.add_member(guild, name="Mei", permissions=MANAGE, locale="zh-TW")
        bob = fake.add_member(guild, name="Bob")
        channel = guild.text_channel
        store = await SqliteLiveStore.open(path)
        clock = FakeClock(MARCH_10)
        try:
            async with solitaire_bot(fake, store, clock, path):
                # the option, its choices and their names as Discord shows them in each language
                config = next(
                    option
                    for option in next(c for c in fake.commands if c["name"] == "mahjong")["options"]
                    if option["name"] == "config"
                )
                season = next(option for option in config["options"] if option["name"] == "season")
                assert [choice["value"] for choice in season["choices"]] == ["none", "monthly", "quarterly"]
                assert season["name_localizations"]["fr"] == "saison"
                assert season["name_localizations"]["zh-TW"] == "賽季"
                assert [choice["name_localizations"]["fr"] for choice in season["choices"]] == [
                    "Aucune : une seule saison pour toujours",
                    "Mensuelles (mois UTC)",
                    "Trimestrielles (trimestres UTC)",
                ]

                # no option: the mode with the other settings (none until an admin chooses)
                shown = await command(fake, ada, channel, "mahjong config")
                assert season_line(shown.response.text()) == "Rating seasons: none (one season for all time)"

                # a member without Manage Server: refused, nothing stored
                refused = await command(fake, bob, channel, "mahjong config", {"season": "monthly"})
                assert refused.response.ephemeral and "Manage Server" in refused.response.text()
                assert await modes_of(path, guild.id) == []

                # the admin chooses monthly seasons: stored from the start (no match rated yet), shown back
                chosen = await command(fake, ada, channel, "mahjong config", {"season": "monthly"})
                text = chosen.response.text()
                assert chosen.response.ephemeral and text.startswith("Saved.\n")
                assert season_line(text) == "Rating seasons: monthly (UTC months), season 1 now"
                assert await modes_of(path, guild.id) == [ModeChange(MARCH_10, "monthly", from_start=True)]
                # the season setting changes no other setting
                assert (
                    text.replace("Saved.\n", "")
                    == (await command(fake, ada, channel, "mahjong config")).response.text()
                )

                # in French and in Chinese, read back and changed again
                french = await command(fake, zoe, channel, "mahjong config")
                assert season_line(french.response.text()) == (
                    "Saisons de cote : mensuelles (mois UTC), saison 1 en cours"
                )
                clock.now += HOUR
                chinese = await command(fake, mei, channel, "mahjong config", {"season": "quarterly"})
                assert season_line(chinese.response.text()) == "評分賽季：每季度一季（UTC 季度），現為第 1 季"
                assert await modes_of(path, guild.id) == [ModeChange(MARCH_10 + HOUR, "quarterly", from_start=True)]
                back = await command(fake, zoe, channel, "mahjong config", {"season": "none"})
                assert season_line(back.response.text()) == (
                    "Saisons de cote : aucune (une seule saison pour toujours)"
                )
                assert await modes_of(path, guild.id) == []
                # the refusal is the private answer itself; every other answer the acknowledgement, then one edit
                assert [(call.method, call.route) for call in refused.calls] == [
                    ("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
                ]
                assert refused.ack_type == 4
                for interaction in (shown, chosen, french, chinese, back):
                    routes = [(call.method, call.route) for call in interaction.calls]
                    assert routes == [
                        ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"),
                        ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
                    ], routes
                    assert interaction.ack_type == 5 and interaction.response.ephemeral
        finally:
            await store.close()
        assert fake.violations == []

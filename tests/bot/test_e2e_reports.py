"""``/mahjong leaderboard``, ``stats`` and ``history`` through the fake Discord, with the real bot reading
a ledger file filled before it starts: 11 members ranked (two pages), the caller last, on page 2."""

from __future__ import annotations

import pytest

from data.ledger import HandEntry, MatchEntry, SeatEntry
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import assert_card, running_bot
from tests.fakediscord import FakeDiscord
from tests.fakediscord.commands import CommandInputError

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

COMPUTERS = tuple(SeatEntry(f"Computer {n}", None, "strong") for n in range(3))


def hands_of(guild_id: int, member_id: int, name: str, index: int) -> list[HandEntry]:
    """Five hands with three computers: one won for ``(index + 1) * 10`` points, four drawn."""
    seats = (SeatEntry(name, member_id, None), *COMPUTERS)
    won = (index + 1) * 10.0
    return [
        HandEntry(
            hand_id=f"m{member_id}:{n}",
            guild_id=guild_id,
            table_id=f"t{member_id}",
            match_id=f"t{member_id}",
            number=n,
            rules={"name": "classic"},
            seats=seats,
            winner=0 if n == 0 else None,
            discarder=1 if n == 0 else None,
            self_drawn=False,
            score=won if n == 0 else 0.0,
            fan=0,
            payments=(won if n == 0 else 0.0, 0.0, 0.0, 0.0),
            patterns=("dragon_pung",) if n == 0 else (),
            record="-",
            finished_at=1_700_000_000.0 + index * 100 + n,
        )
        for n in range(5)
    ]


async def test_leaderboard_stats_and_history(tmp_path):
    path = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = [fake.add_member(guild, name=f"Player{n:02d}", locale="en-US") for n in range(11)]
        ledger = await SqliteLedger.open(path)
        try:
            for index, member in enumerate(members):
                for entry in hands_of(guild.id, member.id, f"Player{index:02d}", index):
                    assert await ledger.record_hand(entry)
            await ledger.record_match(
                MatchEntry(
                    match_id=f"t{members[0].id}",
                    guild_id=guild.id,
                    table_id=f"t{members[0].id}",
                    rules={"name": "classic"},
                    seats=(SeatEntry("Player00", members[0].id, None), *COMPUTERS),
                    totals=(10.0, 0.0, -4.0, -6.0),
                    hands=5,
                    finished_at=1_700_000_500.0,
                )
            )
        finally:
            await ledger.close()
        store = await SqliteLiveStore.open(path)
        try:
            async with running_bot(fake, store, database_path=str(path)):
                caller, best = members[0], members[10]
                board = await fake.slash(caller, guild.text_channel, "mahjong leaderboard", {"by": "points"})
                await board.wait_done()
                first = board.response
                assert not first.ephemeral
                assert_card(first)
                assert "page 1/2" in first.text() and "11 ranked" in first.text()
                assert "1. Player10 — +110" in first.text() and "Player00 — " not in first.text()
                assert "Player00: rank 11 of 11 · +10 in 5 hands" in first.text()  # off the page, still shown
                previous, following = first.custom_ids()
                assert following == "mjr1:lb:classic:all:2" and all(i.startswith("mjr1:") for i in (previous,))
                assert first.button(label="Previous").disabled

                clicked = await fake.click(best, first, following)
                await clicked.wait_done()
                edited = fake.message(first.id)
                assert "page 2/2" in edited.text() and "11. Player00 — +10" in edited.text()
                assert "Player10: rank 1 of 11" in edited.text()  # the clicker's own line
                assert edited.button(label="Next").disabled
                assert_card(edited)

                out_of_range = await fake.slash(
                    caller, guild.text_channel, "mahjong leaderboard", {"by": "points", "page": 3}
                )
                await out_of_range.wait_done()
                # acknowledged publicly before the ledger was read, then answered privately, the public
                # "thinking" message taken down
                assert out_of_range.response.deleted and out_of_range.followups[-1].ephemeral
                assert "There is no page 3: this leaderboard ends at page 2" in out_of_range.followups[-1].text()

                forged = await fake.forge_component(caller, first, "mjr1:lb:classic:209913:1")
                await forged.wait_done()
                assert forged.response.ephemeral and "not one of this bot's" in forged.response.text()
                assert "page 2/2" in fake.message(first.id).text()  # nothing changed

                stats = await fake.slash(caller, guild.text_channel, "mahjong stats", {"member": best})
                await stats.wait_done()
                assert stats.response.ephemeral
                assert_card(stats.response)
                text = stats.response.text()
                assert "**Player10**" in text
                assert "5 hands · 1 win (20%) · 0 deal-ins · +22 per hand (+110 in all)" in text
                assert "Best hand: +110" in text and "Dragon pung ×1" in text
                french = await fake.slash(
                    fake.add_member(guild, name="Zoé", locale="fr"),
                    guild.text_channel,
                    "mahjong stats",
                    {"member": best},
                )
                await french.wait_done()
                assert "Pung de dragons ×1" in french.response.text()

                history = await fake.slash(caller, guild.text_channel, "mahjong history", {})
                await history.wait_done()
                assert history.response.ephemeral
                assert_card(history.response)
                assert "5 hands · place 1 of 4 · +10 — with Computer 0, Computer 1, Computer 2" in (
                    history.response.text()
                )

                empty = await fake.slash(best, guild.text_channel, "mahjong history", {})
                await empty.wait_done()
                assert "no finished matches" in empty.response.text()

                # without a rule set, the board is the one of the rules the server's tables play
                admin = fake.add_member(guild, name="Ada", permissions=0x20)
                await (await fake.slash(admin, guild.text_channel, "mahjong config", {"rules": "hongkong"})).wait_done()
                default = await fake.slash(caller, guild.text_channel, "mahjong leaderboard", {"by": "points"})
                await default.wait_done()
                assert "Leaderboard — Hong Kong" in default.response.text() and "mjr1:lb:hongkong:all:2" in (
                    default.response.custom_ids()
                )
        finally:
            await store.close()
        assert fake.violations == []


async def test_the_leaderboard_minimum_is_the_servers_and_those_below_it_are_listed(tmp_path):
    import discord

    path = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        admin = fake.add_member(guild, name="Ada", permissions=discord.Permissions(manage_guild=True).value)
        members = [fake.add_member(guild, name=f"Player{n:02d}", locale="en-US") for n in range(2)]
        ledger = await SqliteLedger.open(path)
        try:
            for index, member in enumerate(members):
                for entry in hands_of(guild.id, member.id, f"Player{index:02d}", index)[: 3 + 2 * index]:
                    assert await ledger.record_hand(entry)
        finally:
            await ledger.close()
        store = await SqliteLiveStore.open(path)
        try:
            async with running_bot(fake, store, database_path=str(path)):
                board = await fake.slash(admin, guild.text_channel, "mahjong leaderboard", {"by": "points"})
                await board.wait_done()
                text = board.response.text()
                # at the default five hands: Player01 (5) ranked, Player00 (3) listed below
                assert "At least 5 hands to be ranked · 1 ranked" in text and "1. Player01" in text
                assert "Not yet ranked (fewer than 5 hands, hands played): Player00 (3)" in text
                config = await fake.slash(admin, guild.text_channel, "mahjong config", {"ranked_after": 3})
                await config.wait_done()
                assert "ranked after 3 hands" in config.response.text()
                again = await fake.slash(admin, guild.text_channel, "mahjong leaderboard", {"by": "points"})
                await again.wait_done()
                assert "At least 3 hands to be ranked · 2 ranked" in again.response.text()
                assert "Not yet ranked" not in again.response.text()
                with pytest.raises(CommandInputError, match="ranked_after: 0 not in"):  # Discord's client refuses it
                    await fake.slash(admin, guild.text_channel, "mahjong config", {"ranked_after": 0})
        finally:
            await store.close()
        assert fake.violations == []

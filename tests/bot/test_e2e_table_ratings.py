"""Ratings and duplicate deals at the tables (SPEC §8, issue 40) through the fake Discord: the seats' ratings
on the lobby and the table message (read once a hand), each member's rating change on the result of a rated
match's last hand, exactly once, also when the ledger writer of the process that ended the match never
records it; a deal's practice table (its walls the code's, no rating) and the list of a deal's tables in
English, French and Traditional Chinese."""

from __future__ import annotations

import pytest

from core.ratings import RatingBook, players_of
from core.tables.deals import deal_seed
from core.tables.ledger_writer import LedgerWriter
from core.tables.state import Timing
from data.ledger import MatchEntry, SeatEntry
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import assert_card, running_bot, table_id_of, table_state, wait_until
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

T0 = 1_760_000_000.0
QUICK = Timing(turn=0.2, claim=0.1, computer_pause=0.0, next_hand=0.2)  # the member away: the table plays on
BASICS = tuple(SeatEntry(f"Basic {n}", None, "basic") for n in range(1, 4))


def earlier(guild_id: int, member_id: int) -> list[MatchEntry]:
    """Five classic matches of Alice against three basic computers: her rating no longer provisional."""
    return [
        MatchEntry(
            f"e{number}",
            guild_id,
            f"e{number}",
            {"name": "classic"},
            (SeatEntry("Alice", member_id, None), *BASICS),
            (30.0, -10.0, -10.0, -10.0) if number % 2 else (-30.0, 10.0, 10.0, 10.0),
            4,
            T0 + number * 60.0,
        )
        for number in range(5)
    ]


def alice_after(matches: list[MatchEntry], member_id: int) -> int:
    book: RatingBook[str] = RatingBook()
    for entry in matches:
        book.rate(entry.rules_name, 1, players_of(entry), list(entry.totals))
    return book.held[("classic", 1, f"member:{member_id}")].rating.shown


@pytest.mark.parametrize("writer", ["here", "gone"])
async def test_the_seats_ratings_and_the_rating_changes_of_a_rated_match(tmp_path, monkeypatch, writer):
    path = tmp_path / "bot.sqlite3"
    if writer == "gone":  # the process that ended the match dies before its writer records it
        monkeypatch.setattr(LedgerWriter, "__call__", lambda self, event: _nothing())
    reads: list[tuple[str, ...]] = []
    pool_ratings = SqliteLedger.pool_ratings

    async def counted(self, guild_id, rules, players, at):
        reads.append(tuple(players))
        return await pool_ratings(self, guild_id, rules, players, at)

    monkeypatch.setattr(SqliteLedger, "pool_ratings", counted)
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice", locale="en-US")
        before_matches = earlier(guild.id, alice.id)
        ledger = await SqliteLedger.open(path)
        try:
            for entry in before_matches:
                assert await ledger.record_match(entry)
        finally:
            await ledger.close()
        before = alice_after(before_matches, alice.id)
        store = await SqliteLiveStore.open(path)
        try:
            async with running_bot(fake, store, database_path=str(path), timing=QUICK, first_seed=4100):
                opened = await fake.slash(
                    alice,
                    guild.text_channel,
                    "mahjong new",
                    {"rules": "classic", "length": "one_hand", "computers": 3, "level": "basic"},
                )
                await opened.wait_done()
                thread = fake.threads[-1].id
                table = fake.channel_messages(thread)[-1]
                assert f"\n1. 👑 Alice · {before}\n2. 🤖 Basic 1\n" in table.text()
                table_id = table_id_of(table)
                await (await fake.click(alice, table, f"mj1:{table_id}:0:start")).wait_done()
                await wait_until(
                    lambda: _async(f"Ratings: Alice {before}\n" in fake.message(table.id).text()),
                    what="the table's ratings",
                )

                async def over() -> bool:
                    state = await table_state(store, table_id)
                    return state.status == "over" and not state.result_unposted

                await wait_until(over, timeout=60, what="the match to end and its result to be posted")
                state = await table_state(store, table_id)
                ledger = await SqliteLedger.open(path)
                try:
                    [match] = await ledger.matches(guild.id, limit=1)
                    assert match.match_id == table_id and not state.unrecorded
                    changes = await ledger.match_rating_changes(table_id)
                finally:
                    await ledger.close()
                after = alice_after([*before_matches, match], alice.id)
                mine = [(c.before.shown, c.after.shown) for c in changes if c.player == f"member:{alice.id}"]
                assert mine == [(before, after)]
                line = f"📈 Ratings: Alice {before} → {after} ({after - before:+d})"
                results = [m for m in fake.channel_messages(thread) if "📈" in m.text()]
                assert len(results) == 1, [m.text() for m in results]
                assert results[0].text().endswith(line), results[0].text()
                assert "🏁" in results[0].text()
                # the table message, once over, shows the rating the match left
                await wait_until(
                    lambda: _async(f"Ratings: Alice {after}\n" in fake.message(table.id).text()),
                    what="the final ratings",
                )
                # one read for the lobby, one a hand, one once over: moves read nothing
                assert 2 <= len(reads) <= 2 + state.hand_number + 1, reads
                assert all(players == (f"member:{alice.id}",) for players in reads)
        finally:
            await store.close()
        assert fake.violations == []


async def test_a_deals_practice_table_and_every_tables_result_on_the_deal(tmp_path):
    path = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        ana = fake.add_member(guild, name="Ana", locale="en-US")
        zoe = fake.add_member(guild, name="Zoé", locale="fr")
        chi = fake.add_member(guild, name="Chi", locale="zh-TW")
        strong = tuple(SeatEntry(f"Strong {n}", None, "strong") for n in range(1, 4))
        deal_matches = [
            MatchEntry(
                f"d{number}",
                guild.id,
                f"d{number}",
                {"name": "hongkong"},
                (SeatEntry(name, member, None), *strong),
                totals,
                1,
                T0 + number * 60.0,
                practice=True,
                deal="spring",
            )
            for number, (name, member, totals) in enumerate(
                [("Ana", ana.id, (-8.0, 16.0, -4.0, -4.0)), ("Zoé", zoe.id, (24.0, -8.0, -8.0, -8.0))]
            )
        ]
        ledger = await SqliteLedger.open(path)
        try:
            for entry in deal_matches:
                assert await ledger.record_match(entry)
        finally:
            await ledger.close()
        when = [f"<t:{int(entry.finished_at)}:d>" for entry in deal_matches]
        store = await SqliteLiveStore.open(path)
        try:
            async with running_bot(fake, store, database_path=str(path)):
                opened = await fake.slash(
                    ana, guild.text_channel, "mahjong new", {"rules": "hongkong", "computers": 3, "deal": " Spring "}
                )
                await opened.wait_done()
                lobby = fake.channel_messages(fake.threads[-1].id)[-1]
                text = lobby.text()
                assert (
                    "\n🔁 Deal **spring**: a practice table, not rated. `/mahjong new deal:spring` deals the same walls"
                    " at another table; `/mahjong leaderboard deal:spring` compares the results.\n"
                ) in text
                assert "\n1. 👑 Ana\n" in text  # a practice table shows no rating
                state = await table_state(store, table_id_of(lobby))
                assert (state.seed, state.practice, state.deal) == (deal_seed("spring"), True, "spring")

                refused = await fake.slash(ana, guild.text_channel, "mahjong new", {"deal": "a/b"})
                await refused.wait_done()
                assert refused.response.ephemeral
                assert "A deal code is a word or a number" in refused.response.text()

                board = await fake.slash(ana, guild.text_channel, "mahjong leaderboard", {"deal": "SPRING"})
                await board.wait_done()
                assert not board.response.ephemeral
                assert_card(board.response)
                assert board.response.text() == "\n".join(
                    [
                        "**Deal spring — every table's result**",
                        "2 tables played on this deal · page 1/1",
                        f"1. {when[1]} · Hong Kong · Zoé +24 · 🤖 Strong 1 -8 · 🤖 Strong 2 -8 · 🤖 Strong 3 -8",
                        f"2. {when[0]} · Hong Kong · 🤖 Strong 1 +16 · 🤖 Strong 2 -4 · 🤖 Strong 3 -4 · Ana -8",
                    ]
                )
                assert board.response.custom_ids() == ["mjr1:ld:spring:0", "mjr1:ld:spring:2"]
                french = await fake.slash(zoe, guild.text_channel, "mahjong leaderboard", {"deal": "spring"})
                await french.wait_done()
                assert french.response.text().startswith(
                    "**Donne spring — le résultat de chaque table**\n2 tables jouées sur cette donne · page 1/1\n"
                    f"1. {when[1]} · Hong Kong · Zoé +24"
                )
                chinese = await fake.slash(chi, guild.text_channel, "mahjong leaderboard", {"deal": "autumn"})
                await chinese.wait_done()
                assert chinese.response.text() == "\n".join(
                    [
                        "**牌局 autumn — 每一枱的成績**",
                        "這副牌打了 0 枱 · 第 1/1 頁",
                        "這個伺服器還沒有用牌局 autumn 打完的牌局：用 `/麻雀 開枱 牌局:autumn` 開一張同樣牌牆的牌枱。",
                    ]
                )
                bad = await fake.slash(ana, guild.text_channel, "mahjong leaderboard", {"deal": "x" * 30})
                await bad.wait_done()
                assert "A deal code is a word or a number" in bad.response.text() and bad.response.ephemeral
        finally:
            await store.close()
        assert fake.violations == []


async def _nothing() -> None:
    return None


async def _async(value: bool) -> bool:
    return value

"""``mahjong-bot ledger copy``: a bot's SQLite ledgers copied into another ledger, checked by reading every
entry back and replaying every hand; run again, it writes nothing twice; what it cannot copy it names."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sqlite3

import pytest

from cli import main
from cli.ledger import replays
from core.events import Events
from core.tables.events import TableChanged
from core.tables.ledger_writer import LedgerWriter
from core.tables.moves import Lobby
from data.broadcast import MemoryBroadcast
from data.ledger import GuildSettings, TournamentEntry, TournamentTableEntry
from data.ledger_copy import copy_ledgers
from data.ledger_sqlite import SqliteLedger
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.rules import ruleset
from tests.bot.tables_helpers import QUICK, FakeClock, open_table, service_on
from tests.data.test_solitaire_ledger import result

GUILD = 100  # tables_helpers' server


TOURNAMENT = TournamentEntry(
    tournament_id="tour1",
    guild_id=GUILD,
    organiser=1,
    name="Cup",
    rules="classic",
    rounds=1,
    length="one_hand",
    seed=9,
    status="over",
    version=30,
    players=(1, 2, 3, 4),
    names={1: "Ann", 4: "Dan"},
    tables=(TournamentTableEntry(1, 0, "abcd1234", (0, 1, 2, 3), (1, 2, 3, 4), ((8.0, -8.0, 0.0, 0.0),)),),
    finished_at=1_790_000_000.5,
)


async def _played_ledger(path) -> int:
    """A ledger file as a bot leaves it: a match of four computers played to its end, a solitaire
    result, a server's settings, a member's preferences, a tournament's record; how many hands it holds."""
    from data.live_sqlite import SqliteLiveStore

    ledger = await SqliteLedger.open(path)
    store = await SqliteLiveStore.open(path.parent / "live.sqlite3")
    clock = FakeClock()
    events = Events(MemoryBroadcast())
    service = service_on(store, ledger, clock, events=events)
    events.subscribe(TableChanged, LedgerWriter(service))  # as the bot does: finished hands to the ledger
    committed = await open_table(service, ruleset("classic", length="one_hand"), members=1, computers=3, timing=QUICK)
    await service.act(committed.state.id, _host(), Lobby("start"))
    for _ in range(3000):
        due = await service.due()
        if due:
            await service.wake(due[0])
        elif (following := await store.next_deadline()) is not None:
            clock.now = following
        else:
            break
    solitaire = SqliteSolitaireLedger.beside(ledger)
    await solitaire.record(result("result0001", guild=GUILD))
    await solitaire.record(result("result0002", guild=GUILD, member=12, name="Bob", pairs=5))
    await solitaire.set_pseudonym(GUILD, 12, "Bobby")
    await solitaire.set_pseudonym(GUILD, 13, "Bоbby", copied=True)  # a lookalike kept before the rule (Cyrillic о)
    await solitaire.set_post_channel(GUILD, 555)
    await ledger.set_guild_settings(GUILD, dataclasses.replace(GuildSettings(), ranked_after=3))
    await ledger.set_member_mentions(GUILD, 1, False)
    await ledger.record_tournament(TOURNAMENT)
    await events.drain()
    hands = len(await ledger.hands(GUILD, limit=100))
    await solitaire.close()
    await store.close()
    await ledger.close()
    return hands


def _host():
    from tests.bot.tables_helpers import member

    return member(1)


@pytest.mark.asyncio
async def test_a_copy_holds_every_entry_read_back_the_same_and_a_second_copy_writes_nothing(tmp_path):
    source = tmp_path / "bot.sqlite3"
    hands = await _played_ledger(source)
    assert hands >= 1
    target = await SqliteLedger.open(tmp_path / "copy.sqlite3")
    target_solitaire = SqliteSolitaireLedger.beside(target)
    try:
        first = await copy_ledgers(source, target, target_solitaire, replays)
        assert first.ok, first
        assert (first.hands.new, first.matches.new, first.results.new) == (hands, 1, 2)
        assert (first.settings.total, first.preferences.total, first.pseudonyms.total, first.channels.total) == (
            1,
            1,
            2,
            1,
        )
        assert (await target.guild_settings(GUILD)).ranked_after == 3
        assert await target.member_mentions(GUILD, 1) is False
        assert await target_solitaire.pseudonym(GUILD, 12) == "Bobby"
        assert await target_solitaire.pseudonym(GUILD, 13) == "Bоbby"  # copied as kept, lookalike or not
        assert await target_solitaire.post_channels() == [(GUILD, 555)]
        assert first.tournaments.new == 1 and await target.tournament(GUILD, "tour1") == TOURNAMENT
        again = await copy_ledgers(source, target, target_solitaire, replays)
        assert again.ok and (again.hands.new, again.hands.present, again.results.present) == (0, hands, 2)
        assert again.tournaments.present == 1
    finally:
        await target_solitaire.close()
        await target.close()


@pytest.mark.asyncio
async def test_a_hand_that_does_not_replay_or_conflicts_is_named_and_nothing_is_overwritten(tmp_path):
    source = tmp_path / "bot.sqlite3"
    await _played_ledger(source)
    with sqlite3.connect(source) as db:
        (hand_id,) = db.execute("SELECT hand_id FROM hands ORDER BY finished_at LIMIT 1").fetchone()
        record = db.execute("SELECT record FROM hands WHERE hand_id = ?", (hand_id,)).fetchone()[0]
        cut = "\n".join(record.splitlines()[:-3])  # the record stops three moves before the end
        db.execute("UPDATE hands SET record = ? WHERE hand_id = ?", (cut, hand_id))
    target_path = tmp_path / "copy.sqlite3"
    code = await asyncio.to_thread(main, ["ledger", "copy", "--from", str(source), "--to", str(target_path)])
    assert code == 1
    with sqlite3.connect(target_path) as db:
        db.execute("UPDATE hands SET score = score + 1 WHERE hand_id = ?", (hand_id,))
    target = await SqliteLedger.open(target_path)
    target_solitaire = SqliteSolitaireLedger.beside(target)
    try:
        report = await copy_ledgers(source, target, target_solitaire, replays)
        assert report.unreplayed == [hand_id] and not report.ok
        assert [conflict.partition(": ")[0] for conflict in report.hands.conflicts] == [hand_id]
        assert f"hand {hand_id}" in report.mismatches  # the target's own, left as it was
    finally:
        await target_solitaire.close()
        await target.close()


@pytest.mark.asyncio
async def test_a_copy_rates_the_matches_as_the_source_did_under_its_seasons(tmp_path):
    from tests.data.rating_matches import GUILDS, seeded_matches

    source_path, target_path = tmp_path / "bot.sqlite3", tmp_path / "copy.sqlite3"
    source = await SqliteLedger.open(source_path)
    matches = seeded_matches(120, seed=21)
    await source.set_season_mode(GUILDS[0], "monthly", matches[0].finished_at)  # from the start
    for index, entry in enumerate(matches):
        await source.record_match(entry)
        if index == 60:
            await source.set_season_mode(GUILDS[1], "quarterly", entry.finished_at)
    await source.close()
    target = await SqliteLedger.open(target_path)
    target_solitaire = SqliteSolitaireLedger.beside(target)
    try:
        report = await copy_ledgers(source_path, target, target_solitaire, replays)
        assert report.ok and report.seasons.total == 2 and report.matches.new == len(matches)
        assert (await target.rerate(repair=False)).equal
    finally:
        await target_solitaire.close()
        await target.close()
    tables = ("season_modes", "rated_matches", "rating_changes", "ratings")
    with sqlite3.connect(source_path) as one, sqlite3.connect(target_path) as other:
        for table in tables:
            assert sorted(one.execute(f"SELECT * FROM {table}")) == sorted(other.execute(f"SELECT * FROM {table}"))
    one.close()
    other.close()


def test_the_command_refuses_what_it_cannot_use(tmp_path, capsys):
    assert main(["ledger", "copy", "--from", str(tmp_path / "missing.sqlite3"), "--to", str(tmp_path / "x")]) == 2
    assert "no such file" in capsys.readouterr().err
    (tmp_path / "bot.sqlite3").write_bytes(b"")
    same = str(tmp_path / "bot.sqlite3")
    assert main(["ledger", "copy", "--from", same, "--to", same]) == 2
    assert "names the file --from reads" in capsys.readouterr().err
    closed = "postgresql://someone:secret@127.0.0.1:1/ledgers"  # nothing listens on port 1
    assert main(["ledger", "copy", "--from", same, "--to", closed]) == 2
    said = capsys.readouterr().err
    assert said.startswith("mahjong-bot: --to:") and "secret" not in said


@pytest.mark.asyncio
async def test_the_command_prints_its_report_as_json(tmp_path, capsys):
    source = tmp_path / "bot.sqlite3"
    hands = await _played_ledger(source)
    copy = ["ledger", "copy", "--from", str(source), "--to", str(tmp_path / "copy.sqlite3")]
    assert await asyncio.to_thread(main, copy) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["ok"] is True and said["hands"]["new"] == hands and said["results"]["new"] == 2


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_the_command_copies_into_postgresql_and_the_bot_reads_it_there(tmp_path, postgres_schema, capsys):
    from data.ledger_postgres import PostgresLedger
    from data.solitaire_postgres import PostgresSolitaireLedger

    source = tmp_path / "bot.sqlite3"
    hands = await _played_ledger(source)
    copy = ["ledger", "copy", "--from", str(source), "--to", postgres_schema.url]
    assert await asyncio.to_thread(main, copy) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["ok"] and said["hands"]["new"] == hands and said["matches"]["new"] == 1
    assert await asyncio.to_thread(main, copy) == 0  # again: everything there already, nothing written twice
    assert json.loads(capsys.readouterr().out)["hands"]["present"] == hands
    ledger = await PostgresLedger.open(postgres_schema.url)
    solitaire = PostgresSolitaireLedger.beside(ledger)
    try:
        assert len(await ledger.hands(GUILD, limit=100)) == hands
        assert (await ledger.guild_settings(GUILD)).ranked_after == 3
        assert await solitaire.pseudonym(GUILD, 12) == "Bobby"
        [match] = await ledger.matches(GUILD)
        assert len(await ledger.match_rating_changes(match.match_id)) == 4  # rated as it was copied
        assert (await ledger.rerate(repair=False)).equal
        assert [standing.member_id for standing in await solitaire.leaderboard(GUILD, _daily())] == [12, 1]
    finally:
        await solitaire.close()
        await ledger.close()


def _daily():
    from data.solitaire_ledger import Board
    from tests.data.test_solitaire_ledger import DAY

    return Board("daily", DAY)

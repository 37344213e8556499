"""The ledger store (SPEC §4.4): one contract on both backends, SQLite and PostgreSQL (exact round
trips, a finished hand or match kept exactly once however often and from however many connections it
is written, the queries the leaderboards and history stand on, server settings and mention opt-outs);
then each backend's own database: SQLite's file (migrations from an empty file and from each earlier
version, a second open that changes nothing, newer, corrupt or foreign files refused untouched, the
live state sharing the file) and PostgreSQL's (an empty database migrated, a second open that changes
nothing, a newer release's database refused untouched)."""

from __future__ import annotations

import asyncio
import dataclasses
import pathlib
import random
import sqlite3
import threading
import uuid
from collections.abc import AsyncIterator
from typing import Any

import aiosqlite
import pytest
import pytest_asyncio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data.ledger import (
    GuildSettings,
    HandEntry,
    Ledger,
    LedgerConflict,
    LedgerFileError,
    LedgerValueError,
    MatchEntry,
    SeatEntry,
)
from data.ledger_postgres import LATEST_VERSION as POSTGRES_LATEST_VERSION
from data.ledger_postgres import MIGRATIONS as POSTGRES_MIGRATIONS
from data.ledger_postgres import PostgresLedger
from data.ledger_sqlite import LATEST_VERSION, MIGRATIONS, SqliteLedger, migrate
from data.live import StoreFailed, StoreUnavailable, Versioned
from data.live_sqlite import SqliteLiveStore
from tests.data.ledger_backends import Backend, PostgresSchema, postgres_dump
from words import LANGS

GUILD = 1001
OTHER_GUILD = 2002
ALICE, BOB, CAROL = 11, 12, 13

SEATS = (
    SeatEntry("Alice", ALICE, None),
    SeatEntry("Bob", BOB, None),
    SeatEntry("Carol", CAROL, None),
    SeatEntry("Computer East", None, "strong"),
)
CLASSIC = {"name": "classic", "jokers": False, "length": "four_winds", "minimum_fan": 0}
HONGKONG = {"name": "hongkong", "minimum_fan": 3, "length": "four_winds"}


def hand_entry(number: int = 1, **changes: Any) -> HandEntry:
    """A hand won by Alice off Bob's discard, with every field set to something distinct."""
    entry = HandEntry(
        hand_id=f"table-1:{number}",
        guild_id=GUILD,
        table_id="table-1",
        match_id="table-1",
        number=number,
        rules=CLASSIC,
        seats=SEATS,
        winner=0,
        discarder=1,
        self_drawn=False,
        score=48.5,
        fan=0,
        payments=(48.5, -48.5, 0.0, 0.0),
        patterns=("pung_of_dragons", "mahjong", "pung_of_dragons"),
        record="ruleset classic\nseed 7\nD 0 5p\n",
        finished_at=1_700_000_000.25 + number,
    )
    return dataclasses.replace(entry, **changes)


def match_entry(**changes: Any) -> MatchEntry:
    entry = MatchEntry(
        match_id="table-1",
        guild_id=GUILD,
        table_id="table-1",
        rules=CLASSIC,
        seats=SEATS,
        totals=(120.0, -60.5, -30.0, -29.5),
        hands=16,
        finished_at=1_700_000_900.5,
        ended="finished",
    )
    return dataclasses.replace(entry, **changes)


@pytest.fixture
def path(tmp_path: pathlib.Path) -> pathlib.Path:
    return tmp_path / "mahjong-bot.sqlite3"


@pytest_asyncio.fixture
async def ledger(backend: Backend) -> AsyncIterator[Ledger]:
    opened = await backend.open_ledger()
    try:
        yield opened
    finally:
        await opened.close()


def rows(path: pathlib.Path, sql: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as connection:
        return connection.execute(sql).fetchall()


def dump(path: pathlib.Path) -> list[str]:
    """Every schema object and row of the file, as SQL text."""
    connection = sqlite3.connect(path)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def schema(path: pathlib.Path) -> list[tuple[Any, ...]]:
    return rows(path, "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name")


async def build_at_version(path: pathlib.Path, version: int) -> None:
    """The file as the release that shipped migration ``version`` left it (0: no ledger yet)."""
    async with aiosqlite.connect(path, isolation_level=None) as connection:
        await migrate(connection, path, to_version=version)


# --- round trips and exactly once ---------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_hand_reads_back_exactly_as_recorded(ledger: Ledger) -> None:
    entry = hand_entry()
    assert await ledger.record_hand(entry) is True
    assert await ledger.hand(entry.hand_id) == entry
    assert await ledger.has_hand(entry.hand_id)
    assert await ledger.hand("table-1:99") is None
    assert not await ledger.has_hand("table-1:99")


@pytest.mark.parametrize(
    "changes",
    [
        {"winner": None, "discarder": None, "score": 0.0, "payments": (0.0,) * 4, "patterns": ()},  # a drawn hand
        {"winner": 2, "discarder": None, "self_drawn": True, "payments": (-16.0, -16.0, 48.0, -16.0)},
        {"rules": HONGKONG, "fan": 7, "score": 64.0, "payments": (64.0, -64.0, 0.0, 0.0)},
        {"seats": SEATS[:2], "payments": (1.5, -1.5)},  # a two-player family game
        {
            "hand_id": "t\x01ble:1",
            "seats": (SeatEntry("名\x01'\"\\", 2**63 - 1, None), *SEATS[1:]),
            "patterns": ("\x7f",),
            "record": "\x01\n\t",
        },  # any text but NUL, the largest member id
    ],
)
@pytest.mark.asyncio
async def test_every_kind_of_hand_reads_back_exactly(ledger: Ledger, changes: dict[str, Any]) -> None:
    entry = hand_entry(**changes)
    assert await ledger.record_hand(entry)
    assert await ledger.hand(entry.hand_id) == entry


@pytest.mark.parametrize("ended", ["finished", "closed"])
@pytest.mark.asyncio
async def test_a_match_reads_back_exactly_as_recorded(ledger: Ledger, ended: str) -> None:
    entry = match_entry(ended=ended)
    assert await ledger.record_match(entry) is True
    assert await ledger.matches(GUILD) == [entry]


@pytest.mark.asyncio
async def test_the_same_hand_twice_is_kept_once(ledger: Ledger, backend: Backend) -> None:
    entry = hand_entry()
    assert await ledger.record_hand(entry) is True
    assert await ledger.record_hand(entry) is False
    assert await backend.rows("SELECT COUNT(*) FROM hands") == [(1,)]
    assert await backend.rows("SELECT COUNT(*) FROM hand_seats") == [(4,)]
    assert await backend.rows("SELECT COUNT(*) FROM hand_patterns") == [(3,)]


@pytest.mark.asyncio
async def test_a_replayed_hand_rebuilt_from_json_is_the_same_hand(ledger: Ledger) -> None:
    """After a crash the entry is rebuilt from the live state's JSON: lists for tuples, 48 for 48.0."""
    assert await ledger.record_hand(
        hand_entry(rules={**CLASSIC, "house": ("a", "b")}, score=48.0, payments=(48.0, -48.0, 0.0, 0.0))
    )
    replayed = hand_entry(rules={**CLASSIC, "house": ["a", "b"]}, score=48, payments=(48, -48, 0, 0))
    assert await ledger.record_hand(replayed) is False


@pytest.mark.asyncio
async def test_another_hand_under_a_taken_id_is_refused_and_changes_nothing(ledger: Ledger, backend: Backend) -> None:
    entry = hand_entry()
    await ledger.record_hand(entry)
    before = await backend.dump()
    with pytest.raises(LedgerConflict, match=r"table-1:1.*winner.*payments"):
        await ledger.record_hand(hand_entry(winner=2, payments=(0.0, -48.5, 48.5, 0.0)))
    with pytest.raises(LedgerConflict, match=r"seats"):
        await ledger.record_hand(hand_entry(seats=(*SEATS[:3], SeatEntry("Dan", 14, None))))
    assert await backend.dump() == before
    assert await ledger.hand(entry.hand_id) == entry


@pytest.mark.asyncio
async def test_the_same_match_twice_is_kept_once_and_another_refused(ledger: Ledger, backend: Backend) -> None:
    entry = match_entry()
    assert await ledger.record_match(entry) is True
    assert await ledger.record_match(entry) is False
    with pytest.raises(LedgerConflict, match=r"match table-1.*ended"):
        await ledger.record_match(match_entry(ended="closed"))
    assert await backend.rows("SELECT COUNT(*), MIN(ended) FROM matches") == [(1, "finished")]
    assert await backend.rows("SELECT COUNT(*) FROM match_seats") == [(4,)]


@pytest.mark.asyncio
async def test_ten_writers_on_two_connections_record_a_hand_once(ledger: Ledger, backend: Backend) -> None:
    other = await backend.open_ledger()
    try:
        entry = hand_entry()
        results = await asyncio.gather(*((ledger if index % 2 else other).record_hand(entry) for index in range(10)))
    finally:
        await other.close()
    assert sorted(results) == [False] * 9 + [True]
    assert await backend.rows("SELECT COUNT(*) FROM hands") == [(1,)]
    assert await backend.rows("SELECT COUNT(*) FROM hand_seats") == [(4,)]


# Any text but NUL, which neither backend keeps (PostgreSQL's text cannot hold it).
def _text(min_size: int = 0, max_size: int | None = None) -> st.SearchStrategy[str]:
    # st.text's own alphabet (no surrogates, which no UTF-8 store keeps), NUL left out too
    alphabet = st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")
    return st.text(alphabet, min_size=min_size, max_size=max_size)


_seat_strategy = st.builds(
    SeatEntry,
    name=_text(max_size=20),
    member_id=st.none() | st.integers(min_value=1, max_value=2**63 - 1),
    computer=st.none() | st.sampled_from(["basic", "strong"]),
)
_amount = st.floats(allow_nan=False, allow_infinity=False, width=64)


@st.composite
def _hands(draw: st.DrawFn) -> HandEntry:
    seats = tuple(draw(st.lists(_seat_strategy, min_size=2, max_size=4)))
    winner = draw(st.none() | st.integers(0, len(seats) - 1))
    self_drawn = winner is not None and draw(st.booleans())
    others = [seat for seat in range(len(seats)) if seat != winner]
    discarder = None if winner is None or self_drawn else draw(st.sampled_from(others))
    return hand_entry(
        hand_id=draw(_text(min_size=1, max_size=30)),
        rules={
            "name": draw(st.sampled_from(["classic", "hongkong", "family"])),
            "options": draw(st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5))),
        },
        seats=seats,
        winner=winner,
        discarder=discarder,
        self_drawn=self_drawn,
        score=draw(_amount),
        fan=draw(st.integers(0, 13)),
        payments=tuple(draw(_amount) for _ in seats),
        patterns=tuple(draw(st.lists(_text(min_size=1, max_size=12), max_size=6))),
        record=draw(_text(max_size=200)),
        finished_at=draw(_amount),
    )


@pytest.mark.asyncio
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(entry=_hands())
async def test_any_hand_reads_back_exactly_and_is_kept_once(ledger: Ledger, entry: HandEntry) -> None:
    entry = dataclasses.replace(entry, hand_id=f"{uuid.uuid4().hex}{entry.hand_id}")  # the ledger outlives an example
    assert await ledger.record_hand(entry) is True
    assert await ledger.hand(entry.hand_id) == entry
    assert await ledger.record_hand(entry) is False


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"payments": (1.0, -1.0)}, r"2 payments for 4 seats"),
        ({"winner": 4}, r"winner must be a seat from 0 to 3, not 4"),
        ({"discarder": 0}, r"discarder must be another seat than the winner"),
        ({"winner": None}, r"discarder must be another seat"),
        ({"self_drawn": True}, r"self-drawn hand has a winner and no discarder"),
        ({"score": float("nan")}, r"finite"),
        ({"rules": {"jokers": True}}, r"names its rule set"),
        ({"hand_id": ""}, r"hand_id must not be empty"),
        ({"record": "D 0 5p\x00"}, r"hand: a text must not hold a NUL character"),
        ({"patterns": ("mahjong", "\x00")}, r"patterns: a text must not hold a NUL character"),
    ],
)
def test_an_inconsistent_hand_cannot_be_built(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(LedgerValueError, match=message):
        hand_entry(**changes)


@pytest.mark.asyncio
async def test_a_hand_whose_rules_are_not_json_is_refused_and_nothing_written(ledger: Ledger, backend: Backend) -> None:
    with pytest.raises(LedgerValueError, match=r"rules must be a JSON document"):
        await ledger.record_hand(hand_entry(rules={"name": "classic", "when": object()}))
    assert await backend.rows("SELECT COUNT(*) FROM hands") == [(0,)]


def test_a_seat_named_with_a_nul_character_cannot_be_built() -> None:
    with pytest.raises(LedgerValueError, match=r"seats: a text must not hold a NUL"):
        SeatEntry("Al\x00ice", ALICE, None)


def test_an_inconsistent_match_cannot_be_built() -> None:
    with pytest.raises(LedgerValueError, match=r"3 totals for 4 seats"):
        match_entry(totals=(1.0, 2.0, -3.0))
    with pytest.raises(LedgerValueError, match=r"ended must be one of finished, closed, not 'abandoned'"):
        match_entry(ended="abandoned")


# --- queries ------------------------------------------------------------------------------------------


async def _seed_hands(ledger: Ledger) -> list[HandEntry]:
    """Six hands in GUILD, oldest first (Carol sits out the hongkong ones), one elsewhere."""
    without_carol = (*SEATS[:2], SeatEntry("Dan", 14, None), SEATS[3])
    entries = [
        hand_entry(1, finished_at=100.0),
        hand_entry(2, finished_at=200.0, rules=HONGKONG, seats=without_carol),
        hand_entry(3, finished_at=300.0),
        hand_entry(4, finished_at=400.0, rules=HONGKONG, seats=without_carol),
        hand_entry(5, finished_at=500.0),
        hand_entry(6, finished_at=500.0),  # the same second as 5: the id breaks the tie
    ]
    for entry in random.Random(3).sample(entries, len(entries)):
        await ledger.record_hand(entry)
    await ledger.record_hand(hand_entry(7, guild_id=OTHER_GUILD, hand_id="elsewhere:7", finished_at=900.0))
    return entries


def _numbers(entries: list[HandEntry]) -> list[int]:
    return [entry.number for entry in entries]


@pytest.mark.asyncio
async def test_hands_newest_first_for_one_server(ledger: Ledger) -> None:
    seeded = await _seed_hands(ledger)
    found = await ledger.hands(GUILD)
    assert _numbers(found) == [6, 5, 4, 3, 2, 1]
    assert found == sorted(seeded, key=lambda entry: (entry.finished_at, entry.hand_id), reverse=True)


@pytest.mark.asyncio
async def test_hands_by_member_rules_and_since(ledger: Ledger) -> None:
    await _seed_hands(ledger)
    assert _numbers(await ledger.hands(GUILD, member_id=CAROL)) == [6, 5, 3, 1]
    assert _numbers(await ledger.hands(GUILD, member_id=14)) == [4, 2]
    assert _numbers(await ledger.hands(GUILD, member_id=999)) == []
    assert _numbers(await ledger.hands(GUILD, rules="hongkong")) == [4, 2]
    assert _numbers(await ledger.hands(GUILD, since=300.0)) == [6, 5, 4, 3]
    assert _numbers(await ledger.hands(GUILD, member_id=ALICE, rules="classic", since=200.0)) == [6, 5, 3]
    assert _numbers(await ledger.hands(OTHER_GUILD, member_id=ALICE)) == [7]


@pytest.mark.asyncio
async def test_hands_paged(ledger: Ledger) -> None:
    await _seed_hands(ledger)
    pages = [_numbers(await ledger.hands(GUILD, limit=4, offset=offset)) for offset in (0, 4, 8)]
    assert pages == [[6, 5, 4, 3], [2, 1], []]
    assert _numbers(await ledger.hands(GUILD, member_id=CAROL, limit=2, offset=1)) == [5, 3]


@pytest.mark.parametrize(
    ("limit", "offset", "message"),
    [
        (0, 0, r"limit must be at least 1, not 0"),
        (10, -1, r"offset must be 0 or more, not -1"),
    ],
)
@pytest.mark.asyncio
async def test_a_page_that_cannot_exist_is_refused(ledger: Ledger, limit: int, offset: int, message: str) -> None:
    with pytest.raises(LedgerValueError, match=message):
        await ledger.hands(GUILD, limit=limit, offset=offset)
    with pytest.raises(LedgerValueError, match=message):
        await ledger.matches(GUILD, limit=limit, offset=offset)


@pytest.mark.asyncio
async def test_matches_newest_first_by_member_and_paged(ledger: Ledger) -> None:
    without_alice = (SeatEntry("Dan", 14, None), *SEATS[1:])
    entries = [
        match_entry(
            match_id=f"table-{index}",
            table_id=f"table-{index}",
            finished_at=1000.0 + index,
            seats=SEATS if index % 2 else without_alice,
        )
        for index in range(5)
    ]
    for entry in entries:
        await ledger.record_match(entry)
    await ledger.record_match(match_entry(match_id="elsewhere", guild_id=OTHER_GUILD, finished_at=9999.0))
    assert await ledger.matches(GUILD) == entries[::-1]
    assert [entry.match_id for entry in await ledger.matches(GUILD, member_id=ALICE)] == ["table-3", "table-1"]
    assert await ledger.matches(GUILD, limit=2, offset=2) == [entries[2], entries[1]]
    assert await ledger.matches(GUILD, member_id=999) == []


# --- settings and mentions ----------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_server_without_settings_gets_the_defaults(ledger: Ledger) -> None:
    assert await ledger.guild_settings(GUILD) == GuildSettings()
    assert GuildSettings() == GuildSettings(
        default_rules="classic",
        default_speed="live",
        turn_seconds=None,
        claim_seconds=None,
        table_channels=(),
        computers_allowed=True,
        mentions=True,
        lang=None,
    )


@pytest.mark.asyncio
async def test_settings_read_back_per_server(ledger: Ledger) -> None:
    chosen = GuildSettings(
        default_rules="hongkong",
        default_speed="async",
        turn_seconds=6 * 3600.0,
        claim_seconds=5,
        table_channels=(123, 456),
        computers_allowed=False,
        mentions=False,
        lang="fr",
    )
    await ledger.set_guild_settings(GUILD, chosen)
    assert await ledger.guild_settings(GUILD) == chosen
    assert await ledger.guild_settings(OTHER_GUILD) == GuildSettings()
    changed = dataclasses.replace(chosen, table_channels=(), lang=None)
    await ledger.set_guild_settings(GUILD, changed)
    assert await ledger.guild_settings(GUILD) == changed


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        (
            {"default_rules": "riichi"},
            "default_rules",
            r"default_rules must be one of classic, hongkong, family, not 'riichi'",
        ),
        ({"default_speed": "slow"}, "default_speed", r"default_speed must be one of live, async, not 'slow'"),
        (
            {"turn_seconds": 4.9},
            "turn_seconds",
            r"turn_seconds must be between 5 seconds and 7 days \(604800 seconds\)",
        ),
        ({"claim_seconds": 7 * 86400 + 1}, "claim_seconds", r"claim_seconds must be between 5 seconds and 7 days"),
        ({"turn_seconds": float("nan")}, "turn_seconds", r"turn_seconds must be between"),
        ({"table_channels": (123, -4)}, "table_channels", r"table_channels must be channel ids, not -4"),
        ({"lang": "de"}, "lang", rf"lang must be one of {', '.join(LANGS)}, not 'de'"),
        ({"lang": "zh-TW"}, "lang", rf"lang must be one of {', '.join(LANGS)}, not 'zh-TW'"),  # Discord's spelling
    ],
)
@pytest.mark.asyncio
async def test_settings_out_of_range_are_refused_with_a_message_and_nothing_written(
    ledger: Ledger, changes: dict[str, Any], field: str, message: str
) -> None:
    kept = GuildSettings(default_rules="family")
    await ledger.set_guild_settings(GUILD, kept)
    with pytest.raises(LedgerValueError, match=message) as refused:
        await ledger.set_guild_settings(GUILD, GuildSettings(**changes))
    assert refused.value.field == field
    assert await ledger.guild_settings(GUILD) == kept


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_every_catalog_language_is_a_setting_stored_as_its_code(ledger: Ledger, lang: str) -> None:
    await ledger.set_guild_settings(GUILD, GuildSettings(lang=lang))
    assert (await ledger.guild_settings(GUILD)).lang == lang
    assert GuildSettings.from_document(GuildSettings(lang=lang).to_document()).lang == lang


@pytest.mark.parametrize("seconds", [5, 5.0, 604800])
def test_settings_at_the_edges_of_the_range_are_valid(seconds: float) -> None:
    GuildSettings(turn_seconds=seconds, claim_seconds=seconds).validate()


def test_settings_stored_by_another_release_read_with_defaults() -> None:
    older = {"default_rules": "hongkong", "table_channels": [5]}
    newer = {**GuildSettings().to_document(), "tournament_mode": True}
    assert GuildSettings.from_document(older) == GuildSettings(default_rules="hongkong", table_channels=(5,))
    assert GuildSettings.from_document(newer) == GuildSettings()


@pytest.mark.asyncio
async def test_members_may_opt_out_of_mentions_per_server(ledger: Ledger) -> None:
    assert await ledger.member_mentions(GUILD, ALICE) is True
    await ledger.set_member_mentions(GUILD, ALICE, False)
    assert await ledger.member_mentions(GUILD, ALICE) is False
    assert await ledger.member_mentions(OTHER_GUILD, ALICE) is True
    assert await ledger.member_mentions(GUILD, BOB) is True
    await ledger.set_member_mentions(GUILD, ALICE, True)
    assert await ledger.member_mentions(GUILD, ALICE) is True


# --- the file: migrations -----------------------------------------------------------------------------


def test_the_shipped_migrations_are_numbered_from_one_without_gaps() -> None:
    assert [migration.version for migration in MIGRATIONS] == list(range(1, LATEST_VERSION + 1))
    assert LATEST_VERSION >= 2
    assert all(migration.statements for migration in MIGRATIONS)


@pytest.mark.parametrize("empty", ["missing", "zero bytes"])
@pytest.mark.asyncio
async def test_an_empty_file_is_migrated_to_the_latest_version(path: pathlib.Path, empty: str) -> None:
    if empty == "zero bytes":
        path.write_bytes(b"")
    ledger = await SqliteLedger.open(path)
    await ledger.close()
    assert rows(path, "SELECT version, name FROM ledger_migrations ORDER BY version") == [
        (migration.version, migration.name) for migration in MIGRATIONS
    ]
    assert rows(path, "PRAGMA journal_mode") == [("wal",)]
    assert rows(path, "PRAGMA user_version") == [(0,)]  # the file's, not the ledger's


@pytest.mark.parametrize("version", range(LATEST_VERSION))
@pytest.mark.asyncio
async def test_each_earlier_version_upgrades_to_the_latest_schema(tmp_path: pathlib.Path, version: int) -> None:
    fresh, upgraded = tmp_path / "fresh.db", tmp_path / "upgraded.db"
    await (await SqliteLedger.open(fresh)).close()
    await build_at_version(upgraded, version)
    assert rows(upgraded, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'hands'") == [(min(version, 1),)]
    await (await SqliteLedger.open(upgraded)).close()
    assert schema(upgraded) == schema(fresh)
    assert rows(upgraded, "SELECT version, name FROM ledger_migrations") == rows(
        fresh, "SELECT version, name FROM ledger_migrations"
    )


@pytest.mark.asyncio
async def test_a_version_1_file_keeps_its_rows_when_upgraded(path: pathlib.Path) -> None:
    await build_at_version(path, 1)
    entry, match = hand_entry(), match_entry()
    with sqlite3.connect(path) as connection:  # as release 1 wrote them: matches had no "ended" yet
        connection.execute(
            "INSERT INTO hands VALUES (?, ?, ?, ?, ?, 'classic', ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                entry.hand_id,
                entry.guild_id,
                entry.table_id,
                entry.match_id,
                entry.number,
                '{"jokers":false,"length":"four_winds","minimum_fan":0,"name":"classic"}',
                entry.winner,
                entry.discarder,
                0,
                entry.score,
                entry.fan,
                entry.record,
                entry.finished_at,
            ),
        )
        connection.executemany(
            "INSERT INTO hand_seats VALUES (?, ?, ?, ?, ?, ?)",
            [
                (entry.hand_id, index, seat.member_id, seat.name, seat.computer, payment)
                for index, (seat, payment) in enumerate(zip(entry.seats, entry.payments, strict=True))
            ],
        )
        connection.executemany(
            "INSERT INTO hand_patterns VALUES (?, ?, ?)",
            [(entry.hand_id, index, pattern) for index, pattern in enumerate(entry.patterns)],
        )
        connection.execute(
            "INSERT INTO matches VALUES (?, ?, ?, 'classic', ?, ?, ?)",
            (
                match.match_id,
                match.guild_id,
                match.table_id,
                '{"jokers":false,"length":"four_winds","minimum_fan":0,"name":"classic"}',
                match.hands,
                match.finished_at,
            ),
        )
        connection.executemany(
            "INSERT INTO match_seats VALUES (?, ?, ?, ?, ?, ?)",
            [
                (match.match_id, index, seat.member_id, seat.name, seat.computer, total)
                for index, (seat, total) in enumerate(zip(match.seats, match.totals, strict=True))
            ],
        )
        connection.execute("INSERT INTO guild_settings VALUES (?, ?)", (GUILD, '{"default_rules":"family"}'))
        connection.execute("INSERT INTO member_preferences VALUES (?, ?, 0)", (GUILD, BOB))
    connection.close()
    ledger = await SqliteLedger.open(path)
    try:
        assert await ledger.hands(GUILD) == [entry]
        assert await ledger.matches(GUILD, member_id=ALICE) == [match]  # ended: "finished"
        assert await ledger.guild_settings(GUILD) == GuildSettings(default_rules="family")
        assert await ledger.member_mentions(GUILD, BOB) is False
        assert await ledger.record_hand(entry) is False
    finally:
        await ledger.close()
    assert rows(path, "SELECT MAX(version) FROM ledger_migrations") == [(LATEST_VERSION,)]


@pytest.mark.asyncio
async def test_opening_a_migrated_file_again_changes_nothing(path: pathlib.Path) -> None:
    ledger = await SqliteLedger.open(path)
    await ledger.record_hand(hand_entry())
    await ledger.record_match(match_entry())
    await ledger.set_guild_settings(GUILD, GuildSettings(lang="fr"))
    await ledger.close()
    before = dump(path)
    for _ in range(2):
        await (await SqliteLedger.open(path)).close()
    assert dump(path) == before


@pytest.mark.asyncio
@pytest.mark.parametrize("attempt", range(5))  # the races are in SQLite's locks: give them chances
async def test_several_connections_opening_a_new_file_at_once_migrate_it_once(
    tmp_path: pathlib.Path, attempt: int
) -> None:
    path = tmp_path / f"new-{attempt}.sqlite3"
    ledgers = await asyncio.gather(*(SqliteLedger.open(path) for _ in range(4)), return_exceptions=True)
    opened = [ledger for ledger in ledgers if isinstance(ledger, SqliteLedger)]
    try:
        assert opened == ledgers
        assert await opened[0].record_hand(hand_entry())
        assert await opened[3].has_hand(hand_entry().hand_id)
    finally:
        for ledger in opened:
            await ledger.close()
    assert rows(path, "SELECT version FROM ledger_migrations ORDER BY version") == [
        (version,) for version in range(1, LATEST_VERSION + 1)
    ]


# --- the file: refused untouched ----------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_file_from_a_newer_release_is_refused_naming_the_versions(path: pathlib.Path) -> None:
    await (await SqliteLedger.open(path)).close()
    newer = LATEST_VERSION + 1
    with sqlite3.connect(path) as connection:
        connection.execute("INSERT INTO ledger_migrations VALUES (?, ?, 0)", (newer, f"{newer:04}_from_the_future"))
        connection.execute("ALTER TABLE hands ADD COLUMN future TEXT")
    connection.close()
    before = dump(path)
    with pytest.raises(LedgerFileError, match=rf"mahjong-bot\.sqlite3.*version {newer}.*up to {LATEST_VERSION}"):
        await SqliteLedger.open(path)
    assert dump(path) == before


@pytest.mark.asyncio
async def test_a_corrupt_file_is_refused_naming_it_and_left_unchanged(path: pathlib.Path) -> None:
    garbage = random.Random(7).randbytes(8192)
    path.write_bytes(garbage)
    with pytest.raises(LedgerFileError, match=r"mahjong-bot\.sqlite3"):
        await SqliteLedger.open(path)
    assert path.read_bytes() == garbage


@pytest.mark.asyncio
async def test_an_unopenable_path_is_refused_naming_it(tmp_path: pathlib.Path) -> None:
    with pytest.raises(LedgerFileError, match=r"no-such-folder"):
        await SqliteLedger.open(tmp_path / "no-such-folder" / "ledger.db")
    # aiosqlite answers a failed connect's clean-up from its worker thread after the error reached us:
    # let the thread end before this test's event loop closes, or it raises into a later test.
    for thread in threading.enumerate():
        if thread.name.endswith("(_connection_worker_thread)"):
            await asyncio.to_thread(thread.join, 5.0)


def _foreign_hands(connection: sqlite3.Connection) -> None:
    connection.execute("CREATE TABLE hands (id INTEGER PRIMARY KEY, player TEXT, points INTEGER)")
    connection.execute("INSERT INTO hands VALUES (1, 'someone', 30)")


def _foreign_migrations_table(connection: sqlite3.Connection) -> None:
    connection.execute("CREATE TABLE ledger_migrations (id TEXT, done INTEGER)")


def _foreign_history(connection: sqlite3.Connection) -> None:
    connection.execute(
        "CREATE TABLE ledger_migrations (version INTEGER PRIMARY KEY NOT NULL, name TEXT NOT NULL,"
        " applied_at REAL NOT NULL) STRICT"
    )
    connection.execute("INSERT INTO ledger_migrations VALUES (1, '0001_something_else', 0)")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_foreign_hands, r"table hands exists but ledger version 0 has none"),
        (_foreign_migrations_table, r"table ledger_migrations is not the ledger's"),
        (_foreign_history, r"the ledger records migrations \[\(1, '0001_something_else'\)\]"),
    ],
)
@pytest.mark.asyncio
async def test_a_foreign_sqlite_file_is_refused_and_left_unchanged(path: pathlib.Path, make: Any, message: str) -> None:
    with sqlite3.connect(path) as connection:
        make(connection)
    connection.close()
    before = path.read_bytes()
    with pytest.raises(LedgerFileError, match=rf"mahjong-bot\.sqlite3: {message}"):
        await SqliteLedger.open(path)
    assert path.read_bytes() == before


@pytest.mark.asyncio
async def test_a_ledger_table_changed_behind_its_version_is_refused(path: pathlib.Path) -> None:
    await (await SqliteLedger.open(path)).close()
    with sqlite3.connect(path) as connection:
        connection.execute("DROP INDEX hand_seats_by_member")
        connection.execute("ALTER TABLE hand_seats ADD COLUMN extra TEXT")
    connection.close()
    before = dump(path)
    changed = rf"table hand_seats has other columns than in ledger version {LATEST_VERSION}"
    with pytest.raises(LedgerFileError, match=changed):
        await SqliteLedger.open(path)
    assert dump(path) == before


# --- the file: locks and the live state beside the ledger ---------------------------------------------


@pytest.mark.asyncio
async def test_locked_past_the_timeout_raises_store_unavailable(path: pathlib.Path) -> None:
    ledger = await SqliteLedger.open(path)
    await ledger.record_hand(hand_entry(1))
    await ledger.close()
    impatient = await SqliteLedger.open(path, busy_timeout=0.05)
    blocker = sqlite3.connect(path, isolation_level=None)
    try:
        blocker.execute("BEGIN IMMEDIATE")
        with pytest.raises(StoreUnavailable):
            await impatient.record_hand(hand_entry(2))
        with pytest.raises(StoreUnavailable):
            await impatient.set_guild_settings(GUILD, GuildSettings(lang="fr"))
        assert await impatient.hand("table-1:1") == hand_entry(1)  # WAL: reads go on
        blocker.execute("ROLLBACK")
        assert await impatient.record_hand(hand_entry(2)) is True
    finally:
        blocker.close()
        await impatient.close()


@pytest.mark.asyncio
@pytest.mark.parametrize("mode", ["delete", "wal"])
async def test_a_file_another_connection_is_writing_is_migrated_once_it_is_done(path: pathlib.Path, mode: str) -> None:
    """Another connection writing meanwhile (the live state, another process opening the same new file)
    is waited for, in WAL mode and in rollback mode, where SQLite answers busy at once to the switch
    to WAL instead of waiting for the writer."""
    writer = sqlite3.connect(path, isolation_level=None)
    try:
        writer.execute(f"PRAGMA journal_mode = {mode}")
        writer.execute("CREATE TABLE notes (text TEXT)")
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("INSERT INTO notes VALUES ('still writing')")
        asyncio.get_running_loop().call_later(0.2, writer.execute, "COMMIT")
        ledger = await SqliteLedger.open(path)
        await ledger.close()
    finally:
        writer.close()
    assert rows(path, "PRAGMA journal_mode") == [("wal",)]
    assert rows(path, "SELECT MAX(version) FROM ledger_migrations") == [(LATEST_VERSION,)]
    assert rows(path, "SELECT text FROM notes") == [("still writing",)]


@pytest.mark.asyncio
async def test_opening_a_new_file_locked_past_the_timeout_raises_store_unavailable(path: pathlib.Path) -> None:
    live = await SqliteLiveStore.open(path)
    blocker = sqlite3.connect(path, isolation_level=None)
    try:
        blocker.execute("BEGIN IMMEDIATE")
        with pytest.raises(StoreUnavailable):
            await SqliteLedger.open(path, busy_timeout=0.05)
        blocker.execute("ROLLBACK")
        assert rows(path, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'ledger_migrations'") == [(0,)]
        await (await SqliteLedger.open(path)).close()
    finally:
        blocker.close()
        await live.close()


@pytest.mark.parametrize("first", ["live", "ledger"])
@pytest.mark.asyncio
async def test_the_live_state_and_the_ledger_share_one_file(path: pathlib.Path, first: str) -> None:
    async def open_both() -> tuple[SqliteLiveStore, SqliteLedger]:
        if first == "live":
            live = await SqliteLiveStore.open(path)
            return live, await SqliteLedger.open(path)
        ledger = await SqliteLedger.open(path)
        return await SqliteLiveStore.open(path), ledger

    live, ledger = await open_both()
    try:
        assert await live.create("table:1", {"pending": ["table-1:1"]}, deadline=50.0)
        assert await ledger.record_hand(hand_entry(1))
        assert await live.write("table:1", 1, {"pending": []}) == 2
        assert await ledger.record_match(match_entry())
    finally:
        await live.close()
        await ledger.close()
    live, ledger = await open_both()  # and again, on a file both have written
    try:
        assert await live.read("table:1") == Versioned(version=2, document={"pending": []})
        assert await ledger.hands(GUILD) == [hand_entry(1)]
        assert await ledger.record_hand(hand_entry(1)) is False
    finally:
        await live.close()
        await ledger.close()
    assert rows(path, "PRAGMA journal_mode") == [("wal",)]


# --- PostgreSQL's database ----------------------------------------------------------------------------


@pytest.mark.postgres
def test_the_postgres_migrations_are_numbered_from_one_without_gaps() -> None:
    assert [migration.version for migration in POSTGRES_MIGRATIONS] == list(range(1, POSTGRES_LATEST_VERSION + 1))
    assert all(migration.sql.strip() for migration in POSTGRES_MIGRATIONS)


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_an_empty_postgres_database_is_migrated_to_the_latest_version(postgres_schema: PostgresSchema) -> None:
    await (await PostgresLedger.open(postgres_schema.url)).close()
    recorded = await postgres_schema.raw.fetch("SELECT version, name FROM ledger_migrations ORDER BY version")
    assert [tuple(row) for row in recorded] == [
        (migration.version, migration.name) for migration in POSTGRES_MIGRATIONS
    ]
    tables = await postgres_schema.raw.fetch(
        "SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY 1", postgres_schema.name
    )
    assert [row[0] for row in tables] == [
        "guild_settings",
        "hand_patterns",
        "hand_seats",
        "hands",
        "ledger_migrations",
        "match_seats",
        "matches",
        "member_preferences",
        "rated_matches",
        "rating_changes",
        "ratings",
        "season_modes",
        "solitaire_post_channels",
        "solitaire_pseudonyms",
        "solitaire_results",
        "tournament_names",
        "tournament_players",
        "tournament_seats",
        "tournament_tables",
        "tournaments",
    ]


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_opening_a_migrated_postgres_database_again_changes_nothing(postgres_schema: PostgresSchema) -> None:
    ledger = await PostgresLedger.open(postgres_schema.url)
    await ledger.record_hand(hand_entry())
    await ledger.record_match(match_entry())
    await ledger.set_guild_settings(GUILD, GuildSettings(lang="fr"))
    await ledger.close()
    before = await postgres_dump(postgres_schema)
    for _ in range(2):
        await (await PostgresLedger.open(postgres_schema.url)).close()
    assert await postgres_dump(postgres_schema) == before


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_several_processes_opening_a_new_postgres_database_at_once_migrate_it_once(
    postgres_schema: PostgresSchema,
) -> None:
    ledgers = await asyncio.gather(*(PostgresLedger.open(postgres_schema.url) for _ in range(4)))
    try:
        assert await ledgers[0].record_hand(hand_entry())
        assert await ledgers[3].has_hand(hand_entry().hand_id)
    finally:
        for ledger in ledgers:
            await ledger.close()
    recorded = await postgres_schema.raw.fetch("SELECT version FROM ledger_migrations ORDER BY version")
    assert [row[0] for row in recorded] == list(range(1, POSTGRES_LATEST_VERSION + 1))


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_a_postgres_database_from_a_newer_release_is_refused_untouched(postgres_schema: PostgresSchema) -> None:
    await (await PostgresLedger.open(postgres_schema.url)).close()
    newer = POSTGRES_LATEST_VERSION + 1
    await postgres_schema.raw.execute(
        "INSERT INTO ledger_migrations VALUES ($1, $2, 0)", newer, f"{newer:04}_from_the_future"
    )
    await postgres_schema.raw.execute("ALTER TABLE hands ADD COLUMN future TEXT")
    before = await postgres_dump(postgres_schema)
    with pytest.raises(LedgerFileError, match=rf"version {newer}.*up to {POSTGRES_LATEST_VERSION}"):
        await PostgresLedger.open(postgres_schema.url)
    assert await postgres_dump(postgres_schema) == before


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_a_postgres_database_with_another_programs_tables_is_refused_untouched(
    postgres_schema: PostgresSchema,
) -> None:
    await postgres_schema.raw.execute("CREATE TABLE hands (id INTEGER PRIMARY KEY, player TEXT)")
    await postgres_schema.raw.execute("INSERT INTO hands VALUES (1, 'someone')")
    before = await postgres_dump(postgres_schema)
    with pytest.raises(LedgerFileError, match=r"ledger version 0 has no such table.*another program's tables"):
        await PostgresLedger.open(postgres_schema.url)
    assert await postgres_dump(postgres_schema) == before


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_a_postgres_server_that_does_not_answer_is_store_unavailable() -> None:
    with pytest.raises(StoreUnavailable):
        await PostgresLedger.open("postgresql://postgres@127.0.0.1:1/test")


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_a_postgres_database_that_does_not_exist_is_store_failed() -> None:
    with pytest.raises(StoreFailed) as failed:
        await PostgresLedger.open(f"postgresql://postgres@127.0.0.1:5432/no_such_{uuid.uuid4().hex}")
    assert not isinstance(failed.value, StoreUnavailable)


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_a_postgres_url_asyncpg_cannot_read_is_store_failed() -> None:
    with pytest.raises(StoreFailed, match=r"not a PostgreSQL URL asyncpg can read"):
        await PostgresLedger.open("postgresql://postgres@127.0.0.1:port/test")

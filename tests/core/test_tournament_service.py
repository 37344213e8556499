"""Tournaments kept in the live store (both backends): a document read back exactly at every stage of a
tournament's life, a damaged one refused, transitions applied with compare-and-set (two processes
signing members up at once lose none), a refusal writing nothing, and a restart finding it as it was."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import replace
from typing import Any

import pytest

from core.refusal import Refusal
from core.tournaments import tournament as life
from core.tournaments.document import (
    TournamentDocumentError,
    from_document,
    index_document,
    index_from_document,
    to_document,
)
from core.tournaments.service import UNDER_WAY_KEY, TournamentService, guild_index_key, tournament_key
from core.tournaments.tournament import Tournament, TournamentSettings
from data.live import LiveStore, Versioned
from tests.core.tournament_helpers import schedule_of
from tests.data.test_live_contract import redis_store, sqlite_store, store  # noqa: F401 (the backends)

SETTINGS = TournamentSettings(
    rules="classic", rounds=1, signup_closes=100.0, checkin=50.0, name="Coupe d'hiver", speed="async", lang="fr"
)
SCHEDULE = schedule_of((((0, 1, 2, 3), (4, -1, -1, -1)),))


def lives() -> list[Tournament]:
    """One tournament at each stage: signing up, seated, a table opened, one ended, over."""
    made = life.create("t1", 7, 1, SETTINGS, seed=9)
    stages = [made]
    for member in range(11, 16):
        made = life.join(made, member, 10.0, name=f"Joueuse {member}" if member % 2 else "")
    for member in range(11, 16):
        made = life.check_in(made, member, 120.0)
    stages.append(made)
    made = life.start(made, 1, SCHEDULE, 150.0)
    stages.append(made)
    made = life.table_opened(life.table_opened(made, 1, 0, "tab-a"), 1, 1, "tab-b")
    made = life.leave(made, 12, 160.0)
    stages.append(made)
    made = life.table_finished(made, "tab-a", ((10, -5, -5, 0), (0, 0, 2.5, -2.5)))
    stages.append(made)
    made = life.next_round(life.table_finished(made, "tab-b", ((0, 0, 0, 0),)), 300.0)
    stages.append(made)
    return stages


@pytest.mark.parametrize("stage", range(6))
def test_a_tournament_is_read_back_as_it_was_written(stage: int) -> None:
    made = lives()[stage]
    assert from_document(to_document(made)) == made


def test_members_are_named_as_they_joined_and_a_tournament_stored_before_names_reads() -> None:
    made = lives()[1]
    assert (made.name_of(11), made.name_of(12)) == ("Joueuse 11", "#12")  # 12 joined without a name
    older = to_document(made)
    for field in ("name", "speed", "lang"):
        del older["settings"][field]
    del older["names"]
    read = from_document(older)
    assert (read.settings.name, read.settings.speed, read.settings.lang, read.names) == ("", "live", "en", {})


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("status",), "running"),
        (("format",), 2),
        (("guild",), "7"),
        (("signed",), [11, 11]),
        (("schedule",), [[[0, 1, 2]]]),
        (("tables", 0, "seats"), "11,12"),
        (("settings", "rounds"), 40),
        (("settings", "rules"), "family"),
        (("tables", 0, "hands"), [[1, 2, 3]]),
        (("settings", "speed"), "slow"),
        (("settings", "lang"), "de"),
        (("settings", "name"), 5),
        (("names",), {"eleven": "Ann"}),
        (("names",), {"11": ""}),
    ],
)
def test_a_damaged_document_is_refused_with_what_is_wrong(path: tuple[Any, ...], value: Any) -> None:
    document = to_document(lives()[4])
    place: Any = document
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    with pytest.raises(TournamentDocumentError):
        from_document(document)


@pytest.mark.asyncio
async def test_two_processes_signing_up_at_once_lose_no_one_and_a_restart_finds_it(store: LiveStore) -> None:  # noqa: F811
    now = [10.0]
    ids = (f"t{n}" for n in itertools.count())
    first = TournamentService(store, lambda: now[0], make_id=lambda: next(ids), make_seed=lambda: 5)
    second = TournamentService(store, lambda: now[0])
    opened = await first.open(7, 1, SETTINGS)
    assert opened.version == 1 and opened.tournament.status == "signup"

    def joining(member: int) -> Any:
        return lambda made, at: life.join(made, member, at)

    async def sign_up(service: TournamentService, members: range) -> None:
        for member in members:  # at a member's pace: a press, then the next one's
            for _ in range(5):  # "busy" (the other process kept winning): the member presses again
                try:
                    await service.update("t0", joining(member))
                    break
                except Refusal as refusal:
                    assert refusal.key == "busy"
            await asyncio.sleep(0.002)

    await asyncio.gather(sign_up(first, range(0, 20, 2)), sign_up(second, range(1, 20, 2)))
    found = await second.read("t0")
    assert found is not None and sorted(found.tournament.signed) == list(range(20)) and found.version == 21

    with pytest.raises(Refusal) as refused:  # joined already: refused, nothing written
        await first.update("t0", joining(3))
    assert refused.value.key == "tournament_joined"
    assert (await first.read("t0")) == found
    with pytest.raises(Refusal) as missing:
        await first.update("nope", joining(3))
    assert missing.value.key == "no_tournament"

    restarted = TournamentService(store, lambda: now[0])  # a new process on the same store
    assert await restarted.read("t0") == found
    await first.open(8, 2, SETTINGS)  # another server's
    assert [made.id for made in await restarted.of_guild(7)] == ["t0"]


@pytest.mark.asyncio
async def test_the_organiser_starts_it_with_the_schedule_of_those_checked_in(store: LiveStore) -> None:  # noqa: F811
    now = [10.0]
    service = TournamentService(store, lambda: now[0], make_id=lambda: "t9", make_seed=lambda: 1234)
    await service.open(7, 1, replace(SETTINGS, rounds=3))
    for member in range(11, 18):
        await service.update("t9", lambda made, at, m=member: life.join(made, m, at))
    now[0] = 120.0
    with pytest.raises(Refusal) as too_few:  # no one checked in yet
        await service.start("t9", 1)
    assert too_few.value.key == "tournament_too_few"
    for member in range(11, 17):  # 17 never checks in
        await service.update("t9", lambda made, at, m=member: life.check_in(made, m, at))
    with pytest.raises(Refusal) as not_theirs:
        await service.start("t9", 11)
    assert not_theirs.value.key == "tournament_organiser_only"
    started = (await service.start("t9", 1)).tournament
    assert started.status == "playing" and started.players == (11, 12, 13, 14, 15, 16)
    assert started.schedule is not None and len(started.schedule.rounds) == 3
    for tables in started.schedule.rounds:  # six players: two tables, two computer seats a round
        assert sorted(seat for table in tables for seat in table.players) == list(range(6))
        assert sum(table.seats.count(-1) for table in tables) == 2
    assert [table.seats for table in started.round_tables(1)] == [
        tuple(None if seat == -1 else started.players[seat] for seat in table.seats)
        for table in started.schedule.rounds[0]
    ]
    assert (await service.read("t9")) is not None and from_document(to_document(started)) == started


class CountingStore:
    """A live store that notes each key read and each listing, to show what a lookup touched."""

    def __init__(self, inner: LiveStore) -> None:
        self._inner = inner
        self.read_keys: list[str] = []
        self.listings: list[str] = []

    async def read(self, key: str) -> Versioned | None:
        self.read_keys.append(key)
        return await self._inner.read(key)

    async def keys(self, prefix: str) -> list[str]:
        self.listings.append(prefix)
        return await self._inner.keys(prefix)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


@pytest.mark.asyncio
async def test_a_servers_tournaments_are_found_without_reading_another_servers(store: LiveStore) -> None:  # noqa: F811
    ids = (f"t{n}" for n in itertools.count())
    service = TournamentService(store, lambda: 0.0, make_id=lambda: next(ids), make_seed=lambda: 5)
    for guild, closes in ((7, 100.0), (8, 100.0), (7, 300.0), (8, 50.0), (8, 60.0), (7, 200.0)):
        await service.open(guild, 1, replace(SETTINGS, signup_closes=closes))
    every = [found.tournament for found in [await service.read(f"t{n}") for n in range(6)] if found is not None]

    counting = CountingStore(store)
    listed = await TournamentService(counting, lambda: 0.0).of_guild(7)
    # what a scan of every tournament found before the index, in the same order
    assert listed == sorted((made for made in every if made.guild_id == 7), key=lambda m: -m.settings.signup_closes)
    assert [made.id for made in listed] == ["t2", "t5", "t0"]
    assert counting.listings == []
    assert sorted(counting.read_keys) == sorted([guild_index_key(7), *(tournament_key(f"t{n}") for n in (0, 2, 5))])
    assert await service.of_guild(9) == []


@pytest.mark.asyncio
async def test_tournaments_opened_at_once_in_one_server_are_all_indexed(store: LiveStore) -> None:  # noqa: F811
    ids = iter(range(6))
    services = [
        TournamentService(store, lambda: 0.0, make_id=lambda: f"t{next(ids)}", make_seed=lambda: 5) for _ in range(3)
    ]
    await asyncio.gather(*(service.open(7, 1, SETTINGS) for service in services * 2))
    assert sorted(made.id for made in await services[0].of_guild(7)) == [f"t{n}" for n in range(6)]


@pytest.mark.asyncio
async def test_an_indexed_id_without_its_tournament_or_of_another_server_is_passed_over(store: LiveStore) -> None:  # noqa: F811
    service = TournamentService(store, lambda: 0.0, make_id=lambda: "t1", make_seed=lambda: 5)
    await service.open(8, 1, SETTINGS)
    # a process that died between indexing "t0" and writing it; "t1" is server 8's
    assert await store.create(guild_index_key(7), index_document(("t0", "t1")))
    assert await service.of_guild(7) == []
    assert [made.id for made in await service.of_guild(8)] == ["t1"]
    with pytest.raises(Refusal) as taken:  # its id drawn again in server 7: refused, the index as it was
        await service.open(7, 1, SETTINGS)
    assert taken.value.key == "busy"
    found = await store.read(guild_index_key(7))
    assert found is not None and index_from_document(found.document) == ("t0", "t1")


@pytest.mark.asyncio
async def test_the_tournaments_under_way_follow_their_status(store: LiveStore) -> None:  # noqa: F811
    """Opened: not under way. Started: under way, listed before the start is written, read without
    listing any tournament. Paused and played again, over, cancelled (before its start too): still under
    way until ``unlist`` (the ledger has its end); another process's listing at once is kept."""
    ids = (f"t{n}" for n in itertools.count())
    now = [10.0]
    service = TournamentService(store, lambda: now[0], make_id=lambda: next(ids), make_seed=lambda: 5)
    other = TournamentService(store, lambda: now[0])
    played = (await service.open(7, 1, SETTINGS)).tournament
    abandoned = (await service.open(8, 2, SETTINGS)).tournament
    assert await service.under_way() == ()
    for member in range(11, 15):
        await service.update(played.id, lambda made, at, m=member: life.join(made, m, at))
    now[0] = 120.0
    for member in range(11, 15):
        await service.update(played.id, lambda made, at, m=member: life.check_in(made, m, at))
    assert await service.under_way() == ()  # sign-ups and check-ins change no status

    started = (await service.start(played.id, 1)).tournament
    counting = CountingStore(store)
    assert await TournamentService(counting, lambda: now[0]).under_way() == (played.id,)
    assert (counting.read_keys, counting.listings) == ([UNDER_WAY_KEY], [])

    await asyncio.gather(
        service.update(played.id, lambda made, at: life.pause(made, 1)),
        other.update(abandoned.id, lambda made, at: life.cancel(made, 2)),  # before its start
    )
    await service.update(played.id, lambda made, at: life.resume(made, 1))
    assert await other.under_way() == (played.id, abandoned.id)

    assert len(started.round_tables(1)) == 1

    def played_out(made: Tournament, at: float) -> Tournament:
        ended = life.table_finished(life.table_opened(made, 1, 0, "tab-a"), "tab-a", ((0.0, 0.0, 0.0, 0.0),))
        return life.next_round(ended, at)

    over = await service.update(played.id, played_out)
    assert over.tournament.status == "over" and await service.under_way() == (played.id, abandoned.id)
    await other.unlist(played.id)
    await other.unlist(played.id)  # said again: nothing more
    assert await service.under_way() == (abandoned.id,)
    await service.unlist(abandoned.id)
    assert await service.under_way() == ()


@pytest.mark.asyncio
async def test_a_status_is_written_only_once_its_tournament_is_listed(store: LiveStore) -> None:  # noqa: F811
    """The index written first: a process that dies between listing and writing leaves a tournament
    listed that has not started (the sweep passes over it), never one started and not listed."""
    service = TournamentService(store, lambda: 120.0, make_id=lambda: "t1", make_seed=lambda: 5)
    made = (await service.open(7, 1, SETTINGS)).tournament
    for member in range(11, 15):
        made = life.check_in(life.join(made, member, 10.0), member, 120.0)
    assert await store.write(tournament_key("t1"), 1, to_document(made))

    class DiesBeforeWriting:
        def __init__(self, inner: LiveStore) -> None:
            self._inner = inner

        async def write(self, key: str, version: int, document: dict[str, Any], **kwargs: Any) -> int | None:
            if key == tournament_key("t1"):
                raise ConnectionError("the process died")
            return await self._inner.write(key, version, document, **kwargs)

        def __getattr__(self, name: str) -> Any:
            return getattr(self._inner, name)

    dying = TournamentService(DiesBeforeWriting(store), lambda: 120.0)  # type: ignore[arg-type]
    with pytest.raises(ConnectionError):
        await dying.start("t1", 1)
    assert await service.under_way() == ("t1",)
    found = await service.read("t1")
    assert found is not None and found.tournament.status == "signup"


@pytest.mark.asyncio
async def test_a_store_written_before_the_index_gets_it_made_once_from_its_tournaments(store: LiveStore) -> None:  # noqa: F811
    stages = lives()  # signing up, checked in, started, a table opened, one ended, over
    for number, made in enumerate(stages):
        assert await store.create(tournament_key(f"old{number}"), to_document(replace(made, id=f"old{number}")))
    counting = CountingStore(store)
    service = TournamentService(counting, lambda: 0.0)
    assert await service.under_way() == ("old2", "old3", "old4", "old5")  # all but those signing up
    assert counting.listings == [tournament_key("")]
    counting.listings.clear()
    assert await service.under_way() == ("old2", "old3", "old4", "old5")
    assert counting.listings == []  # made once: read from the index after


@pytest.mark.parametrize(
    "document",
    [
        [],
        {"tournaments": ["t1"]},
        {"format": 2, "tournaments": ["t1"]},
        {"format": 1},
        {"format": 1, "tournaments": "t1"},
        {"format": 1, "tournaments": ["t1", "t1"]},
        {"format": 1, "tournaments": ["", "t2"]},
        {"format": 1, "tournaments": [1]},
    ],
)
def test_a_damaged_index_is_refused(document: Any) -> None:
    with pytest.raises(TournamentDocumentError):
        index_from_document(document)
    assert index_from_document(index_document(("t1", "t2"))) == ("t1", "t2")

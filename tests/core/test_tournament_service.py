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
from core.tournaments.document import TournamentDocumentError, from_document, to_document
from core.tournaments.service import TournamentService
from core.tournaments.tournament import Tournament, TournamentSettings
from data.live import LiveStore
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

"""SPEC §9's fair play on the table socket (``web.table_sockets``, ``web.table_hub``), over the application
as the root builds it: a tournament of five page players in one round of two tables (four players at
one, the fifth with three computers). A player of the round is refused the other table's socket, in
words the page shows, until their own table has finished; a player at the table sees it as any table's
seat; an outsider watches it one hand behind, their frames never carrying a tile of the hand being
played, and a finished hand reaches them once the next one has started.

The table clock is left idle (``tick``): the test plays each table by waking it, so only the table it
means to move moves."""

from __future__ import annotations

import pathlib
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
import pytest_asyncio
from aiohttp import WSCloseCode

from core.tables.state import TableState
from core.tournaments import tournament as life
from core.tournaments.schedule import Schedule
from core.tournaments.tournament import Tournament, TournamentSettings
from tests.core.tournament_helpers import schedule_of
from tests.web.test_table_api import Browser, Socket, TableSite, open_table_site
from web.guard import WEB_GUILD
from web.identity import COOKIE, SECRET_KEY, PlayerIds
from web.words import say

pytestmark = pytest.mark.asyncio

ORGANISER = 7
PLAYERS = (11, 12, 13, 14, 15)
OUTSIDER = 99
SCHEDULE = schedule_of((((0, 1, 2, 3), (4, -1, -1, -1)),))


@pytest_asyncio.fixture
async def site(tmp_path: pathlib.Path) -> AsyncIterator[TableSite]:
    opened = await open_table_site(tmp_path, tick=3600.0)  # the clock idle: the test wakes the tables
    try:
        yield opened
    finally:
        await opened.close()


async def tournament_of_two_tables(site: TableSite, schedule: Schedule = SCHEDULE) -> Tournament:
    """The tournament ``PLAYERS`` play on ``schedule`` (two tables a round), started and its first round's
    tables open."""
    tournaments = site.application.tournaments
    rounds = len(schedule.rounds)
    settings = TournamentSettings(
        "classic", rounds, "one_wind", signup_closes=site.clock.now + 10, checkin=60, name="Cup"
    )
    made = (await tournaments.open(WEB_GUILD, ORGANISER, settings)).tournament
    for member in PLAYERS:
        await tournaments.update(made.id, lambda current, now, m=member: life.join(current, m, now, f"P{m}"))
    site.clock.now += 20
    for member in PLAYERS:
        await tournaments.update(made.id, lambda current, now, m=member: life.check_in(current, m, now))
    await tournaments.update(made.id, lambda current, now: life.start(current, ORGANISER, schedule, now))
    opened = await site.application.tournament_runner.open_round(made.id)
    await site.settle()
    return opened


async def cookie_of(site: TableSite, player: int) -> str:
    """The ``mj_player`` cookie of ``player``, as the deployment signs it."""
    found = await site.live.read(SECRET_KEY)
    assert found is not None
    return PlayerIds(bytes.fromhex(found.document["secret"])).cookie_value(player)


async def browser_of(site: TableSite, player: int) -> Browser:
    """A browser whose ``mj_player`` cookie is ``player``'s."""
    browser = await site.browser()
    value = await cookie_of(site, player)
    browser.client.session.cookie_jar.update_cookies({COOKIE: value}, response_url=browser.client.make_url("/"))
    return browser


async def play(site: TableSite, table_id: str, until: Callable[[TableState], bool]) -> TableState:
    """Table ``table_id`` played by the clock (its members' turns timed out, then computers for them) until
    ``until`` holds: the fake clock moved to each of its deadlines, the table alone woken."""
    tables = site.application.tables
    for _ in range(5000):
        state, _ = await site.table(table_id)
        if until(state):
            return state
        waits = [at for at in (state.deadline, state.computer_at, state.hold_until, state.idle_at) if at is not None]
        site.clock.now = max(site.clock.now, min(waits))
        await tables.wake(table_id)
        await site.settle()
    raise AssertionError(f"table {table_id} never got there")


async def frame_where(socket: Socket, holds: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first frame ``socket`` was sent (or is sent next) of which ``holds`` holds."""
    for frame in socket.frames:
        if holds(frame):
            return frame
    while not holds(frame := await socket.next_frame()):
        pass
    return frame


def faces_in(frame: dict[str, Any]) -> list[str]:
    """Every tile face a frame carries, wherever it is."""
    found = [face for seat in frame["seats"] for face in (*seat["discards"], *seat["bonus"], *seat.get("hand", []))]
    found += [meld["tiles"] for seat in frame["seats"] for meld in seat["melds"]]
    found += [event["tiles"] for event in frame["log"] if event["tiles"]]
    found += [] if frame["discard"] is None else [frame["discard"]["tile"]]
    found += [action["tiles"] for action in frame["actions"] if action.get("tiles")]
    return found + ([] if frame["result"] is None else [frame["result"]["winning_tile"]])


async def test_a_player_of_the_round_is_refused_another_table_until_their_own_has_finished(site: TableSite) -> None:
    made = await tournament_of_two_tables(site)
    first, second = (table.table_id or "" for table in made.round_tables(1))
    fifth = await browser_of(site, 15)  # seated at the second table

    refused = await fifth.socket(first, lang="fr")
    said = await refused.refused()
    assert said == {"type": "refused", "error": "fair_play", "message": say("error.fair_play", "fr")}
    assert await refused.closed() == WSCloseCode.POLICY_VIOLATION
    assert refused.frames == []  # not one frame of the other table

    own = await fifth.socket(second)  # their own table: as any seat
    frame = await own.frame()
    assert frame["viewer"] in "ESWN" and frame["tournament"] == made.id and "behind" not in frame
    await own.close()

    # their table ends (closed idle, its hands its result): the round's other table may be watched now
    await play(site, second, lambda state: not state.is_open)
    await site.settle()
    stored = await site.application.tournaments.read(made.id)
    assert stored is not None and stored.tournament.round_tables(1)[1].result is not None
    watching = await fifth.socket(first)
    shown = await watching.frame()
    assert shown["viewer"] == "spectator" and shown["behind"] is True and watching.refusals == []
    await watching.close()


async def test_an_outsider_watches_one_hand_behind_and_never_sees_a_tile_of_the_hand_being_played(
    site: TableSite,
) -> None:
    made = await tournament_of_two_tables(site)
    first = made.round_tables(1)[0].table_id or ""
    outsider = await (await browser_of(site, OUTSIDER)).socket(first)
    seated = await (await browser_of(site, 11)).socket(first)
    anonymous = await (await site.browser()).socket(first)  # no cookie: an outsider too

    shown = await outsider.frame()
    assert shown["behind"] is True and shown["state"] == "playing" and shown["viewer"] == "spectator"
    assert shown["tournament"] == made.id
    assert faces_in(shown) == [] and shown["sheet"] == [] and shown["commitment"] is None
    assert [seat["name"] for seat in shown["seats"]] == ["P11", "P12", "P13", "P14"]
    assert (await anonymous.frame())["behind"] is True
    own = await seated.frame()
    assert "behind" not in own and any("hand" in seat for seat in own["seats"])

    # hand 1 played to its end: between hands, the outsider still sees nothing of it
    between = await play(site, first, lambda state: state.status == "between")
    assert len(between.sheet) == 1
    ended = await frame_where(seated, lambda frame: frame["state"] == "hand-over")
    assert ended["result"] is not None
    # hand 2 starts: hand 1 reaches the outsider, hand 2 does not
    started = await play(site, first, lambda state: state.status == "playing" and state.hand_number == 1)
    await frame_where(seated, lambda frame: frame["hand_number"] == 2)
    frame = await frame_where(outsider, lambda frame: frame["hand_number"] == 2)
    assert frame["hand_number"] == 2 and [row["hand"] for row in frame["sheet"]] == [1]
    assert faces_in(frame) == []
    paid = {wind: sum(row["payments"][wind] for row in frame["sheet"]) for wind in "ESWN"}
    assert sorted(seat["score"] for seat in frame["seats"]) == sorted(paid.values())
    assert started.sheet[0].payments == between.sheet[0].payments

    # every frame the outsider was sent while the match was played: one hand behind, no tile at all
    for sent in (*outsider.frames, *anonymous.frames):
        assert sent["behind"] is True and faces_in(sent) == [] and sent["log"] == [], sent
        assert sent["turn"] is None and sent["deadline"] is None and sent["actions"] == []
    # the moves of hand 2 send the outsider nothing (not even their pace): frames come as hands start
    assert [sent["hand_number"] for sent in outsider.frames] == [1, 2]

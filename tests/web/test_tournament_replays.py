"""SPEC §9's withholding on the replay route (``web.replay_routes``, SPEC §7.2), over the application as the
root builds it: a tournament of five page players in one round of two tables (``tournament_of_two_tables``).
A finished hand of a tournament table is in the ledger, yet its replay and its steps are 404 with no tile,
for an outsider and for the players of either table alike, while a table of its round still plays (the
other tables play the same walls), and so after the table has gone from the live store; once every table
of the round has ended, both are served.

The table clock is left idle (``tick``): the test plays each table by waking it."""

from __future__ import annotations

import pathlib
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from core.tables.ledger_entries import hand_id
from core.tables.service import table_key
from tests.web.test_replay_routes import REPLAY_PAGE, TILE
from tests.web.test_table_api import Browser, TableSite, open_table_site
from tests.web.test_tournament_sockets import OUTSIDER, browser_of, play, tournament_of_two_tables
from web.words import say

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def site(tmp_path: pathlib.Path) -> AsyncIterator[TableSite]:
    static = tmp_path / "static"
    static.mkdir()
    (static / "table.html").write_text("<!doctype html><title>table</title>\n")
    (static / "replay.html").write_text(REPLAY_PAGE)
    opened = await open_table_site(tmp_path, static=static, tick=3600.0)  # the clock idle: the test wakes
    try:
        yield opened
    finally:
        await opened.close()


async def refused_everywhere(browsers: list[Browser], table_id: str) -> None:
    for browser in browsers:
        for path in (f"/replay/{table_id}/1", f"/replay/{table_id}/1?seat=S&step=2", f"/replay/{table_id}/1/steps"):
            status, text, headers = await browser.get(path, **{"Accept-Language": "fr"})
            assert status == 404, path
            assert not TILE.search(text) and "no-store" in headers["Cache-Control"], (path, text)
            assert say("error.not_found", "fr") in text


async def test_a_tournament_tables_hands_are_replayed_by_no_one_until_its_round_is_over(site: TableSite) -> None:
    made = await tournament_of_two_tables(site)
    first, second = (table.table_id or "" for table in made.round_tables(1))
    browsers = [
        await browser_of(site, OUTSIDER),
        await browser_of(site, 11),  # seated at the first table
        await browser_of(site, 15),  # seated at the second
    ]

    await play(site, first, lambda state: len(state.sheet) >= 1)
    await site.settle()
    assert await site.ledger.hand(hand_id(first, 0)) is not None  # finished and recorded: withheld all the same
    await refused_everywhere(browsers, first)

    await play(site, first, lambda state: not state.is_open)  # the table has ended, its round not
    await site.settle()
    await refused_everywhere(browsers, first)
    # gone from the live store (as three days after its end): its tournament still withholds it
    found = await site.live.read(table_key(first))
    assert found is not None and await site.live.delete(table_key(first), found.version)
    await refused_everywhere(browsers, first)

    await play(site, second, lambda state: not state.is_open)
    await site.settle()
    stored = await site.application.tournaments.read(made.id)
    assert stored is not None and all(table.result is not None for table in stored.tournament.round_tables(1))
    for browser in browsers:
        assert (await browser.get(f"/replay/{first}/1"))[:2] == (200, REPLAY_PAGE)
        status, text, _ = await browser.get(f"/replay/{first}/1/steps?seat=S")
        assert status == 200 and '"seat":"S"' in text.replace(" ", "")

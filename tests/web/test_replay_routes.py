"""A finished hand's replay routes (``web.replay_routes``, SPEC §7.2) over the application as the root builds
it: the page is served for a hand of the ledger only (404, with no tile, for one not finished, unknown or
misnamed), a seat or step that is not one is refused in words, and the steps come as one compressed,
cacheable JSON answer of ``core.tables.replay``'s frames, at the table page's pace per address."""

from __future__ import annotations

import json
import pathlib
import re
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from core.tables.replay import replay_frames
from data.ledger import HandEntry
from tests.core.test_replay_frames import finished
from tests.web.test_table_api import TableSite, open_table_site
from web.limits import Rate
from web.words import say

pytestmark = pytest.mark.asyncio

REPLAY_PAGE = "<!doctype html><title>replay</title><main id=replay></main>\n"
TILE = re.compile(r"[0-9][mpszfj]\b")


@pytest.fixture(scope="module")
def hand() -> HandEntry:
    return finished("hongkong", 1)[1]


@pytest_asyncio.fixture
async def replay_site(tmp_path: pathlib.Path, hand: HandEntry) -> AsyncIterator[TableSite]:
    static = tmp_path / "static"
    static.mkdir()
    (static / "table.html").write_text("<!doctype html><title>table</title>\n")
    (static / "replay.html").write_text(REPLAY_PAGE)
    opened = await open_table_site(tmp_path, static=static)
    await opened.ledger.record_hand(hand)
    try:
        yield opened
    finally:
        await opened.close()


async def test_a_finished_hand_is_served_at_its_one_based_number(replay_site: TableSite, hand: HandEntry) -> None:
    browser = await replay_site.browser()
    assert hand.number == 0 and hand.hand_id == f"{hand.table_id}:0"  # the ledger's first hand is the page's 1
    status, text, headers = await browser.get(f"/replay/{hand.table_id}/1?seat=W&step=3")
    assert (status, text) == (200, REPLAY_PAGE)
    assert headers["X-Content-Type-Options"] == "nosniff" and "frame-ancestors" in headers["Content-Security-Policy"]
    assert (await browser.get(f"/replay/{hand.table_id}/1"))[0] == 200


async def test_a_hand_not_finished_unknown_or_misnamed_is_404_with_no_tile(
    replay_site: TableSite, hand: HandEntry
) -> None:
    browser = await replay_site.browser()
    playing = await browser.new_table("rules=hongkong&computers=3")  # a table whose first hand is not over
    for path in (
        f"/replay/{hand.table_id}/2",
        f"/replay/{playing}/1",
        f"/replay/{hand.table_id}/0",
        f"/replay/{hand.table_id}/one",
        f"/replay/{hand.table_id.upper()}/1",
        "/replay/nosuchtable/1",
        f"/replay/{hand.table_id}/2/steps",
    ):
        status, text, headers = await browser.get(path, **{"Accept-Language": "fr"})
        assert status == 404, path
        assert not TILE.search(text) and "no-store" in headers["Cache-Control"], (path, text)
        assert say("error.not_found", "fr") in text


async def test_a_seat_or_step_that_is_not_one_is_refused_in_words(replay_site: TableSite, hand: HandEntry) -> None:
    browser = await replay_site.browser()
    steps = len(replay_frames(hand, 0, "en"))
    for query, field in (
        ("seat=X", "seat"),
        ("seat=", "seat"),
        ("seat=EE", "seat"),
        ("step=0", "step"),
        (f"step={steps + 1}", "step"),
        ("step=two", "step"),
        ("seat=S&step=-1", "step"),
    ):
        status, text, _ = await browser.get(f"/replay/{hand.table_id}/1?{query}&lang=en")
        assert (status, text) == (400, say("error.bad_field", "en", field=field) + "\n"), query
    assert (await browser.get(f"/replay/{hand.table_id}/1?step={steps}"))[0] == 200
    status, text, _ = await browser.get(f"/replay/{hand.table_id}/1/steps?seat=Q&lang=en")
    assert status == 400 and json.loads(text) == {
        "error": "bad_field",
        "message": say("error.bad_field", "en", field="seat"),
    }


async def test_the_steps_are_every_frame_from_the_seat_compressed_and_cacheable(
    replay_site: TableSite, hand: HandEntry
) -> None:
    browser = await replay_site.browser()
    async with browser.client.get(
        f"/replay/{hand.table_id}/1/steps?seat=S&lang=fr", headers={"Accept-Encoding": "gzip"}
    ) as answer:
        assert answer.status == 200
        assert answer.headers["Content-Encoding"] == "gzip"
        assert answer.headers["Cache-Control"] == "public, max-age=86400"
        body = await answer.json()
    frames = replay_frames(hand, 1, "fr")
    assert body == {"steps": len(frames), "seat": "S", "frames": frames}
    assert body["frames"][-1]["state"] == "hand-over" and body["frames"][0]["said"]
    east = json.loads((await browser.get(f"/replay/{hand.table_id}/1/steps?lang=en"))[1])
    assert east["seat"] == "E" and east["frames"][0]["viewer"] == "E"


async def test_an_address_asking_too_fast_is_refused(tmp_path: pathlib.Path, hand: HandEntry) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "replay.html").write_text(REPLAY_PAGE)
    site = await open_table_site(tmp_path, static=static, address=Rate(0.001, 2.0), replay_steps=Rate(0.001, 1.0))
    try:
        await site.ledger.record_hand(hand)
        browser = await site.browser()
        assert (await browser.get(f"/replay/{hand.table_id}/1/steps"))[0] == 200
        status, text, _ = await browser.get(f"/replay/{hand.table_id}/1/steps?lang=en")
        assert status == 429 and json.loads(text)["error"] == "too_many_requests"
        assert (await browser.get(f"/replay/{hand.table_id}/1"))[0] == 200  # the page's own pace
        assert (await browser.get(f"/replay/{hand.table_id}/1"))[0] == 200
        status, text, _ = await browser.get(f"/replay/{hand.table_id}/1?lang=en")
        assert (status, text) == (429, say("error.too_many", "en") + "\n")
    finally:
        await site.close()

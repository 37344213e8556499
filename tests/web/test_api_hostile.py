"""What a stranger may send the solitaire page (issue 37): bodies nested a thousand deep, field names that
are lone surrogates, session headers that are not UTF-8, launch calls carrying CR LF; each refused with a
4xx that names the problem, no traceback, nothing changed. And the daily's fairness and the store's
bounds: no face of a covered tile or of a paused board, a clock that starts once, new games bounded per
address and dropped when nobody plays them, a cookie marked Secure behind a trusted TLS proxy."""

from __future__ import annotations

import asyncio
import json
import logging
import pathlib
from typing import Any

import pytest

from core.events import Events
from core.solitaire.service import SolitaireService
from core.solitaire.state import slot_key
from data.broadcast import MemoryBroadcast
from game.solitaire.deal import deal_for_seed
from tests.fakediscord import FakeDiscord
from tests.web.test_activity_api import open_activity_site
from tests.web.test_api import SEED, Site, free_game, move, open_site, player_of
from web.guard import WEB_GUILD
from web.identity import COOKIE
from web.limits import Rate, RateLimits
from web.sweep import UNPLAYED_SECONDS, UNTOUCHED_SECONDS

pytestmark = pytest.mark.asyncio

POST_ROUTES = ("/api/new", "/api/move", "/api/name")


def no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    assert [record for record in caplog.records if record.exc_info or record.levelno >= logging.ERROR] == []


async def test_a_body_nested_deeper_than_python_recurses_is_bad_json_on_every_route(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    page = await site.page()
    await free_game(page)
    before = await site.store.read(slot_key(WEB_GUILD, player_of(page), "free"))
    deep = "[" * 1500 + "]" * 1500
    assert len(deep) < 4096
    for route in POST_ROUTES:
        answer = await page.post(route, deep)
        assert (answer.status, answer.body["error"]) == (400, "bad_json"), route
    assert await site.store.read(slot_key(WEB_GUILD, player_of(page), "free")) == before  # nothing changed
    no_traceback(caplog)


async def test_a_field_named_by_a_lone_surrogate_is_refused_in_json_that_can_be_read(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    page = await site.page()
    for body in ('{"\\ud800": 1}', '{"mode": "free", "\\udfff\\u0007x": 1}'):
        answer = await page.post("/api/new", body)
        assert (answer.status, answer.body["error"]) == (400, "unknown_field")
        json.dumps(answer.body).encode()  # the answer is UTF-8 throughout
        assert "\ud800" not in answer.body["message"] and "\x07" not in answer.body["message"]
    no_traceback(caplog)


async def test_a_session_header_that_is_not_utf8_is_refused_and_meets_the_address_limit(
    tmp_path: pathlib.Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with FakeDiscord() as fake:
        fake.enable_activities()
        site = await open_activity_site(tmp_path, fake, activity=True, limits=RateLimits(address=Rate(0.001, 3.0)))
        try:
            server = site.client.server
            statuses = []
            for _ in range(5):
                reader, writer = await asyncio.open_connection(server.host, server.port)
                writer.write(
                    b"GET /api/game?mode=daily HTTP/1.1\r\nHost: x\r\nX-Mahjong-Session: \xff\xfe.\xc3\r\n"
                    b"Connection: close\r\n\r\n"
                )
                head = await reader.readline()
                statuses.append(int(head.split()[1]))
                writer.close()
            assert statuses == [403, 403, 403, 429, 429]
            assert await site.service.read(site.guild.id, site.alice.id, "daily") is None
        finally:
            await site.client.close()
            await site.service.ledger.close()
            await site.store.close()
    no_traceback(caplog)


@pytest.mark.parametrize("bad", ["abc\r\nX-Injected: 1", "abc\ud800", "", "a" * 201, "tab\there"])
async def test_a_launch_call_with_a_malformed_code_or_token_is_a_bad_field_not_an_outage(
    tmp_path: pathlib.Path, caplog: pytest.LogCaptureFixture, bad: str
) -> None:
    async with FakeDiscord() as fake:
        fake.enable_activities()
        site = await open_activity_site(tmp_path, fake, activity=True)
        try:
            token = await site.send("POST", "/api/activity/token", {"code": bad})
            session = await site.send("POST", "/api/activity/session", {"access_token": bad, "instance_id": "i-1"})
            assert (token[0], token[1]["error"]) == (400, "bad_field")
            assert (session[0], session[1]["error"]) == (400, "bad_field")
            assert fake.calls == []  # Discord was not asked
        finally:
            await site.client.close()
            await site.service.ledger.close()
            await site.store.close()
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]


# --- the daily's fairness ----------------------------------------------------------------------------


async def test_a_covered_tile_has_no_face_and_a_paused_board_none_at_all(site: Site) -> None:
    page = await site.page()
    game = await free_game(page)
    deal = deal_for_seed(SEED)
    board = deal.board()
    faces = {tile["id"]: tile["face"] for tile in game["tiles"]}
    assert sum(face is None for face in faces.values()) == sum(board.is_hidden(i) for i in board.remaining) > 0
    for tile in game["tiles"]:  # a tile of the top level is seen whole; one under a full pyramid is not
        if tile["z"] == 4:
            assert tile["face"] == board.face(tile["id"]).code
        if tile["z"] == 0 and 2 <= tile["x"] <= 12 and 2 <= tile["y"] <= 14:
            assert tile["face"] is None
    paused = await page.post("/api/move", move(game, "pause"))
    assert paused.status == 200 and paused.body["state"] == "paused"
    assert [tile["face"] for tile in paused.body["tiles"]] == [None] * 144
    assert all(tile["face"] is None for tile in (await free_game(page))["tiles"])
    resumed = await page.post("/api/move", move(paused.body, "resume"))
    assert {tile["id"]: tile["face"] for tile in resumed.body["tiles"]} == faces


async def test_the_clock_starts_when_the_board_is_first_shown_not_at_each_read(site: Site) -> None:
    page = await site.page()
    first = await free_game(page)
    site.clock.now += 40  # read, solve it elsewhere, read again
    again = await free_game(page)
    assert again["game"] == first["game"] and again["seconds"] >= 40
    a, b = deal_for_seed(SEED).solution[0]
    played = await page.post("/api/move", move(again, "pair", (a, b)))
    assert played.body["seconds"] >= 40


# --- what a stranger can make the store keep ---------------------------------------------------------


async def test_games_started_without_a_cookie_are_bounded_per_address(tmp_path: pathlib.Path) -> None:
    site = await open_site(tmp_path, new_game=Rate(0.001, 5.0))
    try:
        statuses = []
        for _ in range(8):
            page = await site.page()  # a new browser each time: no cookie, a new player
            statuses.append((await page.get("/api/game?mode=daily")).status)
        assert statuses == [200] * 5 + [429] * 3
        assert len(await site.store.keys(f"solitaire:{WEB_GUILD}:")) == 5
        # a player with a game goes on reading it: that starts nothing
        assert (await page.get("/api/game?mode=daily")).status == 429
        returning = site.clients[0]
        async with returning.get("/api/game?mode=daily") as answer:
            assert answer.status == 200
    finally:
        await site.close()


async def test_web_games_nobody_plays_or_touches_are_dropped_and_a_played_one_is_recorded_first(site: Site) -> None:
    idle, player, recent = await site.page(), await site.page(), await site.page()
    await free_game(idle)
    game = await free_game(player)
    a, b = deal_for_seed(SEED).solution[0]
    assert (await player.post("/api/move", move(game, "pair", (a, b)))).status == 200
    # the page's sweep runs every ten minutes; here another process's service on the same stores
    sweeper = SolitaireService(site.store, site.ledger, site.clock, Events(MemoryBroadcast()))
    site.clock.now += UNPLAYED_SECONDS - 10
    await free_game(recent)
    site.clock.now += 20
    assert await sweeper.expire(WEB_GUILD, UNPLAYED_SECONDS, UNTOUCHED_SECONDS) == 1  # the idle one only
    keys = set(await site.store.keys(f"solitaire:{WEB_GUILD}:"))
    assert keys == {slot_key(WEB_GUILD, player_of(page), "free") for page in (player, recent)}
    site.clock.now += UNTOUCHED_SECONDS
    assert await sweeper.expire(WEB_GUILD, UNPLAYED_SECONDS, UNTOUCHED_SECONDS) == 2
    assert await site.store.keys(f"solitaire:{WEB_GUILD}:") == []
    # the game that was played counts as a finished game, with its one pair
    result = await site.ledger.result(game["game"])
    assert result is not None and result.pairs == 1


async def test_the_cookie_is_secure_behind_a_trusted_proxy_that_says_https(tmp_path: pathlib.Path) -> None:
    for trusted, proto, secure in (("127.0.0.1", "https", True), ("", "https", False), ("127.0.0.1", "http", False)):
        folder = tmp_path / f"{trusted or 'none'}-{proto}"
        folder.mkdir()
        site = await open_site(folder, trusted_proxies=trusted)
        try:
            page = await site.page()
            answer = await page.get("/api/game?mode=daily", **{"X-Forwarded-Proto": proto})
            cookie: Any = answer.headers["Set-Cookie"]
            assert cookie.startswith(f"{COOKIE}=") and ("Secure" in cookie) is secure, cookie
        finally:
            await site.close()

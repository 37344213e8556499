"""The table page's front end (SPEC §7) in a real browser, without the table's server: web/static served
as the page's server serves it (its Content-Security-Policy included), the words from the real catalogs
(``GET /api/words``), and a stub of the table's socket (``/table/<id>/socket``) that pushes hand-made
frames as docs/table-page.md describes them (a lobby, the viewer's turn, a claim window with chow
choices, a hand over with its result, the match over) and records every message the page sends back.

Checked: the element contract, select-then-press discarding (one tap sends nothing), the claim buttons'
tiles, an older frame ignored, refusals and reconnection said on the status line, the standing toggles,
hand tiles at least 40 pixels wide on a 360 × 640 phone, and the keyboard reaching the discard. Chromium
is driven as in tests/web/test_page.py (tests/web/browser.py)."""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import quote

import pytest

from tests.web.browser import DESKTOP, PHONE_SMALL, chromium_path
from tests.web.test_activity_page import ACCESS_TOKEN, CLIENT_ID, GUILD_ID, HARNESS, INSTANCE, MEMBER, SESSION
from web.page import STATIC, security_headers
from web.words import page_words, requested_lang, tile_names
from words import text

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra)")
if chromium_path() is None:
    pytest.skip("Debian's chromium is not installed (.ci/run installs it)", allow_module_level=True)

from aiohttp import WSCloseCode, WSMsgType, web  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, Page, expect  # noqa: E402

pytestmark = pytest.mark.e2e

NAMES = tile_names("en")


class StubTables:
    """The page's files and words, and a stub socket per table: a socket opened on table ``id`` is sent
    ``first[id]`` (the frames a page gets on connecting); ``push`` sends to every open socket of a
    table; ``received[id]`` holds what the pages sent, decoded, in order."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.url = ""
        self.first: dict[str, list[dict[str, Any]]] = {}
        self.received: dict[str, list[dict[str, Any]]] = {}
        self.sockets: dict[str, list[web.WebSocketResponse]] = {}
        self.opened: dict[str, list[str]] = {}  # each socket's query string, in order
        self.word_sessions: list[str | None] = []  # the session header of each GET /api/words

    def __enter__(self) -> StubTables:
        self.thread.start()
        self.url = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(timeout=30)
        return self

    def __exit__(self, *_: object) -> None:
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(timeout=30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()

    async def _start(self) -> str:
        app = web.Application()
        # the page's policy, framed by the Activity's ancestors (the test's fake Discord is on this origin)
        app.on_response_prepare.append(security_headers(True))
        app.router.add_get("/api/words", self._words)
        app.router.add_get("/discord.html", self._harness)
        app.router.add_get("/api/activity", self._client_id)
        app.router.add_post("/api/activity/token", self._token)
        app.router.add_post("/api/activity/session", self._session)
        app.router.add_get("/table/{id}", self._page)
        app.router.add_get("/table/{id}/socket", self._socket)
        app.router.add_static("/static/", STATIC)
        app.on_shutdown.append(self._close_all)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", 0).start()
        host, port = self.runner.addresses[0][:2]
        return f"http://{host}:{port}"

    async def _harness(self, _: web.Request) -> web.Response:
        # the fake Discord's own frame runs its inline script (the page's policy is for the page)
        policy = "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'"
        return web.Response(text=HARNESS, content_type="text/html", headers={"Content-Security-Policy": policy})

    async def _client_id(self, _: web.Request) -> web.Response:
        return web.json_response({"client_id": CLIENT_ID})

    async def _token(self, _: web.Request) -> web.Response:
        return web.json_response({"access_token": ACCESS_TOKEN})

    async def _session(self, _: web.Request) -> web.Response:
        return web.json_response({"session": SESSION, "member": MEMBER, "guild_id": GUILD_ID, "table": None})

    async def _words(self, request: web.Request) -> web.Response:
        self.word_sessions.append(request.headers.get("X-Mahjong-Session"))
        lang = requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        return web.json_response({"lang": lang, "words": page_words(lang), "tiles": tile_names(lang)})

    async def _page(self, _: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "table.html")

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        table = request.match_info["id"]
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self.opened.setdefault(table, []).append(request.query_string)
        self.sockets.setdefault(table, []).append(socket)
        for frame in self.first.get(table, []):
            await socket.send_json(frame)
        async for message in socket:
            if message.type == WSMsgType.TEXT:
                self.received.setdefault(table, []).append(json.loads(message.data))
        self.sockets[table].remove(socket)
        return socket

    async def _close_all(self, _: web.Application) -> None:
        # a page a failed test left open holds its socket: the stub stops without waiting on it
        for sockets in self.sockets.values():
            for socket in list(sockets):
                await socket.close(code=WSCloseCode.GOING_AWAY)

    def push(self, table: str, message: dict[str, Any]) -> None:
        async def send() -> None:
            for socket in list(self.sockets.get(table, [])):
                await socket.send_json(message)

        asyncio.run_coroutine_threadsafe(send(), self.loop).result(timeout=10)

    def drop(self, table: str) -> None:
        """Closes the table's sockets from the server's side (the page should come back)."""

        async def close() -> None:
            for socket in list(self.sockets.get(table, [])):
                await socket.close()

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(timeout=10)

    def messages(self, table: str) -> list[dict[str, Any]]:
        return list(self.received.get(table, []))


def wait_for(check: Callable[[], bool], seconds: float = 10.0) -> None:
    limit = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < limit, "waited in vain"
        time.sleep(0.03)


@pytest.fixture(scope="module")
def stub() -> Iterator[StubTables]:
    with StubTables() as running:
        yield running


@pytest.fixture
def ctx(browser: Browser) -> Iterator[BrowserContext]:
    """A phone's context (360 × 640); at its end, no script error and no refusal by the page's policy
    (the browser's own word on a socket the stub closed apart, and the fake Discord's: its missing
    icon, and the SDK's complaints about its bare answers)."""
    opened = browser.new_context(**PHONE_SMALL, locale="en-GB")
    opened.set_default_timeout(10_000)
    troubles: list[str] = []

    def console(message: Any) -> None:
        where = str(message.location.get("url", ""))
        if message.type == "error" and not where.endswith("/favicon.ico") and "/static/discord-" not in where:
            troubles.append(message.text)

    opened.on("console", console)
    opened.on("weberror", lambda error: troubles.append(str(error.error)))
    yield opened
    opened.close()
    assert [trouble for trouble in troubles if "WebSocket" not in trouble] == [], troubles


# --- hand-made frames (SPEC §7, docs/table-page.md) -------------------------------------------------------


def seat(wind: str, name: str, kind: str = "member", **fields: Any) -> dict[str, Any]:
    return {
        "wind": wind,
        "name": name,
        "kind": kind,
        "score": 0,
        "concealed": 13,
        "discards": [],
        "melds": [],
        "bonus": [],
        "away": False,
        "calling": False,
        **fields,
    }


def frame(table: str, version: int, **fields: Any) -> dict[str, Any]:
    return {
        "type": "frame",
        "table": table,
        "version": version,
        "step": version,
        "state": "playing",
        "rules": "classic",
        "players": 4,
        "hand_number": 1,
        "host": "E",
        "viewer": "S",
        "round_wind": "E",
        "seats": [],
        "wall": 80,
        "turn": "S",
        "awaited": ["S"],
        "discard": None,
        "deadline": None,
        "actions": [],
        "result": None,
        "standing": None,
        "commitment": "ab" * 32,
        "minimum_fan": 0,
        **fields,
    }


def lobby(table: str) -> dict[str, Any]:
    return frame(
        table,
        1,
        state="lobby",
        hand_number=0,
        viewer="seated",
        round_wind=None,
        turn=None,
        awaited=[],
        wall=0,
        seats=[seat("E", "Ana", concealed=0), seat("S", "Bot 1", "computer", concealed=0)]
        + [seat(wind, "", "empty", concealed=0) for wind in ("W", "N")],
        actions=[{"action": name} for name in ("leave", "add-computer", "start", "cancel")],
    )


HAND = ["1m", "2m", "3m", "5p", "5p", "6p", "7p", "9s", "9s", "1z", "1z", "7z", "7z", "4m"]


def viewers_turn(table: str, version: int = 5) -> dict[str, Any]:
    """South's turn to discard, South viewing, a tile just drawn (4m, last)."""
    seats = [
        seat(
            "E",
            "Ana",
            score=120,
            concealed=10,
            discards=["9m", "1p"],
            melds=[{"kind": "pung", "tiles": "777s"}],
            bonus=["1f"],
        ),
        seat("S", "Bea", score=-40, concealed=14, discards=["8p"], hand=HAND, drawn=True),
        seat("W", "Bot 1", "computer", score=-40, discards=["2s", "0j"], away=False),
        seat("N", "Dan", score=-40, discards=["3z"], away=True),
    ]
    actions = [{"action": "discard", "tiles": face} for face in dict.fromkeys(HAND)]
    actions.append({"action": "hint"})
    return frame(
        table,
        version,
        seats=seats,
        wall=61,
        deadline=time.time() + 30,
        actions=actions,
        standing={"auto_win": True, "no_calls": False, "auto_discard": False},
    )


def claim_window(table: str, version: int = 7) -> dict[str, Any]:
    """East discarded 4m; South (the viewer, next in turn) may chow it three ways, pung it, or pass."""
    hand = ["2m", "3m", "4m", "4m", "5m", "6m", "5p", "6p", "7p", "9s", "9s", "1z", "1z"]
    seats = [
        seat("E", "Ana", concealed=13, discards=["9m", "1p", "4m"]),
        seat("S", "Bea", concealed=13, hand=hand, drawn=False),
        seat("W", "Bot 1", "computer"),
        seat("N", "Dan"),
    ]
    actions = [{"action": "chow", "tiles": run} for run in ("234m", "345m", "456m")]
    actions += [{"action": "pung", "tiles": "444m"}, {"action": "pass"}]
    return frame(
        table,
        version,
        seats=seats,
        turn="E",
        awaited=["S", "W", "N"],
        discard={"tile": "4m", "seat": "E"},
        deadline=time.time() + 8,
        actions=actions,
        standing={"auto_win": False, "no_calls": False, "auto_discard": False},
    )


def hand_over(table: str, version: int = 9, state: str = "hand-over") -> dict[str, Any]:
    won = ["1m", "2m", "3m", "5p", "6p", "7p", "9s", "9s", "1z", "1z", "1z"]
    seats = [
        seat("E", "Ana", score=200, concealed=11, hand=won, melds=[{"kind": "concealed-kong", "tiles": "5555m"}]),
        seat(
            "S", "Bea", score=-100, hand=["2m", "3m", "4m", "4m", "5m", "6m", "5p", "6p", "7p", "9s", "9s", "1z", "2z"]
        ),
        seat("W", "Bot 1", "computer", score=-50, hand=["1s"] * 13),
        seat("N", "Dan", score=-50, hand=["2s"] * 13),
    ]
    result = {
        "winner": "E",
        "winning_tile": "1z",
        "self_drawn": True,
        "discarder": None,
        "score": 96,
        "patterns": ["own_wind_pung", "concealed", "own_wind_pung"],
        "names": {"own_wind_pung": "Pung of own wind", "concealed": "Concealed hand"},
        "payments": {"E": 192, "S": -96, "W": -48, "N": -48},
        "wall_seed": 123456789,
    }
    actions = [{"action": "next-hand"}] if state == "hand-over" else []
    return frame(
        table,
        version,
        state=state,
        seats=seats,
        turn=None,
        awaited=[],
        deadline=None,
        actions=actions,
        result=result,
    )


def open_table(ctx: BrowserContext, stub: StubTables, table: str, *frames: dict[str, Any]) -> Page:
    stub.first[table] = list(frames)
    page = ctx.new_page()
    page.goto(f"{stub.url}/table/{table}")
    if frames:
        expect(page.locator("#table")).to_have_attribute("data-version", str(frames[-1]["version"]))
    return page


def hand_tile(page: Page, index: int) -> Any:
    return page.locator("#hand > button").nth(index)


# --- the tests ---------------------------------------------------------------------------------------------


def test_the_lobby_shows_its_chairs_and_only_the_moves_it_allows(ctx: BrowserContext, stub: StubTables) -> None:
    page = open_table(ctx, stub, "lobby1", lobby("lobby1"))
    table = page.locator("#table")
    expect(table).to_have_attribute("data-state", "lobby")
    expect(table).to_have_attribute("data-table-id", "lobby1")
    expect(table).to_have_attribute("data-viewer", "seated")
    expect(table).to_have_attribute("data-rules", "classic")
    expect(page.locator("[data-seat]")).to_have_count(4)
    expect(page.locator('[data-seat="S"]')).to_have_attribute("data-kind", "computer")
    expect(page.locator('[data-seat="W"]')).to_have_attribute("data-kind", "empty")
    actions = page.locator("#moves button[data-action]")
    expect(actions).to_have_count(4)
    assert [actions.nth(i).get_attribute("data-action") for i in range(4)] == [
        "leave",
        "add-computer",
        "start",
        "cancel",
    ]
    expect(page.locator('button[data-action="join"]')).to_have_count(0)
    expect(page.locator("#hand > button")).to_have_count(0)
    expect(page.locator("#deadline")).to_have_count(0)
    expect(page.locator("#result")).to_have_count(0)
    # the socket asked in the page's language, and every word came from the catalog
    assert stub.opened["lobby1"] == ["lang=en"]
    expect(page.locator('button[data-action="start"]')).to_have_text(text("web", "table.action.start", "en"))
    assert page.title() == text("web", "table.title", "en")
    page.locator('button[data-action="start"]').tap()
    wait_for(lambda: stub.messages("lobby1") == [{"type": "move", "action": "start", "step": 1}])
    # no deal code: an ordinary table; a practice table's code is shown, for another table to play it
    expect(page.locator("#deal-figure")).to_be_hidden()
    stub.push("lobby1", {**lobby("lobby1"), "version": 2, "deal": "spring-24"})
    expect(page.locator("#deal")).to_have_text("spring-24")
    expect(page.locator("#deal-figure")).to_be_visible()


def test_the_viewers_turn_follows_the_element_contract(ctx: BrowserContext, stub: StubTables) -> None:
    shown = viewers_turn("turn1")
    page = open_table(ctx, stub, "turn1", lobby("turn1"), shown)
    table = page.locator("#table")
    expect(table).to_have_attribute("data-state", "playing")
    expect(table).to_have_attribute("data-viewer", "S")
    east = page.locator('[data-seat="E"]')
    for name, value in (("data-name", "Ana"), ("data-kind", "member"), ("data-score", "120"), ("data-concealed", "10")):
        expect(east).to_have_attribute(name, value)
    expect(page.locator('[data-seat="S"]')).to_have_attribute("data-turn", "true")
    expect(page.locator('[data-seat="S"]')).to_have_attribute("data-awaited", "true")
    expect(page.locator("[data-turn]")).to_have_count(1)
    expect(page.locator('[data-seat="W"]')).to_have_attribute("data-kind", "computer")
    discards = east.locator("[data-discards] > [data-face]")
    expect(discards).to_have_count(2)
    assert [discards.nth(i).get_attribute("data-face") for i in range(2)] == ["9m", "1p"]
    meld = east.locator("[data-meld]")
    expect(meld).to_have_attribute("data-kind", "pung")
    expect(meld).to_have_attribute("data-tiles", "777s")
    expect(east.locator("[data-bonus]")).to_have_attribute("data-tiles", "1f")
    expect(page.locator("#wall")).to_have_attribute("data-remaining", "61")
    # the joker, which the sprite sheet lacks, is a plain tile with its name
    joker = page.locator('[data-seat="W"] [data-discards] > [data-face="0j"]')
    expect(joker).to_have_attribute("data-plain", "true")
    expect(joker).to_have_attribute("aria-label", NAMES["0j"])
    seconds = int(page.locator("#deadline").get_attribute("data-seconds") or "-1")
    assert 25 <= seconds <= 30
    expect(page.locator("#deadline")).not_to_have_attribute("data-seconds", str(seconds), timeout=3000)
    # the viewer's hand: every tile a button named in the page's language, the drawn one set apart
    tiles = page.locator("#hand > button")
    expect(tiles).to_have_count(14)
    for index, face in enumerate(HAND):
        expect(tiles.nth(index)).to_have_attribute("data-face", face)
        expect(tiles.nth(index)).to_have_attribute("aria-label", NAMES[face])
        expect(tiles.nth(index)).to_have_attribute("aria-pressed", "false")
    expect(page.locator('#hand > button[data-drawn="true"]')).to_have_count(1)
    expect(tiles.nth(13)).to_have_attribute("data-drawn", "true")
    # the viewer at the bottom, the next seat (West) on the right, North across, East on the left
    boxes = {wind: page.locator(f'[data-seat="{wind}"]').bounding_box() for wind in "ESWN"}
    assert all(box is not None for box in boxes.values())
    south, west, north, east_box = (boxes[w] for w in "SWNE")
    assert south is not None and west is not None and north is not None and east_box is not None
    assert south["y"] > west["y"] > north["y"] and west["x"] > east_box["x"]
    # one discard button for the turn; the standing choices as toggles
    expect(page.locator('#moves button[data-action="discard"]')).to_have_count(1)
    expect(page.locator('button[data-standing="auto_win"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('button[data-standing="no_calls"]')).to_have_attribute("aria-pressed", "false")


def test_one_tap_picks_a_tile_and_a_second_discards_it(ctx: BrowserContext, stub: StubTables) -> None:
    shown = viewers_turn("tap1")
    page = open_table(ctx, stub, "tap1", shown)
    hand_tile(page, 4).tap()
    expect(hand_tile(page, 4)).to_have_attribute("aria-pressed", "true")
    expect(page.locator('button[data-action="discard"]')).to_have_attribute("data-tiles", "5p")
    # another tile takes the pick
    hand_tile(page, 13).tap()
    expect(hand_tile(page, 13)).to_have_attribute("aria-pressed", "true")
    expect(page.locator('#hand > button[aria-pressed="true"]')).to_have_count(1)
    hand_tile(page, 13).tap()
    wait_for(lambda: len(stub.messages("tap1")) >= 1)
    time.sleep(0.2)
    # the two first taps sent nothing: one message, the discard
    assert stub.messages("tap1") == [{"type": "move", "action": "discard", "tiles": "4m", "step": shown["step"]}]
    # a third tap before the server answered sends nothing more
    hand_tile(page, 13).tap()
    time.sleep(0.3)
    assert len(stub.messages("tap1")) == 1


def test_the_discard_button_discards_the_picked_tile_and_the_hint_is_asked_for(
    ctx: BrowserContext, stub: StubTables
) -> None:
    shown = viewers_turn("button1")
    page = open_table(ctx, stub, "button1", shown)
    hint = page.locator('button[data-action="hint"]')
    hint.tap()
    wait_for(lambda: len(stub.messages("button1")) >= 1)
    assert stub.messages("button1") == [{"type": "hint", "step": shown["step"]}]
    stub.push("button1", {"type": "hint", "step": shown["step"] - 1, "tiles": "1m"})  # an old answer: ignored
    stub.push("button1", {"type": "hint", "step": shown["step"], "tiles": "1z"})
    expect(page.locator('#hand > button[data-hinted="true"]')).to_have_attribute("data-face", "1z")
    expect(page.locator('#hand > button[data-hinted="true"]')).to_have_count(1)
    stub.received["button1"].clear()
    # nothing picked yet: the button (aria-disabled, still a tab stop) says so and sends nothing
    expect(page.locator('button[data-action="discard"]')).to_have_attribute("aria-disabled", "true")
    page.locator('button[data-action="discard"]').tap(force=True)
    expect(page.locator("#status")).to_have_text(text("web", "table.pick_first", "en"))
    hand_tile(page, 0).tap()
    page.locator('button[data-action="discard"]').tap()
    wait_for(lambda: len(stub.messages("button1")) >= 1)
    time.sleep(0.2)
    assert stub.messages("button1") == [{"type": "move", "action": "discard", "tiles": "1m", "step": shown["step"]}]


def test_a_claim_window_offers_each_chow_on_its_own_button(ctx: BrowserContext, stub: StubTables) -> None:
    shown = claim_window("claim1")
    page = open_table(ctx, stub, "claim1", viewers_turn("claim1"), shown)
    expect(page.locator("#offer")).to_have_attribute("data-tile", "4m")
    expect(page.locator("#offer [data-face]")).to_have_attribute("data-face", "4m")
    chows = page.locator('#moves button[data-action="chow"]')
    expect(chows).to_have_count(3)
    assert [chows.nth(i).get_attribute("data-tiles") for i in range(3)] == ["234m", "345m", "456m"]
    # each draws its tiles
    expect(chows.nth(1).locator("[data-face]")).to_have_count(3)
    expect(page.locator('button[data-action="pung"]')).to_have_attribute("data-tiles", "444m")
    expect(page.locator('button[data-action="pass"]')).to_have_count(1)
    expect(page.locator('button[data-action="discard"]')).to_have_count(0)
    expect(page.locator('button[data-action="mahjong"]')).to_have_count(0)
    # not the viewer's turn to discard: a tap on the hand picks nothing
    hand_tile(page, 0).tap()
    expect(hand_tile(page, 0)).to_have_attribute("aria-pressed", "false")
    discards = page.locator('[data-seat="E"] [data-discards] > [data-face]')
    expect(discards).to_have_count(3)
    # the new discard lit up a moment, by an animation a reader who asked for less motion is spared
    expect(discards.nth(2)).to_have_class(re.compile(r"\bfresh\b"))
    expect(discards.nth(1)).not_to_have_class(re.compile(r"\bfresh\b"))
    lit = "el => getComputedStyle(el, '::after').animationName"
    assert discards.nth(2).evaluate(lit) == "fresh"
    page.emulate_media(reduced_motion="reduce")
    assert discards.nth(2).evaluate(lit) == "none"
    chows.nth(1).tap()
    wait_for(lambda: len(stub.messages("claim1")) >= 1)
    time.sleep(0.2)
    assert stub.messages("claim1") == [{"type": "move", "action": "chow", "tiles": "345m", "step": shown["step"]}]


def test_an_older_frame_is_ignored_and_a_refusal_is_said(ctx: BrowserContext, stub: StubTables) -> None:
    page = open_table(ctx, stub, "old1", viewers_turn("old1", version=5))
    stub.push("old1", {**claim_window("old1", version=4)})
    stub.push("old1", {"type": "refused", "error": "stale", "message": "The table moved on."})
    # the refusal came after the older frame: by then that frame was read and left alone
    expect(page.locator("#status")).to_have_text("The table moved on.")
    expect(page.locator("#table")).to_have_attribute("data-version", "5")
    expect(page.locator("#offer [data-face]")).to_have_count(0)
    expect(page.locator("#hand > button")).to_have_count(14)
    # the same version again is drawn (a reconnecting page gets the current one first)
    stub.push("old1", claim_window("old1", version=6))
    expect(page.locator("#table")).to_have_attribute("data-version", "6")
    expect(page.locator("#offer")).to_have_attribute("data-tile", "4m")


def test_the_standing_choices_are_toggles(ctx: BrowserContext, stub: StubTables) -> None:
    page = open_table(ctx, stub, "standing1", viewers_turn("standing1"))
    page.locator('button[data-standing="no_calls"]').tap()
    page.locator('button[data-standing="auto_win"]').tap()
    wait_for(lambda: len(stub.messages("standing1")) >= 2)
    assert stub.messages("standing1") == [
        {"type": "standing", "choice": "no_calls"},
        {"type": "standing", "choice": "auto_win"},
    ]
    # the page shows what the server says, not the tap
    expect(page.locator('button[data-standing="no_calls"]')).to_have_attribute("aria-pressed", "false")
    changed = viewers_turn("standing1", version=6)
    changed["standing"] = {"auto_win": False, "no_calls": True, "auto_discard": False}
    stub.push("standing1", changed)
    expect(page.locator('button[data-standing="no_calls"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('button[data-standing="auto_win"]')).to_have_attribute("aria-pressed", "false")


def test_a_hand_over_shows_its_result_and_every_hand(ctx: BrowserContext, stub: StubTables) -> None:
    page = open_table(ctx, stub, "over1", viewers_turn("over1"), hand_over("over1"))
    result = page.locator("#result")
    expect(result).to_have_attribute("data-winner", "E")
    expect(result).to_have_attribute("data-score", "96")
    expect(result).to_have_attribute("data-self-drawn", "true")
    expect(result.locator('[data-pattern="own_wind_pung"]')).to_have_text("Pung of own wind × 2")
    expect(result.locator('[data-pattern="concealed"]')).to_have_text("Concealed hand")
    expect(result).to_contain_text(text("web", "table.result.self_drawn", "en"))
    expect(result.locator('[data-wind="S"]')).to_have_attribute("data-amount", "-96")
    expect(result.locator('[data-wind="E"]')).to_contain_text("+192")
    expect(page.locator("#deadline")).to_have_count(0)
    expect(page.locator('[data-seat="W"] [data-hand] [data-face]')).to_have_count(13)
    expect(page.locator('[data-seat="E"] [data-meld]')).to_have_attribute("data-kind", "concealed-kong")
    expect(page.locator("#hand > button")).to_have_count(13)
    expect(page.locator("[data-turn]")).to_have_count(0)
    page.locator('button[data-action="next-hand"]').tap()
    wait_for(lambda: stub.messages("over1") == [{"type": "move", "action": "next-hand", "step": 9}])
    # won on South's discard
    shown = hand_over("over1", version=10)
    stub.push("over1", {**shown, "result": {**shown["result"], "self_drawn": False, "discarder": "S"}})
    expect(result).to_have_attribute("data-self-drawn", "false")
    expect(result).to_contain_text(text("web", "table.result.dealt_in", "en").replace("#", "Bea (South)"))
    # a drawn hand, then the match's end
    stub.push("over1", {**hand_over("over1", version=11), "result": {**hand_over("over1")["result"], "winner": None}})
    expect(result).to_have_attribute("data-winner", "")
    stub.push("over1", hand_over("over1", version=12, state="match-over"))
    expect(page.locator("#table")).to_have_attribute("data-state", "match-over")
    expect(page.locator("#match-end li")).to_have_count(4)
    expect(page.locator("#match-end li").first).to_have_attribute("data-wind", "E")
    expect(page.locator('button[data-action="next-hand"]')).to_have_count(0)
    # standalone, the same table again: its rules, as many computers, sent by a press (a form's POST)
    computers = sum(seat["kind"] == "computer" for seat in hand_over("over1")["seats"])
    again = page.locator("#match-end form.another")
    expect(again).to_have_attribute("method", "post")
    expect(again).to_have_attribute("action", "/table/new")
    fields = again.evaluate("form => Object.fromEntries(new FormData(form))")
    assert fields == {"rules": hand_over("over1")["rules"], "computers": str(computers)}
    expect(again.locator("button#new-match")).to_have_text(text("web", "table.new_match", "en"))


def test_hand_tiles_are_at_least_40_pixels_wide_on_a_small_phone(ctx: BrowserContext, stub: StubTables) -> None:
    page = open_table(ctx, stub, "phone1", viewers_turn("phone1"))
    tiles = page.locator("#hand > button")
    for index in range(14):
        box = tiles.nth(index).bounding_box()
        assert box is not None
        assert box["width"] >= 40, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    # nothing wider than the phone: no sideways scrolling
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # the seats fit beside one another
    for wind in "ESWN":
        box = page.locator(f'[data-seat="{wind}"]').bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360


def test_the_keyboard_reaches_the_discard(browser: Browser, stub: StubTables) -> None:
    desktop = browser.new_context(**DESKTOP, locale="en-GB")
    desktop.set_default_timeout(10_000)
    shown = viewers_turn("keys1")
    page = open_table(desktop, stub, "keys1", shown)
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.parentElement?.id === 'hand'"):
            break
    focused = page.locator("#hand > button:focus")
    expect(focused).to_have_attribute("data-face", HAND[0])
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#hand > button:focus")).to_have_attribute("data-face", HAND[2])
    page.keyboard.press("Enter")
    expect(hand_tile(page, 2)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#hand > button:focus")).to_have_attribute("data-face", HAND[2])
    page.keyboard.press("Space")
    wait_for(lambda: len(stub.messages("keys1")) >= 1)
    assert stub.messages("keys1") == [{"type": "move", "action": "discard", "tiles": "3m", "step": shown["step"]}]
    # every move button is a tab stop too
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset?.action === 'hint'"):
            break
    expect(page.locator("button:focus")).to_have_attribute("data-action", "hint")
    desktop.close()


def test_a_lost_socket_is_said_and_opened_again(ctx: BrowserContext, stub: StubTables) -> None:
    page = open_table(ctx, stub, "drop1", viewers_turn("drop1", version=5))
    stub.first["drop1"] = [claim_window("drop1", version=7)]
    stub.drop("drop1")
    expect(page.locator("#status")).to_have_text(text("web", "table.reconnecting", "en"))
    expect(page.locator("#table")).to_have_attribute("data-connection", "reconnecting")
    # the page comes back by itself, and draws the frame the server has now
    expect(page.locator("#table")).to_have_attribute("data-version", "7", timeout=15_000)
    expect(page.locator("#table")).to_have_attribute("data-connection", "open")
    expect(page.locator("#status")).to_have_text("")
    assert len(stub.opened["drop1"]) == 2


def test_the_page_speaks_the_asked_language(ctx: BrowserContext, stub: StubTables) -> None:
    stub.first["lang1"] = [viewers_turn("lang1")]
    page = ctx.new_page()
    page.goto(f"{stub.url}/table/lang1?lang=zh_TW")
    expect(page.locator("#table")).to_have_attribute("data-version", "5")
    assert stub.opened["lang1"] == ["lang=zh_TW"]
    expect(hand_tile(page, 0)).to_have_attribute("aria-label", tile_names("zh_TW")["1m"])
    expect(page.locator('button[data-action="discard"]')).to_have_text(text("web", "table.action.discard", "zh_TW"))


def test_in_the_activity_the_socket_first_says_hello_with_the_members_session(
    ctx: BrowserContext, stub: StubTables
) -> None:
    """In Discord (the fake client of tests/web/test_activity_page.py), the page signs in as the solitaire
    does, asks its words with the session, and the socket's first message is the session's hello; in
    the picture-in-picture window only the turn, the offer, the hand and the moves are left."""
    table = "activity1"
    stub.first[table] = [claim_window(table)]
    stub.word_sessions.clear()
    src = f"/table/{table}?frame_id=f-0001&instance_id={INSTANCE}&platform=mobile&guild_id={GUILD_ID}"
    page = ctx.new_page()
    page.goto(f"{stub.url}/discord.html?src={quote(src, safe='')}&code=fake-code")
    frame = page.frame_locator("#act")
    expect(frame.locator("#table")).to_have_attribute("data-version", "7")
    expect(frame.locator("#player")).to_have_attribute("data-member-id", MEMBER["id"])
    expect(frame.locator("#player-name")).to_have_text(MEMBER["name"])
    assert stub.word_sessions == [SESSION]
    frame.locator('button[data-action="pass"]').tap()
    wait_for(lambda: len(stub.messages(table)) >= 2)
    assert stub.messages(table) == [
        {"type": "hello", "session": SESSION, "instance": INSTANCE},
        {"type": "move", "action": "pass", "step": 7},
    ]
    # the invitation inside Discord is Discord's own invite dialog (SPEC §7.1)
    frame.locator("#invite").tap()
    wait_for(lambda: "OPEN_INVITE_DIALOG" in page.evaluate("window.__rpc.map((call) => call.cmd)"))
    page.evaluate("send({cmd: 'DISPATCH', evt: 'ACTIVITY_LAYOUT_MODE_UPDATE', nonce: null, data: {layout_mode: 1}})")
    expect(frame.locator("body")).to_have_attribute("data-layout", "pip")
    for hidden in ("h1", "#rules-name", "#wall", "#seats", "#log", "#standing"):
        expect(frame.locator(hidden)).to_be_hidden()
    for shown in ("#deadline", "#turn", "#offer", "#hand", "#moves"):
        expect(frame.locator(shown)).to_be_visible()


def test_a_spectator_sees_east_at_the_bottom_and_no_hand(ctx: BrowserContext, stub: StubTables) -> None:
    shown = viewers_turn("watch1")
    shown["viewer"] = "spectator"
    shown["seats"][1] = {key: value for key, value in shown["seats"][1].items() if key not in ("hand", "drawn")}
    shown["actions"] = []
    shown["standing"] = None
    page = open_table(ctx, stub, "watch1", shown)
    expect(page.locator("#table")).to_have_attribute("data-viewer", "spectator")
    expect(page.locator('[data-seat="E"]')).to_have_attribute("data-position", "bottom")
    expect(page.locator('[data-seat="S"]')).to_have_attribute("data-position", "right")
    expect(page.locator('[data-seat="W"]')).to_have_attribute("data-position", "top")
    expect(page.locator('[data-seat="N"]')).to_have_attribute("data-position", "left")
    expect(page.locator("#hand > button")).to_have_count(0)
    expect(page.locator("#moves button")).to_have_count(0)
    expect(page.locator("#standing")).to_be_hidden()
    expect(page.locator("#prompt")).to_have_text(text("web", "table.spectator", "en"))


def test_the_family_host_picks_who_starts(ctx: BrowserContext, stub: StubTables) -> None:
    shown = lobby("family1")
    shown["rules"] = "family"
    shown["actions"] = [{"action": "first", "seat": wind} for wind in ("E", "S")] + [{"action": "start"}]
    page = open_table(ctx, stub, "family1", shown)
    expect(page.locator("#table")).to_have_attribute("data-rules", "family")
    first = page.locator('button[data-action="first"]')
    expect(first).to_have_count(2)
    expect(first.nth(1)).to_have_attribute("data-chair", "S")
    expect(first.nth(1)).to_contain_text("Bot 1")
    first.nth(1).tap()
    wait_for(lambda: stub.messages("family1") == [{"type": "move", "action": "first", "seat": "S", "step": 1}])

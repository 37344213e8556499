"""The page as a Discord Activity, in a real browser, with Discord's real Embedded App SDK (the bundle
``web/static/discord-<hash>.js``): a fake Discord parent frame, served from the page's own origin (the
SDK accepts frames from its own origin), embeds the game
page in an iframe with Discord's query parameters and answers the SDK's handshake and its
``AUTHORIZE`` / ``AUTHENTICATE`` commands as Discord's client does.

The page's server is the real one (``web.app.create_app``, the same as tests/web/test_page.py) behind a
small front application on the same port that stands in for the backend's three Activity routes
(``GET /api/activity``, ``POST /api/activity/token``, ``POST /api/activity/session``, stubbed to the
contract's answers), records every API call with its ``X-Mahjong-Session`` and ``X-Mahjong-Instance``
headers, and forwards the game's calls to the real server without them (so the real server plays the
front's own cookie: what is checked here is the page's side of the contract). The front also sends the
Content-Security-Policy proposed for the Activity (``ACTIVITY_CSP``, its ``frame-ancestors`` the test's
origin instead of Discord's) and drops the standalone page's ``X-Frame-Options: DENY``, so an
external request or an inline script in the page would fail here as it would in Discord."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from core.events import Events
from core.settings import origin_of
from core.solitaire.events import SolitaireChanged
from core.solitaire.service import SolitaireService
from data.broadcast import MemoryBroadcast
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.solitaire.deal import deal_for_seed
from tests.web.browser import DESKTOP, PHONE, chromium_path
from web.page import ACTIVITY_FRAME_ANCESTORS, PAGE_POLICY

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra)")
if chromium_path() is None:
    pytest.skip("Debian's chromium is not installed (.ci/run installs it)", allow_module_level=True)

from aiohttp import ClientSession, DummyCookieJar, web  # noqa: E402
from multidict import CIMultiDict  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, FrameLocator, Page, expect  # noqa: E402

pytestmark = pytest.mark.e2e

SEED = 4

SESSION_HEADER = "X-Mahjong-Session"
INSTANCE_HEADER = "X-Mahjong-Instance"
CLIENT_ID = "1234567890123456789"
CODE = "fake-code"
ACCESS_TOKEN = "fake-access-token"
SESSION = "signed.session.value"
INSTANCE = "i-1276580072400224306-gc-912952092627435520-912954213460484116"
MEMBER = {"id": "424242424242424242", "name": "Mei Ling"}
GUILD_ID = "912952092627435520"

# The policy proposed for the page in the Activity (the report of issue 25's page slice): its own
# files and API only, no inline script or style, no plug-ins; framed by Discord alone (here: the test's
# fake Discord, on the page's own origin).
ACTIVITY_CSP = PAGE_POLICY + "; frame-ancestors {ancestors}"  # the server's own, framed by the test
DISCORD_ANCESTORS = "https://discord.com https://*.discord.com https://*.discordsays.com"

# The fake Discord client: the SDK's frames answered as Discord's client answers them; every frame the page
# sends is kept in window.__rpc. Its own query: `src` (the Activity's URL), `code` (what AUTHORIZE gives).
HARNESS = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>fake Discord</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>html, body { margin: 0; height: 100%; } iframe { border: 0; width: 100%; height: 100%; display: block; }</style>
</head>
<body>
<script>
const asked = new URLSearchParams(location.search);
const act = document.createElement("iframe");
act.id = "act";
act.title = "Activity";
window.__rpc = [];
const user = {id: "__MEMBER_ID__", username: "meiling", discriminator: "0", global_name: "__MEMBER_NAME__",
              avatar: null, public_flags: 0, bot: false};
const send = (payload) => act.contentWindow.postMessage([1, payload], location.origin);
addEventListener("message", (event) => {
  if (event.source !== act.contentWindow) return;
  const [op, body] = event.data;
  if (op === 0) {  // HANDSHAKE
    window.__rpc.push({cmd: "HANDSHAKE", args: body});
    return send({cmd: "DISPATCH", evt: "READY", nonce: null, data: {v: 1, config: {
      api_endpoint: "//discord.com/api", environment: "production", cdn_host: "cdn.discordapp.com"}}});
  }
  if (op !== 1) return;
  window.__rpc.push({cmd: body.cmd, args: body.args, evt: body.evt});
  const reply = (data) => send({cmd: body.cmd, evt: null, nonce: body.nonce, data});
  switch (body.cmd) {
    case "AUTHORIZE": return reply({code: asked.get("code")});
    case "AUTHENTICATE": return reply({access_token: body.args.access_token, user, scopes: ["identify"],
      expires: new Date(Date.now() + 6048e5).toISOString(),
      application: {id: "__CLIENT_ID__", name: "Mahjong", description: ""}});
    default: return reply(null);  // CAPTURE_LOG, SET_ORIENTATION_LOCK_STATE, …
  }
});
act.src = asked.get("src");
document.body.append(act);
</script>
</body>
</html>
"""
for _placeholder, _value in {
    "__MEMBER_ID__": MEMBER["id"],
    "__MEMBER_NAME__": MEMBER["name"],
    "__CLIENT_ID__": CLIENT_ID,
}.items():
    HARNESS = HARNESS.replace(_placeholder, _value)


class ActivityServer:
    """The real page server on one loopback port, and in front of it, on another, the fake Discord's
    frame, the stubbed Activity routes and the forwarding of everything else (one thread, one loop)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.url = ""
        # (method, path with query, session header, instance header) of every /api/ call, in order
        self.calls: list[tuple[str, str, str | None, str | None]] = []
        self.activity_bodies: list[dict[str, Any]] = []

    def __enter__(self) -> ActivityServer:
        self.thread.start()
        self.url = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(timeout=30)
        return self

    async def _start(self) -> str:
        from web.app import create_app

        self.store = await SqliteLiveStore.open(self.folder / "live.sqlite3")
        self.ledger = await SqliteSolitaireLedger.open(self.folder / "ledger.sqlite3")
        events = Events(MemoryBroadcast())
        service = SolitaireService(self.store, self.ledger, time.time, events)
        events.subscribe(SolitaireChanged, service.record_ended)
        self.client = ClientSession(cookie_jar=DummyCookieJar())

        front = web.Application()
        front.router.add_get("/discord.html", self.harness)
        front.router.add_get("/api/activity", self.get_activity)
        front.router.add_post("/api/activity/token", self.post_token)
        front.router.add_post("/api/activity/session", self.post_session)
        front.router.add_route("*", "/{tail:.*}", self.forward)
        self.front = web.AppRunner(front)
        await self.front.setup()
        await web.TCPSite(self.front, "127.0.0.1", 0).start()
        host, port = self.front.addresses[0][:2]
        front_url = f"http://{host}:{port}"

        # the browser's pages come from the front, a proxy of the page's server: one of its origins, as
        # PUBLIC_URL or WEB_ORIGINS names a deployment's proxy (docs/web.md, "Whose pages may change something")
        front_origin = origin_of(front_url)
        assert front_origin is not None
        app = create_app(service, self.ledger, self.store, time.time, origins=(front_origin,))
        self.backend = web.AppRunner(app)
        await self.backend.setup()
        await web.TCPSite(self.backend, "127.0.0.1", 0).start()
        host, port = self.backend.addresses[0][:2]
        self.backend_url = f"http://{host}:{port}"
        return front_url

    async def _stop(self) -> None:
        await self.client.close()
        await self.front.cleanup()
        await self.backend.cleanup()
        await self.ledger.close()
        await self.store.close()

    def __exit__(self, *_: object) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self.loop).result(timeout=30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)

    def clear(self) -> None:
        self.calls.clear()
        self.activity_bodies.clear()

    def _record(self, request: web.Request) -> None:
        self.calls.append(
            (request.method, request.path_qs, request.headers.get(SESSION_HEADER), request.headers.get(INSTANCE_HEADER))
        )

    # --- the fake Discord's frame and the stubbed Activity routes (the contract's answers) ---------------

    async def harness(self, _: web.Request) -> web.Response:
        return web.Response(text=HARNESS, content_type="text/html")

    async def get_activity(self, request: web.Request) -> web.Response:
        self._record(request)
        return web.json_response({"client_id": CLIENT_ID})

    async def post_token(self, request: web.Request) -> web.Response:
        self._record(request)
        body = await request.json()
        self.activity_bodies.append(body)
        if body != {"code": CODE}:
            return web.json_response(
                {"error": "activity_denied", "message": "Discord did not confirm who you are."}, status=403
            )
        return web.json_response({"access_token": ACCESS_TOKEN})

    async def post_session(self, request: web.Request) -> web.Response:
        self._record(request)
        body = await request.json()
        self.activity_bodies.append(body)
        if body != {"access_token": ACCESS_TOKEN, "instance_id": INSTANCE}:
            return web.json_response({"error": "activity_denied", "message": "Not in this instance."}, status=403)
        return web.json_response({"session": SESSION, "member": MEMBER, "guild_id": GUILD_ID})

    # --- everything else: the real server ----------------------------------------------------------------

    async def forward(self, request: web.Request) -> web.StreamResponse:
        if request.path.startswith("/api/"):
            self._record(request)
            shown = request.headers.get(SESSION_HEADER)
            if shown is not None and (shown != SESSION or request.headers.get(INSTANCE_HEADER) != INSTANCE):
                return web.json_response({"error": "bad_session", "message": "bad session"}, status=403)
        headers = CIMultiDict(request.headers)
        for name in ("Host", "Content-Length", "Transfer-Encoding", SESSION_HEADER, INSTANCE_HEADER):
            headers.popall(name, None)
        headers["Host"] = request.host  # the name the browser reached, as a proxy forwards it
        async with self.client.request(
            request.method,
            self.backend_url + request.path_qs,
            headers=headers,
            data=await request.read(),
            allow_redirects=False,
        ) as answer:
            body = await answer.read()
            out = CIMultiDict(answer.headers)
            for name in ("Content-Length", "Content-Encoding", "Transfer-Encoding", "X-Frame-Options"):
                out.popall(name, None)
        out["Content-Security-Policy"] = ACTIVITY_CSP.format(ancestors="'self'")
        return web.Response(status=answer.status, body=body, headers=out)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ActivityServer]:
    with ActivityServer(tmp_path_factory.mktemp("activity")) as running:
        yield running


class Watched:
    """A browser context with every request and every console message of its pages kept."""

    def __init__(self, browser: Browser, kind: dict[str, Any]) -> None:
        self.context: BrowserContext = browser.new_context(**kind, locale="en-GB")
        self.context.set_default_timeout(10_000)
        self.requests: list[str] = []
        self.console: list[str] = []
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.context.on("console", lambda message: self.console.append(message.text))

    def page(self) -> Page:
        return self.context.new_page()

    def close(self) -> None:
        self.context.close()


def activity_url(server: ActivityServer, query: str, *, platform: str, code: str = CODE) -> str:
    src = (
        f"/?{query}&frame_id=f-0001&instance_id={INSTANCE}&platform={platform}"
        f"&guild_id={GUILD_ID}&channel_id=912954213460484116"
    )
    return f"{server.url}/discord.html?src={quote(src, safe='')}&code={quote(code)}"


def open_activity(watched: Watched, server: ActivityServer, query: str, *, platform: str) -> tuple[Page, FrameLocator]:
    page = watched.page()
    page.goto(activity_url(server, query, platform=platform))
    frame = page.frame_locator("#act")
    expect(frame.locator("#board")).to_have_attribute("data-state", "playing")
    return page, frame


def rpc(page: Page) -> list[dict[str, Any]]:
    frames: list[dict[str, Any]] = page.evaluate("window.__rpc")
    return frames


def tile(frame: FrameLocator, tile_id: int) -> Any:
    return frame.locator(f'#board button[data-tile-id="{tile_id}"]')


def check_no_csp_refusal(watched: Watched, server: ActivityServer) -> None:
    assert not [text for text in watched.console if "Content Security Policy" in text], watched.console
    assert all(url.startswith(server.url) or url.startswith("data:") for url in watched.requests), watched.requests


def test_the_activity_on_a_phone_authorizes_plays_with_the_session_and_offers_no_pseudonym(
    browser: Browser, server: ActivityServer
) -> None:
    server.clear()
    watched = Watched(browser, PHONE)
    page, frame = open_activity(watched, server, f"mode=free&seed={SEED}", platform="mobile")

    # the member as the server named them, no pseudonym form
    expect(frame.locator("#player-name")).to_have_text(MEMBER["name"])
    expect(frame.locator("#player")).to_be_visible()
    expect(frame.locator("#player")).to_have_attribute("data-member-id", MEMBER["id"])
    expect(frame.locator("#name-form")).to_be_hidden()

    # the SDK's flow: handshake with the client id our server gave, the portrait lock on a phone,
    # authorize for `identify` only, authenticate with the token our server exchanged the code for
    frames = rpc(page)
    commands = [sent["cmd"] for sent in frames if sent["cmd"] != "CAPTURE_LOG"]
    assert commands[0] == "HANDSHAKE" and frames[0]["args"]["client_id"] == CLIENT_ID
    assert frames[0]["args"]["frame_id"] == "f-0001"
    assert commands.index("AUTHORIZE") < commands.index("AUTHENTICATE")
    authorize = next(sent["args"] for sent in frames if sent["cmd"] == "AUTHORIZE")
    assert authorize == {
        "client_id": CLIENT_ID,
        "response_type": "code",
        "state": "",
        "prompt": "none",
        "scope": ["identify"],
    }
    authenticate = next(sent["args"] for sent in frames if sent["cmd"] == "AUTHENTICATE")
    assert authenticate == {"access_token": ACCESS_TOKEN}
    orientation = next(sent["args"] for sent in frames if sent["cmd"] == "SET_ORIENTATION_LOCK_STATE")
    assert orientation["lock_state"] == 2  # PORTRAIT

    # our server's routes in the contract's order, then every game call with the session of that instance
    paths = [(method, path.split("?")[0]) for method, path, _, _ in server.calls]
    assert paths[:3] == [
        ("GET", "/api/activity"),
        ("POST", "/api/activity/token"),
        ("POST", "/api/activity/session"),
    ]
    assert server.activity_bodies == [
        {"code": CODE},
        {"access_token": ACCESS_TOKEN, "instance_id": INSTANCE},
    ]
    assert {"/api/words", "/api/game", "/api/leaderboard"} <= {path for _, path in paths[3:]}

    # a pair taken by taps in the iframe, shown once the server took it
    first, second = deal_for_seed(SEED).solution[0]
    tile(frame, first).tap()
    expect(tile(frame, first)).to_have_attribute("aria-pressed", "true")
    tile(frame, second).tap()
    expect(tile(frame, first)).to_have_count(0)
    expect(tile(frame, second)).to_have_count(0)
    expect(frame.locator("#pairs")).to_have_attribute("data-pairs", "1")

    # a game over offers no pseudonym either: the name is the member's
    finish = frame.locator('button[data-action="finish"]')
    finish.tap()
    expect(finish).to_have_attribute("data-confirm", "true")
    finish.tap()
    expect(frame.locator("#board")).to_have_attribute("data-state", "finished")
    expect(frame.locator("#leaderboard")).to_have_attribute("data-board", "free")
    expect(frame.locator("#name-form")).to_be_hidden()

    game_calls = [call for call in server.calls if not call[1].startswith("/api/activity")]
    assert any(path.startswith("/api/move") for _, path, _, _ in game_calls)
    assert all(shown == SESSION and instance == INSTANCE for _, _, shown, instance in game_calls), game_calls

    # the board fits the phone's frame; the Activity's code was the only extra file, no request left the origin
    box = frame.locator("#board").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    assert [url for url in watched.requests if "/static/discord-" in url]
    check_no_csp_refusal(watched, server)
    watched.close()


def test_the_activity_on_a_desktop_plays_by_the_keyboard_and_its_links_stay_in_discord(
    browser: Browser, server: ActivityServer
) -> None:
    server.clear()
    watched = Watched(browser, DESKTOP)
    page, frame = open_activity(watched, server, f"mode=free&seed={SEED}", platform="desktop")
    expect(frame.locator("#player-name")).to_have_text(MEMBER["name"])
    expect(frame.locator("a[data-table-link]")).to_be_hidden()  # in Discord, a thread's Activity is its table
    assert "SET_ORIENTATION_LOCK_STATE" not in [sent["cmd"] for sent in rpc(page)]

    # arrows and Enter inside the board, as standalone; the board is one tab stop, so Tab leaves it
    stop = frame.locator('#board button[tabindex="0"]')
    stop.focus()
    before = stop.get_attribute("data-tile-id")
    page.keyboard.press("ArrowRight")
    focused = frame.locator("#board button:focus")
    expect(focused).to_have_attribute("data-free", "true")
    assert focused.get_attribute("data-tile-id") != before
    page.keyboard.press("Tab")
    assert frame.locator("#board").evaluate("board => !board.contains(document.activeElement)")
    first, second = deal_for_seed(SEED).solution[0]
    tile(frame, first).focus()
    page.keyboard.press("Enter")
    expect(tile(frame, first)).to_have_attribute("aria-pressed", "true")
    tile(frame, second).focus()
    with page.expect_response(lambda response: response.url.endswith("/api/move")):
        page.keyboard.press("Enter")
    expect(tile(frame, second)).to_have_count(0)

    # a mode link keeps Discord's parameters (else the page would load standalone inside Discord)
    daily = frame.locator('a[data-mode-link="daily"]')
    href = daily.get_attribute("href") or ""
    assert href.startswith("?mode=daily&") and f"instance_id={INSTANCE}" in href and "frame_id=f-0001" in href
    game_calls = [call for call in server.calls if not call[1].startswith("/api/activity")]
    assert game_calls and all(shown == SESSION for _, _, shown, _ in game_calls)
    check_no_csp_refusal(watched, server)
    watched.close()


def layout(page: Page, mode: int) -> None:
    """Discord's client tells the Activity its layout: 0 its whole view, 1 the picture-in-picture window."""
    page.evaluate(
        "mode => send({cmd: 'DISPATCH', evt: 'ACTIVITY_LAYOUT_MODE_UPDATE', nonce: null, data: {layout_mode: mode}})",
        mode,
    )


def test_the_small_window_shows_the_board_alone_with_the_clock_stopped_until_the_whole_view_is_back(
    browser: Browser, server: ActivityServer
) -> None:
    server.clear()
    watched = Watched(browser, PHONE)
    page, frame = open_activity(watched, server, f"mode=free&seed={SEED}", platform="mobile")
    subscribed = [sent["evt"] for sent in rpc(page) if sent["cmd"] == "SUBSCRIBE"]
    assert subscribed == ["ACTIVITY_LAYOUT_MODE_UPDATE"]
    board = frame.locator("#board")
    first, second = deal_for_seed(SEED).solution[0]
    tile(frame, first).tap()
    tile(frame, second).tap()
    expect(frame.locator("#pairs")).to_have_attribute("data-pairs", "1")

    with page.expect_response(lambda response: response.url.endswith("/api/move")) as paused:
        layout(page, 1)
    assert paused.value.request.post_data_json["move"] == "pause"
    expect(board).to_have_attribute("data-state", "paused")
    expect(frame.locator("body")).to_have_attribute("data-layout", "pip")
    expect(board).to_be_visible()
    for hidden in (".controls", ".bar", ".side"):
        expect(frame.locator(hidden)).to_be_hidden()
    seconds = frame.locator("#clock").get_attribute("data-seconds")
    page.wait_for_timeout(1200)
    expect(frame.locator("#clock")).to_have_attribute("data-seconds", seconds or "")

    with page.expect_response(lambda response: response.url.endswith("/api/move")) as resumed:
        layout(page, 0)
    assert resumed.value.request.post_data_json["move"] == "resume"
    expect(board).to_have_attribute("data-state", "playing")
    expect(frame.locator("body")).to_have_attribute("data-layout", "focused")
    expect(frame.locator(".controls")).to_be_visible()
    # a pause the member chose stays theirs: the small window and back do not resume it
    frame.locator('button[data-action="pause"]').tap()
    expect(board).to_have_attribute("data-state", "paused")
    layout(page, 1)
    layout(page, 0)
    expect(frame.locator(".controls")).to_be_visible()
    page.wait_for_timeout(300)
    expect(board).to_have_attribute("data-state", "paused")
    check_no_csp_refusal(watched, server)
    watched.close()


def test_an_activity_the_server_refuses_says_why_and_plays_nothing(browser: Browser, server: ActivityServer) -> None:
    server.clear()
    watched = Watched(browser, PHONE)
    page = watched.page()
    page.goto(activity_url(server, "mode=daily", platform="mobile", code="a-code-discord-never-gave"))
    frame = page.frame_locator("#act")
    expect(frame.locator("#status")).to_have_text("Discord did not confirm who you are.")
    expect(frame.locator("#board")).to_have_attribute("data-state", "loading")
    expect(frame.locator("#player")).to_be_hidden()
    assert "AUTHENTICATE" not in [sent["cmd"] for sent in rpc(page)]
    # A game call of this page would carry no session (none was given); a call with one is a late one of
    # the test before (a page closing sends its pause), which clear() may not have seen yet.
    played = [path for _, path, session, _ in server.calls if session is None]
    assert not [path for path in played if path.startswith(("/api/game", "/api/move", "/api/new"))]
    watched.close()


def test_the_standalone_page_loads_no_sdk_and_sends_no_session(browser: Browser, server: ActivityServer) -> None:
    server.clear()
    watched = Watched(browser, PHONE)
    page = watched.page()
    page.goto(f"{server.url}/?mode=free&seed={SEED}")
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    expect(page.locator("#player")).to_be_hidden()
    expect(page.locator('a[data-mode-link="daily"]')).to_have_attribute("href", "/?mode=daily")
    # a table against three computers, one tap away
    expect(page.locator("a[data-table-link]")).to_have_attribute("href", "/table/new?rules=hongkong&computers=3")
    first, second = deal_for_seed(SEED).solution[0]
    page.locator(f'#board button[data-tile-id="{first}"]').tap()
    page.locator(f'#board button[data-tile-id="{second}"]').tap()
    expect(page.locator(f'#board button[data-tile-id="{second}"]')).to_have_count(0)
    assert not [url for url in watched.requests if "/static/discord-" in url], watched.requests
    assert server.calls and not [call for call in server.calls if call[1].startswith("/api/activity")]
    assert all(shown is None and instance is None for _, _, shown, instance in server.calls)
    check_no_csp_refusal(watched, server)
    watched.close()


def test_the_csp_for_discord_names_discord_as_the_only_framer() -> None:
    assert f"frame-ancestors 'self' {DISCORD_ANCESTORS}" == ACTIVITY_FRAME_ANCESTORS
    policy = ACTIVITY_CSP.format(ancestors=DISCORD_ANCESTORS)
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'" and "unsafe" not in policy
    assert directives["frame-ancestors"] == DISCORD_ANCESTORS
    # the page has no inline script or handler for it to refuse
    html = (Path(__file__).resolve().parents[2] / "web" / "static" / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts and all(" src=" in script for script in scripts)
    assert not re.search(r"\son[a-z]+=", html) and "style=" not in html


class RealActivityServer:
    """The page's server with its real Activity routes (``create_app(..., activity=...)``) against the
    fake Discord (``tests/fakediscord``), the fake Discord's frame mounted beside them on the same origin."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> RealActivityServer:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(timeout=30)
        return self

    async def _start(self) -> None:
        from tests.fakediscord import FakeDiscord
        from web.activity import ActivityConfig
        from web.app import create_app

        self.fake = FakeDiscord()
        await self.fake.__aenter__()
        self.fake.enable_activities()
        self.guild = self.fake.add_guild(name="Club")
        self.alice = self.fake.add_member(self.guild, name="alice", global_name="Alice")
        self.store = await SqliteLiveStore.open(self.folder / "live.sqlite3")
        self.ledger = await SqliteSolitaireLedger.open(self.folder / "ledger.sqlite3")
        events = Events(MemoryBroadcast())
        service = SolitaireService(self.store, self.ledger, time.time, events)
        events.subscribe(SolitaireChanged, service.record_ended)
        config = ActivityConfig(
            self.fake.client_id,
            self.fake.client_secret,
            self.fake.token,
            f"http://{self.fake.host}:{self.fake.port}/api/v10",
        )
        app = create_app(service, self.ledger, self.store, time.time, activity=config)
        app.router.add_get("/discord.html", self.harness)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", 0).start()
        host, port = self.runner.addresses[0][:2]
        self.url = f"http://{host}:{port}"

    async def harness(self, _: web.Request) -> web.Response:
        text = HARNESS.replace(MEMBER["id"], str(self.alice.id)).replace(MEMBER["name"], "Alice")
        # The fake Discord client is the test's own page, with inline script and style: not the game's policy.
        inline = "'self' 'unsafe-inline'"
        policy = {"Content-Security-Policy": f"default-src 'self'; script-src {inline}; style-src {inline}"}
        text = text.replace(CLIENT_ID, str(self.fake.client_id))
        return web.Response(text=text, content_type="text/html", headers=policy)

    def launch(self) -> tuple[str, str]:
        """Alice joins an Activity in the server's text channel: the instance and Discord's code for her."""

        async def joined() -> tuple[str, str]:
            instance = self.fake.join_activity(self.alice, self.guild.text_channel)
            return instance.id, self.fake.authorize(self.alice)

        return asyncio.run_coroutine_threadsafe(joined(), self.loop).result(timeout=10)

    async def _stop(self) -> None:
        await self.runner.cleanup()
        await self.ledger.close()
        await self.store.close()
        await self.fake.__aexit__(None, None, None)

    def __exit__(self, *_: object) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self.loop).result(timeout=30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


def test_the_activity_against_the_real_routes_and_the_fake_discord(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    with RealActivityServer(tmp_path_factory.mktemp("real-activity")) as real:
        instance, code = real.launch()
        watched = Watched(browser, PHONE)
        page = watched.page()
        src = (
            f"/?mode=free&seed={SEED}&frame_id=f-0002&instance_id={instance}&platform=mobile"
            f"&guild_id={real.guild.id}&channel_id={real.guild.text_channel.id}"
        )
        sent: list[dict[str, str]] = []
        page.on("request", lambda request: sent.append({"url": request.url, **request.headers}))
        page.goto(f"{real.url}/discord.html?src={quote(src, safe='')}&code={quote(code)}")
        frame = page.frame_locator("#act")
        expect(frame.locator("#board")).to_have_attribute("data-state", "playing")
        expect(frame.locator("#player-name")).to_have_text("Alice")
        expect(frame.locator("#name-form")).to_be_hidden()
        first, second = deal_for_seed(SEED).solution[0]
        tile(frame, first).tap()
        tile(frame, second).tap()
        expect(tile(frame, second)).to_have_count(0)
        expect(frame.locator("#pairs")).to_have_attribute("data-pairs", "1")
        assert [call for call in real.fake.calls if call.route == "/oauth2/token"]
        game_calls = [r for r in sent if "/api/" in r["url"] and "/api/activity" not in r["url"]]
        assert game_calls and all(
            r.get("x-mahjong-session") and r.get("x-mahjong-instance") == instance for r in game_calls
        )
        assert real.fake.violations == []
        watched.close()
